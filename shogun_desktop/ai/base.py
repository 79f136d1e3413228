"""What a computer player is: ``choose(view, decision, rng) -> choice``, and nothing more.

A computer player never receives the :class:`~shogun_desktop.rules.engine.Game`: the caller
(``simulate``, the window, a test) builds the seat's view and hands it over with the pending
decision and a seeded generator. Static board facts (adjacency, card values) come with the
player when it is made, so what it can know is fixed by construction, not by convention.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from shogun_desktop.data.board import BoardData, default_board
from shogun_desktop.rules.state import Decision

LEVELS = ("easy", "normal", "hard")
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
DEFAULT_LEVEL = "easy"


class ComputerPlayer(Protocol):
    """Decides one pending decision from the seat's view only."""

    level: str

    def choose(self, view: Mapping[str, Any], decision: Decision, rng: random.Random) -> Any: ...


def make_player(level: str, data: BoardData | None = None, **options: Any) -> ComputerPlayer:
    """A computer player of ``level`` (easy, normal, hard, or random for simulations)."""
    data = data if data is not None else default_board()
    factories: dict[str, Callable[..., ComputerPlayer]] = {}
    if level == "random":
        from shogun_desktop.ai.random_player import RandomPlayer

        return RandomPlayer()
    if level == "easy":
        from shogun_desktop.ai.heuristic import EasyPlayer

        factories[level] = EasyPlayer
    elif level == "normal":
        from shogun_desktop.ai.normal import NormalPlayer

        factories[level] = NormalPlayer
    elif level == "hard":
        from shogun_desktop.ai.hard import HardPlayer

        factories[level] = HardPlayer
    else:
        raise ValueError(f"unknown computer level {level!r}; choose from "
                         + ", ".join((*LEVELS, "random")))
    return factories[level](data, **options)
