"""Every name and marker on the map lies inside its own province and overlaps nothing.

Checked on crowded positions (seeded games played to year 2 with 5 players on the moon side
and 3 on the sun side, plus a synthetic worst case) at the size the game table draws the
map at each supported window size (the table is drawn natively: the map's rect and text
scale come from ``table_geometry`` and ``map_text_scale``), with the exact geometric test
(not the raster mask the layout itself uses). No province is exempt: a small one gets its
name in smaller type (never below 11 px), in two lines or abbreviated (the full name is in
its tooltip), and its markers slimmer or in a column, rather than anything crossing a border.
"""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from shogun_desktop.ai.driver import decide
from shogun_desktop.ai.heuristic import EasyPlayer
from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.view import player_view
from shogun_desktop.ui import map_layout as ml
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.board_view import BUILDING_ICONS, BoardView, load_map_data
from shogun_desktop.ui.scenes.game import BOARD, map_text_scale, table_geometry


@pytest.fixture(scope="module")
def fonts():
    pygame.display.init()
    pygame.display.set_mode((200, 200))
    yield th.Fonts()
    pygame.display.quit()


def crowded(players: int, side: str, seed: int) -> Game:
    colours = list(th.PLAYER_ORDER[:players])
    game = Game.new(GameConfig(colours, board=side, start="draft", seed=seed))
    ai, rng = EasyPlayer(game.data), random.Random(seed)
    while game.pending() is not None and not (game.state.year >= 2
                                               and game.pending().kind == "battle"):
        game.apply(decide(ai, game, rng))
    return game


def overlays_of(game: Game) -> dict[str, dict]:
    out = {}
    for name, st in player_view(game, None)["provinces"].items():
        ov: dict = {}
        if st["owner"]:
            ov["owner"] = st["owner"]
            ov["armies"] = {st["owner"]: st["armies"]}
        ov["buildings"] = [BUILDING_ICONS[k] for k in ("castle", "temple", "theater") if st[k]]
        ov["revolts"] = st["revolts"]
        out[name] = ov
    return out


def board_for(game: Game, fonts) -> BoardView:
    data = game.data
    side = game.state.board
    return BoardView(load_map_data(), {p: v.region[side] for p, v in data.provinces.items()},
                     fonts, rect=BOARD, out_of_play=frozenset(data.provinces) - game.in_play(),
                     values={p: (v.tax, v.rice, v.slots) for p, v in data.provinces.items()},
                     kanji={p: v.kanji for p, v in data.provinces.items()}, side=side)


SIZES = ((1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (1280, 1024))


def check(view: BoardView, overlays: dict[str, dict]) -> list[str]:
    problems = []
    placements = view.placements(overlays)
    boxes = []
    for name, pl in placements.items():
        poly = [view.to_screen_f(p) for p in view.polygons[name]]
        if not pl.complete:
            problems.append(f"{name}: no room for its markers")
        for role, box in pl.boxes.items():
            boxes.append((f"{name}.{role}", box))
            if not ml.box_in_polygon(box, poly):
                problems.append(f"{name}.{role} {box} is not inside {name}")
        if name in view.out_of_play and "values" in pl.boxes:
            problems.append(f"{name} is out of play but shows its values")
        wanted = {"name"} | ({"armies"} if overlays.get(name, {}).get("armies") else set())
        if overlays.get(name, {}).get("revolts"):
            wanted.add("revolts")
        if overlays.get(name, {}).get("buildings"):
            wanted.add("slots")
        missing = wanted - set(pl.boxes)
        if missing:
            problems.append(f"{name}: {sorted(missing)} not shown")
    for (a, ba), (b, bb) in itertools.combinations(boxes, 2):
        if ml.boxes_overlap(ba, bb):
            problems.append(f"{a} {ba} overlaps {b} {bb}")
    return problems


@pytest.mark.parametrize(("players", "side", "seed"), [(5, "moon", 5), (3, "sun", 5),
                                                       (5, "sun", 11), (4, "moon", 2)])
def test_crowded_game_markers_fit_inside_their_provinces(fonts, players, side, seed):
    game = crowded(players, side, seed)
    overlays = overlays_of(game)
    assert sum(1 for ov in overlays.values() if ov.get("owner")) >= 20  # really crowded
    view = board_for(game, fonts)
    for size in SIZES:
        rect, k, _, _ = table_geometry(size)
        view.layout(rect)
        view.set_ui_scale(map_text_scale(k))
        assert check(view, overlays) == [], size


def test_the_table_map_grows_with_the_window_and_its_text_does_not_beyond_the_design():
    small, k1, _, _ = table_geometry((1280, 720))
    big, k2, _, _ = table_geometry((1920, 1080))
    tall, _, _, extra = table_geometry((1280, 1024))
    assert big.w > 1.4 * small.w and map_text_scale(k2) == 1.0 < k2
    assert tall.h == small.h + extra and extra > 250  # a taller window gives the map its height
    assert map_text_scale(k1, 1.25) == pytest.approx(k1 * 1.25)  # the text-size setting counts


def test_planning_map_keeps_the_table_guarantees(fonts):
    """The planning screen draws its map natively at the table's size (text scaled like the
    table's): the same guarantees at every supported window size, with no exception."""
    from shogun_desktop.ui.scenes.planning import map_rect

    for players, side in ((5, "moon"), (3, "sun")):
        game = crowded(players, side, 5)
        view = board_for(game, fonts)
        overlays = overlays_of(game)
        for size in SIZES:
            view.layout(map_rect(size))
            view.set_ui_scale(map_text_scale(min(size[0] / 1600, size[1] / 900)))
            assert check(view, overlays) == [], (players, side, size)


def test_the_check_fails_when_a_box_crosses_a_border_or_another(fonts):
    """Proof the containment check can fail: a real layout with one name nudged a little
    past its border, and one army box moved onto the name, are both reported."""
    game = crowded(5, "moon", 5)
    view = board_for(game, fonts)
    overlays = overlays_of(game)
    rect, k, _, _ = table_geometry((1280, 720))
    view.layout(rect)
    view.set_ui_scale(map_text_scale(k))
    placements = view.placements(overlays)
    assert check(view, overlays) == []
    name = "Shima"
    pl = placements[name]
    x, y, w, h = pl.boxes["name"]
    poly = [view.to_screen_f(p) for p in view.polygons[name]]
    dx = next(d for d in range(1, 80) if not ml.box_in_polygon((x + d, y, w, h), poly))
    pl.boxes["name"] = (x + dx, y, w, h)
    try:
        assert f"{name}.name {(x + dx, y, w, h)} is not inside {name}" in check(view, overlays)
    finally:
        pl.boxes["name"] = (x, y, w, h)
    owner = next(n for n, p in placements.items() if "armies" in p.boxes)
    ax, ay, aw, ah = placements[owner].boxes["armies"]
    nx, ny, _, _ = placements[owner].boxes["name"]
    placements[owner].boxes["armies"] = (nx, ny, aw, ah)
    try:
        assert any("overlaps" in p for p in check(view, overlays))
    finally:
        placements[owner].boxes["armies"] = (ax, ay, aw, ah)
    assert check(view, overlays) == []


def test_small_names_break_at_a_hyphen_or_a_syllable_and_abbreviate():
    assert ml.split_name("Awa-Boso") == ("Awa-", "Boso")
    assert ml.split_name("Shimotsuke") == ("Shimo-", "tsuke")
    assert ml.split_name("Mimasaka") == ("Mima-", "saka")
    assert ml.split_name("Izu") is None
    assert ml.abbreviations("Shimotsuke")[:2] == ["Shimotsu.", "Shimots."]
    assert "Awa-." not in ml.abbreviations("Awa-Boso")
    forms = ml.small_labels("Awa-Boso")
    assert forms[0].lines == ("Awa-Boso",) and forms[1].lines == ("Awa-", "Boso")
    assert all(f.short for f in forms[2:]) and not any(f.short for f in forms[:2])


def test_a_tiny_province_gets_a_short_name_inside_rather_than_crossing():
    """A 64x44 province cannot hold "Shimotsuke" in one line at 11 px: the name is broken
    or abbreviated, never below 11 px, and every box stays inside."""
    measure = lambda text, size: (len(text) * size * 6 // 10, size + 2)  # noqa: E731
    square = [(0.0, 0.0), (64.0, 0.0), (64.0, 44.0), (0.0, 44.0)]
    c = ml.Contents("Shimotsuke", 6, 2, 3, ("castle",), 5, 0)
    pl = ml.place_province(ml.Mask(square), (32, 22), c, measure)
    assert pl.complete and pl.name_size >= ml.SMALLEST_NAME
    assert pl.label is not None and pl.label.lines != ("Shimotsuke",)
    assert {"name", "armies", "slots"} <= set(pl.boxes)
    assert all(ml.box_in_polygon(b, square) for b in pl.boxes.values())


def test_synthetic_worst_case_fits(fonts):
    """Every province owned, double-digit armies, a revolt, every building space built: all
    of it fits on a map of 1560x850 (at the table size thin Izu has no room for 10+)."""
    game = crowded(5, "moon", 5)
    view = board_for(game, fonts)
    colours = list(th.PLAYER_ORDER)
    overlays = {}
    for i, (name, p) in enumerate(game.data.provinces.items()):
        c = colours[i % 5]
        overlays[name] = {"owner": c, "armies": {c: 10 + i % 3}, "revolts": 1,
                          "buildings": list(("castle", "temple", "theatre")[:p.slots])}
    view.layout((0, 0, 1560, 850))
    assert check(view, overlays) == []


def test_overlap_and_inside_checks_can_fail():
    square = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]
    assert ml.box_in_polygon((10, 10, 20, 20), square)
    assert not ml.box_in_polygon((90, 10, 20, 20), square)  # pokes out
    notch = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (50.0, 40.0), (0.0, 100.0)]
    assert not ml.box_in_polygon((40, 30, 20, 30), notch)  # the notch cuts into it
    assert ml.boxes_overlap((0, 0, 10, 10), (5, 5, 10, 10))
    assert not ml.boxes_overlap((0, 0, 10, 10), (10, 0, 10, 10))
    mask = ml.Mask(notch)
    assert mask.inside((10, 10, 20, 10)) and not mask.inside((40, 30, 20, 30))


def test_layout_steps_down_before_leaving_anything_out(fonts):
    measure = lambda text, size: (len(text) * size // 2, size + 2)  # noqa: E731
    roomy = ml.Mask([(0.0, 0.0), (300.0, 0.0), (300.0, 200.0), (0.0, 200.0)])
    c = ml.Contents("Province", 4, 3, 2, ("castle",), 7, 1)
    full = ml.place_province(roomy, (150, 100), c, measure)
    assert full.level == 0 and full.name_size == ml.NAME_SIZES[0]
    assert set(full.boxes) == {"name", "values", "slots", "armies", "revolts"}
    tight = ml.Mask([(0.0, 0.0), (70.0, 0.0), (70.0, 40.0), (0.0, 40.0)])
    small = ml.place_province(tight, (35, 20), c, measure)
    assert small.complete and small.level > 0 and "armies" in small.boxes
