"""``shogun-desktop tower-stats``: pour many battles into one tower and report how it feels.

Drop model (roughly a game's battles, all draws from one ``random.Random(seed)`` that also
feeds the tower, as the game's generator would):

* each battle has an attacker colour and a defender: one time in three farmers (green, 1-3
  from supply: a neutral province or a revolt), otherwise another player; the new cubes
  number 5-40 minus the cubes already lying in the tray (at least 2), split between the
  sides at random; in 70% of player battles farmers in the tray also take part;
* the drop is those new cubes plus every cube lying in the tray (rules §4);
* afterwards the cubes of the two sides (and all green cubes if farmers took part) leave
  the tray; cubes of other colours stay and are poured again with the next drop.

The tower is never emptied. Reported per drop: the fraction of the *poured* cubes that came
out (cubes knocked loose from earlier drops are counted separately as releases).
Importing this module does not import pygame (only ``--plot`` does).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from shogun_desktop.rules.tower import (
    CUBE_COLOURS,
    HeldCube,
    Tower,
    check_drop_result,
    next_cube_id,
)

PLAYER_COLOURS = tuple(c for c in CUBE_COLOURS if c != "green")
JAM_THRESHOLD = 30  # held stock above this counts as a jam


@dataclass
class TowerStats:
    """Per-drop series from a run; ``summary`` turns them into the reported figures."""

    tower: str
    exit_fraction: list[float] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    released: list[int] = field(default_factory=list)
    escapes: int = 0
    ms: list[float] = field(default_factory=list)
    poured: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, float | int | str]:
        n = len(self.held)
        return {
            "drops": n,
            "exit_fraction_mean": statistics.fmean(self.exit_fraction) if n else 0.0,
            "held_mean": statistics.fmean(self.held) if n else 0.0,
            "held_p90": percentile(self.held, 90),
            "held_max": max(self.held, default=0),
            "held_final": self.held[-1] if n else 0,
            "release_share": sum(1 for r in self.released if r > 0) / n if n else 0.0,
            "jams": sum(1 for h in self.held if h > JAM_THRESHOLD),
            "escapes": self.escapes,
            "ms_median": statistics.median(self.ms) if n else 0.0,
            "ms_p95": percentile(self.ms, 95),
            "tower": self.tower,
        }


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (no numpy needed; exact for small samples)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100.0 * len(ordered)))
    return float(ordered[rank - 1])


def next_battle(rng: random.Random, tray: dict[str, int]) -> tuple[dict[str, int], set[str]]:
    """New cubes for one battle and the colours taking part (see the module docstring)."""
    attacker, other = rng.sample(PLAYER_COLOURS, 2)
    in_tray = sum(tray.values())
    new = max(2, rng.randint(5, 40) - in_tray)
    if rng.random() < 1 / 3:
        # against a neutral province or a revolt: farmers from supply defend
        farmers = min(new - 1, rng.randint(1, 3))
        cubes = {attacker: new - farmers, "green": farmers}
        sides = {attacker, "green"}
    else:
        a = min(new - 1, max(1, round(new * rng.uniform(0.3, 0.7))))
        cubes = {attacker: a, other: new - a}
        sides = {attacker, other}
        if rng.random() < 0.7:
            sides.add("green")  # no revolt marker: farmers in the tray fight for the defender
    return {c: n for c, n in cubes.items() if n > 0}, sides


def run_stats(
    tower: Tower,
    drops: int,
    seed: int,
    held: Sequence[HeldCube] = (),
    progress: bool = False,
) -> TowerStats:
    """Pour ``drops`` battles into ``tower``, starting from ``held``; check every drop."""
    rng = random.Random(seed)
    stats = TowerStats(tower=tower.name)
    tray: dict[str, int] = {}
    held = tuple(held)
    for i in range(drops):
        new, sides = next_battle(rng, tray)
        dropped = dict(tray)
        for colour, n in new.items():
            dropped[colour] = dropped.get(colour, 0) + n
        first_new = next_cube_id(held)
        start = time.perf_counter()
        result = tower.drop(held, dropped, rng)
        stats.ms.append((time.perf_counter() - start) * 1000.0)
        check_drop_result(held, dropped, result)
        poured = sum(dropped.values())
        before = {c.id for c in held}
        new_held = sum(1 for c in result.held if c.id >= first_new)
        released = sum(1 for cid in before if cid not in {c.id for c in result.held})
        stats.poured.append(poured)
        stats.exit_fraction.append((poured - new_held) / poured if poured else 1.0)
        stats.released.append(released)
        stats.held.append(len(result.held))
        stats.escapes += int(result.extra.get("escapes", 0))
        if result.note:
            stats.notes.append(f"drop {i + 1}: {result.note}")
        held = result.held
        tray = {c: n for c, n in result.out.items() if c not in sides}
        if progress and (i + 1) % 100 == 0:
            print(f"  {i + 1} drops, held {len(held)}", flush=True)
    return stats


def make_tower(name: str) -> Tower:
    if name == "physical":
        from shogun_desktop.tower.physics import PhysicalTower

        return PhysicalTower()
    from shogun_desktop.rules.tower import ProbabilisticTower

    return ProbabilisticTower()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--drops", type=int, default=300, help="number of drops (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generator (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE.png", help="draw held stock and exit fractions")
    parser.add_argument(
        "--tower",
        choices=("physical", "probabilistic"),
        default="physical",
        help="which tower to measure (default physical)",
    )


def run(args: argparse.Namespace) -> int:
    if args.drops < 1:
        print("tower-stats: --drops must be at least 1")
        return 2
    from shogun_desktop.data import DataError

    try:
        tower = make_tower(args.tower)
    except DataError as exc:  # e.g. a broken tower.yaml: one line, exit 2
        print(f"tower-stats: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    stats = run_stats(tower, args.drops, args.seed)
    summary = stats.summary()
    if args.plot:
        plot(stats, Path(args.plot))
    if args.json:
        print(json.dumps(summary, sort_keys=False))
        return 0
    print(
        f"tower-stats: {summary['drops']} drops into one {summary['tower']} tower, seed {args.seed}"
    )
    print(f"  exit fraction per drop  mean {summary['exit_fraction_mean']:.3f}")
    print(
        f"  held stock              mean {summary['held_mean']:.1f}  p90 "
        f"{summary['held_p90']:.0f}  max {summary['held_max']}  final {summary['held_final']}"
    )
    print(f"  drops releasing earlier cubes  {summary['release_share']:.1%}")
    print(f"  jams (held > {JAM_THRESHOLD})          {summary['jams']}")
    print(f"  escapes through walls   {summary['escapes']}")
    print(
        f"  ms per drop             median {summary['ms_median']:.2f}  p95 {summary['ms_p95']:.2f}"
    )
    for note in stats.notes[:10]:
        print(f"  note: {note}")
    if args.plot:
        print(f"  plot written to {args.plot}")
    return 0


def plot(stats: TowerStats, path: Path) -> None:
    """Held stock over the drops (top) and a histogram of exit fractions (bottom), as PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    w, h, m = 900, 640, 50
    surf = pygame.Surface((w, h))
    surf.fill((250, 248, 242))
    ink, grid, line, bar = (30, 30, 30), (215, 210, 200), (180, 40, 40), (40, 90, 170)

    def text(s: str, x: int, y: int) -> None:
        surf.blit(font.render(s, True, ink), (x, y))

    # held stock over the drops
    top, bottom = m, h // 2 - 20
    n = len(stats.held)
    hmax = max(JAM_THRESHOLD + 5, max(stats.held, default=0))

    def sx(i: int) -> int:
        return m + round(i * (w - 2 * m) / max(1, n - 1))

    def sy(v: float) -> int:
        return bottom - round(v * (bottom - top) / hmax)

    pygame.draw.line(surf, grid, (m, sy(JAM_THRESHOLD)), (w - m, sy(JAM_THRESHOLD)))
    pygame.draw.rect(surf, ink, (m, top, w - 2 * m, bottom - top), 1)
    if n > 1:
        pygame.draw.lines(surf, line, False, [(sx(i), sy(v)) for i, v in enumerate(stats.held)])
    text(
        f"cubes held inside after each drop ({n} drops; axis 0-{hmax}; line = jam at {JAM_THRESHOLD})",
        m,
        top - 25,
    )

    # histogram of exit fractions
    top2, bottom2 = h // 2 + 40, h - m
    bins = 20
    counts = [0] * bins
    for f in stats.exit_fraction:
        counts[min(bins - 1, max(0, int(f * bins)))] += 1
    cmax = max(counts, default=1) or 1
    bw = (w - 2 * m) / bins
    for i, c in enumerate(counts):
        bh = round(c * (bottom2 - top2) / cmax)
        pygame.draw.rect(surf, bar, (m + round(i * bw) + 1, bottom2 - bh, round(bw) - 2, bh))
    pygame.draw.rect(surf, ink, (m, top2, w - 2 * m, bottom2 - top2), 1)
    for k in range(0, 11, 2):
        text(f"{k / 10:.1f}", m + round(k * (w - 2 * m) / 10) - 8, bottom2 + 5)
    mean = statistics.fmean(stats.exit_fraction) if stats.exit_fraction else 0.0
    text(f"fraction of each drop that came out (mean {mean:.3f}; tallest bar {cmax})", m, top2 - 25)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))
