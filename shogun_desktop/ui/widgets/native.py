"""Screens and overlays drawn at the window's own resolution, laid out once per size.

The winter summary, the end screen, the hand-off curtain, the drop notice, the starting
screen and the confirm dialog keep a 1600x900 design (:class:`~shogun_desktop.ui.design.
DesignScale`), centred in the window at scale ``k``; text follows the window and the player's
text size but never drops below 14 px (body text at 1280x720, the style guide). What they
draw is laid out into a :class:`Sheet` when the size changes, so drawing only replays it,
and every line shortened to fit keeps its full text for a tooltip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.design import BODY_MIN, DESIGN, DesignScale
from shogun_desktop.ui.widgets.base import Widget
from shogun_desktop.ui.widgets.tooltip import draw_tooltip

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.widgets.group import WidgetGroup

MIN_TEXT = BODY_MIN  # px: the smallest body text at 1280x720


class Sheet:
    """Text and shapes placed for one window size, replayed on every draw.

    ``text`` measures as it places, so a layout can ask where a line ended; ``fitted`` keeps
    a shortened line's full text in ``cut`` (the scene turns them into tooltips).
    """

    def __init__(self, fonts: th.Fonts) -> None:
        self.fonts = fonts
        self.ops: list[Callable[[pygame.Surface], object]] = []
        self.cut: list[tuple[pygame.Rect, str]] = []
        self.texts: list[tuple[str, pygame.Rect, int]] = []

    def text(self, text: str, pos: tuple[float, float], size: int, colour: Sequence[int], *,
             bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.fonts.size(text, size, bold))
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        fonts = self.fonts
        self.ops.append(lambda s: th.blit_text(s, fonts, text, pos, size, colour, bold=bold,
                                               anchor=anchor))
        self.texts.append((text, rect, size))
        return rect

    def fitted(self, text: str, pos: tuple[float, float], size: int, width: int,
               colour: Sequence[int], *, bold: bool = False,
               anchor: str = "topleft") -> pygame.Rect:
        """One line no wider than ``width``; a shortened line remembers its full text."""
        shown = self.fonts.fit(text, size, width, bold)
        rect = self.text(shown, pos, size, colour, bold=bold, anchor=anchor)
        if shown != text:
            self.cut.append((rect, text))
        return rect

    def lines(self, text: str, pos: tuple[int, int], size: int, width: int,
              colour: Sequence[int], *, step: int, bold: bool = False) -> int:
        """Wrapped text from ``pos``; returns the y below its last line."""
        x, y = pos
        for line in self.fonts.wrap(text, size, width, bold):
            self.text(line, (x, y), size, colour, bold=bold)
            y += step
        return y

    def marker(self, colour: str, centre: tuple[int, int], size: int) -> None:
        """A player's marker (colour and symbol)."""
        self.ops.append(lambda s: th.draw_marker(s, colour, centre, size))

    def cube(self, colour: str, centre: tuple[int, int], size: int) -> None:
        """A player's cube."""
        self.ops.append(lambda s: th.draw_cube(s, colour, centre, size))

    def rect(self, rect: pygame.Rect, fill: Sequence[int], radius: int = 0) -> None:
        """A filled box."""
        self.ops.append(lambda s: pygame.draw.rect(s, fill, rect, border_radius=radius))

    def blit(self, image: pygame.Surface, pos: tuple[int, int]) -> None:
        self.ops.append(lambda s: s.blit(image, pos))

    def line(self, a: tuple[int, int], b: tuple[int, int], colour: Sequence[int],
             width: int = 1) -> None:
        self.ops.append(lambda s: pygame.draw.line(s, colour, a, b, width))

    def draw(self, fn: Callable[[pygame.Surface], object]) -> None:
        """Any other drawing (a marker, a line) in its place among the texts."""
        self.ops.append(fn)

    def paint(self, surface: pygame.Surface) -> None:
        for op in self.ops:
            op(surface)

    def tip_widgets(self) -> list[Widget]:
        """One hover area per shortened line, holding its full text."""
        return [Widget(rect, key=f"full-text-{i}", tooltip=full)
                for i, (rect, full) in enumerate(self.cut)]


def draw_card(surface: pygame.Surface, fonts: th.Fonts, rect: pygame.Rect, k: float,
              fill: Sequence[int] = th.PAPER_LIGHT) -> None:
    """A paper card with an ink frame and a shadow, at scale k (the Panel look)."""
    off = max(3, round(4 * k))
    pygame.draw.rect(surface, th.PAPER_DARK, rect.move(off, off + 1), border_radius=6)
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, th.INK_SOFT, rect, 2, border_radius=6)


class NativeLayout(DesignScale):
    """Mixin: ``native_layout(size)`` sets ``k``, ``origin`` and ``text_scale`` for the window
    and the player's text size and calls ``layout()`` when either changed."""

    native = True
    grows: ClassVar[bool] = False  # True: a taller window's height opens at ``fold``
    app: App
    ui: WidgetGroup
    _layout_key: tuple | None = None
    size: tuple[int, int] = DESIGN
    box: pygame.Rect  # card-shaped screens (paint_card): the card, its title rule, its text
    rule_y: int
    sheet: Sheet

    def native_layout(self, size: tuple[int, int]) -> None:
        if not self.layout_due(size):
            return
        self.size = (size[0], size[1])
        self.fit_design(size, grows=self.grows)  # taller: rows from ``fold`` move by ``extra``
        self.layout()

    def layout(self) -> None:
        """Place widgets and text for the current ``k`` (subclasses)."""

    def paint_card(self, surface: pygame.Surface) -> None:
        """The card at ``self.box`` with its title rule at ``self.rule_y``, the laid-out
        sheet, the widgets and the tooltip: what a card-shaped native screen draws."""
        box = self.box
        draw_card(surface, self.app.theme.fonts, box, self.k)
        pygame.draw.line(surface, th.VERMILION, (box.x + self.px(20), self.rule_y),
                         (box.right - self.px(20), self.rule_y), 2)
        self.sheet.paint(surface)
        self.ui.draw_widgets(surface, self.app.theme)
        self.draw_tip(surface)

    def relayout(self) -> None:
        """Lay out again at the same size (the content changed)."""
        self._layout_key = None
        self.native_layout(self.app.window_size)

    def F(self, size: int, minimum: int = MIN_TEXT) -> int:  # noqa: N802
        """A design text size at this window and text size, never below ``minimum`` px."""
        return max(minimum, round(size * self.text_scale))

    def px(self, value: float) -> int:
        """A design length in window pixels."""
        return round(value * self.k)

    @staticmethod
    def lh(size: int) -> int:
        """The line advance for text of ``size`` px."""
        return round(size * 1.35)

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """The full text a player can read by pointing at ``pos`` (a tooltip), if any."""
        for widget in reversed(self.ui.widgets):
            if widget.contains(pos) and widget.tip(pos):
                return widget.tip(pos)
        return None

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The hovered widget's tooltip at this window's text size."""
        tip = self.ui.tooltip.text()
        if tip and self.ui.tooltip.pos is not None:
            draw_tooltip(surface, self.app.theme, tip, self.ui.tooltip.pos, self.F(16))
