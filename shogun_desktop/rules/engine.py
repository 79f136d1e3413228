"""The Shogun rules engine: a state machine that stops at every decision.

``Game.pending()`` says who must decide what and lists the legal options; ``Game.apply``
validates a choice and carries the game forward through every automatic step (reveals,
payments, battles through the tower, winter) until the next decision or the end. Chance —
shuffles, ties, the winter draws — comes from one seeded ``random.Random`` through a
:class:`Chance` object, which scenarios replace with scripted outcomes.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from shogun_desktop.data.board import (
    ACTION_IDS,
    BUILDINGS,
    FARMER,
    PLAYER_COLOURS,
    SIDES,
    BoardData,
    default_board,
)
from shogun_desktop.rules.state import (
    BID_SPACE,
    CHEST_CARDS,
    SEASONS,
    Decision,
    GameState,
    Move,
    PlayerState,
    ProvinceState,
    chest_value,
)
from shogun_desktop.rules.tower import (
    DropResult,
    ProbabilisticTower,
    Tower,
    check_drop_result,
)

SPACES = (*ACTION_IDS, BID_SPACE)
BUILDING_NAMES = {"castle": "Castle", "temple": "Temple", "theater": "Nō theatre"}
ACTION_NAMES = {
    "castle": "Castle", "temple": "Temple", "theater": "Theatre", "rice": "Rice", "tax": "Tax",
    "recruit-5": "Recruit 5", "recruit-3": "Recruit 3", "recruit-1-move": "Recruit 1 + move",
    "battle-a": "Battle/Move A", "battle-b": "Battle/Move B",
}


class ShogunError(Exception):
    """Base class of the engine's errors (programmer and data errors, not rejected moves)."""


@dataclass(frozen=True)
class Rejection:
    """Why a choice was refused; the state is unchanged."""

    code: str  # not-your-turn | no-decision | not-legal | bad-plan
    reason: str

    def __str__(self) -> str:
        return self.reason


class IllegalChoiceError(ShogunError):
    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.reason)
        self.rejection = rejection


@dataclass(frozen=True)
class ActionOutcome:
    """The result of one planned action: performed, skipped or rejected, and why."""

    result: str
    reason: str = ""


@dataclass
class DropRecord:
    """One tower drop, kept (not saved) so the window can animate it and show the tray."""

    kind: str  # setup | battle | revolt
    dropped: dict[str, int]
    result: DropResult
    province: str | None = None
    summary: str = ""  # the log line that tells the outcome
    attacker: str | None = None  # colour; for a revolt the player defending
    defender: str | None = None  # colour, or "green" for farmers / a neutral province


@dataclass
class GameConfig:
    """What a new game needs: seats (colours in seat order), side, start mode, seed."""

    colours: Sequence[str]
    board: str = "sun"
    start: str = "draft"
    seed: int = 0
    names: Mapping[str, str] | None = None
    computer: Sequence[str] = ()


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


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"


def _cubes_text(counts: Mapping[str, int]) -> str:
    parts = [f"{'farmers' if c == FARMER else c} {n}" for c, n in sorted(counts.items()) if n]
    return ", ".join(parts) if parts else "nothing"


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
        self.listeners: list[Callable[[str], None]] = []

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
        self.log(
            f"New game on the {s.board} side for {s.n_players} players: "
            + ", ".join(s.name(c) for c in s.seats)
            + f"; {table.chests} war chests each"
        )
        if s.n_players == 3:
            self.log("Out of play with 3 players: " + ", ".join(sorted(self.data.excluded_with_3[s.board])))
        if mode == "designated":
            for row, colour in zip(table.designated_sun, s.seats, strict=True):
                for province, size in zip(row, table.groups, strict=True):
                    self._place_group(colour, province, size)
            self._after_start_provinces()
        else:
            deck = sorted(self.in_play())
            self.chance.shuffle(deck)
            s.phase = "draft"
            s.cursor = {
                "deck": deck[2:], "face_up": deck[:2], "turn": 0, "taken": None, "blind_turns": 0,
                "groups": {c: list(table.groups) for c in s.seats},
            }
            self.log("Draft: face up " + " and ".join(deck[:2]))

    def _place_group(self, colour: str, province: str, size: int) -> None:
        s = self.state
        prov = s.provinces[province]
        prov.owner = colour
        prov.armies = size
        s.supply[colour] -= size
        s.players[colour].cards.add(province)
        self.log(f"{s.name(colour)} places {_plural(size, 'army')} in {province}")

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
        self.log(
            f"Tower load: {_cubes_text(dropped)} poured in; out came {_cubes_text(result.out)} "
            f"(back to supply), the rest stays inside"
        )
        events = [e.key for e in self.data.events]
        self.chance.shuffle(events)
        s.event_candidates = events[:4]
        s.event_deck = events[4:]
        self._start_round()

    # ------------------------------------------------------------------ helpers
    def _log_outcome(self, text: str) -> None:
        """Log a battle's result and remember it on the drop for the window."""
        self.log(text)
        if self.drops:
            self.drops[-1].summary = text

    def log(self, text: str) -> None:
        self.state.log.append(text)
        for listener in self.listeners:
            listener(text)

    def in_play(self) -> frozenset[str]:
        return self.data.in_play(self.state.board, self.state.n_players)

    @property
    def event(self) -> str | None:
        """The id of the event in force this season (without the card's copy suffix)."""
        key = self.state.event_current
        return key.split(":")[0] if key else None

    def is_over(self) -> bool:
        return self.state.phase == "over"

    def neighbours(self, province: str) -> frozenset[str]:
        return self.data.adjacency[province]

    # ------------------------------------------------------------------ decisions
    def pending(self) -> Decision | None:
        """The decision the game waits for, or None (game over, or free scenario state)."""
        s = self.state
        c = s.cursor
        if s.phase == "draft":
            colour = s.seats[c["turn"]]
            if c["taken"] is None:
                options = tuple(c["face_up"]) + (("deck",) if c["deck"] else ())
                return Decision("draft-take", colour, options,
                                f"{s.name(colour)}: take a face-up province card or draw blind")
            sizes = tuple(sorted(set(c["groups"][colour]), reverse=True))
            return Decision("draft-place", colour, sizes,
                            f"{s.name(colour)}: choose the army group to place in {c['taken']}",
                            {"province": c["taken"]})
        if s.phase == "planning":
            colour = next((col for col in s.seats if not s.players[col].planned), None)
            if colour is None:
                return None
            return Decision("plan", colour, (), f"{s.name(colour)}: plan your actions in secret",
                            {"cards": s.players[colour].hand()})
        if s.phase == "picks":
            colour = c["order"][c["index"]]
            taken = {p.special for p in s.players.values()}
            options = tuple(x for x in s.special_layout if x not in taken)
            return Decision("pick-special", colour, options,
                            f"{s.name(colour)}: choose a special card (its position is your turn)")
        if s.phase == "actions" and c.get("stage") in ("battle", "move"):
            colour = s.turn_order[c["turn"]]
            province = c["province"]
            if c["stage"] == "battle":
                options = tuple(self.battle_options(colour, province))
                return Decision("battle", colour, options,
                                f"{s.name(colour)}: {ACTION_NAMES[s.action_row[c['index']]]} from "
                                f"{province} — choose the target and the armies",
                                {"province": province, "action": s.action_row[c["index"]]})
            options = (None, *self.recruit_move_options(colour, province))
            return Decision("recruit-move", colour, options,
                            f"{s.name(colour)}: move armies from {province} to a neighbouring "
                            f"province of yours, or stay", {"province": province})
        if s.phase == "winter" and c.get("draws"):
            colour = s.turn_order[c["index"]]
            options = tuple(itertools.permutations(c["draws"]))
            return Decision("revolt-order", colour, options,
                            f"{s.name(colour)}: choose the order of the revolts in "
                            + ", ".join(c["draws"]), {"provinces": list(c["draws"])})
        return None

    def legal(self) -> tuple[Any, ...]:
        decision = self.pending()
        return decision.options if decision else ()

    def check(self, choice: Any, player: str | None = None) -> Rejection | None:
        """None when ``choice`` answers the pending decision legally, else why not."""
        decision = self.pending()
        if decision is None:
            return Rejection("no-decision", "no decision is pending")
        if player is not None and player != decision.player:
            return Rejection("not-your-turn", f"it is {self.state.name(decision.player)}'s turn")
        if decision.kind == "plan":
            return self.check_plan(decision.player, choice)
        if decision.kind == "revolt-order" and isinstance(choice, list):
            choice = tuple(choice)
        if choice not in decision.options:
            return Rejection("not-legal", f"{choice!r} is not a legal choice for {decision.kind}")
        return None

    def apply(self, choice: Any, player: str | None = None, advance: bool = True) -> None:
        """Answer the pending decision and advance to the next one; illegal choices raise.

        ``advance=False`` stops right after the answer (the scenario runner uses it to
        look at the state between automatic steps).
        """
        rejection = self.check(choice, player)
        if rejection is not None:
            raise IllegalChoiceError(rejection)
        decision = self.pending()
        assert decision is not None
        getattr(self, "_answer_" + decision.kind.replace("-", "_"))(decision, choice)
        if advance:
            self.advance()

    # ------------------------------------------------------------------ planning
    def check_plan(self, colour: str, plan: Any) -> Rejection | None:
        """Each card once, known spaces, and every space filled while cards remain."""
        if not isinstance(plan, Mapping):
            return Rejection("bad-plan", "a plan maps spaces to cards")
        player = self.state.players[colour]
        available = set(player.hand())
        seen: set[str] = set()
        for space, card in plan.items():
            if space not in SPACES:
                return Rejection("bad-plan", f"unknown space {space!r}")
            if not isinstance(card, str) or card not in available:
                return Rejection("bad-plan", f"{card!r} is not a card in {player.name}'s hand")
            if card in seen:
                return Rejection("bad-plan", f"{card} is placed twice")
            seen.add(card)
        needed = min(len(SPACES), len(available))
        if len(plan) != needed:
            return Rejection(
                "bad-plan", f"every space must be filled while cards remain: {needed} cards "
                f"must be placed, {len(plan)} are")
        return None

    def _answer_plan(self, decision: Decision, plan: Mapping[str, str]) -> None:
        player = self.state.players[decision.player]
        player.plan = dict(plan)
        player.planned = True
        self.log(f"{player.name} has planned ({len(plan)} cards face down)")

    # ------------------------------------------------------------------ draft
    def _answer_draft_take(self, decision: Decision, choice: str) -> None:
        s = self.state
        c = s.cursor
        name = s.name(decision.player)
        if choice == "deck":
            card = c["deck"].pop(0)
            c["blind_turns"] += 1
            self.log(f"{name} draws {card} blind from the deck")
        else:
            card = choice
            c["face_up"].remove(card)
            if c["deck"]:
                c["face_up"].append(c["deck"].pop(0))
            c["blind_turns"] = 0
            self.log(f"{name} takes {card} from the face-up cards")
        c["taken"] = card

    def _answer_draft_place(self, decision: Decision, size: int) -> None:
        s = self.state
        c = s.cursor
        colour = decision.player
        c["groups"][colour].remove(size)
        self._place_group(colour, c["taken"], size)
        c["taken"] = None
        if c["blind_turns"] >= s.n_players and len(c["deck"]) >= 2:
            c["deck"].extend(c["face_up"])
            c["face_up"] = [c["deck"].pop(0), c["deck"].pop(0)]
            c["blind_turns"] = 0
            self.log("A full round without a face-up pick: the face-up cards go under the deck; "
                     "new face up " + " and ".join(c["face_up"]))
        c["turn"] = (c["turn"] + 1) % s.n_players
        if not any(c["groups"].values()):
            self.log("The draft is over; the remaining province cards are neutral")
            s.cursor = {}
            s.phase = "setup"
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
        s.phase = "planning"
        s.cursor = {}
        self.log(f"Year {s.year}, {s.season}: actions face up "
                 + ", ".join(ACTION_NAMES[a] for a in row[:5]) + "; specials "
                 + ", ".join(specials) + "; event candidates "
                 + ", ".join(k.split(":")[0] for k in s.event_candidates))

    def advance(self) -> None:
        """Run automatic steps until a decision is pending or the game is over."""
        while self.pending() is None and self.state.phase not in ("over", "free"):
            self._step()

    def _step(self) -> None:
        s = self.state
        if s.phase == "planning":  # every seat has planned
            self._draw_event()
            self._reveal_bids()
        elif s.phase == "picks":
            raise ShogunError("picks phase without a pending pick")  # pragma: no cover
        elif s.phase == "actions":
            self._action_step()
        elif s.phase == "winter":
            self._winter_step()
        else:  # pragma: no cover - guarded by advance()
            raise ShogunError(f"cannot advance from phase {s.phase!r}")

    def _draw_event(self) -> None:
        s = self.state
        key = self.chance.event(s.event_candidates)
        s.event_candidates.remove(key)
        s.event_current = key
        self.log(f"Event for {s.season}: {key.split(':')[0]} — {self.data.event_effects[key.split(':')[0]]}")

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

    def _reveal_bids(self) -> None:
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
                self.log(f"{player.name} has no bid")
            elif value is None:
                self.log(f"{player.name} bids a province card ({card})")
            elif value and cost == 0:
                self.log(f"{player.name} bids {value} but cannot pay: counts as 0")
            else:
                player.chests -= cost
                self.log(f"{player.name} bids {value}" + (f" and pays {cost}" if cost else ""))
        order: list[str] = []
        ties: list[list[str]] = []
        for rank in sorted(set(ranks.values()), reverse=True):
            tied = [c for c in s.seats if ranks[c] == rank]
            if len(tied) > 1:
                tied = self.chance.tie_break(tied)
                ties.append(list(tied))
                self.log("Tied bids, drawn at random: " + ", ".join(s.name(c) for c in tied))
            order.extend(tied)
        self.log("Bid order: " + ", ".join(s.name(c) for c in order))
        s.phase = "picks"
        s.cursor = {"order": order, "index": 0, "ties": ties}

    def _answer_pick_special(self, decision: Decision, special: str) -> None:
        s = self.state
        s.players[decision.player].special = special
        position = s.special_layout.index(special) + 1
        self.log(f"{s.name(decision.player)} takes {special} (turn position {position})")
        s.cursor["index"] += 1
        if s.cursor["index"] == len(s.cursor["order"]):
            s.turn_order = sorted(s.seats, key=lambda c: s.special_layout.index(s.players[c].special))
            self.log("Turn order: " + ", ".join(s.name(c) for c in s.turn_order))
            s.phase = "actions"
            s.cursor = {"index": 0, "turn": 0, "stage": None}

    # ------------------------------------------------------------------ action phase
    def _action_step(self) -> None:
        s = self.state
        c = s.cursor
        if c["index"] >= len(s.action_row):
            self._end_round()
            return
        action = s.action_row[c["index"]]
        if c["turn"] >= len(s.turn_order):
            c["index"] += 1
            c["turn"] = 0
            s.actions_done = c["index"]
            turned = 4 + c["index"]
            if turned < len(s.action_row) and c["index"] < len(s.action_row):
                self.log(f"Action card {turned + 1} turned up: {ACTION_NAMES[s.action_row[turned]]}")
            return
        colour = s.turn_order[c["turn"]]
        player = s.players[colour]
        player.revealed.add(action)
        card = player.plan.get(action)
        label = ACTION_NAMES[action]
        if card is None:
            self.log(f"{player.name} has no card on {label}")
        elif action in player.voided:
            self.log(f"{player.name}'s {label} in {card} is void: the card left their hand")
        elif chest_value(card) is not None:
            self.log(f"{player.name} reveals a chest card on {label}: no action")
        elif action in ("battle-a", "battle-b"):
            reason = self._battle_skip_reason(colour, card)
            if reason:
                self.log(f"{player.name} skips {label} in {card}: {reason}")
            else:
                c["stage"] = "battle"
                c["province"] = card
                return
        elif action == "recruit-1-move":
            outcome = self._recruit(colour, action, card)
            if outcome.result == "performed" and self.recruit_move_options(colour, card):
                c["stage"] = "move"
                c["province"] = card
                return
        else:
            self._simple_action(colour, action, card)
        c["turn"] += 1

    def _answer_battle(self, decision: Decision, move: Move) -> None:
        c = self.state.cursor
        action = self.state.action_row[c["index"]]
        self._battle(decision.player, action, c["province"], move)
        c["stage"] = None
        c.pop("province", None)
        c["turn"] += 1

    def _answer_recruit_move(self, decision: Decision, move: Move | None) -> None:
        c = self.state.cursor
        self._recruit_move(decision.player, c["province"], move)
        c["stage"] = None
        c.pop("province", None)
        c["turn"] += 1

    def _end_round(self) -> None:
        s = self.state
        for p in s.players.values():
            p.clear_round()
        if s.event_current:
            self.log(f"End of {s.season}: the {s.event_current.split(':')[0]} event leaves the game")
        s.event_current = None
        s.season = SEASONS[SEASONS.index(s.season) + 1]
        if s.season == "winter":
            for p in s.players.values():
                p.special = None
            s.winter_card = s.event_candidates[0] if s.event_candidates else None
            s.phase = "winter"
            s.cursor = {"index": 0, "stage": "loss", "draws": None}
        else:
            self._start_round()

    # ------------------------------------------------------------------ actions proper
    def owns(self, colour: str, province: str) -> bool:
        return (self.state.provinces[province].owner == colour
                and province in self.state.players[colour].cards)

    def perform_action(self, colour: str, action: str, province: str, choice: Any = None) -> ActionOutcome:
        """Carry out one planned action with its choice (the scenario runner's entry point).

        ``choice`` is a :class:`Move` for Battle/Move, a Move or None for Recruit 1 + move.
        A rejected choice changes nothing.
        """
        if action not in ACTION_IDS:
            raise ShogunError(f"unknown action {action!r}")
        player = self.state.players[colour]
        player.plan[action] = province
        player.revealed.add(action)
        label = ACTION_NAMES[action]
        if province in player.lost:
            reason = "void: the card left their hand this round"
            self.log(f"{player.name}'s {label} in {province} is void: the card left their hand")
            return ActionOutcome("skipped", reason)
        if not self.owns(colour, province):
            reason = f"{province} is no longer theirs"
            self.log(f"{player.name} skips {label} in {province}: {reason}")
            return ActionOutcome("skipped", reason)
        if action in ("battle-a", "battle-b"):
            reason = self._battle_skip_reason(colour, province)
            if reason:
                self.log(f"{player.name} skips {label} in {province}: {reason}")
                return ActionOutcome("skipped", reason)
            if choice not in self.battle_options(colour, province):
                return ActionOutcome("rejected", f"{choice} is not a legal move from {province}")
            self._battle(colour, action, province, choice)
            return ActionOutcome("performed")
        if action == "recruit-1-move":
            reason = self._recruit_skip_reason(colour, action, province)
            if reason:
                self.log(f"{player.name} skips {label} in {province}: {reason}")
                return ActionOutcome("skipped", reason)
            if choice is not None and choice not in self.recruit_move_options(colour, province, extra=1):
                return ActionOutcome("rejected", f"{choice} is not a legal move from {province}")
            self._recruit(colour, action, province)
            self._recruit_move(colour, province, choice)
            return ActionOutcome("performed")
        return self._simple_action(colour, action, province)

    def _simple_action(self, colour: str, action: str, province: str) -> ActionOutcome:
        if action in BUILDINGS:
            return self._build(colour, action, province)
        if action in ("rice", "tax"):
            return self._collect(colour, action, province)
        return self._recruit(colour, action, province)

    def _skip(self, colour: str, action: str, province: str, reason: str) -> ActionOutcome:
        self.log(f"{self.state.name(colour)} skips {ACTION_NAMES[action]} in {province}: {reason}")
        return ActionOutcome("skipped", reason)

    def _build(self, colour: str, kind: str, province: str) -> ActionOutcome:
        s = self.state
        player = s.players[colour]
        prov = s.provinces[province]
        cost = self.data.action(kind).cost
        name = BUILDING_NAMES[kind]
        if player.chests < cost:
            return self._skip(colour, kind, province, f"cannot pay {cost} (has {player.chests})")
        if prov.has(kind):
            return self._skip(colour, kind, province, f"it already has a {name}")
        if prov.building_count() >= self.data.provinces[province].slots:
            return self._skip(colour, kind, province, "no free building space")
        if s.buildings_left[kind] <= 0:
            return self._skip(colour, kind, province, f"no {name} left in the supply")
        player.chests -= cost
        setattr(prov, kind, True)
        s.buildings_left[kind] -= 1
        text = f"{player.name} builds a {name} in {province} for {cost}"
        if kind == "theater" and self.event == "theater-calm" and prov.revolts > 0:
            prov.revolts -= 1
            s.markers_left += 1
            text += " and calms 1 revolt marker"
        self.log(text)
        return ActionOutcome("performed")

    def collect_amount(self, colour: str, action: str, province: str) -> int:
        """Rice or tax yield: printed value, +1 for the special, then the event's bound."""
        player = self.state.players[colour]
        base = getattr(self.data.provinces[province], action)
        if player.special == f"{action}-bonus":
            base += 1
        bounds = {"rice-max-3": ("rice", None, 3), "rice-min-4": ("rice", 4, None),
                  "tax-max-5": ("tax", None, 5), "tax-min-6": ("tax", 6, None)}
        bound = bounds.get(self.event or "")
        if bound and bound[0] == action:
            if bound[1] is not None:
                base = max(base, bound[1])
            if bound[2] is not None:
                base = min(base, bound[2])
        return base

    def _collect(self, colour: str, action: str, province: str) -> ActionOutcome:
        s = self.state
        player = s.players[colour]
        prov = s.provinces[province]
        amount = self.collect_amount(colour, action, province)
        if action == "rice":
            player.rice += amount
            self.log(f"{player.name} collects {amount} rice in {province} (rice {player.rice})")
        else:
            player.chests += amount
            self.log(f"{player.name} collects {amount} war chests in {province}")
        if prov.revolts > 0:
            self._revolt(colour, province, prov.revolts, extra=0, winter=False)
        if self.owns(colour, province):
            if s.markers_left > 0:
                prov.revolts += 1
                s.markers_left -= 1
                self.log(f"A revolt marker is placed in {province} ({prov.revolts} there)")
            else:
                self.log(f"No revolt marker left to place in {province}")
        return ActionOutcome("performed")

    def recruit_count(self, colour: str, action: str) -> int:
        base = self.data.action(action).armies
        if self.event == "recruit-reduced":
            base = {"recruit-5": 3, "recruit-3": 2}.get(action, base)
        # a "may" bonus never blocks its action (rules §7): used only when the supply has it
        if (action == "recruit-5" and self.state.players[colour].special == "recruit-bonus"
                and self.state.supply[colour] >= base + 1):
            base += 1
        return base

    def _recruit_skip_reason(self, colour: str, action: str, province: str) -> str:
        player = self.state.players[colour]
        cost = self.data.action(action).cost
        n = self.recruit_count(colour, action)
        if player.chests < cost:
            return f"cannot pay {cost} (has {player.chests})"
        if self.state.supply[colour] < n:
            return f"only {self.state.supply[colour]} armies in supply, {n} needed"
        return ""

    def _recruit(self, colour: str, action: str, province: str) -> ActionOutcome:
        s = self.state
        reason = self._recruit_skip_reason(colour, action, province)
        if reason:
            return self._skip(colour, action, province, reason)
        cost = self.data.action(action).cost
        n = self.recruit_count(colour, action)
        s.players[colour].chests -= cost
        s.supply[colour] -= n
        s.provinces[province].armies += n
        self.log(f"{s.name(colour)} recruits {_plural(n, 'army')} in {province} for {cost}")
        return ActionOutcome("performed")

    def recruit_move_options(self, colour: str, province: str, extra: int = 0) -> list[Move]:
        """Moves after Recruit 1: into an adjacent own province, leaving at least 1."""
        armies = self.state.provinces[province].armies + extra
        targets = sorted(t for t in self.neighbours(province)
                         if t in self.in_play() and self.state.provinces[t].owner == colour)
        return [Move(t, n) for t in targets for n in range(1, armies)]

    def _recruit_move(self, colour: str, province: str, move: Move | None) -> None:
        s = self.state
        if move is None:
            return
        s.provinces[province].armies -= move.armies
        s.provinces[move.to].armies += move.armies
        self.log(f"{s.name(colour)} moves {_plural(move.armies, 'army')} from {province} to {move.to}")

    def is_protected(self, colour: str, target: str) -> bool:
        """temple-peace: a temple province of someone else (or neutral) cannot be attacked."""
        prov = self.state.provinces[target]
        return self.event == "temple-peace" and prov.temple and prov.owner != colour

    def battle_options(self, colour: str, province: str) -> list[Move]:
        armies = self.state.provinces[province].armies
        if not self.owns(colour, province) or armies < 2:
            return []
        targets = sorted(t for t in self.neighbours(province)
                         if t in self.in_play() and not self.is_protected(colour, t))
        return [Move(t, n) for t in targets for n in range(1, armies)]

    def _battle_skip_reason(self, colour: str, province: str) -> str:
        if self.state.provinces[province].armies < 2:
            return "a province with 1 army cannot move or attack"
        if not self.battle_options(colour, province):
            return "no province it may enter"
        return ""

    # ------------------------------------------------------------------ battles
    def _drop(self, dropped: dict[str, int], kind: str, province: str | None = None,
              attacker: str | None = None, defender: str | None = None) -> DropResult:
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
        if result.note:
            self.log(f"Tower: {result.note}")
        self.drops.append(DropRecord(kind, total, result, province, "", attacker, defender))
        return result

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
        n = min(wanted, self.state.supply[colour])
        self.state.supply[colour] -= n
        return n

    def _battle(self, colour: str, action: str, source: str, move: Move) -> None:
        s = self.state
        target = s.provinces[move.to]
        s.provinces[source].armies -= move.armies
        name = s.name(colour)
        if target.owner == colour:
            target.armies += move.armies
            self.log(f"{name} moves {_plural(move.armies, 'army')} from {source} to {move.to}")
            return
        s.battles += 1
        if target.owner is None:
            self._attack_neutral(colour, source, move)
        else:
            self._attack_player(colour, source, move)

    def _attack_neutral(self, colour: str, source: str, move: Move) -> None:
        s = self.state
        name = s.name(colour)
        attackers = move.armies
        bonus = self._from_supply(colour, 1) if s.players[colour].special == "attack-bonus" else 0
        farmers = self._from_supply(FARMER, 2 if self.event == "farmers-2" else 1)
        result = self._drop({colour: attackers + bonus, FARMER: farmers}, "battle", move.to,
                            colour, FARMER)
        a = s.tray.get(colour, 0)
        f = s.tray.get(FARMER, 0)
        head = (f"{name} attacks neutral {move.to} from {source} with {_plural(attackers, 'army')}"
                + (" (+1 attack bonus)" if bonus else "")
                + f" against {_plural(farmers, 'farmer')} — out: {_cubes_text(result.out)}")
        if a > f:
            self._tray_to_supply(colour, f)
            self._take_tray(colour, a - f)
            self._tray_to_supply(FARMER)
            self._gain_province(colour, move.to, a - f)
            self._log_outcome(f"{head} — {name} takes {move.to} with {_plural(a - f, 'army')}")
        else:
            self._tray_to_supply(colour)
            self._tray_to_supply(FARMER)
            self._log_outcome(f"{head} — the attack fails; {move.to} stays neutral")

    def _attack_player(self, colour: str, source: str, move: Move) -> None:
        s = self.state
        target = s.provinces[move.to]
        defender = target.owner
        assert defender is not None
        name, dname = s.name(colour), s.name(defender)
        bonus_a = self._from_supply(colour, 1) if s.players[colour].special == "attack-bonus" else 0
        defenders = target.armies
        target.armies = 0
        bonus_d = self._from_supply(defender, 1) if s.players[defender].special == "defence-bonus" else 0
        bonus_c = (self._from_supply(defender, 1)
                   if self.event == "castle-defence" and target.castle else 0)
        farmers_fight = target.revolts == 0
        result = self._drop({colour: move.armies + bonus_a, defender: defenders + bonus_d + bonus_c},
                            "battle", move.to, colour, defender)
        a = s.tray.get(colour, 0)
        d = s.tray.get(defender, 0)
        f = s.tray.get(FARMER, 0) if farmers_fight else 0
        extras = [t for t, n in (("attack bonus", bonus_a), ("defence bonus", bonus_d),
                                 ("castle defence", bonus_c)) if n]
        head = (f"{name} attacks {move.to} from {source} with {_plural(move.armies, 'army')} against "
                f"{dname}'s {defenders}" + (f" (+1 {', +1 '.join(extras)})" if extras else "")
                + f" — out: {_cubes_text(result.out)}")
        if a > d + f:
            self._tray_to_supply(defender)
            self._tray_to_supply(colour, d + f)
            self._take_tray(colour, a - d - f)
            if farmers_fight:
                self._tray_to_supply(FARMER)
            self._lose_card(defender, move.to)
            self._gain_province(colour, move.to, a - d - f)
            self._log_outcome(f"{head} — {name} takes {move.to} with {_plural(a - d - f, 'army')}")
        elif a < d + f and d > 0:
            self._tray_to_supply(colour)
            farmer_loss = min(f, a)
            own_loss = a - farmer_loss
            self._tray_to_supply(defender, own_loss)
            self._take_tray(defender, d - own_loss)
            target.armies = d - own_loss
            if farmers_fight:
                self._tray_to_supply(FARMER)
            self._log_outcome(f"{head} — {dname} holds {move.to} with {_plural(d - own_loss, 'army')}")
        else:
            self._tray_to_supply(colour)
            self._tray_to_supply(defender)
            if farmers_fight:
                self._tray_to_supply(FARMER)
            why = "a draw" if a == d + f else f"only farmers defended it ({dname} had no cube out)"
            self._log_outcome(f"{head} — {why}: {move.to} becomes neutral")
            self._neutralise(move.to)

    def _revolt(self, colour: str, province: str, markers: int, extra: int, winter: bool) -> bool:
        """Fight a revolt in ``province``; True when it is suppressed."""
        s = self.state
        prov = s.provinces[province]
        name = s.name(colour)
        s.battles += 1
        own = prov.armies
        prov.armies = 0
        bonus_c = (self._from_supply(colour, 1)
                   if self.event == "castle-defence" and prov.castle and not winter else 0)
        farmers = self._from_supply(FARMER, markers + extra)
        result = self._drop({colour: own + bonus_c, FARMER: farmers}, "revolt", province,
                            FARMER, colour)
        d = s.tray.get(colour, 0)
        f = s.tray.get(FARMER, 0)
        head = (f"{'Winter revolt' if winter else 'Revolt'} in {name}'s {province}: "
                f"{_plural(own, 'army')}" + (" (+1 castle defence)" if bonus_c else "")
                + f" against {_plural(farmers, 'farmer')} — out: {_cubes_text(result.out)}")
        self._tray_to_supply(FARMER)
        if d > f:
            self._tray_to_supply(colour, f)
            self._take_tray(colour, d - f)
            prov.armies = d - f
            self._log_outcome(f"{head} — suppressed; {_plural(d - f, 'army')} stay")
            return True
        self._tray_to_supply(colour)
        self._log_outcome(f"{head} — the farmers win: {province} becomes neutral")
        self._neutralise(province)
        return False

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

    # ------------------------------------------------------------------ winter
    def shortfall(self, colour: str) -> int:
        return len(self.state.owned(colour)) - self.state.players[colour].rice

    def _winter_step(self) -> None:
        s = self.state
        c = s.cursor
        if c["stage"] == "loss":
            loss = self.data.event_card(s.winter_card).winter_loss if s.winter_card else 0
            self.winter_rice_loss(loss)
            c["stage"] = "provisions"
            return
        if c["stage"] == "provisions":
            if c["index"] >= len(s.turn_order):
                c["stage"] = "scoring"
                return
            colour = s.turn_order[c["index"]]
            draws, extra = self._provision_draws(colour)
            if len(draws) > 1:
                c["draws"] = draws
                c["extra"] = extra
                return  # the player chooses the order
            self._fight_winter_revolts(colour, draws, extra)
            c["index"] += 1
            return
        self.winter_scoring()
        self._after_winter()

    def winter_rice_loss(self, loss: int) -> None:
        s = self.state
        for colour in s.seats:
            p = s.players[colour]
            p.rice = max(0, p.rice - loss)
        card = s.winter_card.split(":")[0] if s.winter_card else "none"
        self.log(f"Winter of year {s.year}: every player loses {loss} rice (card: {card})")

    def _provision_draws(self, colour: str) -> tuple[list[str], int]:
        """The left neighbour's random draw of revolting provinces, and the extra farmers."""
        s = self.state
        short = self.shortfall(colour)
        name = s.name(colour)
        if short <= 0:
            self.log(f"{name} has enough rice for {_plural(len(s.owned(colour)), 'province')}")
            return [], 0
        row = self.data.provision_row(short)
        assert row is not None
        hand = sorted(s.players[colour].cards)
        count = min(row.revolts, len(hand))
        left = s.seats[(s.seats.index(colour) + 1) % s.n_players]
        draws = self.chance.revolt_draw(colour, hand, count)
        self.log(f"{name} is {short} rice short: {_plural(count, 'revolt')} with "
                 f"{row.farmers} extra {'farmer' if row.farmers == 1 else 'farmers'}; "
                 f"{s.name(left)} draws " + ", ".join(draws))
        return draws, row.farmers

    def _answer_revolt_order(self, decision: Decision, order: Sequence[str]) -> None:
        c = self.state.cursor
        self._fight_winter_revolts(decision.player, list(order), c.pop("extra", 0))
        c["index"] += 1
        c["draws"] = None

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
            detail = ", ".join(f"{k} {v}" for k, v in parts.items() if v)
            self.log(f"{s.name(colour)} scores {gained} VP ({detail or 'nothing'}): "
                     f"{s.players[colour].vp} in all")

    def _after_winter(self) -> None:
        s = self.state
        s.turn_order = []
        s.winter_card = None
        if s.year == 1:
            s.event_candidates = s.event_deck[:4]
            s.event_deck = s.event_deck[4:]
            for p in s.players.values():
                p.rice = 0
            removed = sum(p.revolts for p in s.provinces.values())
            for prov in s.provinces.values():
                prov.revolts = 0
            s.markers_left += removed
            s.year = 2
            s.season = "spring"
            self.log("Year 2 begins: rice markers to 0, all revolt markers removed")
            self._start_round()
            return
        best = max((p.vp, p.chests) for p in s.players.values())
        s.winners = [c for c in s.seats if (s.players[c].vp, s.players[c].chests) == best]
        s.phase = "over"
        s.cursor = {}
        ranking = sorted(s.seats, key=lambda c: (-s.players[c].vp, -s.players[c].chests))
        self.log("The game is over: " + "; ".join(
            f"{s.name(c)} {s.players[c].vp} VP, {s.players[c].chests} chests" for c in ranking))
        self.log(("Winner: " if len(s.winners) == 1 else "Shared victory: ")
                 + ", ".join(s.name(c) for c in s.winners))


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
    "ActionOutcome", "CHEST_CARDS", "Chance", "DropRecord", "Game", "GameConfig",
    "IllegalChoiceError", "Rejection", "ShogunError", "SPACES", "empty_state", "field",
]
