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
