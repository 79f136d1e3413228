"""A seeded random-legal player: the baseline for simulations and invariant tests."""

from __future__ import annotations

import random
from typing import Any

from shogun_desktop.rules.engine import SPACES, Game


class RandomPlayer:
    """Chooses uniformly among the legal options, with its own seeded generator.

    Its generator is separate from the game's, so the game's chance stays the same
    whoever makes the decisions.
    """

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Any:
        decision = game.pending()
        if decision is None:
            raise ValueError("no decision is pending")
        if decision.kind == "plan":
            return self.random_plan(list(decision.context["cards"]))
        return self.rng.choice(decision.options)

    def random_plan(self, cards: list[str]) -> dict[str, str]:
        cards = list(cards)
        self.rng.shuffle(cards)
        spaces = list(SPACES)
        self.rng.shuffle(spaces)
        return dict(zip(spaces, cards, strict=False))


def play_out(game: Game, players: RandomPlayer, after: Any = None, max_decisions: int = 10_000) -> int:
    """Play ``game`` to the end with ``players``; call ``after(game)`` after each decision."""
    count = 0
    while not game.is_over():
        game.apply(players.choose(game))
        count += 1
        if after is not None:
            after(game)
        if count > max_decisions:
            raise RuntimeError("the game did not end")
    return count
