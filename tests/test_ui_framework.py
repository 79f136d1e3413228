"""Scene stack, input gateway, widgets, theme: the window framework without the new-game screen."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.app import App
from shogun_desktop.ui.inputs import Action, Input, InputGateway, Kind
from shogun_desktop.ui.scene import Scene, SceneStack
from shogun_desktop.ui.widgets import (
    Button,
    ConfirmDialog,
    ScrollableLog,
    TextInput,
    Toggle,
    WidgetGroup,
)

FRAME = 1 / 60


@pytest.fixture
def app():
    a = App(fps=0, show_new_game=False)
    yield a
    a.close()


class Recorder(Scene):
    def __init__(self, app, name, log, *, opaque=True, fill=None):
        super().__init__(app)
        self.name, self.log, self.opaque, self.fill = name, log, opaque, fill
        self.inputs: list[Input] = []
        self.time = 0.0

    def resume(self):
        self.log.append(f"{self.name}.resume")

    def pause(self):
        self.log.append(f"{self.name}.pause")

    def update(self, dt):
        self.time += dt

    def handle(self, inp):
        self.inputs.append(inp)
        return True

    def draw(self, surface):
        if self.fill:
            surface.fill(self.fill, pygame.Rect(0, 0, 400, 400))


# ------------------------------------------------------------------------------ scene stack
def test_scene_lifecycle_order():
    log: list[str] = []
    stack = SceneStack()
    a, b, c = (Recorder(None, n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    assert log == ["a.resume", "a.pause", "b.resume", "b.pause", "c.resume", "c.pause",
                   "a.resume"]
    assert stack.top is a


def test_transparent_overlay_draws_below_opaque_hides_below(app):
    log: list[str] = []
    game = Recorder(app, "game", log, fill=(200, 0, 0))
    overlay = Recorder(app, "overlay", log, opaque=False)
    app.scenes.push(game)
    app.scenes.push(overlay)
    assert app.scenes.visible() == [game, overlay]
    app.render()
    assert app.canvas.get_at((10, 10))[:3] == (200, 0, 0)
    curtain = Recorder(app, "curtain", log, opaque=True)
    app.scenes.push(curtain)
    assert app.scenes.visible() == [curtain]
    app.render()
    assert app.canvas.get_at((10, 10))[:3] == th.PAPER  # nothing of the seat below


def test_only_top_scene_gets_input_and_time(app):
    log: list[str] = []
    below, top = Recorder(app, "below", log), Recorder(app, "top", log, opaque=False)
    app.scenes.push(below)
    app.scenes.push(top)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"))
    app.run(max_frames=3, dt=FRAME)
    assert [i.letter for i in top.inputs if i.kind is Kind.KEY] == ["b"]
    assert below.inputs == [] and below.time == 0
    assert top.time == pytest.approx(3 * FRAME)


def test_quit_event_stops_the_loop(app):
    app.scenes.push(Recorder(app, "s", []))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=100, dt=FRAME) == 0
    assert not app.running


def test_screenshot_writes_png(app, tmp_path):
    app.scenes.push(Recorder(app, "s", [], fill=(0, 0, 200)))
    path = app.screenshot(tmp_path / "shot.png")
    assert pygame.image.load(str(path)).get_at((5, 5))[:3] == (0, 0, 200)


def test_import_has_no_side_effects():
    code = ("import pygame, shogun_desktop.ui.app, shogun_desktop.ui.board_view, "
            "shogun_desktop.ui.scenes.new_game, shogun_desktop.ui.theme;"
            "assert not pygame.display.get_init() and not pygame.font.get_init()")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


# ------------------------------------------------------------------------------ inputs
def ev(t, **kw):
    return pygame.event.Event(t, **kw)


def test_gateway_click_drag_and_scaling():
    gw = InputGateway(lambda p: (p[0] * 2, p[1] * 2))  # a window at half the logical size
    out = gw.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    assert out == [Input(Kind.PRESS, pos=(20, 20), button=1)]
    out = gw.translate(ev(pygame.MOUSEBUTTONUP, pos=(11, 10), button=1))
    assert out == [Input(Kind.CLICK, pos=(22, 20), button=1, start=(20, 20))]
    gw.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    kinds = [i.kind for i in gw.translate(ev(pygame.MOUSEMOTION, pos=(30, 10)))]
    assert kinds == [Kind.MOTION, Kind.DRAG_START, Kind.DRAG_MOVE]
    kinds = [i.kind for i in gw.translate(ev(pygame.MOUSEMOTION, pos=(40, 10)))]
    assert kinds == [Kind.MOTION, Kind.DRAG_MOVE]
    end = gw.translate(ev(pygame.MOUSEBUTTONUP, pos=(40, 12), button=1))
    assert end == [Input(Kind.DRAG_END, pos=(80, 24), button=1, start=(20, 20))]
    assert gw.translate(ev(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=4)) == []


def test_gateway_keys_text_wheel_resize_quit():
    gw = InputGateway()
    k = lambda key, mod=0: gw.translate(ev(pygame.KEYDOWN, key=key, mod=mod))[0]  # noqa: E731
    assert k(pygame.K_RETURN).action is Action.CONFIRM
    assert k(pygame.K_KP_ENTER).action is Action.CONFIRM
    assert k(pygame.K_ESCAPE).action is Action.CANCEL
    assert k(pygame.K_F11).action is Action.FULLSCREEN
    assert (k(pygame.K_3).digit, k(pygame.K_3).slot) == (3, 3)
    assert (k(pygame.K_0).digit, k(pygame.K_0).slot) == (0, 10)
    assert k(pygame.K_KP7).digit == 7
    b = k(pygame.K_b, pygame.KMOD_LSHIFT)
    assert (b.action, b.letter, b.shift) == (Action.LETTER, "b", True)
    assert gw.translate(ev(pygame.TEXTINPUT, text="é")) == [Input(Kind.TEXT, text="é")]
    gw.translate(ev(pygame.MOUSEMOTION, pos=(5, 6)))
    assert gw.translate(ev(pygame.MOUSEWHEEL, x=0, y=-2)) == [
        Input(Kind.SCROLL, pos=(5, 6), amount=-2)]
    assert gw.translate(ev(pygame.VIDEORESIZE, w=1300, h=800, size=(1300, 800)))[0].size == (
        1300, 800)
    assert gw.translate(ev(pygame.QUIT))[0].kind is Kind.QUIT


# ------------------------------------------------------------------------------ widgets
def test_button_disabled_reason_is_the_tooltip():
    hits = []
    b = Button((0, 0, 100, 40), "Go", lambda: hits.append(1), disabled="Not yet", key="b")
    ui = WidgetGroup([b])
    ui.handle(Input(Kind.MOTION, pos=(10, 10)))
    ui.update(1.0)
    assert ui.tooltip.text() == "Not yet"
    ui.handle(Input(Kind.PRESS, pos=(10, 10), button=1))
    ui.handle(Input(Kind.CLICK, pos=(10, 10), button=1, start=(10, 10)))
    assert hits == []
    b.disabled = None
    ui.handle(Input(Kind.CLICK, pos=(10, 10), button=1, start=(10, 10)))
    assert hits == [1]
    # a press that started elsewhere is not a click on the button
    ui.handle(Input(Kind.CLICK, pos=(10, 10), button=1, start=(300, 300)))
    assert hits == [1]


def test_text_input_editing_and_focus_over_rebuilds():
    changes = []
    t = TextInput((0, 0, 200, 40), "ab", changes.append, allowed=str.isdigit, max_len=4,
                  key="t")
    ui = WidgetGroup([t])
    ui.handle(Input(Kind.PRESS, pos=(190, 20), button=1))
    assert t.focused
    ui.handle(Input(Kind.TEXT, text="1x23"))
    assert t.text == "ab12"  # letters refused, max length kept
    ui.handle(Input(Kind.KEY, action=Action.LEFT))
    ui.handle(Input(Kind.KEY, action=Action.BACKSPACE))
    assert t.text == "ab2"
    t2 = TextInput((0, 0, 200, 40), t.text, key="t")
    ui.set_widgets([t2])
    assert t2.focused and t2.cursor == t.cursor
    ui.handle(Input(Kind.KEY, action=Action.CANCEL))
    assert not t2.focused


def test_scrollable_log_wheel(app):
    log = ScrollableLog((0, 0, 300, 120), [f"line {i}" for i in range(30)], size=16)
    ui = WidgetGroup([log])
    assert log.scroll == 0 and log.max_scroll() > 0
    ui.handle(Input(Kind.SCROLL, pos=(10, 10), amount=1))
    assert log.scroll == 3
    ui.handle(Input(Kind.SCROLL, pos=(500, 500), amount=1))  # not over the log
    assert log.scroll == 3
    ui.handle(Input(Kind.SCROLL, pos=(10, 10), amount=-5))
    assert log.scroll == 0
    log.draw(app.canvas, app.theme)


def test_toggle(app):
    seen = []
    tg = Toggle((0, 0, 200, 30), "Sound", False, seen.append)
    ui = WidgetGroup([tg])
    ui.handle(Input(Kind.CLICK, pos=(5, 5), button=1, start=(5, 5)))
    assert tg.value is True and seen == [True]
    tg.draw(app.canvas, app.theme)


def test_confirm_dialog_is_modal(app):
    log: list[str] = []
    below = Recorder(app, "below", log)
    app.scenes.push(below)
    answers = []
    dlg = ConfirmDialog(app, "Sure?", "Really?", on_confirm=lambda: answers.append("yes"),
                        on_cancel=lambda: answers.append("no"))
    app.scenes.push(dlg)
    assert app.scenes.visible() == [below, dlg]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.run(max_frames=1, dt=FRAME)
    assert answers == ["no"] and app.scenes.top is below and below.inputs == []
    dlg = ConfirmDialog(app, "Sure?", "Really?", on_confirm=lambda: answers.append("yes"))
    app.scenes.push(dlg)
    app.render()
    pos = app.to_window(dlg.ui.by_key("confirm").rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=1, dt=FRAME)
    assert answers == ["no", "yes"]


# ------------------------------------------------------------------------------ theme
def test_text_cache_returns_same_surface(app):
    fonts = app.theme.fonts
    a = fonts.render("Aki", 18, th.INK)
    assert fonts.render("Aki", 18, th.INK) is a
    assert fonts.render("Aki", 18, th.VERMILION) is not a


def test_kanji_detection(app):
    fonts = app.theme.fonts
    assert fonts.kanji("安芸", 20) is not None  # province kanji are in the shipped subset
    assert fonts.kanji("雪", 20) is None  # not in the subset: omitted, never drawn as boxes
    assert fonts.has_glyphs("Tokugawa Ieyasu")
    assert not fonts.has_glyphs("安芸")  # the Latin font has no kanji


def test_symbols_tell_colours_apart_in_grey(app):
    """Colour-blind safety: cube drawings differ even with colour removed."""
    shapes = {}
    for colour in th.SYMBOLS:
        surf = pygame.Surface((40, 40))
        surf.fill((128, 128, 128))
        th.draw_cube(surf, colour, pygame.Rect(2, 2, 36, 36))
        grey = pygame.transform.grayscale(surf)
        # binarise the symbol: pixels far from the cube body's tone
        body = grey.get_at((31, 31))[0]
        shapes[colour] = tuple(abs(grey.get_at((x, y))[0] - body) > 40
                               for x in range(10, 30) for y in range(10, 30))
    assert len(set(shapes.values())) == len(shapes)
    rect = th.draw_marker(app.canvas, "black", (50, 50), 30, label="12", fonts=app.theme.fonts)
    assert rect.size == (30, 30)
    rotated = th.draw_cube(app.canvas, "yellow", (100, 100), 30, angle=30)
    assert rotated.w > 30


def test_curtain_hides_the_previous_seat(app, tmp_path):
    from shogun_desktop.ui.scenes.curtain import CurtainScene

    secret = Recorder(app, "seat1", [], fill=(200, 0, 0))
    app.scenes.push(secret)
    revealed = []
    curtain = CurtainScene(app, "Aiko", "blue", reason="Plan your actions in secret",
                           on_reveal=lambda: revealed.append(1))
    app.scenes.push(curtain)
    path = app.screenshot(tmp_path / "curtain.png")
    shot = pygame.image.load(str(path))
    assert all(shot.get_at((x, y))[:3] != (200, 0, 0) for x in range(0, 400, 7)
               for y in range(0, 400, 7))
    pos = app.to_window((20, 20))  # a click on the background does not lift it
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.run(max_frames=1, dt=FRAME)
    assert app.scenes.top is curtain and secret.inputs == []
    app.run(max_frames=40, dt=FRAME)  # the curtain accepts a press only after half a second
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    app.run(max_frames=1, dt=FRAME)
    assert revealed == [1] and app.scenes.top is secret


def test_no_display_gives_one_clear_line_not_a_traceback(tmp_path):
    import subprocess
    import sys

    env = {**__import__("os").environ, "SDL_VIDEODRIVER": "no-such-driver", "DISPLAY": "",
           "SHOGUN_DESKTOP_SAVES": str(tmp_path)}
    for args in ([], ["demo", "--frames", "2"]):
        proc = subprocess.run([sys.executable, "-m", "shogun_desktop", *args], env=env,
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 1
        assert "Traceback" not in proc.stderr
        assert proc.stderr.strip().startswith("shogun-desktop: cannot open a window")


def test_gateway_marks_key_repeat_until_the_key_is_released():
    gw = InputGateway()

    def down(key=pygame.K_RETURN):
        return gw.translate(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))[0]

    assert not down().repeat
    assert down().repeat and down().repeat  # held: SDL's key-repeat
    assert not down(pygame.K_a).repeat  # another key is its own press
    assert gw.translate(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)) == []
    assert not down().repeat
    gw.translate(pygame.event.Event(pygame.WINDOWFOCUSLOST))  # key-ups went elsewhere
    assert not down().repeat


def test_fresh_press_gate_waits_then_takes_only_new_presses():
    from shogun_desktop.ui.inputs import HANDOFF_DELAY, FreshPressGate

    gate = FreshPressGate()
    enter = Input(Kind.KEY, action=Action.CONFIRM)
    held = Input(Kind.KEY, action=Action.CONFIRM, repeat=True)
    press, click = Input(Kind.PRESS, pos=(5, 5), button=1), Input(Kind.CLICK, pos=(5, 5), button=1)
    assert gate.allow(Input(Kind.MOTION, pos=(1, 1)))  # hover is always fine
    assert not gate.allow(enter) and not gate.allow(press)  # too early
    gate.update(HANDOFF_DELAY - 0.01)
    assert not gate.armed and not gate.allow(enter)
    gate.update(0.02)
    assert gate.armed
    assert not gate.allow(click), "its press came before the delay"
    assert not gate.allow(held), "key-repeat of a key held since before"
    assert gate.allow(enter)
    assert gate.allow(press) and gate.allow(click)
    assert not gate.allow(click), "one press, one click"
