"""Typed outcomes: every transition of the engine emits these, and nothing else tells the story.

Events hold ids and numbers only (player colours, province names, action/card ids, counts),
never prose: the text a player reads is rendered from them by ``shogun_desktop.presenter``,
and a save stores them as plain data (``to_data``/``event_from_data``), so a save is
language-neutral and rewording a message can never break a loaded game.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar

from shogun_desktop.i18n import _
from shogun_desktop.yamlio import describe


class EventDataError(ValueError):
    """Stored event data is malformed; the message names the key (a token) and the reason
    (translated: a save or scenario file is the player's)."""


def _bad(key: str, reason: str) -> EventDataError:
    return EventDataError(f"{key}: {reason}")


class SkipReason(StrEnum):
    """Why the rules make a player skip a planned action (parameters in ``ActionSkipped``)."""

    CANNOT_PAY = "cannot-pay"  # cost, chests
    ALREADY_BUILT = "already-built"  # the action is the building kind
    NO_SPACE = "no-space"
    NO_BUILDING_LEFT = "no-building-left"
    SUPPLY_SHORT = "supply-short"  # supply, needed
    NOT_THEIRS = "not-theirs"
    SINGLE_ARMY = "single-army"
    NO_TARGET = "no-target"


class BattleOutcome(StrEnum):
    TAKEN = "taken"  # the attacker takes the province with ``survivors`` armies
    HELD = "held"  # the defender keeps it with ``survivors`` armies
    FAILED = "failed"  # an attack on a neutral province fails; it stays neutral
    DRAW = "draw"  # attacker and defence equal: the province becomes neutral
    FARMERS_ONLY = "farmers-only"  # only farmers defended: the province becomes neutral


@dataclass(frozen=True)
class Event:
    """Base of all events; ``type`` is the tag a save stores (set by ``tag=``)."""

    type: ClassVar[str] = ""

    def __init_subclass__(cls, tag: str = "", **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if tag:
            if tag in EVENT_TYPES:
                raise TypeError(f"two event types tagged {tag!r}")
            cls.type = tag
            EVENT_TYPES[tag] = cls


EVENT_TYPES: dict[str, type[Event]] = {}


# ---------------------------------------------------------------------- setup and draft
@dataclass(frozen=True)
class GameStarted(Event, tag="game-started"):
    board: str
    seats: tuple[str, ...]
    chests: int


@dataclass(frozen=True)
class OutOfPlay(Event, tag="out-of-play"):
    provinces: tuple[str, ...]


@dataclass(frozen=True)
class DraftFaceUp(Event, tag="draft-face-up"):
    cards: tuple[str, ...]
    renewed: bool = False  # a full round without a face-up pick put the old ones under the deck


@dataclass(frozen=True)
class CardTaken(Event, tag="card-taken"):
    player: str
    card: str
    blind: bool


@dataclass(frozen=True)
class GroupPlaced(Event, tag="group-placed"):
    player: str
    province: str
    armies: int


@dataclass(frozen=True)
class DraftEnded(Event, tag="draft-ended"):
    pass


@dataclass(frozen=True)
class TowerLoaded(Event, tag="tower-loaded"):
    dropped: dict[str, int]
    out: dict[str, int]


@dataclass(frozen=True)
class TowerNote(Event, tag="tower-note"):
    """A diagnostic of the tower model, not a rule outcome: its safety cap ended a drop
    (``capped_ms`` of simulated time, 0 when not), or cubes left the walls (``escapes``)."""

    capped_ms: int = 0
    escapes: int = 0


# ---------------------------------------------------------------------- rounds and bids
@dataclass(frozen=True)
class RoundStarted(Event, tag="round-started"):
    year: int
    season: str
    actions: tuple[str, ...]  # the face-up action cards
    specials: tuple[str, ...]
    event_candidates: tuple[str, ...]


@dataclass(frozen=True)
class Planned(Event, tag="planned"):
    player: str
    cards: int


@dataclass(frozen=True)
class EventDrawn(Event, tag="event-drawn"):
    season: str
    event: str


@dataclass(frozen=True)
class BidRevealed(Event, tag="bid-revealed"):
    player: str
    bid: str  # none | province | chest
    value: int = 0  # the chest value bid
    paid: int = 0
    unaffordable: bool = False  # a chest bid the player cannot pay: counts as 0


@dataclass(frozen=True)
class BidsTied(Event, tag="bids-tied"):
    players: tuple[str, ...]  # in the order drawn


@dataclass(frozen=True)
class BidOrder(Event, tag="bid-order"):
    players: tuple[str, ...]


@dataclass(frozen=True)
class SpecialPicked(Event, tag="special-picked"):
    player: str
    special: str
    position: int


@dataclass(frozen=True)
class TurnOrder(Event, tag="turn-order"):
    players: tuple[str, ...]


# ---------------------------------------------------------------------- actions
@dataclass(frozen=True)
class ActionTurned(Event, tag="action-turned"):
    number: int  # 1-based position in the action row
    action: str


@dataclass(frozen=True)
class NoCard(Event, tag="no-card"):
    player: str
    action: str


@dataclass(frozen=True)
class ChestRevealed(Event, tag="chest-revealed"):
    player: str
    action: str


@dataclass(frozen=True)
class CardVoided(Event, tag="card-voided"):
    player: str
    action: str
    province: str


@dataclass(frozen=True)
class ActionSkipped(Event, tag="action-skipped"):
    player: str
    action: str
    province: str
    reason: str  # a SkipReason
    params: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class BuildingBuilt(Event, tag="building-built"):
    player: str
    kind: str
    province: str
    cost: int
    calmed: int = 0  # revolt markers removed by the event in force


@dataclass(frozen=True)
class Collected(Event, tag="collected"):
    player: str
    action: str  # rice | tax
    province: str
    amount: int
    total: int  # the player's rice or war chests afterwards


@dataclass(frozen=True)
class RevoltMarker(Event, tag="revolt-marker"):
    province: str
    placed: bool  # False: the marker supply is empty
    count: int  # markers in the province afterwards


@dataclass(frozen=True)
class Recruited(Event, tag="recruited"):
    player: str
    action: str
    province: str
    armies: int
    cost: int


@dataclass(frozen=True)
class ArmiesMoved(Event, tag="armies-moved"):
    player: str
    source: str
    province: str
    armies: int


@dataclass(frozen=True)
class BattleResolved(Event, tag="battle"):
    """An attack and its drop: what went in, what came out and what it decided."""

    attacker: str
    source: str
    province: str
    armies: int
    defender: str | None  # None: a neutral province
    defenders: int  # the defender's armies, or the farmers of a neutral province
    bonuses: dict[str, int]  # attack-bonus | defence-bonus | castle-defence -> armies added
    dropped: dict[str, int]  # every cube poured in (the tray included)
    out: dict[str, int]  # what came out into the tray
    outcome: str  # a BattleOutcome
    survivors: int = 0  # armies left in the province for the winner


@dataclass(frozen=True)
class RevoltResolved(Event, tag="revolt"):
    player: str
    province: str
    armies: int
    farmers: int
    castle_bonus: int
    dropped: dict[str, int]
    out: dict[str, int]
    suppressed: bool
    survivors: int
    winter: bool


@dataclass(frozen=True)
class EventEnded(Event, tag="event-ended"):
    season: str
    event: str


# ---------------------------------------------------------------------- winter and end
@dataclass(frozen=True)
class WinterRiceLoss(Event, tag="winter-rice-loss"):
    year: int
    loss: int
    card: str | None  # the event id of the card left over, None when stated directly


@dataclass(frozen=True)
class ProvisionsEnough(Event, tag="provisions-enough"):
    player: str
    provinces: int


@dataclass(frozen=True)
class ProvisionsShort(Event, tag="provisions-short"):
    player: str
    short: int
    revolts: int
    farmers: int
    drawer: str  # the left neighbour who draws the cards
    draws: tuple[str, ...]


@dataclass(frozen=True)
class Scored(Event, tag="scored"):
    player: str
    year: int
    gained: int
    parts: dict[str, int]  # provinces | buildings | "<region> <building>" -> VP
    total: int


@dataclass(frozen=True)
class YearReset(Event, tag="year-reset"):
    year: int


@dataclass(frozen=True)
class GameOver(Event, tag="game-over"):
    ranking: tuple[str, ...]
    vp: dict[str, int]
    chests: dict[str, int]
    winners: tuple[str, ...]


@dataclass(frozen=True)
class HistoryDropped(Event, tag="history-dropped"):
    """Loaded from an old save whose log was English text: that text is not kept."""

    lines: int


# ---------------------------------------------------------------------- plain data
def to_data(ev: Event) -> dict[str, Any]:
    """The event as plain YAML-able data with its ``type`` tag first (defaults left out)."""
    out: dict[str, Any] = {"type": ev.type}
    for f in fields(ev):
        value = getattr(ev, f.name)
        if f.default is not MISSING and value == f.default and type(value) is type(f.default):
            continue  # a default is left out (smaller saves); the reader puts it back
        if f.default_factory is not MISSING and not value:
            continue
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, dict):
            value = dict(value)
        out[f.name] = value
    return out


def event_from_data(doc: Any, where: str = "event") -> Event:
    """Rebuild an event from :func:`to_data` output; every field is type-checked."""
    if not isinstance(doc, Mapping):
        raise _bad(where, _("must be a mapping, not {value}").format(value=describe(doc)))
    tag = doc.get("type")
    cls = EVENT_TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise _bad(f"{where}.type", _("unknown event type {value}").format(
            value=repr(str(tag)[:40])))
    hints, known = _schema(cls)
    for key in doc:
        if key != "type" and key not in known:
            raise _bad(f"{where}.{str(key)[:40]}", _("unknown key for a {type} event").format(
                type=tag))
    values: dict[str, Any] = {}
    for f in fields(cls):
        key = f"{where}.{f.name}"
        if f.name not in doc:
            if f.default is not MISSING or f.default_factory is not MISSING:
                continue
            raise _bad(key, _("missing"))
        values[f.name] = _convert(doc[f.name], hints[f.name], key)
    return cls(**values)


_SCHEMAS: dict[str, tuple[dict[str, Any], frozenset[str]]] = {}


def _schema(cls: type[Event]) -> tuple[dict[str, Any], frozenset[str]]:
    """Field types and names of an event class (resolved once: ``get_type_hints`` is slow)."""
    if cls.type not in _SCHEMAS:
        _SCHEMAS[cls.type] = (typing.get_type_hints(cls), frozenset(f.name for f in fields(cls)))
    return _SCHEMAS[cls.type]


def _convert(value: Any, hint: Any, key: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is int:
        if type(value) is not int:
            raise _bad(key, _("must be an integer, not {value}").format(value=describe(value)))
        return value
    if hint is bool:
        if type(value) is not bool:
            raise _bad(key, _("must be true or false, not {value}").format(
                value=describe(value)))
        return value
    if hint is str:
        if type(value) is not str:
            raise _bad(key, _("must be a string, not {value}").format(value=describe(value)))
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _convert(value, inner[0], key)
    if origin is tuple:
        if not isinstance(value, list):
            raise _bad(key, _("must be a list, not {value}").format(value=describe(value)))
        return tuple(_convert(v, args[0], f"{key}[{i}]") for i, v in enumerate(value))
    if origin is dict:
        if not isinstance(value, dict):
            raise _bad(key, _("must be a mapping, not {value}").format(value=describe(value)))
        return {_convert(k, args[0], key): _convert(v, args[1], f"{key}.{k}")
                for k, v in value.items()}
    raise TypeError(f"no converter for {hint!r}")  # pragma: no cover - a programmer error


__all__ = [
    "EVENT_TYPES", "BattleOutcome", "Event", "EventDataError", "SkipReason", "event_from_data",
    "to_data",
]
