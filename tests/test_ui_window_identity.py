"""The window says what it is: an icon, a title with the version, and one version source.

Also: with no display the window refuses to start (one clear line, exit 1) instead of running
invisibly in SDL's offscreen fallback; a headless driver asked for by name still works.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

from shogun_desktop import __version__
from shogun_desktop.ui.app import App, NoDisplayError, window_title

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app():
    a = App(fps=0, show_new_game=False)
    yield a
    a.close()


def test_window_title_carries_the_version(app):
    assert pygame.display.get_caption()[0] == f"Shogun Desktop {__version__}" == app.title
    assert window_title("demo") == f"Shogun Desktop {__version__} — demo"


def test_window_has_the_shipped_icon(app):
    assert app.icon is not None and app.icon.get_size() == (256, 256)
    # the crest: vermilion tile, gold ring, paper disc, ink keep in the middle
    assert app.icon.get_at((128, 10))[:3] == (178, 45, 32)
    assert app.icon.get_at((128, 26))[:3] == (214, 170, 72)  # gold ring
    assert app.icon.get_at((128, 50))[:3] == (248, 243, 230)
    assert app.icon.get_at((128, 190))[:3] == (36, 31, 27)  # the keep's stone base


def test_shipped_icon_is_what_the_tool_draws():
    from tools.make_icon import draw_icon, scaled

    drawn = scaled(draw_icon(), 256)
    shipped = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert shipped.get_size() == drawn.get_size()
    diffs = [abs(a - b) for x in range(0, 256, 4) for y in range(0, 256, 4)
             for a, b in zip(shipped.get_at((x, y)), drawn.get_at((x, y)), strict=True)]
    assert max(diffs) <= 2, "assets/icon.png is stale: run tools/make_icon.py"
    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    assert ico[:4] == b"\0\0\1\0" and int.from_bytes(ico[4:6], "little") == 7


def test_version_has_one_source_and_the_cli_prints_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "shogun_desktop.__version__"}
    proc = subprocess.run([sys.executable, "-m", "shogun_desktop", "--version"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"shogun-desktop {__version__}"


def test_an_unrequested_headless_driver_is_refused(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    with pytest.raises(NoDisplayError, match="offscreen"):
        App(fps=0, show_new_game=False)
    assert not pygame.display.get_init()
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # asked for by name: fine
    App(fps=0, show_new_game=False).close()


def _bare_env(tmp_path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env["SHOGUN_DESKTOP_SAVES"] = str(tmp_path)
    return env


def test_no_display_prints_one_line_instead_of_hanging(tmp_path):
    env = _bare_env(tmp_path)
    probe = subprocess.run(
        [sys.executable, "-c", "import pygame; pygame.display.init(); "
                               "print(pygame.display.get_driver())"],
        env=env, capture_output=True, text=True, timeout=60)
    driver = probe.stdout.strip().splitlines()[-1] if probe.stdout.strip() else ""
    if driver not in ("offscreen", "dummy"):
        pytest.skip(f"this machine has a display ({driver or probe.stderr.strip()!r})")
    for args in ([], ["demo", "--frames", "2"]):
        # before the fix this ran an invisible window forever: the timeout would fire
        proc = subprocess.run([sys.executable, "-m", "shogun_desktop", *args], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 1
        ours = [line for line in proc.stderr.splitlines() if line.startswith("shogun-desktop")]
        assert len(ours) == 1 and "Traceback" not in proc.stderr
        assert ours[0].startswith("shogun-desktop: cannot open a window (no display found")
