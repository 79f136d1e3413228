"""The widget base class: a rect, a key, a tooltip, a disabled reason as data, and a scale.

``scale`` maps the widget's own design lengths (frame, padding, switch, scroll bar, focus
ring) to window pixels, like the scene's layout maps its rects: a :class:`WidgetGroup` gives
every widget it holds the scene's scale, so a toggle or a frame is as large beside the text
at 2560x1440 as at 1600x900. Each length has a floor (``px``) that keeps it visible and
clickable in the smallest window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Input, Kind

Painter = Callable[[pygame.Surface, pygame.Rect], None]


class Widget:
    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        *,
        key: str | None = None,
        tooltip: str | None = None,
        disabled: str | None = None,
        scale: float = 1.0,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.scale = scale  # design px -> window px for frames, paddings and marks
        self.key = key
        self.tooltip = tooltip
        self.disabled = disabled  # None = enabled; otherwise the reason it is not
        self.hovered = False
        self.focused = False
        self.visible = True

    def px(self, value: float, least: int = 1) -> int:
        """A design length of the widget's own drawing at its scale, never below ``least``."""
        return max(least, round(value * self.scale))

    @property
    def enabled(self) -> bool:
        return self.disabled is None

    def tip(self, pos: tuple[int, int] | None = None) -> str | None:
        """The tooltip to show: the reason when disabled, else the widget's own tip."""
        return self.disabled or self.tooltip

    def contains(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.visible and self.rect.collidepoint(pos)

    def handle(self, inp: Input) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def adopt(self, old: Widget) -> None:
        """Take over transient state from the widget this one replaces in a rebuild."""

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        pass


def _clicked(widget: Widget, inp: Input) -> bool:
    """A left click that both started and ended on the widget."""
    return (
        inp.kind is Kind.CLICK
        and inp.button == 1
        and widget.contains(inp.pos)
        and (inp.start is None or widget.rect.collidepoint(inp.start))
    )
