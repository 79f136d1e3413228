"""A bad save or YAML file is refused in the player's language, wherever the refusal is shown.

Every reason worded by the strict YAML reader (``yamlio``), the save loader (``rules/save``)
and the session goes through the catalogue: under the pseudo-locale no plain English word is
left outside what the file itself holds (its keys, ids and literals) and the file's path; under
Czech a sample reads Czech, in the window's "cannot be loaded" notice and in ``check --lang``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from shogun_desktop import cli, i18n
from shogun_desktop.data.board import (
    ACTION_IDS,
    EVENT_IDS,
    PLAYER_COLOURS,
    SIDES,
    SPECIAL_IDS,
    default_board,
)
from shogun_desktop.rules.save import PHASES, SaveError, load_game
from shogun_desktop.ui import app as app_module
from shogun_desktop.ui.prefs import Prefs
from shogun_desktop.ui.widgets import ConfirmDialog
from tests.hostile import Case, game_at, path_cases, save_cases
from tests.i18n_audit import CLOSE, OPEN, install

ASCII_WORD = re.compile(r"(?<![A-Za-z])[A-Za-z]{3,}(?![A-Za-z])")
QUOTED = re.compile(r"'[^']*'")
KEY_PATH = re.compile(rf"{OPEN} : ([^{OPEN}]*?): {OPEN}")  # "{file}: {key}: {reason}", file gone


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _dump(doc: Any) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def _extra_cases(folder: Path) -> list[Case]:
    """Refusals the shared hostile corpus does not reach: parser mistakes, odd YAML types,
    counts that do not add up, unknown and missing keys."""
    folder.mkdir(parents=True, exist_ok=True)
    game = game_at(lambda g: g.state.phase == "actions" and g.state.actions_done >= 2)
    from shogun_desktop.rules.save import game_to_dict

    base = game_to_dict(game)
    text = _dump(base)
    data = default_board()
    cases: list[Case] = []

    def put(name: str, content: str, reason: str) -> None:
        path = folder / f"{name}.yaml"
        path.write_text(content, encoding="utf-8")
        cases.append(Case(path, reason, "save"))

    def changed(edit: Any) -> str:
        doc = yaml.safe_load(text)
        edit(doc)
        return _dump(doc)

    put("mapping-in-mapping", "a: b: c\n", "mapping values are not allowed")
    put("open-list", "a: [1, 2\n", "did not find expected ',' or ']'")
    put("open-quote", 'a: "x\n', "found unexpected end of stream")
    put("two-documents", "a: 1\n---\nb: 2\n", "but found another document")
    put("unknown-tag", "a: !foo 1\n", "could not determine a constructor for the tag '!foo'")
    put("tab", "a:\n\t- 1\n", "found character that cannot start any token")
    put("control-character", "a: 1\nb: \x07\n", "control character #x0007 is not allowed")
    put("extra-brace", "{a: 1}}\n", "did not find expected <document start>")
    put("list-after-mapping", "a:\n  - 1\n  b: 2\n", "did not find expected '-' indicator")
    put("two-yaml-directives", "%YAML 1.1\n%YAML 1.1\n---\na: 1\n",
        "found duplicate %YAML directive")
    put("key-in-list", "- a\n- b\n? c\n", "did not find expected '-' indicator")
    put("dash-after-value", "a: - b\n", "block sequence entries are not allowed in this context")
    put("question-after-value", "a: ? b\n", "mapping keys are not allowed in this context")
    put("block-indicator", "a: |x\n b\n", "did not find expected comment or line break")
    put("empty-directive", "% \n---\n", "could not find expected directive name")
    put("impossible-date", "a: 2024-13-45\n", "'2024-13-45' is not a date or time that exists")
    put("unknown-directive", "%FOO\n---\na: 1\n", "found unknown directive name")
    put("anchor-name", "a: &\n", "did not find expected alphabetic or numeric character")
    put("unknown-key", text + "extra: 1\n", "extra: unknown key")
    put("missing-key", changed(lambda d: d.pop("battles")), "battles: missing")
    put("wrong-format", changed(lambda d: d.update(format="other")), "format: must be")
    put("future-version", changed(lambda d: d.update(version=99)), "version: must be at most 2")
    put("date-count", text.replace("battles: ", "battles: 2024-01-01 #", 1), "not a date")
    put("binary-count", text.replace("battles: ", "battles: !!binary aGVsbG8= #", 1),
        "not binary data")
    put("set-count", text.replace("battles: ", "battles: !!set {a, b} #", 1),
        "not a set of 2 items")
    put("list-count", changed(lambda d: d.update(battles=[1, 2, 3, 4, 5, 6])),
        "not a list of 6 items")
    put("mapping-count", changed(lambda d: d.update(battles={"a": 1})), "not a mapping of 1 key")
    put("float-nan", changed(lambda d: d["held"].append([99, "red", float("nan"), 0.0, 0.0])),
        "must be a finite number")
    put("negative", changed(lambda d: d.update(battles=-1)), "must be at least 0")
    put("empty-name", changed(lambda d: d["names"].update(red="")), "a name has 1-40 characters")
    put("same-colour-twice", changed(lambda d: d.update(players=["red", "red", "blue", "yellow"])),
        "must list 3-5 distinct colours")
    owned = base["position"]["provinces"]
    red = next(name for name, p in owned.items() if p["owner"] == "red")
    put("too-many-armies", changed(
        lambda d: d["position"]["provinces"][red].update(armies=70)), "only 62 exist")
    put("too-many-castles", changed(lambda d: [p.update(castle=True) for p in
                                               d["position"]["provinces"].values()]),
        "castles on the board, only 28 exist")
    put("too-many-markers", changed(
        lambda d: d["position"]["provinces"][red].update(revolts=43)),
        "revolt markers on the board, only 42 exist")
    small = next((n for n in owned if data.provinces[n].slots == 1), None)
    if small is not None:
        put("building-spaces", changed(lambda d: d["position"]["provinces"][small].update(
            castle=True, temple=True)), "has only 1 building space")
    neutral = next(n for n in data.in_play("sun", 4) if n not in owned)
    put("neutral-armies", changed(lambda d: d["position"]["provinces"].update(
        {neutral: {"owner": "none", "armies": 2}})), "a neutral province holds no armies")
    put("held-shape", changed(lambda d: d["held"].append([1, "red"])),
        "must be [id, colour, x, y, angle]")
    put("rng-short", changed(lambda d: d["rng"].update(state=[1, 2, 3])),
        "must be 625 unsigned 32-bit integers")
    put("action-row-short", changed(lambda d: d.update(action_row=d["action_row"][:5])),
        "must be a permutation of the 10 actions")
    put("event-deck-twice", changed(lambda d: d.update(
        event_deck=[*d["event_deck"], *d["event_deck"][:1]])), "an event card appears twice")
    (folder / "a-folder.yaml").mkdir()
    cases.append(Case(folder / "a-folder.yaml", "is a folder, not a file", "path"))
    return cases


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    folder = tmp_path_factory.mktemp("bad-saves")
    cases = save_cases(folder / "saves") + path_cases(folder / "paths") + _extra_cases(
        folder / "extra")
    return [c for c in cases if c.kind != "scenario"
            and not (c.path.is_dir() and c.kind == "path" and c.reason == "no .yaml files")]


def _refusal(path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        load_game(path)
    return str(caught.value)


def _file_words(path: Path) -> set[str]:
    """What the file itself holds: its keys, ids and literals may be named in a reason."""
    try:
        if not path.is_file():
            return set()
        return set(ASCII_WORD.findall(path.read_bytes()[:6_000_000].decode("utf-8", "replace")))
    except OSError:
        return set()


def _id_words() -> set[str]:
    data = default_board()
    ids = [*PLAYER_COLOURS, *SIDES, *SPECIAL_IDS, *ACTION_IDS, *EVENT_IDS, *PHASES,
           *data.provinces, "null", "true", "false", "green"]
    return {w for i in ids for w in ASCII_WORD.findall(str(i))}


def test_the_english_reasons_are_the_ones_the_cases_are_built_for(corpus: list[Case]) -> None:
    for case in corpus:
        assert case.reason in _refusal(case.path), case.path.name


def test_every_refusal_is_in_the_players_words_under_the_pseudo_locale(
        corpus: list[Case], monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, "qps")
    ids = _id_words()
    for case in corpus:
        text = _refusal(case.path).replace(str(case.path), " ")
        assert OPEN in text and CLOSE in text, (case.path.name, text)
        # the key path ("position.chests.red") names the file's own keys
        key = KEY_PATH.match(text)
        keys = set(ASCII_WORD.findall(key.group(1))) if key else set()
        # a quoted value is the file's own text (a string, a duplicate key, a tag)
        words = set(ASCII_WORD.findall(QUOTED.sub(" ", text)))
        english = words - ids - keys - _file_words(case.path)
        assert not english, (case.path.name, sorted(english), text)


def test_the_scan_of_the_pseudo_text_catches_an_unwrapped_reason(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: an English reason in a pseudo frame is caught."""
    install(monkeypatch, "qps")
    frame = i18n._("{file}: {key}: {reason}").format(file="x.yaml", key="battles",
                                                    reason="must be an integer, not true")
    words = set(ASCII_WORD.findall(QUOTED.sub(" ", frame))) - _id_words() - {"battles", "yaml"}
    assert words == {"must", "integer", "not"}


def test_czech_reasons_for_a_bad_value_an_alias_and_a_count(
        corpus: list[Case], monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, "cs")
    by_name = {c.path.name: c for c in corpus}
    assert "battles: musí být celé číslo, ne true" in _refusal(by_name["bool-count.yaml"].path)
    alias = _refusal(by_name["alias-bomb.yaml"].path)
    assert "není platný YAML: kotvy a aliasy (&, *) nejsou povoleny (řádek 1, sloupec 4)" in alias
    assert "více než 24\u00a0úrovní vnoření" in _refusal(by_name["deep-flow.yaml"].path)
    assert "mapování s 1\u00a0klíčem" in _refusal(by_name["mapping-count.yaml"].path)
    install(monkeypatch, "ru")
    assert "вложенность больше 24\u00a0уровней" in _refusal(by_name["deep-flow.yaml"].path)


def test_a_settings_file_read_before_the_language_is_chosen_is_reported_in_it(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("settings: &s {language: cs}\n", encoding="utf-8")
    prefs = Prefs.load(path)  # English: the language is one of the settings
    assert prefs.problem is not None and "anchors and aliases" in prefs.problem
    i18n.set_language("cs")
    assert "kotvy a aliasy (&, *) nejsou povoleny" in prefs.problem
    assert prefs.problem.endswith("použije se výchozí nastavení")


def test_check_lang_words_a_save_refusal_in_the_chosen_language(
        corpus: list[Case], capsys: pytest.CaptureFixture[str]) -> None:
    case = next(c for c in corpus if c.path.name == "float-count.yaml")
    assert cli.main(["check", "--lang", "nl", str(case.path)]) == 2
    line = capsys.readouterr().out.strip()
    assert line == (f"INVALID {case.path}: position.chests.red: moet een geheel getal zijn, "
                    "niet 2.0")


def test_the_window_shows_a_bad_save_in_the_players_language(
        corpus: list[Case], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_ui_game_driver import game_app

    install(monkeypatch, "cs")
    case = next(c for c in corpus if c.path.name == "bool-count.yaml")
    app = game_app(tmp_path)
    try:
        assert app.host.load(case.path) is False
        top = app.scenes.top
        assert isinstance(top, ConfirmDialog)
        assert top.title == "Tuto uloženou hru nelze načíst"
        assert top.message.startswith("bool-count.yaml: battles: musí být celé číslo, ne true")
    finally:
        app.close()


def test_the_window_applies_the_remembered_language_before_it_reads_any_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken data file, and every save after it, is worded in the player's language."""
    monkeypatch.setenv("SHOGUN_DESKTOP_CONFIG", str(tmp_path))
    Prefs(tmp_path / "settings.yaml").set("language", "ru")
    seen: list[str] = []

    class Stop(Exception):
        pass

    def preload() -> str | None:
        seen.append(i18n.current().code)
        return None

    def fake_app(size: Any, **kw: Any) -> None:
        raise Stop

    monkeypatch.setattr("shogun_desktop.check.preload_data", preload)
    monkeypatch.setattr(app_module, "make_game_app", fake_app)
    with pytest.raises(Stop):
        app_module.run_window([])
    assert seen == ["ru"]
