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
        assert "".join(lines) == text.replace("\n", "")
        for line in lines:
            assert fonts.size(line, 16)[0] <= width or len(line) == 1
            assert not line or line[0] not in CLOSING, line
            assert not line or line[-1] not in OPENING, line
