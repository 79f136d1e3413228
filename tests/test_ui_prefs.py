"""The settings store: schema-checked values, atomic saves, tolerant loading."""

from __future__ import annotations

from pathlib import Path

import pytest

from shogun_desktop.ui.prefs import SCHEMA, Prefs, PrefsError, Setting, prefs_dir


def test_defaults_and_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "cfg" / "settings.yaml"
    prefs = Prefs.load(path)
    assert prefs.problem is None and not path.exists()
    assert prefs.as_dict() == {k: s.default for k, s in SCHEMA.items()}
    assert prefs.set("sound.volume", 0.4) and prefs.set("sound.mute", True)
    again = Prefs.load(path)
    assert again.get("sound.volume") == 0.4 and again["sound.mute"] is True
    assert again.problem is None
    assert not list(path.parent.glob("*.tmp"))  # written atomically, no leftovers


def test_bad_values_are_refused_with_the_key(tmp_path: Path) -> None:
    prefs = Prefs(tmp_path / "s.yaml")
    for key, value in (("sound.volume", 1.5), ("sound.volume", "loud"), ("sound.mute", 1),
                       ("sound.volume", float("nan"))):
        with pytest.raises(PrefsError, match=key.replace(".", r"\.")):
            prefs.set(key, value)
    with pytest.raises(KeyError):
        prefs.set("nope", 1)
    assert prefs.get("sound.volume") == SCHEMA["sound.volume"].default
    assert not (tmp_path / "s.yaml").exists()


@pytest.mark.parametrize("text", [
    "settings: [unclosed", "- a list", "settings: 3", "\x00\x01", "",
])
def test_broken_files_give_defaults(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(text, encoding="utf-8")
    prefs = Prefs.load(path)
    assert prefs.as_dict() == {k: s.default for k, s in SCHEMA.items()}
    if text:
        assert prefs.problem and str(path) in prefs.problem
    assert prefs.set("sound.volume", 0.25)  # and the next change repairs the file
    assert Prefs.load(path).get("sound.volume") == 0.25


def test_one_bad_value_keeps_the_others_and_unknown_keys_survive(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("version: 1\nsettings:\n  sound.volume: 7\n  sound.mute: true\n"
                    "  board.zoom: 2\n", encoding="utf-8")
    prefs = Prefs.load(path)
    assert prefs.get("sound.mute") is True
    assert prefs.get("sound.volume") == SCHEMA["sound.volume"].default
    assert "sound.volume" in (prefs.problem or "") and "at most 1" in (prefs.problem or "")
    prefs.set("sound.mute", False)
    assert "board.zoom: 2" in path.read_text(encoding="utf-8")


def test_a_general_schema(tmp_path: Path) -> None:
    schema = {s.key: s for s in (Setting("ui.speed", float, 1.0, choices=(0.5, 1.0, 2.0)),
                                 Setting("ui.name", str, "x"), Setting("n", int, 3, "", 1, 5))}
    prefs = Prefs(tmp_path / "p.yaml", schema=schema)
    prefs.set("ui.speed", 2)
    assert prefs.get("ui.speed") == 2.0
    with pytest.raises(PrefsError):
        prefs.set("ui.speed", 3.0)
    with pytest.raises(PrefsError):
        prefs.set("n", 2.5)
    prefs.set("ui.name", "Ieyasu")
    assert Prefs.load(tmp_path / "p.yaml", schema=schema).as_dict() == {
        "ui.speed": 2.0, "ui.name": "Ieyasu", "n": 3}


def test_unwritable_folder_keeps_the_value_and_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    prefs = Prefs(blocker / "settings.yaml")
    assert prefs.set("sound.volume", 0.1) is False
    assert prefs.get("sound.volume") == 0.1 and "cannot save" in (prefs.problem or "")


def test_config_folder_comes_from_the_environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SHOGUN_DESKTOP_CONFIG", str(tmp_path))
    assert prefs_dir() == tmp_path
    monkeypatch.delenv("SHOGUN_DESKTOP_CONFIG")
    assert "shogun-desktop" in str(prefs_dir())


def test_each_test_has_its_own_settings_and_saves_folders(tmp_path_factory) -> None:
    """conftest gives every test fresh folders: a setting one test saves cannot reach the next
    test, nor another xdist worker running beside it."""
    import os

    config = Path(os.environ["SHOGUN_DESKTOP_CONFIG"])
    saves = Path(os.environ["SHOGUN_DESKTOP_SAVES"])
    assert prefs_dir() == config
    base = tmp_path_factory.getbasetemp()
    assert config.is_relative_to(base) and saves.is_relative_to(base)
    assert config.parent == saves.parent  # one throwaway home per test
    assert "guide.enabled: false" in (config / "settings.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("run", ["first", "second"])
def test_a_setting_saved_by_one_test_never_reaches_another(run: str) -> None:
    """Both runs find the pristine file and then change it: were the folder shared, the run
    that comes second (in either order) would find the other's change."""
    path = prefs_dir() / "settings.yaml"
    pristine = path.read_text(encoding="utf-8")
    assert "guide.enabled: false" in pristine and "flow.confirm" not in pristine
    prefs = Prefs.load(path)
    prefs.set("flow.confirm", False)
    assert "flow.confirm" in path.read_text(encoding="utf-8")
