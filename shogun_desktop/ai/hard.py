"""The Hard computer opponent: Normal's plans, checked by looking ahead.

For a plan, Hard gathers candidates that differ in what matters: the plan of Normal's
planner with Hard's own weights (the default, see ``HARD_TUNING``), Normal's plans with
other weights (Normal's own, bolder, more careful, thriftier, more rice...), and edits of
the default (another bid, a battle dropped or run at the other time, rice and tax swapped,
a spending action dropped). Each candidate is played out in determinized games — full games
consistent with the seat's view where everything it cannot know (other plans, the face-down
actions, the event draw, what is inside the tower) is re-sampled (``rules.determinize``) —
on the fast probabilistic tower to the end of the round (through winter in autumn), then the
position is evaluated (``evaluate``). Hard plays its own later decisions with its weights;
each rival plays like Normal or like Easy, drawn per world: the view does not say how a
rival thinks, so Hard remembers the rivals' face-up bids (Easy's bid follows from its
chests, Normal's often does not) and draws each rival's kind as likely as its bids suggest. Measured on
40 games each: modelling every rival as Normal won 52.5 % against three Normals but 75 %
against three Easy; an even mix 42.5 % and 82.5 %. With the bids remembered (200 games
each, physical tower, seats rotated): 45.5 % against three Normals, 88.0 % against three
Easy (Normal: 83.0 %).
Successive halving spends the rollouts on the promising candidates, all of them on the same
sampled worlds (common random numbers), and the default is kept unless a variant beats it
clearly (by a margin and 1.5 standard errors of the paired difference).

The search budget is a number of rollouts, not a clock, so a seed always gives the same
plan; the CPU cap (``budget``) only guards against a machine far slower than measured.
Every other decision is Normal's planner with Hard's weights. Hard sees only the seat's
view and the decision.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from shogun_desktop.ai.heuristic import EasyPlayer
from shogun_desktop.ai.normal import BATTLES, COST, NormalPlayer, Situation
from shogun_desktop.data.board import BoardData
from shogun_desktop.rules.determinize import determinize
from shogun_desktop.rules.engine import Game
from shogun_desktop.rules.state import BID_SPACE, Decision, chest_value
from shogun_desktop.rules.view import seat_view

# Normal's weights nudged one way or another: each yields a plausible alternative plan.
VARIANTS: tuple[dict[str, float], ...] = (
    {"risk": 0.2}, {"risk": 0.45}, {"hurt": 2.0}, {"battle_min": 0.1}, {"risk": 1.0},
    {"army": 0.6}, {"money": 0.25}, {"rice_bonus": 3.0, "rice_margin": 3.0}, {"money": 0.9},
    {"battle_min": 1.5}, {"staging": 1.0},
)
# Hard's own weights for Normal's planner: more careful with exposed provinces than Normal.
# Self-play, physical tower, 200 games each, Normal's planner with this risk weight in one
# seat: against three Normals 0.2 (Normal's) wins 25 %, 0.45 31.5 %, 0.7 42.5 %, 1.0 40.5 %;
# against three Easy 0.2 77.5 %, 0.45 79.7 %, 0.7 only 60.5 % (too timid against rivals who
# rarely attack). 0.45 is better against both. Whole-game effects like this one are what a
# one-round look-ahead cannot see, so they are set here rather than searched.
HARD_TUNING = {"risk": 0.45}
DEFAULT_BUDGET = 1.0  # CPU seconds per planning decision: a safety cap only
DEFAULT_ROLLOUTS = 96  # rollouts per planning decision (calibrated to stay under the cap)


class HardPlayer:
    """Search over Normal's candidate plans with determinized rollouts."""

    level = "hard"
    background = True  # the window runs it on a worker thread

    def __init__(self, data: BoardData, budget: float | None = None,
                 margin: float = 0.3, max_candidates: int = 12,
                 max_worlds: int | None = None, rollouts: int | None = None,
                 tuning: Mapping[str, float] | None = None, mix: float = 0.5) -> None:
        self.data = data
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.rollouts = DEFAULT_ROLLOUTS if rollouts is None else rollouts
        # a fixed number of sampled worlds for every candidate (tests): no halving
        self.max_worlds = max_worlds
        self.margin = margin  # how much better (in evaluation points) a variant must be
        self.max_candidates = max_candidates
        self.normal = NormalPlayer(data, HARD_TUNING if tuning is None else tuning)
        self.rollout_policy = NormalPlayer(data)  # how the others are expected to play
        self.easy = EasyPlayer(data)
        self.mix = mix
        self.bids: dict[tuple[int, str, str], bool] = {}  # (year, season, rival) -> Easy-like
        self.stats: dict[str, Any] = {}

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        self.observe(view)
        if decision.kind != "plan" or self.budget <= 0 or self.rollouts <= 0:
            return self.normal.choose(view, decision, rng)
        return self.plan(view, decision, rng)

    # ------------------------------------------------------------------ rivals
    def observe(self, view: Mapping[str, Any]) -> None:
        """Remember each rival's bid once it is face up (public, as a player would).

        A chest 0 or 1 bid round after round is how Easy bids; Normal bids a spare province
        card. Only what the seat's views showed is kept, keyed by round, so the same views
        always leave the same memory.
        """
        if view["phase"] != "picks":  # bids are face up and paid, nothing else has moved
            return
        me = view["seat"]
        for colour, info in view["players"].items():
            card = (info.get("shown") or {}).get(BID_SPACE)
            if colour != me and card is not None:
                key = (view["year"], view["season"], colour)
                # Easy bids chest 1 with at least 6 chests (5 left once paid), else chest 0
                value, chests = chest_value(card), info["chests"]
                self.bids[key] = (value == 1 and chests >= 5) or (value == 0 and chests < 6)

    def easy_share(self, colour: str) -> float:
        """How likely ``colour`` plays like Easy: the prior ``mix``, updated by its bids.

        Easy's bid follows from its chests; Normal's often does not (a spare province card,
        a higher chest, or chest 0 although it is rich).
        """
        if not 0.0 < self.mix < 1.0:
            return self.mix
        odds = self.mix / (1.0 - self.mix)
        for (_year, _season, c), easy_like in self.bids.items():
            if c == colour:
                odds *= 2.0 if easy_like else 0.05
        return odds / (1.0 + odds)

    # ------------------------------------------------------------------ candidates
    def candidates(self, view: Mapping[str, Any], decision: Decision,
                   rng: random.Random) -> list[dict[str, str]]:
        """Normal's default plan first, then distinct variants and edits of it."""
        seed = rng.getrandbits(32)
        default = dict(self.normal.choose(view, decision, random.Random(seed)))
        plans = [default]
        tuned = []
        for tuning in VARIANTS:
            plan = dict(NormalPlayer(self.data, {**self.normal.tuning, **tuning}).choose(
                view, decision, random.Random(seed)))
            if plan not in plans and plan not in tuned:
                tuned.append(plan)
        edited = [p for p in edits(default, view, decision, self.data) if p not in plans and p not in tuned]
        # alternate the two kinds so that a cap keeps some of each
        while (tuned or edited) and len(plans) < self.max_candidates:
            for pool in (tuned, edited):
                if pool and len(plans) < self.max_candidates:
                    plans.append(pool.pop(0))
        return plans

    # ------------------------------------------------------------------ search
    def plan(self, view: Mapping[str, Any], decision: Decision,
             rng: random.Random) -> dict[str, str]:
        clock = time.thread_time
        start = clock()
        plans = self.candidates(view, decision, rng)
        self.stats = {"candidates": len(plans), "rollouts": 0, "chosen": 0, "worlds": 0}
        if len(plans) == 1:
            return plans[0]
        me = decision.player
        alive = list(range(len(plans)))
        scores: dict[int, dict[int, float]] = {i: {} for i in alive}  # candidate -> world -> score
        worlds: list[int] = []
        if self.max_worlds is not None:
            stages = [self.max_worlds]
        else:
            stages = halving_schedule(len(plans), self.rollouts)
        done = False
        for stage, target in enumerate(stages):
            while len(worlds) < target:
                worlds.append(rng.getrandbits(32))
            for w, world in enumerate(worlds):
                for i in alive:
                    if w in scores[i]:
                        continue
                    if clock() - start > self.budget * 0.95:
                        done = True
                        break
                    scores[i][w] = self.rollout(view, decision, plans[i], me, world)
                    self.stats["rollouts"] += 1
                if done:
                    break
            if done or stage == len(stages) - 1:
                break
            # successive halving: keep the better half (the default always competes)
            ranked = sorted(alive, key=lambda i: -advantage(scores[i], scores[0])[0])
            keep = ranked[: max(2, (len(ranked) + 1) // 2)]
            if 0 not in keep:
                keep.append(0)
            alive = keep
        self.stats["worlds"] = len(worlds)
        best, best_gain = 0, 0.0
        for i in alive:
            if i == 0:
                continue
            gain, error = advantage(scores[i], scores[0])
            # clearly better: by the margin and by one and a half standard errors
            if gain > max(self.margin, 1.5 * error) and gain > best_gain:
                best, best_gain = i, gain
        self.stats["chosen"] = best
        self.stats["gains"] = {i: advantage(scores[i], scores[0]) for i in alive if i}
        self.stats["seconds"] = clock() - start
        return plans[best]

    def rollout(self, view: Mapping[str, Any], decision: Decision, plan: Mapping[str, str],
                me: str, world: int) -> float:
        """Play ``plan`` in one determinized world to the end of the round; my standing."""
        rng = random.Random(world)
        # how the rivals think is not in the view: in each world each of them plays like
        # Normal or like Easy, as likely as its bids so far suggest
        rivals = [c for c in view["seats"] if c != me]
        model = {c: self.easy if rng.random() < self.easy_share(c) else self.rollout_policy
                 for c in rivals}
        model[me] = self.normal

        def policy(v: Mapping[str, Any], d: Decision, r: random.Random) -> Any:
            return model[d.player].choose(v, d, r)

        game = determinize(view, rng, self.data, decision, planner=policy)
        while True:  # thinking ahead, earlier seats may still have to plan
            d = game.pending()
            if d is None or d.player == me:
                break
            game.apply(policy(seat_view(game, d.player, d), d, rng))
        game.apply(dict(plan))
        year, season = game.state.year, game.state.season
        while not game.is_over():
            s = game.state
            if (s.year, s.season) != (year, season) and s.phase == "planning":
                break
            d = game.pending()
            if d is None:
                break
            game.apply(policy(seat_view(game, d.player, d), d, rng))
        return evaluate(game, me)


def halving_schedule(candidates: int, rollouts: int) -> list[int]:
    """Worlds seen by the survivors after each stage of successive halving.

    Each stage gets an equal share of ``rollouts``; the field halves after every stage.
    """
    stages = []
    alive = candidates
    while True:
        stages.append(alive)
        if alive <= 2:
            break
        alive = max(2, (alive + 1) // 2)
    share = rollouts / len(stages)
    worlds, total = [], 0
    for alive in stages:
        total += max(1, int(share / alive))
        worlds.append(total)
    return worlds


def edits(plan: Mapping[str, str], view: Mapping[str, Any], decision: Decision,
          data: BoardData) -> list[dict[str, str]]:
    """Plans one change away from ``plan`` that a player might weigh: another bid, a battle
    dropped or moved to the other battle action, rice and tax swapped, spending dropped."""
    cards = list(decision.context["cards"])
    me = decision.player
    chests = view["players"][me]["chests"]
    where = {card: space for space, card in plan.items()}
    fillers = [s for s, c in plan.items() if s != BID_SPACE and chest_value(c) is not None]
    out: list[dict[str, str]] = []

    def exchange(space: str, card: str) -> None:
        """Put ``card`` on ``space``; what lay there takes the card's old place (if any)."""
        new = dict(plan)
        old = plan.get(space)
        src = where.get(card)
        new[space] = card
        if src is not None:
            if old is None:
                del new[src]
            else:
                new[src] = old
        elif old is None:
            return  # would place one card more than the plan holds
        if new != plan and new not in out:
            out.append(new)

    # another bid: each chest the seat can pay for on top of the plan's spending (the bid
    # is paid first; counting on tax would risk "cannot pay" skips later in the round)
    spend = sum(COST[s] for s, c in plan.items() if s in COST and chest_value(c) is None)
    for value in (0, 1, 2, 3, 4):
        card = f"chest-{value}"
        if card in cards and value + spend <= chests and plan.get(BID_SPACE) != card:
            exchange(BID_SPACE, card)
    # a battle dropped (a chest card takes its place), or run at the other battle action
    for space in BATTLES:
        placed = plan.get(space)
        if placed is not None and chest_value(placed) is None and fillers:
            exchange(space, plan[fillers[0]])
    if all(plan.get(s) is not None for s in BATTLES):
        exchange("battle-a", plan["battle-b"])
    # rice and tax swapped, when tax does not shrink (the spending counts on it)
    rice, tax = plan.get("rice"), plan.get("tax")
    if rice and tax and chest_value(rice) is None and chest_value(tax) is None:
        province = data.provinces
        if province[rice].tax >= province[tax].tax:
            exchange("rice", tax)
    # spending dropped: keeps chests (and, for recruits, armies) for later
    for space in COST:
        placed = plan.get(space)
        if placed is not None and chest_value(placed) is None and fillers:
            exchange(space, plan[fillers[0]])
    return out


def advantage(scores: Mapping[int, float], default: Mapping[int, float]) -> tuple[float, float]:
    """Mean paired difference to the default on the shared worlds, and its standard error."""
    shared = [w for w in scores if w in default]
    n = len(shared)
    if n == 0:
        return (0.0, float("inf"))
    diffs = [scores[w] - default[w] for w in shared]
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
