"""The battle tower drawn like the real one: funnel, wooden column with a cutaway, tray.

:class:`TowerView` maps tower units (cm, y up, x = 0 in the middle of the column) into a
screen rect with the aspect kept. Everything static is drawn once into two cached layers:
the *back* (table shadow, the column's inside wall, baffles and ledges as bevelled wooden
planks, the back of the tray) and the *front* (the column's opaque front panel with a sawn
cutaway through which the falling cubes are watched, the smoky plastic funnel and the tray's
front lip). A frame is: back layer, cubes, front layer — a few blits plus one sprite blit per
cube (sprites are pre-lit and cached per colour, size and 3-degree step, so no
``transform.rotate`` per frame). The baffles are the very segments the physics collides with.

:class:`Replay` prepares a recorded drop for drawing by frame index: which cubes were held
before the drop (drawn as shadowy shapes inside unless x-ray is on), where each new cube waits
before it is poured and when it is poured, when each cube left the tower and where it lands in
the tray, and a small shake after hard hits. Everything is a function of the frame index, so
drawing never changes state.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from shogun_desktop.data.mapdata import point_in_polygon
from shogun_desktop.tower.geometry import Segment
from shogun_desktop.tower.physics import Frame
from shogun_desktop.ui import theme as th

Point = tuple[float, float]
TrayCube = tuple[str, float, float, float]  # colour, x, y, angle (tower units, radians)
RGB = tuple[int, int, int]

# The look: warm hardwood tower, dark inside, smoky plastic funnel and tray.
WOOD = (168, 116, 66)  # front panel and walls
WOOD_LIGHT = (201, 150, 94)  # baffles (lit from the cutaway)
WOOD_DARK = (92, 58, 30)
WOOD_EDGE = (226, 190, 138)  # the sawn edge of the cutaway (raw wood)
INSIDE = (150, 108, 66)  # the column's back wall (lit through the cutaway)
INSIDE_XRAY = (112, 138, 150)
TABLE = (44, 32, 26)
PLASTIC = (120, 134, 138)
PLASTIC_DARK = (62, 70, 74)
SHADOW_CUBE = (58, 42, 30)  # a held cube seen in the dark without x-ray
XRAY_RING = th.GOLD
LIGHT = (-0.55, -0.83)  # light from the upper left (screen coordinates, normalised-ish)

FALL_FRAMES = 20  # frames a cube takes from the exit to its place in the tray
GLIDE_FRAMES = 14  # frames a waiting cube takes from its group to the funnel
SHAKE_FROM = 750.0  # summed wall hits (cm/s, decaying) above which the tower shakes


def _chains(segments: Sequence[Segment]) -> list[list[Point]]:
    """Join segments sharing end points into polylines (each segment used once)."""
    left = list(segments)
    chains: list[list[Point]] = []

    def near(p: Point, q: Point) -> bool:
        return abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6

    while left:
        seg = left.pop(0)
        chain = [seg.a, seg.b]
        grown = True
        while grown:
            grown = False
            for s in left:
                for a, b in ((s.a, s.b), (s.b, s.a)):
                    if near(a, chain[-1]):
                        chain.append(b)
                    elif near(b, chain[0]):
                        chain.insert(0, a)
                    else:
                        continue
                    left.remove(s)
                    grown = True
                    break
                if grown:
                    break
        chains.append(chain)
    return chains


def interior_polygon(segments: Sequence[Segment]) -> list[Point] | None:
    """The hollow inside of funnel + column: the two wall chains joined across the top and
    across the exit. None when the walls do not form two chains (a custom geometry)."""
    chains = _chains([s for s in segments if s.kind == "walls"])
    if len(chains) != 2:
        return None
    a, b = chains
    # orient both chains top-down, then walk down one side and back up the other
    a = a if a[0][1] >= a[-1][1] else a[::-1]
    b = b if b[0][1] >= b[-1][1] else b[::-1]
    return a + b[::-1]


# ------------------------------------------------------------------------- wood and light
def wood_texture(size: tuple[int, int], base: RGB, seed: int, *, scale: float = 1.0,
                 vertical: bool = False) -> pygame.Surface:
    """An opaque piece of wood: wavy grain lines in lighter and darker tones, a knot or two.

    Drawn with a local generator (the look is fixed per seed; the game's rng is untouched).
    """
    w, h = size
    if vertical:
        w, h = h, w
    rng = random.Random(seed)
    surf = pygame.Surface((max(1, w), max(1, h)))
    surf.fill(base)
    spacing = max(2.0, 3.2 * scale)
    y = -spacing
    knots = [(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(6, 14) * scale)
             for _ in range(max(1, int(w * h / 90000)))]
    step = max(6, int(14 * scale))
    while y < h + spacing:
        tone = rng.uniform(-1.0, 1.0)
        colour = th.darken(base, 0.08 + 0.14 * abs(tone)) if tone < 0.35 else th.lighten(
            base, 0.05 + 0.1 * tone)
        amp = rng.uniform(0.6, 2.2) * scale
        freq = rng.uniform(0.004, 0.012) / max(0.5, scale)
        phase = rng.uniform(0, 6.3)
        pts = []
        for x in range(-step, w + step, step):
            dy = amp * math.sin(x * freq + phase) + 0.6 * amp * math.sin(x * freq * 2.7 + phase)
            for kx, ky, kr in knots:  # grain bends round the knots
                d2 = (x - kx) ** 2 + (y - ky) ** 2
                if d2 < (kr * 4) ** 2:
                    dy += kr * 1.5 * math.exp(-d2 / (2 * (kr * 1.6) ** 2)) * (1 if y > ky else -1)
            pts.append((x, y + dy))
        pygame.draw.lines(surf, colour, False, pts, 1 if rng.random() < 0.75 else 2)
        y += spacing * rng.uniform(0.6, 1.5)
    for kx, ky, kr in knots:
        for i in range(4, 0, -1):
            pygame.draw.ellipse(surf, th.darken(base, 0.1 + 0.07 * i),
                                pygame.Rect(kx - kr * i / 3, ky - kr * i / 6, kr * i / 1.5,
                                            kr * i / 3), 1)
    if vertical:
        surf = pygame.transform.rotate(surf, 90)
    return surf


def _clip_to(texture: pygame.Surface, polygons: Iterable[Sequence[Point]],
             size: tuple[int, int], offset: Point = (0, 0)) -> pygame.Surface:
    """``texture`` (blitted at ``offset``) kept only inside ``polygons``, as an alpha surface."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(texture, offset)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    for poly in polygons:
        if len(poly) >= 3:
            pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _plank(a: Point, b: Point, r: float) -> list[Point]:
    """A board of half-thickness r from a to b with rounded ends (as a polygon)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    nx, ny = -uy, ux
    pts: list[Point] = []
    for k in range(7):  # half circle round b
        t = -math.pi / 2 + math.pi * k / 6
        pts.append((b[0] + r * (ux * math.cos(t) + nx * math.sin(t)),
                    b[1] + r * (uy * math.cos(t) + ny * math.sin(t))))
    for k in range(7):  # and round a
        t = math.pi / 2 + math.pi * k / 6
        pts.append((a[0] + r * (ux * math.cos(t) + nx * math.sin(t)),
                    a[1] + r * (uy * math.cos(t) + ny * math.sin(t))))
    return pts


def _lit_edges(surf: pygame.Surface, poly: Sequence[Point], base: RGB, width: int,
               strength: float = 0.45) -> None:
    """Bevel light: edges facing the light brighter, edges facing away darker."""
    n = len(poly)
    area = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
               for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy)
        if ln < 0.5:
            continue
        nx, ny = sign * dy / ln, -sign * dx / ln  # outward normal (screen coordinates)
        lit = nx * LIGHT[0] + ny * LIGHT[1]
        if abs(lit) < 0.15:
            continue
        colour = (th.lighten(base, strength * lit) if lit > 0
                  else th.darken(base, strength * 0.9 * -lit))
        pygame.draw.line(surf, colour, a, b, width)


_SPRITES: dict[tuple, pygame.Surface] = {}


def cube_sprite(colour: str, size: int, angle_step: int, style: str = "") -> pygame.Surface:
    """A cube seen from the front, lit from the upper left, with its symbol and a soft shadow.

    ``style``: "" coloured, "shadow" a dark shape with no colour (held, x-ray off), "xray"
    coloured with a gold ring. Cached; ``angle_step`` is in 3-degree steps.
    """
    key = (colour, size, angle_step % 120, style)
    sprite = _SPRITES.get(key)
    if sprite is not None:
        return sprite
    if len(_SPRITES) > 6000:
        _SPRITES.clear()
    angle = (angle_step % 120) * 3.0
    side = math.ceil(size * 1.5) + 6
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    c = side / 2
    h = size / 2
    rad = math.radians(angle)
    ca, sa = math.cos(rad), math.sin(rad)

    def rot(pts: Sequence[Point], dx: float = 0.0, dy: float = 0.0) -> list[Point]:
        return [(c + dx + x * ca - y * sa, c + dy + x * sa + y * ca) for x, y in pts]

    corner = max(1.0, size * 0.12)
    sq = [(-h + corner, -h), (h - corner, -h), (h, -h + corner), (h, h - corner),
          (h - corner, h), (-h + corner, h), (-h, h - corner), (-h, -h + corner)]
    if style == "shadow":
        base = SHADOW_CUBE
        pygame.draw.polygon(surf, base, rot(sq))
        _lit_edges(surf, rot(sq), base, max(1, round(size / 12)), 0.35)
        pygame.draw.polygon(surf, th.darken(base, 0.5), rot(sq), 1)
    else:
        base = th.colour_of(colour)
        if colour == "black":
            base = (48, 48, 56)
        # soft drop shadow, down and to the right
        shadow = pygame.Surface((side, side), pygame.SRCALPHA)
        off = max(1.0, size * 0.1)
        pygame.draw.polygon(shadow, (0, 0, 0, 70), rot(sq, off, off * 1.3))
        surf.blit(shadow, (0, 0))
        pygame.draw.polygon(surf, th.darken(base, 0.3), rot(sq))
        inset = max(1.5, size * 0.13)
        hi = h - inset
        face = [(-hi, -hi), (hi, -hi), (hi, hi), (-hi, hi)]
        pygame.draw.polygon(surf, th.lighten(base, 0.06), rot(face))
        # the bevel between face and edge, lit per side
        bevel = max(1, round(size / 9))
        _lit_edges(surf, rot(sq), base, bevel, 0.55)
        # a soft highlight on the upper-left half of the face
        glow = pygame.Surface((side, side), pygame.SRCALPHA)
        tri = [(-hi, -hi), (hi, -hi), (-hi, hi)]
        pygame.draw.polygon(glow, (255, 255, 255, 26 if colour != "black" else 18), rot(tri))
        surf.blit(glow, (0, 0))
        pygame.draw.polygon(surf, th.darken(base, 0.62), rot(sq), 1)
        if size >= 9:
            th.draw_symbol(surf, colour, (c, c), size * 0.25, angle=angle)
        if style == "xray":
            pygame.draw.circle(surf, XRAY_RING, (c, c), size * 0.72, max(2, size // 9))
    _SPRITES[key] = surf
    return surf


def blit_cube(surface: pygame.Surface, colour: str, center: Point, size: float,
              angle_deg: float = 0.0, style: str = "") -> None:
    sprite = cube_sprite(colour, max(3, round(size)), round(angle_deg / 3.0), style)
    w = sprite.get_width()
    surface.blit(sprite, (round(center[0] - w / 2), round(center[1] - w / 2)))


# ------------------------------------------------------------------------- the view
class TowerView:
    """The tower fitted into ``rect`` (aspect kept, centred); draws frames of a drop.

    ``segments`` are the physics' static segments (``PhysicalTower.static_segments``), so what
    is drawn is what the cubes collide with. ``cube_size`` is the cube edge in tower units.
    """

    def __init__(
        self,
        segments: Sequence[Segment],
        rect: pygame.Rect | Sequence[int],
        *,
        cube_size: float = 1.1,
        margin: float = 0.8,
    ) -> None:
        self.segments = tuple(segments)
        if not self.segments:
            raise ValueError("a tower view needs the tower's segments")
        self.cube_size = cube_size
        xs = [p[0] + d * s.radius for s in self.segments for p in (s.a, s.b) for d in (-1, 1)]
        ys = [p[1] + d * s.radius for s in self.segments for p in (s.a, s.b) for d in (-1, 1)]
        self.bounds = (min(xs) - margin, min(ys) - margin - 0.6, max(xs) + margin,
                       max(ys) + margin)
        self.interior = interior_polygon(self.segments)
        columns = [s for s in self.segments if s.name.startswith("column")]
        tops = [max(s.a[1], s.b[1]) for s in columns or self.segments_of("baffles")]
        self.column_top = max(tops) if tops else self.bounds[3]
        self._tray = self._tray_box()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.offset = (0.0, 0.0)
        self._layers: dict[tuple[str, bool], pygame.Surface] = {}
        self.emblem: pygame.Surface | None = None
        self.layout(rect)

    def segments_of(self, kind: str) -> tuple[Segment, ...]:
        return tuple(s for s in self.segments if s.kind == kind)

    # ---------------------------------------------------------------- geometry
    def layout(self, rect: pygame.Rect | Sequence[int]) -> None:
        rect = pygame.Rect(rect)
        if rect == self.rect:
            return
        self.rect = rect
        x0, y0, x1, y1 = self.bounds
        self.scale = min(rect.w / (x1 - x0), rect.h / (y1 - y0))
        w, h = (x1 - x0) * self.scale, (y1 - y0) * self.scale
        # screen x = ox + x * scale; screen y = oy - y * scale (tower y points up)
        self.offset = (rect.x + (rect.w - w) / 2 - x0 * self.scale,
                       rect.y + (rect.h - h) / 2 + y1 * self.scale)
        self._layers.clear()

    def set_emblem(self, emblem: pygame.Surface | None) -> None:
        """A mark burned into the front panel above the cutaway (e.g. the game's kanji)."""
        if emblem is not self.emblem:
            self.emblem = emblem
            for key in [k for k in self._layers if k[0] == "front"]:
                del self._layers[key]

    @property
    def cube_px(self) -> float:
        return self.cube_size * self.scale

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.offset[0] + x * self.scale, self.offset[1] - y * self.scale)

    def to_tower(self, pos: Sequence[float]) -> Point:
        return ((pos[0] - self.offset[0]) / self.scale, (self.offset[1] - pos[1]) / self.scale)

    def is_hidden_region(self, x: float, y: float) -> bool:
        """Inside the opaque column (below the funnel, before the exit)."""
        if y >= self.column_top:
            return False
        if self.interior is not None:
            return point_in_polygon((x, y), self.interior)
        x0, y0, x1, _ = self.bounds
        return x0 < x < x1 and y0 < y

    def _tray_box(self) -> tuple[float, float, float]:
        """(x_left, x_right, floor top) of the tray's inside, in tower units."""
        tray = self.segments_of("tray")
        if not tray:
            x0, y0, x1, _ = self.bounds
            return (x1 - 8 * self.cube_size, x1, y0)
        floor = min(tray, key=lambda s: abs(s.a[1] - s.b[1]))
        xs = [p[0] for s in tray for p in (s.a, s.b)]
        r = max(s.radius for s in tray)
        return (min(xs) + r, max(xs) - r, min(floor.a[1], floor.b[1]) + floor.radius)

    def tray_slot(self, i: int) -> tuple[float, float, float]:
        """Where the i-th cube out comes to rest: rows filled from the rim back toward the
        exit, each row one cube shorter and half a cube in from both ends, so the cubes form
        a heap. (x, y, angle in radians)."""
        x_left, x_right, floor = self._tray
        s = self.cube_size
        per_row = max(3, int((x_right - x_left) / s))
        row = 0
        while i >= max(3, per_row - row):
            i -= max(3, per_row - row)
            row += 1
        jitter = ((i * 7 + row * 13) % 9 - 4) / 4  # -1 .. 1, deterministic
        inset = min(row, per_row - 3) * 0.5
        x = x_right - s * (0.5 + inset + i) - s * 0.04 * jitter
        y = floor + s * (0.5 + 0.97 * row)
        return (x, y, math.radians(5.0 * jitter))

    def staging_slots(self, groups: Sequence[tuple[str, int]]) -> list[list[Point]]:
        """Where the cubes waiting to be poured sit, group by group (tower units).

        The groups stand in the free space right of the column, above the tray, as neat
        blocks of up to ``per_row`` cubes, one block per side, top down.
        """
        s = self.cube_size * 1.22
        funnel = [s.a[0] for s in self.segments if s.name.startswith("funnel")]
        funnel += [s.b[0] for s in self.segments if s.name.startswith("funnel")]
        x_left = max([self._column_right(), *funnel]) + 1.0
        x_right = self.bounds[2] - 0.6
        per_row = max(3, int((x_right - x_left) / s))
        y = self.bounds[3] - 3.2
        out: list[list[Point]] = []
        for _, n in groups:
            slots = []
            for k in range(n):
                row, col = divmod(k, per_row)
                slots.append((x_left + s * (col + 0.5), y - s * (row + 0.5)))
            out.append(slots)
            y -= s * math.ceil(n / per_row) + 3.2
        return out

    def group_label_at(self, groups: Sequence[tuple[str, int]], index: int) -> Point:
        """Top-left of the caption above group ``index`` (tower units)."""
        slots = self.staging_slots(groups)[index]
        if not slots:
            return (self._column_right() + 1.6, self.bounds[3] - 2.4)
        x, y = slots[0]
        return (x - self.cube_size * 0.6, y + self.cube_size * 0.75)

    def _column_right(self) -> float:
        walls = [s for s in self.segments if s.name.startswith("column")]
        return max((max(s.a[0], s.b[0]) + s.radius for s in walls), default=0.0)

    # ---------------------------------------------------------------- static layers
    def _pts(self, points: Iterable[Point]) -> list[Point]:
        ox, oy = self.offset
        rx, ry = self.rect.topleft
        sc = self.scale
        return [(ox + x * sc - rx, oy - y * sc - ry) for x, y in points]

    def _column_outline(self) -> list[Point] | None:
        """The outside of the column (walls with their thickness), for the front panel."""
        walls = [s for s in self.segments_of("walls") if not s.name.startswith("funnel")]
        if not walls:
            return None
        r = max(s.radius for s in walls)
        left = [s for s in walls if s.name == "column-left"]
        right = [s for s in walls if s.name == "column-right"]
        ramp = [s for s in walls if s.name == "floor-ramp"]
        if not (left and right and ramp):
            xs = [p[0] for s in walls for p in (s.a, s.b)]
            ys = [p[1] for s in walls for p in (s.a, s.b)]
            return [(min(xs) - r, max(ys)), (max(xs) + r, max(ys)), (max(xs) + r, min(ys) - r),
                    (min(xs) - r, min(ys) - r)]
        lx = left[0].a[0] - r
        rxw = right[0].a[0] + r
        top = max(left[0].a[1], left[0].b[1])
        r_bottom = min(right[0].a[1], right[0].b[1])
        ra, rb = sorted((ramp[0].a, ramp[0].b))
        slope = (rb[1] - ra[1]) / (rb[0] - ra[0])

        def y_at(x: float) -> float:  # the underside of the ramp
            return ra[1] + slope * (x - ra[0]) - r * 1.6

        return [(lx, top), (rxw, top), (rxw, r_bottom - r), (rxw, y_at(rxw)), (lx, y_at(lx))]

    def _cutaway(self, outline: list[Point]) -> list[Point]:
        """The sawn window in the front panel: most of the column, a slightly ragged edge."""
        xs = [p[0] for p in outline]
        ys = [p[1] for p in outline]
        inset = 0.8  # at the sides: the ledges near the walls stay in view
        x0, x1 = min(xs) + inset, max(xs) - inset
        y1 = max(ys) - 2.3
        rng = random.Random(7)  # a fixed cut: the same every time it is drawn
        (bx0, by0), (bx1, by1) = outline[4], outline[3]

        def ramp_y(x: float) -> float:  # the cut's lower edge, above the ramp
            return by0 + (by1 - by0) * (x - bx0) / ((bx1 - bx0) or 1.0) + 2.0

        pts: list[Point] = []
        n = 14
        jag = 0.32
        for k in range(n + 1):  # top edge, left to right
            pts.append((x0 + (x1 - x0) * k / n, y1 + rng.uniform(-jag, jag)))
        bottom_right = ramp_y(x1)
        for k in range(1, 24):  # right edge, down
            pts.append((x1 + rng.uniform(-jag, jag), y1 + (bottom_right - y1) * k / 24))
        for k in range(n + 1):  # bottom edge, right to left, following the ramp
            x = x1 - (x1 - x0) * k / n
            pts.append((x, ramp_y(x) + rng.uniform(-jag, jag)))
        bottom_left = ramp_y(x0)
        for k in range(1, 24):  # left edge, up
            pts.append((x0 + rng.uniform(-jag, jag), bottom_left + (y1 - bottom_left) * k / 24))
        return pts

    def _build_back(self, xray: bool) -> pygame.Surface:
        r = self.rect
        size = r.size
        sc = self.scale
        surf = pygame.Surface(size, pygame.SRCALPHA)
        # the table under the tower: a soft shadow
        x0, y0, x1, _ = self.bounds
        shadow = pygame.Surface(size, pygame.SRCALPHA)
        base_y = self._pts([(0, self._tray[2] - 0.5)])[0][1]
        for i in range(8, 0, -1):
            ell = pygame.Rect(0, 0, (x1 - x0) * sc * (0.55 + 0.05 * i), sc * (1.0 + 0.35 * i))
            ell.center = (round(self._pts([((x0 + x1) / 2 + 2, 0)])[0][0]), round(base_y))
            pygame.draw.ellipse(shadow, (0, 0, 0, 12), ell)
        surf.blit(shadow, (0, 0))
        # the column's inside: its back wall in shadow, darker towards the top
        if self.interior is not None:
            pts = self._pts(self.interior)
            inside = INSIDE_XRAY if xray else INSIDE
            tex = wood_texture(size, inside, 3, scale=sc / 14)
            grad = pygame.Surface(size, pygame.SRCALPHA)
            for y in range(0, size[1], 4):  # darker deep inside, towards the top
                a = int(40 + 60 * (1 - y / max(1, size[1])))
                pygame.draw.rect(grad, (20, 10, 0, a), (0, y, size[0], 4))
            tex.blit(grad, (0, 0))
            surf.blit(_clip_to(tex, [pts], size), (0, 0))
        # tray: the plastic basin's back wall and floor
        self._draw_tray(surf, front=False)
        # baffles, lips and ledges: wooden boards with a lit upper edge and a shadow below
        boards = [s for s in self.segments if s.kind in ("baffles", "lips", "ledges")]
        if boards:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            for seg in boards:
                poly = self._pts(_plank(seg.a, seg.b, seg.radius * 1.6))
                pygame.draw.polygon(shade, (0, 0, 0, 90),
                                    [(x + sc * 0.25, y + sc * 0.45) for x, y in poly])
            surf.blit(shade, (0, 0))
            tex = wood_texture(size, WOOD_LIGHT, 11, scale=sc / 14)
            polys = [self._pts(_plank(s.a, s.b, s.radius * 1.6)) for s in boards]
            surf.blit(_clip_to(tex, polys, size), (0, 0))
            for poly in polys:
                _lit_edges(surf, poly, WOOD_LIGHT, max(1, round(sc * 0.12)), 0.5)
                pygame.draw.polygon(surf, WOOD_DARK, poly, 1)
        return surf

    def _draw_tray(self, surf: pygame.Surface, *, front: bool) -> None:
        tray = self.segments_of("tray")
        if not tray:
            return
        sc = self.scale
        x_left, x_right, floor = self._tray
        r = max(s.radius for s in tray)
        rim_top = max(max(s.a[1], s.b[1]) for s in tray) + r
        size = surf.get_size()
        if not front:
            back = self._pts([(x_left - r, rim_top), (x_right + r, rim_top),
                              (x_right + r, floor), (x_left - r, floor)])
            layer = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*PLASTIC_DARK, 150), back)
            surf.blit(layer, (0, 0))
            for seg in tray:
                poly = self._pts(_plank(seg.a, seg.b, seg.radius * 1.3))
                pygame.draw.polygon(surf, PLASTIC, poly)
                _lit_edges(surf, poly, PLASTIC, max(1, round(sc * 0.12)), 0.6)
                pygame.draw.polygon(surf, PLASTIC_DARK, poly, 1)
            return
        # the front lip: translucent smoky plastic over the lowest cubes, with a bright rim
        lip_top = floor + self.cube_size * 0.3
        lip = self._pts([(x_left - r * 2, lip_top), (x_right + r * 2, lip_top),
                         (x_right + r * 2, floor - r * 2.4), (x_left - r * 2, floor - r * 2.4)])
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.polygon(layer, (*PLASTIC, 95), lip)
        surf.blit(layer, (0, 0))
        pygame.draw.line(surf, th.lighten(PLASTIC, 0.55), lip[0], lip[1], max(2, round(sc * 0.14)))
        pygame.draw.polygon(surf, PLASTIC_DARK, lip, 1)

    def _build_front(self, xray: bool) -> pygame.Surface:
        r = self.rect
        size = r.size
        sc = self.scale
        surf = pygame.Surface(size, pygame.SRCALPHA)
        outline = self._column_outline()
        if outline is not None:
            panel = self._pts(outline)
            cut = self._pts(self._cutaway(outline))
            tex = wood_texture(size, WOOD, 5, scale=sc / 14, vertical=True)
            wood = _clip_to(tex, [panel], size)
            # saw the window out of the panel (alpha 0 inside the cut)
            hole = pygame.Surface(size, pygame.SRCALPHA)
            hole.fill((255, 255, 255, 255))
            pygame.draw.polygon(hole, (255, 255, 255, 0), cut)
            wood.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            # the panel's own shadow cast into the column, just inside the cut
            inner = pygame.Surface(size, pygame.SRCALPHA)
            width = max(3, round(sc * 0.5))
            pygame.draw.lines(inner, (0, 0, 0, 110), True,
                              [(x + width * 0.5, y + width * 0.7) for x, y in cut], width)
            mask = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), cut)
            inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surf.blit(inner, (0, 0))
            surf.blit(wood, (0, 0))
            # the sawn edge: raw wood showing the panel's thickness, lit on the lower side
            edge = max(2, round(sc * 0.22))
            pygame.draw.lines(surf, WOOD_EDGE, True, cut, edge)
            pygame.draw.lines(surf, th.darken(WOOD_EDGE, 0.35), True,
                              [(x - 1, y - 1) for x, y in cut], 1)
            _lit_edges(surf, panel, WOOD, max(2, round(sc * 0.18)), 0.5)
            pygame.draw.polygon(surf, WOOD_DARK, panel, 2)
            if self.emblem is not None:  # burned into the wood between the top and the cut
                cut_top = min(y for _, y in cut)
                mark = self.emblem.copy()
                mark.set_alpha(190)
                surf.blit(mark, mark.get_rect(center=((panel[0][0] + panel[1][0]) / 2,
                                                      (panel[0][1] + cut_top) / 2)))
            # screws in the top corners: it is a built thing
            inset = sc * 0.55
            for cx, cy in ((panel[0][0] + inset, panel[0][1] + inset),
                           (panel[1][0] - inset, panel[1][1] + inset)):
                pygame.draw.circle(surf, th.darken(WOOD, 0.45), (cx, cy), max(2, sc * 0.18))
                pygame.draw.circle(surf, th.lighten(WOOD, 0.35), (cx - 1, cy - 1),
                                   max(1, sc * 0.08))
        # the funnel: smoky plastic walls with a translucent face between them
        funnel = [s for s in self.segments if s.name.startswith("funnel")]
        if len(funnel) == 2:
            fl, fr = sorted(funnel, key=lambda s: min(s.a[0], s.b[0]))
            top_l, bot_l = sorted((fl.a, fl.b), key=lambda p: -p[1])
            top_r, bot_r = sorted((fr.a, fr.b), key=lambda p: -p[1])
            face = self._pts([top_l, top_r, bot_r, bot_l])
            layer = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*PLASTIC, 46), face)
            # a diagonal sheen
            sheen = self._pts([(top_l[0] + 1.5, top_l[1]), (top_l[0] + 3.2, top_l[1]),
                               (bot_l[0] + 1.6, bot_l[1]), (bot_l[0] + 0.9, bot_l[1])])
            pygame.draw.polygon(layer, (255, 255, 255, 40), sheen)
            surf.blit(layer, (0, 0))
            for seg in funnel:
                poly = self._pts(_plank(seg.a, seg.b, seg.radius * 1.4))
                pygame.draw.polygon(surf, PLASTIC, poly)
                _lit_edges(surf, poly, PLASTIC, max(1, round(sc * 0.14)), 0.65)
                pygame.draw.polygon(surf, PLASTIC_DARK, poly, 1)
            rim = self._pts([(top_l[0] - 0.4, top_l[1]), (top_r[0] + 0.4, top_r[1])])
            pygame.draw.line(surf, th.lighten(PLASTIC, 0.5), rim[0], rim[1],
                             max(2, round(sc * 0.18)))
        self._draw_tray(surf, front=True)
        return surf

    def _build_table(self) -> pygame.Surface:
        """The table the tower stands on: dark walnut with a soft light in the middle."""
        size = self.rect.size
        surf = wood_texture(size, TABLE, 17, scale=self.scale / 11)
        light = pygame.Surface(size, pygame.SRCALPHA)
        w, h = size
        for i in range(12, 0, -1):
            ell = pygame.Rect(0, 0, w * (0.3 + 0.09 * i), h * (0.3 + 0.08 * i))
            ell.center = (w // 2, int(h * 0.55))
            pygame.draw.ellipse(light, (0, 0, 0, 14), ell.inflate(w, h), 0)
            pygame.draw.ellipse(light, (255, 236, 200, 3), ell)
        surf.blit(light, (0, 0))
        edge = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(10):
            pygame.draw.rect(edge, (0, 0, 0, 22), (i, i, w - 2 * i, h - 2 * i), 1,
                             border_radius=10)
        surf.blit(edge, (0, 0))
        rounded = pygame.Surface(size, pygame.SRCALPHA)
        rounded.blit(surf, (0, 0))
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=10)
        rounded.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return rounded

    def layer(self, which: str, xray: bool = False) -> pygame.Surface:
        """The cached "table", "back" or "front" layer (built on first use after a layout)."""
        key = (which, xray)
        surf = self._layers.get(key)
        if surf is None:
            if which == "table":
                surf = self._build_table()
            else:
                surf = self._build_back(xray) if which == "back" else self._build_front(xray)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._layers[key] = surf
        return surf

    def static_layer(self, xray: bool = False) -> pygame.Surface:
        """Back and front together (for a still picture of the empty tower)."""
        surf = self.layer("back", xray).copy()
        surf.blit(self.layer("front", xray), (0, 0))
        return surf

    # ---------------------------------------------------------------- drawing
    def draw(
        self,
        surface: pygame.Surface,
        frame: Frame | None,
        colours: Mapping[int, str],
        xray: bool = False,
        hidden_ids: Iterable[int] = frozenset(),
        tray: Sequence[TrayCube] = (),
        *,
        staged: Sequence[TrayCube] = (),
        shake: Point = (0.0, 0.0),
        table: bool = True,
    ) -> int:
        """Draw the tower, the cubes of ``frame``, the ``tray`` pile and the ``staged`` cubes
        (waiting or on their way to the funnel); returns the coloured cubes drawn.

        Cubes in ``hidden_ids`` (held before this drop) are dark shapes while they are inside
        the opaque column, unless ``xray``; in x-ray they are coloured and ringed in gold.
        ``table=False`` leaves out the table under the tower (already in a cached picture).
        """
        sx, sy = round(shake[0]), round(shake[1])
        x0, y0 = self.rect.x + sx, self.rect.y + sy
        if table:
            surface.blit(self.layer("table", False), self.rect.topleft)
        surface.blit(self.layer("back", xray), (x0, y0))
        size = self.cube_px
        ox, oy = self.offset[0] + sx, self.offset[1] + sy
        sc = self.scale
        deg = -180.0 / math.pi  # tower angles are counter-clockwise with y up
        drawn = 0
        for colour, x, y, a in tray:
            blit_cube(surface, colour, (ox + x * sc, oy - y * sc), size, a * deg)
            drawn += 1
        if frame is not None:
            hidden = hidden_ids if isinstance(hidden_ids, set | frozenset) else set(hidden_ids)
            for cid, x, y, a in frame.cubes:
                style = ""
                if cid in hidden and self.is_hidden_region(x, y):
                    style = "xray" if xray else "shadow"
                blit_cube(surface, colours.get(cid, "black"), (ox + x * sc, oy - y * sc), size,
                          a * deg, style)
                if style != "shadow":
                    drawn += 1
        surface.blit(self.layer("front", xray), (x0, y0))
        for colour, x, y, a in staged:
            blit_cube(surface, colour, (ox + x * sc, oy - y * sc), size, a * deg)
            drawn += 1
        return drawn


# ------------------------------------------------------------------------- replay
@dataclass(frozen=True)
class Exit:
    """One cube leaving the tower: first frame index without it, its last pose, tray slot."""

    frame: int
    id: int
    colour: str
    x: float
    y: float
    angle: float
    slot: int
    was_held: bool


@dataclass(frozen=True)
class Spawn:
    """One poured cube: the frame it enters the tower, its first pose, its waiting place."""

    frame: int
    id: int
    colour: str
    x: float
    y: float
    angle: float
    wait_x: float
    wait_y: float


class Replay:
    """A recorded drop prepared for drawing by frame index.

    Indices run from ``start`` (negative: the build-up, cubes waiting in their groups) to
    ``length``; indices past the last recorded frame show the last frame while the last cubes
    out are still sliding into the tray. ``groups`` orders the waiting cubes by side.
    """

    def __init__(
        self,
        frames: Sequence[Frame],
        colours: Mapping[int, str],
        view: TowerView,
        *,
        fall_frames: int = FALL_FRAMES,
        groups: Sequence[str] = (),
        buildup_frames: int = 0,
        impacts: Sequence = (),
    ) -> None:
        if not frames:
            raise ValueError("a replay needs at least one frame")
        self.frames = tuple(frames)
        self.colours = dict(colours)
        self.view = view
        self.fall_frames = fall_frames
        self.held_ids = frozenset(p[0] for p in self.frames[0].cubes)
        exits: list[Exit] = []
        firsts: dict[int, tuple[int, float, float, float]] = {}
        prev = {p[0]: p for p in self.frames[0].cubes}
        for k in range(1, len(self.frames)):
            now = {p[0]: p for p in self.frames[k].cubes}
            for cid in sorted(set(prev) - set(now)):
                _, x, y, a = prev[cid]
                exits.append(Exit(k, cid, self.colours.get(cid, "black"), x, y, a,
                                  len(exits), cid in self.held_ids))
            for cid in now.keys() - prev.keys():
                if cid not in firsts and cid not in self.held_ids:
                    _, x, y, a = now[cid]
                    firsts[cid] = (k, x, y, a)
            prev = now
        self.exits = tuple(exits)
        self.last = len(self.frames) - 1
        self.length = self.last + (fall_frames if exits else 0)
        self._slots = [view.tray_slot(e.slot) for e in exits]
        self.spawns = self._plan_spawns(firsts, groups)
        self.start = -(buildup_frames + GLIDE_FRAMES) if self.spawns else -buildup_frames
        self._shake = self._plan_shake(impacts)

    def _plan_spawns(self, firsts: Mapping[int, tuple[int, float, float, float]],
                     groups: Sequence[str]) -> tuple[Spawn, ...]:
        by_colour: dict[str, list[int]] = {}
        for cid in sorted(firsts, key=lambda c: (firsts[c][0], c)):
            by_colour.setdefault(self.colours.get(cid, "black"), []).append(cid)
        order = [c for c in groups if c in by_colour] + sorted(
            c for c in by_colour if c not in groups)
        self.group_sizes = [(c, len(by_colour[c])) for c in order]
        slots = self.view.staging_slots(self.group_sizes)
        spawns = []
        for (colour, _), places in zip(self.group_sizes, slots, strict=True):
            # the first cube poured leaves the front of its group
            for cid, (wx, wy) in zip(by_colour[colour], places, strict=True):
                k, x, y, a = firsts[cid]
                spawns.append(Spawn(k, cid, colour, x, y, a, wx, wy))
        return tuple(sorted(spawns, key=lambda s: (s.frame, s.id)))

    def _plan_shake(self, impacts: Sequence) -> dict[int, Point]:
        """A slight shake while many cubes hit the tower at once (a big drop), never for a
        few cubes: the hits on the walls are summed per frame with a short decay, and only
        a sum above what a dozen cubes make moves the tower."""
        energy: dict[int, float] = {}
        for imp in impacts:
            if imp.wall:
                energy[imp.frame] = energy.get(imp.frame, 0.0) + imp.strength
        shake: dict[int, Point] = {}
        level = 0.0
        for k in range(0, self.last + 1):
            level = level * 0.72 + energy.get(k, 0.0)
            amp = min(1.0, max(0.0, (level - SHAKE_FROM) / SHAKE_FROM))
            if amp > 0.04:
                shake[k] = (amp * 3.0 * math.sin(k * 2.1), amp * 1.2 * math.sin(k * 3.3 + 1.0))
        return shake

    def shake_at(self, index: int) -> Point:
        """Screen offset (px at a 14 px/cm scale) of the tower at frame ``index``."""
        k = self.view.scale / 14.0
        dx, dy = self._shake.get(index, (0.0, 0.0))
        return (dx * k, dy * k)

    def frame_at(self, index: int) -> Frame:
        return self.frames[max(0, min(index, self.last))]

    def staged_at(self, index: float) -> list[TrayCube]:
        """Poured cubes not yet in the tower: waiting in their group or on their way."""
        out: list[TrayCube] = []
        for s in self.spawns:
            if s.frame <= index:
                continue
            t = 1.0 - (s.frame - index) / GLIDE_FRAMES
            if t <= 0.0:
                out.append((s.colour, s.wait_x, s.wait_y, 0.0))
                continue
            e = t * t * (3 - 2 * t)  # ease in and out
            lift = math.sin(math.pi * e) * 3.0
            out.append((s.colour, s.wait_x + (s.x - s.wait_x) * e,
                        s.wait_y + (s.y - s.wait_y) * e + lift, s.angle * e))
        return out

    def waiting_at(self, index: float, *, sitting: bool = False) -> dict[str, int]:
        """Cubes of each colour not yet in the tower at ``index`` (``sitting``: only those
        still in their group, not on their way to the funnel)."""
        out: dict[str, int] = {}
        lead = GLIDE_FRAMES if sitting else 0
        for s in self.spawns:
            if s.frame - lead > index:
                out[s.colour] = out.get(s.colour, 0) + 1
        return out

    def out_at(self, index: int) -> dict[str, int]:
        """Cubes counted out by frame ``index``, per colour."""
        out: dict[str, int] = {}
        for e in self.exits:
            if e.frame > index:
                break
            out[e.colour] = out.get(e.colour, 0) + 1
        return out

    def released_at(self, index: int) -> int:
        """Cubes held before the drop that came out by frame ``index``."""
        return sum(1 for e in self.exits if e.frame <= index and e.was_held)

    def landings(self) -> list[int]:
        """The frame at which each cube out comes to rest in the tray (for the tray sound)."""
        return [e.frame + self.fall_frames - 1 for e in self.exits]

    def tray_at(self, index: int) -> list[TrayCube]:
        """The tray pile at frame ``index``: landed cubes at their slots, others on the way."""
        pile: list[TrayCube] = []
        n = self.fall_frames
        for e, (sx, sy, sa) in zip(self.exits, self._slots, strict=True):
            if e.frame > index:
                break
            t = min(1.0, (index - e.frame + 1) / n) if n else 1.0
            if t >= 1.0:
                pile.append((e.colour, sx, sy, sa))
            else:  # slide across, drop with gravity (or climb onto the heap), turn to rest
                ty = t * t if sy <= e.y else t * (2.0 - t)
                pile.append((e.colour, e.x + (sx - e.x) * t, e.y + (sy - e.y) * ty,
                             e.angle + (sa - e.angle) * t))
        return pile


def static_tray(counts: Mapping[str, int], view: TowerView) -> list[TrayCube]:
    """A tray pile for a drop without frames (a non-physical tower): cubes in colour order."""
    pile: list[TrayCube] = []
    order = [c for c in th.PLAYER_ORDER + (th.FARMERS,) if c in counts]
    order += sorted(c for c in counts if c not in order)
    for colour in order:
        for _ in range(counts[colour]):
            x, y, a = view.tray_slot(len(pile))
            pile.append((colour, x, y, a))
    return pile
