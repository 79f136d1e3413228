"""The computer levels' table: strength (win rates with 95 % intervals, skips, winter
shortfall) and time per decision (medians), as issue 12 asks for.

    python benchmarks/ai_levels.py timing [--games 4]
    python benchmarks/ai_levels.py strength [--games 200] [--tower physical] [--workers 2]
    python benchmarks/ai_levels.py table RESULTS_DIR   # from saved `simulate --json` outputs

Strength runs `simulate` (seats rotated one seat per game). `table` reads files named
``<label>.json`` written by ``simulate --json`` so a long measurement can be run once and
tabulated later. Keep to two workers: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shogun_desktop.ai.base import make_player  # noqa: E402
from shogun_desktop.rules.engine import Game, GameConfig  # noqa: E402
from shogun_desktop.rules.view import player_view, seat_view  # noqa: E402
from shogun_desktop.towers import make_tower  # noqa: E402

MATCHES = {  # label -> (seats, what the issue asks)
    "normal_vs_easy4": ("normal,easy,easy,easy", "Normal >= 80 %"),
    "normal_vs_easy5": ("normal,easy,easy,easy,easy", "Normal >= 55 %"),
    "hard_vs_normal": ("hard,normal,normal,normal", "Hard >= 45 %"),
    "hard_vs_easy": ("hard,easy,easy,easy", "Hard >= Normal vs Easy"),
}
COLOURS = ["red", "yellow", "blue", "purple", "black"]


def timing(games: int, hard_budget: float) -> None:
    """Median wall and CPU time per decision, per level, for plans and for the rest."""
    cpu: dict[tuple[str, str], list[float]] = defaultdict(list)
    wall: dict[tuple[str, str], list[float]] = defaultdict(list)
    views: dict[str, list[float]] = defaultdict(list)
    for g in range(games):
        levels = ["easy", "normal", "hard", "normal"]
        levels = levels[g % 4:] + levels[: g % 4]
        game = Game.new(GameConfig(COLOURS[:4], seed=100 + g), tower=make_tower("probabilistic"))
        players = {c: make_player(lv, game.data, **({"budget": hard_budget} if lv == "hard" else {}))
                   for c, lv in zip(COLOURS, levels, strict=False)}
        level_of = dict(zip(COLOURS, levels, strict=False))
        rng = random.Random(g)
        while not game.is_over():
            d = game.pending()
            t0 = time.perf_counter()
            full = player_view(game, d.player)
            t1 = time.perf_counter()
            view = seat_view(game, d.player, d)
            t2 = time.perf_counter()
            views["player_view"].append(t1 - t0)
            views["seat_view"].append(t2 - t1)
            del full
            c0, w0 = time.thread_time(), time.perf_counter()
            choice = players[d.player].choose(view, d, rng)
            c1, w1 = time.thread_time(), time.perf_counter()
            kind = "plan" if d.kind == "plan" else "other"
            cpu[(level_of[d.player], kind)].append(c1 - c0)
            wall[(level_of[d.player], kind)].append(w1 - w0)
            game.apply(choice)
    print(f"Time per decision, {games} games of 4 (probabilistic tower), Hard budget "
          f"{hard_budget} s CPU; medians (p90)")
    print(f"{'level':8} {'decision':9} {'n':>5} {'CPU ms':>16} {'wall ms':>16}")
    for key in sorted(cpu):
        c, w = sorted(cpu[key]), sorted(wall[key])
        p90 = int(0.9 * (len(c) - 1))
        print(f"{key[0]:8} {key[1]:9} {len(c):5} {1000 * statistics.median(c):8.2f} "
              f"({1000 * c[p90]:6.2f}) {1000 * statistics.median(w):8.2f} ({1000 * w[p90]:6.2f})")
    for name, values in views.items():
        print(f"{name}: median {1000 * statistics.median(values):.3f} ms")


def strength(games: int, tower: str, workers: int, hard_budget: float, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for label, (seats, _goal) in MATCHES.items():
        cmd = [sys.executable, "-m", "shogun_desktop", "simulate", "--games", str(games),
               "--seats", seats, "--tower", tower, "--no-check", "--workers", str(workers),
               "--hard-budget", str(hard_budget), "--json"]
        print("running:", " ".join(cmd[2:]), flush=True)
        result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True)
        (out / f"{label}.json").write_text(result.stdout, encoding="utf-8")
    table(out)


def table(folder: Path) -> None:
    print(f"{'match':18} {'level':7} {'games':>5} {'win rate':>9} {'95% CI':>16} "
          f"{'cannot pay':>11} {'short winters':>14} {'shortfall':>10}   goal")
    for label, (seats, goal) in MATCHES.items():
        path = folder / f"{label}.json"
        if not path.is_file():
            continue
        try:
            summary = json.loads(path.read_text(encoding="utf-8"))["summary"]
        except (ValueError, KeyError):
            print(f"{label:18} (no result yet in {path.name})")
            continue
        for level, e in summary["levels"].items():
            low, high = e["ci95"]
            print(f"{label:18} {level:7} {e['games']:5} {e['win_rate']:9.1%} "
                  f"{low:7.1%}-{high:7.1%} {e['cannot_pay_per_player_game']:11.3f} "
                  f"{e['short_winters_per_player_game']:14.3f} "
                  f"{e['shortfall_per_player_game']:10.3f}   {goal if level == seats.split(',')[0] else ''}")
        print(f"{'':18} ({summary['tower'].split(' (')[0]} tower, {summary['players']} players, "
              f"per-player rates; seats rotated)")
    print("cannot pay = skipped actions per player and game; short winters = winters a player "
          "was short of rice; shortfall = rice missing, summed over both winters")
    path = folder / "normal_vs_easy4.json"
    if path.is_file():
        try:
            levels = json.loads(path.read_text(encoding="utf-8"))["summary"]["levels"]
            normal, easy = levels["normal"], levels["easy"]
        except (ValueError, KeyError):
            return
        for key, name in (("shortfall_per_player_game", "winter shortfall (rice missing)"),
                          ("short_winters_per_player_game", "short winters (count)")):
            if easy[key]:
                print(f"Normal's {name} against 3 Easy: {normal[key] / easy[key]:.0%} of Easy's "
                      "(goal: at most 50 %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("timing")
    t.add_argument("--games", type=int, default=4)
    t.add_argument("--hard-budget", type=float, default=1.0)
    s = sub.add_parser("strength")
    s.add_argument("--games", type=int, default=200)
    s.add_argument("--tower", default="physical")
    s.add_argument("--workers", type=int, default=2, choices=(1, 2))
    s.add_argument("--hard-budget", type=float, default=1.0)
    s.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "ai_levels")
    r = sub.add_parser("table")
    r.add_argument("folder", type=Path)
    args = parser.parse_args()
    if args.what == "timing":
        timing(args.games, args.hard_budget)
    elif args.what == "strength":
        strength(args.games, args.tower, args.workers, args.hard_budget, args.out)
    else:
        table(args.folder)


if __name__ == "__main__":
    main()
