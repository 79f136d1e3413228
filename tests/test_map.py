"""data/map.yaml: province polygons that agree with the adjacency in data/board.yaml."""

from __future__ import annotations

import copy
import math
from pathlib import Path

import pytest
import yaml

from shogun_desktop.data.mapdata import (
    MapData,
    MapDataError,
    load_map,
    point_in_polygon,
    polygon_area,
    shared_border_length,
)

ROOT = Path(__file__).resolve().parents[1]
MAP_PATH = ROOT / "data" / "map.yaml"
BOARD_PATH = ROOT / "data" / "board.yaml"
MIN_BORDER = 8.0

Point = tuple[float, float]


@pytest.fixture(scope="module")
def raw_map() -> dict:
    return yaml.safe_load(MAP_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def board() -> dict:
    return yaml.safe_load(BOARD_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def polys(raw_map: dict) -> dict[str, list[Point]]:
    return {n: [(float(x), float(y)) for x, y in p["polygon"]]
            for n, p in raw_map["provinces"].items()}


def bbox(poly: list[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def boxes_meet(a: tuple, b: tuple, margin: float = 1.0) -> bool:
    return not (a[2] < b[0] - margin or b[2] < a[0] - margin
                or a[3] < b[1] - margin or b[3] < a[1] - margin)


def orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def on_segment(a: Point, b: Point, c: Point) -> bool:
    """c is collinear with ab and lies within its box."""
    return (orient(a, b, c) == 0 and min(a[0], b[0]) <= c[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= c[1] <= max(a[1], b[1]))


def segments_meet(p: Point, q: Point, r: Point, s: Point) -> bool:
    """The closed segments pq and rs have a point in common."""
    d1, d2, d3, d4 = orient(r, s, p), orient(r, s, q), orient(p, q, r), orient(p, q, s)
    if (d1 * d2 < 0) and (d3 * d4 < 0):
        return True
    return (on_segment(r, s, p) or on_segment(r, s, q) or on_segment(p, q, r)
            or on_segment(p, q, s))


def segments_cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    """The segments cross properly (each strictly separates the other's ends)."""
    return (orient(r, s, p) * orient(r, s, q) < 0) and (orient(p, q, r) * orient(p, q, s) < 0)


def edges(poly: list[Point]) -> list[tuple[Point, Point]]:
    return [(poly[k], poly[(k + 1) % len(poly)]) for k in range(len(poly))]


def self_intersections(poly: list[Point]) -> list[str]:
    n = len(poly)
    found = []
    es = edges(poly)
    boxes = [(min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1])) for p, q in es]
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                # neighbouring edges share one vertex; they must not fold back on each other
                a, b, c = (es[i][0], es[i][1], es[j][1]) if j == i + 1 else (
                    es[j][0], es[j][1], es[i][1])
                if orient(a, b, c) == 0 and (
                        (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])) < 0:
                    found.append(f"edges {i} and {j} fold back at {b}")
                continue
            if boxes_meet(boxes[i], boxes[j], 0.0) and segments_meet(*es[i], *es[j]):
                found.append(f"edges {i} {es[i]} and {j} {es[j]} meet")
    return found


def distance_to_polygon(pt: Point, poly: list[Point]) -> float:
    best = math.inf
    for a, b in edges(poly):
        dx, dy = b[0] - a[0], b[1] - a[1]
        ll = dx * dx + dy * dy
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / ll))
        best = min(best, math.dist(pt, (a[0] + t * dx, a[1] + t * dy)))
    return best


# ------------------------------------------------------------------------------ the file


def test_every_province_has_a_polygon(raw_map: dict, board: dict) -> None:
    assert set(raw_map["provinces"]) == set(board["provinces"])
    assert len(raw_map["provinces"]) == 45
    for name, entry in raw_map["provinces"].items():
        assert len(entry["polygon"]) >= 3, name
        assert abs(polygon_area(entry["polygon"])) > 100, name


def test_loader_reads_the_committed_map(board: dict) -> None:
    data = load_map(known_provinces=board["provinces"])
    assert isinstance(data, MapData)
    assert data.size == (2000.0, 1300.0)
    assert set(data.provinces) == set(board["provinces"])
    assert all(isinstance(p, tuple) for s in data.provinces.values() for p in s.polygon)
    assert len(data.landmasses) >= 2
    assert len(data.sea_routes) == len(board["sea_routes"])


def test_polygons_are_simple(polys: dict[str, list[Point]]) -> None:
    problems = {n: found for n, p in polys.items() if (found := self_intersections(p))}
    assert not problems, problems


def test_polygons_lie_within_the_map(raw_map: dict, polys: dict[str, list[Point]]) -> None:
    w, h = raw_map["size"]
    outside = [n for n, p in polys.items() if not all(0 <= x <= w and 0 <= y <= h for x, y in p)]
    assert not outside


def test_polygons_do_not_overlap(polys: dict[str, list[Point]]) -> None:
    names = sorted(polys)
    boxes = {n: bbox(polys[n]) for n in names}
    problems = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if not boxes_meet(boxes[a], boxes[b]):
                continue
            ea = [e for e in edges(polys[a]) if boxes_meet(bbox(list(e)), boxes[b])]
            eb = [e for e in edges(polys[b]) if boxes_meet(bbox(list(e)), boxes[a])]
            if any(segments_cross(*e, *f) for e in ea for f in eb):
                problems.append(f"{a} and {b} have crossing edges")
    # every sample point of the map lies in at most one province
    step = 10.0
    y = 3.3
    while y < 1300:
        x = 7.1
        while x < 2000:
            inside = [n for n in names if boxes[n][0] <= x <= boxes[n][2]
                      and boxes[n][1] <= y <= boxes[n][3] and point_in_polygon((x, y), polys[n])]
            if len(inside) > 1:
                problems.append(f"({x}, {y}) lies in {inside}")
            x += step
        y += step
    assert not problems, problems


def test_labels_lie_inside_their_polygon(raw_map: dict, polys: dict[str, list[Point]]) -> None:
    for name, entry in raw_map["provinces"].items():
        label = tuple(entry["label"])
        assert point_in_polygon(label, polys[name]), name
        assert distance_to_polygon(label, polys[name]) >= 5, name
        others = [n for n, p in polys.items() if n != name and point_in_polygon(label, p)]
        assert not others, (name, others)


def test_shared_border_exactly_between_land_neighbours(
    polys: dict[str, list[Point]], board: dict
) -> None:
    want = {frozenset(pair) for pair in board["land_borders"]}
    names = sorted(polys)
    boxes = {n: bbox(polys[n]) for n in names}
    mismatches = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            length = (shared_border_length(polys[a], polys[b])
                      if boxes_meet(boxes[a], boxes[b]) else 0.0)
            if frozenset((a, b)) in want and length < MIN_BORDER:
                mismatches.append(f"{a}-{b}: neighbours, but share only {length:.1f}")
            if frozenset((a, b)) not in want and length >= 1.0:
                mismatches.append(f"{a}-{b}: not neighbours, but share {length:.1f}")
    assert not mismatches, "\n".join(mismatches)


def test_non_neighbours_do_not_touch(polys: dict[str, list[Point]], board: dict) -> None:
    want = {frozenset(pair) for pair in board["land_borders"]}
    names = sorted(polys)
    touching = [
        f"{a}-{b}" for i, a in enumerate(names) for b in names[i + 1:]
        if frozenset((a, b)) not in want and set(polys[a]) & set(polys[b])
    ]
    assert not touching


def test_sea_route_pairs_share_no_land_border(polys: dict[str, list[Point]], board: dict) -> None:
    for a, b in board["sea_routes"]:
        assert shared_border_length(polys[a], polys[b]) == 0.0, (a, b)


def test_borders_use_identical_vertices(polys: dict[str, list[Point]], board: dict) -> None:
    """Both sides of a border list the same vertices, so the drawn map has no slivers."""
    for a, b in board["land_borders"]:
        ea = {frozenset(e) for e in edges(polys[a])}
        exact = sum(math.dist(*tuple(e)) for e in edges(polys[b]) if frozenset(e) in ea)
        assert exact == pytest.approx(shared_border_length(polys[a], polys[b]), abs=1.0), (a, b)


def test_provinces_tile_the_landmasses(raw_map: dict, polys: dict[str, list[Point]]) -> None:
    lands = [[(float(x), float(y)) for x, y in land] for land in raw_map["landmasses"]]
    land_area = sum(abs(polygon_area(land)) for land in lands)
    province_area = sum(abs(polygon_area(p)) for p in polys.values())
    assert province_area == pytest.approx(land_area, rel=0.002)
    for name, entry in raw_map["provinces"].items():
        assert any(point_in_polygon(tuple(entry["label"]), land) for land in lands), name


def test_every_sea_route_has_a_line_over_water(
    raw_map: dict, polys: dict[str, list[Point]], board: dict
) -> None:
    routes = {frozenset(r["between"]): r["points"] for r in raw_map["sea_routes"]}
    assert set(routes) == {frozenset(pair) for pair in board["sea_routes"]}
    for entry in raw_map["sea_routes"]:
        a, b = entry["between"]
        pts = [(float(x), float(y)) for x, y in entry["points"]]
        assert len(pts) >= 2
        assert distance_to_polygon(pts[0], polys[a]) <= 3.0, (a, b)
        assert distance_to_polygon(pts[-1], polys[b]) <= 3.0, (a, b)
        total = sum(math.dist(p, q) for p, q in zip(pts, pts[1:], strict=False))
        walked = 0.0
        for p, q in zip(pts, pts[1:], strict=False):
            seg = math.dist(p, q)
            n = max(1, int(seg / 2))
            for k in range(n + 1):
                d = walked + seg * k / n
                if d < 3.0 or d > total - 3.0:
                    continue
                c = (p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n)
                over = [name for name, poly in polys.items() if point_in_polygon(c, poly)]
                assert not over, f"route {a}-{b} crosses {over} at {c}"
            walked += seg


# ------------------------------------------------------------------------------ the loader


def broken_copy(tmp_path: Path, raw_map: dict, edit) -> Path:
    data = copy.deepcopy(raw_map)
    edit(data)
    path = tmp_path / "map.yaml"
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    path.write_text(yaml.dump(data, Dumper=dumper, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "key", "words"),
    [
        (lambda d: d.pop("size"), "size", "missing"),
        (lambda d: d.pop("landmasses"), "landmasses", "missing"),
        (lambda d: d["provinces"]["Aki"].pop("label"), "provinces.Aki.label", "missing"),
        (lambda d: d["provinces"]["Aki"].pop("polygon"), "provinces.Aki.polygon", "missing"),
        (lambda d: d["provinces"]["Aki"].update(polygon=[[0, 0], [5, 5]]),
         "provinces.Aki.polygon", "at least 3 points"),
        (lambda d: d["provinces"]["Iyo"].update(label=["x", 3]), "provinces.Iyo.label[0]",
         "number"),
        (lambda d: d["sea_routes"][0].update(between=["Aki", "Atlantis"]),
         "sea_routes[0].between", "unknown province 'Atlantis'"),
        (lambda d: d["sea_routes"][1].update(points=[[3, 4]]), "sea_routes[1].points",
         "at least 2 points"),
    ],
)
def test_loader_rejects_broken_copies(
    tmp_path: Path, raw_map: dict, edit, key: str, words: str
) -> None:
    path = broken_copy(tmp_path, raw_map, edit)
    with pytest.raises(MapDataError) as err:
        load_map(path)
    message = str(err.value)
    assert "map.yaml" in message and f"{key}:" in message and words in message, message


def test_loader_checks_the_province_names(tmp_path: Path, raw_map: dict, board: dict) -> None:
    def rename(d: dict) -> None:
        d["provinces"]["Atlantis"] = d["provinces"].pop("Aki")
        d["sea_routes"] = [r for r in d["sea_routes"] if "Aki" not in r["between"]]

    path = broken_copy(tmp_path, raw_map, rename)
    load_map(path)  # a consistent file on its own
    with pytest.raises(MapDataError, match=r"map\.yaml: provinces\.Atlantis: unknown province"):
        load_map(path, known_provinces=board["provinces"])


def test_loader_names_the_file_it_cannot_read(tmp_path: Path) -> None:
    with pytest.raises(MapDataError, match="nowhere.yaml"):
        load_map(tmp_path / "nowhere.yaml")
    bad = tmp_path / "map.yaml"
    bad.write_text("provinces: [unclosed\n", encoding="utf-8")
    with pytest.raises(MapDataError, match=r"map\.yaml: not valid YAML"):
        load_map(bad)


def test_shared_border_length() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    right = [(10.0, 5.0), (20.0, 5.0), (20.0, 20.0), (10.0, 20.0)]
    far = [(30.0, 0.0), (40.0, 0.0), (40.0, 10.0)]
    assert shared_border_length(square, right) == pytest.approx(5.0)
    assert shared_border_length(right, square) == pytest.approx(5.0)
    assert shared_border_length(square, far) == 0.0
    corner = [(10.0, 10.0), (20.0, 10.0), (20.0, 20.0)]
    assert shared_border_length(square, corner) == 0.0
