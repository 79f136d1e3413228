"""Read gettext ``.po`` catalogues and write ``.mo`` files, in pure Python.

The build compiles every catalogue to ``.mo``; a checkout without compiled catalogues
compiles them in memory at start-up, so both read the same bytes through the standard
library's :class:`gettext.GNUTranslations` (which also evaluates each language's plural
rule). Babel, a development extra, only extracts and merges catalogues.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read; the message names the file and line."""


@dataclass
class Message:
    """One catalogue entry: context, singular/plural ids and the translations."""

    msgid: str
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def key(self) -> str:
        """The id as a ``.mo`` file stores it (context and id joined by EOT)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        return not self.fuzzy and bool(self.msgstr) and all(self.msgstr)


def _unquote(token: str, where: str) -> str:
    token = token.strip()
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {token[:40]!r}")
    body = token[1:-1]
    if "\\" not in body and '"' not in body:  # nothing escaped: the text itself (most lines)
        return body
    try:
        value = ast.literal_eval(token)
    except (ValueError, SyntaxError) as exc:
        raise CatalogError(f"{where}: bad string {token[:40]!r}") from exc
    if not isinstance(value, str):  # pragma: no cover - literal_eval of "..." is a str
        raise CatalogError(f"{where}: bad string {token[:40]!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> list[Message]:
    """Every entry of a ``.po`` text, the header (msgid "") included."""
    messages: list[Message] = []
    current: Message | None = None
    fuzzy = False
    field_name: str | None = None
    index = 0

    def finish() -> None:
        nonlocal current
        if current is not None:
            messages.append(current)
        current = None

    for lineno, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{lineno}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#,"):
            fuzzy = "fuzzy" in line
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or field_name is None:
                raise CatalogError(f"{where}: a continuation line outside an entry")
            value = _unquote(line, where)
            if field_name == "msgstr":
                current.msgstr[index] += value
            else:
                setattr(current, field_name, getattr(current, field_name) + value)
            continue
        if keyword == "msgctxt" or (keyword == "msgid" and (current is None or current.msgstr)):
            finish()
            current = Message(msgid="", fuzzy=fuzzy)
            fuzzy = False
        if current is None:
            raise CatalogError(f"{where}: {keyword} before msgid")
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            setattr(current, keyword, _unquote(rest, where))
            field_name = keyword
        elif keyword == "msgstr" or keyword.startswith("msgstr["):
            if keyword == "msgstr":
                index = 0
            else:
                digits = keyword[7:-1]
                if not digits.isdigit() or not keyword.endswith("]"):
                    raise CatalogError(f"{where}: bad keyword {keyword[:20]!r}")
                index = int(digits)
            if index != len(current.msgstr):
                raise CatalogError(f"{where}: msgstr[{index}] out of order")
            current.msgstr.append(_unquote(rest, where))
            field_name = "msgstr"
        else:
            raise CatalogError(f"{where}: unknown keyword {keyword[:20]!r}")
    finish()
    return messages


def compile_mo(messages: list[Message]) -> bytes:
    """The ``.mo`` bytes of the translated entries (untranslated and fuzzy ones are left out:
    gettext then falls back to the English id)."""
    entries: dict[bytes, bytes] = {}
    for m in messages:
        if m.msgid == "" and m.msgctxt is None:
            entries[b""] = m.msgstr[0].encode("utf-8") if m.msgstr else b""
            continue
        if not m.translated:
            continue
        key = m.key if m.msgid_plural is None else f"{m.key}\x00{m.msgid_plural}"
        entries[key.encode("utf-8")] = "\x00".join(m.msgstr).encode("utf-8")
    keys = sorted(entries)
    ids = b"".join(k + b"\x00" for k in keys)
    strs = b"".join(entries[k] + b"\x00" for k in keys)
    header = 7 * 4
    key_start = header + len(keys) * 16
    offsets: list[int] = []
    pos = 0
    for k in keys:
        offsets += [len(k), key_start + pos]
        pos += len(k) + 1
    val_start = key_start + len(ids)
    pos = 0
    for k in keys:
        offsets += [len(entries[k]), val_start + pos]
        pos += len(entries[k]) + 1
    n = len(keys)
    out = struct.pack("Iiiiiii", 0x950412DE, 0, n, header, header + n * 8, 0, 0)
    out += struct.pack(f"{2 * n}i", *offsets[: 2 * n])
    out += struct.pack(f"{2 * n}i", *offsets[2 * n :])
    return out + ids + strs


def compile_file(po: Path, mo: Path) -> None:
    """Compile one catalogue file to its ``.mo`` (used by the build)."""
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(compile_mo(parse_po(po.read_text(encoding="utf-8"), str(po))))
