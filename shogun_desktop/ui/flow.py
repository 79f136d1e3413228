"""How the table paces itself, from the player's settings: which drops animate, which close
by themselves, how fast, and whether a step asks first.

The settings live in :mod:`shogun_desktop.ui.prefs` (the user's, not the game's); this module
is the one place that turns them into decisions, so every scene asks the same question the
same way and a test can check each setting's effect without a window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from shogun_desktop.rules.engine import DropRecord
    from shogun_desktop.ui.prefs import Prefs
    from shogun_desktop.ui.session import GameSession

AUTO_CONTINUE_PAUSE = 1.2  # s the result stays up (at 1x) before an auto-continue closes it


def speed(prefs: Prefs) -> float:
    """The animation speed factor (1 = normal), for every animation of the window."""
    try:
        value = float(prefs.get("tower.speed"))
    except (TypeError, ValueError):
        return 1.0
    return value if value > 0 else 1.0


def confirmations(prefs: Prefs) -> bool:
    """Whether commits and leaving ask first."""
    return bool(prefs.get("flow.confirm"))


def is_computer_drop(record: DropRecord, session: GameSession) -> bool:
    """A battle or revolt in which no human seat takes part (the setup load never is)."""
    if record.kind not in ("battle", "revolt"):
        return False
    seats = set(session.seats)
    sides = {c for c in (record.attacker, record.defender) if c in seats}
    return bool(sides) and all(session.is_computer(c) for c in sides)


def shows_drop(prefs: Prefs, record: DropRecord, session: GameSession) -> bool:
    """False when the player chose to skip computer animations and this is one."""
    return not (bool(prefs.get("flow.skip_computer")) and is_computer_drop(record, session))


def auto_continues(prefs: Prefs, record: DropRecord, session: GameSession) -> bool:
    """Whether the drop's overlay closes by itself once its animation is over."""
    return bool(prefs.get("flow.auto_continue")) and is_computer_drop(record, session)


def auto_pause(prefs: Prefs) -> float:
    """How long a result stays up before an auto-continue (shorter when faster)."""
    return AUTO_CONTINUE_PAUSE / speed(prefs)
