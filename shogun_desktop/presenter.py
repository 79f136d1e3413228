"""The one place that turns engine events (and rejections, skip reasons) into words.

Pure Python (no pygame): the window, ``simulate`` and the scenario runner all render the game
log through :class:`Presenter`. Every template is a whole sentence in the gettext catalogue
(``shogun_desktop.i18n``), so a translation may reorder it; every count goes through
``ngettext`` (Czech and Russian have three forms); card, event and special names come from the
data by id (``BoardData.action_name`` and friends). Player and province names are inserted as
``{named}`` parameters, never translated. Players are named by their names, never colours.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from shogun_desktop.data.board import FARMER, BoardData, default_board
from shogun_desktop.i18n import _, ngettext, pgettext
from shogun_desktop.i18n.datatexts import region_name
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import PlanProblem, RejectCode, Rejection
from shogun_desktop.rules.events import BattleOutcome, Event, SkipReason
from shogun_desktop.rules.state import DecisionKind


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 army``, ``2 armies`` in English (for callers outside the catalogue, e.g. tests)."""
    if n == 1:
        return f"{n} {one}"
    if many is None:
        many = f"{one[:-1]}ies" if one.endswith("y") else f"{one}s"
    return f"{n} {many}"


def armies(n: int) -> str:
    return ngettext("{n} army", "{n} armies", n).format(n=n)


def farmers(n: int) -> str:
    # TRANSLATORS: farmer cubes (cs "farmářská armáda", ru "армия фермеров", zh "民軍").
    return ngettext("{n} farmer", "{n} farmers", n).format(n=n)


def chests(n: int) -> str:
    return ngettext("{n} war chest", "{n} war chests", n).format(n=n)


def join_and(items: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` (the separators of the current language)."""
    parts = list(items)
    if len(parts) <= 1:
        return "".join(parts)
    # TRANSLATORS: the separator between items of a list, except the last two.
    sep = pgettext("list", ", ")
    # TRANSLATORS: the last two items of a list ("Omi, Mino and Ise").
    return pgettext("list", "{items} and {last}").format(items=sep.join(parts[:-1]),
                                                         last=parts[-1])


def join_list(items: Iterable[str]) -> str:
    """``A, B, C``: an enumeration without a conjunction."""
    return pgettext("list", ", ").join(items)


class Presenter:
    """Renders events for one game: player names come from ``names`` (colour -> name)."""

    def __init__(self, names: Mapping[str, str], data: BoardData | None = None) -> None:
        self.names = dict(names)
        self.data = data if data is not None else default_board()

    # ------------------------------------------------------------------ names
    def player(self, colour: str | None) -> str:
        if colour is None or colour == FARMER:
            return _("the farmers")
        return self.names.get(colour, colour.capitalize())

    def possessive(self, colour: str) -> str:
        """The English possessive (``Anna's``); templates pass it as ``{owner}`` beside
        ``{player}``, so a translation uses whichever its grammar needs."""
        name = self.player(colour)
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    def who(self, colour: str | None) -> dict[str, str]:
        """Template parameters naming a player: ``player`` and the English ``owner``."""
        return {"player": self.player(colour),
                "owner": self.possessive(colour) if colour else self.player(colour)}

    # An id the data does not know (a newer save, a damaged one) is shown as it is: the log
    # must never be what stops a game from being shown.
    def action(self, action: str) -> str:
        try:
            return self.data.action_name(action)
        except KeyError:
            return action

    def building(self, kind: str) -> str:
        return self.data.building_name(kind)

    def special(self, special: str) -> str:
        return self.data.special_name(special) if special in self.data.special_defs else special

    def event_name(self, event_id: str) -> str:
        return self.data.event_name(event_id) if event_id in self.data.event_defs else event_id

    def season(self, season: str) -> str:
        """The season as a heading or on its own ("Spring", "Jaro")."""
        return self.data.season_name(season)

    def season_in_sentence(self, season: str) -> str:
        """The season inside a sentence ("year 2, spring", "rok 2, jaro")."""
        return self.data.season_in_sentence(season)

    def building_in_sentence(self, kind: str) -> str:
        return self.data.building_in_sentence(kind)

    def phase(self, phase: str) -> str:
        return self.data.phase_name(phase)

    def score_part(self, part: str) -> str:
        """A scoring row's part: ``provinces``, or a region's majority ("most castles (Rose
        region)")."""
        if part == "provinces":
            return pgettext("score", "provinces")
        if part == "buildings":
            return pgettext("score", "buildings")
        region, _sp, kind = part.partition(" ")
        if kind not in ("castle", "temple", "theater"):
            return part
        label = region_name(region)
        if kind == "castle":
            return _("most castles ({region})").format(region=label)
        if kind == "temple":
            return _("most temples ({region})").format(region=label)
        return _("most Nō theatres ({region})").format(region=label)
        return part

    def cubes(self, counts: Mapping[str, int]) -> str:
        """``Red 2, farmers 1`` (players by name), or ``nothing``."""
        parts = []
        for colour, n in sorted(counts.items(), key=lambda kv: (kv[0] == FARMER, kv[0])):
            if n:
                who = pgettext("cubes", "farmers") if colour == FARMER else self.player(colour)
                # TRANSLATORS: cubes of one side in a tower result ("Anna 2", "farmers 1").
                parts.append(pgettext("cubes", "{who} {n}").format(who=who, n=n))
        return join_list(parts) if parts else pgettext("cubes", "nothing")

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
            return _("cannot pay {cost} (has {chests})").format(cost=p.get("cost", 0),
                                                               chests=p.get("chests", 0))
        if code == SkipReason.ALREADY_BUILT:
            if not action:
                return _("already built")
            return _("it already has a {building}").format(
                building=self.building_in_sentence(action))
        if code == SkipReason.NO_SPACE:
            return _("no free building space")
        if code == SkipReason.NO_BUILDING_LEFT:
            if not action:
                return _("none left")
            return _("no {building} left in the supply").format(
                building=self.building_in_sentence(action))
        if code == SkipReason.SUPPLY_SHORT:
            supply, needed = p.get("supply", 0), p.get("needed", 0)
            if not supply:
                return ngettext("no army in supply, {needed} needed",
                                "no army in supply, {needed} needed", needed).format(needed=needed)
            return ngettext("only {n} army in supply, {needed} needed",
                            "only {n} armies in supply, {needed} needed",
                            supply).format(n=supply, needed=needed)
        if code == SkipReason.NOT_THEIRS:
            return _("the province is no longer theirs")
        if code == SkipReason.SINGLE_ARMY:
            return _("a province with 1 army cannot move or attack")
        if code == SkipReason.NO_TARGET:
            return _("no province it may enter")
        return code

    def rejection(self, rejection: Rejection) -> str:
        """Why a choice was refused, in words (for a flash or a dialog)."""
        p = rejection.params
        code = rejection.code
        if code == RejectCode.NO_DECISION:
            return _("No decision is waiting.")
        if code == RejectCode.NOT_YOUR_TURN:
            # TRANSLATORS: {owner} is the English possessive ("Anna's"); use {player}.
            return _("It is {owner} turn.").format(**self.who(str(p.get("player", ""))))
        if code == RejectCode.NOT_LEGAL:
            return _("That is not a legal choice now.")
        detail = rejection.detail
        if detail == PlanProblem.NOT_A_MAPPING:
            return _("A plan puts cards on spaces.")
        if detail == PlanProblem.UNKNOWN_SPACE:
            return _("There is no space called {space}.").format(space=p.get("space"))
        if detail == PlanProblem.NOT_IN_HAND:
            # TRANSLATORS: {owner} is the English possessive ("Anna's"); use {player}.
            return _("{card} is not a card in {owner} hand.").format(
                card=p.get("card"), **self.who(str(p.get("player"))))
        if detail == PlanProblem.PLACED_TWICE:
            return _("{card} is placed twice.").format(card=p.get("card"))
        if detail == PlanProblem.INCOMPLETE:
            needed, placed = int(p.get("needed", 0)), int(p.get("placed", 0))
            return ngettext(
                "Every space must be filled while cards remain: {n} card must be placed, "
                "{placed} is.",
                "Every space must be filled while cards remain: {n} cards must be placed, "
                "{placed} are.", needed).format(n=needed, placed=placed)
        return str(code)

    def prompt(self, pending: Mapping[str, Any]) -> str:
        """What the deciding player is asked, from a view's ``pending`` (kind, player, about)."""
        who = self.player(str(pending["player"]))
        about = pending.get("about") or {}
        kind = pending["kind"]
        prov = about.get("province")
        if kind == DecisionKind.DRAFT_TAKE:
            return _("{player}: take a face-up province card or draw blind").format(player=who)
        if kind == DecisionKind.DRAFT_PLACE:
            return _("{player}: choose the army group to place in {province}").format(
                player=who, province=prov)
        if kind == DecisionKind.PLAN:
            return _("{player}: plan your actions in secret").format(player=who)
        if kind == DecisionKind.PICK_SPECIAL:
            return _("{player}: choose a special card (its position is your turn)").format(
                player=who)
        if kind == DecisionKind.BATTLE:
            return _("{player}: {action} from {province} — choose the target and the "
                     "armies").format(player=who, action=self.action(str(about.get("action"))),
                                      province=prov)
        if kind == DecisionKind.RECRUIT_MOVE:
            return _("{player}: move armies from {province} to a neighbouring province of "
                     "yours, or stay").format(player=who, province=prov)
        if kind == DecisionKind.REVOLT_ORDER:
            return _("{player}: choose the order of the revolts in {provinces}").format(
                player=who, provinces=join_and(about.get("provinces", [])))
        return f"{who}: {kind}"

    # ------------------------------------------------------------------ battles
    def verdict(self, event: ev.BattleResolved | ev.RevoltResolved) -> str:
        """The outcome of a battle or revolt in one clause ("Red takes Omi with 2 armies")."""
        if isinstance(event, ev.RevoltResolved):
            if event.suppressed:
                return ngettext("suppressed; {n} army stays", "suppressed; {n} armies stay",
                                event.survivors).format(n=event.survivors)
            return _("the farmers win: {province} becomes neutral").format(
                province=event.province)
        where, n = event.province, event.survivors
        if event.outcome == BattleOutcome.TAKEN:
            return ngettext("{player} takes {province} with {n} army",
                            "{player} takes {province} with {n} armies", n).format(
                player=self.player(event.attacker), province=where, n=n)
        if event.outcome == BattleOutcome.HELD:
            return ngettext("{player} holds {province} with {n} army",
                            "{player} holds {province} with {n} armies", n).format(
                player=self.player(event.defender), province=where, n=n)
        if event.outcome == BattleOutcome.FAILED:
            return _("the attack fails; {province} stays neutral").format(province=where)
        if event.outcome == BattleOutcome.DRAW:
            return _("a draw: {province} becomes neutral").format(province=where)
        return _("only farmers defended it ({player} had no cube out): {province} becomes "
                 "neutral").format(player=self.player(event.defender), province=where)

    def survivors(self, event: ev.BattleResolved | ev.RevoltResolved | ev.TowerLoaded | None,
                  province: str | None = None) -> str:
        """Where the cubes in the tray go after the drop, in words."""
        others = _("Other players' cubes stay in the tray for the next battle.")
        if event is None or isinstance(event, ev.TowerLoaded):
            return _("Every cube that came out goes back to its supply; the rest stays inside "
                     "the tower.")
        prov = event.province or province or _("the province")
        if isinstance(event, ev.RevoltResolved):
            if event.suppressed:
                first = ngettext(
                    "{n} army of {player} stays in {province}; the farmers and the rest go "
                    "back to supply.",
                    "{n} armies of {player} stay in {province}; the farmers and the rest go "
                    "back to supply.", event.survivors).format(
                    n=event.survivors, player=self.player(event.player), province=prov)
            else:
                first = _("All cubes of the revolt go back to supply; {province} is "
                          "neutral.").format(province=prov)
            return f"{first} {others}"
        n = event.survivors
        if event.outcome == BattleOutcome.TAKEN:
            first = ngettext(
                "{n} army of {player} moves into {province}; the other cubes of the battle go "
                "back to supply.",
                "{n} armies of {player} move into {province}; the other cubes of the battle go "
                "back to supply.", n).format(n=n, player=self.player(event.attacker),
                                             province=prov)
        elif event.outcome == BattleOutcome.HELD:
            first = ngettext(
                "{n} army of {player} stays in {province}; the other cubes of the battle go "
                "back to supply.",
                "{n} armies of {player} stay in {province}; the other cubes of the battle go "
                "back to supply.", n).format(n=n, player=self.player(event.defender),
                                             province=prov)
        else:
            first = _("All cubes of the battle go back to supply; {province} is "
                      "neutral.").format(province=prov)
        return f"{first} {others}"


# ---------------------------------------------------------------------- one wording per event
def _players(p: Presenter, colours: Iterable[str]) -> str:
    return join_list(p.player(c) for c in colours)


def _game_started(p: Presenter, e: ev.GameStarted) -> str:
    side = pgettext("board-side", "sun") if e.board == "sun" else (
        pgettext("board-side", "moon") if e.board == "moon" else e.board)
    return ngettext(
        "New game on the {side} side for {count} players: {players}; {n} war chest each",
        "New game on the {side} side for {count} players: {players}; {n} war chests each",
        e.chests).format(side=side, count=len(e.seats), players=_players(p, e.seats),
                         n=e.chests)


def _out_of_play(p: Presenter, e: ev.OutOfPlay) -> str:
    return _("Out of play with 3 players: {provinces}").format(
        provinces=join_list(e.provinces))


def _draft_face_up(p: Presenter, e: ev.DraftFaceUp) -> str:
    if e.renewed:
        return _("A full round without a face-up pick: the face-up cards go under the deck; "
                 "new face up {provinces}").format(provinces=join_and(e.cards))
    return _("Draft: face up {provinces}").format(provinces=join_and(e.cards))


def _card_taken(p: Presenter, e: ev.CardTaken) -> str:
    if e.blind:
        return _("{player} draws {province} blind from the deck").format(
            player=p.player(e.player), province=e.card)
    return _("{player} takes {province} from the face-up cards").format(
        player=p.player(e.player), province=e.card)


def _group_placed(p: Presenter, e: ev.GroupPlaced) -> str:
    return ngettext("{player} places {n} army in {province}",
                    "{player} places {n} armies in {province}", e.armies).format(
        player=p.player(e.player), n=e.armies, province=e.province)


def _draft_ended(p: Presenter, e: ev.DraftEnded) -> str:
    return _("The draft is over; the remaining province cards are neutral")


def _tower_loaded(p: Presenter, e: ev.TowerLoaded) -> str:
    return _("Tower load: {dropped} poured in; out came {out} (back to supply), the rest "
             "stays inside").format(dropped=p.cubes(e.dropped), out=p.cubes(e.out))


def _tower_note(p: Presenter, e: ev.TowerNote) -> str:
    parts = []
    if e.capped_ms:
        parts.append(_("Tower: the time cap was reached after {seconds} s simulated; cubes "
                       "still moving stayed where they were.").format(
                           seconds=f"{e.capped_ms / 1000:.1f}"))
    if e.escapes:
        parts.append(ngettext("Tower: {n} cube left the walls and was counted as out.",
                              "Tower: {n} cubes left the walls and were counted as out.",
                              e.escapes).format(n=e.escapes))
    return " ".join(parts)


def _round_started(p: Presenter, e: ev.RoundStarted) -> str:
    return _("Year {year}, {season}: actions face up {actions}; specials {specials}; event "
             "candidates {events}").format(
        year=e.year, season=p.season_in_sentence(e.season),
        actions=join_list(p.action(a) for a in e.actions),
        specials=join_list(p.special(s) for s in e.specials),
        events=join_list(p.event_name(x) for x in e.event_candidates))


def _planned(p: Presenter, e: ev.Planned) -> str:
    return ngettext("{player} has planned ({n} card face down)",
                    "{player} has planned ({n} cards face down)", e.cards).format(
        player=p.player(e.player), n=e.cards)


def _event_drawn(p: Presenter, e: ev.EventDrawn) -> str:
    season = p.season_in_sentence(e.season)
    if e.event in p.data.event_defs:
        return _("Event for {season}: {event} — {effect}").format(
            season=season, event=p.event_name(e.event), effect=p.data.event_effect(e.event))
    return _("Event for {season}: {event}").format(season=season, event=e.event)


def _bid_revealed(p: Presenter, e: ev.BidRevealed) -> str:
    who = p.player(e.player)
    if e.bid == "none":
        return _("{player} has no bid").format(player=who)
    if e.bid == "province":
        return _("{player} bids a province card").format(player=who)
    if e.unaffordable:
        return _("{player} bids {value} but cannot pay: counts as 0").format(
            player=who, value=e.value)
    if e.paid:
        return _("{player} bids {value} and pays {paid}").format(
            player=who, value=e.value, paid=e.paid)
    return _("{player} bids {value}").format(player=who, value=e.value)


def _bids_tied(p: Presenter, e: ev.BidsTied) -> str:
    return _("Tied bids, drawn at random: {players}").format(players=_players(p, e.players))


def _bid_order(p: Presenter, e: ev.BidOrder) -> str:
    return _("Bid order: {players}").format(players=_players(p, e.players))


def _special_picked(p: Presenter, e: ev.SpecialPicked) -> str:
    return _("{player} takes {special} (turn position {position})").format(
        player=p.player(e.player), special=p.special(e.special), position=e.position)


def _turn_order(p: Presenter, e: ev.TurnOrder) -> str:
    return _("Turn order: {players}").format(players=_players(p, e.players))


def _action_turned(p: Presenter, e: ev.ActionTurned) -> str:
    return _("Action card {number} turned up: {action}").format(
        number=e.number, action=p.action(e.action))


def _no_card(p: Presenter, e: ev.NoCard) -> str:
    return _("{player} has no card on {action}").format(
        player=p.player(e.player), action=p.action(e.action))


def _chest_revealed(p: Presenter, e: ev.ChestRevealed) -> str:
    return _("{player} reveals a chest card on {action}: no action").format(
        player=p.player(e.player), action=p.action(e.action))


def _card_voided(p: Presenter, e: ev.CardVoided) -> str:
    # TRANSLATORS: {owner} is the English possessive ("Anna's"); use {player}.
    return _("{owner} {action} in {province} is void: the card left their hand").format(
        action=p.action(e.action), province=e.province, **p.who(e.player))


def _action_skipped(p: Presenter, e: ev.ActionSkipped) -> str:
    return _("{player} skips {action} in {province}: {reason}").format(
        player=p.player(e.player), action=p.action(e.action), province=e.province,
        reason=p.skip_reason(e.reason, e.params, e.action))


def _building_built(p: Presenter, e: ev.BuildingBuilt) -> str:
    args: dict[str, object] = {"player": p.player(e.player), "province": e.province,
                               "cost": e.cost, "n": e.calmed}
    kind = e.kind
    if e.calmed:
        if kind == "castle":
            text = ngettext(
                "{player} builds a castle in {province} for {cost} and calms {n} revolt marker",
                "{player} builds a castle in {province} for {cost} and calms {n} revolt markers",
                e.calmed)
        elif kind == "temple":
            text = ngettext(
                "{player} builds a temple in {province} for {cost} and calms {n} revolt marker",
                "{player} builds a temple in {province} for {cost} and calms {n} revolt markers",
                e.calmed)
        else:
            text = ngettext(
                "{player} builds a Nō theatre in {province} for {cost} and calms {n} revolt "
                "marker",
                "{player} builds a Nō theatre in {province} for {cost} and calms {n} revolt "
                "markers", e.calmed)
    elif kind == "castle":
        text = _("{player} builds a castle in {province} for {cost}")
    elif kind == "temple":
        text = _("{player} builds a temple in {province} for {cost}")
    else:
        text = _("{player} builds a Nō theatre in {province} for {cost}")
    return text.format(**args)


def _collected(p: Presenter, e: ev.Collected) -> str:
    who = p.player(e.player)
    if e.action == "rice":
        return ngettext("{player} collects {n} rice in {province} (rice {total})",
                        "{player} collects {n} rice in {province} (rice {total})",
                        e.amount).format(player=who, n=e.amount, province=e.province,
                                         total=e.total)
    return ngettext("{player} collects {n} war chest in {province}",
                    "{player} collects {n} war chests in {province}", e.amount).format(
        player=who, n=e.amount, province=e.province)


def _revolt_marker(p: Presenter, e: ev.RevoltMarker) -> str:
    if e.placed:
        return _("A revolt marker is placed in {province} ({count} there)").format(
            province=e.province, count=e.count)
    return _("No revolt marker left to place in {province}").format(province=e.province)


def _recruited(p: Presenter, e: ev.Recruited) -> str:
    return ngettext("{player} recruits {n} army in {province} for {cost}",
                    "{player} recruits {n} armies in {province} for {cost}", e.armies).format(
        player=p.player(e.player), n=e.armies, province=e.province, cost=e.cost)


def _armies_moved(p: Presenter, e: ev.ArmiesMoved) -> str:
    return ngettext("{player} moves {n} army from {source} to {province}",
                    "{player} moves {n} armies from {source} to {province}", e.armies).format(
        player=p.player(e.player), n=e.armies, source=e.source, province=e.province)


def _bonus(kind: str, n: int) -> str:
    if kind == "attack-bonus":
        return _("+{n} attack bonus").format(n=n)
    if kind == "defence-bonus":
        return _("+{n} defence bonus").format(n=n)
    if kind == "castle-defence":
        return _("+{n} castle defence").format(n=n)
    return f"+{n} {kind}"


def _battle(p: Presenter, e: ev.BattleResolved) -> str:
    extras = join_list(_bonus(k, n) for k, n in e.bonuses.items() if n)
    args: dict[str, object] = {
        "player": p.player(e.attacker), "province": e.province, "source": e.source,
            "armies": armies(e.armies), "extras": extras, "out": p.cubes(e.out),
            "verdict": p.verdict(e)}
    if e.defender is None:
        args["farmers"] = farmers(e.defenders)
        if extras:
            text = _("{player} attacks neutral {province} from {source} with {armies} "
                     "({extras}) against {farmers} — out: {out} — {verdict}")
        else:
            text = _("{player} attacks neutral {province} from {source} with {armies} "
                     "against {farmers} — out: {out} — {verdict}")
        return text.format(**args)
    args["defender"] = p.player(e.defender)
    args["defender_owner"] = p.possessive(e.defender)
    args["defenders"] = e.defenders
    # TRANSLATORS: {defender_owner} is the English possessive ("Anna's"); use {defender}.
    # {defenders} is the number of the defender's armies in the province.
    if extras:
        text = _("{player} attacks {province} from {source} with {armies} against "
                 "{defender_owner} {defenders} ({extras}) — out: {out} — {verdict}")
    else:
        text = _("{player} attacks {province} from {source} with {armies} against "
                 "{defender_owner} {defenders} — out: {out} — {verdict}")
    return text.format(**args)


def _revolt(p: Presenter, e: ev.RevoltResolved) -> str:
    args: dict[str, object] = {
        "province": e.province, "armies": armies(e.armies), "farmers": farmers(e.farmers),
            "bonus": e.castle_bonus, "out": p.cubes(e.out), "verdict": p.verdict(e),
            **p.who(e.player)}
    # TRANSLATORS: {owner} is the English possessive ("Anna's"); use {player}.
    if e.winter and e.castle_bonus:
        text = _("Winter revolt in {owner} {province}: {armies} (+{bonus} castle defence) "
                 "against {farmers} — out: {out} — {verdict}")
    elif e.winter:
        text = _("Winter revolt in {owner} {province}: {armies} against {farmers} — out: "
                 "{out} — {verdict}")
    elif e.castle_bonus:
        text = _("Revolt in {owner} {province}: {armies} (+{bonus} castle defence) against "
                 "{farmers} — out: {out} — {verdict}")
    else:
        text = _("Revolt in {owner} {province}: {armies} against {farmers} — out: {out} — "
                 "{verdict}")
    return text.format(**args)


def _event_ended(p: Presenter, e: ev.EventEnded) -> str:
    return _("End of {season}: the {event} event leaves the game").format(
        season=p.season_in_sentence(e.season), event=p.event_name(e.event))


def _winter_rice_loss(p: Presenter, e: ev.WinterRiceLoss) -> str:
    if e.card:
        return ngettext("Winter of year {year}: every player loses {n} rice (card: {event})",
                        "Winter of year {year}: every player loses {n} rice (card: {event})",
                        e.loss).format(year=e.year, n=e.loss, event=p.event_name(e.card))
    return ngettext("Winter of year {year}: every player loses {n} rice",
                    "Winter of year {year}: every player loses {n} rice", e.loss).format(
        year=e.year, n=e.loss)


def _provisions_enough(p: Presenter, e: ev.ProvisionsEnough) -> str:
    return ngettext("{player} has enough rice for {n} province",
                    "{player} has enough rice for {n} provinces", e.provinces).format(
        player=p.player(e.player), n=e.provinces)


def _provisions_short(p: Presenter, e: ev.ProvisionsShort) -> str:
    revolts = ngettext("{n} revolt", "{n} revolts", e.revolts).format(n=e.revolts)
    extra = ngettext("{n} extra farmer", "{n} extra farmers", e.farmers).format(n=e.farmers)
    return ngettext(
        "{player} is {n} rice short: {revolts} with {extra}; {drawer} draws {provinces}",
        "{player} is {n} rice short: {revolts} with {extra}; {drawer} draws {provinces}",
        e.short).format(player=p.player(e.player), n=e.short, revolts=revolts, extra=extra,
                        drawer=p.player(e.drawer), provinces=join_and(e.draws))


def _scored(p: Presenter, e: ev.Scored) -> str:
    # TRANSLATORS: one part of a score ("provinces 5", "most castles (Rose region) 3").
    detail = join_list(pgettext("score", "{part} {n}").format(part=p.score_part(k), n=v)
                       for k, v in e.parts.items() if v)
    return _("{player} scores {gained} VP ({detail}): {total} in all").format(
        player=p.player(e.player), gained=e.gained,
        detail=detail or pgettext("score", "nothing"), total=e.total)


def _year_reset(p: Presenter, e: ev.YearReset) -> str:
    return _("Year {year} begins: rice markers to 0, all revolt markers removed").format(
        year=e.year)


def _game_over(p: Presenter, e: ev.GameOver) -> str:
    standings = pgettext("list", "; ").join(
        ngettext("{player} {vp} VP, {n} chest", "{player} {vp} VP, {n} chests",
                 e.chests.get(c, 0)).format(player=p.player(c), vp=e.vp.get(c, 0),
                                            n=e.chests.get(c, 0))
        for c in e.ranking)
    winners = _players(p, e.winners)
    if len(e.winners) == 1:
        return _("The game is over: {standings}. Winner: {winners}").format(
            standings=standings, winners=winners)
    return _("The game is over: {standings}. Shared victory: {winners}").format(
        standings=standings, winners=winners)


def _history_dropped(p: Presenter, e: ev.HistoryDropped) -> str:
    return ngettext(
        "(The first {n} line of this game's log was saved by an older version and cannot be "
        "shown.)",
        "(The first {n} lines of this game's log were saved by an older version and cannot be "
        "shown.)", e.lines).format(n=e.lines)


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


__all__ = ["Presenter", "armies", "chests", "farmers", "join_and", "join_list", "plural",
           "presenter_for"]
