"""A scene drawn at the window's own resolution from a 1600x900 design.

The game table and the planning screen keep their layout in design pixels; these helpers
map it into the window (scale ``k``, ``origin``) and push everything below the scene's
``fold`` down by ``extra`` when a taller window gives that height to the map.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame

DESIGN = (1600, 900)  # the layout's own pixels, mapped into any window
BODY_MIN = 14  # px: the smallest body text (prompt, log, rows, buttons, legend, tooltips)


def map_text_scale(k: float, ui_scale: float = 1.0) -> float:
    """The map's text grows more slowly than the window beyond the design size: a larger
    window gives the names room rather than only bigger letters (so small provinces fit)."""
    return min(k, max(1.0, 0.8 * k)) * ui_scale


class DesignScale:
    """Mixin for native scenes: ``k``, ``origin``, ``extra`` and ``text_scale`` are set by
    the scene's layout; ``fold`` is the design y from which rows move down by ``extra``."""

    fold: ClassVar[int] = 0
    app: Any  # the App (its window size and the player's text size)
    _layout_key: tuple | None = None
    k: float = 1.0  # until the first layout
    origin: tuple[int, int] = (0, 0)
    extra: int = 0
    text_scale: float = 1.0

    def layout_due(self, size: tuple[int, int]) -> bool:
        """True once per change of the window size or the player's text size: a native
        scene lays itself out only then (it is asked every frame)."""
        key = (tuple(size), self.app.ui_scale)
        if key == self._layout_key:
            return False
        self._layout_key = key
        return True

    def fit_design(self, size: tuple[int, int], *, grows: bool = False) -> None:
        """Scale the 1600x900 design into a window of ``size`` (aspect kept, centred across;
        down, centred too, or with ``grows`` from the top with the spare height as
        ``extra`` below ``fold``), text at that scale times the player's text size."""
        w, h = size
        self.k = k = min(w / DESIGN[0], h / DESIGN[1])
        if grows:
            self.origin = (round((w - DESIGN[0] * k) / 2), 0)
            self.extra = max(0, round(h - DESIGN[1] * k))
        else:
            self.origin = (round((w - DESIGN[0] * k) / 2), round((h - DESIGN[1] * k) / 2))
            self.extra = 0
        self.text_scale = k * self.app.ui_scale

    def R(self, x, y=None, w=None, h=None) -> pygame.Rect:  # noqa: N802
        """A design rect (or x, y, w, h) in window pixels."""
        if y is None:
            x, y, w, h = pygame.Rect(x)
        k, (ox, oy) = self.k, self.origin
        dy = self.extra if y >= self.fold else 0
        return pygame.Rect(round(ox + x * k), round(oy + y * k) + dy, round(w * k), round(h * k))

    def P(self, x: float, y: float) -> tuple[int, int]:  # noqa: N802
        """A design point in window pixels."""
        dy = self.extra if y >= self.fold else 0
        return (round(self.origin[0] + x * self.k), round(self.origin[1] + y * self.k) + dy)

    def F(self, size: int) -> int:  # noqa: N802
        """A design text size at this resolution and the player's text size (text that wraps
        or has room to grow); never under BODY_MIN px at the default text size, so body text
        stays readable in the smallest window (1280x720 scales the design by 0.8)."""
        floor = max(11, round(BODY_MIN * self.text_scale / self.k)) if self.k else BODY_MIN
        return max(floor, round(size * self.text_scale))
