"""Every character a translation shows has a glyph in a shipped font; Chinese runs fall back
to the CJK face and wrap by the line-start/line-end rules."""

from __future__ import annotations

import re

import pygame
import pytest

from shogun_desktop.i18n import LANGUAGES, LOCALE_DIR
from shogun_desktop.i18n.msgfmt import parse_po
from shogun_desktop.ui import theme as th

CLOSING = set("，。、；：？！」』）…")
OPENING = set("「『（")


@pytest.fixture(scope="module")
def fonts() -> th.Fonts:
    pygame.font.init()
    return th.Fonts()


def _catalogue_text(code: str) -> str:
    path = LOCALE_DIR / code / "LC_MESSAGES" / "shogun_desktop.po"
    return "".join(s for m in parse_po(path.read_text(encoding="utf-8")) if m.msgid
                   for s in m.msgstr)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_translated_character_has_a_glyph_in_a_shipped_font(fonts: th.Fonts,
                                                                   code: str) -> None:
    text = _catalogue_text(code) + "".join(lang.native for lang in LANGUAGES.values())
    for bold in (False, True):
        missing = {ch for ch in set(text) if not ch.isspace()
                   and not fonts._has_glyph("sans", ch, bold, False)
                   and not fonts._has_glyph("cjk", ch, bold, False)}
        assert not missing, f"{code}: no font draws {''.join(sorted(missing))!r}"


def test_the_missing_glyph_check_can_fail(fonts: th.Fonts) -> None:
    assert not fonts._has_glyph("sans", "軍", False, False)
    assert not fonts._has_glyph("cjk", "\u0e01", False, False)  # Thai: in neither font


def test_chinese_runs_fall_back_to_the_cjk_face_on_one_baseline(fonts: th.Fonts) -> None:
    text = "Anna在Omi放置3支軍隊"
    runs = fonts.runs(text)
    assert [r for r, cjk in runs if cjk] == ["在", "放置", "支軍隊"]
    assert "".join(r for r, _c in runs) == text
    surf = fonts.render(text, 18)
    assert surf.get_width() == fonts.size(text, 18)[0]
    cjk_only = fonts.font(18, cjk=True).size("在放置支軍隊")[0]
    assert surf.get_width() > cjk_only  # the Latin runs are drawn too, not dropped
    assert fonts.runs("Čeština, Русский") == [("Čeština, Русский", False)]


def test_chinese_wraps_without_a_line_starting_with_closing_punctuation(
        fonts: th.Fonts) -> None:
    # Placeholders out (a long Latin run is cut anywhere, as it must be); the sentences in.
    text = re.sub(r"\{\w+\}", "", _catalogue_text("zh_Hant"))[:1500]
    for width in (90, 137, 200, 333):
        lines = fonts.wrap(text, 16, width)
        assert "".join(lines).replace(" ", "") == text.replace("\n", "").replace(" ", "")
        for line in lines:
            assert fonts.size(line, 16)[0] <= width or len(line) == 1
            assert not line or line[0] not in CLOSING, line
            assert not line or line[-1] not in OPENING, line


def test_the_rules_reference_wraps_chinese_by_the_line_rules_and_keeps_bold(
        fonts: th.Fonts) -> None:
    from shogun_desktop.ui.scenes.rules_reference import parse_runs, wrap_rich

    text = ("**A大於D + F——攻擊方勝利。**防守方的方塊回到供應區。攻擊方損失D + F個方塊，"
            "其餘方塊進入該領地，並取得其領地卡；建築物和起義標記保留。「防守方」在那裡還未執行的行動無法執行。")
    plain, _runs = parse_runs(text)
    for width in (120, 173, 260, 400):
        lines = wrap_rich(fonts, text, 16, width)
        drawn = ["".join(plain[s:e] for s, e, _b in line) for line in lines]
        assert "".join(drawn).replace(" ", "") == plain.replace(" ", "")
        for line, pieces in zip(drawn, lines, strict=True):
            assert line[0] not in CLOSING and line.rstrip()[-1] not in OPENING, drawn
            assert sum(fonts.size(plain[s:e], 16, b)[0] for s, e, b in pieces) <= width
        bold = "".join(plain[s:e] for line in lines for s, e, b in line if b)
        assert bold.replace(" ", "") == "A大於D+F——攻擊方勝利。"


def test_wrapped_lines_are_remembered_and_callers_cannot_change_them(fonts: th.Fonts) -> None:
    text = "各玩家依序：「秘密地」規劃行動，然後執行。" * 4
    first = fonts.wrap(text, 16, 120)
    first.append("changed by a caller")
    again = fonts.wrap(text, 16, 120)
    assert again == first[:-1] and len(again) > 1
    assert fonts.wrap(text, 16, 240) != again  # the width is part of what is remembered


def test_the_cjk_face_is_looked_up_on_disk_once_not_per_string(monkeypatch) -> None:
    """Every non-ASCII string is cut into runs; whether the CJK face ships is asked of the
    disk once per Fonts (it was 43,000 times in one Russian game)."""
    pygame.font.init()
    fonts = th.Fonts()
    asked: list[str] = []
    real = th.Path.exists

    def exists(self, *args, **kwargs):
        asked.append(self.name)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(th.Path, "exists", exists)
    assert fonts.runs("Армия 0 · 軍隊")[-1] == ("軍隊", True)
    first = asked.count(th.CJK)  # the answer, and the face being opened
    for i in range(1, 50):
        assert fonts.runs(f"Армия {i} · 軍隊")[-1] == ("軍隊", True)
    assert asked.count(th.CJK) == first <= 2


# ---------------------------------------------------------------- province kanji
# The board's Japanese forms are shown in every language, zh_Hant included; these are the
# Traditional Chinese (or wrong) spellings of the same provinces, which must never replace them.
TRADITIONAL_VARIANTS = {"安芸": "安藝", "武蔵": "武藏", "陸奥": "陸奧", "讃岐": "贊岐",
                        "摂津": "攝津", "上総": "上總", "下総": "下總", "若狭": "若狹",
                        "飛騨": ("飛禪", "飛驒")}


def _province_kanji() -> dict[str, str]:
    from shogun_desktop.data.board import default_board

    return {name: p.kanji for name, p in default_board().provinces.items()}


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_province_kanji_has_a_glyph_in_the_kanji_face_and_the_chinese_face(
        fonts: th.Fonts, code: str, monkeypatch) -> None:
    """The map draws them in the Japanese face in every language; a Chinese text run would
    draw them in the Traditional Chinese face (both subsets must hold them)."""
    from shogun_desktop import i18n

    monkeypatch.setattr(i18n, "_current", i18n.Translator(code))
    kanji = _province_kanji()
    assert len(kanji) == 45 and all(kanji.values())
    for name, text in kanji.items():
        assert fonts.kanji(text, 20) is not None, (code, name, text)
        for bold in (False, True):
            missing = {ch for ch in text if not fonts._has_glyph("cjk", ch, bold, False)}
            assert not missing, (code, name, text, bold)
        assert fonts.runs(text) == [(text, True)]  # in running text: the Chinese face


def test_the_board_forms_are_the_kanji_shown_and_no_translation_spells_them_otherwise(
        fonts: th.Fonts) -> None:
    kanji = set(_province_kanji().values())
    assert set(TRADITIONAL_VARIANTS) <= kanji  # the data keeps the board's forms
    variants = [v for vs in TRADITIONAL_VARIANTS.values()
                for v in ((vs,) if isinstance(vs, str) else vs)]
    assert not kanji & set(variants)
    for code in LANGUAGES:
        if code == "en":
            continue
        text = _catalogue_text(code)
        assert not [v for v in variants if v in text], code


def test_the_chinese_map_draws_the_board_kanji_in_the_japanese_face(monkeypatch) -> None:
    from shogun_desktop import i18n
    from shogun_desktop.ui.board_view import BoardView, load_map_data
    from shogun_desktop.ui.gamefacts import load_board_facts
    from shogun_desktop.ui.paths import data_dir

    monkeypatch.setattr(i18n, "_current", i18n.Translator("zh_Hant"))
    pygame.display.init()
    pygame.display.set_mode((200, 200))
    fonts = th.Fonts()
    drawn: list[str] = []
    real = fonts.kanji

    def kanji(text, *args, **kwargs):
        drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "kanji", kanji)
    facts = load_board_facts()
    view = BoardView(load_map_data(data_dir() / "map.yaml"), facts.regions["sun"], fonts,
                     rect=(0, 0, 1600, 900), kanji=facts.kanji,
                     out_of_play=facts.out_of_play("sun", 5))
    try:
        view.draw(pygame.Surface((1600, 900)), {}, hover=None)
    finally:
        pygame.display.quit()
    assert {"武蔵", "飛騨", "安芸"} <= set(drawn)
    assert not set(drawn) & {"武藏", "飛禪", "安藝"}
