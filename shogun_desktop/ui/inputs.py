"""The one input gateway: pygame events in, game inputs (logical coordinates) out.

Scenes never see a pygame event. They get :class:`Input` values: a click at a point of the
logical 1600x900 canvas, a drag, a named key action, typed text, a wheel step. That keeps the
window's scaling and pygame's event zoo in one place and lets tests drive scenes either with
synthetic pygame events (``pygame.event.post``) or with Input values directly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

import pygame

Pos = tuple[int, int]


class Kind(StrEnum):
    MOTION = "motion"  # pointer moved (hover); emitted during drags too
    PRESS = "press"  # mouse button went down (focus changes, start of a click)
    CLICK = "click"  # button released near where it was pressed
    DRAG_START = "drag_start"
    DRAG_MOVE = "drag_move"
    DRAG_END = "drag_end"
    KEY = "key"  # a key press, with a named action
    TEXT = "text"  # typed text (already composed by the OS / IME)
    SCROLL = "scroll"  # wheel: amount > 0 = towards the top / earlier lines
    RESIZE = "resize"
    QUIT = "quit"


class Action(StrEnum):
    CONFIRM = "confirm"  # Return / keypad Enter
    CANCEL = "cancel"  # Escape
    FULLSCREEN = "fullscreen"  # F11 (handled by the App, never reaches scenes)
    HELP = "help"  # F1: the rules reference (handled by the App, never reaches scenes)
    DIGIT = "digit"  # 0-9 (Input.digit; Input.slot maps 1..9,0 -> 1..10)
    LETTER = "letter"  # a-z (Input.letter, lower case), e.g. 'b'
    BACKSPACE = "backspace"
    DELETE = "delete"
    TAB = "tab"
    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    HOME = "home"
    END = "end"
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    SPACE = "space"
    OTHER = "other"


_KEY_ACTIONS: dict[int, Action] = {
    pygame.K_RETURN: Action.CONFIRM,
    pygame.K_KP_ENTER: Action.CONFIRM,
    pygame.K_ESCAPE: Action.CANCEL,
    pygame.K_F11: Action.FULLSCREEN,
    pygame.K_F1: Action.HELP,
    pygame.K_BACKSPACE: Action.BACKSPACE,
    pygame.K_DELETE: Action.DELETE,
    pygame.K_TAB: Action.TAB,
    pygame.K_LEFT: Action.LEFT,
    pygame.K_RIGHT: Action.RIGHT,
    pygame.K_UP: Action.UP,
    pygame.K_DOWN: Action.DOWN,
    pygame.K_HOME: Action.HOME,
    pygame.K_END: Action.END,
    pygame.K_PAGEUP: Action.PAGE_UP,
    pygame.K_PAGEDOWN: Action.PAGE_DOWN,
    pygame.K_SPACE: Action.SPACE,
}
_DIGITS: dict[int, int] = {getattr(pygame, f"K_{d}"): d for d in range(10)}
_DIGITS.update({getattr(pygame, f"K_KP{d}"): d for d in range(10)})

DRAG_THRESHOLD = 6  # logical pixels the pointer must travel before a press becomes a drag


@dataclass(frozen=True, slots=True)
class Input:
    kind: Kind
    pos: Pos | None = None  # logical canvas coordinates
    button: int = 0  # 1 left, 2 middle, 3 right
    start: Pos | None = None  # where a drag began
    action: Action | None = None
    digit: int | None = None
    letter: str = ""
    text: str = ""
    amount: int = 0  # wheel steps
    size: tuple[int, int] | None = None  # new window size (window pixels)
    shift: bool = False
    ctrl: bool = False
    repeat: bool = False  # a key held down repeating (no key-up since its first press)

    @property
    def slot(self) -> int | None:
        """Digit keys as the 10 action slots: 1..9 -> 1..9 and 0 -> 10."""
        if self.digit is None:
            return None
        return 10 if self.digit == 0 else self.digit

    def is_action(self, action: Action) -> bool:
        return self.kind is Kind.KEY and self.action is action

    def is_click(self, button: int = 1) -> bool:
        return self.kind is Kind.CLICK and self.button == button


class InputGateway:
    """Turns pygame events into Inputs; remembers press/drag state between events.

    to_logical maps window pixels to logical canvas pixels (the App's letterbox transform).
    """

    def __init__(self, to_logical: Callable[[tuple[int, int]], Pos] | None = None) -> None:
        self.to_logical = to_logical or (lambda p: (int(p[0]), int(p[1])))
        self.pointer: Pos | None = None  # last known pointer position (logical)
        self._pressed: dict[int, Pos] = {}  # button -> logical press position
        self._dragging: int | None = None  # the button that is dragging
        self._held: set[int] = set()  # keys down without a key-up yet: later KEYDOWNs repeat

    def translate(self, event: pygame.event.Event) -> list[Input]:
        et = event.type
        if et == pygame.QUIT:
            return [Input(Kind.QUIT)]
        if et == pygame.VIDEORESIZE:
            return [Input(Kind.RESIZE, size=(int(event.w), int(event.h)))]
        if et == pygame.MOUSEMOTION:
            return self._motion(self.to_logical(event.pos))
        if et == pygame.MOUSEBUTTONDOWN:
            if event.button not in (1, 2, 3):
                return []  # 4-7 are the legacy wheel buttons; MOUSEWHEEL carries the scroll
            pos = self.to_logical(event.pos)
            self.pointer = pos
            self._pressed[event.button] = pos
            return [Input(Kind.PRESS, pos=pos, button=event.button)]
        if et == pygame.MOUSEBUTTONUP:
            if event.button not in (1, 2, 3):
                return []
            pos = self.to_logical(event.pos)
            self.pointer = pos
            start = self._pressed.pop(event.button, None)
            if self._dragging == event.button:
                self._dragging = None
                return [Input(Kind.DRAG_END, pos=pos, button=event.button, start=start)]
            if start is None:
                return []  # a release whose press we never saw (e.g. began outside the window)
            return [Input(Kind.CLICK, pos=pos, button=event.button, start=start)]
        if et == pygame.MOUSEWHEEL:
            amount = int(event.y) if event.y else 0
            if not amount:
                return []
            return [Input(Kind.SCROLL, pos=self.pointer, amount=amount)]
        if et == pygame.KEYDOWN:
            inp = self._key(event)
            if event.key in self._held:
                if event.key == pygame.K_F1:
                    return []  # held F1 opens the reference once, never flickers
                inp = replace(inp, repeat=True)
            self._held.add(event.key)
            return [inp]
        if et == pygame.KEYUP:
            self._held.discard(event.key)
            return []
        if et == pygame.WINDOWFOCUSLOST:
            self._held.clear()  # the key-ups go to another window
            return []
        if et == pygame.TEXTINPUT:
            return [Input(Kind.TEXT, text=event.text)]
        return []

    def _motion(self, pos: Pos) -> list[Input]:
        self.pointer = pos
        out = [Input(Kind.MOTION, pos=pos)]
        if self._dragging is not None:
            start = self._pressed.get(self._dragging)
            out.append(Input(Kind.DRAG_MOVE, pos=pos, button=self._dragging, start=start))
            return out
        for button, start in self._pressed.items():
            if math.dist(start, pos) >= DRAG_THRESHOLD:
                self._dragging = button
                out.append(Input(Kind.DRAG_START, pos=start, button=button, start=start))
                out.append(Input(Kind.DRAG_MOVE, pos=pos, button=button, start=start))
                break
        return out

    def _key(self, event: pygame.event.Event) -> Input:
        mod = getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        ctrl = bool(mod & pygame.KMOD_CTRL)
        key = event.key
        if key in _DIGITS:
            return Input(Kind.KEY, action=Action.DIGIT, digit=_DIGITS[key], shift=shift, ctrl=ctrl)
        if pygame.K_a <= key <= pygame.K_z:
            return Input(Kind.KEY, action=Action.LETTER, letter=chr(key), shift=shift, ctrl=ctrl)
        return Input(Kind.KEY, action=_KEY_ACTIONS.get(key, Action.OTHER), shift=shift, ctrl=ctrl)

    def reset(self) -> None:
        """Forget presses (after a scene change the old press must not become a click)."""
        self._pressed.clear()
        self._dragging = None


HANDOFF_DELAY = 0.5  # seconds a hand-off screen waits before it accepts a press


class FreshPressGate:
    """Lets through only a deliberate new press on a hand-off screen (curtain).

    A press counts when it *begins* after the screen has been up for ``delay`` seconds (scene
    time, advanced by :meth:`update`): a key press that is not key-repeat (the key was released
    since its last press), or a click whose button went down after the delay. So a second Enter
    meant for the previous screen, a held Enter or a double click never passes a curtain.
    """

    def __init__(self, delay: float = HANDOFF_DELAY) -> None:
        self.delay = delay
        self.elapsed = 0.0
        self._fresh_buttons: set[int] = set()  # buttons pressed down after arming

    @property
    def armed(self) -> bool:
        return self.elapsed >= self.delay

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def allow(self, inp: Input) -> bool:
        """Whether inp may act on the screen (motion and hover always may)."""
        if inp.kind is Kind.MOTION:
            return True
        if inp.kind is Kind.PRESS:
            if self.armed:
                self._fresh_buttons.add(inp.button)
            return self.armed
        if inp.kind in (Kind.CLICK, Kind.DRAG_END):
            ok = inp.button in self._fresh_buttons
            self._fresh_buttons.discard(inp.button)
            return ok
        if inp.kind is Kind.KEY:
            return self.armed and not inp.repeat
        return self.armed
