"""The one place that turns engine events (and rejections, skip reasons) into words.

Pure Python (no pygame): the window, ``simulate`` and the scenario runner all render the game
log through :class:`Presenter`, so rewording a message, or translating every message later
(one ``gettext`` call around each template here), touches this module only. Players are named
by their names, never their colours; counts agree in number ("1 army", "2 armies").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from shogun_desktop.data.board import FARMER, BoardData, default_board
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import PlanProblem, RejectCode, Rejection
from shogun_desktop.rules.events import BattleOutcome, Event, SkipReason
from shogun_desktop.rules.state import DecisionKind


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 army``, ``2 armies``: the count and the word in the right number."""
    if n == 1:
        return f"{n} {one}"
    if many is None:
        many = f"{one[:-1]}ies" if one.endswith("y") else f"{one}s"
    return f"{n} {many}"


def join_and(items: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


class Presenter:
    """Renders events for one game: player names come from ``names`` (colour -> name)."""

    def __init__(self, names: Mapping[str, str], data: BoardData | None = None) -> None:
        self.names = dict(names)
        self.data = data if data is not None else default_board()

    # ------------------------------------------------------------------ names
    def player(self, colour: str | None) -> str:
        if colour is None or colour == FARMER:
            return "the farmers"
        return self.names.get(colour, colour.capitalize())

    def possessive(self, colour: str) -> str:
        name = self.player(colour)
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    # An id the data does not know (a newer save, a damaged one) is shown as it is: the log
    # must never be what stops a game from being shown.
    def action(self, action: str) -> str:
        return next((a.name for a in self.data.actions if a.id == action), action)

    def building(self, kind: str) -> str:
        return self.data.names.buildings.get(kind, kind)

    def special(self, special: str) -> str:
        found = self.data.special_defs.get(special)
        return found.name if found else special

    def event_name(self, event_id: str) -> str:
        found = self.data.event_defs.get(event_id)
        return found.name if found else event_id

    def season(self, season: str) -> str:
        return self.data.names.seasons.get(season, season)

    def phase(self, phase: str) -> str:
        return self.data.names.phases.get(phase, phase)

    def score_part(self, part: str) -> str:
        """A scoring row's part: ``provinces``, or a region's majority ("purple castles")."""
        if part in ("provinces", "buildings"):
            return part
        region, _, kind = part.partition(" ")
        if kind in self.data.names.buildings:
            return f"{region} {self.building(kind).lower()}s"
        return part

    def cubes(self, counts: Mapping[str, int]) -> str:
        """``Red 2, farmers 1`` (players by name), or ``nothing``."""
        parts = []
        for colour, n in sorted(counts.items(), key=lambda kv: (kv[0] == FARMER, kv[0])):
            if n:
                who = "farmers" if colour == FARMER else self.player(colour)
                parts.append(f"{who} {n}")
        return ", ".join(parts) if parts else "nothing"

    # ------------------------------------------------------------------ events
    def line(self, event: Event) -> str:
        """The log line of one event."""
        render = _RENDERERS.get(type(event))
        if render is None:
            raise TypeError(f"no wording for {type(event).__name__}")
        return render(self, event)

    def lines(self, events: Iterable[Event]) -> list[str]:
        return [self.line(e) for e in events]

    def skip_reason(self, code: str, params: Mapping[str, int], action: str = "") -> str:
        p = params
        if code == SkipReason.CANNOT_PAY:
            return f"cannot pay {p.get('cost', 0)} (has {p.get('chests', 0)})"
        if code == SkipReason.ALREADY_BUILT:
            return f"it already has a {self.building(action)}" if action else "already built"
        if code == SkipReason.NO_SPACE:
            return "no free building space"
        if code == SkipReason.NO_BUILDING_LEFT:
            return f"no {self.building(action)} left in the supply" if action else "none left"
        if code == SkipReason.SUPPLY_SHORT:
            supply = p.get("supply", 0)
            return (f"only {plural(supply, 'army')} in supply, {p.get('needed', 0)} needed"
                    if supply else f"no army in supply, {p.get('needed', 0)} needed")
        if code == SkipReason.NOT_THEIRS:
            return "the province is no longer theirs"
        if code == SkipReason.SINGLE_ARMY:
            return "a province with 1 army cannot move or attack"
        if code == SkipReason.NO_TARGET:
            return "no province it may enter"
        return code

    def rejection(self, rejection: Rejection) -> str:
        """Why a choice was refused, in words (for a flash or a dialog)."""
        p = rejection.params
        code = rejection.code
        if code == RejectCode.NO_DECISION:
            return "No decision is waiting."
        if code == RejectCode.NOT_YOUR_TURN:
            return f"It is {self.possessive(str(p.get('player', '')))} turn."
        if code == RejectCode.NOT_LEGAL:
            return "That is not a legal choice now."
        detail = rejection.detail
        if detail == PlanProblem.NOT_A_MAPPING:
            return "A plan puts cards on spaces."
        if detail == PlanProblem.UNKNOWN_SPACE:
            return f"There is no space called {p.get('space')}."
        if detail == PlanProblem.NOT_IN_HAND:
            return f"{p.get('card')} is not a card in {self.possessive(str(p.get('player')))} hand."
        if detail == PlanProblem.PLACED_TWICE:
            return f"{p.get('card')} is placed twice."
        if detail == PlanProblem.INCOMPLETE:
            needed, placed = int(p.get("needed", 0)), int(p.get("placed", 0))
            return (f"Every space must be filled while cards remain: {plural(needed, 'card')} "
                    f"must be placed, {placed} {'is' if placed == 1 else 'are'}.")
        return str(code)

    def prompt(self, pending: Mapping[str, Any]) -> str:
        """What the deciding player is asked, from a view's ``pending`` (kind, player, about)."""
        who = self.player(str(pending["player"]))
        about = pending.get("about") or {}
        kind = pending["kind"]
        if kind == DecisionKind.DRAFT_TAKE:
            return f"{who}: take a face-up province card or draw blind"
        if kind == DecisionKind.DRAFT_PLACE:
            return f"{who}: choose the army group to place in {about.get('province')}"
        if kind == DecisionKind.PLAN:
            return f"{who}: plan your actions in secret"
        if kind == DecisionKind.PICK_SPECIAL:
            return f"{who}: choose a special card (its position is your turn)"
        if kind == DecisionKind.BATTLE:
            return (f"{who}: {self.action(str(about.get('action')))} from {about.get('province')}"
                    " — choose the target and the armies")
        if kind == DecisionKind.RECRUIT_MOVE:
            return (f"{who}: move armies from {about.get('province')} to a neighbouring province "
                    "of yours, or stay")
        if kind == DecisionKind.REVOLT_ORDER:
            return f"{who}: choose the order of the revolts in {join_and(about.get('provinces', []))}"
        return f"{who}: {kind}"

    # ------------------------------------------------------------------ battles
    def verdict(self, event: ev.BattleResolved | ev.RevoltResolved) -> str:
        """The outcome of a battle or revolt in one clause ("Red takes Omi with 2 armies")."""
        if isinstance(event, ev.RevoltResolved):
            if event.suppressed:
                verb = "stays" if event.survivors == 1 else "stay"
                return f"suppressed; {plural(event.survivors, 'army')} {verb}"
            return f"the farmers win: {event.province} becomes neutral"
        who, where = self.player(event.attacker), event.province
        if event.outcome == BattleOutcome.TAKEN:
            return f"{who} takes {where} with {plural(event.survivors, 'army')}"
        if event.outcome == BattleOutcome.HELD:
            return (f"{self.player(event.defender)} holds {where} with "
                    f"{plural(event.survivors, 'army')}")
        if event.outcome == BattleOutcome.FAILED:
            return f"the attack fails; {where} stays neutral"
        if event.outcome == BattleOutcome.DRAW:
            return f"a draw: {where} becomes neutral"
        return (f"only farmers defended it ({self.player(event.defender)} had no cube out): "
                f"{where} becomes neutral")

    def survivors(self, event: ev.BattleResolved | ev.RevoltResolved | ev.TowerLoaded | None,
                  province: str | None = None) -> str:
        """Where the cubes in the tray go after the drop, in words."""
        others = " Other players' cubes stay in the tray for the next battle."
        if event is None or isinstance(event, ev.TowerLoaded):
            return ("Every cube that came out goes back to its supply; the rest stays inside "
                    "the tower.")
        prov = event.province or province or "the province"
        if isinstance(event, ev.RevoltResolved):
            if event.suppressed:
                verb = "stays" if event.survivors == 1 else "stay"
                return (f"{plural(event.survivors, 'army')} of {self.player(event.player)} {verb} "
                        f"in {prov}; the farmers and the rest go back to supply.{others}")
            return f"All cubes of the revolt go back to supply; {prov} is neutral.{others}"
        n = plural(event.survivors, "army")
        if event.outcome == BattleOutcome.TAKEN:
            return (f"{n} of {self.player(event.attacker)} move into {prov}; the other cubes "
                    f"of the battle go back to supply.{others}")
        if event.outcome == BattleOutcome.HELD:
            return (f"{n} of {self.player(event.defender)} stay in {prov}; the other cubes of "
                    f"the battle go back to supply.{others}")
        return f"All cubes of the battle go back to supply; {prov} is neutral.{others}"


# ---------------------------------------------------------------------- one wording per event
def _game_started(p: Presenter, e: ev.GameStarted) -> str:
    return (f"New game on the {e.board} side for {len(e.seats)} players: "
            f"{', '.join(p.player(c) for c in e.seats)}; {plural(e.chests, 'war chest')} each")


def _out_of_play(p: Presenter, e: ev.OutOfPlay) -> str:
    return "Out of play with 3 players: " + ", ".join(e.provinces)


def _draft_face_up(p: Presenter, e: ev.DraftFaceUp) -> str:
    if e.renewed:
        return ("A full round without a face-up pick: the face-up cards go under the deck; "
                f"new face up {join_and(e.cards)}")
    return f"Draft: face up {join_and(e.cards)}"


def _card_taken(p: Presenter, e: ev.CardTaken) -> str:
    if e.blind:
        return f"{p.player(e.player)} draws {e.card} blind from the deck"
    return f"{p.player(e.player)} takes {e.card} from the face-up cards"


def _group_placed(p: Presenter, e: ev.GroupPlaced) -> str:
    return f"{p.player(e.player)} places {plural(e.armies, 'army')} in {e.province}"


def _draft_ended(p: Presenter, e: ev.DraftEnded) -> str:
    return "The draft is over; the remaining province cards are neutral"


def _tower_loaded(p: Presenter, e: ev.TowerLoaded) -> str:
    return (f"Tower load: {p.cubes(e.dropped)} poured in; out came {p.cubes(e.out)} "
            "(back to supply), the rest stays inside")


def _tower_note(p: Presenter, e: ev.TowerNote) -> str:
    return f"Tower: {e.note}"


def _round_started(p: Presenter, e: ev.RoundStarted) -> str:
    return (f"Year {e.year}, {p.season(e.season).lower()}: actions face up "
            + ", ".join(p.action(a) for a in e.actions) + "; specials "
            + ", ".join(p.special(s) for s in e.specials) + "; event candidates "
            + ", ".join(p.event_name(x) for x in e.event_candidates))


def _planned(p: Presenter, e: ev.Planned) -> str:
    return f"{p.player(e.player)} has planned ({plural(e.cards, 'card')} face down)"


def _event_drawn(p: Presenter, e: ev.EventDrawn) -> str:
    effect = p.data.event_effects.get(e.event, "")
    return (f"Event for {p.season(e.season).lower()}: {p.event_name(e.event)}"
            + (f" — {effect}" if effect else ""))


def _bid_revealed(p: Presenter, e: ev.BidRevealed) -> str:
    who = p.player(e.player)
    if e.bid == "none":
        return f"{who} has no bid"
    if e.bid == "province":
        return f"{who} bids a province card"
    if e.unaffordable:
        return f"{who} bids {e.value} but cannot pay: counts as 0"
    return f"{who} bids {e.value}" + (f" and pays {e.paid}" if e.paid else "")


def _bids_tied(p: Presenter, e: ev.BidsTied) -> str:
    return "Tied bids, drawn at random: " + ", ".join(p.player(c) for c in e.players)


def _bid_order(p: Presenter, e: ev.BidOrder) -> str:
    return "Bid order: " + ", ".join(p.player(c) for c in e.players)


def _special_picked(p: Presenter, e: ev.SpecialPicked) -> str:
    return f"{p.player(e.player)} takes {p.special(e.special)} (turn position {e.position})"


def _turn_order(p: Presenter, e: ev.TurnOrder) -> str:
    return "Turn order: " + ", ".join(p.player(c) for c in e.players)


def _action_turned(p: Presenter, e: ev.ActionTurned) -> str:
    return f"Action card {e.number} turned up: {p.action(e.action)}"


def _no_card(p: Presenter, e: ev.NoCard) -> str:
    return f"{p.player(e.player)} has no card on {p.action(e.action)}"


def _chest_revealed(p: Presenter, e: ev.ChestRevealed) -> str:
    return f"{p.player(e.player)} reveals a chest card on {p.action(e.action)}: no action"


def _card_voided(p: Presenter, e: ev.CardVoided) -> str:
    return (f"{p.possessive(e.player)} {p.action(e.action)} in {e.province} is void: "
            "the card left their hand")


def _action_skipped(p: Presenter, e: ev.ActionSkipped) -> str:
    return (f"{p.player(e.player)} skips {p.action(e.action)} in {e.province}: "
            f"{p.skip_reason(e.reason, e.params, e.action)}")


def _building_built(p: Presenter, e: ev.BuildingBuilt) -> str:
    text = f"{p.player(e.player)} builds a {p.building(e.kind)} in {e.province} for {e.cost}"
    if e.calmed:
        text += f" and calms {plural(e.calmed, 'revolt marker')}"
    return text


def _collected(p: Presenter, e: ev.Collected) -> str:
    if e.action == "rice":
        return f"{p.player(e.player)} collects {e.amount} rice in {e.province} (rice {e.total})"
    return f"{p.player(e.player)} collects {plural(e.amount, 'war chest')} in {e.province}"


def _revolt_marker(p: Presenter, e: ev.RevoltMarker) -> str:
    if e.placed:
        return f"A revolt marker is placed in {e.province} ({e.count} there)"
    return f"No revolt marker left to place in {e.province}"


def _recruited(p: Presenter, e: ev.Recruited) -> str:
    return f"{p.player(e.player)} recruits {plural(e.armies, 'army')} in {e.province} for {e.cost}"


def _armies_moved(p: Presenter, e: ev.ArmiesMoved) -> str:
    return (f"{p.player(e.player)} moves {plural(e.armies, 'army')} from {e.source} "
            f"to {e.province}")


_BONUS_WORDS = {"attack-bonus": "attack bonus", "defence-bonus": "defence bonus",
                "castle-defence": "castle defence"}


def _battle(p: Presenter, e: ev.BattleResolved) -> str:
    who = p.player(e.attacker)
    extras = ", ".join(f"+{n} {_BONUS_WORDS.get(k, k)}" for k, n in e.bonuses.items() if n)
    if e.defender is None:
        head = (f"{who} attacks neutral {e.province} from {e.source} with "
                f"{plural(e.armies, 'army')}" + (f" ({extras})" if extras else "")
                + f" against {plural(e.defenders, 'farmer')}")
    else:
        head = (f"{who} attacks {e.province} from {e.source} with {plural(e.armies, 'army')} "
                f"against {p.possessive(e.defender)} {e.defenders}"
                + (f" ({extras})" if extras else ""))
    return f"{head} — out: {p.cubes(e.out)} — {p.verdict(e)}"


def _revolt(p: Presenter, e: ev.RevoltResolved) -> str:
    head = (f"{'Winter revolt' if e.winter else 'Revolt'} in {p.possessive(e.player)} "
            f"{e.province}: {plural(e.armies, 'army')}"
            + (f" (+{e.castle_bonus} castle defence)" if e.castle_bonus else "")
            + f" against {plural(e.farmers, 'farmer')}")
    return f"{head} — out: {p.cubes(e.out)} — {p.verdict(e)}"


def _event_ended(p: Presenter, e: ev.EventEnded) -> str:
    return f"End of {p.season(e.season).lower()}: the {p.event_name(e.event)} event leaves the game"


def _winter_rice_loss(p: Presenter, e: ev.WinterRiceLoss) -> str:
    card = f" (card: {p.event_name(e.card)})" if e.card else ""
    return f"Winter of year {e.year}: every player loses {e.loss} rice{card}"


def _provisions_enough(p: Presenter, e: ev.ProvisionsEnough) -> str:
    return f"{p.player(e.player)} has enough rice for {plural(e.provinces, 'province')}"


def _provisions_short(p: Presenter, e: ev.ProvisionsShort) -> str:
    return (f"{p.player(e.player)} is {e.short} rice short: {plural(e.revolts, 'revolt')} with "
            f"{e.farmers} extra {'farmer' if e.farmers == 1 else 'farmers'}; "
            f"{p.player(e.drawer)} draws {join_and(e.draws)}")


def _part_name(p: Presenter, part: str) -> str:
    return p.score_part(part)


def _scored(p: Presenter, e: ev.Scored) -> str:
    detail = ", ".join(f"{_part_name(p, k)} {v}" for k, v in e.parts.items() if v)
    return (f"{p.player(e.player)} scores {e.gained} VP ({detail or 'nothing'}): "
            f"{e.total} in all")


def _year_reset(p: Presenter, e: ev.YearReset) -> str:
    return f"Year {e.year} begins: rice markers to 0, all revolt markers removed"


def _game_over(p: Presenter, e: ev.GameOver) -> str:
    standings = "; ".join(f"{p.player(c)} {e.vp.get(c, 0)} VP, "
                          f"{plural(e.chests.get(c, 0), 'chest')}" for c in e.ranking)
    winners = ", ".join(p.player(c) for c in e.winners)
    head = "Winner" if len(e.winners) == 1 else "Shared victory"
    return f"The game is over: {standings}. {head}: {winners}"


def _history_dropped(p: Presenter, e: ev.HistoryDropped) -> str:
    verb = "was" if e.lines == 1 else "were"
    return (f"(The first {plural(e.lines, 'line')} of this game's log {verb} saved by an older "
            "version and cannot be shown.)")


_RENDERERS: dict[type, Callable[[Presenter, Any], str]] = {
    ev.GameStarted: _game_started, ev.OutOfPlay: _out_of_play, ev.DraftFaceUp: _draft_face_up,
    ev.CardTaken: _card_taken, ev.GroupPlaced: _group_placed, ev.DraftEnded: _draft_ended,
    ev.TowerLoaded: _tower_loaded, ev.TowerNote: _tower_note, ev.RoundStarted: _round_started,
    ev.Planned: _planned, ev.EventDrawn: _event_drawn, ev.BidRevealed: _bid_revealed,
    ev.BidsTied: _bids_tied, ev.BidOrder: _bid_order, ev.SpecialPicked: _special_picked,
    ev.TurnOrder: _turn_order, ev.ActionTurned: _action_turned, ev.NoCard: _no_card,
    ev.ChestRevealed: _chest_revealed, ev.CardVoided: _card_voided,
    ev.ActionSkipped: _action_skipped, ev.BuildingBuilt: _building_built,
    ev.Collected: _collected, ev.RevoltMarker: _revolt_marker, ev.Recruited: _recruited,
    ev.ArmiesMoved: _armies_moved, ev.BattleResolved: _battle, ev.RevoltResolved: _revolt,
    ev.EventEnded: _event_ended, ev.WinterRiceLoss: _winter_rice_loss,
    ev.ProvisionsEnough: _provisions_enough, ev.ProvisionsShort: _provisions_short,
    ev.Scored: _scored, ev.YearReset: _year_reset, ev.GameOver: _game_over,
    ev.HistoryDropped: _history_dropped,
}


def presenter_for(game: Any) -> Presenter:
    """A presenter naming the players of ``game`` (a ``Game``)."""
    return Presenter({c: p.name for c, p in game.state.players.items()}, game.data)


__all__ = ["Presenter", "join_and", "plural", "presenter_for"]
