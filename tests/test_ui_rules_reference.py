"""The rules reference in the window: F1 from any scene, the "?" button, search, scrolling.

Driven with real posted pygame events. Every string drawn goes through the Fonts cache, so
recording Fonts.render lists what the reader sees (as in the privacy tests).
"""

from __future__ import annotations

import re
import shutil

import pygame
import pytest

from shogun_desktop.data import DATA_DIR
from shogun_desktop.data.reference import load_reference, plain
from shogun_desktop.ui.app import App
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.scenes.curtain import CurtainScene
from shogun_desktop.ui.scenes.new_game import NewGameScene
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.scenes.rules_reference import (
    DocLayout,
    RulesReferenceScene,
    TextLine,
    line_width,
)
from shogun_desktop.ui.widgets import ConfirmDialog
from tests.test_ui_game_driver import Driver, game_app, settings, start_game
from tests.test_ui_privacy import TextRecorder

FRAME = 1 / 60


@pytest.fixture
def app(tmp_path):
    a = game_app(tmp_path)
    yield a
    a.close()


def f1(drv: Driver) -> None:
    """Press and release F1."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F1, mod=0, unicode=""))
    drv.pump()


def test_holding_f1_opens_the_reference_once(app) -> None:
    drv = Driver(app)
    for _ in range(5):  # the first press and four key repeats, no release in between
        drv.key(pygame.K_F1)
    assert isinstance(app.scenes.top, RulesReferenceScene)
    assert sum(isinstance(s, RulesReferenceScene) for s in app.scenes) == 1
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_F1, mod=0, unicode=""))
    f1(drv)  # released, then a fresh press closes it
    assert isinstance(app.scenes.top, NewGameScene)


def drawn(rec: TextRecorder, app) -> list[str]:
    """The strings of one fresh frame (the reference's layer cache is invalidated first)."""
    top = app.scenes.top
    if isinstance(top, RulesReferenceScene):
        top.layer.key = None
    return rec.frame(app)


def words(text: str) -> set[str]:
    """The words of a text (markup and punctuation aside: a bold word and the colon after it
    are drawn as two strings)."""
    return set(re.findall(r"\w+", plain(text)))


def test_f1_on_the_setup_screen_opens_and_closes_the_reference(app) -> None:
    drv = Driver(app)
    setup = app.scenes.top
    assert isinstance(setup, NewGameScene)
    depth = len(app.scenes)
    f1(drv)
    ref = app.scenes.top
    assert isinstance(ref, RulesReferenceScene)
    assert app.scenes.visible() == [ref]  # opaque: nothing below is drawn
    f1(drv)  # F1 again closes it
    assert app.scenes.top is setup and len(app.scenes) == depth
    f1(drv)
    drv.key(pygame.K_ESCAPE)  # and so does Esc
    assert app.scenes.top is setup and len(app.scenes) == depth


def test_the_question_mark_button_on_the_game_screen(app) -> None:
    game = start_game(app, settings(3, start="draft", seed=3))
    drv = Driver(app)
    assert app.scenes.top is game  # the draft is decided on the table
    version = game.session.version
    drv.press("help")
    ref = app.scenes.top
    assert isinstance(ref, RulesReferenceScene)
    drv.pump(5)  # the game below is paused: nothing is decided while reading
    assert game.session.version == version
    drv.click(ref.ui.by_key("close").rect.center)
    assert app.scenes.top is game and game.session.version == version
    f1(drv)  # F1 works on the game screen too
    assert isinstance(app.scenes.top, RulesReferenceScene)
    f1(drv)
    assert app.scenes.top is game


def test_f1_during_secret_planning_hides_the_plan_completely(app, monkeypatch) -> None:
    game = start_game(app, settings(3, start="designated", seed=5))
    drv = Driver(app, seed=1)
    assert isinstance(app.scenes.top, CurtainScene)
    drv.step()  # Anna reveals her planning screen
    planning = app.scenes.top
    assert isinstance(planning, PlanningScene)
    hand = set(game.session.view(planning.seat)["players"][planning.seat]["hand"])
    assert hand
    rec = TextRecorder(app.theme.fonts, monkeypatch)
    f1(drv)
    ref = app.scenes.top
    assert isinstance(ref, RulesReferenceScene)
    assert app.scenes.visible() == [ref]
    texts = drawn(rec, app)
    assert texts
    assert not set(texts) & set(game.data.provinces), "a province name is drawn"
    assert cd.CHEST_FACE_LABEL not in texts
    # every pixel comes from the reference: the same picture as a fresh one on a blank surface
    blank = pygame.Surface(app.canvas.get_size())
    RulesReferenceScene(app, ref.ref).draw(blank)
    assert pygame.image.tobytes(app.canvas, "RGB") == pygame.image.tobytes(blank, "RGB")
    drv.key(pygame.K_ESCAPE)
    assert app.scenes.top is planning  # exactly where the player was


def test_typing_searches_and_highlights(app, monkeypatch) -> None:
    drv = Driver(app)
    f1(drv)
    ref = app.scenes.top
    assert isinstance(ref, RulesReferenceScene)
    drv.type_text("revolt")
    assert ref.query == "revolt"
    ids = [s.id for s in ref.layout.sections]
    assert "revolts/collect" in ids and "winter/provisions" in ids
    assert "overview/goal" not in ids
    lit = [line for line in ref.layout.lines() if line.highlights]
    assert lit, "no match is highlighted"
    for line in lit:  # each highlight covers the word 'revolt' on that line
        assert "revolt" in line.text().casefold()
    rec = TextRecorder(app.theme.fonts, monkeypatch)
    texts = drawn(rec, app)
    assert any("revolt" in t.casefold() for t in texts)
    assert any(t.endswith("sections found") for t in texts)
    # a word nowhere in the rules: a clear message, no crash
    for _ in range(6):
        drv.key(pygame.K_BACKSPACE)
    drv.type_text("Kii")
    assert ref.layout.sections == ()
    texts = drawn(rec, app)
    assert any("Nothing in the rules matches" in t for t in texts)
    drv.press("clear")  # the × in the field empties it
    assert ref.query == "" and len(ref.layout.sections) == len(ref.ref.sections())
    assert not ref.ui.by_key("clear").visible


def test_contents_jump_and_scrolling_reaches_the_end(app) -> None:
    drv = Driver(app)
    f1(drv)
    ref = app.scenes.top
    entry = next(e for e in ref.toc if e.is_chapter and e.chapter_id == "winter")
    drv.click(entry.rect.move(0, -ref.toc_scroll).center)
    assert ref.current_chapter() == "winter"
    assert ref.current_section() == "winter/provisions"
    # the sections of the chapter being read are listed; click one
    entry = next(e for e in ref.toc if e.section_id == "winter/scoring" and not e.is_chapter)
    drv.click(entry.rect.move(0, -ref.toc_scroll).center)
    assert ref.current_section() == "winter/scoring"
    # Page Down until it stops: the end of the book
    last = -1
    while ref.scroll != last:
        last = ref.scroll
        drv.key(pygame.K_PAGEDOWN)
    assert ref.scroll == ref.max_scroll() > 0
    assert ref.current_section() == ref.ref.sections()[-1].id
    drv.key(pygame.K_HOME)
    assert ref.scroll == 0
    # the wheel scrolls the page
    drv.move(ref.view_rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    drv.pump()
    assert ref.scroll > 0
    # dragging the scrollbar thumb to the bottom
    thumb = ref.thumb()
    drv.drag(thumb.center, (thumb.centerx, ref.track().bottom + 50))
    assert ref.scroll == ref.max_scroll()
    drv.key(pygame.K_END)
    assert ref.scroll == ref.max_scroll()


def test_reopening_returns_to_the_same_place(app) -> None:
    drv = Driver(app)
    f1(drv)
    ref = app.scenes.top
    ref.jump_to("battles/neutral", 10)
    f1(drv)
    f1(drv)
    again = app.scenes.top
    assert again is not ref and again.current_section() == "battles/neutral"
    assert again.scroll == ref.scroll
    drv.type_text("castle")
    f1(drv)
    f1(drv)
    third = app.scenes.top
    assert third.query == "castle" and third.ui.by_key("clear").visible
    assert all(s.matches("castle") for s in third.layout.sections)


def test_every_section_renders_in_full_without_cut_off_text(app, monkeypatch) -> None:
    """Layout: no line is wider than its box; drawing: every word of every section appears."""
    drv = Driver(app)
    f1(drv)
    ref = app.scenes.top
    fonts = app.theme.fonts
    for query in ("", "revolt", "war chests"):
        layout = DocLayout(fonts, ref.ref, query, ref.col_x, 900)
        for op in layout.ops:
            if isinstance(op, TextLine):
                assert op.limit is not None
                assert op.x + line_width(fonts, op) <= op.limit, op.text()
    # scroll through the whole book page by page, recording every drawn string
    rec = TextRecorder(fonts, monkeypatch)
    seen: set[str] = set()
    drv.key(pygame.K_HOME)
    last = -1
    while True:
        for t in drawn(rec, app):
            seen |= words(t)
        if ref.scroll == last:
            break
        last = ref.scroll
        drv.key(pygame.K_PAGEDOWN)
    for section in ref.ref.sections():
        expected = words(section.title)
        for block in section.blocks:
            for s in block.strings():
                expected |= words(s)
        missing = expected - seen
        assert not missing, f"{section.id}: never drawn: {sorted(missing)[:8]}"
    # every contents entry fits its row (drawn in full, not shortened)
    for chapter in ("overview", "action-cards", "event-cards", "special-cards"):
        ref.jump_to(ref.ref.chapters[[c.id for c in ref.ref.chapters].index(chapter)]
                    .sections[0].id)
        texts = drawn(rec, app)
        assert ref.toc_limit() == 0, "the contents fit the panel without scrolling"
        for entry in ref.toc:
            assert entry.label in texts, entry.label


def test_text_is_readable_at_the_smallest_window(tmp_path) -> None:
    """Body text is at least 14 px on a 1280x720 window, drawn at that size (no scaling),
    even at the smallest text size."""
    from shogun_desktop.ui.scenes.rules_reference import Metrics, open_rules_reference

    app = game_app(tmp_path, size=(1280, 720))
    try:
        ref = open_rules_reference(app)
        assert ref.native and ref.m.body >= 15 and ref.m.small >= 14
        assert all(line.size >= 14 for line in ref.layout.lines())
        small = Metrics(0.8 * 0.8)  # 1280x720 at the 80% text size
        assert min(small.body, small.small, small.text(18)) >= 14
    finally:
        app.close()


def test_a_broken_reference_file_shows_its_error(tmp_path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    text = (data / "reference.yaml").read_text(encoding="utf-8")
    (data / "reference.yaml").write_text(text.replace("{provinces} provinces", "{nope}", 1),
                                         encoding="utf-8")
    app = App(fps=0, data_folder=data)
    try:
        drv = Driver(app)
        drv.pump()
        f1(drv)
        top = app.scenes.top
        assert isinstance(top, ConfirmDialog)
        assert "reference.yaml" in top.message and "{nope}" in top.message
        drv.key(pygame.K_RETURN)
        assert isinstance(app.scenes.top, NewGameScene)
    finally:
        app.close()


def test_the_reference_loads_from_the_app_data_folder(app) -> None:
    assert load_reference(app.data_folder).sections()


def test_the_wheel_scrolls_a_long_result_list_in_the_contents(app) -> None:
    drv = Driver(app)
    f1(drv)
    ref = app.scenes.top
    drv.type_text("the")  # nearly every section: the result list is longer than the panel
    assert ref.toc_limit() > 0
    drv.move((ref.toc[0].rect.centerx, ref.toc[0].rect.bottom + 200))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    drv.pump()
    assert ref.toc_scroll > 0 and ref.scroll == 0  # the list moved, the page did not
    # a result far down the list is clickable after scrolling it into view
    while ref.toc_scroll < ref.toc_limit():
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
        drv.pump()
    last = ref.toc[-1]
    drv.click(last.rect.move(0, -ref.toc_scroll).center)
    assert ref.current_section() == last.section_id
