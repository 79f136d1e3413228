"""The new-game screen: seats, daimyo, board side, start mode, seed.

The screen edits a small model (:class:`NewGameForm`) and rebuilds its widgets from it after
every change, so what is enabled and why is computed in one place (``problems``,
``designated_unavailable``) and tested without pixels. Start hands a
:class:`NewGameSettings` to ``app.on_start``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

import pygame

from shogun_desktop import i18n
from shogun_desktop.i18n import LANGUAGES, N_, _, ngettext, pgettext
from shogun_desktop.i18n.datatexts import text as data_text
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.design import BODY_MIN as MIN_TEXT
from shogun_desktop.ui.gamefacts import BoardFacts
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.widgets import (
    Button,
    Choice,
    ConfirmDialog,
    Label,
    LayerCache,
    NativeScene,
    Option,
    Panel,
    TextInput,
    Toggle,
    Widget,
    wrap_text,
)
from shogun_desktop.ui.widgets.choice import label_inset

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

MIN_SEATS, MAX_SEATS = 3, 5
NAME_MAX = 16
SEED_MAX = 12
START_MODES = ("draft", "designated")
# English texts of module constants: translated (``_``) where they are drawn
MODE_HELP = {
    "draft": N_("Draft: in turn, take a province card (face up or blind) and place one of "
                "your army groups there."),
    "designated": N_("Designated: everyone starts in the provinces the rule book assigns "
                     "to their seat."),
}


LEVEL_OPTIONS = (("easy", N_("Easy"), N_("Plays greedily; a gentle opponent")),
                 ("normal", N_("Normal"), N_("Plans cash, rice and battles; a fair challenge")),
                 ("hard", N_("Hard"), N_("Searches over plans; thinks while others plan")))


def default_name(n: int) -> str:
    """A new seat's name in the current language ("Player 2")."""
    return _("Player {n}").format(n=n)


def colour_name(colour: str) -> str:
    """A player colour as a word, in the current language."""
    names = {"red": pgettext("player colour", "red"),
             "yellow": pgettext("player colour", "yellow"),
             "blue": pgettext("player colour", "blue"),
             "purple": pgettext("player colour", "purple"),
             "black": pgettext("player colour", "black")}
    return names.get(colour, colour)


def region_short(region: str) -> str:
    """A region's colour on the map, one word for the preview's legend (the table's word)."""
    return th.region_colour_name(region)


def daimyo_name(facts: BoardFacts, colour: str) -> str:
    """The seat's daimyo as the language writes the name (a data text, by colour)."""
    return data_text("daimyo", colour, facts.daimyo_name(colour))


class Seat(NamedTuple):
    name: str
    colour: str
    is_computer: bool
    level: str = "easy"  # the computer's level (ignored for a human seat)


@dataclass(frozen=True)
class NewGameSettings:
    """What the setup screen decided; the rules engine builds the game from it."""

    seats: list[Seat]
    board: str  # "sun" | "moon"
    start_mode: str  # "draft" | "designated"
    seed: int | None
    xray: bool = False  # table option: the tower's held colours are shown (a memory aid)


@dataclass
class NewGameForm:
    """The editable state of the screen, with the checks that enable Start."""

    facts: BoardFacts
    seats: list[Seat] = field(default_factory=list)
    board: str = "sun"
    start_mode: str = "draft"
    seed_text: str = ""
    xray: bool = False
    note: str | None = None  # why the screen changed something on its own

    def __post_init__(self) -> None:
        if not self.seats:
            for _ in range(4):
                self.add_seat()

    @property
    def colours(self) -> list[str]:
        return [c for c, _name in self.facts.daimyo]

    def add_seat(self) -> bool:
        if len(self.seats) >= MAX_SEATS:
            return False
        used = {s.colour for s in self.seats}
        colour = next(c for c in self.colours if c not in used)
        names = {s.name for s in self.seats}
        n = len(self.seats) + 1
        while default_name(n) in names:
            n += 1
        self.seats.append(Seat(default_name(n), colour, False))
        self._after_change()
        return True

    def remove_seat(self, index: int) -> bool:
        if len(self.seats) <= MIN_SEATS:
            return False
        del self.seats[index]
        self._after_change()
        return True

    def rename_defaults(self, old_names: list[str]) -> None:
        """After a language switch: seats still called by their default name (as it read
        before the switch, ``old_names[i]`` for seat ``i + 1``) take the new language's."""
        old = {name: i + 1 for i, name in enumerate(old_names)}
        for i, s in enumerate(self.seats):
            if s.name in old:
                self.seats[i] = s._replace(name=default_name(old[s.name]))

    def set_name(self, index: int, name: str) -> None:
        self.seats[index] = self.seats[index]._replace(name=name[:NAME_MAX])

    def set_colour(self, index: int, colour: str) -> None:
        """Give seat index this colour; a seat that had it takes this seat's old colour."""
        old = self.seats[index].colour
        for j, s in enumerate(self.seats):
            if s.colour == colour and j != index:
                self.seats[j] = s._replace(colour=old)
        self.seats[index] = self.seats[index]._replace(colour=colour)

    def set_computer(self, index: int, is_computer: bool) -> None:
        self.seats[index] = self.seats[index]._replace(is_computer=is_computer)

    def set_level(self, index: int, level: str) -> None:
        if level not in {key for key, _, _ in LEVEL_OPTIONS}:
            raise ValueError(f"unknown computer level {level!r}")
        self.seats[index] = self.seats[index]._replace(level=level)

    def set_board(self, side: str) -> None:
        self.board = side
        self._after_change()

    def set_start_mode(self, mode: str) -> bool:
        if mode == "designated" and self.designated_unavailable():
            return False
        self.start_mode = mode
        self.note = None
        return True

    def designated_unavailable(self) -> str | None:
        return self.facts.designated_unavailable(self.board, len(self.seats))

    def _after_change(self) -> None:
        if self.start_mode == "designated" and self.designated_unavailable():
            self.start_mode = "draft"
            self.note = N_("Switched to the draft: the designated start is not possible here.")

    def seed(self) -> int | None:
        return int(self.seed_text) if self.seed_text.isdigit() else None

    def problems(self) -> str | None:
        """Why Start is disabled (None = the game can start)."""
        seen: dict[str, int] = {}
        for i, s in enumerate(self.seats, 1):
            name = s.name.strip()
            if not name:
                return _("Seat {n} needs a name").format(n=i)
            if name.casefold() in seen:
                return _("Seats {first} and {second} are both called {name}").format(
                    first=seen[name.casefold()], second=i, name=name)
            seen[name.casefold()] = i
        if len({s.colour for s in self.seats}) != len(self.seats):
            return _("Each seat needs its own daimyo")
        if self.seed_text and not self.seed_text.isdigit():
            return _("The seed must be digits only")
        if self.start_mode == "designated" and self.designated_unavailable():
            return self.designated_unavailable()
        return None

    def settings(self) -> NewGameSettings:
        seats = [Seat(s.name.strip(), s.colour, s.is_computer, s.level) for s in self.seats]
        return NewGameSettings(seats, self.board, self.start_mode, self.seed(), self.xray)


# ------------------------------------------------------------------------ layout (design px)
PLAYERS_PANEL = pygame.Rect(50, 130, 940, 660)
BOARD_PANEL = pygame.Rect(1030, 130, 520, 380)
START_PANEL = pygame.Rect(1030, 530, 520, 260)
PREVIEW = pygame.Rect(1050, 250, 480, 200)  # two legend rows fit below it
ROW_Y0, ROW_H = 232, 94
LANGUAGE_ROW = pygame.Rect(900, 46, 650, 40)
BOTTOM_Y = 816
BADGE = 16  # design px: the seat number on a daimyo taken by another seat


def cube_icon(colour: str, badge: str | None = None, fonts: th.Fonts | None = None,
              badge_size: int = MIN_TEXT):
    """An icon painter: the colour's cube, optionally with a small seat-number badge of
    ``badge_size`` px text (the screen passes its scaled size)."""

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        th.draw_cube(surface, colour, rect)
        if badge and fonts is not None:
            radius = round(badge_size * 0.68)
            c = (rect.right + 1, rect.bottom - radius // 2)  # inside the segment's frame
            pygame.draw.circle(surface, th.PAPER_LIGHT, c, radius)
            pygame.draw.circle(surface, th.INK_SOFT, c, radius, max(1, badge_size // 14))
            th.blit_text(surface, fonts, badge, c, badge_size, th.INK, bold=True,
                         anchor="center")

    return paint


def sun_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    c, r = rect.center, rect.w * 0.26
    for i in range(8):
        a = i * 0.785398
        v = pygame.math.Vector2(1, 0).rotate_rad(a)
        pygame.draw.line(surface, th.VERMILION, (c[0] + v.x * r * 1.35, c[1] + v.y * r * 1.35),
                         (c[0] + v.x * r * 1.85, c[1] + v.y * r * 1.85), 2)
    pygame.draw.circle(surface, th.VERMILION, c, r)


def moon_icon(surface: pygame.Surface, rect: pygame.Rect) -> None:
    c, r = rect.center, rect.w * 0.42
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    lc = (rect.w / 2, rect.h / 2)
    pygame.draw.circle(layer, (*th.GOLD, 255), lc, r)
    pygame.draw.circle(layer, (0, 0, 0, 0), (lc[0] + r * 0.55, lc[1] - r * 0.3), r * 0.85)
    surface.blit(layer, (c[0] - rect.w / 2, c[1] - rect.h / 2))


class NewGameScene(NativeScene):
    """The setup screen, drawn at the window's own resolution: the 1600x900 design scaled by
    ``k`` and centred, text at the window's scale and the player's text size (>= 14 px)."""

    opaque = True

    def __init__(self, app: App, form: NewGameForm | None = None) -> None:
        super().__init__(app)
        self.form = form or NewGameForm(app.board_facts)
        self._layer = LayerCache()
        self._version = 0
        self._board_view = None
        self._map_error: str | None = None
        self._map_tried = False
        self.native_layout(app.window_size)

    # ---------------------------------------------------------------- resolution
    def layout(self) -> None:
        """Lay the screen out for the window's size and the player's text size."""
        if self._board_view is not None:
            self._board_view.layout(self.R(PREVIEW.inflate(-4, -4)))
        self._layer = LayerCache()
        self.rebuild()

    # ---------------------------------------------------------------- model -> widgets
    def rebuild(self) -> None:
        f = self.form
        fonts = self.app.theme.fonts
        R, P, T = self.R, self.P, self.F
        w: list[Widget] = [
            Panel(R(PLAYERS_PANEL), _("Players ({n} of {least}–{most})").format(
                n=len(f.seats), least=MIN_SEATS, most=MAX_SEATS)),
            Panel(R(BOARD_PANEL), _("Board")),
            Panel(R(START_PANEL), _("Start")),
        ]
        hx = PLAYERS_PANEL.x
        for text, x, room in ((_("Name"), hx + 85, 225), (_("Daimyo"), hx + 320, 265),
                              (_("Played by"), hx + 595, 330)):
            w.append(Label(P(x, 196), text, T(15), th.INK_SOFT, bold=True,
                           width=self.px(room)))
        for i, seat in enumerate(f.seats):
            w.extend(self._seat_row(i, seat, fonts))
        y_add = ROW_Y0 + len(f.seats) * ROW_H + 6
        w.append(Button(R(hx + 85, y_add, 240, 44), _("+ Add player"), self._add_seat,
                        key="add", size=T(18),
                        disabled=None if len(f.seats) < MAX_SEATS
                        else ngettext("At most {n} player", "At most {n} players",
                                      MAX_SEATS).format(n=MAX_SEATS)))
        # board side
        w.append(Choice(R(BOARD_PANEL.x + 20, 190, 480, 46),
                        [Option("sun", _("Sun side"), icon=sun_icon),
                         Option("moon", _("Moon side"), icon=moon_icon)],
                        f.board, lambda v: self._change(f.set_board, v), key="board",
                        size=T(18)))
        # start mode
        reason = f.designated_unavailable()
        w.append(Choice(R(START_PANEL.x + 20, START_PANEL.y + 62, 480, 44),
                        [Option("draft", _("Draft"), tooltip=_("Players draft their starting "
                                                               "provinces from the deck")),
                         Option("designated", _("Designated"), disabled=reason,
                                tooltip=_("Fixed starting provinces from the rule book"))],
                        f.start_mode, lambda v: self._change(f.set_start_mode, v), key="mode",
                        size=T(17)))
        seed_label = _("Seed")
        label_x = P(START_PANEL.x + 20, 0)[0]
        seed_x = max(P(START_PANEL.x + 90, 0)[0],
                     label_x + fonts.size(seed_label, T(17), True)[0] + self.px(12))
        seed_y = P(0, START_PANEL.y + 192)[1]
        seed_h = self.px(42)
        w.append(Label((label_x, seed_y + seed_h // 2), seed_label, T(17), th.INK, bold=True,
                       anchor="midleft"))
        w.append(TextInput((seed_x, seed_y, self.px(140), seed_h), f.seed_text,
                           self._set_seed, placeholder=_("random"), max_len=SEED_MAX,
                           allowed=str.isdigit, key="seed", size=T(18),
                           tooltip=_("The same seed replays the same shuffles and tower drops")))
        hint_x = seed_x + self.px(152)
        w.append(Label((hint_x, seed_y + seed_h // 2), _("digits; empty = random"), T(15),
                       th.INK_SOFT, width=R(START_PANEL).right - self.px(12) - hint_x,
                       anchor="midleft"))
        # table option: x-ray tower (fixed for the whole game, like the cardboard tower)
        xray_rect = R(404, BOTTOM_Y + 6, 486, 40)
        xray_label = _("X-ray tower: show the colours held inside")
        xray = Toggle(xray_rect, xray_label, f.xray, self._set_xray, key="xray",
                      scale=self.text_scale,
                      tooltip=_("A table option for the whole game (off = like the cardboard "
                                "tower). Held colours can be worked out by remembering every "
                                "drop; x-ray shows them in the battle tower."))
        room = xray_rect.right - xray.label_x()  # right of the switch
        xray.size = next((s for s in range(T(17), MIN_TEXT - 1, -1)
                          if fonts.size(xray_label, s)[0] <= room), MIN_TEXT)
        w.append(xray)
        # language: each name in its own language; a click switches every word at once
        w.append(Choice(R(LANGUAGE_ROW),
                        [Option(code, lang.native) for code, lang in LANGUAGES.items()],
                        i18n.current().code, lambda v: self._set_language(str(v)),
                        key="language", size=T(15),
                        tooltip=_("Language of the game (remembered for the next start)")))
        # bottom bar
        problem = f.problems()
        w.append(Button(R(50, BOTTOM_Y, 150, 52), _("Quit"), self.app.quit, key="quit",
                        size=T(18)))
        w.append(Button(R(216, BOTTOM_Y, 170, 52), _("Settings…"), self._settings,
                        key="settings", size=T(18),
                        tooltip=_("Sound, animation speed, computer battles, confirmations")))
        w.append(Button(R(900, BOTTOM_Y, 150, 52), _("Load…"), self.app.on_load, key="load",
                        size=T(18)))
        w.append(Button(R(1066, BOTTOM_Y, 196, 52), _("Resume"), self._resume, key="resume",
                        size=T(18),
                        disabled=None if self.app.has_autosave() and self.app.on_resume
                        else _("No autosaved game to resume")))
        w.append(Button(R(1280, BOTTOM_Y, 270, 56), _("Start game"), self.start, key="start",
                        primary=True, hotkey=Action.CONFIRM, disabled=problem, size=T(20)))
        self.ui.set_widgets(w)
        self._version += 1

    def _set_language(self, code: str) -> None:
        defaults = [default_name(n) for n in range(1, MAX_SEATS + 1)]
        i18n.set_language(code)
        self.form.rename_defaults(defaults)
        self.app.prefs.set("language", code)
        self.rebuild()

    def _set_xray(self, value: bool) -> None:
        self.form.xray = bool(value)
        self.rebuild()

    def _seat_row(self, i: int, seat: Seat, fonts: th.Fonts) -> list[Widget]:
        f = self.form
        R, P, T = self.R, self.P, self.F
        x0 = PLAYERS_PANEL.x
        y = ROW_Y0 + i * ROW_H
        owner = {s.colour: j for j, s in enumerate(f.seats)}
        options = []
        for colour, name in f.facts.daimyo:
            j = owner.get(colour)
            name = data_text("daimyo", colour, name)
            if j is None or j == i:
                tip = _("{daimyo} ({colour})").format(daimyo=name, colour=colour_name(colour))
            else:
                tip = _("{daimyo} ({colour}): taken by seat {n}, click to swap").format(
                    daimyo=name, colour=colour_name(colour), n=j + 1)
            badge = str(j + 1) if j is not None and j != i else None
            options.append(Option(colour, "", tooltip=tip,
                                  icon=cube_icon(colour, badge, fonts, self.F(BADGE))))
        human, computer = _("Human"), _("Computer")
        # the largest size at which both words fit their half of the row (a long word in
        # some languages gets a smaller size, never a cut)
        half = self.px(280) // 2 - 2 * label_inset(self.text_scale)
        who_size = next((s for s in (T(16), T(15)) if max(
            fonts.size(human, s, True)[0], fonts.size(computer, s, True)[0]) <= half), MIN_TEXT)
        level: list[Widget] = []
        if seat.is_computer:
            level.append(Choice(R(x0 + 595, y + 52, 334, 38),
                                [Option(k, _(name), tooltip=_("{level}: {about}").format(
                                    level=_(name), about=_(tip)))
                                 for k, name, tip in LEVEL_OPTIONS], seat.level,
                                partial(self._change, f.set_level, i),
                                key=f"level{i}", size=T(16)))
        return [
            *level,
            Label(P(x0 + 22, y + 29), str(i + 1), T(22), th.INK_SOFT, bold=True,
                  anchor="center"),
            TextInput(R(x0 + 85, y + 8, 220, 42), seat.name,
                      partial(self._set_name, i), placeholder=_("name"),
                      max_len=NAME_MAX, key=f"name{i}", size=T(18)),
            Label(P(x0 + 87, y + 56), daimyo_name(f.facts, seat.colour), T(15), th.INK_SOFT,
                  key=f"daimyo{i}", width=self.px(225)),
            Choice(R(x0 + 320, y + 8, 260, 42), options, seat.colour,
                   partial(self._change, f.set_colour, i), key=f"colour{i}", size=T(17)),
            Choice(R(x0 + 595, y + 8, 280, 42),
                   [Option(False, human), Option(True, computer)], seat.is_computer,
                   partial(self._change, f.set_computer, i), key=f"computer{i}",
                   size=who_size),
            Button(R(x0 + 887, y + 8, 42, 42), "✕", partial(self._change, f.remove_seat, i),
                   key=f"remove{i}", size=T(18),
                   tooltip=_("Remove seat {n}").format(n=i + 1),
                   disabled=None if len(f.seats) > MIN_SEATS
                   else ngettext("At least {n} player", "At least {n} players",
                                 MIN_SEATS).format(n=MIN_SEATS)),
        ]

    # ---------------------------------------------------------------- actions
    def _change(self, fn, *args) -> None:
        fn(*args)
        self.rebuild()

    def _add_seat(self) -> None:
        self.form.add_seat()
        self.rebuild()

    def _set_name(self, i: int, text: str) -> None:
        self.form.set_name(i, text)
        self.rebuild()

    def _set_seed(self, text: str) -> None:
        self.form.seed_text = text
        self.rebuild()

    def _resume(self) -> None:
        if self.app.on_resume is not None:
            self.app.on_resume()

    def start(self) -> None:
        if self.form.problems() is None:
            self.app.on_start(self.form.settings())

    # ---------------------------------------------------------------- scene hooks
    def _settings(self) -> None:
        from shogun_desktop.ui.scenes.menu import SettingsScene

        self.app.push(SettingsScene(self.app))

    def resume(self) -> None:
        self.relayout()  # the autosave may have appeared or gone while covered

    def handle(self, inp: Input) -> bool:
        if super().handle(inp):
            return True
        if inp.is_action(Action.CANCEL):
            self.app.push(ConfirmDialog(self.app, _("Quit Shogun?"), _("Close the game window?"),
                                        on_confirm=self.app.quit, confirm_text=_("Quit")))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        key = (self._version, self.ui.visual_state(), self._layout_key)
        surface.blit(self._layer.get(key, surface.get_size(), self._paint), (0, 0))
        self.ui.tooltip.draw(surface, self.app.theme)

    def _paint(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        surface.fill(th.PAPER)
        self._draw_header(surface, fonts)
        self.ui.draw_widgets(surface, self.app.theme)
        for i, seat in enumerate(self.form.seats):
            th.draw_cube(surface, seat.colour,
                         self.P(PLAYERS_PANEL.x + 62, ROW_Y0 + i * ROW_H + 29), self.px(30))
        self._draw_preview(surface, fonts)
        self._draw_notes(surface, fonts)

    def _draw_header(self, surface: pygame.Surface, fonts: th.Fonts) -> None:
        r = th.blit_text(surface, fonts, "SHOGUN", self.P(50, 30), self.F(54), th.INK,
                         bold=True)
        k = fonts.kanji("将軍", self.px(50), th.VERMILION)
        x = r.right + self.px(18)
        if k is not None:
            surface.blit(k, k.get_rect(midleft=(x, r.centery + self.px(2))))
            x += k.get_width() + self.px(24)
        subtitle = _("New game: pass and play for 3–5 players on one screen")
        size = self.F(17)
        room = self.R(LANGUAGE_ROW).x - self.px(16) - x
        lines = wrap_text(fonts, subtitle, size, room)
        if len(lines) > 2:  # a long translation: one line, shortened (the title says it)
            lines = [fonts.fit(subtitle, size, room)]
        line_h = fonts.font(size).get_linesize()
        y = r.centery + self.px(4) - line_h * len(lines) // 2
        for line in lines:
            th.blit_text(surface, fonts, line, (x, y), size, th.INK_SOFT)
            y += line_h
        pygame.draw.line(surface, th.INK, self.P(50, 108), self.P(1550, 108), 2)

    def _draw_notes(self, surface: pygame.Surface, fonts: th.Fonts) -> None:
        f = self.form
        reason = f.designated_unavailable()
        x, y = self.P(START_PANEL.x + 20, START_PANEL.y + 114)
        text, ink = (reason or (_(f.note) if f.note else None)), th.VERMILION
        if not text:
            text, ink = _(MODE_HELP[f.start_mode]), th.INK_SOFT
        size = self.F(15)
        line_h = round(size * 4 / 3)
        for line in wrap_text(fonts, text, size, self.px(START_PANEL.w - 40))[:3]:
            th.blit_text(surface, fonts, line, (x, y), size, ink)
            y += line_h
        problem = f.problems()
        if problem:
            th.blit_text(surface, fonts, problem, self.P(1250, BOTTOM_Y - 16), self.F(16),
                         th.VERMILION, anchor="bottomright")

    # ---------------------------------------------------------------- board preview
    def board_view(self):
        """The small map for the preview, or None when there is no map file (legend then)."""
        if not self._map_tried:
            self._map_tried = True
            path = self.app.data_folder / "map.yaml"
            if path.exists():
                try:
                    from shogun_desktop.ui.board_view import BoardView, load_map_data

                    self._board_view = BoardView(load_map_data(path), {}, self.app.theme.fonts,
                                                 rect=self.R(PREVIEW.inflate(-4, -4)),
                                                 show_names=False)
                except (ImportError, ValueError, OSError) as exc:
                    self._map_error = str(exc)
        return self._board_view

    def _draw_preview(self, surface: pygame.Surface, fonts: th.Fonts) -> None:
        f = self.form
        regions = f.facts.regions.get(f.board, {})
        out = f.facts.out_of_play(f.board, len(f.seats))
        preview = self.R(PREVIEW)
        pygame.draw.rect(surface, th.SEA if self.board_view() else th.PAPER, preview)
        view = self.board_view()
        if view is not None:
            view.set_regions(regions)
            view.set_out_of_play(out)
            view.draw(surface)
            pygame.draw.rect(surface, th.INK_SOFT, preview, 1)
            # region legend under the map, names spelled out (not colour alone); what does
            # not fit the row flows onto a second one
            size = self.F(14)
            row = round(size * 19 / 14)
            x = preview.x
            y = preview.bottom + self.px(6)
            items: list[tuple[str | None, str]] = [(region, region_short(region))
                                                   for region in th.REGION_COLOURS]
            if out:
                items.append((None, _("hatched: out of play")))
            swatch = size
            for region, name in items:
                w = fonts.size(name, size)[0] + (swatch + 4 if region else 0)
                if x > preview.x and x + w > preview.right:
                    x, y = preview.x, y + row
                if region is None:
                    th.blit_text(surface, fonts, name, (x, y + 1), size, th.INK_SOFT)
                    continue
                sw = pygame.Rect(x, y + (row - swatch) // 2, swatch, swatch)
                pygame.draw.rect(surface, th.REGION_COLOURS[region], sw)
                pygame.draw.rect(surface, th.INK, sw, 1)
                r = th.blit_text(surface, fonts, name, (sw.right + 4, y + 1), size, th.INK)
                x = r.right + self.px(10)
        else:
            self._draw_legend(surface, fonts, regions)

    def _draw_legend(self, surface: pygame.Surface, fonts: th.Fonts, regions) -> None:
        f = self.form
        preview = self.R(PREVIEW)
        other = "moon" if f.board == "sun" else "sun"
        other_regions = f.facts.regions.get(other, {})
        out = f.facts.out_of_play(f.board, len(f.seats))
        by_region: dict[str, list[str]] = {}
        for prov, region in sorted(regions.items()):
            by_region.setdefault(region, []).append(prov)
        small = self.F(13)
        y = preview.y + self.px(10)
        for region, colour in th.REGION_COLOURS.items():
            provs = by_region.get(region, [])
            sw = pygame.Rect(preview.x + self.px(10), y + 2, self.px(22), self.px(22))
            pygame.draw.rect(surface, colour, sw, border_radius=3)
            pygame.draw.rect(surface, th.INK, sw, 1, border_radius=3)
            th.blit_text(surface, fonts, th.region_label(region), (sw.right + 8, y + 3),
                         self.F(16), th.INK, bold=True)
            names = ", ".join(p + ("*" if other_regions.get(p) != region else "")
                              + ("°" if p in out else "") for p in provs)
            for line in wrap_text(fonts, names, small, preview.w - self.px(120))[:2]:
                th.blit_text(surface, fonts, line, (preview.x + self.px(110), y + 4), small,
                             th.INK_SOFT)
                y += round(small * 17 / 13)
            y = max(y, sw.bottom) + self.px(10)
        foot = (_("* differs on the sun side") if other == "sun"
                else _("* differs on the moon side"))
        if out:
            foot += "   " + _("° out of play with 3 players")
        th.blit_text(surface, fonts, foot, (preview.x + self.px(10), preview.bottom - small - 6),
                     small, th.INK_SOFT)
