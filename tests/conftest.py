"""Shared test setup: every GUI test runs headless, with its own settings and saves folders."""

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window follows the system language when none is chosen: tests read English unless they
# switch on purpose (and switch back: tests/test_i18n_*.py), whatever the machine's locale.
os.environ["LANGUAGE"] = "en"

# tests play as a returning player: the first-game guide is off unless a test turns it on
RETURNING_PLAYER = "version: 1\nsettings:\n  guide.enabled: false\n"


def _throwaway_home() -> None:
    """Settings and saves folders for this process (each xdist worker makes its own), for
    what runs outside a test function (module fixtures); each test then gets fresh ones."""
    root = tempfile.mkdtemp(prefix="shogun-test-")
    os.makedirs(os.path.join(root, "config"))
    with open(os.path.join(root, "config", "settings.yaml"), "w", encoding="utf-8") as f:
        f.write(RETURNING_PLAYER)
    os.environ["SHOGUN_DESKTOP_CONFIG"] = os.path.join(root, "config")
    os.environ["SHOGUN_DESKTOP_SAVES"] = os.path.join(root, "saves")


_throwaway_home()


@pytest.fixture(autouse=True)
def _own_settings_and_saves(tmp_path_factory: pytest.TempPathFactory,
                            monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test reads and writes settings and saves in throwaway folders of its own.

    Never the user's folders, and never a folder another test (or another xdist worker
    running at the same time) writes: a setting one test changes cannot leak into the next.
    """
    root = tmp_path_factory.mktemp("home")
    config = root / "config"
    config.mkdir()
    (config / "settings.yaml").write_text(RETURNING_PLAYER, encoding="utf-8")
    monkeypatch.setenv("SHOGUN_DESKTOP_CONFIG", str(config))
    monkeypatch.setenv("SHOGUN_DESKTOP_SAVES", str(root / "saves"))
    yield config
