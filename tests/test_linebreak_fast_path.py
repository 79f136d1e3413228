"""The fast path of line breaking (plain Latin/Greek/Cyrillic prose) gives exactly the
break units of UAX #14 (uniseg), for every string in the shipped catalogues."""

from __future__ import annotations

from pathlib import Path

from uniseg.linebreak import line_break_units  # type: ignore[import-untyped]

from shogun_desktop.i18n import linebreak as lb

LOCALE = Path(__file__).resolve().parents[1] / "shogun_desktop" / "locale"


def catalogue_strings() -> list[str]:
    texts: set[str] = set()
    for po in LOCALE.glob("*/LC_MESSAGES/*.po"):
        current: list[str] = []
        for line in po.read_text(encoding="utf-8").splitlines():
            if line.startswith(("msgid ", "msgstr ", "msgid_plural ", "msgstr[")):
                if current:
                    texts.add("".join(current))
                current = [line.split(" ", 1)[1].strip()[1:-1]]
            elif line.startswith('"') and current:
                current.append(line.strip()[1:-1])
            else:
                if current:
                    texts.add("".join(current))
                current = []
    out = set()
    for t in texts:
        t = t.replace('\\"', '"').replace("\\\\", "\\")
        out.update(p for p in t.split("\\n") if p)
    return sorted(out)


def test_fast_path_equals_uax14_on_every_catalogue_string():
    strings = catalogue_strings()
    simple = [t for t in strings if lb.is_simple(t)]
    assert len(strings) > 500 and len(simple) > 0.3 * len(strings)  # a good share
    wrong = [t for t in simple if lb.break_units(t) != list(line_break_units(t))]
    assert wrong == []


def test_fast_path_cases_and_what_it_leaves_to_uniseg():
    cases = ["Awa-Boso is next — to Kazusa (1 there), tax-min-6.", "  lead space  x",
             "A-5 B-b -x", "Провинция Ава-Босо — владелец 3 армии", "Vaše provincie: 5 armád"]
    for text in cases:
        assert lb.is_simple(text)
        assert lb.break_units(text) == list(line_break_units(text)), text
    for text in ("Battle/Move A", "Hello!Bye", "a—b", "将軍 Shogun", "( x )", "x …"):
        assert not lb.is_simple(text)
