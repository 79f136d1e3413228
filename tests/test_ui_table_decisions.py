"""The table's decisions: illegal map clicks explain themselves, revolts are ordered on the map,
and one presenter per decision kind owns its targets and clicks."""

from __future__ import annotations

import tempfile

import pygame
import pytest

from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.state import Decision, DecisionKind, Move
from shogun_desktop.rules.targets import NotTarget, why_not_target
from shogun_desktop.ui.app import App
from shogun_desktop.ui.scenes import decisions as dc
from shogun_desktop.ui.scenes.game import GameScene, track_positions
from shogun_desktop.ui.session import GameSession
from tools.table_shots import mid_game


@pytest.fixture(scope="module")
def three() -> Game:
    return Game.new(GameConfig(["red", "yellow", "blue"], board="sun", start="draft", seed=1))


def test_out_of_play_provinces_are_refused_with_the_player_count(three):
    out = sorted(frozenset(three.data.provinces) - three.in_play())
    assert out
    d = three.pending()
    r = why_not_target(three, d, out[0])
    assert r is not None and r.code is NotTarget.OUT_OF_PLAY and r.players == 3
    text = dc.refusal_text(r, three.state.players.__getitem__)
    assert text == f"{out[0]} is out of play with 3 players."


def test_battle_targets_are_explained_from_the_rules(three):
    game = three
    src = "Yamato" if "Yamato" in game.in_play() else sorted(game.in_play())[0]
    near = sorted(game.neighbours(src) & game.in_play())
    far = next(p for p in sorted(game.in_play()) if p not in game.neighbours(src) and p != src)
    legal = near[0]
    d = Decision(DecisionKind.BATTLE, "red", (Move(legal, 1),), {"province": src})
    assert why_not_target(game, d, legal) is None
    r = why_not_target(game, d, far)
    assert r is not None and r.code is NotTarget.NOT_ADJACENT and r.source == src
    assert dc.refusal_text(r, str) == f"{far} is not next to {src}."
    assert why_not_target(game, d, src).code is NotTarget.SAME


def test_a_move_only_goes_into_own_provinces(three):
    game = three
    src = sorted(game.in_play())[0]
    other = sorted(game.neighbours(src) & game.in_play())[0]
    d = Decision(DecisionKind.RECRUIT_MOVE, "red", (None,), {"province": src})
    r = why_not_target(game, d, other)
    assert r is not None and r.code is NotTarget.NOT_YOURS
    assert "is not yours" in dc.refusal_text(r, lambda c: c.title())


def test_draft_and_winter_refusals(three):
    d = three.pending()
    assert d.kind == DecisionKind.DRAFT_TAKE
    offered = [o for o in d.options if o != "deck"]
    not_offered = next(p for p in sorted(three.in_play()) if p not in offered)
    assert why_not_target(three, d, offered[0]) is None
    assert why_not_target(three, d, not_offered).code is NotTarget.NOT_OFFERED
    w = Decision(DecisionKind.REVOLT_ORDER, "red", (("Kii", "Ise"), ("Ise", "Kii")),
                 {"provinces": ["Kii", "Ise"]})
    if "Kii" in three.in_play() and "Omi" in three.in_play():
        assert why_not_target(three, w, "Kii") is None
        assert why_not_target(three, w, "Omi").code is NotTarget.NOT_DRAWN


def _table(game: Game, size=(1280, 720)):
    app = App(size, show_new_game=False)
    session = GameSession(game, tempfile.mkdtemp(), autosave=False)
    scene = GameScene(app, session, computer_delay=1e9, animate=False)
    scene.start_planning = lambda colour: None
    app.push(scene)
    app.running = True
    app.frame(1 / 60)
    return app, scene


def _click(app, pos) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(1 / 60)


def _interior(board, name):
    from tests.test_ui_game_driver import interior

    return interior(board, name)


def test_an_illegal_map_click_shows_why_in_the_toast():
    game = mid_game(3, "sun", 5, "battle", 2)
    app, scene = _table(game)
    try:
        d = game.pending()
        assert isinstance(scene.presenter, dc.BattleMove)
        src = d.context["province"]
        far = next(p for p in sorted(game.in_play())
                   if p not in game.neighbours(src) and p != src)
        before = scene.session.version
        _click(app, _interior(scene.board, far))
        assert scene.session.version == before
        assert scene.flash is not None and scene.flash[0] == f"{far} is not next to {src}."
        out = sorted(frozenset(game.data.provinces) - game.in_play())[0]
        _click(app, _interior(scene.board, out))
        assert scene.flash[0] == f"{out} is out of play with 3 players."
    finally:
        app.close()


def test_winter_revolts_are_ordered_by_clicking_the_map():
    game = mid_game(3, "sun", 5, "revolt-order", 1)
    app, scene = _table(game, (1920, 1080))
    try:
        drawn = list(game.pending().context["provinces"])
        assert len(drawn) >= 2
        assert scene.ui.by_key("order-0") is None  # no button per permutation any more
        confirm = scene.ui.by_key("revolt-confirm")
        assert confirm is not None and not confirm.enabled
        wanted = list(reversed(drawn))
        _click(app, _interior(scene.board, wanted[0]))
        assert scene.presenter.badges() == {wanted[0]: "1"}
        _click(app, _interior(scene.board, wanted[0]))  # again: removed
        assert scene.presenter.badges() == {}
        for p in wanted:
            _click(app, _interior(scene.board, p))
        assert scene.presenter.badges() == {p: str(i + 1) for i, p in enumerate(wanted)}
        before = scene.session.version
        _click(app, scene.ui.by_key("revolt-confirm").rect.center)
        assert scene.session.version > before
        assert scene.session.game.pending() is None or \
            scene.session.game.pending().context.get("provinces") != drawn
    finally:
        app.close()


def test_one_presenter_per_decision_kind():
    kinds = {k.value for k in DecisionKind} - {"plan"}
    assert set(dc.PRESENTERS) == kinds
    assert len(set(dc.PRESENTERS.values())) == len(kinds)


def test_markers_at_one_track_value_sit_side_by_side():
    xs = track_positions(100.0, 3, 20.0)
    assert xs == sorted(xs) and min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 7
    assert sum(xs) / 3 == pytest.approx(100.0)
    assert track_positions(50.0, 1, 20.0) == [50.0]


def test_the_table_draws_natively_and_follows_the_text_size():
    game = mid_game(3, "sun", 5, "battle", 2)
    app, scene = _table(game, (1920, 1080))
    try:
        assert app.native_top() and scene.k == pytest.approx(1.2)
        assert scene.board.rect.w > 1200  # the map grows with the window
        before = scene.F(15)
        app.set_ui_scale(1.25)
        app.frame(1 / 60)
        assert scene.F(15) > before and scene.board.ui_scale == pytest.approx(1.25)
        assert app.screen.get_size() == (1920, 1080)
    finally:
        app.close()
    app, scene = _table(game, (1280, 1024))
    try:
        log = scene.ui.by_key("log")
        assert scene.extra > 250 and log.rect.bottom > 1000  # the extra height is used
        assert log.visible_count() > 7  # more than 7 lines of the log show
    finally:
        app.close()


def test_the_banner_never_repeats_the_season_as_the_phase():
    from shogun_desktop.ui.scenes.game import banner_title

    class Words:
        def season(self, s):
            return s.title()

        def phase(self, p):
            return p.title()

    winter = {"year": 1, "season": "winter", "phase": "winter", "actions_done": 0}
    assert banner_title(Words(), winter) == "Year 1 · Winter"
    acting = {"year": 2, "season": "spring", "phase": "actions", "actions_done": 3}
    assert banner_title(Words(), acting) == "Year 2 · Spring · Actions (4 of 10)"


def test_action_cards_specials_events_and_tracks_have_full_text_tooltips():
    game = mid_game(5, "moon", 5, "battle", 2)
    app, scene = _table(game)
    try:
        view = scene.view
        faces = [(i, a) for i, a in enumerate(view["action_row"]) if a != "hidden"]
        assert faces
        for i, a in faces:
            tip = scene.ui.by_key(f"tip-action-{i}").tip()
            assert game.data.action_name(a) in tip and len(tip) > 40, tip
        for i, sp in enumerate(view["special_layout"]):
            tip = scene.ui.by_key(f"tip-special-{i}").tip()
            assert game.data.specials[sp] in tip
        events = scene.ui.by_key("tip-events").tip()
        for e in view["event_candidates"]:
            assert game.data.event_effects[e] in events
        assert "Oda" in scene.ui.by_key("tip-vp").tip()
        assert scene.ui.by_key("tip-rice").tip() and scene.ui.by_key("tip-tray").tip()
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_log_shows_more_than_seven_lines_and_the_last_row_clears_the_tray(size):
    from shogun_desktop.ui.scenes.game import PLAYER_ROW, PLAYERS_Y, TRAY_Y

    assert PLAYERS_Y + 22 + 5 * PLAYER_ROW <= TRAY_Y  # the 5th row ends above the tray line
    game = mid_game(5, "moon", 5, "battle", 2)
    app, scene = _table(game, size)
    try:
        assert scene.ui.by_key("log").visible_count() > 7
        last = max(w.rect.bottom for w in scene.ui.widgets if (w.key or "").startswith("plan-"))
        assert last <= scene.P(0, TRAY_Y)[1]
    finally:
        app.close()
