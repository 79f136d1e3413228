"""Shared test setup: every GUI test runs headless."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# settings are read from (and written to) a throwaway folder, never the user's own
if "SHOGUN_DESKTOP_CONFIG" not in os.environ:
    _config = tempfile.mkdtemp(prefix="shogun-test-config-")
    os.environ["SHOGUN_DESKTOP_CONFIG"] = _config
    # tests play as a returning player: the first-game guide is off unless a test turns it on
    with open(os.path.join(_config, "settings.yaml"), "w", encoding="utf-8") as _f:
        _f.write("version: 1\nsettings:\n  guide.enabled: false\n")
# The window follows the system language when none is chosen: tests read English unless they
# switch on purpose (and switch back: tests/test_i18n_*.py), whatever the machine's locale.
os.environ["LANGUAGE"] = "en"
