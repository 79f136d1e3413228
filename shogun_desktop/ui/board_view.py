"""Drawing the map: a printed-board look cached in layers, per-province markers on top.

The board view knows map geometry (data/map.yaml via ``shogun_desktop.data.mapdata``), the
region of each province for the chosen side and the printed values (tax, rice, building
spaces); it knows nothing of the rules. What changes during a game comes in as one plain
dict per province, straight from a seat's view:

    overlays = {"Aki": {"owner": "red", "armies": {"red": 5}, "buildings": ["castle"],
                        "revolts": 1, "highlight": "target"}}

Keys understood: ``owner`` (colour: the province is filled with it), ``armies`` (colour ->
count), ``buildings`` (castle, temple, theatre), ``revolts`` (int), ``highlight``
("select", "target", "dim" or True).

Layers, each rebuilt only when its inputs change (never per frame): the paper, sea and coast
(window size, side, out-of-play set); the owner fills with the region bands (owners); the
markers' layout (:mod:`shogun_desktop.ui.map_layout`, a pure function the tests check).
Ownership is the loudest signal (fill); the region is a band along the border in colours no
player has, explained by the legend in the cartouche.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from shogun_desktop.data.mapdata import point_in_polygon
from shogun_desktop.i18n import _, ngettext, pgettext
from shogun_desktop.ui import map_layout as ml
from shogun_desktop.ui import theme as th

Point = tuple[float, float]
Overlay = Mapping[str, Any]

HIGHLIGHT_COLOURS = {"select": th.GOLD, "target": th.PAPER_LIGHT, True: th.GOLD}
BUILDINGS = ("castle", "temple", "theatre")
MAX_STRETCH = 1.3  # the map may be drawn this much taller than wide, to fill the table
OWNER_TINT = 0.3  # owner colour mixed this much toward the paper: strong, not garish
COIN = (222, 178, 64)
BALE = (178, 204, 120)
PLATE = (250, 246, 234)


def load_map_data(path=None):
    """The map geometry (data/map.yaml), through the data package's validating loader."""
    from shogun_desktop.data.mapdata import load_map

    return load_map(path)


def _field(obj: Any, name: str) -> Any:
    """Attribute or mapping key: accepts MapData objects and the raw YAML dicts alike."""
    return obj[name] if isinstance(obj, Mapping) else getattr(obj, name)


def dashed_line(surface: pygame.Surface, colour, a: Point, b: Point, width: int = 2,
                dash: float = 9, gap: float = 6) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(t + dash, length)
        pygame.draw.line(surface, colour, (a[0] + ux * t, a[1] + uy * t),
                         (a[0] + ux * e, a[1] + uy * e), width)
        t = e + gap


BUILDING_ICONS = {"castle": "castle", "temple": "temple", "theater": "theatre"}


def state_overlays(provinces: Mapping[str, Mapping[str, Any]], *,
                   revolts: bool = True) -> dict[str, dict[str, Any]]:
    """Each province's public state as the map draws it (owner fill, armies, buildings and,
    unless ``revolts`` is False, revolt markers), from a view's ``provinces``; every
    province has an entry (empty when neutral and bare), to which scenes add highlights."""
    out: dict[str, dict[str, Any]] = {}
    for name, st in provinces.items():
        ov: dict[str, Any] = {}
        if st["owner"]:
            ov["owner"] = st["owner"]
            if st["armies"]:
                ov["armies"] = {st["owner"]: st["armies"]}
        b = [icon for k, icon in BUILDING_ICONS.items() if st[k]]
        if b:
            ov["buildings"] = b
        if revolts and st["revolts"]:
            ov["revolts"] = st["revolts"]
        out[name] = ov
    return out


def province_tip(data: Any, view: Mapping[str, Any], name: str, region: str,
                 player_name: Any) -> str:
    """A province's tooltip, from public facts only: name and kanji, region, values, who
    holds it with how many armies, revolt markers and buildings (the table and the end
    screen; the map may show the name abbreviated). ``player_name(colour)`` names a seat."""
    p = data.provinces[name]
    st = view["provinces"][name]
    n_seats = len(view["seats"])
    if name not in view["in_play"]:
        held = ngettext("out of play with {n} player", "out of play with {n} players",
                        n_seats).format(n=n_seats)
    elif st["owner"]:
        held = _("held by {player}").format(player=player_name(st["owner"]))
    else:
        held = _("held by nobody")
    built = [data.building_name(b) for b in ("castle", "temple", "theater") if st[b]]
    kanji = f" {p.kanji}" if p.kanji else ""
    lines = [
        _("{province} — {region}").format(province=f"{name}{kanji}",
                                          region=th.region_label(region)),
        ngettext("tax {tax} · rice {rice} · {n} building space",
                 "tax {tax} · rice {rice} · {n} building spaces", p.slots).format(
            tax=p.tax, rice=p.rice, n=p.slots),
        _("{held} · {armies} · {revolts}").format(
            held=held,
            armies=ngettext("{n} army", "{n} armies", st["armies"]).format(n=st["armies"]),
            revolts=ngettext("{n} revolt marker", "{n} revolt markers",
                             st["revolts"]).format(n=st["revolts"])),
    ]
    if built:
        lines.append(_("buildings: {list}").format(list=pgettext("list", ", ").join(built)))
    return "\n".join(lines)


def owner_fill(colour: str) -> th.RGB:
    """The fill of a province owned by colour."""
    return th.mix(th.colour_of(colour), th.PAPER_LIGHT, OWNER_TINT)


class BoardView:
    """The map fitted into a screen rect; draws it and answers "which province is here?"."""

    # Outline masks and marker placements are pure functions of the geometry, the rect and
    # the text size: shared by every view of the same map (the table and each seat's
    # planning screen), so a new screen does not lay the map out again. A few sizes kept.
    _shared: dict[tuple, tuple[dict, dict]] = {}
    _SHARED_MAX = 6

    def __init__(
        self,
        map_data: Any,
        regions: Mapping[str, str],
        fonts: th.Fonts,
        *,
        rect: pygame.Rect | Sequence[int] = (0, 0, 1000, 650),
        out_of_play: Iterable[str] = (),
        show_names: bool | None = None,  # None: only when names are large enough to read
        kanji: Mapping[str, str] | None = None,
        values: Mapping[str, tuple[int, int, int]] | None = None,  # tax, rice, spaces
        side: str | None = None,
        ui_scale: float = 1.0,
    ) -> None:
        self.fonts = fonts
        self.map_size = tuple(float(v) for v in _field(map_data, "size"))
        self.polygons: dict[str, list[Point]] = {}
        self.labels: dict[str, Point] = {}
        for name, shape in _field(map_data, "provinces").items():
            self.polygons[name] = [(float(x), float(y)) for x, y in _field(shape, "polygon")]
            lx, ly = _field(shape, "label")
            self.labels[name] = (float(lx), float(ly))
        self.landmasses = [[(float(x), float(y)) for x, y in poly]
                           for poly in _field(map_data, "landmasses")]
        self.sea_routes = [[(float(x), float(y)) for x, y in _field(r, "points")]
                           for r in _field(map_data, "sea_routes")]
        xs = [p[0] for poly in [*self.polygons.values(), *self.landmasses] for p in poly]
        ys = [p[1] for poly in [*self.polygons.values(), *self.landmasses] for p in poly]
        pad = 0.012 * max(max(xs) - min(xs), max(ys) - min(ys))
        # the drawn area: the land plus a little sea, not the whole coordinate box
        self.bounds = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
        self.bboxes = {n: (min(p[0] for p in poly), min(p[1] for p in poly),
                           max(p[0] for p in poly), max(p[1] for p in poly))
                       for n, poly in self.polygons.items()}
        self.regions = dict(regions)
        self.out_of_play = frozenset(out_of_play)
        self.show_names = show_names
        self.kanji = dict(kanji or {})
        self.values = dict(values or {})
        self.side = side
        self.ui_scale = ui_scale
        # the title plate and legend: body text, so they follow the window like the panels
        # (names and markers follow ui_scale, which grows more slowly to give them room)
        self.chrome_scale = ui_scale
        self.legend_rect: pygame.Rect | None = None
        self.legend_text = 0  # its text size in pixels, once drawn
        self._edges = self._classify_edges()
        self._base: pygame.Surface | None = None
        self._base_key: tuple | None = None
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._marked: pygame.Surface | None = None
        self._marked_key: tuple | None = None
        self._masks: dict[str, ml.Mask] = {}
        self._placements: dict[str, tuple[ml.Contents, ml.Placement]] = {}
        self._geometry_key = hash((tuple(sorted((n, tuple(p)) for n, p in self.polygons.items())),
                                   tuple(sorted(self.labels.items()))))
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.sx = self.sy = 1.0
        self.offset = (0.0, 0.0)
        self.screen_polys: dict[str, list[tuple[int, int]]] = {}
        self.layout(rect)

    # ---------------------------------------------------------------- geometry
    def layout(self, rect: pygame.Rect | Sequence[int]) -> None:
        """Fit the land into rect, centred, stretched at most MAX_STRETCH one way to fill it."""
        rect = pygame.Rect(rect)
        if rect == self.rect:
            return
        self.rect = rect
        bx0, by0, bx1, by1 = self.bounds
        mw, mh = bx1 - bx0, by1 - by0
        sx, sy = rect.w / mw, rect.h / mh
        sx, sy = min(sx, sy * MAX_STRETCH), min(sy, sx * MAX_STRETCH)
        self.sx, self.sy = sx, sy
        self.scale = min(sx, sy)
        self.offset = (rect.x + (rect.w - mw * sx) / 2 - bx0 * sx,
                       rect.y + (rect.h - mh * sy) / 2 - by0 * sy)
        self.screen_polys = {n: [self.to_screen(p) for p in poly]
                             for n, poly in self.polygons.items()}
        self._base = self._static = None
        self._attach_shared()

    def _attach_shared(self) -> None:
        """Use the masks and placements cached for this geometry, rect and text size."""
        key = (self._geometry_key, tuple(self.rect), self.ui_scale)
        shared = BoardView._shared.get(key)
        if shared is None:
            if len(BoardView._shared) >= BoardView._SHARED_MAX:
                BoardView._shared.pop(next(iter(BoardView._shared)))
            shared = BoardView._shared[key] = ({}, {})
        self._masks, self._placements = shared

    def to_screen(self, p: Point) -> tuple[int, int]:
        return (round(self.offset[0] + p[0] * self.sx), round(self.offset[1] + p[1] * self.sy))

    def to_screen_f(self, p: Point) -> Point:
        return (self.offset[0] + p[0] * self.sx, self.offset[1] + p[1] * self.sy)

    def to_map(self, pos: Sequence[float]) -> Point:
        return ((pos[0] - self.offset[0]) / self.sx, (pos[1] - self.offset[1]) / self.sy)

    def province_at(self, screen_pos: Sequence[float] | None) -> str | None:
        """The province under a screen point (None over the sea or outside the map)."""
        if screen_pos is None or not self.rect.collidepoint(screen_pos):
            return None
        x, y = self.to_map(screen_pos)
        for name, (x0, y0, x1, y1) in self.bboxes.items():
            if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon((x, y), self.polygons[name]):
                return name
        return None

    def label_pos(self, province: str) -> tuple[int, int]:
        return self.to_screen(self.labels[province])

    def set_regions(self, regions: Mapping[str, str]) -> None:
        if dict(regions) != self.regions:
            self.regions = dict(regions)
            self._edges = self._classify_edges()
            self._static = None

    def set_ui_scale(self, value: float, chrome: float | None = None) -> None:
        """Marker and label sizes follow the text size (and a native window's scale);
        ``chrome`` (default: the same) sizes the title plate and the legend."""
        chrome = value if chrome is None else chrome
        if value != self.ui_scale:
            self.ui_scale = value
            self._attach_shared()
            self._static = None
            self._marked = None
        if chrome != self.chrome_scale:
            self.chrome_scale = chrome
            self._static = None

    def set_out_of_play(self, provinces: Iterable[str]) -> None:
        provinces = frozenset(provinces)
        if provinces != self.out_of_play:
            self.out_of_play = provinces
            self._base = self._static = None

    def _classify_edges(self) -> list[tuple[Point, Point, str]]:
        """Every polygon edge once, as 'coast', 'region' (different regions) or 'province'.

        Neighbouring polygons share identical vertices (tools/make_map.py), so a shared
        border is the same segment in both polygons; a segment found once is coast.
        """
        owners: dict[tuple, list[str]] = {}
        segs: dict[tuple, tuple[Point, Point]] = {}
        for name, poly in self.polygons.items():
            n = len(poly)
            for i in range(n):
                a, b = poly[i], poly[(i + 1) % n]
                ka = (round(a[0], 1), round(a[1], 1))
                kb = (round(b[0], 1), round(b[1], 1))
                key = (ka, kb) if ka <= kb else (kb, ka)
                owners.setdefault(key, []).append(name)
                segs[key] = (a, b)
        edges = []
        for key, names in owners.items():
            if len(names) == 1:
                kind = "coast"
            elif len({self.regions.get(n) for n in names}) > 1:
                kind = "region"
            else:
                kind = "province"
            edges.append((*segs[key], kind))
        return edges

    # ---------------------------------------------------------------- the marker layout
    def names_visible(self) -> bool:
        return self.show_names if self.show_names is not None else self.scale >= 0.35

    def metrics(self) -> ml.Metrics:
        return ml.Metrics().scaled(self.ui_scale) if self.ui_scale != 1.0 else ml.Metrics()

    def measure(self, text: str, size: int) -> tuple[int, int]:
        """Width/height of a marker text: names in the label face, numbers in sans bold,
        kanji (marked by ml.KANJI_MARK) in the CJK face."""
        if text.startswith(ml.KANJI_MARK):
            return self.fonts.font(size, kanji=True).size(text[len(ml.KANJI_MARK):])
        if text.isdigit():
            return self.fonts.size(text, size, True)
        return self.fonts.label_size(text, size)

    def contents(self, name: str, ov: Overlay | None) -> ml.Contents:
        ov = ov or {}
        tax, rice, slots = self.values.get(name, (0, 0, 0))
        if name in self.out_of_play:
            tax = rice = slots = 0
        armies = sum(int(n) for n in (ov.get("armies") or {}).values())
        return ml.Contents(name, tax, rice, slots,
                           tuple(b for b in ov.get("buildings") or () if b in BUILDINGS),
                           armies, int(ov.get("revolts") or 0), self._kanji_of(name))

    def _kanji_of(self, name: str) -> str:
        """The province's kanji when the shipped CJK subset can draw them, else ''.

        They are the printed board's Japanese forms from data/board.yaml in every language,
        zh_Hant included (武蔵, not the Traditional Chinese 武藏;安芸, not 安藝): the province
        is named as on the board the players know, like its romaji, and drawn in the Japanese
        serif face (docs/translation-glossary.md, "Kanji of province names")."""
        k = self.kanji.get(name, "")
        return k if k and self.fonts.has_glyphs(k, kanji=True) else ""

    def placements(self, overlays: Mapping[str, Overlay]) -> dict[str, ml.Placement]:
        """The marker boxes of every province (cached per province and contents).

        A province too small for its name is placed last, its name kept clear of every
        other province's boxes.
        """
        out: dict[str, ml.Placement] = {}
        changed = False
        for name in self.polygons:
            c = self.contents(name, overlays.get(name))
            cached = self._placements.get(name)
            if cached is None or cached[0] != c:
                changed = True
                placement = ml.place_province(self._mask(name), self._anchor(name), c,
                                              self.measure, self.metrics(),
                                              _name_sizes(self.ui_scale))
                cached = self._placements[name] = (c, placement)
            out[name] = cached[1]
        if changed:
            for name, pl in out.items():
                if pl.complete:
                    continue
                avoid = [b for n, other in out.items() if n != name
                         for b in other.boxes.values()]
                c = self._placements[name][0]
                pl = ml.place_province(self._mask(name), self._anchor(name), c, self.measure,
                                       self.metrics(), _name_sizes(self.ui_scale), avoid)
                self._placements[name] = (c, pl)
                out[name] = pl
        return out

    def _mask(self, name: str) -> ml.Mask:
        mask = self._masks.get(name)
        if mask is None:
            mask = self._masks[name] = ml.Mask([self.to_screen_f(p) for p in self.polygons[name]],
                                               step=max(3, round(3 * self.ui_scale)))
        return mask

    def _anchor(self, name: str) -> Point:
        return self.to_screen_f(self.labels[name])

    # ---------------------------------------------------------------- static layers
    def _local(self, p: Point) -> tuple[int, int]:
        sx, sy = self.to_screen(p)
        return (sx - self.rect.x, sy - self.rect.y)

    def _build_base(self) -> pygame.Surface:
        """Paper-and-ink base: sea with waves, coast shading, land paper, out-of-play, routes."""
        r = self.rect
        surf = pygame.Surface(r.size).convert()
        surf.fill(th.SEA)
        rng = random.Random(1600)  # deterministic texture
        # sea: a soft vertical gradient and wave marks
        for y in range(0, r.h, 4):
            pygame.draw.rect(surf, th.mix(th.SEA, th.SEA_DARK, 0.55 * y / max(1, r.h)),
                             (0, y, r.w, 4))
        wave = th.mix(th.SEA, th.PAPER_LIGHT, 0.28)
        step = max(16, round(48 * self.scale))
        for _i in range(int(r.w * r.h / (step * step * 1.6))):
            wx, wy = rng.uniform(0, r.w), rng.uniform(0, r.h)
            ww = step * 0.55
            pygame.draw.arc(surf, wave, (wx, wy, ww, ww * 0.5), 0.4, math.pi - 0.4, 1)
            pygame.draw.arc(surf, wave, (wx + ww * 0.8, wy, ww, ww * 0.5), 0.4, math.pi - 0.4, 1)
        lands = [[self._local(p) for p in poly] for poly in self.landmasses]
        # coastline shading: concentric bands fading into the sea, like engraved water lines
        glow = pygame.Surface(r.size, pygame.SRCALPHA)
        for width, alpha in ((int(26 * self.scale) + 6, 40), (int(16 * self.scale) + 4, 60),
                             (int(8 * self.scale) + 2, 90)):
            for pts in lands:
                if len(pts) >= 3:
                    pygame.draw.polygon(glow, (*th.SEA_DARK, alpha), pts, width)
                    for p in pts:
                        pygame.draw.circle(glow, (*th.SEA_DARK, alpha // 3), p, width // 2)
        surf.blit(glow, (0, 0))
        for pts in lands:
            if len(pts) >= 3:
                pygame.draw.polygon(surf, th.LAND, pts)
        # paper grain on the land
        grain_dark = th.darken(th.LAND, 0.06)
        grain_light = th.lighten(th.LAND, 0.12)
        land_mask = pygame.mask.from_threshold(surf, th.LAND, (1, 1, 1, 255))
        for _i in range(int(r.w * r.h / 30)):
            x, y = rng.randrange(r.w), rng.randrange(r.h)
            if land_mask.get_at((x, y)):
                surf.set_at((x, y), grain_dark if rng.random() < 0.6 else grain_light)
        hatch = th.darken(th.OUT_OF_PLAY, 0.3)
        for name, poly in self.polygons.items():
            if name in self.out_of_play:
                pts = [self._local(p) for p in poly]
                pygame.draw.polygon(surf, th.OUT_OF_PLAY, pts)
                self._hatch(surf, pts, hatch, max(6, round(14 * self.scale)))
        return surf

    def base_layer(self) -> pygame.Surface:
        key = (self.rect.size, self.out_of_play)
        if self._base is None or key != self._base_key:
            self._base = self._build_base()
            self._base_key = key
        return self._base

    def _build_static(self, owners: Mapping[str, str]) -> pygame.Surface:
        """The base plus owner fills, region bands, borders, sea routes and the cartouche."""
        surf = self.base_layer().copy()
        s = self.scale
        # a small preview (no names, no owners) shows the regions as a light tint instead
        region_tint = not self.names_visible()
        for name, poly in self.polygons.items():
            owner = owners.get(name)
            if name in self.out_of_play:
                continue
            if owner:
                pygame.draw.polygon(surf, owner_fill(owner), [self._local(p) for p in poly])
            elif region_tint and self.regions.get(name) in th.REGION_COLOURS:
                tint = th.mix(th.REGION_COLOURS[self.regions[name]], th.LAND, 0.55)
                pygame.draw.polygon(surf, tint, [self._local(p) for p in poly])
        # region band: inside each province along its border, clipped to the province
        band = max(3, round(7 * s))
        for name, poly in self.polygons.items():
            if name in self.out_of_play or name not in self.regions:
                continue
            colour = th.REGION_COLOURS.get(self.regions[name])
            if colour is None:
                continue
            pts = [self._local(p) for p in poly]
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            local = [(x - box.x, y - box.y) for x, y in pts]
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*colour, 255), local, band * 2)
            for p in local:
                pygame.draw.circle(layer, (*colour, 255), p, band)
            mask = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), local)
            layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(layer, box.topleft)
        thin = max(1, round(1.5 * s))
        thick = max(2, round(4 * s))
        border_ink = th.mix(th.INK, th.PAPER, 0.35)
        for a, b, kind in self._edges:
            if kind == "province":
                pygame.draw.line(surf, border_ink, self._local(a), self._local(b), thin)
        for a, b, kind in self._edges:
            if kind in ("region", "coast"):
                width = thick if kind == "region" else max(2, round(3 * s))
                pa, pb = self._local(a), self._local(b)
                pygame.draw.line(surf, th.INK, pa, pb, width)
                if width > 2:  # round joints so thick borders have no notches
                    pygame.draw.circle(surf, th.INK, pa, width // 2)
        # sea routes: ink dashes on a pale casing, anchors at both ends
        route_w = max(2, round(4 * s))
        for route in self.sea_routes:
            lp = [self._local(p) for p in route]
            for pa, pb in zip(lp, lp[1:], strict=False):
                pygame.draw.line(surf, th.PAPER_LIGHT, pa, pb, route_w + 4)
            for pa, pb in zip(lp, lp[1:], strict=False):
                dashed_line(surf, th.INK, pa, pb, route_w, dash=max(5, 16 * s),
                            gap=max(4, 10 * s))
            for p in (lp[0], lp[-1]):
                pygame.draw.circle(surf, th.PAPER_LIGHT, p, max(4, round(8 * s)))
                pygame.draw.circle(surf, th.INK, p, max(4, round(8 * s)), 2)
                pygame.draw.circle(surf, th.INK, p, max(1, round(3 * s)))
        if self.names_visible():
            self._draw_cartouche(surf)
        return surf

    def static_layer(self, owners: Mapping[str, str] | None = None) -> pygame.Surface:
        owners = dict(owners or {})
        key = (self.rect.size, tuple(sorted(self.regions.items())), self.out_of_play,
               self.names_visible(), tuple(sorted(owners.items())), self.side)
        if self._static is None or key != self._static_key:
            self._static = self._build_static(owners)
            self._static_key = key
        return self._static

    def _sea_corner(self) -> pygame.Rect:
        """The open sea north-west of the land (above Chugoku, left of Noto), local coords."""
        x0, y0 = self._local((self.bounds[0], self.bounds[1]))
        x1, y1 = self._local((1090.0, 790.0))
        return pygame.Rect(x0 + 8, y0 + 8, max(0, x1 - x0 - 16), max(0, y1 - y0 - 16))

    def _draw_cartouche(self, surf: pygame.Surface) -> None:
        """Title plate with the side's emblem, and the region legend, in the open sea."""
        area = self._sea_corner()
        k = self.chrome_scale
        # shrink the cartouche (not below 80 %) until plate and legend fit the open sea
        rows_n = len({r for n, r in self.regions.items() if n not in self.out_of_play})
        while k > 0.8 and round(74 * k) + 8 + 14 + round(20 * k) * (2 + (rows_n + 1) // 2) \
                > area.h:
            k -= 0.05
        title = round(26 * k)
        small = max(14, round(14 * k))  # the legend is body text: never under 14 px
        fonts = self.fonts
        if area.w < 200 or area.h < 120:
            return
        plate = pygame.Rect(area.x, area.y, min(area.w, round(360 * k)), round(74 * k))
        _parchment(surf, plate)
        em = plate.h - 20
        er = pygame.Rect(plate.x + 10, plate.y + 10, em, em)
        draw_emblem(surf, self.side or "sun", er)
        tx = er.right + 12
        t = fonts.label("SHOGUN", title, th.INK)
        surf.blit(t, (tx, plate.y + 8))
        kj = fonts.kanji("将軍", title - 4, th.VERMILION_DARK)
        if kj is not None:
            surf.blit(kj, (tx + t.get_width() + 10, plate.y + 8))
        side = {"sun": _("Sun side of the board"), "moon": _("Moon side of the board")}.get(
            self.side or "", _("The board"))
        room = plate.right - 8 - tx
        if fonts.size(side, small)[0] > room:  # a long language: the setup screen's words
            side = {"sun": _("Sun side"), "moon": _("Moon side")}.get(self.side or "", side)
        th.blit_text(surf, fonts, side, (tx, plate.bottom - 8), small, th.INK_SOFT,
                     anchor="bottomleft")
        # legend
        rows = sorted({r for n, r in self.regions.items() if n not in self.out_of_play},
                      key=lambda r: list(th.REGION_COLOURS).index(r)
                      if r in th.REGION_COLOURS else 99)
        line = max(round(20 * k), small + 4)
        labels = {r: _("{region} ({n})").format(
                     region=th.region_label(r),
                     n=sum(1 for n, rr in self.regions.items()
                           if rr == r and n not in self.out_of_play))
                  for r in rows}
        # Two columns when every label fits its half (the legend may be wider than the
        # title plate, up to the open sea's width); else one column: never a cut label.
        header = _("Regions (border band)")
        widest = max(fonts.size(t, small)[0] + 40 for t in labels.values())
        cols = 2 if 2 * widest + 20 <= area.w else 1
        lg_w = min(area.w, max(plate.w, cols * widest + 20,
                               fonts.size(header, small, True)[0] + 20))
        legend_h = 14 + line * (2 + (len(rows) + cols - 1) // cols + (cols == 1 and bool(self.out_of_play)))
        lg = pygame.Rect(plate.x, plate.bottom + 8, lg_w, legend_h)
        if lg.bottom > area.bottom:
            return
        _parchment(surf, lg)
        self.legend_rect, self.legend_text = lg, small  # where it went, for the tests
        y = lg.y + 6
        th.blit_text(surf, fonts, header, (lg.x + 10, y), small, th.INK,
                     bold=True)
        col_w = (lg.w - 20) // cols
        for i, region in enumerate(rows):
            cx = lg.x + 10 + (i % cols) * col_w
            cy = y + line * (1 + i // cols)
            sw = pygame.Rect(cx, cy + 3, 26, line - 6)
            pygame.draw.rect(surf, th.PAPER_LIGHT, sw)
            pygame.draw.rect(surf, th.REGION_COLOURS.get(region, th.LAND), sw.inflate(-2, -2), 4)
            pygame.draw.rect(surf, th.INK, sw, 1)
            th.blit_text(surf, fonts, labels[region], (sw.right + 6, cy + line // 2), small,
                         th.INK, anchor="midleft")
        y = y + line * (1 + (len(rows) + cols - 1) // cols)
        # sea route and out-of-play keys
        dashed_line(surf, th.INK, (lg.x + 10, y + line // 2), (lg.x + 36, y + line // 2), 3, 6, 4)
        th.blit_text(surf, fonts, fonts.fit(_("sea route"), small, col_w - 36),
                     (lg.x + 42, y + line // 2), small, th.INK, anchor="midleft")
        if self.out_of_play:
            if cols == 1:  # its own line under the sea route
                y += line
            sw = pygame.Rect(lg.x + 10 + (col_w if cols == 2 else 0), y + 3, 26, line - 6)
            pygame.draw.rect(surf, th.OUT_OF_PLAY, sw)
            self._hatch(surf, [sw.topleft, sw.topright, sw.bottomright, sw.bottomleft],
                        th.darken(th.OUT_OF_PLAY, 0.3), 6)
            th.blit_text(surf, fonts, fonts.fit(_("out of play"), small, col_w - 36),
                         (sw.right + 6, y + line // 2), small, th.INK, anchor="midleft")

    @staticmethod
    def _hatch(surf: pygame.Surface, pts: list[tuple[int, int]], colour, spacing: int) -> None:
        """Diagonal hatching clipped to a polygon (out-of-play provinces)."""
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        if box.w < 2 or box.h < 2:
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        for k in range(-box.h, box.w, spacing):
            pygame.draw.line(layer, (*colour, 255), (k, box.h), (k + box.h, 0), 2)
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(layer, box.topleft)

    # ---------------------------------------------------------------- per frame
    def draw(
        self,
        surface: pygame.Surface,
        overlays: Mapping[str, Overlay] | None = None,
        hover: str | None = None,
    ) -> None:
        overlays = overlays or {}
        key = (self.rect.size, self.names_visible(),
               repr(sorted((n, sorted(ov.items())) for n, ov in overlays.items())))
        if self._marked is None or key != self._marked_key or self._static is None:
            owners = {n: ov["owner"] for n, ov in overlays.items()
                      if ov.get("owner") and n in self.polygons}
            static = self.static_layer(owners)
            # screen coordinates throughout: the layer spans (0,0)..rect.bottomright
            layer = pygame.Surface((self.rect.right, self.rect.bottom)).convert()
            layer.blit(static, self.rect.topleft)
            self._draw_state(layer, overlays)
            self._marked, self._marked_key = layer, key
        surface.blit(self._marked, self.rect.topleft, self.rect)
        if hover in self.screen_polys:
            pygame.draw.polygon(surface, th.VERMILION, self.screen_polys[hover],
                                max(2, round(4 * self.scale)))

    def outline(self, surface: pygame.Surface, provinces: Iterable[str],
                colour: th.RGB = th.GOLD) -> None:
        """Provinces outlined over everything, per frame (hover feedback: no layout)."""
        w = max(2, round(4 * self.scale))
        for name in provinces:
            pts = self.screen_polys.get(name)
            if pts:
                pygame.draw.polygon(surface, th.INK, pts, w + 2)
                pygame.draw.polygon(surface, colour, pts, w)

    def _draw_state(self, surface: pygame.Surface, overlays: Mapping[str, Overlay]) -> None:
        """Highlights and markers (cached with the overlays that produced them)."""
        targets = {n for n, ov in overlays.items() if ov.get("highlight") == "target"}
        marked = {n for n, ov in overlays.items() if ov.get("highlight")
                  and ov.get("highlight") != "dim"}
        for name in self.polygons:
            hl = (overlays.get(name) or {}).get("highlight")
            if hl == "dim" or (targets and name not in marked):
                self._dim(surface, name)
        w = max(3, round(6 * self.scale))
        for name in marked:
            hl = overlays[name].get("highlight")
            pts = self.screen_polys[name]
            if hl == "target":
                # ink outside, white inside: visible on every fill colour
                pygame.draw.polygon(surface, th.INK, pts, w + 3)
                pygame.draw.polygon(surface, th.PAPER_LIGHT, pts, w)
            else:
                pygame.draw.polygon(surface, th.INK, pts, w + 2)
                pygame.draw.polygon(surface, th.GOLD, pts, w)
        if self.names_visible():
            self.draw_markers(surface, overlays)

    def _dim(self, surface: pygame.Surface, name: str) -> None:
        pts = self.screen_polys[name]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, (30, 25, 20, 85), [(x - box.x, y - box.y) for x, y in pts])
        surface.blit(layer, box.topleft)

    def draw_markers(self, surface: pygame.Surface, overlays: Mapping[str, Overlay]) -> None:
        """Every province's name, values, building spaces, armies and revolts, as laid out."""
        for name, placement in self.placements(overlays).items():
            self.draw_province_markers(surface, name, overlays.get(name) or {}, placement)

    def draw_province_markers(self, surface: pygame.Surface, name: str, ov: Overlay,
                              placement: ml.Placement) -> None:
        fonts = self.fonts
        boxes = placement.boxes
        out = name in self.out_of_play
        nb = boxes.get("name")
        if nb is not None:
            r = pygame.Rect(nb)
            _plate(surface, r)
            self._draw_label(surface, r, placement.label or ml.Label((name,)),
                             placement.name_size, th.INK_SOFT if out else th.INK)
        metrics = placement.metrics or self.metrics()
        vb = boxes.get("values")
        tax, rice, _slots = self.values.get(name, (0, 0, 0))
        if vb is not None:
            r = pygame.Rect(vb)
            d = r.h
            num = metrics.number
            _value_disc(surface, fonts, pygame.Rect(r.x, r.y, d, d), tax, COIN, num)
            _value_disc(surface, fonts, pygame.Rect(r.right - d, r.y, d, d), rice, BALE, num)
        sb = boxes.get("slots")
        if sb is not None:
            r = pygame.Rect(sb)
            side = min(r.w, r.h)  # a row of cells, or a column in a narrow province
            n = max(1, (max(r.w, r.h) + 1) // (side + 1))
            built = [b for b in ov.get("buildings") or () if b in BUILDINGS]
            for i in range(n):
                cell = pygame.Rect(r.x + i * (side + 1), r.y, side, side) if r.w >= r.h \
                    else pygame.Rect(r.x, r.y + i * (side + 1), side, side)
                if i < len(built):
                    draw_building(surface, built[i], cell)
                else:
                    pygame.draw.rect(surface, PLATE, cell)
                    pygame.draw.rect(surface, th.INK_SOFT, cell, 1)
        ab = boxes.get("armies")
        if ab is not None:
            r = pygame.Rect(ab)
            armies = [(c, n) for c, n in (ov.get("armies") or {}).items() if n]
            colour = armies[0][0] if armies else (ov.get("owner") or "green")
            total = sum(n for _c, n in armies)
            cube = metrics.cube
            _plate(surface, r.inflate(2, 2))
            th.draw_cube(surface, colour, (r.x + cube / 2, r.centery), cube)
            th.blit_text(surface, fonts, str(total), (r.right, r.centery), metrics.number,
                         th.INK, bold=True, anchor="midright")
        rb = boxes.get("revolts")
        if rb is not None:
            r = pygame.Rect(rb)
            side = min(r.w, r.h)
            for i in range(int(ov.get("revolts") or 0)):
                centre = (r.x + i * (side + 1) + side / 2, r.centery) if r.w >= r.h \
                    else (r.centerx, r.y + i * (side + 1) + side / 2)
                draw_revolt(surface, centre, side)

    def _draw_label(self, surface: pygame.Surface, r: pygame.Rect, label: ml.Label, size: int,
                    ink: th.RGB) -> None:
        """A name block as laid out: romaji lines centred, the kanji beside or below."""
        fonts = self.fonts
        lines = [fonts.label(t, size, ink) for t in label.lines]
        kj = fonts.kanji(label.kanji, ml.kanji_size(size), th.VERMILION_DARK) \
            if label.kanji else None
        if kj is not None and not label.below:
            x = r.x + 2
            surface.blit(lines[0], lines[0].get_rect(midleft=(x, r.centery)))
            surface.blit(kj, kj.get_rect(midleft=(x + lines[0].get_width() + 3, r.centery)))
            return
        y = r.y
        for img in lines:
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += self.measure(label.lines[0], size)[1]
        if kj is not None:
            surface.blit(kj, kj.get_rect(midbottom=(r.centerx, r.bottom)))


def _name_sizes(ui_scale: float) -> tuple[int, ...]:
    return tuple(max(11, round(s * ui_scale)) for s in ml.NAME_SIZES)


def _plate(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A small paper label behind map text: readable on every owner fill."""
    pygame.draw.rect(surface, PLATE, rect, border_radius=3)
    pygame.draw.rect(surface, th.INK_FAINT, rect, 1, border_radius=3)


def _value_disc(surface, fonts: th.Fonts, rect: pygame.Rect, value: int, colour,
                number: int = ml.NUMBER_SIZE) -> None:
    """Tax (coin) or rice (bale) value: a disc with the number, like the printed board."""
    c = rect.center
    r = rect.w / 2
    pygame.draw.circle(surface, th.darken(colour, 0.45), c, r)
    pygame.draw.circle(surface, colour, c, r - 1)
    if colour == COIN:
        pygame.draw.circle(surface, th.darken(colour, 0.25), c, r - 3, 1)
    else:
        pygame.draw.line(surface, th.darken(colour, 0.2), (rect.x + 3, rect.y + rect.h * 0.3),
                         (rect.right - 4, rect.y + rect.h * 0.3), 1)
        pygame.draw.line(surface, th.darken(colour, 0.2), (rect.x + 3, rect.y + rect.h * 0.72),
                         (rect.right - 4, rect.y + rect.h * 0.72), 1)
    th.blit_text(surface, fonts, str(value), (c[0], c[1] + 1), number, th.INK,
                 bold=True, anchor="center")


def _parchment(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A cartouche plate: parchment with a double ink rule and a drop shadow."""
    shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (20, 16, 12, 70), shadow.get_rect(), border_radius=6)
    surface.blit(shadow, rect.move(3, 4))
    pygame.draw.rect(surface, th.PAPER_LIGHT, rect, border_radius=6)
    pygame.draw.rect(surface, th.INK, rect, 2, border_radius=6)
    pygame.draw.rect(surface, th.INK_SOFT, rect.inflate(-8, -8), 1, border_radius=4)


def draw_emblem(surface: pygame.Surface, side: str, rect: pygame.Rect) -> None:
    """The side's emblem: a red sun with rays, or a silver crescent moon on night blue."""
    c = rect.center
    r = min(rect.w, rect.h) / 2
    if side == "moon":
        pygame.draw.circle(surface, (44, 52, 84), c, r)
        pygame.draw.circle(surface, (226, 226, 210), c, r * 0.62)
        pygame.draw.circle(surface, (44, 52, 84), (c[0] + r * 0.3, c[1] - r * 0.18), r * 0.55)
        pygame.draw.circle(surface, th.INK, c, r, 2)
    else:
        for i in range(16):
            a = i * math.pi / 8
            pygame.draw.line(surface, th.VERMILION, (c[0] + math.cos(a) * r * 0.62,
                                                     c[1] + math.sin(a) * r * 0.62),
                             (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r), 3)
        pygame.draw.circle(surface, th.VERMILION, c, r * 0.55)
        pygame.draw.circle(surface, th.VERMILION_DARK, c, r * 0.55, 2)


def draw_building(surface: pygame.Surface, kind: str, rect: pygame.Rect) -> None:
    """Vector icons, distinct by shape: castle = battlements, temple = roof, theatre = mask."""
    pygame.draw.rect(surface, th.PAPER_LIGHT, rect, border_radius=3)
    pygame.draw.rect(surface, th.INK, rect, 1, border_radius=3)
    r = rect.inflate(-rect.w // 4, -rect.h // 4)
    if kind == "castle":
        body = pygame.Rect(r.x, r.y + r.h // 3, r.w, r.h - r.h // 3)
        pygame.draw.rect(surface, th.INK, body)
        tooth = max(2, r.w // 5)
        for i in (0, 2, 4):
            pygame.draw.rect(surface, th.INK, (r.x + i * tooth, r.y, tooth, r.h // 3 + 1))
    elif kind == "temple":
        pygame.draw.polygon(surface, th.VERMILION, [(r.x - 2, r.y + r.h // 2),
                                                   (r.centerx, r.y), (r.right + 2, r.y + r.h // 2)])
        pygame.draw.rect(surface, th.VERMILION, (r.x + r.w // 5, r.y + r.h // 2,
                                                 r.w - 2 * (r.w // 5), r.h // 2))
    else:  # theatre: a Noh mask
        pygame.draw.ellipse(surface, th.GOLD, r)
        pygame.draw.ellipse(surface, th.INK, r, 1)
        eye = max(1, r.w // 8)
        pygame.draw.circle(surface, th.INK, (r.x + r.w // 3, r.y + r.h * 2 // 5), eye)
        pygame.draw.circle(surface, th.INK, (r.right - r.w // 3, r.y + r.h * 2 // 5), eye)
        pygame.draw.arc(surface, th.INK, (r.x + r.w // 4, r.y + r.h // 2, r.w // 2, r.h // 3),
                        math.pi, 2 * math.pi, 1)


def draw_revolt(surface: pygame.Surface, center: Point, size: float) -> None:
    """A revolt marker: black octagon with a white X (shape, not colour, carries it)."""
    r = size / 2
    pts = [(center[0] + r * math.cos(math.pi / 8 + i * math.pi / 4),
            center[1] + r * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
    pygame.draw.polygon(surface, th.INK, pts)
    pygame.draw.polygon(surface, th.VERMILION, pts, max(1, round(size / 10)))
    d = r * 0.45
    w = max(1, round(size / 8))
    pygame.draw.line(surface, th.PAPER_LIGHT, (center[0] - d, center[1] - d),
                     (center[0] + d, center[1] + d), w)
    pygame.draw.line(surface, th.PAPER_LIGHT, (center[0] - d, center[1] + d),
                     (center[0] + d, center[1] - d), w)
