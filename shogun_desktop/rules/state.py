"""Game state as plain dataclasses, plus the small value types decisions use.

The state holds everything a save needs except the random generator (kept by the game).
Supplies are stored, not derived, so cube conservation is a real invariant to check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shogun_desktop.rules.tower import HeldCube

SEASONS = ("spring", "summer", "autumn", "winter")
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


@dataclass(frozen=True)
class Decision:
    """Who must decide what now, with the legal options (empty for a free-form plan)."""

    kind: str  # draft-take | draft-place | plan | pick-special | battle | recruit-move | revolt-order
    player: str
    options: tuple[Any, ...]
    prompt: str
    context: dict[str, Any] = field(default_factory=dict, compare=False)


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
    phase: str = "free"  # draft | planning | picks | actions | winter | over | free
    cursor: dict[str, Any] = field(default_factory=dict)
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
    log: list[str] = field(default_factory=list)
    start_mode: str = "draft"

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
