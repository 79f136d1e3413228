"""The window against hostile saves and a failing save folder; autosave off the frame."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from shogun_desktop.ai.driver import decide
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.rules.save import dump_game, game_to_dict, load_game
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.new_game import NewGameScene
from shogun_desktop.ui.session import AUTOSAVE_NAME, DRAFT_NAME, GameSession, SaveWriter
from shogun_desktop.ui.widgets import ConfirmDialog
from shogun_desktop.yamlio import dump_yaml
from tests.hostile import REPO, Case, path_cases, save_cases
from tests.test_ui_game_driver import Driver, game_app, settings, start_game

ONE_HUMAN = settings(3, computers=(1, 2), start="designated", seed=21)


@pytest.fixture(scope="module")
def hostile_saves(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    folder = tmp_path_factory.mktemp("hostile")
    return save_cases(folder / "saves") + path_cases(folder / "paths")


def _assert_refused(app, name: str) -> None:
    top = app.scenes.top
    assert isinstance(top, ConfirmDialog), (name, type(top).__name__)
    assert top.title == "This save cannot be loaded", name
    assert "Nothing was changed" in top.message and len(top.message) < 400, name
    assert app.host.session is None and app.running


def test_hostile_saves_through_resume_and_load_become_the_message(
        hostile_saves: list[Case], tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    app = game_app(folder)
    try:
        for case in hostile_saves:
            if case.path.is_dir():
                continue
            drv = Driver(app)
            # Load: the file as it is (FIFOs and devices included)
            app.host.load(case.path)
            _assert_refused(app, case.path.name)
            if not case.path.is_file():
                drv.press("confirm")
                continue
            # Resume: the same bytes as the autosave
            (folder / AUTOSAVE_NAME).write_bytes(case.path.read_bytes())
            drv.press("confirm")
            assert isinstance(app.scenes.top, NewGameScene)
            drv.press("resume")
            _assert_refused(app, case.path.name)
            assert case.reason in app.scenes.top.message, (case.path.name, app.scenes.top.message)
            drv.press("confirm")
            assert isinstance(app.scenes.top, NewGameScene)
    finally:
        app.close()


def test_a_failing_save_folder_is_one_notice_and_the_game_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    app = game_app(blocker / "saves")
    drv = Driver(app, seed=3)
    notices = 0
    try:
        start_game(app, ONE_HUMAN)
        scene = next(s for s in app.scenes if isinstance(s, GameScene))
        for _ in range(120):
            top = app.scenes.top
            if isinstance(top, ConfirmDialog) and top.title == "Autosave failed":
                notices += 1
                assert "goes on" in top.message
            if not drv.step():
                break
        assert scene.session.game.state.year == 2 or scene.session.game.state.season != "spring"
        assert scene.session.writer is not None and scene.session.writer.failures > 5
    finally:
        app.close()
    assert notices == 1


def test_a_failing_draft_unlink_is_soft(tmp_path: Path) -> None:
    session = GameSession.new(ONE_HUMAN, tmp_path)
    (tmp_path / DRAFT_NAME).mkdir()  # a folder where the draft file is: unlink fails
    (tmp_path / DRAFT_NAME / "x").write_text("x")
    bot = RandomPlayer(2)
    errors = []
    for _ in range(30):
        session.apply(decide(bot, session.game))
        session.flush_saves()
        if session.save_error:
            errors.append(session.save_error)
            session.save_error = None
    assert len(errors) == 1 and "goes on" in errors[0]
    assert load_game(tmp_path / AUTOSAVE_NAME) is not None
    session.close()


def test_the_autosave_is_the_snapshot_of_its_decision(tmp_path: Path) -> None:
    """The text written is the game at the moment of the decision, not later."""
    session = GameSession.new(ONE_HUMAN, tmp_path)
    bot = RandomPlayer(5)
    for _ in range(40):
        session.apply(decide(bot, session.game))
    expected = dump_game(session.game)
    snapshot = game_to_dict(session.game)
    for _ in range(5):
        session.game.apply(decide(bot, session.game))  # changes the game, not the snapshot
    assert dump_yaml(snapshot) == expected
    session.flush_saves()
    session.close()


def test_the_writer_keeps_order_and_the_last_write_wins(tmp_path: Path) -> None:
    writer = SaveWriter()
    target = tmp_path / "a.yaml"
    for i in range(200):
        writer.write(target, {"n": i})
    writer.unlink(tmp_path / "b.yaml")
    writer.write(tmp_path / "b.yaml", "last: true\n")
    assert writer.flush(timeout=30)
    assert target.read_text() == "n: 199\n"
    assert (tmp_path / "b.yaml").read_text() == "last: true\n"
    assert 1 < writer.writes <= 201
    writer.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.yaml", "b.yaml"]


def test_stale_temporaries_are_removed_when_the_window_starts(tmp_path: Path) -> None:
    (tmp_path / "autosave.yaml.k1ll3d.tmp").write_text("half")
    app = game_app(tmp_path)
    try:
        assert not list(tmp_path.glob("*.tmp"))
    finally:
        app.close()


_KILL_CHILD = """
import sys, hashlib
from shogun_desktop.ai.driver import decide
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.ui.scenes.new_game import NewGameSettings, Seat
from shogun_desktop.ui.session import GameSession
from shogun_desktop.rules.save import dump_game
from shogun_desktop.towers import make_tower
seats = [Seat("A", "red", False), Seat("B", "blue", False), Seat("C", "yellow", False)]
session = GameSession.new(NewGameSettings(seats, "sun", "designated", 5), sys.argv[1],
                          make_tower("probabilistic"))
bot = RandomPlayer(9)
while not session.is_over():
    session.apply(decide(bot, session.game))
    print(len(session.game.state.events), flush=True)
"""


def test_kill_9_right_after_decisions_loses_at_most_the_last_one(tmp_path: Path) -> None:
    """SIGKILL right after a reported decision: the autosave loads, and holds that decision's
    predecessor or a later state (the writer is flushed before every decision is applied)."""
    from shogun_desktop.rules.engine import Game, GameConfig
    from shogun_desktop.towers import make_tower

    # the same game replayed here: its save text after every decision
    game = Game.new(GameConfig(["red", "blue", "yellow"], start="designated", seed=5,
                               names={"red": "A", "blue": "B", "yellow": "C"}),
                    tower=make_tower("probabilistic"))
    bot = RandomPlayer(9)
    texts = [dump_game(game)]
    while not game.is_over():
        game.apply(decide(bot, game))
        texts.append(dump_game(game))
    for target in (3, 20, 45):
        folder = tmp_path / f"k{target}"
        env = dict(os.environ, PYTHONPATH=str(REPO))
        child = subprocess.Popen([sys.executable, "-c", _KILL_CHILD, str(folder)], cwd=REPO,
                                 env=env, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        seen = [child.stdout.readline() for _ in range(target)]  # right after decision `target`
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=20)
        reported = len(seen) + len(out.split())
        assert child.returncode == -signal.SIGKILL and reported < len(texts) - 1
        saved = (folder / AUTOSAVE_NAME).read_text()
        assert saved in texts, "the autosave is not a state of the game"
        assert texts.index(saved) >= reported - 1
        load_game(folder / AUTOSAVE_NAME)


def test_fit_is_the_longest_prefix_that_fits_even_for_a_huge_line() -> None:
    from shogun_desktop.ui.theme import Fonts

    fonts = Fonts()
    text = "Tokugawa attacks Owari with 7 armies; " * 150  # 5,700 characters
    out = fonts.fit(text, 16, 400)
    assert out.endswith("…") and text.startswith(out[:-1])
    assert fonts.size(out, 16)[0] <= 400
    assert fonts.size(text[: len(out)] + "…", 16)[0] > 400  # one character more would not fit
    assert fonts.fit("short", 16, 400) == "short"
    assert fonts.fit("wide", 16, 1) == "…"


def test_setup_facts_use_the_strict_reader(tmp_path: Path) -> None:
    from shogun_desktop.data import DataError
    from shogun_desktop.ui.gamefacts import load_board_facts

    (tmp_path / "cards.yaml").write_text("daimyo: []\ndaimyo: []\n")
    with pytest.raises(DataError, match="duplicate key 'daimyo'"):
        load_board_facts(tmp_path)
    (tmp_path / "cards.yaml").write_text("daimyo: [{color: red}]\n")
    with pytest.raises(DataError, match="malformed"):
        load_board_facts(tmp_path)


def test_resume_right_after_a_decision_reads_that_decision(tmp_path: Path) -> None:
    """Resume flushes the writer first, so it never loads the save of an older decision."""
    app = game_app(tmp_path)
    try:
        start_game(app, ONE_HUMAN)
        session = app.host.session
        bot = RandomPlayer(4)
        for _ in range(25):
            session.apply(decide(bot, session.game))
        expected = game_to_dict(session.game)
        app.host.resume()
        assert app.host.session is not session
        assert game_to_dict(app.host.session.game) == expected
    finally:
        app.close()
