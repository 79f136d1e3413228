"""The tower's shape and physical constants, loaded from ``data/tower.yaml`` and validated.

Everything that changes how cubes tumble lives in the YAML file, not in code, so the feel of
the tower is tuned in one place. Loading checks every key and reports the first problem as
``TowerDataError("data/tower.yaml: baffles[2].radius: must be a positive number")``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from shogun_desktop.data import DATA_DIR, DataError, data_dir
from shogun_desktop.i18n import _, ngettext
from shogun_desktop.yamlio import YamlFormatError, describe, load_yaml_file

DEFAULT_PATH = DATA_DIR / "tower.yaml"  # the shipped file; load_geometry() honours data_dir()

# Sane range of every physical setting: outside it a drop would hang (steps_per_second: 1e9),
# explode or tunnel. The shipped values sit well inside; (low, high), both inclusive.
BOUNDS: dict[str, tuple[float, float]] = {
    "gravity": (1.0, 10_000.0),
    "cube.size": (0.1, 10.0),
    "cube.mass": (0.01, 1_000.0),
    "cube.friction": (0.0, 10.0),
    "static.friction": (0.0, 10.0),
    "simulation.steps_per_second": (120, 2_000),  # below 120 cubes tunnel through baffles
    "simulation.iterations": (1, 100),
    "simulation.collision_slop": (0.0, 1.0),
    "simulation.sleep_time_threshold": (0.01, 10.0),
    "simulation.idle_speed_threshold": (0.001, 100.0),
    "simulation.time_cap": (0.1, 60.0),
    "simulation.settle_cap": (0.1, 30.0),
    "simulation.steps_per_frame": (1, 64),
    "simulation.hull_check_every": (1, 100_000),
    "pour.row_size": (1, 50),
    "pour.row_interval_steps": (1, 10_000),
    "pour.jitter": (0.0, 10.0),
    "pour.speed": (0.0, 1_000.0),
    "pour.speed_jitter": (0.0, 1_000.0),
    "pour.spin": (0.0, 1_000.0),
}
MAX_COORDINATE = 1_000.0  # cm; the tower is about 40 cm tall
MAX_STEPS_PER_DROP = 20_000  # time_cap and settle_cap x steps_per_second (shipped: 2,400)
MAX_PARTS = 500  # segments, hull points, rest slots

Point = tuple[float, float]

SEGMENT_GROUPS = ("walls", "baffles", "lips", "ledges", "tray")
REQUIRED_GROUPS = ("walls", "baffles")


class TowerDataError(DataError):
    """A tower geometry file is missing a key or holds a value that cannot work."""


@dataclass(frozen=True)
class Segment:
    """One static part: a thick line from ``a`` to ``b`` (``radius`` = half its thickness)."""

    kind: str  # the YAML group: walls, baffles, lips, ledges, tray
    name: str
    a: Point
    b: Point
    radius: float


@dataclass(frozen=True)
class CubeSpec:
    size: float
    bevel: float
    mass: float
    friction: float
    restitution: float


@dataclass(frozen=True)
class SimulationSpec:
    steps_per_second: int
    iterations: int
    collision_slop: float
    sleep_time_threshold: float
    idle_speed_threshold: float
    time_cap: float
    settle_cap: float
    steps_per_frame: int
    hull_check_every: int

    @property
    def dt(self) -> float:
        return 1.0 / self.steps_per_second

    @property
    def cap_steps(self) -> int:
        return round(self.time_cap * self.steps_per_second)

    @property
    def settle_steps(self) -> int:
        return round(self.settle_cap * self.steps_per_second)


@dataclass(frozen=True)
class PourSpec:
    y: float
    x_min: float
    x_max: float
    row_size: int
    row_interval_steps: int
    jitter: float
    speed: float
    speed_jitter: float
    spin: float


@dataclass(frozen=True)
class Box:
    x_min: float
    y_min: float
    x_max: float
    y_max: float

    def contains(self, x: float, y: float) -> bool:
        return self.x_min <= x <= self.x_max and self.y_min <= y <= self.y_max


@dataclass(frozen=True)
class TowerGeometry:
    """The validated content of a tower file (immutable, safe to share between towers)."""

    source: str  # how errors and reports name the file
    gravity: float
    cube: CubeSpec
    static_friction: float
    static_restitution: float
    simulation: SimulationSpec
    pour: PourSpec
    segments: tuple[Segment, ...]
    exit_box: Box
    gate: Segment
    hull: tuple[Point, ...]
    rest_slots: tuple[tuple[float, float, float], ...]

    def segments_of(self, kind: str) -> tuple[Segment, ...]:
        return tuple(s for s in self.segments if s.kind == kind)

    def hull_contains(self, x: float, y: float) -> bool:
        """Even-odd point-in-polygon test against the outline (escapes are outside it)."""
        inside = False
        pts = self.hull
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside

    @property
    def bounds(self) -> Box:
        xs = [p[0] for p in self.hull]
        ys = [p[1] for p in self.hull]
        return Box(min(xs), min(ys), max(xs), max(ys))


class _Reader:
    """Typed access to nested YAML that names the exact key on failure."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, message: str) -> TowerDataError:
        return TowerDataError(f"{self.source}: {key}: {message}")

    def mapping(self, data: Any, key: str) -> Mapping[str, Any]:
        if not isinstance(data, Mapping):
            raise self.fail(key, _("must be a mapping, not {value}").format(
                value=describe(data)))
        return data

    def get(self, data: Mapping[str, Any], key: str, path: str) -> Any:
        if key not in data:
            raise self.fail(path, _("missing"))
        return data[key]

    def number(
        self,
        data: Mapping[str, Any],
        key: str,
        path: str,
        *,
        positive: bool = False,
        non_negative: bool = False,
    ) -> float:
        value = self.get(data, key, path)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            raise self.fail(path, _("must be a number, not {value}").format(value=describe(value)))
        if positive and value <= 0:
            raise self.fail(path, _("must be a positive number"))
        if non_negative and value < 0:
            raise self.fail(path, _("must not be negative"))
        self.bounded(value, path, MAX_COORDINATE)
        return float(value)

    def bounded(self, value: float, path: str, limit: float) -> None:
        """The path's range from BOUNDS, else +-limit."""
        low, high = BOUNDS.get(path, (-limit, limit))
        if not low <= value <= high:
            raise self.fail(path, _("must be between {low} and {high}, not {value}").format(
                low=f"{low:g}", high=f"{high:g}", value=describe(value)))

    def integer(self, data: Mapping[str, Any], key: str, path: str, *, minimum: int = 1) -> int:
        value = self.get(data, key, path)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, _("must be a whole number, not {value}").format(
                value=describe(value)))
        if value < minimum:
            raise self.fail(path, _("must be at least {minimum}").format(minimum=minimum))
        self.bounded(value, path, MAX_STEPS_PER_DROP)
        return value

    def point(self, value: Any, path: str) -> Point:
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int | float) for v in value)
            or not all(math.isfinite(v) for v in value)
        ):
            raise self.fail(path, _("must be a point [x, y], not {value}").format(
                value=describe(value)))
        for v in value:
            self.bounded(v, path, MAX_COORDINATE)
        return (float(value[0]), float(value[1]))

    def segment(self, data: Any, path: str, kind: str, default_name: str) -> Segment:
        data = self.mapping(data, path)
        a = self.point(self.get(data, "a", f"{path}.a"), f"{path}.a")
        b = self.point(self.get(data, "b", f"{path}.b"), f"{path}.b")
        radius = self.number(data, "radius", f"{path}.radius", positive=True)
        if a == b:
            raise self.fail(path, _("{a} and {b} are the same point").format(a="a", b="b"))
        name = data.get("name", default_name)
        if not isinstance(name, str):
            raise self.fail(f"{path}.name", _("must be text, not {value}").format(
                value=describe(name)))
        return Segment(kind, name, a, b, radius)


def _display_name(path: Path) -> str:
    try:
        return path.resolve().relative_to(DATA_DIR.parent).as_posix()
    except ValueError:
        return str(path)


def parse_geometry(data: Any, source: str = "data/tower.yaml") -> TowerGeometry:
    """Validate already-parsed YAML; ``source`` names the file in error messages."""
    r = _Reader(source)
    root = r.mapping(data, _("(top level)"))
    gravity = r.number(root, "gravity", "gravity", positive=True)

    c = r.mapping(r.get(root, "cube", "cube"), "cube")
    cube = CubeSpec(
        size=r.number(c, "size", "cube.size", positive=True),
        bevel=r.number(c, "bevel", "cube.bevel", non_negative=True),
        mass=r.number(c, "mass", "cube.mass", positive=True),
        friction=r.number(c, "friction", "cube.friction", non_negative=True),
        restitution=r.number(c, "restitution", "cube.restitution", non_negative=True),
    )
    if cube.bevel * 2 >= cube.size:
        raise r.fail("cube.bevel", _("must be less than half of {key}").format(key="cube.size"))
    if cube.restitution > 1:
        raise r.fail("cube.restitution", _("must be at most 1"))

    st = r.mapping(r.get(root, "static", "static"), "static")
    static_friction = r.number(st, "friction", "static.friction", non_negative=True)
    static_restitution = r.number(st, "restitution", "static.restitution", non_negative=True)
    if static_restitution > 1:
        raise r.fail("static.restitution", _("must be at most 1"))

    s = r.mapping(r.get(root, "simulation", "simulation"), "simulation")
    sim = SimulationSpec(
        steps_per_second=r.integer(s, "steps_per_second", "simulation.steps_per_second"),
        iterations=r.integer(s, "iterations", "simulation.iterations"),
        collision_slop=r.number(
            s, "collision_slop", "simulation.collision_slop", non_negative=True
        ),
        sleep_time_threshold=r.number(
            s, "sleep_time_threshold", "simulation.sleep_time_threshold", positive=True
        ),
        idle_speed_threshold=r.number(
            s, "idle_speed_threshold", "simulation.idle_speed_threshold", positive=True
        ),
        time_cap=r.number(s, "time_cap", "simulation.time_cap", positive=True),
        settle_cap=r.number(s, "settle_cap", "simulation.settle_cap", positive=True),
        steps_per_frame=r.integer(s, "steps_per_frame", "simulation.steps_per_frame"),
        hull_check_every=r.integer(s, "hull_check_every", "simulation.hull_check_every"),
    )
    p = r.mapping(r.get(root, "pour", "pour"), "pour")
    pour = PourSpec(
        y=r.number(p, "y", "pour.y"),
        x_min=r.number(p, "x_min", "pour.x_min"),
        x_max=r.number(p, "x_max", "pour.x_max"),
        row_size=r.integer(p, "row_size", "pour.row_size"),
        row_interval_steps=r.integer(p, "row_interval_steps", "pour.row_interval_steps"),
        jitter=r.number(p, "jitter", "pour.jitter", non_negative=True),
        speed=r.number(p, "speed", "pour.speed", non_negative=True),
        speed_jitter=r.number(p, "speed_jitter", "pour.speed_jitter", non_negative=True),
        spin=r.number(p, "spin", "pour.spin", non_negative=True),
    )
    if pour.x_max < pour.x_min:
        raise r.fail("pour.x_max", _("must not be less than {key}").format(key="pour.x_min"))

    segments: list[Segment] = []
    for group in SEGMENT_GROUPS:
        if group not in root:
            if group in REQUIRED_GROUPS:
                raise r.fail(group, _("missing"))
            continue
        items = root[group]
        if items is None:
            items = []
        if not isinstance(items, list):
            raise r.fail(group, _("must be a list of segments, not {value}").format(
                value=describe(items)))
        if group in REQUIRED_GROUPS and not items:
            raise r.fail(group, _("must list at least one segment"))
        for i, item in enumerate(items):
            segments.append(r.segment(item, f"{group}[{i}]", group, f"{group}-{i}"))

    e = r.mapping(r.get(root, "exit_box", "exit_box"), "exit_box")
    exit_box = Box(
        r.number(e, "x_min", "exit_box.x_min"),
        r.number(e, "y_min", "exit_box.y_min"),
        r.number(e, "x_max", "exit_box.x_max"),
        r.number(e, "y_max", "exit_box.y_max"),
    )
    if exit_box.x_max <= exit_box.x_min or exit_box.y_max <= exit_box.y_min:
        raise r.fail("exit_box", _("{high} must be greater than {low}").format(
            high="x_max/y_max", low="x_min/y_min"))

    gate = r.segment(r.get(root, "gate", "gate"), "gate", "gate", "gate")

    hull_data = r.get(root, "hull", "hull")
    if not isinstance(hull_data, list) or len(hull_data) < 3:
        raise r.fail("hull", _("must be a list of at least 3 points"))
    hull = tuple(r.point(v, f"hull[{i}]") for i, v in enumerate(hull_data))

    slots_data = r.get(root, "rest_slots", "rest_slots")
    if not isinstance(slots_data, list) or not slots_data:
        raise r.fail("rest_slots", _("must be a non-empty list of [x, y, angle]"))
    slots: list[tuple[float, float, float]] = []
    for i, v in enumerate(slots_data):
        if (
            not isinstance(v, list)
            or len(v) != 3
            or any(isinstance(n, bool) or not isinstance(n, int | float) for n in v)
        ):
            raise r.fail(f"rest_slots[{i}]", _("must be [x, y, angle], not {value}").format(
                value=describe(v)))
        for n in v:
            r.bounded(n, f"rest_slots[{i}]", MAX_COORDINATE)
        slots.append((float(v[0]), float(v[1]), float(v[2])))

    for name, count in (("segments", len(segments)), ("hull", len(hull)), ("rest_slots", len(slots))):
        if count > MAX_PARTS:
            raise r.fail(name, ngettext("at most {n} entry, found {found}",
                                        "at most {n} entries, found {found}", MAX_PARTS).format(
                n=MAX_PARTS, found=count))
    for name in ("cap_steps", "settle_steps"):
        if getattr(sim, name) > MAX_STEPS_PER_DROP:
            cap = "time_cap" if name == "cap_steps" else "settle_cap"
            raise r.fail(f"simulation.{cap}", ngettext(
                "x {key} must be at most {n} step, got {value}",
                "x {key} must be at most {n} steps, got {value}", MAX_STEPS_PER_DROP).format(
                key="steps_per_second", n=MAX_STEPS_PER_DROP, value=getattr(sim, name)))
    geometry = TowerGeometry(
        source=source,
        gravity=gravity,
        cube=cube,
        static_friction=static_friction,
        static_restitution=static_restitution,
        simulation=sim,
        pour=pour,
        segments=tuple(segments),
        exit_box=exit_box,
        gate=gate,
        hull=hull,
        rest_slots=tuple(slots),
    )
    _check_layout(geometry, r)
    return geometry


def _check_layout(g: TowerGeometry, r: _Reader) -> None:
    """Cross-checks that catch a tower in which cubes would start or rest outside the walls."""
    for x in (g.pour.x_min, g.pour.x_max):
        if not g.hull_contains(x, g.pour.y):
            raise r.fail("pour", _("pour point ({x}, {y}) lies outside the hull").format(
                x=x, y=g.pour.y))
    for i, (x, y, _angle) in enumerate(g.rest_slots):
        if not g.hull_contains(x, y):
            raise r.fail(f"rest_slots[{i}]", _("({x}, {y}) lies outside the hull").format(
                x=x, y=y))
        if g.exit_box.contains(x, y):
            raise r.fail(f"rest_slots[{i}]", _("({x}, {y}) lies inside {key}").format(
                x=x, y=y, key="exit_box"))
    ex = g.exit_box
    if not any(
        g.hull_contains(x, y)
        for x, y in (
            ((ex.x_min + ex.x_max) / 2, (ex.y_min + ex.y_max) / 2),
            (ex.x_min, ex.y_min),
            (ex.x_max, ex.y_max),
            (ex.x_min, ex.y_max),
            (ex.x_max, ex.y_min),
        )
    ):
        raise r.fail("exit_box", _("does not overlap the hull"))


def load_geometry(path: str | Path | None = None) -> TowerGeometry:
    """Read and validate a tower file (default ``tower.yaml`` of the data folder).

    The strict reader is used (no duplicate keys, aliases or deep nesting; UTF-8 only). The
    result is cached per path for the process: a geometry is immutable, and every new game
    used to re-read it.
    """
    path = data_dir() / "tower.yaml" if path is None else Path(path)
    return _load_cached(str(path))


@lru_cache(maxsize=8)
def _load_cached(path_text: str) -> TowerGeometry:
    path = Path(path_text)
    source = _display_name(path)
    try:
        data = load_yaml_file(path)
    except YamlFormatError as exc:
        raise TowerDataError(str(exc).replace(str(path), source, 1)) from None
    return parse_geometry(data, source)
