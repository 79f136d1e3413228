"""The rules reference text: complete for every card, numbers from the data, strict loading."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from shogun_desktop.data import DATA_DIR
from shogun_desktop.data.board import DataError, default_board
from shogun_desktop.data.reference import (
    CARD_KINDS,
    card_text,
    data_facts,
    find_matches,
    load_reference,
    plain,
)
from shogun_desktop.yamlio import load_yaml_file


@pytest.fixture(scope="module")
def ref():
    return load_reference()


def _copy_data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _section_text(section) -> str:
    return " ".join(s for b in section.blocks for s in b.strings())


def test_every_card_id_of_cards_yaml_has_an_entry_with_its_text(ref) -> None:
    raw = load_yaml_file(DATA_DIR / "cards.yaml")
    board = default_board()
    chapters = {c.kind: c for c in ref.chapters if c.kind}
    assert set(chapters) == set(CARD_KINDS)
    for kind in CARD_KINDS:
        ids = [entry["id"] for entry in raw[kind]]
        assert ids, kind
        sections = {s.id.split("/", 1)[1]: s for s in chapters[kind].sections}
        assert list(sections) == ids, f"{kind}: the reference lists {list(sections)}"
        for cid in ids:
            section = sections[cid]
            ct = card_text(board, kind, cid)
            assert section.title == ct.name
            body = _section_text(section)
            if kind == "actions":
                cost = next(a["cost"] for a in raw["actions"] if a["id"] == cid)
                assert f"Cost: {cost} war chest" in body or (cost == 0 and "Cost: free" in body)
                assert len(body) > 60, f"{cid}: the action card needs its full text"
            else:
                effect = next(e["effect"] for e in raw[kind] if e["id"] == cid)
                assert " ".join(effect.split()) in body


def test_every_event_shows_the_winter_loss_of_each_copy(ref) -> None:
    raw = load_yaml_file(DATA_DIR / "cards.yaml")
    chapter = next(c for c in ref.chapters if c.kind == "events")
    for e in raw["events"]:
        body = _section_text(next(s for s in chapter.sections if s.id.endswith("/" + e["id"])))
        loss = re.search(r"Winter rice loss: ([\d or]+)", body)
        assert loss is not None, e["id"]
        assert sorted(int(x) for x in loss.group(1).split(" or ")) == sorted(e["copies_winter_loss"])


def test_the_rules_are_organised_by_phase(ref) -> None:
    titles = [c.title for c in ref.chapters]
    expected = ["Setup and the draft", "A season — secret planning", "Bids and special cards",
                "Events", "The ten actions", "Battles and the tower", "Revolts", "Winter",
                "Year two and the end"]
    assert [t for t in titles if t in expected] == expected
    everything = " ".join(_section_text(s) + " " + s.title for s in ref.sections())
    for phrase in ("provisions", "tie-break", "shared victory", "skipped entirely", "tower",
                   "revolt marker", "most VP", "war chests wins"):
        assert phrase in everything, phrase
    # the rulings of rules.md are stated as rulings
    notes = " ".join(b.text for s in ref.sections() for b in s.blocks if b.kind == "note")
    for ruling in ("skipped entirely", "never runs out", "shared victory", "sun side only",
                   "as many farmers as are left", "One farmer per revolt marker",
                   "defended against a revolt", "added first"):
        assert ruling in notes, ruling


def test_numbers_come_from_the_data_files(tmp_path) -> None:
    """Change numbers in a copy of cards.yaml / rules.yaml: the reference follows."""
    folder = _copy_data(tmp_path)
    _edit(folder / "cards.yaml", "{id: castle, name: Castle, short: Castle, cost: 3}",
          "{id: castle, name: Castle, short: Castle, cost: 7}")
    _edit(folder / "rules.yaml", "chests: 18", "chests: 21")
    _edit(folder / "rules.yaml", "region_majority: {castle: 3,", "region_majority: {castle: 9,")
    _edit(folder / "rules.yaml", "{shortfall: [7, null], revolts: 3, farmers: 3}",
          "{shortfall: [7, null], revolts: 4, farmers: 5}")
    _edit(folder / "rules.yaml", "armies_per_player: 62", "armies_per_player: 64")
    ref = load_reference(folder)
    castle = ref.section("action-cards/castle")
    assert "Pay 7 war chests" in _section_text(castle)
    assert "Cost: 7 war chests" in _section_text(castle)
    glance = next(b for b in ref.section("actions/list").blocks if b.kind == "table")
    assert glance.rows[0][:2] == ("Castle", "7 war chests")
    start = next(b for b in ref.section("setup/setup").blocks if b.kind == "table")
    assert start.rows[0][:2] == ("3", "21")
    scoring = next(b for b in ref.section("winter/scoring").blocks if b.kind == "table")
    assert ("Most castles in a region", "9", "8") in scoring.rows
    provisions = next(b for b in ref.section("winter/provisions").blocks if b.kind == "table")
    assert provisions.rows[-1] == ("7 or more", "4", "5")
    assert "64 army cubes" in _section_text(ref.section("overview/components"))
    # and the shipped data gives the shipped numbers
    shipped = load_reference()
    assert "Pay 3 war chests" in _section_text(shipped.section("action-cards/castle"))


def test_ids_are_unique_and_stable_for_translation() -> None:
    seen: dict[str, str] = {}

    def tr(msg_id: str, text: str) -> str:
        assert msg_id not in seen or seen[msg_id] == text, f"id {msg_id} used twice"
        seen[msg_id] = text
        if msg_id == "label/war-chests-other":
            return "{n} Kriegskassen"
        return text if msg_id.startswith("label/") else "[" + msg_id + "] " + text

    ref = load_reference(translate=tr)
    assert "planning/plan/p1" in seen and "card/actions/castle/text" in seen
    assert "winter/provisions/table/col0" in seen
    assert ref.section("planning/plan").title == "[planning/plan/title] Planning your season"
    first = ref.section("planning/plan").blocks[0]
    assert first.id == "planning/plan/p1" and first.text.startswith("[planning/plan/p1] ")
    # numbers are filled in after translation, so a translated template still gets the data
    castle = " ".join(b.text for b in ref.section("action-cards/castle").blocks)
    assert "[card/actions/castle/text] Pay 3 Kriegskassen" in castle
    assert "3 Kriegskassen" in castle  # the card header's cost, built from a label
    assert "label/score-province" in seen and "label/action-cost" in seen


def test_a_translation_with_an_unknown_placeholder_is_refused() -> None:
    with pytest.raises(DataError, match=r"reference.yaml: .*translation planning/plan/p1.*"
                                        r"unknown placeholder \{nope\}"):
        load_reference(translate=lambda i, t: "{nope}" if i == "planning/plan/p1" else t)


def test_search_finds_sections_case_insensitively(ref) -> None:
    found = [s.id for s in ref.search("REVOLT")]
    assert "revolts/collect" in found and "winter/provisions" in found
    assert "event-cards/theater-calm" in found
    assert all("revolt" in (s.title + _section_text(s)).casefold() for s in ref.search("revolt"))
    assert ref.search("Kii") == ()  # the rules name no province: nothing found, no error
    assert ref.search("  ") == ref.sections()
    # accents and case do not matter: 'no theatre' finds 'Nō theatres'
    assert "overview/goal" in [s.id for s in ref.search("NO THEATRE")]


def test_matches_map_back_to_the_original_text() -> None:
    text = "Build a Nō theatre; STRAßE"
    assert [text[a:b] for a, b in find_matches(text, "no thea")] == ["Nō thea"]
    assert [text[a:b] for a, b in find_matches(text, "strasse")] == ["STRAßE"]
    assert find_matches(text, "") == [] and find_matches(text, "castle") == []


def test_facts_are_all_numbers_or_names_from_the_data() -> None:
    facts = data_facts(default_board())
    assert facts["armies"] == "62" and facts["chests_4"] == "15" and facts["events"] == "12"
    assert facts["event_temple_peace"] == card_text(default_board(), "events", "temple-peace").name
    assert plain("a **b** c") == "a b c"


BROKEN = [
    ("unknown placeholder", "expand across\n              {provinces} provinces",
     "expand across\n              {provincez} provinces",
     r"chapters\[0\]\.sections\[0\]\.body\[0\]\.text: unknown placeholder \{provincez\}"),
    ("duplicate section", "      - id: components\n", "      - id: goal\n",
     r"chapters\[0\]\.sections\[1\]\.id: duplicate id 'goal'"),
    ("unknown table", "table: provisions", "table: provisons",
     r"body\[1\]\.table: unknown table 'provisons'"),
    ("unbalanced bold", "Over **two years** you", "Over **two years you",
     r"body\[0\]\.text: unbalanced \*\* \(bold\) markup"),
    ("two kinds", "          - id: bank\n            note:",
     "          - id: bank\n            text: x\n            note:",
     r"chapters\[0\]\.sections\[1\]\.body\[1\]: needs exactly one of text, items, note, table"),
    ("unknown card", "  events:\n    castle-defence:", "  events:\n    castle-defense:",
     r"cards\.events\.castle-defense: no such card in cards.yaml"),
    ("renamed action", "    castle:\n      text:", "    castlex:\n      text:",
     r"cards\.actions\.castlex: no such card"),
    ("duplicate key", "      short: Build a castle.\n",
     "      short: Build a castle.\n      short: Again.\n", r"duplicate key 'short'"),
    ("wrong columns", "columns: [Shortfall, Provinces in revolt, Extra farmers per revolt]",
     "columns: [Shortfall, Provinces in revolt]",
     r"body\[1\]\.columns: table 'provisions' has 3 columns, 2 named"),
    ("empty text", "          - id: ties\n            text: Equal bids",
     "          - id: ties\n            text: ''\n          - id: ties2\n            text: Equal bids",
     r"body\[2\]\.text: must not be empty"),
    ("bad id", "  - id: overview\n", "  - id: Overview!\n",
     r"chapters\[0\]\.id: must be lower-case"),
    ("label placeholder", 'rice: "{values} rice"', 'rice: "{value} rice"',
     r"labels\.rice: unknown placeholder \{value\} \(allowed: \{values\}\)"),
    ("missing label", "  pick-last: last\n", "", r"labels\.pick-last: missing"),
    ("unknown label", "  pick-last: last\n", "  pick-last: last\n  pick-later: later\n",
     r"labels\.pick-later: unknown key"),
    ("unknown key", "    title: The game at a glance\n",
     "    title: The game at a glance\n    subtitle: x\n", r"chapters\[0\]\.subtitle: unknown key"),
]


@pytest.mark.parametrize(("name", "old", "new", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_reference_gives_a_clear_error(tmp_path, name, old, new, message) -> None:
    folder = _copy_data(tmp_path)
    _edit(folder / "reference.yaml", old, new)
    with pytest.raises(DataError) as err:
        load_reference(folder)
    text = str(err.value)
    assert "reference.yaml" in text
    assert re.search(message, text), text


def test_a_missing_action_text_is_named(tmp_path) -> None:
    folder = _copy_data(tmp_path)
    text = (folder / "reference.yaml").read_text(encoding="utf-8")
    start = text.index("    recruit-3:\n")
    end = text.index("    recruit-1-move:\n")
    (folder / "reference.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataError, match=r"reference.yaml: cards\.actions\.recruit-3: missing"):
        load_reference(folder)


def test_a_missing_file_is_named(tmp_path) -> None:
    folder = _copy_data(tmp_path)
    (folder / "reference.yaml").unlink()
    with pytest.raises(DataError, match="reference.yaml: cannot read"):
        load_reference(folder)
