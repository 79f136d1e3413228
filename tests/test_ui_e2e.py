"""End to end: a whole 3-player game through the window, from the setup screen to the end.

Every decision is a posted pygame event on something the screen shows; the tower is the
cheap probabilistic model and battle animations are skipped with the overlay's Skip. Each
phase is photographed on its first appearance (tmp folder; SHOGUN_SCREENSHOTS keeps them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from shogun_desktop.ui.scenes.end import EndScene
from shogun_desktop.ui.scenes.game import GameScene
from tests.test_ui_game_driver import Driver, game_app

PHASES = ("new_game", "draft", "curtain", "planning", "picks", "action_prompt", "battle",
          "winter", "end")


def test_whole_game_through_the_window(tmp_path):
    shots = Path(os.environ.get("SHOGUN_SCREENSHOTS") or tmp_path / "shots")
    app = game_app(tmp_path / "saves")
    drv = Driver(app, seed=3, shots=shots)
    try:
        setup = app.scenes.top
        # three seats, all human, on the setup screen itself
        drv.press("remove3", setup)
        drv.replace_text("name0", "Anna", erase=8)
        drv.click(drv.widget("seed").rect.center)
        drv.type_text("42")
        drv.shot("new_game")
        drv.press("start")
        assert isinstance(app.scenes.top, GameScene)
        session = app.scenes.top.session
        assert [session.name(c) for c in session.seats] == ["Anna", "Player 2", "Player 3"]
        steps = 0
        while drv.step():
            steps += 1
            assert steps < 6000, "the game did not end"
        assert isinstance(app.scenes.top, EndScene)
        assert session.is_over()
        assert drv.plans == 6 * 3  # every human planned every round behind the curtain
        rows = app.scenes.top.rows
        assert [r["vp"] for r in rows] == sorted((r["vp"] for r in rows), reverse=True)
        assert any(r["winner"] for r in rows)
        assert session.autosave_path.is_file()
        missing = [p for p in PHASES if p not in drv.taken]
        assert not missing, f"phases never shown: {missing}"
        for path in drv.taken.values():
            assert pygame.image.load(str(path)).get_size() == (1600, 900)
        assert {"draft-take", "draft-place", "pick-special", "battle"} <= drv.kinds, drv.kinds
        assert any(" skips " in f or " is void" in f for f in drv.flashes)
        print("decisions made at the table:", sorted(drv.kinds))
        drv.press("new")
        assert type(app.scenes.top).__name__ == "NewGameScene"
    finally:
        app.close()
