"""One seat's secret planning, on the map: its board (10 actions + bid), its hand, the map.

Shown only behind the curtain, drawn only from that seat's own view. Cards go on spaces by
drag-and-drop, by click-card-then-click-space, by click-card-then-key (1-0 actions, B bid),
or map first: the active space (click it, or press its key with no card selected) takes the
province clicked on the map, then the next empty space becomes active. Hovering a province
shows its neighbours (where a Battle or Move from it can go) with their owners and armies.
Right-click or the ✕ clears a space. Shortcuts fill the empty spaces with war chests, or
repeat last season's plan where the same cards are still in hand. The engine's own check
validates live, and Done asks for confirmation before the plan is committed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from shogun_desktop.i18n import _, ngettext, pgettext
from shogun_desktop.rules.engine import SPACES, IllegalChoiceError
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.board_view import BoardView, load_map_data, state_overlays
from shogun_desktop.ui.design import DESIGN, DesignScale, map_text_scale
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.scenes.new_game import colour_name
from shogun_desktop.ui.widgets import (
    Button,
    ConfirmDialog,
    LayerCache,
    Widget,
    WidgetGroup,
    draw_tooltip,
    wrap_text,
)

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.session import GameSession

HEADER_H = 50
# the map gets the table's own size (1040x702): below that, at 1280x720, a few tiny
# provinces (Shima, Owari, Awa-Boso) have no room for even an abbreviated name
MAP = pygame.Rect(8, 56, 1040, 702)
RIGHT_X, RIGHT_W = 1058, 534  # the column right of the map: board, public facts, buttons
SPACE_W, SPACE_H = 264, 56
SPACE_X0, SPACE_Y0, SPACE_GAP, SPACE_COL_GAP = RIGHT_X, 80, 6, 6
CARD_W, CARD_H = 118, 52
CARD_GAP = 7
SPACE_CARD = (118, 48)
HAND_X0, HAND_Y0 = 8, 762  # the hand: two rows under the map
INFO_Y = SPACE_Y0 + 6 * (SPACE_H + SPACE_GAP) + 4
STATUS_Y = 762  # cost and status, then two rows of buttons, under the public facts
BUTTON_Y, BUTTON_H = 808, 42
LABEL_W = SPACE_W - SPACE_CARD[0] - 14  # a space's name, left of its card
CLEAR = 28  # the ✕ that takes a placed card back: under the name, at the space's left
# (never in the middle of a space, where a click puts the selected card)


def map_rect(size: tuple[int, int]) -> pygame.Rect:
    """The planning map's rect in window pixels at a window size (as the scene lays it out:
    the design scaled to fit, centred across; a taller window's extra height goes to the
    map). Pure, so the map-layout test checks the real geometry."""
    w, h = size
    k = min(w / DESIGN[0], h / DESIGN[1])
    extra = max(0, round(h - DESIGN[1] * k))
    ox = round((w - DESIGN[0] * k) / 2)
    return pygame.Rect(round(ox + MAP.x * k), round(MAP.y * k), round(MAP.w * k),
                       round(MAP.h * k) + extra)


class CutTexts(Widget):
    """The places where a text was shortened to fit, and its full words: pointing at one
    shows them (the spots are noted as the screen is painted, so they match what is drawn)."""

    def __init__(self, rect, spots: list[tuple[pygame.Rect, str]], **kw) -> None:
        super().__init__(rect, **kw)
        self.spots = spots  # the scene's list, refilled at each paint

    def _spot(self, pos) -> str | None:
        if pos is None:
            return None
        for r, text in reversed(self.spots):
            if r.collidepoint(pos):
                return text
        return None

    def contains(self, pos) -> bool:
        return self._spot(pos) is not None

    def tip(self, pos=None) -> str | None:
        return self._spot(pos)


def event_text(data: Any, key: str) -> str:
    """An event's name and effect as players read them (one place to point at data names)."""
    name = data.event_name(key) if key in data.event_defs else key
    effect = data.event_effects.get(key, "")
    return _("{event} — {effect}").format(event=name, effect=effect) if effect else name


def armies_text(n: int) -> str:
    """"3 armies", counted in the current language."""
    return ngettext("{n} army", "{n} armies", n).format(n=n)


class PlanningScene(DesignScale, Scene):
    """Drawn at the window's own resolution: the 1600x900 design scaled by ``k``."""

    fold = MAP.bottom  # rows below it move down when a taller window adds height

    opaque = True
    native = True

    def __init__(self, app: App, session: GameSession, seat: str) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        view = session.view(seat)
        pending = view["pending"]
        assert pending is not None and pending["player"] == seat and pending["kind"] == "plan"
        self.cards: list[str] = list(pending["context"]["cards"])
        self.plan: dict[str, str] = session.load_draft(seat)  # a draft survives a crash
        # undo/redo of plan changes: nothing is revealed before the commit, so all of it
        self.history: list[dict[str, str]] = []
        self.future: list[dict[str, str]] = []
        self._recorded = dict(self.plan)  # the plan as the history last saw it
        self.selected: str | None = None
        self.active: str | None = None  # the space a province clicked on the map goes to
        self.notice: str | None = None  # why the last map click did nothing (never silent)
        self.drag: tuple[str, str | None] | None = None  # (card, space it came from)
        self.drag_pos: tuple[int, int] | None = None
        self.hover: str | None = None  # province under the pointer
        self.pointer: tuple[int, int] | None = None
        self.ui = WidgetGroup()
        self.layer = LayerCache()
        self.cut_spots: list[tuple[pygame.Rect, str]] = []  # shortened texts, as painted
        self._version = 0
        # dialogs about this plan: the plan stays visible under them, under any other overlay
        # (the Esc menu, save/load, quit) it is hidden completely
        self.own_dialogs: list[Scene] = []
        data = session.game.data
        self.data = data
        self.costs = {a.id: a.cost for a in data.actions}
        self.province_info = {p: data.provinces[p] for p in self.cards if p in data.provinces}
        side = session.game.state.board
        self.region = {p: info.region[side] for p, info in self.province_info.items()}
        self.k = 1.0  # design pixels -> window pixels
        self.origin = (0, 0)
        self.extra = 0  # window pixels added below the map on a taller window
        self.text_scale = 1.0
        self._size: tuple[int, int] | None = None
        self._layout_key: tuple | None = None
        self.board = BoardView(
            load_map_data(app.data_folder / "map.yaml"),
            {p: v.region[side] for p, v in data.provinces.items()}, app.theme.fonts, rect=MAP,
            out_of_play=frozenset(data.provinces) - session.game.in_play(),
            values={p: (v.tax, v.rice, v.slots) for p, v in data.provinces.items()}, side=side,
            kanji={p: v.kanji for p, v in data.provinces.items()})
        self.active = self.next_empty()
        self.native_layout(app.window_size)

    # ---------------------------------------------------------------- resolution
    def native_layout(self, size: tuple[int, int]) -> None:
        """Lay the 1600x900 design out at window size (centred, aspect kept), crisp."""
        if not self.layout_due(size):
            return
        # a taller window (1280x1024) gives its extra height to the map: everything from the
        # map's bottom edge down moves by `extra`
        self.fit_design(size, grows=True)
        self._size = (size[0], size[1])
        self.board.layout(map_rect(size))
        self.board.set_ui_scale(map_text_scale(self.k, self.app.ui_scale),
                                chrome=self.k * self.app.ui_scale)
        self.ui.scale = self.text_scale  # frames, switches and tooltips follow the layout
        self.layer = LayerCache()
        self.rebuild()

    def Fk(self, size: int) -> int:  # noqa: N802
        """A design text size at this window's resolution only (text in fixed boxes: the
        board's spaces and the buttons keep the printed proportions)."""
        return max(11, round(size * self.k))

    # ---------------------------------------------------------------- model
    @property
    def view(self) -> dict:
        return self.session.view(self.seat)

    def hand(self) -> list[str]:
        placed = set(self.plan.values())
        return [c for c in self.cards if c not in placed]

    def needed(self) -> int:
        return min(len(SPACES), len(self.cards))

    def problem(self) -> str | None:
        rejection = self.session.check(dict(self.plan))
        return self.session.presenter.rejection(rejection) if rejection else None

    def cost(self) -> int:
        total = 0
        for space, card in self.plan.items():
            v = cd.chest_value(card)
            if space == "bid":
                total += v or 0
            elif v is None:
                total += self.costs.get(space, 0)
        return total

    def next_empty(self, after: str | None = None) -> str | None:
        """The first empty space after `after` (wrapping), or None when all are filled."""
        start = SPACES.index(after) + 1 if after in SPACES else 0
        for i in range(len(SPACES)):
            space = SPACES[(start + i) % len(SPACES)]
            if space not in self.plan:
                return space
        return None

    def place(self, card: str, space: str) -> None:
        """Put card on space; a card already there goes back to the hand."""
        for s, c in list(self.plan.items()):
            if c == card:
                del self.plan[s]
        self.plan[space] = card
        self.selected = None
        if self.active == space or self.active in self.plan:
            self.active = self.next_empty(space)
        self.changed()

    def clear(self, space: str) -> None:
        if self.plan.pop(space, None) is not None:
            self.changed()

    def clear_all(self) -> None:
        self.plan.clear()
        self.selected = None
        self.active = self.next_empty()
        self.changed()

    def fill_with_chests(self) -> None:
        """The empty spaces get the war chests left in hand: smallest on actions, bid last."""
        chests = sorted((c for c in self.hand() if cd.chest_value(c) is not None),
                        key=lambda c: cd.chest_value(c) or 0)
        empty = [s for s in SPACES if s not in self.plan and s != "bid"]
        if "bid" not in self.plan:
            empty.append("bid")
        for space, card in zip(empty, chests, strict=False):
            self.plan[space] = card
        self.selected = None
        self.active = self.next_empty()
        self.changed()

    def last_plan(self) -> dict[str, str]:
        return dict(self.session.last_plans.get(self.seat, {}))

    def repeat_last(self) -> None:
        """Last season's cards on the same spaces, where the card is still in hand."""
        hand = set(self.hand())
        for space, card in self.last_plan().items():
            if space not in self.plan and card in hand:
                self.plan[space] = card
                hand.discard(card)
        self.selected = None
        self.active = self.next_empty()
        self.changed()

    def changed(self) -> None:
        if self.plan != self._recorded:
            self.history.append(self._recorded)
            self.future.clear()
            self._recorded = dict(self.plan)
        self.session.save_draft(self.seat, self.plan)
        self.rebuild()

    def undo(self) -> None:
        """The plan as it was before the last change (Ctrl+Z)."""
        if self.history:
            self.future.append(dict(self.plan))
            self._restore(self.history.pop())

    def redo(self) -> None:
        """The change undone last, again (Ctrl+Y / Ctrl+Shift+Z)."""
        if self.future:
            self.history.append(dict(self.plan))
            self._restore(self.future.pop())

    def _restore(self, plan: dict[str, str]) -> None:
        self.plan = dict(plan)
        self._recorded = dict(plan)
        self.selected = None
        self.active = self.next_empty()
        self.session.save_draft(self.seat, self.plan)
        self.rebuild()

    def select(self, card: str | None) -> None:
        self.selected = None if card == self.selected else card
        self.rebuild()

    def activate(self, space: str) -> None:
        self.active = space
        self.rebuild()

    def click_province(self, province: str | None) -> None:
        """Map first: the province's card goes on the active space (or is picked up)."""
        if province is None:
            return
        if province not in self.cards:
            self.notice = self.why_not_plannable(province)
            self._version += 1
            return
        self.notice = None
        on = next((s for s, c in self.plan.items() if c == province), None)
        if self.active is not None and on is None:
            self.place(province, self.active)
        elif on is not None and self.active is not None and self.active not in self.plan:
            self.place(province, self.active)  # move it to the active space
        else:
            self.select(province)

    def why_not_plannable(self, province: str) -> str:
        """Why a clicked province cannot take an action card (shown where the status is)."""
        view = self.session.view(self.seat)
        if province not in view["in_play"]:
            n = len(view["seats"])
            return ngettext("{province} is out of play with {n} player: plan only in your own "
                            "provinces.",
                            "{province} is out of play with {n} players: plan only in your own "
                            "provinces.", n).format(province=province, n=n)
        owner = view["provinces"][province]["owner"]
        if owner is None:
            return _("{province} is neutral: plan only in your own provinces.").format(
                province=province)
        if owner == self.seat:  # owned, but its card is no longer in this hand
            return _("The card of {province} is not in your hand this round.").format(
                province=province)
        return _("{province} belongs to {player}: plan only in your own provinces.").format(
            province=province, player=view["players"][owner]["name"])

    # ---------------------------------------------------------------- geometry
    def space_rect(self, space: str) -> pygame.Rect:
        i = SPACES.index(space)
        col, row = divmod(i, 6)
        return self.R(SPACE_X0 + col * (SPACE_W + SPACE_COL_GAP),
                      SPACE_Y0 + row * (SPACE_H + SPACE_GAP), SPACE_W, SPACE_H)

    def card_rect_in_space(self, space: str) -> pygame.Rect:
        i = SPACES.index(space)
        col, row = divmod(i, 6)
        w, h = SPACE_CARD
        x = SPACE_X0 + col * (SPACE_W + SPACE_COL_GAP) + SPACE_W - w - 4
        y = SPACE_Y0 + row * (SPACE_H + SPACE_GAP) + (SPACE_H - h) // 2
        return self.R(x, y, w, h)

    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        """The hand in two rows under the map; a hand of more than 16 cards gets narrower
        cards (their full text is in the tooltip) rather than a third row."""
        hand = self.hand()
        per_row = max(8, -(-len(hand) // 2))
        w = min(CARD_W, (MAP.w - (per_row - 1) * CARD_GAP) // per_row)
        out = []
        for i, card in enumerate(hand):
            row, col = divmod(i, per_row)
            out.append((card, self.R(HAND_X0 + col * (w + CARD_GAP),
                                     HAND_Y0 + 22 + row * (CARD_H + 6), w, CARD_H)))
        return out

    def space_at(self, pos) -> str | None:
        if pos is None:
            return None
        return next((s for s in SPACES if self.space_rect(s).collidepoint(pos)), None)

    def hand_card_at(self, pos) -> str | None:
        if pos is None:
            return None
        return next((c for c, r in self.hand_rects() if r.collidepoint(pos)), None)

    # ---------------------------------------------------------------- widgets
    def rebuild(self) -> None:
        problem = self.problem()
        chests_left = [c for c in self.hand() if cd.chest_value(c) is not None]
        empty = len(SPACES) - len(self.plan)
        last = self.last_plan()
        fit = self.button_size
        row2 = BUTTON_Y + BUTTON_H + 4
        w: list[Widget] = [
            CutTexts((0, 0, 0, 0), self.cut_spots),  # no box of its own: only its spots
            Button(self.R(RIGHT_X, row2, 110, BUTTON_H), _("↶ Undo"), self.undo, key="undo",
                   size=fit(_("↶ Undo"), 110, 15),
                   tooltip=_("Take back the last change to this plan (Ctrl+Z)"),
                   disabled=None if self.history else _("Nothing to undo")),
            Button(self.R(RIGHT_X + 116, row2, 110, BUTTON_H), _("Redo ↷"), self.redo, key="redo",
                   size=fit(_("Redo ↷"), 110, 15), tooltip=_("Put the change back (Ctrl+Y)"),
                   disabled=None if self.future else _("Nothing to redo")),
            Button(self.R(RIGHT_X, BUTTON_Y, 200, BUTTON_H), _("Chests in the gaps"),
                   self.fill_with_chests, key="fill-chests",
                   size=fit(_("Chests in the gaps"), 200, 15),
                   tooltip=_("Fill the remaining spaces with your war chests in hand: smallest "
                             "on the actions, the last one on the bid"),
                   disabled=None if chests_left and empty
                   else _("No empty space or no chest left")),
            Button(self.R(RIGHT_X + 206, BUTTON_Y, 216, BUTTON_H), _("Same as last season"),
                   self.repeat_last, key="repeat-last",
                   size=fit(_("Same as last season"), 216, 15),
                   tooltip=_("Put last season's cards back on the same spaces where the card is "
                             "still in your hand and the space is empty"),
                   disabled=None if last else _("No earlier plan of yours in this session")),
            Button(self.R(RIGHT_X + 428, BUTTON_Y, 106, BUTTON_H), _("Clear all"), self.clear_all,
                   key="clear-all", disabled=None if self.plan else _("Nothing placed yet"),
                   size=fit(_("Clear all"), 106, 15)),
            Button(self.R(RIGHT_X + 232, row2, 302, BUTTON_H), _("Done — commit my plan"),
                   self.ask_done,
                   primary=True, key="done", disabled=problem,
                   size=fit(_("Done — commit my plan"), 302, 17)),
        ]
        for space in self.plan:
            r = self.space_rect(space)
            d = round(CLEAR * self.k)
            w.append(Button((r.x + round(8 * self.k), r.bottom - d - round(4 * self.k), d, d),
                            "✕", self._clearer(space), key=f"clear-{space}",
                            size=self.Fk(13), tooltip=_("Take the card back")))
        # the status line under the cost: when shortened to fit, its words on hover
        w.append(Widget(self.R(RIGHT_X, STATUS_Y + 22, RIGHT_W, 24), key="status-line"))
        self.ui.set_widgets(w)
        self._version += 1

    def button_size(self, text: str, design_w: int, size: int) -> int:
        """A button's text size: the design size, or down to 3 px smaller (never below 11)
        when a language's word would not fit the button at it."""
        room = round(design_w * self.k) - 12
        top = self.F(size)
        fonts = self.app.theme.fonts
        for s in range(top, max(11, top - 3) - 1, -1):
            if fonts.size(text, s, True)[0] <= room:
                return s
        return max(11, top - 3)

    def _clearer(self, space: str) -> Callable[[], None]:
        return lambda: self.clear(space)

    def ask_done(self) -> None:
        if self.problem() is not None:
            return
        if not flow.confirmations(self.app.prefs):  # the player turned the question off
            self.commit()
            return
        placed = len(self.plan)
        self.own_dialogs.append(self.app.push(ConfirmDialog(
            self.app, _("Commit your plan?"),
            ngettext("{n} card goes face down. It is turned up during the actions; you cannot "
                     "change it afterwards.",
                     "{n} cards go face down. They are turned up one by one during the actions; "
                     "you cannot change them afterwards.", placed).format(n=placed),
            on_confirm=self.commit, confirm_text=_("Commit"),
            cancel_text=_("Keep editing"))))

    def commit(self) -> None:
        try:
            self.session.apply(dict(self.plan))
        except IllegalChoiceError as exc:  # cannot happen after check; shown if it does
            self.own_dialogs.append(self.app.push(ConfirmDialog(
                self.app, _("Plan refused"), self.session.presenter.rejection(exc.rejection),
                cancel_text=None)))
            return
        self.session.last_plans[self.seat] = dict(self.plan)
        self.app.scenes.remove(self)

    # ---------------------------------------------------------------- input
    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.MOTION:
            hover = self.board.province_at(inp.pos)
            self.pointer = inp.pos
            if hover != self.hover:
                self.hover = hover
                self._version += 1
        if inp.kind is Kind.DRAG_START and inp.button == 1:
            card = self.hand_card_at(inp.pos)
            origin = None
            if card is None:
                origin = self.space_at(inp.pos)
                card = self.plan.get(origin) if origin else None
            if card is not None:
                self.drag = (card, origin)
                self.drag_pos = inp.pos
                return True
        if inp.kind is Kind.DRAG_MOVE and self.drag is not None:
            self.drag_pos = inp.pos
            return True
        if inp.kind is Kind.DRAG_END and self.drag is not None:
            card, origin = self.drag
            self.drag = self.drag_pos = None
            target = self.space_at(inp.pos)
            if target is None and self.board.province_at(inp.pos) == card:
                target = self.active  # a province card dropped on its own province
            if target is not None:
                self.place(card, target)
            elif origin is not None:
                self.clear(origin)
            else:
                self.rebuild()
            return True
        if self.ui.handle(inp):
            return True
        if inp.is_click(1):
            card = self.hand_card_at(inp.pos)
            if card is not None:
                self.select(card)
                return True
            space = self.space_at(inp.pos)
            if space is not None and self.selected is not None:
                self.place(self.selected, space)
                return True
            if space is not None and space in self.plan:
                self.selected = self.plan[space]  # pick it up to move it elsewhere
                self.active = space
                self.rebuild()
                return True
            if space is not None:
                self.activate(space)
                return True
            if inp.pos is not None and self.board.rect.collidepoint(inp.pos):
                self.click_province(self.board.province_at(inp.pos))
            return True
        if inp.is_click(3):
            space = self.space_at(inp.pos)
            if space is not None:
                self.clear(space)
            return True
        if inp.is_action(Action.DIGIT) and inp.slot is not None:
            if self.selected is not None:
                self.place(self.selected, SPACES[inp.slot - 1])
            else:
                self.activate(SPACES[inp.slot - 1])
            return True
        if inp.is_action(Action.LETTER) and inp.ctrl and inp.letter in ("z", "y"):
            if inp.letter == "y" or inp.shift:
                self.redo()
            else:
                self.undo()
            return True
        if inp.is_action(Action.LETTER) and inp.letter == "b":
            if self.selected is not None:
                self.place(self.selected, "bid")
            else:
                self.activate("bid")
            return True
        if inp.is_action(Action.CANCEL):
            if self.selected is not None:
                self.select(None)
            else:
                from shogun_desktop.ui.scenes.menu import MenuScene

                self.app.push(MenuScene(self.app, self.session, self.app.host,
                                        note=_("Your plan stays hidden behind the menu.")))
            return True
        return inp.kind in (Kind.CLICK, Kind.KEY)

    def update(self, dt: float) -> None:
        self.native_layout(self.app.window_size)
        self.ui.update(dt)
        from shogun_desktop.ui.scenes.guide import GuideScene, wants_guide

        if self.app.scenes.top is self and wants_guide(self.app, "planning"):
            self.own_dialogs.append(self.app.push(GuideScene(self.app, "planning")))

    # ---------------------------------------------------------------- drawing
    def is_covered(self) -> bool:
        """Whether an overlay other than this plan's own dialogs is open above the plan."""
        top = self.app.scenes.top
        return top is not self and top not in self.own_dialogs

    def draw(self, surface: pygame.Surface) -> None:
        if self.is_covered():
            self.draw_hidden(surface)
            return
        key = (self._version, self.ui.visual_state(), self.drag is not None)
        surface.blit(self.layer.get(key, surface.get_size(), self._paint), (0, 0))
        if self.drag is not None and self.drag_pos is not None:
            r = self.R(0, 0, CARD_W, CARD_H)
            r.center = self.drag_pos
            self.draw_card(surface, self.drag[0], r, selected=True)
        card = self.card_under_pointer()
        if self.ui.tooltip.text():
            self.ui.tooltip.draw(surface, self.app.theme)
        elif card is not None and self.pointer is not None:
            draw_tooltip(surface, self.app.theme, self.card_tip(card), self.pointer,
                         size=self.F(16))
        elif self.hover is not None and self.pointer is not None and self.drag is None:
            draw_tooltip(surface, self.app.theme, self.province_tip(self.hover), self.pointer,
                         size=self.F(16))

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """The tooltip a player gets by pointing at pos (as :meth:`draw` picks it): a
        widget's, else the card's under it, else the province's."""
        for widget in reversed(self.ui.widgets):
            if widget.contains(pos) and widget.tip(pos):
                return widget.tip(pos)
        if self.drag is None:
            card = self.hand_card_at(pos)
            if card is None:
                space = self.space_at(pos)
                card = self.plan.get(space) if space is not None else None
            if card is not None:
                return self.card_tip(card)
            province = (self.board.province_at(pos) if self.board.rect.collidepoint(pos)
                        else None)
            if province:
                return self.province_tip(province)
        return None

    def card_under_pointer(self) -> str | None:
        """The hand card or placed card under the pointer (not while dragging)."""
        if self.pointer is None or self.drag is not None:
            return None
        card = self.hand_card_at(self.pointer)
        if card is None:
            space = self.space_at(self.pointer)
            card = self.plan.get(space) if space is not None else None
        return card

    def card_tip(self, card: str) -> str:
        """What the card does on an action space and on the bid."""
        value = cd.chest_value(card)
        return cd.chest_tip(value) if value is not None else cd.province_card_tip(card)

    def province_tip(self, name: str) -> str:
        """Who holds a province and where a Battle or Move from it can go (public facts)."""
        view = self.view
        st = view["provinces"][name]
        p = self.data.provinces[name]
        spaces = ngettext("{n} building space", "{n} building spaces", p.slots).format(n=p.slots)
        lines = [_("{province} — {holder} · tax {tax} · rice {rice} · {spaces}").format(
            province=name, holder=self._holder(st), tax=p.tax, rice=p.rice, spaces=spaces)]
        if name in self.cards:
            lines.append(_("Your province: click it to put its card on the active space."))
        reach = sorted(self.session.game.neighbours(name))
        lines.append(_("Neighbours (Battle/Move targets): {provinces}").format(
            provinces=pgettext("list", ", ").join(
                _("{province} ({holder})").format(province=n,
                                                  holder=self._holder(view["provinces"][n]))
                for n in reach)))
        return "\n".join(lines)

    def _holder(self, st: dict) -> str:
        if not st["owner"]:
            return _("neutral")
        n = st["armies"]
        if st["owner"] == self.seat:
            return ngettext("you, {n} army", "you, {n} armies", n).format(n=n)
        return ngettext("{player}, {n} army", "{player}, {n} armies", n).format(
            player=self.session.name(st["owner"]), n=n)

    def near(self) -> set[str]:
        """The hovered province's neighbours: where a Battle or Move from it can go."""
        return set(self.session.game.neighbours(self.hover)) if self.hover else set()

    def overlays(self) -> dict[str, dict]:
        """What the map shows: public state, your provinces as targets (cached by the map;
        the hover outlines are drawn over it, so moving the pointer lays nothing out)."""
        view = self.view
        out = state_overlays(view["provinces"])
        for name in self.cards:
            if name in out:
                out[name]["highlight"] = "target"
        return out

    def draw_hidden(self, surface: pygame.Surface) -> None:
        """Nothing of the plan: a plain opaque backdrop (the menu itself says why)."""
        surface.fill(th.PAPER_DARK)

    def draw_card(self, surface, card: str, rect: pygame.Rect, *, selected=False) -> None:
        fonts = self.app.theme.fonts
        v = cd.chest_value(card)
        if v is not None:
            cd.draw_chest_card(surface, rect, fonts, v, selected=selected, scale=self.k)
            return
        info = self.province_info[card]
        armies = self.view["provinces"][card]["armies"]
        cd.draw_province_card(surface, rect, fonts, card, self.region.get(card), info.tax,
                              info.rice, info.slots, armies_text(armies),
                              selected=selected, scale=self.k)

    def fit_noted(self, text: str, pos: tuple[int, int], size: int, width: int, *,
                  bold: bool = False, anchor: str = "topleft", tip: str | None = None) -> str:
        """text shortened to width, to be drawn at pos; when shortened, pointing at it shows
        tip (or the whole text). Noted before it is drawn, so it answers at once."""
        fonts = self.app.theme.fonts
        shown = fonts.fit(text, size, width, bold)
        if shown != text:
            spot = pygame.Rect((0, 0), fonts.size(shown, size, bold))
            setattr(spot, anchor, pos)
            self.cut_spots.append((spot, tip or text))
        return shown

    def header_text(self) -> str:
        """The header: whose secret plan, and when (the season as a word inside a sentence:
        "rok 2, jaro", not "rok 2, Jaro")."""
        view = self.view
        return _("{player} ({colour}) — secret plan, year {year}, {season}").format(
            player=view["players"][self.seat]["name"], colour=colour_name(self.seat),
            year=view["year"], season=self.session.presenter.season_in_sentence(view["season"]))

    def _paint(self, surface: pygame.Surface) -> None:
        self.cut_spots.clear()
        fonts = self.app.theme.fonts
        view = self.view
        me = view["players"][self.seat]
        F, P = self.F, self.P  # noqa: N806
        surface.fill(th.PAPER)
        pygame.draw.rect(surface, th.INK, (0, 0, surface.get_width(), self.P(0, HEADER_H)[1]))
        th.draw_marker(surface, self.seat, P(30, HEADER_H // 2), round(32 * self.k))
        provinces = len(me["provinces"])
        facts = " · ".join((
            ngettext("{n} war chest", "{n} war chests", me["chests"]).format(n=me["chests"]),
            _("rice {n}").format(n=me["rice"]),
            ngettext("{n} province", "{n} provinces", provinces).format(n=provinces)))
        right = th.blit_text(surface, fonts, facts, P(1570, HEADER_H // 2), F(18), th.GOLD,
                             anchor="midright")
        title = self.header_text()
        left = P(56, HEADER_H // 2)
        th.blit_text(surface, fonts, fonts.fit(title, F(22), right.x - left[0] - F(16), True),
                     left, F(22), th.PAPER_LIGHT, bold=True, anchor="midleft")
        self.board.draw(surface, self.overlays(), self.hover)
        self.board.outline(surface, self.near())
        pygame.draw.rect(surface, th.INK_SOFT, self.board.rect, 1)
        self._draw_spaces(surface, view, fonts)
        self._draw_info(surface, view, fonts)
        n = len(self.hand())
        hand = P(HAND_X0 + 4, HAND_Y0 + 2)
        th.blit_text(surface, fonts, self.fit_noted(ngettext(
            "Your hand ({n} card) — click a card, then a space; drag it; or click your "
            "province on the map",
            "Your hand ({n} cards) — click a card, then a space; drag it; or click your "
            "province on the map", n).format(n=n), hand, F(15), self.R(MAP).w, bold=True),
            hand, F(15), th.INK, bold=True)
        for card, r in self.hand_rects():
            self.draw_card(surface, card, r, selected=card == self.selected)
        pygame.draw.line(surface, th.INK_SOFT, P(RIGHT_X, STATUS_Y - 3),
                         P(RIGHT_X + RIGHT_W, STATUS_Y - 3), 1)
        cost = self.cost()
        th.blit_text(surface, fonts, fonts.fit(
            _("Cost {cost} of your {chests} · {placed} of {needed} placed").format(
                cost=cost, chests=me["chests"], placed=len(self.plan), needed=self.needed()),
            F(17), round(RIGHT_W * self.k), True), P(RIGHT_X, STATUS_Y), F(17),
            th.INK if cost <= me["chests"] else th.VERMILION, bold=True)
        problem = self.problem()
        text = problem or _("Plan complete: press Done to commit it.")
        if cost > me["chests"] and not problem:
            text = _("More than you have: actions you cannot pay for will be skipped.")
        if self.notice:
            text = problem = self.notice
        width = round(RIGHT_W * self.k)  # above the buttons
        shown = fonts.fit(text, F(14), width)
        line = self.ui.by_key("status-line")
        if line is not None:
            line.tooltip = text if shown != text else None
        th.blit_text(surface, fonts, shown, P(RIGHT_X, STATUS_Y + 24), F(14),
                     th.VERMILION if problem else th.INK_SOFT)
        self.ui.draw_widgets(surface, self.app.theme)

    def _draw_spaces(self, surface, view, fonts) -> None:
        F, P = self.Fk, self.P  # noqa: N806
        names = view["action_names"]
        row_pos = {a: i + 1 for i, a in enumerate(view["action_row"]) if a != "hidden"}
        bid = pgettext("space", "Bid")
        active_note = (_("active space: {space}").format(
            space=bid if self.active == "bid" else names.get(self.active))
            if self.active else _("every space is filled"))
        head = P(SPACE_X0, SPACE_Y0 - 24)
        th.blit_text(surface, fonts, self.fit_noted(_("Your board — keys 1–0 and B · {note}").format(
            note=active_note), head, F(15), round(RIGHT_W * self.k), bold=True),
            head, F(15), th.INK, bold=True)
        label_w = round(LABEL_W * self.k)
        for i, space in enumerate(SPACES):
            r = self.space_rect(space)
            filled = space in self.plan
            active = space == self.active
            border = th.VERMILION if active else th.GOLD if self.selected and not filled \
                else th.INK_SOFT
            cd.draw_frame(surface, r, fill=th.PAPER_LIGHT if filled else th.PAPER_DARK,
                          border=border, width=3 if active else 2 if self.selected else 1,
                          scale=self.k)
            keyname = "B" if space == "bid" else str((i + 1) % 10)
            label = bid if space == "bid" else cd.short_action(space)
            pad = round(8 * self.k)
            full = (names.get(space) or label) if space != "bid" else label
            at = (r.x + pad, r.y + round(6 * self.k))
            th.blit_text(surface, fonts, self.fit_noted(f"{keyname} · {label}", at, F(15),
                                                        label_w, bold=True,
                                                        tip=f"{keyname} · {full}"),
                         at, F(15), th.INK, bold=True)
            if space == "bid":
                sub = _("chest value = bid")
            else:
                pos = row_pos.get(space)
                cost = self.costs.get(space, 0)
                sub = (_("cost {cost} · row {position}").format(cost=cost, position=pos) if pos
                       else _("cost {cost} · row ?").format(cost=cost))
            room = label_w - (round((CLEAR + 6) * self.k) if filled else 0)  # the ✕
            at = (r.x + pad + label_w - room, r.y + round(30 * self.k))
            th.blit_text(surface, fonts, self.fit_noted(sub, at, F(13), room), at, F(13),
                         th.INK_SOFT)
            cr = self.card_rect_in_space(space)
            if filled:
                self.draw_card(surface, self.plan[space], cr)
            else:
                pygame.draw.rect(surface, th.INK_FAINT, cr, 1, border_radius=5)
                if active:
                    th.draw_block(surface, fonts, _("click a province"), cr.inflate(-6, -4),
                                  F(13), th.VERMILION, min_size=11, bold=True)

    def _draw_info(self, surface, view, fonts) -> None:
        """The public facts a plan depends on: action row, events, the other players."""
        F, P = self.F, self.P  # noqa: N806
        x0, w = RIGHT_X, RIGHT_W
        width = round(w * self.k)
        x, y = P(x0, INFO_Y)
        bottom = P(0, STATUS_Y)[1] - round(6 * self.k)  # moves down on a taller window
        row = [f"{i + 1} {cd.short_action(a)}" for i, a in enumerate(view["action_row"])
               if a != "hidden"]
        hidden = sum(1 for a in view["action_row"] if a == "hidden")
        if hidden:
            row.append(_("{first}–{last} face down").format(first=len(row) + 1,
                                                             last=len(row) + hidden))
        text = _("Action row: {cards}").format(cards=" · ".join(row))
        step = round(F(14) * 1.3)
        for line in wrap_text(fonts, text, F(14), width):
            th.blit_text(surface, fonts, line, (x, y), F(14), th.INK)
            y += step
        y += 4
        th.blit_text(surface, fonts, _("Players"), (x, y), F(14), th.INK, bold=True)
        y += step
        for colour in view["seats"]:
            if y + step > bottom:
                break
            p = view["players"][colour]
            armies = sum(st["armies"] for st in view["provinces"].values()
                         if st["owner"] == colour)
            th.draw_marker(surface, colour, (x + round(8 * self.k), y + F(14) // 2 + 1),
                           round(14 * self.k))
            n = len(p["provinces"])
            name = (_("{player} (you)").format(player=p["name"]) if colour == self.seat
                    else p["name"])
            name_w = round(112 * self.k)
            at = (x + round(20 * self.k), y)
            th.blit_text(surface, fonts, self.fit_noted(name, at, F(14), name_w, bold=True),
                         at, F(14), th.INK, bold=True)
            facts = " · ".join((
                ngettext("{n} province", "{n} provinces", n).format(n=n), armies_text(armies),
                ngettext("{n} chest", "{n} chests", p["chests"]).format(n=p["chests"]),
                _("{n} VP").format(n=p["vp"])))
            at = (x + F(26) + name_w, y)
            th.blit_text(surface, fonts, self.fit_noted(
                facts, at, F(14), width - name_w - F(26),
                tip=_("{player} — {facts}").format(player=p["name"], facts=facts)),
                at, F(14), th.INK_SOFT)
            y += round(F(14) * 1.35)
        y += 4
        th.blit_text(surface, fonts, _("Events possible this season"), (x, y), F(14), th.INK,
                     bold=True)
        y += step
        small = round(F(13) * 1.25)
        keys = list(dict.fromkeys(view["event_candidates"]))
        texts = [event_text(self.data, key) for key in keys]
        lines = [(j, line) for text in texts
                 for j, line in enumerate(wrap_text(fonts, text, F(13), width - 12))]
        room = max(0, (bottom - y) // small)
        if len(lines) > room and len(keys) <= room:
            # no room for every word: one line per event, each in full on hover
            lines = [(0, self.fit_noted(text, (x, y + i * small), F(13), width))
                     for i, text in enumerate(texts)]
        elif len(lines) > room and room:  # not even that: the last line says so, and
            lines = lines[:room]            # pointing at the events shows them in full
            j, last = lines[-1]
            lines[-1] = (j, fonts.fit(last + " …", F(13), width - 12))
            self.cut_spots.append((pygame.Rect(x, y, width, room * small), "\n".join(texts)))
        for j, line in lines:
            th.blit_text(surface, fonts, line, (x + (0 if j == 0 else 12), y), F(13), th.INK_SOFT)
            y += small
