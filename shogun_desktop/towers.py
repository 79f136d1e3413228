"""Choosing a tower by name: the physical pymunk tower is the default when it is installed."""

from __future__ import annotations

from shogun_desktop.rules.tower import ProbabilisticTower, Tower


def available_towers() -> list[str]:
    names = ["probabilistic"]
    try:
        import shogun_desktop.tower.physics  # noqa: F401
    except ImportError:
        return names
    return ["physical", *names]


def default_tower_name() -> str:
    return available_towers()[0]


def make_tower(name: str | None = None) -> Tower:
    name = name or default_tower_name()
    if name == "probabilistic":
        return ProbabilisticTower()
    if name == "physical":
        from shogun_desktop.tower.physics import PhysicalTower

        return PhysicalTower()
    raise ValueError(f"unknown tower {name!r}; available: {', '.join(available_towers())}")
