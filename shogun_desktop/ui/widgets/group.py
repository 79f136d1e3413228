"""The widgets of one scene: hit-testing, hover, keyboard focus, tooltips."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.widgets.base import Widget
from shogun_desktop.ui.widgets.button import Button
from shogun_desktop.ui.widgets.label import Label
from shogun_desktop.ui.widgets.panel import Panel
from shogun_desktop.ui.widgets.text_input import TextInput
from shogun_desktop.ui.widgets.tooltip import Tooltip


class WidgetGroup:
    """The widgets of one scene: hit-testing, hover, keyboard focus, tooltips.

    ``scale`` is the scene's (its layout scale times the player's text size): every widget
    the group holds, and its tooltip, draw their frames and paddings at it.
    """

    def __init__(self, widgets: Sequence[Widget] = (), scale: float = 1.0) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.tooltip = Tooltip()
        self.pointer: tuple[int, int] | None = None
        self._scale = 1.0
        self.scale = scale
        self._refresh_hover()

    @property
    def scale(self) -> float:
        return self._scale

    @scale.setter
    def scale(self, value: float) -> None:
        self._scale = self.tooltip.scale = value
        for w in self.widgets:
            w.scale = value

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
            w.scale = self._scale
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
