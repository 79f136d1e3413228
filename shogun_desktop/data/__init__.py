"""Loaders and validation for the YAML files in the repository's ``data/`` folder.

In a checkout (and an editable install) the files are read from ``data/`` and ``assets/``
at the top of the repository; a wheel carries the same folders inside the package as
``shogun_desktop/_data`` and ``shogun_desktop/_assets``.
"""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


def _locate(name: str, marker: str) -> Path:
    checkout = _PACKAGE.parent / name
    if (checkout / marker).exists():
        return checkout
    return _PACKAGE / f"_{name}"


DATA_DIR = _locate("data", "board.yaml")
ASSETS_DIR = _locate("assets", "fonts")
