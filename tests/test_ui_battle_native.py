"""The battle overlay draws at the window's own resolution at every supported size.

No smooth-scaling (or scaling) of a whole canvas while it plays: it draws straight into the
window surface; its text sits inside the window, in its card, above its buttons and at a
readable size (>= 14 px) at every size and moment of a drop; the tower is drawn at the
window's scale while the cubes keep their poses in tower units.
"""

from __future__ import annotations

import random

import pygame
import pytest

from shogun_desktop.rules.engine import DropRecord, Game, GameConfig
from shogun_desktop.rules.tower import HeldCube, ProbabilisticTower
from shogun_desktop.tower import PhysicalTower
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.app import App
from shogun_desktop.ui.prefs import Prefs
from shogun_desktop.ui.scenes.battle import BattleOverlay

READABLE = 14  # px: the smallest body text at 1280x720 (the style guide)
SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (1280, 1024)]
NAMES = {"red": "Tokugawa", "blue": "Uesugi", "yellow": "Oda", "purple": "Toyotomi",
         "black": "Takeda"}
HELD = tuple(HeldCube(i, c) for i, c in enumerate(
    ["red", "blue", "yellow", "green", "red", "purple", "black"], start=1))


@pytest.fixture(scope="module")
def records() -> dict[str, DropRecord]:
    """A 60-cube battle into a tower holding cubes of every colour, a five-player tower load,
    a revolt and a drop without frames (a tower model without physics)."""
    tower = PhysicalTower(record=True)
    big = {"red": 26, "blue": 24, "green": 10}
    battle = DropRecord("battle", big, tower.drop(HELD, big, random.Random(3)), "Omi", "red",
                        "blue")
    game = Game.new(GameConfig(list(NAMES), start="designated", seed=2), tower=tower)
    setup = game.drops[0]
    assert setup.kind == "setup" and len(setup.dropped) == 6
    revolt_drop = {"red": 3, "green": 4}
    revolt = DropRecord("revolt", revolt_drop, tower.drop(HELD, revolt_drop, random.Random(1)),
                        "Kii", "green", "red")
    flat = ProbabilisticTower().drop(HELD, {"red": 3, "green": 2}, random.Random(1))
    still = DropRecord("battle", {"red": 3, "green": 2}, flat, "Mino", "red", "green")
    return {"battle": battle, "setup": setup, "revolt": revolt, "still": still}


def moments(ov: BattleOverlay) -> list[float | None]:
    """Positions to look at: the build-up, the fall, the tray filling; None: the result."""
    r = ov.replay
    if r is None:
        return [None]
    return [float(r.start + 5), 10.0, float(r.last // 2), float(r.last + 3), None]


def check_frame(app: App, ov: BattleOverlay, size: tuple[int, int], what: str,
                texts: list[tuple[str, pygame.Rect, int]]) -> None:
    window = pygame.Rect(0, 0, *size)
    buttons = [w.rect for w in ov.ui.widgets if w.key in ("skip", "continue", "speed")]
    assert buttons and all(window.contains(b) for b in buttons)
    assert texts, what
    for text, rect, px in texts:
        assert window.contains(rect), f"{what}: {text!r} {rect} leaves the {size} window"
        assert ov.card.contains(rect), f"{what}: {text!r} {rect} leaves the card {ov.card}"
        assert px >= READABLE, f"{what}: {text!r} drawn at {px} px"
        if rect.left >= ov.side_x - 1:  # the text column
            for b in buttons:
                if not b.contains(rect):  # a button's own label
                    assert not rect.colliderect(b), f"{what}: {text!r} {rect} under {b}"
        else:  # over the tower: the group captions
            assert ov.tower_rect.contains(rect), f"{what}: {text!r} {rect} off the tower"


def check_every_moment(records, monkeypatch, size: tuple[int, int],
                       text_size: float = 1.0) -> None:
    """Every record at every moment of its drop, drawn into a window of ``size``."""
    app = App(size, fps=0, show_new_game=False, prefs=Prefs())
    app.set_ui_scale(text_size)
    texts: list[tuple[str, pygame.Rect, int]] = []
    original = th.blit_text

    def spy(surface, fonts, text, pos, size=18, colour=th.INK, *, bold=False,
            anchor="topleft"):
        rect = original(surface, fonts, text, pos, size, colour, bold=bold, anchor=anchor)
        texts.append((text, rect, size))
        return rect

    def no_scaling(*a, **k):
        raise AssertionError("a whole canvas was scaled while the battle overlay was shown")

    targets: list[pygame.Surface] = []
    try:
        assert app.window_size == size
        for name, record in records.items():
            ov = BattleOverlay(app, record, NAMES)
            app.push(ov)
            assert ov.native and ov.card.size[0] > size[0] * 0.9
            real_draw = ov.draw
            monkeypatch.setattr(ov, "draw", lambda s, _d=real_draw: (targets.append(s), _d(s)))
            monkeypatch.setattr(th, "blit_text", spy)
            monkeypatch.setattr(pygame.transform, "smoothscale", no_scaling)
            monkeypatch.setattr(pygame.transform, "scale", no_scaling)
            for moment in moments(ov):
                if moment is None:
                    ov.skip()
                else:
                    ov.position = moment
                texts.clear()
                ov.layer.key = None  # the still parts too, not only what moves
                app.render()
                check_frame(app, ov, size, f"{name} at {moment}", texts)
            monkeypatch.undo()
            assert targets and all(t is app.screen for t in targets)  # the window itself
            targets.clear()
            app.scenes.remove(ov)
    finally:
        monkeypatch.undo()
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_overlay_is_drawn_natively_and_its_text_fits(records, monkeypatch, size):
    check_every_moment(records, monkeypatch, size)


@pytest.mark.parametrize("text_size", [0.8, 1.5])
def test_the_text_fits_at_every_text_size(records, monkeypatch, text_size):
    check_every_moment(records, monkeypatch, (1280, 720), text_size)


@pytest.mark.parametrize("lang", ["cs", "nl", "ru", "zh_Hant"])
def test_the_text_fits_in_every_language_at_the_smallest_window(records, monkeypatch, lang):
    from shogun_desktop import i18n
    from shogun_desktop.ui.battle_report import title_of

    i18n.set_language(lang)
    try:
        assert title_of(records["battle"]) != "Battle for Omi"  # the language is in use
        check_every_moment(records, monkeypatch, (1280, 720))
    finally:
        i18n.set_language("en")


def test_the_tower_is_drawn_at_the_window_s_scale_and_the_drop_is_unchanged(records):
    record = records["battle"]
    frames = record.result.extra["frames"]
    snapshot = [f.cubes for f in frames]
    seen = {}
    for size in ((1280, 720), (1600, 900), (1920, 1080)):
        app = App(size, fps=0, show_new_game=False, prefs=Prefs())
        try:
            ov = BattleOverlay(app, record, NAMES)
            app.push(ov)
            ov.position = 40.0
            app.render()
            r = ov.replay
            seen[size] = (ov.view.scale, r.tray_at(r.length), r.staged_at(r.start),
                          r.frame_at(40))
            # a click lands where the window shows the button, at this size
            skip = ov.ui.by_key("skip").rect
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=skip.center, button=1))
            app.process_events()
            assert ov.finished
        finally:
            app.close()
    base = seen[(1600, 900)]
    assert seen[(1920, 1080)][0] == pytest.approx(base[0] * 1.2, rel=0.01)
    assert seen[(1280, 720)][0] == pytest.approx(base[0] * 0.8, rel=0.01)
    for _scale, tray, staged, frame in seen.values():
        assert (tray, staged) == base[1:3]  # tower units: the same poses at every size
        assert frame is frames[40]
    assert [f.cubes for f in frames] == snapshot  # drawing never touched the recording


def test_a_resized_window_lays_the_overlay_out_again(records):
    app = App((1600, 900), fps=0, show_new_game=False, prefs=Prefs())
    try:
        ov = BattleOverlay(app, records["battle"], NAMES)
        app.push(ov)
        before = ov.view.scale
        app.resize((1920, 1080))
        app.update(1 / 60)
        assert ov.size == (1920, 1080) and ov.view.scale == pytest.approx(before * 1.2, rel=0.01)
        assert ov.replay.view is ov.view
        assert ov.ui.by_key("skip").rect.right <= 1920 - ov.card.x
    finally:
        app.close()


def test_a_cut_label_can_be_read_in_full():
    """A side's label too long for its row is shortened and tooltipped with its full text."""
    app = App((1280, 720), fps=0, show_new_game=False, prefs=Prefs())
    try:
        result = ProbabilisticTower().drop((), {"red": 3, "blue": 2}, random.Random(1))
        record = DropRecord("battle", {"red": 3, "blue": 2}, result, "Omi", "red", "blue")
        long_name = "Tokugawa Ieyasu of the Eastern Provinces and the Kanto Plain"
        ov = BattleOverlay(app, record, {"red": long_name, "blue": "Uesugi"})
        app.push(ov)
        app.render()
        tips = [w for w in ov.ui.widgets if (w.key or "").startswith("full-text-")]
        assert tips and all(long_name in (w.tooltip or "") for w in tips)
        assert ov.full_text_at(tips[0].rect.center).startswith(long_name)
        # the full-game strings check reads it the same way, and misses it without the tip
        from tests.test_ui_drawn_strings import full_text

        assert full_text(ov, tips[0].rect.center) == tips[0].tooltip
        ov.ui.set_widgets([w for w in ov.ui.widgets if w not in tips])
        assert full_text(ov, tips[0].rect.center) is None
    finally:
        app.close()
