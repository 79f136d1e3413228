"""Frame cost of the battle overlay and of the tower physics behind it.

Run: /work/venv/bin/python -m pytest benchmarks/bench_ui_frame.py --benchmark-only
(``python benchmarks/ui_frame_figures.py`` prints median and p95 against the targets.)
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ui_frame_figures import HELD_14, drop_record, table_scene  # noqa: E402

from shogun_desktop.tower import PhysicalTower  # noqa: E402
from shogun_desktop.ui.app import App  # noqa: E402
from shogun_desktop.ui.scenes.battle import BattleOverlay  # noqa: E402


@pytest.fixture(scope="module")
def record():
    return drop_record()


@pytest.fixture(params=[(1920, 1080), (1600, 900), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def app(request):
    a = App(request.param, fps=0, show_new_game=False)
    with tempfile.TemporaryDirectory() as folder:
        table, _ = table_scene(a, folder)
        a.push(table)
        a.render()
        yield a
    a.close()


def test_overlay_frame_60_cubes(benchmark, app, record) -> None:
    """One frame (update + render + flip, canvas scaling included) of a 60-cube drop;
    target p95 16.7 ms at 1920x1080."""
    state = {"overlay": None}

    def frame() -> None:
        ov = state["overlay"]
        if ov is None or ov.finished:
            if ov is not None:
                app.scenes.remove(ov)
            ov = state["overlay"] = BattleOverlay(app, record)
            app.push(ov)
        app.update(1 / 60)
        app.render()
        pygame.display.flip()

    benchmark.pedantic(frame, rounds=300, iterations=1, warmup_rounds=5)
    benchmark.extra_info.update(target="p95 <= 16.7 ms", median_ms=benchmark.stats.stats.median * 1000)


def test_physics_step_frame_100_cubes(benchmark) -> None:
    """TowerRun.step_frame (4 steps + batch pose read) with >= 100 cubes inside; target 1 ms.

    Measured right after the last row is poured, the densest moment (no assertion: the
    physics is the tower's; ui_frame_figures.py prints the p95 over whole drops).
    """
    tower = PhysicalTower()
    runs = iter(range(1000))
    state: dict = {"run": None}

    def fresh():
        run = tower.start(HELD_14, {"red": 65, "blue": 65}, random.Random(next(runs)))
        for _ in range(40):  # all rows poured, cubes tumbling through the baffles
            run.step_frame()
        state["run"] = run
        return (), {}

    def step() -> None:
        assert len(state["run"].step_frame().cubes) >= 100

    benchmark.pedantic(step, setup=fresh, rounds=100, iterations=1)
