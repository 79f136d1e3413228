"""The rules reference (F1 anywhere, "?" on the table): contents, readable text, search.

A static book: it reads data/reference.yaml through :func:`load_reference` and never looks
at a game, so it cannot reveal anything secret. It is an opaque scene, so opened during
secret planning it hides the plan completely, like the hand-off curtain. The scenes below
are only paused; closing (Esc, F1, Close) pops it and the player is exactly where they were.
The reading position and the search are remembered per window for the next opening.

Layout: the document is laid out once per (query) into positioned lines, boxes and table
cells (:class:`DocLayout`); a frame only draws the ops inside the visible band.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from shogun_desktop import i18n
from shogun_desktop.data.board import DataError
from shogun_desktop.data.reference import (
    Block,
    Reference,
    Section,
    find_matches,
    fold,
    load_reference,
    plain,
)
from shogun_desktop.i18n import N_, _, ngettext
from shogun_desktop.i18n.datatexts import reference_text
from shogun_desktop.i18n.linebreak import break_units
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Button, ConfirmDialog, LayerCache, TextInput, WidgetGroup

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

# ---------------------------------------------------------------- geometry (logical 1600x900)
HEADER = pygame.Rect(0, 0, 1600, 76)
TOC = pygame.Rect(24, 96, 384, 780)
PAGE = pygame.Rect(432, 96, 1144, 780)
COLUMN_W = 900  # a comfortable reading measure (~85 characters of body text)
BODY, LINE = 19, 29  # body text size and line height (15 px at 1280x720)
SMALL, SMALL_LINE = 18, 26  # tables and notes
H_CHAPTER, H_SECTION = 32, 25
TOC_SIZE, TOC_ROW, TOC_SUB = 18, 32, 28
SCROLLBAR_W = 12
WHEEL_STEP = 3 * LINE
KEY_STEP = 2 * LINE
HIGHLIGHT = th.mix(th.PAPER_LIGHT, th.GOLD, 0.62)
NOTE_FILL = th.mix(th.PAPER_LIGHT, th.GOLD, 0.16)
ROW_ALT = th.mix(th.PAPER_LIGHT, th.PAPER_DARK, 0.45)
CARD_FILL = (252, 249, 240)
# English texts of module constants, translated (``_``) where they are laid out or drawn
NOTE_LABEL = N_("Ruling")
END_MARK = N_("End of the rules · Ctrl+Home returns to the top")
KEY_HINTS = (N_("Wheel, arrows, Page Up/Down: scroll"),
             N_("Ctrl+Home / Ctrl+End: first / last page"), N_("Type any word to search"))
CARD_TAGS = {"actions": N_("Action card"), "events": N_("Event card"),
             "specials": N_("Special card")}
_BOLD = re.compile(r"\*\*(.+?)\*\*")


FADE = 22
_FADES: dict[tuple[int, bool], pygame.Surface] = {}


def _fade(width: int, flip: bool) -> pygame.Surface:
    """A strip of page colour fading to transparent (towards the text), made once."""
    surf = _FADES.get((width, flip))
    if surf is None:
        surf = pygame.Surface((width, FADE), pygame.SRCALPHA)
        for i in range(FADE):
            alpha = round(255 * (1 - i / FADE) ** 1.6)
            y = FADE - 1 - i if flip else i
            pygame.draw.line(surf, (*th.PAPER_LIGHT, alpha), (0, y), (width - 1, y))
        _FADES[(width, flip)] = surf
    return surf


# ---------------------------------------------------------------- laid-out document
@dataclass(frozen=True)
class Seg:
    x: int
    text: str
    bold: bool
    colour: th.RGB


@dataclass
class TextLine:
    """One line of text at document position (x, y): styled segments and match highlights."""

    x: int
    y: int
    size: int
    h: int
    segs: list[Seg]
    highlights: list[tuple[int, int]] = field(default_factory=list)  # x ranges (absolute)
    limit: int | None = None  # the right edge the line was wrapped to (None: unbounded)

    def text(self) -> str:
        return "".join(s.text for s in self.segs)


@dataclass
class Box:
    rect: pygame.Rect
    fill: th.RGB | None
    border: th.RGB | None = None
    radius: int = 0
    width: int = 1


@dataclass
class Dot:
    center: tuple[int, int]
    radius: int
    colour: th.RGB


Op = TextLine | Box | Dot


class Measure(Protocol):
    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]: ...


class WidthCache:
    """Text sizes by (text, size, bold): every search keystroke lays out the same words again."""

    def __init__(self, fonts: th.Fonts, limit: int = 100_000) -> None:
        self.fonts, self.limit = fonts, limit
        self._sizes: dict[tuple[str, int, bool], tuple[int, int]] = {}

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        key = (text, size, bold)
        value = self._sizes.get(key)
        if value is None:
            if len(self._sizes) >= self.limit:
                self._sizes.clear()
            value = self._sizes[key] = self.fonts.size(text, size, bold)
        return value


def parse_runs(text: str) -> tuple[str, list[tuple[int, int, bool]]]:
    """'**bold** rest' -> (plain text, [(start, end, bold)] over the plain text)."""
    plain, runs, pos = "", [], 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            runs.append((len(plain), len(plain) + m.start() - pos, False))
            plain += text[pos:m.start()]
        runs.append((len(plain), len(plain) + len(m.group(1)), True))
        plain += m.group(1)
        pos = m.end()
    if pos < len(text):
        runs.append((len(plain), len(plain) + len(text) - pos, False))
        plain += text[pos:]
    return plain, runs


def wrap_rich(fonts: Measure, text: str, size: int, width: int, *, bold_all: bool = False
              ) -> list[list[tuple[int, int, bool]]]:
    """Greedy wrap of marked-up text: lines of (start, end, bold) pieces of the plain text.

    Words never split unless a single word is wider than the line; pieces of one word in
    different styles stay together ('**Cost:**' then '3').
    """
    plain, runs = parse_runs(text)
    # words: maximal non-space stretches, each a list of (start, end, bold) pieces; Chinese
    # has no spaces, so there the words are the UAX #14 break units (line-start/line-end
    # rules kept); gaps[k] = the spaces before word k (0 between Chinese units)
    spans: list[tuple[int, int]] = []
    if th.is_cjk(plain):
        pos = 0
        for unit in break_units(plain):
            core = unit.rstrip()
            lead = len(core) - len(core.lstrip())
            if core.strip():
                spans.append((pos + lead, pos + len(core)))
            pos += len(unit)
    else:
        spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", plain)]
    words: list[list[tuple[int, int, bool]]] = []
    gaps: list[int] = []
    for k, (ws, we) in enumerate(spans):
        pieces = []
        for rs, re_, b in runs:
            s, e = max(rs, ws), min(re_, we)
            if s < e:
                pieces.append((s, e, b or bold_all))
        words.append(pieces)
        gaps.append(ws - spans[k - 1][1] if k else 0)
    def w_of(piece: tuple[int, int, bool]) -> int:
        return fonts.size(plain[piece[0]:piece[1]], size, piece[2])[0]

    def merge(group: list[list[tuple[int, int, bool]]]) -> list[tuple[int, int, bool]]:
        """The words of one line as drawn: same-style neighbours joined, spaces included."""
        line = list(group[0])
        for word in group[1:]:
            ps, pe, pb = line[-1]
            gap = word[0][0] - pe
            if pb == word[0][2]:
                line[-1] = (ps, word[0][1], pb)
                line.extend(word[1:])
            else:  # the space keeps the previous piece's style
                line[-1] = (ps, pe + gap, pb)
                line.extend(word)
        return line

    space = {b: fonts.size(" ", size, b)[0] for b in (False, True)}
    widths = [sum(w_of(p) for p in word) for word in words]
    lines: list[list[tuple[int, int, bool]]] = []
    i = 0
    while i < len(words):
        if widths[i] > width:  # a word wider than the line: cut it by characters
            s, e, b = words[i][0][0], words[i][-1][1], words[i][0][2]
            while s < e:
                n = e
                while n > s + 1 and fonts.size(plain[s:n], size, b)[0] > width:
                    n -= 1
                lines.append([(s, n, b)])
                s = n
            i += 1
            continue
        # fill by the sum of word widths (fast), then measure the line as it will be drawn
        j, w = i + 1, widths[i]
        while j < len(words) and (w + (space[words[j - 1][-1][2]] if gaps[j] else 0)
                                  + widths[j] <= width):
            w += (space[words[j - 1][-1][2]] if gaps[j] else 0) + widths[j]
            j += 1
        line = merge(words[i:j])
        while j - i > 1 and sum(w_of(p) for p in line) > width:  # kerning made it wider
            j -= 1
            line = merge(words[i:j])
        lines.append(line)
        i = j
    return lines


@dataclass
class Anchor:
    section_id: str
    chapter_id: str
    y: int


class DocLayout:
    """Positions every line, box and cell of the (filtered) reference for one query."""

    def __init__(self, fonts: Measure, ref: Reference, query: str, x: int, width: int) -> None:
        self.fonts, self.query, self.x, self.width = fonts, query.strip(), x, width
        self.ops: list[Op] = []
        self.anchors: list[Anchor] = []
        self.sections = ref.search(self.query)
        self.y = 0
        self.tag = ""
        shown = {s.id for s in self.sections}
        for chapter in ref.chapters:
            secs = [s for s in chapter.sections if s.id in shown]
            if not secs:
                continue
            self.chapter_heading(chapter.title, first=self.y == 0)
            tag = CARD_TAGS.get(chapter.kind or "")
            self.tag = _(tag) if tag else ""
            for s in secs:
                self.anchors.append(Anchor(s.id, chapter.id, self.y))
                self.section(s, card=chapter.kind is not None)
        if self.sections and not self.query:  # a quiet end mark, so the end reads as the end
            self.y += 24
            self.ops.append(Box(pygame.Rect(x + width // 2 - 60, self.y, 120, 1), th.INK_FAINT))
            self.y += 14
            end_mark = _(END_MARK)
            tw = fonts.size(end_mark, SMALL)[0]
            self.ops.append(TextLine(x + (width - tw) // 2, self.y, SMALL, SMALL_LINE,
                                     [Seg(x + (width - tw) // 2, end_mark, False, th.INK_SOFT)],
                                     limit=x + width))
            self.y += SMALL_LINE
        self.height = self.y + 24

    # -------------------------------------------------------------- text primitives
    def paragraph(self, text: str, x: int, width: int, size: int, line_h: int,
                  colour: th.RGB = th.INK, *, bold_all: bool = False) -> None:
        plain, _ = parse_runs(text)
        matches = find_matches(plain, self.query)
        fonts = self.fonts
        for pieces in wrap_rich(fonts, text, size, width, bold_all=bold_all):
            segs, cx, hls = [], x, []
            for s, e, b in pieces:
                piece = plain[s:e]
                segs.append(Seg(cx, piece, b, colour))
                for ms, me in matches:
                    a, z = max(ms, s), min(me, e)
                    if a < z:
                        x0 = cx + fonts.size(plain[s:a], size, b)[0]
                        x1 = cx + fonts.size(plain[s:z], size, b)[0]
                        hls.append((x0, x1))
                cx += fonts.size(piece, size, b)[0]
            self.ops.append(TextLine(x, self.y, size, line_h, segs, hls, x + width))
            self.y += line_h

    def chapter_heading(self, title: str, *, first: bool) -> None:
        if not first:
            self.y += 28
        self.paragraph(title, self.x, self.width, H_CHAPTER, H_CHAPTER + 12, th.INK,
                       bold_all=True)
        self.ops.append(Box(pygame.Rect(self.x, self.y, self.width, 3), th.VERMILION))
        self.y += 22

    def section(self, s: Section, *, card: bool) -> None:
        x, w = self.x, self.width
        top = self.y
        if card:
            box = Box(pygame.Rect(x, top, w, 0), CARD_FILL, th.INK_FAINT, 8)
            self.ops.append(box)
            x, w = x + 24, w - 48
            self.y += 16
        title_y = self.y
        self.paragraph(s.title, x, w - (150 if card else 0), H_SECTION, H_SECTION + 10,
                       th.VERMILION_DARK, bold_all=True)
        if card and self.tag:
            tw = self.fonts.size(self.tag, SMALL)[0]
            self.ops.append(TextLine(x + w - tw, title_y + 4, SMALL, SMALL_LINE,
                                     [Seg(x + w - tw, self.tag, False, th.INK_SOFT)],
                                     limit=x + w))
        self.y += 4
        q = fold(self.query)
        whole = not q or q in fold(plain(s.title))
        for b in s.blocks:
            if whole:
                self.block(b, x, w)
            elif any(q in fold(t) for t in b.strings()):
                if b.kind == "items":  # only the matching points of a list
                    b = Block(b.id, b.kind, items=tuple(
                        i for i in b.items if q in fold(plain(i))))
                elif b.kind == "table" and not any(q in fold(c) for c in b.columns):
                    b = Block(b.id, b.kind, columns=b.columns, rows=tuple(
                        r for r in b.rows if any(q in fold(c) for c in r)))
                self.block(b, x, w)
        if card:
            self.y += 4
            box.rect.h = self.y - top
            self.y += 16
        else:
            self.y += 14

    def block(self, b: Block, x: int, w: int) -> None:
        if b.kind == "text":
            self.paragraph(b.text, x, w, BODY, LINE)
            self.y += 12
        elif b.kind == "items":
            for item in b.items:
                self.ops.append(Dot((x + 9, self.y + LINE // 2 + 1), 4, th.VERMILION))
                self.paragraph(item, x + 28, w - 28, BODY, LINE)
                self.y += 6
            self.y += 6
        elif b.kind == "note":
            self.note(b.text, x, w)
        elif b.kind == "table":
            self.table(b, x, w)

    def note(self, text: str, x: int, w: int) -> None:
        top = self.y
        box = Box(pygame.Rect(x, top, w, 0), NOTE_FILL, None, 6)
        bar = Box(pygame.Rect(x, top, 5, 0), th.VERMILION, None, 0)
        self.ops.extend((box, bar))
        self.y += 10
        self.paragraph(_(NOTE_LABEL), x + 22, w - 40, SMALL, SMALL_LINE, th.VERMILION_DARK,
                       bold_all=True)
        self.paragraph(text, x + 22, w - 40, SMALL, SMALL_LINE)
        self.y += 10
        box.rect.h = bar.rect.h = self.y - top
        self.y += 16

    def table(self, b: Block, x: int, w: int) -> None:
        fonts, pad = self.fonts, 12
        n = len(b.columns)
        natural = [max([fonts.size(b.columns[i], SMALL, True)[0]]
                       + [fonts.size(row[i], SMALL)[0] for row in b.rows]) + 2 * pad + 6
                   for i in range(n)]
        widths = list(natural)
        table_top = self.y
        if sum(widths) > w:  # narrow columns keep their width, the wide ones share the rest
            fair = w / n
            fixed = [i for i in range(n) if natural[i] <= fair]
            rest = w - sum(natural[i] for i in fixed)
            wide = [i for i in range(n) if i not in fixed]
            total = sum(natural[i] for i in wide)
            for i in wide:
                widths[i] = int(rest * natural[i] / total)
        else:  # a small table keeps a compact width, its spare room spread evenly
            w = min(w, sum(widths) + 48 * n)
            extra = w - sum(widths)
            widths = [c + extra // n + (1 if i < extra % n else 0) for i, c in enumerate(widths)]
        for r, row in enumerate((b.columns, *b.rows)):
            header = r == 0
            cells = [wrap_rich(fonts, ("**" + c + "**") if header else c, SMALL,
                               widths[i] - 2 * pad) for i, c in enumerate(row)]
            h = max(len(c) for c in cells) * SMALL_LINE + 14
            fill = th.INK if header else (ROW_ALT if r % 2 == 0 else th.PAPER_LIGHT)
            self.ops.append(Box(pygame.Rect(x, self.y, w, h), fill))
            cx = x
            top = self.y
            for i, text in enumerate(row):
                self.y = top + 7
                self.paragraph(("**" + text + "**") if header else text, cx + pad,
                               widths[i] - 2 * pad, SMALL, SMALL_LINE,
                               th.PAPER_LIGHT if header else th.INK)
                if i:
                    self.ops.append(Box(pygame.Rect(cx, top, 1, h),
                                        th.INK_SOFT if header else th.INK_FAINT))
                cx += widths[i]
            self.y = top + h
        self.ops.append(Box(pygame.Rect(x, table_top, w, self.y - table_top), None, th.INK_SOFT,
                            0))
        self.y += 18

    # -------------------------------------------------------------- queries
    def anchor_at(self, scroll: int) -> Anchor | None:
        """The section being read at this scroll position (its heading at or above the top)."""
        current = self.anchors[0] if self.anchors else None
        for a in self.anchors:
            if a.y <= scroll + 12:
                current = a
            else:
                break
        return current

    def anchor_y(self, section_id: str) -> int | None:
        return next((a.y for a in self.anchors if a.section_id == section_id), None)

    def lines(self) -> list[TextLine]:
        return [op for op in self.ops if isinstance(op, TextLine)]


def line_width(fonts: th.Fonts, line: TextLine) -> int:
    """Right edge of a laid-out line relative to its x (for the no-cut-off checks)."""
    if not line.segs:
        return 0
    last = line.segs[-1]
    return last.x + fonts.size(last.text, line.size, last.bold)[0] - line.x


# ---------------------------------------------------------------- remembered position
@dataclass
class ReadingPosition:
    """Where the reader was when the reference was last closed (kept by the App)."""

    query: str = ""
    section_id: str | None = None
    offset: int = 0  # pixels below that section's heading


@dataclass
class TocEntry:
    rect: pygame.Rect
    label: str
    section_id: str
    chapter_id: str
    is_chapter: bool
    count: int = 0


class RulesReferenceScene(Scene):
    """The rulebook screen. Opaque: nothing of the game below is drawn while it is open."""

    opaque = True

    def __init__(self, app: App, reference: Reference,
                 position: ReadingPosition | None = None) -> None:
        super().__init__(app)
        self.ref = reference
        self.position = position if position is not None else ReadingPosition()
        self.fonts = app.theme.fonts
        self.col_x = PAGE.x + (PAGE.w - SCROLLBAR_W - COLUMN_W) // 2
        self.view_rect = pygame.Rect(PAGE.x + 2, PAGE.y + 2, PAGE.w - 4, PAGE.h - 4)
        self.scroll = 0
        self.toc_scroll = 0
        self.dragging_thumb: int | None = None  # pointer-to-thumb offset while dragging
        self.hover_toc: int | None = None
        self.layer = LayerCache()
        self.search = TextInput((1060, 18, 360, 42), self.position.query, self.set_query,
                                placeholder=_("Type to search the rules"), max_len=40,
                                key="search", size=18)
        self.clear_button = Button((self.search.rect.right - 40, 22, 34, 34), "×",
                                   self.clear_search, key="clear", size=20,
                                   tooltip=_("Clear the search"))
        self.clear_button.visible = bool(self.search.text)
        self.ui = WidgetGroup([
            self.search,
            Button((1432, 18, 144, 42), _("Close"), self.close, key="close", size=18,
                   tooltip=_("Back to the game (Esc or F1)")),
            self.clear_button,
        ])
        self.ui.focus(self.search)
        self.measure = app.help_state.setdefault("widths", WidthCache(self.fonts))
        self._full: DocLayout | None = None  # the unfiltered book, laid out once
        self.layout = self.make_layout(self.position.query)
        if self.position.section_id is not None:
            self.jump_to(self.position.section_id, self.position.offset)
        self.toc: list[TocEntry] = []
        self.rebuild_toc()

    # -------------------------------------------------------------- model
    @property
    def query(self) -> str:
        return self.search.text.strip()

    @property
    def viewport_h(self) -> int:
        return self.view_rect.h - 48

    def max_scroll(self) -> int:
        # the last section can still be scrolled to the top (the contents then marks it)
        last = self.layout.anchors[-1].y if self.layout.anchors else 0
        return max(0, self.layout.height - self.viewport_h, last)

    def scroll_to(self, y: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll(), y)))
        self.rebuild_toc()

    def jump_to(self, section_id: str, offset: int = 0) -> bool:
        y = self.layout.anchor_y(section_id)
        if y is None:
            return False
        self.scroll_to(y + offset)
        return True

    def make_layout(self, query: str) -> DocLayout:
        if query.strip():
            return DocLayout(self.measure, self.ref, query, self.col_x, COLUMN_W)
        if self._full is None:
            self._full = DocLayout(self.measure, self.ref, "", self.col_x, COLUMN_W)
        return self._full

    def clear_search(self) -> None:
        self.search.text, self.search.cursor = "", 0
        self.set_query("")

    def set_query(self, text: str) -> None:
        self.clear_button.visible = bool(text)
        keep = self.current_section()
        self.layout = self.make_layout(text)
        self.toc_scroll = 0
        if text.strip() or keep is None or not self.jump_to(keep):
            self.scroll_to(0)  # results start at the top; clearing returns to the section read
        self.rebuild_toc()

    def current_section(self) -> str | None:
        a = self.layout.anchor_at(self.scroll)
        return a.section_id if a is not None else None

    def current_chapter(self) -> str | None:
        a = self.layout.anchor_at(self.scroll)
        return a.chapter_id if a is not None else None

    def rebuild_toc(self) -> None:
        """Chapters; the current chapter (or, when searching, every chapter) shows its sections."""
        entries: list[TocEntry] = []
        y = TOC.y + 64
        current = self.current_chapter()
        searching = bool(self.query)
        shown = {s.id for s in self.layout.sections}
        for ch in self.ref.chapters:
            secs = [s for s in ch.sections if s.id in shown]
            if not secs:
                continue
            entries.append(TocEntry(pygame.Rect(TOC.x + 12, y, TOC.w - 24, TOC_ROW - 2), ch.title,
                                    secs[0].id, ch.id, True, len(secs) if searching else 0))
            y += TOC_ROW
            if searching or ch.id == current:
                for s in secs:
                    entries.append(TocEntry(pygame.Rect(TOC.x + 34, y, TOC.w - 46, TOC_SUB - 2),
                                            s.title, s.id, ch.id, False))
                    y += TOC_SUB
                y += 4
        self.toc = entries
        # keep the entry being read in view when the list is longer than the panel
        bottom = TOC.bottom - 12
        cur = next((e for e in entries if not e.is_chapter and e.section_id ==
                    self.current_section()), None)
        total = (entries[-1].rect.bottom - (TOC.y + 64)) if entries else 0
        limit = max(0, total - (bottom - (TOC.y + 64)))
        if cur is not None and not searching:
            if cur.rect.bottom - self.toc_scroll > bottom:
                self.toc_scroll = cur.rect.bottom - bottom
            elif cur.rect.y - self.toc_scroll < TOC.y + 64:
                self.toc_scroll = cur.rect.y - (TOC.y + 64)
        self.toc_scroll = max(0, min(limit, self.toc_scroll))

    def toc_limit(self) -> int:
        if not self.toc:
            return 0
        return max(0, self.toc[-1].rect.bottom - (TOC.bottom - 12))

    def toc_at(self, pos) -> int | None:
        if pos is None or not TOC.collidepoint(pos) or pos[1] < TOC.y + 60:
            return None
        for i, e in enumerate(self.toc):
            if e.rect.move(0, -self.toc_scroll).collidepoint(pos):
                return i
        return None

    # -------------------------------------------------------------- scrollbar
    def track(self) -> pygame.Rect:
        return pygame.Rect(PAGE.right - SCROLLBAR_W - 8, PAGE.y + 14, SCROLLBAR_W, PAGE.h - 28)

    def thumb(self) -> pygame.Rect | None:
        if not self.max_scroll():
            return None
        t = self.track()
        h = max(40, round(t.h * self.viewport_h / self.layout.height))
        y = t.y + round((t.h - h) * self.scroll / self.max_scroll())
        return pygame.Rect(t.x, y, t.w, h)

    def thumb_to(self, top: int) -> None:
        thumb = self.thumb()
        if thumb is None:
            return
        t = self.track()
        frac = (top - t.y) / max(1, t.h - thumb.h)
        self.scroll_to(frac * self.max_scroll())

    # -------------------------------------------------------------- input
    def close(self) -> None:
        self.position.query = self.search.text
        a = self.layout.anchor_at(self.scroll)
        self.position.section_id = a.section_id if a is not None else None
        self.position.offset = self.scroll - a.y if a is not None else 0
        self.app.scenes.remove(self)

    def handle(self, inp: Input) -> bool:
        if inp.is_action(Action.CANCEL):
            self.close()
            return True
        if inp.kind is Kind.KEY and self._key(inp):
            return True
        if inp.kind is Kind.SCROLL:
            if inp.pos is not None and TOC.collidepoint(inp.pos) and self.toc_limit():
                self.toc_scroll = max(0, min(self.toc_limit(),
                                             self.toc_scroll - inp.amount * TOC_SUB * 2))
            else:
                self.scroll_to(self.scroll - inp.amount * WHEEL_STEP)
            return True
        if inp.kind is Kind.MOTION:
            self.hover_toc = self.toc_at(inp.pos)
        if inp.kind is Kind.PRESS and inp.pos is not None:
            thumb = self.thumb()
            if thumb is not None and thumb.inflate(8, 0).collidepoint(inp.pos):
                self.dragging_thumb = inp.pos[1] - thumb.y
                return True
            if thumb is not None and self.track().inflate(8, 0).collidepoint(inp.pos):
                page = self.viewport_h - LINE
                self.scroll_to(self.scroll + (page if inp.pos[1] > thumb.y else -page))
                return True
        if inp.kind in (Kind.DRAG_MOVE, Kind.DRAG_END) and self.dragging_thumb is not None:
            if inp.pos is not None:
                self.thumb_to(inp.pos[1] - self.dragging_thumb)
            if inp.kind is Kind.DRAG_END:
                self.dragging_thumb = None
            return True
        if inp.kind is Kind.CLICK:
            self.dragging_thumb = None
            i = self.toc_at(inp.pos)
            if i is not None:
                self.jump_to(self.toc[i].section_id)
                return True
        self.ui.handle(inp)
        if self.ui.focused is None:
            self.ui.focus(self.search)  # typing always searches
        return True  # modal: nothing reaches the scenes below

    def _key(self, inp: Input) -> bool:
        a = inp.action
        page = self.viewport_h - LINE
        steps = {Action.UP: -KEY_STEP, Action.DOWN: KEY_STEP, Action.PAGE_UP: -page,
                 Action.PAGE_DOWN: page}
        if a in steps:
            self.scroll_to(self.scroll + steps[a])
            return True
        if a in (Action.HOME, Action.END) and (inp.ctrl or not self.search.text):
            self.scroll_to(0 if a is Action.HOME else self.max_scroll())
            return True
        if a is Action.CONFIRM and self.layout.anchors:  # Enter: the first result
            self.scroll_to(self.layout.anchors[0].y)
            return True
        return False

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    # -------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        key = (self.scroll, self.toc_scroll, self.search.text, self.hover_toc,
               self.ui.visual_state(), id(self.layout))
        surface.blit(self.layer.get(key, surface.get_size(), self._paint), (0, 0))
        self.ui.tooltip.draw(surface, self.app.theme)

    def _paint(self, surface: pygame.Surface) -> None:
        surface.fill(th.PAPER)
        self._draw_header(surface)
        self._draw_toc(surface)
        self._draw_page(surface)
        self.ui.draw_widgets(surface, self.app.theme)

    def _draw_header(self, surface: pygame.Surface) -> None:
        fonts = self.fonts
        pygame.draw.rect(surface, th.INK, HEADER)
        pygame.draw.line(surface, th.GOLD, (0, HEADER.bottom - 1), (HEADER.right, HEADER.bottom - 1))
        x = 28
        k = fonts.kanji("将軍", 36, th.GOLD)
        if k is not None:
            surface.blit(k, k.get_rect(midleft=(x, HEADER.centery)))
            x += k.get_width() + 18
        room = self.search.rect.x - 16 - x
        if self.query:
            room -= 200
        th.blit_text(surface, fonts, fonts.fit(_("Rules of Shogun"), 26, room, True),
                     (x, HEADER.centery - 12), 26, th.PAPER_LIGHT, bold=True, anchor="midleft")
        th.blit_text(surface, fonts,
                     fonts.fit(_("The same for every player · Esc or F1 returns to the game"),
                               18, room),
                     (x, HEADER.centery + 18), 18, th.lighten(th.INK_FAINT, 0.3),
                     anchor="midleft")
        if self.query:
            n = len(self.layout.sections)
            text = (ngettext("{n} section found", "{n} sections found", n).format(n=n) if n
                    else _("Nothing found"))
            th.blit_text(surface, fonts, text, (self.search.rect.x - 16, HEADER.centery), 18,
                         th.GOLD, bold=True, anchor="midright")

    def _draw_toc(self, surface: pygame.Surface) -> None:
        fonts = self.fonts
        pygame.draw.rect(surface, th.PAPER_DARK, TOC.move(3, 4), border_radius=8)
        pygame.draw.rect(surface, th.PAPER_LIGHT, TOC, border_radius=8)
        pygame.draw.rect(surface, th.INK_SOFT, TOC, 1, border_radius=8)
        title = _("Search results") if self.query else _("Contents")
        th.blit_text(surface, fonts, title, (TOC.x + 20, TOC.y + 18), 22, th.INK, bold=True)
        pygame.draw.line(surface, th.VERMILION, (TOC.x + 20, TOC.y + 52),
                         (TOC.right - 20, TOC.y + 52), 2)
        clip = pygame.Rect(TOC.x + 2, TOC.y + 58, TOC.w - 4, TOC.h - 64)
        old = surface.get_clip()
        surface.set_clip(clip)
        cur_section, cur_chapter = self.current_section(), self.current_chapter()
        for i, e in enumerate(self.toc):
            r = e.rect.move(0, -self.toc_scroll)
            if r.bottom < clip.y or r.y > clip.bottom:
                continue
            current = (e.section_id == cur_section and not e.is_chapter) or (
                e.is_chapter and e.chapter_id == cur_chapter)
            if i == self.hover_toc:
                pygame.draw.rect(surface, th.mix(th.PAPER_LIGHT, th.GOLD, 0.25), r,
                                 border_radius=4)
            elif current and not e.is_chapter:
                pygame.draw.rect(surface, th.mix(th.PAPER_LIGHT, th.PAPER_DARK, 0.7), r,
                                 border_radius=4)
            if current and not e.is_chapter:
                pygame.draw.rect(surface, th.VERMILION, (r.x - 8, r.y + 4, 4, r.h - 8))
            label = e.label
            right = r.right - 8
            if e.count:
                th.blit_text(surface, fonts, str(e.count), (right, r.centery), TOC_SIZE,
                             th.INK_SOFT, anchor="midright")
                right -= 30
            ink = th.INK if (e.is_chapter or current) else th.INK_SOFT
            if e.is_chapter and e.chapter_id == cur_chapter:
                ink = th.VERMILION_DARK
            label = fonts.fit(label, TOC_SIZE, right - (r.x + 8), e.is_chapter)
            th.blit_text(surface, fonts, label, (r.x + 8, r.centery), TOC_SIZE, ink,
                         bold=e.is_chapter, anchor="midleft")
        surface.set_clip(old)
        y = TOC.bottom - len(KEY_HINTS) * 26 - 14
        if self.toc and self.toc[-1].rect.bottom - self.toc_scroll < y - 20:
            pygame.draw.line(surface, th.PAPER_DARK, (TOC.x + 20, y - 12), (TOC.right - 20, y - 12))
            for hint in KEY_HINTS:
                th.blit_text(surface, fonts, fonts.fit(_(hint), SMALL, TOC.w - 28), (TOC.x + 20, y),
                             SMALL, th.INK_SOFT)
                y += 26
        if self.toc_limit():
            t = pygame.Rect(TOC.right - 8, clip.y + 4, 4, clip.h - 8)
            h = max(30, round(t.h * clip.h / (clip.h + self.toc_limit())))
            y = t.y + round((t.h - h) * self.toc_scroll / self.toc_limit())
            pygame.draw.rect(surface, th.INK_FAINT, (t.x, y, 4, h), border_radius=2)

    def _draw_page(self, surface: pygame.Surface) -> None:
        fonts = self.fonts
        pygame.draw.rect(surface, th.PAPER_DARK, PAGE.move(3, 4), border_radius=8)
        pygame.draw.rect(surface, th.PAPER_LIGHT, PAGE, border_radius=8)
        pygame.draw.rect(surface, th.INK_SOFT, PAGE, 1, border_radius=8)
        clip = self.view_rect
        old = surface.get_clip()
        surface.set_clip(clip)
        dy = clip.y + 24 - self.scroll
        if not self.layout.sections:
            self._draw_nothing_found(surface)
        for op in self.layout.ops:
            if isinstance(op, TextLine):
                y = op.y + dy
                if y + op.h < clip.y or y > clip.bottom:
                    continue
                for x0, x1 in op.highlights:
                    pygame.draw.rect(surface, HIGHLIGHT, (x0 - 1, y, x1 - x0 + 2, op.h - 2),
                                     border_radius=3)
                baseline_pad = (op.h - fonts.font(op.size).get_linesize()) // 2
                for s in op.segs:
                    surface.blit(fonts.render(s.text, op.size, s.colour, s.bold),
                                 (s.x, y + baseline_pad))
            elif isinstance(op, Box):
                r = op.rect.move(0, dy)
                if r.bottom < clip.y or r.y > clip.bottom:
                    continue
                if op.fill is not None:
                    pygame.draw.rect(surface, op.fill, r, border_radius=op.radius)
                if op.border is not None:
                    pygame.draw.rect(surface, op.border, r, op.width, border_radius=op.radius)
            else:
                cy = op.center[1] + dy
                if clip.y - 10 < cy < clip.bottom + 10:
                    pygame.draw.circle(surface, op.colour, (op.center[0], cy), op.radius)
        # soft edges: a line cut by the page border fades out instead of ending in a hard cut
        for edge, flip in ((clip.y, False), (clip.bottom - FADE, True)):
            surface.blit(_fade(clip.w, flip), (clip.x, edge))
        surface.set_clip(old)
        t = self.track()
        pygame.draw.rect(surface, th.PAPER_DARK, t, border_radius=SCROLLBAR_W // 2)
        thumb = self.thumb()
        if thumb is not None:
            colour = th.VERMILION if self.dragging_thumb is not None else th.INK_SOFT
            pygame.draw.rect(surface, colour, thumb, border_radius=SCROLLBAR_W // 2)

    def _draw_nothing_found(self, surface: pygame.Surface) -> None:
        fonts = self.fonts
        x, y = self.col_x, self.view_rect.y + 40
        th.blit_text(surface, fonts, _("Nothing in the rules matches “{query}”.").format(
            query=self.query), (x, y), H_SECTION, th.INK, bold=True)
        th.blit_text(surface, fonts, _("Try a shorter word, such as revolt, castle or tower."),
                     (x, y + 44), BODY, th.INK_SOFT)


# ---------------------------------------------------------------- opening and closing
def toggle_rules_reference(app: App) -> None:
    """F1: open the reference over whatever is showing, or close it when it is on top."""
    top = app.scenes.top
    if isinstance(top, RulesReferenceScene):
        top.close()
        return
    open_rules_reference(app)


def open_rules_reference(app: App) -> Scene:
    """Push the reference (remembering the last reading position of this window).

    A broken reference.yaml shows its error (file and key) instead of crashing the game.
    """
    cache = app.help_state
    try:
        ref = cache.get("ref")
        lang = i18n.current().code  # the prose is rendered per language: reload on a switch
        if ref is None or cache.get("ref_lang") != lang:
            ref = cache["ref"] = load_reference(app.data_folder, translate=reference_text)
            cache["ref_lang"] = lang
    except DataError as exc:
        return app.push(ConfirmDialog(app, _("Rules reference"),
                                      _("The rules cannot be shown: {error}").format(error=exc),
                                      cancel_text=None))
    position = cache.setdefault("position", ReadingPosition())
    return app.push(RulesReferenceScene(app, ref, position))
