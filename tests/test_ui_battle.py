"""The battle overlay: replaying the recorded tower frames, speed, x-ray, skip, result panel."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from shogun_desktop.ai.random_player import RandomPlayer, play_out
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import DropRecord, Game, GameConfig
from shogun_desktop.rules.tower import HeldCube, ProbabilisticTower
from shogun_desktop.tower import PhysicalTower
from shogun_desktop.ui.app import App
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes.battle import (
    SPEEDS,
    BattleOverlay,
    survivors_text,
    title_of,
    verdict_of,
)
from shogun_desktop.ui.tower_view import Replay, TowerView, interior_polygon

FRAME = 1 / 60
HELD = tuple(HeldCube(i, c) for i, c in enumerate(
    ["red", "blue", "yellow", "green", "red", "purple"], start=1))
BIG_DROP = {"red": 26, "blue": 24, "green": 10}
EVENT = ev.BattleResolved("red", "Kaga", "Omi", 24, "blue", 22,
                          {"attack-bonus": 1, "defence-bonus": 1}, dict(BIG_DROP),
                          {"blue": 20, "green": 9, "red": 23}, "taken", 3)


@pytest.fixture(scope="module")
def tower() -> PhysicalTower:
    return PhysicalTower(record=True)


@pytest.fixture(scope="module")
def big_record(tower) -> DropRecord:
    """A 60-cube battle into a tower holding six cubes from earlier drops."""
    result = tower.drop(HELD, BIG_DROP, random.Random(3))
    return DropRecord("battle", dict(BIG_DROP), result, "Omi", "red", "blue", EVENT)


@pytest.fixture(scope="module")
def game_drops() -> list[DropRecord]:
    """Every drop of a whole 3-player game played by random players with the recording tower."""
    game = Game.new(GameConfig(["red", "blue", "yellow"], start="designated", seed=1),
                    tower=PhysicalTower(record=True))
    play_out(game, RandomPlayer(3))
    return game.drops


class Board(Scene):
    """Something board-like under the overlay."""

    def draw(self, surface):
        surface.fill((120, 150, 110))
        pygame.draw.circle(surface, (200, 104, 84), (400, 300), 160)


@pytest.fixture
def app():
    a = App(fps=0, show_new_game=False)
    a.push(Board(a))
    yield a
    a.close()


def shots_dir(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SHOGUN_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def post_key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.process_events()


def post_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.process_events()


def click(app: App, pos: tuple[int, int]) -> None:
    wpos = app.to_window(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=1))
    app.process_events()


# ------------------------------------------------------------------------------ tower view
def test_view_uses_the_physics_geometry(tower):
    view = TowerView(tower.static_segments, (0, 0, 600, 800), cube_size=tower.geometry.cube.size)
    poly = interior_polygon(tower.static_segments)
    assert poly is not None and len(poly) == 7
    # y points up in the tower, down on screen; aspect kept
    top = view.to_screen(0, 30)
    bottom = view.to_screen(0, 0)
    assert top[1] < bottom[1]
    x0, y0 = view.to_screen(0, 0)
    x1, y1 = view.to_screen(10, 10)
    assert x1 - x0 == pytest.approx(y0 - y1)
    assert view.to_tower(view.to_screen(3.0, 4.0)) == pytest.approx((3.0, 4.0))
    # every segment end lies inside the rect
    for seg in tower.static_segments:
        for p in (seg.a, seg.b):
            assert view.rect.collidepoint(view.to_screen(*p))
    # inside the column: hidden; in the funnel or beyond the exit: visible
    assert view.is_hidden_region(0, 15) and not view.is_hidden_region(0, 34)
    assert not view.is_hidden_region(12, -7)
    slots = [view.tray_slot(i) for i in range(80)]
    assert len({(round(x, 3), round(y, 3)) for x, y, _ in slots}) == 80  # no two share a place
    tray = tower.geometry.segments_of("tray")
    assert all(min(s.a[0] for s in tray) < x < max(s.a[0] for s in tray) for x, _, _ in slots)


def test_replay_accounts_for_every_cube(big_record, tower):
    frames = big_record.result.extra["frames"]
    view = TowerView(tower.static_segments, (0, 0, 600, 800))
    replay = Replay(frames, big_record.result.extra["colours"], view)
    assert replay.held_ids == {c.id for c in HELD}  # step 0 holds only the earlier cubes
    assert frames[0].step == 0 and frames[-1].cubes
    assert len(replay.exits) == sum(big_record.result.out.values())
    assert replay.out_at(replay.length) == big_record.result.out
    released = {e.id for e in replay.exits if e.was_held}
    assert released == set(big_record.result.extra["released"])
    assert replay.length == len(frames) - 1 + replay.fall_frames
    assert [c[1:3] for c in replay.tray_at(replay.length)] == [
        view.tray_slot(i)[:2] for i in range(len(replay.exits))]


# ------------------------------------------------------------------------------ overlay
def test_speed_keys_buttons_and_frames_per_update(app, big_record):
    ov = BattleOverlay(app, big_record)
    app.push(ov)
    assert ov.speed == 1.0 and ov.index == 0
    app.update(FRAME)
    assert ov.position == pytest.approx(1.0)  # 60 sim frames per second at 1x
    post_text(app, "+")
    assert ov.speed == 2.0
    post_text(app, "+")
    post_text(app, "+")  # clamps at 4x
    assert ov.speed == 4.0
    before = ov.position
    app.update(FRAME)
    assert ov.position - before == pytest.approx(4.0)
    post_text(app, "-")
    post_key(app, pygame.K_LEFT)
    post_key(app, pygame.K_LEFT)
    assert ov.speed == 0.5
    before = ov.position
    app.update(FRAME)
    app.update(FRAME)
    assert ov.position - before == pytest.approx(1.0)  # half a frame per update
    choice = ov.ui.by_key("speed")
    seg = choice.segment_rects()[SPEEDS.index(2.0)]
    click(app, seg.center)
    assert ov.speed == 2.0 and ov.ui.by_key("speed").value == 2.0
    assert not ov.finished


def test_drawn_frames_are_the_simulation_frames(app, big_record, tmp_path):
    frames = big_record.result.extra["frames"]
    ov = BattleOverlay(app, big_record, {"red": "Tokugawa", "blue": "Uesugi"})
    app.push(ov)
    drawn: list = []
    real_draw = ov.view.draw

    def spy(surface, frame, *args, **kw):
        drawn.append(frame)
        return real_draw(surface, frame, *args, **kw)

    ov.view.draw = spy  # type: ignore[method-assign]
    post_text(app, "+")
    post_text(app, "+")  # 4x: the whole drop in a few dozen updates
    steps = 0
    while not ov.finished:
        app.update(FRAME)
        app.render()
        steps += 1
        if steps == 6:
            app.screenshot(shots_dir(tmp_path) / "battle-falling.png", logical=True)
    assert steps == -(-(len(frames) - 1 + ov.replay.fall_frames) // 4)
    ids = [next(i for i, f in enumerate(frames) if f is d) for d in drawn]  # identity
    assert ids == sorted(ids) and ids[-1] == len(frames) - 1
    assert all(b - a <= 4 for a, b in zip(ids, ids[1:], strict=False))
    last = ov.current_frame
    assert last is frames[-1]
    held_after = {c.id: (c.x, c.y) for c in big_record.result.held}
    assert {cid: (x, y) for cid, x, y, _ in last.cubes} == held_after


def test_xray_shows_cubes_held_from_earlier_drops(app, big_record, tmp_path):
    ov = BattleOverlay(app, big_record)
    app.push(ov)
    frame0 = big_record.result.extra["frames"][0]
    surface = app.canvas
    # frame 0: only the six earlier cubes are in the tower, all inside the column
    assert all(ov.view.is_hidden_region(x, y) for _, x, y, _ in frame0.cubes)
    assert ov.view.draw(surface, frame0, ov.cube_colours, False, ov.replay.held_ids) == 0
    assert ov.view.draw(surface, frame0, ov.cube_colours, True, ov.replay.held_ids) == 6
    app.render()
    x, y = ov.view.to_screen(*frame0.cubes[0][1:3])
    opaque = app.canvas.get_at((round(x), round(y)))
    post_key(app, pygame.K_x)
    assert ov.xray and ov.ui.by_key("xray").value
    app.render()
    assert app.canvas.get_at((round(x), round(y))) != opaque
    for _ in range(40):
        app.update(FRAME)
    app.screenshot(shots_dir(tmp_path) / "battle-xray.png", logical=True)
    toggle = ov.ui.by_key("xray")
    click(app, toggle.rect.center)
    assert not ov.xray


def test_skip_result_panel_and_continue(app, big_record, tmp_path):
    closed: list[bool] = []
    ov = BattleOverlay(app, big_record, {"red": "Tokugawa", "blue": "Uesugi"},
                       on_close=lambda: closed.append(True))
    app.push(ov)
    for _ in range(10):
        app.update(FRAME)
    post_key(app, pygame.K_SPACE)
    assert ov.finished and ov.index == ov.replay.length
    assert ov.current_frame is big_record.result.extra["frames"][-1]
    assert ov.ui.by_key("skip") is None and ov.ui.by_key("continue") is not None
    out = big_record.result.out
    rows = {colour: (label, n) for colour, label, n, _ in ov.tray_rows()}
    assert rows["red"] == ("Tokugawa (attacker)", out.get("red", 0))
    assert rows["blue"] == ("Uesugi (defender)", out.get("blue", 0))
    assert rows["green"] == ("Farmers", out.get("green", 0))
    assert sum(n for _, n in rows.values()) == sum(out.values())
    app.render()
    app.screenshot(shots_dir(tmp_path) / "battle-result.png", logical=True)
    post_key(app, pygame.K_RETURN)  # too soon after the skip: a held key must not close it
    assert app.scenes.top is ov
    app.update(0.1)
    for _ in range(20):
        app.update(FRAME)
    click(app, ov.ui.by_key("continue").rect.center)
    assert isinstance(app.scenes.top, Board) and closed == [True]


def test_enter_skips_then_closes(app, big_record):
    ov = BattleOverlay(app, big_record)
    app.push(ov)
    post_key(app, pygame.K_RETURN)
    assert ov.finished
    for _ in range(20):
        app.update(FRAME)
    post_key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, Board)


def test_plays_to_the_end_by_itself(app, game_drops):
    record = next(d for d in game_drops if d.kind == "battle")
    ov = BattleOverlay(app, record)
    app.push(ov)
    for _ in range(ov.replay.length):
        assert not ov.finished
        app.update(FRAME)
    assert ov.finished


def test_draw_never_changes_state(app, big_record):
    ov = BattleOverlay(app, big_record)
    app.push(ov)
    for _ in range(30):
        app.update(FRAME)
    out_before = dict(big_record.result.out)
    state = (ov.position, ov.speed, ov.xray, ov.finished, ov.result_time)
    app.render()
    first = pygame.image.tobytes(app.canvas, "RGB")
    app.render()
    assert pygame.image.tobytes(app.canvas, "RGB") == first
    assert (ov.position, ov.speed, ov.xray, ov.finished, ov.result_time) == state
    assert big_record.result.out == out_before


def test_a_tower_without_frames_shows_the_result(app):
    result = ProbabilisticTower().drop(HELD, {"red": 3, "green": 2}, random.Random(1))
    record = DropRecord("revolt", {"red": 3, "green": 2}, result, "Kii", "green", "red",
                        ev.RevoltResolved("red", "Kii", 3, 2, 0, {"red": 3, "green": 2},
                                          {"green": 2, "red": 3}, True, 1, False))
    ov = BattleOverlay(app, record)
    app.push(ov)
    assert ov.finished and ov.replay is None
    assert title_of(record) == "Revolt in Kii"
    rows = ov.tray_rows()
    assert [r[0] for r in rows[:2]] == ["green", "red"]
    assert rows[0][1] == "Farmers (revolt)" and rows[1][1] == "Red (defender)"
    app.render()
    for _ in range(20):
        app.update(FRAME)
    post_key(app, pygame.K_SPACE)
    assert isinstance(app.scenes.top, Board)


def test_titles_and_where_survivors_go(game_drops):
    setup = game_drops[0]
    assert setup.kind == "setup" and title_of(setup) == "Tower load"
    assert "back to its supply" in survivors_text(setup)
    seen = set()
    for d in game_drops[1:]:
        assert isinstance(d.event, ev.BattleResolved | ev.RevoltResolved)
        assert d.event.province == d.province
        verdict = verdict_of(d)
        text = survivors_text(d)
        assert text and verdict and text != verdict, d.event  # every outcome is told
        assert title_of(d) == (f"Revolt in {d.province}" if d.kind == "revolt"
                               else f"Battle for {d.province}")
        if " takes " in verdict:
            n = verdict.rsplit(" with ", 1)[1]
            assert text.startswith(f"{n} of ") and f"move into {d.province}" in text
            seen.add("takes")
        elif "suppressed" in verdict:
            assert f"stay in {d.province}" in text
            seen.add("suppressed")
        elif "neutral" in verdict:
            assert "back to supply" in text
            seen.add("neutral")
    assert seen == {"takes", "suppressed", "neutral"}
    held = ev.BattleResolved("red", "Owari", "Mino", 3, "blue", 2, {}, {"red": 3, "blue": 2},
                             {"red": 1, "blue": 2}, "held", 2)
    rec = DropRecord("battle", {}, setup.result, "Mino", "red", "blue", held)
    assert survivors_text(rec).startswith("2 armies of Blue stay in Mino")
    assert verdict_of(rec) == "Blue holds Mino with 2 armies"


def test_setup_load_lists_every_colour(app, game_drops):
    setup = game_drops[0]
    ov = BattleOverlay(app, setup)
    app.push(ov)
    ov.skip()
    rows = ov.tray_rows()
    assert {r[0] for r in rows} == set(setup.dropped)
    assert all(label == ov.name_of(c) for c, label, _, _ in rows)
    app.render()
