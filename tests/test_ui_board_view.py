"""The board view: map transform, hit-testing, cached static layer, overlays."""

from __future__ import annotations

import pygame
import pytest

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.board_view import BoardView, load_map_data
from shogun_desktop.ui.gamefacts import load_board_facts
from shogun_desktop.ui.paths import data_dir

# Two square provinces side by side and one below: A|B share an edge, C is under both.
TINY = {
    "size": [300, 200],
    "provinces": {
        "A": {"polygon": [[0, 0], [100, 0], [100, 100], [0, 100]], "label": [50, 50]},
        "B": {"polygon": [[100, 0], [200, 0], [200, 100], [100, 100]], "label": [150, 50]},
        "C": {"polygon": [[0, 100], [100, 100], [200, 100], [200, 200], [0, 200]],
              "label": [100, 150]},
    },
    "landmasses": [[[0, 0], [200, 0], [200, 200], [0, 200]]],
    "sea_routes": [{"between": ["B", "C"], "points": [[250, 50], [250, 150]]}],
}


@pytest.fixture(scope="module")
def fonts():
    pygame.display.init()
    pygame.display.set_mode((200, 200))
    yield th.Fonts()
    pygame.display.quit()


def test_tiny_map_edges_transform_and_hits(fonts):
    view = BoardView(TINY, {"A": "green", "B": "green", "C": "red"}, fonts,
                     rect=(10, 20, 600, 600))
    kinds = sorted(kind for _, _, kind in view._edges)
    # A|B same region = province border; A-C, B-C = region borders; the outline is coast
    assert kinds.count("province") == 1 and kinds.count("region") == 2
    assert kinds.count("coast") == 7
    for name, label in view.labels.items():
        assert view.province_at(view.to_screen(label)) == name
    assert view.province_at((5, 5)) is None  # outside the rect
    x, y = view.to_map(view.to_screen((123.0, 45.0)))
    assert abs(x - 123) < 1 and abs(y - 45) < 1


def test_real_map_labels_hit_their_province(fonts):
    facts = load_board_facts()
    view = BoardView(load_map_data(), facts.regions["sun"], fonts, rect=(0, 0, 1200, 800))
    assert set(view.polygons) == set(facts.regions["sun"])
    for name, label in view.labels.items():
        assert view.province_at(view.to_screen(label)) == name
    assert view.province_at(view.rect.topleft) is None  # the sea


def test_static_layer_cached_and_invalidated(fonts):
    view = BoardView(TINY, {"A": "green", "B": "green", "C": "red"}, fonts, rect=(0, 0, 300, 300))
    first = view.static_layer()
    assert view.static_layer() is first
    view.set_out_of_play({"A"})
    second = view.static_layer()
    assert second is not first
    view.set_regions({"A": "green", "B": "purple", "C": "red"})
    assert view.static_layer() is not second
    view.layout((0, 0, 400, 400))
    assert view.static_layer().get_size() == (400, 400)


def test_overlays_draw_and_frame_is_cheap(fonts, tmp_path):
    facts = load_board_facts()
    view = BoardView(load_map_data(data_dir() / "map.yaml"), facts.regions["moon"], fonts,
                     rect=(20, 20, 1200, 860), kanji=facts.kanji,
                     out_of_play=facts.out_of_play("moon", 3))
    overlays = {
        "Aki": {"armies": {"red": 5, "green": 2}, "buildings": ["castle", "temple"],
                "revolts": 1, "highlight": "select"},
        "Mino": {"armies": {"blue": 12}, "buildings": ["theatre"], "highlight": "target"},
        "Kai": {"owner": "purple", "highlight": "dim"},
        "Nowhere": {"armies": {"red": 1}},  # unknown names are ignored
    }
    canvas = pygame.Surface((1600, 900))
    canvas.fill(th.PAPER)
    view.draw(canvas, overlays, hover="Omi")  # builds the static layer
    view.draw(canvas, overlays, hover="Omi")  # from the cached static layer
    pygame.image.save(canvas, str(tmp_path / "board.png"))
    # the highlighted province's outline is drawn in gold somewhere on its polygon
    pts = view.screen_polys["Aki"]
    assert any(canvas.get_at(p)[:3] == th.GOLD for p in pts)


def test_title_plate_and_legend_follow_the_window_not_the_slower_map_text(fonts):
    """At 2560x1440 the names grow more slowly than the window (room for them), but the
    legend is body text: it grows with the window like the panels beside the map, and still
    sits in the open sea, clear of every province."""
    facts = load_board_facts()
    sizes = {}
    for k in (1.0, 1.6):
        rect = (0, 0, round(1040 * k), round(702 * k))
        view = BoardView(load_map_data(data_dir() / "map.yaml"), facts.regions["moon"], fonts,
                         rect=rect, kanji=facts.kanji, side="moon")
        view.set_ui_scale(min(k, max(1.0, 0.8 * k)), chrome=k)
        surface = pygame.Surface(rect[2:])
        view.draw(surface, {})
        assert view.legend_rect is not None
        sizes[k] = (view.legend_rect, view.legend_text)
        corners = [view.legend_rect.topleft, view.legend_rect.topright,
                   view.legend_rect.bottomleft, view.legend_rect.bottomright]
        assert not any(view.province_at(c) for c in corners), k
    (small_rect, small_text), (large_rect, large_text) = sizes[1.0], sizes[1.6]
    assert large_text >= round(1.5 * small_text)  # 1.6 x, not the names' 1.28 x
    assert large_rect.h >= 1.5 * small_rect.h
