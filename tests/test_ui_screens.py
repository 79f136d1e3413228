"""Screenshots of the game window's secondary screens (the e2e test photographs each phase).

Written to a tmp folder, or kept in $SHOGUN_SCREENSHOTS: menu, save-as, load dialog, the
damaged-save notice, the drop notice used without the battle animation, a planning drag in
progress, and the table at the minimum window size of 1280x720.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.ui.scenes.drop_notice import DropNotice
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.session import AUTOSAVE_NAME
from shogun_desktop.ui.widgets import ConfirmDialog
from tests.test_ui_game_driver import Driver, game_app, settings, start_game


def shots_dir(tmp_path: Path) -> Path:
    return Path(os.environ.get("SHOGUN_SCREENSHOTS") or tmp_path / "shots")


def test_secondary_screens(tmp_path):
    shots = shots_dir(tmp_path)
    app = game_app(tmp_path / "saves", animate=False)
    drv = Driver(app, seed=6)
    try:
        start_game(app, settings(4, computers=(1, 2, 3), start="designated", seed=17))
        drv.step()  # the curtain
        planning = app.scenes.top
        assert isinstance(planning, PlanningScene)
        hand = dict(planning.hand_rects())
        card = planning.cards[0]
        drv.click(planning.cards and hand[planning.cards[1]].center)
        drv.key(pygame.K_1)
        # a drag in progress: press, move, screenshot, release on the bid space
        a = app.to_window(hand[card].center)
        b = app.to_window(planning.space_rect("bid").center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 300, a[1] - 120),
                                             rel=(0, 0), buttons=(1, 0, 0)))
        drv.pump()
        assert planning.drag is not None
        app.screenshot(shots / "planning_drag.png")
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        drv.pump()
        assert planning.plan == {SPACES[0]: planning.cards[1], "bid": card}
        drv.click(planning.space_rect("bid").center, button=3)  # right-click clears
        assert "bid" not in planning.plan
        drv.step()  # fill and commit
        scene = next(s for s in app.scenes if isinstance(s, GameScene))
        while not isinstance(app.scenes.top, DropNotice):
            drv.step()
        app.screenshot(shots / "drop_notice.png")
        while app.scenes.top is not scene:
            drv.step()
        drv.key(pygame.K_ESCAPE)
        app.screenshot(shots / "menu.png")
        drv.press("save")
        app.screenshot(shots / "save_as.png")
        drv.key(pygame.K_RETURN)
        drv.press("confirm")
        while app.scenes.top is not scene:  # computers may have fought meanwhile
            drv.step()
        drv.key(pygame.K_ESCAPE)
        drv.press("load")
        app.screenshot(shots / "load.png")
        drv.press("cancel")
        # the table at the minimum window size
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
        drv.pump()
        assert app.window_size == (1280, 720)
        app.screenshot(shots / "table_1280x720.png")
        d = scene.session.pending()
        if d is not None and d.kind in ("battle", "pick-special", "recruit-move"):
            drv.decide(scene)  # clicks still land at the scaled size
    finally:
        app.close()
    # a damaged autosave: the notice over the setup screen
    (tmp_path / "saves" / AUTOSAVE_NAME).write_text("format: shogun-desktop-save\nversion: 99\n")
    app = game_app(tmp_path / "saves")
    try:
        Driver(app).press("resume")
        assert isinstance(app.scenes.top, ConfirmDialog)
        app.screenshot(shots / "damaged_save.png")
    finally:
        app.close()
    for name in ("planning_drag", "drop_notice", "menu", "save_as", "load", "table_1280x720",
                 "damaged_save"):
        assert (shots / f"{name}.png").is_file(), name
