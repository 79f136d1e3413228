"""Command line: the window (no arguments) and the headless subcommands.

Each subcommand lives in its own module exposing ``add_arguments(parser)`` and
``run(args) -> int``; this module only wires them up, and imports a module only when its
subcommand is used, so `scenario` and `simulate` never import pygame.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from shogun_desktop import __version__

# subcommand -> (module, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "scenario": ("shogun_desktop.scenario", "run rules-scenario files and report PASS/FAIL"),
    "simulate": ("shogun_desktop.simulate", "play complete games headless with random-legal players"),
    "check": ("shogun_desktop.check", "validate save, scenario and data files without playing"),
    "tower-stats": ("shogun_desktop.tower.stats", "pour many drops into one physical tower and report"),
    "demo": ("shogun_desktop.ui.demo", "an all-computer game in the window (attract mode)"),
}


WINDOW_OPTIONS = ("--size", "--fullscreen", "--fps", "--lang")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shogun-desktop",
        description="Shogun Desktop: the board game Shogun for 3-5 players on one screen.",
        epilog="Without a command the game window opens; it takes --size WxH (e.g. 1920x1080),"
        " --fullscreen, --fps N and --lang en|cs|nl|ru|zh_Hant.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module_name)
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            p.set_defaults(_missing=True)
            continue
        module.add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in WINDOW_OPTIONS or argv[0].startswith(WINDOW_OPTIONS):
        # the window itself: `shogun-desktop [--size WxH] [--fullscreen] [--fps N]`
        try:
            from shogun_desktop.ui.app import run_window
        except ImportError:
            build_parser().print_help()
            return 0
        return run_window(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "_missing", False):
        print(f"shogun-desktop: '{args.command}' is not available in this build", file=sys.stderr)
        return 2
    module = importlib.import_module(args._module)
    return int(module.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
