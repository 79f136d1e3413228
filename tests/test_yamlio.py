"""The one strict YAML reader: hostile text is refused before anything is built recursively."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from shogun_desktop import yamlio
from shogun_desktop.yamlio import (
    YamlFormatError,
    describe,
    dump_yaml,
    load_yaml_file,
    load_yaml_text,
    remove_stale_temporaries,
    write_text_atomic,
)


@pytest.mark.parametrize(("text", "reason"), [
    ("[" * 25_000 + "]" * 25_000, "nested more than"),
    ("{a: " * 5_000 + "1" + "}" * 5_000, "nested more than"),
    ("".join(" " * i + "a:\n" for i in range(2_000)), "nested more than"),
    ("- " * 5_000 + "1\n", "nested more than"),
    ("a: &x [1, 2]\nb: *x\n", "anchors and aliases"),
    ("a: &x 1\n", "anchors and aliases"),
    ("a: 1\nb: 2\na: 3\n", "duplicate key 'a'"),
    ("!!python/object/apply:os.system ['true']\n", "could not determine a constructor"),
    ("a: " + "9" * 10_000 + "\n", "not valid YAML"),
    ("[" + ",".join(["1"] * (yamlio.MAX_NODES + 1)) + "]", "more than"),
])
def test_hostile_text_is_refused_with_a_short_reason(text: str, reason: str) -> None:
    with pytest.raises(YamlFormatError) as err:
        load_yaml_text(text, "hostile.yaml")
    message = str(err.value)
    assert message.startswith("hostile.yaml: ") and reason in message
    assert len(message) < 400


def test_an_alias_bomb_is_refused_without_expanding_it() -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        prev, cur = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{cur}: &{cur} [" + ", ".join([f"*{prev}"] * 9) + "]")
    with pytest.raises(YamlFormatError, match="anchors and aliases"):
        load_yaml_text("\n".join(lines), "bomb.yaml")


def test_files_that_cannot_be_ours_are_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (yamlio.MAX_BYTES + 1))
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("name: Jos\xe9\n".encode("latin-1"))
    cases = {big: "too large", fifo: "not a regular file", tmp_path: "is a folder",
             tmp_path / "missing.yaml": "cannot read", latin: "not UTF-8"}
    if Path("/dev/zero").exists():
        cases[Path("/dev/zero")] = "not a regular file"
    for path, reason in cases.items():
        with pytest.raises(YamlFormatError, match=reason):
            load_yaml_file(path)


def test_the_writer_matches_the_pure_python_emitter_byte_for_byte() -> None:
    doc = {"b": [1, 2.5, None, True, "Tōkyō", "a: b", "x" * 150], "a": {"k": [[1, "two"]]}}
    assert dump_yaml(doc) == yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100)
    assert load_yaml_text(dump_yaml(doc), "round") == doc


def test_values_are_described_by_type_and_a_short_prefix() -> None:
    assert describe("x" * 10_000) == repr("x" * 37 + "...")
    assert describe(list(range(10_000))) == "a list of 10000 items"
    assert describe({"a": 1}) == "a mapping of 1 key"  # ngettext: one key, two keys
    assert describe(10**100) == "a huge integer"
    assert describe(None) == "null" and describe(True) == "true" and describe(3) == "3"


def test_atomic_writes_leave_no_temporary_and_stale_ones_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "autosave.yaml"
    write_text_atomic(target, "a: 1\n")
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.yaml"]
    stale = tmp_path / "autosave.yaml.abc123.tmp"
    stale.write_text("half a sa")
    other = tmp_path / "notes.tmp"
    other.write_text("not ours")
    assert remove_stale_temporaries(tmp_path) == [stale]
    assert not stale.exists() and other.exists() and target.read_text() == "a: 1\n"


def test_without_libyaml_the_pure_python_reader_refuses_the_same() -> None:
    import subprocess
    import sys

    code = """
import yaml
yaml.__with_libyaml__ = False
from shogun_desktop.yamlio import YamlFormatError, _Loader, load_yaml_text
assert _Loader.__mro__[1] is yaml.reader.Reader
for text in ["[" * 25000 + "]" * 25000, "- " * 5000 + "1", "a: &x 1", "a: 1\\na: 2"]:
    try:
        load_yaml_text(text, "x")
    except YamlFormatError as exc:
        print(str(exc)[:40])
print(load_yaml_text("a: [1, {b: c}]", "x"))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-500:]
    assert proc.stdout.count("x: not valid YAML") == 4
    assert proc.stdout.splitlines()[-1] == "{'a': [1, {'b': 'c'}]}"


def test_the_folder_is_synced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import stat

    synced: list[str] = []
    real_fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        kind = "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
        synced.append(kind + (":renamed" if (tmp_path / "save.yaml").exists() else ""))
        real_fsync(fd)

    monkeypatch.setattr(yamlio.os, "fsync", recording_fsync)
    write_text_atomic(tmp_path / "save.yaml", "a: 1\n")
    assert synced == ["file", "folder:renamed"]
