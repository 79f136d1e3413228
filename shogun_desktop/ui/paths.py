"""Where the window finds its fonts and the game's data files.

Functions, not constants, so importing the UI never touches the file system; an environment
variable overrides each folder so an installed copy (or a test) can point elsewhere. The data
folder is decided in one place for every reader, :func:`shogun_desktop.data.data_dir`.
"""

from __future__ import annotations

import os
from pathlib import Path

from shogun_desktop.data import ASSETS_DIR, data_dir  # noqa: F401  (re-exported: one source of the data folder)


def assets_dir() -> Path:
    return Path(os.environ.get("SHOGUN_DESKTOP_ASSETS") or ASSETS_DIR)


def saves_dir() -> Path:
    """Saves and the autosave: $SHOGUN_DESKTOP_SAVES, else the user's data folder.

    (SHOGUN_DESKTOP_DATA already names the folder of the board data files.)
    """
    env = os.environ.get("SHOGUN_DESKTOP_SAVES")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("shogun-desktop"))
