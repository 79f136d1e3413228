"""``shogun-desktop check``: every hostile file is refused with its reason, fast, by the same
loaders the game uses; valid files pass. (Timings and memory are measured in
benchmarks/refusal_figures.py; here a subprocess under a memory limit proves no blow-up.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from shogun_desktop.check import check_paths
from shogun_desktop.data import DATA_DIR
from shogun_desktop.rules.save import dump_game
from tests.hostile import REPO, Case, game_at, make_hostile_files


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    return make_hostile_files(tmp_path_factory.mktemp("hostile"))


def _lines(path: Path) -> list[tuple[str, bool]]:
    return list(check_paths([path]))


def test_every_hostile_file_is_refused_with_its_reason(hostile: list[Case]) -> None:
    assert len(hostile) >= 40
    for case in hostile:
        lines = _lines(case.path)
        refused = [line for line, ok in lines if not ok]
        assert refused, f"{case.path.name} was accepted: {lines}"
        assert any(case.reason in line for line in refused), (case.path.name, refused)
        assert all(line.startswith("INVALID ") and len(line) <= 420 for line in refused)


def test_valid_files_and_the_shipped_data_folder_pass(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    save.write_text(dump_game(game_at(lambda g: g.state.phase == "actions")), encoding="utf-8")
    over = tmp_path / "over.yaml"
    over.write_text(dump_game(game_at(lambda g: g.is_over(), players=3)), encoding="utf-8")
    paths = [save, over, DATA_DIR, REPO / "tests" / "scenarios"]
    results = list(check_paths(paths))
    assert all(ok for _, ok in results), [line for line, ok in results if not ok]
    assert f"OK {save} (save)" in [line for line, _ in results]
    assert sum("(scenario)" in line for line, _ in results) >= 70
    assert sum(line.startswith(f"OK {DATA_DIR}") for line, _ in results) == 6


def test_the_command_prints_one_line_per_file_and_exits_2_under_a_memory_limit(
        hostile: list[Case], tmp_path: Path) -> None:
    """All hostile files in one run of the real command, limited to 400 MB and 20 s."""
    good = tmp_path / "good.yaml"
    good.write_text(dump_game(game_at(lambda g: g.state.phase == "picks")), encoding="utf-8")
    files = [str(c.path) for c in hostile if not c.path.is_dir()]
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (400 << 20, 400 << 20));"
            "from shogun_desktop.cli import main; sys.exit(main(['check', *sys.argv[1:]]))")
    proc = subprocess.run([sys.executable, "-c", code, str(good), *files], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"OK {good} (save)"
    assert len(lines) == 1 + len(files)
    assert all(line.startswith("INVALID ") for line in lines[1:])
    ok = subprocess.run([sys.executable, "-m", "shogun_desktop", "check", str(good)], cwd=REPO,
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and ok.stdout == f"OK {good} (save)\n"


@pytest.mark.parametrize("name", ["deep-flow", "deep-flow-mapping", "alias-bomb", "oversize"])
def test_each_refusal_stays_small_in_its_own_process(hostile: list[Case], name: str) -> None:
    """One refusal per process under RLIMIT_AS 400 MB: a SIGSEGV or MemoryError would show."""
    path = next(c.path for c in hostile if c.path.stem == name)
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (400 << 20, 400 << 20));"
            "from shogun_desktop.rules.save import SaveError, load_game\n"
            "try:\n    load_game(sys.argv[1])\nexcept SaveError as e:\n    print('refused', e)")
    proc = subprocess.run([sys.executable, "-c", code, str(path)], cwd=REPO,
                          capture_output=True, text=True, timeout=20)
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-1000:])
    assert proc.stdout.startswith("refused ")


def test_scenario_cli_refuses_invalid_files_with_exit_2(hostile: list[Case]) -> None:
    from shogun_desktop.cli import main

    for case in hostile:
        if case.kind == "scenario" or case.kind == "path":
            assert main(["scenario", str(case.path)]) == 2, case.path.name


def test_a_data_folder_override_applies_to_every_reader(hostile: list[Case],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from shogun_desktop.check import preload_data

    for case in hostile:
        if case.kind != "data":
            continue
        folder = case.path if case.path.is_dir() else case.path.parent
        monkeypatch.setenv("SHOGUN_DESKTOP_DATA", str(folder))
        problem = preload_data()
        assert problem is not None and case.reason in problem, (folder.name, problem)
    monkeypatch.setenv("SHOGUN_DESKTOP_DATA", str(DATA_DIR))
    assert preload_data() is None


@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["scenario", "tests/scenarios"],
                                     [], ["demo", "--frames", "1"]])
def test_a_broken_data_file_is_one_line_and_exit_2(hostile: list[Case], command: list[str]) -> None:
    import os

    folder = next(c.path.parent for c in hostile if c.path.parent.name == "data-latin1")
    env = dict(os.environ, SHOGUN_DESKTOP_DATA=str(folder), SDL_VIDEODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "shogun_desktop", *command], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "board.yaml: not UTF-8" in proc.stderr and len(proc.stderr.splitlines()) == 1


def test_check_never_imports_pygame(tmp_path: Path) -> None:
    save = tmp_path / "game.yaml"
    save.write_text(dump_game(game_at(lambda g: g.state.phase == "planning")), encoding="utf-8")
    code = ("import sys; from shogun_desktop.cli import main; code = main(['check', *sys.argv[1:]]);"
            "assert 'pygame' not in sys.modules; sys.exit(code)")
    proc = subprocess.run([sys.executable, "-c", code, str(save), str(DATA_DIR),
                           str(REPO / "tests" / "scenarios" / "01-attack-wins-against-defender-and-farmers.yaml")],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_saves_with_the_old_generator_list_still_load_and_are_written_compactly() -> None:
    import yaml

    from shogun_desktop.rules.save import load_game_text

    game = game_at(lambda g: g.state.phase == "actions")
    text = dump_game(game)
    doc = yaml.safe_load(text)
    assert isinstance(doc["rng"]["state"], str) and len(doc["rng"]["state"]) < 3400
    version, internal, gauss = game.rng.getstate()
    doc["rng"] = {"version": version, "state": list(internal), "gauss": gauss}
    old = load_game_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100), "old")
    assert dump_game(old) == text
    assert old.rng.getstate() == game.rng.getstate()


def test_data_is_read_once_per_process() -> None:
    from shogun_desktop.data.board import default_board
    from shogun_desktop.data.mapdata import load_map
    from shogun_desktop.tower.geometry import load_geometry

    assert load_geometry() is load_geometry()
    assert load_map() is load_map()
    assert default_board() is default_board()


WRONG = [None, 1, "x", [], {}, ["x", 1], 10**30, 2.0, True]


def _paths(doc: object, prefix: tuple = (), depth: int = 3):
    yield prefix
    if depth == 0:
        return
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*prefix, k), depth - 1)
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:2]):
            yield from _paths(v, (*prefix, i), depth - 1)


@pytest.mark.parametrize("phase", ["draft", "planning", "picks", "actions"])
def test_every_field_of_a_save_is_type_checked(phase: str) -> None:
    """Each field (three levels deep) replaced by values of the wrong type: a SaveError naming
    the file, never another exception. (cursor and log have their own parsers: their
    refusals may come through the loader's last guard.)"""
    import copy

    from shogun_desktop.rules.save import SaveError, game_from_dict, game_from_doc, game_to_dict

    base = game_to_dict(game_at(lambda g: g.state.phase == phase and (
        phase != "actions" or g.state.actions_done >= 3)))
    seat = base["players"][0]
    for key in ("revealed", "voided", "lost", "plans"):  # give the empty mappings an entry
        base[key].setdefault(seat, None)
    calls = 0
    for path in _paths(base):
        if not path or path[0] == "rng" and len(path) > 1:
            continue
        for value in WRONG:
            doc = copy.deepcopy(base)
            target = doc
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
            load = game_from_doc if path[0] in ("cursor", "log") else game_from_dict
            calls += 1
            try:
                load(doc, "fuzz.yaml")
            except SaveError as exc:
                assert str(exc).startswith("fuzz.yaml: ") and len(str(exc)) < 400
    assert calls > 500


def test_tower_stats_refuses_a_broken_tower_file(hostile: list[Case]) -> None:
    import os

    folder = next(c.path.parent for c in hostile if c.path.parent.name == "data-fast-tower")
    env = dict(os.environ, SHOGUN_DESKTOP_DATA=str(folder))
    proc = subprocess.run([sys.executable, "-m", "shogun_desktop", "tower-stats", "--drops", "1"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "steps_per_second: must be between" in proc.stderr
