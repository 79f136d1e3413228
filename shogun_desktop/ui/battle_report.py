"""A tower drop in words: per side what was poured and came out, and the battle's outcome.

Pure functions of the drop's numbers (the drop record's counts and cube ids), never of log
text, shared by the battle overlay and the short drop notice. :func:`decide_outcome` takes
plain colours and counts, so it can be fed from a battle event as well as from a
:class:`~shogun_desktop.rules.engine.DropRecord`. No pygame or pymunk here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from shogun_desktop.rules.engine import DropRecord

FARMERS = "green"


def plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def _verb(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


def _of_cubes(count: int, who: str) -> str:
    """'1 of Red's cubes' / '3 of Red's cubes'."""
    return f"{count} of {who}'s cubes"


def title_of(record: DropRecord) -> str:
    where = record.province
    if record.kind == "revolt":
        return f"Revolt in {where}" if where else "Revolt"
    if record.kind == "battle":
        return f"Battle for {where}" if where else "Battle"
    return "Tower load"


# ------------------------------------------------------------------------- the numbers
@dataclass(frozen=True)
class SideTally:
    """One side of a drop, counted from the drop record's cube ids."""

    colour: str
    label: str  # "Tokugawa (attacker)"
    poured: int  # cubes of this colour poured in (armies, bonuses and tray cubes)
    out: int  # cubes of this colour in the tray after the drop
    from_earlier: int  # of those, cubes that had been held inside from earlier drops
    stay: int  # cubes of this drop that stay inside the tower
    held_after: int  # cubes of this colour inside the tower after the drop

    def sentence(self) -> str:
        """'2 poured, 3 came out — 1 had been held from an earlier battle'."""
        if not self.poured and self.out and self.from_earlier == self.out:
            return (f"{self.out} came out, knocked loose: "
                    + ("it had been held from an earlier battle" if self.out == 1 else
                       "all had been held from earlier battles"))
        text = f"{self.poured} poured, {self.out} came out"
        if self.from_earlier:
            text += (f" — {self.from_earlier} had been held from an earlier battle"
                     if self.from_earlier == 1 else
                     f" — {self.from_earlier} had been held from earlier battles")
        return text

    def inside(self) -> str:
        if not self.poured:
            return ""
        return ("all of this drop came out" if self.stay == 0 else
                f"{self.stay} of this drop {'stays' if self.stay == 1 else 'stay'} inside")


def released_by_colour(record: DropRecord) -> dict[str, int] | None:
    """Cubes held before the drop that came out, per colour; None when the tower keeps no ids."""
    extra = record.result.extra
    released = extra.get("released")
    colours = extra.get("colours")
    if released is None or colours is None:
        return None
    out: dict[str, int] = {}
    for cid in released:
        colour = colours.get(cid)
        if colour is not None:
            out[colour] = out.get(colour, 0) + 1
    return out


def side_tallies(record: DropRecord, sides: list[str], labels: Mapping[str, str]) -> list[SideTally]:
    """Per side: poured, came out, of which from earlier drops, what stays inside."""
    released = released_by_colour(record)
    held_after: dict[str, int] = {}
    for cube in record.result.held:
        held_after[cube.colour] = held_after.get(cube.colour, 0) + 1
    rows = []
    for c in sides:
        poured = record.dropped.get(c, 0)
        out = record.result.out.get(c, 0)
        # without ids (a non-physical tower) the cubes of this drop are taken to leave first
        earlier = released.get(c, 0) if released is not None else max(0, out - poured)
        rows.append(SideTally(c, labels.get(c, c), poured, out, earlier,
                              max(0, poured - (out - earlier)), held_after.get(c, 0)))
    return rows


@dataclass(frozen=True)
class Outcome:
    """A battle's result in words: the headline, the count behind it, where the cubes go."""

    headline: str
    reason: str
    cubes: str
    winner: str | None  # colour; None for a draw or a neutral result


def decide_outcome(
    kind: str,
    province: str | None,
    attacker: str | None,
    defender: str | None,
    out: Mapping[str, int],
    *,
    farmers_fight: bool = True,
    name: Callable[[str], str] = str.title,
) -> Outcome | None:
    """The rules of §4 applied to the cubes out (the engine's own arithmetic, in words).

    Inputs are plain numbers and colours, so this can be fed from a drop record or from a
    battle event alike. None for a tower load (nobody fights).
    """
    prov = province or "the province"
    if kind == "setup" or attacker is None or defender is None:
        return None
    others = sorted(c for c, n in out.items() if n and c not in (attacker, defender, FARMERS))
    if kind == "battle" and defender != FARMERS and not farmers_fight and out.get(FARMERS):
        others.append(FARMERS)
    rest = (" Cubes of players not in this battle stay in the tray for the next one."
            if others else "")
    if kind == "revolt":  # attacker: the farmers; defender: the player
        d, f = out.get(defender, 0), out.get(FARMERS, 0)
        reason = f"{name(defender)} {d} against {plural(f, 'farmer')}"
        if d > f:
            n = d - f
            return Outcome(f"The revolt is put down: {plural(n, 'army', 'armies')} "
                           f"{_verb(n, 'stays', 'stay')} in {prov}",
                           reason, f"{_of_cubes(n, name(defender))} {_verb(n, 'goes', 'go')} "
                           f"back into {prov}; "
                           f"the rest go back to supply.{rest}", defender)
        tie = f"{d} against {f}: a tie — the farmers win" if d == f else reason
        return Outcome(f"The farmers win: {prov} becomes neutral", tie,
                       f"All cubes of the revolt go back to supply.{rest}", FARMERS)
    a = out.get(attacker, 0)
    if defender == FARMERS:  # attacking a neutral province
        f = out.get(FARMERS, 0)
        reason = f"{name(attacker)} {a} against {plural(f, 'farmer')}"
        if a > f:
            return Outcome(f"{name(attacker)} takes {prov} with {plural(a - f, 'army', 'armies')}",
                           reason, f"{_of_cubes(a - f, name(attacker))} "
                           f"{_verb(a - f, 'moves', 'move')} into {prov}; "
                           f"the rest go back to supply.{rest}", attacker)
        if a == f:
            reason = f"{a} against {f}: a tie — the defender holds"
        return Outcome(f"The attack fails: {prov} stays neutral", reason,
                       f"All cubes of the battle go back to supply.{rest}", None)
    d = out.get(defender, 0)
    f = out.get(FARMERS, 0) if farmers_fight else 0
    with_farmers = f" + {plural(f, 'farmer')}" if f else ""
    reason = f"{name(attacker)} {a} against {name(defender)} {d}{with_farmers}"
    if a > d + f:
        return Outcome(f"{name(attacker)} takes {prov} with {plural(a - d - f, 'army', 'armies')}",
                       reason, f"{_of_cubes(a - d - f, name(attacker))} "
                       f"{_verb(a - d - f, 'moves', 'move')} into {prov}; the "
                       f"rest go back to supply.{rest}", attacker)
    if a < d + f and d > 0:
        stay = d - max(0, a - f)
        return Outcome(f"{name(defender)} holds {prov} with {plural(stay, 'army', 'armies')}",
                       reason, f"{_of_cubes(stay, name(defender))} {_verb(stay, 'goes', 'go')} "
                       f"back into {prov}; the "
                       f"rest go back to supply.{rest}", defender)
    if a == d + f:
        reason = f"{a} against {d + f}: a tie — nobody holds {prov}"
    else:
        reason += f": only farmers defended ({name(defender)} had no cube out)"
    return Outcome(f"{prov} becomes neutral", reason,
                   f"All cubes of the battle go back to supply.{rest}", None)


def outcome_of(record: DropRecord, name: Callable[[str], str] = str.title) -> Outcome | None:
    return decide_outcome(record.kind, record.province, record.attacker, record.defender,
                          record.result.out, farmers_fight=record.farmers_fight, name=name)
