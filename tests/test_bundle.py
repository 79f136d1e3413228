"""The PyInstaller bundles (tools/build_bundle.py) run every command without Python.

Builds the one-folder and the single-file bundle for this platform once (about 40 s on two
cores), then runs them from a folder outside the checkout with no source tree to fall back on:
--version, every subcommand of cli.SUBCOMMANDS (so a subcommand added later is covered too),
simulate (also stopping early with --save), scenario on the repository's scenario files, check
on that save, a scenario and an alias bomb, and the demo window headless with a screenshot.
Marked slow; CI runs it (the test extra installs PyInstaller).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from shogun_desktop import __version__
from shogun_desktop.cli import SUBCOMMANDS

pytestmark = pytest.mark.slow
pytest.importorskip("PyInstaller", reason="PyInstaller is not installed (pip install -e '.[build]')")

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.yaml"))


@pytest.fixture(scope="module")
def bundles(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("bundle")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_bundle.py"), "--mode", "both",
         "--dist", str(out / "dist"), "--work", str(out / "work")],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_bundle
    finally:
        sys.path.remove(str(ROOT / "tools"))
    exes = {mode: build_bundle.executable(mode, out / "dist") for mode in ("onedir", "onefile")}
    for exe in exes.values():
        assert exe.is_file() and os.access(exe, os.X_OK), exe
    return exes


@pytest.fixture
def run(tmp_path):
    """Run a bundle's executable far from the checkout, headless, with its own saves folder."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("SHOGUN_DESKTOP_DATA", "SHOGUN_DESKTOP_ASSETS", "PYTHONPATH")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SHOGUN_DESKTOP_SAVES=str(tmp_path / "saves"))

    def _run(exe: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(exe), *args], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)

    return _run


def test_one_folder_bundle_carries_data_fonts_icon_and_every_subcommand(bundles, run):
    internal = next(p for p in bundles["onedir"].parent.rglob("board.yaml")).parent.parent
    for rel in ("data/board.yaml", "data/cards.yaml", "data/map.yaml", "data/tower.yaml",
                "data/rules.yaml", "assets/fonts/DejaVuSans.ttf",
                "assets/fonts/NotoSerifCJKjp-Bold-subset.otf", "assets/icon.png"):
        assert (internal / rel).is_file(), rel
    for name in SUBCOMMANDS:
        proc = run(bundles["onedir"], name, "--help")
        assert proc.returncode == 0, (name, proc.stderr)
        assert "not available in this build" not in proc.stdout + proc.stderr, name
        assert proc.stdout.startswith(f"usage: shogun-desktop {name}"), name


@pytest.mark.parametrize("mode", ["onedir", "onefile"])
def test_bundle_runs_headless(bundles, run, mode, tmp_path):
    exe = bundles[mode]
    proc = run(exe, "--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"shogun-desktop {__version__}"

    proc = run(exe, "simulate", "--games", "2")
    assert proc.returncode == 0, proc.stderr
    assert "2 games finished" in proc.stdout and "0 invariant violations" in proc.stdout

    proc = run(exe, "scenario", *map(str, SCENARIOS))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert f"{len(SCENARIOS)} passed, 0 failed" in proc.stdout

    save = tmp_path / "stopped.yaml"
    proc = run(exe, "simulate", "--games", "1", "--seed", "3", "--stop-after", "40",
               "--save", str(save))
    assert proc.returncode == 0, proc.stderr
    proc = run(exe, "check", str(save), str(SCENARIOS[0]))
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert proc.stdout.count("OK") == 2, proc.stdout
    broken = tmp_path / "broken.yaml"
    broken.write_text("a: &x [1]\nb: *x\n", encoding="utf-8")
    proc = run(exe, "check", str(broken))
    assert proc.returncode == 2 and "INVALID" in proc.stdout, proc.stdout + proc.stderr

    shot = tmp_path / "demo.png"
    proc = run(exe, "demo", "--frames", "60", "--screenshot", str(shot))
    assert proc.returncode == 0, proc.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1600, 900)
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1600, 40) for y in range(0, 900, 40)}
    assert len(colours) > 20, "the demo drew (almost) nothing"
