"""Game state <-> readable YAML: the scenario ``position`` schema, extended for full saves.

Loading trusts nothing: only safe YAML, only known keys, every value type- and range-checked,
counts that must add up, and finally the engine's own invariants. A bad file raises
:class:`SaveError` naming the file and the key, and no game object is produced.

The reason is a sentence for the player in the current language (the window and ``check``
set it before loading); the file, the key path, ids and numbers are its parameters.
"""

from __future__ import annotations

import base64
import random
import struct
from collections.abc import Mapping
from pathlib import Path
from typing import Any

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
from shogun_desktop.i18n import _, ngettext
from shogun_desktop.rules.engine import SPACES, Game, empty_state
from shogun_desktop.rules.events import (
    BattleOutcome,
    Event,
    EventDataError,
    HistoryDropped,
    SkipReason,
    WinterRiceLoss,
    event_from_data,
)
from shogun_desktop.rules.events import to_data as event_to_data
from shogun_desktop.rules.invariants import check_invariants
from shogun_desktop.rules.state import (
    CHEST_CARDS,
    SEASONS,
    ActionsCursor,
    Cursor,
    CursorError,
    DraftCursor,
    GameState,
    Phase,
    PicksCursor,
    ProvinceState,
    WinterCursor,
    cursor_from_data,
)
from shogun_desktop.rules.tower import HeldCube, Tower
from shogun_desktop.yamlio import (
    YamlFormatError,
    describe,
    dump_yaml,
    load_yaml_file,
    load_yaml_text,
    write_text_atomic,
)

SAVE_FORMAT = "shogun-desktop-save"
SAVE_VERSION = 2  # 2: the log is stored as typed events, not English lines
OLD_VERSIONS = (1,)  # still loaded: their text log is replaced by one HistoryDropped event
PHASES = tuple(str(p) for p in (Phase.DRAFT, Phase.PLANNING, Phase.PICKS, Phase.ACTIONS,
                                Phase.WINTER, Phase.OVER, Phase.FREE))
CUBE_COLOURS = (*PLAYER_COLOURS, FARMER)


MAX_INT = 100_000  # the default upper bound of any integer in a save or scenario


class SaveError(ValueError):
    """A position, save or scenario file is invalid; the message names file and key."""


class Reader:
    """Type-checked access to parsed YAML with errors naming ``file: key.path``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, msg: str) -> SaveError:
        """The refusal: ``msg`` is already in the player's words, the key path is not."""
        if key:
            return SaveError(_("{file}: {key}: {reason}").format(file=self.file, key=key,
                                                                  reason=msg))
        return SaveError(_("{file}: {reason}").format(file=self.file, reason=msg))

    def mapping(self, value: Any, key: str, allowed: set[str] | None = None) -> dict:
        if value is None:
            value = {}
        if not isinstance(value, dict):
            raise self.fail(key, _("must be a mapping, not {value}").format(value=_show(value)))
        if allowed is not None:
            for k in value:
                if k not in allowed:
                    raise self.fail(_join(key, k), _("unknown key"))
        return value

    def listing(self, value: Any, key: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(key, _("must be a list, not {value}").format(value=_show(value)))
        return value

    def integer(self, value: Any, key: str, low: int | None = 0, high: int | None = None) -> int:
        """An exact int (not a bool, float or 2.0) within [low, high]; high defaults to
        MAX_INT, since no count in the game comes near it and huge ones only do harm."""
        high = MAX_INT if high is None else high
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, _("must be an integer, not {value}").format(value=_show(value)))
        if low is not None and value < low:
            raise self.fail(key, _("must be at least {low}, got {value}").format(
                low=low, value=_show(value)))
        if high is not None and value > high:
            raise self.fail(key, _("must be at most {high}, got {value}").format(
                high=high, value=_show(value)))
        return value

    def number(self, value: Any, key: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(key, _("must be a number, not {value}").format(value=_show(value)))
        if value != value or value in (float("inf"), float("-inf")):
            raise self.fail(key, _("must be a finite number"))
        return float(value)

    def boolean(self, value: Any, key: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(key, _("must be true or false, not {value}").format(value=_show(value)))
        return value

    def choice(self, value: Any, key: str, options: tuple | list | set | frozenset) -> Any:
        if not isinstance(value, str | int) or isinstance(value, bool) or value not in options:
            shown = ", ".join(str(o) for o in sorted(options, key=str))
            if len(shown) > 120:
                shown = shown[:117] + "..."
            raise self.fail(key, _("{value} is not one of: {options}").format(
                value=_show(value), options=shown))
        return value

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str):
            raise self.fail(key, _("must be a string, not {value}").format(value=_show(value)))
        return value


def _join(key: str, sub: Any) -> str:
    return f"{key}.{sub}" if key else str(sub)


def _show(value: Any) -> str:
    return describe(value)


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
        raise r.fail(_join(key, "turn_order"), _("must name every player exactly once"))
    state.turn_order = list(order)
    specials = r.mapping(pos.get("specials"), _join(key, "specials"))
    for colour, special in specials.items():
        r.choice(colour, _join(key, f"specials.{colour}"), seats)
        r.choice(special, _join(key, f"specials.{colour}"), SPECIAL_IDS)
        state.players[colour].special = special
    if len(set(specials.values())) != len(specials):
        raise r.fail(_join(key, "specials"), _("two players hold the same special card"))
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
            raise r.fail(pkey, _("a neutral province holds no armies, buildings or revolt "
                                   "markers"))
        if prov.owner is not None:
            if name not in in_play:
                raise r.fail(pkey, ngettext("{province} is out of play with {n} player",
                                            "{province} is out of play with {n} players",
                                            len(seats)).format(province=name, n=len(seats)))
            if prov.armies < 1:
                raise r.fail(_join(pkey, "armies"), _("an owned province needs at least 1 army"))
            state.players[prov.owner].cards.add(name)
        if prov.building_count() > data.provinces[name].slots:
            slots = data.provinces[name].slots
            raise r.fail(pkey, ngettext("{province} has only {n} building space",
                                        "{province} has only {n} building spaces",
                                        slots).format(province=name, n=slots))
        state.provinces[name] = prov
    tower = r.mapping(pos.get("tower"), _join(key, "tower"), {"inside", "tray"})
    inside = parse_cube_counts(r, tower.get("inside"), _join(key, "tower.inside"), (*seats, FARMER))
    state.tray = parse_cube_counts(r, tower.get("tray"), _join(key, "tower.tray"), (*seats, FARMER))
    cube_id = 1
    for colour in sorted(inside):
        for _cube in range(inside[colour]):
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
            raise r.fail(key, ngettext("{colour} would need {n} cube, only {total} exist",
                                        "{colour} would need {n} cubes, only {total} exist",
                                        used).format(colour=colour, n=used, total=total))
        state.supply[colour] = total - used
    for kind in BUILDINGS:
        built = sum(1 for p in state.provinces.values() if p.has(kind))
        if built > comp.building_limit(kind):
            raise r.fail(key, _too_many_buildings(kind, built, comp.building_limit(kind)))
        state.buildings_left[kind] = comp.building_limit(kind) - built
    markers = sum(p.revolts for p in state.provinces.values())
    if markers > comp.revolt_markers:
        raise r.fail(key, ngettext("{n} revolt marker on the board, only {total} exist",
                                    "{n} revolt markers on the board, only {total} exist",
                                    markers).format(n=markers, total=comp.revolt_markers))
    state.markers_left = comp.revolt_markers - markers


def _too_many_buildings(kind: str, built: int, limit: int) -> str:
    """The refusal for more buildings of one kind than the game has, in the player's words."""
    if kind == "castle":
        text = ngettext("{n} castle on the board, only {total} exist",
                        "{n} castles on the board, only {total} exist", built)
    elif kind == "temple":
        text = ngettext("{n} temple on the board, only {total} exist",
                        "{n} temples on the board, only {total} exist", built)
    else:
        text = ngettext("{n} theater on the board, only {total} exist",
                        "{n} theaters on the board, only {total} exist", built)
    return text.format(n=built, total=limit)


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
        "xray": s.xray,
        "position": position_to_dict(s),
        "phase": str(s.phase),
        "cursor": s.cursor.to_data(),
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
        "rng": rng_to_doc(game.rng),
        "events": events_to_data(s.events),
    }


def events_to_data(events: list[Event]) -> list[dict[str, Any]]:
    """The game's events as plain data (a ``type`` tag and fields): no text, any language."""
    return [event_to_data(e) for e in events]


def events_from_data(r: Reader, value: Any, key: str = "events",
                     seats: list[str] | None = None, data: BoardData | None = None) -> list[Event]:
    """Type-checked events of a save; a bad one is refused naming its index and field.

    With ``seats`` and ``data`` every id is checked too (players, provinces, cards, codes).
    """
    out: list[Event] = []
    for i, doc in enumerate(r.listing(value, key)):
        try:
            event = event_from_data(doc, f"{key}[{i}]")
        except EventDataError as exc:
            raise r.fail("", str(exc)) from None
        if seats is not None and data is not None:
            _check_event_ids(r, event, f"{key}[{i}]", seats, data)
        out.append(event)
    return out


_BONUS_IDS = ("attack-bonus", "defence-bonus", "castle-defence")
_PARAM_IDS = ("cost", "chests", "supply", "needed")


def _event_id_sets(seats: list[str], data: BoardData) -> dict[str, tuple | frozenset]:
    """Which ids each event field may hold (by field name)."""
    provinces = frozenset(data.provinces)
    players = tuple(seats)
    actions = tuple(a.id for a in data.actions)
    return {
        "player": players, "attacker": players, "defender": players, "drawer": players,
        "seats": players, "players": players, "ranking": players, "winners": players,
        "province": provinces, "source": provinces, "provinces": provinces, "draws": provinces,
        "action": actions, "actions": actions, "special": SPECIAL_IDS, "specials": SPECIAL_IDS,
        "event": EVENT_IDS, "event_candidates": EVENT_IDS, "kind": BUILDINGS, "season": SEASONS,
        "board": SIDES, "reason": tuple(str(x) for x in SkipReason),
        "outcome": tuple(str(x) for x in BattleOutcome), "bid": ("none", "province", "chest"),
        "dropped": (*players, FARMER), "out": (*players, FARMER), "vp": players,
        "chests": players, "bonuses": _BONUS_IDS, "params": _PARAM_IDS,
    }


def _check_event_ids(r: Reader, event: Event, key: str, seats: list[str], data: BoardData) -> None:
    allowed = _event_id_sets(seats, data)
    for name, value in vars(event).items():
        if name == "card":  # a province card drawn, or the winter's event card
            allowed_here: tuple | frozenset = (
                EVENT_IDS if isinstance(event, WinterRiceLoss) else frozenset(data.provinces))
        elif name == "cards" and isinstance(value, tuple):
            allowed_here = frozenset(data.provinces)
        elif name == "parts":
            regions = {f"{reg} {b}" for side in data.regions.values() for reg in side
                       for b in BUILDINGS}
            allowed_here = frozenset({"provinces", "buildings"} | regions)
        else:
            allowed_here = allowed.get(name, ())
        if not allowed_here:
            continue
        ids = (list(value) if isinstance(value, dict | tuple) else [value])
        for item in ids:
            if isinstance(item, str) and item not in allowed_here:
                raise r.fail(f"{key}.{name}", _("unknown id {id}").format(id=repr(str(item)[:40])))


def old_log_to_events(r: Reader, value: Any) -> list[Event]:
    """A version-1 save kept its log as English lines: the game loads, the lines are not
    shown again (one event says so), and the next save is language-neutral."""
    lines = r.listing(value, "log")
    for i, line in enumerate(lines):
        r.string(line, f"log[{i}]")
    return [HistoryDropped(len(lines))] if lines else []


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _describe_pending(game: Game) -> str | None:
    decision = game.pending()
    return None if decision is None else f"{decision.kind} by {decision.player}"


def dump_game(game: Game) -> str:
    return dump_yaml(game_to_dict(game))


COMPUTER_LEVELS = ("easy", "normal", "hard")  # ai.base.LEVELS (rules cannot import ai)
SAVE_KEYS = {"format", "version", "board", "players", "names", "computer", "levels", "start",
             "position",
             "phase", "cursor", "event_card", "event_candidates", "event_deck", "winter_card",
             "action_row", "actions_done", "special_layout", "hands", "plans", "planned",
             "revealed", "voided", "lost", "held", "battles", "winners", "scores", "pending", "rng",
             "events", "xray"}
OPTIONAL_SAVE_KEYS = {"pending", "xray", "levels"}  # xray, levels: absent in older saves
OLD_SAVE_KEYS = SAVE_KEYS - {"events"} | {"log"}


def game_from_dict(doc: Any, name: str = "save", tower: Tower | None = None,
                   data: BoardData | None = None) -> Game:
    """Rebuild a game from :func:`game_to_dict` output, validating everything."""
    data = data if data is not None else default_board()
    r = Reader(name)
    top = r.mapping(doc, "")
    if top.get("format") != SAVE_FORMAT:
        raise r.fail("format", _("must be {value}").format(value=repr(SAVE_FORMAT)))
    version = r.integer(top.get("version"), "version", min(OLD_VERSIONS), SAVE_VERSION)
    keys = SAVE_KEYS if version == SAVE_VERSION else OLD_SAVE_KEYS
    r.mapping(doc, "", keys)
    for required in keys - OPTIONAL_SAVE_KEYS:
        if required not in top:
            raise r.fail(required, _("missing"))
    check_field_types(r, top, data)
    board = r.choice(top["board"], "board", SIDES)
    seats = r.listing(top["players"], "players")
    for i, c in enumerate(seats):
        r.choice(c, f"players[{i}]", PLAYER_COLOURS)
    if not 3 <= len(seats) <= 5 or len(set(seats)) != len(seats):
        raise r.fail("players", _("must list 3-5 distinct colours"))
    names = r.mapping(top["names"], "names")
    for c, n in names.items():
        r.choice(c, f"names.{c}", seats)
        if not r.string(n, f"names.{c}").strip() or len(n) > 40:
            raise r.fail(f"names.{c}", ngettext("a name has 1-{n} character", "a name has 1-{n} characters",
                                                   MAX_LABEL).format(n=MAX_LABEL))
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
    state.xray = r.boolean(top.get("xray", False), "xray")
    state.phase = Phase(r.choice(top["phase"], "phase", PHASES))
    in_play = data.in_play(board, len(seats))
    event_keys = [e.key for e in data.events]
    card = top["event_card"]
    if card is not None:
        r.choice(card, "event_card", event_keys)
        if card.split(":")[0] != top["position"].get("event", "none"):
            raise r.fail("event_card", _("does not match {key}").format(key="position.event"))
    elif top["position"].get("event", "none") != "none":
        raise r.fail("event_card", _("missing while {key} is set").format(key="position.event"))
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
        raise r.fail("event_deck", _("an event card appears twice"))
    row = r.listing(top["action_row"], "action_row")
    if row and sorted(row) != sorted(ACTION_IDS):
        raise r.fail("action_row", _("must be a permutation of the 10 actions"))
    state.action_row = list(row)
    state.actions_done = r.integer(top["actions_done"], "actions_done", 0, 10)
    layout = r.listing(top["special_layout"], "special_layout")
    if layout and sorted(layout) != sorted(SPECIAL_IDS):
        raise r.fail("special_layout", _("must be a permutation of the 5 special cards"))
    state.special_layout = list(layout)
    hands = r.mapping(top["hands"], "hands")
    for c in seats:
        hand = r.listing(hands.get(c), f"hands.{c}")
        if sorted(hand) != sorted(state.players[c].cards):
            raise r.fail(f"hands.{c}", _("must hold exactly the cards of the provinces owned"))
    plans = r.mapping(top["plans"], "plans")
    for c, plan in plans.items():
        r.choice(c, f"plans.{c}", seats)
        plan = r.mapping(plan, f"plans.{c}", set(SPACES))
        cards_ok = set(state.players[c].cards) | set(CHEST_CARDS) | set(in_play)
        for space, crd in plan.items():
            r.choice(crd, f"plans.{c}.{space}", cards_ok)
        if len(set(plan.values())) != len(plan):
            raise r.fail(f"plans.{c}", _("a card is placed twice"))
        state.players[c].plan = dict(plan)
    for c in r.listing(top["planned"], "planned"):
        r.choice(c, "planned", seats)
        state.players[c].planned = True
    for key in ("revealed", "voided"):
        spaces = r.mapping(top[key], key)
        for c, items in spaces.items():
            r.choice(c, f"{key}.{c}", seats)
            items = r.listing(items, f"{key}.{c}")
            for i, space in enumerate(items):
                r.choice(space, f"{key}.{c}[{i}]", SPACES)
            setattr(state.players[c], key, set(items))
    lost = r.mapping(top["lost"], "lost")
    for c, items in lost.items():
        r.choice(c, f"lost.{c}", seats)
        items = r.listing(items, f"lost.{c}")
        for i, p in enumerate(items):
            r.choice(p, f"lost.{c}[{i}]", in_play)
        state.players[c].lost = set(items)
    held: list[HeldCube] = []
    for i, cube in enumerate(r.listing(top["held"], "held")):
        ckey = f"held[{i}]"
        cube = r.listing(cube, ckey)
        if len(cube) != 5:
            raise r.fail(ckey, _("must be [id, colour, x, y, angle]"))
        held.append(HeldCube(r.integer(cube[0], ckey), r.choice(cube[1], ckey, (*seats, FARMER)),
                             r.number(cube[2], ckey), r.number(cube[3], ckey),
                             r.number(cube[4], ckey)))
    if len({c.id for c in held}) != len(held):
        raise r.fail("held", _("two cubes share an id"))
    counts: dict[str, int] = {}
    for cube in held:
        counts[cube.colour] = counts.get(cube.colour, 0) + 1
    if counts != state.inside():
        raise r.fail("held", _("does not match {key}").format(key="position.tower.inside"))
    state.held = held
    state.battles = r.integer(top["battles"], "battles")
    state.winners = [r.choice(c, "winners", seats) for c in r.listing(top["winners"], "winners")]
    if version == SAVE_VERSION:
        state.events = events_from_data(r, top["events"], "events", list(seats), data)
    else:
        state.events = old_log_to_events(r, top["log"])
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
    rng = rng_from_doc(r, top["rng"])
    # the engine's invariants: every one is checked above in the player's words, so these
    # programmer's lines (English) only show when that validation has a gap
    problems = check_invariants(state, data)
    if problems:
        raise r.fail("position", "; ".join(problems[:3]))
    game = Game(state, rng, tower, data)
    try:
        game.pending()
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise r.fail("cursor", _("does not describe a decision ({error})").format(
            error=exc)) from None
    require_decision(r, game)
    return game


def _parse_cursor(r: Reader, value: Any, state: GameState, data: BoardData) -> Cursor:
    """The phase's cursor schema (one reader, in ``state.py``), then what must hold in play."""
    try:
        cursor = cursor_from_data(state.phase, value, "cursor")
    except CursorError as exc:
        raise r.fail("", str(exc)) from None
    seats = state.seats
    if isinstance(cursor, DraftCursor):
        _check_draft_cursor(r, cursor, state, data)
    elif isinstance(cursor, PicksCursor):
        if sorted(cursor.order) != sorted(seats):
            raise r.fail("cursor.order", _("must name every player once"))
        if cursor.index >= len(seats):
            raise r.fail("cursor.index", _("must be at most {high}, got {value}").format(
                high=len(seats) - 1, value=cursor.index))
        if not state.special_layout:
            raise r.fail("special_layout", _("missing in the picks phase"))
        for i, group in enumerate(cursor.ties):
            for j, c in enumerate(group):
                r.choice(c, f"cursor.ties[{i}][{j}]", seats)
    elif isinstance(cursor, ActionsCursor):
        if not state.action_row or sorted(state.turn_order) != sorted(seats):
            raise r.fail("action_row", _("the action phase needs an action row and a turn order"))
        r.integer(cursor.index, "cursor.index", 0, 10)
        r.integer(cursor.turn, "cursor.turn", 0, len(seats))
        if cursor.stage is not None:
            if cursor.index >= 10 or cursor.turn >= len(seats):
                raise r.fail("cursor", _("a pending action needs a valid action and turn"))
            colour = state.turn_order[cursor.turn]
            r.choice(cursor.province, "cursor.province", state.players[colour].cards)
    elif isinstance(cursor, WinterCursor):
        if sorted(state.turn_order) != sorted(seats):
            raise r.fail("turn_order", _("winter needs the autumn turn order"))
        r.integer(cursor.index, "cursor.index", 0, len(seats))
        r.integer(cursor.extra, "cursor.extra", 0, 10)
        if cursor.draws is not None:
            if cursor.stage != "provisions" or cursor.index >= len(seats):
                raise r.fail("cursor.draws", _("revolt draws belong to a player's provisions"))
            colour = state.turn_order[cursor.index]
            for i, p in enumerate(cursor.draws):
                r.choice(p, f"cursor.draws[{i}]", state.players[colour].cards)
            if not 2 <= len(set(cursor.draws)) == len(cursor.draws) <= 3:
                raise r.fail("cursor.draws", _("2-3 distinct provinces"))
    return cursor


def _check_draft_cursor(r: Reader, c: DraftCursor, state: GameState, data: BoardData) -> None:
    seats = state.seats
    in_play = data.in_play(state.board, len(seats))
    for key, items in (("deck", c.deck), ("face_up", c.face_up)):
        for i, p in enumerate(items):
            r.choice(p, f"cursor.{key}[{i}]", in_play)
    if len(c.face_up) > 2:
        raise r.fail("cursor.face_up", _("at most 2 face-up cards"))
    r.integer(c.turn, "cursor.turn", 0, len(seats) - 1)
    if c.taken is not None:
        r.choice(c.taken, "cursor.taken", in_play)
    r.integer(c.blind_turns, "cursor.blind_turns", 0, 5)
    if sorted(colour for colour, _sizes in c.groups) != sorted(seats):
        raise r.fail("cursor.groups", _("must list every player's groups"))
    for colour, sizes in c.groups:
        for i, n in enumerate(sizes):
            r.integer(n, f"cursor.groups.{colour}[{i}]", 1, 5)
    owned = {n for n, p in state.provinces.items() if p.owner}
    pool = [*c.deck, *c.face_up, *([c.taken] if c.taken else [])]
    if len(set(pool)) != len(pool) or set(pool) & owned:
        raise r.fail("cursor.deck", _("a province card is in two places"))
    if c.taken is None and not c.any_groups_left():
        raise r.fail("cursor.groups", _("the draft has no group left to place"))
    if c.taken is not None and not c.groups_of(seats[c.turn]):
        raise r.fail("cursor.groups", _("the player has no group left for the card taken"))
    if c.taken is None and not (c.face_up or c.deck):
        raise r.fail("cursor.deck", _("no card left to take"))


# ---------------------------------------------------------------------- hostile-input guards
MAX_LOG_LINES = 20_000  # a whole 5-player game logs about 1,500 lines
MAX_LOG_LINE = 1_000  # characters; the engine's longest line is about 300
MAX_TEXT = 1_000  # any other free text (the pending decision's description)
MAX_LABEL = 40  # a score label or a name


def check_field_types(r: Reader, top: dict, data: BoardData) -> None:
    """Element types and sizes of the top-level fields, before anything sorts or compares them.

    (``sorted()`` over a list holding a string and a number raises TypeError; a 5,000-character
    log line makes every repaint slow.) ``cursor`` has its own parser; the ``log`` is checked
    only for its size here, whatever its entries are.
    """
    for key, options in (("action_row", ACTION_IDS), ("special_layout", SPECIAL_IDS),
                         ("players", PLAYER_COLOURS), ("computer", PLAYER_COLOURS),
                         ("planned", PLAYER_COLOURS), ("winners", PLAYER_COLOURS)):
        for i, item in enumerate(r.listing(top[key], key)):
            r.choice(item, f"{key}[{i}]", options)
    provinces = tuple(data.provinces)
    for c, hand in r.mapping(top["hands"], "hands").items():
        r.choice(c, f"hands.{c}", PLAYER_COLOURS)
        for i, card in enumerate(r.listing(hand, f"hands.{c}")):
            r.choice(card, f"hands.{c}[{i}]", provinces)
    for c, name in r.mapping(top["names"], "names").items():
        r.choice(c, f"names.{c}", PLAYER_COLOURS)
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_LABEL:
            raise r.fail(f"names.{c}", ngettext("a name has 1-{n} character, not {value}",
                                                 "a name has 1-{n} characters, not {value}",
                                                 MAX_LABEL).format(n=MAX_LABEL, value=_show(name)))
    pending = top.get("pending")
    if pending is not None and (not isinstance(pending, str) or len(pending) > MAX_TEXT):
        raise r.fail("pending", ngettext("must be a text of at most {n} character or null",
                                         "must be a text of at most {n} characters or null",
                                         MAX_TEXT).format(n=MAX_TEXT))
    for key in ("position", "plans", "rng"):
        if not isinstance(top[key], dict):
            raise r.fail(key, _("must be a mapping, not {value}").format(value=_show(top[key])))
    log_key = "events" if "events" in top else "log"  # version 1 kept text lines
    log = r.listing(top[log_key], log_key)
    if len(log) > MAX_LOG_LINES:
        raise r.fail(log_key, ngettext("at most {limit} entries, found {n}",
                                       "at most {limit} entries, found {n}",
                                       len(log)).format(limit=MAX_LOG_LINES, n=len(log)))
    for i, line in enumerate(log):
        texts = line.values() if isinstance(line, dict) else [line]
        if any(isinstance(t, str) and len(t) > MAX_LOG_LINE for t in texts):
            raise r.fail(f"{log_key}[{i}]", ngettext(
                "a log entry has at most {n} character", "a log entry has at most {n} characters",
                MAX_LOG_LINE).format(n=MAX_LOG_LINE))
    for i, entry in enumerate(r.listing(top["scores"], "scores")):
        if isinstance(entry, dict) and isinstance(entry.get("vp"), dict):
            for c, parts in entry["vp"].items():
                for label in parts if isinstance(parts, dict) else ():
                    if isinstance(label, str) and len(label) > MAX_LABEL:
                        raise r.fail(f"scores[{i}].vp.{c}", ngettext(
                            "a label has at most {n} character",
                            "a label has at most {n} characters", MAX_LABEL).format(n=MAX_LABEL))


def require_decision(r: Reader, game: Game) -> None:
    """A loaded game must wait for a decision (or be over): otherwise the table would freeze.

    The engine advances automatic steps itself, so a save written by the game always has
    one; a phase of ``free``, a planning phase in which everyone has planned, or an action
    phase with no stage pending means the file was edited.
    """
    if game.is_over():
        if not game.state.winners:
            raise r.fail("winners", _("a finished game names its winners"))
        return
    if game.state.phase == "free":
        raise r.fail("phase", _("{phase} is a scenario state: a save must be in a phase of "
                                 "play").format(phase="'free'"))
    if game.pending() is None:
        raise r.fail("phase", _("no decision is pending in the {phase} phase: the game could not "
                                 "continue").format(phase=game.data.phase_name(game.state.phase)))


def rng_to_doc(rng: random.Random) -> dict[str, Any]:
    """The generator state compactly: 625 words as one base64 text (was a 625-line list)."""
    version, internal, gauss = rng.getstate()
    packed = base64.b64encode(struct.pack(f"<{len(internal)}I", *internal)).decode("ascii")
    return {"version": version, "state": packed, "gauss": gauss}


def rng_from_doc(r: Reader, value: Any) -> random.Random:
    """The generator of :func:`rng_to_doc` (the older list form is read as well)."""
    doc = r.mapping(value, "rng", {"version", "state", "gauss"})
    raw = doc.get("state")
    if isinstance(raw, str):
        try:
            blob = base64.b64decode(raw.encode("ascii"), validate=True) if len(raw) < 4000 else b""
        except (ValueError, UnicodeEncodeError):
            blob = b""
        if len(blob) != 625 * 4:
            raise r.fail("rng.state", _("must be 625 unsigned 32-bit words in base64"))
        internal = list(struct.unpack("<625I", blob))
    else:
        internal = r.listing(raw, "rng.state")
        if len(internal) != 625 or not all(isinstance(x, int) and not isinstance(x, bool)
                                           and 0 <= x < 2**32 for x in internal):
            raise r.fail("rng.state", _("must be 625 unsigned 32-bit integers"))
    r.integer(internal[-1], "rng.state[624]", 0, 624)
    gauss = doc.get("gauss")
    if gauss is not None:
        r.number(gauss, "rng.gauss")
    rng = random.Random()
    try:
        rng.setstate((r.integer(doc.get("version"), "rng.version", 3, 3), tuple(internal), gauss))
    except (ValueError, TypeError) as exc:
        raise r.fail("rng", _("not a generator state ({error})").format(error=exc)) from None
    return rng


def game_from_doc(doc: Any, name: str, tower: Tower | None = None,
                  data: BoardData | None = None) -> Game:
    """:func:`game_from_dict` with a last guard: whatever a gap in validation lets through
    becomes a SaveError naming the file, never an escape into the window."""
    try:
        return game_from_dict(doc, name, tower, data)
    except SaveError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise SaveError(_("{file}: malformed save ({error})").format(
            file=name, error=f"{type(exc).__name__}: {' '.join(str(exc).split())[:160]}")) from None


def load_game_text(text: str, name: str, tower: Tower | None = None,
                   data: BoardData | None = None) -> Game:
    try:
        doc = load_yaml_text(text, name)
    except YamlFormatError as exc:
        raise SaveError(str(exc)) from None
    return game_from_doc(doc, name, tower, data)


def load_game(path: str | Path, tower: Tower | None = None, data: BoardData | None = None) -> Game:
    try:
        doc = load_yaml_file(path)
    except YamlFormatError as exc:
        raise SaveError(str(exc)) from None
    return game_from_doc(doc, str(path), tower, data)


def save_game(game: Game, path: str | Path) -> None:
    """Write the game atomically (see :func:`write_text_atomic`)."""
    write_text_atomic(path, dump_game(game))
