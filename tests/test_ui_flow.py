"""Settings that pace the table (ui.flow): each one, changed in the Settings scene, takes effect."""

from __future__ import annotations

import pygame

from shogun_desktop.ui.prefs import Prefs
from shogun_desktop.ui.scenes.drop_notice import DropNotice
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.menu import MenuScene, SettingsScene
from shogun_desktop.ui.scenes.new_game import NewGameScene
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.widgets import ConfirmDialog
from tests.test_ui_game_driver import FRAME, Driver, game_app, settings, start_game


def game_scene(app) -> GameScene:
    return next(s for s in app.scenes if isinstance(s, GameScene))


def test_settings_scene_from_the_setup_screen_and_the_menu_saves_every_setting(tmp_path):
    path = tmp_path / "settings.yaml"
    app = game_app(tmp_path / "saves", prefs=Prefs.load(path))
    drv = Driver(app)
    try:
        assert isinstance(app.scenes.top, NewGameScene)
        drv.press("settings")
        scene = app.scenes.top
        assert isinstance(scene, SettingsScene)
        drv.press("auto-continue")
        drv.press("skip-computer")
        drv.press("confirm")
        drv.press("guide")
        scene.ui.by_key("speed").on_change(2.0)
        drv.key(pygame.K_RETURN)
        assert isinstance(app.scenes.top, NewGameScene)
        saved = Prefs.load(path)
        assert (saved.get("flow.auto_continue"), saved.get("flow.skip_computer"),
                saved.get("flow.confirm"), saved.get("tower.speed"),
                saved.get("guide.enabled")) == (True, True, False, 2.0, False)
        app.push(MenuScene(app, session=None, host=None))  # type: ignore[arg-type]
        assert app.scenes.top.ui.by_key("settings").text == "Settings…"
        drv.press("settings")
        assert isinstance(app.scenes.top, SettingsScene)
        assert app.scenes.top.ui.by_key("confirm").value is False  # shows what is saved
    finally:
        app.close()


def _watch_drops(prefs: Prefs, tmp_path, seats, frames: int = 4000):
    """Play a game with the given settings; the drop overlays seen and the drops made."""
    app = game_app(tmp_path, prefs=prefs)
    shown: list[object] = []
    try:
        start_game(app, seats)
        drv = Driver(app, seed=3)
        for _ in range(frames):
            top = app.scenes.top
            if type(top).__name__ in ("BattleOverlay", "DropNotice") and top not in shown:
                shown.append(top)
                break  # one is enough to know they are shown
            session = game_scene(app).session
            if sum(d.kind in ("battle", "revolt") for d in session.game.drops) >= 3:
                break  # enough computer drops went by
            if isinstance(top, GameScene) or type(top).__name__ in ("BattleOverlay",):
                drv.pump()
            elif not drv.step():
                break
        game = game_scene(app).session.game if any(
            isinstance(s, GameScene) for s in app.scenes) else None
        drops = [d for d in game.drops if d.kind in ("battle", "revolt")] if game else []
        return shown, drops, app
    finally:
        app.close()


def test_skipping_computer_animations_shows_no_overlay_for_their_drops(tmp_path):
    computers = settings(3, computers=(0, 1, 2), start="designated", seed=5)
    shown, drops, _ = _watch_drops(Prefs(None, {"flow.skip_computer": True, "guide.enabled": False}), tmp_path / "a",
                                   computers, frames=1500)
    assert drops, "the computers fought no battle"
    assert shown == []
    shown, drops, _ = _watch_drops(Prefs(None, {"flow.skip_computer": False,
                                                "flow.auto_continue": True,
                                                "guide.enabled": False}),
                                   tmp_path / "b", computers, frames=1500)
    assert shown, "with the animations on, computer drops are shown"


def test_auto_continue_closes_computer_drops_by_themselves(tmp_path):
    computers = settings(3, computers=(0, 1, 2), start="designated", seed=5)
    # without it, a drop overlay waits for Continue: the game stalls on the first one
    app = game_app(tmp_path / "a", prefs=Prefs(None, {"flow.auto_continue": False, "guide.enabled": False}))
    try:
        start_game(app, computers)
        for _ in range(1500):
            app.run(max_frames=1, dt=FRAME)
            if type(app.scenes.top).__name__ == "BattleOverlay":
                break
        overlay = app.scenes.top
        assert type(overlay).__name__ == "BattleOverlay"
        app.run(max_frames=600, dt=FRAME)
        assert app.scenes.top is overlay  # still waiting for the player
    finally:
        app.close()
    app = game_app(tmp_path / "b", prefs=Prefs(None, {"flow.auto_continue": True,
                                                      "tower.speed": 4.0,
                                                      "guide.enabled": False}))
    try:
        start_game(app, computers)
        overlays: list[object] = []
        for _ in range(3000):
            app.run(max_frames=1, dt=FRAME)
            top = app.scenes.top
            if type(top).__name__ == "BattleOverlay" and top not in overlays:
                overlays.append(top)
            if len(overlays) >= 2 and top is not overlays[-1]:
                break  # the second one closed by itself too: nobody pressed anything
        assert len(overlays) >= 2 and all(o not in app.scenes for o in overlays)
    finally:
        app.close()


def test_a_drop_between_a_human_and_a_computer_never_closes_by_itself(tmp_path):
    from shogun_desktop.ui import flow
    from shogun_desktop.ui.session import GameSession

    session = GameSession.new(settings(3, computers=(1, 2), seed=4), tmp_path, autosave=False)
    prefs = Prefs(None, {"flow.auto_continue": True, "flow.skip_computer": True})

    class Rec:
        kind, attacker, defender = "battle", "red", "blue"

    assert not flow.is_computer_drop(Rec, session)  # red is human
    assert not flow.auto_continues(prefs, Rec, session) and flow.shows_drop(prefs, Rec, session)
    Rec.attacker = "yellow"
    assert flow.auto_continues(prefs, Rec, session) and not flow.shows_drop(prefs, Rec, session)


def test_animation_speed_paces_the_drop_notice(tmp_path):
    from shogun_desktop.ui.app import App

    class Result:
        out = {"red": 2}
        held = ()
        extra: dict = {}

    class Rec:
        kind, province, attacker, defender = "battle", "Kii", "red", "blue"
        result, dropped, farmers_fight, event = Result, {"red": 3}, True, None

    for speed, frames in ((1.0, 216), (4.0, 60)):
        app = App(fps=0, show_new_game=False, prefs=Prefs(None, {"tower.speed": speed}))
        try:
            notice = app.push(DropNotice(app, Rec))  # type: ignore[arg-type]
            app.run(max_frames=frames - 10, dt=FRAME)
            assert app.scenes.top is notice
            app.run(max_frames=20, dt=FRAME)
            assert app.scenes.top is None, f"still up at {speed}x"
        finally:
            app.close()


def test_confirmations_off_commits_the_plan_at_once(tmp_path):
    for confirm in (True, False):
        app = game_app(tmp_path / str(confirm), prefs=Prefs(None, {"flow.confirm": confirm, "guide.enabled": False}))
        try:
            start_game(app, settings(3, computers=(1, 2), start="designated", seed=21))
            drv = Driver(app, seed=1)
            for _ in range(200):
                if isinstance(app.scenes.top, PlanningScene):
                    break
                drv.step()
            planning = app.scenes.top
            assert isinstance(planning, PlanningScene)
            from shogun_desktop.ui.session import SeatComputer

            for space, card in SeatComputer("easy", 1).choose(planning.session.game).items():
                planning.place(card, space)
            assert planning.problem() is None
            before = planning.session.version
            drv.press("done")
            if confirm:
                assert isinstance(app.scenes.top, ConfirmDialog)
                assert planning.session.version == before
            else:
                assert planning.session.version > before  # committed (computers go on)
                assert planning not in app.scenes
        finally:
            app.close()


def test_quitting_without_confirmations_does_not_ask(tmp_path):
    app = game_app(tmp_path, prefs=Prefs(None, {"flow.confirm": False, "guide.enabled": False}))
    try:
        start_game(app, settings(3, computers=(1, 2), start="designated", seed=21))
        assert app.host.confirm_quit() is False  # the window closes at once
    finally:
        app.close()


def test_the_first_game_guide_opens_once_on_the_first_planning_and_can_be_turned_off(tmp_path):
    from shogun_desktop.ui.scenes.guide import GuideScene

    prefs = Prefs(tmp_path / "settings.yaml", {"guide.enabled": True})
    app = game_app(tmp_path / "saves", prefs=prefs)
    try:
        start_game(app, settings(3, computers=(1, 2), start="designated", seed=21))
        drv = Driver(app, seed=1)
        for _ in range(200):
            if isinstance(app.scenes.top, GuideScene):
                break
            drv.step()
        guide = app.scenes.top
        assert isinstance(guide, GuideScene) and guide.kind == "planning"
        assert any(isinstance(s, PlanningScene) for s in app.scenes)
        assert 3 <= len(guide.pointers) <= 5
        app.run(max_frames=40, dt=FRAME)  # a fresh press after its short delay
        drv.press("enabled")  # "don't show these again"
        assert Prefs.load(tmp_path / "settings.yaml").get("guide.enabled") is False
        drv.press("close")
        assert isinstance(app.scenes.top, PlanningScene)
        app.run(max_frames=5, dt=FRAME)
        assert not isinstance(app.scenes.top, GuideScene)  # once only
    finally:
        app.close()


def test_the_guide_setting_off_shows_no_guide(tmp_path):
    from shogun_desktop.ui.scenes.guide import GuideScene

    app = game_app(tmp_path, prefs=Prefs(None, {"guide.enabled": False}))
    try:
        start_game(app, settings(3, computers=(1, 2), start="designated", seed=21))
        drv = Driver(app, seed=1)
        for _ in range(200):
            if isinstance(app.scenes.top, PlanningScene):
                break
            drv.step()
        app.run(max_frames=5, dt=FRAME)
        assert isinstance(app.scenes.top, PlanningScene)
        assert not any(isinstance(s, GuideScene) for s in app.scenes)
    finally:
        app.close()
