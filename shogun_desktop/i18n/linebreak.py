"""Line wrapping that follows each script's rules (Unicode UAX #14 through uniseg).

Latin and Cyrillic break at spaces and hyphens; Chinese breaks between characters but
never before closing punctuation (。，」）…) nor after opening punctuation (「（…), the
line-start/line-end rules every Chinese reader expects. ``measure`` is the renderer's
width function, so this module stays free of pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from uniseg.linebreak import line_break_units  # type: ignore[import-untyped]


def break_units(text: str) -> list[str]:
    """The pieces between which a line may break (each keeps its trailing spaces)."""
    return list(line_break_units(text)) if text else []


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
