"""The physical tower: cube accounting, persistence, determinism and the animation path."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
import textwrap
from dataclasses import asdict

import pytest
import yaml

from shogun_desktop.rules.tower import (
    DropResult,
    HeldCube,
    ScriptedTower,
    Tower,
    check_drop_result,
    count_colours,
)
from shogun_desktop.tower import Frame, PhysicalTower, TowerRun
from shogun_desktop.tower.stats import next_battle


@pytest.fixture(scope="module")
def tower() -> PhysicalTower:
    return PhysicalTower()


def play(
    tower: Tower, drops: int, seed: int
) -> list[tuple[tuple[HeldCube, ...], dict, DropResult]]:
    """A few game-like drops into one tower; returns (held before, dropped, result) each."""
    rng = random.Random(seed)
    held: tuple[HeldCube, ...] = ()
    tray: dict[str, int] = {}
    log = []
    for _ in range(drops):
        new, sides = next_battle(rng, tray)
        dropped = dict(tray)
        for c, n in new.items():
            dropped[c] = dropped.get(c, 0) + n
        result = tower.drop(held, dropped, rng)
        log.append((held, dropped, result))
        held = result.held
        tray = {c: n for c, n in result.out.items() if c not in sides}
    return log


def fingerprint(result: DropResult) -> list:
    """Exact (bit-level) form of a result: floats as hex."""
    return [
        sorted(result.out.items()),
        [(c.id, c.colour, c.x.hex(), c.y.hex(), c.angle.hex()) for c in result.held],
        result.note,
    ]


@pytest.fixture(scope="module")
def game(tower: PhysicalTower):
    return play(tower, 25, seed=11)


def test_every_drop_accounts_for_every_cube(game) -> None:
    for held, dropped, result in game:
        check_drop_result(held, dropped, result)
        assert all(n > 0 for n in result.out.values())
        assert result.extra["escapes"] == 0


def test_cubes_are_held_and_persist_between_drops(game, tower: PhysicalTower) -> None:
    assert any(result.held for _, _, result in game), "nothing was ever held"
    # a held cube that nothing touched keeps its exact position into the next drop
    kept = 0
    for held, _, result in game:
        before = {c.id: c for c in held}
        for c in result.held:
            if c.id in before and (c.x, c.y) == (before[c.id].x, before[c.id].y):
                kept += 1
    assert kept > 0
    g = tower.geometry
    for _, _, result in game:
        for c in result.held:
            assert g.hull_contains(c.x, c.y)
            assert -math.pi <= c.angle <= math.pi
    ids = [c.id for _, _, r in game for c in r.held]
    assert all(isinstance(i, int) for i in ids)


def test_drop_is_a_pure_function_of_its_inputs(game, tower: PhysicalTower) -> None:
    held, dropped, _ = game[10]
    first = tower.drop(held, dropped, random.Random(5))
    tower.drop((), {"red": 30}, random.Random(6))  # unrelated work in between
    again = PhysicalTower().drop(held, dropped, random.Random(5))
    assert fingerprint(first) == fingerprint(again)


def test_same_seed_same_outcome_and_rng_state(game, tower: PhysicalTower) -> None:
    held, dropped, _ = game[5]
    r1, r2 = random.Random(99), random.Random(99)
    a = tower.drop(held, dropped, r1)
    b = tower.drop(held, dropped, r2)
    assert fingerprint(a) == fingerprint(b)
    assert r1.getstate() == r2.getstate()


def test_save_load_round_trip_continues_identically(game, tower: PhysicalTower) -> None:
    """Held cubes through a plain dict and YAML text, then the next drop: bit-identical."""
    held, dropped, _ = game[-1]
    text = yaml.safe_dump({"tower": [asdict(c) for c in held], "dropped": dropped})
    loaded = yaml.safe_load(text)
    held2 = tuple(HeldCube(**c) for c in loaded["tower"])
    assert held2 == held
    direct = tower.drop(held, dropped, random.Random(3))
    resumed = tower.drop(held2, loaded["dropped"], random.Random(3))
    assert fingerprint(direct) == fingerprint(resumed)


SUBPROCESS_SCRIPT = textwrap.dedent(
    """
    import json, random, sys
    from shogun_desktop.rules.tower import HeldCube
    from shogun_desktop.tower import PhysicalTower
    data = json.load(sys.stdin)
    held = tuple(HeldCube(c[0], c[1], float.fromhex(c[2]), float.fromhex(c[3]),
                          float.fromhex(c[4])) for c in data["held"])
    r = PhysicalTower().drop(held, data["dropped"], random.Random(data["seed"]))
    print(json.dumps([sorted(r.out.items()),
                      [(c.id, c.colour, c.x.hex(), c.y.hex(), c.angle.hex()) for c in r.held],
                      r.note]))
    """
)


def test_bit_identical_in_two_separate_processes(game, tower: PhysicalTower) -> None:
    held, dropped, _ = game[12]
    payload = {
        "held": [(c.id, c.colour, c.x.hex(), c.y.hex(), c.angle.hex()) for c in held],
        "dropped": dropped,
        "seed": 2024,
    }
    outputs = []
    for _ in range(2):
        proc = subprocess.run(
            [sys.executable, "-c", SUBPROCESS_SCRIPT],
            input=json.dumps(payload),
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        outputs.append(json.loads(proc.stdout))
    assert outputs[0] == outputs[1]
    here = fingerprint(tower.drop(held, dropped, random.Random(2024)))
    assert outputs[0] == json.loads(json.dumps(here))


def test_scripted_and_physical_towers_are_interchangeable(tower: PhysicalTower) -> None:
    held = (HeldCube(1, "red"), HeldCube(2, "green"))
    dropped = {"red": 6, "blue": 5, "green": 1}
    towers: list[Tower] = [ScriptedTower([{"red": 5, "blue": 5}]), tower]
    for t in towers:
        assert isinstance(t.name, str) and t.name
        result = t.drop(held, dropped, random.Random(1))
        check_drop_result(held, dropped, result)
        assert isinstance(result, DropResult)
        assert all(isinstance(c, HeldCube) for c in result.held)
    assert tower.name == "physical"


def test_unplaced_held_cubes_are_settled_and_never_lost(tower: PhysicalTower) -> None:
    """Cubes from a non-physical tower (x = y = 0) are placed on the rest slots first."""
    held = tuple(HeldCube(i, colour) for i, colour in enumerate(["red"] * 4 + ["blue"] * 5, 1))
    dropped = {"red": 3, "yellow": 4}
    a = tower.drop(held, dropped, random.Random(8))
    check_drop_result(held, dropped, a)
    assert "without a position" in a.note
    assert a.extra["escapes"] == 0
    b = tower.drop(held, dropped, random.Random(8))
    assert fingerprint(a) == fingerprint(b)
    for c in a.held:
        assert (c.x, c.y) != (0.0, 0.0)
        assert tower.geometry.hull_contains(c.x, c.y)
    # with nothing poured the settled cubes are all still accounted for
    only = tower.drop(held, {}, random.Random(8))
    check_drop_result(held, {}, only)
    assert len(only.held) + sum(only.out.values()) == len(held)


def test_mixed_placed_and_unplaced_held_cubes(game, tower: PhysicalTower) -> None:
    held = next(r.held for _, _, r in game if len(r.held) >= 3)
    mixed = held + (HeldCube(500, "purple"), HeldCube(501, "black"))
    result = tower.drop(mixed, {"red": 10}, random.Random(4))
    check_drop_result(mixed, {"red": 10}, result)


def test_empty_drops(tower: PhysicalTower) -> None:
    empty = tower.drop((), {}, random.Random(1))
    assert empty.out == {} and empty.held == () and empty.note == ""
    held = tower.drop((), {"red": 20, "blue": 20}, random.Random(2)).held
    still = tower.drop(held, {}, random.Random(3))
    assert still.held == held  # sleeping cubes stay exactly where they were


def test_bad_counts_are_rejected(tower: PhysicalTower) -> None:
    with pytest.raises(ValueError, match="cannot drop"):
        tower.drop((), {"red": -1}, random.Random(1))


def test_recorded_frames_match_the_headless_result(game) -> None:
    held, dropped, _ = game[8]
    headless = PhysicalTower().drop(held, dropped, random.Random(77))
    recorded = PhysicalTower(record=True).drop(held, dropped, random.Random(77))
    assert fingerprint(headless) == fingerprint(recorded)
    assert "frames" not in headless.extra
    frames = recorded.extra["frames"]
    assert frames[0].step == 0 and len(frames[0].cubes) == len(held)
    steps_per_frame = PhysicalTower().geometry.simulation.steps_per_frame
    assert all(f.step % steps_per_frame == 0 for f in frames[:-1])
    assert frames[-1].step == recorded.extra["steps"]
    last = {cid: (x, y) for cid, x, y, _ in frames[-1].cubes}
    assert {c.id: (c.x, c.y) for c in recorded.held} == last
    colours = recorded.extra["colours"]
    assert all(cid in colours for f in frames for cid, *_ in f.cubes)


def test_live_stepping_gives_the_same_result(game, tower: PhysicalTower) -> None:
    held, dropped, _ = game[3]
    headless = tower.drop(held, dropped, random.Random(21))
    run = tower.start(held, dropped, random.Random(21))
    assert isinstance(run, TowerRun)
    frames = 0
    while not run.done:
        frame = run.step_frame()
        assert isinstance(frame, Frame)
        frames += 1
    assert frames > 10
    assert fingerprint(run.result()) == fingerprint(headless)
    # stopping the animation half-way and finishing headless is also the same
    run2 = tower.start(held, dropped, random.Random(21))
    for _ in range(frames // 2):
        run2.step_frame()
    assert fingerprint(run2.result()) == fingerprint(headless)


def test_static_geometry_is_exposed_for_drawing(tower: PhysicalTower) -> None:
    kinds = count_colours([HeldCube(0, s.kind) for s in tower.static_segments])
    assert kinds["walls"] >= 4 and kinds["baffles"] >= 2
    assert all(s.radius > 0 for s in tower.static_segments)


@pytest.mark.slow
def test_soak_500_drops_no_cube_leaves_the_walls(tower: PhysicalTower) -> None:
    total = 0
    for held, dropped, result in play(tower, 500, seed=5):
        check_drop_result(held, dropped, result)
        assert result.extra["escapes"] == 0, result.note
        for c in result.held:
            assert tower.geometry.hull_contains(c.x, c.y)
        total += sum(dropped.values())
    assert total > 5000
