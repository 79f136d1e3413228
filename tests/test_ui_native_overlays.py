"""The winter summary, the end screen (both tabs), the hand-off curtain with its recap, the
drop notice, the starting screen and the confirm dialog draw at the window's own resolution.

At every supported size: no canvas is scaled while they are shown (they draw into the window
itself, over the native table); every text they draw lies inside the window and inside their
card, is at least 14 px (body text at 1280x720, the style guide) and stays off their buttons;
and a click at a drawn button's centre presses it.
"""

from __future__ import annotations

import random

import pygame
import pytest

from shogun_desktop import i18n
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import DropRecord
from shogun_desktop.rules.tower import ProbabilisticTower
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.app import App
from shogun_desktop.ui.prefs import Prefs
from shogun_desktop.ui.recap import build_recap
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes.curtain import CurtainScene
from shogun_desktop.ui.scenes.drop_notice import DropNotice
from shogun_desktop.ui.scenes.end import EndScene
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.new_game import NewGameSettings, Seat
from shogun_desktop.ui.scenes.starting import GameStartingScene
from shogun_desktop.ui.scenes.winter import WinterScene
from shogun_desktop.ui.session import GameSession, probabilistic_tower
from shogun_desktop.ui.widgets import ConfirmDialog, ScrollableLog

READABLE = 14
SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (1280, 1024)]
IDS = [f"{w}x{h}" for w, h in SIZES]
LONG = "Benedikt von Hohenstaufen zu Schwaben"


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> GameSession:
    """A finished five-player moon game with a long name (winters with many majorities)."""
    seats = [Seat("Anna", "red", True), Seat(LONG, "blue", True), Seat("Cleo", "yellow", True),
             Seat("Dai", "purple", True), Seat("Eiko", "black", True)]
    session = GameSession.new(NewGameSettings(seats, "moon", "designated", 17, xray=True),
                              tmp_path_factory.mktemp("native"), probabilistic_tower(),
                              autosave=False)
    while session.play_computer():
        pass
    assert session.is_over()
    return session


def winter_events(session: GameSession) -> list[ev.Event]:
    events = session.view(None)["events"]
    start = max(i for i, e in enumerate(events) if isinstance(e, ev.WinterRiceLoss))
    return events[start:]


def make(kind: str, app: App, session: GameSession):
    """(scene, its card or None for a full-window screen, the button keys to check)."""
    if kind == "winter":
        app.push(GameScene(app, session, computer_delay=0, animate=False))
        scene = app.push(WinterScene(app, session, winter_events(session)))
        return scene, scene.box, ["continue"]
    if kind in ("end-winters", "end-battles"):
        scene = app.push(EndScene(app, session, None))
        if kind == "end-battles":
            scene.set_tab("battles")
        return scene, None, ["quit", "new", "rematch", "tab"]
    if kind == "curtain":
        session.last_turn = lambda seat: len(session.view(None)["events"]) - 45  # type: ignore
        try:
            recap = build_recap(session, "red")
        finally:
            del session.last_turn
        scene = app.push(CurtainScene(app, "Anna", "red", recap=recap,
                                      reason=i18n._("Plan your season in secret")))
        return scene, None, ["reveal"]
    if kind == "drop":
        app.push(GameScene(app, session, computer_delay=0, animate=False))
        result = ProbabilisticTower().drop((), {"red": 5, "blue": 4}, random.Random(2))
        record = DropRecord("battle", {"red": 5, "blue": 4}, result, "Omi", "red", "blue")
        scene = app.push(DropNotice(app, record, {"red": "Anna", "blue": LONG}))
        return scene, scene.box, ["skip"]
    if kind == "starting":
        seats = [Seat(n, c, i % 2 == 1) for i, (n, c) in enumerate(
            [("Anna", "red"), (LONG, "blue"), ("Cleo", "yellow"), ("Dai", "purple"),
             ("Eiko", "black")])]
        scene = app.push(GameStartingScene(app, NewGameSettings(seats, "sun", "draft", 4)))
        return scene, scene.box, ["back"]
    if kind == "dialog":
        app.push(GameScene(app, session, computer_delay=0, animate=False))
        scene = app.push(ConfirmDialog(app, i18n._("Quit Shogun?"),
                                       i18n._("Close the game window?") + " " + LONG * 3))
        return scene, scene.box, ["confirm", "cancel"]
    raise AssertionError(kind)


KINDS = ["winter", "end-winters", "end-battles", "curtain", "drop", "starting", "dialog"]


def check(finished, monkeypatch, kind: str, size: tuple[int, int], text_size: float = 1.0):
    app = App(size, fps=0, show_new_game=False, prefs=Prefs())
    app.set_ui_scale(text_size)
    try:
        assert app.window_size == size
        scene, card, keys = make(kind, app, finished)
        assert scene.native and app.native_top()
        texts: list[tuple[str, pygame.Rect, int]] = []
        original = th.blit_text

        def spy(surface, fonts, text, pos, size=18, colour=th.INK, *, bold=False,
                anchor="topleft"):
            rect = original(surface, fonts, text, pos, size, colour, bold=bold, anchor=anchor)
            texts.append((text, rect, size))
            return rect

        def no_scaling(*a, **k):
            raise AssertionError(f"a whole canvas was scaled while {kind} was shown")

        targets: list[pygame.Surface] = []
        real_draw = scene.draw
        monkeypatch.setattr(scene, "draw", lambda s: (targets.append(s), real_draw(s)))
        monkeypatch.setattr(pygame.transform, "smoothscale", no_scaling)
        monkeypatch.setattr(pygame.transform, "scale", no_scaling)
        app.render()
        assert targets and all(t is app.screen for t in targets)  # the window itself
        monkeypatch.setattr(th, "blit_text", spy)
        if hasattr(scene, "layer"):
            scene.layer.key = None
        real_draw(app.screen)
        monkeypatch.undo()
        window = pygame.Rect(0, 0, *size)
        area = card if card is not None else window
        buttons = [w for w in scene.ui.widgets if w.key in keys]
        assert {w.key for w in buttons} == set(keys)
        logs = [w.rect for w in scene.ui.widgets if isinstance(w, ScrollableLog)]
        assert texts
        for text, rect, px in texts:
            where = f"{kind} at {size}: {text!r} {rect}"
            assert window.contains(rect), f"{where} leaves the window"
            assert area.contains(rect), f"{where} leaves its card {area}"
            assert px >= READABLE, f"{where} drawn at {px} px"
            for log in logs:
                if rect.colliderect(log):
                    assert log.contains(rect), f"{where} crosses the recap's edge"
            for b in buttons:
                if not b.rect.contains(rect):  # a button's own label
                    assert not rect.colliderect(b.rect), f"{where} under {b.key}"
        for b in buttons:
            assert area.contains(b.rect), f"{kind} at {size}: {b.key} {b.rect} off {area}"
        return app, scene
    except BaseException:
        app.close()
        raise


def click(app: App, pos: tuple[int, int]) -> None:
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=pos, button=1))
    app.process_events()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("kind", KINDS)
def test_drawn_natively_with_readable_text_inside_the_card(finished, monkeypatch, kind, size):
    app, scene = check(finished, monkeypatch, kind, size)
    try:
        # a click at the drawn button's centre presses it, at this size
        if kind in ("winter", "drop", "dialog", "starting"):
            key = {"winter": "continue", "drop": "skip", "dialog": "cancel",
                   "starting": "back"}[kind]
            click(app, scene.ui.by_key(key).rect.center)
            assert scene not in list(app.scenes)
        elif kind == "end-winters":
            tab = scene.ui.by_key("tab")
            click(app, tab.segment_rects()[1].center)
            assert scene.tab == "battles"
            click(app, scene.ui.by_key("quit").rect.center)
            assert isinstance(app.scenes.top, ConfirmDialog)
        elif kind == "curtain":
            for _ in range(40):  # the fresh-press guard: half a second up first
                app.update(1 / 60)
            assert scene.armed
            click(app, scene.ui.by_key("reveal").rect.center)
            assert scene not in list(app.scenes)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["cs", "nl", "ru", "zh_Hant"])
@pytest.mark.parametrize("kind", KINDS)
def test_the_text_fits_in_every_language_at_the_smallest_window(finished, monkeypatch, kind,
                                                                 lang):
    i18n.set_language(lang)
    try:
        app, _scene = check(finished, monkeypatch, kind, (1280, 720))
        app.close()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("kind", ["winter", "end-battles", "curtain", "dialog"])
def test_the_text_fits_at_the_largest_text_size(finished, monkeypatch, kind):
    app, _scene = check(finished, monkeypatch, kind, (1280, 720), text_size=1.5)
    app.close()


def test_every_majority_of_the_winter_is_drawn_in_full(finished, monkeypatch):
    """The majorities wrap in their column: their words are all drawn, none cut."""
    from shogun_desktop.ui.scenes.winter import score_rows

    app = App((1280, 720), fps=0, show_new_game=False, prefs=Prefs())
    try:
        scene = app.push(WinterScene(app, finished, winter_events(finished)))
        drawn = " ".join(text for text, _rect, _size in scene.sheet.texts)
        rows = score_rows(finished.view(None), None, finished.presenter)
        assert any(len(r["majorities"]) >= 3 for r in rows)
        for row in rows:
            for part in row["majorities"]:
                for word in part.split():
                    assert word in drawn
        # only a name too long for its column is shortened (and tooltipped), never majorities
        assert {full for _rect, full in scene.sheet.cut} <= {r["name"] for r in rows}
    finally:
        app.close()


def test_a_cut_name_on_the_winter_and_end_screens_reads_in_full(finished):
    app = App((1280, 720), fps=0, show_new_game=False, prefs=Prefs())
    try:
        for scene in (app.push(WinterScene(app, finished, winter_events(finished))),
                      app.push(EndScene(app, finished, None))):
            cut = [(rect, full) for rect, full in scene.sheet.cut if full == LONG]
            assert cut, type(scene).__name__  # this long name does not fit its column
            assert scene.full_text_at(cut[0][0].center) == LONG
    finally:
        app.close()


def test_a_resized_window_lays_the_overlays_out_again(finished):
    app = App((1600, 900), fps=0, show_new_game=False, prefs=Prefs())
    try:
        winter = app.push(WinterScene(app, finished, winter_events(finished)))
        before = winter.box.w
        app.resize((1920, 1080))
        app.update(1 / 60)
        assert winter.box.w == round(before * 1.2)
        assert pygame.Rect(0, 0, 1920, 1080).contains(winter.ui.by_key("continue").rect)
    finally:
        app.close()


def test_a_native_dialog_over_a_logical_screen_is_drawn_over_it(monkeypatch):
    """The setup screen (logical, scaled) under a native dialog: both are drawn, the dialog
    last and at the window's resolution, and its buttons answer clicks in window pixels."""
    app = App((1280, 720), fps=0, prefs=Prefs())
    try:
        class Logical(Scene):  # every shipped screen is native now: a plain logical one
            def draw(self, surface: pygame.Surface) -> None:
                surface.fill((200, 190, 170))

        below = app.push(Logical(app))
        assert not getattr(below, "native", False)
        order: list[str] = []
        real_below = below.draw
        monkeypatch.setattr(below, "draw", lambda s: (order.append("below"), real_below(s)))
        done: list[bool] = []
        dialog = app.push(ConfirmDialog(app, "Load a game", "Nothing to load.",
                                        on_confirm=lambda: done.append(True)))
        real = dialog.draw
        monkeypatch.setattr(dialog, "draw", lambda s: (order.append("dialog"), real(s)))
        app.render()
        assert order == ["below", "dialog"]
        click(app, dialog.ui.by_key("confirm").rect.center)
        assert done and app.scenes.top is below
    finally:
        app.close()
