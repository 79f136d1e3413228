"""The Shogun rules engine: a state machine that stops at every decision.

``Game.pending()`` says who must decide what and lists the legal options; ``Game.apply``
validates a choice and carries the game forward through every automatic step (reveals,
payments, battles through the tower, winter) until the next decision or the end. Each
:class:`Phase` has one row in :data:`PHASE_TABLE`: how to find its pending decision, its
automatic step, and the handlers of its answers. Every outcome is emitted as a typed event
(``shogun_desktop.rules.events``); the text players read is rendered from those elsewhere.
Chance — shuffles, ties, the winter draws — comes from one seeded ``random.Random`` through a
:class:`Chance` object, which scenarios replace with scripted outcomes.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

from shogun_desktop.data.board import (
    ACTION_IDS,
    BUILDINGS,
    FARMER,
    PLAYER_COLOURS,
    SIDES,
    BoardData,
    EventDef,
    SpecialDef,
    default_board,
)
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.events import BattleOutcome, Event, SkipReason
from shogun_desktop.rules.state import (
    BID_SPACE,
    CHEST_CARDS,
    SEASONS,
    ActionsCursor,
    ActionStage,
    Cursor,
    Decision,
    DecisionKind,
    DraftCursor,
    EmptyCursor,
    GameState,
    Move,
    Phase,
    PicksCursor,
    PlayerState,
    ProvinceState,
    WinterCursor,
    WinterStage,
    chest_value,
)
from shogun_desktop.rules.tower import (
    DropResult,
    ProbabilisticTower,
    Tower,
    check_drop_result,
)

SPACES = (*ACTION_IDS, BID_SPACE)
BATTLE_ACTIONS = ("battle-a", "battle-b")
RECRUIT_MOVE = "recruit-1-move"
COLLECT_ACTIONS = ("rice", "tax")
VISIBLE_ACTIONS = 5  # action cards face up when a round starts; one more after each action
EVENT_CANDIDATES = 4  # event cards drawn as candidates for a year


class ShogunError(Exception):
    """Base class of the engine's errors (programmer and data errors, not rejected moves)."""


class RejectCode(StrEnum):
    NO_DECISION = "no-decision"
    NOT_YOUR_TURN = "not-your-turn"  # params: player (who decides)
    NOT_LEGAL = "not-legal"  # params: kind
    BAD_PLAN = "bad-plan"  # detail says which rule, params its values


class PlanProblem(StrEnum):
    NOT_A_MAPPING = "not-a-mapping"
    UNKNOWN_SPACE = "unknown-space"  # params: space
    NOT_IN_HAND = "not-in-hand"  # params: card, player
    PLACED_TWICE = "placed-twice"  # params: card
    INCOMPLETE = "incomplete"  # params: needed, placed


@dataclass(frozen=True)
class Rejection:
    """Why a choice was refused, as a code with parameters; the state is unchanged.

    The words a player reads come from ``shogun_desktop.presenter.rejection_text``.
    """

    code: RejectCode
    detail: str = ""
    params: dict[str, str | int] = field(default_factory=dict)


class IllegalChoiceError(ShogunError):
    def __init__(self, rejection: Rejection) -> None:
        super().__init__(f"{rejection.code} {rejection.detail} {rejection.params}".strip())
        self.rejection = rejection


@dataclass
class DropRecord:
    """One tower drop, kept (not saved) so the window can animate it and show the tray.

    ``event`` is the outcome the drop decided (a battle, a revolt or the tower load): the
    window tells the story from it, never from text.
    """

    kind: str  # setup | battle | revolt
    dropped: dict[str, int]
    result: DropResult
    province: str | None = None
    attacker: str | None = None  # colour; for a revolt the player defending
    defender: str | None = None  # colour, or "green" for farmers / a neutral province
    farmers_fight: bool = True  # False: an attack on a province with a revolt marker
    event: ev.BattleResolved | ev.RevoltResolved | ev.TowerLoaded | None = None


@dataclass
class GameConfig:
    """What a new game needs: seats (colours in seat order), side, start mode, seed."""

    colours: Sequence[str]
    board: str = "sun"
    start: str = "draft"
    seed: int = 0
    names: Mapping[str, str] | None = None
    computer: Sequence[str] = ()
    xray: bool = False  # table option: the window may show the colours held in the tower


class Chance:
    """Every random event of the game, drawn from the game's generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def shuffle(self, items: list[Any]) -> None:
        self.rng.shuffle(items)

    def event(self, candidates: Sequence[str]) -> str:
        return self.rng.choice(list(candidates))

    def tie_break(self, tied: Sequence[str]) -> list[str]:
        order = list(tied)
        self.rng.shuffle(order)
        return order

    def revolt_draw(self, player: str, hand: Sequence[str], count: int) -> list[str]:
        return self.rng.sample(list(hand), count)


def _exact(choice: Any, option: Any) -> bool:
    """``choice`` equals ``option`` with the very same types: ``2.0``, ``True``,
    ``Fraction(2)`` or ``Decimal(2)`` never stand in for the integer 2."""
    if type(choice) is not type(option):
        return False
    if isinstance(option, Move):
        return (type(choice.to) is str and type(choice.armies) is int
                and choice.to == option.to and choice.armies == option.armies)
    if isinstance(option, tuple):
        return len(choice) == len(option) and all(
            _exact(c, o) for c, o in zip(choice, option, strict=True))
    return bool(choice == option)


C = TypeVar("C", EmptyCursor, DraftCursor, PicksCursor, ActionsCursor, WinterCursor)


class Game:
    """One game of Shogun: state, generator, tower and board data."""

    def __init__(
        self,
        state: GameState,
        rng: random.Random,
        tower: Tower | None = None,
        data: BoardData | None = None,
        chance: Chance | None = None,
    ) -> None:
        self.state = state
        self.rng = rng
        self.tower: Tower = tower if tower is not None else ProbabilisticTower()
        self.data = data if data is not None else default_board()
        self.chance = chance if chance is not None else Chance(rng)
        self.drops: list[DropRecord] = []
        self.listeners: list[Callable[[Event], None]] = []

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls, config: GameConfig, tower: Tower | None = None, data: BoardData | None = None,
        auto_advance: bool = True,
    ) -> Game:
        data = data if data is not None else default_board()
        colours = list(config.colours)
        if not 3 <= len(colours) <= 5:
            raise ShogunError(f"Shogun is for 3-5 players, not {len(colours)}")
        if len(set(colours)) != len(colours) or any(c not in PLAYER_COLOURS for c in colours):
            raise ShogunError(f"player colours must be distinct, from {', '.join(PLAYER_COLOURS)}")
        if config.board not in SIDES:
            raise ShogunError(f"board side must be sun or moon, not {config.board!r}")
        if config.start not in ("draft", "designated"):
            raise ShogunError(f"start mode must be draft or designated, not {config.start!r}")
        if config.start == "designated" and config.board == "moon" and len(colours) == 3:
            raise ShogunError("designated starting provinces exist for 3 players on the sun side only")
        state = empty_state(data, config.board, colours, config.names, config.computer)
        state.start_mode = config.start
        state.xray = bool(config.xray)
        game = cls(state, random.Random(config.seed), tower, data)
        game._setup_start(config.start)
        if auto_advance:
            game.advance()
        return game

    def _setup_start(self, mode: str) -> None:
        s = self.state
        table = self.data.start[s.n_players]
        for colour in s.seats:
            s.players[colour].chests = table.chests
        self.emit(ev.GameStarted(s.board, tuple(s.seats), table.chests))
        if s.n_players == 3:
            self.emit(ev.OutOfPlay(tuple(sorted(self.data.excluded_with_3[s.board]))))
        if mode == "designated":
            for row, colour in zip(table.designated_sun, s.seats, strict=True):
                for province, size in zip(row, table.groups, strict=True):
                    self._place_group(colour, province, size)
            self._after_start_provinces()
        else:
            deck = sorted(self.in_play())
            self.chance.shuffle(deck)
            s.phase = Phase.DRAFT
            s.cursor = DraftCursor(deck=tuple(deck[2:]), face_up=tuple(deck[:2]), turn=0,
                                   taken=None, blind_turns=0,
                                   groups=tuple((c, table.groups) for c in s.seats))
            self.emit(ev.DraftFaceUp(tuple(deck[:2])))

    def _place_group(self, colour: str, province: str, size: int) -> None:
        s = self.state
        prov = s.provinces[province]
        prov.owner = colour
        prov.armies = size
        s.supply[colour] -= size
        s.players[colour].cards.add(province)
        self.emit(ev.GroupPlaced(colour, province, size))

    def _after_start_provinces(self) -> None:
        s = self.state
        comp = self.data.components
        dropped = {c: comp.load_armies_per_player for c in s.seats}
        dropped[FARMER] = comp.load_farmers
        for colour, n in dropped.items():
            s.supply[colour] -= n
        result = self._drop(dropped, kind="setup")
        for colour, n in result.out.items():
            s.supply[colour] += n
        s.tray = {}
        loaded = ev.TowerLoaded(_counts(dropped), _counts(result.out))
        self.drops[-1].event = loaded
        self.emit(loaded)
        events = [e.key for e in self.data.events]
        self.chance.shuffle(events)
        s.event_candidates = events[:EVENT_CANDIDATES]
        s.event_deck = events[EVENT_CANDIDATES:]
        self._start_round()

    # ------------------------------------------------------------------ helpers
    def emit(self, event: Event) -> None:
        """Record an outcome and tell every listener (the window, ``simulate``)."""
        self.state.events.append(event)
        for listener in self.listeners:
            listener(event)

    def _cursor(self, kind: type[C]) -> C:
        cursor = self.state.cursor
        if not isinstance(cursor, kind):
            raise ShogunError(f"phase {self.state.phase} has a {type(cursor).__name__}, "
                              f"not a {kind.__name__}")
        return cursor

    def in_play(self) -> frozenset[str]:
        return self.data.in_play(self.state.board, self.state.n_players)

    @property
    def event(self) -> str | None:
        """The id of the event in force this season (without the card's copy suffix)."""
        key = self.state.event_current
        return key.split(":")[0] if key else None

    def event_def(self) -> EventDef | None:
        """What the event in force does (numbers from cards.yaml), or None."""
        eid = self.event
        return self.data.event_defs[eid] if eid else None

    def special_def(self, colour: str) -> SpecialDef | None:
        special = self.state.players[colour].special
        return self.data.special_defs[special] if special else None

    def is_over(self) -> bool:
        return self.state.phase == Phase.OVER

    def neighbours(self, province: str) -> frozenset[str]:
        return self.data.adjacency[province]

    # ------------------------------------------------------------------ decisions
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None (an automatic step, the end, a free state)."""
        return PHASE_TABLE[self.state.phase].pending(self)

    def _pending_draft(self) -> Decision | None:
        s = self.state
        c = self._cursor(DraftCursor)
        colour = s.seats[c.turn]
        if c.taken is None:
            options = c.face_up + (("deck",) if c.deck else ())
            return Decision(DecisionKind.DRAFT_TAKE, colour, options)
        sizes = tuple(sorted(set(c.groups_of(colour)), reverse=True))
        return Decision(DecisionKind.DRAFT_PLACE, colour, sizes, {"province": c.taken})

    def _pending_plan(self) -> Decision | None:
        s = self.state
        colour = next((col for col in s.seats if not s.players[col].planned), None)
        if colour is None:
            return None
        return Decision(DecisionKind.PLAN, colour, (), {"cards": s.players[colour].hand()})

    def _pending_pick(self) -> Decision | None:
        s = self.state
        c = self._cursor(PicksCursor)
        colour = c.order[c.index]
        taken = {p.special for p in s.players.values()}
        options = tuple(x for x in s.special_layout if x not in taken)
        return Decision(DecisionKind.PICK_SPECIAL, colour, options)

    def _pending_action(self) -> Decision | None:
        s = self.state
        c = self._cursor(ActionsCursor)
        if c.stage is None or c.province is None:
            return None
        colour = s.turn_order[c.turn]
        province = c.province
        action = s.action_row[c.index]
        if c.stage == ActionStage.BATTLE:
            options = tuple(self.battle_options(colour, province))
            return Decision(DecisionKind.BATTLE, colour, options,
                            {"province": province, "action": action})
        move_options = (None, *self.recruit_move_options(colour, province))
        return Decision(DecisionKind.RECRUIT_MOVE, colour, move_options, {"province": province})

    def _pending_winter(self) -> Decision | None:
        s = self.state
        c = self._cursor(WinterCursor)
        if not c.draws:
            return None
        colour = s.turn_order[c.index]
        options = tuple(itertools.permutations(c.draws))
        return Decision(DecisionKind.REVOLT_ORDER, colour, options, {"provinces": list(c.draws)})

    def _pending_none(self) -> Decision | None:
        return None

    def legal(self) -> tuple[Any, ...]:
        decision = self.pending()
        return decision.options if decision else ()

    def check(self, choice: Any, player: str | None = None) -> Rejection | None:
        """None when ``choice`` answers the pending decision legally, else why not.

        Options match by value *and* type: an army count must be an exact ``int``.
        """
        decision = self.pending()
        if decision is None:
            return Rejection(RejectCode.NO_DECISION)
        if player is not None and player != decision.player:
            return Rejection(RejectCode.NOT_YOUR_TURN, params={"player": decision.player})
        if decision.kind == DecisionKind.PLAN:
            return self.check_plan(decision.player, choice)
        if decision.kind == DecisionKind.REVOLT_ORDER and isinstance(choice, list):
            choice = tuple(choice)
        if not any(_exact(choice, option) for option in decision.options):
            return Rejection(RejectCode.NOT_LEGAL, params={"kind": str(decision.kind)})
        return None

    def apply(self, choice: Any, player: str | None = None, advance: bool = True) -> None:
        """Answer the pending decision and advance to the next one; illegal choices raise.

        ``advance=False`` stops right after the answer (to look at the state between
        automatic steps).
        """
        rejection = self.check(choice, player)
        if rejection is not None:
            raise IllegalChoiceError(rejection)
        decision = self.pending()
        assert decision is not None
        if decision.kind == DecisionKind.REVOLT_ORDER and isinstance(choice, list):
            choice = tuple(choice)
        PHASE_TABLE[self.state.phase].answers[decision.kind](self, decision, choice)
        if advance:
            self.advance()

    def advance(self) -> None:
        """Run automatic steps until a decision is pending or nothing is under way."""
        while self.pending() is None:
            step = PHASE_TABLE[self.state.phase].step
            if step is None:
                return
            step(self)

    # ------------------------------------------------------------------ planning
    def check_plan(self, colour: str, plan: Any) -> Rejection | None:
        """Each card once, known spaces, and every space filled while cards remain."""
        bad = RejectCode.BAD_PLAN
        if not isinstance(plan, Mapping):
            return Rejection(bad, PlanProblem.NOT_A_MAPPING)
        player = self.state.players[colour]
        available = set(player.hand())
        seen: set[str] = set()
        for space, card in plan.items():
            if type(space) is not str or space not in SPACES:
                return Rejection(bad, PlanProblem.UNKNOWN_SPACE, {"space": _short(space)})
            if type(card) is not str or card not in available:
                return Rejection(bad, PlanProblem.NOT_IN_HAND,
                                 {"card": _short(card), "player": colour})
            if card in seen:
                return Rejection(bad, PlanProblem.PLACED_TWICE, {"card": card})
            seen.add(card)
        needed = min(len(SPACES), len(available))
        if len(plan) != needed:
            return Rejection(bad, PlanProblem.INCOMPLETE, {"needed": needed, "placed": len(plan)})
        return None

    def _answer_plan(self, decision: Decision, plan: Mapping[str, str]) -> None:
        player = self.state.players[decision.player]
        player.plan = dict(plan)
        player.planned = True
        self.emit(ev.Planned(decision.player, len(plan)))

    def _step_planning(self) -> None:
        """Every seat has planned: the season's event is drawn, then the bids are revealed."""
        s = self.state
        key = self.chance.event(s.event_candidates)
        s.event_candidates.remove(key)
        s.event_current = key
        self.emit(ev.EventDrawn(s.season, key.split(":")[0]))
        self.begin_bids()

    # ------------------------------------------------------------------ draft
    def _answer_draft_take(self, decision: Decision, choice: str) -> None:
        c = self._cursor(DraftCursor)
        if choice == "deck":
            card = c.deck[0]
            c = replace(c, deck=c.deck[1:], blind_turns=c.blind_turns + 1)
            self.emit(ev.CardTaken(decision.player, card, True))
        else:
            card = choice
            face_up = tuple(x for x in c.face_up if x != card)
            deck = c.deck
            if deck:
                face_up, deck = (*face_up, deck[0]), deck[1:]
            c = replace(c, face_up=face_up, deck=deck, blind_turns=0)
            self.emit(ev.CardTaken(decision.player, card, False))
        self.state.cursor = replace(c, taken=card)

    def _answer_draft_place(self, decision: Decision, size: int) -> None:
        s = self.state
        c = self._cursor(DraftCursor)
        colour = decision.player
        assert c.taken is not None
        sizes = list(c.groups_of(colour))
        sizes.remove(size)
        self._place_group(colour, c.taken, size)
        c = replace(c, taken=None, groups=c.with_groups(colour, tuple(sizes)))
        if c.blind_turns >= s.n_players and len(c.deck) >= 2:
            deck = c.deck + c.face_up
            c = replace(c, face_up=deck[:2], deck=deck[2:], blind_turns=0)
            self.emit(ev.DraftFaceUp(c.face_up, renewed=True))
        c = replace(c, turn=(c.turn + 1) % s.n_players)
        s.cursor = c
        if not c.any_groups_left():
            self.emit(ev.DraftEnded())
            s.cursor = EmptyCursor()
            s.phase = Phase.SETUP
            self._after_start_provinces()

    # ------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        s = self.state
        row = list(ACTION_IDS)
        self.chance.shuffle(row)
        specials = list(self.data.specials)
        self.chance.shuffle(specials)
        s.action_row = row
        s.special_layout = specials
        s.actions_done = 0
        s.event_current = None
        s.turn_order = []
        for p in s.players.values():
            p.clear_round()
            p.special = None
        s.phase = Phase.PLANNING
        s.cursor = EmptyCursor()
        self.emit(ev.RoundStarted(s.year, s.season, tuple(row[:VISIBLE_ACTIONS]), tuple(specials),
                                  tuple(k.split(":")[0] for k in s.event_candidates)))

    def begin_bids(self) -> None:
        """Enter the bid reveal (after the event draw; a scenario's bids step starts here)."""
        self.state.phase = Phase.BIDS
        self.state.cursor = EmptyCursor()

    def bid_rank(self, colour: str) -> tuple[int, int]:
        """(rank, cost) of a player's bid: chest 4 > 3 > 2 > 1 > province > chest 0 > none."""
        player = self.state.players[colour]
        card = player.plan.get(BID_SPACE)
        if card is None:
            return (0, 0)
        value = chest_value(card)
        if value is None:
            return (2, 0)
        if value == 0 or player.chests < value:
            return (1, 0)
        return (2 + value, value)

    def _step_bids(self) -> None:
        s = self.state
        ranks: dict[str, int] = {}
        for colour in s.seats:
            player = s.players[colour]
            card = player.plan.get(BID_SPACE)
            player.revealed.add(BID_SPACE)
            rank, cost = self.bid_rank(colour)
            ranks[colour] = rank
            value = chest_value(card) if card else None
            if card is None:
                self.emit(ev.BidRevealed(colour, "none"))
            elif value is None:
                self.emit(ev.BidRevealed(colour, "province"))
            elif value and cost == 0:
                self.emit(ev.BidRevealed(colour, "chest", value, 0, unaffordable=True))
            else:
                player.chests -= cost
                self.emit(ev.BidRevealed(colour, "chest", value, cost))
        order: list[str] = []
        ties: list[tuple[str, ...]] = []
        for rank in sorted(set(ranks.values()), reverse=True):
            tied = [c for c in s.seats if ranks[c] == rank]
            if len(tied) > 1:
                tied = self.chance.tie_break(tied)
                ties.append(tuple(tied))
                self.emit(ev.BidsTied(tuple(tied)))
            order.extend(tied)
        self.emit(ev.BidOrder(tuple(order)))
        s.phase = Phase.PICKS
        s.cursor = PicksCursor(tuple(order), 0, tuple(ties))

    def _answer_pick_special(self, decision: Decision, special: str) -> None:
        s = self.state
        c = self._cursor(PicksCursor)
        s.players[decision.player].special = special
        self.emit(ev.SpecialPicked(decision.player, special, s.special_layout.index(special) + 1))
        c = replace(c, index=c.index + 1)
        s.cursor = c
        if c.index == len(c.order):
            def position(colour: str) -> int:
                special = s.players[colour].special
                assert special is not None
                return s.special_layout.index(special)

            s.turn_order = sorted(s.seats, key=position)
            self.emit(ev.TurnOrder(tuple(s.turn_order)))
            s.phase = Phase.ACTIONS
            s.cursor = ActionsCursor()

    # ------------------------------------------------------------------ action phase
    def begin_action_turn(self, colour: str, action: str, card: str) -> None:
        """Play one turn of the action phase: ``colour``'s ``action`` with ``card`` planned.

        The card counts as planned since the round began, so a card that has left the
        player this round makes the action void. After the turn the game rests (phase
        ``free``). A rules scenario's action step starts here; the turn itself runs on the
        same path as in a full game.
        """
        if action not in ACTION_IDS:
            raise ShogunError(f"unknown action {action!r}")
        s = self.state
        player = s.players[colour]
        player.plan[action] = card
        player.revealed.discard(action)
        player.voided.discard(action)
        if card in player.lost:
            player.voided.add(action)
        if action not in s.action_row:
            s.action_row = list(ACTION_IDS)
        if colour not in s.turn_order:
            s.turn_order = list(s.seats)
        s.phase = Phase.ACTIONS
        s.cursor = ActionsCursor(index=s.action_row.index(action),
                                 turn=s.turn_order.index(colour), single=True)

    def _action_step(self) -> None:
        s = self.state
        c = self._cursor(ActionsCursor)
        if c.index >= len(s.action_row):
            self._end_round()
            return
        if c.turn >= len(s.turn_order):
            index = c.index + 1
            s.cursor = replace(c, index=index, turn=0)
            s.actions_done = index
            turned = VISIBLE_ACTIONS - 1 + index
            if turned < len(s.action_row):
                self.emit(ev.ActionTurned(turned + 1, s.action_row[turned]))
            return
        action = s.action_row[c.index]
        colour = s.turn_order[c.turn]
        player = s.players[colour]
        player.revealed.add(action)
        card = player.plan.get(action)
        if card is None:
            self.emit(ev.NoCard(colour, action))
        elif action in player.voided:
            self.emit(ev.CardVoided(colour, action, card))
        elif chest_value(card) is not None:
            self.emit(ev.ChestRevealed(colour, action))
        elif not self.owns(colour, card):
            self._skip(colour, action, card, SkipReason.NOT_THEIRS)
        elif action in BATTLE_ACTIONS:
            reason = self._battle_skip_reason(colour, card)
            if reason is not None:
                self._skip(colour, action, card, reason)
            else:
                s.cursor = replace(c, stage=ActionStage.BATTLE, province=card)
                return
        elif action == RECRUIT_MOVE:
            if self._recruit(colour, action, card) and self.recruit_move_options(colour, card):
                s.cursor = replace(c, stage=ActionStage.MOVE, province=card)
                return
        else:
            self._simple_action(colour, action, card)
        self._end_turn()

    def _end_turn(self) -> None:
        c = self._cursor(ActionsCursor)
        if c.single:
            self.state.phase = Phase.FREE
            self.state.cursor = EmptyCursor()
        else:
            self.state.cursor = replace(c, turn=c.turn + 1, stage=None, province=None)

    def _answer_battle(self, decision: Decision, move: Move) -> None:
        c = self._cursor(ActionsCursor)
        assert c.province is not None
        self._battle(decision.player, c.province, move)
        self._end_turn()

    def _answer_recruit_move(self, decision: Decision, move: Move | None) -> None:
        c = self._cursor(ActionsCursor)
        assert c.province is not None
        self._recruit_move(decision.player, c.province, move)
        self._end_turn()

    def _end_round(self) -> None:
        s = self.state
        for p in s.players.values():
            p.clear_round()
        if s.event_current:
            self.emit(ev.EventEnded(s.season, s.event_current.split(":")[0]))
        s.event_current = None
        s.season = SEASONS[SEASONS.index(s.season) + 1]
        if s.season == "winter":
            for p in s.players.values():
                p.special = None
            s.winter_card = s.event_candidates[0] if s.event_candidates else None
            self.begin_winter()
        else:
            self._start_round()

    # ------------------------------------------------------------------ actions proper
    def owns(self, colour: str, province: str) -> bool:
        return (self.state.provinces[province].owner == colour
                and province in self.state.players[colour].cards)

    def _simple_action(self, colour: str, action: str, province: str) -> None:
        if action in BUILDINGS:
            self._build(colour, action, province)
        elif action in COLLECT_ACTIONS:
            self._collect(colour, action, province)
        else:
            self._recruit(colour, action, province)

    def _skip(self, colour: str, action: str, province: str, reason: SkipReason,
              **params: int) -> bool:
        self.emit(ev.ActionSkipped(colour, action, province, str(reason), dict(params)))
        return False

    def _build(self, colour: str, kind: str, province: str) -> bool:
        s = self.state
        player = s.players[colour]
        prov = s.provinces[province]
        cost = self.data.action(kind).cost
        if player.chests < cost:
            return self._skip(colour, kind, province, SkipReason.CANNOT_PAY, cost=cost,
                              chests=player.chests)
        if prov.has(kind):
            return self._skip(colour, kind, province, SkipReason.ALREADY_BUILT)
        if prov.building_count() >= self.data.provinces[province].slots:
            return self._skip(colour, kind, province, SkipReason.NO_SPACE)
        if s.buildings_left[kind] <= 0:
            return self._skip(colour, kind, province, SkipReason.NO_BUILDING_LEFT)
        player.chests -= cost
        setattr(prov, kind, True)
        s.buildings_left[kind] -= 1
        calmed = 0
        effect = self.event_def()
        if effect is not None and effect.calm_markers.get(kind):
            calmed = min(effect.calm_markers[kind], prov.revolts)
            prov.revolts -= calmed
            s.markers_left += calmed
        self.emit(ev.BuildingBuilt(colour, kind, province, cost, calmed))
        return True

    def collect_amount(self, colour: str, action: str, province: str) -> int:
        """Rice or tax yield: printed value, the special's bonus, then the event's bound."""
        base = int(getattr(self.data.provinces[province], action))
        special = self.special_def(colour)
        if special is not None:
            base += special.yield_bonus.get(action, 0)
        effect = self.event_def()
        if effect is not None:
            if action in effect.yield_min:
                base = max(base, effect.yield_min[action])
            if action in effect.yield_max:
                base = min(base, effect.yield_max[action])
        return base

    def _collect(self, colour: str, action: str, province: str) -> bool:
        s = self.state
        player = s.players[colour]
        prov = s.provinces[province]
        amount = self.collect_amount(colour, action, province)
        if action == "rice":
            player.rice += amount
            self.emit(ev.Collected(colour, action, province, amount, player.rice))
        else:
            player.chests += amount
            self.emit(ev.Collected(colour, action, province, amount, player.chests))
        if prov.revolts > 0:
            self._revolt(colour, province, prov.revolts, extra=0, winter=False)
        if self.owns(colour, province):
            if s.markers_left > 0:
                prov.revolts += 1
                s.markers_left -= 1
                self.emit(ev.RevoltMarker(province, True, prov.revolts))
            else:
                self.emit(ev.RevoltMarker(province, False, prov.revolts))
        return True

    def recruit_count(self, colour: str, action: str) -> int:
        """Armies a recruit action places: the event's number or the action's, plus the bonus.

        A "may" bonus never blocks its action (rules §7): it is added only when the supply
        holds it, so with *recruit-bonus* and exactly 5 armies Recruit 5 places the plain 5.
        """
        base = self.data.action(action).armies
        effect = self.event_def()
        if effect is not None and action in effect.recruit:
            base = effect.recruit[action]
        special = self.special_def(colour)
        bonus = special.recruit_bonus.get(action, 0) if special is not None else 0
        if bonus and self.state.supply[colour] >= base + bonus:
            base += bonus
        return base

    def _recruit_skip(self, colour: str, action: str) -> tuple[SkipReason, dict[str, int]] | None:
        player = self.state.players[colour]
        cost = self.data.action(action).cost
        n = self.recruit_count(colour, action)
        if player.chests < cost:
            return SkipReason.CANNOT_PAY, {"cost": cost, "chests": player.chests}
        if self.state.supply[colour] < n:
            return SkipReason.SUPPLY_SHORT, {"supply": self.state.supply[colour], "needed": n}
        return None

    def _recruit(self, colour: str, action: str, province: str) -> bool:
        s = self.state
        skip = self._recruit_skip(colour, action)
        if skip is not None:
            return self._skip(colour, action, province, skip[0], **skip[1])
        cost = self.data.action(action).cost
        n = self.recruit_count(colour, action)
        s.players[colour].chests -= cost
        s.supply[colour] -= n
        s.provinces[province].armies += n
        self.emit(ev.Recruited(colour, action, province, n, cost))
        return True

    def recruit_move_options(self, colour: str, province: str) -> list[Move]:
        """Moves after Recruit 1: into an adjacent own province, leaving at least 1."""
        armies = self.state.provinces[province].armies
        targets = sorted(t for t in self.neighbours(province)
                         if t in self.in_play() and self.state.provinces[t].owner == colour)
        return [Move(t, n) for t in targets for n in range(1, armies)]

    def _recruit_move(self, colour: str, province: str, move: Move | None) -> None:
        s = self.state
        if move is None:
            return
        s.provinces[province].armies -= move.armies
        s.provinces[move.to].armies += move.armies
        self.emit(ev.ArmiesMoved(colour, province, move.to, move.armies))

    def is_protected(self, colour: str, target: str) -> bool:
        """An event (temple-peace) may protect provinces with a building from attack."""
        prov = self.state.provinces[target]
        effect = self.event_def()
        return (effect is not None and effect.protects is not None
                and prov.has(effect.protects) and prov.owner != colour)

    def battle_options(self, colour: str, province: str) -> list[Move]:
        armies = self.state.provinces[province].armies
        if not self.owns(colour, province) or armies < 2:
            return []
        targets = sorted(t for t in self.neighbours(province)
                         if t in self.in_play() and not self.is_protected(colour, t))
        return [Move(t, n) for t in targets for n in range(1, armies)]

    def _battle_skip_reason(self, colour: str, province: str) -> SkipReason | None:
        if self.state.provinces[province].armies < 2:
            return SkipReason.SINGLE_ARMY
        if not self.battle_options(colour, province):
            return SkipReason.NO_TARGET
        return None

    # ------------------------------------------------------------------ battles
    def _drop(self, dropped: dict[str, int], kind: str, province: str | None = None,
              attacker: str | None = None, defender: str | None = None,
              farmers_fight: bool = True) -> DropResult:
        """Pour ``dropped`` plus the tray into the tower; the tray then holds what came out."""
        s = self.state
        total = dict(dropped)
        for colour, n in s.tray.items():
            total[colour] = total.get(colour, 0) + n
        total = {c: n for c, n in total.items() if n}
        held_before = list(s.held)
        result = self.tower.drop(held_before, total, self.rng)
        check_drop_result(held_before, total, result)
        s.held = list(result.held)
        s.tray = {c: n for c, n in result.out.items() if n}
        capped = bool(result.extra.get("capped"))
        escapes = int(result.extra.get("escapes", 0) or 0)
        if capped or escapes:
            sim_ms = round(1000 * float(result.extra.get("sim_time", 0.0))) if capped else 0
            self.emit(ev.TowerNote(capped_ms=sim_ms, escapes=escapes))
        self.drops.append(DropRecord(kind, total, result, province, attacker, defender,
                                     farmers_fight))
        return result

    def _resolved(self, event: ev.BattleResolved | ev.RevoltResolved) -> None:
        """Emit a battle's or revolt's outcome and link it to its drop for the window."""
        if self.drops:
            self.drops[-1].event = event
        self.emit(event)

    def _take_tray(self, colour: str, n: int) -> None:
        """Move ``n`` of ``colour``'s cubes from the tray (to be placed elsewhere by the caller)."""
        left = self.state.tray.get(colour, 0) - n
        if left < 0:
            raise ShogunError(f"tray holds fewer {colour} cubes than {n}")
        if left:
            self.state.tray[colour] = left
        else:
            self.state.tray.pop(colour, None)

    def _tray_to_supply(self, colour: str, n: int | None = None) -> None:
        n = self.state.tray.get(colour, 0) if n is None else n
        self._take_tray(colour, n)
        self.state.supply[colour] += n

    def _from_supply(self, colour: str, wanted: int) -> int:
        """Take up to ``wanted`` cubes: a bonus the supply cannot give is simply not added."""
        n = min(wanted, self.state.supply[colour])
        self.state.supply[colour] -= n
        return n

    def _battle(self, colour: str, source: str, move: Move) -> None:
        s = self.state
        target = s.provinces[move.to]
        s.provinces[source].armies -= move.armies
        if target.owner == colour:
            target.armies += move.armies
            self.emit(ev.ArmiesMoved(colour, source, move.to, move.armies))
            return
        s.battles += 1
        if target.owner is None:
            self._attack_neutral(colour, source, move)
        else:
            self._attack_player(colour, source, move)

    def _attack_neutral(self, colour: str, source: str, move: Move) -> None:
        s = self.state
        attackers = move.armies
        special = self.special_def(colour)
        bonus = self._from_supply(colour, special.attack_bonus if special else 0)
        effect = self.event_def()
        wanted = (effect.neutral_farmers if effect is not None and effect.neutral_farmers
                  is not None else self.data.neutral_farmers)
        farmers = self._from_supply(FARMER, wanted)
        result = self._drop({colour: attackers + bonus, FARMER: farmers}, "battle", move.to,
                            colour, FARMER)
        dropped = _counts(self.drops[-1].dropped)
        a = s.tray.get(colour, 0)
        f = s.tray.get(FARMER, 0)
        bonuses = {"attack-bonus": bonus} if bonus else {}
        if a > f:
            self._tray_to_supply(colour, f)
            self._take_tray(colour, a - f)
            self._tray_to_supply(FARMER)
            self._gain_province(colour, move.to, a - f)
            outcome, survivors = BattleOutcome.TAKEN, a - f
        else:
            self._tray_to_supply(colour)
            self._tray_to_supply(FARMER)
            outcome, survivors = BattleOutcome.FAILED, 0
        self._resolved(ev.BattleResolved(colour, source, move.to, attackers, None, farmers, bonuses,
                                         dropped, _counts(result.out), str(outcome), survivors))

    def _attack_player(self, colour: str, source: str, move: Move) -> None:
        s = self.state
        target = s.provinces[move.to]
        defender = target.owner
        assert defender is not None
        special_a, special_d = self.special_def(colour), self.special_def(defender)
        bonus_a = self._from_supply(colour, special_a.attack_bonus if special_a else 0)
        defenders = target.armies
        target.armies = 0
        bonus_d = self._from_supply(defender, special_d.defence_bonus if special_d else 0)
        effect = self.event_def()
        bonus_c = (self._from_supply(defender, effect.castle_defence)
                   if effect is not None and target.castle else 0)
        farmers_fight = target.revolts == 0
        result = self._drop({colour: move.armies + bonus_a, defender: defenders + bonus_d + bonus_c},
                            "battle", move.to, colour, defender, farmers_fight)
        dropped = _counts(self.drops[-1].dropped)
        a = s.tray.get(colour, 0)
        d = s.tray.get(defender, 0)
        f = s.tray.get(FARMER, 0) if farmers_fight else 0
        bonuses = {k: n for k, n in (("attack-bonus", bonus_a), ("defence-bonus", bonus_d),
                                     ("castle-defence", bonus_c)) if n}
        if a > d + f:
            self._tray_to_supply(defender)
            self._tray_to_supply(colour, d + f)
            self._take_tray(colour, a - d - f)
            if farmers_fight:
                self._tray_to_supply(FARMER)
            self._lose_card(defender, move.to)
            self._gain_province(colour, move.to, a - d - f)
            outcome, survivors = BattleOutcome.TAKEN, a - d - f
        elif a < d + f and d > 0:
            self._tray_to_supply(colour)
            farmer_loss = min(f, a)
            own_loss = a - farmer_loss
            self._tray_to_supply(defender, own_loss)
            self._take_tray(defender, d - own_loss)
            target.armies = d - own_loss
            if farmers_fight:
                self._tray_to_supply(FARMER)
            outcome, survivors = BattleOutcome.HELD, d - own_loss
        else:
            self._tray_to_supply(colour)
            self._tray_to_supply(defender)
            if farmers_fight:
                self._tray_to_supply(FARMER)
            outcome = BattleOutcome.DRAW if a == d + f else BattleOutcome.FARMERS_ONLY
            survivors = 0
            self._neutralise(move.to)
        self._resolved(ev.BattleResolved(colour, source, move.to, move.armies, defender, defenders,
                                         bonuses, dropped, _counts(result.out), str(outcome),
                                         survivors))

    def _revolt(self, colour: str, province: str, markers: int, extra: int, winter: bool) -> bool:
        """Fight a revolt in ``province``; True when it is suppressed."""
        s = self.state
        prov = s.provinces[province]
        s.battles += 1
        own = prov.armies
        prov.armies = 0
        effect = self.event_def()
        bonus_c = (self._from_supply(colour, effect.castle_defence)
                   if effect is not None and prov.castle and not winter else 0)
        farmers = self._from_supply(FARMER, markers + extra)
        result = self._drop({colour: own + bonus_c, FARMER: farmers}, "revolt", province,
                            FARMER, colour)
        dropped = _counts(self.drops[-1].dropped)
        d = s.tray.get(colour, 0)
        f = s.tray.get(FARMER, 0)
        self._tray_to_supply(FARMER)
        suppressed = d > f
        if suppressed:
            self._tray_to_supply(colour, f)
            self._take_tray(colour, d - f)
            prov.armies = d - f
        else:
            self._tray_to_supply(colour)
        self._resolved(ev.RevoltResolved(colour, province, own, farmers, bonus_c, dropped,
                                         _counts(result.out), suppressed,
                                         d - f if suppressed else 0, winter))
        if not suppressed:
            self._neutralise(province)
        return suppressed

    def _gain_province(self, colour: str, province: str, armies: int) -> None:
        prov = self.state.provinces[province]
        prov.owner = colour
        prov.armies = armies
        self.state.players[colour].cards.add(province)

    def _lose_card(self, colour: str, province: str) -> None:
        """The card leaves the player: any action still planned with it is void."""
        player = self.state.players[colour]
        player.cards.discard(province)
        player.lost.add(province)
        for space, card in player.plan.items():
            if card == province and space not in player.revealed:
                player.voided.add(space)

    def _neutralise(self, province: str) -> None:
        s = self.state
        prov = s.provinces[province]
        if prov.owner is not None:
            self._lose_card(prov.owner, province)
            s.supply[prov.owner] += prov.armies
        for kind in BUILDINGS:
            if prov.has(kind):
                s.buildings_left[kind] += 1
        s.markers_left += prov.revolts
        s.provinces[province] = ProvinceState()

    def neutralise(self, province: str) -> None:
        """Make ``province`` neutral and empty (its owner loses the card)."""
        self._neutralise(province)

    # ------------------------------------------------------------------ winter
    def shortfall(self, colour: str) -> int:
        return len(self.state.owned(colour)) - self.state.players[colour].rice

    def begin_winter(self, loss: int | None = None) -> None:
        """Enter winter: rice loss, provisions, revolts, scoring and the year's end.

        ``loss`` states the rice loss directly (a scenario); by default it is the winter
        card's.
        """
        s = self.state
        s.season = "winter"
        if not s.turn_order:
            s.turn_order = list(s.seats)
        s.phase = Phase.WINTER
        s.cursor = WinterCursor(loss=loss)

    def _winter_step(self) -> None:
        s = self.state
        c = self._cursor(WinterCursor)
        if c.stage == WinterStage.LOSS:
            if c.loss is not None:
                loss = c.loss
            else:
                loss = self.data.event_card(s.winter_card).winter_loss if s.winter_card else 0
            self._winter_rice_loss(loss, c.loss is None)
            s.cursor = replace(c, stage=WinterStage.PROVISIONS)
            return
        if c.stage == WinterStage.PROVISIONS:
            if c.index >= len(s.turn_order):
                s.cursor = replace(c, stage=WinterStage.SCORING)
                return
            colour = s.turn_order[c.index]
            draws, extra = self._provision_draws(colour)
            if len(draws) > 1:
                s.cursor = replace(c, draws=tuple(draws), extra=extra)
                return  # the player chooses the order
            self._fight_winter_revolts(colour, draws, extra)
            s.cursor = replace(c, index=c.index + 1)
            return
        self.winter_scoring()
        self._after_winter()

    def _winter_rice_loss(self, loss: int, from_card: bool) -> None:
        s = self.state
        for colour in s.seats:
            p = s.players[colour]
            p.rice = max(0, p.rice - loss)
        card = s.winter_card.split(":")[0] if s.winter_card and from_card else None
        self.emit(ev.WinterRiceLoss(s.year, loss, card))

    def _provision_draws(self, colour: str) -> tuple[list[str], int]:
        """The left neighbour's random draw of revolting provinces, and the extra farmers."""
        s = self.state
        short = self.shortfall(colour)
        if short <= 0:
            self.emit(ev.ProvisionsEnough(colour, len(s.owned(colour))))
            return [], 0
        row = self.data.provision_row(short)
        assert row is not None
        hand = sorted(s.players[colour].cards)
        count = min(row.revolts, len(hand))
        left = s.seats[(s.seats.index(colour) + 1) % s.n_players]
        draws = self.chance.revolt_draw(colour, hand, count)
        self.emit(ev.ProvisionsShort(colour, short, count, row.farmers, left, tuple(draws)))
        return draws, row.farmers

    def _answer_revolt_order(self, decision: Decision, order: Sequence[str]) -> None:
        c = self._cursor(WinterCursor)
        self._fight_winter_revolts(decision.player, list(order), c.extra)
        self.state.cursor = replace(c, index=c.index + 1, draws=None, extra=0)

    def _fight_winter_revolts(self, colour: str, provinces: Sequence[str], extra: int) -> None:
        for province in provinces:
            if self.owns(colour, province):
                prov = self.state.provinces[province]
                self._revolt(colour, province, prov.revolts, extra, winter=True)

    def score_breakdown(self) -> dict[str, dict[str, int]]:
        """Winter VP per player: provinces, buildings and each region's majorities."""
        s = self.state
        data = self.data
        table: dict[str, dict[str, int]] = {c: {"provinces": 0, "buildings": 0} for c in s.seats}
        for prov in s.provinces.values():
            if prov.owner in table:
                table[prov.owner]["provinces"] += data.score_province
                table[prov.owner]["buildings"] += data.score_building * prov.building_count()
        for region, members in data.regions[s.board].items():
            for kind in BUILDINGS:
                counts = {c: sum(1 for m in members if s.provinces[m].owner == c
                                 and s.provinces[m].has(kind)) for c in s.seats}
                best = max(counts.values())
                if best < 1:
                    continue
                leaders = [c for c in s.seats if counts[c] == best]
                value = data.majority[kind]
                if len(leaders) > 1:
                    value -= data.tied_majority_penalty
                for c in leaders:
                    table[c][f"{region} {kind}"] = value
        return table

    def winter_scoring(self) -> None:
        s = self.state
        breakdown = self.score_breakdown()
        s.scores.append({"year": s.year,
                         "vp": {c: {k: v for k, v in parts.items() if v}
                                for c, parts in breakdown.items()}})
        for colour, parts in breakdown.items():
            gained = sum(parts.values())
            s.players[colour].vp += gained
            self.emit(ev.Scored(colour, s.year, gained, {k: v for k, v in parts.items() if v},
                                s.players[colour].vp))

    def _after_winter(self) -> None:
        s = self.state
        s.turn_order = []
        s.winter_card = None
        if s.year == 1:
            s.event_candidates = s.event_deck[:EVENT_CANDIDATES]
            s.event_deck = s.event_deck[EVENT_CANDIDATES:]
            for p in s.players.values():
                p.rice = 0
            removed = sum(p.revolts for p in s.provinces.values())
            for prov in s.provinces.values():
                prov.revolts = 0
            s.markers_left += removed
            s.year = 2
            s.season = "spring"
            self.emit(ev.YearReset(2))
            self._start_round()
            return
        best = max((p.vp, p.chests) for p in s.players.values())
        s.winners = [c for c in s.seats if (s.players[c].vp, s.players[c].chests) == best]
        s.phase = Phase.OVER
        s.cursor = EmptyCursor()
        ranking = sorted(s.seats, key=lambda c: (-s.players[c].vp, -s.players[c].chests))
        self.emit(ev.GameOver(tuple(ranking), {c: s.players[c].vp for c in s.seats},
                              {c: s.players[c].chests for c in s.seats}, tuple(s.winners)))


def _counts(counts: Mapping[str, int]) -> dict[str, int]:
    """Cube counts for an event: sorted by colour and without zeros, so an event does not
    depend on the order a dict happened to be built in (a loaded game must match)."""
    return {c: n for c, n in sorted(counts.items()) if n}


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


Answer = Callable[[Game, Decision, Any], None]


@dataclass(frozen=True)
class PhaseRules:
    """One phase: how to find its pending decision, its automatic step, its answers."""

    pending: Callable[[Game], Decision | None]
    step: Callable[[Game], None] | None  # None: nothing happens without a decision
    answers: Mapping[DecisionKind, Answer] = field(default_factory=dict)


PHASE_TABLE: dict[Phase, PhaseRules] = {
    Phase.DRAFT: PhaseRules(Game._pending_draft, None, {
        DecisionKind.DRAFT_TAKE: Game._answer_draft_take,
        DecisionKind.DRAFT_PLACE: Game._answer_draft_place}),
    Phase.SETUP: PhaseRules(Game._pending_none, None),
    Phase.PLANNING: PhaseRules(Game._pending_plan, Game._step_planning, {
        DecisionKind.PLAN: Game._answer_plan}),
    Phase.BIDS: PhaseRules(Game._pending_none, Game._step_bids),
    Phase.PICKS: PhaseRules(Game._pending_pick, None, {
        DecisionKind.PICK_SPECIAL: Game._answer_pick_special}),
    Phase.ACTIONS: PhaseRules(Game._pending_action, Game._action_step, {
        DecisionKind.BATTLE: Game._answer_battle,
        DecisionKind.RECRUIT_MOVE: Game._answer_recruit_move}),
    Phase.WINTER: PhaseRules(Game._pending_winter, Game._winter_step, {
        DecisionKind.REVOLT_ORDER: Game._answer_revolt_order}),
    Phase.OVER: PhaseRules(Game._pending_none, None),
    Phase.FREE: PhaseRules(Game._pending_none, None),
}


def empty_state(
    data: BoardData, board: str, colours: Sequence[str],
    names: Mapping[str, str] | None = None, computer: Sequence[str] = (),
) -> GameState:
    """A state with every component in its supply and nothing on the board."""
    comp = data.components
    names = names or {}
    players = {c: PlayerState(c, names.get(c) or c.capitalize(), computer=c in computer)
               for c in colours}
    supply = {c: comp.armies_per_player for c in colours}
    supply[FARMER] = comp.farmers
    return GameState(
        board=board, seats=list(colours), players=players,
        provinces={n: ProvinceState() for n in data.provinces},
        supply=supply,
        buildings_left={k: comp.building_limit(k) for k in BUILDINGS},
        markers_left=comp.revolt_markers,
    )


__all__ = [
    "CHEST_CARDS", "PHASE_TABLE", "Chance", "Cursor", "DropRecord", "Game", "GameConfig",
    "IllegalChoiceError", "PhaseRules", "PlanProblem", "RejectCode", "Rejection", "SPACES",
    "ShogunError", "empty_state",
]
