"""The battle overlay: replaying the recorded tower frames, speed, x-ray, skip, result panel."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from shogun_desktop.ai.driver import play_out
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import DropRecord, Game, GameConfig
from shogun_desktop.rules.tower import HeldCube, ProbabilisticTower
from shogun_desktop.tower import PhysicalTower
from shogun_desktop.ui.app import App
from shogun_desktop.ui.prefs import Prefs
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes.battle import (
    SPEEDS,
    BattleOverlay,
    decide_outcome,
    outcome_of,
    side_tallies,
    title_of,
)
from shogun_desktop.ui.tower_view import GLIDE_FRAMES, Replay, TowerView, interior_polygon

FRAME = 1 / 60
HELD = tuple(HeldCube(i, c) for i, c in enumerate(
    ["red", "blue", "yellow", "green", "red", "purple"], start=1))
BIG_DROP = {"red": 26, "blue": 24, "green": 10}


@pytest.fixture(scope="module")
def tower() -> PhysicalTower:
    return PhysicalTower(record=True)


@pytest.fixture(scope="module")
def big_record(tower) -> DropRecord:
    """A 60-cube battle into a tower holding six cubes from earlier drops."""
    result = tower.drop(HELD, BIG_DROP, random.Random(3))
    return DropRecord("battle", dict(BIG_DROP), result, "Omi", "red", "blue")


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
    a = App(fps=0, show_new_game=False, prefs=Prefs())  # settings in memory only
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


def test_poured_cubes_wait_in_groups_then_enter_where_the_physics_put_them(big_record, tower):
    frames = big_record.result.extra["frames"]
    colours = big_record.result.extra["colours"]
    view = TowerView(tower.static_segments, (0, 0, 600, 800))
    replay = Replay(frames, colours, view, groups=["red", "blue", "green"], buildup_frames=30)
    assert replay.start == -(30 + GLIDE_FRAMES)
    assert replay.group_sizes == [("red", 26), ("blue", 24), ("green", 10)]
    waiting = replay.staged_at(replay.start)
    assert len(waiting) == 60 and replay.waiting_at(replay.start) == BIG_DROP
    assert all(a == 0.0 for *_, a in waiting)  # neatly lined up, not yet moving
    places = {(round(x, 6), round(y, 6)) for _, x, y, _ in waiting}
    assert len(places) == 60  # no two share a place
    for spawn in replay.spawns:
        first = next(f for f in frames if any(p[0] == spawn.id for p in f.cubes))
        pose = next(p for p in first.cubes if p[0] == spawn.id)
        assert (spawn.x, spawn.y) == pose[1:3]  # glides to exactly where the drop begins
        assert spawn.frame == frames.index(first)
    assert replay.staged_at(replay.last) == [] and replay.waiting_at(replay.last) == {}
    # the groups shrink row by row as the simulation pours
    counts = [len(replay.staged_at(k)) for k in range(replay.start, 40)]
    assert counts == sorted(counts, reverse=True) and counts[-1] == 0


# ------------------------------------------------------------------------------ overlay
def test_speed_keys_buttons_and_frames_per_update(app, big_record):
    ov = BattleOverlay(app, big_record)
    app.push(ov)
    assert ov.speed == 1.0 and ov.index == ov.replay.start < 0  # the build-up first
    app.update(FRAME)
    assert ov.position == pytest.approx(ov.replay.start + 1.0)  # 60 frames a second at 1x
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
    # the speed is remembered for the next battle
    assert app.prefs.get("tower.speed") == 2.0
    assert BattleOverlay(app, big_record).speed == 2.0


def test_drawn_frames_are_the_simulation_frames(app, big_record, tmp_path, monkeypatch):
    frames = big_record.result.extra["frames"]
    ov = BattleOverlay(app, big_record, {"red": "Tokugawa", "blue": "Uesugi"})
    app.push(ov)
    drawn: list = []
    real_draw = ov.view.draw

    def spy(surface, frame, *args, **kw):
        drawn.append(frame)
        return real_draw(surface, frame, *args, **kw)

    monkeypatch.setattr(ov.view, "draw", spy)  # the view is shared between battles
    post_text(app, "+")
    post_text(app, "+")  # 4x: the whole drop in a few dozen updates
    steps = 0
    while not ov.finished:
        app.update(FRAME)
        app.render()
        steps += 1
        if steps == 6:
            app.screenshot(shots_dir(tmp_path) / "battle-falling.png", logical=True)
    assert steps == -(-(len(frames) - 1 + ov.replay.fall_frames - ov.replay.start) // 4)
    ids = [next(i for i, f in enumerate(frames) if f is d) for d in drawn]  # identity
    assert ids == sorted(ids) and ids[-1] == len(frames) - 1
    assert all(b - a <= 4 for a, b in zip(ids, ids[1:], strict=False))
    last = ov.current_frame
    assert last is frames[-1]
    held_after = {c.id: (c.x, c.y) for c in big_record.result.held}
    assert {cid: (x, y) for cid, x, y, _ in last.cubes} == held_after


def test_xray_is_a_table_option_not_a_toggle(app, big_record, tmp_path):
    frame0 = big_record.result.extra["frames"][0]
    plain = BattleOverlay(app, big_record)
    app.push(plain)
    surface = app.canvas
    # frame 0: only the six earlier cubes are in the tower, all inside the column
    assert all(plain.view.is_hidden_region(x, y) for _, x, y, _ in frame0.cubes)
    held = plain.replay.held_ids
    assert plain.view.draw(surface, frame0, plain.cube_colours, False, held) == 0  # shapes only
    assert plain.view.draw(surface, frame0, plain.cube_colours, True, held) == 6
    plain.position = 0.0
    app.render()
    x, y = plain.view.to_screen(*frame0.cubes[0][1:3])
    hidden = app.canvas.get_at((round(x), round(y)))
    post_key(app, pygame.K_x)  # nobody can switch it on mid-game
    assert not plain.xray and plain.ui.by_key("xray") is None
    app.scenes.remove(plain)
    seen = BattleOverlay(app, big_record, xray=True)
    app.push(seen)
    seen.position = 0.0
    app.render()
    assert app.canvas.get_at((round(x), round(y))) != hidden
    for _ in range(60):
        app.update(FRAME)
    app.screenshot(shots_dir(tmp_path) / "battle-xray.png", logical=True)


def test_the_cubes_held_before_are_dark_shapes_without_xray(app, big_record):
    ov = BattleOverlay(app, big_record)
    frame0 = big_record.result.extra["frames"][0]
    colours = ov.cube_colours
    cid, x, y, _ = frame0.cubes[0]
    px = tuple(round(v) for v in ov.view.to_screen(x, y))
    surface = pygame.Surface(app.logical_size)
    ov.view.draw(surface, frame0, colours, False, ov.replay.held_ids)
    dark = surface.get_at(px)
    ov.view.draw(surface, frame0, colours, True, ov.replay.held_ids)
    lit = surface.get_at(px)
    assert sum(dark[:3]) < 250 and dark != lit  # a shape in the dark, not the colour


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
    assert rows["green"] == ("Farmers (with the defender)", out.get("green", 0))
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
    for _ in range(ov.replay.length - ov.replay.start):  # build-up, fall, tray
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
    record = DropRecord("revolt", {"red": 3, "green": 2}, result, "Kii", "green", "red")
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


def test_titles_and_outcomes_agree_with_the_engine(game_drops):
    setup = game_drops[0]
    assert setup.kind == "setup" and title_of(setup) == "Tower load"
    assert outcome_of(setup) is None
    seen = set()
    for d in game_drops[1:]:
        outcome = outcome_of(d)
        assert outcome is not None
        assert title_of(d) == (f"Revolt in {d.province}" if d.kind == "revolt"
                               else f"Battle for {d.province}")
        # the engine's outcome event is the oracle here (the overlay counts from the numbers)
        event = d.event
        assert isinstance(event, ev.BattleResolved | ev.RevoltResolved), d
        n = f"{event.survivors} {'army' if event.survivors == 1 else 'armies'}"
        if isinstance(event, ev.RevoltResolved):
            if event.suppressed:
                assert outcome.headline == ("The revolt is put down: " + (
                    "1 army stays" if event.survivors == 1 else f"{n} stay")
                    + f" in {d.province}")
                seen.add("suppressed")
            else:
                assert outcome.headline == f"The farmers win: {d.province} becomes neutral"
                seen.add("farmers")
        elif event.outcome == ev.BattleOutcome.TAKEN:
            assert outcome.headline.endswith(f"takes {d.province} with {n}"), event
            assert outcome.winner == d.attacker
            seen.add("takes")
        elif event.outcome == ev.BattleOutcome.HELD:
            assert outcome.headline.endswith(f"holds {d.province} with {n}"), event
            assert outcome.winner == d.defender
            seen.add("holds")
        elif event.outcome == ev.BattleOutcome.FAILED:
            assert outcome.headline == f"The attack fails: {d.province} stays neutral"
            seen.add("fails")
        else:
            assert outcome.headline == f"{d.province} becomes neutral" and outcome.winner is None
            seen.add("neutral")
    assert {"takes", "suppressed"} <= seen


@pytest.mark.parametrize(("kind", "attacker", "defender", "out", "fight", "headline", "reason"), [
    ("battle", "red", "green", {"red": 3, "green": 3}, True,
     "The attack fails: Omi stays neutral", "3 against 3: a tie — the defender holds"),
    ("battle", "red", "green", {"red": 4, "green": 1}, True,
     "Red takes Omi with 3 armies", "Red 4 against 1 farmer"),
    ("battle", "red", "blue", {"red": 5, "blue": 3, "green": 2}, True,
     "Omi becomes neutral", "5 against 5: a tie — nobody holds Omi"),
    ("battle", "red", "blue", {"red": 5, "blue": 3, "green": 2}, False,
     "Red takes Omi with 2 armies", "Red 5 against Blue 3"),
    ("battle", "red", "blue", {"red": 4, "blue": 3, "green": 2}, True,
     "Blue holds Omi with 1 army", "Red 4 against Blue 3 + 2 farmers"),
    ("battle", "red", "blue", {"red": 1, "green": 2}, True,
     "Omi becomes neutral", "Red 1 against Blue 0 + 2 farmers: only farmers defended (Blue "
     "had no cube out)"),
    ("revolt", "green", "red", {"red": 2, "green": 2}, True,
     "The farmers win: Omi becomes neutral", "2 against 2: a tie — the farmers win"),
    ("revolt", "green", "red", {"red": 4, "green": 1, "blue": 2}, True,
     "The revolt is put down: 3 armies stay in Omi", "Red 4 against 1 farmer"),
    ("revolt", "green", "red", {"red": 3, "green": 2}, True,
     "The revolt is put down: 1 army stays in Omi", "Red 3 against 2 farmers"),
])
def test_outcome_in_words(kind, attacker, defender, out, fight, headline, reason):
    o = decide_outcome(kind, "Omi", attacker, defender, out, farmers_fight=fight)
    assert o is not None and (o.headline, o.reason) == (headline, reason)
    others = any(c not in (attacker, defender, "green") for c in out) or (
        not fight and out.get("green"))
    assert ("stay in the tray for the next one" in o.cubes) == bool(others)


def test_side_tallies_count_cubes_from_earlier_drops(big_record):
    released = set(big_record.result.extra["released"])
    colours = big_record.result.extra["colours"]
    rows = side_tallies(big_record, ["red", "blue", "green"], {})
    for row in rows:
        earlier = sum(1 for cid in released if colours[cid] == row.colour)
        assert row.from_earlier == earlier
        assert row.out == big_record.result.out.get(row.colour, 0)
        assert row.poured == BIG_DROP[row.colour]
        assert row.out - row.from_earlier + row.stay == row.poured
        assert row.held_after == sum(1 for c in big_record.result.held if c.colour == row.colour)
    # the sentence players read
    farmers = next(r for r in rows if r.colour == "green")
    text = farmers.sentence()
    assert text.startswith(f"{farmers.poured} poured, {farmers.out} came out")
    from shogun_desktop.ui.scenes.battle import SideTally

    assert SideTally("green", "Farmers", 2, 3, 1, 0, 4).sentence() == (
        "2 poured, 3 came out — 1 had been held from an earlier battle")
    assert SideTally("green", "Farmers", 2, 3, 1, 0, 4).inside() == "all of this drop came out"
    # a tower without ids: the cubes of this drop are taken to leave first
    result = ProbabilisticTower().drop(HELD, {"red": 1, "green": 1}, random.Random(4))
    rec = DropRecord("battle", {"red": 1, "green": 1}, result, "Kii", "red", "green")
    for row in side_tallies(rec, ["red", "green"], {}):
        assert row.from_earlier == max(0, row.out - row.poured)


def test_setup_load_lists_every_colour(app, game_drops):
    setup = game_drops[0]
    ov = BattleOverlay(app, setup)
    app.push(ov)
    ov.skip()
    rows = ov.tray_rows()
    assert {r[0] for r in rows} == set(setup.dropped)
    assert all(label == ov.name_of(c) for c, label, _, _ in rows)
    app.render()


def test_the_replay_plays_the_drop_s_knocks_once_in_order(app, big_record):
    from shogun_desktop.ui.sound import Audio

    class Recorder(Audio):
        def __init__(self) -> None:
            super().__init__(None)
            self.enabled = True
            self.played: list[tuple[int, str]] = []

        def play(self, sound, variant=0, volume=1.0, pan=0.0) -> bool:
            self.played.append((ov.index, sound))
            return True

    recorder = Recorder()
    app._audio = recorder
    ov = BattleOverlay(app, big_record)
    app.push(ov)
    cues = ov.cues.cues
    assert cues and {c.sound for c in cues} >= {"knock", "thud", "tray"}
    while ov.index < 0:
        app.update(FRAME)
    assert recorder.played == []  # silence during the build-up
    for _ in range(30):
        app.update(FRAME)
    played = list(recorder.played)
    assert played and all(i <= ov.index for i, _ in played)
    assert [i for i, _ in played] == sorted(i for i, _ in played)
    post_key(app, pygame.K_SPACE)  # skipping stops the rest
    for _ in range(30):
        app.update(FRAME)
    assert recorder.played == played
    assert len(played) <= len([c for c in cues if c.frame <= 30])


def test_hard_hits_shake_the_tower_slightly_and_small_drops_do_not(big_record, tower):
    view = TowerView(tower.static_segments, (0, 0, 600, 800))
    extra = big_record.result.extra
    big = Replay(extra["frames"], extra["colours"], view, impacts=extra["impacts"])
    shakes = [big.shake_at(k) for k in range(big.last + 1)]
    moving = [s for s in shakes if s != (0.0, 0.0)]
    assert moving, "a 60-cube drop shakes the tower"
    limit = 3.0 * view.scale / 14.0
    assert all(abs(dx) <= limit + 1e-9 and abs(dy) <= limit for dx, dy in moving)
    assert len(moving) < len(shakes) / 2  # a jolt now and then, not a constant tremble
    small = tower.drop(HELD, {"red": 2}, random.Random(1))
    quiet = Replay(small.extra["frames"], small.extra["colours"], view,
                   impacts=small.extra.get("impacts", ()))
    assert all(quiet.shake_at(k) == (0.0, 0.0) for k in range(quiet.last + 1))


def test_the_words_need_no_physics() -> None:
    """The drop notice (used when the tower animation is unavailable) must not need pymunk."""
    import subprocess
    import sys

    code = ("import sys, shogun_desktop.ui.battle_report, shogun_desktop.ui.scenes.drop_notice\n"
            "assert 'pymunk' not in sys.modules, 'pymunk imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True,
                   cwd=Path(__file__).resolve().parents[1])
