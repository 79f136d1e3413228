"""Every word the setup, planning, winter, end and rules-reference screens (and their helpers)
show goes through the translation layer.

An AST scan of those files flags a string literal with letters in it that reaches a player
unwrapped: text passed to a drawing or widget call (``blit_text``, ``Button``, ``Label``,
``ConfirmDialog``…), a text keyword (``tooltip=``, ``disabled=``, ``placeholder=``…), a text
variable (``title = …``, ``self.message = …``), a returned sentence, or a module constant
that is not marked with ``N_`` (those exist before the language is chosen). Literals inside
``_``/``ngettext``/``pgettext``/``npgettext``/``N_`` are wrapped; their ``.format`` arguments
are scanned too. A few texts are never translated and are allowed by name below.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from shogun_desktop import i18n
from shogun_desktop.ui.gamefacts import load_board_facts
from shogun_desktop.ui.scenes.new_game import MAX_SEATS, NewGameForm

ROOT = Path(__file__).resolve().parents[1] / "shogun_desktop" / "ui"
FILES = [ROOT / "scenes" / f"{name}.py" for name in (
    "planning", "new_game", "menu", "end", "winter", "cards", "curtain", "starting",
    "drop_notice", "rules_reference", "guide")] + [
    ROOT / f"{name}.py" for name in ("app", "session", "prefs", "end_stats", "recap", "flow")]

WRAPPERS = {"_", "N_", "ngettext", "pgettext", "npgettext"}
# call name -> positions of its arguments that are text a player reads
SINKS: dict[str, tuple[int, ...]] = {
    "blit_text": (2,), "fit": (0,), "wrap_text": (1,), "draw_tooltip": (2,), "Button": (1,),
    "Label": (1,), "Panel": (1,), "Toggle": (1,), "Option": (1,), "ScrollableLog": (1,),
    "ConfirmDialog": (1, 2), "RecapGroup": (0,), "notice": (0, 1), "wrap_rich": (1,),
    "paragraph": (0,), "Seg": (1,),
}
TEXT_KEYWORDS = {"text", "title", "message", "tooltip", "placeholder", "disabled", "note",
                 "confirm_text", "cancel_text", "button_text", "reason", "label"}
TEXT_NAMES = {"text", "title", "message", "note", "label", "status", "reason", "subtitle",
              "foot", "who", "seed", "when", "tip", "line", "lines", "headline", "sub", "bid",
              "problem", "save_error", "notice", "failed", "active_note", "spaces", "chests",
              "name", "season", "mode", "board"}
# (file name, literal) that stay as they are in every language: the game's and the
# program's names
ALLOWED = {
    ("new_game.py", "SHOGUN"),
    ("app.py", "Shogun Desktop "),
    ("app.py", "shogun-desktop: "),
    ("prefs.py", "# Shogun Desktop settings (written by the game)\n"),  # the file's header
}
# module constants that are not shown to players (the settings' help is for the file only)
ALLOWED_CONSTANTS = {("prefs.py", "SCHEMA")}


def has_words(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def id_like(text: str) -> bool:
    """An identifier, key or file name (``bid``, ``tower.speed``, ``autosave.yaml``)."""
    return not any(ch.isspace() or ch.isupper() for ch in text)


def call_name(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def literals(node: ast.AST | None):
    """The unwrapped string literals an expression can evaluate to (or build its text of)."""
    if node is None:
        return
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str):
            yield node
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            if isinstance(part, ast.Constant):
                yield part
            elif isinstance(part, ast.FormattedValue):
                yield from literals(part.value)
    elif isinstance(node, ast.IfExp):
        yield from literals(node.body)
        yield from literals(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for v in node.values:
            yield from literals(v)
    elif isinstance(node, ast.BinOp):
        yield from literals(node.left)
        yield from literals(node.right)
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for e in node.elts:
            yield from literals(e)
    elif isinstance(node, ast.Dict):
        for v in node.values:
            yield from literals(v)
    elif isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        yield from literals(node.elt)
    elif isinstance(node, ast.Starred):
        yield from literals(node.value)
    elif isinstance(node, ast.Call):
        name = call_name(node)
        if name in WRAPPERS:
            return  # wrapped: the catalogue has it
        if name in ("format", "join") and isinstance(node.func, ast.Attribute):
            yield from literals(node.func.value)
            for a in node.args:
                yield from literals(a)
            for k in node.keywords:
                yield from literals(k.value)
        elif name == "get" and len(node.args) == 2:
            yield from literals(node.args[1])  # a default shown in place of a name


def target_names(target: ast.AST) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Attribute):
        return [target.attr]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for e in target.elts for n in target_names(e)]
    return []


def scan_source(source: str, filename: str = "<text>") -> list[str]:
    """Player-visible literals of ``source`` that are not wrapped, as "file:line: text"."""
    tree = ast.parse(source)
    found: dict[tuple[int, int], str] = {}

    def flag(node: ast.AST | None, *, ids_ok: bool = False, constant: bool = False) -> None:
        if ids_ok and not constant and node is not None and any(
                isinstance(n, ast.Call) and call_name(n) in WRAPPERS for n in ast.walk(node)):
            ids_ok = False  # beside a translated text, a bare word is text too
        for lit in literals(node):
            text = lit.value
            if not has_words(text) or (filename, text) in ALLOWED:
                continue
            if ids_ok and id_like(text):
                continue
            found[(lit.lineno, lit.col_offset)] = f"{filename}:{lit.lineno}: {text!r}"

    # module constants: their English must be marked with N_ (translated where drawn)
    for stmt in tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            names = [n for t in targets for n in target_names(t)]
            if any((filename, n) in ALLOWED_CONSTANTS for n in names):
                continue
            if any(n.isupper() for n in names):
                flag(stmt.value, ids_ok=True, constant=True)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = call_name(node)
            for i in SINKS.get(name or "", ()):
                if i < len(node.args):
                    flag(node.args[i])
            for k in node.keywords:
                if k.arg in TEXT_KEYWORDS:
                    flag(k.value)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(n in TEXT_NAMES for t in targets for n in target_names(t)):
                flag(node.value, ids_ok=True)
        elif isinstance(node, ast.Return):
            flag(node.value, ids_ok=True)
        elif isinstance(node, ast.Lambda):
            flag(node.body, ids_ok=True)
    return [found[k] for k in sorted(found)]


def scan_file(path: Path) -> list[str]:
    return scan_source(path.read_text(encoding="utf-8"), path.name)


def test_every_player_visible_literal_in_these_screens_is_translated():
    problems = [p for path in FILES for p in scan_file(path)]
    assert problems == [], "untranslated:\n" + "\n".join(problems)


@pytest.mark.parametrize("source", [
    'th.blit_text(surface, fonts, "Scoring", (x, y), 17)',
    'th.blit_text(surface, fonts, f"Winter {n}", (x, y), 17)',
    'Button(rect, "Continue", self.close)',
    'Button(rect, _("Continue"), self.close, tooltip="Back to the game")',
    'Button(rect, _("Done"), f, disabled=None if ok else "Nothing to undo")',
    'title = ("Revolt" if kind == "revolt" else "Battle") + f" in {province}"',
    'def why():\n    return f"{province} is neutral: plan only in your own provinces."',
    'def holder():\n    return "neutral" if x else _("you")',
    'HINTS = ("Type any word to search",)',
    'ConfirmDialog(app, _("Saved"), _("Saved as {f}").format(f="the autosave file"))',
    'lines = ", ".join(f"{n} ({owner}) armies" for n in reach)',
])
def test_the_scan_flags_an_unwrapped_text(source):
    assert scan_source(source), source


@pytest.mark.parametrize("source", [
    'th.blit_text(surface, fonts, _("Scoring"), (x, y), 17, anchor="midleft")',
    'Button(rect, _("Continue"), self.close, key="continue", tooltip=_("Back"))',
    'th.draw_marker(surface, "red", (x, y), 22)',
    'Option("sun", _("Sun side"))',
    'HINTS = (N_("Type any word to search"),)',
    'AUTOSAVE_NAME = "autosave.yaml"',
    'text = ngettext("{n} army", "{n} armies", n).format(n=n)',
    'label = bid if space == "bid" else name',
    'th.blit_text(surface, fonts, f"{i}. {seat.name}", (x, y), 20)',
    'def part(p):\n    return p if p in ("provinces", "buildings") else "majorities"',
])
def test_the_scan_passes_wrapped_texts_and_ids(source):
    assert scan_source(source) == [], source


@pytest.fixture
def czech():
    i18n.set_language("cs")
    yield
    i18n.set_language("en")


def test_default_seat_names_are_in_the_chosen_language(czech):
    form = NewGameForm(load_board_facts())
    assert [s.name for s in form.seats] == ["Hráč 1", "Hráč 2", "Hráč 3", "Hráč 4"]
    form.add_seat()
    assert form.seats[-1].name == "Hráč 5" and len(form.seats) == MAX_SEATS


def test_a_language_switch_renames_only_the_seats_still_called_by_default(tmp_path):
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.prefs import Prefs
    from tests.test_ui_new_game import FRAME, click_option

    app = App(fps=0, prefs=Prefs(tmp_path / "settings.yaml"))
    try:
        app.run(max_frames=1, dt=FRAME)
        scene = app.scenes.top
        scene.form.set_name(1, "Anna")
        click_option(app, "language", "ru")
        assert [s.name for s in scene.form.seats] == ["Игрок 1", "Anna", "Игрок 3", "Игрок 4"]
        click_option(app, "language", "zh_Hant")
        assert [s.name for s in scene.form.seats] == ["玩家1", "Anna", "玩家3", "玩家4"]
        click_option(app, "language", "en")
        assert [s.name for s in scene.form.seats] == ["Player 1", "Anna", "Player 3",
                                                      "Player 4"]
    finally:
        app.close()
        i18n.set_language("en")
