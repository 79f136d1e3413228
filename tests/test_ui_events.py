"""The window reacts to events, never to their words: reworded log text changes nothing."""

from __future__ import annotations

import dataclasses

import pytest

from shogun_desktop.presenter import Presenter
from shogun_desktop.rules.save import game_to_dict
from shogun_desktop.ui.scenes.game import GameScene
from tests.test_ui_game_driver import Driver, game_app, settings, start_game


def _play(tmp_path, name: str) -> tuple[list[str], dict, int]:
    """Overlays shown (in order), the final game, and the winter summaries' note count."""
    app = game_app(tmp_path / name)
    shown: list[str] = []
    notes = 0
    try:
        start_game(app, settings(3, computers=(0, 1, 2), start="designated", seed=5))
        drv = Driver(app, seed=3)
        last = None
        for _ in range(6000):
            top = app.scenes.top
            if top is not last:
                shown.append(type(top).__name__)
                if type(top).__name__ == "WinterScene":
                    assert top.rows and all(r["total"] >= r["gained"] for r in top.rows)
                    notes += len(top.notes)
                last = top
            if not drv.step():
                break
        else:
            raise AssertionError("the game did not end")
        game = next(s for s in app.scenes if isinstance(s, GameScene)).session.game
        return shown, game_to_dict(game), notes
    finally:
        app.close()


def test_reworded_log_text_leaves_every_window_outcome_unchanged(tmp_path, monkeypatch) -> None:
    plain = _play(tmp_path, "plain")
    monkeypatch.setattr(Presenter, "line", lambda self, event: "~")
    monkeypatch.setattr(Presenter, "verdict", lambda self, event: "~")
    reworded = _play(tmp_path, "reworded")
    assert "WinterScene" in plain[0] and "EndScene" in plain[0]
    assert any(name in plain[0] for name in ("BattleOverlay", "DropNotice"))
    assert reworded == plain


@pytest.mark.parametrize("bad", ["Red skips Castle in Omi", "Winter of year 1"])
def test_log_like_text_in_a_name_triggers_nothing(tmp_path, bad: str) -> None:
    """A player named like a log line cannot fake a skip flash or a winter summary."""
    app = game_app(tmp_path / "names")
    try:
        s = settings(3, computers=(0, 1, 2), start="designated", seed=5)
        s = dataclasses.replace(s, seats=[s.seats[0]._replace(name=bad[:20]),
                                          *s.seats[1:]])
        scene = start_game(app, s)
        drv = Driver(app, seed=1)
        for _ in range(3):
            drv.pump()
        assert scene.session.name("red") == bad[:20]
        assert scene.flash is None
        assert type(app.scenes.top).__name__ != "WinterScene"
    finally:
        app.close()
