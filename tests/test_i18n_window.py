"""Choosing the language: the setup screen's row switches at once and is remembered;
--lang overrides it for one run; with no choice the system language is used."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from shogun_desktop import cli, i18n
from shogun_desktop.i18n import LANGUAGES
from shogun_desktop.presenter import Presenter
from shogun_desktop.ui import app as app_module
from shogun_desktop.ui.app import App, apply_language
from shogun_desktop.ui.prefs import Prefs, PrefsError
from shogun_desktop.ui.widgets import Choice
from tests.test_ui_new_game import FRAME, click_option, widget


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_language_row_names_every_language_in_itself_and_switches_at_once(tmp_path):
    prefs = Prefs(tmp_path / "settings.yaml")
    app = App(fps=0, prefs=prefs)
    try:
        app.run(max_frames=1, dt=FRAME)
        row = widget(app, "language")
        assert isinstance(row, Choice)
        assert [o.label for o in row.options] == [lang.native for lang in LANGUAGES.values()]
        assert row.value == "en"
        click_option(app, "language", "ru")
        assert i18n.current().code == "ru"
        assert widget(app, "language").value == "ru"  # the rebuilt row shows the choice
        assert Presenter({"red": "Anna"}).prompt({"player": "red", "kind": "plan"}) == (
            "Anna: тайно спланируйте свои действия")
        assert Prefs.load(tmp_path / "settings.yaml").get("language") == "ru"
    finally:
        app.close()


def test_lang_overrides_the_remembered_choice_which_overrides_the_system(
        tmp_path, monkeypatch) -> None:
    prefs = Prefs(tmp_path / "settings.yaml")
    monkeypatch.setenv("LANGUAGE", "nl")
    assert apply_language(prefs) == "nl"
    prefs.set("language", "cs")
    assert apply_language(prefs) == "cs"
    assert apply_language(prefs, "zh_Hant") == "zh_Hant" == i18n.current().code
    assert prefs.get("language") == "cs"  # --lang is for one run, never saved
    with pytest.raises(PrefsError):
        prefs.set("language", "klingon")


def test_lang_reaches_the_window_and_bad_codes_are_refused(monkeypatch, capsys) -> None:
    seen: list = []
    run_window = app_module.run_window
    monkeypatch.setattr(app_module, "run_window", lambda argv=None: seen.append(argv) or 0)
    assert cli.main(["--lang", "cs"]) == 0
    assert seen == [["--lang", "cs"]]

    class Stop(Exception):
        pass

    def fake_app(size, **kw):
        seen.append(i18n.current().code)
        raise Stop

    monkeypatch.setattr(app_module, "make_game_app", fake_app)
    with pytest.raises(Stop):
        run_window(["--lang", "zh_Hant"])
    assert seen[-1] == "zh_Hant"
    with pytest.raises(SystemExit):
        run_window(["--lang", "xx"])
    assert "--lang" in capsys.readouterr().err
