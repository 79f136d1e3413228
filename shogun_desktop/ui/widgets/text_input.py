"""A one-line text field with a caret."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.widgets.base import Widget


class TextInput(Widget):
    """A one-line text field. allowed filters characters (e.g. str.isdigit for the seed)."""

    focusable = True
    CARET_ON = 0.55  # the caret shows for this part of each blink second

    def __init__(
        self,
        rect,
        text: str = "",
        on_change: Callable[[str], None] | None = None,
        *,
        placeholder: str = "",
        max_len: int = 20,
        allowed: Callable[[str], bool] | None = None,
        on_submit: Callable[[str], None] | None = None,
        size: int = 18,
        **kw,
    ) -> None:
        super().__init__(rect, **kw)
        self.text = text
        self.on_change = on_change
        self.on_submit = on_submit
        self.placeholder = placeholder
        self.max_len = max_len
        self.allowed = allowed
        self.size = size
        self.cursor = len(text)
        self.blink = 0.0
        self._fonts: th.Fonts | None = None  # remembered from draw, to place the caret

    def adopt(self, old: Widget) -> None:
        if isinstance(old, TextInput):
            self.cursor = min(old.cursor, len(self.text))
            self.blink = old.blink
            self._fonts = old._fonts

    def _set(self, text: str, cursor: int) -> None:
        self.cursor = max(0, min(cursor, len(text)))
        self.blink = 0.0
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def insert(self, s: str) -> None:
        s = "".join(ch for ch in s if ch.isprintable() and (self.allowed is None or self.allowed(ch)))
        room = self.max_len - len(self.text)
        if not s or room <= 0:
            return
        s = s[:room]
        self._set(self.text[: self.cursor] + s + self.text[self.cursor :], self.cursor + len(s))

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.PRESS and inp.pos is not None and self.contains(inp.pos):
            self.cursor = self._index_at(inp.pos[0])
            return True
        if inp.kind is Kind.CLICK and self.contains(inp.pos):
            return True
        if not self.focused or not self.enabled:
            return False
        if inp.kind is Kind.TEXT:
            self.insert(inp.text)
            return True
        if inp.kind is not Kind.KEY:
            return False
        a, t, c = inp.action, self.text, self.cursor
        if a is Action.BACKSPACE:
            if c > 0:
                self._set(t[: c - 1] + t[c:], c - 1)
        elif a is Action.DELETE:
            self._set(t[:c] + t[c + 1 :], c)
        elif a is Action.LEFT:
            self._set(t, c - 1)
        elif a is Action.RIGHT:
            self._set(t, c + 1)
        elif a is Action.HOME:
            self._set(t, 0)
        elif a is Action.END:
            self._set(t, len(t))
        elif a is Action.CONFIRM:
            if self.on_submit is not None:
                self.on_submit(t)
            return False  # let the group drop focus
        else:
            # digits/letters/space: the matching TEXT event types them; no hotkeys meanwhile
            return a in (Action.DIGIT, Action.LETTER, Action.SPACE)
        return True

    def _index_at(self, x: int) -> int:
        """The caret position nearest to a click at x (needs the font of the last draw)."""
        rel = x - (self.rect.x + self.pad())
        for i in range(len(self.text) + 1):
            w = self._fonts.size(self.text[:i], self.size)[0] if self._fonts else i * 10
            if w >= rel:
                return i
        return len(self.text)

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def pad(self) -> int:
        """The room between the frame and the text."""
        return self.px(10, 8)

    def draw(self, surface, theme):
        r = self.rect
        fonts = self._fonts = theme.fonts
        fill = th.PAPER_LIGHT if self.enabled else th.PAPER_DARK
        radius = self.px(4, 3)
        pygame.draw.rect(surface, (255, 252, 244) if self.focused else fill, r,
                         border_radius=radius)
        border = th.VERMILION if self.focused else (th.INK if self.hovered else th.INK_SOFT)
        pygame.draw.rect(surface, border, r, self.px(2 if self.focused else 1),
                         border_radius=radius)
        pad = self.pad()
        tx, cy = r.x + pad, r.centery
        if self.text:
            th.blit_text(surface, fonts, fonts.fit(self.text, self.size, r.w - 2 * pad),
                         (tx, cy + 1), self.size, th.INK, anchor="midleft")
        elif self.placeholder:
            th.blit_text(surface, fonts, self.placeholder, (tx, cy + 1), self.size, th.INK_FAINT,
                         anchor="midleft")
        if self.focused and self.blink < self.CARET_ON:
            cx = tx + fonts.size(self.text[: self.cursor], self.size)[0] + 1
            cx = min(cx, r.right - pad + 2)
            pygame.draw.line(surface, th.INK, (cx, cy - self.size // 2 - 1),
                             (cx, cy + self.size // 2 + 1), self.px(2, 2))
