"""The translation layer: every string a player sees goes through here.

Standard gettext catalogues, one per language, live in ``shogun_desktop/locale``
(``<lang>/LC_MESSAGES/shogun_desktop.po``, compiled to ``.mo`` by the build, or in memory
when a checkout has none). Contexts keep short words apart (``pgettext("action", "Tax")``)
and name data texts by id (``pgettext("event-name:tax-min-6", "Tax at least 6")``), so a
reworded English text never silently drops a translation and translators see the English.
Plurals follow each language's own rule through gettext's ``Plural-Forms`` header.

The language is process-wide, like gettext's own: the window sets it once from the
preferences (or ``--lang``) and every layer reads the same catalogue.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from shogun_desktop.i18n.msgfmt import compile_mo, parse_po

DOMAIN = "shogun_desktop"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"


@dataclass(frozen=True)
class Language:
    code: str
    native: str  # the language's name in itself, for the chooser
    english: str


LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English", "English"),
        Language("cs", "Čeština", "Czech"),
        Language("nl", "Nederlands", "Dutch"),
        Language("ru", "Русский", "Russian"),
        Language("zh_Hant", "繁體中文", "Chinese (Traditional)"),
    )
}
DEFAULT = "en"


def normalise(tag: str | None) -> str | None:
    """Our code for a locale or language tag (``cs_CZ.UTF-8`` -> ``cs``; ``zh-TW`` and
    ``zh_Hant_HK`` -> ``zh_Hant``), or None when we do not have that language."""
    if not tag:
        return None
    tag = tag.split(".")[0].split("@")[0].replace("-", "_")
    parts = [p for p in tag.split("_") if p]
    if not parts:
        return None
    lang = parts[0].lower()
    if lang == "zh":
        rest = {p.lower() for p in parts[1:]}
        # Traditional script: explicit Hant, or the regions that write it.
        if rest & {"hant", "tw", "hk", "mo"}:
            return "zh_Hant"
        return None
    if lang in LANGUAGES:
        return lang
    return None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The player's system language if we have it, else English.

    Follows gettext's order of variables (LANGUAGE may list several, colon-separated);
    falls back to the C library's locale, which is what Windows and macOS report.
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        for tag in value.split(":"):
            code = normalise(tag)
            if code:
                return code
        if value and var != "LANGUAGE":
            return DEFAULT  # the first locale variable set decides, like gettext
    if environ is None:
        try:
            code = normalise(locale.getlocale()[0])
        except (ValueError, TypeError):  # pragma: no cover - platform-specific
            code = None
        if code:
            return code
    return DEFAULT


def load_catalogue(code: str, locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The compiled catalogue of ``code`` (English is the ids themselves)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; known: {', '.join(LANGUAGES)}")
    if code == DEFAULT:
        return gettext.NullTranslations()
    folder = locale_dir / code / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    po = folder / f"{DOMAIN}.po"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        data = mo.read_bytes()
    elif po.exists():
        data = compile_mo(parse_po(po.read_text(encoding="utf-8"), str(po)))
    else:
        raise FileNotFoundError(f"no catalogue for {code!r} in {folder}")
    return gettext.GNUTranslations(io.BytesIO(data))


class Translator:
    """One language's catalogue, with the four gettext calls."""

    def __init__(self, code: str = DEFAULT, locale_dir: Path = LOCALE_DIR) -> None:
        self.code = code
        self.catalogue = load_catalogue(code, locale_dir)

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalogue.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalogue.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.catalogue.npgettext(context, singular, plural, n)


_current = Translator()


def set_language(code: str) -> Translator:
    """Switch every layer to ``code``; returns the new translator."""
    global _current
    _current = Translator(code)
    return _current


def current() -> Translator:
    return _current


def _(message: str) -> str:
    return _current.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark a module-level constant for extraction without translating it (gettext_noop):
    the code translates it with ``_()`` where it is shown, in the language chosen by then."""
    return message


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


__all__ = [
    "DEFAULT", "DOMAIN", "LANGUAGES", "LOCALE_DIR", "N_", "Language", "Translator", "_", "current",
    "load_catalogue", "ngettext", "normalise", "npgettext", "pgettext", "set_language",
    "system_language",
]
