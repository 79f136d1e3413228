"""Strict YAML reading and writing shared by data files, saves and scenarios.

Every file the game reads may be hostile, so the one reader refuses, before it builds
anything recursively:

- files that are not regular files (a FIFO or a device would block or never end), files
  over :data:`MAX_BYTES`, and text that is not UTF-8;
- nesting deeper than :data:`MAX_DEPTH` (our formats need about 6 levels; 25,000 levels
  overflow the C stack of PyYAML's composer) and more than :data:`MAX_NODES` nodes;
- anchors and aliases (an "alias bomb" expands a 1 KB file into gigabytes);
- tags other than the safe ones (``!!python/object`` and friends), and repeated keys.

The event stream comes from libyaml when it is present (``CParser``) and is composed by a
depth-counting composer; the writer uses ``CSafeDumper`` (byte-identical to the pure-Python
``SafeDumper`` output, several times faster). Error messages describe a bad value by its
type and a short prefix only (:func:`describe`), never by ``repr`` of a large value.

Every refusal is a sentence for the player, in the current language (``shogun_desktop.i18n``);
file names, YAML literals and numbers are its parameters. A :class:`YamlFormatError` words
itself again whenever it is shown, since the settings file is read before the language is
chosen.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import yaml

from shogun_desktop.i18n import N_, _, ngettext, pgettext

# PyYAML ships no type information: its classes are plain ``Any`` here.
Composer: Any = yaml.composer.Composer
SafeConstructor: Any = yaml.constructor.SafeConstructor
Resolver: Any = yaml.resolver.Resolver
AliasEvent: Any = yaml.events.AliasEvent
ScalarEvent: Any = yaml.events.ScalarEvent
SequenceStartEvent: Any = yaml.events.SequenceStartEvent
MappingStartEvent: Any = yaml.events.MappingStartEvent

MAX_BYTES = 5 * 1024 * 1024  # no save, scenario or data file comes near this
MAX_DEPTH = 24  # collections inside collections; the formats need about 6
MAX_NODES = 50_000  # data/map.yaml, the largest file, has about 10,000; a save 2,000

HAS_LIBYAML = bool(getattr(yaml, "__with_libyaml__", False))


class YamlFormatError(ValueError):
    """A file is not valid YAML for our purposes; the message names the file.

    Given a function rather than a text, it words the message in the language current when
    it is shown (``str()``), not when it was raised: the settings are read before the
    language (one of them) is applied.
    """

    def __init__(self, message: str | Callable[[], str]) -> None:
        self._words: Callable[[], str] = message if callable(message) else (lambda: message)
        super().__init__(self._words())

    def __str__(self) -> str:
        return self._words()


def describe(value: Any, limit: int = 40) -> str:
    """A short description of a value for error messages: its type and a short prefix.

    Never the full ``repr``: a hostile file can make a value huge (or, through aliases,
    astronomically large), and an error message must stay cheap and readable.
    """
    if value is None:
        return "null"  # YAML literals (null, true, false) are shown as the file spells them
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else _("a huge integer")
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        short = value if len(value) <= limit else value[: limit - 3] + "..."
        return repr(short)
    if isinstance(value, dict):
        return ngettext("a mapping of {n} key", "a mapping of {n} keys", len(value)).format(
            n=len(value))
    if isinstance(value, list | tuple):
        if len(value) <= 4 and not any(isinstance(v, dict | list | tuple) for v in value):
            return "[" + ", ".join(describe(v, 20) for v in value) + "]"
        return ngettext("a list of {n} item", "a list of {n} items", len(value)).format(
            n=len(value))
    if isinstance(value, datetime):  # YAML reads 2024-05-01 12:00:00 as one
        return _("a date and time")
    if isinstance(value, date):  # and 2024-05-01 as a date
        return _("a date")
    if isinstance(value, bytes):  # !!binary
        return _("binary data")
    if isinstance(value, set | frozenset):  # !!set
        return ngettext("a set of {n} item", "a set of {n} items", len(value)).format(
            n=len(value))
    return _("a value of type {type}").format(type=type(value).__name__)


def _where(mark: Any) -> dict[str, int]:
    """A YAML mark as the 1-based line and column a player's editor shows."""
    return {"line": getattr(mark, "line", 0) + 1, "column": getattr(mark, "column", 0) + 1}


class _Refused(yaml.MarkedYAMLError):  # type: ignore[misc]
    """Our own refusal of a YAML construct, with its reason in the player's words."""

    def __init__(self, words: Callable[[], str], mark: Any) -> None:
        super().__init__(problem="", problem_mark=mark)
        self.words = words


# ---------------------------------------------------------------------- reading
class _GuardedComposer(Composer):
    """PyYAML's composer with a depth counter, a node budget and no anchors or aliases."""

    def __init__(self) -> None:
        super().__init__()
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused(lambda: _("anchors and aliases (&, *) are not allowed"),
                           event.start_mark)
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise _Refused(lambda: ngettext("more than {n} value", "more than {n} values",
                                            MAX_NODES).format(n=MAX_NODES), event.start_mark)
        if isinstance(event, ScalarEvent):
            return self.compose_scalar_node(None)
        if not isinstance(event, SequenceStartEvent | MappingStartEvent):
            raise _Refused(lambda: _("unexpected YAML event"), event.start_mark)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Refused(lambda: ngettext("nested more than {n} level deep",
                                            "nested more than {n} levels deep",
                                            MAX_DEPTH).format(n=MAX_DEPTH), event.start_mark)
        try:
            if isinstance(event, SequenceStartEvent):
                return self.compose_sequence_node(None)
            return self.compose_mapping_node(None)
        finally:
            self._depth -= 1


_CParser: Any = getattr(getattr(yaml, "cyaml", None), "CParser", None) if HAS_LIBYAML else None

if _CParser is not None:
    class _Loader(_GuardedComposer, _CParser, SafeConstructor, Resolver):  # type: ignore[misc,valid-type]
        """libyaml's event parser, the guarded composer, the safe constructor."""

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            _GuardedComposer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
else:  # pragma: no cover - PyYAML built without libyaml
    class _Loader(yaml.reader.Reader, yaml.scanner.Scanner,  # type: ignore[no-redef]
                  yaml.parser.Parser, _GuardedComposer, SafeConstructor, Resolver):
        """The pure-Python parser, the guarded composer, the safe constructor."""

        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            _GuardedComposer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)


def _duplicate_key(key: Any) -> Callable[[], str]:
    return lambda: _("duplicate key {key}").format(key=describe(key))


def _construct_mapping(loader: Any, node: Any, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _value in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            if key in seen:
                raise _Refused(_duplicate_key(key), key_node.start_mark)
            seen.add(key)
        except TypeError:  # unhashable keys are rejected by the base constructor anyway
            pass
    return SafeConstructor.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _construct_timestamp(loader: Any, node: Any) -> Any:
    """A date or time that looks like one but does not exist (2024-13-45) is refused in the
    player's words, not in the datetime module's."""
    try:
        return SafeConstructor.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError):
        text = describe(str(node.value))
        raise _Refused(lambda: _("{value} is not a date or time that exists").format(
            value=text), node.start_mark) from None


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)


# What libyaml and PyYAML say about the mistakes a hand-edited file most often has, in the
# player's words; any other problem is shown in the parser's own (English) words.
_PARSER_PROBLEMS = frozenset((
    N_("mapping values are not allowed in this context"),
    N_("did not find expected key"),
    N_("did not find expected ',' or ']'"),
    N_("did not find expected ',' or '}'"),
    N_("did not find expected '-' indicator"),
    N_("did not find expected node content"),
    N_("could not find expected ':'"),
    N_("found unexpected end of stream"),
    N_("found character that cannot start any token"),
    N_("found a tab character that violates indentation"),
    N_("found undefined tag handle"),
    N_("found unknown escape character"),
    N_("found incompatible YAML document"),
    N_("found unhashable key"),
    N_("but found another document"),
    N_("found unexpected ':'"),
    N_("did not find expected alphabetic or numeric character"),
    N_("did not find expected <document start>"),
    N_("did not find expected comment or line break"),
    N_("did not find expected whitespace or line break"),
    N_("could not find expected directive name"),
    N_("mapping keys are not allowed in this context"),
    N_("block sequence entries are not allowed in this context"),
    N_("found duplicate %YAML directive"),
    N_("found duplicate %TAG directive"),
    N_("found unknown directive name"),
))
_UNKNOWN_TAG = "could not determine a constructor for the tag "


def _parser_reason(exc: Any) -> Callable[[], str]:
    """The words of a PyYAML/libyaml error (without its marks), translated when we know them."""
    if isinstance(exc, yaml.reader.ReaderError):  # a control character in the text
        code = f"#x{exc.character:04x}" if isinstance(exc.character, int) else "?"
        where = exc.position + 1
        return lambda: _("control character {code} is not allowed (character {position})").format(
            code=code, position=where)
    problem = " ".join(str(getattr(exc, "problem", None) or exc).split())
    if len(problem) > 200:
        problem = problem[:197] + "..."
    if problem.startswith(_UNKNOWN_TAG):
        tag = problem[len(_UNKNOWN_TAG):]
        return lambda: _("could not determine a constructor for the tag {tag}").format(tag=tag)
    if problem in _PARSER_PROBLEMS:
        return lambda: _(problem)
    return lambda: problem


def load_yaml_text(text: str, name: str) -> Any:
    """Parse ``text`` strictly; errors name ``name`` (usually the file path)."""
    if len(text) > MAX_BYTES:
        raise YamlFormatError(lambda: _("{file}: too large (over {size} MB)").format(
            file=name, size=MAX_BYTES // (1024 * 1024)))
    loader = _Loader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        words = exc.words if isinstance(exc, _Refused) else _parser_reason(exc)
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        if mark is None:
            raise YamlFormatError(lambda: _("{file}: not valid YAML: {reason}").format(
                file=name, reason=words())) from None
        where = _where(mark)
        raise YamlFormatError(
            lambda: _("{file}: not valid YAML: {reason} at line {line}, column {column}").format(
                file=name, reason=words(), **where)) from None
    except (ValueError, OverflowError) as exc:  # e.g. an integer with too many digits
        detail = " ".join(str(exc).split())[:200]
        if "integer string conversion" in detail:
            digits = sys.get_int_max_str_digits()
            raise YamlFormatError(lambda: ngettext(
                "{file}: not valid YAML: a number has more than {n} digit",
                "{file}: not valid YAML: a number has more than {n} digits", digits).format(
                file=name, n=digits)) from None
        raise YamlFormatError(lambda: _("{file}: not valid YAML: {reason}").format(
            file=name, reason=detail)) from None
    except RecursionError:  # cannot happen below MAX_DEPTH; a last guard all the same
        raise YamlFormatError(lambda: _("{file}: nested too deeply").format(file=name)) from None
    finally:
        loader.dispose()


def read_text_bounded(path: str | Path, limit: int = MAX_BYTES) -> str:
    """A regular file's UTF-8 text, refused (YamlFormatError) when it could not be one of ours.

    FIFOs, devices and folders are refused before opening (reading them can block or never
    end); a file over ``limit`` bytes is refused before reading it.
    """
    path = Path(path)
    try:
        info = path.stat()
    except OSError as exc:
        error = exc.strerror or str(exc)
        raise YamlFormatError(lambda: _("{file}: cannot read: {error}").format(
            file=path, error=error)) from None
    if stat.S_ISDIR(info.st_mode):
        raise YamlFormatError(lambda: _("{file}: is a folder, not a file").format(file=path))
    if not stat.S_ISREG(info.st_mode):
        raise YamlFormatError(lambda: _("{file}: not a regular file (a pipe or a device?)").format(
            file=path))
    size = info.st_size
    if size > limit:
        raise YamlFormatError(lambda: _("{file}: too large ({size} bytes; at most {limit})").format(
            file=path, size=_thousands(size), limit=_thousands(limit)))
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        error = exc.strerror or str(exc)
        raise YamlFormatError(lambda: _("{file}: cannot read: {error}").format(
            file=path, error=error)) from None
    if len(raw) > limit:  # it grew since stat
        raise YamlFormatError(lambda: _("{file}: too large (at most {limit} bytes)").format(
            file=path, limit=_thousands(limit)))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = exc.start
        raise YamlFormatError(lambda: _("{file}: not UTF-8 text (byte {offset})").format(
            file=path, offset=start)) from None


def _thousands(n: int) -> str:
    """n with the language's thousands separator (5,242,880; 5 242 880 in Czech)."""
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


def load_yaml_file(path: str | Path) -> Any:
    path = Path(path)
    return load_yaml_text(read_text_bounded(path), str(path))


# ---------------------------------------------------------------------- writing
_Dumper: type = getattr(yaml, "CSafeDumper", None) or yaml.SafeDumper


def dump_yaml(data: Any, *, sort_keys: bool = False, width: int = 100) -> str:
    """Plain data as YAML text (libyaml's emitter when present; identical output either way)."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=sort_keys, allow_unicode=True, width=width)


def fsync_folder(folder: Path) -> None:
    """Make a rename in folder durable (POSIX); a no-op where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write atomically: a temporary file in the same folder, flushed, renamed, folder synced.

    A crash or a full disk leaves the previous file as it was, never a half-written one; a
    temporary file left by a killed process is removed by :func:`remove_stale_temporaries`.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)


def remove_stale_temporaries(folder: str | Path) -> list[Path]:
    """Delete ``*.yaml.*.tmp`` files that a killed writer left in folder; returns them.

    Only our own pattern (``<name>.yaml.<random>.tmp``) is touched. Errors are ignored: this
    is housekeeping, and a read-only folder must not stop the game.
    """
    removed: list[Path] = []
    try:
        candidates = list(Path(folder).glob("*.yaml.*.tmp"))
    except OSError:
        return removed
    for tmp in candidates:
        try:
            if tmp.is_file():
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed
