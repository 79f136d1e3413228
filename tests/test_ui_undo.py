"""Undo before a commit, never past a draw, a drop or a reveal (session and planning)."""

from __future__ import annotations

import pygame

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.rules.save import game_to_dict
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.session import GameSession
from tests.test_ui_game_driver import FRAME, Driver, game_app, settings, start_game


def ctrl_key(drv: Driver, key: int, shift: bool = False) -> None:
    mod = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0)
    drv._post(pygame.KEYDOWN, key=key, mod=mod, unicode="")
    drv._post(pygame.KEYUP, key=key, mod=mod, unicode="")
    drv.pump()


def test_a_placement_is_undone_exactly_and_a_draw_ends_the_undo(tmp_path):
    session = GameSession.new(settings(3, seed=3), tmp_path, autosave=False)
    undone = refused = 0
    for _ in range(200):
        d = session.pending()
        if d is None or d.kind not in ("draft-take", "draft-place"):
            break
        before = game_to_dict(session.game)
        events = len(session.game.state.events)
        session.apply(d.options[0])
        emitted = session.game.state.events[events:]
        harmless = all(type(e).__name__ == "GroupPlaced" for e in emitted)
        if d.kind == "draft-place" and harmless:
            assert session.can_undo() == d.player
            assert session.undo()
            assert game_to_dict(session.game) == before  # exactly as it was
            assert session.can_undo() is None
            session.apply(d.options[0])
            undone += 1
        else:  # a card taken (drawn), or a placement that drew or dropped
            assert session.can_undo() is None and not session.undo()
            assert game_to_dict(session.game) != before
            refused += 1
    assert undone >= 6 and refused >= 6
    # the last placement of the draft loads the tower (a drop): never undoable
    assert session.game.drops and session.can_undo() is None


def test_someone_else_acting_ends_the_undo(tmp_path):
    session = GameSession.new(settings(3, seed=3), tmp_path, autosave=False)
    while session.pending().kind != "draft-place":
        session.apply(session.pending().options[0])
    seat = session.pending().player
    session.apply(session.pending().options[0])
    assert session.can_undo() == seat
    session.apply(session.pending().options[-1])  # the next seat takes a card
    assert session.can_undo() is None


def test_undo_at_the_table_with_the_button_and_ctrl_z(tmp_path):
    app = game_app(tmp_path)
    try:
        scene = start_game(app, settings(3, seed=3))
        drv = Driver(app, seed=2)
        for _ in range(50):
            d = scene.session.pending()
            if d.kind == "draft-place":
                break
            drv.press("opt-deck" if "deck" in d.options else f"opt-{d.options[0]}")
        before = game_to_dict(scene.session.game)
        assert scene.ui.by_key("undo") is None
        drv.press(f"opt-{scene.session.pending().options[0]}")
        assert game_to_dict(scene.session.game) != before
        drv.press("undo")
        assert game_to_dict(scene.session.game) == before
        assert scene.ui.by_key("undo") is None
        drv.key(getattr(pygame, f"K_{scene.session.pending().options[0]}"))  # by key
        assert scene.session.can_undo() is not None
        ctrl_key(drv, pygame.K_z)
        assert game_to_dict(scene.session.game) == before
        ctrl_key(drv, pygame.K_z)  # nothing left: said, not silent
        assert scene.flash is not None and "Nothing to undo" in scene.flash[0]
    finally:
        app.close()


def test_planning_undo_and_redo_with_keys_and_buttons(tmp_path):
    app = game_app(tmp_path)
    try:
        start_game(app, settings(3, computers=(1, 2), start="designated", seed=21))
        drv = Driver(app, seed=1)
        for _ in range(200):
            if isinstance(app.scenes.top, PlanningScene):
                break
            drv.step()
        plan = app.scenes.top
        assert isinstance(plan, PlanningScene)
        assert not plan.ui.by_key("undo").enabled
        start = dict(plan.plan)
        hand = plan.hand()
        plan.place(hand[0], "bid")
        one = dict(plan.plan)
        plan.place(hand[1], SPACES[0])
        two = dict(plan.plan)
        drv.press("undo")
        assert plan.plan == one
        ctrl_key(drv, pygame.K_z)
        assert plan.plan == start
        drv.press("redo")
        assert plan.plan == one
        ctrl_key(drv, pygame.K_y)
        assert plan.plan == two
        ctrl_key(drv, pygame.K_z)
        ctrl_key(drv, pygame.K_z, shift=True)  # Ctrl+Shift+Z is redo too
        assert plan.plan == two
        assert plan.session.load_draft(plan.seat) == two  # the draft follows the undo
        drv.press("undo")
        plan.place(hand[2], "bid")  # a new change after an undo drops the redo
        assert not plan.ui.by_key("redo").enabled
        app.run(max_frames=1, dt=FRAME)
        assert any(isinstance(s, GameScene) for s in app.scenes)
    finally:
        app.close()


def test_war_chest_and_province_cards_explain_themselves_on_hover(tmp_path):
    from shogun_desktop.ui.scenes import cards as cd

    assert "nothing happens there" in cd.chest_tip(3) and "costs 3 war chests" in cd.chest_tip(3)
    assert "cannot pay" in cd.chest_tip(1) and "costs nothing" in cd.chest_tip(0)
    assert "free bid" in cd.province_card_tip("Kii") and "in Kii" in cd.province_card_tip("Kii")
    app = game_app(tmp_path)
    try:
        start_game(app, settings(3, computers=(1, 2), start="designated", seed=21))
        drv = Driver(app, seed=1)
        for _ in range(200):
            if isinstance(app.scenes.top, PlanningScene):
                break
            drv.step()
        plan = app.scenes.top
        chest = next((c, r) for c, r in plan.hand_rects() if cd.chest_value(c) == 2)
        drv._post(pygame.MOUSEMOTION, pos=chest[1].center, rel=(0, 0), buttons=(0, 0, 0))
        drv.pump()
        assert plan.card_under_pointer() == chest[0]
        assert plan.card_tip(chest[0]) == cd.chest_tip(2)
        province = next((c, r) for c, r in plan.hand_rects() if cd.chest_value(c) is None)
        drv._post(pygame.MOUSEMOTION, pos=province[1].center, rel=(0, 0), buttons=(0, 0, 0))
        drv.pump()
        assert plan.card_tip(plan.card_under_pointer()) == cd.province_card_tip(province[0])
        app.screenshot(tmp_path / "tip.png")
    finally:
        app.close()
