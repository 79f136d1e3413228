"""The game window's session: autosave and resume, damaged saves, menu, save/load, quitting."""

from __future__ import annotations

import pygame

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.rules.save import game_to_dict
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.menu import LoadScene, MenuScene, SaveAsScene
from shogun_desktop.ui.scenes.new_game import NewGameScene
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.session import AUTOSAVE_NAME, GameSession
from shogun_desktop.ui.widgets import ConfirmDialog
from tests.test_ui_game_driver import Driver, game_app, settings, start_game

ONE_HUMAN = settings(3, computers=(1, 2), start="designated", seed=21)


def play_to_end(drv: Driver) -> None:
    for _ in range(5000):
        if not drv.step():
            return
    raise AssertionError("the game did not end")


def game_scene(app) -> GameScene:
    return next(s for s in app.scenes if isinstance(s, GameScene))


def test_resume_from_autosave_continues_identically(tmp_path):
    # the uninterrupted game
    app = game_app(tmp_path / "a")
    try:
        start_game(app, ONE_HUMAN)
        play_to_end(Driver(app, seed=9))
        reference = game_to_dict(game_scene(app).session.game)
    finally:
        app.close()
    # the same game, interrupted after a few rounds at a decision on the table
    folder = tmp_path / "b"
    app = game_app(folder)
    drv = Driver(app, seed=9)
    try:
        start_game(app, ONE_HUMAN)
        while True:
            scene = game_scene(app)
            d = scene.session.pending()
            if (app.scenes.top is scene and scene.session.game.state.season == "summer"
                    and d is not None and not scene.session.is_computer(d.player)
                    and d.kind in ("battle", "pick-special")):
                break
            drv.step()
        interrupted_at = game_to_dict(scene.session.game)
    finally:
        app.close()  # the window goes away without any save call
    app = game_app(folder)
    try:
        setup = app.scenes.top
        assert isinstance(setup, NewGameScene)
        drv.app = app
        drv.press("resume", setup)
        session = game_scene(app).session
        assert game_to_dict(session.game) == interrupted_at
        play_to_end(drv)
        assert game_to_dict(session.game) == reference
    finally:
        app.close()


def test_damaged_autosave_shows_a_message_not_a_crash(tmp_path):
    folder = tmp_path
    session = GameSession.new(ONE_HUMAN, folder)
    session.flush_saves()
    text = (folder / AUTOSAVE_NAME).read_text()
    for damage in ("{ not: yaml: [", text[: len(text) // 2], text.replace("seats", "sheets")
                   .replace("phase: planning", "phase: sleeping")):
        (folder / AUTOSAVE_NAME).write_text(damage)
        app = game_app(folder)
        try:
            assert app.host.has_autosave()
            drv = Driver(app)
            drv.press("resume")
            top = app.scenes.top
            assert isinstance(top, ConfirmDialog)
            assert top.title == "This save cannot be loaded"
            assert top.message.startswith(AUTOSAVE_NAME) and "Nothing was changed" in top.message
            drv.press("confirm")
            assert isinstance(app.scenes.top, NewGameScene)
            assert app.running
        finally:
            app.close()
    assert session.game is not None


def test_menu_save_as_then_load(tmp_path):
    app = game_app(tmp_path)
    drv = Driver(app, seed=4)
    try:
        start_game(app, ONE_HUMAN)
        for _ in range(6):
            drv.step()
        scene = game_scene(app)
        while app.scenes.top is not scene:
            drv.step()
        before = game_to_dict(scene.session.game)
        drv.key(pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MenuScene)
        drv.press("save")
        assert isinstance(app.scenes.top, SaveAsScene)
        drv.replace_text("name", "my game")
        drv.key(pygame.K_RETURN)
        assert (tmp_path / "my-game.yaml").is_file()
        assert isinstance(app.scenes.top, ConfirmDialog)
        drv.press("confirm")
        # play on, then load the save back
        drv.step()
        drv.step()
        while app.scenes.top is not game_scene(app):  # e.g. a battle overlay to finish
            drv.step()
        drv.key(pygame.K_ESCAPE)
        drv.press("load")
        loader = app.scenes.top
        assert isinstance(loader, LoadScene)
        names = [p.name for p in loader.files]
        assert set(names) == {"my-game.yaml", AUTOSAVE_NAME}
        drv.press(f"file-{names.index('my-game.yaml')}")
        loaded = game_scene(app)
        assert loaded is not scene
        assert game_to_dict(loaded.session.game) == before
        assert [type(s).__name__ for s in app.scenes][:2] == ["NewGameScene", "GameScene"]
    finally:
        app.close()


def test_quitting_a_game_asks_first(tmp_path):
    app = game_app(tmp_path)
    drv = Driver(app)
    try:
        start_game(app, ONE_HUMAN)
        drv.pump(3)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        drv.pump()
        assert app.running
        assert isinstance(app.scenes.top, ConfirmDialog)
        drv.press("cancel")
        assert app.running
        # the menu's New game goes back to the setup screen after confirming
        while not isinstance(app.scenes.top, GameScene):
            drv.step()
        drv.key(pygame.K_ESCAPE)
        drv.press("new")
        drv.press("confirm")
        assert isinstance(app.scenes.top, NewGameScene)
        assert app.host.session is None
        # Quit from the menu of a resumed game, confirmed
        drv.press("resume")
        drv.pump(2)
        while not isinstance(app.scenes.top, GameScene):
            drv.step()
        drv.key(pygame.K_ESCAPE)
        drv.press("quit")
        drv.press("confirm")
        assert not app.running
    finally:
        app.close()


def test_demo_runs_and_writes_a_screenshot(tmp_path, monkeypatch):
    import argparse

    from shogun_desktop.ui import demo

    monkeypatch.setenv("SHOGUN_DESKTOP_SAVES", str(tmp_path / "saves"))
    parser = argparse.ArgumentParser()
    demo.add_arguments(parser)
    shot = tmp_path / "demo.png"
    args = parser.parse_args(["--frames", "40", "--seed", "4", "--tower", "probabilistic",
                              "--delay", "0", "--screenshot", str(shot)])
    assert demo.run(args) == 0
    assert pygame.image.load(str(shot)).get_size() == (1600, 900)
    assert not (tmp_path / "saves" / AUTOSAVE_NAME).exists()  # a demo never autosaves


def test_a_half_built_plan_survives_the_window_being_killed(tmp_path):
    folder = tmp_path / "saves"
    app = game_app(folder)
    drv = Driver(app, seed=2)
    try:
        start_game(app, settings(3, start="designated", seed=5))
        drv.step()  # lift the first seat's curtain
        planning = app.scenes.top
        assert isinstance(planning, PlanningScene)
        first, second = planning.cards[0], planning.cards[1]
        drv.click(dict(planning.hand_rects())[first].center)
        drv.key(pygame.K_1)
        drv.click(dict(planning.hand_rects())[second].center)  # the hand closed up
        drv.key(pygame.K_b)
        draft = dict(planning.plan)
        assert draft == {SPACES[0]: first, "bid": second}
    finally:
        app.close()  # killed mid-plan: no commit, no explicit save
    app = game_app(folder)
    drv.app = app
    try:
        drv.press("resume", app.scenes.top)
        drv.step()  # the same seat's curtain again
        planning = app.scenes.top
        assert isinstance(planning, PlanningScene)
        assert planning.plan == draft
        assert "plan-draft.yaml" not in [p.name for p in planning.session.list_saves()]
        drv.step()  # fills the rest and commits
        assert not (folder / "plan-draft.yaml").exists()
    finally:
        app.close()


def test_levels_reach_the_session_and_hard_thinks_in_the_background(tmp_path):
    import time

    from shogun_desktop.ui.scenes.new_game import NewGameSettings, Seat

    seats = [Seat("Anna", "red", False), Seat("Ben", "blue", True, "hard"),
             Seat("Cleo", "yellow", True, "normal")]
    session = GameSession.new(NewGameSettings(seats, "sun", "designated", 5), tmp_path)
    try:
        assert {c: s.level for c, s in session.computers.items()} == {
            "blue": "hard", "yellow": "normal"}
        for computer in session.computers.values():
            computer.player.budget = 0.05  # keep the test quick
        assert session.game.state.players["blue"].level == "hard"
        # Anna plans first; Hard starts on its own plan meanwhile
        d = session.pending()
        assert d.kind == "plan" and d.player == "red"
        session.think_ahead()
        assert any(k[0] == "blue" for k in session._thinking)
        from shogun_desktop.ai.random_player import RandomPlayer

        session.apply(RandomPlayer(1).random_plan(d.context["cards"]))
        deadline = time.monotonic() + 30
        while session.pending().player == "blue":
            if session.play_computer(wait=False):
                break
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert session.game.state.players["blue"].planned
        # the saved game keeps the levels: a resumed game plays the same levels
        resumed = GameSession.resume(tmp_path)
        assert {c: s.level for c, s in resumed.computers.items()} == {
            "blue": "hard", "yellow": "normal"}
    finally:
        session.close()
