"""Secret planning on the map: the active space takes the province clicked; shortcuts."""

from __future__ import annotations

import pygame

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.ui.scenes import cards as cd
from shogun_desktop.ui.scenes.planning import PlanningScene
from tests.test_ui_game_driver import Driver, game_app, settings, start_game


def province_point(scene: PlanningScene, province: str) -> tuple[int, int]:
    """A point inside province on the planning map (its label anchor hits it)."""
    point = scene.board.label_pos(province)
    assert scene.board.province_at(point) == province
    return point


def test_map_clicks_fill_the_active_space_and_keys_choose_it(tmp_path):
    app = game_app(tmp_path / "saves")
    drv = Driver(app, seed=3)
    try:
        start_game(app, settings(3, start="designated", seed=5))
        drv.step()  # lift the curtain
        scene = app.scenes.top
        assert isinstance(scene, PlanningScene)
        provinces = [c for c in scene.cards if cd.chest_value(c) is None]
        assert scene.active == SPACES[0]
        drv.click(province_point(scene, provinces[0]))
        assert scene.plan == {SPACES[0]: provinces[0]} and scene.active == SPACES[1]
        drv.key(pygame.K_5)  # no card selected: the key makes space 5 active
        assert scene.active == SPACES[4]
        drv.click(province_point(scene, provinces[1]))
        assert scene.plan[SPACES[4]] == provinces[1] and scene.active == SPACES[5]
        drv.click(scene.space_rect("bid").center)  # clicking an empty space activates it
        assert scene.active == "bid"
        # someone else's province takes no card, and the player is told why
        owners = {p: s.owner for p, s in scene.session.game.state.provinces.items()}
        other = next(p for p in scene.board.polygons if p not in scene.cards
                     and p in scene.session.game.in_play() and owners[p] not in (None, scene.seat))
        drv.click(province_point(scene, other))
        assert len(scene.plan) == 2
        owner_name = scene.session.game.state.players[owners[other]].name
        assert scene.notice == (f"{other} belongs to {owner_name}: plan only in your own "
                                "provinces.")
        neutral = next(p for p in scene.board.polygons if owners[p] is None
                       and p in scene.session.game.in_play())
        drv.click(province_point(scene, neutral))
        assert scene.notice == f"{neutral} is neutral: plan only in your own provinces."
        out = next(p for p in scene.board.polygons if p not in scene.session.game.in_play())
        drv.click(province_point(scene, out))
        assert scene.notice == (f"{out} is out of play with 3 players: plan only in your own "
                                "provinces.")
        drv.click(province_point(scene, provinces[2]))  # a legal click clears it
        assert scene.notice is None and len(scene.plan) == 3
        # hovering shows the neighbours as Battle/Move targets, with their holders
        drv.move(province_point(scene, provinces[0]))
        drv.pump()
        assert scene.hover == provinces[0]
        tip = scene.province_tip(provinces[0])
        for n in scene.session.game.neighbours(provinces[0]):
            assert n in tip
        assert scene.near() == set(scene.session.game.neighbours(provinces[0]))
        assert {n for n, ov in scene.overlays().items()
                if ov.get("highlight") == "target"} == set(provinces)
    finally:
        app.close()


def test_chests_fill_the_gaps_and_last_season_repeats(tmp_path):
    app = game_app(tmp_path / "saves")
    drv = Driver(app, seed=3)
    try:
        start_game(app, settings(3, start="designated", seed=5))
        drv.step()
        scene = app.scenes.top
        assert isinstance(scene, PlanningScene)
        assert scene.ui.by_key("repeat-last").disabled  # no earlier plan yet
        provinces = [c for c in scene.cards if cd.chest_value(c) is None]
        chests = [c for c in scene.cards if cd.chest_value(c) is not None]
        empty_before = len(SPACES) - 0
        drv.press("fill-chests")
        assert len(scene.plan) == min(empty_before, len(chests))
        assert set(scene.plan.values()) == set(chests)
        actions = [scene.plan[s] for s in SPACES if s != "bid" and s in scene.plan]
        assert [cd.chest_value(c) for c in actions] == sorted(cd.chest_value(c) for c in actions)
        # pretend last season: provinces on the first spaces; repeat puts back what is free
        scene.clear_all()
        scene.session.last_plans[scene.seat] = {SPACES[0]: provinces[0], SPACES[1]: provinces[1],
                                                SPACES[2]: "not-a-card-any-more"}
        scene.place(provinces[1], SPACES[3])
        scene.rebuild()
        drv.press("repeat-last")
        assert scene.plan[SPACES[0]] == provinces[0]
        assert scene.plan[SPACES[3]] == provinces[1] and SPACES[1] not in scene.plan
        assert SPACES[2] not in scene.plan
    finally:
        app.close()


def test_a_card_dragged_onto_its_province_goes_on_the_active_space(tmp_path):
    app = game_app(tmp_path / "saves")
    drv = Driver(app, seed=3)
    try:
        start_game(app, settings(3, start="designated", seed=5))
        drv.step()
        scene = app.scenes.top
        assert isinstance(scene, PlanningScene)
        province = next(c for c in scene.cards if cd.chest_value(c) is None)
        drv.key(pygame.K_3)  # make space 3 active
        drv.drag(dict(scene.hand_rects())[province].center, province_point(scene, province))
        assert scene.plan == {SPACES[2]: province}
        # dropped on someone else's land it goes back to the hand
        other = next(c for c in scene.cards if cd.chest_value(c) is None and c != province)
        elsewhere = next(p for p in scene.board.polygons if p not in scene.cards)
        drv.drag(dict(scene.hand_rects())[other].center, province_point(scene, elsewhere))
        assert other not in scene.plan.values()
    finally:
        app.close()
