"""The hot-seat game screen: the public table, and the pending decision as clickable things.

The screen draws the *public* view (``player_view(game, None)``) only, so whatever the screen
shows, every seat at the table may see: face-down plan cards are backs. The options of the
pending decision come from the deciding seat's view. Secret planning happens in a
:class:`PlanningScene` behind a :class:`CurtainScene`; battles, winter and the end are
overlays queued after the decision that caused them, shown one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from shogun_desktop.data.reference import load_reference, plain
from shogun_desktop.i18n import _, ngettext, pgettext
from shogun_desktop.i18n.datatexts import reference_text
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import SPACES, IllegalChoiceError
from shogun_desktop.rules.events import Event
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.board_view import BoardView, load_map_data, province_tip, state_overlays
from shogun_desktop.ui.design import DesignScale, map_text_scale
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.scenes.decisions import DecisionPresenter, presenter_for
from shogun_desktop.ui.widgets import (
    Button,
    LayerCache,
    Panel,
    ScrollableLog,
    Widget,
    WidgetGroup,
    draw_tooltip,
)

if TYPE_CHECKING:
    from shogun_desktop.rules.engine import DropRecord
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.session import GameHost, GameSession

# The design layout (1600x900), drawn at the window's own resolution: every rect and text
# size goes through GameScene.R / P / F. The map takes all the height the side column leaves.
DESIGN = (1600, 900)
BANNER = pygame.Rect(0, 0, 1600, 50)
BOARD = pygame.Rect(8, 56, 1040, 702)
DECISION = pygame.Rect(8, 766, 1040, 128)
RX, RW = 1060, 532
ACTION_CARDS_Y, ACTION_CARD = 78, (50, 68)
SPECIALS_Y, SPECIAL_CARD = 174, (100, 50)
EVENTS_Y = 232
RICE_Y, VP_Y = 300, 336
PLAYERS_Y, PLAYER_ROW = 394, 44
TRAY_Y = PLAYERS_Y + 22 + 5 * PLAYER_ROW + 4  # below the 5th player row, never over it
LOG = pygame.Rect(RX, TRAY_Y + 28, RW, 900 - 6 - (TRAY_Y + 28))
FLASH_SECONDS = 4.0


class MiniCard(Widget):
    """One space of a player's plan on the public table: a back until revealed."""

    def __init__(self, rect, card: str | None, label: str, voided: bool = False, *,
                 text_size: int = 13, **kw) -> None:
        super().__init__(rect, **kw)
        self.card, self.label, self.voided = card, label, voided
        self.text_size = text_size

    def draw(self, surface, theme):
        r = self.rect
        radius, line = self.px(3, 2), self.px(1)
        if self.card is None:
            pygame.draw.rect(surface, th.INK_FAINT, r, line, border_radius=radius)
        elif self.card == "hidden":
            pygame.draw.rect(surface, cd.BACK, r, border_radius=radius)
            inset = self.px(2, 2)
            pygame.draw.rect(surface, th.GOLD, r.inflate(-2 * inset, -2 * inset), line,
                             border_radius=radius - 1)
        else:
            v = cd.chest_value(self.card)
            fill = th.mix(th.PAPER_LIGHT, th.GOLD, 0.35) if v is not None else th.PAPER_LIGHT
            pygame.draw.rect(surface, fill, r, border_radius=radius)
            pygame.draw.rect(surface, th.INK_SOFT, r, line, border_radius=radius)
            if v is not None:
                th.blit_text(surface, theme.fonts, str(v), r.center, self.text_size, th.INK,
                             bold=True, anchor="center")
            else:  # a province card: its owner colour's dot (the name is in the tooltip)
                pygame.draw.circle(surface, th.INK_SOFT, r.center, max(2, r.w // 5))
        if self.voided:
            pygame.draw.line(surface, th.VERMILION, r.topleft, r.bottomright, self.px(2, 2))


class GameScene(DesignScale, Scene):
    """The table everyone sees; drives computer seats and queues the overlays.

    Drawn at the window's own resolution: the 1600x900 design scaled by ``k`` (centred,
    aspect kept), a taller window giving its extra height to the map, text following the
    player's text size. The pending human decision is a :class:`DecisionPresenter`.
    """

    fold = BOARD.bottom  # rows below it move down when a taller window adds height

    opaque = True
    native = True

    def __init__(self, app: App, session: GameSession, *, host: GameHost | None = None,
                 computer_delay: float | None = None, animate: bool | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.host = host
        self.computer_delay = (computer_delay if computer_delay is not None
                               else host.computer_delay if host is not None else 0.6)
        self.animate = animate if animate is not None else (host.animate if host else True)
        game = session.game
        self.data = game.data
        side = game.state.board
        self.regions = {p: self.data.provinces[p].region[side] for p in self.data.provinces}
        out = frozenset(self.data.provinces) - game.in_play()
        self.board = BoardView(load_map_data(app.data_folder / "map.yaml"), self.regions,
                               app.theme.fonts, rect=BOARD, out_of_play=out,
                               kanji={p: v.kanji for p, v in self.data.provinces.items()},
                               values={p: (v.tax, v.rice, v.slots)
                                       for p, v in self.data.provinces.items()},
                               side=side)
        self.action_texts = action_texts(app.data_folder, self.data)
        self.ui = WidgetGroup()
        self.layer = LayerCache()
        self.hover: str | None = None
        self.presenter: DecisionPresenter | None = None
        self.queue: list[Callable[[], Scene]] = []
        self.flash: tuple[str, float] | None = None
        self.timer = 0.0
        self.end_shown = False
        self._seen_version = -1
        self._events_seen = len(session.view(None)["events"])
        self._winter_events: list[Event] | None = None
        self._ui_version = 0
        self.k = 1.0
        self.origin = (0, 0)
        self.extra = 0
        self.text_scale = 1.0
        self._layout_key: tuple | None = None
        self.native_layout(app.window_size)

    # ---------------------------------------------------------------- resolution
    def native_layout(self, size: tuple[int, int]) -> None:
        """Lay the design out at the window's size and text size (crisp, no scaling)."""
        if not self.layout_due(size):
            return
        rect, self.k, self.origin, self.extra = table_geometry(size)
        self.text_scale = self.k * self.app.ui_scale
        self.board.layout(rect)
        self.board.set_ui_scale(map_text_scale(self.k, self.app.ui_scale),
                                chrome=self.k * self.app.ui_scale)
        self.ui.scale = self.text_scale  # frames, switches and tooltips follow the layout
        self.layer = LayerCache()
        self.rebuild()

    def Fk(self, size: int) -> int:  # noqa: N802
        """A text size in a fixed box (cards, track cells): the resolution only."""
        return max(9, round(size * self.k))

    @property
    def fonts(self) -> th.Fonts:
        return self.app.theme.fonts

    # ---------------------------------------------------------------- model
    @property
    def view(self) -> dict:
        return self.session.view(None)

    @property
    def target(self) -> str | None:
        """The chosen province of a Battle/Move before its army count (None otherwise)."""
        return getattr(self.presenter, "target", None)

    def human_decision(self):
        """The pending decision when a human at the table must make it here."""
        d = self.session.pending()
        if d is None or self.session.is_computer(d.player) or d.kind == "plan":
            return None
        return d

    def choose(self, choice: Any) -> None:
        try:
            self.session.apply(choice)
        except IllegalChoiceError as exc:
            self.show_flash(self.session.presenter.rejection(exc.rejection))
            return
        self.sync()

    def explain(self, text: str) -> None:
        """A click that does nothing says why."""
        self.show_flash(text)

    def banner_prompt(self, pending: dict) -> str:
        """The pending decision's prompt, marked when a computer seat is deciding."""
        prompt = self.session.presenter.prompt(pending)
        if self.session.is_computer(pending["player"]):
            return _("{prompt} (computer)").format(prompt=prompt)
        return prompt

    def refresh(self) -> None:
        self.rebuild()

    def show_flash(self, text: str) -> None:
        self.flash = (text, FLASH_SECONDS)
        self._ui_version += 1

    def sync(self) -> None:
        """After a decision: new events, drops, winter summary; rebuild the widgets."""
        s = self.session
        if self._seen_version == s.version:
            return
        self._seen_version = s.version
        events = self.view["events"]
        new_events = events[self._events_seen:]
        self._events_seen = len(events)
        for event in new_events:
            if isinstance(event, ev.ActionSkipped | ev.CardVoided):
                self.show_flash(s.presenter.line(event))
        for record in s.new_drops():
            if flow.shows_drop(self.app.prefs, record, s):  # the player may skip computers'
                self.queue.append(partial(self.drop_scene, record))
        self._collect_winter(new_events)
        if s.save_error:
            msg, s.save_error = s.save_error, None
            self.queue.append(lambda: _notice(self.app, _("Autosave failed"), msg))
        self.rebuild()
        self.flush()

    def flush(self) -> bool:
        """Show the next queued overlay now, so no input reaches the table before it."""
        if self.queue and self.app.scenes.top is self:
            self.app.push(self.queue.pop(0)())
            return True
        return False

    def _collect_winter(self, events: list[Event]) -> None:
        """A winter's events, from its rice loss to its scoring, make one summary overlay."""
        for event in events:
            if isinstance(event, ev.WinterRiceLoss):
                self._winter_events = []
            if self._winter_events is not None:
                self._winter_events.append(event)
        if self._winter_events and any(isinstance(e, ev.Scored) for e in self._winter_events):
            winter = self._winter_events
            self._winter_events = None
            from shogun_desktop.ui.scenes.winter import WinterScene

            self.queue.append(lambda: WinterScene(self.app, self.session, winter))

    def drop_scene(self, record: DropRecord) -> Scene:
        colours = {c: self.session.name(c) for c in self.session.seats}
        if self.animate:
            try:
                from shogun_desktop.ui.scenes.battle import BattleOverlay
            except ImportError:
                pass
            else:
                return BattleOverlay(self.app, record, colours,
                                     xray=self.session.game.state.xray,
                                     auto_close=flow.auto_continues(self.app.prefs, record,
                                                                    self.session))
        from shogun_desktop.ui.scenes.drop_notice import DropNotice

        return DropNotice(self.app, record, colours)

    # ---------------------------------------------------------------- widgets
    def rebuild(self) -> None:
        view = self.view
        d = self.human_decision()
        self.presenter = presenter_for(self, d, self.session.view(d.player) if d else None,
                                       self.presenter)
        w: list[Widget] = [Panel(self.R(DECISION))]
        if self.presenter is not None:
            w.extend(self.presenter.widgets(DECISION.x + 16, DECISION.y + 58))
        w.extend(self._plan_cards(view))
        undoer = self.session.can_undo()
        if undoer is not None:  # the last placement revealed and drew nothing (session.undo)
            w.append(Button(self.R(DECISION.right - 226, DECISION.bottom - 56, 210, 44),
                            _("↶ Undo {player}").format(player=self.session.name(undoer)),
                            self.undo, key="undo", size=self.F(16),
                            tooltip=_("Take back the last army placement (Ctrl+Z)")))
        w.extend(self._table_tips(view))
        hb = self.R(BANNER.right - 50, BANNER.y + 7, 40, 36)
        w.append(Button(hb, "?", self.open_help, key="help", size=self.F(20),
                        tooltip=_("Rules reference (F1)")))
        words = self.session.presenter
        lines = [(words.line(e), _log_colour(e)) for e in view["events"]]
        log = self.R(LOG)
        log.h += self.extra  # a taller window (1280x1024) gives the log its extra lines too
        w.append(ScrollableLog(log, lines, size=self.F(14), title=_("Game log"), key="log",
                               tooltip=_("The game so far: scroll with the wheel; hover a cut "
                                         "line to read it in full")))
        self.ui.set_widgets(w)
        self._ui_version += 1

    def _plan_cards(self, view: dict) -> list[Widget]:
        out: list[Widget] = []
        names = view["action_names"]
        for i, colour in enumerate(view["seats"]):
            p = view["players"][colour]
            y = PLAYERS_Y + 22 + i * PLAYER_ROW + 21
            for j, space in enumerate(SPACES):
                card = p["board"].get(space)
                label = names.get(space) or pgettext("plan space", "Bid")
                tip = plan_space_tip(label, card, space in p["voided"])
                voided = space in p["voided"]
                out.append(MiniCard(self.R(RX + 190 + j * 22, y, 19, 17), card, label, voided,
                                    text_size=self.Fk(13),
                                    tooltip=_("{player} — {space}").format(player=p["name"],
                                                                           space=tip),
                                    key=f"plan-{colour}-{space}"))
        return out

    def _table_tips(self, view: dict) -> list[Widget]:
        """Invisible hover areas: the full text of each card, event and track."""
        out: list[Widget] = []
        data = self.data
        cw, ch = ACTION_CARD
        gap = (RW - 10 * cw) / 9
        for i, a in enumerate(view["action_row"]):
            if a == "hidden":
                tip = _("Action {n}: still face down (revealed one by one)").format(n=i + 1)
            else:
                tip = _("Action {n}: {text}").format(
                    n=i + 1, text=self.action_texts.get(a, cd.short_action(a)))
            out.append(Widget(self.R(round(RX + i * (cw + gap)), ACTION_CARDS_Y, cw, ch),
                              tooltip=tip, key=f"tip-action-{i}"))
        cw, ch = SPECIAL_CARD
        gap = (RW - 5 * cw) / 4
        for i, sp in enumerate(view["special_layout"]):
            out.append(Widget(self.R(round(RX + i * (cw + gap)), SPECIALS_Y, cw, ch),
                              tooltip=_("{n}. {name} — {effect} (position {n} in the turn "
                                        "order)").format(n=i + 1, name=cd.special_name(sp),
                                                         effect=data.specials[sp]),
                              key=f"tip-special-{i}"))
        words = self.session.presenter
        # the lines as drawn, whole (the event may be shortened there), then each candidate
        head, label = self.event_lines(view)
        text = "\n".join([head, label] + [
            _("{event}: {effect}").format(event=words.event_name(e),
                                          effect=data.event_effects.get(e, ""))
            for e in view["event_candidates"]])
        out.append(Widget(self.R(RX, EVENTS_Y, RW, 62), tooltip=text, key="tip-events"))
        out.append(Widget(self.R(RX, RICE_Y, RW, 28), key="tip-rice",
                          tooltip=_("Rice: pays for armies in winter (0-18). {values}").format(
                              values=_values(view, "rice", self.session.name))))
        out.append(Widget(self.R(RX, VP_Y, RW, 52), key="tip-vp",
                          tooltip=_("Victory points, scored each winter (the track wraps at "
                                    "50). {values}").format(
                              values=_values(view, "vp", self.session.name))))
        pending = view["pending"]
        if pending is not None:
            shown = self.banner(view).prompt
            area = self.R(300, 0, BANNER.w - 420, BANNER.h)
            if shown is not None and shown.w:
                area = pygame.Rect(shown.x, area.y, shown.w, area.h)
            out.append(Widget(area, key="tip-prompt", tooltip=self.banner_prompt(pending)))
        columns = pgettext("list", ", ").join(
            _("{label}: {meaning}").format(label=label, meaning=meaning)
            for label, meaning, _dx in player_columns())
        out.append(Widget(self.R(RX - 4, PLAYERS_Y - 2, RW + 8, 20), key="tip-players",
                          tooltip=_("{title} — {columns}").format(title=players_title(view),
                                                                   columns=columns)))
        for i, colour in enumerate(view["seats"]):
            p = view["players"][colour]
            row = self._player_row(i)
            lines = [self.session.name(colour)]
            if p["special"] in view["special_layout"]:
                n = view["special_layout"].index(p["special"]) + 1
                lines.append(_("{n}. {name} — {effect} (position {n} in the turn order)").format(
                    n=n, name=cd.special_name(p["special"]), effect=data.specials[p["special"]]))
            # the name column (its special is cut there): the plan cards right of it have theirs
            area = pygame.Rect(row.x, row.y, self.P(RX + 186, 0)[0] - row.x, row.h)
            out.append(Widget(area, key=f"tip-player-{colour}", tooltip="\n".join(lines)))
        out.append(Widget(self.R(RX, TRAY_Y, RW, 22), key="tip-tray",
                          tooltip=_("Cubes in the tower's tray: they come out in later drops. "
                                    "Farmers in supply: cubes that revolts and defence add.")
                          + "\n" + _("farmers in supply: {n}").format(n=view["farmer_supply"])))
        return out

    # ---------------------------------------------------------------- scene hooks
    def resume(self) -> None:
        self.app.inputs.reset()
        self.native_layout(self.app.window_size)
        self.sync()
        self.flush()

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.MOTION:
            self.hover = self.board.province_at(inp.pos)
        if self.ui.handle(inp):
            return True
        if inp.is_action(Action.CANCEL):
            if self.presenter is None or not self.presenter.cancel():
                self.open_menu()
            return True
        if inp.is_click(1) and inp.pos is not None and self.board.rect.collidepoint(inp.pos):
            self.click_province(self.board.province_at(inp.pos))
            return True
        if inp.is_action(Action.LETTER) and inp.letter == "z" and inp.ctrl:
            self.undo()
            return True
        if inp.kind is Kind.KEY and inp.action in (Action.DIGIT, Action.LETTER):
            return self.presenter is not None and self.presenter.key(inp)
        return False

    def undo(self) -> None:
        if self.session.undo():
            self.presenter = None  # the decision it presented is gone: sync makes a fresh one
            self.sync()
        else:
            self.show_flash(_("Nothing to undo: a card draw, a drop or a reveal came after it"))

    def click_province(self, province: str | None) -> None:
        if province is None:
            return
        if self.presenter is None:
            pending = self.session.pending()
            if pending is not None:
                who = self.session.name(pending.player)
                self.explain(_("{player} is deciding: wait for your turn.").format(player=who)
                             if self.session.is_computer(pending.player) else
                             _("Nothing to choose on the map right now."))
            return
        self.presenter.click_province(province)

    def open_help(self) -> None:
        from shogun_desktop.ui.scenes.rules_reference import open_rules_reference

        open_rules_reference(self.app)

    def open_menu(self) -> None:
        from shogun_desktop.ui.scenes.menu import MenuScene

        self.app.push(MenuScene(self.app, self.session, self.host))

    def update(self, dt: float) -> None:
        self.native_layout(self.app.window_size)
        self.sync()
        self.ui.update(dt)
        if self.flash is not None:
            text, ttl = self.flash
            self.flash = (text, ttl - dt) if ttl > dt else None
            if self.flash is None:
                self._ui_version += 1
        if self.flush():
            return
        s = self.session
        d = s.pending()
        if d is None:
            if s.is_over() and not self.end_shown:
                self.end_shown = True
                from shogun_desktop.ui.scenes.end import EndScene

                self.app.push(EndScene(self.app, s, self.host))
            return
        s.think_ahead()  # background seats plan while the screen is handed over
        if s.is_computer(d.player):
            self.timer += dt
            if self.timer >= self.computer_delay and s.play_computer(wait=False):
                self.timer = 0.0
                self.sync()
        elif d.kind == "plan":
            self.start_planning(d.player)

    def start_planning(self, colour: str) -> None:
        """The planning screen for colour, hidden behind the curtain until they reveal it."""
        from shogun_desktop.ui.recap import build_recap
        from shogun_desktop.ui.scenes.curtain import CurtainScene
        from shogun_desktop.ui.scenes.planning import PlanningScene

        name = self.session.name(colour)
        daimyo = (self.data.daimyo_name(colour) if colour in self.data.daimyo
                  else colour.title())
        self.app.push(PlanningScene(self.app, self.session, colour))
        self.app.push(CurtainScene(
            self.app, f"{name}", colour,
            reason=_("{daimyo} — {player} — everyone else, please look away").format(
                daimyo=daimyo, player=name),
            button_text=_("I am {player}: show my plan").format(player=name),
            recap=build_recap(self.session, colour)))

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        key = (self.session.version, self._ui_version, self.ui.visual_state(),
               getattr(self.ui.by_key("log"), "scroll", 0))
        surface.blit(self.layer.get(key, surface.get_size(), self._paint), (0, 0))
        if self.hover is not None:  # over the cached table: moving the pointer repaints nothing
            pts = self.board.screen_polys.get(self.hover)
            if pts:
                pygame.draw.polygon(surface, th.VERMILION, pts, max(2, round(4 * self.board.scale)))
        text = self.ui.tooltip.text()
        size = self.F(15)
        if text:
            assert self.ui.tooltip.pos is not None
            draw_tooltip(surface, self.app.theme, text, self.ui.tooltip.pos, size)
        elif self.hover is not None and self.ui.pointer is not None:
            draw_tooltip(surface, self.app.theme, self.province_tip(self.hover), self.ui.pointer,
                         size)

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """The tooltip a player gets by pointing at pos: a widget's, else a province's."""
        for widget in reversed(self.ui.widgets):
            if widget.contains(pos):
                tip = widget.tip(pos)
                if tip:
                    return tip
        province = self.board.province_at(pos) if self.board.rect.collidepoint(pos) else None
        return self.province_tip(province) if province else None

    def province_tip(self, name: str) -> str:
        return province_tip(self.data, self.view, name, self.regions[name], self.session.name)

    def _paint(self, surface: pygame.Surface) -> None:
        view = self.view
        fonts = self.fonts
        surface.fill(th.PAPER)
        self._draw_banner(surface, view, fonts)
        overlays = self.overlays(view)
        self.board.draw(surface, overlays)
        self._draw_badges(surface, overlays)
        pygame.draw.rect(surface, th.INK_SOFT, self.board.rect, 1)
        self._draw_actions(surface, view, fonts)
        self._draw_specials(surface, view, fonts)
        self._draw_events(surface, view, fonts)
        self._draw_tracks(surface, view, fonts)
        self._draw_players(surface, view, fonts)
        self._draw_tray(surface, view, fonts)
        self.ui.draw_widgets(surface, self.app.theme)  # over the rows: the plan cards
        self._draw_decision_text(surface, view, fonts)

    def overlays(self, view: dict) -> dict[str, dict]:
        pr = self.presenter
        targets = pr.targets() if pr else set()
        selected = pr.selected() if pr else set()
        out: dict[str, dict] = {}
        for name, ov in state_overlays(view["provinces"]).items():
            if name in targets:
                ov["highlight"] = "target"
            elif name in selected:
                ov["highlight"] = "select"
            if ov:
                out[name] = ov
        return out

    def _draw_badges(self, surface: pygame.Surface, overlays: dict[str, dict]) -> None:
        """Numbered badges on the map (the winter revolt order being chosen), left of the
        province's name box, never over it."""
        if self.presenter is None:
            return
        badges = self.presenter.badges()
        if not badges:
            return
        placed = self.board.placements(overlays)
        r = max(12, round(15 * self.k))
        for name, text in badges.items():
            box = placed[name].boxes.get("name") if name in placed else None
            if box is not None:
                centre = (box[0] - r - 3, box[1] + box[3] // 2)
            else:
                cx, cy = self.board.label_pos(name)
                centre = (round(cx), round(cy))
            pygame.draw.circle(surface, th.INK, centre, r + 2)
            pygame.draw.circle(surface, th.GOLD, centre, r)
            th.blit_text(surface, self.fonts, text, centre, self.F(18), th.INK, bold=True,
                         anchor="center")

    def banner(self, view: dict) -> Banner:
        """The top bar's parts, measured: title, the decider's marker and prompt, the keys hint.

        The prompt gets the room between the title and the hint; when a language makes it
        longer, the hint goes first (the ? button and its tooltip remain), then the prompt is
        shortened with an ellipsis (its full text is the bar's tooltip and the panel's text).
        Nothing is drawn over anything else (test_i18n_layout checks every language)."""
        fonts = self.fonts
        band = self.R(BANNER)
        title = banner_title(self.session.presenter, view)
        ts, ps, hs = self.F(18), self.F(18), self.F(15)
        left = self.P(16, 0)[0]
        right = self.P(BANNER.right - 62, 0)[0]  # the ? button's left, less a gap
        gap = round(24 * self.k)
        tw = fonts.size(title, ts, True)[0]
        title_rect = pygame.Rect(left, band.centery - ts // 2, tw, ts)
        hint = _("F1: rules · Esc: menu")
        hw = fonts.size(hint, hs)[0]
        pending = view["pending"]
        marker = prompt = None
        prompt_text = ""
        if pending is not None:
            x = title_rect.right + round(28 * self.k)
            marker = pygame.Rect(x, band.centery - round(14 * self.k), round(28 * self.k),
                                 round(28 * self.k))
            px = x + round(36 * self.k)
            full = self.banner_prompt(pending)
            pw = fonts.size(full, ps, True)[0]
            if px + pw + gap + hw > right:
                hint, hw = "", 0  # the prompt matters more than the keys' reminder
            room = max(0, right - px - (gap + hw if hint else 0))
            prompt_text = fonts.fit(full, ps, room, True) if room else ""
            prompt = pygame.Rect(px, band.centery - ps // 2,
                                 fonts.size(prompt_text, ps, True)[0] if prompt_text else 0, ps)
        elif view["winners"]:
            prompt_text = _("Game over")
            x = title_rect.right + round(28 * self.k)
            prompt = pygame.Rect(x, band.centery - ps // 2,
                                 fonts.size(prompt_text, ps, True)[0], ps)
        hint_rect = (pygame.Rect(right - hw, band.centery - hs // 2, hw, hs) if hint
                     else None)
        return Banner(title, title_rect, ts, marker, prompt_text, prompt, ps, hint, hint_rect,
                      hs)

    def _draw_banner(self, surface, view, fonts) -> None:
        band = self.R(BANNER)
        band.x, band.w = 0, surface.get_width()
        pygame.draw.rect(surface, th.INK, band)
        cy = band.centery
        b = self.banner(view)
        th.blit_text(surface, fonts, b.title, (b.title_rect.x, cy), b.title_size,
                     th.PAPER_LIGHT, bold=True, anchor="midleft")
        if b.marker is not None:
            th.draw_marker(surface, view["pending"]["player"], b.marker.center, b.marker.w)
        if b.prompt is not None and b.prompt_text:
            th.blit_text(surface, fonts, b.prompt_text, (b.prompt.x, cy), b.prompt_size,
                         th.GOLD, bold=True, anchor="midleft")
        if b.hint_rect is not None:
            th.blit_text(surface, fonts, b.hint, (b.hint_rect.right, cy), b.hint_size,
                         th.lighten(th.INK_FAINT, 0.2), anchor="midright")

    def _draw_decision_text(self, surface, view, fonts) -> None:
        r = self.R(DECISION)
        pending = view["pending"]
        y = r.y + round(10 * self.k)
        if pending is None:
            text = _("The game is over.") if view["winners"] else ""
        else:
            text = self.session.presenter.prompt(pending)
        if self.presenter is not None:
            text += self.presenter.hint()
        elif pending is not None and self.session.is_computer(pending["player"]):
            text = _("{player} (computer) is deciding…").format(
                player=self.session.name(pending["player"]))
        elif pending is not None and pending["kind"] == "plan":
            text = _("Secret planning: each player plans behind the curtain.")
        size = self.F(17)
        for line in wrap_bold(fonts, text, size, r.w - round(32 * self.k))[:2]:
            th.blit_text(surface, fonts, line, (r.x + round(16 * self.k), y), size, th.INK,
                         bold=True)
            y += size + 6
        if self.flash:
            self._draw_toast(surface, fonts, self.flash[0])

    def _draw_toast(self, surface, fonts, text: str) -> None:
        """Why a click did nothing (or what was skipped): a box over the map's foot."""
        size = self.F(17)
        area = self.board.rect
        lines = wrap_bold(fonts, text, size, round(area.w * 0.8))[:3]
        w = max(fonts.size(line, size, True)[0] for line in lines) + round(40 * self.k)
        h = len(lines) * (size + 6) + round(18 * self.k)
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (area.centerx, area.bottom - round(14 * self.k))
        off, radius = max(3, round(3 * self.k)), max(6, round(8 * self.k))
        pygame.draw.rect(surface, th.INK_SOFT, box.move(off, off), border_radius=radius)
        pygame.draw.rect(surface, th.mix(th.PAPER_LIGHT, th.VERMILION, 0.12), box,
                         border_radius=radius)
        pygame.draw.rect(surface, th.VERMILION_DARK, box, max(2, round(2 * self.k)),
                         border_radius=radius)
        y = box.y + round(9 * self.k)
        for line in lines:
            th.blit_text(surface, fonts, line, (box.centerx, y), size, th.VERMILION_DARK,
                         bold=True, anchor="midtop")
            y += size + 6

    def _draw_actions(self, surface, view, fonts) -> None:
        th.blit_text(surface, fonts, _("Action row"), self.P(RX, ACTION_CARDS_Y - 20), self.F(15),
                     th.INK_SOFT, bold=True)
        if not view["action_row"]:
            th.blit_text(surface, fonts, _("dealt when the first round begins"),
                         self.P(RX, ACTION_CARDS_Y + 20), self.F(15), th.INK_SOFT)
        if not view["special_layout"]:
            th.blit_text(surface, fonts, _("laid out when the first round begins"),
                         self.P(RX, SPECIALS_Y + 12), self.F(15), th.INK_SOFT)
        cw, ch = ACTION_CARD
        gap = (RW - 10 * cw) / 9
        acting = view["phase"] == "actions"
        for i, a in enumerate(view["action_row"]):
            r = self.R(round(RX + i * (cw + gap)), ACTION_CARDS_Y, cw, ch)
            face = None if a == "hidden" else a
            cd.draw_action_card(surface, r, fonts, i + 1, face,
                                done=acting and i < view["actions_done"],
                                current=acting and i == view["actions_done"], scale=self.k)

    def _draw_specials(self, surface, view, fonts) -> None:
        th.blit_text(surface, fonts, _("Special cards (position = turn order)"),
                     self.P(RX, SPECIALS_Y - 20), self.F(15), th.INK_SOFT, bold=True)
        cw, ch = SPECIAL_CARD
        gap = (RW - 5 * cw) / 4
        holders = {p["special"]: c for c, p in view["players"].items() if p["special"]}
        for i, sp in enumerate(view["special_layout"]):
            r = self.R(round(RX + i * (cw + gap)), SPECIALS_Y, cw, ch)
            cd.draw_frame(surface, r, fill=th.mix(th.PAPER_LIGHT, th.SEA, 0.25), scale=self.k)
            th.blit_text(surface, fonts, str(i + 1), (r.x + 6, r.y + 4), self.Fk(14),
                         th.INK_SOFT, bold=True)
            size = self.Fk(14)
            th.blit_text(surface, fonts, fonts.fit(cd.special_name(sp), size, r.w - 8, True),
                         (r.centerx, r.bottom - 5), size, th.INK, bold=True,
                         anchor="midbottom")
            if sp in holders:
                th.draw_marker(surface, holders[sp], (r.right - round(14 * self.k),
                                                      r.y + round(14 * self.k)),
                               round(22 * self.k))

    def event_lines(self, view: dict) -> tuple[str, str]:
        """The event in force (or that there is none yet) and the candidates, in full."""
        event = view["event"]
        words = self.session.presenter
        if event:
            head = _("Event in force: {event} — {effect}").format(
                event=words.event_name(event), effect=self.data.event_effects.get(event, ""))
        else:
            head = _("Event in force: none yet (drawn after planning)")
        cands = view["event_candidates"]
        names = pgettext("list", ", ").join(words.event_name(c) for c in cands) or "—"
        label = (_("Winter card: {names}") if view["phase"] == "winter"
                 else _("Event candidates: {names}")).format(names=names)
        return head, label

    def _draw_events(self, surface, view, fonts) -> None:
        y = EVENTS_Y
        w = round(RW * self.k)
        size = self.F(15)
        step = round(22 * self.k)
        lines: list[tuple[str, th.RGB, bool]] = []
        in_force, label = self.event_lines(view)
        if view["event"]:
            lines += [(line, th.VERMILION_DARK, True)
                      for line in wrap_bold(fonts, in_force, size, w)]
        else:
            lines.append((fonts.fit(in_force, size, w), th.INK_SOFT, False))
        lines.append((fonts.fit(label, size, w), th.INK, False))
        if view["winter_loss"] is not None:
            loss = view["winter_loss"]
            lines.append((ngettext("Winter: every player loses {n} rice",
                                   "Winter: every player loses {n} rice", loss).format(n=loss),
                          th.INK, True))
        # three rows above the rice track: a long event takes two of them (its full text is
        # also in the tooltip), then the candidates; the winter loss when there is room
        if len(lines) > 3:
            head = [ln for ln in lines if ln[1] == th.VERMILION_DARK]
            rest = [ln for ln in lines if ln[1] != th.VERMILION_DARK]
            keep = max(1, 3 - len(rest))
            if len(head) > keep:
                joiner = "" if th.is_cjk(head[0][0]) else " "
                last = joiner.join(t for t, _c, _b in head[keep - 1:])
                head = head[:keep - 1] + [(fonts.fit(last, size, w, True), th.VERMILION_DARK,
                                           True)]
            lines = (head + rest)[:3]
        for i, (text, colour, bold) in enumerate(lines):
            th.blit_text(surface, fonts, text, (self.P(RX, y)[0], self.P(RX, y)[1] + i * step),
                         size, colour, bold=bold)

    def _draw_tracks(self, surface, view, fonts) -> None:
        seats = view["seats"]
        players = view["players"]
        th.blit_text(surface, fonts, fonts.fit(pgettext("track", "Rice"), self.F(14),
                                               round(46 * self.k), True),
                     self.P(RX, RICE_Y + 13), self.F(14), th.INK_SOFT, bold=True,
                     anchor="midleft")
        x0, cells = RX + 50, 19
        cw = (RW - 50) / cells
        for v in range(cells):
            r = self.R(round(x0 + v * cw), RICE_Y, round(cw) - 1, 28)
            pygame.draw.rect(surface, th.PAPER_LIGHT, r)
            pygame.draw.rect(surface, th.INK_FAINT, r, 1)
            th.blit_text(surface, fonts, str(v), (r.centerx, r.bottom - 1), self.Fk(11),
                         th.INK_SOFT, anchor="midbottom")
        self._track_markers(surface, seats, {c: min(18, players[c]["rice"]) for c in seats},
                            x0, cw, RICE_Y)
        th.blit_text(surface, fonts, fonts.fit(pgettext("track", "VP"), self.F(14),
                                               round(46 * self.k), True),
                     self.P(RX, VP_Y + 26), self.F(14), th.INK_SOFT, bold=True,
                     anchor="midleft")
        cw2 = (RW - 50) / 25
        for v in range(50):
            row, col = divmod(v, 25)
            r = self.R(round(x0 + col * cw2), VP_Y + row * 27, round(cw2) - 1, 26)
            pygame.draw.rect(surface, th.PAPER_LIGHT, r)
            pygame.draw.rect(surface, th.INK_FAINT, r, 1)
            th.blit_text(surface, fonts, str(v), (r.centerx, r.bottom - 1), self.Fk(10),
                         th.INK_SOFT, anchor="midbottom")
        by_row: dict[int, dict[str, int]] = {}
        for c in seats:
            row, col = divmod(players[c]["vp"] % 50, 25)
            by_row.setdefault(row, {})[c] = col
        for row, cols in by_row.items():
            self._track_markers(surface, seats, cols, x0, cw2, VP_Y + row * 27)

    def _track_markers(self, surface, seats, values: dict[str, int], x0, cw, y) -> None:
        """Markers on a track; several at one value sit side by side, centred on it."""
        for v, group in track_groups(seats, values).items():
            for cx, colour in zip(track_positions(x0 + v * cw + cw / 2, len(group), cw),
                                  group, strict=True):
                th.draw_marker(surface, colour, self.P(cx, y + 9), max(8, round(12 * self.k)))

    def _draw_players(self, surface, view, fonts) -> None:
        cols = player_columns()
        hs = self.F(13)
        # the columns share the width right of the names, each as wide as its header plus
        # an equal share of the rest and centred on it: headers at the body size (14 px at
        # 1280x720) never run together
        x0, x1 = self.P(RX + 160, 0)[0], self.P(RX + RW, 0)[0]
        widths = [fonts.size(text, hs)[0] for text, _meaning, _dx in cols]
        spare = max(0, x1 - x0 - sum(widths)) / len(cols)
        centres, x = [], float(x0)
        for w in widths:
            centres.append(x + (w + spare) / 2)
            x += w + spare
        for (text, _meaning, _dx), cx in zip(cols, centres, strict=True):
            th.blit_text(surface, fonts, text, (round(cx), self.P(0, PLAYERS_Y)[1]), hs,
                         th.INK_SOFT, anchor="midtop")
        title = players_title(view)
        if fonts.size(title, hs, True)[0] > x0 - self.P(RX, 0)[0] - 4:
            title = _("Players")
        th.blit_text(surface, fonts, fonts.fit(title, hs, x0 - self.P(RX, 0)[0] - 4, True),
                     self.P(RX, PLAYERS_Y), hs, th.INK_SOFT, bold=True)
        pending = view["pending"]
        order = view["turn_order"] or view["seats"]
        for i, colour in enumerate(view["seats"]):
            p = view["players"][colour]
            y = PLAYERS_Y + 22 + i * PLAYER_ROW
            row = self._player_row(i)
            active = pending is not None and pending["player"] == colour
            radius = max(3, round(4 * self.k))
            pygame.draw.rect(surface, th.mix(th.PAPER_LIGHT, th.GOLD, 0.3) if active
                             else th.PAPER_LIGHT, row, border_radius=radius)
            if active:
                pygame.draw.rect(surface, th.GOLD, row, max(2, round(2 * self.k)),
                                 border_radius=radius)
            stripe = pygame.Rect(row.x, row.y, max(4, round(6 * self.k)), row.h)
            pygame.draw.rect(surface, th.PLAYER_COLOURS[colour], stripe, border_radius=3)
            th.draw_marker(surface, colour, self.P(RX + 16, y + 13), round(22 * self.k))
            name = (_("{player} (cpu)").format(player=p["name"]) if p["computer"]
                    else p["name"])
            name_y, special_y = self._player_lines(row, fonts)
            x = self.P(RX + 32, 0)[0]
            th.blit_text(surface, fonts, fonts.fit(name, self.F(15), round(150 * self.k), True),
                         (x, name_y), self.F(15), th.INK, bold=True)
            pos = f"#{order.index(colour) + 1} " if view["turn_order"] else ""
            sp = cd.special_name(p["special"]) if p["special"] else ""
            # cut to the name column (the plan cards follow): the row's tooltip has it whole
            th.blit_text(surface, fonts, fonts.fit(pos + sp, self.F(13), round(150 * self.k)),
                         (x, special_y), self.F(13), th.INK_SOFT)
            for value, cx in zip((p["vp"], p["rice"], p["chests"], p["supply"],
                                  len(p["provinces"]), p["hand_size"]), centres, strict=True):
                th.blit_text(surface, fonts, str(value), (round(cx), self.P(0, y + 3)[1]),
                             self.F(16), th.INK, bold=True, anchor="midtop")

    def _player_row(self, i: int) -> pygame.Rect:
        """The box of the i-th player row (window pixels)."""
        y = PLAYERS_Y + 22 + i * PLAYER_ROW
        return self.R(RX - 4, y - 2, RW + 8, PLAYER_ROW - 4)

    def _player_lines(self, row: pygame.Rect, fonts: th.Fonts) -> tuple[int, int]:
        """Tops of the name and special lines, both inside row at any size: at 1280x720 two
        body lines (14 px) fill the 32 px row, so they share its spare height evenly."""
        h_name = fonts.size("Ág", self.F(15), True)[1]
        h_special = fonts.size("Ág", self.F(13))[1]
        gap = max(0, (row.h - h_name - h_special) // 3)
        return row.y + gap, row.bottom - gap - h_special

    def _draw_tray(self, surface, view, fonts) -> None:
        size = self.F(14)
        cy = TRAY_Y + 10
        head = th.blit_text(surface, fonts, _("Tower tray:"), self.P(RX, cy), size,
                            th.INK_SOFT, bold=True, anchor="midleft")
        x = max(self.P(RX + 100, cy)[0], head.right + round(8 * self.k))
        tray = view["tray"]
        if not tray:
            x = th.blit_text(surface, fonts, pgettext("tray", "empty"), (x, self.P(0, cy)[1]),
                             size, th.INK_SOFT, anchor="midleft").right + round(14 * self.k)
        for colour, n in sorted(tray.items()):
            yy = self.P(0, cy)[1]
            th.draw_cube(surface, colour, (x + round(9 * self.k), yy), round(18 * self.k))
            r = th.blit_text(surface, fonts, f"{n}", (x + round(22 * self.k), yy), size, th.INK,
                             bold=True, anchor="midleft")
            x = r.right + round(14 * self.k)
        # right-aligned after the cubes, never over them (shortened: the tray's tooltip has it)
        farmers = _("farmers in supply: {n}").format(n=view["farmer_supply"])
        right = self.P(RX + RW, cy)
        th.blit_text(surface, fonts, fonts.fit(farmers, self.F(13), right[0] - x - round(
            8 * self.k)), right, self.F(13), th.INK_SOFT, anchor="midright")


@dataclass(frozen=True)
class Banner:
    """The top bar as laid out: each part's text, rect (window pixels) and size."""

    title: str
    title_rect: pygame.Rect
    title_size: int
    marker: pygame.Rect | None
    prompt_text: str
    prompt: pygame.Rect | None
    prompt_size: int
    hint: str
    hint_rect: pygame.Rect | None
    hint_size: int

    def rects(self) -> list[pygame.Rect]:
        return [r for r in (self.title_rect, self.marker, self.prompt, self.hint_rect)
                if r is not None and r.w > 0]


def player_columns() -> list[tuple[str, str, int]]:
    """The players table's columns: (header, what it counts, design x offset)."""
    return [
        (pgettext("column", "VP"), _("victory points"), 196),
        (pgettext("column", "Rice"), _("rice"), 240),
        (pgettext("column", "Chests"), _("war chests"), 290),
        (pgettext("column", "Armies"), _("armies in supply"), 352),
        (pgettext("column", "Prov."), _("provinces held"), 420),
        (pgettext("column", "Hand"), _("province cards in hand"), 470),
    ]


def players_title(view: dict) -> str:
    return _("Players (turn order)") if view["turn_order"] else _("Players")


def wrap_bold(fonts: th.Fonts, text: str, size: int, width: int) -> list[str]:
    """Greedy word wrap measured in the bold face it is drawn in (Chinese, which has no
    spaces, by the script's line rules: Fonts.wrap)."""
    out: list[str] = []
    if th.is_cjk(text):
        for para in text.split("\n"):
            out.extend(fonts.wrap(para, size, width, True) or [""])
        return out
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if line and fonts.size(trial, size, True)[0] > width:
                out.append(line)
                line = word
            else:
                line = trial
        out.append(line)
    return out


def table_geometry(size: tuple[int, int]) -> tuple[pygame.Rect, float, tuple[int, int], int]:
    """(map rect in window pixels, k, origin, extra height) of the table at a window size.

    The 1600x900 design is scaled by k to fit (centred); a taller window (1280x1024) gives
    its extra height to the map. Pure, so the map-layout test checks the real geometry.
    """
    w, h = size
    k = min(w / DESIGN[0], h / DESIGN[1])
    extra = max(0, round(h - DESIGN[1] * k))
    origin = (round((w - DESIGN[0] * k) / 2), 0)
    rect = pygame.Rect(round(origin[0] + BOARD.x * k), round(BOARD.y * k),
                       round(BOARD.w * k), round(BOARD.h * k) + extra)
    return rect, k, origin, extra


def track_groups(seats: list[str], values: dict[str, int]) -> dict[int, list[str]]:
    """The colours at each track value, in seat order."""
    out: dict[int, list[str]] = {}
    for c in seats:
        if c in values:
            out.setdefault(values[c], []).append(c)
    return out


def track_positions(centre: float, n: int, cell: float) -> list[float]:
    """x centres of n markers at one track value: side by side, overlapping a little only
    when more than the cell and its neighbours' halves can hold."""
    step = min(13.0, max(7.0, 2 * cell / max(1, n)))
    first = centre - step * (n - 1) / 2
    return [first + i * step for i in range(n)]


def banner_title(words, view: dict) -> str:
    """Year, season and phase; the phase is left out when it only repeats the season."""
    season = words.season(view["season"])
    phase = words.phase(view["phase"])
    same = phase.strip().lower() == season.strip().lower()
    if view["phase"] == "actions":
        phase = _("{phase} ({n} of 10)").format(phase=phase,
                                                n=min(view["actions_done"] + 1, 10))
    if same:
        return _("Year {year} · {season}").format(year=view["year"], season=season)
    return _("Year {year} · {season} · {phase}").format(year=view["year"], season=season,
                                                        phase=phase)


def action_texts(data_folder, board) -> dict[str, str]:
    """Each action card's name and full text: the rules reference's, in the player's language
    (its translate hook, as the book uses), numbers from data, bold markup taken out (a
    tooltip draws plain text), one paragraph a line."""
    out = {a.id: board.action_name(a.id) for a in board.actions}
    try:
        ref = load_reference(data_folder, board=board, translate=reference_text)
    except Exception:  # noqa: BLE001 - a broken reference.yaml leaves the names (the book says why)
        return out
    for chapter in ref.chapters:
        if chapter.kind != "actions":
            continue
        for section in chapter.sections:
            aid = section.id.split("/")[-1]
            if aid in out:
                body = "\n".join(plain(b.text) for b in section.blocks if b.text)
                out[aid] = _("{action}: {text}").format(action=plain(section.title), text=body)
    return out


def _values(view: dict, key: str, name) -> str:
    return pgettext("list", ", ").join(
        _("{player} {value}").format(player=name(c), value=view["players"][c][key])
        for c in view["seats"])


def plan_space_tip(label: str, card: str | None, voided: bool) -> str:
    """What one space of a player's plan shows the table: empty, a back, or the card."""
    if card is None:
        tip = _("{space}: empty").format(space=label)
    elif card == "hidden":
        tip = _("{space}: face down").format(space=label)
    else:
        v = cd.chest_value(card)
        tip = (_("{space}: war chest card {value}").format(space=label, value=v)
               if v is not None else _("{space}: {card}").format(space=label, card=card))
    return _("{text} (void)").format(text=tip) if voided else tip


def _log_colour(event: Event) -> th.RGB:
    """The log colour of an event, by its type: skips red, fights brown, milestones dark."""
    if isinstance(event, ev.ActionSkipped | ev.CardVoided):
        return th.VERMILION_DARK
    if isinstance(event, ev.BattleResolved | ev.RevoltResolved | ev.ProvisionsShort):
        return (120, 60, 20)
    if isinstance(event, ev.Scored | ev.RoundStarted | ev.WinterRiceLoss | ev.GameOver
                  | ev.YearReset):
        return th.INK
    return th.INK_SOFT


def _notice(app: App, title: str, message: str) -> Scene:
    from shogun_desktop.ui.widgets import ConfirmDialog

    return ConfirmDialog(app, title, message, cancel_text=None)


__all__ = ["GameScene"]
