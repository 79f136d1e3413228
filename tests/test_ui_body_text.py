"""Body text is at least 14 px in the smallest window (1280x720) at the default text size.

Every string the game table and the planning screen draw is recorded with its size and the
function that drew it. Body text is everything except the map's markers (names >= 11 px and
numbers >= 13 px, checked by the map-layout test), the faces of cards and card-sized boxes
(printed proportions), and bare numbers in track cells.
"""

from __future__ import annotations

import sys
import tempfile

import pygame
import pytest

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.app import App
from shogun_desktop.ui.design import BODY_MIN
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.session import GameSession
from tools.table_shots import mid_game

NOT_BODY = {  # functions that draw card faces, map markers or the printed board's boxes
    "draw_province_markers", "_draw_label", "_value_disc", "_draw_specials",
    "draw_action_card", "draw_card", "draw_plan_card", "draw_frame", "draw_province_card",
    "draw_chest_card",
    "_draw_spaces",  # the planning board's ten printed spaces (labels sized to the box)
}


def record(monkeypatch) -> list[tuple[str, int, str]]:
    drawn: list[tuple[str, int, str]] = []
    original = th.blit_text

    def blit(surface, fonts, text, pos, size=18, colour=th.INK, *, bold=False,
             anchor="topleft"):
        caller = sys._getframe(1)
        if caller.f_code.co_name == "draw_block":  # a fitted block: whoever asked for it
            caller = caller.f_back or caller
        drawn.append((text, size, caller.f_code.co_name))
        return original(surface, fonts, text, pos, size, colour, bold=bold, anchor=anchor)

    monkeypatch.setattr(th, "blit_text", blit)
    return drawn


def body(drawn: list[tuple[str, int, str]]) -> list[tuple[str, int, str]]:
    return [(t, s, f) for t, s, f in drawn
            if f not in NOT_BODY and not t.strip().isdigit() and t.strip()]


@pytest.mark.parametrize("screen", ["table", "planning"])
def test_smallest_body_text_at_1280x720_is_14_px(monkeypatch, screen):
    drawn = record(monkeypatch)
    game = mid_game(5, "moon", 5, "battle" if screen == "table" else "plan")
    app = App((1280, 720), show_new_game=False)
    try:
        session = GameSession(game, tempfile.mkdtemp(), autosave=False)
        scene = GameScene(app, session, computer_delay=1e9, animate=False)
        scene.start_planning = lambda colour: None
        app.push(scene)
        if screen == "planning":
            app.push(PlanningScene(app, session, game.pending().player))
        app.running = True
        top = app.scenes.top
        for _ in range(2):
            app.frame(1 / 60)
        # a tooltip too: point at the log (table) or a province (planning)
        pos = (top.ui.by_key("log").rect.center if screen == "table"
               else top.board.rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window(pos),
                                             rel=(1, 0), buttons=(0, 0, 0)))
        for _ in range(40):
            app.frame(1 / 20)
        texts = body(drawn)
        assert len({t for t, _, _ in texts}) > 20  # really the whole screen
        smallest = min(s for _, s, _ in texts)
        small = sorted({(t, s, f) for t, s, f in texts if s < BODY_MIN})
        assert smallest >= BODY_MIN == 14, small[:10]
    finally:
        app.close()


def test_the_recorder_sees_small_text(monkeypatch):
    """The check can fail: text drawn at 12 px by a scene counts as small body text."""
    drawn = record(monkeypatch)
    pygame.display.init()
    surface = pygame.Surface((100, 40))
    th.blit_text(surface, th.Fonts(), "Game log", (0, 0), 12)
    assert body(drawn) == [("Game log", 12, "test_the_recorder_sees_small_text")]
