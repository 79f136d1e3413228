"""The battle overlay: a drop replayed from the frames the simulation recorded, then the tray.

The engine has already resolved the drop when this overlay opens; the overlay replays
``record.result.extra["frames"]`` (the poses the physics computed, 60 frames per simulated
second at 1x, i.e. real speed), plays the knocks recorded with them, and explains the result
from the drop's numbers (:func:`side_tallies`, :func:`decide_outcome`), never from log text.
It never touches the game: Continue pops it and the scene below carries on.

Timeline: a short build-up shows the cubes about to be poured, grouped by side; they glide
into the funnel row by row as the simulation pours them; the fall plays at real speed; cubes
out slide into the tray; the result appears beside the tower.

Keys: Space / Enter / Escape skip to the result (then continue), - and + (or Left / Right)
change the speed (remembered in the settings). X-ray is a table option chosen at game start.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from shogun_desktop.rules.engine import DropRecord
from shogun_desktop.tower.geometry import TowerGeometry, load_geometry
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.battle_report import (
    Outcome,
    SideTally,
    decide_outcome,
    outcome_of,
    plural,
    released_by_colour,
    side_tallies,
    title_of,
)
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.sound import CuePlayer, knock_schedule
from shogun_desktop.ui.tower_view import Replay, TowerView, blit_cube, static_tray
from shogun_desktop.ui.widgets import (
    Button,
    Choice,
    Option,
    Panel,
    Widget,
    WidgetGroup,
    wrap_text,
)

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
FARMERS = th.FARMERS
CONTINUE_GUARD = 0.25  # s after the result appears before a key may close it (key repeat)
BUILDUP_SECONDS = 0.9  # the cubes shown waiting before the first row is poured (at 1x)
HOW_IT_WORKS = ("Only the cubes that come out into the tray count. Cubes stuck inside from "
                "earlier battles can be knocked loose: they come out too and count for their "
                "colour. Whatever stays inside may fall out in a later battle.")

__all__ = ["SPEEDS", "BattleOverlay", "Outcome", "SideTally", "decide_outcome", "outcome_of",
           "released_by_colour", "side_tallies", "title_of"]

_geometry_cache: dict[str, TowerGeometry] = {}
_view_cache: dict[tuple[int, tuple[int, int, int, int]], tuple[TowerGeometry, TowerView]] = {}


def tower_view_for(geometry: TowerGeometry, rect: pygame.Rect) -> TowerView:
    """The tower view for ``geometry`` in ``rect``, kept between battles: its wood and plastic
    are drawn once per window session, not at every battle."""
    key = (id(geometry), (rect.x, rect.y, rect.w, rect.h))
    hit = _view_cache.get(key)
    if hit is not None and hit[0] is geometry:
        return hit[1]
    if len(_view_cache) > 4:
        _view_cache.clear()
    view = TowerView(geometry.segments, rect, cube_size=geometry.cube.size)
    _view_cache[key] = (geometry, view)
    return view


def _default_geometry() -> TowerGeometry:
    geo = _geometry_cache.get("default")
    if geo is None:
        geo = _geometry_cache["default"] = load_geometry()
    return geo


def _speed_label(speed: float) -> str:
    return f"{speed:g}×"


# ------------------------------------------------------------------------- the overlay
class BattleOverlay(Scene):
    """Replays one drop on a full-screen card, then shows the tray and the outcome.

    ``colours`` names the sides: player colour -> display name (default: the colour's name;
    farmers are "Farmers"). ``geometry`` is the tower the drop ran in (default: the default
    tower file). ``xray`` is the table option: held cubes are shown in colour. ``on_close``
    runs after Continue popped the overlay.
    """

    opaque = True  # the card fills the screen: the table below need not be drawn every frame

    def __init__(
        self,
        app: App,
        record: DropRecord,
        colours: Mapping[str, str] | None = None,
        *,
        geometry: TowerGeometry | None = None,
        xray: bool = False,
        on_close: Callable[[], None] | None = None,
        auto_close: bool = False,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.names = dict(colours or {})
        self.on_close = on_close
        self.xray = bool(xray)
        self.geometry = geometry if geometry is not None else _default_geometry()
        cw, ch = app.logical_size
        self.card = pygame.Rect(16, 12, cw - 32, ch - 24)
        tower_rect = pygame.Rect(self.card.x + 10, self.card.y + 10, 700, self.card.h - 20)
        self.view = tower_view_for(self.geometry, tower_rect)
        if self.view.emblem is None:
            self.view.set_emblem(app.theme.fonts.kanji(
                "将軍", max(12, round(self.view.scale * 1.8)), (70, 40, 20)))
        self.side_x = tower_rect.right + 36
        self.side_w = self.card.right - 40 - self.side_x
        frames = record.result.extra.get("frames") or []
        cube_colours = dict(record.result.extra.get("colours") or {})
        for cube in record.result.held:
            cube_colours.setdefault(cube.id, cube.colour)
        self.cube_colours = cube_colours
        sim = self.geometry.simulation
        self.frames_per_second = sim.steps_per_second / sim.steps_per_frame
        impacts = record.result.extra.get("impacts") or ()
        self.replay = (Replay(frames, cube_colours, self.view, groups=self.sides(),
                              buildup_frames=round(BUILDUP_SECONDS * self.frames_per_second),
                              impacts=impacts) if frames else None)
        self.static_pile = static_tray(record.result.out, self.view) if not frames else []
        self.position = float(self.replay.start) if self.replay is not None else 0.0
        speed = flow.speed(app.prefs)
        self.speed = speed if speed in SPEEDS else 1.0
        self.auto_close = auto_close  # a computer drop closing itself (see ui.flow)
        self.finished = self.replay is None
        self.result_time = 0.0
        labels = {c: label for c, label, *_ in self.tray_rows()}
        self.tallies = side_tallies(record, [r[0] for r in self.tray_rows()], labels)
        self.outcome = outcome_of(record, self.name_of)
        self.cues = CuePlayer(app.audio, knock_schedule(
            impacts, landings=self.replay.landings() if self.replay else (),
            x_range=(self.view.bounds[0], self.view.bounds[2]),
            fps=round(self.frames_per_second))) if self.replay is not None else None
        self.ui = WidgetGroup()
        self._wrapped: dict[tuple[str, int, int], list[str]] = {}
        self._rebuild()

    # ---------------------------------------------------------------- model
    @property
    def index(self) -> int:
        """The frame index shown now (replay.start .. replay.length; negative: build-up)."""
        return int(self.position // 1)

    @property
    def current_frame(self):
        return self.replay.frame_at(self.index) if self.replay is not None else None

    def name_of(self, colour: str | None) -> str:
        if colour is None:
            return "?"
        if colour == FARMERS:
            return self.names.get(colour, "Farmers")
        return self.names.get(colour, colour.title())

    def sides(self) -> list[str]:
        """The colours that fight, attacker first (setup: every colour poured)."""
        r = self.record
        if r.kind == "setup" or r.attacker is None:
            present = set(r.dropped) | set(r.result.out)
            order = [c for c in (*th.PLAYER_ORDER, FARMERS) if c in present]
            return order + sorted(present - set(order))
        sides = [r.attacker]
        if r.defender is not None and r.defender != r.attacker:
            sides.append(r.defender)
        if FARMERS not in sides and (r.result.out.get(FARMERS) or r.dropped.get(FARMERS)):
            sides.append(FARMERS)
        return sides

    def role(self, colour: str) -> str:
        r = self.record
        if r.kind == "setup":
            return ""
        if colour == r.attacker:
            return "revolt" if r.kind == "revolt" else "attacker"
        if colour == r.defender:
            return "defender"
        if colour == FARMERS and r.kind == "battle" and not r.farmers_fight:
            return "not fighting: revolt marker"
        if colour == FARMERS:
            return "with the defender"
        return ""

    def tray_rows(self) -> list[tuple[str, str, int, int]]:
        """(colour, label, out, poured) per side; then one row per other colour in the tray."""
        r = self.record
        rows = []
        sides = self.sides()
        for c in sides:
            role = self.role(c)
            label = self.name_of(c) + (f" ({role})" if role else "")
            rows.append((c, label, r.result.out.get(c, 0), r.dropped.get(c, 0)))
        for c, n in sorted(r.result.out.items()):
            if c not in sides and n:
                rows.append((c, f"{self.name_of(c)} (not in this battle)", n,
                             r.dropped.get(c, 0)))
        return rows

    # ---------------------------------------------------------------- actions
    def set_speed(self, speed: float) -> None:
        if speed in SPEEDS:
            self.speed = speed
            self.app.prefs.set("tower.speed", speed)
            self._rebuild()

    def faster(self, step: int = 1) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))])

    def skip(self) -> None:
        """Jump to the end of the drop and show the result."""
        if self.replay is not None:
            self.position = float(self.replay.length)
        if self.cues is not None:
            self.cues.finish()
        if not self.finished:
            self.finished = True
            self.result_time = 0.0
            self._rebuild()

    def close(self) -> None:
        self.app.scenes.remove(self)
        if self.on_close is not None:
            self.on_close()

    # ---------------------------------------------------------------- widgets
    def _rebuild(self) -> None:
        x, w = self.side_x, self.side_w
        bottom = self.card.bottom - 28
        widgets: list[Widget] = [Panel(self.card)]
        if not self.finished:
            widgets.append(Choice((x, bottom - 48, 340, 48),
                                  [Option(s, _speed_label(s)) for s in SPEEDS], self.speed,
                                  lambda v: self.set_speed(float(v)),  # type: ignore[arg-type]
                                  key="speed",
                                  tooltip="Replay speed (- and + keys); 1× is real speed"))
            widgets.append(Button((x + w - 200, bottom - 48, 200, 48), "Skip", self.skip,
                                  primary=True, key="skip",
                                  tooltip="Show the result now (Space / Enter)"))
        else:
            widgets.append(Button((x + w - 240, bottom - 48, 240, 48), "Continue", self.close,
                                  primary=True, key="continue", size=20))
        self.ui.set_widgets(widgets)

    # ---------------------------------------------------------------- scene hooks
    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.KEY:
            if inp.action in (Action.SPACE, Action.CONFIRM, Action.CANCEL):
                if not self.finished:
                    self.skip()
                elif self.result_time >= CONTINUE_GUARD:
                    self.close()
                return True
            if inp.action in (Action.LEFT, Action.DOWN):
                self.faster(-1)
                return True
            if inp.action in (Action.RIGHT, Action.UP):
                self.faster(1)
                return True
        if inp.kind is Kind.TEXT:
            if inp.text == "-":
                self.faster(-1)
            elif inp.text in ("+", "="):
                self.faster(1)
            return True
        self.ui.handle(inp)
        return True  # modal

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        from shogun_desktop.ui.scenes.guide import GuideScene, wants_guide

        if (self.app.scenes.top is self and not self.auto_close
                and wants_guide(self.app, "battle")):
            self.app.push(GuideScene(self.app, "battle"))  # the replay waits under it
            return
        if self.finished:
            self.result_time += dt
            if self.auto_close and self.result_time >= flow.auto_pause(self.app.prefs):
                self.close()
            return
        assert self.replay is not None
        self.position += self.speed * dt * self.frames_per_second
        if self.cues is not None:
            self.cues.advance(self.index)
        if self.position >= self.replay.length:
            self.skip()

    # ---------------------------------------------------------------- drawing
    def _lines(self, text: str, size: int, width: int | None = None) -> list[str]:
        """text wrapped to the side column (cached: wrapping measures every word)."""
        width = width or self.side_w
        key = (text, size, width)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = wrap_text(self.app.theme.fonts, text, size, width)
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        surface.fill(th.LETTERBOX)
        self.ui.draw_widgets(surface, self.app.theme)
        card = self.card
        x = self.side_x
        th.blit_text(surface, fonts, title_of(self.record), (x, card.y + 22), 34, th.INK,
                     bold=True)
        sub = self._subtitle()
        if sub:
            th.blit_text(surface, fonts, sub, (x, card.y + 70), 19, th.INK_SOFT)
        pygame.draw.line(surface, th.VERMILION, (x, card.y + 104), (card.right - 40,
                         card.y + 104), 2)
        if self.replay is not None:
            i = self.index
            r = self.replay
            self.view.draw(surface, r.frame_at(i), self.cube_colours, self.xray, r.held_ids,
                           r.tray_at(i), staged=r.staged_at(self.position),
                           shake=r.shake_at(i) if 0 <= i <= r.last else (0.0, 0.0))
            self._draw_group_labels(surface, i)
            out = r.out_at(i)
        else:
            self.view.draw(surface, None, self.cube_colours, self.xray, (), self.static_pile)
            out = dict(self.record.result.out)
            cx, cy = self.view.to_screen(0.0, self.view.column_top / 2)
            box = pygame.Rect(0, 0, 270, 44)
            box.center = (round(cx), round(cy))
            pygame.draw.rect(surface, th.PAPER_LIGHT, box, border_radius=5)
            pygame.draw.rect(surface, th.INK_SOFT, box, 1, border_radius=5)
            th.blit_text(surface, fonts, "tower model: no animation", box.center, 17,
                         th.INK_SOFT, anchor="center")
        if self.finished:
            self._draw_result(surface)
        else:
            self._draw_progress(surface, out)
        self.ui.tooltip.draw(surface, self.app.theme)

    def _subtitle(self) -> str:
        r = self.record
        if r.kind == "setup":
            return "Every player's cubes and the farmers are poured in together"
        if r.kind == "revolt" and r.defender is not None:
            return f"The farmers rise against {self.name_of(r.defender)}"
        if r.attacker is not None and r.defender is not None:
            if r.defender == FARMERS:
                return f"{self.name_of(r.attacker)} attacks a neutral province"
            return f"{self.name_of(r.attacker)} attacks {self.name_of(r.defender)}"
        return ""

    def _draw_group_labels(self, surface: pygame.Surface, index: int) -> None:
        """Captions over the waiting groups: whose cubes, and how many are still waiting."""
        r = self.replay
        assert r is not None
        waiting = r.waiting_at(self.position, sitting=True)
        if not waiting:
            return
        fonts = self.app.theme.fonts
        for k, (colour, _n) in enumerate(r.group_sizes):
            left = waiting.get(colour, 0)
            if not left:
                continue
            tx, ty = self.view.to_screen(*self.view.group_label_at(r.group_sizes, k))
            th.blit_text(surface, fonts, f"{self.name_of(colour)}  {left}", (tx, ty - 4), 18,
                         th.PAPER_LIGHT, bold=True, anchor="bottomleft")

    def _cube_row(self, surface: pygame.Surface, y: int, colour: str, label: str,
                  value: str, size: int = 22) -> None:
        fonts = self.app.theme.fonts
        x = self.side_x
        blit_cube(surface, colour, (x + 16, y + size // 2 + 3), 30)
        th.blit_text(surface, fonts, fonts.fit(label, size, self.side_w - 260, True),
                     (x + 46, y), size, th.INK, bold=True)
        th.blit_text(surface, fonts, value, (x + self.side_w, y), size, th.INK, bold=True,
                     anchor="topright")

    def _draw_progress(self, surface: pygame.Surface, out: Mapping[str, int]) -> None:
        fonts = self.app.theme.fonts
        r = self.replay
        assert r is not None
        x, y = self.side_x, self.card.y + 128
        poured = sum(self.record.dropped.values())
        stage = ("Ready to pour" if self.position < 0 else
                 "Falling…" if self.index <= r.last else "Landing in the tray")
        th.blit_text(surface, fonts, f"{stage}  ·  {poured} cubes", (x, y), 24, th.INK,
                     bold=True)
        th.blit_text(surface, fonts, "out / poured", (x + self.side_w, y + 6), 17, th.INK_SOFT,
                     anchor="topright")
        y += 52
        sides = self.sides()
        for c, label, _, n in self.tray_rows():
            if c not in sides:
                continue
            self._cube_row(surface, y, c, label, f"{out.get(c, 0)} / {n}")
            y += 46
        others = sum(n for c, n in out.items() if c not in sides)
        if others:
            th.blit_text(surface, fonts, f"Other colours out: {others}", (x + 46, y), 18,
                         th.INK_SOFT)
            y += 32
        y += 14
        held = len(r.held_ids)
        hint = ("shown in colour (x-ray table)" if self.xray else
                "dark shapes: their colours are hidden")
        text = (f"Held inside from earlier battles: {held} — {hint}" if held else
                "The tower was empty before this drop.")
        for line in self._lines(text, 18):
            th.blit_text(surface, fonts, line, (x, y), 18, th.INK_SOFT)
            y += 26
        released = r.released_at(self.index)
        if released:
            th.blit_text(surface, fonts, f"Knocked loose so far: {released}", (x, y), 18,
                         th.INK, bold=True)
        y += 44
        for line in self._lines(HOW_IT_WORKS, 17):
            th.blit_text(surface, fonts, line, (x, y), 17, th.INK_SOFT)
            y += 25
        speed_y = self.card.bottom - 28 - 48
        th.blit_text(surface, fonts, "Speed", (x, speed_y - 10), 17, th.INK_SOFT,
                     anchor="bottomleft")
        t = max(0, min(self.index, r.last)) / self.frames_per_second
        th.blit_text(surface, fonts, f"{t:4.1f} s", (x + 360, speed_y + 24), 20, th.INK,
                     anchor="midleft")
        th.blit_text(surface, fonts, "Space: skip    - / +: speed", (x, speed_y - 40), 16,
                     th.INK_SOFT, anchor="bottomleft")

    def _draw_result(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        x, y = self.side_x, self.card.y + 128
        th.blit_text(surface, fonts, "In the tray", (x, y), 24, th.INK, bold=True)
        y += 44
        for tally in self.tallies:
            self._cube_row(surface, y, tally.colour, tally.label, str(tally.out), 21)
            y += 30
            th.blit_text(surface, fonts, fonts.fit(tally.sentence(), 17, self.side_w - 46),
                         (x + 46, y), 17, th.INK)
            inside = tally.inside()
            if inside:
                y += 23
                th.blit_text(surface, fonts, inside, (x + 46, y), 16, th.INK_SOFT)
            y += 34
        held_after = len(self.record.result.held)
        r = th.blit_text(surface, fonts, f"Inside the tower now: {plural(held_after, 'cube')}",
                         (x, y), 17, th.INK_SOFT)
        if self.xray and held_after:  # the table plays with x-ray: say which colours
            counts: dict[str, int] = {}
            for cube in self.record.result.held:
                counts[cube.colour] = counts.get(cube.colour, 0) + 1
            cx = r.right + 16
            for colour in sorted(counts, key=lambda c: (-counts[c], c)):
                blit_cube(surface, colour, (cx + 9, r.centery + 1), 18)
                cx = th.blit_text(surface, fonts, str(counts[colour]), (cx + 22, r.centery), 17,
                                  th.INK, bold=True, anchor="midleft").right + 12
        y += 38
        outcome = self.outcome
        if outcome is not None:
            box = pygame.Rect(x - 14, y - 8, self.side_w + 28, 0)
            lines = self._lines(outcome.headline, 26, self.side_w - 8)
            reason = self._lines(outcome.reason, 19, self.side_w - 8)
            box.h = 24 + 34 * len(lines) + 28 * len(reason)
            accent = (th.colour_of(outcome.winner) if outcome.winner else th.INK_SOFT)
            pygame.draw.rect(surface, th.mix(th.PAPER_LIGHT, th.GOLD, 0.18), box,
                             border_radius=8)
            pygame.draw.rect(surface, accent, (box.x, box.y, 8, box.h),
                             border_top_left_radius=8, border_bottom_left_radius=8)
            yy = y + 4
            for line in lines:
                th.blit_text(surface, fonts, line, (x + 6, yy), 26, th.VERMILION_DARK, bold=True)
                yy += 34
            for line in reason:
                th.blit_text(surface, fonts, line, (x + 6, yy), 19, th.INK)
                yy += 28
            y = box.bottom + 16
            for line in self._lines(outcome.cubes, 17):
                th.blit_text(surface, fonts, line, (x, y), 17, th.INK_SOFT)
                y += 24
        else:
            for line in self._lines("Every cube that came out goes back to its supply; the rest "
                                    "stays inside the tower.", 18):
                th.blit_text(surface, fonts, line, (x, y), 18, th.INK)
                y += 26
        note = self.record.result.note
        if note:
            y += 6
            for line in self._lines(f"Tower: {note}", 15):
                th.blit_text(surface, fonts, line, (x, y), 15, th.INK_SOFT)
                y += 21
