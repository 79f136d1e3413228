"""``shogun-desktop tower-stats``: the report, its JSON keys, the plot, and light imports."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from shogun_desktop.rules.tower import ProbabilisticTower
from shogun_desktop.tower import stats

REQUIRED_KEYS = {
    "drops",
    "exit_fraction_mean",
    "held_mean",
    "held_p90",
    "held_max",
    "release_share",
    "jams",
    "escapes",
    "ms_median",
    "ms_p95",
}


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    stats.add_arguments(parser)
    return parser.parse_args(argv)


def test_json_report_has_the_agreed_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert stats.run(parse(["--drops", "12", "--seed", "3", "--json"])) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= REQUIRED_KEYS
    assert set(report) - REQUIRED_KEYS <= {"held_final", "tower"}
    assert report["drops"] == 12 and report["tower"] == "physical"
    assert 0.0 <= report["exit_fraction_mean"] <= 1.0
    assert report["escapes"] == 0
    assert report["held_max"] >= report["held_p90"] >= 0


def test_text_report_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "tower.png"
    assert stats.run(parse(["--drops", "6", "--seed", "1", "--plot", str(png)])) == 0
    out = capsys.readouterr().out
    assert "exit fraction" in out and "escapes" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_model_is_seeded_and_reproducible() -> None:
    a = stats.run_stats(ProbabilisticTower(), 200, seed=4)
    b = stats.run_stats(ProbabilisticTower(), 200, seed=4)
    assert a.held == b.held and a.exit_fraction == b.exit_fraction
    summary = a.summary()
    assert summary["tower"] == "probabilistic model"
    assert 0.0 < summary["release_share"] <= 1.0


def test_percentile_nearest_rank() -> None:
    assert stats.percentile([], 90) == 0.0
    assert stats.percentile([5], 90) == 5.0
    assert stats.percentile(list(range(1, 11)), 90) == 9.0
    assert stats.percentile(list(range(1, 11)), 95) == 10.0


def test_importing_stats_does_not_import_pygame() -> None:
    code = "import sys, shogun_desktop.tower.stats, shogun_desktop.tower; print('pygame' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "False"


def test_cli_dispatches_to_tower_stats(capsys: pytest.CaptureFixture[str]) -> None:
    from shogun_desktop.cli import main

    assert main(["tower-stats", "--drops", "3", "--seed", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["drops"] == 3
