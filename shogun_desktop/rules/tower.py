"""The engine's view of the battle tower: a small interface and two non-physical towers.

The rules engine never knows how cubes tumble. It hands a tower the cubes held inside
(plain data), the cubes poured in, and the game's seeded generator; the tower answers
which cubes came out into the tray and what is held inside afterwards. The physical
pymunk tower (``shogun_desktop.tower``) is one producer of that answer; the scripted tower
used by scenarios and tests and the probabilistic model used before physics are others.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from shogun_desktop.i18n import ngettext

CUBE_COLOURS = ("red", "yellow", "blue", "purple", "black", "green")


@dataclass(frozen=True)
class HeldCube:
    """One cube resting inside the tower. Non-physical towers leave x, y and angle at 0."""

    id: int
    colour: str
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0


@dataclass(frozen=True)
class DropResult:
    """What a drop produced: cubes out in the tray (per colour) and everything held inside."""

    out: dict[str, int]
    held: tuple[HeldCube, ...]
    note: str = ""  # e.g. "time cap reached" — the engine logs it when not empty
    extra: dict = field(default_factory=dict, compare=False)  # tower-specific (frames, timings)


class Tower(Protocol):
    """Anything that can decide a drop.

    ``drop`` must be a pure function of (held, dropped, rng state): it may not keep hidden
    state between calls that changes a later outcome, so that a saved game (which stores
    ``held``) continues exactly as an uninterrupted one.
    """

    name: str  # shown in logs and reports, e.g. "physical", "probabilistic model"

    def drop(
        self, held: Sequence[HeldCube], dropped: Mapping[str, int], rng: random.Random
    ) -> DropResult: ...


def count_colours(cubes: Sequence[HeldCube]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for cube in cubes:
        counts[cube.colour] = counts.get(cube.colour, 0) + 1
    return counts


def next_cube_id(held: Sequence[HeldCube]) -> int:
    return max((c.id for c in held), default=0) + 1


def check_drop_result(
    held: Sequence[HeldCube], dropped: Mapping[str, int], result: DropResult
) -> None:
    """Raise ``ValueError`` unless in + held-before == out + held-after for every colour."""
    before = count_colours(held)
    after = count_colours(result.held)
    for colour in set(before) | set(after) | set(dropped) | set(result.out):
        total_in = before.get(colour, 0) + dropped.get(colour, 0)
        total_out = after.get(colour, 0) + result.out.get(colour, 0)
        if total_in != total_out or result.out.get(colour, 0) < 0:
            raise ValueError(
                f"tower lost or made {colour} cubes: in {total_in}, out+held {total_out}"
            )


def _remove_counts(
    held: Sequence[HeldCube], dropped: Mapping[str, int], out: Mapping[str, int]
) -> tuple[HeldCube, ...]:
    """Held cubes after ``out`` left: cubes from this drop leave first, then the oldest held."""
    stays: list[HeldCube] = []
    leave_from_held: dict[str, int] = {}
    for colour, n in out.items():
        leave_from_held[colour] = max(0, n - dropped.get(colour, 0))
    for cube in held:
        if leave_from_held.get(cube.colour, 0) > 0:
            leave_from_held[cube.colour] -= 1
        else:
            stays.append(cube)
    new_id = next_cube_id(held)
    for colour in sorted(dropped):
        stay_new = max(0, dropped[colour] - out.get(colour, 0))
        for _ in range(stay_new):
            stays.append(HeldCube(new_id, colour))
            new_id += 1
    return tuple(stays)


class ScriptedTower:
    """Outcomes given in advance, one per drop (for scenarios and tests).

    Each outcome maps colour -> cubes that come out. An outcome that is impossible
    (more out than poured + held) raises ``ValueError``; running out of outcomes raises
    ``LookupError`` so a test notices a drop it did not expect.
    """

    name = "scripted"

    def __init__(self, outcomes: Sequence[Mapping[str, int]] = ()) -> None:
        self.outcomes: list[dict[str, int]] = [dict(o) for o in outcomes]
        self.calls = 0

    def push(self, outcome: Mapping[str, int]) -> None:
        self.outcomes.append(dict(outcome))

    def drop(
        self, held: Sequence[HeldCube], dropped: Mapping[str, int], rng: random.Random
    ) -> DropResult:
        if not self.outcomes:
            raise LookupError("the scripted tower has no outcome left for this drop")
        out = {c: n for c, n in self.outcomes.pop(0).items() if n}
        inside = count_colours(held)
        for colour, n in out.items():
            available = dropped.get(colour, 0) + inside.get(colour, 0)
            if n > available:
                # a scenario's `drop` reaches here: the reason is the player's, translated
                raise ValueError(ngettext(
                    "scripted drop lets {n} {colour} cube out, but only {available} were "
                    "dropped or inside",
                    "scripted drop lets {n} {colour} cubes out, but only {available} were "
                    "dropped or inside", n).format(n=n, colour=colour, available=available))
        self.calls += 1
        return DropResult(out=out, held=_remove_counts(held, dropped, out))


class ProbabilisticTower:
    """A statistical *model* of the tower (not physics), used until the physical tower.

    Each poured cube comes out with probability ``p_exit`` (0.85, two baffle levels as in
    the one other software version); each cube already held is knocked loose with
    probability ``p_release`` per drop (0.3). All draws come from the game's generator.
    """

    name = "probabilistic model"

    def __init__(self, p_exit: float = 0.85, p_release: float = 0.3) -> None:
        self.p_exit = p_exit
        self.p_release = p_release

    def drop(
        self, held: Sequence[HeldCube], dropped: Mapping[str, int], rng: random.Random
    ) -> DropResult:
        out: dict[str, int] = {}
        stays: list[HeldCube] = []
        for cube in held:
            if rng.random() < self.p_release:
                out[cube.colour] = out.get(cube.colour, 0) + 1
            else:
                stays.append(cube)
        new_id = next_cube_id(held)
        for colour in sorted(dropped):
            for _ in range(dropped[colour]):
                if rng.random() < self.p_exit:
                    out[colour] = out.get(colour, 0) + 1
                else:
                    stays.append(HeldCube(new_id, colour))
                    new_id += 1
        return DropResult(out=out, held=tuple(stays))
