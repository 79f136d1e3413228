"""Board data: values equal the reference, and broken copies fail with clear messages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from shogun_desktop.data.board import DataError, load_board_data
from tests.helpers import REPO, SHARED

REFERENCE = SHARED / "reference" / "board.yaml"


def test_shipped_data_loads() -> None:
    data = load_board_data()
    assert len(data.provinces) == 45
    assert len(data.events) == 12
    assert len(data.sea_routes) == 6
    assert [a.id for a in data.actions][:3] == ["castle", "temple", "theater"]
    assert all(len(m) == 9 for side in data.regions.values() for m in side.values())
    assert data.adjacency["Aki"] == {"Bingo", "Iwami", "Iyo"}  # Iyo by sea


@pytest.mark.skipif(not REFERENCE.exists(), reason="../shared is not present")
def test_data_equals_shared_reference() -> None:
    ref = yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))
    data = load_board_data()
    for name, p in ref["provinces"].items():
        ours = data.provinces[name]
        assert (ours.kanji, ours.tax, ours.rice, ours.slots, ours.region) == (
            p["kanji"], p["tax"], p["rice"], p["slots"], p["region"]), name
    assert set(data.provinces) == set(ref["provinces"])
    assert {frozenset(b) for b in data.land_borders} == {frozenset(b) for b in ref["land_borders"]}
    assert {frozenset(b) for b in data.sea_routes} == {frozenset(b) for b in ref["sea_routes"]}
    for side, regions in ref["regions"].items():
        for colour, members in regions.items():
            assert set(data.regions[side][colour]) == set(members)
    for side, members in ref["excluded_with_3_players"].items():
        assert data.excluded_with_3[side] == set(members)
    for n, table in ref["start"].items():
        ours = data.start[int(n)]
        assert list(ours.groups) == table["groups"]
        assert ours.chests == table["chests"]
        assert [list(r) for r in ours.designated_sun] == table["designated_sun"]
    assert sorted((e.id, e.winter_loss) for e in data.events) == sorted(
        (e["id"], loss) for e in ref["events"] for loss in e["copies_winter_loss"])
    assert data.event_effects == {e["id"]: e["effect"] for e in ref["events"]}
    assert data.specials == {s["id"]: s["effect"] for s in ref["specials"]}
    assert [(a.id, a.cost, a.armies) for a in data.actions] == [
        (a["id"], a["cost"], a.get("armies", 0)) for a in ref["actions"]]
    assert [(r.low, r.high, r.revolts, r.farmers) for r in data.provisions] == [
        (r["shortfall"][0], r["shortfall"][1], r["revolts"], r["farmers"])
        for r in ref["winter_provisions"]]
    assert data.daimyo == {d["color"]: d["name"] for d in ref["daimyo"]}
    c = ref["components"]
    comp = data.components
    assert (comp.armies_per_player, comp.farmers, comp.castles, comp.temples, comp.theaters,
            comp.revolt_markers, list(comp.chest_cards)) == (
        c["armies_per_player"], c["farmers"], c["castles"], c["temples"], c["theaters"],
        c["revolt_markers"], c["chest_cards"])
    assert (comp.load_armies_per_player, comp.load_farmers) == (
        c["initial_tower_load"]["armies_per_player"], c["initial_tower_load"]["farmers"])
    assert data.majority == ref["scoring"]["region_majority"]


def _broken_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(REPO / "data", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("board.yaml", "  Aki: {kanji: 安芸, tax: 4, rice: 3, slots: 2,",
         "  Aki: {kanji: 安芸, tax: 4, slots: 2,", "board.yaml: provinces.Aki.rice: missing"),
        ("board.yaml", "  - [Aki, Bingo]", "  - [Aki, Bingoo]",
         "board.yaml: land_borders[0]: unknown province 'Bingoo'"),
        ("board.yaml", "green: [Aki, Bingo, Bitchu, Bizen, Hoki, Iwami, Izumo, Tajima, Mimasaka]",
         "green: [Aki, Bingo, Bitchu, Bizen, Hoki, Iwami, Izumo, Tajima]",
         "board.yaml: regions.sun.green: a region must have 9 provinces, found 8"),
        ("board.yaml", "Aki: {kanji: 安芸, tax: 4,", "Aki: {kanji: 安芸, tax: -4,",
         "board.yaml: provinces.Aki.tax: must not be negative, got -4"),
        ("board.yaml", "  Awa-Boso: {kanji: 安房,", "  Aki: {kanji: 安房,",
         "board.yaml: not valid YAML"),
        ("board.yaml", "provinces:", "provincez:", "board.yaml: provinces: missing"),
        ("cards.yaml", "{id: castle, name: Castle, short: Castle, cost: 3}", "{id: castle, name: Castle, short: Castle, cost: three}",
         "cards.yaml: actions[0].cost: must be an integer, not 'three'"),
        ("rules.yaml", "- {shortfall: [1, 1], revolts: 1, farmers: 1}",
         "- {shortfall: [2, 2], revolts: 1, farmers: 1}",
         "rules.yaml: winter_provisions[0].shortfall: must start at 1, got 2"),
        ("rules.yaml", "      - [Suruga, Mino,", "      - [Izumo, Mino,",
         "rules.yaml: start.3.designated_sun[0]: province 'Izumo' is out of play with 3 players"),
    ],
    ids=["missing-key", "unknown-border-province", "region-of-8", "negative-tax",
         "duplicate-province", "missing-section", "wrong-type", "provisions-gap", "designated-out"],
)
def test_broken_data_gives_one_clear_message(tmp_path: Path, file: str, old: str, new: str,
                                             message: str) -> None:
    folder = _broken_copy(tmp_path, file, old, new)
    with pytest.raises(DataError) as err:
        load_board_data(folder)
    text = str(err.value)
    assert message in text
    assert "\n" not in text
    if message.endswith("not valid YAML"):  # the duplicate province
        assert "duplicate key 'Aki'" in text


def test_missing_file_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    shutil.copytree(REPO / "data", folder)
    (folder / "cards.yaml").unlink()
    with pytest.raises(DataError, match="cards.yaml: cannot read"):
        load_board_data(folder)


def test_python_tags_are_refused(tmp_path: Path) -> None:
    folder = _broken_copy(tmp_path, "board.yaml", "provinces:",
                          "evil: !!python/object/apply:os.system ['echo hacked']\nprovinces:")
    with pytest.raises(DataError, match="not valid YAML"):
        load_board_data(folder)
