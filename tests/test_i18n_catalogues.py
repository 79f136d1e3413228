"""The shipped catalogues: up to date with the sources, complete for the log and the data
names, placeholders that the code fills, and a whole game's log free of English."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from shogun_desktop import i18n
from shogun_desktop.ai.driver import decide
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.i18n import LANGUAGES, LOCALE_DIR
from shogun_desktop.i18n.msgfmt import Message, parse_po
from shogun_desktop.presenter import armies, presenter_for
from shogun_desktop.rules.engine import Game, GameConfig

TRANSLATED = [code for code in LANGUAGES if code != "en"]
POT = LOCALE_DIR / "shogun_desktop.pot"
FIELD = re.compile(r"\{(\w+)\}")
# The English possessive is passed beside the plain name; a translation may use either.
ALIAS = {"owner": "player", "defender_owner": "defender"}


def _messages(path) -> list[Message]:
    return [m for m in parse_po(path.read_text(encoding="utf-8"), str(path))
            if m.msgid or m.msgctxt]


def _key(m: Message) -> tuple[str | None, str]:
    return m.msgctxt, m.msgid


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def test_the_committed_template_is_up_to_date_with_the_sources() -> None:
    babel_extract = pytest.importorskip("babel.messages.extract")
    from shogun_desktop.i18n.datatexts import data_messages

    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                "npgettext": ((1, "c"), 2, 3)}
    wanted: set[tuple[str | None, str]] = set()
    for _f, _l, message, _c, context in babel_extract.extract_from_dir(
            str(LOCALE_DIR.parent), method_map=[("**.py", "python")], keywords=keywords):
        wanted.add((context, message if isinstance(message, str) else message[0]))
    wanted |= {(ctx, text) for ctx, text, _src in data_messages()}
    committed = {_key(m) for m in _messages(POT)}
    assert wanted - committed == set(), "run: python tools/i18n.py extract && ... update"
    assert committed - wanted == set(), "the template has messages no source has"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_of_the_template_is_in_the_language(code: str) -> None:
    po = LOCALE_DIR / code / "LC_MESSAGES" / "shogun_desktop.po"
    assert {_key(m) for m in _messages(POT)} <= {_key(m) for m in _messages(po)}


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    """The log, the data names and the whole rules reference, with nothing fuzzy."""
    po = LOCALE_DIR / code / "LC_MESSAGES" / "shogun_desktop.po"
    missing = [_key(m) for m in _messages(po) if not m.translated]
    assert missing == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_use_only_the_placeholders_the_code_fills(code: str) -> None:
    po = LOCALE_DIR / code / "LC_MESSAGES" / "shogun_desktop.po"
    for m in _messages(po):
        allowed = set(FIELD.findall(m.msgid + " " + (m.msgid_plural or "")))
        allowed |= {ALIAS[a] for a in allowed if a in ALIAS}
        for text in m.msgstr:
            assert set(FIELD.findall(text)) <= allowed, (m.msgctxt, m.msgid, text)
            assert text.count("**") % 2 == 0, (m.msgid, text)
    n = len(_messages(po))
    assert n == len(_messages(POT))


@pytest.mark.parametrize(("code", "expected"), [
    ("cs", ["1\u00a0armáda", "2\u00a0armády", "5\u00a0armád", "21\u00a0armád"]),
    ("ru", ["1\u00a0армия", "2\u00a0армии", "5\u00a0армий", "21\u00a0армия"]),
    ("nl", ["1 leger", "2 legers", "5 legers", "21 legers"]),
    ("zh_Hant", ["1支軍隊", "2支軍隊", "5支軍隊", "21支軍隊"]),
])
def test_army_counts_take_each_languages_plural_forms(code: str, expected: list[str]) -> None:
    i18n.set_language(code)
    assert [armies(n) for n in (1, 2, 5, 21)] == expected


def _log(code: str, seed: int = 5) -> list[str]:
    i18n.set_language(code)
    game = Game.new(GameConfig(["red", "yellow", "blue", "purple"], seed=seed))
    bot = RandomPlayer(seed + 1)
    while not game.is_over():
        game.apply(decide(bot, game))
    return presenter_for(game).lines(game.state.events)


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_whole_games_log_has_no_english_sentence(code: str) -> None:
    english = _log("en")
    shown = _log(code)
    assert len(shown) == len(english)
    for en, tr in zip(english, shown, strict=True):
        assert tr != en, f"{code}: untranslated line {en!r}"
    # No English word of the templates survives (names of players and provinces may).
    words = {"the", "and", "with", "from", "army", "armies", "war", "chest", "takes", "year"}
    for line in shown:
        found = {w for w in re.findall(r"[A-Za-z]+", line) if w.lower() in words}
        assert not found, f"{code}: {line!r}"


def _reference_text(code: str) -> str:
    from shogun_desktop.data.reference import load_reference
    from shogun_desktop.i18n.datatexts import reference_text

    i18n.set_language(code)
    ref = load_reference(translate=reference_text)
    parts = []
    for ch in ref.chapters:
        parts.append(ch.title)
        for sec in ch.sections:
            parts.append(sec.title)
            for b in sec.blocks:
                parts.extend([b.text or "", *(b.items or ()), *(b.columns or ()),
                              *(c for row in (b.rows or ()) for c in row)])
    return "\n".join(parts)


@pytest.mark.parametrize(("code", "words"), [
    ("cs", ["Cíl hry", "3\u00a0armády", "5\u00a0armád"]),
    ("ru", ["Цель игры", "3\u00a0армии", "5\u00a0армий"]),
    ("zh_Hant", ["遊戲目標", "3支軍隊"]),
])
def test_the_rules_reference_is_read_in_the_language_with_its_counts(code, words) -> None:
    text = _reference_text(code)
    for word in words:
        assert word in text, (code, word)
    # the card names in the reference are the translated data names, by id
    assert i18n.pgettext("action-name:castle", "Castle") in text
