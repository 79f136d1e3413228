"""The physical battle tower: a pymunk cross-section behind the engine's ``Tower`` interface.

Geometry and constants come from ``data/tower.yaml`` (:mod:`.geometry`); the simulation and
the animation hooks live in :mod:`.physics`; ``shogun-desktop tower-stats`` in :mod:`.stats`.
Importing this package does not import pygame.
"""

from shogun_desktop.tower.geometry import (
    Segment,
    TowerDataError,
    TowerGeometry,
    load_geometry,
    parse_geometry,
)
from shogun_desktop.tower.physics import Frame, PhysicalTower, TowerRun

__all__ = [
    "Frame",
    "PhysicalTower",
    "Segment",
    "TowerDataError",
    "TowerGeometry",
    "TowerRun",
    "load_geometry",
    "parse_geometry",
]
