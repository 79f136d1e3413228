"""The Normal computer opponent: a rule-based planner that reads the round before committing.

What it does that Easy does not:
- **Cash along the action row.** Spending is planned only when it is certain to be covered
  when the card runs: visible actions are walked in order (tax counts only where it runs
  before the spending), and the five hidden ones are taken in the worst order (all spending
  before a hidden tax). The bid is paid first. So "cannot pay" skips all but disappear.
- **Winter rice.** It projects rice at winter against the remaining loss candidates and the
  provinces it will have to feed, picks rice provinces accordingly and takes the rice bonus
  when it is short.
- **Battles from the tower's odds.** Attacks are planned only towards a worthwhile target and
  sized at the battle from a cached binomial tower model (``odds``), counting tray cubes,
  farmers, defence and castle bonuses; exposed sources keep armies home.
- **Bids with intent**: a spare province card is a free bid that beats a chest 0; chests are
  bid only when a special is clearly worth it and affordable.
- **Buildings for region majorities**, where they are safe.

It reads only the seat's view and the decision (see ``ai.base``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from shogun_desktop.ai.odds import battle_odds, expected_survivors
from shogun_desktop.data.board import ACTION_IDS, BUILDINGS, BoardData
from shogun_desktop.rules.state import SEASONS, Decision, Move, chest_value

HIDDEN = "hidden"
COST = {"castle": 3, "temple": 2, "theater": 1, "recruit-5": 3, "recruit-3": 2,
        "recruit-1-move": 1}
BATTLES = ("battle-a", "battle-b")
RECRUITS = ("recruit-5", "recruit-3", "recruit-1-move")
# Weights found by self-play against Easy (probabilistic tower, fixed seeds).
TUNING = {"risk": 0.2, "income": 0.12, "rice_margin": 1.5, "money": 0.55, "staging": 0.35,
          "battle_min": 0.6, "rice_bonus": 1.6, "army": 0.2, "hurt": 0.8, "bid_edge": 3.0}
BOUNDS = {"rice-max-3": ("rice", None, 3), "rice-min-4": ("rice", 4, None),
          "tax-max-5": ("tax", None, 5), "tax-min-6": ("tax", 6, None)}


class Situation:
    """Facts about the board from one seat's view, computed once per decision."""

    def __init__(self, data: BoardData, view: Mapping[str, Any], me: str,
                 tuning: Mapping[str, float] = TUNING) -> None:
        self.data = data
        self.tuning = tuning
        self.view = view
        self.me = me
        self.provinces: Mapping[str, Mapping[str, Any]] = view["provinces"]
        self.in_play = frozenset(view["in_play"])
        self.mine = [p for p, v in self.provinces.items() if v["owner"] == me]
        self.year = view["year"]
        season = view["season"]
        self.season_index = SEASONS.index(season) if season in SEASONS else 3
        self.winters_left = 3 - self.year  # scorings still to come (this year's included)
        self.tray: Mapping[str, int] = view["tray"]
        self.regions = data.regions[view["board"]]
        self.region_of = {p: r for r, members in self.regions.items() for p in members}
        self._standing: dict[str, float] | None = None
        # memos: a decision asks the same questions of the same provinces many times
        self._threat: dict[str, int] = {}
        self._risk: dict[tuple[str, int | None], float] = {}
        self._value: dict[str, float] = {}

    def standing(self, colour: str) -> float:
        """How much a rival's loss is worth to me: more the stronger they are relative to me."""
        if self._standing is None:
            score = {}
            for c, info in self.view["players"].items():
                score[c] = info["vp"] + 2.0 * len(info["provinces"]) + 0.3 * info["chests"]
            top = max(v for c, v in score.items() if c != self.me) if len(score) > 1 else 0.0
            self._standing = {c: (1.0 if v >= top else 0.5) for c, v in score.items()}
        return self._standing.get(colour, 0.5)

    def neighbours(self, p: str) -> list[str]:
        return [q for q in self.data.adjacency[p] if q in self.in_play]

    def threat(self, p: str) -> int:
        """The most armies one enemy neighbour could throw at ``p``."""
        known = self._threat.get(p)
        if known is not None:
            return known
        best = 0
        for q in self.neighbours(p):
            v = self.provinces[q]
            if v["owner"] not in (None, self.me):
                best = max(best, v["armies"] - 1)
        self._threat[p] = best
        return best

    def attack_risk(self, p: str, armies: int | None = None) -> float:
        """Rough chance that ``p`` is taken this round (an enemy attacks with all it can)."""
        key = (p, armies)
        known = self._risk.get(key)
        if known is not None:
            return known
        threat = self.threat(p)
        if threat <= 0:
            risk = 0.0
        else:
            v = self.provinces[p]
            mine = v["armies"] if armies is None else armies
            farmers = self.tray.get("green", 0) if v["revolts"] == 0 else 0
            win, draw, _ = battle_odds(threat, mine, farmers)
            risk = self.tuning["risk"] * (win + draw)  # not every neighbour attacks, nor always here
        self._risk[key] = risk
        return risk

    def buildings(self, p: str) -> int:
        v = self.provinces[p]
        return int(v["castle"]) + int(v["temple"]) + int(v["theater"])

    def value(self, p: str, owner: str | None = None) -> float:
        """What holding ``p`` until the end is worth in VP (to ``owner``, default me)."""
        known = self._value.get(p)  # the same for every owner: it is the province's worth
        if known is not None:
            return known
        info = self.data.provinces[p]
        w = self.winters_left
        base = w * (1 + self.buildings(p))
        income = self.tuning["income"] * (info.tax + info.rice) * max(1, 3 * w - 1 - self.season_index)
        majority = 0.0
        for kind in BUILDINGS:
            if self.provinces[p][kind]:
                majority += 0.5 * self.data.majority[kind] * w
        self._value[p] = value = base + income + majority
        return value

    def collect_amount(self, action: str, p: str, events: list[str]) -> int:
        """The least a Rice or Tax action yields here under any event that may apply."""
        base = getattr(self.data.provinces[p], action)
        amounts = []
        for event in events or [""]:
            amount = base
            bound = BOUNDS.get(event)
            if bound and bound[0] == action:
                if bound[1] is not None:
                    amount = max(amount, bound[1])
                if bound[2] is not None:
                    amount = min(amount, bound[2])
            amounts.append(amount)
        return min(amounts)

    def majority_gain(self, kind: str, p: str) -> float:
        """Majority points I gain in ``p``'s region by building ``kind`` there."""
        region = self.region_of.get(p)
        if region is None:
            return 0.0
        counts: dict[str, int] = {}
        for q in self.regions[region]:
            v = self.provinces[q]
            if v["owner"] is not None and v[kind]:
                counts[v["owner"]] = counts.get(v["owner"], 0) + 1
        value = self.data.majority[kind]
        tied = value - self.data.tied_majority_penalty

        def share(mine: int) -> float:
            others = max((n for c, n in counts.items() if c != self.me), default=0)
            if mine < 1 or mine < others:
                return 0.0
            return value if mine > others else tied

        now = counts.get(self.me, 0)
        return share(now + 1) - share(now)


class NormalPlayer:
    """Rule-based planning from the seat's view (see the module docstring)."""

    level = "normal"

    def __init__(self, data: BoardData, tuning: Mapping[str, float] | None = None) -> None:
        self.data = data
        self.tuning = {**TUNING, **(tuning or {})}

    # ------------------------------------------------------------------ dispatch
    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any:
        kind = decision.kind
        if kind == "draft-take":
            return self.draft_take(view, decision, rng)
        if kind == "draft-place":
            return self.draft_place(view, decision)
        if kind == "plan":
            return self.plan(view, decision.player, list(decision.context["cards"]), rng)
        if kind == "pick-special":
            return self.pick_special(view, decision)
        if kind == "battle":
            return self.battle(view, decision)
        if kind == "recruit-move":
            return self.recruit_move(view, decision)
        return decision.options[0]

    # ------------------------------------------------------------------ draft
    def draft_take(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> str:
        sit = Situation(self.data, view, decision.player, self.tuning)
        cards = [o for o in decision.options if o != "deck"]
        if not cards:
            return "deck"

        def score(p: str) -> float:
            info = self.data.provinces[p]
            near = sit.neighbours(p)
            own = sum(1 for q in near if sit.provinces[q]["owner"] == sit.me)
            enemy = sum(1 for q in near if sit.provinces[q]["owner"] not in (None, sit.me))
            return (info.tax + info.rice + 0.7 * info.slots + 1.2 * own - 0.6 * enemy
                    + 0.3 * rng.random())

        best = max(cards, key=score)
        return best if score(best) >= 6.5 else "deck"

    def draft_place(self, view: Mapping[str, Any], decision: Decision) -> int:
        sit = Situation(self.data, view, decision.player, self.tuning)
        province = decision.context["province"]
        near = sit.neighbours(province)
        enemy = sum(1 for q in near if sit.provinces[q]["owner"] not in (None, sit.me))
        sizes = sorted(decision.options)
        if enemy >= 2 or self.data.provinces[province].tax >= 6:
            return sizes[-1]
        return sizes[-1] if len(sizes) == 1 or enemy else sizes[len(sizes) // 2]

    # ------------------------------------------------------------------ planning
    def plan(self, view: Mapping[str, Any], me: str, cards: list[str],
             rng: random.Random) -> dict[str, str]:
        sit = Situation(self.data, view, me, self.tuning)
        provinces = sit.provinces
        hand = [c for c in cards if chest_value(c) is None]
        chest_cards = [c for c in cards if chest_value(c) is not None]
        chests = view["players"][me]["chests"]
        events = list(view.get("event_candidates") or [])
        row = list(view["action_row"])
        known = {a: i for i, a in enumerate(row) if a != HIDDEN}
        plan: dict[str, str] = {}
        used: set[str] = set()

        def put(space: str, card: str) -> None:
            plan[space] = card
            used.add(card)

        def runs_before(first: str, second: str) -> float:
            """Chance that action ``first`` runs before ``second`` this round."""
            if first in known and second in known:
                return 1.0 if known[first] < known[second] else 0.0
            if first in known:
                return 1.0
            if second in known:
                return 0.0
            return 0.5

        # --- rice: project winter needs and choose the province
        losses = list(view.get("winter_loss_candidates") or [])
        loss = (sum(losses) / len(losses) + max(losses)) / 2 if losses else 3.0
        rounds_left = 3 - sit.season_index  # rice actions left this year, this one included
        rice_now = view["players"][me]["rice"]
        values = sorted((self.data.provinces[p].rice for p in hand), reverse=True)[:3]
        typical_future = sum(values) / len(values) if values else 0.0
        growth = 1.0 if sit.season_index < 2 else 0.0
        need = len(sit.mine) + growth + loss - rice_now  # rice still to collect this year
        self.short_of_rice = need > rounds_left * typical_future - self.tuning["rice_margin"]

        def rice_score(p: str) -> float:
            amount = sit.collect_amount("rice", p, events)
            return amount * (1.5 if self.short_of_rice else 1.0) - self.collect_risk(sit, p) \
                - 0.3 * self.data.provinces[p].tax / 7 + 0.05 * rng.random()

        if hand:
            put("rice", max(hand, key=rice_score))

        # --- tax: the richest province that is safe from revolt and attack (not the rice one)
        tax_amount = 0
        tax_choices = [p for p in hand if p not in used]
        tax_safe = False
        if tax_choices:
            def tax_score(p: str) -> float:
                amount = sit.collect_amount("tax", p, events)
                return amount * (1 - sit.attack_risk(p)) - self.collect_risk(sit, p) \
                    + 0.05 * rng.random()

            tax_province = max(tax_choices, key=tax_score)
            tax_amount = sit.collect_amount("tax", tax_province, events)
            tax_safe = sit.attack_risk(tax_province) < 0.12
            put("tax", tax_province)
        has_tax = "tax" in plan and tax_safe

        # --- cash feasibility: visible actions in order, hidden ones in the worst order
        def affordable(spend: Mapping[str, int], bid: int) -> bool:
            cash = chests - bid
            for a in row:
                if a == HIDDEN:
                    break
                if a == "tax" and has_tax:
                    cash += tax_amount
                elif a in spend:
                    cash -= spend[a]
                    if cash < 0:
                        return False
            hidden = sum(c for a, c in spend.items() if a not in known)
            return hidden <= cash

        # --- battles: sources with a worthwhile target
        battle_plans = self.plan_battles(sit, [p for p in hand if p not in used])
        for space, (source, _gain) in zip(BATTLES, battle_plans, strict=False):
            put(space, source)

        # --- spending options, best value per chest first
        lam = self.tuning["money"] * (1.0 if sit.year == 1 else (0.65 if sit.season_index < 2 else 0.2))
        options: list[tuple[float, str, str]] = []
        for kind in BUILDINGS:
            if view["buildings_left"].get(kind, 1) <= 0:
                continue
            for p in hand:
                v = provinces[p]
                if v[kind] or sit.buildings(p) >= self.data.provinces[p].slots:
                    continue
                safety = 1.0 - sit.attack_risk(p)
                gain = sit.winters_left * (1 + sit.majority_gain(kind, p)) * safety
                options.append((gain - lam * COST[kind], kind, p))
        for kind in RECRUITS:
            for p in hand:
                gain = self.recruit_gain(sit, kind, p, plan, runs_before)
                options.append((gain - lam * COST[kind], kind, p))
        options.sort(key=lambda o: -o[0])
        spend: dict[str, int] = {}
        for gain, kind, p in options:
            if gain <= 0:
                break
            if kind in plan or p in used:
                continue
            trial = dict(spend)
            trial[kind] = COST[kind]
            if affordable(trial, 0):
                spend = trial
                put(kind, p)

        # --- bid with intent
        bid_card = self.choose_bid(sit, view, plan, hand, used, chest_cards, spend, affordable)
        if bid_card is not None:
            put("bid", bid_card)

        # --- fill the remaining spaces: chests where a province card would do harm
        bid_value = chest_value(plan["bid"]) if "bid" in plan else None
        bid_cost = bid_value or 0

        def afford(trial: Mapping[str, int], _bid: int = 0) -> bool:
            return affordable(trial, bid_cost)

        needed = min(11, len(cards))
        fillers = [c for c in chest_cards if c not in used]
        leftovers = [p for p in hand if p not in used]
        if "bid" not in plan and len(plan) < needed:
            put("bid", leftovers.pop(0) if leftovers else fillers.pop(0))
        empty = [s for s in ACTION_IDS if s not in plan]
        slots = needed - len(plan)
        forced = max(0, slots - len(fillers))  # spaces that must take a province card
        harm = {s: self.harm(sit, s, leftovers, spend, afford) for s in empty}
        by_harm = sorted(empty, key=lambda s: harm[s][0])
        for space in by_harm[:forced]:
            card = self.harmless(sit, space, leftovers, spend, afford)
            leftovers.remove(card)
            put(space, card)
            if space in COST and harm[space][0] > 0:
                spend[space] = COST[space]
        for space in by_harm[forced:]:
            if len(plan) >= needed or not fillers:
                break
            put(space, fillers.pop(0))
        return plan

    def collect_risk(self, sit: Situation, p: str) -> float:
        """VP at risk from the revolt a Rice/Tax in ``p`` triggers (markers already there)."""
        v = sit.provinces[p]
        if v["revolts"] == 0:
            return 0.0
        _win, draw, lose = battle_odds(v["armies"], 0, v["revolts"] + sit.tray.get("green", 0))
        # the defender needs D > F: "win" for the farmers' side is lose + draw for us
        suppressed = _win
        return (1 - suppressed) * sit.value(p) + 0.4 * v["revolts"]

    def harm(self, sit: Situation, space: str, cards: list[str], spend: dict[str, int],
             affordable: Any) -> tuple[float, str | None]:
        """(harm, card): the least harm a province card from ``cards`` does on ``space``."""
        if not cards:
            return (99.0, None)
        card = self.harmless(sit, space, cards, spend, affordable)
        return (self._harm(sit, space, card, spend, affordable), card)

    def harmless(self, sit: Situation, space: str, cards: list[str], spend: dict[str, int],
                 affordable: Any) -> str:
        """The province card that does least harm when forced onto ``space``."""
        return min(cards, key=lambda p: self._harm(sit, space, p, spend, affordable))

    def _harm(self, sit: Situation, space: str, p: str, spend: dict[str, int],
          affordable: Any) -> float:
        v = sit.provinces[p]
        if space in BUILDINGS:
            if v[space] or sit.buildings(p) >= self.data.provinces[p].slots:
                return 0.0  # skipped: it cannot be built
            return 0.5 if affordable({**spend, space: COST[space]}, 0) else 5.0
        if space in RECRUITS:
            return 0.5 if affordable({**spend, space: COST[space]}, 0) else 5.0
        if space in BATTLES:
            if v["armies"] < 2:
                return 0.0
            own = any(sit.provinces[q]["owner"] == sit.me for q in sit.neighbours(p))
            return 0.2 if own else 2.0
        if space in ("rice", "tax"):
            return 0.3 + 3.0 * v["revolts"]
        return 1.0
        return 1.0

    def recruit_gain(self, sit: Situation, kind: str, p: str, plan: Mapping[str, str],
                     runs_before: Any) -> float:
        """VP value of recruiting in ``p``: defence where threatened, attack support."""
        n = {"recruit-5": 5, "recruit-3": 3, "recruit-1-move": 1}[kind]
        if "recruit-reduced" in (sit.view.get("event_candidates") or []) and kind != "recruit-1-move":
            n -= 1  # may apply
        if sit.view["players"][sit.me]["supply"] < n + 1:
            return -10.0
        v = sit.provinces[p]
        risk_before = sit.attack_risk(p)
        risk_after = sit.attack_risk(p, v["armies"] + n)
        gain = (risk_before - risk_after) * sit.value(p)
        if sit.season_index < 2 or sit.year == 1:
            # staging: armies next to a weak target attack next round (not this one: the
            # card that recruits here cannot also carry the battle)
            staging = max((self.attack_gain(sit, p, q, v["armies"] - 1 + n)
                           - self.attack_gain(sit, p, q, v["armies"] - 1)
                           for q in sit.neighbours(p) if sit.provinces[q]["owner"] != sit.me),
                          default=0.0)
            gain += self.tuning["staging"] * max(0.0, staging)
        rounds_after = 3 * (2 - sit.year) + 2 - sit.season_index  # action rounds still to come
        gain += self.tuning["army"] * n * min(1.0, rounds_after / 4)  # presence for later rounds
        if kind == "recruit-1-move":
            gain += 0.3  # the move is a free consolidation
        return gain

    def plan_battles(self, sit: Situation, hand: list[str]) -> list[tuple[str, float]]:
        """Up to two (source, expected gain) pairs with a worthwhile target, best first."""
        found: list[tuple[float, str, str]] = []
        for src in hand:
            armies = sit.provinces[src]["armies"]
            if armies < 2:
                continue
            best = None
            for target in sit.neighbours(src):
                if sit.provinces[target]["owner"] == sit.me:
                    continue
                gain, _n = self.best_attack(sit, src, target, armies)
                if best is None or gain > best[0]:
                    best = (gain, target)
            if best is not None and best[0] >= self.tuning["battle_min"]:
                found.append((best[0], src, best[1]))
        found.sort(reverse=True)
        chosen: list[tuple[str, float]] = []
        targets: set[str] = set()
        for gain, src, target in found:
            if target in targets:
                continue
            chosen.append((src, gain))
            targets.add(target)
            if len(chosen) == 2:
                break
        return chosen

    def best_attack(self, sit: Situation, src: str, target: str, armies: int,
                    attack_bonus: bool = False) -> tuple[float, int]:
        """(net gain, armies to send): the attack's gain less what the source then risks."""
        best = (-1e9, 1)
        home_value = sit.value(src)
        for n in range(1, armies):
            net = (self.attack_gain(sit, src, target, n, attack_bonus)
                   - sit.attack_risk(src, armies - n) * home_value)
            if net > best[0]:
                best = (net, n)
        return best

    def attack_gain(self, sit: Situation, src: str, target: str, n: int,
                    attack_bonus: bool = False) -> float:
        """Expected VP gain of attacking ``target`` with ``n`` armies (tower odds)."""
        if n < 1:
            return -10.0
        t = sit.provinces[target]
        a = n + sit.tray.get(sit.me, 0) + (1 if attack_bonus else 0)
        if t["owner"] is None:
            farmers = 2 if sit.view.get("event") == "farmers-2" else 1
            win, _draw, _lose = battle_odds(a, 0, farmers + sit.tray.get("green", 0))
            survivors = expected_survivors(a, 0, farmers + sit.tray.get("green", 0))
            value = sit.value(target) * (1 - sit.attack_risk(target, int(survivors)))
            return win * value - 0.08 * n * (1 - win)
        owner = t["owner"]
        d = t["armies"] + sit.tray.get(owner, 0)
        if sit.view["players"][owner].get("special") == "defence-bonus":
            d += 1
        if sit.view.get("event") == "castle-defence" and t["castle"]:
            d += 1
        f = sit.tray.get("green", 0) if t["revolts"] == 0 else 0
        win, draw, _lose = battle_odds(a, d, f)
        survivors = expected_survivors(a, d, f)
        value = sit.value(target) * (1 - sit.attack_risk(target, int(survivors)))
        hurt = self.tuning["hurt"] * sit.standing(owner) * sit.value(target, owner)  # leaders hurt more
        return win * (value + hurt) + draw * hurt - 0.08 * n * (1 - win)

    def choose_bid(self, sit: Situation, view: Mapping[str, Any], plan: Mapping[str, str],
                   hand: list[str], used: set[str], chest_cards: list[str],
                   spend: Mapping[str, int], affordable: Any) -> str | None:
        """A chest when a special is clearly worth it and affordable, else a spare province."""
        values = self.special_values(sit, view, plan)
        ranked = sorted(values.values(), reverse=True)
        edge = ranked[0] - ranked[min(2, len(ranked) - 1)] if ranked else 0.0
        spare = [p for p in hand if p not in used]
        need = self.tuning["bid_edge"]
        if edge >= need:
            for bid in (2, 1):
                card = f"chest-{bid}"
                if card in chest_cards and card not in used and affordable(spend, bid) \
                        and edge >= need * bid:
                    return card
        if spare:
            return min(spare, key=lambda p: self.data.provinces[p].tax + self.data.provinces[p].rice)
        return None

    def special_values(self, sit: Situation, view: Mapping[str, Any],
                       plan: Mapping[str, str]) -> dict[str, float]:
        """What each special is worth to this seat this round (VP-ish)."""
        values: dict[str, float] = {}
        battles = sum(1 for s in BATTLES if s in plan and chest_value(plan[s]) is None)
        short = getattr(self, "short_of_rice", False)
        threatened = sum(sit.attack_risk(p) * sit.value(p) for p in sit.mine)
        for i, special in enumerate(view["special_layout"]):
            v = -0.08 * i  # acting earlier is a small edge
            if special == "rice-bonus" and "rice" in plan:
                v += self.tuning["rice_bonus"] if short else 0.2
            elif special == "tax-bonus" and "tax" in plan:
                v += 0.45
            elif special == "attack-bonus":
                v += 0.5 * battles
            elif special == "recruit-bonus" and "recruit-5" in plan:
                v += 0.35
            elif special == "defence-bonus":
                v += 0.25 * threatened
            values[special] = v
        return values

    # ------------------------------------------------------------------ other decisions
    def pick_special(self, view: Mapping[str, Any], decision: Decision) -> str:
        sit = Situation(self.data, view, decision.player, self.tuning)
        own = view["players"][decision.player].get("plan") or {}
        plan = {s: c for s, c in own.items() if chest_value(c) is None}
        losses = list(view.get("winter_loss_candidates") or [])
        loss = (sum(losses) / len(losses) + max(losses)) / 2 if losses else 3.0
        rice_now = view["players"][decision.player]["rice"]
        rounds_left = 3 - sit.season_index
        self.short_of_rice = rice_now + 3.2 * rounds_left - loss < len(sit.mine) + 0.5
        values = self.special_values(sit, view, plan)
        return max(decision.options, key=lambda s: values.get(s, 0.0))

    def battle(self, view: Mapping[str, Any], decision: Decision) -> Move:
        sit = Situation(self.data, view, decision.player, self.tuning)
        src = decision.context["province"]
        armies = sit.provinces[src]["armies"]
        bonus = view["players"][sit.me].get("special") == "attack-bonus"
        best: Move | None = None
        best_score = -1e9
        for move in decision.options:
            target = sit.provinces[move.to]
            left = armies - move.armies
            home = sit.attack_risk(src, left) * sit.value(src)
            if target["owner"] == sit.me:
                # a move: strengthen the more exposed province
                gain = (sit.attack_risk(move.to) - sit.attack_risk(move.to, target["armies"]
                                                                    + move.armies)) \
                    * sit.value(move.to)
                score = gain - home - 0.01 * move.armies
            else:
                score = self.attack_gain(sit, src, move.to, move.armies, bonus) - home
            if score > best_score:
                best, best_score = move, score
        assert best is not None
        return best

    def recruit_move(self, view: Mapping[str, Any], decision: Decision) -> Move | None:
        sit = Situation(self.data, view, decision.player, self.tuning)
        src = decision.context["province"]
        armies = sit.provinces[src]["armies"]
        best: Move | None = None
        best_score = 0.05
        for move in decision.options:
            if move is None:
                continue
            t = sit.provinces[move.to]
            gain = (sit.attack_risk(move.to) - sit.attack_risk(move.to, t["armies"] + move.armies)) \
                * sit.value(move.to)
            loss = (sit.attack_risk(src, armies - move.armies) - sit.attack_risk(src)) \
                * sit.value(src)
            score = gain - loss
            if score > best_score:
                best, best_score = move, score
        return best
