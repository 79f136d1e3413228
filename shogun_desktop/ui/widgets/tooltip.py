"""Tooltip drawing and the hover state that times it."""

from __future__ import annotations

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.widgets.base import Widget
from shogun_desktop.ui.widgets.text import wrap_text


def draw_tooltip(surface: pygame.Surface, theme: th.Theme, text: str, pos: tuple[int, int],
                 size: int = 16) -> pygame.Rect:
    """A tooltip box near pos, kept inside the surface; long text wraps."""
    fonts = theme.fonts
    lines = wrap_text(fonts, text, size, 440)
    w = max(fonts.size(line, size)[0] for line in lines) + 20
    h = len(lines) * (size + 6) + 12
    box = pygame.Rect(pos[0] + 14, pos[1] + 20, w, h)
    box.clamp_ip(surface.get_rect())
    if box.collidepoint(pos):  # never under the pointer
        box.bottom = pos[1] - 8
        box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, th.INK, box, border_radius=4)
    pygame.draw.rect(surface, th.GOLD, box, 1, border_radius=4)
    y = box.y + 7
    for line in lines:
        th.blit_text(surface, fonts, line, (box.x + 10, y), size, th.PAPER_LIGHT)
        y += size + 6
    return box


class Tooltip:
    """Hover state: which widget, since when, what text (shown after a short delay)."""

    DELAY = 0.35

    def __init__(self) -> None:
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
            draw_tooltip(surface, theme, text, self.pos)
