"""Dialog-like scenes (menus, settings, the guide) drawn at the window's own resolution.

Their layout stays in 1600x900 design pixels around a ``box``; here the box is scaled by one
factor ``k`` and centred in the window, so widgets, text and frames are drawn crisp at the
window's size. ``k`` is the window's scale times the player's text size (a larger text size
makes the whole card larger, so the words keep their room), never below the window's scale
(nor below 14/16, where 16 px design text reaches 14 px) and never so large that the card
leaves the window. Text is never smaller than 14 px.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.design import BODY_MIN, DesignScale
from shogun_desktop.ui.inputs import Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Panel

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

MIN_TEXT = BODY_MIN  # px: body text at 1280x720 (the style guide)
DESIGN = (1600, 900)
MARGIN = 16  # window pixels kept free around a card


def card_scale(size: tuple[int, int], box: pygame.Rect, ui_scale: float) -> float:
    """The factor from design pixels to window pixels for a card of ``box`` (design)."""
    w, h = size
    k = min(w / DESIGN[0], h / DESIGN[1])
    fit = min((w - 2 * MARGIN) / box.w, (h - 2 * MARGIN) / box.h)
    # never so small that the cards' 16 px design text would have to grow to stay >= 14 px
    # (it would no longer fit the rows and widths laid out for it)
    least = min(max(k, MIN_TEXT / 16), fit)
    return max(min(k * ui_scale, fit), least)


class CardPanel(Panel):
    """A Panel whose frame, title and rule follow the card's scale ``k`` (the plain Panel
    keeps design pixels)."""

    def __init__(self, rect, title: str | None, k: float, title_size: int, **kw) -> None:
        super().__init__(rect, title, **kw)
        self.k = k
        self.title_size = title_size

    def title_rule_y(self) -> int:
        """Window y of the rule under the title."""
        return self.rect.y + round(48 * self.k)

    def draw(self, surface, theme):
        r, k = self.rect, self.k
        radius = max(4, round(6 * k))
        shadow = r.move(max(2, round(4 * k)), max(3, round(5 * k)))
        pygame.draw.rect(surface, th.PAPER_DARK, shadow, border_radius=radius)
        pygame.draw.rect(surface, self.fill, r, border_radius=radius)
        pygame.draw.rect(surface, th.INK_SOFT, r, max(2, round(2 * k)), border_radius=radius)
        if self.title:
            inset = round(20 * k)
            y = self.title_rule_y()
            title = theme.fonts.fit(self.title, self.title_size, r.w - 2 * inset, True)
            th.blit_text(surface, theme.fonts, title, (r.x + inset, (r.y + y) // 2),
                         self.title_size, th.INK, bold=True, anchor="midleft")
            pygame.draw.line(surface, th.VERMILION, (r.x + inset, y), (r.right - inset, y),
                             max(2, round(2 * k)))


class NativeCard(DesignScale, Scene):
    """A scene laid out around ``self.box`` (design pixels) at the window's resolution.

    Subclasses build their widgets in :meth:`rebuild` with ``R()`` for rects, ``P()`` for
    points and ``T()`` for text sizes; the layout is redone when the window or the text size
    changes.
    """

    native = True
    box: pygame.Rect

    def __init__(self, app: App, box: pygame.Rect | tuple[int, int, int, int]) -> None:
        super().__init__(app)
        self.box = pygame.Rect(box)
        self.k = 1.0
        self.origin = (0, 0)
        self.extra = 0
        self.text_scale = 1.0
        self._layout_key: tuple | None = None

    def place(self, size: tuple[int, int]) -> None:
        """Scale and origin for a window of ``size``: the box centred in the window."""
        w, h = size
        self.k = k = card_scale(size, self.box, self.app.ui_scale)
        self.text_scale = k
        self.origin = (round(w / 2 - self.box.centerx * k), round(h / 2 - self.box.centery * k))

    def native_layout(self, size: tuple[int, int]) -> None:
        if not self.layout_due(size):
            return
        self.place(size)
        self.rebuild()

    def relayout(self) -> None:
        """Lay out again now (the text size changed from inside the card)."""
        self._layout_key = None
        self.native_layout(self.app.window_size)

    def rebuild(self) -> None:
        """Build the widgets for the current scale (subclasses)."""

    def T(self, size: float) -> int:  # noqa: N802
        """A design text size at this card's scale, never below 14 px."""
        return max(MIN_TEXT, round(size * self.k))

    def px(self, value: float) -> int:
        """A design length at this card's scale."""
        return round(value * self.k)

    def panel(self, title: str | None = None, *, title_size: int = 22) -> CardPanel:
        return CardPanel(self.R(self.box), title, self.k, self.T(title_size))

    @property
    def card(self) -> pygame.Rect:
        """The card in window pixels."""
        return self.R(self.box)

    def resume(self) -> None:
        self.native_layout(self.app.window_size)

    def handle(self, inp: Input) -> bool:
        self.native_layout(self.app.window_size)
        return False
