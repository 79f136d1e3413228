"""Screenshots of the game table in a crowded mid-game position (never imported by the game).

Plays a seeded game with heuristic players headless until the wanted phase of year 2, hands
every seat to humans so the table shows the pending decision, and photographs the window:

    python tools/table_shots.py OUT_DIR [--sizes 1280x720,1920x1080] [--lang cs,ru]
                                [--phases draft-take,battle] [--tables sun3,moon5]

One picture per (side, players, size, phase): sun 3-player and moon 5-player, the table in the
draft (year 1) and during the actions (a battle target to choose), and the secret-planning
screen; with ``--phases end`` the end screen of the same game played to its end.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shogun_desktop.ai.driver import decide  # noqa: E402
from shogun_desktop.ai.heuristic import EasyPlayer  # noqa: E402
from shogun_desktop.rules.engine import Game, GameConfig  # noqa: E402
from shogun_desktop.ui.theme import PLAYER_ORDER  # noqa: E402

NAMES = ["Oda", "Takeda", "Uesugi", "Mori", "Date"]


def advance(game: Game, until: str, year: int, seed: int) -> None:
    """Play computer choices until year `year` has a pending decision of kind `until`."""
    ai, rng = EasyPlayer(game.data), random.Random(seed)
    for _ in range(20000):
        d = game.pending()
        if d is None:
            raise RuntimeError("the game ended before the position")
        if game.state.year >= year and d.kind == until and not (
                until == "revolt-order" and len(d.options) < 2):  # at least 2 to order
            return
        game.apply(decide(ai, game, rng))
    raise RuntimeError("position not reached")


def finished_game(players: int, side: str, seed: int) -> Game:
    """The seeded game played by computer players to its end (for the end screen)."""
    colours = list(PLAYER_ORDER[:players])
    game = Game.new(GameConfig(colours, board=side, start="draft", seed=seed,
                               names=dict(zip(colours, NAMES, strict=False))))
    ai, rng = EasyPlayer(game.data), random.Random(seed)
    while game.pending() is not None:
        game.apply(decide(ai, game, rng))
    return game


def mid_game(players: int, side: str, seed: int, until: str, year: int = 2) -> Game:
    colours = list(PLAYER_ORDER[:players])
    game = Game.new(GameConfig(colours, board=side, start="draft", seed=seed,
                               names=dict(zip(colours, NAMES, strict=False))))
    advance(game, until, year, seed)
    return game


PHASES = (("draft-take", 1), ("draft-place", 1), ("pick-special", 1), ("battle", 2),
          ("recruit-move", 1), ("revolt-order", 1), ("plan", 2))
NAMES_OF = {"draft-take": "draft", "draft-place": "draft_place", "pick-special": "picks",
            "battle": "table_battle", "recruit-move": "recruit_move",
            "revolt-order": "winter_revolt_order", "plan": "planning"}
TARGET_TOO = True  # the battle shot shows the army-count step with a toast


def shoot(out: Path, sizes: list[tuple[int, int]], seed: int = 5, lang: str = "en",
          phases: set[str] | None = None, tables: set[str] | None = None) -> list[Path]:
    import pygame

    from shogun_desktop.i18n import set_language
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.end import EndScene
    from shogun_desktop.ui.scenes.game import GameScene
    from shogun_desktop.ui.scenes.planning import PlanningScene
    from shogun_desktop.ui.session import GameSession

    set_language(lang)
    suffix = "" if lang == "en" else f"_{lang}"
    written = []
    for side, players in (("sun", 3), ("moon", 5)):
        if tables and f"{side}{players}" not in tables:
            continue
        if phases and "end" in phases:
            game = finished_game(players, side, seed)
            for size in sizes:
                app = App(size, show_new_game=False)
                set_language(lang)
                try:
                    app.push(EndScene(app, GameSession(game, tempfile.mkdtemp(),
                                                       autosave=False), None))
                    app.running = True
                    for _ in range(3):
                        app.frame(1 / 60)
                    path = out / f"end_{side}{players}_{size[0]}x{size[1]}{suffix}.png"
                    app.screenshot(path)
                    written.append(path)
                finally:
                    app.close()
        for until, year in PHASES:
            if phases and until not in phases:
                continue
            try:
                game = mid_game(players, side, seed, until, year)
            except RuntimeError:
                print(f"{side}{players}: no {until} reached", file=sys.stderr)
                continue
            for size in sizes:
                app = App(size, show_new_game=False)
                set_language(lang)  # the app applies the remembered language: this run's wins
                try:
                    session = GameSession(game, tempfile.mkdtemp(), autosave=False)
                    scene = GameScene(app, session, computer_delay=1e9, animate=False)
                    scene.start_planning = lambda colour: None  # stay on the table
                    app.push(scene)
                    if until == "plan":
                        app.push(PlanningScene(app, session, game.pending().player))
                    app.running = True
                    for _ in range(3):
                        app.frame(1 / 60)
                    if until == "battle" and TARGET_TOO:
                        scene.presenter.take(sorted(scene.presenter.targets())[0])
                        app.frame(1 / 60)
                    if until == "revolt-order":
                        first = game.pending().context["provinces"][0]
                        scene.presenter.take(first)
                        scene.click_province(next(p for p in session.game.data.provinces
                                                  if p not in scene.presenter.drawn))
                        app.frame(1 / 60)
                    name = NAMES_OF.get(until, until)
                    path = out / f"{name}_{side}{players}_{size[0]}x{size[1]}{suffix}.png"
                    app.screenshot(path)
                    written.append(path)
                finally:
                    app.close()
    pygame.quit()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--lang", default="en", help="comma-separated languages")
    parser.add_argument("--phases", default=None, help="comma-separated decision kinds")
    parser.add_argument("--tables", default=None, help="sun3 and/or moon5")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes.split(",")]
    phases = set(args.phases.split(",")) if args.phases else None
    tables = set(args.tables.split(",")) if args.tables else None
    args.out.mkdir(parents=True, exist_ok=True)
    for lang in args.lang.split(","):
        for p in shoot(args.out, sizes, args.seed, lang, phases, tables):  # type: ignore[arg-type]
            print(p)


if __name__ == "__main__":
    main()
