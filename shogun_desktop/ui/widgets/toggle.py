"""An on/off switch with a label."""

from __future__ import annotations

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Input, Kind
from shogun_desktop.ui.widgets.base import Widget, _clicked


class Toggle(Widget):
    """An on/off switch with a label to its right."""

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

    def draw(self, surface, theme):
        r = self.rect
        track = pygame.Rect(r.x, r.centery - 11, 44, 22)
        on_col = th.VERMILION if self.enabled else th.INK_FAINT
        pygame.draw.rect(surface, on_col if self.value else th.PAPER_DARK, track,
                         border_radius=11)
        pygame.draw.rect(surface, th.INK_SOFT, track, 1, border_radius=11)
        knob_x = track.right - 11 if self.value else track.x + 11
        pygame.draw.circle(surface, th.PAPER_LIGHT, (knob_x, track.centery), 8)
        pygame.draw.circle(surface, th.INK_SOFT, (knob_x, track.centery), 8, 1)
        ink = th.INK if self.enabled else th.INK_FAINT
        th.blit_text(surface, theme.fonts, self.label, (track.right + 10, r.centery), self.size,
                     ink, anchor="midleft")
