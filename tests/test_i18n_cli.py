"""The headless commands speak the player's language: ``--lang`` on the command, else the
system language. The words scripts read (``OK``/``INVALID``/``PASS``/``FAIL``, paths, kinds)
and ``--json`` stay as they are; the process's language is left as it was."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from shogun_desktop import cli, i18n

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_check_lang_cs_words_the_reason_in_czech_and_keeps_the_keyword(tmp_path, capsys):
    bad = tmp_path / "list.yaml"
    bad.write_text("- a\n- b\n", encoding="utf-8")
    assert cli.main(["check", "--lang", "cs", str(bad)]) == 2
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"INVALID {bad}: ")
    assert "musí být mapování (uložená hra, scénář nebo datový soubor)" in line
    assert "must be a mapping" not in line
    assert i18n.current().code == "en"  # the command gave the process its language back


def test_check_ok_lines_are_the_same_tokens_in_every_language(capsys):
    path = sorted(SCENARIOS.glob("*.yaml"))[0]
    for code in ("en", "ru", "zh_Hant"):
        assert cli.main(["check", f"--lang={code}", str(path)]) == 0
        assert capsys.readouterr().out.strip() == f"OK {path} (scenario)"


def test_without_lang_the_system_language_is_used(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "nl")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli.main(["check", str(empty)]) == 2
    assert capsys.readouterr().out.strip() == (
        f"INVALID {empty}: geen .yaml-bestanden om te controleren")


def test_scenario_errors_and_summary_in_russian(tmp_path, capsys):
    missing = tmp_path / "nope.yaml"
    assert cli.main(["scenario", "--lang", "ru", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == f"ошибка: {missing}: нет такого файла или папки"
    path = sorted(SCENARIOS.glob("*.yaml"))[0]
    assert cli.main(["scenario", "--lang", "ru", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"PASS {path}", "пройдено: 1, провалено: 0"]


def test_scenario_log_expectations_match_the_english_log_whatever_the_language(capsys):
    """A scenario's log_contains is English: running it in Chinese must not make it fail."""
    with_log = [p for p in sorted(SCENARIOS.glob("*.yaml"))
                if "log_contains" in p.read_text(encoding="utf-8")]
    assert with_log, "no scenario checks the log"
    assert cli.main(["scenario", "--lang", "zh_Hant", *map(str, with_log)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"通過{len(with_log)}，失敗0"


def test_simulate_messages_translate_and_json_does_not(capsys):
    assert cli.main(["simulate", "--lang", "cs", "--games", "0"]) == 2
    assert capsys.readouterr().err.strip() == "simulate: --games musí být alespoň 1"
    assert cli.main(["simulate", "--lang", "cs", "--games", "1", "--stop-after", "5",
                     "--tower", "probabilistic", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["tower"].startswith("probabilistic model (not physics)")


def test_help_is_in_the_commands_language(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["check", "--lang", "ru", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "проверить файлы сохранений, сценариев и данных без игры" in out
    assert "--lang" in out
    assert i18n.current().code == "en"


def test_an_unknown_language_is_refused_by_the_parser(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["check", "--lang", "klingon", "x.yaml"])
    assert exit_.value.code == 2
    assert "klingon" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "env", "expected"), [
    (["check", "--lang", "ru", "a"], {}, "ru"),
    (["check", "--lang=zh_Hant", "a"], {}, "zh_Hant"),
    (["check", "a"], {"LANG": "cs_CZ.UTF-8"}, "cs"),
    (["check", "--lang", "xx", "a"], {"LANGUAGE": "nl"}, "nl"),
    (["check", "a"], {}, "en"),
])
def test_command_language(argv, env, expected) -> None:
    assert cli.command_language(argv, env) == expected


# ---------------------------------------------------------------- the window's options
def _exit_of(argv: list[str]) -> int | str | None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    return exit_.value.code


def test_a_bad_size_is_refused_in_russian_argparse_words_included(capsys) -> None:
    assert _exit_of(["--lang", "ru", "--size", "10x"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("использование: shogun-desktop")
    assert err.splitlines()[-1] == ("shogun-desktop: ошибка: аргумент --size: ожидается "
                                    "ШИРИНАxВЫСОТА, например 1920x1080, получено '10x'")
    assert i18n.current().code == "en"  # the process's language is given back


def test_window_help_in_czech(capsys) -> None:
    assert _exit_of(["--lang", "cs", "--help"]) == 0
    out = capsys.readouterr().out
    for line in ("použití: shogun-desktop", "volby:",
                 "-h, --help            zobrazit tuto nápovědu a skončit",
                 "velikost okna, např. 1280x720 (výchozí 1600x900)",
                 "spustit na celou obrazovku (F11 přepíná)"):
        assert line in out
    assert "show this help" not in out and "options:" not in out and "usage:" not in out


def test_demo_help_and_errors_are_translated_too(capsys) -> None:
    assert _exit_of(["demo", "--lang", "nl", "--size", "big"]) == 2
    assert "shogun-desktop demo: fout: argument --size: verwacht BREEDTExHOOGTE" in (
        capsys.readouterr().err)
    assert _exit_of(["demo", "--lang=zh_Hant", "--players", "9"]) == 2
    assert "無效的選擇：9（可選：3, 4, 5）" in capsys.readouterr().err


def test_without_lang_the_window_uses_the_remembered_language_then_the_systems(
        tmp_path, monkeypatch, capsys) -> None:
    from shogun_desktop.ui.prefs import Prefs

    monkeypatch.setenv("SHOGUN_DESKTOP_CONFIG", str(tmp_path))
    monkeypatch.setenv("LANGUAGE", "cs")
    assert _exit_of(["--size", "0x0"]) == 2
    assert "chyba: argument --size: očekáváno" in capsys.readouterr().err  # the system's
    Prefs.load().set("language", "ru")
    assert _exit_of(["--size", "0x0"]) == 2
    assert "ошибка: аргумент --size" in capsys.readouterr().err  # remembered beats system
    assert _exit_of(["demo", "--size", "0x0"]) == 2
    assert "ошибка: аргумент --size" in capsys.readouterr().err
    assert _exit_of(["--lang", "nl", "--size", "0x0"]) == 2
    assert "fout: argument --size" in capsys.readouterr().err  # --lang beats both
    # a headless command follows the system language, not the window's choice
    assert cli.main(["check", str(tmp_path / "nothing-here")]) == 2
    assert "nelze přečíst" in capsys.readouterr().out


def test_argparse_gets_its_own_words_back_and_bad_translations_are_not_used(
        monkeypatch) -> None:
    import argparse

    from shogun_desktop.i18n import cliargs

    i18n.set_language("cs")
    with cliargs.argparse_in_language():
        assert argparse._("usage: ") == "použití: "  # type: ignore[attr-defined]
        unknown = "a text argparse never had"
        assert argparse._(unknown) == unknown  # type: ignore[attr-defined]
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
    broken = {"invalid choice: %(value)r (choose from %(choices)s)": "neplatná volba: %(valeur)r"}
    monkeypatch.setattr(cliargs, "argparse_messages", lambda: broken)
    with cliargs.argparse_in_language():
        english = "invalid choice: %(value)r (choose from %(choices)s)"
        assert argparse._(english) == english  # type: ignore[attr-defined]
