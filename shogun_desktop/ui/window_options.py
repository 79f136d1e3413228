"""The window's command-line options shared by the window and ``demo`` (no pygame here: the
CLI builds every subcommand's parser, and the headless ones must not import pygame)."""

from __future__ import annotations

import argparse

from shogun_desktop.i18n import _


def parse_size(text: str) -> tuple[int, int] | None:
    """'1920x1080' -> (1920, 1080); None when it is not two positive whole numbers."""
    w, sep, h = text.strip().lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or int(w) <= 0 or int(h) <= 0:
        return None
    return (int(w), int(h))


def size_argument(text: str) -> tuple[int, int]:
    """``--size`` as argparse's type: a size, or a usage error in the player's language."""
    size = parse_size(text)
    if size is None:
        raise argparse.ArgumentTypeError(
            _("expected WIDTHxHEIGHT such as 1920x1080, got {value}").format(value=repr(text)))
    return size


__all__ = ["parse_size", "size_argument"]
