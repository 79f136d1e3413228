"""The modal confirm/notice dialog and the veil under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from shogun_desktop.i18n import _
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets.base import Widget
from shogun_desktop.ui.widgets.button import Button
from shogun_desktop.ui.widgets.group import WidgetGroup
from shogun_desktop.ui.widgets.panel import Panel
from shogun_desktop.ui.widgets.text import wrap_text

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App


class ConfirmDialog(Scene):
    """A modal question over the current screen: Enter confirms, Escape cancels.

    With cancel_text=None it is a plain notice with one button.
    """

    opaque = False

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        *,
        on_confirm: Callable[[], None] | None = None,
        on_cancel: Callable[[], None] | None = None,
        confirm_text: str = "",
        cancel_text: str | None = "",
        role: str | None = None,
    ) -> None:
        super().__init__(app)
        # "" means the usual words, translated now (the language may change while running);
        # cancel_text=None means no Cancel button.
        confirm_text = confirm_text or _("OK")
        if cancel_text == "":
            cancel_text = _("Cancel")
        self.role = role  # what the dialog asks, for its owner ("quit": closing the window)
        self.title = title
        self.message = message
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        w, h = 620, 260
        cw, ch = app.logical_size
        self.box = pygame.Rect((cw - w) // 2, (ch - h) // 2, w, h)
        bw = 170
        y = self.box.bottom - 66
        widgets: list[Widget] = [Panel(self.box, title)]
        x = self.box.right - 24 - bw
        widgets.append(Button((x, y, bw, 44), confirm_text, self.confirm, primary=True,
                              key="confirm"))
        if cancel_text is not None:
            widgets.append(Button((x - bw - 16, y, bw, 44), cancel_text, self.cancel,
                                  key="cancel"))
        self.ui = WidgetGroup(widgets)

    def confirm(self) -> None:
        self.app.scenes.remove(self)
        if self.on_confirm is not None:
            self.on_confirm()

    def cancel(self) -> None:
        self.app.scenes.remove(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def handle(self, inp: Input) -> bool:
        if inp.is_action(Action.CONFIRM):
            self.confirm()
            return True
        if inp.is_action(Action.CANCEL):
            self.cancel()
            return True
        self.ui.handle(inp)
        return True  # modal: nothing reaches the scene below

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_veil(surface)
        self.ui.draw(surface, self.app.theme)
        y = self.box.y + 66
        for line in wrap_text(self.app.theme.fonts, self.message, 19, self.box.w - 48):
            th.blit_text(surface, self.app.theme.fonts, line, (self.box.x + 24, y), 19, th.INK)
            y += 27


_VEILS: dict[tuple[int, int], pygame.Surface] = {}


def draw_veil(surface: pygame.Surface) -> None:
    """Dim everything drawn so far (under a modal overlay); the veil surface is reused."""
    size = surface.get_size()
    veil = _VEILS.get(size)
    if veil is None:
        veil = _VEILS[size] = pygame.Surface(size, pygame.SRCALPHA)
        veil.fill(th.VEIL)
    surface.blit(veil, (0, 0))
