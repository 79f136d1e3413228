"""One seat's secret planning: its board (10 actions + bid) and its hand.

Shown only behind the curtain, drawn only from that seat's own view. Cards go on spaces by
drag-and-drop, by click-card-then-click-space, or by click-card-then-key (1-0 actions, B bid);
right-click or the ✕ clears a space. The engine's own check validates live, and Done asks for
confirmation before the plan is committed (then the scene closes: the next seat's curtain).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from shogun_desktop.rules.engine import SPACES, IllegalChoiceError
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.widgets import Button, ConfirmDialog, LayerCache, WidgetGroup, wrap_text

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.session import GameSession

SPACE_W, SPACE_H = 240, 130
SPACE_X0, SPACE_Y0, SPACE_GAP = 40, 112, 12
CARD_W, CARD_H = 136, 72
HAND_Y0 = 392
BOTTOM_Y = 836


class PlanningScene(Scene):
    opaque = True

    def __init__(self, app: App, session: GameSession, seat: str) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        view = session.view(seat)
        pending = view["pending"]
        assert pending is not None and pending["player"] == seat and pending["kind"] == "plan"
        self.cards: list[str] = list(pending["context"]["cards"])
        self.plan: dict[str, str] = session.load_draft(seat)  # a draft survives a crash
        self.selected: str | None = None
        self.drag: tuple[str, str | None] | None = None  # (card, space it came from)
        self.drag_pos: tuple[int, int] | None = None
        self.ui = WidgetGroup()
        self.layer = LayerCache()
        self._version = 0
        # dialogs about this plan: the plan stays visible under them, under any other overlay
        # (the Esc menu, save/load, quit) it is hidden completely
        self.own_dialogs: list[Scene] = []
        data = session.game.data
        self.costs = {a.id: a.cost for a in data.actions}
        self.province_info = {p: data.provinces[p] for p in self.cards if p in data.provinces}
        side = session.game.state.board
        self.region = {p: info.region[side] for p, info in self.province_info.items()}
        self.rebuild()

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

    def place(self, card: str, space: str) -> None:
        """Put card on space; a card already there goes back to the hand."""
        for s, c in list(self.plan.items()):
            if c == card:
                del self.plan[s]
        self.plan[space] = card
        self.selected = None
        self.changed()

    def clear(self, space: str) -> None:
        if self.plan.pop(space, None) is not None:
            self.changed()

    def clear_all(self) -> None:
        self.plan.clear()
        self.selected = None
        self.changed()

    def changed(self) -> None:
        self.session.save_draft(self.seat, self.plan)
        self.rebuild()

    def select(self, card: str | None) -> None:
        self.selected = None if card == self.selected else card
        self.rebuild()

    # ---------------------------------------------------------------- geometry
    def space_rect(self, space: str) -> pygame.Rect:
        i = SPACES.index(space)
        row, col = divmod(i, 6)
        return pygame.Rect(SPACE_X0 + col * (SPACE_W + SPACE_GAP),
                           SPACE_Y0 + row * (SPACE_H + SPACE_GAP + 2), SPACE_W, SPACE_H)

    def card_rect_in_space(self, space: str) -> pygame.Rect:
        r = self.space_rect(space)
        return pygame.Rect(r.x + (r.w - CARD_W) // 2, r.bottom - CARD_H - 6, CARD_W, CARD_H)

    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        out = []
        x, y = SPACE_X0, HAND_Y0 + 36
        for card in self.hand():
            if x + CARD_W > 1560:
                x, y = SPACE_X0, y + CARD_H + 12
            out.append((card, pygame.Rect(x, y, CARD_W, CARD_H)))
            x += CARD_W + 10
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
        w = [
            Button((1000, BOTTOM_Y, 160, 50), "Clear all", self.clear_all, key="clear-all",
                   disabled=None if self.plan else "Nothing placed yet"),
            Button((1180, BOTTOM_Y, 380, 50), "Done — commit my plan", self.ask_done, primary=True,
                   key="done", disabled=problem, size=19),
        ]
        for space in self.plan:
            r = self.space_rect(space)
            w.append(Button((r.right - 30, r.y + 4, 26, 26), "✕", partial(self.clear, space),
                            key=f"clear-{space}", size=14, tooltip="Take the card back"))
        self.ui.set_widgets(w)
        self._version += 1

    def ask_done(self) -> None:
        if self.problem() is not None:
            return
        placed = len(self.plan)
        self.own_dialogs.append(self.app.push(ConfirmDialog(
            self.app, "Commit your plan?",
            f"{placed} cards go face down. They are turned up one by one during the actions; "
            "you cannot change them afterwards.", on_confirm=self.commit,
            confirm_text="Commit", cancel_text="Keep editing")))

    def commit(self) -> None:
        try:
            self.session.apply(dict(self.plan))
        except IllegalChoiceError as exc:  # cannot happen after check; shown if it does
            self.own_dialogs.append(self.app.push(ConfirmDialog(
                self.app, "Plan refused", self.session.presenter.rejection(exc.rejection),
                cancel_text=None)))
            return
        self.app.scenes.remove(self)

    # ---------------------------------------------------------------- input
    def handle(self, inp: Input) -> bool:
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
                self.rebuild()
            return True
        if inp.is_click(3):
            space = self.space_at(inp.pos)
            if space is not None:
                self.clear(space)
            return True
        if inp.is_action(Action.DIGIT) and self.selected is not None and inp.slot is not None:
            self.place(self.selected, SPACES[inp.slot - 1])
            return True
        if inp.is_action(Action.LETTER) and inp.letter == "b" and self.selected is not None:
            self.place(self.selected, "bid")
            return True
        if inp.is_action(Action.CANCEL):
            if self.selected is not None:
                self.select(None)
            else:
                from shogun_desktop.ui.scenes.menu import MenuScene

                self.app.push(MenuScene(self.app, self.session, getattr(self.app, "host", None),
                                        note="Your plan stays hidden behind the menu."))
            return True
        return inp.kind in (Kind.CLICK, Kind.KEY)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

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
            r = pygame.Rect(0, 0, CARD_W, CARD_H)
            r.center = self.drag_pos
            self.draw_card(surface, self.drag[0], r, selected=True)
        self.ui.tooltip.draw(surface, self.app.theme)

    def draw_hidden(self, surface: pygame.Surface) -> None:
        """Nothing of the plan: a plain opaque backdrop (the menu itself says why)."""
        surface.fill(th.PAPER_DARK)

    def draw_card(self, surface, card: str, rect: pygame.Rect, *, selected=False) -> None:
        fonts = self.app.theme.fonts
        v = cd.chest_value(card)
        if v is not None:
            cd.draw_chest_card(surface, rect, fonts, v, selected=selected)
            return
        info = self.province_info[card]
        armies = self.view["provinces"][card]["armies"]
        cd.draw_province_card(surface, rect, fonts, card, self.region.get(card), info.tax,
                              info.rice, info.slots, f"{armies} armies", selected=selected)

    def _paint(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        view = self.view
        me = view["players"][self.seat]
        surface.fill(th.PAPER)
        pygame.draw.rect(surface, th.INK, (0, 0, 1600, 56))
        th.draw_marker(surface, self.seat, (30, 28), 32)
        season = view["season"].title()
        th.blit_text(surface, fonts, f"{me['name']} ({self.seat}) — secret plan, year "
                     f"{view['year']} {season}", (56, 28), 22, th.PAPER_LIGHT, bold=True,
                     anchor="midleft")
        th.blit_text(surface, fonts, f"{me['chests']} war chests · rice {me['rice']} · "
                     f"{len(me['provinces'])} provinces", (1570, 28), 18, th.GOLD,
                     anchor="midright")
        names = view["action_names"]
        row = [f"{i + 1} {cd.short_action(a)}" for i, a in enumerate(view["action_row"])
               if a != "hidden"]
        info = ("Action row: " + " · ".join(row) + " · 6–10 face down   |   Events possible: "
                + ", ".join(view["event_candidates"]))
        th.blit_text(surface, fonts, fonts.fit(info, 15, 1520), (40, 66), 15, th.INK_SOFT)
        th.blit_text(surface, fonts, "Your board — key 1–0 = action, B = bid (select a card first)",
                     (40, 88), 15, th.INK, bold=True)
        row_pos = {a: i + 1 for i, a in enumerate(view["action_row"]) if a != "hidden"}
        for i, space in enumerate(SPACES):
            r = self.space_rect(space)
            filled = space in self.plan
            cd.draw_frame(surface, r, fill=th.PAPER_LIGHT if filled else th.PAPER_DARK,
                          border=th.GOLD if self.selected and not filled else th.INK_SOFT,
                          width=2 if self.selected and not filled else 1)
            keyname = "B" if space == "bid" else str((i + 1) % 10)
            label = "Bid" if space == "bid" else names.get(space, space)
            th.blit_text(surface, fonts, f"{keyname} · {label}", (r.x + 10, r.y + 8), 16, th.INK,
                         bold=True)
            if space == "bid":
                sub = "chest value = turn-order bid"
            else:
                pos = row_pos.get(space)
                sub = f"cost {self.costs.get(space, 0)} · " + (f"row position {pos}" if pos
                                                               else "position unknown")
            th.blit_text(surface, fonts, sub, (r.x + 10, r.y + 28), 13, th.INK_SOFT)
            if filled:
                self.draw_card(surface, self.plan[space], self.card_rect_in_space(space))
            else:
                pygame.draw.rect(surface, th.INK_FAINT, self.card_rect_in_space(space), 1,
                                 border_radius=5)
        th.blit_text(surface, fonts, f"Your hand ({len(self.hand())} cards) — click a card, then "
                     "a space; or drag it; right-click a space to clear it", (40, HAND_Y0 + 8), 16,
                     th.INK, bold=True)
        for card, r in self.hand_rects():
            self.draw_card(surface, card, r, selected=card == self.selected)
        pygame.draw.line(surface, th.INK_SOFT, (40, BOTTOM_Y - 14), (1560, BOTTOM_Y - 14), 1)
        cost = self.cost()
        th.blit_text(surface, fonts, f"Planned cost: {cost} war chests of your {me['chests']}"
                     f" ({len(self.plan)} of {self.needed()} cards placed)", (40, BOTTOM_Y + 2),
                     18, th.INK if cost <= me["chests"] else th.VERMILION, bold=True)
        problem = self.problem()
        text = problem or "Plan complete: press Done to commit it."
        if cost > me["chests"] and not problem:
            text = "More than you have: actions you cannot pay for will be skipped."
        for j, line in enumerate(wrap_text(fonts, text, 15, 900)[:2]):
            th.blit_text(surface, fonts, line, (40, BOTTOM_Y + 28 + j * 19), 15,
                         th.VERMILION if problem else th.INK_SOFT)
        self.ui.draw_widgets(surface, self.app.theme)
