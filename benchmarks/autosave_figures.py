"""Print the UI thread's cost of one autosave late in a 5-player game, before and after.

Run: ``python benchmarks/autosave_figures.py [--decisions 40]``. Timings are wall-clock on
this machine; medians over the last ``--decisions`` decisions of a 5-player game (year 2).

- before: what the window did until now on its UI thread after every decision: the save
  text with PyYAML's pure-Python emitter, then the atomic write (fsync, rename).
- after: the UI thread's part now, a plain-data snapshot handed to the background writer
  (``GameSession.autosave``); the YAML text (libyaml's emitter) and the write happen on the
  writer's thread, whose cost is reported too, as is the wait before the next decision when
  a player answers after 0 ms (a computer) or 150 ms (a fast human click).

Target: the UI thread's part of an autosave <= 2 ms median.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import yaml

from shogun_desktop.ai.driver import decide
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.save import dump_game, game_to_dict
from shogun_desktop.towers import make_tower
from shogun_desktop.ui.session import GameSession
from shogun_desktop.yamlio import write_text_atomic

COLOURS = ["red", "yellow", "blue", "purple", "black"]


def late_game(seed: int) -> tuple[Game, RandomPlayer]:
    """A 5-player game in its second year (the largest saves)."""
    game = Game.new(GameConfig(COLOURS, seed=seed), tower=make_tower("probabilistic"))
    bot = RandomPlayer(seed)
    while game.state.year < 2 or game.state.season != "summer":
        game.apply(decide(bot, game))
    return game, bot


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.3f} ms, max {max(values) * 1000:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # before: synchronous pure-Python emit + atomic write
        game, bot = late_game(args.seed)
        before: list[float] = []
        for _ in range(args.decisions):
            if game.is_over():
                break
            game.apply(decide(bot, game))
            t0 = time.perf_counter()
            text = yaml.dump(game_to_dict(game), Dumper=yaml.SafeDumper, sort_keys=False,
                             allow_unicode=True, width=100)
            write_text_atomic(folder / "before.yaml", text)
            before.append(time.perf_counter() - t0)
        size = len(dump_game(game))
        # after: the session's autosave on the UI thread; the writer's own work measured apart
        for think in (0.0, 0.15):
            game, bot = late_game(args.seed)
            session = GameSession(game, folder / f"after-{think}")
            ui: list[float] = []
            waits: list[float] = []
            for _ in range(args.decisions):
                if game.is_over():
                    break
                time.sleep(think)
                t0 = time.perf_counter()
                session.flush_saves()  # what apply() waits for before the next decision
                waits.append(time.perf_counter() - t0)
                game.apply(decide(bot, game))
                t0 = time.perf_counter()
                session.autosave()
                ui.append(time.perf_counter() - t0)
            session.close()
            if think == 0.0:
                print(f"autosave, UI thread, after:  {ms(ui)}  (target <= 2 ms median)")
            print(f"wait before the next decision, answer after {think * 1000:.0f} ms: {ms(waits)}")
        writer: list[float] = []
        for _ in range(args.decisions):
            t0 = time.perf_counter()
            write_text_atomic(folder / "writer.yaml", yaml.dump(
                game_to_dict(game), Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True,
                width=100))
            writer.append(time.perf_counter() - t0)
        print(f"autosave, UI thread, before: {ms(before)}  (pure-Python emitter + fsync)")
        print(f"writer thread per save (libyaml emitter + fsync): {ms(writer)}")
        print(f"save size late in a 5-player game: {size:,} characters")


if __name__ == "__main__":
    main()
