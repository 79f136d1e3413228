"""A scrolling list of lines; a cut line shows in full as its tooltip."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Input, Kind
from shogun_desktop.ui.widgets.base import Widget


class ScrollableLog(Widget):
    """Lines of text, newest at the bottom; the wheel scrolls when the pointer is over it."""

    def __init__(self, rect, lines: Sequence[str | tuple[str, Sequence[int]]] = (), *,
                 size: int = 16, title: str | None = None, **kw) -> None:
        super().__init__(rect, **kw)
        self.lines: list[tuple[str, Sequence[int]]] = []
        self.size = size
        self.title = title
        self.scroll = 0  # lines scrolled up from the bottom
        for line in lines:
            self.append(line)

    def append(self, line: str | tuple[str, Sequence[int]]) -> None:
        self.lines.append((line, th.INK) if isinstance(line, str) else line)
        if self.scroll:
            self.scroll += 1  # keep the view steady while the reader is scrolled back

    @property
    def line_h(self) -> int:
        return int(self.size * 1.25)  # 17 px at 14 px: 8 lines fit the table's log at 1280x720

    @property
    def title_h(self) -> int:
        return self.size + self.px(10, 8) if self.title else 0

    @property
    def pad(self) -> int:
        """The room above the first line (and, with ``pad_x``, around the text)."""
        return self.px(8, 6)

    @property
    def pad_x(self) -> int:
        return self.px(10, 8)

    def scrollbar(self) -> pygame.Rect:
        """The scroll bar's track at the right edge (4 design px wide, at least 4 px)."""
        w = self.px(4, 4)
        inset = self.px(6, 5)
        return pygame.Rect(self.rect.right - inset - w, self.rect.y + inset, w,
                           self.rect.h - 2 * inset)

    def visible_count(self) -> int:
        return max(1, (self.rect.h - self.pad - self.title_h - self.px(6, 5)) // self.line_h)

    def max_scroll(self) -> int:
        return max(0, len(self.lines) - self.visible_count())

    def line_at(self, pos: tuple[int, int] | None) -> str | None:
        """The full text of the line under pos (None between lines)."""
        if pos is None or not self.contains(pos):
            return None
        top = self.rect.y + self.pad + self.title_h
        i = (pos[1] - top) // self.line_h
        n = self.visible_count()
        end = len(self.lines) - self.scroll
        shown = self.lines[max(0, end - n) : end]
        return shown[i][0] if 0 <= i < len(shown) and pos[1] >= top else None

    def tip(self, pos: tuple[int, int] | None = None) -> str | None:
        """A line cut to fit shows in full under the pointer; otherwise the widget's tip."""
        line = self.line_at(pos)
        return line if line is not None else super().tip(pos)

    def adopt(self, old: Widget) -> None:
        if isinstance(old, ScrollableLog):
            self.scroll = min(old.scroll, self.max_scroll())

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.SCROLL and self.contains(inp.pos):
            self.scroll = max(0, min(self.max_scroll(), self.scroll + 3 * inp.amount))
            return True
        return False

    def draw(self, surface, theme):
        r = self.rect
        radius = self.px(4, 3)
        pygame.draw.rect(surface, th.PAPER_LIGHT, r, border_radius=radius)
        pygame.draw.rect(surface, th.INK_SOFT, r, self.px(1), border_radius=radius)
        x, y = r.x + self.pad_x, r.y + self.pad
        track = self.scrollbar()
        if self.title:
            th.blit_text(surface, theme.fonts, self.title, (x, y), self.size, th.INK,
                         bold=True)
            y += self.title_h
        n = self.visible_count()
        end = len(self.lines) - self.scroll
        room = track.x - self.px(8, 6) - x  # the text stops short of the scroll bar
        for text, colour in self.lines[max(0, end - n) : end]:
            th.blit_text(surface, theme.fonts, theme.fonts.fit(text, self.size, room),
                         (x, y), self.size, colour)
            y += self.line_h
        if self.max_scroll():
            pygame.draw.rect(surface, th.PAPER_DARK, track, border_radius=track.w // 2)
            frac = n / len(self.lines)
            h = max(self.px(16, 14), round(track.h * frac))
            pos = 1 - (self.scroll + n) / len(self.lines)
            thumb = pygame.Rect(track.x, track.y + round((track.h - h) * pos / max(1e-9, 1 - frac)),
                                track.w, h)
            pygame.draw.rect(surface, th.INK_SOFT, thumb, border_radius=track.w // 2)
