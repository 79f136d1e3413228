"""The rules reference, the menus, the setup screen and the guide draw at the window's own
resolution at every supported size.

No smooth-scaling (or scaling) of a whole canvas while one of them is on top: each draws
straight into the window surface; all its text lies inside the window and inside its panel,
at a readable size (>= 14 px body text at 1280x720); overlays over the native table compose
on the window too; a click lands on the widget where it is drawn.
"""

from __future__ import annotations

import pygame
import pytest

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.app import App
from shogun_desktop.ui.prefs import Prefs
from shogun_desktop.ui.scenes.rules_reference import (
    RulesReferenceScene,
    TextLine,
    line_width,
)
from tests.test_ui_game_driver import Driver, game_app, settings, start_game

READABLE = 14  # px: the smallest body text at 1280x720 (the style guide)
SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (1280, 1024)]
IDS = [f"{w}x{h}" for w, h in SIZES]

Texts = list[tuple[str, pygame.Rect, int]]


def native_frame(app: App, monkeypatch, scene=None) -> Texts:
    """One fresh frame of the visible scenes: every string ``scene`` (default: the top one)
    draws with theme.blit_text, its box and size. Fails when a whole canvas is scaled or a
    scene draws anywhere but into the window itself."""
    scene = scene if scene is not None else app.scenes.top
    texts: Texts = []
    drawing: list[object] = []
    original = th.blit_text

    def spy(surface, fonts, text, pos, size=18, colour=th.INK, *, bold=False,
            anchor="topleft"):
        rect = original(surface, fonts, text, pos, size, colour, bold=bold, anchor=anchor)
        if drawing and drawing[-1] is scene:
            texts.append((text, rect, size))
        return rect

    def no_scaling(*a, **k):
        raise AssertionError("a whole canvas was scaled")

    def wrap(s, draw):
        def drawn(surface):
            targets.append(surface)
            drawing.append(s)
            try:
                draw(surface)
            finally:
                drawing.pop()
        return drawn

    targets: list[pygame.Surface] = []
    visible = app.scenes.visible()
    with monkeypatch.context() as mp:
        for s in visible:
            for name in ("layer", "_layer"):
                layer = getattr(s, name, None)
                if layer is not None:
                    layer.key = None  # the still parts too
            mp.setattr(s, "draw", wrap(s, s.draw))
        mp.setattr(th, "blit_text", spy)
        mp.setattr(pygame.transform, "smoothscale", no_scaling)
        mp.setattr(pygame.transform, "scale", no_scaling)
        app.render()
    assert all(getattr(s, "native", False) for s in visible), [type(s) for s in visible]
    assert targets and all(t is app.screen for t in targets)
    return texts


def check_inside(texts: Texts, size: tuple[int, int], box: pygame.Rect, what: str,
                 minimum: int = READABLE) -> None:
    window = pygame.Rect(0, 0, *size)
    assert texts, what
    for text, rect, px in texts:
        assert window.contains(rect), f"{what}: {text!r} {rect} leaves the {size} window"
        assert box.contains(rect), f"{what}: {text!r} {rect} leaves its panel {box}"
        assert px >= minimum, f"{what}: {text!r} drawn at {px} px"


@pytest.fixture
def sized_app(tmp_path):
    apps: list[App] = []

    def make(size: tuple[int, int], text_size: float = 1.0) -> App:
        # settings in memory only: what a test turns on stays in that test
        app = game_app(tmp_path / f"saves-{len(apps)}", size=size,
                       prefs=Prefs(None, {"guide.enabled": False}))
        app.set_ui_scale(text_size)
        apps.append(app)
        assert app.window_size == size
        return app

    yield make
    for app in apps:
        app.close()


# ---------------------------------------------------------------- rules reference
def check_reference(app: App, monkeypatch, size: tuple[int, int]) -> None:
    from shogun_desktop.ui.scenes.rules_reference import open_rules_reference

    ref = open_rules_reference(app)
    assert isinstance(ref, RulesReferenceScene) and ref.native
    window = pygame.Rect(0, 0, *size)
    for rect in (ref.header, ref.toc_box, ref.page, *(w.rect for w in ref.ui.widgets)):
        assert window.contains(rect), rect
    assert not ref.toc_box.colliderect(ref.page)
    secs = ref.ref.sections()
    table = next(s.id for s in secs if any(b.kind == "table" for b in s.blocks))
    note = next(s.id for s in secs if any(b.kind == "note" for b in s.blocks))
    for section in (secs[0].id, table, note, secs[-1].id, None):
        if section is None:
            # a search (a word of a title in this language): the results and their counts
            Driver(app).type_text(max(secs[2].title.split(), key=len)[:6].lower())
        else:
            assert ref.jump_to(section)
        texts = native_frame(app, monkeypatch)
        check_inside([t for t in texts if t[1].bottom <= ref.header.bottom], size,
                     ref.header, f"header {section}")
        contents = [t for t in texts if ref.toc_box.colliderect(t[1])]
        if ref.toc_limit():  # a list longer than its panel scrolls: its rows are clipped
            contents = [(t, r.clip(ref.toc_box), px) for t, r, px in contents]
        check_inside(contents, size, ref.toc_box, f"contents {section}")
        # the page: every line of the book inside the reading column, at a readable size
        shown = 0
        for op in ref.layout.ops:
            if isinstance(op, TextLine):
                assert op.size >= READABLE, (op.text(), op.size)
                assert op.limit is not None and op.limit <= ref.track().x, op.text()
                assert op.x >= ref.page.x, op.text()
                assert op.x + line_width(app.theme.fonts, op) <= op.limit, op.text()
                shown += 1
        assert shown
        for entry in ref.toc:  # every contents label drawn in full (wrapped, never shortened)
            assert "".join(entry.lines).replace(" ", "") == entry.label.replace(" ", "")
            assert ref.toc_box.x < entry.rect.x and entry.rect.right < ref.toc_box.right
    assert ref.m.body >= READABLE
    Driver(app).key(pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, RulesReferenceScene)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_rules_reference_is_drawn_natively_and_fits(sized_app, monkeypatch, size):
    check_reference(sized_app(size), monkeypatch, size)


@pytest.mark.parametrize("text_size", [0.8, 1.5])
def test_the_rules_reference_fits_at_every_text_size(sized_app, monkeypatch, text_size):
    check_reference(sized_app((1280, 720), text_size), monkeypatch, (1280, 720))


@pytest.mark.parametrize("lang", ["cs", "nl", "ru", "zh_Hant"])
def test_the_rules_reference_fits_in_every_language_at_the_smallest_window(sized_app,
                                                                          monkeypatch, lang):
    from shogun_desktop import i18n

    i18n.set_language(lang)
    try:
        check_reference(sized_app((1280, 720)), monkeypatch, (1280, 720))
    finally:
        i18n.set_language("en")


def test_the_rules_reference_follows_a_resize_and_keeps_the_section(sized_app):
    app = sized_app((1600, 900))
    from shogun_desktop.ui.scenes.rules_reference import open_rules_reference

    ref = open_rules_reference(app)
    ref.jump_to("battles/neutral")
    body = ref.m.body
    app.resize((1280, 720))
    app.run(max_frames=1, dt=1 / 60)
    assert ref.size == (1280, 720) and ref.m.body < body
    assert ref.current_section() == "battles/neutral"
    assert ref.page.right <= 1280 and ref.toc_box.bottom <= 720
    # the contents answer a click where they are drawn at the new size
    entry = next(e for e in ref.toc if e.is_chapter and e.chapter_id != ref.current_chapter())
    Driver(app).click(entry.rect.move(0, -ref.toc_scroll).center)
    assert ref.current_chapter() == entry.chapter_id


# ---------------------------------------------------------------- menus over the table
def cards_over_the_table(app: App):
    """The Esc menu, Settings, Load and Save as, each opened over the game table."""
    from shogun_desktop.ui.scenes.game import GameScene
    from shogun_desktop.ui.scenes.guide import GuideScene
    from shogun_desktop.ui.scenes.menu import LoadScene, MenuScene, SaveAsScene, SettingsScene

    start_game(app, settings(3, start="designated", seed=5))
    while isinstance(app.scenes.top, GuideScene):
        app.scenes.pop()
    game = next(s for s in app.scenes if isinstance(s, GameScene))
    while app.scenes.top is not game:
        app.scenes.pop()  # the curtain: the cards go over the native table itself
    for make in (lambda: MenuScene(app, game.session, app.host),
                 lambda: MenuScene(app, game.session, app.host,
                                   note="Your plan is hidden while the menu is open."),
                 lambda: SettingsScene(app), lambda: LoadScene(app, app.host),
                 lambda: SaveAsScene(app, game.session)):
        card = app.push(make())
        yield card
        app.scenes.remove(card)


def check_cards(app: App, monkeypatch, size: tuple[int, int]) -> None:
    from shogun_desktop.ui.scenes.menu import SaveAsScene

    seen = 0
    for card in cards_over_the_table(app):
        assert card.native
        texts = native_frame(app, monkeypatch)
        check_inside(texts, size, card.card, type(card).__name__)
        for w in card.ui.widgets:
            assert card.card.contains(w.rect), (type(card).__name__, w.key, w.rect)
            if type(w).__name__ == "Button" and not w.key.startswith("file-"):
                width = app.theme.fonts.size(w.text, w.size, True)[0]
                assert width <= w.rect.w - 12, (w.text, width, w.rect)  # never shortened
        seen += 1
        if isinstance(card, SaveAsScene):  # a click lands on the drawn button
            Driver(app).click(card.ui.by_key("cancel").rect.center)
            assert card not in list(app.scenes)
            app.push(card)
    assert seen == 5


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_menus_are_drawn_natively_over_the_table_and_fit(sized_app, monkeypatch, size):
    check_cards(sized_app(size), monkeypatch, size)


@pytest.mark.parametrize("lang", ["cs", "nl", "ru", "zh_Hant"])
def test_the_menus_fit_in_every_language_at_the_smallest_window(sized_app, monkeypatch,
                                                                 lang):
    from shogun_desktop import i18n

    i18n.set_language(lang)
    try:
        check_cards(sized_app((1280, 720)), monkeypatch, (1280, 720))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("text_size", [0.8, 1.2, 1.5])
def test_the_menus_fit_at_every_text_size(sized_app, monkeypatch, text_size):
    check_cards(sized_app((1280, 720), text_size), monkeypatch, (1280, 720))


def test_the_menu_text_size_button_relayouts_the_card_and_the_table(sized_app):
    from shogun_desktop.ui.scenes.game import GameScene
    from shogun_desktop.ui.scenes.menu import MenuScene

    app = sized_app((1920, 1080))
    cards = cards_over_the_table(app)
    menu = next(cards)
    assert isinstance(menu, MenuScene)
    game = next(s for s in app.scenes if isinstance(s, GameScene))
    k, size = menu.k, game.F(15)
    drv = Driver(app)
    drv.press("text-size")
    assert app.ui_scale == 1.1 and menu.k > k
    assert menu.ui.by_key("text-size").text == "Text size: 110%"
    app.render()
    assert game.F(15) > size  # the table under the menu follows at once
    app.resize((1280, 720))
    drv.pump()
    assert menu.card.bottom <= 720 and menu.ui.by_key("resume").rect.bottom <= 720
    drv.press("resume")  # where it is drawn at the new size
    assert menu not in list(app.scenes)


# ---------------------------------------------------------------- the first-game guide
def check_guide(app: App, monkeypatch, size: tuple[int, int]) -> None:
    from shogun_desktop.ui.scenes.guide import GuideScene
    from shogun_desktop.ui.scenes.planning import PlanningScene

    app.prefs.set("guide.enabled", True)
    start_game(app, settings(3, start="designated", seed=5))
    drv = Driver(app, seed=1)
    drv.step()  # the curtain: the planning screen opens with its guide on top
    for _ in range(5):
        if isinstance(app.scenes.top, GuideScene):
            break
        drv.pump()
    guide = app.scenes.top
    assert isinstance(guide, GuideScene) and guide.native
    under = app.scenes.visible()[0]
    assert isinstance(under, PlanningScene)
    texts = native_frame(app, monkeypatch)
    check_inside(texts, size, guide.card, "guide")
    drawn = "".join("".join(t.split()) for t, _r, _p in texts)
    for pointer in guide.pointers:  # every pointer is drawn in full (wrapped, never cut)
        assert "".join(pointer.split()) in drawn, pointer
    buttons = [w.rect for w in guide.ui.widgets if w.key in ("enabled", "close")]
    for text, rect, _px in texts:
        if not any(b.contains(rect) for b in buttons) and text != guide.title:
            assert not any(rect.colliderect(b) for b in buttons), (text, rect)
    app.run(max_frames=60, dt=1 / 60)  # past the hand-off delay of a fresh card
    drv.click(guide.ui.by_key("close").rect.center)
    assert app.scenes.top is under


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_guide_is_drawn_natively_over_the_table_and_fits(sized_app, monkeypatch, size):
    check_guide(sized_app(size), monkeypatch, size)


@pytest.mark.parametrize("lang", ["cs", "nl", "ru", "zh_Hant"])
def test_the_guide_fits_in_every_language_at_the_smallest_window(sized_app, monkeypatch,
                                                                 lang):
    from shogun_desktop import i18n

    i18n.set_language(lang)
    try:
        check_guide(sized_app((1280, 720), 1.5 if lang == "ru" else 1.0), monkeypatch,
                    (1280, 720))
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- the setup screen
def check_setup(app: App, monkeypatch, size: tuple[int, int]) -> None:
    from shogun_desktop.ui.scenes.new_game import MODE_HELP, NewGameScene

    setup = app.scenes.top
    assert isinstance(setup, NewGameScene) and setup.native
    drv = Driver(app)
    drv.click(setup.ui.by_key("add").rect.center)  # five seats: the fullest screen
    assert len(setup.form.seats) == 5
    drv.click(setup.ui.by_key("computer4").segment_rects()[1].center)
    assert setup.form.seats[4].is_computer and setup.ui.by_key("level4") is not None
    texts = native_frame(app, monkeypatch)
    panels = [w.rect for w in setup.ui.widgets if type(w).__name__ == "Panel"]
    assert len(panels) == 3
    window = pygame.Rect(0, 0, *size)
    check_inside(texts, size, window, "setup")
    for text, rect, _px in texts:
        for panel in panels:
            if panel.colliderect(rect):
                assert panel.contains(rect), f"{text!r} {rect} leaves its panel {panel}"
    controls = [w.rect for w in setup.ui.widgets if type(w).__name__ in ("Button", "Choice",
                                                                          "TextInput")]
    for text, rect, _px in texts:  # a word on a control is that control's own label
        for c in controls:
            if c.colliderect(rect):
                assert c.contains(rect), f"{text!r} {rect} runs into {c}"
    for w in setup.ui.widgets:  # every button's word in full (a Button shortens what does
        if type(w).__name__ == "Button":  # not fit)
            assert app.theme.fonts.size(w.text, w.size, True)[0] <= w.rect.w - 12, w.text
    widgets = [w for w in setup.ui.widgets if type(w).__name__ != "Panel" and w.rect.w]
    for w in widgets:
        assert window.contains(w.rect), (w.key, w.rect)
    drawn = "".join("".join(t.split()) for t, _r, _p in texts)
    from shogun_desktop.i18n import _

    assert "".join(_(MODE_HELP["draft"]).split()) in drawn  # the help in full, never cut
    for i in range(5):  # each "played by" word in full (a Choice shortens what does not fit)
        choice = setup.ui.by_key(f"computer{i}")
        for opt, seg in zip(choice.options, choice.segment_rects(), strict=True):
            width = app.theme.fonts.size(opt.label, choice.size, True)[0]
            assert width <= seg.w - 10, (opt.label, width, seg.w)
    # a click lands where the widget is drawn, at this size
    drv.click(setup.ui.by_key("board").segment_rects()[1].center)
    assert setup.form.board == "moon"


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_setup_screen_is_drawn_natively_and_fits(sized_app, monkeypatch, size):
    check_setup(sized_app(size), monkeypatch, size)


@pytest.mark.parametrize("lang", ["cs", "nl", "ru", "zh_Hant"])
def test_the_setup_screen_fits_in_every_language_at_the_smallest_window(sized_app, monkeypatch,
                                                                        lang):
    from shogun_desktop import i18n

    i18n.set_language(lang)
    try:
        check_setup(sized_app((1280, 720)), monkeypatch, (1280, 720))
    finally:
        i18n.set_language("en")


def test_settings_over_the_setup_screen_compose_natively(sized_app, monkeypatch):
    from shogun_desktop.ui.scenes.menu import SettingsScene

    app = sized_app((1366, 768))
    setup = app.scenes.top
    drv = Driver(app)
    drv.click(setup.ui.by_key("settings").rect.center)
    settings_card = app.scenes.top
    assert isinstance(settings_card, SettingsScene)
    texts = native_frame(app, monkeypatch)  # both on the window, nothing scaled
    check_inside(texts, (1366, 768), settings_card.card, "settings")
    drv.click(settings_card.ui.by_key("done").rect.center)
    assert app.scenes.top is setup


@pytest.mark.parametrize("text_size", [0.9, 1.2])
def test_the_setup_screen_fits_at_every_offered_text_size(sized_app, monkeypatch, text_size):
    check_setup(sized_app((1280, 720), text_size), monkeypatch, (1280, 720))
