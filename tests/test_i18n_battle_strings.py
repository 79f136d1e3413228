"""Every player-visible literal of the battle overlay and the battle report is translatable.

An AST scan of ``ui/scenes/battle.py`` and ``ui/battle_report.py``: a string literal with a
letter in it (f-string parts included) must sit inside a gettext call (``_``, ``N_``,
``ngettext``, ``pgettext``, ``npgettext``) unless it is a docstring, an ``__all__`` entry or an
id-like token (dict keys, anchors, event kinds: lower case, digits, ``-_./``), which players
never see. The scanner is shown to catch unwrapped literals, including one put back into the
real overlay.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FILES = [REPO / "shogun_desktop" / "ui" / "scenes" / "battle.py",
         REPO / "shogun_desktop" / "ui" / "battle_report.py"]
GETTEXT = {"_", "N_", "ngettext", "pgettext", "npgettext"}
ID_LIKE = re.compile(r"[a-z0-9_.\-/]*")
NOT_WORDS = {"将軍"}  # the kanji burned into the tower's wood: part of the picture


def _called(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def unwrapped_literals(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every literal that looks player-visible and is not translated."""
    tree = ast.parse(source)
    exempt: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node.func) in GETTEXT:
            exempt |= {id(sub) for sub in ast.walk(node)}
        elif isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                exempt.add(id(first.value))  # a docstring
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            exempt |= {id(sub) for sub in ast.walk(node.value)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        text = node.value
        if id(node) in exempt or text in NOT_WORDS or ID_LIKE.fullmatch(text):
            continue
        if any(ch.isalpha() for ch in text):
            yield node.lineno, text


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_player_visible_literal_goes_through_gettext(path: Path) -> None:
    found = [f"{path.name}:{line}: {text!r}"
             for line, text in unwrapped_literals(path.read_text(encoding="utf-8"))]
    assert found == [], "wrap these in _()/ngettext():\n" + "\n".join(found)


def test_the_scan_catches_unwrapped_literals() -> None:
    source = '''
"""A docstring is not shown."""
__all__ = ["Shown", "Nowhere"]
def draw(pen, n, who):
    """Neither is this."""
    pen.text("In the tray", (0, 0), 14, anchor="topleft")
    pen.text(f"{n} cubes", (0, 0), 14)
    pen.text(_("Falling…"), (0, 0), 14)
    pen.text(ngettext("{count} cube", "{count} cubes", n).format(count=n), (0, 0), 14)
    pen.text(pgettext("colour", "Red"), (0, 0), 14)
    key = {"full-text-0": 1, "tower.speed": 2}
    Button(rect, label, tooltip="Show the result now")
    return f"{who}  {n}"
'''
    assert [text for _line, text in unwrapped_literals(source)] == [
        "In the tray", " cubes", "Show the result now"]


def test_a_literal_put_back_into_the_overlay_is_caught() -> None:
    source = FILES[0].read_text(encoding="utf-8")
    assert 'pen.text(_("In the tray"),' in source
    broken = source.replace('pen.text(_("In the tray"),', 'pen.text("In the tray",')
    assert [text for _line, text in unwrapped_literals(broken)] == ["In the tray"]
    report = FILES[1].read_text(encoding="utf-8")
    broken = report.replace('_("Tower load")', 'f"Tower load {where}"')
    assert broken != report
    assert [text for _line, text in unwrapped_literals(broken)] == ["Tower load "]
