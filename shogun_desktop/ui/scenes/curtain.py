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
from shogun_desktop.ui.widgets import Button, NativeScene, ScrollableLog, Sheet, wrap_text

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.recap import Recap

RECAP_SIZE = 18  # design px: 14.4 px at 1280x720


class CurtainScene(NativeScene):
    """Drawn at the window's own resolution: the hand-off in the middle (or the left part
    with a recap), the recap as a scrolling list on the right."""

    opaque = True

    def __init__(self, app: App, name: str, colour: str, *, reason: str = "",
                 on_reveal: Callable[[], None] | None = None,
                 button_text: str | None = None, recap: Recap | None = None) -> None:
        super().__init__(app)
        self.name, self.colour, self.reason, self.on_reveal = name, colour, reason, on_reveal
        self.recap = recap if recap is not None and not recap.is_empty() else None
        self.gate = FreshPressGate()
        self.button_text = button_text or _("I am {player}").format(player=name)
        self.native_layout(app.window_size)

    def layout(self) -> None:
        fonts = self.app.theme.fonts
        w, h = self.size
        # with a recap the hand-off sits in the left part, the recap on the right
        self.centre_x = cx = w // 2 if self.recap is None else round(w * 0.29)
        room = 2 * cx - self.px(40)
        sheet = self.sheet = Sheet(fonts)
        self.marker = ((cx, h // 2 - self.px(150)), self.px(84))
        title = _("Pass the screen to {player}").format(player=self.name)
        sheet.fitted(title, (cx, h // 2 - self.px(50)), self.F(40), room, th.INK, bold=True,
                     anchor="center")
        rsize = self.F(21)
        y = h // 2 + self.px(10)
        for line in fonts.wrap(self.reason, rsize, room - self.px(20)) if self.reason else []:
            sheet.text(line, (cx, y), rsize, th.INK_SOFT, anchor="center")
            y += self.lh(rsize)
        bsize = self.F(21)
        bw = min(max(self.px(340), fonts.size(self.button_text, bsize, True)[0] + self.px(60)),
                 room)
        bh = max(self.px(60), bsize + self.px(26))
        by = max(h // 2 + self.px(90), y + self.px(16) - self.lh(rsize) // 2)
        widgets: list = [Button((cx - bw // 2, by, bw, bh), self.button_text, self.reveal,
                                primary=True, hotkey=Action.CONFIRM, key="reveal", size=bsize)]
        if self.recap is not None:
            size = self.F(RECAP_SIZE)
            top = self.px(64)
            rect = pygame.Rect(round(w * 0.58), top, round(w * 0.42) - self.px(40), h - 2 * top)
            lines = self.recap_lines(rect.w - self.px(36), size)
            log = ScrollableLog(rect, lines, size=size, title=_("Since your last turn"),
                                key="recap", scale=self.text_scale)
            needed = 2 * log.pad + log.title_h + len(lines) * log.line_h  # fits short recaps
            rect.h = max(self.px(160), min(rect.h, needed))
            rect.centery = max(rect.h // 2 + top, h // 2 - self.px(20))
            old = self.ui.by_key("recap")
            log.scroll = log.max_scroll()  # read from the top, oldest first
            if isinstance(old, ScrollableLog) and old.lines == log.lines:
                log.scroll = min(old.scroll, log.max_scroll())
            widgets.append(log)
        self.ui.set_widgets(widgets + sheet.tip_widgets())

    def recap_lines(self, width: int, size: int = RECAP_SIZE
                    ) -> list[tuple[str, tuple[int, int, int]]]:
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
                for i, part in enumerate(wrap_text(fonts, line, size, width - 20)):
                    out.append((("• " if i == 0 else "   ") + part, th.INK))
        return out

    @property
    def armed(self) -> bool:
        """Whether a fresh press would now lift the curtain."""
        return self.gate.armed

    def resume(self) -> None:
        self.gate = FreshPressGate()  # shown again (e.g. after the menu): wait again
        super().resume()

    def reveal(self) -> None:
        self.app.scenes.remove(self)
        if self.on_reveal is not None:
            self.on_reveal()

    def handle(self, inp: Input) -> bool:
        if self.gate.allow(inp):
            self.ui.handle(inp)
        return True  # nothing passes through the curtain

    def update(self, dt: float) -> None:
        super().update(dt)
        self.gate.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(th.PAPER_DARK)
        (centre, size) = self.marker
        th.draw_marker(surface, self.colour, centre, size)
        self.sheet.paint(surface)
        self.ui.draw_widgets(surface, self.app.theme)
        self.draw_tip(surface)
