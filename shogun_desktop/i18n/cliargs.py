"""argparse in the player's language: its own words ("usage:", "options", "show this help
message and exit", "error:", "invalid choice: …") from our catalogue.

argparse looks its texts up through ``gettext.gettext`` in the process-wide default domain,
which this game never installs (our catalogue is read through :mod:`shogun_desktop.i18n`).
:func:`argparse_in_language` puts our lookup in argparse's place while a parser is built and
parses — help, usage errors and ``--help`` happen inside that — and puts argparse's own back
afterwards. The table below holds argparse's English texts as they are in Python 3.11-3.13;
a text a later Python words differently simply stays English. A translation whose ``%``
placeholders differ from argparse's is not used (argparse would fail formatting it).
"""

from __future__ import annotations

import argparse
import contextlib
import re
from collections.abc import Iterator

from shogun_desktop.i18n import pgettext

_PERCENT = re.compile(r"%(?:\(\w+\))?[srd%]")


def argparse_messages() -> dict[str, str]:
    """argparse's English text -> the current language's (context "argparse")."""
    return {
        "usage: ": pgettext("argparse", "usage: "),
        "positional arguments": pgettext("argparse", "positional arguments"),
        "options": pgettext("argparse", "options"),
        "show this help message and exit": pgettext("argparse",
                                                    "show this help message and exit"),
        "show program's version number and exit": pgettext(
            "argparse", "show program's version number and exit"),
        "%(prog)s: error: %(message)s\n": pgettext("argparse",
                                                   "%(prog)s: error: %(message)s\n"),
        "argument %(argument_name)s: %(message)s": pgettext(
            "argparse", "argument %(argument_name)s: %(message)s"),
        "unrecognized arguments: %s": pgettext("argparse", "unrecognized arguments: %s"),
        "the following arguments are required: %s": pgettext(
            "argparse", "the following arguments are required: %s"),
        "expected one argument": pgettext("argparse", "expected one argument"),
        "expected at most one argument": pgettext("argparse", "expected at most one argument"),
        "expected at least one argument": pgettext("argparse",
                                                   "expected at least one argument"),
        "invalid %(type)s value: %(value)r": pgettext("argparse",
                                                      "invalid %(type)s value: %(value)r"),
        "invalid choice: %(value)r (choose from %(choices)s)": pgettext(
            "argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
        "ambiguous option: %(option)s could match %(matches)s": pgettext(
            "argparse", "ambiguous option: %(option)s could match %(matches)s"),
        "not allowed with argument %s": pgettext("argparse", "not allowed with argument %s"),
        "ignored explicit argument %r": pgettext("argparse", "ignored explicit argument %r"),
        "one of the arguments %s is required": pgettext("argparse",
                                                        "one of the arguments %s is required"),
        "unknown parser %(parser_name)r (choices: %(choices)s)": pgettext(
            "argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"),
    }


def _same_placeholders(english: str, translated: str) -> bool:
    return sorted(_PERCENT.findall(english)) == sorted(_PERCENT.findall(translated))


@contextlib.contextmanager
def argparse_in_language() -> Iterator[None]:
    """While inside, argparse words its help and errors in the current language."""
    table = {english: text for english, text in argparse_messages().items()
             if _same_placeholders(english, text)}
    own = argparse._  # type: ignore[attr-defined]  # argparse's `from gettext import gettext as _`

    def translate(message: str) -> str:
        return table.get(message) or own(message)

    setattr(argparse, "_", translate)  # noqa: B010 - argparse reads its module global `_`
    try:
        yield
    finally:
        setattr(argparse, "_", own)  # noqa: B010


__all__ = ["argparse_in_language", "argparse_messages"]
