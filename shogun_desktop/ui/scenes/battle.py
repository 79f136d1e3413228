"""The battle overlay: a drop replayed from the frames the simulation recorded, then the tray.

The engine has already resolved the drop when this overlay opens; the overlay only replays
``record.result.extra["frames"]`` (the poses the physics computed, 60 frames per simulated
second at 1x) and reads ``record.result.out`` and the outcome event ``record.event`` (in the
presenter's words). It never touches the
game: Continue pops it and the scene below carries on.

Keys: Space / Enter / Escape skip to the result (then continue), - and + (or Left / Right)
change the speed, X toggles x-ray (shows the cubes held inside from earlier drops).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from shogun_desktop.presenter import Presenter
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import DropRecord
from shogun_desktop.tower.geometry import TowerGeometry, load_geometry
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.tower_view import Replay, TowerView, static_tray
from shogun_desktop.ui.widgets import (
    Button,
    Choice,
    Option,
    Panel,
    Toggle,
    Widget,
    WidgetGroup,
    draw_veil,
    wrap_text,
)

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
FARMERS = th.FARMERS
CONTINUE_GUARD = 0.25  # s after the result appears before a key may close it (key repeat)

_geometry_cache: dict[str, TowerGeometry] = {}


def _default_geometry() -> TowerGeometry:
    geo = _geometry_cache.get("default")
    if geo is None:
        geo = _geometry_cache["default"] = load_geometry()
    return geo


def _speed_label(speed: float) -> str:
    return f"{speed:g}×"


def title_of(record: DropRecord) -> str:
    where = record.province
    if record.kind == "revolt":
        return f"Revolt in {where}" if where else "Revolt"
    if record.kind == "battle":
        return f"Battle for {where}" if where else "Battle"
    return "Tower load"


def verdict_of(record: DropRecord, words: Presenter | None = None) -> str:
    """The outcome of the drop in one clause ("Red takes Omi with 2 armies"), from its event."""
    event = record.event
    if not isinstance(event, ev.BattleResolved | ev.RevoltResolved):
        return ""
    return (words or Presenter({})).verdict(event)


def summary_of(record: DropRecord, words: Presenter | None = None) -> str:
    """The drop's full log line (who attacked whom, what came out, the outcome)."""
    return (words or Presenter({})).line(record.event) if record.event is not None else ""


def survivors_text(record: DropRecord, words: Presenter | None = None) -> str:
    """Where the cubes in the tray go, in words, from the drop's outcome event."""
    return (words or Presenter({})).survivors(record.event, record.province)


class BattleOverlay(Scene):
    """Replays one drop over the current screen, then shows the tray and the outcome.

    ``colours`` names the sides: player colour -> display name (default: the colour's name;
    farmers are "Farmers"). ``geometry`` is the tower the drop ran in (default: the default
    tower file). ``on_close`` runs after Continue popped the overlay.
    """

    opaque = False

    def __init__(
        self,
        app: App,
        record: DropRecord,
        colours: Mapping[str, str] | None = None,
        *,
        geometry: TowerGeometry | None = None,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.record = record
        self.names = dict(colours or {})
        self.words = Presenter(self.names)
        self.on_close = on_close
        self.geometry = geometry if geometry is not None else _default_geometry()
        cw, ch = app.logical_size
        self.card = pygame.Rect(0, 0, min(1300, cw - 80), min(840, ch - 40))
        self.card.center = (cw // 2, ch // 2)
        tower_rect = pygame.Rect(self.card.x + 20, self.card.y + 74, 600, self.card.h - 118)
        self.view = TowerView(self.geometry.segments, tower_rect,
                              cube_size=self.geometry.cube.size)
        self.side_x = tower_rect.right + 40
        self.side_w = self.card.right - 32 - self.side_x
        frames = record.result.extra.get("frames") or []
        cube_colours = dict(record.result.extra.get("colours") or {})
        for cube in record.result.held:
            cube_colours.setdefault(cube.id, cube.colour)
        self.cube_colours = cube_colours
        self.replay = Replay(frames, cube_colours, self.view) if frames else None
        self.static_pile = static_tray(record.result.out, self.view) if not frames else []
        sim = self.geometry.simulation
        self.frames_per_second = sim.steps_per_second / sim.steps_per_frame
        self.position = 0.0  # frame index, fractional between frames
        self.speed = 1.0
        self.xray = False
        self.finished = self.replay is None
        self.result_time = 0.0
        self.ui = WidgetGroup()
        self._wrapped: dict[tuple[str, int], list[str]] = {}
        self._rebuild()

    # ---------------------------------------------------------------- model
    @property
    def index(self) -> int:
        """The frame index shown now (0 .. replay.length)."""
        return int(self.position)

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

    def tray_rows(self) -> list[tuple[str, str, int, int]]:
        """(colour, label, out, poured) per side; then one row per other colour in the tray."""
        r = self.record
        rows = []
        sides = self.sides()
        for c in sides:
            label = self.name_of(c)
            if r.kind != "setup":
                if c == r.attacker:
                    label += " (revolt)" if r.kind == "revolt" else " (attacker)"
                elif c == r.defender:
                    label += " (defender)"
            rows.append((c, label, r.result.out.get(c, 0), r.dropped.get(c, 0)))
        for c, n in sorted(r.result.out.items()):
            if c not in sides and n:
                rows.append((c, f"{self.name_of(c)} (other)", n, r.dropped.get(c, 0)))
        return rows

    # ---------------------------------------------------------------- actions
    def set_speed(self, speed: float) -> None:
        if speed in SPEEDS:
            self.speed = speed
            self._rebuild()

    def faster(self, step: int = 1) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))])

    def toggle_xray(self, value: bool | None = None) -> None:
        self.xray = (not self.xray) if value is None else bool(value)
        self._rebuild()

    def skip(self) -> None:
        """Jump to the end of the drop and show the result."""
        if self.replay is not None:
            self.position = float(self.replay.length)
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
        widgets.append(Toggle((x, bottom - 44 - 62, 200, 40), "X-ray (X)", self.xray,
                              lambda v: self.toggle_xray(v), key="xray",
                              tooltip="Show the cubes held inside the tower from earlier drops"))
        if not self.finished:
            widgets.append(Choice((x, bottom - 44 - 130, 360, 40),
                                  [Option(s, _speed_label(s)) for s in SPEEDS], self.speed,
                                  lambda v: self.set_speed(float(v) if isinstance(v, int | float) else 1.0), key="speed",
                                  tooltip="Replay speed (- and + keys)"))
            widgets.append(Button((x + w - 200, bottom - 44, 200, 44), "Skip", self.skip,
                                  primary=True, key="skip",
                                  tooltip="Show the result now (Space / Enter)"))
        else:
            widgets.append(Button((x + w - 220, bottom - 44, 220, 44), "Continue", self.close,
                                  primary=True, key="continue"))
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
            if inp.action is Action.LETTER and inp.letter == "x":
                self.toggle_xray()
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
        if self.finished:
            self.result_time += dt
            return
        assert self.replay is not None
        self.position += self.speed * dt * self.frames_per_second
        if self.position >= self.replay.length:
            self.skip()

    # ---------------------------------------------------------------- drawing
    def _lines(self, text: str, size: int) -> list[str]:
        """text wrapped to the side column (cached: wrapping measures every word)."""
        key = (text, size)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = wrap_text(self.app.theme.fonts, text, size, self.side_w)
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        draw_veil(surface)
        self.ui.draw_widgets(surface, self.app.theme)
        card = self.card
        th.blit_text(surface, fonts, title_of(self.record), (card.x + 28, card.y + 18), 30,
                     th.INK, bold=True)
        pygame.draw.line(surface, th.VERMILION, (card.x + 28, card.y + 62),
                         (card.right - 28, card.y + 62), 2)
        if self.replay is not None:
            i = self.index
            self.view.draw(surface, self.replay.frame_at(i), self.cube_colours, self.xray,
                           self.replay.held_ids, self.replay.tray_at(i))
            out = self.replay.out_at(i)
        else:
            self.view.draw(surface, None, self.cube_colours, self.xray, (), self.static_pile)
            out = dict(self.record.result.out)
            cx, cy = self.view.to_screen(0.0, self.view.column_top / 2)
            box = pygame.Rect(0, 0, 250, 40)
            box.center = (round(cx), round(cy))
            pygame.draw.rect(surface, th.PAPER_LIGHT, box, border_radius=5)
            pygame.draw.rect(surface, th.INK_SOFT, box, 1, border_radius=5)
            th.blit_text(surface, fonts, "tower model: no animation", box.center, 17,
                         th.INK_SOFT, anchor="center")
        if self.replay is None:
            caption = "Only the result of this drop is known (a tower without physics)"
        elif self.xray:
            caption = "X-ray: the cubes held from earlier drops are ringed"
        else:
            caption = "The tower is opaque: cubes held inside stay hidden"
        th.blit_text(surface, fonts, caption, (card.x + 28, card.bottom - 16), 15, th.INK_SOFT,
                     anchor="bottomleft")
        if self.finished:
            self._draw_result(surface)
        else:
            self._draw_progress(surface, out)
        self.ui.tooltip.draw(surface, self.app.theme)

    def _row(self, surface: pygame.Surface, y: int, colour: str, label: str, value: str,
             size: int = 20) -> None:
        fonts = self.app.theme.fonts
        x = self.side_x
        th.draw_cube(surface, colour, (x + 14, y + size // 2 + 2), 24)
        th.blit_text(surface, fonts, fonts.fit(label, size, self.side_w - 200), (x + 40, y),
                     size, th.INK)
        th.blit_text(surface, fonts, value, (x + self.side_w, y), size, th.INK, bold=True,
                     anchor="topright")

    def _draw_progress(self, surface: pygame.Surface, out: Mapping[str, int]) -> None:
        fonts = self.app.theme.fonts
        x, y = self.side_x, self.card.y + 90
        poured = sum(self.record.dropped.values())
        th.blit_text(surface, fonts, f"Poured in: {poured} cubes", (x, y), 22, th.INK, bold=True)
        y += 40
        sides = self.sides()
        for c in sides:
            self._row(surface, y, c, self.name_of(c), f"{out.get(c, 0)} out of {self.record.dropped.get(c, 0)}")
            y += 38
        others = sum(n for c, n in out.items() if c not in sides)
        if others:
            th.blit_text(surface, fonts, f"Others out: {others}", (x + 40, y), 18, th.INK_SOFT)
            y += 32
        assert self.replay is not None
        y += 10
        held = len(self.replay.held_ids)
        released = self.replay.released_at(self.index)
        th.blit_text(surface, fonts, f"Held inside before the drop: {held}", (x, y), 18,
                     th.INK_SOFT)
        y += 28
        if released:
            th.blit_text(surface, fonts, f"Knocked loose so far: {released}", (x, y), 18,
                         th.INK_SOFT)
        speed_y = self.card.bottom - 28 - 44 - 130
        th.blit_text(surface, fonts, "Speed", (x, speed_y - 8), 17, th.INK_SOFT,
                     anchor="bottomleft")
        t = min(self.index, self.replay.last) / self.frames_per_second
        th.blit_text(surface, fonts, f"{t:4.1f} s", (x + self.side_w, speed_y + 20), 20,
                     th.INK, anchor="midright")
        th.blit_text(surface, fonts, "Space: skip   -/+: speed   X: x-ray",
                     (x, self.card.bottom - 28 - 22), 16, th.INK_SOFT, anchor="midleft")

    def _draw_result(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        x, y = self.side_x, self.card.y + 90
        th.blit_text(surface, fonts, "In the tray", (x, y), 22, th.INK, bold=True)
        th.blit_text(surface, fonts, "out / poured", (x + self.side_w, y + 4), 16, th.INK_SOFT,
                     anchor="topright")
        y += 40
        for colour, label, n, poured in self.tray_rows():
            self._row(surface, y, colour, label, f"{n} / {poured}")
            y += 36
        released = self.replay.released_at(self.replay.length) if self.replay else 0
        if released:
            th.blit_text(surface, fonts,
                         f"{released} of them had been held inside from earlier drops",
                         (x + 40, y), 16, th.INK_SOFT)
            y += 26
        held_after = len(self.record.result.held)
        th.blit_text(surface, fonts, f"Held inside now: {held_after}", (x + 40, y), 16,
                     th.INK_SOFT)
        y += 40
        verdict = verdict_of(self.record, self.words)
        if verdict:
            th.blit_text(surface, fonts, "Outcome", (x, y), 20, th.INK, bold=True)
            y += 30
            for line in self._lines(verdict[:1].upper() + verdict[1:], 19):
                th.blit_text(surface, fonts, line, (x, y), 19, th.VERMILION_DARK, bold=True)
                y += 27
            y += 8
        for line in self._lines(survivors_text(self.record, self.words), 17):
            th.blit_text(surface, fonts, line, (x, y), 17, th.INK)
            y += 24
        for text in (summary_of(self.record, self.words), self.record.result.note and
                     f"Tower: {self.record.result.note}"):
            if text:
                y += 8
                for line in self._lines(text, 15):
                    th.blit_text(surface, fonts, line, (x, y), 15, th.INK_SOFT)
                    y += 21
