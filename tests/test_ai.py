"""Computer players: always legal, deterministic per seed, and the heuristic beats random."""

from __future__ import annotations

from shogun_desktop.ai.heuristic import HeuristicPlayer
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.rules.engine import Game, GameConfig


def _play(seed: int) -> Game:
    game = Game.new(GameConfig(["red", "blue", "yellow"], seed=seed))
    bots = {"red": HeuristicPlayer(seed), "blue": RandomPlayer(seed + 1),
            "yellow": RandomPlayer(seed + 2)}
    while not game.is_over():
        decision = game.pending()
        choice = bots[decision.player].choose(game)
        assert game.check(choice) is None, (decision.kind, choice)
        game.apply(choice)
    return game


def test_heuristic_choices_are_always_legal_and_it_usually_wins() -> None:
    wins = sum("red" in _play(seed).state.winners for seed in range(12))
    assert wins >= 8  # a random opponent would win about 4 of 12


def test_heuristic_is_deterministic_per_seed() -> None:
    assert _play(3).state.events == _play(3).state.events
