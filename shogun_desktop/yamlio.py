"""Strict YAML reading shared by data files, saves and scenarios.

Only ``yaml.SafeLoader`` is used (tags such as ``!!python/object`` are refused), and a
mapping with a repeated key is an error instead of silently keeping the last value.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml


class YamlFormatError(ValueError):
    """A file is not valid YAML for our purposes; the message names the file."""


_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when available


class _StrictLoader(_Base):  # type: ignore[valid-type,misc]
    pass


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        try:
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            seen.add(key)
        except TypeError:  # unhashable keys are rejected by the base constructor anyway
            pass
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml_text(text: str, name: str) -> Any:
    """Parse ``text`` strictly; errors name ``name`` (usually the file path)."""
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        detail = str(exc).replace("\n", " ")
        raise YamlFormatError(f"{name}: not valid YAML: {detail}") from None


def load_yaml_file(path: str | Path) -> Any:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise YamlFormatError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise YamlFormatError(f"{path}: not UTF-8 text") from None
    return load_yaml_text(text, str(path))


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then renamed.

    A crash or a full disk leaves the previous file as it was, never a half-written one.
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
