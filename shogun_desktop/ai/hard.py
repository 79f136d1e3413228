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

from shogun_desktop.ai.normal import NormalPlayer, Situation
from shogun_desktop.data.board import BoardData
from shogun_desktop.rules.determinize import determinize
from shogun_desktop.rules.engine import Game
from shogun_desktop.rules.state import Decision
from shogun_desktop.rules.view import seat_view

# Normal's weights nudged one way or another: each yields a plausible alternative plan.
# Only nudges that are sound as whole-game policies (measured in self-play against Normal)
# are candidates: the short look-ahead cannot see the slow harm of, say, never recruiting.
VARIANTS: tuple[dict[str, float], ...] = (
    {"risk": 0.45}, {"army": 0.6}, {"money": 0.25}, {"hurt": 2.0}, {"rice_margin": 4.0},
    {"battle_min": 0.1},
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
        scores: list[list[float]] = [[] for _ in plans]  # per candidate, per world
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
                    scores[i].append(self.rollout(view, decision, plans[i], me, world))
                    self.stats["rollouts"] += 1
            if out_of_time() or len(alive) <= 1:
                break
            # successive halving: keep the better half (the default always competes)
            if len(worlds) >= 2 * per_round and len(alive) > 2:
                ranked = sorted(alive, key=lambda i: -advantage(scores[i], scores[0])[0])
                keep = ranked[: max(2, len(ranked) // 2)]
                if 0 not in keep:
                    keep.append(0)
                alive = keep
                per_round *= 2
        best = 0
        best_gain = 0.0
        for i in alive[:]:
            if i == 0:
                continue
            gain, error = advantage(scores[i], scores[0])
            # clearly better: by the margin and by two standard errors of the paired mean
            if gain > max(self.margin, 2.0 * error) and gain > best_gain:
                best, best_gain = i, gain
        self.stats["chosen"] = best
        return plans[best]

    def rollout(self, view: Mapping[str, Any], decision: Decision, plan: Mapping[str, str],
                me: str, world: int) -> float:
        """Play ``plan`` in one determinized world to the end of the round; my standing."""
        rng = random.Random(world)
        game = determinize(view, rng, self.data, decision, planner=self.normal.choose)
        policy = self.normal
        while True:  # thinking ahead, earlier seats may still have to plan
            d = game.pending()
            if d is None or d.player == me:
                break
            game.apply(policy.choose(seat_view(game, d.player, d), d, rng))
        game.apply(dict(plan))
        year, season = game.state.year, game.state.season
        while not game.is_over():
            s = game.state
            if (s.year, s.season) != (year, season) and s.phase == "planning":
                break
            d = game.pending()
            if d is None:
                break
            game.apply(policy.choose(seat_view(game, d.player, d), d, rng))
        return evaluate(game, me)


def advantage(scores: list[float], default: list[float]) -> tuple[float, float]:
    """Mean paired difference to the default on the shared worlds, and its standard error."""
    n = min(len(scores), len(default))
    if n == 0:
        return (0.0, float("inf"))
    diffs = [scores[-n + k] - default[-n + k] for k in range(n)]
    mean = sum(diffs) / n
    if n < 2:
        return (mean, float("inf"))
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return (mean, (var / n) ** 0.5)


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
    seasons = ("spring", "summer", "autumn")
    # rice actions still to come before this year's winter (-1: winter is behind us)
    rice_rounds = 3 - seasons.index(s.season) if s.season in seasons else -1
    losses = [game.data.event_card(k).winter_loss for k in s.event_candidates]
    loss = sum(losses) / len(losses) if losses else 0.0
    # what chests and armies are still worth (in step with Normal's own weights)
    rounds_after = 3 * (2 - s.year) + (3 - rice_rounds if rice_rounds >= 0 else 3)
    money = 0.1 + 0.45 * min(1.0, rounds_after / 4)
    army = 0.05 + 0.2 * min(1.0, rounds_after / 4)
    value: dict[str, float] = {}
    for c in s.seats:
        p = s.players[c]
        board = sum(breakdown[c].values())
        armies = sum(prov.armies for prov in s.provinces.values() if prov.owner == c)
        provinces = sum(1 for prov in s.provinces.values() if prov.owner == c)
        # winter still ahead this year: the rice still missing will cost provinces
        short = max(0.0, provinces + loss - p.rice - 3.5 * rice_rounds) if rice_rounds >= 0 else 0.0
        value[c] = (p.vp + scorings_left * board + money * p.chests + army * armies
                    - 0.8 * short)
    # what each side stands to lose next round: exposed provinces, as Normal judges them
    if s.phase != "over" and scorings_left > 0:
        for c in s.seats:
            sit = Situation(game.data, seat_view(game, c), c)
            value[c] -= sum(sit.attack_risk(p) * sit.value(p) for p in sit.mine)
    rival = max(v for c, v in value.items() if c != me)
    return value[me] - rival
