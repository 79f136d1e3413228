"""pytest-benchmark timings of the physical tower against the issue's targets.

Run on its own (not part of the normal test command): ``pytest benchmarks/bench_tower.py``.
Each benchmark records its target beside the measured median/p95 in ``extra_info`` (timings
vary by +-25% on a shared 2-core machine, so they report rather than fail);
``benchmarks/tower_figures.py`` prints the same figures plus the feel statistics.
"""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tower_figures import held_state  # noqa: E402

from shogun_desktop.rules.tower import HeldCube  # noqa: E402
from shogun_desktop.tower import PhysicalTower, TowerRun  # noqa: E402
from shogun_desktop.tower.stats import next_battle, percentile  # noqa: E402


@pytest.fixture(scope="module")
def tower() -> PhysicalTower:
    return PhysicalTower()


def _p95(benchmark) -> float:
    return percentile(benchmark.stats.stats.data, 95) * 1000


def test_drop_30_cubes_into_14_held(benchmark, tower: PhysicalTower) -> None:
    held = held_state(tower)
    dropped = {"red": 12, "blue": 12, "green": 6}
    seeds = itertools.count()

    def setup():
        return (held, dropped, random.Random(next(seeds))), {}

    benchmark.pedantic(tower.drop, setup=setup, rounds=150, warmup_rounds=3)
    benchmark.extra_info.update(target="median <= 12 ms, p95 <= 20 ms",
                                median_ms=benchmark.stats.stats.median * 1000,
                                p95_ms=_p95(benchmark))


def _game_states(tower: PhysicalTower, drops: int = 200) -> list[tuple]:
    rng = random.Random(17)
    held: tuple[HeldCube, ...] = ()
    tray: dict[str, int] = {}
    states = []
    for _ in range(drops):
        new, sides = next_battle(rng, tray)
        dropped = dict(tray)
        for c, n in new.items():
            dropped[c] = dropped.get(c, 0) + n
        seed = rng.getrandbits(32)
        states.append((held, dropped, seed))
        result = tower.drop(held, dropped, random.Random(seed))
        held = result.held
        tray = {c: n for c, n in result.out.items() if c not in sides}
    return states


def test_realistic_mix_of_drops(benchmark, tower: PhysicalTower) -> None:
    states = itertools.cycle(_game_states(tower))

    def setup():
        held, dropped, seed = next(states)
        return (held, dropped, random.Random(seed)), {}

    benchmark.pedantic(tower.drop, setup=setup, rounds=200, warmup_rounds=3)
    benchmark.extra_info.update(target="median <= 8 ms",
                                median_ms=benchmark.stats.stats.median * 1000)


def test_animation_frame_with_100_cubes_moving(benchmark, tower: PhysicalTower) -> None:
    held = held_state(tower)
    seeds = itertools.count()

    def setup():
        while True:
            run = tower.start(held, {"red": 80, "blue": 80}, random.Random(next(seeds) % 10))
            while not run.done and run.moving < 100:
                run.advance_frame()
            if not run.done:
                return (run,), {}

    def frame(run: TowerRun):
        return run.step_frame()

    benchmark.pedantic(frame, setup=setup, rounds=100)
    benchmark.extra_info.update(target="p95 <= 1 ms", p95_ms=_p95(benchmark))
