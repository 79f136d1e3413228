"""Card faces printed into small boxes (the planning board's spaces at 1280x720): the name,
the values and the chest value never print over each other and stay on the card."""

from __future__ import annotations

import pygame
import pytest

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.scenes.planning import SPACE_CARD
from tests.helpers import record_texts


@pytest.fixture(scope="module")
def fonts():
    pygame.display.init()
    pygame.display.set_mode((200, 200))
    yield th.Fonts()
    pygame.display.quit()


def glyph_box(rect: pygame.Rect) -> pygame.Rect:
    """The rows a text's ink can reach: its line box without the font's leading."""
    return rect.inflate(0, -rect.h // 5)


# the space's card box at the planning scene's smallest and design scales, and a hand card
SIZES = [tuple(round(v * k) for v in SPACE_CARD) for k in (0.8, 0.854, 1.0)] + [(96, 60)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", ["Omi", "Mimasaka", "Awa-Shikoku"])
def test_province_card_name_and_values_never_overlap(fonts, monkeypatch, size, name) -> None:
    texts = record_texts(monkeypatch)
    rect = pygame.Rect((10, 10), size)
    cd.draw_province_card(pygame.Surface((300, 200)), rect, fonts, name, "teal", 7, 3, 2,
                          scale=0.8)
    assert texts[0][0].rstrip("…") and name.startswith(texts[0][0].rstrip("…"))
    boxes = [glyph_box(r) for _t, r, _size in texts]
    for (text, r, _size), box in zip(texts, boxes, strict=True):
        assert r.left >= rect.left and r.right <= rect.right, text
        assert box.top >= rect.top and box.bottom <= rect.bottom, (text, r, rect)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.colliderect(b), (texts, rect)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_chest_card_value_never_prints_over_its_word(fonts, monkeypatch, size) -> None:
    texts = record_texts(monkeypatch)
    rect = pygame.Rect((10, 10), size)
    cd.draw_chest_card(pygame.Surface((300, 200)), rect, fonts, 3, scale=0.8)
    by_text = {text: r for text, r, _size in texts}
    word = next(t for t in by_text if t != "3")
    digit, label = glyph_box(by_text["3"]), glyph_box(by_text[word])
    assert not digit.colliderect(label), (texts, rect)
    assert digit.top >= rect.top and label.bottom <= rect.bottom
