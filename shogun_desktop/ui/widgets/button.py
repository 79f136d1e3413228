"""A push button: mouse, hotkey and keyboard focus."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.widgets.base import Painter, Widget, _clicked


class Button(Widget):
    def __init__(
        self,
        rect,
        text: str,
        on_click: Callable[[], None] | None = None,
        *,
        primary: bool = False,
        selected: bool = False,
        hotkey: Action | None = None,
        icon: Painter | None = None,
        size: int = 18,
        **kw,
    ) -> None:
        super().__init__(rect, **kw)
        self.text = text
        self.on_click = on_click
        self.primary = primary
        self.selected = selected
        self.hotkey = hotkey
        self.icon = icon
        self.size = size
        self.pressed = False
        self.cut = False  # the label was shortened to fit (set when drawn)

    def tip(self, pos: tuple[int, int] | None = None) -> str | None:
        """The widget's tip; a label shortened to fit is shown in full first."""
        tip = super().tip(pos)
        if self.cut and self.text:
            return f"{self.text} — {tip}" if tip else self.text
        return tip

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.PRESS and self.contains(inp.pos):
            self.pressed = self.enabled
            return True
        if inp.kind in (Kind.CLICK, Kind.DRAG_END):
            self.pressed = False
            if _clicked(self, inp):
                self.activate()
                return True
        if self.hotkey is not None and inp.is_action(self.hotkey) and self.enabled:
            self.activate()
            return True
        return False

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def colours(self) -> tuple[th.RGB, th.RGB, th.RGB]:
        """(fill, border, text) for the current state."""
        if not self.enabled:
            return th.PAPER_DARK, th.INK_FAINT, th.INK_FAINT
        if self.primary:
            fill = th.VERMILION_DARK if self.pressed else th.VERMILION
            if self.hovered and not self.pressed:
                fill = th.lighten(th.VERMILION, 0.12)
            return fill, th.VERMILION_DARK, th.PAPER_LIGHT
        if self.selected:
            return th.INK, th.INK, th.PAPER_LIGHT
        fill = th.PAPER_LIGHT
        if self.hovered:
            fill = th.mix(th.PAPER_LIGHT, th.GOLD, 0.25)
        if self.pressed:
            fill = th.mix(th.PAPER_LIGHT, th.GOLD, 0.45)
        return fill, th.INK_SOFT, th.INK

    def inset(self) -> int:
        """The room kept free at each side of the label."""
        return self.px(6, 5)

    def draw(self, surface, theme):
        fill, border, ink = self.colours()
        r = self.rect
        radius = self.px(5, 4)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, border, r, self.px(2 if (self.hovered and self.enabled) else 1),
                         border_radius=radius)
        if self.focused:  # the focus ring, clear of the frame at every scale
            ring = self.px(3, 3)
            pygame.draw.rect(surface, th.GOLD, r.inflate(2 * ring, 2 * ring), self.px(2, 2),
                             border_radius=radius + ring - 1)
        x = r.centerx
        text_w = theme.fonts.size(self.text, self.size, True)[0] if self.text else 0
        gap = self.px(8, 6)
        if self.icon is not None:
            icon_size = min(r.h - 2 * self.inset(), self.px(26))
            total = icon_size + (gap + text_w if self.text else 0)
            icon_rect = pygame.Rect(0, 0, icon_size, icon_size)
            icon_rect.midleft = (r.centerx - total // 2, r.centery)
            self.icon(surface, icon_rect)
            x = icon_rect.right + gap + text_w // 2
        if self.text:
            label = theme.fonts.fit(self.text, self.size, r.w - 2 * self.inset(), True)
            self.cut = label != self.text
            th.blit_text(surface, theme.fonts, label, (x, r.centery + 1), self.size, ink,
                         bold=True, anchor="center")
