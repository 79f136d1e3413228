"""A tower drop in words: per side what was poured and came out, and the battle's outcome.

Pure functions of the drop's numbers (the drop record's counts and cube ids), never of log
text, shared by the battle overlay and the short drop notice. :func:`decide_outcome` takes
plain colours and counts, so it can be fed from a battle event as well as from a
:class:`~shogun_desktop.rules.engine.DropRecord`. No pygame or pymunk here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from shogun_desktop.i18n import _, ngettext
from shogun_desktop.rules.engine import DropRecord

FARMERS = "green"


def title_of(record: DropRecord) -> str:
    where = record.province
    if record.kind == "revolt":
        return _("Revolt in {province}").format(province=where) if where else _("Revolt")
    if record.kind == "battle":
        return _("Battle for {province}").format(province=where) if where else _("Battle")
    return _("Tower load")


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
            return ngettext(
                "{count} came out, knocked loose: it had been held from an earlier battle",
                "{count} came out, knocked loose: all had been held from earlier battles",
                self.out).format(count=self.out)
        if self.from_earlier:
            return ngettext(
                "{poured} poured, {out} came out — {count} had been held from an earlier "
                "battle",
                "{poured} poured, {out} came out — {count} had been held from earlier battles",
                self.from_earlier).format(poured=self.poured, out=self.out,
                                          count=self.from_earlier)
        return _("{poured} poured, {out} came out").format(poured=self.poured, out=self.out)

    def inside(self) -> str:
        if not self.poured:
            return ""
        if self.stay == 0:
            return _("all of this drop came out")
        return ngettext("{count} of this drop stays inside", "{count} of this drop stay inside",
                        self.stay).format(count=self.stay)


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
    prov = province or _("the province")
    if kind == "setup" or attacker is None or defender is None:
        return None
    others = sorted(c for c, n in out.items() if n and c not in (attacker, defender, FARMERS))
    if kind == "battle" and defender != FARMERS and not farmers_fight and out.get(FARMERS):
        others.append(FARMERS)

    def cubes(sentence: str) -> str:
        """Where the cubes go, and that cubes of players not in this battle wait in the tray."""
        if not others:
            return sentence
        return _("{sentence} {tray}").format(
            sentence=sentence,
            tray=_("Cubes of players not in this battle stay in the tray for the next one."))

    def back_into(count: int, player: str) -> str:
        return cubes(ngettext(
            "{count} of {player}'s cubes goes back into {province}; the rest go back to supply.",
            "{count} of {player}'s cubes go back into {province}; the rest go back to supply.",
            count).format(count=count, player=player, province=prov))

    def takes(count: int, player: str) -> Outcome:
        return Outcome(
            ngettext("{player} takes {province} with {n} army",
                     "{player} takes {province} with {n} armies", count).format(
                player=player, province=prov, n=count),
            reason, cubes(ngettext(
                "{count} of {player}'s cubes moves into {province}; the rest go back to supply.",
                "{count} of {player}'s cubes move into {province}; the rest go back to supply.",
                count).format(count=count, player=player, province=prov)), attacker)

    def against_farmers(player: str, mine: int, farmers: int) -> str:
        return ngettext("{player} {count} against {farmers} farmer",
                        "{player} {count} against {farmers} farmers", farmers).format(
            player=player, count=mine, farmers=farmers)

    if kind == "revolt":  # attacker: the farmers; defender: the player
        d, f = out.get(defender, 0), out.get(FARMERS, 0)
        reason = against_farmers(name(defender), d, f)
        if d > f:
            n = d - f
            return Outcome(ngettext("The revolt is put down: {count} army stays in {province}",
                                    "The revolt is put down: {count} armies stay in {province}",
                                    n).format(count=n, province=prov),
                           reason, back_into(n, name(defender)), defender)
        if d == f:
            reason = _("{mine} against {theirs}: a tie — the farmers win").format(mine=d,
                                                                                 theirs=f)
        return Outcome(_("The farmers win: {province} becomes neutral").format(province=prov),
                       reason, cubes(_("All cubes of the revolt go back to supply.")), FARMERS)
    a = out.get(attacker, 0)
    if defender == FARMERS:  # attacking a neutral province
        f = out.get(FARMERS, 0)
        reason = against_farmers(name(attacker), a, f)
        if a > f:
            return takes(a - f, name(attacker))
        if a == f:
            reason = _("{mine} against {theirs}: a tie — the defender holds").format(mine=a,
                                                                                    theirs=f)
        return Outcome(_("The attack fails: {province} stays neutral").format(province=prov),
                       reason, cubes(_("All cubes of the battle go back to supply.")), None)
    d = out.get(defender, 0)
    f = out.get(FARMERS, 0) if farmers_fight else 0
    names = {"attacker": name(attacker), "defender": name(defender), "a": a, "d": d,
             "farmers": f}
    if f:
        reason = ngettext("{attacker} {a} against {defender} {d} + {farmers} farmer",
                          "{attacker} {a} against {defender} {d} + {farmers} farmers",
                          f).format(**names)
    else:
        reason = _("{attacker} {a} against {defender} {d}").format(**names)
    if a > d + f:
        return takes(a - d - f, name(attacker))
    if a < d + f and d > 0:
        stay = d - max(0, a - f)
        return Outcome(ngettext("{player} holds {province} with {n} army",
                                "{player} holds {province} with {n} armies", stay).format(
                           player=name(defender), province=prov, n=stay),
                       reason, back_into(stay, name(defender)), defender)
    if a == d + f:
        reason = _("{mine} against {theirs}: a tie — nobody holds {province}").format(
            mine=a, theirs=d + f, province=prov)
    else:  # d == 0 and the farmers alone outnumber the attacker (so f > 0)
        reason = ngettext(
            "{attacker} {a} against {defender} {d} + {farmers} farmer: only farmers defended "
            "({defender} had no cube out)",
            "{attacker} {a} against {defender} {d} + {farmers} farmers: only farmers defended "
            "({defender} had no cube out)", f).format(**names)
    return Outcome(_("{province} becomes neutral").format(province=prov), reason,
                   cubes(_("All cubes of the battle go back to supply.")), None)


def outcome_of(record: DropRecord, name: Callable[[str], str] = str.title) -> Outcome | None:
    return decide_outcome(record.kind, record.province, record.attacker, record.defender,
                          record.result.out, farmers_fight=record.farmers_fight, name=name)
