"""Loaders and validation for the YAML files in the repository's ``data/`` folder.

In a checkout (and an editable install) the files are read from ``data/`` and ``assets/``
at the top of the repository; a wheel carries the same folders inside the package as
``shogun_desktop/_data`` and ``shogun_desktop/_assets``; a PyInstaller bundle
(tools/build_bundle.py) unpacks them as ``data/`` and ``assets/`` beside its code, in
``sys._MEIPASS``.

``$SHOGUN_DESKTOP_DATA`` names another data folder (a modded or test copy) for every reader
alike: board, cards and rules, the tower and the map. :func:`data_dir` is the one place that
decides, so no reader can silently use a different folder than the others.
"""

import os
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


class DataError(ValueError):
    """A data file is missing, malformed or inconsistent; the message names file and key."""


def _locate(name: str, marker: str, *, package: Path = _PACKAGE) -> Path:
    """The folder ``name`` (recognised by ``marker`` inside it) for this way of running."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / name
    checkout = package.parent / name
    if (checkout / marker).exists():
        return checkout
    return package / f"_{name}"


DATA_DIR = _locate("data", "board.yaml")
ASSETS_DIR = _locate("assets", "fonts")
DATA_ENV = "SHOGUN_DESKTOP_DATA"


def data_dir() -> Path:
    """The data folder every loader reads by default: $SHOGUN_DESKTOP_DATA, else the shipped one."""
    return Path(os.environ.get(DATA_ENV) or DATA_DIR)
