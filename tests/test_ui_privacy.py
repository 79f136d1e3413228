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
    drv.press("reveal")
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
