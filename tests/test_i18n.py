"""The translation layer: catalogues compile, plurals follow each language, wrapping obeys
the script's line rules."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from shogun_desktop import i18n
from shogun_desktop.i18n.linebreak import wrap
from shogun_desktop.i18n.msgfmt import CatalogError, compile_mo, parse_po

CS_HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\n'
)
RU_HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
    'n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
)
ARMY = 'msgid "{n} army"\nmsgid_plural "{n} armies"\n'


def _catalogue(text: str) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(compile_mo(parse_po(text))))


def test_czech_has_three_plural_forms() -> None:
    cat = _catalogue(CS_HEADER + ARMY + 'msgstr[0] "{n} armáda"\nmsgstr[1] "{n} armády"\n'
                     'msgstr[2] "{n} armád"\n')
    got = {n: cat.ngettext("{n} army", "{n} armies", n).format(n=n) for n in (1, 2, 4, 5, 21)}
    assert got == {1: "1 armáda", 2: "2 armády", 4: "4 armády", 5: "5 armád", 21: "21 armád"}


def test_russian_plural_forms_follow_the_last_digits() -> None:
    cat = _catalogue(RU_HEADER + ARMY + 'msgstr[0] "{n} армия"\nmsgstr[1] "{n} армии"\n'
                     'msgstr[2] "{n} армий"\n')
    got = {n: cat.ngettext("{n} army", "{n} armies", n).format(n=n)
           for n in (1, 2, 5, 11, 21, 22, 112)}
    assert got == {1: "1 армия", 2: "2 армии", 5: "5 армий", 11: "11 армий", 21: "21 армия",
                   22: "22 армии", 112: "112 армий"}


def test_contexts_keep_equal_english_words_apart() -> None:
    cat = _catalogue(CS_HEADER + 'msgctxt "action"\nmsgid "Tax"\nmsgstr "Daně"\n\n'
                     'msgctxt "track"\nmsgid "Tax"\nmsgstr "Daň"\n\n'
                     'msgid "Multi"\n"line"\nmsgstr "Více"\n"řádků"\n')
    assert cat.pgettext("action", "Tax") == "Daně"
    assert cat.pgettext("track", "Tax") == "Daň"
    assert cat.gettext("Multiline") == "Víceřádků"
    assert cat.gettext("Untranslated") == "Untranslated"


def test_fuzzy_and_empty_entries_fall_back_to_english() -> None:
    cat = _catalogue(CS_HEADER + '#, fuzzy\nmsgid "Rice"\nmsgstr "Rýže?"\n\n'
                     'msgid "Year"\nmsgstr ""\n')
    assert cat.gettext("Rice") == "Rice"
    assert cat.gettext("Year") == "Year"


@pytest.mark.parametrize("text", [
    'msgstr "x"\n',  # msgstr before msgid
    'msgid "a"\nmsgstr[1] "x"\n',  # plural index out of order
    'msgid a\nmsgstr "x"\n',  # unquoted
    'msgid "a"\nmsgfoo "x"\n',  # unknown keyword
])
def test_broken_catalogues_name_the_line(text: str) -> None:
    with pytest.raises(CatalogError, match=r"test\.po:\d+"):
        parse_po(text, "test.po")


def test_loading_a_language_from_its_po_file(tmp_path: Path) -> None:
    folder = tmp_path / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / f"{i18n.DOMAIN}.po").write_text(CS_HEADER + 'msgid "Spring"\nmsgstr "Jaro"\n',
                                             encoding="utf-8")
    tr = i18n.Translator("cs", tmp_path)
    assert tr.gettext("Spring") == "Jaro"
    assert i18n.Translator("en", tmp_path).gettext("Spring") == "Spring"
    with pytest.raises(ValueError, match="unknown language"):
        i18n.Translator("xx", tmp_path)


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "cs_CZ.UTF-8"}, "cs"),
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "nl_BE.UTF-8"}, "nl"),
    ({"LANG": "zh_TW.UTF-8"}, "zh_Hant"),
    ({"LANG": "zh_HK.UTF-8"}, "zh_Hant"),
    ({"LANGUAGE": "zh_Hant_TW:en"}, "zh_Hant"),
    ({"LANG": "zh_CN.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANGUAGE": "de:nl", "LANG": "de_DE.UTF-8"}, "nl"),
    ({"LC_ALL": "C", "LANG": "cs_CZ.UTF-8"}, "en"),
    ({}, "en"),
])
def test_system_language(env: dict[str, str], expected: str) -> None:
    assert i18n.system_language(env) == expected


CLOSING = "。，、；：」』）！？"
OPENING = "「『（"


def test_chinese_lines_never_start_with_closing_punctuation() -> None:
    text = "各玩家依序：「秘密地」規劃行動，然後（依照特殊卡的順序）執行。戰鬥塔決定勝負！" * 3
    for width in range(3, 20):
        lines = wrap(text, width, len)
        assert "".join(lines) == text
        assert all(len(line) <= width for line in lines)
        assert not any(line[0] in CLOSING for line in lines[1:] if line)
        assert not any(line[-1] in OPENING for line in lines if line)


def test_latin_lines_break_at_spaces() -> None:
    text = "Kii is not next to Yamato, so the move is refused."
    lines = wrap(text, 12, len)
    assert lines == ["Kii is not", "next to", "Yamato, so", "the move is", "refused."]
    assert wrap("a\n\nb", 10, len) == ["a", "", "b"]
    assert wrap("Supercalifragilistic", 6, len) == ["Superc", "alifra", "gilist", "ic"]
