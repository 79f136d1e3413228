"""A framed panel with an optional title, and the paper card every framed box is drawn as."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.design import BODY_MIN
from shogun_desktop.ui.widgets.base import Widget

TITLE = 22  # design px: a panel's or a card's title


def draw_card(surface: pygame.Surface, rect: pygame.Rect, scale: float,
              fill: Sequence[int] = th.PAPER_LIGHT) -> None:
    """A paper card with an ink frame and a shadow at ``scale``: every panel, menu card and
    dialog is this one drawing (frame 2 design px, never thinner than 2 px)."""
    radius = max(4, round(6 * scale))
    shadow = rect.move(max(3, round(4 * scale)), max(3, round(5 * scale)))
    pygame.draw.rect(surface, th.PAPER_DARK, shadow, border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, th.INK_SOFT, rect, frame_width(scale), border_radius=radius)


def frame_width(scale: float) -> int:
    """The ink frame of a card at ``scale``."""
    return max(2, round(2 * scale))


def title_rule_y(top: int, scale: float, title_size: int) -> int:
    """The window y of the rule under a title of ``title_size`` px set at ``top + 14``
    design px: the rule moves down when the player's text size makes the title taller."""
    return top + round(14 * scale) + round(title_size * 1.35) + round(4 * scale)


def draw_title_rule(surface: pygame.Surface, rect: pygame.Rect, y: int, scale: float) -> None:
    """The vermilion rule under a card's title, 20 design px in from each side."""
    inset = round(20 * scale)
    pygame.draw.line(surface, th.VERMILION, (rect.x + inset, y), (rect.right - inset, y),
                     frame_width(scale))


class Panel(Widget):
    """A paper card with an ink frame and an optional title over a rule, at its scale."""

    def __init__(self, rect, title: str | None = None, *, fill=th.PAPER_LIGHT,
                 title_size: int | None = None, **kw) -> None:
        super().__init__(rect, **kw)
        self.title = title
        self.fill = fill
        self.title_size = title_size  # None: the design's 22 px at the scale

    def title_px(self) -> int:
        return self.title_size or max(BODY_MIN, round(TITLE * self.scale))

    def title_rule_y(self) -> int:
        """Window y of the rule under the title."""
        return title_rule_y(self.rect.y, self.scale, self.title_px())

    def draw(self, surface, theme):
        r = self.rect
        draw_card(surface, r, self.scale, self.fill)
        if self.title:
            size = self.title_px()
            inset = round(20 * self.scale)
            title = theme.fonts.fit(self.title, size, r.w - 2 * inset, True)
            th.blit_text(surface, theme.fonts, title, (r.x + inset, r.y + round(14 * self.scale)),
                         size, th.INK, bold=True)
            draw_title_rule(surface, r, self.title_rule_y(), self.scale)
