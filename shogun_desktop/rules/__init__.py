"""The Shogun rules engine: pure Python state, legal choices and transitions.

Nothing here imports pygame or pymunk. The window, the computer players, the scenario
runner and the tests all drive :class:`Game` through its decisions.
"""

from shogun_desktop.rules.engine import Game, GameConfig, IllegalChoiceError, Rejection
from shogun_desktop.rules.state import Decision, GameState, Move

__all__ = [
    "Decision", "Game", "GameConfig", "GameState", "IllegalChoiceError", "Move", "Rejection",
]
