"""``shogun-desktop simulate``: complete games headless with random-legal players."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from shogun_desktop.ai.random_player import RandomPlayer, play_out
from shogun_desktop.data.board import PLAYER_COLOURS
from shogun_desktop.rules.engine import Game, GameConfig, ShogunError
from shogun_desktop.rules.invariants import check_invariants
from shogun_desktop.towers import available_towers, default_tower_name, make_tower


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=4)
    parser.add_argument("--board", choices=("sun", "moon"), default="sun")
    parser.add_argument("--start", choices=("draft", "designated"), default="draft")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--tower", choices=available_towers(), default=None,
                        help=f"battle tower (default: {default_tower_name()})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-check", action="store_true",
                        help="skip the invariant check after every decision (faster)")
    parser.add_argument("--stop-after", type=int, default=None, metavar="N",
                        help="stop each game after N decisions (with --save: reproduce a situation)")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="write the game where it stopped as a save the window can Load "
                             "(needs --games 1)")


def tower_description(name: str) -> str:
    if name == "physical":
        return "physical (pymunk rigid-body simulation)"
    return ("probabilistic model (not physics): each poured cube exits with p=0.85, "
            "each held cube is knocked loose with p=0.3 per drop")


def play_game(seed: int, players: int, board: str, start: str, tower_name: str,
              check: bool = True, stop_after: int | None = None,
              save_to: str | None = None) -> dict[str, Any]:
    colours = list(PLAYER_COLOURS[:players])
    t0 = time.perf_counter()
    game = Game.new(GameConfig(colours, board=board, start=start, seed=seed), tower=make_tower(tower_name))
    violations: list[str] = []

    def after(g: Game) -> None:
        problems = check_invariants(g.state, g.data)
        if problems:
            violations.extend(problems)

    if check:
        after(game)
    bot = RandomPlayer(seed * 7919 + 1)
    if stop_after is None:
        decisions = play_out(game, bot, after if check else None)
    else:  # the same decisions as play_out, up to N
        decisions = 0
        while decisions < stop_after and not game.is_over():
            game.apply(bot.choose(game))
            decisions += 1
            if check:
                after(game)
    if save_to is not None:
        from shogun_desktop.rules.save import save_game

        save_game(game, save_to)  # the text the window autosaves after this decision
    seconds = time.perf_counter() - t0
    s = game.state
    return {"seed": seed, "over": game.is_over(), "winners": list(s.winners), "vp": {c: s.players[c].vp for c in s.seats},
            "battles": s.battles, "seconds": round(seconds, 4), "decisions": decisions,
            "invariant_violations": violations}


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.stop_after is not None and args.stop_after < 0:
        print("simulate: --stop-after must be at least 0", file=sys.stderr)
        return 2
    if args.save is not None and args.games != 1:
        print("simulate: --save needs --games 1 (one game, one save)", file=sys.stderr)
        return 2
    tower_name = args.tower or default_tower_name()
    from shogun_desktop.check import preload_data

    problem = preload_data()
    if problem is not None:
        print(f"simulate: {problem}", file=sys.stderr)
        return 2
    results = []
    for i in range(args.games):
        try:
            results.append(play_game(args.seed + i, args.players, args.board, args.start,
                                     tower_name, check=not args.no_check,
                                     stop_after=args.stop_after, save_to=args.save))
        except ShogunError as exc:
            print(f"simulate: {exc}", file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"simulate: cannot write {args.save}: {exc.strerror or exc}", file=sys.stderr)
            return 2
        r = results[-1]
        if not args.json and not r["over"]:
            saved = f"; saved to {args.save}" if args.save else ""
            print(f"game {i + 1} seed {r['seed']}: stopped after {r['decisions']} decisions"
                  f"{saved}; {r['seconds']:.3f} s")
        elif not args.json:
            print(f"game {i + 1} seed {r['seed']}: winner {', '.join(r['winners'])}; VP "
                  + ", ".join(f"{c} {v}" for c, v in r["vp"].items())
                  + f"; {r['battles']} battles; {r['seconds']:.3f} s")
    violations = sum(len(r["invariant_violations"]) for r in results)
    summary = {
        "finished": sum(1 for r in results if r["over"]),
        "seconds_median": round(statistics.median(r["seconds"] for r in results), 4),
        "invariant_violations": violations,
        "tower": tower_description(tower_name),
        "players": args.players, "board": args.board, "start": args.start,
    }
    if args.json:
        games = [{k: r[k] for k in ("seed", "winners", "vp", "battles", "seconds")} for r in results]
        print(json.dumps({"games": games, "summary": summary}))
    else:
        noun = "game" if len(results) == 1 else "games"
        stopped = len(results) - summary["finished"]
        done = (f"{len(results)} {noun} played ({summary['finished']} finished, {stopped} "
                "stopped early)" if stopped else f"{len(results)} {noun} finished")
        print(f"{done}; median {summary['seconds_median']:.3f} s per "
              f"game; {violations} invariant violations; tower: {summary['tower']}")
    return 1 if violations else 0
