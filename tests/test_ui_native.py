"""The planning screen draws at the window's own resolution at every supported size.

No smooth-scaling of a whole canvas while it is shown (that blurs text and costs 2-3 ms a
frame); its parts stay inside the window and apart at 1280x720 ... 2560x1440 and 1280x1024;
a logical dialog over it is still drawn and still clickable.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.ui.scenes.planning import PlanningScene
from tests.test_ui_game_driver import Driver, game_app, settings, start_game

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (1280, 1024)]


@pytest.mark.parametrize("size", SIZES)
def test_planning_is_drawn_natively_and_fits(tmp_path, monkeypatch, size):
    app = game_app(tmp_path / "saves", size=size)
    drv = Driver(app, seed=1)
    try:
        assert app.window_size == size
        start_game(app, settings(3, start="designated", seed=5))
        drv.step()  # the curtain
        scene = app.scenes.top
        assert isinstance(scene, PlanningScene) and scene.native
        drv.pump()
        window = pygame.Rect(0, 0, *size)
        parts = [("map", scene.board.rect)]
        parts += [(f"space {s}", scene.space_rect(s)) for s in SPACES]
        parts += [(f"card {c}", r) for c, r in scene.hand_rects()]
        parts += [(f"button {w.key}", w.rect) for w in scene.ui.widgets
                  if w.key and not w.key.startswith("clear-")]
        for name, rect in parts:
            assert window.contains(rect), f"{name} {rect} leaves the {size} window"
        for (a, ra), (b, rb) in itertools.combinations(parts, 2):
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
        # a click lands where it is drawn, at this size
        card, rect = scene.hand_rects()[0]
        drv.click(rect.center)
        assert scene.selected == card

        def no_smoothscale(*a, **k):
            raise AssertionError("the whole canvas was smooth-scaled")

        monkeypatch.setattr(pygame.transform, "smoothscale", no_smoothscale)
        app.render()
        monkeypatch.undo()
        # the menu over it (native too): drawn, and its buttons answer clicks
        drv.key(pygame.K_ESCAPE)  # drop the selection
        drv.key(pygame.K_ESCAPE)  # the menu
        menu = app.scenes.top
        assert menu is not scene and getattr(menu, "native", False)
        app.render()
        drv.press("resume")  # window coordinates, where the button is drawn
        assert app.scenes.top is scene
    finally:
        app.close()


def test_text_size_from_the_menu_is_applied_and_remembered(tmp_path):
    from shogun_desktop.ui import text_size

    folder = tmp_path / "saves"
    app = game_app(folder)
    drv = Driver(app, seed=1)
    try:
        assert app.ui_scale == text_size.DEFAULT
        start_game(app, settings(3, start="designated", seed=5))
        drv.step()
        scene = app.scenes.top
        assert isinstance(scene, PlanningScene)
        before = scene.F(15)
        drv.key(pygame.K_ESCAPE)  # the menu
        drv.press("text-size")
        assert app.ui_scale == 1.1
        assert app.scenes.top.ui.by_key("text-size").text == "Text size: 110%"
        drv.press("resume")
        drv.pump()
        assert scene.F(15) > before and scene.board.ui_scale == scene.text_scale
        assert text_size.load_text_size(folder) == 1.1
    finally:
        app.close()
    again = game_app(folder)
    try:
        assert again.ui_scale == 1.1
    finally:
        again.close()
    assert text_size.next_text_size(1.2) == text_size.CHOICES[0]
    (folder / text_size.FILE_NAME).write_text("huge\n", encoding="utf-8")
    assert text_size.load_text_size(folder) == text_size.DEFAULT
