"""The hot-seat game screen: the public table, and the pending decision as clickable things.

The screen draws the *public* view (``player_view(game, None)``) only, so whatever the screen
shows, every seat at the table may see: face-down plan cards are backs. The options of the
pending decision come from the deciding seat's view. Secret planning happens in a
:class:`PlanningScene` behind a :class:`CurtainScene`; battles, winter and the end are
overlays queued after the decision that caused them, shown one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import SPACES, IllegalChoiceError
from shogun_desktop.rules.events import Event
from shogun_desktop.rules.state import Move
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.board_view import BoardView, load_map_data
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.widgets import (
    Button,
    Label,
    LayerCache,
    Panel,
    ScrollableLog,
    Widget,
    WidgetGroup,
    draw_tooltip,
    wrap_text,
)

if TYPE_CHECKING:
    from shogun_desktop.rules.engine import DropRecord
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.session import GameHost, GameSession

BANNER = pygame.Rect(0, 0, 1600, 50)
BOARD = pygame.Rect(8, 56, 1000, 652)
DECISION = pygame.Rect(8, 716, 1000, 178)
RX, RW = 1020, 572
ACTION_CARDS_Y, ACTION_CARD = 78, (54, 68)
SPECIALS_Y, SPECIAL_CARD = 174, (108, 50)
EVENTS_Y = 232
RICE_Y, VP_Y = 306, 344
PLAYERS_Y, PLAYER_ROW = 404, 52
TRAY_Y = 676
LOG = pygame.Rect(RX, 702, RW, 192)
BUILDING_KEYS = {"castle": "castle", "temple": "temple", "theater": "theatre"}
FLASH_SECONDS = 4.0


class MiniCard(Widget):
    """One space of a player's plan on the public table: a back until revealed."""

    def __init__(self, rect, card: str | None, label: str, voided: bool = False, **kw) -> None:
        super().__init__(rect, **kw)
        self.card, self.label, self.voided = card, label, voided

    def draw(self, surface, theme):
        r = self.rect
        if self.card is None:
            pygame.draw.rect(surface, th.INK_FAINT, r, 1, border_radius=3)
        elif self.card == "hidden":
            pygame.draw.rect(surface, cd.BACK, r, border_radius=3)
            pygame.draw.rect(surface, th.GOLD, r.inflate(-4, -4), 1, border_radius=2)
        else:
            v = cd.chest_value(self.card)
            fill = th.mix(th.PAPER_LIGHT, th.GOLD, 0.35) if v is not None else th.PAPER_LIGHT
            pygame.draw.rect(surface, fill, r, border_radius=3)
            pygame.draw.rect(surface, th.INK_SOFT, r, 1, border_radius=3)
            text = str(v) if v is not None else self.card[:3]
            th.blit_text(surface, theme.fonts, text, r.center, 10 if v is None else 13, th.INK,
                         bold=True, anchor="center")
        if self.voided:
            pygame.draw.line(surface, th.VERMILION, r.topleft, r.bottomright, 2)


class ProvinceCardButton(Button):
    """A clickable province card (the draft's face-up cards)."""

    def __init__(self, rect, text: str, on_click, *, info: tuple, **kw) -> None:
        super().__init__(rect, text, on_click, **kw)
        self.info = info  # (region, tax, rice, slots)

    def draw(self, surface, theme):
        region, tax, rice, slots = self.info
        cd.draw_province_card(surface, self.rect, theme.fonts, self.text, region, tax, rice,
                              slots, "take this card", selected=self.hovered)


class DeckButton(Button):
    def draw(self, surface, theme):
        cd.draw_back(surface, self.rect, theme.fonts)
        th.blit_text(surface, theme.fonts, self.text, (self.rect.centerx, self.rect.bottom - 8),
                     14, th.PAPER_LIGHT, bold=True, anchor="midbottom")
        if self.hovered:
            pygame.draw.rect(surface, th.GOLD, self.rect, 3, border_radius=5)


class GameScene(Scene):
    """The table everyone sees; drives computer seats and queues the overlays."""

    opaque = True

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
        self.ui = WidgetGroup()
        self.layer = LayerCache()
        self.hover: str | None = None
        self.target: str | None = None  # battle / recruit-move: the chosen province
        self.queue: list[Callable[[], Scene]] = []
        self.flash: tuple[str, float] | None = None
        self.timer = 0.0
        self.end_shown = False
        self._seen_version = -1
        self._events_seen = len(session.view(None)["events"])
        self._winter_events: list[Event] | None = None
        self._ui_version = 0
        self.rebuild()

    # ---------------------------------------------------------------- model
    @property
    def view(self) -> dict:
        return self.session.view(None)

    def decision(self) -> dict | None:
        """The pending decision with options, when a human at the table must make it."""
        d = self.session.pending()
        if d is None or self.session.is_computer(d.player) or d.kind == "plan":
            return None
        return self.session.view(d.player)["pending"]

    def choose(self, choice: Any) -> None:
        try:
            self.session.apply(choice)
        except IllegalChoiceError as exc:
            self.show_flash(self.session.presenter.rejection(exc.rejection))
            return
        self.target = None
        self.sync()

    def _choose_armies(self, n: int) -> None:
        if self.target is not None:
            self.choose(Move(self.target, n))

    def show_flash(self, text: str) -> None:
        self.flash = (text, FLASH_SECONDS)

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
            self.queue.append(lambda: _notice(self.app, "Autosave failed", msg))
        self.target = None
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
        fonts = self.app.theme.fonts
        w: list[Widget] = [Panel(DECISION)]
        d = self.decision()
        x, y = DECISION.x + 16, DECISION.y + 62
        if d is not None:
            opts = d.get("options", [])
            kind = d["kind"]
            if kind == "draft-take":
                for o in opts:
                    if o == "deck":
                        w.append(DeckButton((x, y, 110, 100), "Deck (blind)",
                                            lambda: self.choose("deck"), key="opt-deck",
                                            tooltip="Draw the top card of the deck blind"))
                        x += 124
                    else:
                        p = self.data.provinces[o]
                        w.append(ProvinceCardButton(
                            (x, y, 170, 100), o, lambda o=o: self.choose(o), key=f"opt-{o}",
                            info=(self.regions[o], p.tax, p.rice, p.slots)))
                        x += 184
            elif kind == "draft-place":
                for o in opts:
                    w.append(Button((x, y, 150, 50), f"{o} armies", partial(self.choose, o),
                                    key=f"opt-{o}", tooltip=f"Key {o}"))
                    x += 164
            elif kind == "pick-special":
                for o in opts:
                    pos = view["special_layout"].index(o) + 1
                    w.append(Button((x, y, 180, 56), f"{pos}. {cd.special_name(o)}",
                                    partial(self.choose, o), key=f"opt-{o}",
                                    tooltip=f"Turn position {pos}: {self.data.specials[o]} "
                                    f"(key {pos})"))
                    x += 192
                w.append(Label((DECISION.x + 16, y + 70), self._bid_summary(view), size=15,
                               colour=th.INK_SOFT, width=DECISION.w - 32, key="bid-order"))
            elif kind in ("battle", "recruit-move"):
                moves = [o for o in opts if o is not None]
                if kind == "recruit-move":
                    w.append(Button((x, y, 120, 50), "Stay", lambda: self.choose(None),
                                    key="stay", tooltip="Keep the armies where they are (S)"))
                    x += 134
                if self.target is None:
                    for t in sorted({m.to for m in moves}):
                        w.append(Button((x, y, 130, 44), t, partial(self.pick_target, t),
                                        key=f"target-{t}", size=16))
                        x += 138
                        if x > DECISION.right - 140:
                            x, y = DECISION.x + 16 + (134 if kind == "recruit-move" else 0), y + 52
                else:
                    counts = sorted(m.armies for m in moves if m.to == self.target)
                    w.append(Button((x, y, 110, 50), "◀ Back", self.clear_target, key="back"))
                    x += 124
                    bw = 64 if len(counts) <= 11 else 46
                    for n in counts:
                        w.append(Button((x, y, bw - 6, 50), str(n),
                                        partial(self._choose_armies, n),
                                        key=f"armies-{n}", tooltip=f"{n} armies (key {n % 10})"))
                        x += bw
                        if x > DECISION.right - bw:
                            x, y = DECISION.x + 140, y + 56
            elif kind == "revolt-order":
                for i, o in enumerate(opts):
                    text = " → ".join(o)
                    bw = fonts.size(text, 16, True)[0] + 30
                    if x + bw > DECISION.right - 10:
                        x, y = DECISION.x + 16, y + 52
                    w.append(Button((x, y, bw, 44), text, partial(self.choose, tuple(o)),
                                    key=f"order-{i}", size=16, tooltip=f"Key {i + 1}"))
                    x += bw + 10
        w.extend(self._plan_cards(view))
        undoer = self.session.can_undo()
        if undoer is not None:  # the last placement revealed and drew nothing (session.undo)
            w.append(Button((DECISION.right - 226, DECISION.bottom - 56, 210, 44),
                            f"↶ Undo {self.session.name(undoer)}", self.undo, key="undo",
                            size=16, tooltip="Take back the last army placement (Ctrl+Z)"))
        w.append(Button((BANNER.right - 50, BANNER.y + 7, 40, 36), "?", self.open_help,
                        key="help", size=20, tooltip="Rules reference (F1)"))
        words = self.session.presenter
        lines = [(words.line(e), _log_colour(e)) for e in view["events"]]
        w.append(ScrollableLog(LOG, lines, size=14, title="Game log", key="log"))
        self.ui.set_widgets(w)
        self._ui_version += 1

    def _bid_summary(self, view: dict) -> str:
        """The bid order, with any tie shown as the random draw it was."""
        name = self.session.name
        text = "Bid order: " + ", ".join(name(c) for c in view["bid_order"])
        for group in view["bid_ties"]:
            text += " · tied bids, drawn at random: " + " before ".join(name(c) for c in group)
        return text

    def _plan_cards(self, view: dict) -> list[Widget]:
        out: list[Widget] = []
        names = view["action_names"]
        for i, colour in enumerate(view["seats"]):
            p = view["players"][colour]
            y = PLAYERS_Y + 22 + i * PLAYER_ROW + 26
            for j, space in enumerate(SPACES):
                card = p["board"].get(space)
                label = names.get(space, "Bid")
                if card is None:
                    tip = f"{label}: empty"
                elif card == "hidden":
                    tip = f"{label}: face down"
                else:
                    v = cd.chest_value(card)
                    tip = f"{label}: " + (f"chest card {v}" if v is not None else card)
                voided = space in p["voided"]
                if voided:
                    tip += " (void)"
                out.append(MiniCard((RX + 190 + j * 22, y, 20, 20), card, label, voided,
                                    tooltip=f"{p['name']} — {tip}", key=f"plan-{colour}-{space}"))
        return out

    def pick_target(self, province: str) -> None:
        self.target = province
        self.rebuild()

    def clear_target(self) -> None:
        self.target = None
        self.rebuild()

    def legal_provinces(self) -> tuple[set[str], set[str]]:
        """(selectable targets, the source/selected province) of the pending decision."""
        d = self.decision()
        if d is None:
            return set(), set()
        kind, opts = d["kind"], d.get("options", [])
        ctx = d.get("context", {})
        if kind == "draft-take":
            return {o for o in opts if o != "deck"}, set()
        if kind == "draft-place":
            return set(), {ctx.get("province")}
        if kind in ("battle", "recruit-move"):
            src = {ctx.get("province")}
            if self.target is not None:
                return set(), src | {self.target}
            return {o.to for o in opts if o is not None}, src
        if kind == "revolt-order":
            return set(), set(ctx.get("provinces", []))
        return set(), set()

    # ---------------------------------------------------------------- scene hooks
    def resume(self) -> None:
        self.app.inputs.reset()
        self.sync()
        self.flush()

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.MOTION:
            self.hover = self.board.province_at(inp.pos)
        if self.ui.handle(inp):
            return True
        if inp.is_action(Action.CANCEL):
            if self.target is not None:
                self.clear_target()
            else:
                self.open_menu()
            return True
        if inp.is_click(1) and inp.pos is not None and self.board.rect.collidepoint(inp.pos):
            self.click_province(self.board.province_at(inp.pos))
            return True
        if inp.is_action(Action.LETTER) and inp.letter == "z" and inp.ctrl:
            self.undo()
            return True
        if inp.kind is Kind.KEY and inp.action in (Action.DIGIT, Action.LETTER):
            return self.key(inp)
        return False

    def undo(self) -> None:
        if self.session.undo():
            self.target = None
            self.sync()
        else:
            self.show_flash("Nothing to undo: a card draw, a drop or a reveal came after it")

    def click_province(self, province: str | None) -> None:
        targets, _ = self.legal_provinces()
        if province is None or province not in targets:
            return
        d = self.decision()
        assert d is not None
        if d["kind"] == "draft-take":
            self.choose(province)
        else:
            self.pick_target(province)

    def key(self, inp: Input) -> bool:
        d = self.decision()
        if d is None:
            return False
        kind, opts = d["kind"], d.get("options", [])
        if inp.action is Action.LETTER:
            if inp.letter == "s" and kind == "recruit-move":
                self.choose(None)
                return True
            if inp.letter == "d" and kind == "draft-take" and "deck" in opts:
                self.choose("deck")
                return True
            return False
        n = inp.slot or 0
        if kind == "draft-place" and inp.digit in opts:
            self.choose(inp.digit)
        elif kind == "pick-special":
            layout = self.view["special_layout"]
            if 1 <= n <= len(layout) and layout[n - 1] in opts:
                self.choose(layout[n - 1])
        elif kind in ("battle", "recruit-move") and self.target is not None:
            if Move(self.target, n) in opts:
                self.choose(Move(self.target, n))
        elif kind == "revolt-order" and 1 <= n <= len(opts):
            self.choose(tuple(opts[n - 1]))
        else:
            return False
        return True

    def open_help(self) -> None:
        from shogun_desktop.ui.scenes.rules_reference import open_rules_reference

        open_rules_reference(self.app)

    def open_menu(self) -> None:
        from shogun_desktop.ui.scenes.menu import MenuScene

        self.app.push(MenuScene(self.app, self.session, self.host))

    def update(self, dt: float) -> None:
        self.sync()
        self.ui.update(dt)
        if self.flash is not None:
            text, ttl = self.flash
            self.flash = (text, ttl - dt) if ttl > dt else None
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
        daimyo = self.data.daimyo.get(colour, colour.title())
        self.app.push(PlanningScene(self.app, self.session, colour))
        self.app.push(CurtainScene(
            self.app, f"{name}", colour,
            reason=f"{daimyo} — {colour} — everyone else, please look away",
            button_text=f"I am {name} ({colour}): show my plan",
            recap=build_recap(self.session, colour)))

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        flash = self.flash[0] if self.flash else None
        key = (self.session.version, self._ui_version, self.ui.visual_state(), self.hover,
               self.target, flash, getattr(self.ui.by_key("log"), "scroll", 0))
        surface.blit(self.layer.get(key, surface.get_size(), self._paint), (0, 0))
        text = self.ui.tooltip.text()
        if text:
            self.ui.tooltip.draw(surface, self.app.theme)
        elif self.hover is not None and self.ui.pointer is not None:
            draw_tooltip(surface, self.app.theme, self.province_tip(self.hover), self.ui.pointer)

    def province_tip(self, name: str) -> str:
        p = self.data.provinces[name]
        st = self.view["provinces"][name]
        owner = self.session.name(st["owner"]) + f" ({st['owner']})" if st["owner"] else "neutral"
        if name not in self.view["in_play"]:
            owner = "out of play"
        built = [b for b in ("castle", "temple", "theater") if st[b]]
        spaces = f"{p.slots} building space" + ("s" if p.slots != 1 else "")
        kanji = f" {p.kanji}" if p.kanji else ""
        return (f"{name}{kanji} — {th.region_label(self.regions[name])}\n"
                f"tax {p.tax} · rice {p.rice} · {spaces}\n"
                f"owner: {owner} · armies {st['armies']} · revolts {st['revolts']}"
                + (f"\nbuildings: {', '.join(built)}" if built else ""))

    def _paint(self, surface: pygame.Surface) -> None:
        view = self.view
        fonts = self.app.theme.fonts
        surface.fill(th.PAPER)
        self._draw_banner(surface, view, fonts)
        self.board.draw(surface, self.overlays(view), self.hover)
        pygame.draw.rect(surface, th.INK_SOFT, BOARD, 1)
        self._draw_actions(surface, view, fonts)
        self._draw_specials(surface, view, fonts)
        self._draw_events(surface, view, fonts)
        self._draw_tracks(surface, view, fonts)
        self._draw_players(surface, view, fonts)
        self._draw_tray(surface, view, fonts)
        self.ui.draw_widgets(surface, self.app.theme)  # over the rows: the plan cards
        self._draw_decision_text(surface, view, fonts)

    def overlays(self, view: dict) -> dict[str, dict]:
        targets, selected = self.legal_provinces()
        out: dict[str, dict] = {}
        for name, st in view["provinces"].items():
            ov: dict[str, Any] = {}
            if st["owner"]:
                ov["owner"] = st["owner"]
                if st["armies"]:
                    ov["armies"] = {st["owner"]: st["armies"]}
            b = [BUILDING_KEYS[k] for k in ("castle", "temple", "theater") if st[k]]
            if b:
                ov["buildings"] = b
            if st["revolts"]:
                ov["revolts"] = st["revolts"]
            if name in targets:
                ov["highlight"] = "target"
            elif name in selected:
                ov["highlight"] = "select"
            if ov:
                out[name] = ov
        return out

    def _draw_banner(self, surface, view, fonts) -> None:
        pygame.draw.rect(surface, th.INK, BANNER)
        words = self.session.presenter
        season = words.season(view["season"])
        phase = words.phase(view["phase"])
        if view["phase"] == "actions":
            phase += f" ({min(view['actions_done'] + 1, 10)} of 10)"
        th.blit_text(surface, fonts, f"Year {view['year']} · {season} · {phase}",
                     (16, BANNER.centery), 18, th.PAPER_LIGHT, bold=True, anchor="midleft")
        pending = view["pending"]
        x = 420
        if pending is not None:
            colour = pending["player"]
            th.draw_marker(surface, colour, (x + 14, BANNER.centery), 28)
            who = "  (computer)" if self.session.is_computer(colour) else ""
            prompt = self.session.presenter.prompt(pending)
            th.blit_text(surface, fonts, fonts.fit(f"{prompt}{who}", 18, 700, True),
                         (x + 36, BANNER.centery), 18, th.GOLD, bold=True, anchor="midleft")
        elif view["winners"]:
            th.blit_text(surface, fonts, "Game over", (x, BANNER.centery), 18, th.GOLD,
                         bold=True, anchor="midleft")
        if self.flash:
            text = fonts.fit(self.flash[0], 15, 400)
            th.blit_text(surface, fonts, text, (BANNER.right - 62, BANNER.centery), 15,
                         th.lighten(th.VERMILION, 0.45), anchor="midright")
        else:
            th.blit_text(surface, fonts, "F1: rules · Esc: menu",
                         (BANNER.right - 62, BANNER.centery), 15, th.INK_FAINT, anchor="midright")

    def _draw_decision_text(self, surface, view, fonts) -> None:
        r = DECISION
        pending = view["pending"]
        y = r.y + 12
        if pending is None:
            text = "The game is over." if view["winners"] else ""
        else:
            text = self.session.presenter.prompt(pending)
        d = self.decision()
        if d is not None and d["kind"] in ("battle", "recruit-move"):
            text += (" — click a highlighted province" if self.target is None
                     else f" — how many armies to {self.target}? (digit keys)")
        elif pending is not None and self.session.is_computer(pending["player"]):
            text = f"{self.session.name(pending['player'])} (computer) is deciding: {text}"
        elif pending is not None and pending["kind"] == "plan":
            text = "Secret planning: each player plans behind the curtain."
        for line in wrap_text(fonts, text, 18, r.w - 110)[:2]:  # bold is wider than measured
            th.blit_text(surface, fonts, line, (r.x + 16, y), 18, th.INK, bold=True)
            y += 24

    def _draw_actions(self, surface, view, fonts) -> None:
        th.blit_text(surface, fonts, "Action row", (RX, ACTION_CARDS_Y - 20), 15, th.INK_SOFT,
                     bold=True)
        if not view["action_row"]:
            th.blit_text(surface, fonts, "dealt when the first round begins",
                         (RX, ACTION_CARDS_Y + 20), 15, th.INK_FAINT)
        if not view["special_layout"]:
            th.blit_text(surface, fonts, "laid out when the first round begins",
                         (RX, SPECIALS_Y + 12), 15, th.INK_FAINT)
        cw, ch = ACTION_CARD
        gap = (RW - 10 * cw) / 9
        acting = view["phase"] == "actions"
        for i, a in enumerate(view["action_row"]):
            r = pygame.Rect(round(RX + i * (cw + gap)), ACTION_CARDS_Y, cw, ch)
            face = None if a == "hidden" else a
            cd.draw_action_card(surface, r, fonts, i + 1, face,
                                done=acting and i < view["actions_done"],
                                current=acting and i == view["actions_done"])

    def _draw_specials(self, surface, view, fonts) -> None:
        th.blit_text(surface, fonts, "Special cards (position = turn order)",
                     (RX, SPECIALS_Y - 20), 15, th.INK_SOFT, bold=True)
        cw, ch = SPECIAL_CARD
        gap = (RW - 5 * cw) / 4
        holders = {p["special"]: c for c, p in view["players"].items() if p["special"]}
        for i, sp in enumerate(view["special_layout"]):
            r = pygame.Rect(round(RX + i * (cw + gap)), SPECIALS_Y, cw, ch)
            cd.draw_frame(surface, r, fill=th.mix(th.PAPER_LIGHT, th.SEA, 0.25))
            th.blit_text(surface, fonts, str(i + 1), (r.x + 6, r.y + 4), 14, th.INK_SOFT, bold=True)
            th.blit_text(surface, fonts, fonts.fit(cd.special_name(sp), 14, cw - 10, True),
                         (r.centerx, r.bottom - 6), 14, th.INK, bold=True, anchor="midbottom")
            if sp in holders:
                th.draw_marker(surface, holders[sp], (r.right - 16, r.y + 16), 24)

    def _draw_events(self, surface, view, fonts) -> None:
        y = EVENTS_Y
        ev = view["event"]
        effects = self.data.event_effects
        words = self.session.presenter
        if ev:
            text = f"Event in force: {words.event_name(ev)} — {effects.get(ev, '')}"
            th.blit_text(surface, fonts, fonts.fit(text, 15, RW, True), (RX, y), 15, th.VERMILION,
                         bold=True)
        else:
            th.blit_text(surface, fonts, "Event in force: none yet (drawn after planning)",
                         (RX, y), 15, th.INK_SOFT)
        y += 22
        cands = view["event_candidates"]
        label = "Winter card" if view["phase"] == "winter" else "Event candidates"
        th.blit_text(surface, fonts, fonts.fit(f"{label}: " + (", ".join(words.event_name(c) for c in cands) or "—"), 15, RW),
                     (RX, y), 15, th.INK)
        y += 22
        if view["winter_loss"] is not None:
            th.blit_text(surface, fonts, f"Winter: every player loses {view['winter_loss']} rice",
                         (RX, y), 15, th.INK, bold=True)

    def _draw_tracks(self, surface, view, fonts) -> None:
        seats = view["seats"]
        players = view["players"]
        # rice 0..18
        th.blit_text(surface, fonts, "Rice", (RX, RICE_Y + 12), 14, th.INK_SOFT, bold=True,
                     anchor="midleft")
        x0, cells = RX + 50, 19
        cw = (RW - 50) / cells
        for v in range(cells):
            r = pygame.Rect(round(x0 + v * cw), RICE_Y, round(cw) - 1, 26)
            pygame.draw.rect(surface, th.PAPER_LIGHT, r)
            pygame.draw.rect(surface, th.INK_FAINT, r, 1)
            th.blit_text(surface, fonts, str(v), (r.centerx, r.bottom - 1), 10, th.INK_FAINT,
                         anchor="midbottom")
        self._track_markers(surface, seats, {c: min(18, players[c]["rice"]) for c in seats},
                            x0, cw, RICE_Y, 1)
        # VP 0..49, wrapping (like the printed track round the board)
        th.blit_text(surface, fonts, "VP", (RX, VP_Y + 24), 14, th.INK_SOFT, bold=True,
                     anchor="midleft")
        cw2 = (RW - 50) / 25
        for v in range(50):
            row, col = divmod(v, 25)
            r = pygame.Rect(round(x0 + col * cw2), VP_Y + row * 26, round(cw2) - 1, 25)
            pygame.draw.rect(surface, th.PAPER_LIGHT, r)
            pygame.draw.rect(surface, th.INK_FAINT, r, 1)
            th.blit_text(surface, fonts, str(v), (r.centerx, r.bottom - 1), 9, th.INK_FAINT,
                         anchor="midbottom")
        vps = {c: players[c]["vp"] for c in seats}
        by_row: dict[int, dict[str, int]] = {}
        for c, v in vps.items():
            row, col = divmod(v % 50, 25)
            by_row.setdefault(row, {})[c] = col
        for row, cols in by_row.items():
            self._track_markers(surface, seats, cols, x0, cw2, VP_Y + row * 26, 1)

    def _track_markers(self, surface, seats, values: dict[str, int], x0, cw, y, _n) -> None:
        stacks: dict[int, int] = {}
        for c in seats:
            if c not in values:
                continue
            v = values[c]
            k = stacks.get(v, 0)
            stacks[v] = k + 1
            cx = x0 + v * cw + cw / 2 + (k % 3 - 1) * 5
            cy = y + 9 + (k // 3) * 6
            th.draw_marker(surface, c, (cx, cy), 14)

    def _draw_players(self, surface, view, fonts) -> None:
        headers = [("VP", 190), ("Rice", 232), ("Chests", 278), ("Supply", 334), ("Prov.", 392),
                   ("Hand", 440)]
        for text, dx in headers:
            th.blit_text(surface, fonts, text, (RX + dx, PLAYERS_Y), 13, th.INK_SOFT, bold=True)
        th.blit_text(surface, fonts, "Players (turn order)" if view["turn_order"] else "Players",
                     (RX, PLAYERS_Y), 13, th.INK_SOFT, bold=True)
        th.blit_text(surface, fonts, "Plan", (RX + 500, PLAYERS_Y), 13, th.INK_SOFT, bold=True)
        pending = view["pending"]
        order = view["turn_order"] or view["seats"]
        for i, colour in enumerate(view["seats"]):
            p = view["players"][colour]
            y = PLAYERS_Y + 22 + i * PLAYER_ROW
            row = pygame.Rect(RX - 4, y - 2, RW + 8, PLAYER_ROW - 4)
            active = pending is not None and pending["player"] == colour
            pygame.draw.rect(surface, th.mix(th.PAPER_LIGHT, th.GOLD, 0.3) if active
                             else th.PAPER_LIGHT, row, border_radius=4)
            if active:
                pygame.draw.rect(surface, th.GOLD, row, 2, border_radius=4)
            th.draw_marker(surface, colour, (RX + 14, y + 14), 24)
            name = p["name"] + (" (cpu)" if p["computer"] else "")
            th.blit_text(surface, fonts, fonts.fit(name, 15, 150, True), (RX + 30, y + 5), 15,
                         th.INK, bold=True)
            pos = f"#{order.index(colour) + 1} " if view["turn_order"] else ""
            sp = cd.special_name(p["special"]) if p["special"] else ""
            th.blit_text(surface, fonts, fonts.fit(pos + (sp or colour), 13, 150),
                         (RX + 30, y + 27), 13, th.INK_SOFT)
            for text, (_, dx) in zip((p["vp"], p["rice"], p["chests"], p["supply"],
                                      len(p["provinces"]), p["hand_size"]), headers, strict=True):
                th.blit_text(surface, fonts, str(text), (RX + dx, y + 5), 16, th.INK, bold=True)

    def _draw_tray(self, surface, view, fonts) -> None:
        th.blit_text(surface, fonts, "Tower tray:", (RX, TRAY_Y + 10), 14, th.INK_SOFT,
                     bold=True, anchor="midleft")
        x = RX + 100
        tray = view["tray"]
        if not tray:
            th.blit_text(surface, fonts, "empty", (x, TRAY_Y + 10), 14, th.INK_SOFT,
                         anchor="midleft")
        for colour, n in sorted(tray.items()):
            th.draw_cube(surface, colour, (x + 9, TRAY_Y + 10), 18)
            r = th.blit_text(surface, fonts, f"{n}", (x + 22, TRAY_Y + 10), 15, th.INK, bold=True,
                             anchor="midleft")
            x = r.right + 14
        th.blit_text(surface, fonts, f"farmers in supply {view['farmer_supply']}",
                     (RX + RW, TRAY_Y + 10), 13, th.INK_SOFT, anchor="midright")


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
