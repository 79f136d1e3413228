"""Why a province is not a legal map target of a pending decision (pure, no pygame).

The table highlights the legal targets from the decision's options; a click elsewhere must
say why it does nothing ("Kii is not next to Yamato"), never be silent. The reason is a
typed value built from the same rules that produce the options; its wording is the UI's.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from shogun_desktop.rules.state import Decision, DecisionKind

if TYPE_CHECKING:
    from shogun_desktop.rules.engine import Game


class NotTarget(StrEnum):
    OUT_OF_PLAY = "out-of-play"  # not used with this many players
    SAME = "same"  # the province the action is taken from
    NOT_ADJACENT = "not-adjacent"  # no border or sea route to the source
    NOT_YOURS = "not-yours"  # a move goes only into the player's own provinces
    PROTECTED = "protected"  # the event in force protects it from attack
    NOT_OFFERED = "not-offered"  # the draft: not one of the face-up cards
    NOT_DRAWN = "not-drawn"  # winter: no revolt drawn there
    NO_MAP_CHOICE = "no-map-choice"  # this decision is not made on the map


@dataclass(frozen=True)
class TargetRefusal:
    """One reason, with what its wording needs."""

    code: NotTarget
    province: str
    source: str | None = None  # the province the action starts from
    players: int = 0  # for OUT_OF_PLAY
    owner: str | None = None  # for NOT_YOURS: who holds it (None: nobody)


def why_not_target(game: Game, decision: Decision, province: str) -> TargetRefusal | None:
    """None when clicking province is a legal choice of decision, else the first reason."""
    kind = decision.kind
    state = game.state
    if province not in game.in_play():
        return TargetRefusal(NotTarget.OUT_OF_PLAY, province, players=state.n_players)
    if kind == DecisionKind.DRAFT_TAKE:
        return None if province in decision.options else TargetRefusal(NotTarget.NOT_OFFERED,
                                                                       province)
    if kind == DecisionKind.REVOLT_ORDER:
        drawn = decision.context.get("provinces", [])
        return None if province in drawn else TargetRefusal(NotTarget.NOT_DRAWN, province)
    if kind in (DecisionKind.BATTLE, DecisionKind.RECRUIT_MOVE):
        source = decision.context.get("province")
        if any(o is not None and o.to == province for o in decision.options):
            return None
        if province == source:
            return TargetRefusal(NotTarget.SAME, province, source)
        if source is None or province not in game.neighbours(source):
            return TargetRefusal(NotTarget.NOT_ADJACENT, province, source)
        owner = state.provinces[province].owner
        if kind == DecisionKind.RECRUIT_MOVE:
            return TargetRefusal(NotTarget.NOT_YOURS, province, source, owner=owner)
        if game.is_protected(decision.player, province):
            return TargetRefusal(NotTarget.PROTECTED, province, source, owner=owner)
        # adjacent, in play, unprotected: only a single army could leave it out
        return TargetRefusal(NotTarget.NOT_ADJACENT, province, source)
    return TargetRefusal(NotTarget.NO_MAP_CHOICE, province)
