"""A surface repainted only when its state key changes."""

from __future__ import annotations

from collections.abc import Callable

import pygame


class LayerCache:
    """A surface redrawn only when a state key changes (a screen that is mostly still).

    Drawing the same widgets every frame costs milliseconds; blitting one surface does not.
    """

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: object = None
        self.redraws = 0

    def get(self, key: object, size: tuple[int, int],
            paint: Callable[[pygame.Surface], None]) -> pygame.Surface:
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size).convert()
            self.key = None
        if key != self.key:
            paint(self.surface)
            self.key = key
            self.redraws += 1
        return self.surface
