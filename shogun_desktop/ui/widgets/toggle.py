"""An on/off switch with a label."""

from __future__ import annotations

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Input, Kind
from shogun_desktop.ui.widgets.base import Widget, _clicked


class Toggle(Widget):
    """An on/off switch with a label to its right; the switch follows the scale."""

    def __init__(self, rect, label: str, value: bool, on_change=None, *, size=17, **kw) -> None:
        super().__init__(rect, **kw)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.size = size

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.PRESS and self.contains(inp.pos):
            return True
        if _clicked(self, inp):
            if self.enabled:
                self.value = not self.value
                if self.on_change is not None:
                    self.on_change(self.value)
            return True
        return False

    def track(self) -> pygame.Rect:
        """The switch: 44x22 design px at the widget's scale (never under 36x18 px)."""
        h = self.px(22, 18)
        return pygame.Rect(self.rect.x, self.rect.centery - h // 2, 2 * h, h)

    def label_x(self) -> int:
        """Where the label starts: right of the switch and its gap."""
        return self.track().right + self.px(10, 8)

    def draw(self, surface, theme):
        r = self.rect
        track = self.track()
        radius = track.h // 2
        on_col = th.VERMILION if self.enabled else th.INK_FAINT
        pygame.draw.rect(surface, on_col if self.value else th.PAPER_DARK, track,
                         border_radius=radius)
        pygame.draw.rect(surface, th.INK_SOFT, track, self.px(1), border_radius=radius)
        knob = round(track.h * 8 / 22)
        knob_x = track.right - radius if self.value else track.x + radius
        pygame.draw.circle(surface, th.PAPER_LIGHT, (knob_x, track.centery), knob)
        pygame.draw.circle(surface, th.INK_SOFT, (knob_x, track.centery), knob, self.px(1))
        ink = th.INK if self.enabled else th.INK_FAINT
        th.blit_text(surface, theme.fonts, self.label, (self.label_x(), r.centery),
                     self.size, ink, anchor="midleft")
