"""No player-visible English literal bypasses the catalogue in the table, its widgets and the
CLI's messages.

An AST scan of the source: every string constant (and every literal part of an f-string)
that reads as words — a space and a word of three letters or more — must sit inside a gettext
call (``_``, ``ngettext``, ``pgettext``, ``npgettext``, ``N_``). Docstrings, and the few texts
listed in ALLOWED with the reason they are not for players, are exempt. Ids, keys, anchors
and YAML file names have no spaces and are never flagged.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "shogun_desktop"
FILES = [
    "ui/scenes/game.py", "ui/scenes/decisions.py", "ui/board_view.py", "ui/theme.py",
    "ui/gamefacts.py", "ui/map_layout.py", "ui/scenes/__init__.py", "ui/demo.py",
    *sorted(f"ui/widgets/{p.name}" for p in (ROOT / "ui" / "widgets").glob("*.py")),
    "cli.py", "check.py", "simulate.py", "scenario.py", "tower/stats.py", "ui/app.py",
    # the loaders' reasons after INVALID / in the window's error (a hostile file can reach them)
    "data/__init__.py", "data/board.py", "data/mapdata.py", "data/reference.py",
    "tower/geometry.py", "rules/events.py", "rules/state.py", "rules/tower.py",
    # the refusals of a bad save, settings or YAML file (shown in the window and by `check`)
    "yamlio.py", "rules/save.py", "ui/session.py", "ui/prefs.py",
]
GETTEXT = {"_", "N_", "ngettext", "pgettext", "npgettext"}
WORD = re.compile(r"[^\W\d_]{3,}")

# text -> why it is not translated
ALLOWED: dict[str, str] = {
    # report keywords scripts read (README: `OK <file> (<kind>)`, `INVALID <reason>`)
    "INVALID ": "check/scenario keyword",
    "FAIL ": "scenario keyword",
    "PASS ": "scenario keyword",
    "board, cards and rules agree": "check's kind token after OK (stable, like 'save')",
    "tower data": "check's kind token", "board data": "check's kind token",
    "map data": "check's kind token",
    "shogun-desktop check": "program name",
    "shogun-desktop: ": "program name before a message", "Shogun Desktop ": "the game's name",
    "probabilistic model": "Tower.name, a key (the --json value); shown via TOWER_NAMES",
    "%(prog)s ": "argparse's --version format",
    # --json data, never translated
    "physical (pymunk rigid-body simulation)": "tower_description, --json value",
    ("probabilistic model (not physics): each poured cube exits with p=0.85, each held cube is "
     "knocked loose with p=0.3 per drop"): "tower_description, --json value",
    # proper names: the data's fallback daimyo, translated by colour in daimyo_name
    "Tokugawa Ieyasu": "daimyo name", "Mori Motonari": "daimyo name",
    "Uesugi Kenshin": "daimyo name", "Toyotomi Hideyoshi": "daimyo name",
    "Takeda Shingen": "daimyo name",
    # a placeholder card id inside a scenario's plan (bids only rank it), never shown
    "(a province card)": "internal id",
    # programmer errors (a bug, never a player's situation)
    "draw_cube needs a size when given a centre point": "ValueError for callers",
    "two event types tagged ": "TypeError at import: two event classes share a tag",
    "no converter for ": "TypeError: an event field type the reader does not know",
    "tower lost or made ": "invariant of a tower implementation (a bug), not of a file",
    " cubes: in ": "same invariant message", ", out+held ": "same invariant message",
    "the scripted tower has no outcome left for this drop": "LookupError the scenario runner "
                                                            "turns into its own reason",
    # YAML keys named inside a translated reason ({keys})
    "text, items, note, table": "reference.yaml block keys",
    "chapters, cards, labels": "reference.yaml top-level keys",
    "no decision is pending": "ValueError for callers (session)",
    "no computer decision is pending": "ValueError for callers (session)",
    "the save writer is closed": "RuntimeError for callers (session)",
    ": unsupported setting type ": "TypeError: a mistake in the settings schema",
    "no setting named ": "KeyError for callers (settings)",
    # texts of other programs we recognise, never shown
    "could not determine a constructor for the tag ": "PyYAML's problem text, matched",
    "integer string conversion": "Python's ValueError text, matched",
    # the settings file: a comment in it and the schema's notes for maintainers, never drawn
    "# Shogun Desktop settings (written by the game)\n": "comment in the settings file",
    "Master volume, 0 (silent) to 1": "settings schema note, not shown",
    "No sound at all": "settings schema note, not shown",
    "Animation speed: the tower replay, drop notices, overlays": "settings schema note, not shown",
    "Computer battles and drops close by themselves after their animation":
        "settings schema note, not shown",
    "No animation at all for drops between computer players (the log keeps them)":
        "settings schema note, not shown",
    "Ask before committing a plan, leaving or quitting": "settings schema note, not shown",
    "Show the first-game pointers (first planning and first battle)":
        "settings schema note, not shown",
    "Language of the window ('' = the system's language)": "settings schema note, not shown",
}


def unwrapped_literals(source: str, allowed: dict[str, str] | None = None) -> list[str]:
    """'line: text' for every word-like literal outside a gettext call and a docstring."""
    allowed = ALLOWED if allowed is None else allowed
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in GETTEXT:
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.Constant):
            continue
        text = node.value
        if not isinstance(text, str) or text in allowed:
            continue
        if " " in text and WORD.search(text):
            found.append((node.lineno, f"{node.lineno}: {text!r}"))
    return [text for _line, text in sorted(found)]


@pytest.mark.parametrize("name", FILES)
def test_every_visible_literal_goes_through_the_catalogue(name: str) -> None:
    path = ROOT / name
    assert unwrapped_literals(path.read_text(encoding="utf-8")) == [], name


def test_the_scan_catches_unwrapped_labels_tooltips_and_f_strings() -> None:
    source = '''
def draw(surface, fonts, p):
    """A docstring is not shown."""
    th.blit_text(surface, fonts, "Game log", (0, 0))
    Button(r, _("Back"), back, tooltip="Choose another province (Esc)")
    label = f"{p} armies left"
    ok = _("{n} armies").format(n=2) + pgettext("column", "Hand")
    key = f"plan-{p}-bid"
    return "midleft"
'''
    found = unwrapped_literals(source)
    assert found == ["4: 'Game log'", "5: 'Choose another province (Esc)'",
                     "6: ' armies left'"]


def test_the_allowed_texts_are_still_in_the_sources() -> None:
    """An allowance whose text is gone would silently widen the scan: keep the list exact."""
    literals = {n.value for name in FILES
                for n in ast.walk(ast.parse((ROOT / name).read_text(encoding="utf-8")))
                if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert set(ALLOWED) - literals == set()
