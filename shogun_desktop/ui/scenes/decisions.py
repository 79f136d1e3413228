"""One presenter per kind of decision the table asks a human for.

Each presenter owns, for its decision: the widgets in the decision panel, the provinces the
map highlights (and any badges on them), what a map click does (a legal target acts, any
other province is explained), the keys, and the hint after the prompt. The game screen picks
the presenter by kind and knows nothing else about the decision.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from shogun_desktop.i18n import _, ngettext, pgettext
from shogun_desktop.rules.state import Move
from shogun_desktop.rules.targets import NotTarget, TargetRefusal, why_not_target
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.widgets import Button, Label, Widget

if TYPE_CHECKING:
    from shogun_desktop.rules.state import Decision
    from shogun_desktop.ui.session import GameSession


class Table(Protocol):
    """What a presenter needs of the screen it sits on."""

    session: GameSession
    regions: dict[str, str]

    def R(self, x, y=None, w=None, h=None) -> pygame.Rect: ...  # noqa: N802

    def F(self, size: int) -> int: ...  # noqa: N802

    def choose(self, choice: Any) -> None: ...

    def refresh(self) -> None: ...

    def explain(self, text: str) -> None: ...

    @property
    def fonts(self) -> th.Fonts: ...


def refusal_text(r: TargetRefusal, name) -> str:
    """A refusal in words (name: colour -> player name)."""
    p, src = r.province, r.source
    match r.code:
        case NotTarget.OUT_OF_PLAY:
            return ngettext("{province} is out of play with {n} player.",
                            "{province} is out of play with {n} players.",
                            r.players or 0).format(province=p, n=r.players)
        case NotTarget.SAME:
            return _("{province} is where the armies start: pick a neighbouring "
                     "province.").format(province=p)
        case NotTarget.NOT_ADJACENT:
            return _("{province} is not next to {source}.").format(province=p, source=src)
        case NotTarget.NOT_YOURS:
            if r.owner:
                return _("{province} is not yours (it belongs to {player}): armies move only "
                         "into your own provinces.").format(province=p, player=name(r.owner))
            return _("{province} is not yours (nobody holds it): armies move only into your "
                     "own provinces.").format(province=p)
        case NotTarget.PROTECTED:
            return _("{province} is protected from attack by the event in force.").format(
                province=p)
        case NotTarget.NOT_OFFERED:
            return _("{province} is not among the face-up cards: take a card shown below, or "
                     "the deck.").format(province=p)
        case NotTarget.NOT_DRAWN:
            return _("No revolt was drawn in {province}: order only the numbered "
                     "provinces.").format(province=p)
    return _("{province}: choose with the buttons below, not on the map.").format(province=p)


class DecisionPresenter:
    """The base: no widgets, no targets; map clicks are explained."""

    kind: ClassVar[str] = ""

    def __init__(self, table: Table, decision: Decision, view: dict) -> None:
        self.table = table
        self.decision = decision
        self.options = list(view["pending"].get("options", []))
        self.context = view["pending"].get("context", {})
        self.view = view

    # what the map shows
    def targets(self) -> set[str]:
        return set()

    def selected(self) -> set[str]:
        return set()

    def badges(self) -> dict[str, str]:
        return {}

    def hint(self) -> str:
        return ""

    # input
    def widgets(self, x: int, y: int) -> list[Widget]:
        return []

    def click_province(self, province: str) -> None:
        if province in self.targets():
            self.take(province)
            return
        refusal = why_not_target(self.table.session.game, self.decision, province)
        text = (refusal_text(refusal, self.table.session.name) if refusal is not None
                else _("{province} cannot be chosen now.").format(province=province))
        self.table.explain(text)

    def take(self, province: str) -> None:
        """A legal target was clicked."""

    def key(self, inp: Input) -> bool:
        return False

    def cancel(self) -> bool:
        """Esc: step back inside the decision; False when there is nothing to undo."""
        return False


class DraftTake(DecisionPresenter):
    kind = "draft-take"

    def targets(self) -> set[str]:
        return {o for o in self.options if o != "deck"}

    def hint(self) -> str:
        return _(" — click a card or a highlighted province")

    def take(self, province: str) -> None:
        self.table.choose(province)

    def widgets(self, x: int, y: int) -> list[Widget]:
        t = self.table
        data = t.session.game.data
        out: list[Widget] = []
        for o in self.options:
            if o == "deck":
                out.append(DeckButton(t.R(x, y, 96, 60), pgettext("draft", "Deck"),
                                      lambda: t.choose("deck"), key="opt-deck", size=t.F(14),
                                      tooltip=_("Draw the top card of the deck, unseen (D)")))
                x += 108
            else:
                p = data.provinces[o]
                out.append(ProvinceCardButton(
                    t.R(x, y, 160, 60), o, partial(t.choose, o), key=f"opt-{o}",
                    info=(t.regions[o], p.tax, p.rice, p.slots),
                    tooltip=ngettext("{province} — {region}: tax {tax}, rice {rice}, "
                                     "{n} building space",
                                     "{province} — {region}: tax {tax}, rice {rice}, "
                                     "{n} building spaces", p.slots).format(
                        province=o, region=th.region_label(t.regions[o]), tax=p.tax,
                        rice=p.rice, n=p.slots)))
                x += 172
        return out

    def key(self, inp: Input) -> bool:
        if inp.action is Action.LETTER and inp.letter == "d" and "deck" in self.options:
            self.table.choose("deck")
            return True
        return False


class DraftPlace(DecisionPresenter):
    kind = "draft-place"

    def selected(self) -> set[str]:
        return {self.context.get("province")} - {None}

    def widgets(self, x: int, y: int) -> list[Widget]:
        t = self.table
        out: list[Widget] = []
        for o in self.options:
            text = ngettext("{n} army", "{n} armies", o).format(n=o)
            out.append(Button(t.R(x, y, 150, 48), text, partial(t.choose, o), key=f"opt-{o}",
                              size=t.F(18),
                              tooltip=ngettext("Place {n} army here (key {key})",
                                               "Place {n} armies here (key {key})", o).format(
                                  n=o, key=o)))
            x += 162
        return out

    def key(self, inp: Input) -> bool:
        if inp.action is Action.DIGIT and inp.digit in self.options:
            self.table.choose(inp.digit)
            return True
        return False


class PickSpecial(DecisionPresenter):
    kind = "pick-special"

    def widgets(self, x: int, y: int) -> list[Widget]:
        t = self.table
        data = t.session.game.data
        layout = self.view["special_layout"]
        out: list[Widget] = []
        for o in self.options:
            pos = layout.index(o) + 1
            out.append(Button(t.R(x, y, 188, 40), f"{pos}. {cd.special_name(o)}",
                              partial(t.choose, o), key=f"opt-{o}", size=t.F(16),
                              tooltip=_("{name} — turn position {n}: {effect} (key {n})").format(
                                  name=cd.special_name(o), n=pos, effect=data.specials[o])))
            x += 198
        out.append(BidLine(t.R(8 + 16, y + 46, 1000, 20).topleft, _bid_summary(t, self.view),
                           size=t.F(15), colour=th.INK_SOFT, width=t.R(0, 0, 1000, 0).w,
                           key="bid-order"))
        return out

    def key(self, inp: Input) -> bool:
        n = inp.slot or 0
        layout = self.view["special_layout"]
        if inp.action is Action.DIGIT and 1 <= n <= len(layout) and layout[n - 1] in self.options:
            self.table.choose(layout[n - 1])
            return True
        return False


class BattleMove(DecisionPresenter):
    """A Battle (or the Move after Recruit 1): a province on the map, then how many armies."""

    kind = "battle"

    def __init__(self, table: Table, decision: Decision, view: dict,
                 target: str | None = None) -> None:
        super().__init__(table, decision, view)
        self.target = target
        self.moves = [o for o in self.options if o is not None]

    def targets(self) -> set[str]:
        return set() if self.target is not None else {m.to for m in self.moves}

    def selected(self) -> set[str]:
        src = {self.context.get("province")} - {None}
        return src | ({self.target} if self.target else set())

    def hint(self) -> str:
        if self.target is None:
            return _(" — click a highlighted province")
        return _(" — how many armies to {province}? (digit keys)").format(province=self.target)

    def take(self, province: str) -> None:
        self.target = province
        self.table.refresh()

    def click_province(self, province: str) -> None:
        if self.target is not None and province == self.target:
            return
        if self.target is not None and province in {m.to for m in self.moves}:
            self.take(province)  # change of mind: another legal target
            return
        super().click_province(province)

    def cancel(self) -> bool:
        if self.target is None:
            return False
        self.target = None
        self.table.refresh()
        return True

    def back(self) -> None:
        self.cancel()

    def widgets(self, x: int, y: int) -> list[Widget]:
        t = self.table
        out: list[Widget] = []
        x0 = x
        if self.kind == "recruit-move":
            stay = pgettext("move", "Stay")
            w = fit_width(t, stay, t.F(17), 110)
            out.append(Button(t.R(x, y, w, 44), stay, lambda: t.choose(None), key="stay",
                              size=t.F(17), tooltip=_("Keep the armies where they are (S)")))
            x += w + 12
            x0 = x
        if self.target is None:
            names = sorted({m.to for m in self.moves})
            bw = 124 if len(names) <= 6 else 104
            for name in names:
                if x + bw > 1040:
                    x, y = x0, y + 36
                out.append(Button(t.R(x, y, bw - 8, 32), name, partial(self.take, name),
                                  key=f"target-{name}", size=t.F(15)))
                x += bw
            return out
        counts = sorted(m.armies for m in self.moves if m.to == self.target)
        back = _("◀ Back")
        w = fit_width(t, back, t.F(17), 100)
        out.append(Button(t.R(x, y, w, 44), back, self.back, key="back", size=t.F(17),
                          tooltip=_("Choose another province (Esc)")))
        x += w + 12
        bw = 60 if len(counts) <= 12 else 44
        for n in counts:
            if x + bw > 1040:
                x, y = x0 + w + 12, y + 36
            out.append(Button(t.R(x, y, bw - 6, 44 if len(counts) <= 12 else 32), str(n),
                              partial(self._armies, n), key=f"armies-{n}", size=t.F(17),
                              tooltip=ngettext("{n} army (key {key})", "{n} armies (key {key})",
                                               n).format(n=n, key=n % 10)))
            x += bw
        return out

    def _armies(self, n: int) -> None:
        if self.target is not None:
            self.table.choose(Move(self.target, n))

    def key(self, inp: Input) -> bool:
        if inp.action is Action.LETTER and inp.letter == "s" and self.kind == "recruit-move":
            self.table.choose(None)
            return True
        if inp.action is Action.DIGIT and self.target is not None:
            move = Move(self.target, inp.slot or 0)
            if move in self.options:
                self.table.choose(move)
                return True
        return False


class RecruitMove(BattleMove):
    kind = "recruit-move"


class RevoltOrder(DecisionPresenter):
    """Winter: click the drawn provinces in the order their revolts resolve."""

    kind = "revolt-order"

    def __init__(self, table: Table, decision: Decision, view: dict,
                 order: list[str] | None = None) -> None:
        super().__init__(table, decision, view)
        self.drawn = list(self.context.get("provinces", []))
        self.order: list[str] = [p for p in (order or []) if p in self.drawn]

    def targets(self) -> set[str]:
        return set(self.drawn) - set(self.order)

    def selected(self) -> set[str]:
        return set(self.order)

    def badges(self) -> dict[str, str]:
        return {p: str(i + 1) for i, p in enumerate(self.order)}

    def hint(self) -> str:
        left = len(self.drawn) - len(self.order)
        if left:
            return _(" — click the provinces in order ({done} of {total} ordered; click a "
                     "numbered one to remove it)").format(done=len(self.order),
                                                         total=len(self.drawn))
        return _(" — all ordered: confirm, or click a numbered province to change it")

    def click_province(self, province: str) -> None:
        if province in self.order:
            self.order.remove(province)
            self.table.refresh()
            return
        super().click_province(province)

    def take(self, province: str) -> None:
        self.order.append(province)
        self.table.refresh()

    def confirm(self) -> None:
        if len(self.order) == len(self.drawn):
            self.table.choose(tuple(self.order))

    def cancel(self) -> bool:
        if not self.order:
            return False
        self.order.pop()
        self.table.refresh()
        return True

    def widgets(self, x: int, y: int) -> list[Widget]:
        t = self.table
        out: list[Widget] = []
        for name in self.drawn:
            i = self.order.index(name) + 1 if name in self.order else None
            text = f"{i}. {name}" if i else name
            out.append(Button(t.R(x, y, 150, 40), text, partial(self.click_province, name),
                              key=f"revolt-{name}", size=t.F(16), selected=i is not None,
                              tooltip=(_("Click to remove from the order") if i else
                                       _("Resolve the revolt in {province} next").format(
                                           province=name))))
            x += 160
        ready = len(self.order) == len(self.drawn)
        label = _("Confirm order")
        confirm = Button(t.R(x + 10, y, fit_width(t, label, t.F(16), 180), 40), label,
                         self.confirm,
                         key="revolt-confirm", size=t.F(16), primary=ready,
                         hotkey=Action.CONFIRM,
                         tooltip=_("Resolve the revolts in this order (Enter)"))
        if not ready:
            left = len(self.drawn) - len(self.order)
            confirm.disabled = ngettext("Click {n} more province first",
                                        "Click {n} more provinces first", left).format(n=left)
        out.append(confirm)
        return out


PRESENTERS: dict[str, type[DecisionPresenter]] = {
    cls.kind: cls for cls in (DraftTake, DraftPlace, PickSpecial, BattleMove, RecruitMove,
                              RevoltOrder)
}


def presenter_for(table: Table, decision: Decision | None, view: dict | None,
                  old: DecisionPresenter | None = None) -> DecisionPresenter | None:
    """The presenter of a human's pending decision (keeping a half-made choice of the same
    decision: a chosen battle target, a partial revolt order)."""
    if decision is None or view is None or view.get("pending") is None:
        return None
    cls = PRESENTERS.get(str(decision.kind))
    if cls is None:
        return None
    same = old is not None and old.decision == decision
    if cls in (BattleMove, RecruitMove):
        return cls(table, decision, view, old.target if same else None)  # type: ignore[union-attr,call-arg]
    if cls is RevoltOrder:
        return cls(table, decision, view, old.order if same else None)  # type: ignore[union-attr,call-arg]
    return cls(table, decision, view)


def fit_width(t: Table, text: str, size: int, base: int) -> int:
    """A button's design width: base, or wide enough for its (translated) label in bold
    with the button's padding, so no language cuts a button's only words."""
    k = t.R(0, 0, 1000, 0).w / 1000 or 1.0
    return max(base, math.ceil((t.fonts.size(text, size, True)[0] + 24) / k))


def _bid_summary(t: Table, view: dict) -> str:
    """The bid order, with any tie shown as the random draw it was."""
    name = t.session.name
    sep = pgettext("list", ", ")
    parts = [_("Bid order: {players}").format(players=sep.join(name(c) for c in view["bid_order"]))]
    for group in view["bid_ties"]:
        # TRANSLATORS: {players} is a list joined by the word "before" (next entry).
        order = pgettext("tie order", " before ").join(name(c) for c in group)
        parts.append(_("tied bids, drawn at random: {players}").format(players=order))
    return " · ".join(parts)


class BidLine(Label):
    """The bid order line; its full text is the tooltip when it does not fit."""

    def tip(self, pos=None):
        return self.text


class ProvinceCardButton(Button):
    """A clickable province card (the draft's face-up cards)."""

    def __init__(self, rect, text: str, on_click, *, info: tuple, **kw) -> None:
        super().__init__(rect, text, on_click, **kw)
        self.info = info  # (region, tax, rice, slots)

    def draw(self, surface, theme):
        region, tax, rice, slots = self.info
        cd.draw_province_card(surface, self.rect, theme.fonts, self.text, region, tax, rice,
                              slots, _("take this card"), selected=self.hovered,
                              scale=self.scale)


class DeckButton(Button):
    def draw(self, surface, theme):
        cd.draw_back(surface, self.rect, theme.fonts, self.scale)
        th.blit_text(surface, theme.fonts, self.text, (self.rect.centerx, self.rect.bottom - 6),
                     self.size, th.PAPER_LIGHT, bold=True, anchor="midbottom")
        if self.hovered:
            pygame.draw.rect(surface, th.GOLD, self.rect, self.px(3, 3),
                             border_radius=self.px(5, 5))
