"""X-ray is a table option: chosen on the new-game screen, kept with the game and its saves."""

from __future__ import annotations

import pygame
import pytest

from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.save import dump_game, game_to_dict, load_game_text
from shogun_desktop.rules.tower import ScriptedTower
from shogun_desktop.ui.app import App
from shogun_desktop.ui.scenes.new_game import NewGameScene, NewGameSettings
from shogun_desktop.ui.session import GameSession

FRAME = 1 / 60


@pytest.fixture
def started() -> list[NewGameSettings]:
    return []


@pytest.fixture
def app(started):
    a = App(fps=0, on_start=started.append)
    a.run(max_frames=1, dt=FRAME)
    yield a
    a.close()


def click(app: App, logical_pos) -> None:
    pos = app.to_window(logical_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=1, dt=FRAME)


def test_off_by_default_and_chosen_on_the_new_game_screen(app, started, tmp_path) -> None:
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    toggle = scene.ui.by_key("xray")
    assert toggle is not None and toggle.value is False
    click(app, scene.ui.by_key("start").rect.center)
    assert started[-1].xray is False
    click(app, scene.ui.by_key("xray").rect.center)
    assert scene.ui.by_key("xray").value is True
    click(app, scene.ui.by_key("start").rect.center)
    assert started[-1].xray is True
    session = GameSession.new(started[-1], tmp_path, tower=ScriptedTower([{}]))
    assert session.game.state.xray is True


@pytest.mark.parametrize("xray", [False, True])
def test_kept_with_the_game_and_its_saves(xray: bool) -> None:
    game = Game.new(GameConfig(["red", "blue", "yellow"], start="designated", seed=3, xray=xray),
                    tower=ScriptedTower([{}]))
    assert game.state.xray is xray
    again = load_game_text(dump_game(game), "save.yaml", tower=ScriptedTower([{}]))
    assert again.state.xray is xray
    assert game_to_dict(again) == game_to_dict(game)


def test_saves_from_before_the_option_load_without_xray_and_bad_values_are_named() -> None:
    game = Game.new(GameConfig(["red", "blue", "yellow"], start="designated", seed=3, xray=True),
                    tower=ScriptedTower([{}]))
    text = dump_game(game)
    old = "\n".join(line for line in text.splitlines() if not line.startswith("xray:"))
    assert load_game_text(old, "old.yaml", tower=ScriptedTower([{}])).state.xray is False
    bad = text.replace("xray: true", "xray: maybe")
    with pytest.raises(ValueError, match="old.yaml.*xray|xray.*old.yaml"):
        load_game_text(bad, "old.yaml", tower=ScriptedTower([{}]))


@pytest.mark.parametrize("xray", [False, True])
def test_the_game_s_battles_follow_the_table_option(xray: bool, tmp_path) -> None:
    from shogun_desktop.rules.engine import DropRecord
    from shogun_desktop.rules.tower import DropResult
    from shogun_desktop.ui.prefs import Prefs
    from shogun_desktop.ui.scenes.battle import BattleOverlay
    from shogun_desktop.ui.scenes.game import GameScene

    game = Game.new(GameConfig(["red", "blue", "yellow"], start="designated", seed=3, xray=xray),
                    tower=ScriptedTower([{}]))
    app = App(fps=0, show_new_game=False, prefs=Prefs())
    try:
        session = GameSession(game, tmp_path, autosave=False)
        scene = GameScene(app, session, computer_delay=1e9, animate=True)
        record = DropRecord("battle", {"red": 2, "green": 1}, DropResult({"red": 2}, ()), "Omi",
                            "red", "green")
        overlay = scene.drop_scene(record)
        assert isinstance(overlay, BattleOverlay) and overlay.xray is xray
    finally:
        app.close()

