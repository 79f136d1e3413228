"""A seeded random-legal player: the baseline for simulations and invariant tests."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.rules.state import Decision


class RandomPlayer:
    """Chooses uniformly among the legal options.

    It draws from the generator it is handed, or from its own seeded one when none is:
    either way separate from the game's, so the game's chance stays the same whoever
    makes the decisions.
    """

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any], decision: Decision,
               rng: random.Random | None = None) -> Any:
        rng = rng if rng is not None else self.rng
        if decision.kind == "plan":
            return self.random_plan(list(decision.context["cards"]), rng)
        return rng.choice(decision.options)

    def random_plan(self, cards: list[str], rng: random.Random | None = None) -> dict[str, str]:
        rng = rng if rng is not None else self.rng
        cards = list(cards)
        rng.shuffle(cards)
        spaces = list(SPACES)
        rng.shuffle(spaces)
        return dict(zip(spaces, cards, strict=False))


def play_out(game: Any, players: Any, after: Any = None, max_decisions: int = 10_000,
             rng: random.Random | None = None) -> int:
    """Play ``game`` to the end; kept here for the callers that import it from this module."""
    from shogun_desktop.ai.driver import play_out as drive

    return drive(game, players, after, max_decisions, rng)
