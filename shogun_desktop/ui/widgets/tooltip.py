"""Tooltip drawing and the hover state that times it."""

from __future__ import annotations

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.design import BODY_MIN
from shogun_desktop.ui.widgets.base import Widget
from shogun_desktop.ui.widgets.text import wrap_text

TIP_TEXT = 16  # design px: a tooltip's text at scale 1 (1600x900, 100 % text size)


def tip_size(scale: float) -> int:
    """A tooltip's text size at a scene's scale, never below the body-text minimum."""
    return max(BODY_MIN, round(TIP_TEXT * scale))


def draw_tooltip(surface: pygame.Surface, theme: th.Theme, text: str, pos: tuple[int, int],
                 size: int = TIP_TEXT) -> pygame.Rect:
    """A tooltip box near pos, kept inside the surface; long text wraps.

    Padding, line gap, frame, the offset from the pointer and the wrap width (27.5 em) are
    proportions of the text size, so a tooltip keeps its shape at every window size."""
    fonts = theme.fonts
    em = size / TIP_TEXT  # 1 at the design's 16 px
    pad_x, pad_y, gap = round(10 * em), round(7 * em), round(6 * em)
    lines = wrap_text(fonts, text, size, round(440 * em))
    w = max(fonts.size(line, size)[0] for line in lines) + 2 * pad_x
    h = len(lines) * (size + gap) + 2 * pad_y - 2
    box = pygame.Rect(pos[0] + round(14 * em), pos[1] + round(20 * em), w, h)
    box.clamp_ip(surface.get_rect())
    if box.collidepoint(pos):  # never under the pointer
        box.bottom = pos[1] - round(8 * em)
        box.clamp_ip(surface.get_rect())
    radius = max(3, round(4 * em))
    pygame.draw.rect(surface, th.INK, box, border_radius=radius)
    pygame.draw.rect(surface, th.GOLD, box, max(1, round(em)), border_radius=radius)
    y = box.y + pad_y
    for line in lines:
        th.blit_text(surface, fonts, line, (box.x + pad_x, y), size, th.PAPER_LIGHT)
        y += size + gap
    return box


class Tooltip:
    """Hover state: which widget, since when, what text (shown after a short delay)."""

    DELAY = 0.35

    def __init__(self) -> None:
        self.scale = 1.0  # the scene's (set by its WidgetGroup): the text size follows it
        self.widget: Widget | None = None
        self.elapsed = 0.0
        self.pos: tuple[int, int] | None = None

    def text(self) -> str | None:
        if self.widget is None or self.elapsed < self.DELAY or self.pos is None:
            return None
        return self.widget.tip(self.pos)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        text = self.text()
        if text and self.pos is not None:
            draw_tooltip(surface, theme, text, self.pos, tip_size(self.scale))
