"""Loaders and validation for the YAML files in the repository's ``data/`` folder.

In a checkout (and an editable install) the files are read from ``data/`` and ``assets/``
at the top of the repository; a wheel carries the same folders inside the package as
``shogun_desktop/_data`` and ``shogun_desktop/_assets``; a PyInstaller bundle
(tools/build_bundle.py) unpacks them as ``data/`` and ``assets/`` beside its code, in
``sys._MEIPASS``.
"""

import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


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
