"""The new-game screen driven by real pygame events (headless, dummy video driver)."""

from __future__ import annotations

import pygame
import pytest

from shogun_desktop.ui.app import App
from shogun_desktop.ui.scenes.new_game import NewGameScene, NewGameSettings, Seat
from shogun_desktop.ui.widgets import Choice, ConfirmDialog, TextInput

FRAME = 1 / 60


@pytest.fixture
def started() -> list[NewGameSettings]:
    return []


@pytest.fixture
def app(started):
    a = App(fps=0, on_start=started.append)
    a.run(max_frames=1, dt=FRAME)
    yield a
    a.close()


def scene(app: App) -> NewGameScene:
    top = app.scenes.top
    assert isinstance(top, NewGameScene)
    return top


def widget(app: App, key: str):
    w = scene(app).ui.by_key(key)
    assert w is not None, key
    return w


def pump(app: App, frames: int = 1) -> None:
    app.run(max_frames=frames, dt=FRAME)


def click(app: App, logical_pos, frames: int = 1) -> None:
    """A real left click: motion, press, release at the window position of a logical point."""
    pos = app.to_window(logical_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, frames)


def hover(app: App, logical_pos, seconds: float = 0.5) -> None:
    pos = app.to_window(logical_pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app, round(seconds / FRAME))


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pump(app)


def type_text(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app)


def click_option(app: App, choice_key: str, value) -> None:
    ch = widget(app, choice_key)
    assert isinstance(ch, Choice)
    i = [o.value for o in ch.options].index(value)
    click(app, ch.segment_rects()[i].center)


def test_default_start_produces_settings(app, started):
    click(app, widget(app, "start").rect.center)
    assert started == [
        NewGameSettings(
            seats=[
                Seat("Player 1", "red", False),
                Seat("Player 2", "yellow", False),
                Seat("Player 3", "blue", False),
                Seat("Player 4", "purple", False),
            ],
            board="sun",
            start_mode="draft",
            seed=None,
        )
    ]
    # the default on_start would push a placeholder; here the callback only records


def test_seats_add_remove_and_limits(app):
    click(app, widget(app, "add").rect.center)
    assert len(scene(app).form.seats) == 5
    add = widget(app, "add")
    assert add.disabled == "At most 5 players"
    click(app, add.rect.center)
    assert len(scene(app).form.seats) == 5
    hover(app, add.rect.center)
    assert scene(app).ui.tooltip.text() == "At most 5 players"

    click(app, widget(app, "remove0").rect.center)
    click(app, widget(app, "remove0").rect.center)
    form = scene(app).form
    assert [s.colour for s in form.seats] == ["blue", "purple", "black"]
    assert widget(app, "remove0").disabled == "At least 3 players"
    click(app, widget(app, "remove0").rect.center)
    assert len(scene(app).form.seats) == 3


def test_pick_colours_swaps_and_stays_unique(app, started):
    click_option(app, "colour0", "black")  # a free colour
    click_option(app, "colour1", "black")  # taken by seat 1: the two seats swap
    click_option(app, "computer2", True)
    colours = [s.colour for s in scene(app).form.seats]
    assert colours == ["yellow", "black", "blue", "purple"]
    assert len(set(colours)) == 4
    click(app, widget(app, "start").rect.center)
    assert [(s.colour, s.is_computer) for s in started[0].seats] == [
        ("yellow", False), ("black", False), ("blue", True), ("purple", False)]
    # the name under the field follows the colour's daimyo
    assert widget(app, "daimyo1").text == "Takeda Shingen"


def test_moon_with_three_players_disables_designated(app):
    click(app, widget(app, "remove3").rect.center)  # 3 players
    click_option(app, "mode", "designated")  # allowed on the sun side
    assert scene(app).form.start_mode == "designated"
    click_option(app, "board", "moon")  # now impossible: falls back to the draft
    form = scene(app).form
    assert form.board == "moon" and form.start_mode == "draft"
    mode = widget(app, "mode")
    reason = mode.options[1].disabled
    assert reason and "out of play on the moon side" in reason
    click_option(app, "mode", "designated")
    assert scene(app).form.start_mode == "draft"
    hover(app, mode.segment_rects()[1].center)
    assert scene(app).ui.tooltip.text() == reason
    # with a fourth player the designated start is possible on the moon side too
    click(app, widget(app, "add").rect.center)
    assert widget(app, "mode").options[1].disabled is None


def test_typing_names_and_seed(app, started):
    field = widget(app, "name1")
    click(app, field.rect.center)
    assert widget(app, "name1").focused
    for _ in range(len("Player 2")):
        key(app, pygame.K_BACKSPACE)
    assert scene(app).form.seats[1].name == ""
    assert widget(app, "start").disabled == "Seat 2 needs a name"
    type_text(app, "Aiko")
    key(app, pygame.K_RETURN)  # leaves the field, does not start
    assert not started
    seed = widget(app, "seed")
    click(app, seed.rect.center)
    type_text(app, "12a3 4")  # non-digits are refused
    assert widget(app, "seed").text == "1234"
    assert isinstance(widget(app, "seed"), TextInput)
    key(app, pygame.K_TAB)  # focus moves on, away from the seed field
    assert not widget(app, "seed").focused
    click(app, (800, 20))  # a click on nothing drops focus
    key(app, pygame.K_RETURN)  # Enter = Start when no field has focus
    assert started[-1].seats[1].name == "Aiko"
    assert started[-1].seed == 1234


def test_duplicate_names_block_start(app, started):
    click(app, widget(app, "name1").rect.center)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "1")
    assert widget(app, "start").disabled == "Seats 1 and 2 are both called Player 1"
    click(app, widget(app, "start").rect.center)
    assert not started


def test_resume_needs_an_autosave():
    resumed = []
    a = App(fps=0, has_autosave=lambda: True, on_resume=lambda: resumed.append(1))
    try:
        pump(a)
        click(a, widget(a, "resume").rect.center)
        assert resumed == [1]
    finally:
        a.close()


def test_resume_disabled_without_autosave(app):
    assert widget(app, "resume").disabled == "No autosaved game to resume"


def test_default_on_start_and_load_show_scenes(tmp_path):
    a = App(fps=0)
    try:
        pump(a)
        click(a, widget(a, "load").rect.center)
        assert isinstance(a.scenes.top, ConfirmDialog)
        key(a, pygame.K_RETURN)
        click(a, widget(a, "start").rect.center)
        assert type(a.scenes.top).__name__ == "GameStartingScene"
        a.screenshot(tmp_path / "starting.png")
        key(a, pygame.K_ESCAPE)
        assert isinstance(a.scenes.top, NewGameScene)
    finally:
        a.close()


def test_escape_asks_before_quitting(app):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmDialog)
    assert len(app.scenes.visible()) == 2  # the dialog is an overlay: setup still drawn
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, NewGameScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_resize_to_minimum_keeps_layout_and_clicks(app, started, tmp_path):
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
    pump(app)
    assert app.window_size == (1280, 720)
    assert app.view == pygame.Rect(0, 0, 1280, 720)
    canvas = pygame.Rect(0, 0, *app.logical_size)
    for w in scene(app).ui.widgets:
        assert canvas.contains(w.rect), w.key
    click_option(app, "board", "moon")
    click(app, widget(app, "start").rect.center)
    assert started[-1].board == "moon"
    app.screenshot(tmp_path / "new_game_1280.png")
    # smaller than the minimum is clamped
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500)))
    pump(app)
    assert app.window_size == (1280, 720)


def test_f11_toggles_fullscreen(app):
    assert not app.fullscreen
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen
    assert app.window_size == (1600, 900)


def test_screenshots(app, tmp_path):
    click(app, widget(app, "remove3").rect.center)
    click_option(app, "board", "moon")
    hover(app, widget(app, "mode").segment_rects()[1].center)
    path = app.screenshot(tmp_path / "moon3.png")
    img = pygame.image.load(str(path))
    assert img.get_size() == (1600, 900)


def test_computer_seats_choose_a_level(app, started):
    assert scene(app).ui.by_key("level1") is None  # humans have no level
    click_option(app, "computer1", True)
    assert widget(app, "level1").value == "easy"
    assert [o.label for o in widget(app, "level1").options] == ["Easy", "Normal", "Hard"]
    click_option(app, "level1", "hard")
    click_option(app, "computer3", True)
    click_option(app, "level3", "normal")
    click(app, widget(app, "start").rect.center)
    seats = started[0].seats
    assert [(s.is_computer, s.level) for s in seats] == [
        (False, "easy"), (True, "hard"), (False, "easy"), (True, "normal")]
