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
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any

import yaml

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
    """A file is not valid YAML for our purposes; the message names the file."""


def describe(value: Any, limit: int = 40) -> str:
    """A short description of a value for error messages: its type and a short prefix.

    Never the full ``repr``: a hostile file can make a value huge (or, through aliases,
    astronomically large), and an error message must stay cheap and readable.
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else "a huge integer"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        short = value if len(value) <= limit else value[: limit - 3] + "..."
        return repr(short)
    if isinstance(value, dict):
        return f"a mapping of {len(value)} keys"
    if isinstance(value, list | tuple):
        if len(value) <= 4 and not any(isinstance(v, dict | list | tuple) for v in value):
            return "[" + ", ".join(describe(v, 20) for v in value) + "]"
        return f"a list of {len(value)} items"
    return f"a {type(value).__name__}"


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
            raise yaml.composer.ComposerError(
                None, None, "anchors and aliases (&, *) are not allowed", event.start_mark)
        self._nodes += 1
        if self._nodes > MAX_NODES:
            raise yaml.composer.ComposerError(
                None, None, f"more than {MAX_NODES} values", event.start_mark)
        if isinstance(event, ScalarEvent):
            return self.compose_scalar_node(None)
        if not isinstance(event, SequenceStartEvent | MappingStartEvent):
            raise yaml.composer.ComposerError(None, None, "unexpected YAML event", event.start_mark)
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise yaml.composer.ComposerError(
                None, None, f"nested more than {MAX_DEPTH} levels deep", event.start_mark)
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


def _construct_mapping(loader: Any, node: Any, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {describe(key)}", key_node.start_mark)
            seen.add(key)
        except TypeError:  # unhashable keys are rejected by the base constructor anyway
            pass
    return SafeConstructor.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml_text(text: str, name: str) -> Any:
    """Parse ``text`` strictly; errors name ``name`` (usually the file path)."""
    if len(text) > MAX_BYTES:
        raise YamlFormatError(f"{name}: too large (over {MAX_BYTES // (1024 * 1024)} MB)")
    loader = _Loader(text)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        detail = " ".join(str(exc).split()).replace(' in "<unicode string>",', " at")
        if len(detail) > 300:
            detail = detail[:297] + "..."
        raise YamlFormatError(f"{name}: not valid YAML: {detail}") from None
    except (ValueError, OverflowError) as exc:  # e.g. an integer with too many digits
        raise YamlFormatError(f"{name}: not valid YAML: {' '.join(str(exc).split())[:200]}") from None
    except RecursionError:  # cannot happen below MAX_DEPTH; a last guard all the same
        raise YamlFormatError(f"{name}: nested too deeply") from None
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
        raise YamlFormatError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise YamlFormatError(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise YamlFormatError(f"{path}: not a regular file (a pipe or a device?)")
    if info.st_size > limit:
        raise YamlFormatError(f"{path}: too large ({info.st_size:,} bytes; at most {limit:,})")
    try:
        with open(path, "rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise YamlFormatError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > limit:  # it grew since stat
        raise YamlFormatError(f"{path}: too large (at most {limit:,} bytes)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlFormatError(f"{path}: not UTF-8 text (byte {exc.start})") from None


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
