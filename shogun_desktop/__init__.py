"""Shogun Desktop: a pass-and-play digital edition of Dirk Henn's *Shogun*.

``__version__`` is the one source of the version: pyproject.toml reads it (``dynamic``), the
window title and ``shogun-desktop --version`` show it, and a frozen bundle carries it as code.
"""

__version__ = "0.1.0"
