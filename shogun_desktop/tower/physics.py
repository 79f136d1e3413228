"""The physical battle tower: a 2D pymunk cross-section that decides how many cubes come out.

Every drop builds a fresh pymunk space from plain data (the geometry file, the held cubes'
positions, the cubes poured in, the game's generator), so a drop is a pure function of its
inputs and a saved game continues exactly like an uninterrupted one. The headless resolver
and the on-screen animation are the same :class:`TowerRun`; the animation merely reads body
poses between frames, so both produce the identical result.

Step sequence of a run (all at fixed ``dt``; numbers in ``data/tower.yaml``):

1. Held cubes with a position are created where they were and put to sleep in touching
   clusters (so a cluster wakes as a whole and no cube is left hanging in the air).
2. Held cubes *without* a position (x = y = 0, e.g. from a scenario or a non-physical tower,
   or any position outside the hull) are placed on ``rest_slots`` in a fixed order and
   settled with the exit closed by ``gate`` (no rng, never counted as out); then the gate
   opens. Cubes that settled against the gate usually leave during this drop, as cubes
   knocked loose would.
3. The new cubes, shuffled by colour with the rng, are poured in rows of ``row_size`` every
   ``row_interval_steps`` steps with rng positions, angles, velocities and spin.
4. After every step, cubes whose centre entered ``exit_box`` are counted by colour and
   removed. Every ``hull_check_every`` steps awake cubes outside the hull are removed as
   escapes (counted as out, so accounting holds, and reported).
5. On frame boundaries (every ``steps_per_frame`` steps), once all rows are poured, the run
   stops when every body is asleep; at ``time_cap`` it stops anyway and says so in the note.
"""

from __future__ import annotations

import gc
import math
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pymunk
import pymunk.batch

from shogun_desktop.rules.tower import CUBE_COLOURS, DropResult, HeldCube, next_cube_id
from shogun_desktop.tower import _fastpath
from shogun_desktop.tower.geometry import Segment, TowerGeometry, load_geometry

CUBE_TYPE = 1
EXIT_TYPE = 2
_BATCH_FIELDS = (
    pymunk.batch.BodyFields.BODY_ID
    | pymunk.batch.BodyFields.POSITION
    | pymunk.batch.BodyFields.ANGLE
)
_TWO_PI = 2.0 * math.pi

Pose = tuple[int, float, float, float]  # cube id, x, y, angle


@dataclass(frozen=True)
class Frame:
    """Poses of every cube still in the tower after ``step`` steps (for drawing only).

    ``cubes`` is in the engine's body order, not sorted; look colours up by cube id.
    """

    step: int
    cubes: tuple[Pose, ...]
    out: int  # cubes counted out so far in this run


class Impact(NamedTuple):
    """A cube hitting something, recorded for the replay's sound (never read by the physics).

    ``frame`` is the index of the recorded frame the hit belongs to (frames are
    ``steps_per_frame`` steps apart, frame 0 is the state before the first step);
    ``strength`` is the change of speed the hit caused, in cm/s (impulse / cube mass), so it
    does not depend on the cube's mass units; ``wall`` is True for a hit on the tower itself.
    """

    frame: int
    strength: float
    x: float
    y: float
    wall: bool


@dataclass
class _Cube:
    id: int
    colour: str
    body: pymunk.Body
    shape: pymunk.Poly
    was_held: bool


class _Spawn(NamedTuple):
    id: int
    colour: str
    x: float
    y: float
    angle: float
    vx: float
    vy: float
    spin: float


def is_unplaced(cube: HeldCube, geometry: TowerGeometry) -> bool:
    """True for held cubes that carry no usable position (placed by rest slots instead)."""
    if cube.x == 0.0 and cube.y == 0.0:
        return True
    return not geometry.hull_contains(cube.x, cube.y) or geometry.exit_box.contains(cube.x, cube.y)


def pour_order(dropped: Mapping[str, int], rng: random.Random) -> list[str]:
    """Colours of the poured cubes in the order they fall (shuffled: a hand mixes them)."""
    colours = [c for c in CUBE_COLOURS if c in dropped]
    colours += sorted(c for c in dropped if c not in CUBE_COLOURS)
    order: list[str] = []
    for colour in colours:
        n = dropped[colour]
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"cannot drop {n!r} {colour} cubes")
        order.extend([colour] * n)
    rng.shuffle(order)
    return order


class TowerRun:
    """One drop in progress. Step it headless, frame by frame for animation, or both.

    ``step_frame`` advances ``steps_per_frame`` steps and returns the poses; ``result``
    finishes the run (headless) and returns the outcome. The stop test only runs on frame
    boundaries, so how the run is driven cannot change the outcome.
    """

    def __init__(
        self,
        geometry: TowerGeometry,
        held: Sequence[HeldCube],
        dropped: Mapping[str, int],
        rng: random.Random,
        *,
        record_impacts: bool = False,
        public_api: bool | None = None,
    ) -> None:
        self.geometry = geometry
        sim = geometry.simulation
        self._dt = sim.dt
        self._spf = sim.steps_per_frame
        self._hull_every = sim.hull_check_every
        self._cap = sim.cap_steps
        self._interval = geometry.pour.row_interval_steps

        space = pymunk.Space()
        space.gravity = (0.0, -geometry.gravity)
        space.iterations = sim.iterations
        space.collision_slop = sim.collision_slop
        space.sleep_time_threshold = sim.sleep_time_threshold
        space.idle_speed_threshold = sim.idle_speed_threshold
        self.space = space
        # pymunk internals (fast) or the public API (any pymunk): see tower/_fastpath.py
        self._ops = _fastpath.bind(space, self._dt, public=public_api)
        self._space_step = self._ops.stepper()
        spec = geometry.cube
        self._cube_mass = spec.mass
        self._cube_moment = pymunk.moment_for_box(spec.mass, (spec.size, spec.size))
        self._cube_inner = spec.size - 2.0 * spec.bevel
        space.add(*[self._static_segment(seg) for seg in geometry.segments])
        ex = geometry.exit_box
        sensor = pymunk.Poly(
            space.static_body,
            [
                (ex.x_min, ex.y_min),
                (ex.x_max, ex.y_min),
                (ex.x_max, ex.y_max),
                (ex.x_min, ex.y_max),
            ],
        )
        sensor.sensor = True
        sensor.collision_type = EXIT_TYPE
        space.add(sensor)
        space.on_collision(CUBE_TYPE, EXIT_TYPE, begin=self._on_exit)
        self.impacts: list[Impact] = []
        if record_impacts:
            space.on_collision(post_solve=self._on_contact)

        self._cubes: dict[int, _Cube] = {}
        self._by_shape: dict[pymunk.Shape, int] = {}
        self._by_body_id: dict[int, int] = {}
        self._exiting: list[int] = []
        self._counting = False
        self._awake_hint = 0
        self.colours: dict[int, str] = {}
        self.out: dict[str, int] = {}
        self.released: list[int] = []  # ids of earlier-held cubes that came out
        self.escapes = 0
        self.steps = 0
        self.settle_steps = 0
        self.done = False
        self.capped = False
        self._batch = pymunk.batch.Buffer()

        placed: list[HeldCube] = []
        unplaced: list[HeldCube] = []
        for c in held:
            (unplaced if is_unplaced(c, geometry) else placed).append(c)
        for c in placed:
            self._add_cube(c.id, c.colour, c.x, c.y, c.angle, was_held=True)
        self._sleep_in_clusters([self._cubes[c.id] for c in placed])
        self.unplaced = len(unplaced)
        if unplaced:
            self._settle_unplaced(unplaced)

        self._rows = self._plan_rows(pour_order(dropped, rng), next_cube_id(held), rng)
        self._next_row = 0
        self._pour_at = 0 if self._rows else -1  # step of the next row, -1 when all poured
        self._counting = True

    # -- building ---------------------------------------------------------------------

    def _static_segment(self, seg: Segment) -> pymunk.Segment:
        shape = pymunk.Segment(self.space.static_body, seg.a, seg.b, seg.radius)
        self._ops.set_material(
            shape, self.geometry.static_friction, self.geometry.static_restitution
        )
        return shape

    def _add_cube(
        self,
        cube_id: int,
        colour: str,
        x: float,
        y: float,
        angle: float,
        *,
        was_held: bool,
        velocity: tuple[float, float] | None = None,
        spin: float = 0.0,
    ) -> _Cube:
        spec = self.geometry.cube
        ops = self._ops
        body = pymunk.Body(self._cube_mass, self._cube_moment)
        ops.place(body, x, y, angle)
        inner = self._cube_inner
        shape = pymunk.Poly.create_box(body, (inner, inner), radius=spec.bevel)
        ops.set_material(shape, spec.friction, spec.restitution, CUBE_TYPE)
        ops.add(body, shape)
        if velocity is not None:  # only once in the space, as before (set earlier, the
            # results differ: Chipmunk's setters also wake the body)
            ops.launch(body, velocity, spin)
        cube = _Cube(cube_id, colour, body, shape, was_held)
        self._cubes[cube_id] = cube
        self._by_shape[shape] = cube_id
        self._by_body_id[body.id] = cube_id
        self.colours[cube_id] = colour
        return cube

    def _sleep_in_clusters(self, cubes: list[_Cube]) -> None:
        """Put resting held cubes to sleep, touching ones together so they wake together."""
        if not cubes:
            return
        reach = (self.geometry.cube.size * math.sqrt(2.0) + 0.1) ** 2
        parent = list(range(len(cubes)))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        pos = [(c.body.position.x, c.body.position.y) for c in cubes]
        for i in range(len(cubes)):
            for j in range(i + 1, len(cubes)):
                dx = pos[i][0] - pos[j][0]
                dy = pos[i][1] - pos[j][1]
                if dx * dx + dy * dy < reach:
                    ri, rj = find(i), find(j)
                    if ri != rj:
                        parent[max(ri, rj)] = min(ri, rj)
        leaders: dict[int, pymunk.Body] = {}
        for i, cube in enumerate(cubes):
            root = find(i)
            if root in leaders:
                cube.body.sleep_with_group(leaders[root])
            else:
                cube.body.sleep()
                leaders[root] = cube.body

    def _settle_unplaced(self, unplaced: list[HeldCube]) -> None:
        """Place position-less held cubes on the rest slots and settle them, exit closed."""
        g = self.geometry
        min_gap2 = (g.cube.size * 1.2) ** 2
        occupied = [(c.body.position.x, c.body.position.y) for c in self._cubes.values()]
        slots = g.rest_slots
        k = 0
        for cube in sorted(unplaced, key=lambda c: c.id):
            while True:
                sx, sy, sa = slots[k % len(slots)]
                y = sy + (k // len(slots)) * g.cube.size * 1.2
                k += 1
                if all((sx - ox) ** 2 + (y - oy) ** 2 >= min_gap2 for ox, oy in occupied):
                    break
            occupied.append((sx, y))
            self._add_cube(cube.id, cube.colour, sx, y, sa, was_held=True)
        gate = self._static_segment(g.gate)
        self.space.add(gate)
        for step in range(1, g.simulation.settle_steps + 1):
            self._space_step()
            self.settle_steps = step
            if step % self._spf == 0 and self._all_asleep():
                break
        self.space.remove(gate)
        self._exiting.clear()

    def _plan_rows(
        self, colours: list[str], first_id: int, rng: random.Random
    ) -> list[list[_Spawn]]:
        p = self.geometry.pour
        rows: list[list[_Spawn]] = []
        for start in range(0, len(colours), p.row_size):
            chunk = colours[start : start + p.row_size]
            n = len(chunk)
            spacing = (p.x_max - p.x_min) / max(1, p.row_size - 1)
            centre = (p.x_min + p.x_max) / 2.0
            row: list[_Spawn] = []
            for j, colour in enumerate(chunk):
                x = centre + (j - (n - 1) / 2.0) * spacing + rng.uniform(-p.jitter, p.jitter)
                row.append(
                    _Spawn(
                        id=first_id + start + j,
                        colour=colour,
                        x=x,
                        y=p.y + rng.uniform(-p.jitter, p.jitter),
                        angle=rng.uniform(-math.pi, math.pi),
                        vx=rng.uniform(-p.speed_jitter, p.speed_jitter),
                        vy=-p.speed + rng.uniform(-p.speed_jitter, p.speed_jitter),
                        spin=rng.uniform(-p.spin, p.spin),
                    )
                )
            rows.append(row)
        return rows

    # -- stepping ---------------------------------------------------------------------

    def _on_exit(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        # Runs inside cpSpaceStep with the space unlocked (see _fast_step): record only.
        for shape in arbiter.shapes:
            cube_id = self._by_shape.get(shape)
            if cube_id is not None:
                self._exiting.append(cube_id)

    def _on_contact(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        # Only while recording, and only reads: the solver's results are already final here.
        if not self._counting or not arbiter.is_first_contact:
            return
        a, b = arbiter.shapes
        if a.sensor or b.sensor:
            return
        strength = abs(arbiter.total_impulse) / self._cube_mass
        if strength <= 0.0:
            return
        pts = arbiter.contact_point_set.points
        x, y = pts[0].point_a if pts else (0.0, 0.0)
        static = pymunk.Body.STATIC
        wall = any(s.body is not None and s.body.body_type == static for s in (a, b))
        frame = -(-(self.steps + 1) // self._spf)  # the frame this step ends in
        self.impacts.append(Impact(frame, strength, x, y, wall))

    def _remove(self, cube_id: int) -> None:
        cube = self._cubes.pop(cube_id)
        self.space.remove(cube.body, cube.shape)
        del self._by_shape[cube.shape]
        del self._by_body_id[cube.body.id]
        self.out[cube.colour] = self.out.get(cube.colour, 0) + 1
        if cube.was_held:
            self.released.append(cube_id)

    def _all_asleep(self) -> bool:
        cubes = list(self._cubes.values())
        n = len(cubes)
        start = self._awake_hint % n if n else 0
        for k in range(n):
            i = (start + k) % n
            if not cubes[i].body.is_sleeping:
                self._awake_hint = i
                return False
        return True

    def _check_hull(self, *, awake_only: bool) -> None:
        g = self.geometry
        for cube_id, cube in list(self._cubes.items()):
            body = cube.body
            if awake_only and body.is_sleeping:
                continue
            x, y = body.position
            if not g.hull_contains(x, y):
                self.escapes += 1
                self._remove(cube_id)

    def step(self) -> None:
        """Advance one fixed step (pouring, exits, escape checks and the stop test included)."""
        if self.done:
            return
        steps = self.steps
        if steps == self._pour_at:
            self._pour_row()
        self._space_step()
        self.steps = steps = steps + 1
        if self._exiting:
            for cube_id in sorted(set(self._exiting)):
                if cube_id in self._cubes:
                    self._remove(cube_id)
            self._exiting.clear()
        if steps % self._hull_every == 0:
            self._check_hull(awake_only=True)
        if steps >= self._cap:
            self.capped = not self._all_asleep()
            self._finish()
        elif steps % self._spf == 0 and self._pour_at < 0 and self._all_asleep():
            self._finish()

    def _pour_row(self) -> None:
        for s in self._rows[self._next_row]:
            self._add_cube(
                s.id, s.colour, s.x, s.y, s.angle, was_held=False, velocity=(s.vx, s.vy),
                spin=s.spin,
            )
        self._next_row += 1
        self._pour_at = self._next_row * self._interval if self._next_row < len(self._rows) else -1

    def _finish(self) -> None:
        self._check_hull(awake_only=False)
        self.done = True

    def advance_frame(self) -> None:
        """Advance to the next frame boundary (or the end), without reading poses."""
        self.step()
        while not self.done and self.steps % self._spf:
            self.step()

    def step_frame(self) -> Frame:
        """Advance one frame (``steps_per_frame`` steps) and return the poses after it."""
        self.advance_frame()
        return self.frame()

    def frame(self) -> Frame:
        """Poses of all cubes now, read in one batch call (cheap enough for 60 Hz)."""
        buf = self._batch
        buf.clear()
        pymunk.batch.get_space_bodies(self.space, _BATCH_FIELDS, buf)
        ids = memoryview(buf.int_buf()).cast("P").tolist()
        vals = memoryview(buf.float_buf()).cast("d").tolist()
        cube_ids = map(self._by_body_id.get, ids)
        poses = tuple(
            (cube, x, y, a)
            for cube, x, y, a in zip(cube_ids, vals[0::3], vals[1::3], vals[2::3], strict=True)
            if cube is not None  # the space's static body is listed too
        )
        return Frame(self.steps, poses, sum(self.out.values()))

    def run_to_end(self) -> None:
        while not self.done:
            self.step()

    @property
    def cubes_inside(self) -> int:
        return len(self._cubes)

    @property
    def moving(self) -> int:
        """Cubes not asleep now (for a "still tumbling" display and for measurements)."""
        return sum(1 for cube in self._cubes.values() if not cube.body.is_sleeping)

    def result(self, extra: dict | None = None) -> DropResult:
        """Finish the run if needed and return what came out and what is held inside."""
        self.run_to_end()
        held = tuple(
            HeldCube(
                cube.id,
                cube.colour,
                cube.body.position.x,
                cube.body.position.y,
                math.remainder(cube.body.angle, _TWO_PI),
            )
            for cube in sorted(self._cubes.values(), key=lambda c: c.id)
        )
        notes = []
        if self.unplaced:
            notes.append(
                f"{self.unplaced} held cube(s) without a position were first settled on the "
                f"baffles and ledges"
            )
        if self.capped:
            notes.append(
                f"time cap reached after {self.steps * self._dt:.1f} s simulated; cubes still "
                f"moving were left where they were"
            )
        if self.escapes:
            notes.append(f"{self.escapes} cube(s) left the walls and were counted as out")
        info = {
            "steps": self.steps,
            "sim_time": self.steps * self._dt,
            "settle_steps": self.settle_steps,
            "escapes": self.escapes,
            "released": tuple(sorted(self.released)),
            "capped": self.capped,
            "colours": dict(self.colours),
        }
        if self.impacts:
            info["impacts"] = tuple(self.impacts)
        if extra:
            info.update(extra)
        return DropResult(
            out={c: n for c, n in self.out.items() if n},
            held=held,
            note="; ".join(notes),
            extra=info,
        )


_announced: list[bool] = []


def _announce_fast_path() -> None:
    """Say once per process, on stderr, when another pymunk than the pinned one is used."""
    notice = _fastpath.version_notice()
    if notice and not _announced:
        _announced.append(True)
        print(notice, file=sys.stderr)


class PhysicalTower:
    """The pymunk tower behind the engine's ``Tower`` interface.

    With ``record=True`` a drop also returns every frame's poses in
    ``DropResult.extra["frames"]`` (list of :class:`Frame`, the first at step 0) and the hits
    of cubes on the tower and on each other in ``extra["impacts"]`` (:class:`Impact`), so the
    window can replay, with sound, a battle that the engine already resolved. Recording
    never changes an outcome.

    ``public_api=True`` forces pymunk's public API instead of the fast path (same results,
    slower); by default the fast path is used when the pinned pymunk is installed.
    """

    name = "physical"

    def __init__(
        self,
        geometry: TowerGeometry | str | Path | None = None,
        *,
        record: bool = False,
        public_api: bool | None = None,
    ) -> None:
        if geometry is None or isinstance(geometry, str | Path):
            geometry = load_geometry(geometry)
        self.geometry = geometry
        self.record = record
        self.public_api = public_api
        _announce_fast_path()

    def start(
        self, held: Sequence[HeldCube], dropped: Mapping[str, int], rng: random.Random
    ) -> TowerRun:
        """Begin a drop for live stepping (``run.step_frame()`` … ``run.result()``)."""
        return TowerRun(self.geometry, held, dropped, rng, record_impacts=self.record,
                        public_api=self.public_api)

    def drop(
        self, held: Sequence[HeldCube], dropped: Mapping[str, int], rng: random.Random
    ) -> DropResult:
        # pymunk's bodies, shapes and spaces are reference cycles (each holds a cffi handle
        # to itself), so a drop leaves ~400 objects that only the cyclic collector frees.
        # Left to itself the collector runs several times during a drop (every 700
        # allocations), each time walking and promoting the live simulation objects; that
        # costs ~1 ms per drop. Instead it is paused for the drop and this drop's garbage is
        # collected once at the end (~0.3 ms). A caller that disabled gc keeps it disabled.
        collect = gc.isenabled()
        if collect:
            gc.disable()
        try:
            result = self._drop(held, dropped, rng)
        finally:
            if collect:
                gc.enable()
        if collect:
            gc.collect(0)
        return result

    def _drop(
        self, held: Sequence[HeldCube], dropped: Mapping[str, int], rng: random.Random
    ) -> DropResult:
        run = self.start(held, dropped, rng)
        if not self.record:
            return run.result()
        frames = [run.frame()]
        while not run.done:
            frames.append(run.step_frame())
        return run.result({"frames": frames})

    @property
    def static_segments(self) -> tuple[Segment, ...]:
        """Everything static to draw (walls, baffles, lips, ledges, tray), in tower units."""
        return self.geometry.segments
