"""The hand-off curtain: an opaque scene pushed between two seats' private screens.

Opaque means the stack draws nothing below it, so no pixel of the previous seat's plan
survives while the screen changes hands. Only the named player's explicit click (or Enter)
lifts it; a stray click on the background does nothing. The press must be a fresh one after
the curtain has been up for half a second (:class:`FreshPressGate`): a second Enter or click
meant for the previous screen's dialog, a held Enter's key-repeat or a double click never
opens the next seat's plan in front of the previous player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, FreshPressGate, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App


class CurtainScene(Scene):
    opaque = True

    def __init__(self, app: App, name: str, colour: str, *, reason: str = "",
                 on_reveal: Callable[[], None] | None = None,
                 button_text: str | None = None) -> None:
        super().__init__(app)
        self.name, self.colour, self.reason, self.on_reveal = name, colour, reason, on_reveal
        self.gate = FreshPressGate()
        w, h = app.logical_size
        text = button_text or f"I am {name}"
        bw = max(340, app.theme.fonts.size(text, 21, True)[0] + 60)
        self.ui = WidgetGroup([Button((w // 2 - bw // 2, h // 2 + 90, bw, 60), text,
                                      self.reveal, primary=True, hotkey=Action.CONFIRM,
                                      key="reveal", size=21)])

    @property
    def armed(self) -> bool:
        """Whether a fresh press would now lift the curtain."""
        return self.gate.armed

    def resume(self) -> None:
        self.gate = FreshPressGate()  # shown again (e.g. after the menu): wait again

    def reveal(self) -> None:
        self.app.scenes.remove(self)
        if self.on_reveal is not None:
            self.on_reveal()

    def handle(self, inp: Input) -> bool:
        if self.gate.allow(inp):
            self.ui.handle(inp)
        return True  # nothing passes through the curtain

    def update(self, dt: float) -> None:
        self.gate.update(dt)
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(th.PAPER_DARK)
        w, h = surface.get_size()
        fonts = self.app.theme.fonts
        th.draw_marker(surface, self.colour, (w // 2, h // 2 - 150), 84)
        th.blit_text(surface, fonts, f"Pass the screen to {self.name}", (w // 2, h // 2 - 50),
                     40, th.INK, bold=True, anchor="center")
        if self.reason:
            th.blit_text(surface, fonts, self.reason, (w // 2, h // 2 + 10), 21, th.INK_SOFT,
                         anchor="center")
        self.ui.draw(surface, self.app.theme)
