"""Battle odds from a fast statistical tower: every cube poured exits with probability p.

Cached tables turn (attacker cubes, defender cubes, farmer cubes) into the probabilities a
planner needs in microseconds. The physical tower lets about 87-91 % of a drop out and
sometimes knocks held cubes loose; the model keeps only the first effect, which is what
decides most battles.
"""

from __future__ import annotations

from functools import lru_cache

P_EXIT = 0.88


@lru_cache(maxsize=256)
def binomial(n: int, p: float = P_EXIT) -> tuple[float, ...]:
    """P(k of n cubes come out) for k = 0..n."""
    probs = [0.0] * (n + 1)
    probs[0] = 1.0
    for _ in range(n):
        nxt = [0.0] * (n + 1)
        for k, q in enumerate(probs):
            if q:
                nxt[k] += q * (1 - p)
                nxt[k + 1] += q * p
        probs = nxt
    return tuple(probs)


@lru_cache(maxsize=65536)
def _defence(d: int, f: int) -> tuple[float, ...]:
    """Distribution of D + F out of the tower (defender plus farmers counting for it)."""
    bd, bf = binomial(d), binomial(f)
    out = [0.0] * (d + f + 1)
    for i, x in enumerate(bd):
        for j, y in enumerate(bf):
            out[i + j] += x * y
    return tuple(out)


@lru_cache(maxsize=65536)
def battle_odds(a: int, d: int, f: int = 0) -> tuple[float, float, float]:
    """(P attacker wins, P draw, P defender wins) when A > D + F wins and A = D + F draws.

    ``a``, ``d`` and ``f`` are the cubes poured for each side (tray cubes included).
    """
    ba = binomial(max(0, a))
    defence = _defence(max(0, d), max(0, f))
    cumulative = []
    total = 0.0
    for q in defence:
        total += q
        cumulative.append(total)
    win = draw = 0.0
    for k, q in enumerate(ba):
        if not q:
            continue
        below = cumulative[min(k - 1, len(cumulative) - 1)] if k > 0 else 0.0
        win += q * below
        if k < len(defence):
            draw += q * defence[k]
    return win, draw, max(0.0, 1.0 - win - draw)


def expected_survivors(a: int, d: int, f: int = 0) -> float:
    """Expected A - D - F given the attacker wins (how many armies end up in the prize)."""
    ba = binomial(max(0, a))
    defence = _defence(max(0, d), max(0, f))
    num = den = 0.0
    for k, q in enumerate(ba):
        for m, r in enumerate(defence):
            if k > m:
                num += q * r * (k - m)
                den += q * r
    return num / den if den else 0.0
