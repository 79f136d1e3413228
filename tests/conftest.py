"""Shared test setup: every GUI test runs headless."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# settings are read from (and written to) a throwaway folder, never the user's own
os.environ.setdefault("SHOGUN_DESKTOP_CONFIG", tempfile.mkdtemp(prefix="shogun-test-config-"))
# The window follows the system language when none is chosen: tests read English unless they
# switch on purpose (and switch back: tests/test_i18n_*.py), whatever the machine's locale.
os.environ["LANGUAGE"] = "en"
