"""The reasons of the scenario and data loaders are in the player's language.

A corpus of broken files (copies of data/ with one problem each, scenario variants, stored
events and cursors) goes through the same loaders as the game. Each case is first checked in
English (it must fail for the reason it was written for), then in the pseudo-locale, where the
reason must be pseudo text and only the file, the key path and the values named in the case
(ids, keys, type names) may stay as plain ASCII words, and, for a sample, in Czech. The CLI
(`check --lang cs`, `scenario --lang cs`) and the window (`--lang cs` with a broken data
folder) print the Czech reason.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from shogun_desktop import i18n, yamlio
from shogun_desktop.data import DATA_DIR, DataError
from shogun_desktop.data.board import default_board, load_board_data
from shogun_desktop.data.mapdata import load_map
from shogun_desktop.data.reference import load_reference
from shogun_desktop.rules.events import EventDataError, event_from_data
from shogun_desktop.rules.save import SaveError
from shogun_desktop.rules.state import CursorError, Phase, cursor_from_data
from shogun_desktop.scenario import Scenario
from shogun_desktop.tower.geometry import load_geometry
from tests.i18n_audit import CLOSE, OPEN, install

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
ERRORS = (DataError, SaveError, EventDataError, CursorError)
VALUE = "«value»"  # what describe() answers in these tests: its own words are yamlio's
TYPE_NAMES = {"dict", "list", "str", "int", "float", "bool", "NoneType"}
WORD = re.compile(r"[A-Za-z]{2,}")
INNERMOST = re.compile(f"{OPEN}([^{OPEN}{CLOSE}]*){CLOSE}")


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:  # the strict reader refuses aliases
        return True


def _dump(doc: Any) -> str:
    return yaml.dump(doc, Dumper=_NoAliases, sort_keys=False, allow_unicode=True, width=200)


@dataclass(frozen=True)
class Case:
    name: str
    load: Callable[[], Any]
    key: str  # the key path the reason must name (a token)
    english: str  # a piece of today's English reason: the case fails for what it was made for
    tokens: str = ""  # plain words a placeholder of this reason may carry (ids, keys, values)
    czech: str = ""  # a piece of the Czech reason, for the sample checked in Czech


def _edit(path: Path, change: Callable[[Any], None]) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(_dump(doc), encoding="utf-8")


def _first_border() -> list[str]:
    return yaml.safe_load((DATA_DIR / "board.yaml").read_text(encoding="utf-8"))["land_borders"][0]


def data_cases(root: Path) -> list[Case]:
    """One broken copy of data/ per case, loaded as the game loads it."""
    cases: list[Case] = []

    def case(name: str, file: str, change: Callable[[Any], None], key: str, english: str,
             tokens: str = "", czech: str = "") -> None:
        folder = root / name
        shutil.copytree(DATA_DIR, folder)
        _edit(folder / file, change)
        if file == "tower.yaml":
            load: Callable[[], Any] = lambda: load_geometry(folder / "tower.yaml")  # noqa: E731
        elif file == "map.yaml":
            load = lambda: load_map(folder / "map.yaml",  # noqa: E731
                                    known_provinces=default_board().provinces)
        elif file == "reference.yaml":
            load = lambda: load_reference(folder)  # noqa: E731
        else:
            load = lambda: load_board_data(folder)  # noqa: E731
        cases.append(Case(name, load, key, english, tokens, czech))

    def setitem(*path_and_value: Any) -> Callable[[Any], None]:
        *path, last, value = path_and_value

        def change(doc: Any) -> None:
            for p in path:
                doc = doc[p]
            doc[last] = value
        return change

    # board.yaml
    case("slots", "board.yaml", setitem("provinces", "Aki", "slots", 7),
         "provinces.Aki.slots", "must be 1-3, got 7", czech="musí být 1–3")
    case("tax-text", "board.yaml", setitem("provinces", "Aki", "tax", "lots"),
         "provinces.Aki.tax", "must be an integer, not", czech="musí být celé číslo")
    case("unknown-key", "board.yaml", setitem("provinces", "Aki", "harbour", 1),
         "provinces.Aki.harbour", "unknown key", czech="neznámý klíč")
    case("province-gone", "board.yaml", lambda d: d["provinces"].pop("Aki"),
         "provinces", "must list 45 provinces, found 44")
    case("self-border", "board.yaml", setitem("land_borders", 0, ["Aki", "Aki"]),
         "land_borders[0]", "cannot border itself")
    case("duplicate-border", "board.yaml",
         lambda d: d["land_borders"].append(list(reversed(d["land_borders"][0]))),
         "land_borders", "duplicate pair", tokens=" ".join(_first_border()))
    case("sea-and-land", "board.yaml",
         lambda d: d["sea_routes"].append(list(d["land_borders"][0])),
         "sea_routes", "is also a land border", tokens=" ".join(_first_border()))
    case("region-short", "board.yaml", lambda d: d["regions"]["sun"]["green"].pop(),
         "regions.sun.green", "a region must have 9 provinces, found 8")
    case("region-colour", "board.yaml", setitem("provinces", "Aki", "region", "sun", "pink"),
         "provinces.Aki.region.sun", "unknown region colour")
    case("region-mismatch", "board.yaml", setitem("provinces", "Aki", "region", "sun", "red"),
         "regions.sun.green", "is listed here but", tokens="provinces Aki region sun")
    case("excluded-short", "board.yaml",
         lambda d: d["excluded_with_3_players"]["sun"].pop(),
         "excluded_with_3_players.sun", "must name 8 distinct provinces, found 7")
    case("provinces-list", "board.yaml", setitem("provinces", []),
         "provinces", "must be a mapping, not")
    # cards.yaml
    case("event-id", "cards.yaml", setitem("events", 0, "id", "plague"),
         "events[0].id", "unknown event")
    case("event-no-copies", "cards.yaml", setitem("events", 0, "copies_winter_loss", []),
         "events[0].copies_winter_loss", "must list at least one card")
    case("event-same-loss", "cards.yaml", setitem("events", 0, "copies_winter_loss", [3, 3]),
         "events[0].copies_winter_loss[1]", "two copies with the same loss")
    case("event-protects", "cards.yaml", setitem("events", 0, "protects", "moat"),
         "events[0].protects", "unknown building")
    case("action-order", "cards.yaml", setitem("actions", 0, "id", "sleep"),
         "actions[0].id", "expected castle, got", tokens="castle")
    case("special-id", "cards.yaml", setitem("specials", 0, "id", "luck"),
         "specials[0].id", "unknown or duplicate special")
    case("daimyo-short", "cards.yaml", lambda d: d["daimyo"].pop(),
         "daimyo", "must name the 5 daimyo")
    # rules.yaml
    case("start-rows", "rules.yaml",
         lambda d: d["start"][3].update(designated_sun=d["start"][3]["designated_sun"][:2]),
         "start.3.designated_sun", "must have 3 rows, found 2", czech="musí mít 3\u00a0řádky")
    case("start-row-short", "rules.yaml",
         lambda d: d["start"][4]["designated_sun"][0].pop(),
         "start.4.designated_sun[0]", "must name 8 provinces, found 7")
    case("provisions-closed", "rules.yaml",
         setitem("winter_provisions", -1, "shortfall", [7, 9]),
         "winter_provisions", "the last row must be open-ended (high: null)",
         tokens="high null")
    case("chest-cards", "rules.yaml", setitem("components", "chest_cards", [0, 1, 2, 3]),
         "components.chest_cards", "must be the values 0-4")
    case("few-armies", "rules.yaml", setitem("components", "armies_per_player", 20),
         "start.3.groups", "3 players need 34 armies each", tokens="components armies_per_player")
    case("many-farmers", "rules.yaml",
         setitem("components", "initial_tower_load", "farmers", 999),
         "components.initial_tower_load.farmers", "more than the 20 farmers there are")
    # tower.yaml
    case("gravity", "tower.yaml", setitem("gravity", "down"),
         "gravity", "must be a number, not", czech="musí být číslo")
    case("bouncy", "tower.yaml", setitem("cube", "restitution", 2),
         "cube.restitution", "must be at most 1")
    case("pour-reversed", "tower.yaml", setitem("pour", "x_max", -9.0),
         "pour.x_max", "must not be less than pour.x_min", tokens="pour x_min")
    case("baffle-point", "tower.yaml",
         lambda d: d["baffles"][0].update(b=list(d["baffles"][0]["a"])),
         "baffles[0]", "a and b are the same point")
    case("no-walls", "tower.yaml", setitem("walls", []),
         "walls", "must list at least one segment")
    case("slow-steps", "tower.yaml", setitem("simulation", "steps_per_second", 10),
         "simulation.steps_per_second", "must be between 120 and 2000")
    case("hull-two", "tower.yaml", setitem("hull", [[0, 0], [1, 1]]),
         "hull", "must be a list of at least 3 points")
    case("slot-outside", "tower.yaml", setitem("rest_slots", 0, [900, 900, 0]),
         "rest_slots[0]", "lies outside the hull")
    case("cube-text", "tower.yaml", setitem("cube", "mass", None),
         "cube.mass", "must be a number, not")
    # map.yaml
    case("map-polygon", "map.yaml", setitem("provinces", "Aki", "polygon", [[0, 0], [1, 1]]),
         "provinces.Aki.polygon", "needs at least 3 points")
    case("map-size", "map.yaml", setitem("size", [0, 10]), "size", "must be positive")
    case("map-missing", "map.yaml", lambda d: d["provinces"].pop("Aki"),
         "provinces", "missing Aki", tokens="Aki")
    case("map-route", "map.yaml", setitem("sea_routes", 0, "between", ["Atlantis", "Aki"]),
         "sea_routes[0].between", "unknown province")
    case("map-top", "map.yaml", lambda d: d.clear(), "size", "missing", czech="chybí")
    # reference.yaml
    case("ref-placeholder", "reference.yaml", setitem("labels", "rice", "{nope} rice"),
         "labels.rice", "unknown placeholder {nope} (allowed: {values})",
         tokens="nope values")
    case("ref-two-kinds", "reference.yaml",
         lambda d: d["chapters"][0]["sections"][0]["body"][0].update(items=["x"]),
         "chapters[0].sections[0].body[0]", "needs exactly one of text, items, note, table",
         tokens="text items note table")
    case("ref-id", "reference.yaml", setitem("chapters", 0, "id", "Bad Id"),
         "chapters[0].id", "must be lower-case letters, digits and '-', not")
    case("ref-empty-items", "reference.yaml",
         lambda d: d["chapters"][0]["sections"][0]["body"].__setitem__(0, {"id": "p1",
                                                                          "items": []}),
         "chapters[0].sections[0].body[0].items", "must list at least one item")
    return cases


def scenario_cases(root: Path) -> list[Case]:
    """Scenario variants whose reason is worded by the scenario runner or the scripted tower."""
    root.mkdir(parents=True, exist_ok=True)
    cases: list[Case] = []

    def case(name: str, source: str, change: Callable[[Any], None], key: str, english: str,
             tokens: str = "", czech: str = "") -> None:
        path = root / f"{name}.yaml"
        doc = yaml.safe_load((SCENARIOS / source).read_text(encoding="utf-8"))
        change(doc)
        path.write_text(_dump(doc), encoding="utf-8")
        cases.append(Case(name, lambda: Scenario(path, default_board()).run(), key, english,
                          tokens, czech))

    attack = "01-attack-wins-against-defender-and-farmers.yaml"
    winter = "171-winter-shortfall-2-revolt-lost.yaml"
    bids = "06-bids-and-turn-order.yaml"
    case("players-twice", attack, lambda d: d.update(players=["red", "red", "blue"]),
         "players", "must list 3-5 distinct colours")
    case("drop-too-many", attack, lambda d: d["steps"][0].update(drop={"red": 40}),
         "steps[0].drop", "scripted drop lets 40 red cubes out", tokens="red",
         czech="kostek")
    case("step-no-action", attack, lambda d: d["steps"][0].pop("action"),
         "steps[0].action", "missing (a step is an action, bids or winter)")
    case("tax-with-target", attack, lambda d: d["steps"][0].update(action="tax"),
         "steps[0].to", "only Battle/Move actions take `to`", tokens="to")
    case("revolts-vs-drops", winter, lambda d: d["steps"][0]["winter"].update(drops=[]),
         "steps[0].winter.drops", "one drop per revolt: 1 revolt, drops given: 0")
    case("two-revolts", winter,
         lambda d: d["steps"][0]["winter"].update(revolts={"red": ["Mino", "Omi"]},
                                                  drops=[{"red": 1}, {"red": 1}]),
         "steps[0].winter.revolts.red", "the provisions table demands 1 revolt, 2 given")
    case("revolt-not-in-hand", winter,
         lambda d: d["steps"][0]["winter"].update(revolts={"red": ["Aki"]}),
         "steps[0].winter.revolts.red", "Aki is not in the hand of red", tokens="Aki red")
    case("enough-rice", winter, lambda d: d["position"].update(rice={"red": 9}),
         "steps[0].winter.revolts.red", "this player has enough rice")
    step = next(i for i, s in enumerate(yaml.safe_load(
        (SCENARIOS / bids).read_text(encoding="utf-8"))["steps"]) if "bids" in s)
    case("layout-short", bids, lambda d: d["steps"][step]["bids"]["layout"].pop(),
         f"steps[{step}].bids.layout", "must place the 5 special cards")
    case("null-expectation", attack, lambda d: d["expect"].update(turn_order=None),
         "expect.turn_order", "is empty (null)", tokens="null")
    return cases


def stored_cases() -> list[Case]:
    """Events and cursors as a save (or a scenario's position) stores them."""
    def event(doc: Any) -> Callable[[], Any]:
        return lambda: event_from_data(doc, "events[0]")

    def cursor(phase: Phase, doc: Any) -> Callable[[], Any]:
        return lambda: cursor_from_data(phase, doc, "cursor")

    return [
        Case("event-type", event({"type": "dragon"}), "events[0].type", "unknown event type",
             tokens="dragon"),
        Case("event-key", event({"type": "game-started", "wings": 2}),
             "events[0].wings", "unknown key for a game-started event", tokens="game started"),
        Case("event-list", event([1]), "events[0]", "must be a mapping, not [1]"),
        Case("cursor-key", cursor(Phase.ACTIONS, {"index": 0, "turn": 0, "wings": 1}),
             "cursor.wings", "unknown key"),
        Case("cursor-negative", cursor(Phase.ACTIONS, {"index": -1, "turn": 0}),
             "cursor.index", "must not be negative", czech="nesmí být záporné"),
        Case("cursor-stage", cursor(Phase.ACTIONS, {"index": 0, "turn": 0, "stage": "nap",
                                                    "province": "Aki"}),
             "cursor.stage", "must be battle or move, not 'nap'", tokens="battle move nap"),
        Case("cursor-winter", cursor(Phase.WINTER, {"index": 0, "stage": "thaw"}),
             "cursor.stage", "must be loss, provisions or scoring",
             tokens="loss provisions scoring thaw"),
        Case("cursor-flag", cursor(Phase.ACTIONS, {"index": 0, "turn": 0, "single": 1}),
             "cursor.single", "must be true or false, not 1"),
    ]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Case]:
    root = tmp_path_factory.mktemp("broken")
    return data_cases(root / "data") + scenario_cases(root / "scenarios") + stored_cases()


def _reason(case: Case) -> str:
    with pytest.raises(ERRORS) as info:
        case.load()
    return str(info.value)


def _stub_describe(monkeypatch: pytest.MonkeyPatch) -> None:
    """describe() everywhere answers one marker: its words are yamlio's to translate."""
    original = yamlio.describe
    for module in list(sys.modules.values()):
        if getattr(module, "describe", None) is original:
            monkeypatch.setattr(module, "describe", lambda value, limit=40: VALUE)


def _plain_words(message: str, case: Case) -> tuple[list[str], list[str]]:
    """(ASCII words outside any pseudo text, ASCII words inside it) that the case does not
    allow: the file path, the key path, type names, the describe() marker and its tokens."""
    allowed = set(WORD.findall(case.key)) | set(WORD.findall(case.tokens)) | TYPE_NAMES
    inside: list[str] = []
    text = message.replace(VALUE, " ")
    while True:  # innermost first: a translated parameter sits inside a translated reason
        found = INNERMOST.findall(text)
        if not found:
            break
        inside += found
        text = INNERMOST.sub(" ", text)
    # the file as named (a path of the test's folder), before the key or the first ": " —
    # inside the translated frame "{file}: {key}: {reason}" or before it
    at = message.find(": " + case.key) if case.key else -1
    prefix = message[:at] if at >= 0 else message.split(": ")[0]
    allowed |= set(WORD.findall(prefix))
    outside = [w for w in WORD.findall(text) if w not in allowed]
    inner = [w for part in inside for w in WORD.findall(part) if w not in allowed]
    return outside, inner


def test_every_case_fails_for_its_own_reason_in_english(corpus: list[Case]) -> None:
    assert len(corpus) >= 50
    for case in corpus:
        message = _reason(case)
        assert case.key in message and case.english in message, (case.name, message)


def test_every_reason_is_translated_in_the_pseudo_locale(
        corpus: list[Case], monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, "qps")
    _stub_describe(monkeypatch)
    for case in corpus:
        message = _reason(case)
        assert OPEN in message and case.key in message, (case.name, message)
        outside, inner = _plain_words(message, case)
        assert outside == [] and inner == [], (case.name, message, outside, inner)


def test_the_check_catches_an_english_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    case = Case("x", lambda: None, "provinces.Aki.slots", "", tokens="")
    ok = f"data/board.yaml: provinces.Aki.slots: {OPEN}ɱúšţ ƀé 1-3, ĝóţ {VALUE}{CLOSE}"
    assert _plain_words(ok, case) == ([], [])
    glued = f"data/board.yaml: provinces.Aki.slots: {OPEN}ɱúšţ ƀé{CLOSE} between 1 and 3"
    assert _plain_words(glued, case)[0] == ["between", "and"]
    untranslated_part = f"data/board.yaml: provinces.Aki.slots: {OPEN}ɱúšţ {CLOSE}, got integer"
    assert _plain_words(untranslated_part, case)[0] == ["got", "integer"]


def test_a_sample_of_reasons_is_czech(corpus: list[Case], monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, "cs")
    sample = [c for c in corpus if c.czech]
    assert len(sample) >= 8
    for case in sample:
        message = _reason(case)
        assert case.key in message and case.czech in message, (case.name, message)
        assert case.english not in message, (case.name, message)


def _broken_board(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    _edit(folder / "board.yaml", lambda d: d["provinces"]["Aki"].update(slots=7))
    return folder


def test_check_and_scenario_print_the_reason_in_the_chosen_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from shogun_desktop.cli import main

    folder = _broken_board(tmp_path)
    assert main(["check", "--lang", "cs", str(folder / "board.yaml")]) == 2
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"INVALID {folder / 'board.yaml'}: provinces.Aki.slots: musí být 1–3"), \
        line
    scenario = tmp_path / "drop.yaml"
    doc = yaml.safe_load((SCENARIOS / "01-attack-wins-against-defender-and-farmers.yaml")
                         .read_text(encoding="utf-8"))
    doc["steps"][0]["drop"] = {"red": 40}
    scenario.write_text(_dump(doc), encoding="utf-8")
    assert main(["scenario", "--lang", "cs", str(scenario)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"INVALID {scenario}: steps[0].drop: ") and "kostek" in out, out
    assert i18n.current().code == i18n.DEFAULT  # the command gave the process its language back


def test_the_window_reports_broken_data_in_its_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from shogun_desktop.ui import app as app_module

    monkeypatch.setattr(i18n, "_current", i18n.current())  # run_window switches it: restore
    monkeypatch.setenv("SHOGUN_DESKTOP_DATA", str(_broken_board(tmp_path)))
    assert app_module.run_window(["--lang", "cs"]) == 2
    err = capsys.readouterr().err
    assert "provinces.Aki.slots: musí být 1–3" in err, err
