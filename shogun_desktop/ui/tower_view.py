"""The battle tower in cross-section, drawn from the very segments the physics collides with.

:class:`TowerView` maps tower units (cm, y up, x = 0 in the middle of the column) into a
screen rect with the aspect kept, caches the static parts (funnel, baffled column, tray) in
one surface per look, and draws the cubes of a :class:`~shogun_desktop.tower.Frame` as
rotated sprites from theme.draw_cube's cache (no ``transform.rotate`` per cube per frame).

:class:`Replay` prepares a recorded drop for drawing: which cubes were held before the drop,
when each cube left the tower and where it lands in the tray. The physics removes a cube the
moment it passes the exit, so the tray pile is drawn here: every cube that left slides into
its own slot of the tray in ``fall_frames`` frames. Everything is a function of the frame
index, so drawing never changes state.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pygame

from shogun_desktop.data.mapdata import point_in_polygon
from shogun_desktop.tower.geometry import Segment
from shogun_desktop.tower.physics import Frame
from shogun_desktop.ui import theme as th

Point = tuple[float, float]
TrayCube = tuple[str, float, float, float]  # colour, x, y, angle (tower units, radians)

# The look: cardboard column and baffles, smoky plastic funnel and tray.
CARDBOARD = (139, 99, 62)
CARDBOARD_LIGHT = (166, 124, 80)
CARDBOARD_DARK = (92, 63, 38)
PLASTIC = (104, 114, 110)
PLASTIC_DARK = (58, 64, 62)
INSIDE = (205, 187, 150)  # the column's inside seen in cross-section
INSIDE_LINES = (194, 175, 137)
XRAY_INSIDE = (176, 198, 206)
XRAY_LINES = (150, 176, 188)
XRAY_RING = th.GOLD

FALL_FRAMES = 20  # frames a cube takes from the exit to its place in the tray


def _is_plastic(seg: Segment) -> bool:
    return seg.kind == "tray" or seg.name.startswith("funnel")


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
        self.bounds = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
        self.interior = interior_polygon(self.segments)
        columns = [s for s in self.segments if s.name.startswith("column")]
        tops = [max(s.a[1], s.b[1]) for s in columns or self.segments_of("baffles")]
        self.column_top = max(tops) if tops else self.bounds[3]
        self._tray = self._tray_box()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.offset = (0.0, 0.0)
        self._static: dict[bool, pygame.Surface] = {}
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
        self._static.clear()

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

    # ---------------------------------------------------------------- drawing
    def _capsule(self, surf: pygame.Surface, seg: Segment, colour, dark, origin: Point) -> None:
        ox, oy = origin
        a = self.to_screen(*seg.a)
        b = self.to_screen(*seg.b)
        a = (a[0] - ox, a[1] - oy)
        b = (b[0] - ox, b[1] - oy)
        r = max(1.5, seg.radius * self.scale)
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / n, dx / n
        for rr, col in ((r + 1.0, dark), (r - 0.3, colour)):
            quad = [(a[0] + nx * rr, a[1] + ny * rr), (b[0] + nx * rr, b[1] + ny * rr),
                    (b[0] - nx * rr, b[1] - ny * rr), (a[0] - nx * rr, a[1] - ny * rr)]
            pygame.draw.polygon(surf, col, quad)
            pygame.draw.circle(surf, col, a, rr)
            pygame.draw.circle(surf, col, b, rr)
        # a thin highlight along the upper side gives the board some thickness
        if r >= 3:
            hl = th.lighten(colour, 0.25)
            k = r * 0.45
            pygame.draw.line(surf, hl, (a[0] + nx * k, a[1] + ny * k),
                             (b[0] + nx * k, b[1] + ny * k), 1)

    def _build_static(self, xray: bool) -> pygame.Surface:
        r = self.rect
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        origin = (r.x, r.y)
        if self.interior is not None:
            pts = [self.to_screen(*p) for p in self.interior]
            pts = [(x - r.x, y - r.y) for x, y in pts]
            pygame.draw.polygon(surf, XRAY_INSIDE if xray else INSIDE, pts)
            # faint corrugation lines, clipped to the inside by drawing on a mask
            lines = pygame.Surface(r.size, pygame.SRCALPHA)
            step = max(6, round(self.scale * 0.9))
            colour = XRAY_LINES if xray else INSIDE_LINES
            for y in range(0, r.h, step):
                pygame.draw.line(lines, colour, (0, y), (r.w, y + step // 2), 1)
            mask = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surf.blit(lines, (0, 0))
        for seg in self.segments:
            if _is_plastic(seg):
                colour, dark = PLASTIC, PLASTIC_DARK
            elif seg.kind == "walls":
                colour, dark = CARDBOARD, CARDBOARD_DARK
            elif seg.kind == "baffles":
                colour, dark = CARDBOARD_LIGHT, CARDBOARD_DARK
            else:
                colour, dark = CARDBOARD_DARK, th.darken(CARDBOARD_DARK, 0.4)
            self._capsule(surf, seg, colour, dark, origin)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        return surf

    def static_layer(self, xray: bool = False) -> pygame.Surface:
        surf = self._static.get(xray)
        if surf is None:
            surf = self._static[xray] = self._build_static(xray)
        return surf

    def draw(
        self,
        surface: pygame.Surface,
        frame: Frame | None,
        colours: Mapping[int, str],
        xray: bool = False,
        hidden_ids: Iterable[int] = frozenset(),
        tray: Sequence[TrayCube] = (),
    ) -> int:
        """Draw the tower, the cubes of ``frame`` and the ``tray`` pile; returns cubes drawn.

        Cubes in ``hidden_ids`` (held before this drop) are not drawn while they are inside
        the opaque column, unless ``xray``; in x-ray they get a gold ring.
        """
        surface.blit(self.static_layer(xray), self.rect.topleft)
        size = self.cube_px
        ox, oy = self.offset
        sc = self.scale
        deg = -180.0 / math.pi  # tower angles are counter-clockwise with y up
        drawn = 0
        draw_cube = th.draw_cube
        for colour, x, y, a in tray:
            draw_cube(surface, colour, (ox + x * sc, oy - y * sc), size, a * deg)
            drawn += 1
        if frame is None:
            return drawn
        hidden = hidden_ids if isinstance(hidden_ids, set | frozenset) else set(hidden_ids)
        ring = max(2.0, size * 0.8)
        for cid, x, y, a in frame.cubes:
            held = cid in hidden
            if held and not xray and self.is_hidden_region(x, y):
                continue
            c = (ox + x * sc, oy - y * sc)
            draw_cube(surface, colours.get(cid, "black"), c, size, a * deg)
            if held and xray:
                pygame.draw.circle(surface, XRAY_RING, c, ring, 2)
            drawn += 1
        return drawn


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


class Replay:
    """A recorded drop prepared for drawing by frame index (0 .. ``length``).

    Indices past the last recorded frame show the last frame while the last cubes out are
    still sliding into the tray.
    """

    def __init__(
        self,
        frames: Sequence[Frame],
        colours: Mapping[int, str],
        view: TowerView,
        *,
        fall_frames: int = FALL_FRAMES,
    ) -> None:
        if not frames:
            raise ValueError("a replay needs at least one frame")
        self.frames = tuple(frames)
        self.colours = dict(colours)
        self.view = view
        self.fall_frames = fall_frames
        self.held_ids = frozenset(p[0] for p in self.frames[0].cubes)
        exits: list[Exit] = []
        prev = {p[0]: p for p in self.frames[0].cubes}
        for k in range(1, len(self.frames)):
            now = {p[0]: p for p in self.frames[k].cubes}
            for cid in sorted(set(prev) - set(now)):
                _, x, y, a = prev[cid]
                exits.append(Exit(k, cid, self.colours.get(cid, "black"), x, y, a,
                                  len(exits), cid in self.held_ids))
            prev = now
        self.exits = tuple(exits)
        self.last = len(self.frames) - 1
        self.length = self.last + (fall_frames if exits else 0)
        self._slots = [view.tray_slot(e.slot) for e in exits]

    def frame_at(self, index: int) -> Frame:
        return self.frames[max(0, min(index, self.last))]

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
