"""Cost of the rules reference: loading it, laying it out per search keystroke, one frame.

Run: /work/venv/bin/python -m pytest benchmarks/bench_rules_reference.py --benchmark-only
Targets: a keystroke's re-layout well under a frame budget of 16.7 ms is not required (it
happens once per key), but it should stay under ~50 ms so typing feels immediate; a scrolled
frame must fit in 16.7 ms.
"""

from __future__ import annotations

import pygame
import pytest

from shogun_desktop.data.reference import load_reference
from shogun_desktop.ui.app import App
from shogun_desktop.ui.scenes.rules_reference import DocLayout, WidthCache, open_rules_reference


@pytest.fixture(scope="module")
def app():
    a = App(fps=0, show_new_game=False)
    yield a
    a.close()


def test_load_reference(benchmark) -> None:
    ref = benchmark.pedantic(load_reference, rounds=20, iterations=1, warmup_rounds=1)
    assert ref.sections()


@pytest.mark.parametrize("query", ["", "r", "revolt"])
def test_layout_per_keystroke(benchmark, app, query: str) -> None:
    """A keystroke re-lays out the book; word widths are cached across keystrokes."""
    ref = load_reference()
    widths = WidthCache(app.theme.fonts)
    layout = benchmark.pedantic(lambda: DocLayout(widths, ref, query, 500, 900),
                                rounds=20, iterations=1, warmup_rounds=2)
    assert layout.lines()


def test_scrolling_frame(benchmark, app) -> None:
    """One frame while scrolling (the cached layer is repainted every frame)."""
    scene = open_rules_reference(app)
    state = {"y": 0}

    def frame() -> None:
        state["y"] = (state["y"] + 37) % max(1, scene.max_scroll())
        scene.scroll_to(state["y"])
        app.render()
        pygame.display.flip()

    benchmark.pedantic(frame, rounds=200, iterations=1, warmup_rounds=5)
    app.scenes.remove(scene)
