"""One-off: write data/board.yaml, data/cards.yaml and data/rules.yaml from the shared reference.

Run once when the reference changes: ``python tools/import_reference.py ../shared/reference/board.yaml``.
The game never reads the reference; it reads only data/.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml


def flow(obj: object) -> str:
    text = yaml.safe_dump(obj, default_flow_style=True, allow_unicode=True, sort_keys=False)
    return text.removesuffix("\n...\n").strip()


def main(ref_path: str) -> None:
    ref = yaml.safe_load(Path(ref_path).read_text(encoding="utf-8"))
    out = Path(__file__).resolve().parent.parent / "data"
    lines = [
        "# Board facts of Shogun: provinces, borders, sea routes, regions per side, 3-player exclusions.",
        "# tax = war chests from the Tax action; rice = rice from the Rice action; slots = building spaces.",
        "provinces:",
    ]
    for name, p in ref["provinces"].items():
        entry = {"kanji": p["kanji"], "tax": p["tax"], "rice": p["rice"], "slots": p["slots"],
                 "region": p["region"]}
        lines.append(f"  {name}: {flow(entry)}")
    lines.append("\n# Provinces that share a border (the same on both sides).")
    lines.append("land_borders:")
    lines += [f"  - {flow(b)}" for b in ref["land_borders"]]
    lines.append("\n# Sea routes (dashed lines across water) count as adjacent.")
    lines.append("sea_routes:")
    lines += [f"  - {flow(b)}" for b in ref["sea_routes"]]
    lines.append("\n# Regions: 5 colours x 9 provinces per side.")
    lines.append("regions:")
    for side, regs in ref["regions"].items():
        lines.append(f"  {side}:")
        lines += [f"    {colour}: {flow(ps)}" for colour, ps in regs.items()]
    lines.append("\n# Out of play with 3 players: no army may enter; the cards are removed.")
    lines.append("excluded_with_3_players:")
    lines += [f"  {side}: {flow(ps)}" for side, ps in ref["excluded_with_3_players"].items()]
    (out / "board.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")

    cards = ["# Cards of Shogun: events (with their winter rice loss per copy), specials, actions.",
             "events:"]
    for e in ref["events"]:
        cards.append(f"  - {flow(e)}")
    cards.append("\nspecials:")
    cards += [f"  - {flow(s)}" for s in ref["specials"]]
    cards.append("\n# The 10 action spaces of a player board, in board order; cost in war chests.")
    cards.append("actions:")
    cards += [f"  - {flow(a)}" for a in ref["actions"]]
    cards.append("\ndaimyo:")
    cards += [f"  - {flow(d)}" for d in ref["daimyo"]]
    (out / "cards.yaml").write_text("\n".join(cards) + "\n", encoding="utf-8")

    rules = ["# Setup tables, winter provisions, component counts and scoring values.", "start:"]
    for n, s in ref["start"].items():
        rules.append(f"  {n}:")
        rules.append(f"    groups: {flow(s['groups'])}")
        rules.append(f"    chests: {s['chests']}")
        rules.append("    designated_sun:")
        rules += [f"      - {flow(row)}" for row in s["designated_sun"]]
    rules.append("\n# shortfall = provinces owned - rice left after the winter loss (null = no upper bound).")
    rules.append("winter_provisions:")
    rules += [f"  - {flow(r)}" for r in ref["winter_provisions"]]
    rules.append("\ncomponents:")
    for k, v in ref["components"].items():
        rules.append(f"  {k}: {flow(v)}")
    sc = ref["scoring"]
    rules.append("\nscoring:")
    rules.append(f"  province: {sc['province']}")
    rules.append(f"  building: {sc['building']}")
    rules.append(f"  region_majority: {flow(sc['region_majority'])}")
    rules.append("  tied_majority_penalty: 1   # tied leaders each score the value minus 1")
    (out / "rules.yaml").write_text("\n".join(rules) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/reference/board.yaml")
