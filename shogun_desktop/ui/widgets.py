"""Small data-driven widgets and the group that routes inputs to them.

A scene describes its screen as a list of widgets built from its own model and rebuilds the
list when the model changes; :class:`WidgetGroup` carries hover, focus and text-caret state
over a rebuild by each widget's ``key``. A disabled widget carries the reason as data
(``disabled``), shown as its tooltip, so "why can't I?" is always answered on screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

Painter = Callable[[pygame.Surface, pygame.Rect], None]


class Widget:
    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | Sequence[int],
        *,
        key: str | None = None,
        tooltip: str | None = None,
        disabled: str | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.key = key
        self.tooltip = tooltip
        self.disabled = disabled  # None = enabled; otherwise the reason it is not
        self.hovered = False
        self.focused = False
        self.visible = True

    @property
    def enabled(self) -> bool:
        return self.disabled is None

    def tip(self, pos: tuple[int, int] | None = None) -> str | None:
        """The tooltip to show: the reason when disabled, else the widget's own tip."""
        return self.disabled or self.tooltip

    def contains(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.visible and self.rect.collidepoint(pos)

    def handle(self, inp: Input) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def adopt(self, old: Widget) -> None:
        """Take over transient state from the widget this one replaces in a rebuild."""

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        pass


def _clicked(widget: Widget, inp: Input) -> bool:
    """A left click that both started and ended on the widget."""
    return (
        inp.kind is Kind.CLICK
        and inp.button == 1
        and widget.contains(inp.pos)
        and (inp.start is None or widget.rect.collidepoint(inp.start))
    )


class Panel(Widget):
    """A paper card with an ink frame and an optional title band."""

    def __init__(self, rect, title: str | None = None, *, fill=th.PAPER_LIGHT, **kw) -> None:
        super().__init__(rect, **kw)
        self.title = title
        self.fill = fill

    def draw(self, surface, theme):
        r = self.rect
        shadow = r.move(4, 5)
        pygame.draw.rect(surface, th.PAPER_DARK, shadow, border_radius=6)
        pygame.draw.rect(surface, self.fill, r, border_radius=6)
        pygame.draw.rect(surface, th.INK_SOFT, r, 2, border_radius=6)
        if self.title:
            th.blit_text(surface, theme.fonts, self.title, (r.x + 20, r.y + 14), 22, th.INK,
                         bold=True)
            y = r.y + 48
            pygame.draw.line(surface, th.VERMILION, (r.x + 20, y), (r.right - 20, y), 2)


class Label(Widget):
    def __init__(
        self,
        pos: tuple[int, int],
        text: str,
        size: int = 18,
        colour: Sequence[int] = th.INK,
        *,
        bold: bool = False,
        anchor: str = "topleft",
        width: int | None = None,
        **kw,
    ) -> None:
        super().__init__((pos[0], pos[1], 0, 0), **kw)
        self.pos = pos
        self.text = text
        self.size = size
        self.colour = colour
        self.bold = bold
        self.anchor = anchor
        self.width = width  # text is shortened with an ellipsis to fit

    def draw(self, surface, theme):
        text = self.text
        if self.width is not None:
            text = theme.fonts.fit(text, self.size, self.width, self.bold)
        self.rect = th.blit_text(surface, theme.fonts, text, self.pos, self.size, self.colour,
                                 bold=self.bold, anchor=self.anchor)


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

    def draw(self, surface, theme):
        fill, border, ink = self.colours()
        r = self.rect
        pygame.draw.rect(surface, fill, r, border_radius=5)
        pygame.draw.rect(surface, border, r, 2 if (self.hovered and self.enabled) else 1,
                         border_radius=5)
        if self.focused:
            pygame.draw.rect(surface, th.GOLD, r.inflate(6, 6), 2, border_radius=7)
        x = r.centerx
        text_w = theme.fonts.size(self.text, self.size, True)[0] if self.text else 0
        if self.icon is not None:
            icon_size = min(r.h - 12, 26)
            total = icon_size + (8 + text_w if self.text else 0)
            icon_rect = pygame.Rect(0, 0, icon_size, icon_size)
            icon_rect.midleft = (r.centerx - total // 2, r.centery)
            self.icon(surface, icon_rect)
            x = icon_rect.right + 8 + text_w // 2
        if self.text:
            label = theme.fonts.fit(self.text, self.size, r.w - 12, True)
            th.blit_text(surface, theme.fonts, label, (x, r.centery + 1), self.size, ink,
                         bold=True, anchor="center")


@dataclass(frozen=True)
class Option:
    """One segment of a Choice: value, label, and why it is unavailable (None = available)."""

    value: object
    label: str
    disabled: str | None = None
    tooltip: str | None = None
    icon: Painter | None = None


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

    def draw(self, surface, theme):
        rects = self.segment_rects()
        outer = self.rect
        pygame.draw.rect(surface, th.PAPER_LIGHT, outer, border_radius=5)
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
            pygame.draw.rect(surface, fill, r.inflate(-2, -2), border_radius=4)
            if off and not selected:  # a diagonal strike so "unavailable" is not colour-only
                pygame.draw.line(surface, th.INK_FAINT, r.inflate(-10, -10).bottomleft,
                                 r.inflate(-10, -10).topright, 1)
            x = r.centerx
            if opt.icon is not None:
                isz = min(r.h - 12, 24)
                tw = theme.fonts.size(opt.label, self.size, True)[0] if opt.label else -8
                ir = pygame.Rect(0, 0, isz, isz)
                ir.midleft = (r.centerx - (isz + 8 + tw) // 2, r.centery)
                opt.icon(surface, ir)
                x = ir.right + 8 + tw // 2
            if opt.label:
                label = theme.fonts.fit(opt.label, self.size, r.w - 10, True)
                th.blit_text(surface, theme.fonts, label, (x, r.centery + 1), self.size, ink,
                             bold=True, anchor="center")
            if i:
                pygame.draw.line(surface, th.INK_FAINT, (r.x, r.y + 6), (r.x, r.bottom - 7))
        pygame.draw.rect(surface, th.INK_SOFT, outer, 1, border_radius=5)


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
        rel = x - (self.rect.x + 10)
        for i in range(len(self.text) + 1):
            w = self._fonts.size(self.text[:i], self.size)[0] if self._fonts else i * 10
            if w >= rel:
                return i
        return len(self.text)

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface, theme):
        r = self.rect
        fonts = self._fonts = theme.fonts
        fill = th.PAPER_LIGHT if self.enabled else th.PAPER_DARK
        pygame.draw.rect(surface, (255, 252, 244) if self.focused else fill, r, border_radius=4)
        border = th.VERMILION if self.focused else (th.INK if self.hovered else th.INK_SOFT)
        pygame.draw.rect(surface, border, r, 2 if self.focused else 1, border_radius=4)
        tx, cy = r.x + 10, r.centery
        if self.text:
            th.blit_text(surface, fonts, fonts.fit(self.text, self.size, r.w - 20), (tx, cy + 1),
                         self.size, th.INK, anchor="midleft")
        elif self.placeholder:
            th.blit_text(surface, fonts, self.placeholder, (tx, cy + 1), self.size, th.INK_FAINT,
                         anchor="midleft")
        if self.focused and self.blink < self.CARET_ON:
            cx = tx + fonts.size(self.text[: self.cursor], self.size)[0] + 1
            cx = min(cx, r.right - 8)
            pygame.draw.line(surface, th.INK, (cx, cy - self.size // 2 - 1),
                             (cx, cy + self.size // 2 + 1), 2)


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
        return self.size + 6

    def visible_count(self) -> int:
        top = 34 if self.title else 8
        return max(1, (self.rect.h - top - 8) // self.line_h)

    def max_scroll(self) -> int:
        return max(0, len(self.lines) - self.visible_count())

    def line_at(self, pos: tuple[int, int] | None) -> str | None:
        """The full text of the line under pos (None between lines)."""
        if pos is None or not self.contains(pos):
            return None
        top = self.rect.y + 8 + (26 if self.title else 0)
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
        pygame.draw.rect(surface, th.PAPER_LIGHT, r, border_radius=4)
        pygame.draw.rect(surface, th.INK_SOFT, r, 1, border_radius=4)
        y = r.y + 8
        if self.title:
            th.blit_text(surface, theme.fonts, self.title, (r.x + 10, y), self.size, th.INK,
                         bold=True)
            y += 26
        n = self.visible_count()
        end = len(self.lines) - self.scroll
        for text, colour in self.lines[max(0, end - n) : end]:
            th.blit_text(surface, theme.fonts, theme.fonts.fit(text, self.size, r.w - 28),
                         (r.x + 10, y), self.size, colour)
            y += self.line_h
        if self.max_scroll():
            track = pygame.Rect(r.right - 10, r.y + 6, 4, r.h - 12)
            pygame.draw.rect(surface, th.PAPER_DARK, track, border_radius=2)
            frac = n / len(self.lines)
            h = max(16, round(track.h * frac))
            pos = 1 - (self.scroll + n) / len(self.lines)
            thumb = pygame.Rect(track.x, track.y + round((track.h - h) * pos / max(1e-9, 1 - frac)),
                                4, h)
            pygame.draw.rect(surface, th.INK_SOFT, thumb, border_radius=2)


def draw_tooltip(surface: pygame.Surface, theme: th.Theme, text: str, pos: tuple[int, int],
                 size: int = 16) -> pygame.Rect:
    """A tooltip box near pos, kept inside the surface; long text wraps."""
    fonts = theme.fonts
    lines = wrap_text(fonts, text, size, 440)
    w = max(fonts.size(line, size)[0] for line in lines) + 20
    h = len(lines) * (size + 6) + 12
    box = pygame.Rect(pos[0] + 14, pos[1] + 20, w, h)
    box.clamp_ip(surface.get_rect())
    if box.collidepoint(pos):  # never under the pointer
        box.bottom = pos[1] - 8
        box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, th.INK, box, border_radius=4)
    pygame.draw.rect(surface, th.GOLD, box, 1, border_radius=4)
    y = box.y + 7
    for line in lines:
        th.blit_text(surface, fonts, line, (box.x + 10, y), size, th.PAPER_LIGHT)
        y += size + 6
    return box


class Tooltip:
    """Hover state: which widget, since when, what text (shown after a short delay)."""

    DELAY = 0.35

    def __init__(self) -> None:
        self.widget: Widget | None = None
        self.elapsed = 0.0
        self.pos: tuple[int, int] | None = None

    def text(self) -> str | None:
        if self.widget is None or self.elapsed < self.DELAY or self.pos is None:
            return None
        return self.widget.tip(self.pos)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        text = self.text()
        if text and self.pos is not None:
            draw_tooltip(surface, theme, text, self.pos)


class WidgetGroup:
    """The widgets of one scene: hit-testing, hover, keyboard focus, tooltips."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.tooltip = Tooltip()
        self.pointer: tuple[int, int] | None = None
        self._refresh_hover()

    @property
    def focused(self) -> Widget | None:
        return next((w for w in self.widgets if w.focused), None)

    def by_key(self, key: str) -> Widget | None:
        return next((w for w in self.widgets if w.key == key), None)

    def set_widgets(self, widgets: Sequence[Widget]) -> None:
        """Replace the widgets, carrying focus/caret/hover over by key."""
        old = {w.key: w for w in self.widgets if w.key is not None}
        self.widgets = list(widgets)
        for w in self.widgets:
            prev = old.get(w.key) if w.key is not None else None
            if prev is not None:
                w.focused = prev.focused and w.focusable and w.enabled
                w.adopt(prev)
        tip_key = self.tooltip.widget.key if self.tooltip.widget is not None else None
        self._refresh_hover()
        if self.tooltip.widget is not None and self.tooltip.widget.key != tip_key:
            self.tooltip.elapsed = 0.0

    def focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = w is widget
        if isinstance(widget, TextInput):
            widget.cursor = len(widget.text)

    def _top_at(self, pos) -> Widget | None:
        for w in reversed(self.widgets):
            if w.contains(pos) and not isinstance(w, Panel | Label):
                return w
        return None

    def _refresh_hover(self) -> None:
        top = self._top_at(self.pointer)
        for w in self.widgets:
            w.hovered = w is top
        if top is not self.tooltip.widget:
            self.tooltip.widget = top
            self.tooltip.elapsed = 0.0
        self.tooltip.pos = self.pointer

    def handle(self, inp: Input) -> bool:
        if inp.pos is not None and inp.kind in (Kind.MOTION, Kind.PRESS, Kind.CLICK):
            self.pointer = inp.pos
            self._refresh_hover()
        if inp.kind is Kind.MOTION:
            for w in self.widgets:
                w.handle(inp)  # segment hover etc.; motion is never consumed
            return False
        if inp.kind is Kind.PRESS:
            target = self._top_at(inp.pos)
            self.focus(target if target is not None and target.focusable and target.enabled
                       else None)
            return target.handle(inp) if target is not None else False
        if inp.kind in (Kind.CLICK, Kind.DRAG_END, Kind.SCROLL):
            handled = False
            for w in reversed(self.widgets):
                if w.visible and w.handle(inp):
                    handled = True
                    break
            # a drag released anywhere must clear every button's pressed look
            for w in self.widgets:
                if isinstance(w, Button):
                    w.pressed = False
            return handled
        if inp.kind in (Kind.KEY, Kind.TEXT):
            f = self.focused
            if f is not None:
                if f.handle(inp):
                    return True
                if inp.is_action(Action.CONFIRM) or inp.is_action(Action.CANCEL):
                    self.focus(None)
                    return True
            if inp.is_action(Action.TAB):
                self.cycle_focus(-1 if inp.shift else 1)
                return True
            if inp.kind is Kind.KEY:
                return any(w.visible and w.handle(inp) for w in reversed(self.widgets))
        return False

    def cycle_focus(self, step: int = 1) -> None:
        fields = [w for w in self.widgets if w.focusable and w.enabled and w.visible]
        if not fields:
            return
        cur = self.focused
        i = fields.index(cur) + step if cur in fields else (0 if step > 0 else -1)
        self.focus(fields[i % len(fields)])

    def update(self, dt: float) -> None:
        self.tooltip.elapsed += dt
        for w in self.widgets:
            w.update(dt)

    def visual_state(self) -> tuple:
        """Everything that changes how the widgets look; equal states draw equal pixels."""
        return tuple(
            (id(w), w.hovered, w.focused, getattr(w, "pressed", None),
             getattr(w, "hover_index", None) if w.hovered else None,
             w.focused and getattr(w, "blink", 1.0) < TextInput.CARET_ON)
            for w in self.widgets
        )

    def draw_widgets(self, surface: pygame.Surface, theme: th.Theme) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface, theme)

    def draw(self, surface: pygame.Surface, theme: th.Theme) -> None:
        self.draw_widgets(surface, theme)
        self.tooltip.draw(surface, theme)


class LayerCache:
    """A surface redrawn only when a state key changes (a screen that is mostly still).

    Drawing the same widgets every frame costs milliseconds; blitting one surface does not.
    """

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: object = None
        self.redraws = 0

    def get(self, key: object, size: tuple[int, int],
            paint: Callable[[pygame.Surface], None]) -> pygame.Surface:
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size).convert()
            self.key = None
        if key != self.key:
            paint(self.surface)
            self.key = key
            self.redraws += 1
        return self.surface


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
        confirm_text: str = "OK",
        cancel_text: str | None = "Cancel",
        role: str | None = None,
    ) -> None:
        super().__init__(app)
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


def wrap_text(fonts: th.Fonts, text: str, size: int, width: int) -> list[str]:
    """Greedy word wrap; explicit newlines start new lines."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in _split_long(fonts, para.split(" "), size, width):
            trial = f"{line} {word}" if line else word
            if fonts.size(trial, size)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def _split_long(fonts: th.Fonts, words: list[str], size: int, width: int) -> list[str]:
    """Words wider than width (paths, long names) cut into pieces that fit."""
    out: list[str] = []
    for word in words:
        while fonts.size(word, size)[0] > width and len(word) > 1:
            n = len(word) - 1
            while n > 1 and fonts.size(word[:n], size)[0] > width:
                n -= 1
            out.append(word[:n])
            word = word[n:]
        out.append(word)
    return out
