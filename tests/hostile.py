"""Hostile save, scenario and data files, generated (shared by tests and benchmarks).

Each case is a file a hostile or careless user could hand the game, with the words its
refusal must contain. Nothing here is a fixture: call :func:`make_hostile_files` with a folder.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from shogun_desktop.ai.driver import decide
from shogun_desktop.ai.random_player import RandomPlayer
from shogun_desktop.data import DATA_DIR
from shogun_desktop.rules.engine import Game, GameConfig
from shogun_desktop.rules.save import dump_game, game_to_dict

REPO = Path(__file__).resolve().parents[1]
COLOURS = ["red", "yellow", "blue", "purple", "black"]
SCENARIO = REPO / "tests" / "scenarios" / "06-bids-and-turn-order.yaml"


@dataclass(frozen=True)
class Case:
    path: Path
    reason: str  # the refusal line must contain this
    kind: str  # "save", "scenario", "data" or "path" (not a readable file)


def game_at(predicate: Any, seed: int = 7, players: int = 4, limit: int = 600) -> Game:
    """A random-legal game played until predicate(game) holds."""
    game = Game.new(GameConfig(COLOURS[:players], seed=seed))
    bot = RandomPlayer(seed + 1)
    for _ in range(limit):
        if predicate(game):
            return game
        game.apply(decide(bot, game))
    raise AssertionError("the game never reached the wanted situation")


def _dump(doc: dict) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)


def _alias_bomb() -> str:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 9):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def save_cases(folder: Path) -> list[Case]:
    folder.mkdir(parents=True, exist_ok=True)
    actions = game_at(lambda g: g.state.phase == "actions" and g.state.actions_done >= 2)
    base = game_to_dict(actions)
    text = dump_game(actions)
    picks = game_to_dict(game_at(lambda g: g.state.phase == "picks"))
    planning = game_to_dict(game_at(lambda g: g.state.phase == "planning" and g.state.year == 1
                                    and g.state.season == "summer"))
    cases: list[Case] = []

    def put(name: str, content: str | bytes, reason: str) -> None:
        path = folder / f"{name}.yaml"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        cases.append(Case(path, reason, "save"))

    def changed(doc: dict, *keys_and_value: Any) -> str:
        doc = yaml.safe_load(_dump(doc))
        *keys, value = keys_and_value
        target = doc
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value
        return _dump(doc)

    put("deep-flow", "[" * 25_000 + "]" * 25_000, "nested more than")
    put("deep-flow-mapping", "{a: " * 25_000 + "1" + "}" * 25_000, "nested more than")
    put("deep-block-mapping", "".join(" " * i + "a:\n" for i in range(2_000)) + " " * 2000 + "1\n",
        "nested more than")
    put("deep-block-sequence", "- " * 5_000 + "1\n", "nested more than")
    put("alias-bomb", _alias_bomb(), "anchors and aliases")
    put("alias-in-save", text.replace("board: sun", "board: &b sun", 1) + "extra: *b\n",
        "anchors and aliases")
    put("python-tag", "!!python/object/apply:os.system ['echo owned']\n",
        "could not determine a constructor")
    put("python-tag-in-save", text.replace("board: sun", "board: !!python/name:os.system", 1),
        "could not determine a constructor")
    put("non-utf8", text.encode("utf-8").replace(b"board: sun", b"board: sun\n# caf\xe9", 1),
        "not UTF-8")
    put("duplicate-key", text + "board: moon\n", "duplicate key 'board'")
    put("oversize", text + "# " + "x" * (5 * 1024 * 1024) + "\n", "too large")
    long_log = dict(base, events=[*base["events"], {"type": "card-taken", "player": "red",
                                                     "card": "x" * 5_000, "blind": False}])
    put("long-log-line", _dump(long_log), "a log entry has at most 1000 characters")
    put("huge-int", changed(base, "position", "chests", "red", 10**30), "must be at most")
    put("huge-int-digits", text.replace("battles: ", "battles: " + "9" * 10_000, 1),
        "not valid YAML")
    put("float-count", changed(base, "position", "chests", "red", 2.0), "must be an integer")
    put("bool-count", changed(base, "battles", True), "must be an integer")
    put("action-row-mixed", changed(base, "action_row", [*base["action_row"][:-1], 1]),
        "action_row[9]")
    put("special-layout-mixed", changed(base, "special_layout", [*base["special_layout"][:-1], 3]),
        "special_layout[4]")
    red_hand = base["hands"]["red"]
    put("hand-mixed", changed(base, "hands", "red", [*red_hand[:-1], 7]), "hands.red")
    put("hand-not-a-list", changed(base, "hands", "red", "Aki"), "hands.red")
    put("players-mixed", changed(base, "players", ["red", 1, "blue"]), "players[1]")
    put("names-huge", changed(base, "names", "red", "N" * 100_000), "names.red")
    put("position-null", changed(base, "position", None), "position")
    put("cursor-order-mixed", changed(picks, "cursor", "order", ["red", 1, "blue", "yellow"]),
        "cursor.order[1]: must be a string")
    put("pending-huge", changed(base, "pending", "p" * 5_000), "pending")
    put("rng-garbage", changed(base, "rng", "state", "!!!"), "rng.state")
    put("phase-free", changed(dict(base, cursor={}), "phase", "free"), "phase")
    everyone = yaml.safe_load(_dump(planning))
    everyone["planned"] = list(everyone["players"])
    put("everyone-planned", _dump(everyone), "no decision is pending")
    put("null-stage", changed(base, "cursor", {"index": 3, "turn": 1, "stage": None}),
        "no decision is pending")
    put("many-values", text.replace("event_deck:", "event_deck: [" + ",".join(["1"] * 150_000)
                                    + "]\nx_event_deck:", 1), "more than 50000 values")
    put("not-a-mapping", "- 1\n- 2\n", "must be a mapping")
    put("empty", "", "")
    return cases


def scenario_cases(folder: Path) -> list[Case]:
    folder.mkdir(parents=True, exist_ok=True)
    doc = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    cases: list[Case] = []

    def put(name: str, scenario: dict, reason: str) -> None:
        path = folder / f"{name}.yaml"
        path.write_text(_dump(scenario), encoding="utf-8")
        cases.append(Case(path, reason, "scenario"))

    def variant() -> dict:
        return yaml.safe_load(_dump(doc))

    bids = next(i for i, s in enumerate(doc["steps"]) if "bids" in s)
    s = variant()
    s["steps"][bids]["bids"]["layout"][2] = 1
    put("scenario-mixed-layout", s, f"steps[{bids}].bids.layout[2]")
    s = variant()
    s["position"]["chests"] = {"red": 10**30}
    put("scenario-huge-int", s, "must be at most")
    s = variant()
    s["expect"]["turn_order"] = None
    put("scenario-null-expectation", s, "expect.turn_order: is empty (null)")
    s = variant()
    s["expect"]["winners"] = None
    put("scenario-null-winners", s, "expect.winners: is empty (null)")
    s = variant()
    s["name"] = "n" * 10_000
    put("scenario-huge-name", s, "name")
    return cases


def data_cases(folder: Path) -> list[Case]:
    """Broken copies of the data folder, one problem each (a folder per case)."""
    cases: list[Case] = []

    def copy(name: str) -> Path:
        target = folder / name
        shutil.copytree(DATA_DIR, target)
        return target

    d = copy("data-fast-tower")
    tower = (d / "tower.yaml").read_text(encoding="utf-8")
    (d / "tower.yaml").write_text(tower.replace("steps_per_second: 240", "steps_per_second: 1000000000"),
                                  encoding="utf-8")
    cases.append(Case(d / "tower.yaml", "simulation.steps_per_second: must be between", "data"))
    d = copy("data-dup-map")
    (d / "map.yaml").write_text((d / "map.yaml").read_text(encoding="utf-8") + "size: [1, 1]\n",
                                encoding="utf-8")
    cases.append(Case(d / "map.yaml", "duplicate key 'size'", "data"))
    d = copy("data-latin1")
    board = (d / "board.yaml").read_text(encoding="utf-8")
    (d / "board.yaml").write_bytes(board.encode("utf-8").replace(b"# ", b"# \xe9", 1))
    cases.append(Case(d / "board.yaml", "not UTF-8", "data"))
    d = copy("data-few-armies")
    rules = (d / "rules.yaml").read_text(encoding="utf-8")
    (d / "rules.yaml").write_text(rules.replace("armies_per_player: 62", "armies_per_player: 20"),
                                  encoding="utf-8")
    cases.append(Case(d, "armies each", "data"))
    d = copy("data-alias")
    (d / "cards.yaml").write_text("x: &x 1\n" + (d / "cards.yaml").read_text(encoding="utf-8"),
                                  encoding="utf-8")
    cases.append(Case(d / "cards.yaml", "anchors and aliases", "data"))
    return cases


def path_cases(folder: Path) -> list[Case]:
    """Paths that are not files to read: a FIFO, a device, an empty folder."""
    folder.mkdir(parents=True, exist_ok=True)
    fifo = folder / "pipe.yaml"
    os.mkfifo(fifo)
    empty = folder / "empty-folder"
    empty.mkdir()
    cases = [Case(fifo, "not a regular file", "path"), Case(empty, "no .yaml files", "path")]
    if Path("/dev/zero").exists():
        cases.append(Case(Path("/dev/zero"), "not a regular file", "path"))
    return cases


def make_hostile_files(folder: Path) -> list[Case]:
    return (save_cases(folder / "saves") + scenario_cases(folder / "scenarios")
            + data_cases(folder / "data") + path_cases(folder / "paths"))
