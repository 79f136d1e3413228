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
from shogun_desktop.ui.design import BODY_MIN
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import (
    Button,
    ConfirmDialog,
    LayerCache,
    TextInput,
    WidgetGroup,
    wrap_text,
)

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

# ---------------------------------------------------------------- design sizes (1600x900)
# The scene scales them to the window and the player's text size (see Metrics).
COLUMN_W = 900  # a comfortable reading measure (~85 characters of body text)
BODY, LINE = 19, 29  # body text size and line height (15 px at 1280x720)
SMALL, SMALL_LINE = 18, 26  # tables and notes
H_CHAPTER, H_SECTION = 32, 25
TOC_SIZE, TOC_ROW, TOC_SUB = 18, 32, 28
SCROLLBAR_W = 12
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
MIN_TEXT = BODY_MIN  # px: no text of the book is smaller, at any window or text size


@dataclass(frozen=True)
class Metrics:
    """Text sizes and spacing of the book for one window: the design values above times
    ``scale`` (the window's scale times the player's text size), text never below 14 px."""

    scale: float = 1.0

    def px(self, value: float) -> int:
        """A design length (spacing, padding) at this scale."""
        return max(1, round(value * self.scale))

    def text(self, size: int) -> int:
        return max(MIN_TEXT, round(size * self.scale))

    def line(self, size: int, line: int) -> int:
        """The line height for a text size, keeping the design's proportion."""
        return round(self.text(size) * line / size)

    @property
    def body(self) -> int:
        return self.text(BODY)

    @property
    def body_line(self) -> int:
        return self.line(BODY, LINE)

    @property
    def small(self) -> int:
        return self.text(SMALL)

    @property
    def small_line(self) -> int:
        return self.line(SMALL, SMALL_LINE)


FADE = 22
_FADES: dict[tuple[int, int, bool], pygame.Surface] = {}


def _fade(width: int, flip: bool, height: int = FADE) -> pygame.Surface:
    """A strip of page colour fading to transparent (towards the text), made once."""
    surf = _FADES.get((width, height, flip))
    if surf is None:
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        for i in range(height):
            alpha = round(255 * (1 - i / height) ** 1.6)
            y = height - 1 - i if flip else i
            pygame.draw.line(surf, (*th.PAPER_LIGHT, alpha), (0, y), (width - 1, y))
        _FADES[(width, height, flip)] = surf
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
    """Positions every line, box and cell of the (filtered) reference for one query, in
    window pixels at the sizes of ``metrics``."""

    def __init__(self, fonts: Measure, ref: Reference, query: str, x: int, width: int,
                 metrics: Metrics | None = None) -> None:
        self.fonts, self.query, self.x, self.width = fonts, query.strip(), x, width
        self.m = m = metrics if metrics is not None else Metrics()
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
            self.y += m.px(24)
            self.ops.append(Box(pygame.Rect(x + width // 2 - m.px(60), self.y, m.px(120), 1),
                                th.INK_FAINT))
            self.y += m.px(14)
            end_mark = _(END_MARK)
            tw = fonts.size(end_mark, m.small)[0]
            self.ops.append(TextLine(x + (width - tw) // 2, self.y, m.small, m.small_line,
                                     [Seg(x + (width - tw) // 2, end_mark, False, th.INK_SOFT)],
                                     limit=x + width))
            self.y += m.small_line
        self.height = self.y + m.px(24)

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
        m = self.m
        if not first:
            self.y += m.px(28)
        size = m.text(H_CHAPTER)
        self.paragraph(title, self.x, self.width, size, round(size * (H_CHAPTER + 12) / H_CHAPTER),
                       th.INK, bold_all=True)
        self.ops.append(Box(pygame.Rect(self.x, self.y, self.width, m.px(3)), th.VERMILION))
        self.y += m.px(22)

    def section(self, s: Section, *, card: bool) -> None:
        m = self.m
        x, w = self.x, self.width
        top = self.y
        if card:
            box = Box(pygame.Rect(x, top, w, 0), CARD_FILL, th.INK_FAINT, m.px(8))
            self.ops.append(box)
            x, w = x + m.px(24), w - m.px(48)
            self.y += m.px(16)
        title_y = self.y
        tw = self.fonts.size(self.tag, m.small)[0] + m.px(16) if card and self.tag else 0
        size = m.text(H_SECTION)
        self.paragraph(s.title, x, w - tw, size, round(size * (H_SECTION + 10) / H_SECTION),
                       th.VERMILION_DARK, bold_all=True)
        if card and self.tag:
            tw = self.fonts.size(self.tag, m.small)[0]
            self.ops.append(TextLine(x + w - tw, title_y + m.px(4), m.small, m.small_line,
                                     [Seg(x + w - tw, self.tag, False, th.INK_SOFT)],
                                     limit=x + w))
        self.y += m.px(4)
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
            self.y += m.px(4)
            box.rect.h = self.y - top
            self.y += m.px(16)
        else:
            self.y += m.px(14)

    def block(self, b: Block, x: int, w: int) -> None:
        m = self.m
        if b.kind == "text":
            self.paragraph(b.text, x, w, m.body, m.body_line)
            self.y += m.px(12)
        elif b.kind == "items":
            for item in b.items:
                self.ops.append(Dot((x + m.px(9), self.y + m.body_line // 2 + 1), m.px(4),
                                    th.VERMILION))
                self.paragraph(item, x + m.px(28), w - m.px(28), m.body, m.body_line)
                self.y += m.px(6)
            self.y += m.px(6)
        elif b.kind == "note":
            self.note(b.text, x, w)
        elif b.kind == "table":
            self.table(b, x, w)

    def note(self, text: str, x: int, w: int) -> None:
        m = self.m
        top = self.y
        box = Box(pygame.Rect(x, top, w, 0), NOTE_FILL, None, m.px(6))
        bar = Box(pygame.Rect(x, top, m.px(5), 0), th.VERMILION, None, 0)
        self.ops.extend((box, bar))
        self.y += m.px(10)
        self.paragraph(_(NOTE_LABEL), x + m.px(22), w - m.px(40), m.small, m.small_line,
                       th.VERMILION_DARK, bold_all=True)
        self.paragraph(text, x + m.px(22), w - m.px(40), m.small, m.small_line)
        self.y += m.px(10)
        box.rect.h = bar.rect.h = self.y - top
        self.y += m.px(16)

    def table(self, b: Block, x: int, w: int) -> None:
        m = self.m
        fonts, pad, small, small_line = self.fonts, m.px(12), m.small, m.small_line
        n = len(b.columns)
        natural = [max([fonts.size(b.columns[i], small, True)[0]]
                       + [fonts.size(row[i], small)[0] for row in b.rows]) + 2 * pad + m.px(6)
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
            w = min(w, sum(widths) + m.px(48) * n)
            extra = w - sum(widths)
            widths = [c + extra // n + (1 if i < extra % n else 0) for i, c in enumerate(widths)]
        for r, row in enumerate((b.columns, *b.rows)):
            header = r == 0
            cells = [wrap_rich(fonts, ("**" + c + "**") if header else c, small,
                               widths[i] - 2 * pad) for i, c in enumerate(row)]
            h = max(len(c) for c in cells) * small_line + m.px(14)
            fill = th.INK if header else (ROW_ALT if r % 2 == 0 else th.PAPER_LIGHT)
            self.ops.append(Box(pygame.Rect(x, self.y, w, h), fill))
            cx = x
            top = self.y
            for i, text in enumerate(row):
                self.y = top + m.px(7)
                self.paragraph(("**" + text + "**") if header else text, cx + pad,
                               widths[i] - 2 * pad, small, small_line,
                               th.PAPER_LIGHT if header else th.INK)
                if i:
                    self.ops.append(Box(pygame.Rect(cx, top, 1, h),
                                        th.INK_SOFT if header else th.INK_FAINT))
                cx += widths[i]
            self.y = top + h
        self.ops.append(Box(pygame.Rect(x, table_top, w, self.y - table_top), None, th.INK_SOFT,
                            0))
        self.y += m.px(18)

    # -------------------------------------------------------------- queries
    def anchor_at(self, scroll: int) -> Anchor | None:
        """The section being read at this scroll position (its heading at or above the top)."""
        current = self.anchors[0] if self.anchors else None
        for a in self.anchors:
            if a.y <= scroll + self.m.px(12):
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
    lines: list[str] = field(default_factory=list)  # the label wrapped to the row (drawn)


class RulesReferenceScene(Scene):
    """The rulebook screen. Opaque: nothing of the game below is drawn while it is open.

    Drawn at the window's own resolution (``native``): the header, contents and page fill the
    window, and the book is laid out at the window's scale and the player's text size, so the
    long text is never smooth-scaled.
    """

    opaque = True
    native = True

    def __init__(self, app: App, reference: Reference,
                 position: ReadingPosition | None = None) -> None:
        super().__init__(app)
        self.ref = reference
        self.position = position if position is not None else ReadingPosition()
        self.fonts = app.theme.fonts
        self.scroll = 0
        self.toc_scroll = 0
        self.dragging_thumb: int | None = None  # pointer-to-thumb offset while dragging
        self.hover_toc: int | None = None
        self.layer = LayerCache()
        self.measure = app.help_state.setdefault("widths", WidthCache(self.fonts))
        self._full: DocLayout | None = None  # the unfiltered book, laid out once per size
        self._layout_key: tuple | None = None
        self.toc: list[TocEntry] = []
        self.search = TextInput((0, 0, 10, 10), self.position.query, self.set_query,
                                placeholder=_("Type to search the rules"), max_len=40,
                                key="search")
        self.clear_button = Button((0, 0, 10, 10), "×", self.clear_search, key="clear",
                                   tooltip=_("Clear the search"))
        self.close_button = Button((0, 0, 10, 10), _("Close"), self.close, key="close",
                                   tooltip=_("Back to the game (Esc or F1)"))
        self.clear_button.visible = bool(self.search.text)
        self.ui = WidgetGroup([self.search, self.close_button, self.clear_button])
        self.ui.focus(self.search)
        self._place(app.window_size)
        self.layout = self.make_layout(self.position.query)
        if self.position.section_id is not None:
            self.jump_to(self.position.section_id, self.position.offset)
        self.rebuild_toc()

    # -------------------------------------------------------------- resolution
    def _place(self, size: tuple[int, int]) -> None:
        """Header, contents and page for a window of ``size`` (the 1600x900 design scaled by
        ``k``; the page takes the window's whole height and the width left of the contents)."""
        w, h = size
        self.size = (w, h)
        self.k = k = min(w / 1600, h / 900)
        self.m = m = Metrics(k * self.app.ui_scale)
        self.ui.scale = m.scale  # frames, fields and tooltips follow the book's scale
        self._layout_key = (tuple(size), self.app.ui_scale)
        margin = round(24 * k)
        self.header = pygame.Rect(0, 0, w, max(round(76 * k), m.px(76)))
        top = self.header.bottom + round(20 * k)
        toc_w = max(round(384 * k), min(m.px(384), w // 3))
        self.toc_box = pygame.Rect(margin, top, toc_w, h - top - margin)
        self.page = pygame.Rect(self.toc_box.right + margin, top,
                                w - self.toc_box.right - 2 * margin, h - top - margin)
        self.scrollbar_w = max(8, round(SCROLLBAR_W * k))
        room = self.page.w - self.scrollbar_w - m.px(40) - round(16 * k)
        self.column_w = min(m.px(COLUMN_W), room)
        self.col_x = self.page.x + (self.page.w - self.scrollbar_w - self.column_w) // 2
        self.view_rect = self.page.inflate(-4, -4)
        self.toc_head = m.px(64)  # the contents' title band
        hh = self.header.h
        bh = round(hh * 0.55)
        close_w = max(m.px(144), self.fonts.size(self.close_button.text, m.text(18), True)[0]
                      + m.px(32))
        self.close_button.rect = pygame.Rect(w - margin - close_w, (hh - bh) // 2, close_w, bh)
        self.close_button.size = m.text(18)
        sw = m.px(360)
        self.search.rect = pygame.Rect(self.close_button.rect.x - m.px(12) - sw, (hh - bh) // 2,
                                       sw, bh)
        self.search.size = m.text(18)
        cb = bh - m.px(8)
        self.clear_button.rect = pygame.Rect(self.search.rect.right - cb - m.px(4),
                                             self.search.rect.centery - cb // 2, cb, cb)
        self.clear_button.size = m.text(20)
        self.layer = LayerCache()

    def native_layout(self, size: tuple[int, int]) -> None:
        """Lay the screen and the book out again when the window or the text size changed,
        keeping the section being read."""
        if (tuple(size), self.app.ui_scale) == self._layout_key:
            return
        anchor = self.layout.anchor_at(self.scroll)
        ratio = 0.0
        if anchor is not None:
            nxt = next((a.y for a in self.layout.anchors if a.y > anchor.y), self.layout.height)
            ratio = (self.scroll - anchor.y) / max(1, nxt - anchor.y)
        self._place(size)
        self._full = None
        self.layout = self.make_layout(self.search.text)
        if anchor is not None:
            y = self.layout.anchor_y(anchor.section_id)
            if y is not None:
                nxt = next((a.y for a in self.layout.anchors if a.y > y), self.layout.height)
                self.scroll_to(y + ratio * (nxt - y))
        self.rebuild_toc()

    # -------------------------------------------------------------- model
    @property
    def query(self) -> str:
        return self.search.text.strip()

    @property
    def viewport_h(self) -> int:
        return self.view_rect.h - self.m.px(48)

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
            return DocLayout(self.measure, self.ref, query, self.col_x, self.column_w, self.m)
        if self._full is None:
            self._full = DocLayout(self.measure, self.ref, "", self.col_x, self.column_w,
                                   self.m)
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

    @property
    def toc_row(self) -> int:
        return self.m.line(TOC_SIZE, TOC_ROW)

    @property
    def toc_sub(self) -> int:
        return self.m.line(TOC_SIZE, TOC_SUB)

    def wrap_line(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """A label wrapped to width (long titles in some languages take two lines, never a
        cut)."""
        plain_text, _runs = parse_runs(text)
        return [plain_text[line[0][0]:line[-1][1]].strip()
                for line in wrap_rich(self.measure, text, size, max(20, width), bold_all=bold)
                ] or [text]

    def _toc_entry(self, x: int, y: int, w: int, row: int, label: str, section_id: str,
                   chapter_id: str, is_chapter: bool, count: int = 0) -> TocEntry:
        m, size = self.m, self.m.text(TOC_SIZE)
        room = w - m.px(16) - (self.measure.size(str(count), size)[0] + m.px(10) if count else 0)
        lines = self.wrap_line(label, size, room, is_chapter)
        line_h = self.fonts.font(size).get_linesize()
        h = row - 2 + (len(lines) - 1) * line_h
        return TocEntry(pygame.Rect(x, y, w, h), label, section_id, chapter_id, is_chapter,
                        count, lines)

    def rebuild_toc(self) -> None:
        """Chapters; the current chapter (or, when searching, every chapter) shows its sections."""
        if not hasattr(self, "layout"):
            return
        m, box = self.m, self.toc_box
        entries: list[TocEntry] = []
        first = box.y + self.toc_head
        y = first
        current = self.current_chapter()
        searching = bool(self.query)
        shown = {s.id for s in self.layout.sections}
        for ch in self.ref.chapters:
            secs = [s for s in ch.sections if s.id in shown]
            if not secs:
                continue
            entry = self._toc_entry(box.x + m.px(12), y, box.w - m.px(24), self.toc_row,
                                    ch.title, secs[0].id, ch.id, True,
                                    len(secs) if searching else 0)
            entries.append(entry)
            y = entry.rect.bottom + 2
            if searching or ch.id == current:
                for s in secs:
                    entry = self._toc_entry(box.x + m.px(34), y, box.w - m.px(46), self.toc_sub,
                                            s.title, s.id, ch.id, False)
                    entries.append(entry)
                    y = entry.rect.bottom + 2
                y += m.px(4)
        self.toc = entries
        # keep the entry being read in view when the list is longer than the panel
        bottom = box.bottom - m.px(12)
        cur = next((e for e in entries if not e.is_chapter and e.section_id ==
                    self.current_section()), None)
        total = (entries[-1].rect.bottom - first) if entries else 0
        limit = max(0, total - (bottom - first))
        if cur is not None and not searching:
            if cur.rect.bottom - self.toc_scroll > bottom:
                self.toc_scroll = cur.rect.bottom - bottom
            elif cur.rect.y - self.toc_scroll < first:
                self.toc_scroll = cur.rect.y - first
        self.toc_scroll = max(0, min(limit, self.toc_scroll))

    def toc_limit(self) -> int:
        if not self.toc:
            return 0
        return max(0, self.toc[-1].rect.bottom - (self.toc_box.bottom - self.m.px(12)))

    def toc_at(self, pos) -> int | None:
        box = self.toc_box
        if pos is None or not box.collidepoint(pos) or pos[1] < box.y + self.toc_head - 4:
            return None
        for i, e in enumerate(self.toc):
            if e.rect.move(0, -self.toc_scroll).collidepoint(pos):
                return i
        return None

    # -------------------------------------------------------------- scrollbar
    def track(self) -> pygame.Rect:
        p, k = self.page, self.k
        return pygame.Rect(p.right - self.scrollbar_w - round(8 * k), p.y + round(14 * k),
                           self.scrollbar_w, p.h - round(28 * k))

    def thumb(self) -> pygame.Rect | None:
        if not self.max_scroll():
            return None
        t = self.track()
        h = max(round(40 * self.k), round(t.h * self.viewport_h / self.layout.height))
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
        self.native_layout(self.app.window_size)
        if inp.is_action(Action.CANCEL):
            self.close()
            return True
        if inp.kind is Kind.KEY and self._key(inp):
            return True
        if inp.kind is Kind.SCROLL:
            if inp.pos is not None and self.toc_box.collidepoint(inp.pos) and self.toc_limit():
                self.toc_scroll = max(0, min(self.toc_limit(),
                                             self.toc_scroll - inp.amount * self.toc_sub * 2))
            else:
                self.scroll_to(self.scroll - inp.amount * 3 * self.m.body_line)
            return True
        if inp.kind is Kind.MOTION:
            self.hover_toc = self.toc_at(inp.pos)
        if inp.kind is Kind.PRESS and inp.pos is not None:
            thumb = self.thumb()
            if thumb is not None and thumb.inflate(8, 0).collidepoint(inp.pos):
                self.dragging_thumb = inp.pos[1] - thumb.y
                return True
            if thumb is not None and self.track().inflate(8, 0).collidepoint(inp.pos):
                page = self.viewport_h - self.m.body_line
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
        line = self.m.body_line
        page = self.viewport_h - line
        steps = {Action.UP: -2 * line, Action.DOWN: 2 * line, Action.PAGE_UP: -page,
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

    def resume(self) -> None:
        self.native_layout(self.app.window_size)

    def update(self, dt: float) -> None:
        self.native_layout(self.app.window_size)
        self.ui.update(dt)

    # -------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        key = (self.scroll, self.toc_scroll, self.search.text, self.hover_toc,
               self.ui.visual_state(), id(self.layout), self._layout_key)
        surface.blit(self.layer.get(key, surface.get_size(), self._paint), (0, 0))
        self.ui.tooltip.draw(surface, self.app.theme)

    def _paint(self, surface: pygame.Surface) -> None:
        surface.fill(th.PAPER)
        self._draw_header(surface)
        self._draw_toc(surface)
        self._draw_page(surface)
        self.ui.draw_widgets(surface, self.app.theme)

    def _draw_header(self, surface: pygame.Surface) -> None:
        fonts, m, head = self.fonts, self.m, self.header
        pygame.draw.rect(surface, th.INK, head)
        pygame.draw.line(surface, th.GOLD, (0, head.bottom - 1), (head.right, head.bottom - 1))
        x = round(28 * self.k)
        title_size, sub_size, count_size = m.text(26), m.text(18), m.text(18)
        k = fonts.kanji("将軍", min(round(head.h * 0.5), m.px(36)), th.GOLD)
        if k is not None:
            surface.blit(k, k.get_rect(midleft=(x, head.centery)))
            x += k.get_width() + m.px(18)
        right = self.search.rect.x - m.px(16)
        if self.query:
            n = len(self.layout.sections)
            text = (ngettext("{n} section found", "{n} sections found", n).format(n=n) if n
                    else _("Nothing found"))
            r = th.blit_text(surface, fonts, text, (right, head.centery), count_size,
                             th.GOLD, bold=True, anchor="midright")
            right = r.x - m.px(16)
        room = right - x
        gap = (title_size + sub_size) // 2 + 2
        th.blit_text(surface, fonts, fonts.fit(_("Rules of Shogun"), title_size, room, True),
                     (x, head.centery - gap * 4 // 10), title_size, th.PAPER_LIGHT, bold=True,
                     anchor="midleft")
        th.blit_text(surface, fonts,
                     fonts.fit(_("The same for every player · Esc or F1 returns to the game"),
                               sub_size, room),
                     (x, head.centery + gap * 6 // 10), sub_size, th.lighten(th.INK_FAINT, 0.3),
                     anchor="midleft")

    def _draw_toc(self, surface: pygame.Surface) -> None:
        fonts, m, box = self.fonts, self.m, self.toc_box
        radius = m.px(8)
        pygame.draw.rect(surface, th.PAPER_DARK, box.move(3, 4), border_radius=radius)
        pygame.draw.rect(surface, th.PAPER_LIGHT, box, border_radius=radius)
        pygame.draw.rect(surface, th.INK_SOFT, box, 1, border_radius=radius)
        title = _("Search results") if self.query else _("Contents")
        title_size = m.text(22)
        line_y = box.y + self.toc_head - m.px(12)
        th.blit_text(surface, fonts, fonts.fit(title, title_size, box.w - m.px(40), True),
                     (box.x + m.px(20), (box.y + line_y) // 2), title_size, th.INK, bold=True,
                     anchor="midleft")
        pygame.draw.line(surface, th.VERMILION, (box.x + m.px(20), line_y),
                         (box.right - m.px(20), line_y), 2)
        clip = pygame.Rect(box.x + 2, line_y + m.px(6), box.w - 4,
                           box.bottom - line_y - m.px(12))
        old = surface.get_clip()
        surface.set_clip(clip)
        cur_section, cur_chapter = self.current_section(), self.current_chapter()
        size = m.text(TOC_SIZE)
        for i, e in enumerate(self.toc):
            r = e.rect.move(0, -self.toc_scroll)
            if r.y < clip.y or r.bottom > clip.bottom:  # whole rows only: never half a title
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
                pygame.draw.rect(surface, th.VERMILION, (r.x - m.px(8), r.y + m.px(4), m.px(4),
                                                         r.h - m.px(8)))
            right = r.right - m.px(8)
            if e.count:
                cr = th.blit_text(surface, fonts, str(e.count), (right, r.centery), size,
                                  th.INK_SOFT, anchor="midright")
                right = cr.x - m.px(10)
            ink = th.INK if (e.is_chapter or current) else th.INK_SOFT
            if e.is_chapter and e.chapter_id == cur_chapter:
                ink = th.VERMILION_DARK
            line_h = fonts.font(size).get_linesize()
            cy = r.centery - (len(e.lines) - 1) * line_h // 2
            for line in e.lines or [e.label]:
                th.blit_text(surface, fonts, fonts.fit(line, size, right - (r.x + m.px(8)),
                                                       e.is_chapter),
                             (r.x + m.px(8), cy), size, ink, bold=e.is_chapter,
                             anchor="midleft")
                cy += line_h
        surface.set_clip(old)
        small, hint_row = m.small, m.line(SMALL, 26)
        hint_lines = [line for hint in KEY_HINTS
                      for line in self.wrap_line(_(hint), small, box.w - m.px(28))]
        y = box.bottom - len(hint_lines) * hint_row - m.px(14)
        if self.toc and self.toc[-1].rect.bottom - self.toc_scroll < y - m.px(20):
            pygame.draw.line(surface, th.PAPER_DARK, (box.x + m.px(20), y - m.px(12)),
                             (box.right - m.px(20), y - m.px(12)))
            for line in hint_lines:
                th.blit_text(surface, fonts, fonts.fit(line, small, box.w - m.px(28)),
                             (box.x + m.px(20), y), small, th.INK_SOFT)
                y += hint_row
        if self.toc_limit():
            t = pygame.Rect(box.right - m.px(8), clip.y + 4, m.px(4), clip.h - 8)
            h = max(30, round(t.h * clip.h / (clip.h + self.toc_limit())))
            y = t.y + round((t.h - h) * self.toc_scroll / self.toc_limit())
            pygame.draw.rect(surface, th.INK_FAINT, (t.x, y, t.w, h), border_radius=2)

    def _draw_page(self, surface: pygame.Surface) -> None:
        fonts, m, page = self.fonts, self.m, self.page
        radius = m.px(8)
        pygame.draw.rect(surface, th.PAPER_DARK, page.move(3, 4), border_radius=radius)
        pygame.draw.rect(surface, th.PAPER_LIGHT, page, border_radius=radius)
        pygame.draw.rect(surface, th.INK_SOFT, page, 1, border_radius=radius)
        clip = self.view_rect
        old = surface.get_clip()
        surface.set_clip(clip)
        dy = clip.y + m.px(24) - self.scroll
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
        fade = m.px(FADE)
        for edge, flip in ((clip.y, False), (clip.bottom - fade, True)):
            surface.blit(_fade(clip.w, flip, fade), (clip.x, edge))
        surface.set_clip(old)
        t = self.track()
        pygame.draw.rect(surface, th.PAPER_DARK, t, border_radius=t.w // 2)
        thumb = self.thumb()
        if thumb is not None:
            colour = th.VERMILION if self.dragging_thumb is not None else th.INK_SOFT
            pygame.draw.rect(surface, colour, thumb, border_radius=t.w // 2)

    def _draw_nothing_found(self, surface: pygame.Surface) -> None:
        fonts, m = self.fonts, self.m
        x, y, w = self.col_x, self.view_rect.y + m.px(40), self.column_w
        size = m.text(H_SECTION)
        for line in wrap_text(fonts, _("Nothing in the rules matches “{query}”.").format(
                query=self.query), size, w):
            th.blit_text(surface, fonts, line, (x, y), size, th.INK, bold=True)
            y += round(size * 1.4)
        y += m.px(8)
        for line in wrap_text(fonts, _("Try a shorter word, such as revolt, castle or tower."),
                              m.body, w):
            th.blit_text(surface, fonts, line, (x, y), m.body, th.INK_SOFT)
            y += m.body_line


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
