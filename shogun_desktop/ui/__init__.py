"""pygame-ce window: app loop, one input gateway, scenes, widgets, drawing."""

import os

# The one-line pygame banner would clutter `demo` and tests' output; nothing else is set here.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
