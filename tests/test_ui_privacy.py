"""Hot-seat privacy: no face of another seat's planned cards ever reaches the screen.

Every text the window draws goes through the Fonts cache, so recording Fonts.render during a
frame lists every word on screen. With Anna's plan committed, the curtain for Ben and Ben's
own planning screen must show none of Anna's planned provinces, and exactly Ben's five chest
card faces; the curtain shows nothing of the board at all.
"""

from __future__ import annotations

import pygame
import pytest

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.scenes.curtain import CurtainScene
from shogun_desktop.ui.scenes.game import GameScene, MiniCard
from shogun_desktop.ui.scenes.planning import PlanningScene
from tests.test_ui_game_driver import Driver, game_app, settings, start_game


class TextRecorder:
    """Wraps a Fonts object's render/kanji and remembers every string drawn."""

    def __init__(self, fonts: th.Fonts, monkeypatch) -> None:
        self.texts: list[str] = []
        render, kanji = fonts.render, fonts.kanji

        def rec_render(text, *a, **k):
            self.texts.append(text)
            return render(text, *a, **k)

        def rec_kanji(text, *a, **k):
            self.texts.append(text)
            return kanji(text, *a, **k)

        monkeypatch.setattr(fonts, "render", rec_render)
        monkeypatch.setattr(fonts, "kanji", rec_kanji)

    def frame(self, app) -> list[str]:
        self.texts.clear()
        app.render()
        return list(self.texts)


@pytest.fixture
def table(tmp_path):
    app = game_app(tmp_path)
    yield app
    app.close()


def test_curtain_and_planning_show_nothing_of_another_plan(table, monkeypatch):
    app = table
    start_game(app, settings(3, start="designated", seed=5))
    drv = Driver(app, seed=1)
    game_scene = next(s for s in app.scenes if isinstance(s, GameScene))
    session = game_scene.session
    anna, ben = session.seats[0], session.seats[1]
    assert isinstance(app.scenes.top, CurtainScene)
    drv.step()  # Anna reveals her screen
    assert isinstance(app.scenes.top, PlanningScene) and app.scenes.top.seat == anna
    drv.step()  # and commits a full plan
    anna_plan = session.game.state.players[anna].plan
    assert len(anna_plan) == 11
    hidden_provinces = {c for c in anna_plan.values() if cd.chest_value(c) is None}
    assert hidden_provinces
    all_provinces = set(session.game.data.provinces)

    # the curtain for Ben: opaque, nothing of the board, no province, no card face
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene) and curtain.colour == ben
    assert app.scenes.visible() == [curtain]
    rec = TextRecorder(app.theme.fonts, monkeypatch)
    texts = rec.frame(app)
    assert texts, "the recorder saw no text"
    assert not set(texts) & all_provinces
    assert cd.CHEST_FACE_LABEL not in texts
    sea = pygame.mask.from_threshold(app.canvas, th.SEA, (2, 2, 2, 255)).count()
    assert sea == 0, "the map shows through the curtain"

    # Ben's own planning screen, before and after placing cards
    drv.reveal()
    planning = app.scenes.top
    assert isinstance(planning, PlanningScene) and planning.seat == ben
    ben_cards = set(planning.cards)
    for _ in range(2):
        planning.layer.key = None  # repaint all (the layer was cached by the last frame)
        texts = rec.frame(app)
        assert not set(texts) & hidden_provinces, "Anna's planned provinces are on Ben's screen"
        assert texts.count(cd.CHEST_FACE_LABEL) == 5, "only Ben's own five chest faces"
        assert set(texts) & all_provinces <= ben_cards
        hand = dict(planning.hand_rects())
        card = next(c for c in planning.cards if c in hand)
        drv.click(hand[card].center)
        drv.click(planning.space_rect(SPACES[len(planning.plan)]).center)
    assert len(planning.plan) == 2


def test_public_table_shows_backs_until_revealed(table, monkeypatch):
    app = table
    start_game(app, settings(3, start="designated", seed=8))
    drv = Driver(app, seed=2)
    game_scene = next(s for s in app.scenes if isinstance(s, GameScene))
    session = game_scene.session
    while session.pending().kind == "plan":
        drv.step()
    while app.scenes.top is not game_scene:
        drv.step()
    assert session.pending().kind == "pick-special"
    minis = [w for w in game_scene.ui.widgets if isinstance(w, MiniCard)]
    assert len(minis) == 3 * 11
    for w in minis:
        if w.key.endswith("-bid"):
            assert w.card not in (None, "hidden")  # bids are revealed
        else:
            assert w.card == "hidden"
    hidden = set()
    for colour in session.seats:
        plan = session.game.state.players[colour].plan
        hidden |= {c for s, c in plan.items() if s != "bid" and cd.chest_value(c) is None}
    rec = TextRecorder(app.theme.fonts, monkeypatch)
    app.render()  # the map's names are in its cached static layer from the first frame
    game_scene.layer.key = None  # force a full repaint of everything else
    texts = rec.frame(app)
    assert texts
    assert not set(texts) & hidden


# ---------------------------------------------------------------- the hardened hand-off
SECRET_MARKS = ("secret plan, year", "Your hand (", "Planned cost:")


def secret_texts(texts: list[str]) -> list[str]:
    """Strings only a seat's own planning screen draws (header, hand, cost line, chest faces)."""
    return [t for t in texts
            if t == cd.CHEST_FACE_LABEL or any(mark in t for mark in SECRET_MARKS)]


def fill_plan(drv: Driver, planning: PlanningScene) -> None:
    """Place a full plan by click-card-then-click-space (not committed)."""
    for space, card in zip(SPACES, list(planning.cards), strict=False):
        drv.click(dict(planning.hand_rects())[card].center)
        drv.click(planning.space_rect(space).center)
    assert planning.problem() is None


def at_annas_done_dialog(app, drv: Driver):
    """Anna's full plan, Done pressed: the commit dialog is open. Returns (session, curtain
    is expected for Ben next)."""
    start_game(app, settings(3, start="designated", seed=5))
    game_scene = next(s for s in app.scenes if isinstance(s, GameScene))
    drv.reveal()
    planning = app.scenes.top
    assert isinstance(planning, PlanningScene) and planning.seat == "red"
    fill_plan(drv, planning)
    drv.press("done")
    assert type(app.scenes.top).__name__ == "ConfirmDialog"
    return game_scene.session


class FrameLog:
    """Every string drawn in every frame the App renders (through the TextRecorder)."""

    def __init__(self, app, rec: TextRecorder, monkeypatch) -> None:
        self.texts: list[str] = []
        render = app.render

        def logged_render():
            rec.texts.clear()
            render()
            self.texts.extend(rec.texts)

        monkeypatch.setattr(app, "render", logged_render)


def post_key(key: int, *, up: bool = True) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    if up:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))


def test_enter_twice_after_done_never_opens_the_next_plan(table, monkeypatch):
    """Done, then Enter, Enter 0.1 s apart: the commit happens, Ben's plan stays hidden."""
    app = table
    drv = Driver(app, seed=3)
    session = at_annas_done_dialog(app, drv)
    log = FrameLog(app, TextRecorder(app.theme.fonts, monkeypatch), monkeypatch)
    post_key(pygame.K_RETURN)  # confirms the commit dialog
    drv.pump(6)  # 0.1 s
    post_key(pygame.K_RETURN)  # a second press, meant for nothing: must not lift the curtain
    drv.pump(6)
    curtain = app.scenes.top
    assert session.game.state.players["red"].plan, "the first Enter committed Anna's plan"
    assert isinstance(curtain, CurtainScene) and curtain.colour == "blue"
    assert app.scenes.visible() == [curtain]
    drv.pump(60)  # a whole second later the curtain is still down until a fresh press
    assert app.scenes.top is curtain
    assert log.texts and not secret_texts(log.texts), secret_texts(log.texts)[:3]
    post_key(pygame.K_RETURN)  # Ben's own, fresh press after the delay
    drv.pump()
    assert isinstance(app.scenes.top, PlanningScene) and app.scenes.top.seat == "blue"


def test_held_enter_and_double_clicks_never_open_the_next_plan(table, monkeypatch):
    app = table
    drv = Driver(app, seed=4)
    at_annas_done_dialog(app, drv)
    log = FrameLog(app, TextRecorder(app.theme.fonts, monkeypatch), monkeypatch)
    post_key(pygame.K_RETURN, up=False)  # Enter goes down and stays down
    drv.pump()
    curtain = app.scenes.top
    assert isinstance(curtain, CurtainScene)
    for _ in range(40):  # key-repeat every 35 ms for well over the delay
        post_key(pygame.K_RETURN, up=False)
        drv.pump(2)
    assert curtain.armed and app.scenes.top is curtain, "a held Enter lifted the curtain"
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode=""))
    drv.pump()
    # the mouse: a double click right on the button, then a press begun before the curtain
    # armed and released after it; neither is a fresh press
    curtain.gate.elapsed = 0.0
    button = app.to_window(curtain.ui.by_key("reveal").rect.center)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button, button=1))
        drv.pump(6)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1))
    drv.pump(40)
    assert curtain.armed
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button, button=1))
    drv.pump()
    assert app.scenes.top is curtain, "a click that began too early lifted the curtain"
    assert log.texts and not secret_texts(log.texts), secret_texts(log.texts)[:3]
    drv.click(curtain.ui.by_key("reveal").rect.center)  # a fresh click now
    assert isinstance(app.scenes.top, PlanningScene) and app.scenes.top.seat == "blue"


def test_esc_menu_during_planning_hides_the_plan_completely(table, monkeypatch):
    app = table
    start_game(app, settings(3, start="designated", seed=5))
    drv = Driver(app, seed=1)
    drv.reveal()
    planning = app.scenes.top
    assert isinstance(planning, PlanningScene)
    fill_plan(drv, planning)
    mine = set(planning.cards)
    rec = TextRecorder(app.theme.fonts, monkeypatch)
    planning.layer.key = None
    assert secret_texts(rec.frame(app)), "the recorder must see the plan while it is open"
    drv.key(pygame.K_ESCAPE)
    menu = app.scenes.top
    assert type(menu).__name__ == "MenuScene"
    cards = [r.center for _c, r in planning.hand_rects()]
    cards += [planning.card_rect_in_space(s).center for s in planning.plan]
    for step in ("menu", "save-as"):
        planning.layer.key = None
        texts = rec.frame(app)
        assert texts and not secret_texts(texts), (step, secret_texts(texts)[:3])
        assert not set(texts) & mine, (step, set(texts) & mine)
        # opaque: where cards lie, the pixels are the plain backdrop under the menu's veil
        backdrop = app.canvas.get_at((8, 300))
        dialogs = pygame.Rect(480, 180, 640, 510)  # the menu and Save as boxes
        outside = [p for p in cards if not dialogs.collidepoint(p)]
        assert len(outside) > 5
        assert all(app.canvas.get_at(p) == backdrop for p in outside)
        if step == "menu":
            assert "Your plan stays hidden behind the menu." in texts  # says why
            drv.press("save")
            assert type(app.scenes.top).__name__ == "SaveAsScene"
    drv.press("cancel")  # close Save as: the plan is back for its owner
    assert app.scenes.top is planning
    planning.layer.key = None
    assert secret_texts(rec.frame(app))
