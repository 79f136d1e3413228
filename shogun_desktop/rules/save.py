"""Game state <-> readable YAML: the scenario ``position`` schema, extended for full saves.

Loading trusts nothing: only safe YAML, only known keys, every value type- and range-checked,
counts that must add up, and finally the engine's own invariants. A bad file raises
:class:`SaveError` naming the file and the key, and no game object is produced.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from shogun_desktop.data.board import (
    ACTION_IDS,
    BUILDINGS,
    EVENT_IDS,
    FARMER,
    PLAYER_COLOURS,
    SIDES,
    SPECIAL_IDS,
    BoardData,
    default_board,
)
from shogun_desktop.rules.engine import SPACES, Game, empty_state
from shogun_desktop.rules.invariants import check_invariants
from shogun_desktop.rules.state import CHEST_CARDS, SEASONS, GameState, ProvinceState
from shogun_desktop.rules.tower import HeldCube, Tower
from shogun_desktop.yamlio import (
    YamlFormatError,
    load_yaml_file,
    load_yaml_text,
    write_text_atomic,
)

SAVE_FORMAT = "shogun-desktop-save"
SAVE_VERSION = 1
PHASES = ("draft", "planning", "picks", "actions", "winter", "over", "free")
CUBE_COLOURS = (*PLAYER_COLOURS, FARMER)


class SaveError(ValueError):
    """A position, save or scenario file is invalid; the message names file and key."""


class Reader:
    """Type-checked access to parsed YAML with errors naming ``file: key.path``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, msg: str) -> SaveError:
        return SaveError(f"{self.file}: {key}: {msg}" if key else f"{self.file}: {msg}")

    def mapping(self, value: Any, key: str, allowed: set[str] | None = None) -> dict:
        if value is None:
            value = {}
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a mapping, not {_show(value)}")
        if allowed is not None:
            for k in value:
                if k not in allowed:
                    raise self.fail(_join(key, k), "unknown key")
        return value

    def listing(self, value: Any, key: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {_show(value)}")
        return value

    def integer(self, value: Any, key: str, low: int | None = 0, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be an integer, not {_show(value)}")
        if low is not None and value < low:
            raise self.fail(key, f"must be at least {low}, got {value}")
        if high is not None and value > high:
            raise self.fail(key, f"must be at most {high}, got {value}")
        return value

    def number(self, value: Any, key: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(key, f"must be a number, not {_show(value)}")
        if value != value or value in (float("inf"), float("-inf")):
            raise self.fail(key, "must be a finite number")
        return float(value)

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {_show(value)}")
        return value

    def choice(self, value: Any, key: str, options: tuple | list | set | frozenset) -> Any:
        if not isinstance(value, str | int) or isinstance(value, bool) or value not in options:
            shown = ", ".join(str(o) for o in sorted(options, key=str))
            if len(shown) > 120:
                shown = shown[:117] + "..."
            raise self.fail(key, f"{_show(value)} is not one of: {shown}")
        return value

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(key, f"must be a string, not {_show(value)}")
        return value


def _join(key: str, sub: Any) -> str:
    return f"{key}.{sub}" if key else str(sub)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------------- position (scenarios)
POSITION_KEYS = {"year", "season", "event", "turn_order", "specials", "chests", "rice", "vp",
                 "provinces", "tower"}
PROVINCE_KEYS = {"owner", "armies", "castle", "temple", "theater", "revolts"}


def parse_cube_counts(r: Reader, value: Any, key: str, colours: tuple[str, ...]) -> dict[str, int]:
    raw = r.mapping(value, key)
    out: dict[str, int] = {}
    for colour, n in raw.items():
        r.choice(colour, _join(key, colour), colours)
        count = r.integer(n, _join(key, colour))
        if count:
            out[colour] = count
    return out


def state_from_position(
    r: Reader, doc: Any, board: str, seats: list[str], data: BoardData, key: str = "position",
    names: Mapping[str, str] | None = None, computer: list[str] | tuple[str, ...] = (),
) -> GameState:
    """Build a state from the scenario ``position`` schema; supplies are derived from it."""
    pos = r.mapping(doc, key, POSITION_KEYS)
    state = empty_state(data, board, seats, names, computer)
    state.year = r.integer(pos.get("year", 1), _join(key, "year"), 1, 2)
    state.season = r.choice(pos.get("season", "spring"), _join(key, "season"), SEASONS)
    event = pos.get("event", "none")
    if event != "none":
        r.choice(event, _join(key, "event"), EVENT_IDS)
        state.event_current = next(e.key for e in data.events if e.id == event)
    order = r.listing(pos.get("turn_order", list(seats)), _join(key, "turn_order"))
    for i, c in enumerate(order):
        r.choice(c, f"{key}.turn_order[{i}]", seats)
    if order and sorted(order) != sorted(seats):
        raise r.fail(_join(key, "turn_order"), "must name every player exactly once")
    state.turn_order = list(order)
    specials = r.mapping(pos.get("specials"), _join(key, "specials"))
    for colour, special in specials.items():
        r.choice(colour, _join(key, f"specials.{colour}"), seats)
        r.choice(special, _join(key, f"specials.{colour}"), SPECIAL_IDS)
        state.players[colour].special = special
    if len(set(specials.values())) != len(specials):
        raise r.fail(_join(key, "specials"), "two players hold the same special card")
    for field_name in ("chests", "rice", "vp"):
        values = r.mapping(pos.get(field_name), _join(key, field_name))
        for colour, n in values.items():
            r.choice(colour, _join(key, f"{field_name}.{colour}"), seats)
            setattr(state.players[colour], field_name,
                    r.integer(n, _join(key, f"{field_name}.{colour}")))
    in_play = data.in_play(board, len(seats))
    provinces = r.mapping(pos.get("provinces"), _join(key, "provinces"))
    for name, spec in provinces.items():
        pkey = _join(key, f"provinces.{name}")
        r.choice(name, pkey, tuple(data.provinces))
        spec = r.mapping(spec, pkey, PROVINCE_KEYS)
        owner = spec.get("owner", "none")
        if owner != "none":
            r.choice(owner, _join(pkey, "owner"), seats)
        prov = ProvinceState(
            owner=None if owner == "none" else owner,
            armies=r.integer(spec.get("armies", 0), _join(pkey, "armies")),
            castle=r.boolean(spec.get("castle", False), _join(pkey, "castle")),
            temple=r.boolean(spec.get("temple", False), _join(pkey, "temple")),
            theater=r.boolean(spec.get("theater", False), _join(pkey, "theater")),
            revolts=r.integer(spec.get("revolts", 0), _join(pkey, "revolts")),
        )
        if prov.owner is None and (prov.armies or prov.building_count() or prov.revolts):
            raise r.fail(pkey, "a neutral province holds no armies, buildings or revolt markers")
        if prov.owner is not None:
            if name not in in_play:
                raise r.fail(pkey, f"{name} is out of play with {len(seats)} players")
            if prov.armies < 1:
                raise r.fail(_join(pkey, "armies"), "an owned province needs at least 1 army")
            state.players[prov.owner].cards.add(name)
        if prov.building_count() > data.provinces[name].slots:
            raise r.fail(pkey, f"{name} has only {data.provinces[name].slots} building spaces")
        state.provinces[name] = prov
    tower = r.mapping(pos.get("tower"), _join(key, "tower"), {"inside", "tray"})
    inside = parse_cube_counts(r, tower.get("inside"), _join(key, "tower.inside"), (*seats, FARMER))
    state.tray = parse_cube_counts(r, tower.get("tray"), _join(key, "tower.tray"), (*seats, FARMER))
    cube_id = 1
    for colour in sorted(inside):
        for _ in range(inside[colour]):
            state.held.append(HeldCube(cube_id, colour))
            cube_id += 1
    derive_supplies(r, state, data, key)
    return state


def derive_supplies(r: Reader, state: GameState, data: BoardData, key: str) -> None:
    """Supplies = component counts minus what is on the board, in the tower and in the tray."""
    comp = data.components
    inside = state.inside()
    for colour in (*state.seats, FARMER):
        total = comp.farmers if colour == FARMER else comp.armies_per_player
        used = inside.get(colour, 0) + state.tray.get(colour, 0)
        used += sum(p.armies for p in state.provinces.values() if p.owner == colour)
        if used > total:
            raise r.fail(key, f"{colour} would need {used} cubes, only {total} exist")
        state.supply[colour] = total - used
    for kind in BUILDINGS:
        built = sum(1 for p in state.provinces.values() if p.has(kind))
        if built > comp.building_limit(kind):
            raise r.fail(key, f"{built} {kind}s on the board, only {comp.building_limit(kind)} exist")
        state.buildings_left[kind] = comp.building_limit(kind) - built
    markers = sum(p.revolts for p in state.provinces.values())
    if markers > comp.revolt_markers:
        raise r.fail(key, f"{markers} revolt markers on the board, only {comp.revolt_markers} exist")
    state.markers_left = comp.revolt_markers - markers


def position_to_dict(state: GameState) -> dict[str, Any]:
    provinces: dict[str, Any] = {}
    for name in sorted(state.provinces):
        p = state.provinces[name]
        if p.owner is None:
            continue
        entry: dict[str, Any] = {"owner": p.owner, "armies": p.armies}
        for kind in BUILDINGS:
            if p.has(kind):
                entry[kind] = True
        if p.revolts:
            entry["revolts"] = p.revolts
        provinces[name] = entry
    return {
        "year": state.year,
        "season": state.season,
        "event": state.event_current.split(":")[0] if state.event_current else "none",
        "turn_order": list(state.turn_order),
        "specials": {c: p.special for c, p in state.players.items() if p.special},
        "chests": {c: state.players[c].chests for c in state.seats},
        "rice": {c: state.players[c].rice for c in state.seats},
        "vp": {c: state.players[c].vp for c in state.seats},
        "provinces": provinces,
        "tower": {"inside": dict(sorted(state.inside().items())), "tray": dict(sorted(state.tray.items()))},
    }


# ---------------------------------------------------------------------- full saves
def game_to_dict(game: Game) -> dict[str, Any]:
    """Everything needed to continue the game exactly, as plain YAML-able data."""
    s = game.state
    version, internal, gauss = game.rng.getstate()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "board": s.board,
        "players": list(s.seats),
        "names": {c: s.players[c].name for c in s.seats},
        "computer": [c for c in s.seats if s.players[c].computer],
        "levels": {c: s.players[c].level for c in s.seats
                   if s.players[c].computer and s.players[c].level},
        "start": s.start_mode,
        "position": position_to_dict(s),
        "phase": s.phase,
        "cursor": _plain(s.cursor),
        "event_card": s.event_current,
        "event_candidates": list(s.event_candidates),
        "event_deck": list(s.event_deck),
        "winter_card": s.winter_card,
        "action_row": list(s.action_row),
        "actions_done": s.actions_done,
        "special_layout": list(s.special_layout),
        "hands": {c: sorted(s.players[c].cards) for c in s.seats},
        "plans": {c: dict(s.players[c].plan) for c in s.seats if s.players[c].plan},
        "planned": [c for c in s.seats if s.players[c].planned],
        "revealed": {c: sorted(s.players[c].revealed) for c in s.seats if s.players[c].revealed},
        "voided": {c: sorted(s.players[c].voided) for c in s.seats if s.players[c].voided},
        "lost": {c: sorted(s.players[c].lost) for c in s.seats if s.players[c].lost},
        "held": [[c.id, c.colour, c.x, c.y, c.angle] for c in s.held],
        "battles": s.battles,
        "winners": list(s.winners),
        "scores": _plain(s.scores),
        "pending": _describe_pending(game),
        "rng": {"version": version, "state": list(internal), "gauss": gauss},
        "log": list(s.log),
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _describe_pending(game: Game) -> str | None:
    decision = game.pending()
    return None if decision is None else f"{decision.kind} by {decision.player}: {decision.prompt}"


def dump_game(game: Game) -> str:
    return yaml.safe_dump(game_to_dict(game), sort_keys=False, allow_unicode=True, width=100)


COMPUTER_LEVELS = ("easy", "normal", "hard")  # ai.base.LEVELS (rules cannot import ai)
SAVE_KEYS = {"format", "version", "board", "players", "names", "computer", "levels", "start", "position",
             "phase", "cursor", "event_card", "event_candidates", "event_deck", "winter_card",
             "action_row", "actions_done", "special_layout", "hands", "plans", "planned",
             "revealed", "voided", "lost", "held", "battles", "winners", "scores", "pending", "rng", "log"}


def game_from_dict(doc: Any, name: str = "save", tower: Tower | None = None,
                   data: BoardData | None = None) -> Game:
    """Rebuild a game from :func:`game_to_dict` output, validating everything."""
    data = data if data is not None else default_board()
    r = Reader(name)
    top = r.mapping(doc, "", SAVE_KEYS)
    for required in SAVE_KEYS - {"pending", "levels"}:
        if required not in top:
            raise r.fail(required, "missing")
    if top["format"] != SAVE_FORMAT:
        raise r.fail("format", f"must be {SAVE_FORMAT!r}")
    r.integer(top["version"], "version", SAVE_VERSION, SAVE_VERSION)
    board = r.choice(top["board"], "board", SIDES)
    seats = r.listing(top["players"], "players")
    for i, c in enumerate(seats):
        r.choice(c, f"players[{i}]", PLAYER_COLOURS)
    if not 3 <= len(seats) <= 5 or len(set(seats)) != len(seats):
        raise r.fail("players", "must list 3-5 distinct colours")
    names = r.mapping(top["names"], "names")
    for c, n in names.items():
        r.choice(c, f"names.{c}", seats)
        if not r.string(n, f"names.{c}").strip() or len(n) > 40:
            raise r.fail(f"names.{c}", "a name has 1-40 characters")
    computer = r.listing(top["computer"], "computer")
    for i, c in enumerate(computer):
        r.choice(c, f"computer[{i}]", seats)
    state = state_from_position(r, top["position"], board, list(seats), data, "position",
                                names, computer)
    levels = r.mapping(top.get("levels", {}), "levels")  # absent in saves before levels
    for c, level in levels.items():
        r.choice(c, "levels", computer)
        state.players[c].level = r.choice(level, f"levels.{c}", COMPUTER_LEVELS)
    state.start_mode = r.choice(top["start"], "start", ("draft", "designated"))
    state.phase = r.choice(top["phase"], "phase", PHASES)
    in_play = data.in_play(board, len(seats))
    event_keys = [e.key for e in data.events]
    card = top["event_card"]
    if card is not None:
        r.choice(card, "event_card", event_keys)
        if card.split(":")[0] != top["position"].get("event", "none"):
            raise r.fail("event_card", "does not match position.event")
    elif top["position"].get("event", "none") != "none":
        raise r.fail("event_card", "missing while position.event is set")
    state.event_current = card
    for key in ("event_candidates", "event_deck"):
        items = r.listing(top[key], key)
        for i, k in enumerate(items):
            r.choice(k, f"{key}[{i}]", event_keys)
        setattr(state, key, list(items))
    if top["winter_card"] is not None:
        r.choice(top["winter_card"], "winter_card", event_keys)
    state.winter_card = top["winter_card"]
    used = [*state.event_candidates, *state.event_deck]
    if len(set(used)) != len(used) or (card in used):
        raise r.fail("event_deck", "an event card appears twice")
    row = r.listing(top["action_row"], "action_row")
    if row and sorted(row) != sorted(ACTION_IDS):
        raise r.fail("action_row", "must be a permutation of the 10 actions")
    state.action_row = list(row)
    state.actions_done = r.integer(top["actions_done"], "actions_done", 0, 10)
    layout = r.listing(top["special_layout"], "special_layout")
    if layout and sorted(layout) != sorted(SPECIAL_IDS):
        raise r.fail("special_layout", "must be a permutation of the 5 special cards")
    state.special_layout = list(layout)
    hands = r.mapping(top["hands"], "hands")
    for c in seats:
        hand = r.listing(hands.get(c), f"hands.{c}")
        if sorted(hand) != sorted(state.players[c].cards):
            raise r.fail(f"hands.{c}", "must hold exactly the cards of the provinces owned")
    plans = r.mapping(top["plans"], "plans")
    for c, plan in plans.items():
        r.choice(c, f"plans.{c}", seats)
        plan = r.mapping(plan, f"plans.{c}", set(SPACES))
        cards_ok = set(state.players[c].cards) | set(CHEST_CARDS) | set(in_play)
        for space, crd in plan.items():
            r.choice(crd, f"plans.{c}.{space}", cards_ok)
        if len(set(plan.values())) != len(plan):
            raise r.fail(f"plans.{c}", "a card is placed twice")
        state.players[c].plan = dict(plan)
    for c in r.listing(top["planned"], "planned"):
        r.choice(c, "planned", seats)
        state.players[c].planned = True
    for key in ("revealed", "voided"):
        spaces = r.mapping(top[key], key)
        for c, items in spaces.items():
            r.choice(c, f"{key}.{c}", seats)
            for i, space in enumerate(r.listing(items, f"{key}.{c}")):
                r.choice(space, f"{key}.{c}[{i}]", SPACES)
            setattr(state.players[c], key, set(items))
    lost = r.mapping(top["lost"], "lost")
    for c, items in lost.items():
        r.choice(c, f"lost.{c}", seats)
        for i, p in enumerate(r.listing(items, f"lost.{c}")):
            r.choice(p, f"lost.{c}[{i}]", in_play)
        state.players[c].lost = set(items)
    held: list[HeldCube] = []
    for i, cube in enumerate(r.listing(top["held"], "held")):
        ckey = f"held[{i}]"
        cube = r.listing(cube, ckey)
        if len(cube) != 5:
            raise r.fail(ckey, "must be [id, colour, x, y, angle]")
        held.append(HeldCube(r.integer(cube[0], ckey), r.choice(cube[1], ckey, (*seats, FARMER)),
                             r.number(cube[2], ckey), r.number(cube[3], ckey),
                             r.number(cube[4], ckey)))
    if len({c.id for c in held}) != len(held):
        raise r.fail("held", "two cubes share an id")
    counts: dict[str, int] = {}
    for cube in held:
        counts[cube.colour] = counts.get(cube.colour, 0) + 1
    if counts != state.inside():
        raise r.fail("held", "does not match position.tower.inside")
    state.held = held
    state.battles = r.integer(top["battles"], "battles")
    state.winners = [r.choice(c, "winners", seats) for c in r.listing(top["winners"], "winners")]
    state.log = [r.string(line, "log") for line in r.listing(top["log"], "log")]
    for i, entry in enumerate(r.listing(top["scores"], "scores")):
        key = f"scores[{i}]"
        entry = r.mapping(entry, key, {"year", "vp"})
        year = r.integer(entry.get("year"), f"{key}.year", 1, 2)
        vp: dict[str, dict[str, int]] = {}
        for c, parts in r.mapping(entry.get("vp"), f"{key}.vp").items():
            r.choice(c, f"{key}.vp.{c}", seats)
            vp[c] = {}
            for label, value in r.mapping(parts, f"{key}.vp.{c}").items():
                vp[c][r.string(label, f"{key}.vp.{c}")] = r.integer(value, f"{key}.vp.{c}.{label}")
        state.scores.append({"year": year, "vp": vp})
    state.cursor = _parse_cursor(r, top["cursor"], state, data)
    rng = random.Random()
    rng_doc = r.mapping(top["rng"], "rng", {"version", "state", "gauss"})
    internal = r.listing(rng_doc.get("state"), "rng.state")
    if len(internal) != 625 or not all(isinstance(x, int) and not isinstance(x, bool)
                                       and 0 <= x < 2**32 for x in internal[:-1]):
        raise r.fail("rng.state", "must be 625 unsigned 32-bit integers")
    r.integer(internal[-1], "rng.state[624]", 0, 624)
    gauss = rng_doc.get("gauss")
    if gauss is not None:
        r.number(gauss, "rng.gauss")
    try:
        rng.setstate((r.integer(rng_doc.get("version"), "rng.version", 3, 3), tuple(internal), gauss))
    except (ValueError, TypeError) as exc:
        raise r.fail("rng", f"not a generator state ({exc})") from None
    problems = check_invariants(state, data)
    if problems:
        raise r.fail("position", "; ".join(problems[:3]))
    game = Game(state, rng, tower, data)
    try:
        game.pending()
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise r.fail("cursor", f"does not describe a decision ({exc})") from None
    return game


def _parse_cursor(r: Reader, value: Any, state: GameState, data: BoardData) -> dict[str, Any]:
    """Each phase's cursor has a fixed shape; anything else is refused."""
    cur = r.mapping(value, "cursor")
    seats = state.seats
    phase = state.phase
    if phase in ("planning", "over", "free"):
        r.mapping(cur, "cursor", set())
        return {}
    if phase == "draft":
        cur = r.mapping(cur, "cursor", {"deck", "face_up", "turn", "taken", "blind_turns", "groups"})
        in_play = data.in_play(state.board, len(seats))
        out: dict[str, Any] = {}
        for key in ("deck", "face_up"):
            items = r.listing(cur.get(key), f"cursor.{key}")
            for i, p in enumerate(items):
                r.choice(p, f"cursor.{key}[{i}]", in_play)
            out[key] = list(items)
        if len(out["face_up"]) > 2:
            raise r.fail("cursor.face_up", "at most 2 face-up cards")
        out["turn"] = r.integer(cur.get("turn"), "cursor.turn", 0, len(seats) - 1)
        taken = cur.get("taken")
        out["taken"] = None if taken is None else r.choice(taken, "cursor.taken", in_play)
        out["blind_turns"] = r.integer(cur.get("blind_turns"), "cursor.blind_turns", 0, 5)
        groups = r.mapping(cur.get("groups"), "cursor.groups", set(seats))
        out["groups"] = {}
        for c in seats:
            g = r.listing(groups.get(c), f"cursor.groups.{c}")
            for i, n in enumerate(g):
                r.integer(n, f"cursor.groups.{c}[{i}]", 1, 5)
            out["groups"][c] = list(g)
        owned = {n for n, p in state.provinces.items() if p.owner}
        pool = out["deck"] + out["face_up"] + ([out["taken"]] if out["taken"] else [])
        if len(set(pool)) != len(pool) or set(pool) & owned:
            raise r.fail("cursor.deck", "a province card is in two places")
        if out["taken"] is None and not any(out["groups"].values()):
            raise r.fail("cursor.groups", "the draft has no group left to place")
        if out["taken"] is not None and not out["groups"][seats[out["turn"]]]:
            raise r.fail("cursor.groups", "the player has no group left for the card taken")
        if out["taken"] is None and not (out["face_up"] or out["deck"]):
            raise r.fail("cursor.deck", "no card left to take")
        return out
    if phase == "picks":
        cur = r.mapping(cur, "cursor", {"order", "index", "ties"})
        order = r.listing(cur.get("order"), "cursor.order")
        if sorted(order) != sorted(seats):
            raise r.fail("cursor.order", "must name every player once")
        index = r.integer(cur.get("index"), "cursor.index", 0, len(seats) - 1)
        if not state.special_layout:
            raise r.fail("special_layout", "missing in the picks phase")
        ties = []
        for i, group in enumerate(r.listing(cur.get("ties"), "cursor.ties")):
            group = r.listing(group, f"cursor.ties[{i}]")
            for j, c in enumerate(group):
                r.choice(c, f"cursor.ties[{i}][{j}]", seats)
            ties.append(list(group))
        return {"order": list(order), "index": index, "ties": ties}
    if phase == "actions":
        cur = r.mapping(cur, "cursor", {"index", "turn", "stage", "province"})
        if not state.action_row or sorted(state.turn_order) != sorted(seats):
            raise r.fail("action_row", "the action phase needs an action row and a turn order")
        out = {"index": r.integer(cur.get("index"), "cursor.index", 0, 10),
               "turn": r.integer(cur.get("turn"), "cursor.turn", 0, len(seats)),
               "stage": cur.get("stage")}
        if out["stage"] is not None:
            r.choice(out["stage"], "cursor.stage", ("battle", "move"))
            if out["index"] >= 10 or out["turn"] >= len(seats):
                raise r.fail("cursor", "a pending action needs a valid action and turn")
            colour = state.turn_order[out["turn"]]
            out["province"] = r.choice(cur.get("province"), "cursor.province",
                                       state.players[colour].cards)
        return out
    # winter
    cur = r.mapping(cur, "cursor", {"index", "stage", "draws", "extra"})
    if sorted(state.turn_order) != sorted(seats):
        raise r.fail("turn_order", "winter needs the autumn turn order")
    out = {"index": r.integer(cur.get("index"), "cursor.index", 0, len(seats)),
           "stage": r.choice(cur.get("stage"), "cursor.stage", ("loss", "provisions", "scoring")),
           "draws": None}
    draws = cur.get("draws")
    if draws is not None:
        if out["stage"] != "provisions" or out["index"] >= len(seats):
            raise r.fail("cursor.draws", "revolt draws belong to a player's provisions")
        colour = state.turn_order[out["index"]]
        draws = r.listing(draws, "cursor.draws")
        for i, p in enumerate(draws):
            r.choice(p, f"cursor.draws[{i}]", state.players[colour].cards)
        if not 2 <= len(set(draws)) == len(draws) <= 3:
            raise r.fail("cursor.draws", "2-3 distinct provinces")
        out["draws"] = list(draws)
        out["extra"] = r.integer(cur.get("extra", 0), "cursor.extra", 0, 10)
    return out


def load_game_text(text: str, name: str, tower: Tower | None = None,
                   data: BoardData | None = None) -> Game:
    try:
        doc = load_yaml_text(text, name)
    except YamlFormatError as exc:
        raise SaveError(str(exc)) from None
    return game_from_dict(doc, name, tower, data)


def load_game(path: str | Path, tower: Tower | None = None, data: BoardData | None = None) -> Game:
    try:
        doc = load_yaml_file(path)
    except YamlFormatError as exc:
        raise SaveError(str(exc)) from None
    return game_from_dict(doc, str(path), tower, data)


def save_game(game: Game, path: str | Path) -> None:
    """Write the game atomically (see :func:`write_text_atomic`)."""
    write_text_atomic(path, dump_game(game))
