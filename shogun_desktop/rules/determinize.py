"""A full game consistent with one seat's view: what search needs to look ahead fairly.

``determinize(view, rng)`` re-samples everything the seat cannot know — other players'
face-down plans, the face-down action cards, the event deck and which candidate will be
drawn (the new game's generator decides), and which cubes sit inside the tower (only their
count per colour follows from what is visible) — and copies everything it can see. Two
states that differ only in hidden things therefore give the same determinized games for the
same generator, which is what makes a searching computer player unable to peek.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from shogun_desktop.data.board import ACTION_IDS, BUILDINGS, FARMER, BoardData, default_board
from shogun_desktop.rules.engine import SPACES, Game, empty_state
from shogun_desktop.rules.state import (
    BID_SPACE,
    CHEST_CARDS,
    ActionsCursor,
    ActionStage,
    Decision,
    DecisionKind,
    Phase,
)
from shogun_desktop.rules.tower import HeldCube, ProbabilisticTower, Tower

HIDDEN = "hidden"
Planner = Callable[[Mapping[str, Any], Decision, random.Random], Mapping[str, str]]
SUPPORTED_PHASES = ("planning", "actions")


class DeterminizeError(ValueError):
    """The view cannot be turned into a game (an unsupported phase or an inconsistent view)."""


def random_plan(cards: list[str], rng: random.Random) -> dict[str, str]:
    """A uniformly random legal plan over ``cards`` (the default for unknown plans)."""
    cards = list(cards)
    rng.shuffle(cards)
    spaces = list(SPACES)
    rng.shuffle(spaces)
    return dict(zip(spaces, cards, strict=False))


def determinize(view: Mapping[str, Any], rng: random.Random, data: BoardData | None = None,
                decision: Decision | None = None, planner: Planner | None = None,
                tower: Tower | None = None) -> Game:
    """A game whose every seat-visible fact equals ``view`` (from ``seat_view``).

    ``decision`` is the seat's pending decision (needed mid-action, for a battle or a move).
    Plans the seat cannot see are made by ``planner(view, decision, rng)`` when given (for
    example the rollout policy), otherwise drawn at random. Supported phases: planning and
    actions (where a computer player searches).
    """
    data = data if data is not None else default_board()
    seat = view["seat"]
    phase = view["phase"]
    if phase not in SUPPORTED_PHASES:
        raise DeterminizeError(f"cannot determinize the {phase!r} phase "
                               f"(supported: {', '.join(SUPPORTED_PHASES)})")
    seats = list(view["seats"])
    state = empty_state(data, view["board"], seats)
    state.phase = Phase(phase)
    state.year = view["year"]
    state.season = view["season"]
    state.start_mode = "draft"
    # board
    for name, pv in view["provinces"].items():
        prov = state.provinces[name]
        prov.owner = pv["owner"]
        prov.armies = pv["armies"]
        prov.revolts = pv["revolts"]
        for kind in BUILDINGS:
            setattr(prov, kind, bool(pv[kind]))
    state.buildings_left = dict(view["buildings_left"])
    state.markers_left = view["revolt_markers_left"]
    # players
    for colour in seats:
        pv = view["players"][colour]
        player = state.players[colour]
        player.chests = pv["chests"]
        player.rice = pv["rice"]
        player.vp = pv["vp"]
        player.special = pv["special"]
        player.cards = set(pv["provinces"])
        state.supply[colour] = pv["supply"]
    state.supply[FARMER] = view["farmer_supply"]
    state.tray = {c: n for c, n in view["tray"].items() if n}
    # the inside of the tower: only the count per colour is implied by the visible cubes
    comp = data.components
    held: list[HeldCube] = []
    on_board: dict[str, int] = {}
    for pv in view["provinces"].values():
        if pv["owner"] is not None:
            on_board[pv["owner"]] = on_board.get(pv["owner"], 0) + pv["armies"]
    counts = {c: comp.armies_per_player - state.supply[c] - on_board.get(c, 0)
              - state.tray.get(c, 0) for c in seats}
    counts[FARMER] = comp.farmers - state.supply[FARMER] - state.tray.get(FARMER, 0)
    cubes = [c for c, n in counts.items() for _ in range(max(0, n))]
    rng.shuffle(cubes)  # their order inside is unknowable
    held = [HeldCube(i + 1, c) for i, c in enumerate(cubes)]
    state.held = held
    # cards on the table
    state.turn_order = list(view["turn_order"])
    state.special_layout = list(view["special_layout"])
    row = list(view["action_row"])
    unseen = [a for a in ACTION_IDS if a not in row]
    rng.shuffle(unseen)
    state.action_row = [a if a != HIDDEN else unseen.pop() for a in row]
    state.actions_done = view["actions_done"]
    _events(state, view, data, rng)
    game = Game(state, random.Random(rng.getrandbits(64)),
                tower if tower is not None else ProbabilisticTower(), data)
    _plans(game, view, seat, rng, planner)
    if phase == "actions":
        _action_cursor(game, view, seat, decision)
    return game


def _event_key(data: BoardData, event: str, loss: int | None) -> str:
    for card in data.events:
        if card.id == event and (loss is None or card.winter_loss == loss):
            return card.key
    raise DeterminizeError(f"no event card {event!r} with winter loss {loss}")


def _events(state: Any, view: Mapping[str, Any], data: BoardData, rng: random.Random) -> None:
    losses = view.get("winter_loss_candidates") or [None] * len(view["event_candidates"])
    candidates = [_event_key(data, e, w) for e, w in zip(view["event_candidates"], losses,
                                                          strict=True)]
    state.event_candidates = candidates
    taken = set(candidates)
    if view["event"]:
        # the copy in force is unknown when both copies are still out: pick a free one
        options = [c.key for c in data.events if c.id == view["event"] and c.key not in taken]
        state.event_current = rng.choice(options) if options else None
        if state.event_current:
            taken.add(state.event_current)
    pool = [c.key for c in data.events if c.key not in taken]
    rng.shuffle(pool)
    state.event_deck = pool[: 8] if state.year == 1 else []


def _plans(game: Game, view: Mapping[str, Any], seat: str, rng: random.Random,
           planner: Planner | None) -> None:
    from shogun_desktop.rules.view import seat_view

    s = game.state
    for colour in s.seats:
        pv = view["players"][colour]
        player = s.players[colour]
        shown = dict(pv.get("shown") or {})
        if colour == seat:
            player.plan = dict(pv.get("plan") or {})
        elif pv["planned"]:
            player.plan = {}
            if planner is not None and s.phase == "planning":
                hand = player.hand()
                decision = Decision(DecisionKind.PLAN, colour, (), {"cards": hand})
                player.plan = dict(planner(seat_view(game, colour, decision), decision, rng))
            else:
                # as many of the cards still held as the public hand size says are placed
                holdings = sorted(player.cards) + list(CHEST_CARDS)
                placed = len(holdings) - pv["hand_size"]
                player.plan = dict(shown)
                from_holdings = sum(1 for c in shown.values() if c in holdings)
                pool = [c for c in holdings if c not in shown.values()]
                rng.shuffle(pool)
                free = [sp for sp in SPACES if sp not in shown]
                rng.shuffle(free)
                for space, card in zip(free, pool[: max(0, placed - from_holdings)],
                                       strict=False):
                    player.plan[space] = card
            for space, card in shown.items():
                player.plan[space] = card
        player.planned = bool(pv["planned"])
        player.revealed = set(shown)
        player.voided = set(pv.get("voided") or [])
        if BID_SPACE in shown or s.phase == "actions":
            player.revealed.add(BID_SPACE)


def _action_cursor(game: Game, view: Mapping[str, Any], seat: str,
                   decision: Decision | None) -> None:
    s = game.state
    index = s.actions_done
    action = s.action_row[index] if index < len(s.action_row) else None
    turn = sum(1 for c in s.turn_order if action in s.players[c].revealed)
    cursor = ActionsCursor(index=index, turn=turn)
    if decision is not None and decision.kind in ("battle", "recruit-move"):
        cursor = ActionsCursor(
            index=index, turn=s.turn_order.index(decision.player),
            stage=ActionStage.BATTLE if decision.kind == "battle" else ActionStage.MOVE,
            province=decision.context["province"])
    s.cursor = cursor
