"""A framed panel with an optional title."""

from __future__ import annotations

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.widgets.base import Widget


class Panel(Widget):
    """A paper card with an ink frame and an optional title band."""

    def __init__(self, rect, title: str | None = None, *, fill=th.PAPER_LIGHT, **kw) -> None:
        super().__init__(rect, **kw)
        self.title = title
        self.fill = fill

    def draw(self, surface, theme):
        r = self.rect
        shadow = r.move(4, 5)
        pygame.draw.rect(surface, th.PAPER_DARK, shadow, border_radius=6)
        pygame.draw.rect(surface, self.fill, r, border_radius=6)
        pygame.draw.rect(surface, th.INK_SOFT, r, 2, border_radius=6)
        if self.title:
            th.blit_text(surface, theme.fonts, self.title, (r.x + 20, r.y + 14), 22, th.INK,
                         bold=True)
            y = r.y + 48
            pygame.draw.line(surface, th.VERMILION, (r.x + 20, y), (r.right - 20, y), 2)
