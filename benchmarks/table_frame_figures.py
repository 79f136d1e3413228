"""Frame time of the game table and the planning screen on a crowded year-2 map, per size.

Run: ``python benchmarks/table_frame_figures.py [--sizes 1920x1080,1280x720] [--frames 300]``
(``--screens table,planning``)
(headless: the dummy video driver unless SDL_VIDEODRIVER says otherwise).

The pointer sweeps the map so the hovered province changes every few frames (each change
repaints the table layer: the worst steady case); every frame is update + draw + flip.
Target: <= 16.7 ms p95 at 1920x1080.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from benchmarks.ui_frame_figures import percentile  # noqa: E402
from tools.table_shots import mid_game  # noqa: E402


def table_frames(size: tuple[int, int], frames: int, screen: str = "table",
                 ) -> tuple[list[float], float]:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.game import GameScene
    from shogun_desktop.ui.scenes.planning import PlanningScene
    from shogun_desktop.ui.session import GameSession

    game = mid_game(5, "moon", 5, "battle" if screen == "table" else "plan")
    app = App(size, show_new_game=False)
    try:
        session = GameSession(game, tempfile.mkdtemp(), autosave=False)
        t0 = time.perf_counter()
        scene: Any
        if screen == "table":
            scene = GameScene(app, session, computer_delay=1e9, animate=False)
        else:
            scene = PlanningScene(app, session, game.pending().player)
        app.push(scene)
        app.running = True
        app.frame(1 / 60)  # first frame builds the map layers and the marker layout
        first = (time.perf_counter() - t0) * 1000
        times = []
        board = scene.board.rect
        for i in range(frames):
            x = board.x + (i * 7) % board.w
            y = board.y + board.h // 2 + ((i * 13) % 160) - 80
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window((x, y)),
                                                 rel=(1, 0), buttons=(0, 0, 0)))
            t = time.perf_counter()
            app.frame(1 / 60)
            times.append((time.perf_counter() - t) * 1000)
        return times, first
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1920x1080,1280x720,1600x900")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--screens", default="table,planning")
    args = parser.parse_args()
    for screen, text in [(s, t) for s in args.screens.split(",") for t in args.sizes.split(",")]:
        w, h = (int(v) for v in text.split("x"))
        times, first = table_frames((w, h), args.frames, screen)
        print(f"{screen} {w}x{h}: median {statistics.median(times):.2f} ms, "
              f"p95 {percentile(times, 95):.2f} ms, max {max(times):.2f} ms "
              f"({len(times)} frames; first frame with layout {first:.0f} ms)")
    pygame.quit()


if __name__ == "__main__":
    main()
