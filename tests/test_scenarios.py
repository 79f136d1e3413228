"""The rules scenarios in tests/scenarios all pass; the runner's exit codes are as specified."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from shogun_desktop.scenario import run_file
from tests.helpers import REPO, SHARED

SCENARIOS = sorted((REPO / "tests" / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_passes(path: Path) -> None:
    result = run_file(path)
    assert result.passed, "; ".join(result.failures)


def test_there_are_enough_scenarios_and_the_shared_ones_are_included() -> None:
    assert len(SCENARIOS) >= 37
    if (SHARED / "scenarios").exists():
        ours = {p.name: p.read_text(encoding="utf-8") for p in SCENARIOS}
        for shared in (SHARED / "scenarios").glob("*.yaml"):
            assert ours.get(shared.name) == shared.read_text(encoding="utf-8"), shared.name


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "shogun_desktop", "scenario", *args],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def test_cli_passes_the_folder_with_exit_0() -> None:
    proc = _cli("tests/scenarios")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines[-1] == f"{len(SCENARIOS)} passed, 0 failed"
    assert all(line.startswith("PASS ") for line in lines[:-1])


def test_wrong_expectation_fails_with_exit_1(tmp_path: Path) -> None:
    src = REPO / "tests" / "scenarios" / "07-recruit-under-event-with-bonus.yaml"
    bad = tmp_path / "wrong.yaml"
    bad.write_text(src.read_text(encoding="utf-8").replace("Mino: {owner: red, armies: 6}",
                                                           "Mino: {owner: red, armies: 7}"))
    proc = _cli(str(bad))
    assert proc.returncode == 1
    assert "FAIL" in proc.stdout and "provinces.Mino.armies: expected 7, got 6" in proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("board: sun\nplayers: [red, blue, yellow]\nsteps:\n  - {player: red, action: fly, "
         "province: Omi}\n", "steps[0].action: 'fly' is not one of"),
        ("board: sun\nplayers: [red, blue]\nsteps: []\n", "players: must list 3-5"),
        ("board: sun\nplayers: [red, blue, yellow]\nposition: {provinces: {Omi: {owner: red, "
         "armies: 70}}}\nsteps: []\n", "red would need 70 cubes"),
        ("board: sun\nplayers: [red, blue, yellow]\nsteps: [\n", "not valid YAML"),
        ("board: sun\nplayers: [red, blue, yellow]\nposition: {provinces: {Mino: {owner: red, "
         "armies: 3}}}\nsteps:\n  - {player: red, action: battle-a, province: Mino, to: Omi, "
         "armies: 2}\n", "gives no `drop`"),
    ],
    ids=["unknown-action", "two-players", "too-many-cubes", "broken-yaml", "missing-drop"],
)
def test_malformed_scenario_exits_2_with_one_clear_line(tmp_path: Path, text: str,
                                                        message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    proc = _cli(str(path))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stdout + proc.stderr
    invalid = [line for line in proc.stdout.splitlines() if line.startswith("INVALID")]
    assert len(invalid) == 1 and message in invalid[0] and str(path) in invalid[0]


def test_missing_path_exits_2(tmp_path: Path) -> None:
    proc = _cli(str(tmp_path / "nope.yaml"))
    assert proc.returncode == 2 and "no such file" in proc.stderr


def test_folder_mixing_pass_and_fail(tmp_path: Path) -> None:
    for p in SCENARIOS[:2]:
        shutil.copy(p, tmp_path / p.name)
    (tmp_path / "zz.yaml").write_text(
        (SCENARIOS[0]).read_text(encoding="utf-8").replace("armies: 2}", "armies: 3}", 1))
    proc = _cli(str(tmp_path))
    assert proc.returncode == 1
    assert proc.stdout.strip().splitlines()[-1] == "2 passed, 1 failed"
