"""Scenes and the scene stack.

Only the top scene receives input and updates; the scenes below it are paused. Drawing walks
down from the top to the first opaque scene and draws from there up, so a transparent overlay
(a dialog) shows the scene under it, while an opaque scene (the hand-off curtain) guarantees
nothing of the scenes below reaches the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.ui.inputs import Input

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App


class Scene:
    """One screen or overlay. Subclasses override the hooks they need.

    draw must not change state: the App may draw a scene any number of times (screenshots,
    redraws after resize) and tests compare draws.
    """

    opaque: bool = True

    def __init__(self, app: App) -> None:
        self.app = app

    def resume(self) -> None:
        """Became the top scene (pushed, or the scene above it was popped)."""

    def pause(self) -> None:
        """Stopped being the top scene (covered or removed)."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds (fixed step)."""

    def handle(self, inp: Input) -> bool:
        """React to one input; True when consumed."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the logical canvas."""


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.resume()
        return scene

    def pop(self) -> Scene:
        scene = self._scenes.pop()
        scene.pause()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another (the one below is not resumed in between)."""
        if self._scenes:
            self._scenes.pop().pause()
        self._scenes.append(scene)
        scene.resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take a scene out wherever it is (a dialog closing itself under a newer overlay)."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)

    def clear(self) -> None:
        while self._scenes:
            self.pop()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene upwards."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def handle(self, inp: Input) -> bool:
        top = self.top
        return top.handle(inp) if top is not None else False

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
