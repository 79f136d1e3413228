"""The in-game rules reference: prose from data/reference.yaml, numbers from the board data.

The prose is stored by stable ids (chapter, section, block) so a translation can replace any
piece by id; numbers that live in cards.yaml / rules.yaml are never written in the prose but
filled in from the loaded :class:`BoardData` through ``{name}`` placeholders (``data_facts``)
and the tables are built from the data. So a changed cost or VP value shows in the reference
without touching its text. Every error names the file and the key path.

Pure Python (no pygame): the window's reference scene only lays out what this returns.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from shogun_desktop import i18n
from shogun_desktop.data import DATA_DIR
from shogun_desktop.data.board import (
    ACTION_IDS,
    BoardData,
    DataError,
    _display,
    _load,
    _Reader,
    default_board,
    load_board_data,
)
from shogun_desktop.i18n import _, ngettext
from shogun_desktop.yamlio import describe

Translate = Callable[[str, str], str]  # (message id, English text) -> text to show
CARD_KINDS = ("actions", "events", "specials")
TABLES = ("start", "bids", "events", "actions", "provisions", "scoring")

# ---------------------------------------------------------------- card names and texts
# Display names until data/cards.yaml carries them; card_text() is the only reader, so the
# names can be re-pointed at the card data in one place.
@dataclass(frozen=True)
class CardText:
    name: str
    effect: str  # the printed effect ("" for action cards: their text is in reference.yaml)


def card_text(board: BoardData, kind: str, card_id: str) -> CardText:
    """Display name and effect of one card (both from data/cards.yaml, where they live once)."""
    if kind == "actions":
        return CardText(board.action_name(card_id), "")
    if kind == "events":
        return CardText(board.event_name(card_id), board.event_effect(card_id))
    if kind == "specials":
        return CardText(board.special_name(card_id), board.special_effect(card_id))
    raise KeyError(kind)


def card_ids(board: BoardData, kind: str) -> tuple[str, ...]:
    """The card ids of a kind, in the order of data/cards.yaml."""
    if kind == "actions":
        return tuple(a.id for a in board.actions)
    if kind == "events":
        return tuple(board.event_effects)
    return tuple(board.specials)


# ---------------------------------------------------------------- the rendered reference
@dataclass(frozen=True)
class Block:
    """One piece of a section: kind is 'text', 'items', 'note' or 'table'.

    id is the stable translation id (``chapter/section/block``). text holds a paragraph or a
    note; items the bullet points; columns and rows a table's header and cells.
    """

    id: str
    kind: str
    text: str = ""
    items: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()

    def strings(self) -> tuple[str, ...]:
        """Every searchable string of the block (markup stripped)."""
        return tuple(plain(s) for s in (self.text, *self.items, *self.columns,
                                         *(c for row in self.rows for c in row)) if s)


@dataclass(frozen=True)
class Section:
    id: str  # "chapter/section"
    title: str
    blocks: tuple[Block, ...]

    def matches(self, query: str) -> bool:
        """query occurs in the title or the text (case and accents ignored)."""
        q = fold(query.strip())
        return q in fold(self.title) or any(q in fold(s) for b in self.blocks
                                            for s in b.strings())


@dataclass(frozen=True)
class Chapter:
    id: str
    title: str
    sections: tuple[Section, ...]
    kind: str | None = None  # a card chapter: "actions", "events" or "specials"


@dataclass(frozen=True)
class Reference:
    chapters: tuple[Chapter, ...]

    def sections(self) -> tuple[Section, ...]:
        return tuple(s for c in self.chapters for s in c.sections)

    def section(self, section_id: str) -> Section:
        for s in self.sections():
            if s.id == section_id:
                return s
        raise KeyError(section_id)

    def chapter_of(self, section_id: str) -> Chapter:
        for c in self.chapters:
            if any(s.id == section_id for s in c.sections):
                return c
        raise KeyError(section_id)

    def search(self, query: str) -> tuple[Section, ...]:
        """Sections whose title or text contains query (case-insensitive), in book order."""
        query = query.strip()
        if not query:
            return self.sections()
        return tuple(s for s in self.sections() if s.matches(query))


_BOLD = re.compile(r"\*\*(.+?)\*\*")


@lru_cache(maxsize=16384)
def fold_map(text: str) -> tuple[str, tuple[int, ...]]:
    """text folded for searching (case and accents ignored: 'no' finds 'Nō') and, for each
    folded character, the index of the character of text it came from."""
    out: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text):
        base = "".join(c for c in unicodedata.normalize("NFKD", ch)
                       if not unicodedata.combining(c)).casefold()
        out.append(base)
        index.extend([i] * len(base))
    return "".join(out), tuple(index)


def fold(text: str) -> str:
    return fold_map(text)[0]


def find_matches(text: str, query: str) -> list[tuple[int, int]]:
    """Ranges of text where query occurs, ignoring case and accents."""
    q = fold(query.strip())
    if not q:
        return []
    folded, index = fold_map(text)
    out, i = [], folded.find(q)
    while i >= 0:
        out.append((index[i], index[i + len(q) - 1] + 1))
        i = folded.find(q, i + len(q))
    return out


def plain(text: str) -> str:
    """text without its **bold** markup."""
    return _BOLD.sub(r"\1", text)


# ---------------------------------------------------------------- numbers from the data
def _join(values) -> str:
    return ", ".join(str(v) for v in values)


def data_facts(board: BoardData) -> dict[str, str]:
    """The {placeholder} values the prose may use, all read from the loaded data."""
    c = board.components
    sun_regions = board.regions["sun"]
    facts: dict[str, Any] = {
        "provinces": len(board.provinces),
        "regions": len(sun_regions),
        "region_size": min(len(v) for v in sun_regions.values()),
        "excluded_3": len(board.excluded_with_3["sun"]),
        "armies": c.armies_per_player,
        "farmers": c.farmers,
        "castles": c.castles,
        "temples": c.temples,
        "theaters": c.theaters,
        "revolt_markers": c.revolt_markers,
        "chest_cards": len(c.chest_cards),
        "chest_values": _join(sorted(c.chest_cards)),
        "load_armies": c.load_armies_per_player,
        "load_farmers": c.load_farmers,
        "events": len(board.events),
        "specials": len(board.specials),
        "score_province": board.score_province,
        "score_building": board.score_building,
        "tied_penalty": board.tied_majority_penalty,
    }
    for n, table in board.start.items():
        facts[f"chests_{n}"] = table.chests
        facts[f"groups_{n}"] = _join(table.groups)
    for b, vp in board.majority.items():
        facts[f"majority_{b}"] = vp
    for a in board.actions:
        key = a.id.replace("-", "_")
        facts[f"{key}_cost"] = a.cost
        facts[f"{key}_armies"] = a.armies
    for kind in CARD_KINDS:
        for cid in card_ids(board, kind):
            facts[f"{kind[:-1]}_{cid.replace('-', '_')}"] = card_text(board, kind, cid).name
    return {k: str(v) for k, v in facts.items()}


# ---------------------------------------------------------------- loading and validation
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# The words the tables and card headers are built with, and the placeholders each may use.
LABELS: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "war-chests-one": {"n"}, "war-chests-other": {"n"},
    "armies-one": {"n"}, "armies-other": {"n"},
    "copies-one": {"n"}, "copies-other": {"n"},
    "free": (), "nothing": (), "or": (), "not-applicable": (),
    "bid-chest": {"value"}, "bid-province": (), "bid-empty": (),
    "pick-first": (), "pick-then": (), "pick-last": (),
    "rice": {"values"}, "range": {"low", "high"}, "open-range": {"low"},
    "score-province": (), "score-building": (),
    "majority-castle": (), "majority-temple": (), "majority-theater": (),
    "action-cost": {"cost", "space"}, "event-loss": {"values", "copies"}, "special-use": (),
}.items()}
_FORMATTER = string.Formatter()


class _Builder:
    """Reads reference.yaml strictly and renders it with the data's numbers."""

    def __init__(self, path: Path, board: BoardData, translate: Translate | None) -> None:
        self.r = _Reader(_display(path))
        self.board = board
        self.facts = data_facts(board)
        self.tr = translate or (lambda _id, text: text)
        self.translated = translate is not None

    def fail(self, key: str, msg: str) -> DataError:
        return self.r.fail(key, msg)

    def ident(self, obj: dict, path: str, seen: set[str]) -> str:
        value = self.r.get(obj, "id", path, str)
        if not _ID.match(value):
            raise self.fail(f"{path}.id", _("must be lower-case letters, digits and '-', not "
                                            "{value}").format(value=describe(value)))
        if value in seen:
            raise self.fail(f"{path}.id", _("duplicate id {id}").format(id=describe(value)))
        seen.add(value)
        return value

    def text(self, value: Any, key: str, msg_id: str, extra: dict[str, str] | None = None) -> str:
        """One translatable string: checked, translated by id, placeholders filled."""
        self.r.check_type(value, key, str)
        if not value.strip():
            raise self.fail(key, _("must not be empty"))
        facts = {**self.facts, **(extra or {})}
        self._check_markup(value, key, facts)
        shown = self.tr(msg_id, " ".join(value.split()))
        self._check_markup(shown, _("{key} (translation {id})").format(key=key, id=msg_id), facts)
        return shown.format_map(facts)

    def _check_markup(self, value: str, key: str, facts: dict[str, str]) -> None:
        try:
            fields = [f for _, f, spec, conv in _FORMATTER.parse(value) if f is not None]
        except ValueError as exc:
            raise self.fail(key, _("bad placeholder: {error}").format(error=exc)) from None
        for f in fields:
            if f not in facts:
                if len(facts) < 30:
                    raise self.fail(key, _("unknown placeholder {name} (known: {known})").format(
                        name="{" + f + "}", known=", ".join(sorted(facts))))
                raise self.fail(key, _("unknown placeholder {name} (see data_facts())").format(
                    name="{" + f + "}"))
        if value.count("**") % 2:
            raise self.fail(key, _("unbalanced {marker} (bold) markup").format(marker="**"))

    def block(self, b: Any, path: str, msg: str, seen: set[str]) -> Block:
        r = self.r
        if not isinstance(b, dict):
            raise self.fail(path, _("must be a mapping"))
        bid = self.ident(b, path, seen)
        msg = f"{msg}/{bid}"
        kinds = [k for k in ("text", "items", "note", "table") if k in b]
        if len(kinds) != 1:
            raise self.fail(path, _("needs exactly one of {keys}").format(
                keys="text, items, note, table"))
        kind = kinds[0]
        r.only_keys(b, {"id", kind} | ({"columns"} if kind == "table" else set()), path)
        if kind in ("text", "note"):
            return Block(msg, kind, text=self.text(b[kind], f"{path}.{kind}", msg))
        if kind == "items":
            items = r.get(b, "items", path, list)
            if not items:
                raise self.fail(f"{path}.items", _("must list at least one item"))
            return Block(msg, kind, items=tuple(self.text(v, f"{path}.items[{i}]", f"{msg}/{i}")
                                                for i, v in enumerate(items)))
        name = r.get(b, "table", path, str)
        if name not in TABLES:
            raise self.fail(f"{path}.table", _("unknown table {name} (known: {known})").format(
                name=describe(name), known=", ".join(TABLES)))
        cols = r.get(b, "columns", path, list)
        columns = tuple(self.text(v, f"{path}.columns[{i}]", f"{msg}/col{i}")
                        for i, v in enumerate(cols))
        rows = tuple(self.table(name))
        if any(len(row) != len(columns) for row in rows):
            raise self.fail(f"{path}.columns", ngettext(
                "table {name} has {n} column, {named} named",
                "table {name} has {n} columns, {named} named", len(rows[0])).format(
                name=describe(name), n=len(rows[0]), named=len(columns)))
        return Block(msg, kind, columns=columns, rows=rows)

    def read_labels(self, doc: dict) -> None:
        raw = self.r.get(doc, "labels", "", dict)
        self.r.only_keys(raw, set(LABELS), "labels")
        self.labels: dict[str, str] = {}
        for key, allowed in LABELS.items():
            path = f"labels.{key}"
            if key not in raw:
                raise self.fail(path, _("missing"))
            value = raw[key]
            self.r.check_type(value, path, str)
            text = self.tr(f"label/{key}", value)
            try:
                fields = {f for _, f, _, _ in _FORMATTER.parse(text) if f is not None}
            except ValueError as exc:
                raise self.fail(path, _("bad placeholder: {error}").format(error=exc)) from None
            unknown = fields - allowed
            if unknown:
                name = "{" + sorted(unknown)[0] + "}"
                if not allowed:
                    raise self.fail(path, _("unknown placeholder {name} (this label takes none)")
                                    .format(name=name))
                raise self.fail(path, _("unknown placeholder {name} (allowed: {names})").format(
                    name=name, names=", ".join("{" + f + "}" for f in sorted(allowed))))
            self.labels[key] = text

    def label(self, key: str, **values: object) -> str:
        return self.labels[key].format(**values)

    def count(self, n: int, noun: str) -> str:
        """'1 war chest' / '3 war chests': translated, the counts take the language's own
        plural forms (three in Czech and Russian) from the catalogue; the labels' one/other
        pair is English only."""
        if self.translated and i18n.current().code != i18n.DEFAULT:
            if noun == "armies":
                return ngettext("{n} army", "{n} armies", n).format(n=n)
            if noun == "war-chests":
                return ngettext("{n} war chest", "{n} war chests", n).format(n=n)
            if noun == "copies":
                return ngettext("{n} copy", "{n} copies", n).format(n=n)
        return self.label(f"{noun}-{'one' if n == 1 else 'other'}", n=n)

    def cost(self, n: int) -> str:
        return self.count(n, "war-chests") if n else self.label("free")

    def either(self, values) -> str:
        return f" {self.label('or')} ".join(str(v) for v in values)

    def card_facts(self, action_id: str) -> dict[str, str]:
        a = self.board.action(action_id)
        return {"cost": str(a.cost), "armies": str(a.armies),
                "cost_chests": self.count(a.cost, "war-chests"),
                "armies_text": self.count(a.armies, "armies")}

    def table(self, name: str) -> list[tuple[str, ...]]:
        """The rows of a named table, built from the data."""
        board, label = self.board, self.label
        if name == "start":
            return [(str(n), str(t.chests), _join(t.groups))
                    for n, t in sorted(board.start.items())]
        if name == "bids":
            values = sorted(board.components.chest_cards, reverse=True)
            bids = [(label("bid-chest", value=v), self.count(v, "war-chests")) for v in values if v]
            bids += [(label("bid-province"), label("nothing")),
                     (label("bid-chest", value=min(values)), label("nothing")),
                     (label("bid-empty"), label("nothing"))]
            last = len(bids) - 1
            return [(bid, cost, label("pick-first" if i == 0 else
                                      "pick-last" if i == last else "pick-then"))
                    for i, (bid, cost) in enumerate(bids)]
        if name == "events":
            losses: dict[str, list[int]] = {}
            for e in board.events:
                losses.setdefault(e.id, []).append(e.winter_loss)
            return [(card_text(board, "events", eid).name, card_text(board, "events", eid).effect,
                     label("rice", values=self.either(sorted(v)))) for eid, v in losses.items()]
        if name == "actions":
            return [(card_text(board, "actions", a.id).name, self.cost(a.cost),
                     self.action_shorts[a.id]) for a in board.actions]
        if name == "provisions":
            return [(str(r.low) if r.high == r.low else
                     label("range", low=r.low, high=r.high) if r.high is not None else
                     label("open-range", low=r.low), str(r.revolts), str(r.farmers))
                    for r in board.provisions]
        if name == "scoring":
            p, na = board.tied_majority_penalty, label("not-applicable")
            score: list[tuple[str, ...]] = [
                (label("score-province"), str(board.score_province), na),
                (label("score-building"), str(board.score_building), na)]
            for b, vp in board.majority.items():
                score.append((label(f"majority-{b}"), str(vp), str(max(0, vp - p))))
            return score
        raise KeyError(name)

    def cards(self, doc: dict) -> dict[str, dict[str, dict[str, str]]]:
        """cards.<kind>.<id>: texts checked against the card ids of data/cards.yaml."""
        r = self.r
        raw = r.get(doc, "cards", "", dict)
        r.only_keys(raw, set(CARD_KINDS), "cards")
        out: dict[str, dict[str, dict[str, str]]] = {}
        for kind in CARD_KINDS:
            entries = raw.get(kind) or {}
            r.check_type(entries, f"cards.{kind}", dict)
            ids = card_ids(self.board, kind)
            for cid in entries:
                if cid not in ids:
                    raise self.fail(f"cards.{kind}.{cid}", _("no such card in {file}").format(
                        file="cards.yaml"))
            out[kind] = {}
            for cid in ids:
                key = f"cards.{kind}.{cid}"
                entry = entries.get(cid)
                if entry is None:
                    if kind == "actions":
                        raise self.fail(key, _("missing: every action card needs its text"))
                    entry = {}
                r.check_type(entry, key, dict)
                allowed = {"text", "short", "note"} if kind == "actions" else {"note"}
                r.only_keys(entry, allowed, key)
                extra = self.card_facts(cid) if kind == "actions" else {}
                texts = {}
                for field in ("text", "short") if kind == "actions" else ():
                    texts[field] = self.text(r.get(entry, field, key, str), f"{key}.{field}",
                                             f"card/{kind}/{cid}/{field}", extra)
                if "note" in entry:
                    texts["note"] = self.text(entry["note"], f"{key}.note",
                                              f"card/{kind}/{cid}/note", extra)
                out[kind][cid] = texts
        return out

    def card_section(self, chapter: str, kind: str, cid: str, texts: dict[str, str]) -> Section:
        ct = card_text(self.board, kind, cid)
        sid = f"{chapter}/{cid}"
        blocks: list[Block] = []
        if kind == "actions":
            a = self.board.action(cid)
            space = ACTION_IDS.index(cid) + 1 if cid in ACTION_IDS else 0
            blocks.append(Block(f"{sid}/cost", "text",
                                text=self.label("action-cost", cost=self.cost(a.cost), space=space)))
            blocks.append(Block(f"{sid}/text", "text", text=texts["text"]))
        elif kind == "events":
            blocks.append(Block(f"{sid}/effect", "text", text=ct.effect))
            losses = sorted(e.winter_loss for e in self.board.events if e.id == cid)
            blocks.append(Block(f"{sid}/loss", "text", text=self.label(
                "event-loss", values=self.either(losses),
                copies=self.count(len(losses), "copies"))))
        else:
            blocks.append(Block(f"{sid}/effect", "text", text=ct.effect))
            blocks.append(Block(f"{sid}/use", "text", text=self.label("special-use")))
        if "note" in texts:
            blocks.append(Block(f"{sid}/note", "note", text=texts["note"]))
        return Section(sid, ct.name, tuple(blocks))

    def build(self, doc: Any) -> Reference:
        r = self.r
        if not isinstance(doc, dict):
            raise self.fail("", _("must be a mapping with {keys}").format(
                keys="chapters, cards, labels"))
        r.only_keys(doc, {"chapters", "cards", "labels"}, "")
        self.read_labels(doc)
        cards = self.cards(doc)
        self.action_shorts = {cid: t["short"] for cid, t in cards["actions"].items()}
        chapters: list[Chapter] = []
        seen_chapters: set[str] = set()
        kinds_seen: set[str] = set()
        for i, ch in enumerate(r.get(doc, "chapters", "", list)):
            path = f"chapters[{i}]"
            if not isinstance(ch, dict):
                raise self.fail(path, _("must be a mapping"))
            cid = self.ident(ch, path, seen_chapters)
            r.only_keys(ch, {"id", "title", "sections", "kind"}, path)
            title = self.text(r.get(ch, "title", path, str), f"{path}.title", f"{cid}/title")
            kind = ch.get("kind")
            raw_sections = r.get(ch, "sections", path, list)
            if kind is not None:
                if kind not in CARD_KINDS or kind in kinds_seen:
                    raise self.fail(f"{path}.kind", _("must be one of {kinds}, each once, not "
                                                      "{value}").format(
                        kinds=", ".join(CARD_KINDS), value=describe(kind)))
                kinds_seen.add(kind)
                if raw_sections:
                    raise self.fail(f"{path}.sections", _("a card chapter lists its cards itself"))
                sections = tuple(self.card_section(cid, kind, card, cards[kind][card])
                                 for card in card_ids(self.board, kind))
            else:
                if not raw_sections:
                    raise self.fail(f"{path}.sections", _("must list at least one section"))
                seen_sections: set[str] = set()
                built = []
                for j, s in enumerate(raw_sections):
                    spath = f"{path}.sections[{j}]"
                    if not isinstance(s, dict):
                        raise self.fail(spath, _("must be a mapping"))
                    sid = self.ident(s, spath, seen_sections)
                    r.only_keys(s, {"id", "title", "body"}, spath)
                    msg = f"{cid}/{sid}"
                    stitle = self.text(r.get(s, "title", spath, str), f"{spath}.title",
                                       f"{msg}/title")
                    body = r.get(s, "body", spath, list)
                    if not body:
                        raise self.fail(f"{spath}.body", _("must hold at least one block"))
                    seen_blocks: set[str] = set()
                    blocks = tuple(self.block(b, f"{spath}.body[{k}]", msg, seen_blocks)
                                   for k, b in enumerate(body))
                    built.append(Section(msg, stitle, blocks))
                sections = tuple(built)
            chapters.append(Chapter(cid, title, sections, kind))
        missing = [k for k in CARD_KINDS if k not in kinds_seen]
        if missing:
            raise self.fail("chapters", _("no chapter for the cards of kind {kinds}").format(
                kinds=", ".join(missing)))
        return Reference(tuple(chapters))


def load_reference(data_dir: str | Path | None = None, *, board: BoardData | None = None,
                   translate: Translate | None = None) -> Reference:
    """Load data/reference.yaml from data_dir (default: data/), rendered with the board data.

    board defaults to the board data of the same folder; translate(id, text) lets a
    translation replace any string by its id before the numbers are filled in.
    """
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    if board is None:
        board = load_board_data(folder) if data_dir is not None else default_board()
    path = folder / "reference.yaml"
    builder = _Builder(path, board, translate)
    return builder.build(_load(path))


__all__ = ["CARD_KINDS", "Block", "find_matches", "fold", "CardText", "Chapter",
           "Reference", "Section", "card_ids", "card_text", "data_facts", "load_reference",
           "plain"]
