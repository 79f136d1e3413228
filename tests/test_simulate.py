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
