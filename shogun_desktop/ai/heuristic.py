"""The Easy computer opponent: greedy, rule-aware choices from a player's view.

It plans tax and rice where they pay most and no revolt is brewing, recruits on the
frontier, attacks only with a clear majority, builds when it can afford to, and bids a
little. It reads only the seat's view and the decision's legal options, like a human would.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from shogun_desktop.data.board import BoardData
from shogun_desktop.rules.state import Decision, Move

ACTION_COST = {"castle": 3, "temple": 2, "theater": 1, "recruit-5": 3, "recruit-3": 2,
               "recruit-1-move": 1}


class EasyPlayer:
    """Greedy choices with a little seeded noise so that games differ."""

    level = "easy"

    def __init__(self, data: BoardData) -> None:
        self.data = data
        self.rng = random.Random(0)  # replaced by the caller's generator for each decision

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        self.rng = rng
        data = self.data
        me = decision.player
        if decision.kind == "draft-take":
            cards = [o for o in decision.options if o != "deck"]
            if not cards:
                return "deck"
            return max(cards, key=lambda p: data.provinces[p].tax + data.provinces[p].rice
                       + self.rng.random())
        if decision.kind == "draft-place":
            return max(decision.options)
        if decision.kind == "plan":
            return self.plan(view, me, data, list(decision.context["cards"]))
        if decision.kind == "pick-special":
            return self.pick_special(view, me, decision.options)
        if decision.kind == "battle":
            return self.battle(view, me, decision.options)
        if decision.kind == "recruit-move":
            return None
        return decision.options[0]

    # ------------------------------------------------------------------ planning
    def plan(self, view: Mapping[str, Any], me: str, data: BoardData, cards: list[str]) -> dict[str, str]:
        provinces = view["provinces"]
        mine = [c for c in cards if not c.startswith("chest-")]
        chests = view["players"][me]["chests"]
        plan: dict[str, str] = {}
        used: set[str] = set()

        def take(space: str, candidates: list[str], score) -> None:
            options = [c for c in candidates if c not in used]
            if options:
                best = max(options, key=lambda c: score(c) + self.rng.random() * 0.5)
                plan[space] = best
                used.add(best)

        def threat(p: str) -> int:
            return sum(provinces[n]["armies"] for n in data.adjacency[p]
                       if provinces[n]["owner"] not in (None, me))

        calm = [p for p in mine if provinces[p]["revolts"] == 0]
        take("tax", calm or mine, lambda p: data.provinces[p].tax)
        take("rice", calm or mine, lambda p: data.provinces[p].rice)
        budget = chests + data.provinces[plan["tax"]].tax if "tax" in plan else chests
        take("battle-a", mine, lambda p: provinces[p]["armies"])
        take("battle-b", mine, lambda p: provinces[p]["armies"])
        for space in ("recruit-5", "recruit-3", "recruit-1-move"):
            if budget >= ACTION_COST[space]:
                take(space, mine, lambda p: threat(p) - provinces[p]["armies"])
                budget -= ACTION_COST[space]
        for kind in ("castle", "temple", "theater"):
            free = [p for p in mine if not provinces[p][kind]
                    and sum(provinces[p][k] for k in ("castle", "temple", "theater"))
                    < data.provinces[p].slots]
            if budget >= ACTION_COST[kind] and free:
                take(kind, free, lambda p: provinces[p]["armies"] - threat(p))
                budget -= ACTION_COST[kind]
        bid = "chest-1" if chests >= 6 else "chest-0"
        spaces = ["castle", "temple", "theater", "rice", "tax", "recruit-5", "recruit-3",
                  "recruit-1-move", "battle-a", "battle-b"]
        if bid not in used:
            plan["bid"] = bid
            used.add(bid)
        fillers = [c for c in cards if c not in used and c.startswith("chest-")]
        fillers += [c for c in cards if c not in used and not c.startswith("chest-")]
        needed = min(11, len(cards))
        for space in [*spaces, "bid"]:
            if len(plan) >= needed:
                break
            if space not in plan and fillers:
                plan[space] = fillers.pop(0)
        return plan

    def pick_special(self, view: Mapping[str, Any], me: str, options: tuple) -> str:
        order = view["special_layout"]
        preferred = ["attack-bonus", "tax-bonus", "recruit-bonus", "defence-bonus", "rice-bonus"]
        early = sorted(options, key=order.index)[:2]
        return min(early, key=preferred.index)

    def battle(self, view: Mapping[str, Any], me: str, options: tuple) -> Move:
        provinces = view["provinces"]
        best: Move | None = None
        best_score = -1e9
        for move in options:
            target = provinces[move.to]
            if target["owner"] == me:
                score = -1.0 + move.armies * 0.01
            else:
                defenders = target["armies"] if target["owner"] else 1
                margin = move.armies - defenders
                score = margin * 1.0 + (1.5 if target["owner"] is None else 0.0)
                if margin < 2:
                    score -= 5
            if score > best_score:
                best, best_score = move, score
        assert best is not None
        return best
