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

from shogun_desktop.i18n import N_, _, ngettext, pgettext
from shogun_desktop.rules.engine import DropRecord
from shogun_desktop.tower.geometry import TowerGeometry, load_geometry
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.battle_report import (
    Outcome,
    SideTally,
    decide_outcome,
    outcome_of,
    released_by_colour,
    side_tallies,
    title_of,
)
from shogun_desktop.ui.design import BODY_MIN
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
)
from shogun_desktop.ui.widgets.layer import LayerCache
from shogun_desktop.ui.widgets.tooltip import draw_tooltip

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
FARMERS = th.FARMERS
CONTINUE_GUARD = 0.25  # s after the result appears before a key may close it (key repeat)
BUILDUP_SECONDS = 0.9  # the cubes shown waiting before the first row is poured (at 1x)
MIN_TEXT = BODY_MIN  # px: the smallest text the overlay draws (body text at 1280x720)
DENSITIES = (1.0, 0.92, 0.85, 0.78, 0.72)  # text and spacing, tightened until the column fits
# Player-visible constants hold the English message ids, marked for extraction with N_;
# they are translated with _() where they are drawn (the language can change after import).
HOW_IT_WORKS = N_("Only the cubes that come out into the tray count. Cubes stuck inside from "
                  "earlier battles can be knocked loose: they come out too and count for their "
                  "colour. Whatever stays inside may fall out in a later battle.")
LABELS = {  # a side's label by its role in the drop
    "attacker": N_("{player} (attacker)"),
    "defender": N_("{player} (defender)"),
    "revolt": N_("{player} (revolt)"),
    "idle-farmers": N_("{player} (not fighting: revolt marker)"),
    "with-defender": N_("{player} (with the defender)"),
    "bystander": N_("{player} (not in this battle)"),
}

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
    return _("{speed}×").format(speed=decimal(f"{speed:g}"))


def decimal(number: str) -> str:
    """A formatted number with the language's decimal mark (0.5 -> 0,5 in Czech)."""
    return number.replace(".", pgettext("decimal mark", "."))


def colour_name(colour: str) -> str:
    """A side nobody named: its colour's name in the player's language."""
    names = {"red": pgettext("colour", "Red"), "blue": pgettext("colour", "Blue"),
             "yellow": pgettext("colour", "Yellow"), "purple": pgettext("colour", "Purple"),
             "black": pgettext("colour", "Black"), "green": _("Farmers")}
    return names.get(colour, colour)


class Pen:
    """Draws the side column's text and cubes, or only measures them (``surface`` None).

    The overlay lays its column out by running the same drawing code with a measuring pen
    first: the lowest pixel tells whether the column fits above the buttons, and every line
    shortened to fit is kept with its full text (a tooltip over it tells the rest).
    """

    def __init__(self, fonts: th.Fonts, surface: pygame.Surface | None = None) -> None:
        self.fonts = fonts
        self.surface = surface
        self.bottom = 0
        self.cut: list[tuple[pygame.Rect, str]] = []

    def text(self, text: str, pos: tuple[float, float], size: int, colour: th.RGB, *,
             bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        if self.surface is not None:
            rect = th.blit_text(self.surface, self.fonts, text, pos, size, colour, bold=bold,
                                anchor=anchor)
        else:
            rect = pygame.Rect((0, 0), self.fonts.size(text, size, bold))
            setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        self.bottom = max(self.bottom, rect.bottom)
        return rect

    def fitted(self, text: str, pos: tuple[float, float], size: int, width: int,
               colour: th.RGB, *, bold: bool = False) -> pygame.Rect:
        """One line no wider than ``width``; a shortened line remembers its full text."""
        shown = self.fonts.fit(text, size, width, bold)
        rect = self.text(shown, pos, size, colour, bold=bold)
        if shown != text:
            self.cut.append((rect, text))
        return rect

    def cube(self, colour: str, center: tuple[float, float], size: float) -> None:
        if self.surface is not None:
            blit_cube(self.surface, colour, center, size)
        self.bottom = max(self.bottom, round(center[1] + size / 2))

    def box(self, rect: pygame.Rect, fill: th.RGB, accent: th.RGB, bar: int) -> None:
        if self.surface is not None:
            pygame.draw.rect(self.surface, fill, rect, border_radius=bar)
            pygame.draw.rect(self.surface, accent, (rect.x, rect.y, bar, rect.h),
                             border_top_left_radius=bar, border_bottom_left_radius=bar)
        self.bottom = max(self.bottom, rect.bottom)


# ------------------------------------------------------------------------- the overlay
class BattleOverlay(Scene):
    """Replays one drop on a full-screen card, then shows the tray and the outcome.

    ``colours`` names the sides: player colour -> display name (default: the colour's name;
    farmers are "Farmers"). ``geometry`` is the tower the drop ran in (default: the default
    tower file). ``xray`` is the table option: held cubes are shown in colour. ``on_close``
    runs after Continue popped the overlay.

    Drawn at the window's own resolution (``native``): the card fills the window, the tower
    is drawn at the window's scale (its physics keeps its own units) and the text column is
    laid out for the window and the player's text size, so nothing is smooth-scaled.
    """

    opaque = True  # the card fills the screen: the table below need not be drawn every frame
    native = True  # drawn straight into the window at its resolution

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
        frames = record.result.extra.get("frames") or []
        cube_colours = dict(record.result.extra.get("colours") or {})
        for cube in record.result.held:
            cube_colours.setdefault(cube.id, cube.colour)
        self.cube_colours = cube_colours
        sim = self.geometry.simulation
        self.frames_per_second = sim.steps_per_second / sim.steps_per_frame
        self.ui = WidgetGroup()
        self._wrapped: dict[tuple[str, int, int, bool], list[str]] = {}
        self._layout_key: tuple | None = None
        self.density = 1.0
        self._column_y = 0
        self.layer = LayerCache()  # the still parts of the picture
        self._place(app.window_size)
        impacts = record.result.extra.get("impacts") or ()
        self.replay = (Replay(frames, cube_colours, self.view, groups=self.sides(),
                              buildup_frames=round(BUILDUP_SECONDS * self.frames_per_second),
                              impacts=impacts) if frames else None)
        self.position = float(self.replay.start) if self.replay is not None else 0.0
        speed = flow.speed(app.prefs)
        self.speed = speed if speed in SPEEDS else 1.0
        self.auto_close = auto_close  # a computer drop closing itself (see ui.flow)
        self.finished = self.replay is None
        self.result_time = 0.0
        labels = {row[0]: row[1] for row in self.tray_rows()}
        self.tallies = side_tallies(record, [r[0] for r in self.tray_rows()], labels)
        self.outcome = outcome_of(record, self.name_of)
        self.cues = CuePlayer(app.audio, knock_schedule(
            impacts, landings=self.replay.landings() if self.replay else (),
            x_range=(self.view.bounds[0], self.view.bounds[2]),
            fps=round(self.frames_per_second))) if self.replay is not None else None
        self.native_layout(app.window_size)

    # ---------------------------------------------------------------- resolution
    def _place(self, size: tuple[int, int]) -> None:
        """The card, the tower and the text column for a window of ``size`` pixels (the
        1600x900 design scaled by ``k``; a taller or wider window gives the card its room)."""
        w, h = size
        self.size = (w, h)
        self.k = k = min(w / 1600, h / 900)
        self.text_scale = k * self.app.ui_scale
        self.ui.scale = self.text_scale  # frames, buttons and tooltips follow the layout
        self.card = pygame.Rect(round(16 * k), round(12 * k), w - 2 * round(16 * k),
                                h - 2 * round(12 * k))
        pad = round(10 * k)
        self.tower_rect = pygame.Rect(self.card.x + pad, self.card.y + pad, round(700 * k),
                                      self.card.h - 2 * pad)
        self.view = tower_view_for(self.geometry, self.tower_rect)
        if self.view.emblem is None:
            self.view.set_emblem(self.app.theme.fonts.kanji(
                "将軍", max(12, round(self.view.scale * 1.8)), (70, 40, 20)))
        self.side_x = self.tower_rect.right + round(36 * k)
        self.side_w = self.card.right - round(40 * k) - self.side_x
        self.static_pile = (static_tray(self.record.result.out, self.view)
                            if not self.record.result.extra.get("frames") else [])

    def native_layout(self, size: tuple[int, int]) -> None:
        """Lay the overlay out for the window's size and the player's text size (kept until
        either changes)."""
        key = (tuple(size), self.app.ui_scale)
        if key == self._layout_key:
            return
        self._layout_key = key
        self._place(size)
        if self.replay is not None:
            self.replay.view = self.view  # poses stay in tower units; only the drawing moves
        self._wrapped.clear()
        self._rebuild()

    def px(self, value: float) -> int:
        """A design length (spacing, a box) in window pixels."""
        return round(value * self.k)

    def F(self, size: int, minimum: int = MIN_TEXT) -> int:  # noqa: N802
        """A design text size at this window and text size, never below ``minimum`` px
        (body text stays >= 14 px at 1280x720); ``density`` < 1 when the column is tight."""
        return max(minimum, round(size * self.text_scale * self.density))

    def gap(self, value: float) -> int:
        """Vertical spacing, tightened with the text when the column is tight."""
        return round(value * self.k * self.density)

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
        return self.names.get(colour) or colour_name(colour)

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
        """The side's part in this drop, a key of :data:`LABELS` ("" for a tower load)."""
        r = self.record
        if r.kind == "setup":
            return ""
        if colour == r.attacker:
            return "revolt" if r.kind == "revolt" else "attacker"
        if colour == r.defender:
            return "defender"
        if colour == FARMERS and r.kind == "battle" and not r.farmers_fight:
            return "idle-farmers"
        if colour == FARMERS:
            return "with-defender"
        return ""

    def label(self, role: str, colour: str) -> str:
        """A side's name with its part in the drop ("Tokugawa (attacker)")."""
        template = LABELS[role]
        return _(template).format(player=self.name_of(colour))

    def tray_rows(self) -> list[tuple[str, str, int, int]]:
        """(colour, label, out, poured) per side; then one row per other colour in the tray."""
        r = self.record
        rows = []
        sides = self.sides()
        for c in sides:
            role = self.role(c)
            label = self.label(role, c) if role else self.name_of(c)
            rows.append((c, label, r.result.out.get(c, 0), r.dropped.get(c, 0)))
        for c, n in sorted(r.result.out.items()):
            if c not in sides and n:
                rows.append((c, self.label("bystander", c), n,
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
    def _button_height(self) -> int:
        return max(self.px(48), self.F(18) + self.px(22))

    def _controls_top(self) -> int:
        return self.card.bottom - self.px(28) - self._button_height()

    def column_limit(self) -> int:
        """The lowest pixel the text column may use: above the hints and the speed row while
        the drop plays, above Continue once it has ended."""
        top = self._controls_top()
        if self.finished:
            return top - self.px(16)
        small = self.F(17)
        return top - self.px(10) - self.lh(small) - self.px(8) - self.lh(self.F(16)) - self.px(12)

    def _fit_column(self) -> Pen:
        """Choose the densest-looking layout that fits: the design sizes first, then tighter
        text and spacing (never below the minimum text size)."""
        fonts = self.app.theme.fonts
        pen = Pen(fonts)
        for density in DENSITIES:
            self.density = density
            pen = Pen(fonts)
            self._draw_column(pen, self._reserve_out())
            if pen.bottom <= self.column_limit():
                break
        return pen

    def _reserve_out(self) -> dict[str, int]:
        """Counts to lay the progress column out with: every row and line it may show."""
        return dict(self.record.result.out)

    def _rebuild(self) -> None:
        fonts = self.app.theme.fonts
        pen = self._fit_column()
        self._column_y = self._draw_header(Pen(fonts))
        x, w = self.side_x, self.side_w
        bh = self._button_height()
        top = self._controls_top()
        widgets: list[Widget] = []
        if not self.finished:
            size = self.F(17)
            seg = max(fonts.size(_speed_label(s), size, True)[0] for s in SPEEDS) + self.px(30)
            cw = max(self.px(340), seg * len(SPEEDS))
            widgets.append(Choice((x, top, cw, bh),
                                  [Option(s, _speed_label(s)) for s in SPEEDS], self.speed,
                                  lambda v: self.set_speed(float(v)),  # type: ignore[arg-type]
                                  key="speed", size=size,
                                  tooltip=_("Replay speed (- and + keys); 1× is real speed")))
            label = _("Skip")
            bw = max(self.px(200), fonts.size(label, self.F(18), True)[0] + self.px(40))
            widgets.append(Button((x + w - bw, top, bw, bh), label, self.skip,
                                  primary=True, key="skip", size=self.F(18),
                                  tooltip=_("Show the result now (Space / Enter)")))
        else:
            label = _("Continue")
            bw = max(self.px(240), fonts.size(label, self.F(20), True)[0] + self.px(48))
            widgets.append(Button((x + w - bw, top, bw, bh), label, self.close,
                                  primary=True, key="continue", size=self.F(20)))
        for i, (rect, full) in enumerate(pen.cut):  # a shortened line: its words on hover
            widgets.append(Widget(rect, key=f"full-text-{i}", tooltip=full))
        self.ui.set_widgets(widgets)

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """The full text a player can read by pointing at ``pos`` (a tooltip), if any."""
        for widget in reversed(self.ui.widgets):
            if widget.contains(pos) and widget.tip(pos):
                return widget.tip(pos)
        return None

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

    def resume(self) -> None:
        self.native_layout(self.app.window_size)

    def update(self, dt: float) -> None:
        self.native_layout(self.app.window_size)
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
    def lh(self, size: int) -> int:
        """The line advance for text of ``size`` px."""
        return round(size * 1.3)

    def _lines(self, text: str, size: int, width: int | None = None,
               bold: bool = False) -> list[str]:
        """text wrapped to the side column (cached: wrapping measures every word)."""
        width = width or self.side_w
        key = (text, size, width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = self._wrapped[key] = self.app.theme.fonts.wrap(text, size, width, bold)
        return lines

    def _paragraph(self, pen: Pen, text: str, pos: tuple[int, int], size: int, colour: th.RGB,
                   width: int | None = None, *, bold: bool = False) -> int:
        """Wrapped text from ``pos``; returns the y below it."""
        x, y = pos
        for line in self._lines(text, size, width, bold):
            pen.text(line, (x, y), size, colour, bold=bold)
            y += self.lh(size)
        return y

    def draw(self, surface: pygame.Surface) -> None:
        """The still parts (card, table, header; once the drop has ended, everything) come
        from a cached layer; only the moving tower and the live counts are drawn per frame."""
        key = (self._layout_key, self.finished, self.density, self.xray)
        surface.blit(self.layer.get(key, surface.get_size(), self._paint_still), (0, 0))
        if not self.finished:
            assert self.replay is not None
            i = self.index
            self._draw_tower(surface, table=False)
            self._draw_group_labels(surface)
            pen = Pen(self.app.theme.fonts, surface)
            self._draw_progress(pen, self._column_y, self.replay.out_at(i))
            self._draw_controls(pen)
        self.ui.draw_widgets(surface, self.app.theme)
        tip = self.ui.tooltip.text()
        if tip and self.ui.tooltip.pos is not None:
            draw_tooltip(surface, self.app.theme, tip, self.ui.tooltip.pos, self.F(16))

    def _paint_still(self, surface: pygame.Surface) -> None:
        surface.fill(th.LETTERBOX)
        Panel(self.card, scale=self.text_scale).draw(surface, self.app.theme)
        surface.blit(self.view.layer("table"), self.tower_rect.topleft)
        pen = Pen(self.app.theme.fonts, surface)
        y = self._draw_header(pen)
        if self.finished:
            self._draw_tower(surface, table=False)
            self._draw_result(pen, y)

    def _draw_tower(self, surface: pygame.Surface, *, table: bool = True) -> None:
        """The tower at the frame shown now (or the still tray of a drop without frames)."""
        if self.replay is not None:
            i = self.index
            r = self.replay
            self.view.draw(surface, r.frame_at(i), self.cube_colours, self.xray, r.held_ids,
                           r.tray_at(i), staged=r.staged_at(self.position),
                           shake=r.shake_at(i) if 0 <= i <= r.last else (0.0, 0.0), table=table)
            return
        fonts = self.app.theme.fonts
        self.view.draw(surface, None, self.cube_colours, self.xray, (), self.static_pile,
                       table=table)
        cx, cy = self.view.to_screen(0.0, self.view.column_top / 2)
        text = _("tower model: no animation")
        size = self.F(17)
        tw, text_h = fonts.size(text, size)
        box = pygame.Rect(0, 0, tw + self.px(32), text_h + self.px(20))
        box.center = (round(cx), round(cy))
        box.clamp_ip(self.tower_rect)
        pygame.draw.rect(surface, th.PAPER_LIGHT, box, border_radius=5)
        pygame.draw.rect(surface, th.INK_SOFT, box, 1, border_radius=5)
        th.blit_text(surface, fonts, text, box.center, size, th.INK_SOFT, anchor="center")

    def _draw_column(self, pen: Pen, out: Mapping[str, int]) -> None:
        y = self._draw_header(pen)
        if self.finished:
            self._draw_result(pen, y)
        else:
            self._draw_progress(pen, y, out)

    def _draw_header(self, pen: Pen) -> int:
        """Title, subtitle and the red rule; returns the y where the column goes on."""
        x, w = self.side_x, self.side_w
        y = self.card.y + self.gap(22)
        size = self.F(34, 20)
        y = self._paragraph(pen, title_of(self.record), (x, y), size, th.INK, bold=True)
        sub = self._subtitle()
        if sub:
            y = self._paragraph(pen, sub, (x, y + self.gap(4)), self.F(19), th.INK_SOFT)
        y += self.gap(12)
        if pen.surface is not None:
            pygame.draw.line(pen.surface, th.VERMILION, (x, y), (x + w, y), max(1, self.px(2)))
        return y + self.gap(22)

    def _subtitle(self) -> str:
        r = self.record
        if r.kind == "setup":
            return _("Every player's cubes and the farmers are poured in together")
        if r.kind == "revolt" and r.defender is not None:
            return _("The farmers rise against {player}").format(player=self.name_of(r.defender))
        if r.attacker is not None and r.defender is not None:
            if r.defender == FARMERS:
                return _("{player} attacks a neutral province").format(
                    player=self.name_of(r.attacker))
            return _("{attacker} attacks {defender}").format(
                attacker=self.name_of(r.attacker), defender=self.name_of(r.defender))
        return ""

    def _draw_group_labels(self, surface: pygame.Surface) -> None:
        """Captions over the waiting groups: whose cubes, and how many are still waiting."""
        r = self.replay
        assert r is not None
        waiting = r.waiting_at(self.position, sitting=True)
        if not waiting:
            return
        fonts = self.app.theme.fonts
        size = self.F(18)
        for k, (colour, _n) in enumerate(r.group_sizes):
            left = waiting.get(colour, 0)
            if not left:
                continue
            tx, ty = self.view.to_screen(*self.view.group_label_at(r.group_sizes, k))
            text = f"{self.name_of(colour)}  {left}"
            box = pygame.Rect((0, 0), fonts.size(text, size, True))
            box.bottomleft = (round(tx), round(ty) - 4)
            box.clamp_ip(self.tower_rect.inflate(-self.px(8), -self.px(8)))  # large text
            th.blit_text(surface, fonts, text, box.topleft, size, th.PAPER_LIGHT, bold=True)

    def _cube_row(self, pen: Pen, y: int, colour: str, label: str, value: str, size: int,
                  widest: str | None = None) -> int:
        """A cube, a side's name and a number on the right; returns the y below it."""
        x, w = self.side_x, self.side_w
        cube = round(size * 1.35)
        pen.cube(colour, (x + cube / 2 + 1, y + self.lh(size) / 2), cube)
        vw = pen.fonts.size(widest or value, size, True)[0]
        pen.text(value, (x + w, y), size, th.INK, bold=True, anchor="topright")
        lx = x + cube + self.px(14)
        pen.fitted(label, (lx, y), size, x + w - vw - self.px(16) - lx, th.INK, bold=True)
        return y + max(self.lh(size), cube + self.gap(4))

    def _stage(self) -> str:
        r = self.replay
        assert r is not None
        return (_("Ready to pour") if self.position < 0 else
                _("Falling…") if self.index <= r.last else _("Landing in the tray"))

    def _draw_progress(self, pen: Pen, y: int, out: Mapping[str, int]) -> None:
        r = self.replay
        assert r is not None
        x, w = self.side_x, self.side_w
        poured = sum(self.record.dropped.values())
        size, small = self.F(24), self.F(17)
        head = pen.text(_("out / poured"), (x + w, y + (size - small) // 2), small, th.INK_SOFT,
                        anchor="topright")
        stage = self._stage()
        if pen.surface is None:  # laying out: room for the longest of the three stages
            stage = max((_("Ready to pour"), _("Falling…"), _("Landing in the tray")),
                        key=lambda t: pen.fonts.size(t, size, True)[0])
        pen.fitted(ngettext("{stage}  ·  {count} cube", "{stage}  ·  {count} cubes", poured).format(
            stage=stage, count=poured), (x, y), size,
                   w - head.w - self.px(16), th.INK, bold=True)
        y += self.lh(size) + self.gap(14)
        sides = self.sides()
        row = self.F(22)
        for c, label, _out, n in self.tray_rows():
            if c not in sides:
                continue
            y = self._cube_row(pen, y, c, label, f"{out.get(c, 0)} / {n}", row,
                               widest=f"{n} / {n}") + self.gap(8)
        body = self.F(18)
        others = sum(n for c, n in out.items() if c not in sides)
        if others:
            pen.text(_("Other colours out: {count}").format(count=others), (x + round(row * 1.35) + self.px(14), y),
                     body, th.INK_SOFT)
        y += self.lh(body) + self.gap(16)  # kept free while nothing else is out: no jumps
        held = len(r.held_ids)
        if not held:
            text = _("The tower was empty before this drop.")
        elif self.xray:
            text = _("Held inside from earlier battles: {count} — shown in colour (x-ray "
                     "table)").format(count=held)
        else:
            text = _("Held inside from earlier battles: {count} — dark shapes: their colours "
                     "are hidden").format(count=held)
        y = self._paragraph(pen, text, (x, y), body, th.INK_SOFT)
        released = r.released_at(self.index)
        if released:
            pen.text(_("Knocked loose so far: {count}").format(count=released), (x, y), body, th.INK, bold=True)
        y += self.lh(body) + self.gap(18)
        self._paragraph(pen, _(HOW_IT_WORKS), (x, y), small, th.INK_SOFT)

    def _draw_controls(self, pen: Pen) -> None:
        """Under the column while the drop plays: the keys, "Speed" and the time."""
        r = self.replay
        assert r is not None
        x = self.side_x
        top = self._controls_top()
        small = self.F(17)
        label = pen.text(_("Speed"), (x, top - self.px(10)), small, th.INK_SOFT,
                         anchor="bottomleft")
        pen.text(_("Space: skip    - / +: speed"), (x, label.top - self.px(8)), self.F(16),
                 th.INK_SOFT, anchor="bottomleft")
        speed = self.ui.by_key("speed")
        t = max(0, min(self.index, r.last)) / self.frames_per_second
        right = speed.rect.right if speed is not None else x
        pen.text(_("{seconds} s").format(seconds=decimal(f"{t:.1f}")), (right + self.px(20), top + self._button_height() // 2),
                 self.F(20), th.INK, anchor="midleft")

    def _draw_result(self, pen: Pen, y: int) -> None:
        x, w = self.side_x, self.side_w
        pen.text(_("In the tray"), (x, y), self.F(24), th.INK, bold=True)
        y += self.lh(self.F(24)) + self.gap(12)
        row, body, note = self.F(21), self.F(17), self.F(16)
        indent = round(row * 1.35) + self.px(14)
        for tally in self.tallies:
            y = self._cube_row(pen, y, tally.colour, tally.label, str(tally.out), row)
            y = self._paragraph(pen, tally.sentence(), (x + indent, y), body, th.INK,
                                w - indent)
            inside = tally.inside()
            if inside:
                y = self._paragraph(pen, inside, (x + indent, y), note, th.INK_SOFT, w - indent)
            y += self.gap(12)
        held_after = len(self.record.result.held)
        r = pen.text(ngettext("Inside the tower now: {count} cube",
                              "Inside the tower now: {count} cubes", held_after).format(
                         count=held_after), (x, y), body, th.INK_SOFT)
        if self.xray and held_after:  # the table plays with x-ray: say which colours
            counts: dict[str, int] = {}
            for cube in self.record.result.held:
                counts[cube.colour] = counts.get(cube.colour, 0) + 1
            cx = r.right + self.px(16)
            icon = round(body * 1.1)
            for colour in sorted(counts, key=lambda c: (-counts[c], c)):
                pen.cube(colour, (cx + icon / 2, r.centery + 1), icon)
                cx = pen.text(str(counts[colour]), (cx + icon + self.px(4), r.centery), body,
                              th.INK, bold=True, anchor="midleft").right + self.px(12)
        y += self.lh(body) + self.gap(22)
        outcome = self.outcome
        if outcome is not None:
            big, reason_size = self.F(26), self.F(19)
            inner = w - self.px(8)
            lines = self._lines(outcome.headline, big, inner, True)
            reason = self._lines(outcome.reason, reason_size, inner)
            pad = self.gap(12)
            box = pygame.Rect(x - self.px(14), y - pad // 2, w + self.px(28),
                              pad * 2 + self.lh(big) * len(lines)
                              + self.lh(reason_size) * len(reason))
            accent = th.colour_of(outcome.winner) if outcome.winner else th.INK_SOFT
            pen.box(box, th.mix(th.PAPER_LIGHT, th.GOLD, 0.18), accent, max(4, self.px(8)))
            yy = box.y + pad
            for line in lines:
                pen.text(line, (x + self.px(6), yy), big, th.VERMILION_DARK, bold=True)
                yy += self.lh(big)
            for line in reason:
                pen.text(line, (x + self.px(6), yy), reason_size, th.INK)
                yy += self.lh(reason_size)
            y = self._paragraph(pen, outcome.cubes, (x, box.bottom + self.gap(14)), body,
                                th.INK_SOFT)
        else:
            y = self._paragraph(pen, _("Every cube that came out goes back to its supply; the "
                                       "rest stays inside the tower."), (x, y), self.F(18),
                                th.INK)
        y += self.gap(6)
        for remark in self._tower_notes():
            y = self._paragraph(pen, remark, (x, y), self.F(15), th.INK_SOFT)

    def _tower_notes(self) -> list[str]:
        """The tower model's diagnostics for this drop (its safety cap, cubes that escaped),
        worded from the drop's numbers like the log's tower note."""
        extra = self.record.result.extra
        notes = []
        if extra.get("capped"):
            notes.append(_("Tower: the time cap was reached after {seconds} s simulated; cubes "
                           "still moving stayed where they were.").format(
                seconds=decimal(f"{float(extra.get('sim_time', 0.0)):.1f}")))
        escapes = int(extra.get("escapes") or 0)
        if escapes:
            notes.append(ngettext("Tower: {n} cube left the walls and was counted as out.",
                                  "Tower: {n} cubes left the walls and were counted as out.",
                                  escapes).format(n=escapes))
        return notes
