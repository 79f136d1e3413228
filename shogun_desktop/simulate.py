"""``shogun-desktop simulate``: complete games headless with random-legal or computer players.

``--seats hard,normal,normal,normal`` seats computer levels (rotated one seat per game, so
every level plays every seat equally often); ``--json`` then reports per-level win rates
with Wilson 95 % intervals in ``summary.levels``.

Lines for people (progress, the summary, errors) are in the command's language; ``--json``
is data and stays as it is (keys, level names and the tower's description in English).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from shogun_desktop.ai.base import LEVELS, make_player
from shogun_desktop.ai.driver import play_out
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.data.board import PLAYER_COLOURS
from shogun_desktop.i18n import _, ngettext
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import Game, GameConfig, ShogunError
from shogun_desktop.rules.invariants import check_invariants
from shogun_desktop.towers import available_towers, default_tower_name, make_tower

SEAT_LEVELS = ("random", *LEVELS)
MAX_WORKERS = 2  # the machine is shared: never more processes than this


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=10, help=_("number of games (default 10)"))
    parser.add_argument("--players", type=int, choices=(3, 4, 5), default=None,
                        help=_("number of players (default 4, or as many as --seats lists)"))
    parser.add_argument("--board", choices=("sun", "moon"), default="sun",
                        help=_("side of the board"))
    parser.add_argument("--start", choices=("draft", "designated"), default="draft",
                        help=_("starting provinces: claimed in a draft, or designated"))
    parser.add_argument("--seed", type=int, default=1,
                        help=_("seed of the first game; game i uses seed+i"))
    parser.add_argument("--tower", choices=available_towers(), default=None,
                        help=_("battle tower (default: {tower})").format(
                            tower=default_tower_name()))
    parser.add_argument("--seats", default=None, metavar="LEVELS",
                        help=_("comma-separated player per seat: random, easy, normal or hard "
                               "(default: random-legal everywhere); rotated one seat per game"))
    parser.add_argument("--hard-budget", type=float, default=None, metavar="SECONDS",
                        help=_("CPU cap per Hard planning decision (default 1.0; Hard stops "
                               "earlier, after a fixed number of rollouts)"))
    parser.add_argument("--workers", type=int, default=1, choices=range(1, MAX_WORKERS + 1),
                        help=_("processes playing games in parallel (at most {n})").format(
                            n=MAX_WORKERS))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object (never translated)"))
    parser.add_argument("--no-check", action="store_true",
                        help=_("skip the invariant check after every decision (faster)"))
    parser.add_argument("--stop-after", type=int, default=None, metavar="N",
                        help=_("stop each game after N decisions (with --save: reproduce a "
                               "situation)"))
    parser.add_argument("--save", default=None, metavar="FILE",
                        help=_("write the game where it stopped as a save the window can Load "
                               "(needs --games 1)"))


def tower_description(name: str) -> str:
    """The tower in English, for --json (data, never translated)."""
    if name == "physical":
        return "physical (pymunk rigid-body simulation)"
    return ("probabilistic model (not physics): each poured cube exits with p=0.85, "
            "each held cube is knocked loose with p=0.3 per drop")


def tower_words(name: str) -> str:
    """The tower for people, in the command's language."""
    if name == "physical":
        return _("physical (pymunk rigid-body simulation)")
    return _("probabilistic model (not physics): each poured cube exits with p=0.85, "
             "each held cube is knocked loose with p=0.3 per drop")


def parse_seats(text: str | None, players: int | None) -> list[str] | None:
    """The --seats list, checked against --players; None means random-legal everywhere."""
    if text is None:
        return None
    seats = [s.strip().lower() for s in text.split(",")]
    bad = [s for s in seats if s not in SEAT_LEVELS]
    if bad:
        raise ValueError(_("--seats: unknown level {level!r}; choose from {levels}").format(
            level=bad[0], levels=", ".join(SEAT_LEVELS)))
    if not 3 <= len(seats) <= 5:
        raise ValueError(ngettext("--seats lists {n} seat; Shogun is for 3-5 players",
                                  "--seats lists {n} seats; Shogun is for 3-5 players",
                                  len(seats)).format(n=len(seats)))
    if players is not None and players != len(seats):
        raise ValueError(ngettext("--seats lists {n} seat but --players is {players}",
                                  "--seats lists {n} seats but --players is {players}",
                                  len(seats)).format(n=len(seats), players=players))
    return seats


def seat_levels(levels: Sequence[str], game_index: int) -> list[str]:
    """The levels by seat for game ``game_index``: the list rotated one seat per game."""
    k = game_index % len(levels)
    return list(levels[-k:]) + list(levels[:-k]) if k else list(levels)


class Tally:
    """Per-colour counts of 'cannot pay' skips and winter shortfall, from the typed events."""

    def __init__(self, game: Game) -> None:
        self.cannot_pay = dict.fromkeys(game.state.seats, 0)
        self.short_winters = dict.fromkeys(game.state.seats, 0)
        self.shortfall = dict.fromkeys(game.state.seats, 0)
        game.listeners.append(self.event)

    def event(self, event: ev.Event) -> None:
        if isinstance(event, ev.ActionSkipped) and event.reason == ev.SkipReason.CANNOT_PAY:
            self.cannot_pay[event.player] += 1
        elif isinstance(event, ev.ProvisionsShort):
            self.short_winters[event.player] += 1
            self.shortfall[event.player] += event.short


def play_game(seed: int, players: int, board: str, start: str, tower_name: str,
              check: bool = True, levels: Sequence[str] | None = None,
              hard_budget: float | None = None, stop_after: int | None = None,
              save_to: str | None = None) -> dict[str, Any]:
    colours = list(PLAYER_COLOURS[:players])
    t0 = time.perf_counter()
    game = Game.new(GameConfig(colours, board=board, start=start, seed=seed), tower=make_tower(tower_name))
    tally = Tally(game)
    violations: list[str] = []

    def after(g: Game) -> None:
        problems = check_invariants(g.state, g.data)
        if problems:
            violations.extend(problems)

    if check:
        after(game)
    if levels is None:
        decisions = play_out(game, RandomPlayer(seed * 7919 + 1), after if check else None,
                             stop_after=stop_after)
    else:
        options = {"hard": {"budget": hard_budget} if hard_budget is not None else {}}
        bots = {c: make_player(level, game.data, **options.get(level, {}))
                for c, level in zip(colours, levels, strict=True)}
        decisions = play_out(game, bots, after if check else None,
                             rng=random.Random(seed * 7919 + 1), stop_after=stop_after)
    if save_to is not None:
        from shogun_desktop.rules.save import save_game

        save_game(game, save_to)  # the text the window autosaves after this decision
    seconds = time.perf_counter() - t0
    s = game.state
    result: dict[str, Any] = {
        "seed": seed, "over": game.is_over(), "winners": list(s.winners), "vp": {c: s.players[c].vp for c in s.seats},
        "battles": s.battles, "seconds": round(seconds, 4), "decisions": decisions,
        "invariant_violations": violations, "cannot_pay": tally.cannot_pay,
        "short_winters": tally.short_winters, "shortfall": tally.shortfall}
    if levels is not None:
        result["levels"] = dict(zip(colours, levels, strict=True))
    return result


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (fractional successes allowed)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def level_summary(results: Sequence[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per level: seats per game, games, wins (a shared win counts as a fraction), win rate
    per seat with its 95 % interval, and per player and game: cannot-pay skips, short winters
    and rice shortfall."""
    out: dict[str, dict[str, Any]] = {}
    for r in results:
        levels: dict[str, str] = r["levels"]
        share = 1 / len(r["winners"]) if r["winners"] else 0.0
        for level in set(levels.values()):
            entry = out.setdefault(level, {"seats": 0, "games": 0, "wins": 0.0, "_seat_games": 0,
                                           "_pay": 0, "_short": 0, "_fall": 0})
            mine = [c for c, lv in levels.items() if lv == level]
            entry["seats"] = len(mine)
            entry["games"] += 1
            entry["_seat_games"] += len(mine)
            entry["wins"] += share * sum(1 for c in mine if c in r["winners"])
            entry["_pay"] += sum(r["cannot_pay"][c] for c in mine)
            entry["_short"] += sum(r["short_winters"][c] for c in mine)
            entry["_fall"] += sum(r["shortfall"][c] for c in mine)
    for entry in out.values():
        n = entry.pop("_seat_games")
        entry["wins"] = round(entry["wins"], 3)
        entry["win_rate"] = round(entry["wins"] / n, 4)
        entry["ci95"] = [round(x, 4) for x in wilson(entry["wins"], n)]
        entry["cannot_pay_per_player_game"] = round(entry.pop("_pay") / n, 3)
        entry["short_winters_per_player_game"] = round(entry.pop("_short") / n, 3)
        entry["shortfall_per_player_game"] = round(entry.pop("_fall") / n, 3)
    return dict(sorted(out.items()))


def _play_indexed(job: tuple) -> dict[str, Any]:
    return play_game(*job)


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print(_("simulate: --games must be at least 1"), file=sys.stderr)
        return 2
    try:
        seats = parse_seats(args.seats, args.players)
    except ValueError as exc:
        print(_("simulate: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    if args.stop_after is not None and args.stop_after < 0:
        print(_("simulate: --stop-after must be at least 0"), file=sys.stderr)
        return 2
    if args.save is not None and args.games != 1:
        print(_("simulate: --save needs --games 1 (one game, one save)"), file=sys.stderr)
        return 2
    players = len(seats) if seats else (args.players or 4)
    tower_name = args.tower or default_tower_name()
    from shogun_desktop.check import preload_data

    problem = preload_data()
    if problem is not None:
        print(_("simulate: {reason}").format(reason=problem), file=sys.stderr)
        return 2
    jobs = [(args.seed + i, players, args.board, args.start, tower_name, not args.no_check,
             seat_levels(seats, i) if seats else None, args.hard_budget, args.stop_after,
             args.save) for i in range(args.games)]
    results: list[dict[str, Any]] = []
    try:
        if args.workers > 1 and len(jobs) > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
                stream = pool.imap(_play_indexed, jobs)
                for i, r in enumerate(stream):
                    results.append(r)
                    _print_game(args, i, r)
        else:
            for i, job in enumerate(jobs):
                results.append(_play_indexed(job))
                _print_game(args, i, results[-1])
    except ShogunError as exc:
        print(_("simulate: {reason}").format(reason=exc), file=sys.stderr)
        return 2
    except OSError as exc:
        print(_("simulate: cannot write {file}: {error}").format(
            file=args.save, error=exc.strerror or exc), file=sys.stderr)
        return 2
    violations = sum(len(r["invariant_violations"]) for r in results)
    summary: dict[str, Any] = {
        "finished": sum(1 for r in results if r["over"]),
        "seconds_median": round(statistics.median(r["seconds"] for r in results), 4),
        "invariant_violations": violations,
        "tower": tower_description(tower_name),
        "players": players, "board": args.board, "start": args.start,
    }
    if seats:
        summary["seats"] = seats
        summary["levels"] = level_summary(results)
    if args.json:
        keys = ("seed", "winners", "vp", "battles", "seconds", "levels")
        rows = [{k: r[k] for k in keys if k in r} for r in results]
        print(json.dumps({"games": rows, "summary": summary}))
    else:
        n = len(results)
        stopped = n - summary["finished"]
        done = (ngettext("{n} game played ({finished} finished, {stopped} stopped early)",
                         "{n} games played ({finished} finished, {stopped} stopped early)",
                         n).format(n=n, finished=summary["finished"], stopped=stopped)
                if stopped else
                ngettext("{n} game finished", "{n} games finished", n).format(n=n))
        print(ngettext("{done}; median {seconds} s per game; {n} invariant violation; "
                       "tower: {tower}",
                       "{done}; median {seconds} s per game; {n} invariant violations; "
                       "tower: {tower}", violations).format(
            done=done, seconds=f"{summary['seconds_median']:.3f}", n=violations,
            tower=tower_words(tower_name)))
        for level, e in summary.get("levels", {}).items():
            print(_("{level}: {wins} wins in {games} games ({seats} seats): {rate} per seat, "
                    "95% CI {low}-{high}").format(
                level=level, wins=e["wins"], games=e["games"], seats=e["seats"],
                rate=f"{e['win_rate']:.1%}", low=f"{e['ci95'][0]:.1%}",
                high=f"{e['ci95'][1]:.1%}"))
    return 1 if violations else 0


def _print_game(args: argparse.Namespace, i: int, r: dict[str, Any]) -> None:
    if args.json:
        return
    if not r["over"]:
        seconds = f"{r['seconds']:.3f}"
        line = (ngettext("game {i} seed {seed}: stopped after {n} decision; saved to {file}; "
                         "{seconds} s",
                         "game {i} seed {seed}: stopped after {n} decisions; saved to {file}; "
                         "{seconds} s", r["decisions"]) if args.save else
                ngettext("game {i} seed {seed}: stopped after {n} decision; {seconds} s",
                         "game {i} seed {seed}: stopped after {n} decisions; {seconds} s",
                         r["decisions"]))
        print(line.format(i=i + 1, seed=r["seed"], n=r["decisions"], file=args.save,
                          seconds=seconds), flush=True)
        return
    print(ngettext("game {i} seed {seed}: winner {winners}; VP {vp}; {n} battle; {seconds} s",
                   "game {i} seed {seed}: winner {winners}; VP {vp}; {n} battles; {seconds} s",
                   r["battles"]).format(
        i=i + 1, seed=r["seed"], winners=", ".join(r["winners"]),
        vp=", ".join(f"{c} {v}" for c, v in r["vp"].items()), n=r["battles"],
        seconds=f"{r['seconds']:.3f}"), flush=True)
