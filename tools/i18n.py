"""Catalogue maintenance for translators and the build (needs the ``dev`` extra: Babel,
fontTools). Never imported by the game.

    python tools/i18n.py extract   # write shogun_desktop/locale/shogun_desktop.pot
    python tools/i18n.py update    # merge the template into every language's .po
    python tools/i18n.py compile   # .po -> .mo (the bundle build runs this)
    python tools/i18n.py stats     # translated / fuzzy / missing per language
    python tools/i18n.py font      # subset the Chinese face to the characters in use

Python strings are found by their gettext calls (``_``, ``ngettext``, ``pgettext``,
``npgettext``); data texts (card, event, special and region names and texts) come from
:func:`shogun_desktop.i18n.datatexts.data_messages`, keyed by their ids as contexts.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from shogun_desktop.i18n import DOMAIN, LANGUAGES, LOCALE_DIR  # noqa: E402
from shogun_desktop.i18n.msgfmt import compile_file, parse_po  # noqa: E402

POT = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {
    "_": None,
    "N_": None,  # gettext_noop: module-level constants, translated where they are shown
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
PLURAL_FORMS = {
    "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "nl": "nplurals=2; plural=(n != 1);",
    "ru": ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
           "(n%100<10 || n%100>=20) ? 1 : 2);"),
    "zh_Hant": "nplurals=1; plural=0;",
}
FONT_SOURCES = {  # Debian fonts-noto-cjk; face 3 of each collection is Traditional Chinese
    "NotoSansCJKtc-Regular-subset.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "NotoSansCJKtc-Bold-subset.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    from shogun_desktop.i18n.datatexts import data_messages

    catalog = Catalog(project="Shogun Desktop", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT / "shogun_desktop"), method_map=[("**.py", "python")],
        keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
    ):
        catalog.add(message, locations=[(f"shogun_desktop/{filename}", lineno)],
                    auto_comments=comments, context=context)
    for context, text, source in data_messages():
        catalog.add(text, locations=[(source, 0)], context=context)
    POT.parent.mkdir(parents=True, exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=True, omit_header=False)
    print(f"{POT.relative_to(ROOT)}: {len(catalog)} messages")


def update() -> None:
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    with POT.open("rb") as f:
        template = read_po(f)
    for code in LANGUAGES:
        if code == "en":
            continue
        path = po_path(code)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=code.replace("_Hant", "_Hant_TW"))
        else:
            catalog = Catalog(locale=code.replace("_Hant", "_Hant_TW"), project="Shogun Desktop")
        catalog.update(template, no_fuzzy_matching=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, sort_output=True, ignore_obsolete=True)
        # Babel writes its own plural rule; keep the one we test against.
        text = path.read_text(encoding="utf-8")
        lines = [f'"Plural-Forms: {PLURAL_FORMS[code]}\\n"' if ln.startswith('"Plural-Forms:')
                 else ln for ln in text.splitlines()]
        # The header is ours, not a guess: a fuzzy header would be skipped by msgfmt.
        head = lines.index('msgid ""')
        if head > 0 and lines[head - 1] == "#, fuzzy":
            del lines[head - 1]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)} updated")


def compile_all() -> None:
    for code in LANGUAGES:
        if code != "en" and po_path(code).exists():
            compile_file(po_path(code), po_path(code).with_suffix(".mo"))
            print(f"{code}: compiled")


def stats() -> int:
    missing_any = 0
    for code in LANGUAGES:
        if code == "en" or not po_path(code).exists():
            continue
        messages = [m for m in parse_po(po_path(code).read_text(encoding="utf-8"))
                    if m.msgid or m.msgctxt]
        done = sum(m.translated for m in messages)
        fuzzy = sum(m.fuzzy for m in messages)
        missing_any += len(messages) - done
        print(f"{code}: {done}/{len(messages)} translated, {fuzzy} fuzzy")
    return 1 if missing_any else 0


def font() -> None:
    from fontTools import subset

    from shogun_desktop.data import ASSETS_DIR
    from shogun_desktop.data.board import default_board

    text = set()
    for m in parse_po(po_path("zh_Hant").read_text(encoding="utf-8")):
        for s in m.msgstr:
            text.update(s)
    # Also the language chooser's names and the board's kanji (shown in every language),
    # full-width punctuation a translator may add, and ASCII for mixed runs.
    text.update("".join(lang.native for lang in LANGUAGES.values()))
    text.update("".join(p.kanji for p in default_board().provinces.values()))
    text.update("，。、；：？！「」『』（）……——～・")
    text.update(chr(c) for c in range(0x20, 0x7F))
    text = {ch for ch in text if ord(ch) >= 0x20}
    chars = "".join(sorted(text))
    for name, source in FONT_SOURCES.items():
        out = ASSETS_DIR / "fonts" / name
        options = subset.Options()
        options.font_number = 3
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        font_ = subset.load_font(source, options)
        sub = subset.Subsetter(options)
        sub.populate(text=chars)
        sub.subset(font_)
        subset.save_font(font_, str(out), options)
        print(f"{out.relative_to(ROOT)}: {len(chars)} characters, {out.stat().st_size // 1024} KB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "stats", "font"])
    args = parser.parse_args()
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "compile":
        compile_all()
    elif args.command == "stats":
        return stats()
    else:
        font()
    return 0


if __name__ == "__main__":
    sys.exit(main())
