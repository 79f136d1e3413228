"""Translated words fit their boxes on the table: the top bar's parts never overlap (a Russian
prompt used to run over the keys hint at 1920x1080) and an action card's name stays on the
card (Czech "Nasadit 1 + pohyb" used to run out of it). Measured, in every language, at the
smallest and a large supported window."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from itertools import combinations

import pygame
import pytest

from shogun_desktop import i18n
from shogun_desktop.data.board import default_board
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.app import App
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.scenes.game import ACTION_CARD, BANNER, GameScene
from shogun_desktop.ui.session import GameSession
from tests.helpers import record_texts
from tools.table_shots import mid_game

LANGS = [code for code in i18n.LANGUAGES]
SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def recruit_move():
    return mid_game(5, "moon", 5, "recruit-move", 1)  # the longest prompt of the table


def _table(game, size):
    app = App(size, show_new_game=False)
    session = GameSession(game, tempfile.mkdtemp(), autosave=False)
    scene = GameScene(app, session, computer_delay=1e9, animate=False)
    scene.start_planning = lambda colour: None
    app.push(scene)
    app.running = True
    app.frame(1 / 60)
    return app, scene


def _overlaps(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for a, b in combinations(rects, 2) if a.colliderect(b)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGS)
def test_the_top_bar_parts_never_overlap(recruit_move, code: str, size) -> None:
    i18n.set_language(code)
    app, scene = _table(recruit_move, size)
    try:
        bar = scene.banner(scene.view)
        help_button = scene.ui.by_key("help").rect
        assert bar.prompt is not None and bar.prompt_text
        assert _overlaps(bar.rects()) == []
        for r in bar.rects():
            assert r.right <= help_button.left, (r, help_button)
            assert r.left >= 0
        # what the bar shows is the prompt, or its start with the whole in the tooltip
        full = scene.banner_prompt(scene.view["pending"])
        shown = bar.prompt_text
        assert shown == full or (shown.endswith("…") and full.startswith(shown[:-1]))
        assert scene.full_text_at(bar.prompt.center) == full
    finally:
        app.close()


def test_russian_keeps_the_keys_hint_beside_its_prompt_at_1920(recruit_move) -> None:
    """The reported case: the hint is shown when there is room, and beside the prompt."""
    i18n.set_language("ru")
    app, scene = _table(recruit_move, (1920, 1080))
    try:
        bar = scene.banner(scene.view)
        assert bar.prompt_text == scene.banner_prompt(scene.view["pending"])  # whole
        if bar.hint_rect is not None:
            assert bar.prompt.right < bar.hint_rect.left
    finally:
        app.close()


def test_a_prompt_too_long_for_the_bar_gives_up_the_hint_then_is_elided(recruit_move,
                                                                        monkeypatch) -> None:
    i18n.set_language("cs")
    app, scene = _table(recruit_move, (1280, 720))
    long = "Uesugi: " + "velmi dlouhá výzva " * 20
    monkeypatch.setattr(GameScene, "banner_prompt", lambda self, pending: long)
    try:
        bar = scene.banner(scene.view)
        assert bar.hint_rect is None and not bar.hint
        assert bar.prompt_text.endswith("…") and bar.prompt_text != long
        assert _overlaps(bar.rects()) == []
        assert bar.prompt.right <= scene.R(BANNER.right - 62, 0, 1, 1).left
    finally:
        app.close()


def test_the_overlap_check_can_fail() -> None:
    assert _overlaps([pygame.Rect(0, 0, 100, 20), pygame.Rect(90, 0, 50, 20)])


def _drawn_card(fonts: th.Fonts, rect: pygame.Rect, action: str, monkeypatch):
    with monkeypatch.context() as patch:  # recording ends with the card
        drawn = record_texts(patch)
        surface = pygame.Surface((rect.right + 10, rect.bottom + 10))
        cd.draw_action_card(surface, rect, fonts, 5, action)
    return [(text, r) for text, r, _size in drawn]


@pytest.mark.parametrize("k", [1280 / 1600, 1920 / 1600])
@pytest.mark.parametrize("code", LANGS)
def test_action_card_names_stay_on_their_card(code: str, k: float, monkeypatch) -> None:
    i18n.set_language(code)
    app = App((1280, 720), show_new_game=False)
    try:
        fonts = app.theme.fonts
        rect = pygame.Rect(20, 20, round(ACTION_CARD[0] * k), round(ACTION_CARD[1] * k))
        for action in [a.id for a in default_board().actions]:
            drawn = _drawn_card(fonts, rect, action, monkeypatch)
            number, *label = drawn
            assert number[0] == "5" and label, action
            for text, r in label:
                assert rect.contains(r), (code, action, text, r, rect)
                assert not r.colliderect(number[1]), (code, action, text)
            assert _overlaps([r for _t, r in label]) == []
    finally:
        app.close()


@pytest.mark.parametrize("k", [1280 / 1600, 1920 / 1600])
def test_czech_recruit_1_move_is_whole_on_its_card(k: float, monkeypatch) -> None:
    """The reported case: every word of the short name is drawn, none cut to an ellipsis."""
    i18n.set_language("cs")
    app = App((1280, 720), show_new_game=False)
    try:
        rect = pygame.Rect(20, 20, round(ACTION_CARD[0] * k), round(ACTION_CARD[1] * k))
        _number, *label = _drawn_card(app.theme.fonts, rect, "recruit-1-move", monkeypatch)
        words = " ".join(text for text, _r in label)
        assert "…" not in words
        assert words.replace("- ", "").split() == cd.short_action("recruit-1-move").split()
        assert all(rect.contains(r) for _t, r in label)
    finally:
        app.close()


def test_fit_block_wraps_then_shrinks_then_hyphenates(monkeypatch) -> None:
    app = App((1280, 720), show_new_game=False)
    try:
        fonts = app.theme.fonts
        size, lines = th.fit_block(fonts, "Nasadit 1 + pohyb", 60, 60, 16, bold=True)
        assert lines[0] == "Nasadit" and len(lines) >= 2 and size <= 16
        assert all(fonts.size(line, size, True)[0] <= 60 for line in lines)
        # a word no size can hold whole is hyphenated at a vowel, never overrunning
        size, lines = th.fit_block(fonts, "перемещение", 40, 60, 14, min_size=8, bold=True)
        assert len(lines) >= 2 and lines[0].endswith("-")
        assert "".join(line.rstrip("-") for line in lines) == "перемещение"
        assert all(fonts.size(line, size, True)[0] <= 40 for line in lines)
    finally:
        app.close()


class _Table:
    """The little of the game screen a decision's buttons measure with."""

    def __init__(self, fonts: th.Fonts, k: float) -> None:
        self.fonts, self.k = fonts, k

    def R(self, x, y=None, w=None, h=None) -> pygame.Rect:  # noqa: N802
        return pygame.Rect(round(x * self.k), round(y * self.k), round(w * self.k),
                           round(h * self.k))


@pytest.mark.parametrize("code", LANGS)
def test_decision_buttons_are_as_wide_as_their_translated_words(code: str) -> None:
    from shogun_desktop.i18n import _, pgettext
    from shogun_desktop.ui.scenes.decisions import fit_width

    i18n.set_language(code)
    app = App((1280, 720), show_new_game=False)
    try:
        fonts = app.theme.fonts
        for k in (1280 / 1600, 1920 / 1600):
            t = _Table(fonts, k)
            for label, size, base in ((pgettext("move", "Stay"), 17, 110),
                                      (_("◀ Back"), 17, 100), (_("Confirm order"), 16, 180)):
                px = max(11, round(size * k))
                width = t.R(0, 0, fit_width(t, label, px, base), 0).w
                assert fonts.fit(label, px, width - 12, True) == label, (code, label, k)
    finally:
        app.close()
