"""One-way layers: the rules never import pygame or pymunk; headless commands never open SDL."""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys

import pytest

from tests.helpers import REPO

PACKAGE = REPO / "shogun_desktop"


def _imports(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize(
    ("folder", "forbidden"),
    [
        ("rules", ("pygame", "pymunk", "shogun_desktop.tower", "shogun_desktop.ui",
                   "shogun_desktop.ai")),
        ("data", ("pygame", "pymunk", "shogun_desktop.ui")),
        ("tower", ("pygame", "shogun_desktop.ui", "shogun_desktop.ai")),
        ("ai", ("pygame", "shogun_desktop.ui")),
    ],
)
def test_layer_imports_point_one_way(folder: str, forbidden: tuple[str, ...]) -> None:
    for path in (PACKAGE / folder).rglob("*.py"):
        if folder == "tower" and path.name == "stats.py":
            continue  # its --plot draws with pygame, imported inside the plot function only
        for name in _imports(path):
            assert not name.startswith(forbidden), f"{path.relative_to(REPO)} imports {name}"


def test_headless_commands_do_not_import_pygame() -> None:
    code = ("import sys; from shogun_desktop.cli import main; "
            "main(['simulate', '--games', '1', '--players', '3', '--tower', 'probabilistic']); "
            "main(['scenario', 'tests/scenarios/01-attack-wins-against-defender-and-farmers.yaml']);"
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
def test_ruff_is_clean() -> None:
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "shogun_desktop", "tests",
                           "tools", "benchmarks"], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout[-3000:]
