"""Board facts from data/board.yaml, data/cards.yaml and data/rules.yaml, validated on load.

Every error names the file and the key path, e.g. ``data/board.yaml: land_borders[3]:
unknown province 'Omii'``, so a broken data file is fixed in one look.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from shogun_desktop.data import DATA_DIR, DataError, data_dir
from shogun_desktop.i18n import N_, _, ngettext
from shogun_desktop.i18n.datatexts import in_sentence
from shogun_desktop.i18n.datatexts import text as tr
from shogun_desktop.yamlio import YamlFormatError, describe, load_yaml_file

SIDES = ("sun", "moon")
REGION_COLOURS = ("green", "red", "purple", "yellow", "brown")
PLAYER_COLOURS = ("red", "yellow", "blue", "purple", "black")
FARMER = "green"
BUILDINGS = ("castle", "temple", "theater")
ACTION_IDS = (
    "castle", "temple", "theater", "rice", "tax",
    "recruit-5", "recruit-3", "recruit-1-move", "battle-a", "battle-b",
)
PHASE_IDS = ("draft", "setup", "planning", "bids", "picks", "actions", "winter", "over", "free")
SPECIAL_IDS = ("tax-bonus", "rice-bonus", "recruit-bonus", "attack-bonus", "defence-bonus")
EVENT_IDS = (
    "castle-defence", "temple-peace", "theater-calm", "rice-max-3", "rice-min-4",
    "tax-max-5", "tax-min-6", "farmers-2", "recruit-reduced",
)


@dataclass(frozen=True)
class Province:
    name: str
    kanji: str
    tax: int
    rice: int
    slots: int
    region: dict[str, str]  # side -> region colour


@dataclass(frozen=True)
class EventCard:
    """One physical event card; ``key`` (e.g. ``castle-defence:6``) identifies it in saves."""

    id: str
    winter_loss: int
    effect: str

    @property
    def key(self) -> str:
        return f"{self.id}:{self.winter_loss}"


@dataclass(frozen=True)
class ActionDef:
    id: str
    cost: int
    armies: int
    name: str = ""
    short: str = ""


@dataclass(frozen=True)
class EventDef:
    """What an event card does, as numbers read from cards.yaml (zero/empty = no effect)."""

    id: str
    name: str
    effect: str
    castle_defence: int = 0
    protects: str | None = None
    calm_markers: dict[str, int] = field(default_factory=dict)  # building -> markers removed
    yield_min: dict[str, int] = field(default_factory=dict)
    yield_max: dict[str, int] = field(default_factory=dict)
    neutral_farmers: int | None = None
    recruit: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class SpecialDef:
    """What a special card does, as numbers read from cards.yaml."""

    id: str
    name: str
    effect: str
    yield_bonus: dict[str, int] = field(default_factory=dict)
    recruit_bonus: dict[str, int] = field(default_factory=dict)
    attack_bonus: int = 0
    defence_bonus: int = 0


@dataclass(frozen=True)
class DisplayNames:
    """Display names of what is not a card (cards carry theirs), from rules.yaml."""

    buildings: dict[str, str]
    seasons: dict[str, str]
    phases: dict[str, str]


@dataclass(frozen=True)
class StartTable:
    groups: tuple[int, ...]
    chests: int
    designated_sun: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class ProvisionRow:
    low: int
    high: int | None
    revolts: int
    farmers: int


@dataclass(frozen=True)
class Components:
    armies_per_player: int
    farmers: int
    castles: int
    temples: int
    theaters: int
    revolt_markers: int
    chest_cards: tuple[int, ...]
    load_armies_per_player: int
    load_farmers: int

    def building_limit(self, kind: str) -> int:
        return {"castle": self.castles, "temple": self.temples, "theater": self.theaters}[kind]


class TranslatedTexts(dict[str, str]):
    """id -> English effect text, read in the current language: the effect mappings
    (``event_effects``, ``specials``) show translated text to every reader, by id."""

    def __init__(self, kind: str, texts: dict[str, str]) -> None:
        super().__init__(texts)
        self.kind = kind

    def __getitem__(self, key: str) -> str:
        return tr(self.kind, key, super().__getitem__(key))

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return self[key] if key in self else default  # noqa: SIM401 - translated

    def values(self) -> list[str]:  # type: ignore[override]
        return [self[k] for k in self]

    def items(self) -> list[tuple[str, str]]:  # type: ignore[override]
        return [(k, self[k]) for k in self]


@dataclass(frozen=True)
class BoardData:
    provinces: dict[str, Province]
    land_borders: tuple[tuple[str, str], ...]
    sea_routes: tuple[tuple[str, str], ...]
    adjacency: dict[str, frozenset[str]]
    regions: dict[str, dict[str, tuple[str, ...]]]  # side -> colour -> provinces
    excluded_with_3: dict[str, frozenset[str]]
    events: tuple[EventCard, ...]
    event_effects: dict[str, str]
    specials: dict[str, str]  # id -> effect, in data order
    actions: tuple[ActionDef, ...]
    daimyo: dict[str, str]  # colour -> daimyo name
    start: dict[int, StartTable]
    provisions: tuple[ProvisionRow, ...]
    components: Components
    score_province: int
    score_building: int
    majority: dict[str, int]
    tied_majority_penalty: int
    event_defs: dict[str, EventDef]
    special_defs: dict[str, SpecialDef]
    neutral_farmers: int
    names: DisplayNames

    # Display names and texts, translated by id (shogun_desktop.i18n.datatexts): every
    # player-visible name of the data goes through these, never through ``.name`` directly.
    def action_name(self, action_id: str) -> str:
        return tr("action-name", action_id, self.action(action_id).name)

    def action_short(self, action_id: str) -> str:
        return tr("action-short", action_id, self.action(action_id).short)

    def event_name(self, event_id: str) -> str:
        return tr("event-name", event_id, self.event_defs[event_id].name)

    def event_effect(self, event_id: str) -> str:
        return tr("event-effect", event_id, self.event_defs[event_id].effect)

    def special_name(self, special_id: str) -> str:
        return tr("special-name", special_id, self.special_defs[special_id].name)

    def special_effect(self, special_id: str) -> str:
        return tr("special-effect", special_id, self.special_defs[special_id].effect)

    def building_name(self, kind: str) -> str:
        return tr("building", kind, self.names.buildings.get(kind, kind))

    def building_in_sentence(self, kind: str) -> str:
        """The building's name inside a sentence ("er staat al een kasteel")."""
        return in_sentence("building", kind, self.names.buildings.get(kind, kind))

    def season_name(self, season: str) -> str:
        return tr("season", season, self.names.seasons.get(season, season))

    def season_in_sentence(self, season: str) -> str:
        """The season's name inside a sentence ("rok 2, jaro"), not as a heading ("Jaro")."""
        return in_sentence("season", season, self.names.seasons.get(season, season))

    def phase_name(self, phase: str) -> str:
        return tr("phase", phase, self.names.phases.get(phase, phase))

    def daimyo_name(self, colour: str) -> str:
        return tr("daimyo", colour, self.daimyo.get(colour, colour))

    def action(self, action_id: str) -> ActionDef:
        for a in self.actions:
            if a.id == action_id:
                return a
        raise KeyError(action_id)

    def event_card(self, key: str) -> EventCard:
        for e in self.events:
            if e.key == key:
                return e
        raise KeyError(key)

    def in_play(self, side: str, n_players: int) -> frozenset[str]:
        names = frozenset(self.provinces)
        return names - self.excluded_with_3[side] if n_players == 3 else names

    def region_of(self, province: str, side: str) -> str:
        return self.provinces[province].region[side]

    def provision_row(self, shortfall: int) -> ProvisionRow | None:
        for row in self.provisions:
            if shortfall >= row.low and (row.high is None or shortfall <= row.high):
                return row
        return None


MAX_COUNT = 1000  # no count in the game comes near this; huge ones would stall setup loops


class _Reader:
    """Walks a parsed YAML document, producing errors that name file and key path.

    Callers pass the reason already translated (``_()`` at the point of raising, in the
    process's language); the file and the key path stay as they are."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, msg: str) -> DataError:
        return DataError(f"{self.file}: {key}: {msg}" if key else f"{self.file}: {msg}")

    def get(self, obj: Any, key: str, path: str, kind: type | tuple[type, ...]) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(path or _("(top level)"), _("must be a mapping"))
        full = f"{path}.{key}" if path else key
        if key not in obj:
            raise self.fail(full, _("missing"))
        value = obj[key]
        self.check_type(value, full, kind)
        return value

    def check_type(self, value: Any, path: str, kind: type | tuple[type, ...]) -> None:
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(path, _("must be an integer, not {value}").format(
                value=describe(value)))
        if not isinstance(value, kind):
            template = _TYPE_MESSAGES.get(kind) if isinstance(kind, type) else None
            if template is None:  # a type no data file asks for: the Python names
                names = kind.__name__ if isinstance(kind, type) else \
                    " | ".join(k.__name__ for k in kind)
                raise self.fail(path, _("must be of type {types}, not {value}").format(
                    types=names, value=describe(value)))
            raise self.fail(path, _(template).format(value=describe(value)))

    def nonneg(self, obj: Any, key: str, path: str, high: int = MAX_COUNT) -> int:
        value = self.get(obj, key, path, int)
        if value < 0:
            raise self.fail(f"{path}.{key}" if path else key,
                            _("must not be negative, got {value}").format(value=value))
        if value > high:
            raise self.fail(f"{path}.{key}" if path else key,
                            _("must be at most {high}, got {value}").format(
                                high=high, value=describe(value)))
        return value

    def only_keys(self, obj: dict, allowed: set[str], path: str) -> None:
        for key in obj:
            if key not in allowed:
                raise self.fail(f"{path}.{key}" if path else str(key), _("unknown key"))


# the reason for a value of the wrong type, one whole sentence per type (translated when raised)
_TYPE_MESSAGES: dict[type, str] = {
    dict: N_("must be a mapping, not {value}"),
    list: N_("must be a list, not {value}"),
    str: N_("must be a string, not {value}"),
    int: N_("must be an integer, not {value}"),
}


def _load(path: Path) -> Any:
    try:
        return load_yaml_file(path)
    except YamlFormatError as exc:
        raise DataError(str(exc)) from None


def _pair(r: _Reader, value: Any, path: str, names: dict) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        raise r.fail(path, _("must be a pair of provinces, not {value}").format(
            value=describe(value)))
    for v in value:
        if v not in names:
            raise r.fail(path, _("unknown province {province}").format(province=describe(v)))
    if value[0] == value[1]:
        raise r.fail(path, _("a province cannot border itself ({province})").format(
            province=describe(value[0])))
    return (value[0], value[1])


def _read_board(path: Path) -> dict[str, Any]:
    r = _Reader(_display(path))
    doc = _load(path)
    provinces_raw = r.get(doc, "provinces", "", dict)
    provinces: dict[str, Province] = {}
    for name, p in provinces_raw.items():
        key = f"provinces.{name}"
        if not isinstance(name, str):
            raise r.fail(key, _("province names must be strings"))
        r.only_keys(p if isinstance(p, dict) else {}, {"kanji", "tax", "rice", "slots", "region"}, key)
        slots = r.nonneg(p, "slots", key)
        if not 1 <= slots <= 3:
            raise r.fail(f"{key}.slots", _("must be 1-3, got {value}").format(value=slots))
        region = r.get(p, "region", key, dict)
        for side in SIDES:
            colour = r.get(region, side, f"{key}.region", str)
            if colour not in REGION_COLOURS:
                raise r.fail(f"{key}.region.{side}", _("unknown region colour {colour}").format(
                    colour=describe(colour)))
        provinces[name] = Province(
            name=name, kanji=r.get(p, "kanji", key, str), tax=r.nonneg(p, "tax", key),
            rice=r.nonneg(p, "rice", key), slots=slots, region=dict(region),
        )
    if len(provinces) != 45:
        raise r.fail("provinces", _("must list 45 provinces, found {found}").format(
            found=len(provinces)))

    def pairs(key: str) -> tuple[tuple[str, str], ...]:
        raw = r.get(doc, key, "", list)
        out = []
        seen = set()
        for i, v in enumerate(raw):
            pair = _pair(r, v, f"{key}[{i}]", provinces)
            if frozenset(pair) in seen:
                raise r.fail(f"{key}[{i}]", _("duplicate pair {pair}").format(pair=list(pair)))
            seen.add(frozenset(pair))
            out.append(pair)
        return tuple(out)

    land = pairs("land_borders")
    sea = pairs("sea_routes")
    both = {frozenset(p) for p in land} & {frozenset(p) for p in sea}
    if both:
        raise r.fail("sea_routes", _("{pair} is also a land border").format(
            pair=sorted(next(iter(both)))))
    adjacency: dict[str, set[str]] = {n: set() for n in provinces}
    for a, b in land + sea:
        adjacency[a].add(b)
        adjacency[b].add(a)
    for name, adj in adjacency.items():
        if not adj:
            raise r.fail("land_borders", _("province {province} has no neighbour").format(
                province=describe(name)))

    regions_raw = r.get(doc, "regions", "", dict)
    regions: dict[str, dict[str, tuple[str, ...]]] = {}
    for side in SIDES:
        side_raw = r.get(regions_raw, side, "regions", dict)
        regions[side] = {}
        seen_side: set[str] = set()
        for colour in REGION_COLOURS:
            key = f"regions.{side}.{colour}"
            members = r.get(side_raw, colour, f"regions.{side}", list)
            if len(members) != 9:
                raise r.fail(key, _("a region must have 9 provinces, found {found}").format(
                    found=len(members)))
            for m in members:
                if m not in provinces:
                    raise r.fail(key, _("unknown province {province}").format(
                        province=describe(m)))
                if m in seen_side:
                    raise r.fail(key, _("province {province} is in two regions").format(
                        province=describe(m)))
                if provinces[m].region[side] != colour:
                    raise r.fail(key, _("{province} is listed here but {key} is {value}").format(
                        province=describe(m), key=f"provinces.{m}.region.{side}",
                        value=describe(provinces[m].region[side])))
                seen_side.add(m)
            regions[side][colour] = tuple(members)
        r.only_keys(side_raw, set(REGION_COLOURS), f"regions.{side}")

    excl_raw = r.get(doc, "excluded_with_3_players", "", dict)
    excluded: dict[str, frozenset[str]] = {}
    for side in SIDES:
        key = f"excluded_with_3_players.{side}"
        members = r.get(excl_raw, side, "excluded_with_3_players", list)
        for m in members:
            if m not in provinces:
                raise r.fail(key, _("unknown province {province}").format(province=describe(m)))
        if len(set(members)) != 8:
            raise r.fail(key, _("must name 8 distinct provinces, found {found}").format(
                found=len(set(members))))
        excluded[side] = frozenset(members)
    return {
        "provinces": provinces, "land_borders": land, "sea_routes": sea,
        "adjacency": {n: frozenset(a) for n, a in adjacency.items()},
        "regions": regions, "excluded_with_3": excluded,
    }


def _read_cards(path: Path) -> dict[str, Any]:
    r = _Reader(_display(path))
    doc = _load(path)
    events: list[EventCard] = []
    effects: dict[str, str] = {}
    event_defs: dict[str, EventDef] = {}
    for i, e in enumerate(r.get(doc, "events", "", list)):
        key = f"events[{i}]"
        eid = r.get(e, "id", key, str)
        if eid not in EVENT_IDS:
            raise r.fail(f"{key}.id", _("unknown event {id}").format(id=describe(eid)))
        if eid in effects:
            raise r.fail(f"{key}.id", _("duplicate event {id}").format(id=describe(eid)))
        r.only_keys(e, {"id", "name", "effect", "copies_winter_loss", "castle_defence",
                        "protects", "calm_markers", "yield_min", "yield_max",
                        "neutral_farmers", "recruit"}, key)
        effects[eid] = r.get(e, "effect", key, str)
        protects = r.get(e, "protects", key, str) if "protects" in e else None
        if protects is not None and protects not in BUILDINGS:
            raise r.fail(f"{key}.protects", _("unknown building {id}").format(
                id=describe(protects)))
        event_defs[eid] = EventDef(
            id=eid, name=r.get(e, "name", key, str), effect=effects[eid],
            castle_defence=_opt_count(r, e, "castle_defence", key),
            protects=protects,
            calm_markers=_counts(r, e, "calm_markers", key, BUILDINGS),
            yield_min=_counts(r, e, "yield_min", key, ("rice", "tax")),
            yield_max=_counts(r, e, "yield_max", key, ("rice", "tax")),
            neutral_farmers=r.nonneg(e, "neutral_farmers", key) if "neutral_farmers" in e else None,
            recruit=_counts(r, e, "recruit", key, ("recruit-5", "recruit-3", "recruit-1-move")),
        )
        losses = r.get(e, "copies_winter_loss", key, list)
        if not losses:
            raise r.fail(f"{key}.copies_winter_loss", _("must list at least one card"))
        for j, loss in enumerate(losses):
            r.check_type(loss, f"{key}.copies_winter_loss[{j}]", int)
            if loss < 0:
                raise r.fail(f"{key}.copies_winter_loss[{j}]",
                             _("must not be negative, got {value}").format(value=loss))
            if EventCard(eid, loss, "").key in {c.key for c in events}:
                raise r.fail(f"{key}.copies_winter_loss[{j}]",
                             _("two copies with the same loss"))
            events.append(EventCard(eid, loss, effects[eid]))
    if len(events) != 12:
        raise r.fail("events", _("must describe 12 event cards, found {found}").format(
            found=len(events)))
    if set(effects) != set(EVENT_IDS):
        raise r.fail("events", _("missing events: {ids}").format(
            ids=sorted(set(EVENT_IDS) - set(effects))))

    specials: dict[str, str] = {}
    special_defs: dict[str, SpecialDef] = {}
    for i, s in enumerate(r.get(doc, "specials", "", list)):
        key = f"specials[{i}]"
        sid = r.get(s, "id", key, str)
        if sid not in SPECIAL_IDS or sid in specials:
            raise r.fail(f"specials[{i}].id", _("unknown or duplicate special {id}").format(
                id=describe(sid)))
        r.only_keys(s, {"id", "name", "effect", "yield_bonus", "recruit_bonus", "attack_bonus",
                        "defence_bonus"}, key)
        specials[sid] = r.get(s, "effect", key, str)
        special_defs[sid] = SpecialDef(
            id=sid, name=r.get(s, "name", key, str), effect=specials[sid],
            yield_bonus=_counts(r, s, "yield_bonus", key, ("rice", "tax")),
            recruit_bonus=_counts(r, s, "recruit_bonus", key,
                                  ("recruit-5", "recruit-3", "recruit-1-move")),
            attack_bonus=_opt_count(r, s, "attack_bonus", key),
            defence_bonus=_opt_count(r, s, "defence_bonus", key),
        )
    if len(specials) != 5:
        raise r.fail("specials", _("must list the 5 special cards, found {found}").format(
            found=len(specials)))

    actions: list[ActionDef] = []
    for i, a in enumerate(r.get(doc, "actions", "", list)):
        key = f"actions[{i}]"
        aid = r.get(a, "id", key, str)
        if i >= len(ACTION_IDS):
            raise r.fail(f"{key}.id", _("no more actions expected, got {value}").format(
                value=describe(aid)))
        if aid != ACTION_IDS[i]:
            raise r.fail(f"{key}.id", _("expected {expected}, got {value}").format(
                expected=ACTION_IDS[i], value=describe(aid)))
        r.only_keys(a, {"id", "name", "short", "cost", "armies"}, key)
        armies = r.nonneg(a, "armies", key) if "armies" in a else 0
        actions.append(ActionDef(aid, r.nonneg(a, "cost", key), armies,
                                 r.get(a, "name", key, str), r.get(a, "short", key, str)))
    if len(actions) != 10:
        raise r.fail("actions", _("must list the 10 actions, found {found}").format(
            found=len(actions)))

    daimyo: dict[str, str] = {}
    for i, d in enumerate(r.get(doc, "daimyo", "", list)):
        colour = r.get(d, "color", f"daimyo[{i}]", str)
        if colour not in PLAYER_COLOURS or colour in daimyo:
            raise r.fail(f"daimyo[{i}].color", _("unknown or duplicate colour {colour}").format(
                colour=describe(colour)))
        daimyo[colour] = r.get(d, "name", f"daimyo[{i}]", str)
    if len(daimyo) != 5:
        raise r.fail("daimyo", _("must name the 5 daimyo"))
    return {"events": tuple(events), "event_effects": TranslatedTexts("event-effect", effects),
            "specials": TranslatedTexts("special-effect", specials),
            "actions": tuple(actions), "daimyo": daimyo, "event_defs": event_defs,
            "special_defs": special_defs}


def _opt_count(r: _Reader, obj: dict, key: str, path: str) -> int:
    return r.nonneg(obj, key, path) if key in obj else 0


def _counts(r: _Reader, obj: dict, key: str, path: str, allowed: tuple[str, ...]) -> dict[str, int]:
    """An optional mapping from a few known ids to non-negative integers."""
    if key not in obj:
        return {}
    raw = r.get(obj, key, path, dict)
    r.only_keys(raw, set(allowed), f"{path}.{key}")
    return {k: r.nonneg(raw, k, f"{path}.{key}") for k in raw}


def _names(r: _Reader, doc: Any, key: str, ids: tuple[str, ...]) -> dict[str, str]:
    raw = r.get(doc, key, "names", dict)
    r.only_keys(raw, set(ids), f"names.{key}")
    return {i: r.get(raw, i, f"names.{key}", str) for i in ids}


def _read_rules(path: Path, provinces: dict[str, Province],
                excluded: dict[str, frozenset[str]]) -> dict[str, Any]:
    r = _Reader(_display(path))
    doc = _load(path)
    start_raw = r.get(doc, "start", "", dict)
    start: dict[int, StartTable] = {}
    for n in (3, 4, 5):
        key = f"start.{n}"
        s = start_raw[n] if n in start_raw else r.get(start_raw, str(n), "start", dict)
        r.check_type(s, key, dict)
        groups = r.get(s, "groups", key, list)
        for j, g in enumerate(groups):
            r.check_type(g, f"{key}.groups[{j}]", int)
            if g < 1:
                raise r.fail(f"{key}.groups[{j}]", _("must be at least 1, got {value}").format(
                    value=g))
        chests = r.nonneg(s, "chests", key)
        table = r.get(s, "designated_sun", key, list)
        if len(table) != n:
            raise r.fail(f"{key}.designated_sun", ngettext(
                "must have {n} row, found {found}", "must have {n} rows, found {found}", n).format(
                n=n, found=len(table)))
        used: set[str] = set()
        rows = []
        for j, row in enumerate(table):
            rkey = f"{key}.designated_sun[{j}]"
            r.check_type(row, rkey, list)
            if len(row) != len(groups):
                raise r.fail(rkey, ngettext("must name {n} province, found {found}",
                                            "must name {n} provinces, found {found}",
                                            len(groups)).format(n=len(groups), found=len(row)))
            for p in row:
                if p not in provinces:
                    raise r.fail(rkey, _("unknown province {province}").format(
                        province=describe(p)))
                if p in used:
                    raise r.fail(rkey, _("province {province} is given twice").format(
                        province=describe(p)))
                if n == 3 and p in excluded["sun"]:
                    raise r.fail(rkey, _("province {province} is out of play with 3 players")
                                 .format(province=describe(p)))
                used.add(p)
            rows.append(tuple(row))
        start[n] = StartTable(tuple(groups), chests, tuple(rows))

    provisions: list[ProvisionRow] = []
    expected_low = 1
    for i, row in enumerate(r.get(doc, "winter_provisions", "", list)):
        key = f"winter_provisions[{i}]"
        rng = r.get(row, "shortfall", key, list)
        if len(rng) != 2 or not isinstance(rng[0], int) or not (rng[1] is None or isinstance(rng[1], int)):
            raise r.fail(f"{key}.shortfall", _("must be [low, high or null], not {value}").format(
                value=describe(rng)))
        if rng[0] != expected_low:
            raise r.fail(f"{key}.shortfall", _("must start at {expected}, got {value}").format(
                expected=expected_low, value=rng[0]))
        if rng[1] is not None and rng[1] < rng[0]:
            raise r.fail(f"{key}.shortfall", _("high is below low"))
        provisions.append(ProvisionRow(rng[0], rng[1], r.nonneg(row, "revolts", key),
                                       r.nonneg(row, "farmers", key)))
        expected_low = (rng[1] + 1) if rng[1] is not None else -1
    if not provisions or provisions[-1].high is not None:
        raise r.fail("winter_provisions", _("the last row must be open-ended (high: null)"))

    c = r.get(doc, "components", "", dict)
    load = r.get(c, "initial_tower_load", "components", dict)
    chest_cards = r.get(c, "chest_cards", "components", list)
    components = Components(
        armies_per_player=r.nonneg(c, "armies_per_player", "components"),
        farmers=r.nonneg(c, "farmers", "components"),
        castles=r.nonneg(c, "castles", "components"),
        temples=r.nonneg(c, "temples", "components"),
        theaters=r.nonneg(c, "theaters", "components"),
        revolt_markers=r.nonneg(c, "revolt_markers", "components"),
        chest_cards=tuple(chest_cards),
        load_armies_per_player=r.nonneg(load, "armies_per_player", "components.initial_tower_load"),
        load_farmers=r.nonneg(load, "farmers", "components.initial_tower_load"),
    )
    if sorted(components.chest_cards) != [0, 1, 2, 3, 4]:
        raise r.fail("components.chest_cards", _("must be the values 0-4"))
    sc = r.get(doc, "scoring", "", dict)
    names_doc = r.get(doc, "names", "", dict)
    majority = r.get(sc, "region_majority", "scoring", dict)
    for b in BUILDINGS:
        r.nonneg(majority, b, "scoring.region_majority")
    return {
        "start": start, "provisions": tuple(provisions), "components": components,
        "score_province": r.nonneg(sc, "province", "scoring"),
        "score_building": r.nonneg(sc, "building", "scoring"),
        "majority": {b: majority[b] for b in BUILDINGS},
        "tied_majority_penalty": r.nonneg(sc, "tied_majority_penalty", "scoring"),
        "neutral_farmers": r.nonneg(doc, "neutral_farmers", ""),
        "names": DisplayNames(
            buildings=_names(r, names_doc, "buildings", BUILDINGS),
            seasons=_names(r, names_doc, "seasons", ("spring", "summer", "autumn", "winter")),
            phases=_names(r, names_doc, "phases", PHASE_IDS),
        ),
    }


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(DATA_DIR.parent))
    except ValueError:
        return str(path)


def load_board_data(folder: str | Path | None = None) -> BoardData:
    """Load and validate the three board data files from ``folder`` (default: :func:`data_dir`)."""
    folder = Path(folder) if folder is not None else data_dir()
    board = _read_board(folder / "board.yaml")
    cards = _read_cards(folder / "cards.yaml")
    rules = _read_rules(folder / "rules.yaml", board["provinces"], board["excluded_with_3"])
    _cross_check_components(_Reader(_display(folder / "rules.yaml")), board, rules)
    return BoardData(**board, **cards, **rules)


def _cross_check_components(r: _Reader, board: dict[str, Any], rules: dict[str, Any]) -> None:
    """The component counts must be able to set up every player count they claim to."""
    comp: Components = rules["components"]
    if comp.load_armies_per_player > comp.armies_per_player:
        raise r.fail("components.initial_tower_load.armies_per_player",
                     ngettext("more than the {n} army a player has",
                              "more than the {n} armies a player has",
                              comp.armies_per_player).format(n=comp.armies_per_player))
    if comp.load_farmers > comp.farmers:
        raise r.fail("components.initial_tower_load.farmers",
                     ngettext("more than the {n} farmer there is",
                              "more than the {n} farmers there are",
                              comp.farmers).format(n=comp.farmers))
    for n, table in rules["start"].items():
        needed = sum(table.groups) + comp.load_armies_per_player
        if needed > comp.armies_per_player:
            raise r.fail(f"start.{n}.groups", ngettext(
                "{players} players need {n} army each, {key} is {have}",
                "{players} players need {n} armies each, {key} is {have}", needed).format(
                players=n, n=needed, key="components.armies_per_player",
                have=comp.armies_per_player))
        in_play = len(board["provinces"]) - (len(board["excluded_with_3"]["sun"]) if n == 3 else 0)
        if len(table.groups) * n > in_play:
            raise r.fail(f"start.{n}.groups", ngettext(
                "{players} players x {groups} provinces is more than the {n} province in play",
                "{players} players x {groups} provinces is more than the {n} provinces in play",
                in_play).format(players=n, groups=len(table.groups), n=in_play))


@lru_cache(maxsize=4)
def _board_in(folder: str) -> BoardData:
    return load_board_data(folder)


def default_board() -> BoardData:
    """The board data of :func:`data_dir`, loaded once per process and folder (immutable)."""
    return _board_in(str(data_dir()))
