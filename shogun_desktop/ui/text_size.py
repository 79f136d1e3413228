"""The player's text size (UI scale), kept in a small file beside the saves.

Self-contained on purpose: when a general preferences store exists, these two functions are
the only place to point at it. A missing or unreadable file means the default.
"""

from __future__ import annotations

from pathlib import Path

from shogun_desktop.i18n import _
from shogun_desktop.yamlio import write_text_atomic

FILE_NAME = "text-size.txt"
CHOICES = (0.9, 1.0, 1.1, 1.2)
DEFAULT = 1.0


def load_text_size(folder: Path | str) -> float:
    try:
        value = float((Path(folder) / FILE_NAME).read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return DEFAULT
    return value if value in CHOICES else DEFAULT


def save_text_size(folder: Path | str, value: float) -> None:
    """Written atomically; a failure to write only loses the preference."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(folder / FILE_NAME, f"{value}\n")
    except OSError:
        pass


def next_text_size(value: float) -> float:
    """The next choice, wrapping round (the menu's button cycles through them)."""
    later = [c for c in CHOICES if c > value + 1e-9]
    return later[0] if later else CHOICES[0]


def label(value: float) -> str:
    """The menu button's words, in the player's language."""
    return _("Text size: {percent}%").format(percent=round(value * 100))
