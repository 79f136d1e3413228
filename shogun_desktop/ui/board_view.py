"""Drawing the map: static layer cached in a surface, per-province overlays on top.

The board view knows map geometry (data/map.yaml via ``shogun_desktop.data.mapdata``) and
the colour of each province's region for the chosen side; it knows nothing of the rules.
What changes during a game — armies, buildings, revolts, highlights — comes in as one plain
dict per province, so phase 2 can feed it straight from a seat's view:

    overlays = {"Aki": {"armies": {"red": 5}, "buildings": ["castle"], "revolts": 1,
                        "highlight": "select"}}

Keys understood: ``armies`` (colour -> count, "green" = farmers), ``buildings`` (castle,
temple, theatre), ``revolts`` (int), ``highlight`` ("select", "target", "dim" or True),
``owner`` (colour; a small marker when no army is shown).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pygame

from shogun_desktop.data.mapdata import point_in_polygon
from shogun_desktop.ui import theme as th

Point = tuple[float, float]
Overlay = Mapping[str, Any]

HIGHLIGHT_COLOURS = {"select": th.GOLD, "target": th.VERMILION, True: th.GOLD}
BUILDINGS = ("castle", "temple", "theatre")


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


class BoardView:
    """The map fitted into a screen rect; draws it and answers "which province is here?"."""

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
    ) -> None:
        self.fonts = fonts
        w, h = (float(v) for v in _field(map_data, "size"))
        self.map_size = (w, h)
        self.polygons: dict[str, list[Point]] = {}
        self.labels: dict[str, Point] = {}
        for name, shape in _field(map_data, "provinces").items():
            self.polygons[name] = [(float(x), float(y)) for x, y in _field(shape, "polygon")]
            lx, ly = (float(v) for v in _field(shape, "label"))
            self.labels[name] = (lx, ly)
        self.landmasses = [[(float(x), float(y)) for x, y in poly]
                           for poly in _field(map_data, "landmasses")]
        self.sea_routes = [[(float(x), float(y)) for x, y in _field(r, "points")]
                           for r in _field(map_data, "sea_routes")]
        xs = [p[0] for poly in [*self.polygons.values(), *self.landmasses] for p in poly]
        ys = [p[1] for poly in [*self.polygons.values(), *self.landmasses] for p in poly]
        pad = 0.03 * max(max(xs) - min(xs), max(ys) - min(ys))
        # the drawn area: the land plus a little sea, not the whole coordinate box
        self.bounds = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
        self.bboxes = {n: (min(p[0] for p in poly), min(p[1] for p in poly),
                           max(p[0] for p in poly), max(p[1] for p in poly))
                       for n, poly in self.polygons.items()}
        self.regions = dict(regions)
        self.out_of_play = frozenset(out_of_play)
        self.show_names = show_names
        self.kanji = dict(kanji or {})
        self._edges = self._classify_edges()
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.offset = (0.0, 0.0)
        self.screen_polys: dict[str, list[tuple[int, int]]] = {}
        self.layout(rect)

    # ---------------------------------------------------------------- geometry
    def layout(self, rect: pygame.Rect | Sequence[int]) -> None:
        """Fit the land (aspect kept, centred) into rect, in screen coordinates."""
        rect = pygame.Rect(rect)
        if rect == self.rect:
            return
        self.rect = rect
        bx0, by0, bx1, by1 = self.bounds
        mw, mh = bx1 - bx0, by1 - by0
        self.scale = min(rect.w / mw, rect.h / mh)
        self.offset = (rect.x + (rect.w - mw * self.scale) / 2 - bx0 * self.scale,
                       rect.y + (rect.h - mh * self.scale) / 2 - by0 * self.scale)
        self.screen_polys = {n: [self.to_screen(p) for p in poly]
                             for n, poly in self.polygons.items()}
        self._static = None

    def to_screen(self, p: Point) -> tuple[int, int]:
        return (round(self.offset[0] + p[0] * self.scale), round(self.offset[1] + p[1] * self.scale))

    def to_map(self, pos: Sequence[float]) -> Point:
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)

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

    def set_out_of_play(self, provinces: Iterable[str]) -> None:
        provinces = frozenset(provinces)
        if provinces != self.out_of_play:
            self.out_of_play = provinces
            self._static = None

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

    # ---------------------------------------------------------------- static layer
    def names_visible(self) -> bool:
        return self.show_names if self.show_names is not None else self.scale >= 0.35

    def _build_static(self) -> pygame.Surface:
        r = self.rect
        surf = pygame.Surface(r.size).convert()
        surf.fill(th.SEA)
        ox, oy = -r.x, -r.y

        def local(p: Point) -> tuple[int, int]:
            sx, sy = self.to_screen(p)
            return (sx + ox, sy + oy)

        s = self.scale
        # gentle wave marks so the sea reads as water, deterministic
        rng = random.Random(1600)
        wave = th.mix(th.SEA, th.PAPER_LIGHT, 0.22)
        step = max(18, round(60 * s))
        for _ in range(int(r.w * r.h / (step * step * 2))):
            x, y = rng.uniform(0, r.w), rng.uniform(0, r.h)
            w = step * 0.5
            pygame.draw.arc(surf, wave, (x, y, w, w * 0.5), 0.3, math.pi - 0.3, 1)
        for poly in self.landmasses:
            pts = [local(p) for p in poly]
            if len(pts) >= 3:
                pygame.draw.polygon(surf, th.LAND, pts)
        coast_w = max(1, round(4 * s))
        for poly in self.landmasses:
            pts = [local(p) for p in poly]
            if len(pts) >= 3:
                pygame.draw.polygon(surf, th.mix(th.SEA_DARK, th.INK, 0.3), pts, coast_w)
        hatch = th.darken(th.OUT_OF_PLAY, 0.25)
        for name, poly in self.polygons.items():
            pts = [local(p) for p in poly]
            if name in self.out_of_play:
                pygame.draw.polygon(surf, th.OUT_OF_PLAY, pts)
                self._hatch(surf, pts, hatch, max(6, round(18 * s)))
            else:
                region = th.REGION_COLOURS.get(self.regions.get(name, ""), th.LAND)
                pygame.draw.polygon(surf, th.lighten(region, 0.12), pts)
        thin = max(1, round(1.5 * s))
        thick = max(2, round(5 * s))
        border_ink = th.mix(th.INK, th.PAPER, 0.45)
        for a, b, kind in self._edges:
            if kind == "province":
                pygame.draw.line(surf, border_ink, local(a), local(b), thin)
        for a, b, kind in self._edges:
            if kind in ("region", "coast"):
                width = thick if kind == "region" else max(1, round(3 * s))
                pa, pb = local(a), local(b)
                pygame.draw.line(surf, th.INK, pa, pb, width)
                if width > 2:  # round joints so thick borders have no notches
                    pygame.draw.circle(surf, th.INK, pa, width // 2)
        route_w = max(1, round(3 * s))
        for route in self.sea_routes:
            lp = [local(p) for p in route]
            for a, b in zip(lp, lp[1:], strict=False):
                dashed_line(surf, th.INK, a, b, route_w, dash=max(4, 16 * s), gap=max(3, 11 * s))
            for p in (lp[0], lp[-1]):
                pygame.draw.circle(surf, th.INK, p, max(2, round(5 * s)))
        if self.names_visible():
            size = max(11, min(20, round(25 * s)))
            show_kanji = s >= 0.5
            for name, lab in self.labels.items():
                x, y = local(lab)
                ink = th.INK_SOFT if name in self.out_of_play else th.INK
                text = self.fonts.render(name, size, ink, bold=True)
                halo = self.fonts.render(name, size, th.PAPER_LIGHT, bold=True)
                rect = text.get_rect(center=(x, y))
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    surf.blit(halo, rect.move(dx, dy))
                surf.blit(text, rect)
                if show_kanji and self.kanji.get(name):
                    k = self.fonts.kanji(self.kanji[name], size - 2, th.INK_SOFT)
                    if k is not None:
                        surf.blit(k, k.get_rect(midbottom=(x, rect.top + 1)))
        return surf

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

    def static_layer(self) -> pygame.Surface:
        key = (self.rect.size, tuple(sorted(self.regions.items())), self.out_of_play,
               self.names_visible())
        if self._static is None or key != self._static_key:
            self._static = self._build_static()
            self._static_key = key
        return self._static

    # ---------------------------------------------------------------- per frame
    def draw(
        self,
        surface: pygame.Surface,
        overlays: Mapping[str, Overlay] | None = None,
        hover: str | None = None,
    ) -> None:
        surface.blit(self.static_layer(), self.rect.topleft)
        overlays = overlays or {}
        for name, ov in overlays.items():
            if name not in self.polygons:
                continue
            hl = ov.get("highlight")
            if hl == "dim":
                self._dim(surface, name)
            elif hl:
                colour = HIGHLIGHT_COLOURS.get(hl, th.GOLD)
                pygame.draw.polygon(surface, colour, self.screen_polys[name],
                                    max(3, round(6 * self.scale)))
        if hover in self.screen_polys:
            pygame.draw.polygon(surface, th.PAPER_LIGHT, self.screen_polys[hover],
                                max(2, round(4 * self.scale)))
        for name, ov in overlays.items():
            if name in self.polygons:
                self.draw_province_overlay(surface, name, ov)

    def _dim(self, surface: pygame.Surface, name: str) -> None:
        pts = self.screen_polys[name]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, (30, 25, 20, 110), [(x - box.x, y - box.y) for x, y in pts])
        surface.blit(layer, box.topleft)

    def draw_province_overlay(self, surface: pygame.Surface, name: str, ov: Overlay) -> None:
        """Armies, buildings, revolt markers of one province, laid out under its name."""
        x, y = self.label_pos(name)
        s = self.scale
        cube = max(12, round(34 * s))
        y0 = y + max(9, round(16 * s))
        armies = [(c, n) for c, n in (ov.get("armies") or {}).items() if n]
        if armies:
            font = max(11, round(cube * 0.7))
            widths = [cube + 4 + self.fonts.size(str(n), font, True)[0] for _, n in armies]
            cx = x - (sum(widths) + 6 * (len(widths) - 1)) / 2
            for (colour, n), w in zip(armies, widths, strict=False):
                th.draw_cube(surface, colour, (cx + cube / 2, y0 + cube / 2), cube)
                th.blit_text(surface, self.fonts, str(n), (cx + cube + 4, y0 + cube / 2), font,
                             th.INK, bold=True, anchor="midleft")
                cx += w + 6
            y0 += cube + 4
        elif ov.get("owner"):
            th.draw_marker(surface, ov["owner"], (x, y0 + cube / 2), cube * 0.8)
            y0 += cube + 2
        icons = [b for b in ov.get("buildings") or () if b in BUILDINGS]
        revolts = int(ov.get("revolts") or 0)
        n = len(icons) + revolts
        if n:
            size = max(12, round(30 * s))
            cx = x - (n * size + (n - 1) * 3) / 2
            for b in icons:
                draw_building(surface, b, pygame.Rect(round(cx), round(y0), size, size))
                cx += size + 3
            for _ in range(revolts):
                draw_revolt(surface, (cx + size / 2, y0 + size / 2), size)
                cx += size + 3


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
