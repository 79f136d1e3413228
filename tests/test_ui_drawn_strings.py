"""Every string drawn during a full seeded game, through the window: no internal ids on any
screen, and no text on the game table, the battle overlay, planning, the winter summary or the end
screen cut short without a way to read it in full.

One human seat (decisions posted as real clicks and keys by the test driver) plays a 3-player
draft game against two computer seats to its end. Every text drawn is recorded with the scene
drawing it; a text shortened to fit (``Fonts.fit``) on those screens must sit under a widget
or a province whose tooltip holds its words.
"""

from __future__ import annotations

import re

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes.battle import BattleOverlay
from shogun_desktop.ui.scenes.end import EndScene
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.scenes.winter import WinterScene
from tests.test_ui_game_driver import Driver, game_app, settings, start_game

ID_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+\b")
ENGLISH = {"face-down", "face-up", "tie-break", "war-chest", "x-ray", "re-roll", "one-off",
           "hand-off", "pass-and-play", "ui-scale", "built-in", "non-computer"}


def all_subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(all_subclasses(sub))
    return out


# the screens whose shortened text must be readable in full (a tooltip holding its words)
CUT_CHECKED = (GameScene, BattleOverlay, EndScene, PlanningScene, WinterScene)


def full_text(owner: object, pos: tuple[int, int]) -> str | None:
    """What a player reads in full by pointing at pos: the scene's own answer
    (``full_text_at``), else the tooltip of its widget there."""
    if hasattr(owner, "full_text_at"):
        return owner.full_text_at(pos)
    ui = getattr(owner, "ui", None)
    for widget in reversed(getattr(ui, "widgets", [])):
        if widget.contains(pos) and widget.tip(pos):
            return widget.tip(pos)
    return None


def data_ids(game) -> set[str]:
    data = game.data
    ids = {a.id for a in data.actions} | set(data.event_effects) | set(data.specials)
    ids |= {r for p in data.provinces.values() for r in p.region.values()}
    return {i for i in ids if "-" in i or "_" in i}


def play_and_record(tmp_path, monkeypatch):
    drawn: list[tuple[str, pygame.Rect, object]] = []
    cut: set[str] = set()
    current: list[object] = [None]
    original_blit = th.blit_text
    original_fit = th.Fonts.fit

    def blit(surface, fonts, text, pos, size=18, colour=th.INK, *, bold=False,
             anchor="topleft"):
        rect = original_blit(surface, fonts, text, pos, size, colour, bold=bold, anchor=anchor)
        drawn.append((text, rect, current[0]))
        return rect

    def fit(self, text, size, width, bold=False):
        out = original_fit(self, text, size, width, bold)
        if out != text:
            cut.add(out)
        return out

    monkeypatch.setattr(th, "blit_text", blit)
    monkeypatch.setattr(th.Fonts, "fit", fit)
    for cls in all_subclasses(Scene):
        if "draw" in cls.__dict__:
            def wrapped(self, surface, _orig=cls.__dict__["draw"]):
                before = current[0]
                current[0] = self
                try:
                    return _orig(self, surface)
                finally:
                    current[0] = before
            monkeypatch.setattr(cls, "draw", wrapped)

    app = game_app(tmp_path, size=(1280, 720))
    problems: list[str] = []
    owners_seen: set[type] = set()
    try:
        scene = start_game(app, settings(3, computers=(1, 2), start="draft", seed=5))
        ids = data_ids(scene.session.game)
        drv = Driver(app, seed=4)
        for _ in range(8000):
            drawn.clear()
            more = drv.step()
            during = list(drawn)
            drawn.clear()
            for sc in app.scenes:  # repaint now: the widgets below are the ones just drawn
                if hasattr(sc, "layer"):
                    sc.layer.key = None
            app.render()
            for text, _rect, owner in during + drawn:
                for token in ID_LIKE.findall(text):
                    if token in ids or token not in ENGLISH:
                        problems.append(f"{type(owner).__name__}: id {token!r} in {text!r}")
            owners_seen |= {type(owner) for _text, _rect, owner in drawn}
            for text, rect, owner in drawn:
                if text in cut and isinstance(owner, CUT_CHECKED):
                    tip = full_text(owner, rect.center) or ""
                    words = [w.strip(",;:.()") for w in text.rstrip("…").split()[:-1]]
                    words = [w for w in words if len(w) > 2][-3:]
                    if not tip or any(w not in tip for w in words):
                        problems.append(f"cut without a tooltip: {text!r} (tip {tip!r})")
            if not more:
                break
        else:
            raise AssertionError("the game did not end")
        problems += [f"never drawn: {cls.__name__}" for cls in CUT_CHECKED
                     if cls not in owners_seen]
    finally:
        app.close()
    return sorted(set(problems))


def test_no_ids_and_no_unreadable_cut_text_in_a_full_game(tmp_path, monkeypatch):
    problems = play_and_record(tmp_path, monkeypatch)
    assert problems == [], "\n".join(problems)


def test_the_recorder_catches_an_id():
    assert ID_LIKE.findall("Red plays tax-min-6 and castle-defence") == ["tax-min-6",
                                                                         "castle-defence"]
    assert ID_LIKE.findall("Awa-Boso is next to Kazusa") == []
