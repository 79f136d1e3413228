"""The small interface the window's scenes use to move between games (implemented by
:class:`~shogun_desktop.ui.session.GameHost`).

Scenes receive it explicitly (``App.host``, a declared attribute, or a constructor argument)
and import nothing of the host, so the window's modules have no import cycle.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol


class Navigation(Protocol):
    """Where the menus and the table send the players: setup, a save, the saves list."""

    computer_delay: float
    animate: bool

    @property
    def folder(self) -> Path: ...

    def to_setup(self) -> None:
        """Back to the setup screen, closing any game."""

    def load(self, path: Path) -> bool:
        """Open a saved game (False: it could not be loaded; a notice says why)."""

    def saves(self) -> list[Path]:
        """The saved games in the saves folder, newest first."""

    def shutdown(self) -> None:
        """The window is closing: finish the game's pending writes."""
