"""Line wrapping that follows each script's rules (Unicode UAX #14 through uniseg).

Latin and Cyrillic break at spaces and hyphens; Chinese breaks between characters but
never before closing punctuation (。，」）…) nor after opening punctuation (「（…), the
line-start/line-end rules every Chinese reader expects. ``measure`` is the renderer's
width function, so this module stays free of pygame.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from uniseg.linebreak import line_break_units  # type: ignore[import-untyped]

# Text in these characters breaks only after spaces and after a hyphen before a letter
# under UAX #14, so it is split directly: uniseg takes about 20 ms for a tooltip, which
# showed as dropped frames when the pointer crossed the map (a test compares both ways
# on every catalogue string). Not simple: what UAX #14 breaks otherwise, e.g. after the "%"
# of argparse's "%(name)s" placeholders.
_SIMPLE = re.compile(r"[A-Za-z0-9\u00C0-\u024F\u0370-\u03FF\u0400-\u052F .,;:!?'\"()·%+\-—]*")
_NOT_SIMPLE = re.compile(r"--|\S—|—\S|\(\s|\s\)|^\s*—|[!?]\S|%\(")  # argparse's "%(": breaks
_PIECES = re.compile(r"\s+|\S+\s*")


def _simple_units(text: str) -> list[str]:
    out = []
    for match in _PIECES.finditer(text):
        piece = match.group()
        start = 0
        for i in range(1, len(piece) - 1):
            if piece[i] == "-" and piece[i - 1].isalnum() and piece[i + 1].isalpha():
                out.append(piece[start:i + 1])
                start = i + 1
        out.append(piece[start:])
    return out


def is_simple(text: str) -> bool:
    """True when ``text`` takes the fast path (Latin, Greek or Cyrillic prose)."""
    return _SIMPLE.fullmatch(text) is not None and _NOT_SIMPLE.search(text) is None


def break_units(text: str) -> list[str]:
    """The pieces between which a line may break (each keeps its trailing spaces)."""
    if not text:
        return []
    if is_simple(text):
        return _simple_units(text)
    return list(line_break_units(text))


def _split_long(unit: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """A unit wider than a line is cut between characters (a long name, a URL)."""
    parts: list[str] = []
    current = ""
    for ch in unit:
        if current and measure(current + ch) > width:
            parts.append(current)
            current = ch
        else:
            current += ch
    if current:
        parts.append(current)
    return parts


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Lines of ``text`` no wider than ``width`` (by ``measure``), greedy, keeping
    explicit newlines; trailing spaces are dropped from each line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for unit in break_units(paragraph):
            candidate = current + unit
            if measure(candidate.rstrip()) <= width:
                current = candidate
                continue
            if current:
                lines.append(current.rstrip())
                current = ""
            if measure(unit.rstrip()) <= width:
                current = unit
            else:
                *full, current = _split_long(unit, width, measure)
                lines.extend(p.rstrip() for p in full)
        lines.append(current.rstrip())
    return lines
