"""`simulate` plays complete games and reports them as specified."""

from __future__ import annotations

import json

import pytest

from shogun_desktop.cli import main


@pytest.mark.parametrize("tower", ["probabilistic", "physical"])
def test_simulate_json_reports_finished_games(capsys: pytest.CaptureFixture[str], tower: str) -> None:
    code = main(["simulate", "--games", "3", "--players", "5", "--board", "moon", "--seed", "1",
                 "--tower", tower, "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"games", "summary"}
    assert [g["seed"] for g in out["games"]] == [1, 2, 3]
    for g in out["games"]:
        assert set(g) >= {"seed", "winners", "vp", "battles", "seconds"}
        assert g["winners"] and set(g["vp"]) == {"red", "yellow", "blue", "purple", "black"}
        assert g["battles"] > 0
    s = out["summary"]
    assert s["finished"] == 3 and s["invariant_violations"] == 0 and s["seconds_median"] > 0
    if tower == "probabilistic":
        assert "model (not physics)" in s["tower"]
    else:
        assert s["tower"].startswith("physical")


def test_simulate_text_output_and_same_seed_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--games", "2", "--players", "3", "--start", "designated", "--seed", "5",
            "--tower", "probabilistic", "--json"]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    strip = [{k: v for k, v in g.items() if k != "seconds"} for g in first["games"]]
    assert strip == [{k: v for k, v in g.items() if k != "seconds"} for g in second["games"]]
    assert main(["simulate", "--games", "1", "--players", "4", "--tower", "probabilistic"]) == 0
    text = capsys.readouterr().out
    assert "1 game finished;" in text and "probabilistic model" in text


@pytest.mark.parametrize("tower", ["probabilistic", "physical"])
def test_stop_after_and_save_write_the_windows_autosave_which_the_window_loads(
        tmp_path, capsys: pytest.CaptureFixture[str], tower: str) -> None:
    from shogun_desktop.ai.driver import decide
    from shogun_desktop.ai.random_player import RandomPlayer
    from shogun_desktop.data.board import PLAYER_COLOURS
    from shogun_desktop.rules.engine import Game, GameConfig
    from shogun_desktop.towers import make_tower
    from shogun_desktop.ui.scenes.game import GameScene
    from shogun_desktop.ui.session import AUTOSAVE_NAME, GameSession
    from tests.test_ui_game_driver import game_app

    save = tmp_path / "situation.yaml"
    code = main(["simulate", "--games", "1", "--seed", "12", "--players", "4", "--stop-after",
                 "70", "--save", str(save), "--tower", tower])
    assert code == 0
    assert "stopped after 70 decisions" in capsys.readouterr().out
    # the window's session, given the same game and decisions, autosaves exactly this text
    game = Game.new(GameConfig(list(PLAYER_COLOURS[:4]), seed=12), tower=make_tower(tower))
    session = GameSession(game, tmp_path / "window")
    bot = RandomPlayer(12 * 7919 + 1)
    for _ in range(70):
        session.apply(decide(bot, game))
    session.close()
    assert (tmp_path / "window" / AUTOSAVE_NAME).read_text() == save.read_text()
    # and the window's Load path plays it
    app = game_app(tmp_path / "saves")
    try:
        assert app.host.load(save)
        scene = next(s for s in app.scenes if isinstance(s, GameScene))
        assert scene.session.game.state.events == game.state.events
        assert scene.session.pending() is not None
    finally:
        app.close()


def test_save_needs_one_game(tmp_path) -> None:
    assert main(["simulate", "--games", "2", "--save", str(tmp_path / "x.yaml")]) == 2
    assert main(["simulate", "--games", "1", "--stop-after", "-1"]) == 2


def test_simulate_seats_levels_and_reports_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "3", "--seats", "normal,easy,easy", "--seed", "4",
                 "--tower", "probabilistic", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    # seats rotate: the Normal player sits in a different seat each game
    seats_of_normal = [next(c for c, lv in g["levels"].items() if lv == "normal")
                       for g in out["games"]]
    assert seats_of_normal == ["red", "yellow", "blue"]
    levels = out["summary"]["levels"]
    assert set(levels) == {"normal", "easy"}
    assert levels["normal"]["seats"] == 1 and levels["easy"]["seats"] == 2
    assert levels["normal"]["games"] == 3
    total = levels["normal"]["wins"] + levels["easy"]["wins"]
    assert total == pytest.approx(3)  # shared wins are fractions; every game has winners
    for entry in levels.values():
        low, high = entry["ci95"]
        assert 0 <= low <= entry["win_rate"] <= high <= 1
        assert entry["cannot_pay_per_player_game"] >= 0


def test_simulate_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seats", "easy,expert,easy"]) == 2
    assert "unknown level 'expert'" in capsys.readouterr().err
    assert main(["simulate", "--seats", "easy,easy,easy", "--players", "4"]) == 2
    assert "--players is 4" in capsys.readouterr().err


def test_shared_wins_count_as_fractions_and_wilson_bounds() -> None:
    from shogun_desktop.simulate import level_summary, wilson

    row = {"cannot_pay": {"red": 0, "blue": 1}, "short_winters": {"red": 1, "blue": 0},
           "shortfall": {"red": 2, "blue": 0}}
    results = [{"levels": {"red": "hard", "blue": "easy"}, "winners": ["red", "blue"], **row},
               {"levels": {"red": "easy", "blue": "hard"}, "winners": ["blue"], **row}]
    levels = level_summary(results)
    assert levels["hard"]["wins"] == 1.5 and levels["easy"]["wins"] == 0.5
    assert levels["hard"]["win_rate"] == 0.75
    low, high = wilson(0, 10)
    assert low == 0 and 0.2 < high < 0.35
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=1e-3) and high == pytest.approx(0.596, abs=1e-3)
