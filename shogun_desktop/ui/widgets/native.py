"""The one base of every screen and card drawn at the window's own resolution.

Menus, settings, the guide, the confirm dialog, the drop notice, the winter summary, the
starting and end screens, the hand-off curtain and the setup screen keep a 1600x900 design
(:class:`~shogun_desktop.ui.design.DesignScale`) and are laid out once per window size and
text size (:meth:`NativeScene.native_layout`), in one of two ways:

- a *screen* fits the whole design into the window (scale ``k``, centred; ``grows``: a taller
  window's height opens at ``fold``), its text at ``k`` times the player's text size;
- a *card* of fixed design size (``card=``, a menu) is scaled by :func:`card_scale` (the
  window's scale times the text size, so the words keep their room, never so large that it
  leaves the window) and centred; its text follows that one scale.

Either way text never drops below 14 px (body text at 1280x720, the style guide), a card is
drawn by :meth:`NativeScene.paint_card` (frame, title rule, the laid-out :class:`Sheet`, the
widgets and the tooltip), and the widgets draw their frames at the scene's scale.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.design import BODY_MIN, DESIGN, DesignScale
from shogun_desktop.ui.inputs import Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets.base import Widget
from shogun_desktop.ui.widgets.group import WidgetGroup
from shogun_desktop.ui.widgets.panel import TITLE, draw_card, draw_title_rule, title_rule_y

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

MIN_TEXT = BODY_MIN  # px: the smallest body text at 1280x720
MARGIN = 16  # window pixels kept free around a card of fixed design size


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


def card_scale(size: tuple[int, int], box: pygame.Rect, ui_scale: float) -> float:
    """The factor from design pixels to window pixels for a card of ``box`` (design)."""
    w, h = size
    k = min(w / DESIGN[0], h / DESIGN[1])
    fit = min((w - 2 * MARGIN) / box.w, (h - 2 * MARGIN) / box.h)
    # never so small that the cards' 16 px design text would have to grow to stay >= 14 px
    # (it would no longer fit the rows and widths laid out for it)
    least = min(max(k, MIN_TEXT / 16), fit)
    return max(min(k * ui_scale, fit), least)


_VEILS: dict[tuple[int, int], pygame.Surface] = {}


def draw_veil(surface: pygame.Surface) -> None:
    """Dim everything drawn so far (under a modal overlay); the veil surface is reused."""
    size = surface.get_size()
    veil = _VEILS.get(size)
    if veil is None:
        veil = _VEILS[size] = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill(th.VEIL)
    surface.blit(veil, (0, 0))


class NativeScene(DesignScale, Scene):
    """A scene laid out at the window's resolution; ``layout()`` (subclasses) places its
    widgets and text whenever the window or the player's text size changed.

    With ``card`` (design pixels) it is a card of that size (:meth:`fit_card`); otherwise
    the whole design fits the window (:meth:`~DesignScale.fit_design`). A card-shaped scene
    sets ``box`` and its title with :meth:`begin_card` and draws with :meth:`paint_card`.
    """

    native = True
    grows: ClassVar[bool] = False  # True: a taller window's height opens at ``fold``
    veil: ClassVar[bool] = True  # the default draw dims the screen under the card
    app: App
    size: tuple[int, int] = DESIGN

    def __init__(self, app: App, card: pygame.Rect | tuple[int, int, int, int] | None = None
                 ) -> None:
        super().__init__(app)
        self.ui = WidgetGroup()
        self.sheet = Sheet(app.theme.fonts)
        self._card = pygame.Rect(card) if card is not None else None
        self.box = pygame.Rect(0, 0, 0, 0)  # the card in window pixels
        self.rule_y = 0

    # ---------------------------------------------------------------- placement
    def native_layout(self, size: tuple[int, int]) -> None:
        if not self.layout_due(size):
            return
        self.size = (size[0], size[1])
        if self._card is None:
            self.fit_design(size, grows=self.grows)  # taller: rows from ``fold`` move down
        else:
            self.fit_card(size)
        self.ui.scale = self.text_scale
        self.layout()

    def fit_card(self, size: tuple[int, int]) -> None:
        """Scale and origin for the card of ``design_card``: centred, at :func:`card_scale`
        (which holds the player's text size, so the text follows the card's one scale)."""
        w, h = size
        card = self.design_card
        self.k = k = card_scale(size, card, self.app.ui_scale)
        self.text_scale = k
        self.origin = (round(w / 2 - card.centerx * k), round(h / 2 - card.centery * k))
        self.extra = 0
        self.box = self.R(card)

    @property
    def design_card(self) -> pygame.Rect:
        """The card in design pixels (a scene made with ``card=``)."""
        assert self._card is not None  # only a scene made with ``card=`` has one
        return self._card

    def layout(self) -> None:
        """Place widgets and text for the current ``k`` (subclasses)."""

    def relayout(self) -> None:
        """Lay out again at the same size (the content or the text size changed)."""
        self._layout_key = None
        self.native_layout(self.app.window_size)

    @property
    def card(self) -> pygame.Rect:
        """The card in window pixels."""
        return self.box

    def centred_card(self, width: int, height: int) -> pygame.Rect:
        """A card of ``width`` x ``height`` window pixels in the middle of the window (a
        card that grows with its content)."""
        w, h = self.size
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def begin_card(self, box: pygame.Rect, title: str | None) -> int:
        """Start the card at ``box`` (window pixels): a fresh sheet with the title and the
        rule under it (as a :class:`Panel` sets them); returns the rule's y."""
        self.box = box
        sheet = self.sheet = Sheet(self.app.theme.fonts)
        tsize = self.F(TITLE)
        if title:
            sheet.fitted(title, (box.x + self.px(20), box.y + self.px(14)), tsize,
                         box.w - self.px(40), th.INK, bold=True)
        self.rule_y = title_rule_y(box.y, self.k, tsize)
        return self.rule_y

    # ---------------------------------------------------------------- sizes
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

    # ---------------------------------------------------------------- drawing
    def paint_card(self, surface: pygame.Surface) -> None:
        """The card at ``box`` with its title rule at ``rule_y``, the laid-out sheet, the
        widgets and the tooltip: what every card-shaped native scene draws."""
        draw_card(surface, self.box, self.k)
        draw_title_rule(surface, self.box, self.rule_y, self.k)
        self.sheet.paint(surface)
        self.ui.draw_widgets(surface, self.app.theme)
        self.draw_tip(surface)

    def draw_tip(self, surface: pygame.Surface) -> None:
        """The hovered widget's tooltip at this window's text size."""
        self.ui.tooltip.draw(surface, self.app.theme)  # at the group's (the scene's) scale

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """The full text a player can read by pointing at ``pos`` (a tooltip), if any."""
        for widget in reversed(self.ui.widgets):
            if widget.contains(pos) and widget.tip(pos):
                return widget.tip(pos)
        return None

    # ---------------------------------------------------------------- scene hooks
    def resume(self) -> None:
        self.native_layout(self.app.window_size)

    def update(self, dt: float) -> None:
        self.native_layout(self.app.window_size)
        self.ui.update(dt)

    def handle(self, inp: Input) -> bool:
        self.native_layout(self.app.window_size)  # a click lands where the widget is drawn
        return self.ui.handle(inp)

    def draw(self, surface: pygame.Surface) -> None:
        if self.veil:
            draw_veil(surface)
        self.paint_card(surface)
