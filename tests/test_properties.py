"""Property test: hundreds of complete random games keep every invariant after every step."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shogun_desktop.ai.driver import play_out
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.invariants import check_invariants

COLOURS = ["red", "yellow", "blue", "purple", "black"]


@st.composite
def game_configs(draw: st.DrawFn) -> GameConfig:
    players = draw(st.sampled_from([3, 4, 5]))
    board = draw(st.sampled_from(["sun", "moon"]))
    starts = ["draft"] if (players == 3 and board == "moon") else ["draft", "designated"]
    return GameConfig(COLOURS[:players], board=board, start=draw(st.sampled_from(starts)),
                      seed=draw(st.integers(0, 2**31)))


@settings(max_examples=220, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(config=game_configs(), bot_seed=st.integers(0, 2**31))
def test_complete_games_keep_every_invariant(config: GameConfig, bot_seed: int) -> None:
    game = Game.new(config)
    assert check_invariants(game.state, game.data) == []

    def after(g: Game) -> None:
        problems = check_invariants(g.state, g.data)
        assert problems == [], problems

    play_out(game, RandomPlayer(bot_seed), after)
    assert game.is_over() and game.state.winners
