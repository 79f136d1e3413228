"""Command line: the window (no arguments) and the headless subcommands.

Each subcommand lives in its own module exposing ``add_arguments(parser)`` and
``run(args) -> int``; this module only wires them up, and imports a module only when its
subcommand is used, so `scenario` and `simulate` never import pygame.

The commands speak the player's language: ``--lang L`` on the command (read before the
parser is built, so ``--help`` and usage errors are translated too, argparse's own words
included), else — for the window and ``demo`` — the language chosen on the setup screen,
else the system language. Machine
output (``--json``, files) and the report keywords scripts read (``OK``, ``INVALID``,
``PASS``, ``FAIL``) stay as they are.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Mapping, Sequence

from shogun_desktop import __version__
from shogun_desktop.i18n import (
    LANGUAGES,
    N_,
    _,
    current,
    pgettext,
    set_language,
    system_language,
)
from shogun_desktop.i18n.cliargs import argparse_in_language

# subcommand -> (module, one-line help; translated when the parser is built)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "scenario": ("shogun_desktop.scenario", N_("run rules-scenario files and report PASS/FAIL")),
    "simulate": ("shogun_desktop.simulate",
                 N_("play complete games headless with random-legal players")),
    "check": ("shogun_desktop.check", N_("validate save, scenario and data files without playing")),
    "tower-stats": ("shogun_desktop.tower.stats",
                    N_("pour many drops into one physical tower and report")),
    "demo": ("shogun_desktop.ui.demo", N_("an all-computer game in the window (attract mode)")),
}


WINDOW_OPTIONS = ("--size", "--fullscreen", "--fps", "--lang")
REMEMBERING = ("demo",)  # subcommands that open the window: they use the remembered language


def command_language(argv: Sequence[str], environ: Mapping[str, str] | None = None,
                     remembered: str | None = None) -> str:
    """The language of a command: ``--lang L`` (or ``--lang=L``) when it names one we have,
    else ``remembered`` (the window's choice from the preferences), else the system
    language. An unknown L is left to the parser to refuse (in that language)."""
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            return value
    if remembered in LANGUAGES:
        return remembered
    return system_language(environ)


def remembered_language() -> str | None:
    """The language chosen on the setup screen, or None (the preferences never raise)."""
    from shogun_desktop.ui.prefs import Prefs

    return Prefs.load().get("language") or None


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on a subcommand (its value was already applied by :func:`main`)."""
    # demo has its own --lang (the window's language, remembered in the preferences)
    with contextlib.suppress(argparse.ArgumentError):
        parser.add_argument("--lang", choices=list(LANGUAGES), metavar="|".join(LANGUAGES),
                            help=_("language of the messages (default: the system language); "
                                   "--json output is never translated"))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shogun-desktop",
        description=_("Shogun Desktop: the board game Shogun for 3-5 players on one screen."),
        epilog=_("Without a command the game window opens; it takes --size WxH (e.g. "
                 "1920x1080), --fullscreen, --fps N and --lang {languages}.").format(
            languages="|".join(LANGUAGES)),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=pgettext("argparse", "show program's version number and exit"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    for name, (module_name, help_marker) in SUBCOMMANDS.items():
        help_text = _(help_marker)
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module_name)
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            p.set_defaults(_missing=True)
            continue
        module.add_arguments(p)
        add_lang_argument(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    before = current().code
    if not argv or argv[0] in WINDOW_OPTIONS or argv[0].startswith(WINDOW_OPTIONS):
        # the window itself: `shogun-desktop [--size WxH] [--fullscreen] [--fps N] [--lang L]`
        try:
            from shogun_desktop.ui.app import run_window
        except ImportError:
            set_language(command_language(argv))
            with argparse_in_language():
                build_parser().print_help()
            set_language(before)
            return 0
        try:
            return run_window(argv)  # it picks the language before reading the options
        finally:
            set_language(before)
    remembered = remembered_language() if argv[0] in REMEMBERING else None
    set_language(command_language(argv, remembered=remembered))
    try:
        with argparse_in_language():
            parser = build_parser()
            args = parser.parse_args(argv)
        if getattr(args, "_missing", False):
            print(_("shogun-desktop: '{command}' is not available in this build").format(
                command=args.command), file=sys.stderr)
            return 2
        module = importlib.import_module(args._module)
        return int(module.run(args) or 0)
    finally:
        set_language(before)  # a command run inside a process (tests) leaves it as it was


if __name__ == "__main__":
    sys.exit(main())
