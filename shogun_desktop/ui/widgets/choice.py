"""A segmented choice of a few options."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Input, Kind
from shogun_desktop.ui.widgets.base import Painter, Widget, _clicked


@dataclass(frozen=True)
class Option:
    """One segment of a Choice: value, label, and why it is unavailable (None = available)."""

    value: object
    label: str
    disabled: str | None = None
    tooltip: str | None = None
    icon: Painter | None = None


def label_inset(scale: float) -> int:
    """The room kept free at each side of a segment's label at ``scale`` (a screen that sizes
    its words to fit a segment asks this)."""
    return max(4, round(5 * scale))


class Choice(Widget):
    """Segmented buttons: exactly one option selected; a click on another selects it."""

    def __init__(
        self,
        rect,
        options: Sequence[Option],
        value: object,
        on_change: Callable[[object], None] | None = None,
        *,
        size: int = 17,
        **kw,
    ) -> None:
        super().__init__(rect, **kw)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.size = size
        self.hover_index: int | None = None

    def segment_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.options))
        rects = []
        for i in range(n):
            x0 = self.rect.x + round(i * self.rect.w / n)
            x1 = self.rect.x + round((i + 1) * self.rect.w / n)
            rects.append(pygame.Rect(x0, self.rect.y, x1 - x0, self.rect.h))
        return rects

    def index_at(self, pos: tuple[int, int] | None) -> int | None:
        if pos is None or not self.contains(pos):
            return None
        for i, r in enumerate(self.segment_rects()):
            if r.collidepoint(pos):
                return i
        return None

    def tip(self, pos=None):
        if self.disabled:
            return self.disabled
        i = self.index_at(pos)
        if i is not None:
            opt = self.options[i]
            return opt.disabled or opt.tooltip or self.tooltip
        return self.tooltip

    def select(self, value: object) -> bool:
        """Select value as a user would; False when it is unavailable."""
        for opt in self.options:
            if opt.value == value:
                if opt.disabled or not self.enabled:
                    return False
                if value != self.value:
                    self.value = value
                    if self.on_change is not None:
                        self.on_change(value)
                return True
        return False

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.MOTION:
            self.hover_index = self.index_at(inp.pos)
            return False
        if inp.kind is Kind.PRESS and self.contains(inp.pos):
            return True
        if _clicked(self, inp):
            i = self.index_at(inp.pos)
            if i is not None and i == self.index_at(inp.start or inp.pos):
                self.select(self.options[i].value)
            return True
        return False

    def label_room(self, segment: pygame.Rect) -> int:
        """How wide a label may be in ``segment`` before it is shortened."""
        return segment.w - 2 * label_inset(self.scale)

    def draw(self, surface, theme):
        rects = self.segment_rects()
        outer = self.rect
        radius, line = self.px(5, 4), self.px(1)
        gap = self.px(8, 6)
        pygame.draw.rect(surface, th.PAPER_LIGHT, outer, border_radius=radius)
        for i, (opt, r) in enumerate(zip(self.options, rects, strict=False)):
            selected = opt.value == self.value
            off = opt.disabled is not None or not self.enabled
            if selected:
                fill, ink = (th.INK_SOFT if off else th.INK), th.PAPER_LIGHT
            elif off:
                fill, ink = th.PAPER_DARK, th.INK_FAINT
            elif self.hovered and self.hover_index == i:
                fill, ink = th.mix(th.PAPER_LIGHT, th.GOLD, 0.3), th.INK
            else:
                fill, ink = th.PAPER_LIGHT, th.INK
            pygame.draw.rect(surface, fill, r.inflate(-2 * line, -2 * line),
                             border_radius=radius - 1)
            if off and not selected:  # a diagonal strike so "unavailable" is not colour-only
                inner = r.inflate(-2 * self.px(5, 4), -2 * self.px(5, 4))
                pygame.draw.line(surface, th.INK_FAINT, inner.bottomleft, inner.topright, line)
            x = r.centerx
            if opt.icon is not None:
                isz = min(r.h - 2 * self.px(6, 5), self.px(24))
                tw = theme.fonts.size(opt.label, self.size, True)[0] if opt.label else -gap
                ir = pygame.Rect(0, 0, isz, isz)
                ir.midleft = (r.centerx - (isz + gap + tw) // 2, r.centery)
                opt.icon(surface, ir)
                x = ir.right + gap + tw // 2
            if opt.label:
                label = theme.fonts.fit(opt.label, self.size, self.label_room(r), True)
                th.blit_text(surface, theme.fonts, label, (x, r.centery + 1), self.size, ink,
                             bold=True, anchor="center")
            if i:
                inset = self.px(6, 5)
                pygame.draw.line(surface, th.INK_FAINT, (r.x, r.y + inset),
                                 (r.x, r.bottom - inset - 1), line)
        pygame.draw.rect(surface, th.INK_SOFT, outer, line, border_radius=radius)
