"""Every use of pymunk internals in the tower, in one place, with a public-API twin.

The tower steps a few thousand times per drop and creates up to ~100 bodies; pymunk's
public setters and ``Space.step`` add Python layers (type dispatch, sanity asserts,
deferred add/remove bookkeeping) that cost about a third of a drop. :class:`FastSpace` calls
the same Chipmunk functions directly, which is only safe for the pymunk build it was written
against (``PINNED_PYMUNK``). :class:`PublicSpace` does the same through the public API and is
used whenever another pymunk is installed. Both produce bit-identical drops (a test checks),
so the choice only changes speed.

Why each shortcut is safe (pymunk 7.3.1):

* ``Space.step`` checks newly added bodies' mass (ours are valid by construction), sets
  ``_locked`` around ``cpSpaceStep`` so adds/removes from callbacks are deferred, clears the
  shapes kept alive since their removal, then runs deferred adds/removes and post-step
  callbacks. The tower's callbacks only record ids and impulses and never touch the space,
  so nothing is ever deferred: ``cpSpaceStep`` plus the clearing is the whole step.
* ``Space.add(body, shape)`` for a valid dynamic body is: remember the space (weakref) on
  both, register them in the space's dicts, ``cpSpaceAddBody`` and ``cpSpaceAddShape``.
* The property setters (position, angle, friction, ...) call one Chipmunk setter each.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import pymunk

PINNED_PYMUNK = "7.3.1"

try:  # the raw Chipmunk bindings; absent or different in other pymunk builds
    from pymunk._chipmunk_cffi import lib as _cp
except ImportError:  # pragma: no cover - depends on the installed pymunk
    _cp = None


def fast_path_available() -> bool:
    """True when the installed pymunk is the pinned build the shortcuts were written for."""
    return pymunk.version == PINNED_PYMUNK and _cp is not None


def version_notice() -> str | None:
    """A one-line start-up message when the tower must use the slower public path."""
    if fast_path_available():
        return None
    return (
        f"shogun-desktop: pymunk {pymunk.version} is installed, but the battle tower is tuned "
        f"for pymunk {PINNED_PYMUNK} (pip install pymunk=={PINNED_PYMUNK}); using the slower "
        f"public pymunk path. Drops may differ from games saved with pymunk {PINNED_PYMUNK}."
    )


class PublicSpace:
    """The tower's space operations through pymunk's public API (any pymunk 7.x)."""

    name = "public"

    def __init__(self, space: pymunk.Space, dt: float) -> None:
        self.space = space
        self.dt = dt

    @staticmethod
    def set_material(
        shape: pymunk.Shape, friction: float, elasticity: float, collision_type: int | None = None
    ) -> None:
        shape.friction = friction
        shape.elasticity = elasticity
        if collision_type is not None:
            shape.collision_type = collision_type

    @staticmethod
    def place(body: pymunk.Body, x: float, y: float, angle: float) -> None:
        body.position = (x, y)
        body.angle = angle

    def add(self, body: pymunk.Body, shape: pymunk.Shape) -> None:
        self.space.add(body, shape)

    @staticmethod
    def launch(body: pymunk.Body, velocity: tuple[float, float], spin: float) -> None:
        """Set the initial motion (only once the body is in the space: the setters wake it)."""
        body.velocity = velocity
        body.angular_velocity = spin

    def stepper(self) -> Callable[[], None]:
        """A no-argument function that advances the space by one fixed step."""
        step = self.space.step
        dt = self.dt
        return lambda: step(dt)


class FastSpace(PublicSpace):
    """The same operations as :class:`PublicSpace` straight into Chipmunk (pymunk 7.3.1 only)."""

    name = "fast"

    def __init__(self, space: pymunk.Space, dt: float) -> None:
        if not fast_path_available():
            raise RuntimeError(f"the fast path needs pymunk {PINNED_PYMUNK}")
        super().__init__(space, dt)
        self._cp_space = space._space
        self._space_ref = weakref.ref(space)
        self._bodies = space._bodies
        self._shapes = space._shapes
        self._clear_removed = space._removed_shapes.clear

    @staticmethod
    def set_material(
        shape: pymunk.Shape, friction: float, elasticity: float, collision_type: int | None = None
    ) -> None:
        cs = shape._shape
        _cp.cpShapeSetFriction(cs, friction)
        _cp.cpShapeSetElasticity(cs, elasticity)
        if collision_type is not None:
            _cp.cpShapeSetCollisionType(cs, collision_type)

    @staticmethod
    def place(body: pymunk.Body, x: float, y: float, angle: float) -> None:
        cb = body._body
        _cp.cpBodySetPosition(cb, (x, y))
        _cp.cpBodySetAngle(cb, angle)

    def add(self, body: pymunk.Body, shape: pymunk.Shape) -> None:
        body._space = self._space_ref
        self._bodies[body] = None
        _cp.cpSpaceAddBody(self._cp_space, body._body)
        shape._space = self._space_ref
        self._shapes[shape] = None
        _cp.cpSpaceAddShape(self._cp_space, shape._shape)

    @staticmethod
    def launch(body: pymunk.Body, velocity: tuple[float, float], spin: float) -> None:
        cb = body._body
        _cp.cpBodySetVelocity(cb, velocity)
        _cp.cpBodySetAngularVelocity(cb, spin)

    def stepper(self) -> Callable[[], None]:
        cp_step = _cp.cpSpaceStep
        cp_space = self._cp_space
        clear = self._clear_removed
        dt = self.dt

        def step() -> None:
            cp_step(cp_space, dt)
            clear()

        return step


def bind(space: pymunk.Space, dt: float, *, public: bool | None = None) -> PublicSpace:
    """The operations for ``space``: the fast path when available, unless ``public`` says so."""
    if public is None:
        public = not fast_path_available()
    return PublicSpace(space, dt) if public else FastSpace(space, dt)
