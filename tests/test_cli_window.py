"""`shogun-desktop --size WxH` and `--fullscreen` reach the window (not only `demo`)."""

from __future__ import annotations

import pytest

from shogun_desktop import cli
from shogun_desktop.ui import app as app_module
from shogun_desktop.ui.window_options import parse_size


def test_window_options_reach_the_window(monkeypatch):
    seen = []
    monkeypatch.setattr(app_module, "run_window", lambda argv=None: seen.append(argv) or 0)
    assert cli.main(["--size", "1920x1080", "--fullscreen"]) == 0
    assert cli.main(["--size=1280x720"]) == 0
    assert cli.main([]) == 0
    assert seen == [["--size", "1920x1080", "--fullscreen"], ["--size=1280x720"], []]


def test_window_size_is_parsed_and_bad_sizes_are_refused(monkeypatch, capsys):
    made = []

    class Stop(Exception):
        pass

    def fake_app(size, **kw):
        made.append((size, kw["fullscreen"]))
        raise Stop

    monkeypatch.setattr(app_module, "make_game_app", fake_app)
    with pytest.raises(Stop):
        app_module.run_window(["--size", "2560x1440", "--fullscreen"])
    assert made == [((2560, 1440), True)]
    with pytest.raises(SystemExit):
        app_module.run_window(["--size", "big"])
    assert "--size: expected WIDTHxHEIGHT" in capsys.readouterr().err
    assert parse_size("1366x768") == (1366, 768)
    assert parse_size("0x768") is None and parse_size("1366") is None
