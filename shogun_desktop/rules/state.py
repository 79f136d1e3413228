"""Game state as plain dataclasses, plus the small value types decisions use.

The state holds everything a save needs except the random generator (kept by the game).
Supplies are stored, not derived, so cube conservation is a real invariant to check.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

from shogun_desktop.i18n import _
from shogun_desktop.rules.events import Event
from shogun_desktop.rules.tower import HeldCube
from shogun_desktop.yamlio import describe

SEASONS = ("spring", "summer", "autumn", "winter")
PUBLIC_CONTEXT = ("province", "action", "provinces")
BID_SPACE = "bid"
CHEST_CARDS = tuple(f"chest-{v}" for v in range(5))


def chest_value(card: str) -> int | None:
    """The value of a chest card id (``chest-3`` -> 3), or None for a province card."""
    if card.startswith("chest-") and card[6:].isdigit():
        return int(card[6:])
    return None


@dataclass(frozen=True)
class Move:
    """Armies moving (or attacking) into ``to``."""

    to: str
    armies: int

    def __str__(self) -> str:
        return f"{self.armies} to {self.to}"


class Phase(StrEnum):
    """Where the game is; the engine's phase table maps each to its pending/step functions."""

    DRAFT = "draft"
    SETUP = "setup"  # transient: the draft is over, the tower is being loaded
    PLANNING = "planning"
    BIDS = "bids"  # automatic: the event is drawn, bids are revealed next
    PICKS = "picks"
    ACTIONS = "actions"
    WINTER = "winter"
    OVER = "over"
    FREE = "free"  # a position with nothing under way (a scenario between steps)


class DecisionKind(StrEnum):
    DRAFT_TAKE = "draft-take"
    DRAFT_PLACE = "draft-place"
    PLAN = "plan"
    PICK_SPECIAL = "pick-special"
    BATTLE = "battle"
    RECRUIT_MOVE = "recruit-move"
    REVOLT_ORDER = "revolt-order"


class ActionStage(StrEnum):
    BATTLE = "battle"  # waiting for the Battle/Move choice
    MOVE = "move"  # waiting for the move after Recruit 1


class WinterStage(StrEnum):
    LOSS = "loss"
    PROVISIONS = "provisions"
    SCORING = "scoring"


class CursorError(ValueError):
    """Stored cursor data is malformed; the message names the key (a token) and the reason
    (translated: a save file is the player's)."""


def _bad(key: str, reason: str) -> CursorError:
    return CursorError(f"{key}: {reason}")


class _Check:
    """Strict type checks for cursor data, naming ``where.key`` in every error."""

    def __init__(self, doc: Any, where: str, allowed: set[str]) -> None:
        if doc is None:
            doc = {}
        if not isinstance(doc, Mapping):
            raise _bad(where, _("must be a mapping, not {value}").format(value=describe(doc)))
        for k in doc:
            if k not in allowed:
                raise _bad(f"{where}.{str(k)[:40]}", _("unknown key"))
        self.doc, self.where = doc, where

    def key(self, k: str) -> str:
        return f"{self.where}.{k}"

    def has(self, k: str) -> bool:
        return k in self.doc

    def integer(self, k: str, default: int | None = None) -> int:
        value = self.doc.get(k, default)
        if type(value) is not int:
            raise _bad(self.key(k), _("must be an integer, not {value}").format(
                value=describe(value)))
        if value < 0:
            raise _bad(self.key(k), _("must not be negative"))
        return value

    def opt_integer(self, k: str) -> int | None:
        return None if self.doc.get(k) is None else self.integer(k)

    def boolean(self, k: str, default: bool) -> bool:
        value = self.doc.get(k, default)
        if type(value) is not bool:
            raise _bad(self.key(k), _("must be true or false, not {value}").format(
                value=describe(value)))
        return value

    def string(self, k: str, value: Any = None) -> str:
        value = self.doc.get(k) if value is None else value
        if type(value) is not str:
            raise _bad(self.key(k), _("must be a string, not {value}").format(
                value=describe(value)))
        return value

    def opt_string(self, k: str) -> str | None:
        return None if self.doc.get(k) is None else self.string(k)

    def strings(self, k: str, value: Any = None, key: str | None = None) -> tuple[str, ...]:
        value = self.doc.get(k) if value is None else value
        key = key or self.key(k)
        if not isinstance(value, list | tuple):
            raise _bad(key, _("must be a list, not {value}").format(value=describe(value)))
        for i, v in enumerate(value):
            if type(v) is not str:
                raise _bad(f"{key}[{i}]", _("must be a string, not {value}").format(
                    value=describe(v)))
        return tuple(value)


@dataclass(frozen=True)
class EmptyCursor:
    """The cursor of a phase that needs none (planning, over, free...)."""

    phase_key: ClassVar[str] = "empty"

    def to_data(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_data(cls, doc: Any, where: str = "cursor") -> EmptyCursor:
        _Check(doc, where, set())
        return cls()


@dataclass(frozen=True)
class DraftCursor:
    """The draft: the deck, the face-up cards, whose turn, the card taken, groups left."""

    deck: tuple[str, ...]
    face_up: tuple[str, ...]
    turn: int
    taken: str | None
    blind_turns: int
    groups: tuple[tuple[str, tuple[int, ...]], ...]  # (colour, group sizes left), seat order

    def groups_of(self, colour: str) -> tuple[int, ...]:
        return dict(self.groups)[colour]

    def with_groups(self, colour: str, sizes: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return tuple((c, sizes if c == colour else g) for c, g in self.groups)

    def any_groups_left(self) -> bool:
        return any(g for _, g in self.groups)

    def to_data(self) -> dict[str, Any]:
        return {"deck": list(self.deck), "face_up": list(self.face_up), "turn": self.turn,
                "taken": self.taken, "blind_turns": self.blind_turns,
                "groups": {c: list(g) for c, g in self.groups}}

    @classmethod
    def from_data(cls, doc: Any, where: str = "cursor") -> DraftCursor:
        c = _Check(doc, where, {"deck", "face_up", "turn", "taken", "blind_turns", "groups"})
        groups_doc = c.doc.get("groups")
        if not isinstance(groups_doc, Mapping):
            raise _bad(c.key("groups"), _("must be a mapping, not {value}").format(
                value=describe(groups_doc)))
        groups: list[tuple[str, tuple[int, ...]]] = []
        for colour, sizes in groups_doc.items():
            key = f"{c.key('groups')}.{str(colour)[:20]}"
            if type(colour) is not str:
                raise _bad(key, _("a colour must be a string"))
            if not isinstance(sizes, list | tuple):
                raise _bad(key, _("must be a list, not {value}").format(value=describe(sizes)))
            for i, n in enumerate(sizes):
                if type(n) is not int:
                    raise _bad(f"{key}[{i}]", _("must be an integer, not {value}").format(
                        value=describe(n)))
            groups.append((colour, tuple(sizes)))
        return cls(deck=c.strings("deck"), face_up=c.strings("face_up"), turn=c.integer("turn"),
                   taken=c.opt_string("taken"), blind_turns=c.integer("blind_turns"),
                   groups=tuple(groups))


@dataclass(frozen=True)
class PicksCursor:
    """Choosing specials: the bid order, who is choosing, the ties drawn at random."""

    order: tuple[str, ...]
    index: int = 0
    ties: tuple[tuple[str, ...], ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {"order": list(self.order), "index": self.index,
                "ties": [list(t) for t in self.ties]}

    @classmethod
    def from_data(cls, doc: Any, where: str = "cursor") -> PicksCursor:
        c = _Check(doc, where, {"order", "index", "ties"})
        ties_doc = c.doc.get("ties") or []
        if not isinstance(ties_doc, list | tuple):
            raise _bad(c.key("ties"), _("must be a list, not {value}").format(
                value=describe(ties_doc)))
        ties = tuple(c.strings("ties", t, f"{c.key('ties')}[{i}]") for i, t in enumerate(ties_doc))
        return cls(order=c.strings("order"), index=c.integer("index"), ties=ties)


@dataclass(frozen=True)
class ActionsCursor:
    """The action phase: which action card (index), whose turn, and a choice under way."""

    index: int = 0
    turn: int = 0
    stage: ActionStage | None = None
    province: str | None = None  # the card of the action waiting for its choice
    single: bool = False  # play this one turn only, then stop (a scenario's action step)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "turn": self.turn,
                               "stage": None if self.stage is None else str(self.stage)}
        if self.province is not None:
            out["province"] = self.province
        if self.single:
            out["single"] = True
        return out

    @classmethod
    def from_data(cls, doc: Any, where: str = "cursor") -> ActionsCursor:
        c = _Check(doc, where, {"index", "turn", "stage", "province", "single"})
        stage = c.opt_string("stage")
        if stage is not None and stage not in ActionStage.__members__.values():
            raise _bad(c.key("stage"), _("must be {a} or {b}, not {value}").format(
                a="battle", b="move", value=repr(stage[:20])))
        province = c.opt_string("province")
        if (stage is None) != (province is None):
            raise _bad(c.key("province"), _("given exactly when a stage is under way"))
        return cls(index=c.integer("index"), turn=c.integer("turn"),
                   stage=None if stage is None else ActionStage(stage), province=province,
                   single=c.boolean("single", False))


@dataclass(frozen=True)
class WinterCursor:
    """Winter: the stage, whose provisions, the revolt draws waiting for their order."""

    stage: WinterStage = WinterStage.LOSS
    index: int = 0
    draws: tuple[str, ...] | None = None
    extra: int = 0  # extra farmers of each revolt in ``draws``
    loss: int | None = None  # the rice loss when stated directly (else the winter card's)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"index": self.index, "stage": str(self.stage),
                               "draws": None if self.draws is None else list(self.draws)}
        if self.draws is not None:
            out["extra"] = self.extra
        if self.loss is not None:
            out["loss"] = self.loss
        return out

    @classmethod
    def from_data(cls, doc: Any, where: str = "cursor") -> WinterCursor:
        c = _Check(doc, where, {"index", "stage", "draws", "extra", "loss"})
        stage = c.string("stage")
        if stage not in WinterStage.__members__.values():
            raise _bad(c.key("stage"), _("must be {a}, {b} or {c}, not {value}").format(
                a="loss", b="provisions", c="scoring", value=repr(stage[:20])))
        draws = None if c.doc.get("draws") is None else c.strings("draws")
        return cls(stage=WinterStage(stage), index=c.integer("index"), draws=draws,
                   extra=c.integer("extra", 0), loss=c.opt_integer("loss"))


Cursor: TypeAlias = EmptyCursor | DraftCursor | PicksCursor | ActionsCursor | WinterCursor

CURSOR_TYPES: dict[Phase, type[Cursor]] = {
    Phase.DRAFT: DraftCursor, Phase.SETUP: EmptyCursor, Phase.PLANNING: EmptyCursor,
    Phase.BIDS: EmptyCursor, Phase.PICKS: PicksCursor, Phase.ACTIONS: ActionsCursor,
    Phase.WINTER: WinterCursor, Phase.OVER: EmptyCursor, Phase.FREE: EmptyCursor,
}


def cursor_from_data(phase: Phase, doc: Any, where: str = "cursor") -> Cursor:
    """The one reader of stored cursors (saves, tests): the phase picks the schema."""
    return CURSOR_TYPES[phase].from_data(doc, where)


@dataclass(frozen=True)
class Decision:
    """Who must decide what now, with the legal options (empty for a free-form plan).

    ``context`` holds what the decision is about (the province, the action, the revolt draws;
    the hand for a plan). Its wording is the presenter's (``Presenter.prompt``).
    """

    kind: DecisionKind
    player: str
    options: tuple[Any, ...]
    context: dict[str, Any] = field(default_factory=dict, compare=False)

    def public_context(self) -> dict[str, Any]:
        """What every seat may know about the decision (not the hand of a plan)."""
        return {k: v for k, v in self.context.items() if k in PUBLIC_CONTEXT}


@dataclass
class ProvinceState:
    owner: str | None = None
    armies: int = 0
    castle: bool = False
    temple: bool = False
    theater: bool = False
    revolts: int = 0

    def building_count(self) -> int:
        return int(self.castle) + int(self.temple) + int(self.theater)

    def has(self, kind: str) -> bool:
        return bool(getattr(self, kind))


@dataclass
class PlayerState:
    colour: str
    name: str
    chests: int = 0
    rice: int = 0
    vp: int = 0
    cards: set[str] = field(default_factory=set)  # province cards owned: in hand or planned
    plan: dict[str, str] = field(default_factory=dict)  # space -> card id
    planned: bool = False
    revealed: set[str] = field(default_factory=set)  # spaces turned face up
    voided: set[str] = field(default_factory=set)  # spaces whose card left the player
    lost: set[str] = field(default_factory=set)  # province cards that left the player this round
    special: str | None = None
    computer: bool = False
    level: str = ""  # a computer seat's level (easy, normal, hard); "" for a human

    def clear_round(self) -> None:
        """Planned cards return to hand; what happened to them this round is forgotten."""
        self.plan = {}
        self.planned = False
        self.revealed = set()
        self.voided = set()
        self.lost = set()

    def hand(self) -> list[str]:
        """Cards not placed on the board: province cards, then chest cards."""
        placed = set(self.plan.values())
        provinces = sorted(c for c in self.cards if c not in placed)
        return provinces + [c for c in CHEST_CARDS if c not in placed]


@dataclass
class GameState:
    board: str
    seats: list[str]
    players: dict[str, PlayerState]
    provinces: dict[str, ProvinceState]
    supply: dict[str, int]  # player colours and green
    buildings_left: dict[str, int]
    markers_left: int
    year: int = 1
    season: str = "spring"
    phase: Phase = Phase.FREE
    cursor: Cursor = field(default_factory=EmptyCursor)
    tray: dict[str, int] = field(default_factory=dict)
    held: list[HeldCube] = field(default_factory=list)
    turn_order: list[str] = field(default_factory=list)
    special_layout: list[str] = field(default_factory=list)
    action_row: list[str] = field(default_factory=list)
    actions_done: int = 0
    event_current: str | None = None
    event_candidates: list[str] = field(default_factory=list)
    event_deck: list[str] = field(default_factory=list)
    winter_card: str | None = None
    battles: int = 0
    winners: list[str] = field(default_factory=list)
    scores: list[dict[str, Any]] = field(default_factory=list)  # per winter: year, VP parts
    events: list[Event] = field(default_factory=list)
    start_mode: str = "draft"
    xray: bool = False  # table option chosen at game start (see GameConfig.xray)

    @property
    def n_players(self) -> int:
        return len(self.seats)

    def inside(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for cube in self.held:
            counts[cube.colour] = counts.get(cube.colour, 0) + 1
        return counts

    def owned(self, colour: str) -> list[str]:
        return sorted(n for n, p in self.provinces.items() if p.owner == colour)

    def name(self, colour: str) -> str:
        return self.players[colour].name
