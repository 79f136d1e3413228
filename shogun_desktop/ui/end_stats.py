"""The numbers of the end screen, worked out from the game's typed events and public view.

Pure data (no pygame), so each figure can be checked against the events of a seeded game:
score parts per winter, VP after each winter, battle statistics per player and the
tie-break as it was applied.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shogun_desktop.i18n import _, pgettext
from shogun_desktop.rules import events as ev


@dataclass
class BattleStats:
    """One player's fighting record over the game."""

    won_attacking: int = 0
    lost_attacking: int = 0
    won_defending: int = 0
    lost_defending: int = 0
    revolts_suppressed: int = 0
    revolts_lost: int = 0
    poured: int = 0  # own cubes poured into the tower in the player's battles and revolts
    came_out: int = 0  # own cubes that came out into the tray in them (held ones knocked
    # loose included: more out than in is luck)

    @property
    def battles(self) -> int:
        return (self.won_attacking + self.lost_attacking + self.won_defending
                + self.lost_defending)


def battle_stats(events: Iterable[ev.Event], seats: Sequence[str]) -> dict[str, BattleStats]:
    """Battles won/lost as attacker and defender, revolts, cubes poured vs out, per seat.

    An attack is won when the attacker takes the province; every other outcome (held,
    failed, a draw, farmers only) is a loss for the attacker. A defender wins when it holds.
    """
    stats = {c: BattleStats() for c in seats}
    for e in events:
        if isinstance(e, ev.BattleResolved):
            taken = e.outcome == ev.BattleOutcome.TAKEN
            if e.attacker in stats:
                a = stats[e.attacker]
                a.won_attacking += taken
                a.lost_attacking += not taken
            if e.defender in stats:
                d = stats[e.defender]
                held = e.outcome == ev.BattleOutcome.HELD
                d.won_defending += held
                d.lost_defending += not held
        elif isinstance(e, ev.RevoltResolved):
            if e.player in stats:
                stats[e.player].revolts_suppressed += e.suppressed
                stats[e.player].revolts_lost += not e.suppressed
        else:
            continue
        fighters: set[str | None] = ({e.attacker, e.defender}
                                     if isinstance(e, ev.BattleResolved) else {e.player})
        for c in (c for c in stats if c in fighters):  # the drops a player fought in, not the others'
            stats[c].poured += e.dropped.get(c, 0)
            stats[c].came_out += e.out.get(c, 0)
    return stats


PART_GROUPS = ("provinces", "buildings", "majorities")


def part_group(part: str) -> str:
    """A score part's column: provinces, buildings, or a region's majority."""
    return part if part in ("provinces", "buildings") else "majorities"


def winter_breakdown(scores: Sequence[Mapping], seats: Sequence[str]) -> list[dict[str, Any]]:
    """Per winter, per seat: VP from provinces, buildings and majorities, and the total."""
    out = []
    for winter in scores:
        row: dict[str, dict[str, int]] = {}
        for c in seats:
            parts = winter["vp"].get(c, {})
            groups = dict.fromkeys(PART_GROUPS, 0)
            for part, vp in parts.items():
                groups[part_group(part)] += vp
            groups["total"] = sum(parts.values())
            row[c] = groups
        out.append({"year": winter["year"], "vp": row})
    return out


def vp_over_time(events: Iterable[ev.Event], seats: Sequence[str]) -> list[dict[str, int]]:
    """VP of each seat at the start (all 0) and after each winter, from the Scored events."""
    points = [dict.fromkeys(seats, 0)]
    current: dict[int, dict[str, int]] = {}
    for e in events:
        if isinstance(e, ev.Scored):
            current.setdefault(e.year, dict(points[-1] if not current else
                                             current[max(current)]))[e.player] = e.total
    for year in sorted(current):
        points.append(current[year])
    return points


def tie_break(view: Mapping, name: Mapping[str, str]) -> str:
    """How the winner was decided, in words, from the final VP and war chests."""
    players = view["players"]
    winners = list(view["winners"])
    if not winners:
        return ""
    top_vp = players[winners[0]]["vp"]
    tied = [c for c in view["seats"] if players[c]["vp"] == top_vp]
    sep = pgettext("list", ", ")
    names = sep.join(name[c] for c in tied)
    if len(tied) == 1:
        return _("{player} wins with the most VP ({vp}). A tie on VP would have gone to the "
                 "most war chests.").format(player=name[winners[0]], vp=top_vp)
    chests = sep.join(_("{player} {chests}").format(player=name[c], chests=players[c]["chests"])
                      for c in tied)
    if len(winners) == 1:
        return _("{players} tie on {vp} VP; the tie-break is the war chests left ({chests}): "
                 "{player} wins.").format(players=names, vp=top_vp, chests=chests,
                                          player=name[winners[0]])
    return _("{players} tie on {vp} VP and on war chests ({chests}): they share the "
             "victory.").format(players=names, vp=top_vp, chests=chests)
