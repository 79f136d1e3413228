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

from shogun_desktop.i18n import _, ngettext
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, FreshPressGate, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Button, ScrollableLog, WidgetGroup, wrap_text

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.recap import Recap

RECAP_SIZE = 18  # 14.4 px at 1280x720


class CurtainScene(Scene):
    opaque = True

    def __init__(self, app: App, name: str, colour: str, *, reason: str = "",
                 on_reveal: Callable[[], None] | None = None,
                 button_text: str | None = None, recap: Recap | None = None) -> None:
        super().__init__(app)
        self.name, self.colour, self.reason, self.on_reveal = name, colour, reason, on_reveal
        self.recap = recap if recap is not None and not recap.is_empty() else None
        self.gate = FreshPressGate()
        w, h = app.logical_size
        # with a recap the hand-off sits in the left part, the recap on the right
        self.centre_x = w // 2 if self.recap is None else round(w * 0.29)
        text = button_text or _("I am {player}").format(player=name)
        fonts = app.theme.fonts
        bw = max(340, fonts.size(text, 21, True)[0] + 60)
        bw = min(bw, 2 * self.centre_x - 40)
        widgets: list = [Button((self.centre_x - bw // 2, h // 2 + 90, bw, 60), text,
                                self.reveal, primary=True, hotkey=Action.CONFIRM, key="reveal",
                                size=21)]
        if self.recap is not None:
            rect = pygame.Rect(round(w * 0.58), 64, round(w * 0.42) - 40, h - 128)
            lines = self.recap_lines(rect.w - 36)
            needed = 34 + 8 + len(lines) * (RECAP_SIZE + 6) + 8  # fits short recaps
            rect.h = max(160, min(rect.h, needed))
            rect.centery = max(rect.h // 2 + 64, h // 2 - 20)
            log = ScrollableLog(rect, lines, size=RECAP_SIZE, title=_("Since your last turn"),
                                key="recap")
            log.scroll = log.max_scroll()  # read from the top, oldest first
            widgets.append(log)
        self.ui = WidgetGroup(widgets)

    def recap_lines(self, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        """The recap wrapped to the panel: a round's title, then its events as bullets."""
        assert self.recap is not None
        fonts = self.app.theme.fonts
        out: list[tuple[str, tuple[int, int, int]]] = []
        if self.recap.earlier:
            n = self.recap.earlier
            out.append((ngettext("… and {n} earlier event (in the game log)",
                                 "… and {n} earlier events (in the game log)", n).format(n=n),
                        th.INK_SOFT))
        for group in self.recap.groups:
            out.append((group.title, th.VERMILION_DARK))
            for line in group.lines:
                for i, part in enumerate(wrap_text(fonts, line, RECAP_SIZE, width - 20)):
                    out.append((("• " if i == 0 else "   ") + part, th.INK))
        return out

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
        cx = self.centre_x
        fonts = self.app.theme.fonts
        th.draw_marker(surface, self.colour, (cx, h // 2 - 150), 84)
        title = fonts.fit(_("Pass the screen to {player}").format(player=self.name), 40, 2 * cx - 40, True)
        th.blit_text(surface, fonts, title, (cx, h // 2 - 50), 40, th.INK, bold=True,
                     anchor="center")
        if self.reason:
            for i, line in enumerate(wrap_text(fonts, self.reason, 21, 2 * cx - 60)[:2]):
                th.blit_text(surface, fonts, line, (cx, h // 2 + 10 + 28 * i), 21,
                             th.INK_SOFT, anchor="center")
        self.ui.draw(surface, self.app.theme)
