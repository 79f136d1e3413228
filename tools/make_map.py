"""One-off: generate data/map.yaml (province polygons) from the shared board reference.

Run from the repository root::

    python tools/make_map.py [../shared/reference/board.yaml] [--preview /tmp/map.png]

Method: a power diagram (weighted Voronoi diagram) of seed points, computed exactly in pure
Python by clipping each seed's cell with the half-planes of its bisectors. Each province owns
its printed label position (``board_xy``) plus a few hand-placed auxiliary seeds
(``EXTRA_SEEDS``) that shape it so that two provinces share a border exactly when the board
says they are land neighbours. The coastlines (Honshu and Shikoku, with Tokyo Bay, Ise Bay,
Wakasa Bay and the peninsulas drawn in) are roughened slightly and cut by each cell into
separate pieces (a cell reaching across a bay gives two pieces, never a bridge over water).
The pieces of one province are merged, every vertex is snapped to a 0.5 grid so neighbours
share identical coordinates, and straight borders are made gently wavy (identically on both
sides). The script checks simplicity and adjacency against the reference and refuses to write
a map that disagrees with it (``--force`` writes anyway, for debugging).

Never imported by the game.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import zlib
from collections import defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shogun_desktop.data.mapdata import (  # noqa: E402
    point_in_polygon,
    polygon_area,
    shared_border_length,
)

Point = tuple[float, float]
Poly = list[Point]

SIZE = (2000, 1300)
GRID = 0.5  # vertices are snapped to this grid
MIN_BORDER = 8.0  # a shared border at least this long makes two provinces neighbours

# Coastlines in board coordinates (x right, y down), drawn around the printed label positions.
HONSHU: Poly = [
    # Sea of Japan coast, west to east: Iwami, Izumo (Shimane peninsula), Hoki, Tajima
    (185, 1005), (195, 960), (222, 925), (258, 897), (300, 872), (340, 850), (375, 832),
    (400, 815), (445, 800), (490, 800), (505, 812), (540, 822), (580, 815), (620, 808),
    (660, 815), (700, 828), (740, 838), (790, 842), (830, 840),
    # Tango peninsula, Wakasa Bay, Echizen, Kaga
    (850, 826), (872, 812), (895, 818), (900, 842), (915, 866), (940, 880), (975, 884),
    (1005, 876), (1025, 858), (1040, 835), (1052, 805), (1062, 780), (1080, 762), (1100, 742),
    (1118, 722),
    # Noto peninsula, Toyama Bay, Etchu, Echigo
    (1122, 690), (1132, 660), (1160, 636), (1195, 624), (1232, 628), (1245, 645), (1228, 662),
    (1212, 685), (1214, 712), (1228, 738), (1252, 758), (1290, 772), (1340, 768), (1390, 752),
    (1440, 733), (1500, 708), (1560, 680), (1615, 650), (1660, 620), (1700, 585),
    # Tohoku (Mutsu) runs north
    (1728, 545), (1745, 500), (1755, 455), (1772, 420), (1800, 395), (1840, 385), (1880, 392),
    (1905, 420), (1925, 465), (1945, 520), (1962, 580), (1968, 650), (1962, 720), (1950, 800),
    # Pacific coast: Hitachi, Shimosa (Choshi), Kazusa, Boso peninsula
    (1938, 870), (1942, 935), (1968, 990), (1958, 1030), (1930, 1065), (1918, 1120),
    (1908, 1185), (1892, 1238), (1862, 1272), (1825, 1282), (1798, 1258), (1800, 1222),
    # Tokyo Bay and the Miura peninsula
    (1815, 1182), (1822, 1132), (1812, 1092), (1792, 1066), (1772, 1068), (1766, 1098),
    (1762, 1140), (1748, 1172), (1728, 1162), (1716, 1122),
    # Sagami Bay, Izu peninsula, Suruga Bay, the Tokai coast
    (1690, 1110), (1662, 1118), (1656, 1160), (1650, 1220), (1636, 1265), (1615, 1278),
    (1600, 1250), (1590, 1200), (1585, 1160), (1566, 1130), (1545, 1136), (1520, 1150),
    (1480, 1152), (1430, 1154), (1390, 1150), (1360, 1142), (1320, 1146), (1280, 1140),
    # Ise Bay, Shima
    (1250, 1125), (1225, 1080), (1205, 1065), (1185, 1075), (1170, 1100), (1160, 1140),
    (1175, 1170), (1200, 1180), (1232, 1195), (1226, 1226), (1190, 1236),
    # Kii peninsula (Shionomisaki at the south tip)
    (1140, 1250), (1080, 1262), (1020, 1275), (970, 1292), (930, 1284), (890, 1275),
    (860, 1258), (838, 1232), (832, 1205), (842, 1170), (855, 1130),
    # Osaka Bay and the Inland Sea coast back west
    (862, 1100), (848, 1084), (820, 1074), (790, 1060), (760, 1052), (720, 1050), (680, 1055),
    (640, 1056), (590, 1050), (545, 1046), (500, 1050), (450, 1052), (400, 1062), (350, 1076),
    (300, 1078), (260, 1068), (220, 1048), (195, 1028),
]
SHIKOKU: Poly = [
    (415, 1125), (450, 1105), (500, 1102), (555, 1096), (610, 1090), (660, 1093), (710, 1100),
    (752, 1115), (768, 1150), (762, 1192), (752, 1228), (738, 1268), (725, 1290), (705, 1272),
    (670, 1255), (630, 1250), (590, 1262), (555, 1278), (500, 1285), (470, 1293), (445, 1280),
    (435, 1250), (415, 1225), (400, 1195), (385, 1168), (352, 1156), (358, 1146), (395, 1140),
]
LANDMASSES = [HONSHU, SHIKOKU]

# Auxiliary seeds: extra points owned by a province, shaping its cell.
EXTRA_SEEDS: dict[str, list[Point]] = {
    # Chugoku: Hoki reaches Bingo (between Izumo and Bitchu) and Harima (past Mimasaka)
    "Hoki": [(505, 905), (680, 880)],
    "Harima": [(715, 940)],
    # Shikoku: Iyo and Awa meet between Sanuki and Tosa
    "Iyo": [(565, 1168)],
    "Awa-Shikoku": [(640, 1180)],
    # Kinki: Kii runs along the south coast to Ise; Ise reaches Mino between Omi and Owari
    "Kii": [(960, 1255), (1060, 1262)],
    "Ise": [(1110, 1210), (1145, 1035)],
    "Omi": [(1085, 975)],
    # Chubu: Mino reaches Shinano between Hida and Mikawa; Etchu reaches Kaga below Noto
    "Mino": [(1275, 955)],
    "Hida": [(1310, 890)],
    "Etchu": [(1215, 790)],
    # Kanto: Kozuke reaches Mutsu (between Echigo and Shimotsuke) and Shimosa; Musashi
    # reaches Shinano between Kozuke and Kai; Kai reaches Sagami between Musashi and Suruga
    "Echigo": [(1690, 690)],
    "Mutsu": [(1760, 680)],
    "Shinano": [(1490, 905), (1400, 985)],
    "Kozuke": [(1700, 790), (1690, 900)],
    "Musashi": [(1680, 965), (1600, 945), (1765, 1060)],
    "Kai": [(1610, 1015)],
    "Shimosa": [(1800, 950), (1745, 930), (1835, 1075)],
    "Sagami": [(1745, 1150)],
}

# Power-diagram weights (squared units): a larger weight grows every cell of the province.
WEIGHTS: dict[str, float] = {}

# Waypoints of sea routes that would otherwise cross land.
SEA_ROUTE_VIA: dict[tuple[str, str], list[Point]] = {
    ("Kaga", "Tajima"): [(1000, 800), (800, 812)],
}

SUN_COLOURS = {
    "green": (126, 170, 98), "red": (206, 110, 90), "purple": (160, 120, 180),
    "yellow": (226, 196, 92), "brown": (170, 130, 90),
}


# ----------------------------------------------------------------------------- geometry

def clip(poly: Poly, a: Point, b: float) -> Poly:
    """Sutherland-Hodgman: the part of ``poly`` where a.x <= b."""
    out: Poly = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp = a[0] * p[0] + a[1] * p[1] - b
        fq = a[0] * q[0] + a[1] * q[1] - b
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def clip_pieces(poly: Poly, a: Point, b: float) -> list[Poly]:
    """The part of a simple polygon where a.x < b, as separate simple pieces.

    Like Sutherland-Hodgman, but instead of joining the pieces with zero-width bridges along
    the clip line, each exit point is joined to the entry point that follows it along the line.
    """
    n = len(poly)
    f = [a[0] * x + a[1] * y - b for x, y in poly]
    ring: list[Point] = []
    kind: list[int] = []  # 0 vertex, 1 exit (inside -> outside), 2 entry
    for i in range(n):
        p, q, fp, fq = poly[i], poly[(i + 1) % n], f[i], f[(i + 1) % n]
        if fp < 0:
            ring.append(p)
            kind.append(0)
        if (fp < 0) != (fq < 0):
            t = fp / (fp - fq)
            ring.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
            kind.append(1 if fp < 0 else 2)
    if not ring:
        return []
    if 1 not in kind:
        return [ring]
    # pair crossings along the clip line: each interval of the line inside the polygon
    direction = (-a[1], a[0])
    crossings = sorted((k for k in range(len(ring)) if kind[k]),
                       key=lambda k: ring[k][0] * direction[0] + ring[k][1] * direction[1])
    partner = {}
    for k in range(0, len(crossings) - 1, 2):
        partner[crossings[k]] = crossings[k + 1]
        partner[crossings[k + 1]] = crossings[k]
    pieces = []
    seen: set[int] = set()
    for start in range(len(ring)):
        if start in seen or kind[start] == 2:
            continue
        piece, k = [], start
        while k not in seen:
            seen.add(k)
            piece.append(ring[k])
            if kind[k] == 1:
                k = partner[k]
                seen.add(k)
                piece.append(ring[k])
            k = (k + 1) % len(ring)
        pieces.append(piece)
    return pieces


def power_cell(i: int, seeds: list[tuple[Point, float]]) -> tuple[Poly, list[int]]:
    """The power cell of seed ``i`` in a large box, and the seeds whose bisectors bound it."""
    (px, py), wi = seeds[i]
    cell: Poly = [(-2000, -2000), (4000, -2000), (4000, 3300), (-2000, 3300)]
    planes = []
    for j, ((qx, qy), wj) in enumerate(seeds):
        if j == i:
            continue
        a = (2 * (qx - px), 2 * (qy - py))
        b = qx * qx + qy * qy - px * px - py * py + wi - wj
        planes.append((j, a, b))
    for _j, a, b in planes:
        cell = clip(cell, a, b)
        if not cell:
            return [], []
    active = []
    for j, a, b in planes:
        if any(abs(a[0] * x + a[1] * y - b) < 1e-6 * (abs(b) + 1) for x, y in cell):
            active.append(j)
    return cell, active


def bisector(i: int, j: int, seeds: list[tuple[Point, float]]) -> tuple[Point, float]:
    (px, py), wi = seeds[i]
    (qx, qy), wj = seeds[j]
    return (2 * (qx - px), 2 * (qy - py)), qx * qx + qy * qy - px * px - py * py + wi - wj


def snap_all(polys: dict[str, list[Poly]]) -> dict[str, list[Poly]]:
    """Round to the grid and merge vertices closer than 1.5 grid steps, globally."""
    def rnd(p: Point) -> Point:
        return (round(p[0] / GRID) * GRID, round(p[1] / GRID) * GRID)

    points = {rnd(p) for ps in polys.values() for poly in ps for p in poly}
    parent = {p: p for p in points}

    def find(p: Point) -> Point:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    buckets: dict[tuple[int, int], list[Point]] = defaultdict(list)
    for p in sorted(points):
        buckets[(int(p[0] // 4), int(p[1] // 4))].append(p)
    for (bx, by), ps in buckets.items():
        for p in ps:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for q in buckets.get((bx + dx, by + dy), ()):
                        if q < p and math.dist(p, q) <= 1.5 * GRID + 1e-9:
                            rp, rq = find(p), find(q)
                            if rp != rq:
                                parent[max(rp, rq)] = min(rp, rq)
    out: dict[str, list[Poly]] = {}
    for name, ps in polys.items():
        out[name] = [clean([find(rnd(p)) for p in poly]) for poly in ps]
    return out


def is_spike(a: Point, b: Point, c: Point) -> bool:
    """Does the outline a -> b -> c turn back on itself at b (a zero-width spike)?"""
    ux, uy, vx, vy = b[0] - a[0], b[1] - a[1], c[0] - b[0], c[1] - b[1]
    cross, dot = ux * vy - uy * vx, ux * vx + uy * vy
    return dot < 0 and abs(cross) <= 0.02 * math.hypot(ux, uy) * math.hypot(vx, vy)


def clean(poly: Poly) -> Poly:
    """Drop repeated vertices and zero-width spikes (clipping leaves them across bays)."""
    out = list(poly)
    changed = True
    while changed and len(out) >= 3:
        changed = False
        n = len(out)
        for k in range(n):
            a, b, c = out[k - 1], out[k], out[(k + 1) % n]
            if b == a or is_spike(a, b, c):
                del out[k]
                changed = True
                break
    return out


def union(pieces: list[Poly], name: str, problems: list[str]) -> Poly:
    """Merge edge-to-edge pieces of one province by cancelling their shared edges.

    A province in several parts, with a hole, or touching itself is reported in ``problems``
    (the largest outline is kept so that the preview still shows it).
    """
    edges: dict[tuple[Point, Point], int] = defaultdict(int)
    for poly in pieces:
        n = len(poly)
        for k in range(n):
            e = (poly[k], poly[(k + 1) % n])
            back = (e[1], e[0])
            if edges.get(back, 0) > 0:
                edges[back] -= 1
            else:
                edges[e] += 1
    nxt: dict[Point, list[Point]] = defaultdict(list)
    for (u, v), count in edges.items():
        nxt[u] += [v] * count
    if any(len(vs) > 1 for vs in nxt.values()):
        problems.append(f"{name}: outline touches itself")
    loops: list[Poly] = []
    while any(nxt.values()):
        start = min(u for u, vs in nxt.items() if vs)
        loop = [start]
        while True:
            v = nxt[loop[-1]].pop()
            if v == start:
                break
            loop.append(v)
            if not nxt[v]:
                break
        loops.append(loop)
    if not loops:
        problems.append(f"{name}: empty")
        return []
    if len(loops) > 1:
        problems.append(f"{name}: {len(loops)} separate outlines")
    return max(loops, key=lambda p: abs(polygon_area(p)))


def seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    t = 0.0 if ll == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def edge_dist(p: Point, poly: Poly) -> float:
    n = len(poly)
    return min(seg_dist(p, poly[k], poly[(k + 1) % n]) for k in range(n))


def find_label(poly: Poly, hint: Point) -> Point:
    """The printed label position if it sits well inside, else a roomy point near it."""
    if point_in_polygon(hint, poly) and edge_dist(hint, poly) >= 18:
        return hint
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    best, best_score = hint, -math.inf
    step = 3.0
    y = min(ys) + step / 2
    while y < max(ys):
        x = min(xs) + step / 2
        while x < max(xs):
            if point_in_polygon((x, y), poly):
                score = min(edge_dist((x, y), poly), 25.0) - 0.08 * math.dist((x, y), hint)
                if score > best_score:
                    best, best_score = (x, y), score
            x += step
        y += step
    return (round(best[0]), round(best[1]))


def drop_straight_vertices(polys: dict[str, Poly]) -> dict[str, Poly]:
    """Remove vertices on a straight line that no other province uses."""
    use: dict[Point, int] = defaultdict(int)
    for poly in polys.values():
        for p in set(poly):
            use[p] += 1
    out = {}
    for name, poly in polys.items():
        keep = []
        n = len(poly)
        for k in range(n):
            a, p, b = poly[k - 1], poly[k], poly[(k + 1) % n]
            cross = (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0])
            if use[p] == 1 and abs(cross) < 1e-9:
                continue
            keep.append(p)
        out[name] = keep
    return out


def wiggle(p: Point, q: Point, step: float, amp: float, key: str) -> Poly:
    """Points strictly between p and q along a gently wavy line (deterministic per ``key``).

    The offset is zero at both ends, so the same call from either side of a border gives the
    same points (in reverse order for the reversed edge).
    """
    length = math.dist(p, q)
    n = int(length // step)
    if n < 2:
        return []
    rng = random.Random(zlib.crc32(key.encode()))
    raw = [0.0] + [rng.uniform(-1.0, 1.0) for _ in range(n - 1)] + [0.0]
    smooth = [0.0] + [(raw[k - 1] + 2 * raw[k] + raw[k + 1]) / 4 for k in range(1, n)] + [0.0]
    nx, ny = -(q[1] - p[1]) / length, (q[0] - p[0]) / length
    out = []
    for k in range(1, n):
        t = k / n
        off = amp * smooth[k] * math.sin(math.pi * t) ** 0.5
        out.append((round((p[0] + t * (q[0] - p[0]) + off * nx) / GRID) * GRID,
                    round((p[1] + t * (q[1] - p[1]) + off * ny) / GRID) * GRID))
    return out


def roughen_coast(poly: Poly, name: str) -> Poly:
    """A hand-drawn coastline with small natural irregularities added."""
    out: Poly = []
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        out.append(p)
        out += wiggle(p, q, 7.0, 3.0, f"{name}:{p}:{q}")
    return out


def wiggle_borders(polys: dict[str, Poly]) -> dict[str, Poly]:
    """Make the straight borders between provinces gently wavy, identically on both sides."""
    owners: dict[tuple[Point, Point], int] = defaultdict(int)
    for poly in polys.values():
        for k in range(len(poly)):
            owners[tuple(sorted((poly[k], poly[(k + 1) % len(poly)])))] += 1
    out = {}
    for name, poly in polys.items():
        new: Poly = []
        for k in range(len(poly)):
            p, q = poly[k], poly[(k + 1) % len(poly)]
            new.append(p)
            a, b = sorted((p, q))
            if owners[(a, b)] == 2 and math.dist(a, b) >= 24:
                amp = min(5.0, 0.07 * math.dist(a, b))
                mid = wiggle(a, b, 11.0, amp, f"border:{a}:{b}")
                new += mid if (a, b) == (p, q) else mid[::-1]
        out[name] = new
    return out


# ----------------------------------------------------------------------------- map

def build(ref: dict, problems: list[str]) -> tuple[dict[str, Poly], list[Poly]]:
    """Province polygons (merged, snapped) and the landmass outlines."""
    names = list(ref["provinces"])
    seeds: list[tuple[Point, float]] = []
    owner: list[str] = []
    for name in names:
        pts = [tuple(ref["provinces"][name]["board_xy"])] + EXTRA_SEEDS.get(name, [])
        for p in pts:
            seeds.append(((float(p[0]), float(p[1])), WEIGHTS.get(name, 0.0)))
            owner.append(name)
    lands = [roughen_coast(land if polygon_area(land) > 0 else land[::-1], f"land{k}")
             for k, land in enumerate(LANDMASSES)]
    pieces: dict[str, list[Poly]] = defaultdict(list)
    for i in range(len(seeds)):
        cell, active = power_cell(i, seeds)
        if not cell:
            continue
        for land in lands:
            parts = [land]
            for j in active:
                a, b = bisector(i, j, seeds)
                parts = [piece for part in parts for piece in clip_pieces(part, a, b)]
            pieces[owner[i]] += [p for p in parts if len(p) >= 3 and abs(polygon_area(p)) > 1e-6]
    missing = [n for n in names if n not in pieces]
    if missing:
        raise SystemExit(f"no land for {missing}")
    snapped = snap_all(pieces)
    merged = {n: union([p for p in snapped[n] if len(p) >= 3], n, problems) for n in names}
    land_snapped = snap_all({"land": lands})["land"]
    return wiggle_borders(drop_straight_vertices(merged)), land_snapped


def crosses(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Do the closed segments pq and rs meet?"""
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2, d3, d4 = orient(r, s, p), orient(r, s, q), orient(p, q, r), orient(p, q, s)
    if ((d1 > 0) != (d2 > 0) and d1 != 0 and d2 != 0
            and (d3 > 0) != (d4 > 0) and d3 != 0 and d4 != 0):
        return True
    return any(d == 0 and min(a[0], b[0]) <= c[0] <= max(a[0], b[0])
               and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])
               for d, a, b, c in ((d1, r, s, p), (d2, r, s, q), (d3, p, q, r), (d4, p, q, s)))


def simplicity_report(polys: dict[str, Poly]) -> list[str]:
    """Provinces whose outline crosses or touches itself."""
    problems = []
    for name, poly in polys.items():
        n = len(poly)
        bad = False
        for i in range(n):
            for j in range(i + 1, n):
                if j == i + 1 or (i == 0 and j == n - 1):
                    a, b, c = (poly[i], poly[j], poly[(j + 1) % n]) if j == i + 1 else (
                        poly[j], poly[0], poly[1])
                    cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
                    dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1])
                    bad = bad or (cross == 0 and dot < 0)
                elif crosses(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n]):
                    bad = True
        if bad:
            problems.append(f"{name}: outline is not simple")
    return problems


def adjacency_report(polys: dict[str, Poly], ref: dict) -> list[str]:
    """Every disagreement between the polygons and the reference land borders."""
    want = {frozenset(p) for p in ref["land_borders"]}
    names = sorted(polys)
    bbox = {n: (min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p),
                max(y for _, y in p)) for n, p in polys.items()}
    problems = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ba, bb = bbox[a], bbox[b]
            near = not (ba[2] < bb[0] - 1 or bb[2] < ba[0] - 1 or ba[3] < bb[1] - 1
                        or bb[3] < ba[1] - 1)
            length = shared_border_length(polys[a], polys[b]) if near else 0.0
            touching = near and bool(set(polys[a]) & set(polys[b]))
            if frozenset((a, b)) in want:
                if length < MIN_BORDER:
                    problems.append(f"missing border {a}-{b} (shared {length:.1f})")
            elif length >= 1.0:
                problems.append(f"extra border {a}-{b} (shared {length:.1f})")
            elif touching:
                problems.append(f"point contact {a}-{b}")
    return problems


def sea_route(a: str, b: str, polys: dict[str, Poly], labels: dict[str, Point]) -> list[Point]:
    """From the coast of ``a`` to the coast of ``b``, through optional waypoints."""
    via = SEA_ROUTE_VIA.get((a, b)) or list(reversed(SEA_ROUTE_VIA.get((b, a), [])))
    path = [labels[a], *via, labels[b]]

    def walk(p: Point, q: Point, poly: Poly) -> Point:
        """The first point from p towards q that is outside ``poly``."""
        n = max(2, int(math.dist(p, q) / 0.25))
        for k in range(n + 1):
            t = k / n
            c = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
            if not point_in_polygon(c, poly):
                return (round(c[0] * 2) / 2, round(c[1] * 2) / 2)
        return q

    start = walk(path[0], path[1], polys[a])
    end = walk(path[-1], path[-2], polys[b])
    return [start, *via, end]


def fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def fmt_points(pts: list[Point]) -> str:
    return "[" + ", ".join(f"[{fmt(x)}, {fmt(y)}]" for x, y in pts) + "]"


def write_yaml(path: Path, polys: dict[str, Poly], labels: dict[str, Point], lands: list[Poly],
               routes: list[tuple[str, str, list[Point]]]) -> None:
    lines = [
        "# generated by tools/make_map.py — do not edit by hand",
        f"size: [{SIZE[0]}, {SIZE[1]}]             # map coordinate space (x right, y down)",
        "provinces:",
    ]
    for name in sorted(polys):
        lines.append(f"  {name}:")
        lines.append(f"    polygon: {fmt_points(polys[name])}")
        lines.append(f"    label: {fmt_points([labels[name]])[1:-1]}")
    lines.append("landmasses:")
    lines += [f"  - {fmt_points(land)}" for land in lands]
    lines.append("sea_routes:")
    lines += [f"  - {{between: [{a}, {b}], points: {fmt_points(pts)}}}" for a, b, pts in routes]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def preview(path: str, ref: dict, polys: dict[str, Poly], labels: dict[str, Point],
            lands: list[Poly], routes: list[tuple[str, str, list[Point]]],
            show_seeds: bool, crop: list[int] | None = None) -> None:
    """Render the map to a PNG (headless pygame)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    surf = pygame.Surface(SIZE)
    surf.fill((150, 190, 215))
    for land in lands:
        pygame.draw.polygon(surf, (225, 215, 180), land)
    for name, poly in polys.items():
        colour = SUN_COLOURS[ref["provinces"][name]["region"]["sun"]]
        pygame.draw.polygon(surf, colour, poly)
    for poly in polys.values():
        pygame.draw.polygon(surf, (60, 50, 40), poly, 2)
    for land in lands:
        pygame.draw.polygon(surf, (30, 40, 70), land, 3)
    for _a, _b, pts in routes:
        for (x1, y1), (x2, y2) in zip(pts, pts[1:], strict=False):
            n = max(1, int(math.dist((x1, y1), (x2, y2)) / 10))
            for k in range(0, n, 2):
                t0, t1 = k / n, min(1.0, (k + 1) / n)
                pygame.draw.line(surf, (20, 40, 120), (x1 + t0 * (x2 - x1), y1 + t0 * (y2 - y1)),
                                 (x1 + t1 * (x2 - x1), y1 + t1 * (y2 - y1)), 3)
    if show_seeds:
        for name in polys:
            for p in [ref["provinces"][name]["board_xy"], *EXTRA_SEEDS.get(name, [])]:
                pygame.draw.circle(surf, (0, 0, 0), p, 5)
    font = pygame.font.SysFont(None, 22)
    for name, (x, y) in labels.items():
        text = font.render(name, True, (20, 20, 20))
        surf.blit(text, text.get_rect(center=(x, y)))
    if crop:
        surf = surf.subsurface(pygame.Rect(crop[0], crop[1], crop[2] - crop[0], crop[3] - crop[1]))
    pygame.image.save(surf, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reference", nargs="?", default=str(ROOT / "../shared/reference/board.yaml"))
    parser.add_argument("--out", default=str(ROOT / "data" / "map.yaml"))
    parser.add_argument("--preview", help="also render a PNG preview to this path")
    parser.add_argument("--seeds", action="store_true", help="mark the seeds in the preview")
    parser.add_argument("--crop", help="preview only x0,y0,x1,y1")
    parser.add_argument("--force", action="store_true", help="write even if the check fails")
    args = parser.parse_args(argv)

    ref = yaml.safe_load(Path(args.reference).read_text(encoding="utf-8"))
    problems: list[str] = []
    polys, lands = build(ref, problems)
    labels = {n: find_label(p, tuple(ref["provinces"][n]["board_xy"])) for n, p in polys.items()}
    routes = [(a, b, sea_route(a, b, polys, labels)) for a, b in ref["sea_routes"]]
    problems += simplicity_report(polys) + adjacency_report(polys, ref)
    for line in problems:
        print(line)
    if args.preview:
        preview(args.preview, ref, polys, labels, lands, routes, args.seeds,
                [int(v) for v in args.crop.split(",")] if args.crop else None)
    if problems and not args.force:
        print(f"{len(problems)} problem(s); map not written")
        return 1
    write_yaml(Path(args.out), polys, labels, lands, routes)
    print(f"wrote {args.out}: {len(polys)} provinces, "
          f"{sum(len(p) for p in polys.values())} vertices")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
