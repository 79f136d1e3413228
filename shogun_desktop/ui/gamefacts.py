"""The few board facts the new-game screen shows before any game exists.

Read straight from data/board.yaml and data/cards.yaml (the rules engine owns the full,
validated model; the setup screen needs only names, regions and the 3-player exclusions).
Loaded on demand by the App, never at import.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from shogun_desktop.data import DataError, data_dir
from shogun_desktop.i18n import _, ngettext
from shogun_desktop.i18n.datatexts import text as data_text
from shogun_desktop.yamlio import YamlFormatError, load_yaml_file

# The daimyo of data/cards.yaml, for a data folder without cards.yaml; shown translated by
# colour like the data's own (daimyo_name).
DEFAULT_DAIMYO: tuple[tuple[str, str], ...] = (
    ("red", "Tokugawa Ieyasu"),
    ("yellow", "Mori Motonari"),
    ("blue", "Uesugi Kenshin"),
    ("purple", "Toyotomi Hideyoshi"),
    ("black", "Takeda Shingen"),
)
SIDES = ("sun", "moon")


@dataclass(frozen=True)
class BoardFacts:
    daimyo: tuple[tuple[str, str], ...] = DEFAULT_DAIMYO  # (colour, name) in colour order
    regions: dict[str, dict[str, str]] = field(default_factory=dict)  # side -> province -> region
    excluded_3p: dict[str, frozenset[str]] = field(default_factory=dict)  # side -> provinces
    designated: dict[int, tuple[tuple[str, ...], ...]] = field(default_factory=dict)  # sun tables
    kanji: dict[str, str] = field(default_factory=dict)  # province -> kanji

    def daimyo_name(self, colour: str) -> str:
        """The daimyo's name in the current language (by colour, like the data texts)."""
        name = dict(self.daimyo).get(colour)
        return data_text("daimyo", colour, name) if name else colour.title()

    def out_of_play(self, side: str, players: int) -> frozenset[str]:
        return self.excluded_3p.get(side, frozenset()) if players == 3 else frozenset()

    def designated_unavailable(self, side: str, players: int) -> str | None:
        """Why the designated start cannot be used (None = it can).

        The designated tables are printed for the sun side; on the moon side a table is usable
        only when none of its provinces is out of play (rules.md §2.4: 3 players = sun only).
        """
        table = self.designated.get(players)
        if table is None:
            return ngettext("No designated start table for {n} player",
                            "No designated start table for {n} players", players).format(
                n=players)
        if side == "sun":
            return None
        blocked = {p for row in table for p in row} & self.out_of_play(side, players)
        if blocked:
            # TRANSLATORS: the designated start tables are printed for the sun side only.
            return ngettext("With {players} players the designated start needs the sun side: "
                            "{n} of its provinces is out of play on the moon side.",
                            "With {players} players the designated start needs the sun side: "
                            "{n} of its provinces are out of play on the moon side.",
                            len(blocked)).format(players=players, n=len(blocked))
        return None


def load_board_facts(folder: Path | None = None) -> BoardFacts:
    """Read the facts; a missing or partial data folder gives what it can (setup still works).

    The files go through the strict reader; a malformed one raises DataError naming it (the
    window checks the full data with the rules' loaders before it opens, so this is rare).
    """
    folder = folder if folder is not None else data_dir()
    board: dict = {}
    cards: dict = {}
    rules: dict = {}
    for name, target in (("board.yaml", board), ("cards.yaml", cards), ("rules.yaml", rules)):
        path = folder / name
        if path.exists():
            try:
                doc = load_yaml_file(path)
            except YamlFormatError as exc:
                raise DataError(str(exc)) from None
            if doc is not None and not isinstance(doc, dict):
                raise DataError(_("{path}: must be a mapping").format(path=path))
            target.update(doc or {})
    try:
        return _facts(board, cards, rules)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise DataError(_("{path}: the board facts are malformed ({error})").format(
            path=folder, error=type(exc).__name__)) from None


def _facts(board: dict, cards: dict, rules: dict) -> BoardFacts:
    daimyo = tuple((d["color"], d["name"]) for d in cards.get("daimyo", ())) or DEFAULT_DAIMYO
    regions = {
        side: {p: colour for colour, provs in by_colour.items() for p in provs}
        for side, by_colour in (board.get("regions") or {}).items()
    }
    excluded = {s: frozenset(v) for s, v in (board.get("excluded_with_3_players") or {}).items()}
    designated = {
        int(n): tuple(tuple(row) for row in spec.get("designated_sun", ()))
        for n, spec in (rules.get("start") or {}).items()
        if spec.get("designated_sun")
    }
    kanji = {p: v.get("kanji", "") for p, v in (board.get("provinces") or {}).items()}
    return BoardFacts(daimyo, regions, excluded, designated, kanji)
