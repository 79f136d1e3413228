"""Computer players: always legal, deterministic per seed, blind to what their seat cannot see."""

from __future__ import annotations

import random

import pytest

from shogun_desktop.ai.base import LEVELS, make_player
from shogun_desktop.ai.driver import play_out
from shogun_desktop.ai.heuristic import EasyPlayer
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.data.board import default_board
from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.view import seat_view


def _play(seed: int, level: str = "easy", opponents: str = "random", players: int = 3,
          **options) -> Game:
    colours = ["red", "blue", "yellow", "purple", "black"][:players]
    game = Game.new(GameConfig(colours, seed=seed))
    bots = {c: make_player(opponents) for c in colours}
    bots["red"] = make_player(level, game.data, **options)
    rng = random.Random(seed)
    while not game.is_over():
        decision = game.pending()
        view = seat_view(game, decision.player, decision)
        choice = bots[decision.player].choose(view, decision, rng)
        assert game.check(choice) is None, (decision.kind, choice)
        game.apply(choice)
    return game


def test_easy_choices_are_always_legal_and_it_usually_wins() -> None:
    wins = sum("red" in _play(seed).state.winners for seed in range(12))
    assert wins >= 8  # a random opponent would win about 4 of 12


def test_easy_is_deterministic_per_seed() -> None:
    assert _play(3).state.events == _play(3).state.events


def test_normal_choices_are_legal_and_it_beats_easy_clearly() -> None:
    # fixed seeds, wide margin: Normal wins far more than the fair quarter against 3 Easy
    wins = sum("red" in _play(seed, "normal", "easy", players=4).state.winners
               for seed in range(16))
    assert wins >= 8


def test_random_player_uses_the_generator_it_is_handed() -> None:
    game = Game.new(GameConfig(["red", "blue", "yellow"], seed=2))
    d = game.pending()
    view = seat_view(game, d.player, d)
    a = RandomPlayer(1).choose(view, d, random.Random(5))
    b = RandomPlayer(99).choose(view, d, random.Random(5))
    assert a == b


def test_play_out_drives_one_player_per_seat_to_the_end() -> None:
    data = default_board()
    game = Game.new(GameConfig(["red", "blue", "yellow"], seed=4))
    bots = {"red": EasyPlayer(data), "blue": make_player("normal", data),
            "yellow": RandomPlayer()}
    assert play_out(game, bots, rng=random.Random(1)) > 50
    assert game.is_over() and game.state.winners


def test_unknown_level_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown computer level 'expert'"):
        make_player("expert")


def test_levels_are_the_three_named_on_the_setup_screen() -> None:
    assert LEVELS == ("easy", "normal", "hard")
