"""The caller's side of the computer-player interface: build the view, ask, apply.

This is the only place outside the window that holds both a ``Game`` and a computer
player; the player sees the seat's view (``seat_view``) and the decision, never the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from shogun_desktop.ai.base import ComputerPlayer
from shogun_desktop.rules.engine import Game
from shogun_desktop.rules.view import seat_view


def decide(player: ComputerPlayer, game: Game, rng: random.Random | None = None) -> Any:
    """``player``'s answer to the pending decision, from that seat's view only."""
    decision = game.pending()
    if decision is None:
        raise ValueError("no decision is pending")
    view = seat_view(game, decision.player, decision)
    return player.choose(view, decision, rng)  # type: ignore[arg-type]


def play_out(game: Game, players: ComputerPlayer | Mapping[str, ComputerPlayer],
             after: Callable[[Game], Any] | None = None, max_decisions: int = 10_000,
             rng: random.Random | None = None, stop_after: int | None = None) -> int:
    """Play ``game`` to the end; ``players`` is one player for every seat or one per colour.

    ``rng`` is handed to every decision (None lets each player use its own generator).
    Calls ``after(game)`` after each decision; returns the number of decisions.
    ``stop_after`` ends the play after that many decisions (a situation to save).
    """
    count = 0
    while not game.is_over() and (stop_after is None or count < stop_after):
        decision = game.pending()
        if decision is None:
            raise RuntimeError(f"no decision pending in phase {game.state.phase}")
        player = players[decision.player] if isinstance(players, Mapping) else players
        view = seat_view(game, decision.player, decision)
        game.apply(player.choose(view, decision, rng))  # type: ignore[arg-type]
        count += 1
        if after is not None:
            after(game)
        if count > max_decisions:
            raise RuntimeError("the game did not end")
    return count
