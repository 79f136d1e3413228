"""A line of text (shortened with an ellipsis when given a width)."""

from __future__ import annotations

from collections.abc import Sequence

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.widgets.base import Widget


class Label(Widget):
    def __init__(
        self,
        pos: tuple[int, int],
        text: str,
        size: int = 18,
        colour: Sequence[int] = th.INK,
        *,
        bold: bool = False,
        anchor: str = "topleft",
        width: int | None = None,
        **kw,
    ) -> None:
        super().__init__((pos[0], pos[1], 0, 0), **kw)
        self.pos = pos
        self.text = text
        self.size = size
        self.colour = colour
        self.bold = bold
        self.anchor = anchor
        self.width = width  # text is shortened with an ellipsis to fit

    def draw(self, surface, theme):
        text = self.text
        if self.width is not None:
            text = theme.fonts.fit(text, self.size, self.width, self.bold)
        self.rect = th.blit_text(surface, theme.fonts, text, self.pos, self.size, self.colour,
                                 bold=self.bold, anchor=self.anchor)
