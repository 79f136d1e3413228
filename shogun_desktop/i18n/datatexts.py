"""Data texts (card, event, special, building, season, phase and region names, the rules
reference prose) translated by their ids.

Every display name of the data is looked up here with a context naming the id
(``event-name:tax-min-6``), so a translation follows the card, not the English words: a
reworded English name shows untranslated until the catalogue is updated, never a wrong one.
The English text comes from the data files, so the catalogue's msgid is the text the data has
now. :func:`data_messages` lists them all for the extractor (``tools/i18n.py extract``).

Pure Python: imports the board data lazily (the data layer calls back into this module).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from shogun_desktop.i18n import pgettext

# Kinds of data text -> context prefix. The context is "<prefix>:<id>".
KINDS = ("action-name", "action-short", "event-name", "event-effect", "special-name",
         "special-effect", "building", "building-in-sentence", "season", "season-in-sentence",
         "phase", "region", "daimyo", "ref")

# A name put inside a sentence has its own catalogue entry ("<kind>-in-sentence:<id>"):
# languages differ in whether it keeps the capital it has as a heading or on a card
# (English "Spring" but "year 2, spring"; Czech "Jaro" but "rok 2, jaro"; Dutch "Kasteel"
# but "er staat al een kasteel"). The English text is the data's name in English's own
# casing for that kind: seasons lower-case, buildings as printed (game components).
SENTENCE_CASE: dict[str, Callable[[str], str]] = {"season": str.lower, "building": str}

# The map shows regions in its own colours (chosen apart from the player colours), so players
# read the colour they see, not the rulebook's; the ids are the rulebook's.
REGION_LABELS: dict[str, str] = {
    "green": "Teal region", "red": "Orange region", "purple": "Rose region",
    "yellow": "White region", "brown": "Brown region",
}


def text(kind: str, ident: str, english: str) -> str:
    """The data text ``english`` of ``kind`` ``ident`` in the current language."""
    if not english:
        return english
    return pgettext(f"{kind}:{ident}", english)


def in_sentence(kind: str, ident: str, name: str) -> str:
    """The data name ``name`` (English, as in the data) of ``kind`` ``ident`` as it reads
    inside a sentence, in the current language."""
    return text(f"{kind}-in-sentence", ident, SENTENCE_CASE[kind](name))


def region_name(region: str) -> str:
    """A region as players read it ("Teal region"), translated."""
    return text("region", region, REGION_LABELS.get(region, region.title() + " region"))


def reference_text(msg_id: str, english: str) -> str:
    """The rules reference's translate hook: a block of prose by its id."""
    return text("ref", msg_id, english)


def data_messages(data_dir: str | None = None) -> Iterator[tuple[str, str, str]]:
    """Every data text as (context, English text, source file), for the extractor."""
    from shogun_desktop.data.board import default_board, load_board_data
    from shogun_desktop.data.reference import load_reference

    board = load_board_data(data_dir) if data_dir else default_board()
    cards, rules = "data/cards.yaml", "data/rules.yaml"
    for a in board.actions:
        yield f"action-name:{a.id}", a.name, cards
        yield f"action-short:{a.id}", a.short, cards
    for eid, e in board.event_defs.items():
        yield f"event-name:{eid}", e.name, cards
        yield f"event-effect:{eid}", e.effect, cards
    for sid, s in board.special_defs.items():
        yield f"special-name:{sid}", s.name, cards
        yield f"special-effect:{sid}", s.effect, cards
    for colour, name in board.daimyo.items():
        yield f"daimyo:{colour}", name, cards
    for group, prefix in ((board.names.buildings, "building"), (board.names.seasons, "season"),
                          (board.names.phases, "phase")):
        for key, name in group.items():
            yield f"{prefix}:{key}", name, rules
            if prefix in SENTENCE_CASE:
                yield f"{prefix}-in-sentence:{key}", SENTENCE_CASE[prefix](name), rules
    for region, label in REGION_LABELS.items():
        yield f"region:{region}", label, "shogun_desktop/i18n/datatexts.py"
    seen: list[tuple[str, str]] = []

    def record(msg_id: str, english: str) -> str:
        seen.append((msg_id, english))
        return english

    load_reference(data_dir, board=board, translate=record)
    for msg_id, english in seen:
        yield f"ref:{msg_id}", english, "data/reference.yaml"


__all__ = ["KINDS", "REGION_LABELS", "SENTENCE_CASE", "data_messages", "in_sentence",
           "reference_text", "region_name", "text"]
