"""Print the physical tower's timing and feel figures (medians and p95) for the issue's targets.

Run: ``python benchmarks/tower_figures.py [--feel-drops 1000] [--seeds 1 2 3]``. Timings are
wall-clock on this machine, in one process (run nothing else meanwhile).

Targets: 30 cubes into ~14 held ≤ 12 ms median, ≤ 20 ms p95; realistic 5-40 mix ≤ 8 ms p50;
an animation frame (4 steps + reading poses) ≤ 1 ms p95 with 100 cubes moving; feel over
1000 drops × 3 seeds: exit fraction 0.80-0.92, held mean 5-15, p90 ≤ 20, 40-70% of drops
release earlier cubes, ≤ 1 jam per 300 drops, no escapes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Mapping, Sequence

from shogun_desktop.rules.tower import DropResult, HeldCube
from shogun_desktop.tower import PhysicalTower
from shogun_desktop.tower.stats import next_battle, percentile, run_stats


def held_state(tower: PhysicalTower, target: int = 14, seed: int = 7) -> tuple[HeldCube, ...]:
    """A game-like tower state holding ``target`` cubes (± 1), reached deterministically."""
    rng = random.Random(seed)
    held: tuple[HeldCube, ...] = ()
    tray: dict[str, int] = {}
    for _ in range(10_000):
        new, sides = next_battle(rng, tray)
        dropped = dict(tray)
        for c, n in new.items():
            dropped[c] = dropped.get(c, 0) + n
        result = tower.drop(held, dropped, rng)
        held = result.held
        tray = {c: n for c, n in result.out.items() if c not in sides}
        if abs(len(held) - target) <= 1:
            return held
    raise RuntimeError("no state with the target stock found")


def time_30_into_14(tower: PhysicalTower, drops: int = 200) -> list[float]:
    held = held_state(tower)
    dropped = {"red": 12, "blue": 12, "green": 6}
    ms = []
    for i in range(drops):
        start = time.perf_counter()
        tower.drop(held, dropped, random.Random(i))
        ms.append((time.perf_counter() - start) * 1000)
    return ms


def time_frames(tower: PhysicalTower, moving: int = 100, spread: int = 5) -> list[float]:
    """Per-frame cost (4 steps + batch pose read) in frames with ``moving`` ± ``spread`` awake
    cubes (160 cubes are poured into ~14 held so that about 100 are in flight at once)."""
    held = held_state(tower)
    per_frame: list[float] = []
    for seed in range(10):
        run = tower.start(held, {"red": 80, "blue": 80}, random.Random(seed))
        while not run.done:
            start = time.perf_counter()
            run.step_frame()
            elapsed = (time.perf_counter() - start) * 1000
            if abs(run.moving - moving) <= spread:
                per_frame.append(elapsed)
    return per_frame


class _Timed:
    """Wraps the tower to record simulated time ÷ wall time per drop (issue: ≥ 100× real time)."""

    name = "physical"

    def __init__(self, tower: PhysicalTower) -> None:
        self.tower = tower
        self.ratios: list[float] = []

    def drop(
        self, held: Sequence[HeldCube], dropped: Mapping[str, int], rng: random.Random
    ) -> DropResult:
        start = time.perf_counter()
        result = self.tower.drop(held, dropped, rng)
        wall = time.perf_counter() - start
        sim = self.tower.geometry.simulation
        steps = result.extra["steps"] + result.extra["settle_steps"]
        self.ratios.append(steps / sim.steps_per_second / wall)
        return result


def line(name: str, ms: list[float]) -> str:
    return (
        f"{name:<40} n={len(ms):<5} median {statistics.median(ms):6.2f} ms   "
        f"p95 {percentile(ms, 95):6.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--feel-drops", type=int, default=1000)
    parser.add_argument("--seeds", type=int, nargs="*", default=[1, 2, 3])
    args = parser.parse_args()
    tower = PhysicalTower()
    tower.drop((), {"red": 5}, random.Random(0))  # warm up
    print(line("30 cubes into ~14 held (headless)", time_30_into_14(tower)))
    print(line("frame: 4 steps + poses, 100 moving", time_frames(tower)))
    for seed in args.seeds:
        timed = _Timed(tower)
        s = run_stats(timed, args.feel_drops, seed).summary()
        print(
            f"seed {seed}: {s['drops']} drops  ms p50 {s['ms_median']:.2f} p95 {s['ms_p95']:.2f} | "
            f"exit {s['exit_fraction_mean']:.3f}  held mean {s['held_mean']:.1f} "
            f"p90 {s['held_p90']:.0f} max {s['held_max']} final {s['held_final']}  "
            f"release {s['release_share']:.1%}  jams {s['jams']}  escapes {s['escapes']} | "
            f"sim/wall median {statistics.median(timed.ratios):.0f}x "
            f"min {min(timed.ratios):.0f}x, {sum(r < 100 for r in timed.ratios)} drops < 100x",
            flush=True,
        )


if __name__ == "__main__":
    main()
