"""The window code's modules import each other without cycles, counting imports inside
functions (a lazy import still couples two modules both ways)."""

from __future__ import annotations

import ast
from pathlib import Path

import shogun_desktop.ui

UI = Path(shogun_desktop.ui.__file__).parent
PREFIX = "shogun_desktop.ui"


def module_name(path: Path) -> str:
    rel = path.relative_to(UI).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join([PREFIX, *parts])


def import_graph() -> dict[str, set[str]]:
    """module -> the ui modules it imports anywhere in its body (TYPE_CHECKING-only imports
    are left out: they never run)."""
    modules = {module_name(p): p for p in UI.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for mod, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip.update(id(n) for b in node.body for n in ast.walk(b))
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                base = node.module
                if node.level:
                    pkg = mod.split(".")[: -node.level]
                    base = ".".join(pkg + [node.module])
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            for name in names:
                if name in modules and name != mod:
                    graph[mod].add(name)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_finder_sees_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_function_level_imports_are_in_the_graph():
    graph = import_graph()
    assert "shogun_desktop.ui.scenes.end" in graph["shogun_desktop.ui.scenes.game"]


def test_ui_imports_have_no_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, " -> ".join(cycle or [])
