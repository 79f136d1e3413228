"""The look: one palette, the fonts with a text cache, and the cube/marker drawings.

Every player colour also has its own symbol, drawn on every cube and marker, so no rule of the
game depends on telling red from green (colour-blind players, grey-scale screenshots).
Nothing here touches the disk or pygame's display at import; :class:`Fonts` loads lazily.
"""

from __future__ import annotations

import math
import unicodedata
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from shogun_desktop.i18n import N_, _
from shogun_desktop.i18n.datatexts import region_name
from shogun_desktop.i18n.linebreak import wrap
from shogun_desktop.ui.paths import assets_dir

RGB = tuple[int, int, int]
Point = tuple[float, float]

# ---------------------------------------------------------------- palette (paper and ink)
PAPER = (238, 229, 207)
PAPER_DARK = (223, 210, 180)
PAPER_LIGHT = (248, 243, 230)
INK = (36, 31, 27)
INK_SOFT = (96, 86, 74)
INK_FAINT = (160, 148, 128)
VERMILION = (178, 45, 32)  # the accent: primary buttons, focus, highlights
VERMILION_DARK = (132, 30, 22)
GOLD = (196, 152, 58)
SEA = (140, 172, 184)
SEA_DARK = (112, 146, 160)
LAND = (214, 199, 163)
LETTERBOX = (24, 21, 19)
VEIL = (20, 16, 12, 150)  # RGBA drawn under modal overlays
OUT_OF_PLAY = (170, 165, 155)

# Region colours of the map: a band along each province's border (the fill shows the owner).
# Keyed by the rules' region ids; chosen so that no region can be taken for a player colour.
REGION_COLOURS: dict[str, RGB] = {
    "green": (38, 150, 146),  # teal
    "red": (230, 126, 34),  # orange
    "purple": (226, 118, 170),  # rose
    "yellow": (250, 250, 244),  # white
    "brown": (128, 84, 48),  # brown
}
# The colour words alone (a legend swatch); marked for the catalogue, translated when drawn
# through region_colour_name, never at import.
REGION_NAMES: dict[str, str] = {
    "green": N_("Teal"), "red": N_("Orange"), "purple": N_("Rose"), "yellow": N_("White"),
    "brown": N_("Brown"),
}


def region_colour_name(region: str) -> str:
    """A region's colour word in the current language ("Teal")."""
    return _(REGION_NAMES[region]) if region in REGION_NAMES else region.title()


def region_label(region: str) -> str:
    """What players read for a region id, translated (shogun_desktop.i18n.datatexts)."""
    return region_name(region)


# Player colours (saturated, they sit on top of region colours) and the farmers.
PLAYER_COLOURS: dict[str, RGB] = {
    "red": (205, 38, 38),
    "yellow": (246, 204, 34),
    "blue": (38, 88, 205),
    "purple": (128, 58, 168),
    "black": (34, 34, 38),
    "green": (52, 150, 64),  # farmers
}
PLAYER_ORDER: tuple[str, ...] = ("red", "yellow", "blue", "purple", "black")
FARMERS = "green"

# One symbol per colour: the colour-blind-safe second channel.
SYMBOLS: dict[str, str] = {
    "red": "circle",
    "yellow": "triangle",
    "blue": "square",
    "purple": "diamond",
    "black": "star",
    "green": "cross",
}


def colour_of(name_or_rgb: str | Sequence[int]) -> RGB:
    """A player/farmer colour name or an RGB triple -> RGB."""
    if isinstance(name_or_rgb, str):
        return PLAYER_COLOURS[name_or_rgb]
    r, g, b = name_or_rgb[:3]
    return (int(r), int(g), int(b))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Blend a toward b by t (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(c: Sequence[int], t: float = 0.3) -> RGB:
    return mix(c, (255, 255, 255), t)


def darken(c: Sequence[int], t: float = 0.3) -> RGB:
    return mix(c, (0, 0, 0), t)


def contrast_ink(c: Sequence[int]) -> RGB:
    """Black or white, whichever reads better on c (for symbols on cubes)."""
    luminance = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return (20, 20, 20) if luminance > 150 else (250, 250, 250)


# ---------------------------------------------------------------- fonts and cached text
SANS = "DejaVuSans.ttf"
SANS_BOLD = "DejaVuSans-Bold.ttf"
LABEL = "DejaVuSerifCondensed-Bold.ttf"  # province names on the map, like printed labels
KANJI = "NotoSerifCJKjp-Bold-subset.otf"
# The fallback face for characters DejaVu lacks (Chinese translations): a subset covering the
# zh_Hant catalogue (tools/i18n.py font), drawn per run of characters inside one string.
CJK = "NotoSansCJKtc-Regular-subset.otf"
CJK_BOLD = "NotoSansCJKtc-Bold-subset.otf"


def is_cjk(text: str) -> bool:
    """True when text has a character of the CJK blocks (wrapping without spaces)."""
    return any("\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\uffef" for ch in text)


class Fonts:
    """Loaded fonts and an LRU cache of rendered text, keyed by (text, size, colour, bold).

    Rendering text is the most expensive thing a frame does; widgets ask for the same strings
    every frame, so they get the cached surface. Kanji come from a small CJK subset; a string
    the fonts cannot show is reported (``kanji`` returns None) instead of drawn as boxes.
    """

    def __init__(self, font_dir: Path | None = None, cache_size: int = 2048) -> None:
        self.font_dir = font_dir if font_dir is not None else assets_dir() / "fonts"
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        # wrapped lines by (text, size, width, bold): UAX #14 breaking costs milliseconds for
        # a paragraph, and tooltips and panels ask for the same ones frame after frame
        self._wraps: OrderedDict[tuple, list[str]] = OrderedDict()
        self._fits: OrderedDict[tuple, str] = OrderedDict()  # fit() results
        self._cache_size = cache_size
        self._glyph_ok: dict[tuple[str, str], bool] = {}
        self._present: dict[str, bool] = {}  # which optional faces ship (asked per string)

    def font(self, size: int, bold: bool = False, *, kanji: bool = False,
             label: bool = False, cjk: bool = False) -> pygame.font.Font:
        if kanji:
            name = KANJI
        elif cjk:
            name = CJK_BOLD if bold else CJK
        else:
            name = LABEL if label else (SANS_BOLD if bold else SANS)
        key = (name, size)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = self.font_dir / name
            # A missing asset degrades to pygame's bundled font rather than crashing.
            font = pygame.font.Font(path if path.exists() else None, size)
            if bold and not path.exists():
                font.bold = True
            self._fonts[key] = font
        return font

    def _has_glyph(self, face: str, ch: str, bold: bool, label: bool) -> bool:
        """Whether a face draws ch (cached per face and character). Metrics do not tell:
        a missing glyph has the .notdef box's metrics, so its rendering is compared."""
        key = (face + ("b" if bold else "") + ("l" if label else ""), ch)
        ok = self._glyph_ok.get(key)
        if ok is None:
            font = self.font(24, bold, label=label, cjk=face == "cjk")
            ok = self._glyph_signature(font, ch) != self._notdef(font)
            self._glyph_ok[key] = ok
        return ok

    def ships(self, name: str) -> bool:
        """Whether the optional face ``name`` is in the font folder: looked up once, not for
        every string drawn (a Russian game asked the disk 43,000 times)."""
        ok = self._present.get(name)
        if ok is None:
            ok = self._present[name] = (self.font_dir / name).exists()
        return ok

    def runs(self, text: str, bold: bool = False, label: bool = False
             ) -> list[tuple[str, bool]]:
        """text cut into (run, drawn with the CJK face) pieces: every character DejaVu lacks
        and the CJK subset has goes to the CJK face; spaces and marks join the run they are
        in, so Latin words are never split."""
        if text.isascii():
            return [(text, False)]
        cjk_ok = self.ships(CJK)
        out: list[tuple[str, bool]] = []
        for ch in text:
            if ch.isspace() or unicodedata.category(ch).startswith("M"):
                use = out[-1][1] if out else False
            else:
                use = (cjk_ok and not self._has_glyph("sans", ch, bold, label)
                       and self._has_glyph("cjk", ch, bold, False))
            if out and out[-1][1] == use:
                out[-1] = (out[-1][0] + ch, use)
            else:
                out.append((ch, use))
        return out

    def has_glyphs(self, text: str, *, kanji: bool = False) -> bool:
        """True when every character of text has a real glyph (not the .notdef box)."""
        font = self.font(24, kanji=kanji)
        missing = self._notdef(font)
        for ch in set(text):
            key = ("k" if kanji else "s", ch)
            ok = self._glyph_ok.get(key)
            if ok is None:
                ok = ch.isspace() or self._glyph_signature(font, ch) != missing
                self._glyph_ok[key] = ok
            if not ok:
                return False
        return True

    @staticmethod
    def _glyph_signature(font: pygame.font.Font, ch: str) -> tuple:
        surf = font.render(ch, True, (0, 0, 0))
        return (tuple(font.metrics(ch) or ()), surf.get_size(), pygame.image.tobytes(surf, "RGBA"))

    def _notdef(self, font: pygame.font.Font) -> tuple:
        # U+E000 is a private-use code point: no font we ship has it, so it renders as .notdef.
        return self._glyph_signature(font, "\ue000")

    def render(
        self, text: str, size: int, colour: Sequence[int] = INK, bold: bool = False,
        *, label: bool = False,
    ) -> pygame.Surface:
        """Cached text; label=True uses the map-label face (province names on the map).
        Characters the face lacks are drawn in the CJK face, on a common baseline."""
        key = (text, size, tuple(colour), bold, "label" if label else False)
        surf = self._cache.get(key)
        if surf is None:
            runs = self.runs(text, bold, label)
            if len(runs) == 1 and not runs[0][1]:
                surf = self.font(size, bold, label=label).render(text, True, colour)
            else:
                surf = self._render_runs(runs, size, colour, bold, label)
            self._store(key, surf)
        else:
            self._cache.move_to_end(key)
        return surf

    def _render_runs(self, runs: list[tuple[str, bool]], size: int, colour: Sequence[int],
                     bold: bool, label: bool) -> pygame.Surface:
        pieces = []
        for run, cjk in runs:
            font = self.font(size, bold, label=label and not cjk, cjk=cjk)
            pieces.append((font.render(run, True, colour), font.get_ascent()))
        ascent = max(a for _s, a in pieces)
        height = max(ascent + s.get_height() - a for s, a in pieces)
        surf = pygame.Surface((sum(s.get_width() for s, _a in pieces), height), pygame.SRCALPHA)
        x = 0
        for piece, a in pieces:
            surf.blit(piece, (x, ascent - a))
            x += piece.get_width()
        return surf

    def label(self, text: str, size: int, colour: Sequence[int] = INK) -> pygame.Surface:
        """Text in the map-label face (condensed serif bold), through the same cache."""
        return self.render(text, size, colour, True, label=True)

    def label_size(self, text: str, size: int) -> tuple[int, int]:
        return self.font(size, label=True).size(text)

    def kanji(self, text: str, size: int, colour: Sequence[int] = INK) -> pygame.Surface | None:
        """Kanji text from the CJK subset, or None when the subset lacks a glyph of it."""
        key = (text, size, tuple(colour), True, True)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        if not text or not self.ships(KANJI) or not self.has_glyphs(text, kanji=True):
            return None
        surf = self.font(size, kanji=True).render(text, True, colour)
        self._store(key, surf)
        return surf

    def _store(self, key: tuple, surf: pygame.Surface) -> None:
        self._cache[key] = surf
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        runs = self.runs(text, bold)
        if len(runs) == 1 and not runs[0][1]:
            return self.font(size, bold).size(text)
        width, ascent, descent = 0, 0, 0
        for run, cjk in runs:
            font = self.font(size, bold, cjk=cjk)
            w, h = font.size(run)
            width += w
            ascent = max(ascent, font.get_ascent())
            descent = max(descent, h - font.get_ascent())
        return width, ascent + descent

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """text shortened with an ellipsis so it fits width pixels (remembered: a screen
        repaints the same few dozen lines, and measuring text with a "·" or a "—" goes
        character by character)."""
        key = (text, size, width, bold)
        shown = self._fits.get(key)
        if shown is None:
            shown = self._fits[key] = self._fit(text, size, width, bold)
            if len(self._fits) > 1024:
                self._fits.popitem(last=False)
        else:
            self._fits.move_to_end(key)
        return shown

    def _fit(self, text: str, size: int, width: int, bold: bool) -> str:
        if self.size(text, size, bold)[0] <= width:
            return text
        # Binary search for the longest prefix that fits with the ellipsis: about log2(len)
        # measurements instead of one per removed character (a 5,000-character line used to
        # cost seconds per repaint). A prefix is never wider than the text it starts.
        low, high = 0, len(text)
        while low < high:
            mid = (low + high + 1) // 2
            if self.size(text[:mid] + "…", size, bold)[0] <= width:
                low = mid
            else:
                high = mid - 1
        return text[:low] + "…"

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines no wider than width, broken where each script allows (UAX #14: Chinese
        between characters, never before 。，」 nor after 「（)."""
        key = (text, size, width, bold)
        lines = self._wraps.get(key)
        if lines is None:
            lines = wrap(text, width, lambda s: self.size(s, size, bold)[0])
            self._wraps[key] = lines
            if len(self._wraps) > 512:
                self._wraps.popitem(last=False)
        else:
            self._wraps.move_to_end(key)
        return list(lines)

    def cache_len(self) -> int:
        return len(self._cache)


def blit_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    pos: Point,
    size: int = 18,
    colour: Sequence[int] = INK,
    *,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Draw cached text with its rect anchored at pos (any pygame.Rect anchor name)."""
    surf = fonts.render(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    return rect


def line_step(fonts: Fonts, text: str, size: int, bold: bool = False) -> int:
    """The height of one line of text at size: its tallest face's line (accents, Cyrillic
    capitals, and the CJK face's taller line when the text has Chinese)."""
    return fonts.size("ÁgЙ" + ("將" if is_cjk(text) else ""), size, bold)[1]


def fit_block(fonts: Fonts, text: str, width: int, height: int, max_size: int,
              min_size: int = 8, bold: bool = False) -> tuple[int, list[str]]:
    """(size, lines): text wrapped to width at the largest size from max_size down to
    min_size whose lines all fit width and, stacked, fit height.

    A translated label is as long as its language makes it ("Nasadit 1 + pohyb" on a card
    sized for "Recruit 1"): it wraps and shrinks to its box instead of running out of it.
    When even min_size cannot hold it, lines are shortened with an ellipsis and cut to the
    height, so the box is never overrun (the caller's tooltip holds the whole text).
    """
    min_size = min(min_size, max_size)
    for split in (False, True):  # whole words at any size first, hyphenated only then
        for size in range(max_size, min_size - 1, -1):
            lines = _wrap_words(fonts, text, size, width, bold, split)
            if (len(lines) * line_step(fonts, text, size, bold) <= height
                    and all(fonts.size(line, size, bold)[0] <= width for line in lines)):
                return size, lines
    size = min_size
    lines = [fonts.fit(line, size, width, bold)
             for line in _wrap_words(fonts, text, size, width, bold, True)]
    room = max(1, height // line_step(fonts, text, size, bold))
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = fonts.fit(lines[-1].rstrip("…") + "…", size, width, bold)
    return size, lines


VOWELS = frozenset("aeiouyáéěíóúůýäëïöüaеёиоуыэюяAEIOUYÁÉĚÍÓÚŮÝАЕЁИОУЫЭЮЯ")


def hyphenate(fonts: Fonts, word: str, size: int, width: int, bold: bool = False) -> list[str]:
    """A word wider than width in pieces that fit, each but the last ending in "-".

    Pieces break after a vowel with at least two letters on either side (пере-мещение,
    Nasa-dit): a plain syllable rule, enough for a one-word label on a small card. A word
    with no such break comes back whole (the caller shortens it)."""
    pieces: list[str] = []
    rest = word
    while fonts.size(rest, size, bold)[0] > width:
        cut = next((i for i in range(len(rest) - 2, 1, -1)
                    if rest[i - 1] in VOWELS and rest[i] not in "ьъй"
                    and fonts.size(rest[:i] + "-", size, bold)[0] <= width), None)
        if cut is None:
            break
        pieces.append(rest[:cut] + "-")
        rest = rest[cut:]
    return [*pieces, rest]


def _wrap_words(fonts: Fonts, text: str, size: int, width: int, bold: bool,
                split: bool) -> list[str]:
    """Greedy wrap at spaces (Chinese by its line rules); with split, a word too wide for a
    line of its own is hyphenated."""
    if is_cjk(text):
        return fonts.wrap(text, size, width, bold)
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and fonts.size(trial, size, bold)[0] <= width:
            lines[-1] = trial
        else:
            lines.extend(hyphenate(fonts, word, size, width, bold) if split else [word])
    return lines or [""]


def draw_block(surface: pygame.Surface, fonts: Fonts, text: str, box: pygame.Rect,
               max_size: int, colour: Sequence[int] = INK, *, min_size: int = 8,
               bold: bool = False) -> list[pygame.Rect]:
    """text fitted into box (fit_block), each line centred; returns the drawn rects."""
    size, lines = fit_block(fonts, text, box.w, box.h, max_size, min_size, bold)
    step = line_step(fonts, text, size, bold)
    y = box.centery - step * len(lines) // 2
    out = []
    for line in lines:
        out.append(blit_text(surface, fonts, line, (box.centerx, y), size, colour,
                             bold=bold, anchor="midtop"))
        y += step
    return out


@dataclass
class Theme:
    """What a drawing needs besides the surface: the fonts (palette entries are module data)."""

    fonts: Fonts


# ---------------------------------------------------------------- symbols, cubes, markers
def _rot(points: Sequence[Point], center: Point, angle_deg: float) -> list[Point]:
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = center
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in points]


def symbol_points(symbol: str, r: float) -> list[list[Point]]:
    """Outline polygons (centred at 0,0, radius about r) for a symbol; a cross is two bars."""
    if symbol == "triangle":
        return [[(0, -r), (r * 0.95, r * 0.75), (-r * 0.95, r * 0.75)]]
    if symbol == "square":
        s = r * 0.8
        return [[(-s, -s), (s, -s), (s, s), (-s, s)]]
    if symbol == "diamond":
        return [[(0, -r), (r * 0.8, 0), (0, r), (-r * 0.8, 0)]]
    if symbol == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            a = math.radians(-90 + 36 * i)
            pts.append((rr * math.cos(a), rr * math.sin(a)))
        return [pts]
    if symbol == "cross":
        w = r * 0.3
        return [[(-r, -w), (r, -w), (r, w), (-r, w)], [(-w, -r), (w, -r), (w, r), (-w, r)]]
    # circle: a 16-gon so rotation is uniform with the other symbols
    return [[(r * math.cos(i * math.pi / 8), r * math.sin(i * math.pi / 8)) for i in range(16)]]


def draw_symbol(
    surface: pygame.Surface,
    colour_name: str,
    center: Point,
    radius: float,
    ink: Sequence[int] | None = None,
    angle: float = 0.0,
) -> None:
    """The colour's own symbol, filled with ink (default: contrasting to the colour)."""
    ink = ink if ink is not None else contrast_ink(colour_of(colour_name))
    symbol = SYMBOLS.get(colour_name, "circle")
    if symbol == "circle" and not angle:
        pygame.draw.circle(surface, ink, center, radius)
        return
    for poly in symbol_points(symbol, radius):
        pygame.draw.polygon(surface, ink, _rot(poly, center, angle))


_CUBE_SPRITES: dict[tuple[str, int, int], pygame.Surface] = {}


def draw_cube(
    surface: pygame.Surface,
    colour: str,
    rect_or_center: pygame.Rect | Point,
    size: float | None = None,
    angle: float = 0.0,
) -> pygame.Rect:
    """An army cube seen from above: bevelled square in the colour with its symbol.

    rect_or_center is a Rect (the cube fills it; size defaults to its shorter side) or a
    centre point (then size is required). angle rotates the cube (tower tray, tumbling).
    Sprites are cached per (colour, size, 3-degree step), so hundreds of cubes a frame are
    just blits. Returns the rect blitted.
    """
    if isinstance(rect_or_center, pygame.Rect):
        center: Point = rect_or_center.center
        size = size if size is not None else min(rect_or_center.size)
    else:
        center = rect_or_center
        if size is None:
            raise ValueError("draw_cube needs a size when given a centre point")
    key = (colour, max(2, round(size)), (round(angle / 3) * 3) % 360)
    sprite = _CUBE_SPRITES.get(key)
    if sprite is None:
        if len(_CUBE_SPRITES) > 4096:
            _CUBE_SPRITES.clear()
        sprite = _CUBE_SPRITES[key] = _cube_sprite(*key)
    return surface.blit(sprite, sprite.get_rect(center=(round(center[0]), round(center[1]))))


def _cube_sprite(colour: str, size: int, angle: int) -> pygame.Surface:
    side = math.ceil(size * 1.42) + 2
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    center = (side / 2, side / 2)
    base = colour_of(colour)
    h = size / 2
    outer = _rot([(-h, -h), (h, -h), (h, h), (-h, h)], center, angle)
    inset = max(1.5, size * 0.14)
    inner = _rot([(-h + inset, -h + inset), (h - inset, -h + inset), (h - inset, h - inset),
                  (-h + inset, h - inset)], center, angle)
    pygame.draw.polygon(surf, darken(base, 0.35), outer)
    pygame.draw.polygon(surf, lighten(base, 0.18) if colour != "black" else (70, 70, 78), inner)
    # a highlight along the upper-left edges gives the bevel without images
    edge = max(1, round(size / 14))
    pygame.draw.line(surf, lighten(base, 0.45), inner[0], inner[1], edge)
    pygame.draw.line(surf, lighten(base, 0.45), inner[0], inner[3], edge)
    pygame.draw.polygon(surf, darken(base, 0.6), outer, 1)
    if size >= 9:
        draw_symbol(surf, colour, center, size * 0.26, angle=angle)
    return surf


def draw_marker(
    surface: pygame.Surface,
    colour: str,
    center: Point,
    size: float,
    label: str | None = None,
    fonts: Fonts | None = None,
) -> pygame.Rect:
    """A round wooden marker (VP, rice, seat token): disc with rim and the colour's symbol.

    With label and fonts, the label (e.g. a count) is drawn instead of the symbol, and the
    symbol sits small at the top so the colour stays identifiable.
    """
    base = colour_of(colour)
    r = size / 2
    cx, cy = center
    pygame.draw.circle(surface, darken(base, 0.45), (cx, cy + max(1, r * 0.12)), r)  # edge
    pygame.draw.circle(surface, base, (cx, cy), r)
    pygame.draw.circle(surface, lighten(base, 0.25), (cx, cy), r * 0.78)
    pygame.draw.circle(surface, darken(base, 0.6), (cx, cy), r, 1)
    if label and fonts is not None:
        txt = fonts.render(label, max(9, round(size * 0.45)), contrast_ink(base), bold=True)
        surface.blit(txt, txt.get_rect(center=(cx, cy + r * 0.12)))
        draw_symbol(surface, colour, (cx, cy - r * 0.55), r * 0.2)
    else:
        draw_symbol(surface, colour, (cx, cy), r * 0.45)
    return pygame.Rect(round(cx - r), round(cy - r), round(size), round(size))
