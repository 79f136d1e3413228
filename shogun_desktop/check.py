"""``shogun-desktop check PATH...``: validate saves, scenarios and data files without playing.

One line per file, ``OK <file> (<kind>)`` or ``INVALID <reason>``; exit 0 when every file is
valid, 2 when any is not. A folder holding ``board.yaml`` is a data folder (every data file
in it is checked, and they are cross-checked with each other); any other folder means every
``*.yaml`` inside it. Each file goes through the same strict reader and validating loader as
the game, so what ``check`` accepts the window loads, and what it refuses the window refuses.
Nothing here imports pygame.

Language: the keywords ``OK`` and ``INVALID``, the file and the kind in parentheses are
stable tokens scripts may read, never translated; the reason after ``INVALID`` is a sentence
for people, in the command's language (``--lang``, else the system's) where this module
words it. Reasons worded by the data loaders (a key's type, a YAML error) are theirs.
"""

from __future__ import annotations

import argparse
import stat
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from shogun_desktop.data import DataError
from shogun_desktop.i18n import _

DATA_FILES = ("board.yaml", "cards.yaml", "rules.yaml", "tower.yaml", "map.yaml")
SAVE_FORMAT = "shogun-desktop-save"


class CheckError(ValueError):
    """A path given to ``check`` is not a file we can validate (message names it)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help=_("save, scenario or data files, or folders of them"))


def run(args: argparse.Namespace) -> int:
    ok = True
    for line, valid in check_paths(args.paths):
        print(line)
        ok = ok and valid
    return 0 if ok else 2


def check_paths(paths: Sequence[str | Path]) -> Iterator[tuple[str, bool]]:
    """(report line, valid) for every file the paths name, in order."""
    for p in paths:
        path = Path(p)
        try:
            mode = path.stat().st_mode
        except OSError as exc:
            yield "INVALID " + _("{path}: cannot read: {error}").format(
                path=path, error=exc.strerror or exc), False
            continue
        if stat.S_ISDIR(mode):
            yield from _check_folder(path)
        else:
            yield _line(path, check_file)


def _line(path: Path, checker: Any) -> tuple[str, bool]:
    try:
        kind = checker(path)
    except (DataError, ValueError) as exc:  # SaveError, DataError, YamlFormatError
        return f"INVALID {_one_line(str(exc), path)}", False
    except RecursionError:  # the reader refuses deep nesting first; never escape all the same
        return "INVALID " + _("{path}: nested too deeply").format(path=path), False
    except Exception as exc:  # a gap in a validator: still one line, never a traceback
        return "INVALID " + _("{path}: cannot be validated ({error})").format(
            path=path, error=f"{type(exc).__name__}: {str(exc)[:200]}"), False
    return f"OK {path} ({kind})", True


def _one_line(message: str, path: Path) -> str:
    text = " ".join(message.split())
    if not text.startswith(str(path)) and str(path) not in text[:300]:
        text = f"{path}: {text}"
    return text if len(text) <= 400 else text[:397] + "..."


def _check_folder(folder: Path) -> Iterator[tuple[str, bool]]:
    if (folder / "board.yaml").is_file():
        yield from check_data_folder(folder)
        return
    try:
        files = sorted(p for p in folder.glob("*.yaml"))
    except OSError as exc:
        yield "INVALID " + _("{path}: cannot list: {error}").format(
            path=folder, error=exc.strerror or exc), False
        return
    if not files:
        yield "INVALID " + _("{path}: no .yaml files to check").format(path=folder), False
        return
    for path in files:
        yield _line(path, check_file)


def check_data_folder(folder: Path) -> Iterator[tuple[str, bool]]:
    """Every data file of folder, then the board data as a whole (cross-checks)."""
    from shogun_desktop.data.board import load_board_data

    for name in DATA_FILES:
        path = folder / name
        if not path.exists():
            yield "INVALID " + _("{path}: missing").format(path=path), False
            continue
        yield _line(path, check_file)
    yield _line(folder, lambda _: (load_board_data(folder), "board, cards and rules agree")[1])


def check_file(path: Path) -> str:
    """Validate one file; returns its kind, raises (SaveError, DataError, ...) with the reason."""
    from shogun_desktop.yamlio import describe, load_yaml_file

    name = path.name
    if name in ("board.yaml", "cards.yaml", "rules.yaml"):
        return _check_board_file(path)
    if name == "tower.yaml":
        from shogun_desktop.tower.geometry import parse_geometry

        parse_geometry(_load_data(path), str(path))
        return "tower data"
    if name == "map.yaml":
        return _check_map(path)
    doc = load_yaml_file(path)  # refuses hostile text before anything else looks at it
    if not isinstance(doc, dict):
        raise CheckError(_("{path}: must be a mapping (a save, a scenario or a data file), "
                           "not {what}").format(path=path, what=describe(doc)))
    if isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT:
        from shogun_desktop.rules.save import game_from_doc

        game_from_doc(doc, str(path))
        return "save"
    if isinstance(doc, dict) and "steps" in doc:
        from shogun_desktop.data.board import default_board
        from shogun_desktop.scenario import Scenario

        Scenario(path, default_board())
        return "scenario"
    raise CheckError(_("{path}: neither a save (format: {format}), a scenario (steps:) nor a "
                       "data file ({files})").format(path=path, format=SAVE_FORMAT,
                                                     files=", ".join(DATA_FILES)))


def _load_data(path: Path) -> Any:
    from shogun_desktop.yamlio import YamlFormatError, load_yaml_file

    try:
        return load_yaml_file(path)
    except YamlFormatError as exc:
        raise DataError(str(exc)) from None


def _check_board_file(path: Path) -> str:
    """board/cards/rules one by one (rules needs the provinces of the board.yaml beside it)."""
    from shogun_desktop.data import board as board_module

    if path.name == "board.yaml":
        board_module._read_board(path)
    elif path.name == "cards.yaml":
        board_module._read_cards(path)
    else:
        beside = board_module._read_board(path.parent / "board.yaml")
        board_module._read_rules(path, beside["provinces"], beside["excluded_with_3"])
    return "board data"


def _check_map(path: Path) -> str:
    from shogun_desktop.data.mapdata import _load_cached

    known: tuple[str, ...] | None = None
    if (path.parent / "board.yaml").is_file():
        from shogun_desktop.data.board import _read_board

        known = tuple(sorted(_read_board(path.parent / "board.yaml")["provinces"]))
    _load_cached.__wrapped__(str(path), known)  # fresh: check reads the file as it is now
    return "map data"


def preload_data() -> str | None:
    """Load every data file the game needs once (the loaders cache them); the reason if bad.

    The window and the headless commands call this first, so a broken data file is one
    clear line and exit status 2, never a traceback in the middle of a game.
    """
    from shogun_desktop.data.board import default_board
    from shogun_desktop.data.mapdata import load_map
    from shogun_desktop.tower.geometry import load_geometry

    try:
        board = default_board()
        load_geometry()
        load_map(known_provinces=board.provinces)
    except DataError as exc:
        return " ".join(str(exc).split())
    return None


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - via cli.main
    parser = argparse.ArgumentParser(prog="shogun-desktop check")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
