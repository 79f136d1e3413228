"""Where each province's name, values, building spaces, armies and revolts go on the map.

Pure geometry (no pygame): the caller gives the province outlines in screen pixels and a
``measure(text, size) -> (w, h)`` for the label font; the result is one rectangle per marker.
The layout is what the drawing uses *and* what the tests check: every box lies inside its
own province (so nothing falls into the sea or onto a neighbour) and no two boxes overlap.

Method: each province's outline is rasterised once into a scanline mask with a summed-area
table, so "is this box wholly inside?" is four look-ups. The markers are arranged as a small
block (name, then values + building spaces, then armies + revolts) placed at the free spot
nearest the printed label position; long thin provinces get the markers in one row or
placed one by one, and text steps down in size before anything is left out. The kanji go
beside the name or below it. A small province then gets, in turn: the name at the smallest
size (11 px), in two lines (Awa-/Boso, Shimo-/tsuke), slimmer markers, its buildings in a
column, and finally an abbreviation ("Mima.", the full name is in the tooltip), searched on
a finer grid after a largest-inscribed-rectangle test (``Mask.widest``) has ruled out boxes
that fit nowhere. A province where even that fails is reported (``Placement.complete``
False) rather than drawn overlapping.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]
Box = tuple[int, int, int, int]  # x, y, w, h (screen pixels)
Measure = Callable[[str, int], tuple[int, int]]

MARGIN = 2  # pixels kept clear between a box and the province border or another box
NAME_SIZES = (14, 13, 12)
SMALLEST_NAME = 11  # only where nothing else fits (a few tiny provinces at small sizes)
KANJI_MARK = "\u3000"  # measure() prefix: "this is kanji" (an ideographic space, never drawn)
FINE = 2  # the search grid for small provinces (pixels)
TIGHT = 1  # ... and their boxes' distance from the border (a plate's padding is in its box)
NUMBER_SIZE = 13  # tax, rice and army counts: never smaller (readable at 1280x720)


@dataclass(frozen=True)
class Contents:
    """What one province shows; the sizes of everything follow from this and the fonts."""

    name: str
    tax: int
    rice: int
    slots: int
    buildings: tuple[str, ...] = ()
    armies: int = 0
    revolts: int = 0
    kanji: str = ""


@dataclass(frozen=True)
class Metrics:
    """Pixel sizes of the non-text markers (scaled with the UI scale, never with the map)."""

    icon: int = 14  # tax coin, rice bale, building space, revolt marker
    cube: int = 15  # the army cube
    gap: int = 2
    number: int = NUMBER_SIZE  # tax, rice and army counts

    def scaled(self, k: float) -> Metrics:
        return Metrics(max(10, round(self.icon * k)), max(11, round(self.cube * k)),
                       max(2, round(self.gap * k)), max(NUMBER_SIZE, round(self.number * k)))


@dataclass(frozen=True)
class Label:
    """How a province's name is written: one or two lines of romaji, the kanji beside the
    name or below it (a narrower two-line block). ``short``: an abbreviation (the full name
    is in the province's tooltip)."""

    lines: tuple[str, ...]
    kanji: str = ""
    below: bool = False
    short: bool = False


@dataclass
class Placement:
    """The boxes of one province's markers, by role; ``complete`` False if some had no room."""

    boxes: dict[str, Box] = field(default_factory=dict)
    name_size: int = NAME_SIZES[0]
    complete: bool = True
    level: int = 0  # how much static information was left out for room (see ``reduced``)
    label: Label | None = None  # None: the name in one line, no kanji
    metrics: Metrics | None = None  # the marker sizes the boxes were made for

    def all_boxes(self) -> list[tuple[str, Box]]:
        return list(self.boxes.items())


# ---------------------------------------------------------------- the outline mask
class Mask:
    """A province outline as a filled pixel mask with a summed-area table (inside = 1)."""

    def __init__(self, polygon: Sequence[Point], step: int = 3) -> None:
        self.step = step  # the search grid: coarser on bigger maps, same look
        xs = [p[0] for p in polygon]
        ys = [p[1] for p in polygon]
        self.x0, self.y0 = math.floor(min(xs)), math.floor(min(ys))
        self.w = math.ceil(max(xs)) - self.x0 + 1
        self.h = math.ceil(max(ys)) - self.y0 + 1
        n = len(polygon)
        edges = [(polygon[i], polygon[(i + 1) % n]) for i in range(n)]
        # sat[r][c] = number of inside pixels in rows < r and columns < c
        sat = [[0] * (self.w + 1)]
        for r in range(self.h):
            yc = self.y0 + r + 0.5  # a pixel is inside when its centre is
            cuts = []
            for (ax, ay), (bx, by) in edges:
                if (ay <= yc) != (by <= yc):
                    cuts.append(ax + (yc - ay) * (bx - ax) / (by - ay))
            cuts.sort()
            row = [0] * self.w
            for a, b in zip(cuts[::2], cuts[1::2], strict=False):
                c0 = max(0, math.ceil(a - self.x0 - 0.5))
                c1 = min(self.w, math.floor(b - self.x0 - 0.5) + 1)
                for c in range(c0, c1):
                    row[c] = 1
            prev = sat[-1]
            acc = 0
            line = [0] * (self.w + 1)
            for c in range(self.w):
                acc += row[c]
                line[c + 1] = prev[c + 1] + acc
            sat.append(line)
        self.sat = sat
        self.candidates: dict[tuple, list[tuple[int, int]]] = {}
        self._widest: list[int] | None = None

    def widest(self, h: int) -> int:
        """The width of the widest box of height h wholly inside (0 if none): a quick
        "cannot fit anywhere" test before searching for a spot."""
        if self._widest is None:
            self._widest = self._widest_by_height()
        return self._widest[h] if 0 <= h < len(self._widest) else 0

    def _widest_by_height(self) -> list[int]:
        # the largest-rectangle-in-a-histogram sweep, row by row: every maximal rectangle
        # (height of its lowest column, width of its span) is seen once
        best = [0] * (self.h + 2)
        heights = [0] * (self.w + 1)  # a zero sentinel column at the end
        s = self.sat
        for r in range(self.h):
            for c in range(self.w):
                inside = s[r + 1][c + 1] - s[r][c + 1] - s[r + 1][c] + s[r][c]
                heights[c] = heights[c] + 1 if inside else 0
            stack: list[int] = []
            for c in range(self.w + 1):
                while stack and heights[stack[-1]] >= heights[c]:
                    top = stack.pop()
                    width = c - (stack[-1] + 1 if stack else 0)
                    hh = heights[top]
                    if width > best[hh]:
                        best[hh] = width
                stack.append(c)
        for hh in range(len(best) - 2, -1, -1):  # a taller box that fits: a lower one too
            best[hh] = max(best[hh], best[hh + 1])
        return best

    def can_hold(self, w: int, h: int, margin: int = MARGIN) -> bool:
        """False when no w x h box (grown by margin) fits anywhere inside."""
        return self.widest(h + 2 * margin) >= w + 2 * margin

    def count(self, box: Box) -> int:
        """Inside pixels under box (clipped to the mask)."""
        x, y, w, h = box
        c0 = min(max(0, x - self.x0), self.w)
        r0 = min(max(0, y - self.y0), self.h)
        c1 = min(max(0, x + w - self.x0), self.w)
        r1 = min(max(0, y + h - self.y0), self.h)
        s = self.sat
        return s[r1][c1] - s[r0][c1] - s[r1][c0] + s[r0][c0]

    def inside(self, box: Box, margin: int = MARGIN) -> bool:
        """True when every pixel of box, grown by margin, is inside the outline."""
        x, y, w, h = box
        c0, r0 = x - margin - self.x0, y - margin - self.y0
        c1, r1 = c0 + w + 2 * margin, r0 + h + 2 * margin
        if c0 < 0 or r0 < 0 or c1 > self.w or r1 > self.h:
            return False
        s = self.sat
        total = s[r1][c1] - s[r0][c1] - s[r1][c0] + s[r0][c0]
        return total == (c1 - c0) * (r1 - r0)


# ---------------------------------------------------------------- exact checks (tests)
def point_in_polygon(p: Point, poly: Sequence[Point]) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % n]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return (d1 * d2 < 0) and (d3 * d4 < 0)


def box_in_polygon(box: Box, poly: Sequence[Point]) -> bool:
    """Exact test: all four corners inside and no border segment crossing the box."""
    x, y, w, h = box
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    if not all(point_in_polygon(c, poly) for c in corners):
        return False
    sides = list(zip(corners, corners[1:] + corners[:1], strict=True))
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if x < a[0] < x + w and y < a[1] < y + h:
            return False
        if any(_segments_cross(a, b, c, d) for c, d in sides):
            return False
    return True


def boxes_overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


# ---------------------------------------------------------------- sizes of the markers
def kanji_size(name_size: int) -> int:
    """The kanji are drawn a little smaller than the romaji, like the printed board's."""
    return max(10, name_size - 2)


def label_size(label: Label, measure: Measure, size: int) -> tuple[int, int]:
    """Width and height of a name block (with its plate's padding)."""
    widths, h = [], 0
    for line in label.lines:
        lw, lh = measure(line, size)
        widths.append(lw)
        h += lh
    w = max(widths)
    if label.kanji:
        kw, kh = measure(KANJI_MARK + label.kanji, kanji_size(size))
        w, h = (max(w, kw), h + kh) if label.below else (w + 3 + kw, max(h, kh))
    return w + 4, h


def split_name(name: str) -> tuple[str, str] | None:
    """The name in two lines: at its hyphen (Awa-/Boso), else after a syllable (Shimo-/tsuke),
    the longer line as short as possible; None for names too short to break."""
    if "-" in name:
        head, tail = name.split("-", 1)
        return head + "-", tail
    vowels = "aeiouAEIOU"
    cuts = [i for i in range(2, len(name) - 1)
            if name[i - 1] in vowels and name[i] not in vowels]
    if not cuts:
        return None
    i = min(cuts, key=lambda i: max(i + 1, len(name) - i))
    return name[:i] + "-", name[i:]


def abbreviations(name: str) -> list[str]:
    """Shorter and shorter forms ("Shimotsu.", ... "Shi."), never cut at a hyphen."""
    out = []
    for n in range(len(name) - 2, 2, -1):
        if name[n - 1] == "-":
            continue
        out.append(name[:n] + ".")
    return out


def small_labels(name: str) -> list[Label]:
    """The name forms for a province with no room for its name in one line, best first."""
    forms = [Label((name,))]
    split = split_name(name)
    if split is not None:
        forms.append(Label(split))
    forms.extend(Label((a,), short=True) for a in abbreviations(name))
    return forms


def item_sizes(c: Contents, measure: Measure, name_size: int, m: Metrics,
               label: Label | None = None) -> dict[str, tuple[int, int]]:
    """Width and height of every marker box a province needs."""
    number_size = m.number
    out: dict[str, tuple[int, int]] = {}
    out["name"] = label_size(label or Label((c.name,), c.kanji), measure, name_size)
    if c.tax or c.rice:  # values: the tax number on a coin, the rice number on a bale
        digit_w, digit_h = measure("8", number_size)
        disc = max(m.icon, digit_w + 6, digit_h + 1)
        out["values"] = (2 * disc + 1, disc)
    if c.slots and (c.tax or c.rice or c.buildings):
        out["slots"] = (c.slots * m.icon + (c.slots - 1) * 1, m.icon)
    if c.armies:
        aw = measure(str(c.armies), number_size)[0]
        out["armies"] = (m.cube + 2 + aw, max(m.cube, measure("0", number_size)[1]))
    if c.revolts:
        out["revolts"] = (c.revolts * m.icon + (c.revolts - 1) * 1, m.icon)
    return out


# ---------------------------------------------------------------- arrangements
def _rows(sizes: Mapping[str, tuple[int, int]], rows: Sequence[Sequence[str]], gap: int,
          ) -> tuple[dict[str, Box], int, int]:
    """Boxes of a block of centred rows, relative to the block's top-left; and its size."""
    layout: list[tuple[list[str], int, int]] = []
    for row in rows:
        keys = [k for k in row if k in sizes]
        if not keys:
            continue
        w = sum(sizes[k][0] for k in keys) + gap * 2 * (len(keys) - 1)
        h = max(sizes[k][1] for k in keys)
        layout.append((keys, w, h))
    bw = max(w for _, w, _ in layout)
    boxes: dict[str, Box] = {}
    y = 0
    for keys, w, h in layout:
        x = (bw - w) // 2
        for k in keys:
            kw, kh = sizes[k]
            boxes[k] = (x, y + (h - kh) // 2, kw, kh)
            x += kw + gap * 2
        y += h + gap
    return boxes, bw, y - gap


ARRANGEMENTS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("name",), ("values", "slots"), ("armies", "revolts")),
    (("name",), ("values",), ("slots", "armies", "revolts")),
    (("name",), ("values", "slots", "armies", "revolts")),
    (("name", "values"), ("slots", "armies", "revolts")),
    (("name",), ("values",), ("slots",), ("armies", "revolts")),
    (("name", "values", "slots", "armies", "revolts"),),
)


def _candidates(mask: Mask, anchor: Point, bw: int, bh: int, step: int | None = None,
                ) -> list[tuple[int, int]]:
    """Top-left corners for a bw x bh block, nearest first to centring it on anchor (cached)."""
    step = step or mask.step
    key = (anchor, bw, bh, step)
    found = mask.candidates.get(key)
    if found is None:
        found = mask.candidates[key] = _candidates_uncached(mask, anchor, bw, bh, step)
    return found


def _fitting(mask: Mask, anchor: Point, w: int, h: int, margin: int = MARGIN,
             step: int | None = None) -> list[tuple[int, int]]:
    """The candidates where a w x h box is wholly inside (cached)."""
    step = step or mask.step
    key = ("fit", anchor, w, h, margin, step)
    found = mask.candidates.get(key)
    if found is None:
        found = mask.candidates[key] = [
            (x, y) for x, y in _candidates(mask, anchor, w, h, step)
            if mask.inside((x, y, w, h), margin)]
    return found


def _candidates_uncached(mask: Mask, anchor: Point, bw: int, bh: int, step: int,
                         ) -> list[tuple[int, int]]:
    ax, ay = anchor
    out = []
    for y in range(mask.y0, mask.y0 + mask.h - bh + 1, step):
        for x in range(mask.x0, mask.x0 + mask.w - bw + 1, step):
            out.append(((x + bw / 2 - ax) ** 2 + (y + bh / 2 - ay) ** 2 * 1.5, x, y))
    out.sort()
    return [(x, y) for _, x, y in out]


def _place_block(mask: Mask, anchor: Point, boxes: Mapping[str, Box], bw: int, bh: int,
                 step: int | None = None, margin: int = MARGIN) -> dict[str, Box] | None:
    # the spots are tried lazily, nearest first: the first that holds the block wins
    inside = mask.inside
    for x, y in _candidates(mask, anchor, bw, bh, step):
        if not inside((x, y, bw, bh), 0):
            continue
        placed = {k: (x + b[0], y + b[1], b[2], b[3]) for k, b in boxes.items()}
        if all(inside(b, margin) for b in placed.values()):
            return placed
    # the hull test is stricter than needed when rows are narrower than the block: try the
    # spots where the widest row fits
    wide = max(boxes, key=lambda k: boxes[k][2])
    wx, wy, ww, wh = boxes[wide]
    for x, y in _candidates(mask, (anchor[0], anchor[1] + wy + wh / 2 - bh / 2), ww, wh, step):
        if not inside((x, y, ww, wh), margin):
            continue
        ox, oy = x - wx, y - wy
        placed = {k: (ox + b[0], oy + b[1], b[2], b[3]) for k, b in boxes.items()}
        if all(inside(b, margin) for b in placed.values()):
            return placed
    return None


def _place_one_by_one(mask: Mask, anchor: Point, sizes: Mapping[str, tuple[int, int]],
                      tries: int | None = 40, step: int | None = None,
                      margin: int = MARGIN) -> dict[str, Box] | None:
    """The name at one of its fitting spots nearest the anchor, then each other marker at
    the free spot nearest the anchor; the next name spot is tried when one has no room
    (``tries`` spots, or all of them when None)."""
    nw, nh = sizes["name"]
    others = [k for k in ("armies", "revolts", "slots", "values") if k in sizes]
    spots = {k: _fitting(mask, anchor, *sizes[k], margin, step) for k in others}
    if any(not v for v in spots.values()):
        return None
    names = _fitting(mask, anchor, nw, nh, margin, step)
    for nx, ny in names[:tries] if tries is not None else names:
        placed: dict[str, Box] = {"name": (nx, ny, nw, nh)}
        for key in others:
            w, h = sizes[key]
            for x, y in spots[key]:
                box = (x, y, w, h)
                if not any(boxes_overlap(_grow(box, MARGIN), b) for b in placed.values()):
                    placed[key] = box
                    break
            else:
                break
        else:
            return placed
    return None


def _grow(box: Box, d: int) -> Box:
    return (box[0] - d, box[1] - d, box[2] + 2 * d, box[3] + 2 * d)


def reduced(c: Contents, level: int) -> Contents:
    """Contents with the static facts left out when there is no room (they stay in the tooltip).

    0: everything; 1: no kanji; 2: building spaces only where something is built; 3: no
    tax/rice values either. Armies, revolts, buildings and the name are never left out.
    """
    if level == 0:
        return c
    if level == 1:
        return Contents(c.name, c.tax, c.rice, c.slots, c.buildings, c.armies, c.revolts)
    built = len(c.buildings)
    return Contents(c.name, c.tax if level < 3 else 0, c.rice if level < 3 else 0, built,
                    c.buildings, c.armies, c.revolts)


LEVELS = (0, 1, 2, 3)


def place_province(mask: Mask, anchor: Point, contents: Contents, measure: Measure,
                   metrics: Metrics = Metrics(), name_sizes: Sequence[int] = NAME_SIZES,
                   avoid: Sequence[Box] = ()) -> Placement:
    """The boxes of one province: the most content, then the largest name, that fit.

    Tried in order: the tidy block (name over values and spaces over armies), the kanji
    beside the name and then below it; then less static information; then the markers
    placed one by one. A small province then gets its name in smaller type (never below
    SMALLEST_NAME), in two lines, with slimmer markers on a finer search grid, and as a last
    step an abbreviation (the full name is in the tooltip).

    avoid: other provinces' boxes, kept clear by a name that has to cross the border (only
    when even the shortest abbreviation has no room).
    """
    for level in LEVELS:
        c = reduced(contents, level)
        labels = ([Label((c.name,), c.kanji), Label((c.name,), c.kanji, below=True)]
                  if c.kanji else [Label((c.name,))])
        for size in name_sizes:
            for label in labels:
                sizes = item_sizes(c, measure, size, metrics, label)
                if level == 3:
                    sizes.pop("values", None)
                for rows in ARRANGEMENTS:
                    rel, bw, bh = _rows(sizes, rows, metrics.gap)
                    block = _place_block(mask, anchor, rel, bw, bh)
                    if block is not None:
                        return Placement(block, size, level=level, label=label,
                                         metrics=metrics)
        if level == 0:
            continue  # the kanji only where the tidy block has room for them
        sizes = item_sizes(c, measure, name_sizes[-1], metrics)
        if level == 3:
            sizes.pop("values", None)
        spread = _place_one_by_one(mask, anchor, sizes)
        if spread is not None:
            return Placement(spread, name_sizes[-1], level=level, metrics=metrics)
    # a small province: smaller type, two lines, slimmer markers, a finer grid, then an
    # abbreviation; the name's full form is always in the tooltip
    small = sorted({name_sizes[-1], min(name_sizes[-1], SMALLEST_NAME)}, reverse=True)
    slim = metrics.scaled(0.85)
    for label in small_labels(contents.name):
        for size in small:
            for level in (2, 3):
                c = reduced(contents, level)
                for m, upright in ((metrics, False), (slim, False), (slim, True)):
                    sizes = item_sizes(c, measure, size, m, label)
                    if level == 3:
                        sizes.pop("values", None)
                    if upright:  # building spaces and revolts in a column, not a row
                        for key in ("slots", "revolts"):
                            if key in sizes and sizes[key][0] > sizes[key][1]:
                                sizes[key] = sizes[key][::-1]
                    if not all(mask.can_hold(w, h, TIGHT) for w, h in sizes.values()):
                        continue  # one of the boxes fits nowhere: no search needed
                    for rows in ARRANGEMENTS:
                        rel, bw, bh = _rows(sizes, rows, m.gap)
                        block = _place_block(mask, anchor, rel, bw, bh, FINE, TIGHT)
                        if block is not None:
                            return Placement(block, size, level=level, label=label, metrics=m)
                    spread = _place_one_by_one(mask, anchor, sizes, 200, FINE, TIGHT)
                    if spread is not None:
                        return Placement(spread, size, level=level, label=label, metrics=m)
    # no room for even the shortest name: the game state (armies, revolts, buildings)
    # inside the province, the name where most of it is inside (flagged incomplete)
    size = min(name_sizes[-1], SMALLEST_NAME)
    c = reduced(contents, 3)
    shortest = small_labels(contents.name)[-1]  # crossing as little as it can
    sizes = item_sizes(c, measure, size, slim, shortest)
    sizes.pop("values", None)
    placed: dict[str, Box] = {}
    for key in ("armies", "revolts", "slots"):  # the game state first
        if key not in sizes:
            continue
        kw, kh = sizes[key]
        for x, y in _fitting(mask, anchor, kw, kh, TIGHT, FINE):
            box = (x, y, kw, kh)
            if not any(boxes_overlap(_grow(box, MARGIN), b) for b in placed.values()):
                placed[key] = box
                break
    w, h = sizes["name"]
    ax, ay = anchor
    around = sorted(((x + w / 2 - ax) ** 2 + (y + h / 2 - ay) ** 2, x, y)
                    for x in range(mask.x0 - w // 2, mask.x0 + mask.w - w // 2 + 1, 2)
                    for y in range(mask.y0 - h // 2, mask.y0 + mask.h - h // 2 + 1, 2))
    # only boxes reaching the area the candidates cover can block one (same result, without
    # testing every other province's boxes 1,500 times)
    area = (mask.x0 - w // 2 - MARGIN, mask.y0 - h // 2 - MARGIN, mask.w + w + 2 * MARGIN + 2,
            mask.h + h + 2 * MARGIN + 2)
    blockers = [b for b in (*placed.values(), *avoid) if boxes_overlap(area, b)]
    free = [(x, y) for _, x, y in around[:1500]
            if not any(boxes_overlap(_grow((x, y, w, h), MARGIN), b) for b in blockers)]
    best = max(free[:900] or [(round(anchor[0] - w / 2), round(anchor[1] - h / 2))],
               key=lambda p: mask.count((p[0], p[1], w, h)))
    placed["name"] = (best[0], best[1], w, h)
    return Placement(placed, size, complete=False, level=len(LEVELS), label=shortest,
                     metrics=slim)


def layout_map(polygons: Mapping[str, Sequence[Point]], anchors: Mapping[str, Point],
               contents: Mapping[str, Contents], measure: Measure,
               metrics: Metrics = Metrics(), masks: dict[str, Mask] | None = None,
               ) -> dict[str, Placement]:
    """Placements for every province in contents (screen pixels)."""
    out = {}
    for name, c in contents.items():
        mask = masks.get(name) if masks is not None else None
        if mask is None:
            mask = Mask(polygons[name])
            if masks is not None:
                masks[name] = mask
        out[name] = place_province(mask, anchors[name], c, measure, metrics)
    return out
