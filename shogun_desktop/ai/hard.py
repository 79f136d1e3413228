"""The Hard computer opponent: Normal's plans, checked by looking ahead.

For a plan, Hard asks Normal for its default plan and a handful of variants (Normal with its
weights nudged: thriftier, bolder, more rice, more armies...). Each candidate is played out
in determinized games — full games consistent with the seat's view where everything it
cannot know (other plans, the face-down actions, the event draw, what is inside the tower)
is re-sampled (``rules.determinize``) — with Normal players on the fast probabilistic tower
to the end of the round (through winter in autumn), then scored. Successive halving spends
the CPU budget on the promising candidates, all of them on the same sampled worlds (common
random numbers), and Normal's default is kept unless a variant beats it clearly.

Every other decision is Normal's. Hard sees only the seat's view and the decision.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from shogun_desktop.ai.normal import NormalPlayer
from shogun_desktop.data.board import BoardData
from shogun_desktop.rules.determinize import determinize
from shogun_desktop.rules.engine import Game
from shogun_desktop.rules.state import Decision
from shogun_desktop.rules.view import seat_view

# Normal's weights nudged one way or another: each yields a plausible alternative plan.
VARIANTS: tuple[dict[str, float], ...] = (
    {"money": 0.25}, {"money": 1.1}, {"army": 0.6}, {"army": 0.0, "staging": 0.0},
    {"battle_min": 0.1}, {"battle_min": 3.0}, {"rice_margin": 4.0}, {"risk": 0.45},
    {"risk": 0.05}, {"hurt": 2.0}, {"bid_edge": 0.4},
)
DEFAULT_BUDGET = 1.0  # CPU seconds per planning decision


class HardPlayer:
    """Search over Normal's candidate plans with determinized Normal rollouts."""

    level = "hard"
    background = True  # the window runs it on a worker thread

    def __init__(self, data: BoardData, budget: float | None = None,
                 margin: float = 0.6, max_candidates: int = 6,
                 max_worlds: int | None = None) -> None:
        self.data = data
        self.budget = DEFAULT_BUDGET if budget is None else budget
        # a fixed number of sampled worlds instead of a time budget: reproducible (tests)
        self.max_worlds = max_worlds
        self.margin = margin  # how much better (in evaluation points) a variant must be
        self.max_candidates = max_candidates
        self.normal = NormalPlayer(data)
        self.stats: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        if decision.kind != "plan" or self.budget <= 0:
            return self.normal.choose(view, decision, rng)
        return self.plan(view, decision, rng)

    # ------------------------------------------------------------------ search
    def candidates(self, view: Mapping[str, Any], decision: Decision,
                   rng: random.Random) -> list[dict[str, str]]:
        """Normal's default plan first, then distinct variants."""
        seed = rng.getrandbits(32)
        plans = [dict(self.normal.choose(view, decision, random.Random(seed)))]
        for tuning in VARIANTS:
            if len(plans) >= self.max_candidates:
                break
            plan = dict(NormalPlayer(self.data, tuning).choose(view, decision,
                                                               random.Random(seed)))
            if plan not in plans:
                plans.append(plan)
        return plans

    def plan(self, view: Mapping[str, Any], decision: Decision,
             rng: random.Random) -> dict[str, str]:
        clock = time.thread_time
        start = clock()

        def out_of_time() -> bool:
            if self.max_worlds is not None:
                return len(worlds) >= self.max_worlds
            return clock() - start > self.budget * 0.9

        plans = self.candidates(view, decision, rng)
        self.stats = {"candidates": len(plans), "rollouts": 0, "chosen": 0}
        if len(plans) == 1:
            return plans[0]
        me = decision.player
        alive = list(range(len(plans)))
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)
        worlds: list[int] = []
        per_round = 2
        while True:
            # one batch of fresh worlds, each played by every surviving candidate
            batch = [rng.getrandbits(32) for _ in range(per_round)]
            for world in batch:
                if out_of_time():
                    break
                worlds.append(world)
                for i in alive:  # a world counts only when every candidate has played it
                    totals[i] += self.rollout(view, decision, plans[i], me, world)
                    counts[i] += 1
                    self.stats["rollouts"] += 1
            if out_of_time() or len(alive) <= 1:
                break
            # successive halving: keep the better half (the default always competes)
            if len(worlds) >= 2 * per_round and len(alive) > 2:
                ranked = sorted(alive, key=lambda i: -totals[i] / counts[i])
                keep = ranked[: max(2, len(ranked) // 2)]
                if 0 not in keep:
                    keep.append(0)
                alive = keep
                per_round *= 2
        best = max(alive, key=lambda i: totals[i] / max(1, counts[i]))
        default = totals[0] / max(1, counts[0])
        if best != 0 and totals[best] / counts[best] - default < self.margin:
            best = 0
        self.stats["chosen"] = best
        return plans[best]

    def rollout(self, view: Mapping[str, Any], decision: Decision, plan: Mapping[str, str],
                me: str, world: int) -> float:
        """Play ``plan`` in one determinized world to the end of the round; my standing."""
        rng = random.Random(world)
        game = determinize(view, rng, self.data, decision, planner=self.normal.choose)
        game.apply(dict(plan))
        year, season = game.state.year, game.state.season
        policy = self.normal
        while not game.is_over():
            s = game.state
            if (s.year, s.season) != (year, season) and s.phase == "planning":
                break
            d = game.pending()
            if d is None:
                break
            game.apply(policy.choose(seat_view(game, d.player, d), d, rng))
        return evaluate(game, me)


def evaluate(game: Game, me: str) -> float:
    """My position in points: VP plus what the board will score, against the best rival."""
    s = game.state
    if s.phase == "over":
        best = max((s.players[c].vp, s.players[c].chests) for c in s.seats if c != me)
        mine = (s.players[me].vp, s.players[me].chests)
        bonus = 10.0 if mine > best else (-10.0 if mine < best else 0.0)
        return bonus + mine[0] - best[0]
    scorings_left = 3 - s.year if s.season != "winter" else 2 - s.year
    breakdown = game.score_breakdown()
    value: dict[str, float] = {}
    for c in s.seats:
        p = s.players[c]
        board = sum(breakdown[c].values())
        armies = sum(prov.armies for prov in s.provinces.values() if prov.owner == c)
        value[c] = p.vp + scorings_left * board + 0.12 * p.chests + 0.08 * armies
    rival = max(v for c, v in value.items() if c != me)
    return value[me] - rival
