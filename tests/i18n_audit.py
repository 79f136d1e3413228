"""The translation audit of the window: a pseudo-locale, a recorder of every drawn string, and
the checks a full game in each language must pass (imported by tests/test_i18n_screens.py).

* :class:`PseudoTranslator` returns every message, plural, context and data text "translated"
  into accented pseudo text between ⟦ ⟧ ("Recruit {n}" -> "⟦Ŕéçŕúíţ {n}⟧"): the words of a
  message never keep a plain ASCII letter, so a plain Latin word on screen that is not a
  proper noun (a player or province name, the title) was never passed through ``_()``.
* :class:`Recorder` patches the few drawing entry points every text goes through
  (``Fonts.render``, ``theme.blit_text``, ``Fonts.fit``, the wrap helpers, ``pygame.draw.rect``)
  and each scene's and widget's ``draw``, and notes every problem with the scene that drew it:
  untranslated text, a character no shipped font draws, text cut short with no tooltip that
  holds it, text whose ink runs outside the window, the widget or ``draw_*(surface, rect)``
  painter drawing it, the box drawn around it or whose edge it straddles, and wrapped lines
  dropped because the box had room for fewer.
* :func:`play_full_game` plays a seeded 3-player game through the window with the test driver
  (real clicks and keys), also opening the rules reference (every page), the Esc menu and the
  settings on the way.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from shogun_desktop import i18n
from shogun_desktop.i18n import LANGUAGES, LOCALE_DIR, Translator
from shogun_desktop.i18n.msgfmt import parse_po
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.app import App
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Label, Panel, Widget
from shogun_desktop.ui.widgets.layer import LayerCache

# ------------------------------------------------------------------------ pseudo-locale
OPEN, CLOSE = "⟦", "⟧"
_ACCENTS = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥɋŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ", strict=True))
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """message in pseudo text: letters accented outside ``{placeholders}``, between ⟦ ⟧.
    Markup the window reads (``**bold**``, newlines) and the placeholders are kept."""
    if not message:
        return message
    parts = _PLACEHOLDER.split(message)
    out = "".join(p if i % 2 else "".join(_ACCENTS.get(ch, ch) for ch in p)
                  for i, p in enumerate(parts))
    return f"{OPEN}{out}{CLOSE}"


class PseudoTranslator(Translator):
    """Every gettext call answers in pseudo text (plurals pick by English rules)."""

    def __init__(self) -> None:  # no catalogue to read
        self.code = "en"  # layers asking for the code (number formats, fonts) see English
        self.catalogue = None  # type: ignore[assignment]

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


def install(monkeypatch, code: str) -> None:
    """Switch every layer to ``code`` ("qps" = the pseudo-locale) for one test."""
    translator = PseudoTranslator() if code == "qps" else Translator(code)
    monkeypatch.setattr(i18n, "_current", translator)


# ------------------------------------------------------------------------ what is allowed
TITLE_WORDS = ("SHOGUN", "Shogun")  # the game's name, drawn as on the box in every language


def proper_nouns(data, players: Iterable[str]) -> list[str]:
    """Words that stay as they are in every language: player and province names (romaji, as
    on the board), the game's name and each language's own name on the language chooser."""
    words = set(players) | set(TITLE_WORDS)
    for name in data.provinces:
        words.add(name)
        words.update(re.findall(r"[^\W\d_]+", name))
    for lang in LANGUAGES.values():
        words.update(re.findall(r"[^\W\d_]+", lang.native))
    return sorted(words, key=len, reverse=True)


@functools.lru_cache(maxsize=8)
def _nouns_pattern(nouns: tuple[str, ...]) -> re.Pattern:
    longest_first = sorted(nouns, key=len, reverse=True)
    return re.compile(r"(?<![A-Za-z])(?:" + "|".join(map(re.escape, longest_first)) +
                      r")(?![a-z])")


def _without(text: str, nouns: list[str]) -> str:
    """text with every proper noun blanked out (a possessive ending such as "Annaš" stays)."""
    return _nouns_pattern(tuple(nouns)).sub(" ", text) if nouns else text


# keyboard keys, named as printed on the keys in every language: a modifier combination
# ("Ctrl+Home"), Esc and F1..F12 anywhere, and the other key names only where they read as a
# key: in brackets, after "/" or "+", or before ":", ")" or "/" ("Page Up/Down: scroll").
_B = r"(?<![A-Za-z0-9])"  # an ASCII word edge: Chinese runs right up to a key ("Esc或F1")
_E = r"(?![A-Za-z0-9])"
_KEYS = re.compile(
    rf"(?:{_B}(?:Ctrl|Shift|Alt)\+(?:[A-Za-z]+|\d+)(?:[/／][A-Za-z]+)*)"
    rf"|{_B}Esc{_E}|{_B}F(?:1[0-2]|[1-9]){_E}"
    rf"|(?:(?<=[(/+（／＋])|{_B})(?:Page\s?(?:Up|Down)|PgUp|PgDn|Tab|Enter|Space|Home|End|Up|Down"
    r"|Left|Right|Shift|Ctrl|Alt|Backspace|Delete)(?=\s*[:)/：）／]|(?<=[(/+（／＋]\w{2})|\Z)")
_FRAGMENT = re.compile(r"(?<![A-Za-z])([A-Za-z]{2,})(?=[.\-…])")


def _province_part(word: str, nouns: list[str]) -> bool:
    """word is how a name's start looks when shortened ("Mima." "Shi-" "Shimots…")."""
    return any(n.startswith(word) for n in nouns if n[:1].isupper())


def _name_piece(text: str, nouns: list[str]) -> bool:
    """text alone is a start or end of a name split over lines ("Shimo-" / "tsuke")."""
    word = text.strip().rstrip(".-…")
    if not re.fullmatch(r"[A-Za-z]{2,}", word):
        return False
    return any(n.startswith(word) or n.lower().endswith(word.lower())
               for n in nouns if n[:1].isupper() and len(n) > len(word))


def plain_words(text: str, nouns: list[str], min_len: int = 2) -> list[str]:
    """Runs of plain ASCII letters (at least min_len) left once the proper nouns are out, and
    the names' shortened or split forms and the key names ("Esc", "Ctrl+Z") with them."""
    if nouns and _name_piece(text, nouns):
        return []
    rest = _KEYS.sub(" ", _without(text, nouns))
    if nouns:
        rest = _FRAGMENT.sub(lambda m: " " if _province_part(m[1], nouns) else m[0], rest)
    return re.findall(rf"[A-Za-z]{{{min_len},}}", rest)


@dataclass
class Catalogue:
    """A language's English messages whose translation differs, to spot one on screen."""

    exact: set[str]
    templates: re.Pattern | None
    latin_script: bool = True  # False: a Latin word on screen is English (ru, zh_Hant)


def english_left(code: str) -> Catalogue:
    """English strings (msgids, plurals; placeholders as wildcards) that must not be seen in
    ``code``: those translated to something else, minus any that some translation uses as it
    is (a Dutch "Start" is Dutch too)."""
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    messages = [m for m in parse_po(path.read_text(encoding="utf-8")) if m.msgid]
    translations = {s for m in messages for s in m.msgstr}
    exact: set[str] = set()
    patterns: list[str] = []
    for m in messages:
        for english in (m.msgid, m.msgid_plural):
            if not english or english in translations:
                continue
            if len(re.findall(r"[A-Za-z]{2,}", _PLACEHOLDER.sub("", english))) == 0:
                continue
            if "{" in english:
                patterns.append("".join(".+?" if i % 2 else re.escape(p) for i, p in
                                        enumerate(_PLACEHOLDER.split(english))))
            else:
                exact.add(english.strip())
    templates = re.compile("(?:" + "|".join(patterns) + r")\Z", re.S) if patterns else None
    text = _PLACEHOLDER.sub("", "".join(s for m in messages for s in m.msgstr))
    letters = [ch for ch in text if ch.isalpha()]
    ascii_share = sum(ch.isascii() for ch in letters) / max(1, len(letters))
    return Catalogue(exact, templates, latin_script=ascii_share > 0.5)


# ------------------------------------------------------------------------ the recorder
def _subclasses(cls: type) -> list[type]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


def _shape(text: str, nouns: list[str]) -> str:
    """text with its numbers as # and names as ~ (one message with other counts and names is
    one problem)."""
    return re.sub(r"\d+", "#", _without(text, nouns) if nouns else text)


@dataclass
class Problems:
    """Problems by kind, one per (scene, message shape), each naming the scene (and widget)
    that drew the text and the text itself."""

    nouns: list[str] = field(default_factory=list)
    found: dict[tuple[str, str, str], str] = field(default_factory=dict)

    def add(self, kind: str, where: str, text: str, detail: str = "") -> None:
        self.found.setdefault((kind, where, _shape(text, self.nouns)), f"{text!r}{detail}")

    @property
    def by_kind(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for (kind, where, _s), line in sorted(self.found.items()):
            out.setdefault(kind, []).append(f"{where}: {line}")
        return out

    def lines(self) -> list[str]:
        return [f"[{kind}] {where}: {line}"
                for (kind, where, _s), line in sorted(self.found.items())]

    def __bool__(self) -> bool:
        return bool(self.found)


@dataclass
class Audit:
    """What to check: the language, the proper nouns, the catalogue's left-over English."""

    code: str
    nouns: list[str] = field(default_factory=list)
    english: Catalogue | None = None
    bounds: bool = True  # fonts, cut text and boxes (the pseudo-locale checks words only)


TOLERANCE = 2  # pixels a glyph's side bearing may pass a box edge without being cut


class Recorder:
    """Patches the drawing entry points (with monkeypatch) and checks each drawn text once
    per (text, place, scene)."""

    def __init__(self, monkeypatch, audit: Audit,
                 painter_modules: tuple[str, ...] = ("shogun_desktop.ui",)) -> None:
        self.audit = audit
        self.painter_modules = painter_modules  # where draw_*(surface, rect) painters live
        self.problems = Problems(audit.nouns)
        self.wrapped_lines: set[str] = set()  # lines of texts checked whole
        self.scene: list[Scene | None] = [None]
        self.widgets: list[Widget] = []
        self.owners: list[tuple[str, pygame.Rect]] = []  # draw_*(surface, rect) painting
        self.boxes: dict[int, list[pygame.Rect]] = {}  # per surface, this paint
        self.cut: dict[str, str] = {}  # shortened text -> the full text
        self.wraps: list[tuple[str, list[str]]] = []  # this frame's wrapped texts
        self.blitted: set[str] = set()  # this frame
        self.blit_rects: dict[str, pygame.Rect] = {}  # this frame: where each text was drawn
        self.seen: set[tuple] = set()
        self.words_seen: set[str] = set()
        self.texts: set[str] = set()  # every text rendered
        self.glyph_ok: dict[tuple[str, bool, bool], bool] = {}
        self.fonts: th.Fonts | None = None
        self.app: App | None = None  # set by play_full_game: names the scene on top
        self._patch(monkeypatch)

    # ------------------------------------------------------------------ naming
    def where(self) -> str:
        scene = self.scene[0]
        if scene is None and self.app is not None and self.app.scenes:
            scene = self.app.scenes.top  # text prepared outside draw (update, layout)
        name = scene_name(scene)
        if self.widgets:
            w = self.widgets[-1]
            name += f"/{type(w).__name__}" + (f"[{w.key}]" if w.key else "")
        return name

    # ------------------------------------------------------------------ patches
    def _patch(self, mp) -> None:
        rec = self
        render, blit, fit, wrap = th.Fonts.render, th.blit_text, th.Fonts.fit, th.Fonts.wrap
        draw_rect = pygame.draw.rect

        def p_render(fonts, text, size, colour=th.INK, bold=False, *, label=False):
            rec.fonts = fonts
            rec.on_text(text, bold, label)
            return render(fonts, text, size, colour, bold, label=label)

        def p_blit(surface, fonts, text, pos, size=18, colour=th.INK, *, bold=False,
                   anchor="topleft"):
            rect = blit(surface, fonts, text, pos, size, colour, bold=bold, anchor=anchor)
            rec.on_blit(surface, text, rect)
            return rect

        def p_fit(fonts, text, size, width, bold=False):
            out = fit(fonts, text, size, width, bold)
            if out != text:
                rec.cut[out] = text
            return out

        def p_wrap(fonts, text, size, width, bold=False):
            lines = wrap(fonts, text, size, width, bold)
            rec.on_wrap(text, lines)
            return lines

        def p_rect(surface, colour, rect, width=0, *args, **kw):
            r = pygame.Rect(rect)
            if r.w > 0 and r.h > 0:
                rec.boxes.setdefault(id(surface), []).append(r)
            return draw_rect(surface, colour, rect, width, *args, **kw)

        def p_layer_get(layer, key, size, paint, _orig=LayerCache.get):
            def painting(surface):
                rec.boxes.pop(id(surface), None)
                paint(surface)
            return _orig(layer, key, size, painting)

        mp.setattr(th.Fonts, "render", p_render)
        mp.setattr(th, "blit_text", p_blit)
        mp.setattr(th.Fonts, "fit", p_fit)
        mp.setattr(th.Fonts, "wrap", p_wrap)
        mp.setattr(pygame.draw, "rect", p_rect)
        mp.setattr(LayerCache, "get", p_layer_get)
        # wrap helpers imported by name into the scenes: record them where they are used
        from shogun_desktop.ui.widgets import text as text_module

        wrap_text = text_module.wrap_text

        def p_wrap_text(fonts, text, size, width, _orig=wrap_text):
            lines = _orig(fonts, text, size, width)
            rec.on_wrap(text, lines)
            return lines

        for name, module in list(sys.modules.items()):
            if not name.startswith("shogun_desktop.ui") or module is None:
                continue
            if getattr(module, "wrap_text", None) is wrap_text:
                mp.setattr(module, "wrap_text", p_wrap_text)
            bold_wrap = getattr(module, "wrap_bold", None)
            if callable(bold_wrap) and getattr(bold_wrap, "__module__", "") == name:
                def p_wrap_bold(fonts, text, size, width, _orig=bold_wrap):
                    lines = _orig(fonts, text, size, width)
                    rec.on_wrap(text, lines)
                    return lines
                mp.setattr(module, "wrap_bold", p_wrap_bold)
        # painters of a rect (``draw_action_card(surface, rect, ...)``): they own that rect
        painters: dict[object, Callable] = {}
        for name, module in list(sys.modules.items()):
            if not name.startswith(self.painter_modules) or module is None:
                continue
            for attr, fn in list(vars(module).items()):
                if not attr.startswith("draw_") or not inspect.isfunction(fn):
                    continue
                params = list(inspect.signature(fn).parameters)
                if len(params) < 2 or params[1] != "rect":
                    continue
                if fn not in painters:
                    def painter(surface, rect, *a, _orig=fn, _name=attr, **kw):
                        rec.owners.append((_name, pygame.Rect(rect)))
                        try:
                            return _orig(surface, rect, *a, **kw)
                        finally:
                            rec.owners.pop()
                    painters[fn] = painter
                mp.setattr(module, attr, painters[fn])
        for cls in [Scene, *_subclasses(Scene)]:
            if "draw" in cls.__dict__:
                def s_draw(self, surface, _orig=cls.__dict__["draw"]):
                    before = rec.scene[0]
                    rec.scene[0] = self
                    try:
                        return _orig(self, surface)
                    finally:
                        rec.scene[0] = before
                mp.setattr(cls, "draw", s_draw)
        for cls in [Widget, *_subclasses(Widget)]:
            if "draw" in cls.__dict__:
                def w_draw(self, surface, theme, _orig=cls.__dict__["draw"]):
                    rec.widgets.append(self)
                    try:
                        return _orig(self, surface, theme)
                    finally:
                        rec.widgets.pop()
                mp.setattr(cls, "draw", w_draw)
        app_render = App.render

        def p_app_render(app):
            rec.boxes.clear()
            rec.wraps.clear()
            rec.blitted.clear()
            rec.blit_rects.clear()
            app_render(app)
            rec.end_frame()

        mp.setattr(App, "render", p_app_render)

    # ------------------------------------------------------------------ checks
    def on_text(self, text: str, bold: bool, label: bool) -> None:
        """Words and glyphs of every text rendered (once per text)."""
        if not text or text in self.words_seen:
            return
        self.words_seen.add(text)
        self.texts.add(text)
        if text not in self.wrapped_lines:
            self.check_words(text, self.where())
        if self.audit.bounds:
            missing = "".join(sorted({ch for ch in text if not self.has_glyph(ch, bold, label)}))
            if missing:
                self.problems.add("glyph", self.where(), text, f" has {missing!r}: no font "
                                  "draws it")

    def on_wrap(self, text: str, lines: list[str]) -> None:
        """A text wrapped into lines: its words are checked whole, not line by line."""
        self.wraps.append((text, list(lines)))
        if len(lines) < 2:
            return  # one line: checked as it is drawn
        if text not in self.words_seen:
            self.words_seen.add(text)
            self.check_words(text.replace("\n", " "), self.where())
        self.wrapped_lines.update(lines)

    def check_words(self, text: str, where: str) -> None:
        a = self.audit
        if a.code == "qps":
            words = plain_words(text, a.nouns)
            if words:
                self.problems.add("untranslated", where, text, f" ({' '.join(words)})")
            return
        if a.english is not None:
            s = text.strip().rstrip("…")
            full = text.strip()
            if full in a.english.exact or (a.english.templates is not None
                                           and a.english.templates.match(full)):
                self.problems.add("untranslated", where, text)
            elif s and s != full and len(s) > 8 and any(e.startswith(s) for e in a.english.exact):
                self.problems.add("untranslated", where, text, " (cut)")
        if a.english is not None and not a.english.latin_script:
            words = plain_words(text, a.nouns, 3)
            if words:
                self.problems.add("latin", where, text, f" ({' '.join(words)})")

    def has_glyph(self, ch: str, bold: bool, label: bool) -> bool:
        if ch.isspace() or self.fonts is None:
            return True
        key = (ch, bold, label)
        ok = self.glyph_ok.get(key)
        if ok is None:
            f = self.fonts
            ok = f._has_glyph("sans", ch, bold, label) or f._has_glyph("cjk", ch, bold, False)
            self.glyph_ok[key] = ok
        return ok

    def on_blit(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        self.blitted.add(text)
        self.blit_rects.setdefault(text, pygame.Rect(rect))
        if not self.audit.bounds or not text.strip():
            return
        scene = self.scene[0]
        key = (text, tuple(rect), type(scene).__name__, surface.get_size(),
               type(self.widgets[-1]).__name__ if self.widgets else None)
        if key in self.seen:
            return
        self.seen.add(key)
        where = self.where()
        ink = self.ink(text, rect)
        owner = self.owners[-1] if self.owners else None
        for problem in overflow(ink, surface.get_rect(), self.widgets[-1] if self.widgets
                                else None, self.boxes.get(id(surface), []), owner):
            self.problems.add("overflow", where, text, f" {problem}")
        if text in self.cut:
            tip = full_text(scene, rect.center)
            if not holds(tip, text):
                self.problems.add("cut", where, text, f" cut, no tooltip holds it (tip {tip!r})")

    def ink(self, text: str, rect: pygame.Rect) -> pygame.Rect:
        """Where the text's pixels are: a line's surface is as tall as the font's line
        (the CJK face's is taller), which may pass a box edge with nothing drawn there."""
        if self.fonts is None:
            return rect
        try:
            surf = self._rendered(text, rect)
        except (pygame.error, ValueError):
            return rect
        box = surf.get_bounding_rect() if surf is not None else pygame.Rect(0, 0, 0, 0)
        return box.move(rect.topleft) if box.w and box.h else rect

    def _rendered(self, text: str, rect: pygame.Rect) -> pygame.Surface | None:
        """The cached surface of text with rect's size (any colour, the shape is the same)."""
        for key, surf in reversed(self.fonts._cache.items()):
            if key[0] == text and surf.get_size() == rect.size:
                return surf
        return None

    def end_frame(self) -> None:
        """Wrapped text whose first line was drawn this frame must show every line."""
        if not self.audit.bounds:
            return
        for text, lines in self.wraps:
            shown = [ln for ln in lines if ln.strip()]
            if len(shown) < 2 or shown[0] not in self.blitted:
                continue
            dropped = [ln for ln in shown[1:] if ln not in self.blitted]
            top = self.app.scenes.top if self.app is not None and self.app.scenes else None
            # the scene that drew it may sit under a modal dialog: its hover is read once the
            # dialog closes, so every visible scene is asked, the top one first
            visible = getattr(getattr(self.app, "scenes", None), "visible", None)
            below = [sc for sc in reversed(visible()) if sc is not top] if visible else []
            scenes = [top, *below]
            on_screen = [ln for ln in shown if ln in self.blit_rects]
            if dropped and any(self.readable_on_hover(sc, on_screen, dropped) for sc in scenes):
                continue
            if dropped:
                self.problems.add("dropped-lines", scene_name(top), text,
                                  f": {len(dropped)} of {len(shown)} lines not shown")
        self.wraps.clear()

    def readable_on_hover(self, scene, drawn: list[str], dropped: list[str]) -> bool:
        """True when pointing at a line of the wrapped text that is on screen shows a tooltip
        holding every dropped line (the player can read them there)."""
        for line in drawn:
            tip = full_text(scene, self.blit_rects[line].center)
            if tip and all(_squeezed(d) in _squeezed(tip) for d in dropped):
                return True
        return False

    # ------------------------------------------------------------------ tooltips
    def check_tips(self, scene: Scene) -> None:
        """Every tooltip the scene can show, in the language checked (not drawn unless
        hovered long enough, so read from the widgets and the map)."""
        where = f"{scene_name(scene)} tooltip"
        ui = getattr(scene, "ui", None)
        tips = []
        if ui is not None:
            for w in ui.widgets:
                tips.append(w.tip(None))
        province_tip = getattr(scene, "province_tip", None)
        if callable(province_tip):
            for name in scene.data.provinces:  # type: ignore[attr-defined]
                tips.append(province_tip(name))
        for tip in tips:
            if tip and tip not in self.words_seen:
                self.words_seen.add(tip)
                for line in tip.split("\n"):
                    self.check_words(line, where)


def scene_name(scene) -> str:
    """``ui/scenes/planning.py PlanningScene``: the file to look in, and the scene."""
    if scene is None:
        return "(no scene)"
    module = type(scene).__module__.replace("shogun_desktop.", "").replace(".", "/")
    return f"{module}.py {type(scene).__name__}"


def overflow(rect: pygame.Rect, window: pygame.Rect, widget: Widget | None,
             boxes: list[pygame.Rect], painter: tuple[str, pygame.Rect] | None = None
             ) -> list[str]:
    """Why a text drawn at rect does not fit: outside the surface (the window or the layer
    that becomes it), the widget drawing it, or the smallest box drawn around its middle or
    its start (a text that starts inside a box must end inside it)."""
    out = []
    inner = rect.inflate(-2 * TOLERANCE, -2 * TOLERANCE)
    if rect.colliderect(window) and not window.contains(inner):
        out.append(f"runs out of the window {tuple(window)} at {tuple(rect)}")
    if widget is not None and not isinstance(widget, Label | Panel) and widget.rect.w > 0 \
            and not widget.rect.contains(inner) and type(widget).__name__ != "Tooltip":
        out.append(f"runs out of its {type(widget).__name__} {tuple(widget.rect)} at "
                   f"{tuple(rect)}")
    if painter is not None and not painter[1].contains(inner):
        out.append(f"runs out of the {painter[0]} rect {tuple(painter[1])} at {tuple(rect)}")
    start = (rect.x + min(rect.w // 2, rect.h), rect.centery)  # a left-aligned text's start
    around = [b for b in boxes if (b.collidepoint(rect.center) or b.collidepoint(start))
              and b.h >= rect.h * 0.6]
    if around:
        box = min(around, key=lambda b: b.w * b.h)
        if not box.contains(inner):
            out.append(f"runs out of the box {tuple(box)} around it at {tuple(rect)}")
            return out
    # a text straddling the edge of a box it sits on (drawn before it, at least a line tall)
    for b in boxes:
        if b.h >= rect.h and b.w >= rect.h and b.colliderect(inner) and not b.contains(inner):
            cross = b.clip(inner)
            if cross.w * cross.h >= 0.2 * inner.w * inner.h and not inner.contains(b):
                out.append(f"crosses the edge of the box {tuple(b)} at {tuple(rect)}")
                break
    return out


def full_text(scene, pos) -> str | None:
    """The tooltip a player reads by pointing at pos on scene."""
    if scene is None:
        return None
    at = getattr(scene, "full_text_at", None)
    if callable(at):
        return at(pos)
    ui = getattr(scene, "ui", None)
    if ui is None:
        return None
    for w in reversed(ui.widgets):
        if w.contains(pos) and w.tip(pos):
            return w.tip(pos)
    return None


def _squeezed(text: str) -> str:
    """text without its spaces and line breaks (where a wrap cut it does not matter)."""
    return re.sub(r"\s+", "", text)


def holds(tip: str | None, cut: str) -> bool:
    """True when tip has the last whole words of the shortened text."""
    if not tip:
        return False
    shown = cut.rstrip("…")
    if th.is_cjk(shown[-6:]):  # Chinese: the piece being cut, each character whole
        pieces = [p for p in re.split(r"[,，、:：;；。—\s]+", shown) if p]
        last = pieces[-1][:-1] if pieces else ""
        if len(last) < 2 and len(pieces) > 1:
            last = pieces[-2]
        return last in tip
    words = [w.strip(",;:.()") for w in shown.split()[:-1]]  # the last one may be cut
    words = [w for w in words if len(w) > 2][-3:]
    return all(w in tip for w in words)


# ------------------------------------------------------------------------ the game
def play_full_game(app: App, recorder: Recorder, driver_cls, seed: int = 4,
                   shots: Path | None = None, extra: Callable[[object], None] | None = None
                   ) -> set[str]:
    """Play to the end screen through the window; on the first table decision of a human
    seat open the rules reference (every page), the Esc menu and the settings. Returns the
    scenes seen."""
    from shogun_desktop.ui.scenes.end import EndScene
    from shogun_desktop.ui.scenes.game import GameScene

    recorder.app = app
    drv = driver_cls(app, seed=seed, shots=shots)
    visited = False
    for _ in range(4000):
        top = app.scenes.top
        if (not visited and isinstance(top, GameScene) and top.session.pending() is not None
                and not top.session.is_computer(top.session.pending().player)
                and top.session.pending().kind != "plan"):
            visit_extras(drv, recorder)
            visited = True
        if top is not None:
            recorder.check_tips(top)
        more = drv.step()
        if not more:
            recorder.check_tips(app.scenes.top)
            visit_end(drv)
            break
    else:
        raise AssertionError("the game did not end")
    assert visited, "no human decision on the table: rules reference and menus not visited"
    assert isinstance(app.scenes.top, EndScene)
    return drv.seen | {"RulesReferenceScene", "MenuScene", "SettingsScene"}


def visit_extras(drv, recorder: Recorder) -> None:
    """F1 (every page of the rules reference), Esc (the menu), Settings…, back to the game."""
    from shogun_desktop.ui.scenes.menu import MenuScene, SettingsScene
    from shogun_desktop.ui.scenes.rules_reference import RulesReferenceScene

    app = drv.app
    drv.key(pygame.K_F1)
    ref = app.scenes.top
    assert isinstance(ref, RulesReferenceScene), type(ref).__name__
    recorder.check_tips(ref)
    for _ in range(400):
        before = ref.scroll
        drv.key(pygame.K_PAGEDOWN)
        if ref.scroll == before:
            break
    drv.key(pygame.K_F1)
    assert not isinstance(app.scenes.top, RulesReferenceScene)
    drv.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    recorder.check_tips(app.scenes.top)
    drv.press("settings")
    assert isinstance(app.scenes.top, SettingsScene)
    drv.pump(2)
    recorder.check_tips(app.scenes.top)
    drv.press("done")
    drv.pump()


def visit_end(drv) -> None:
    """The end screen drawn a few frames (its animations settle)."""
    drv.pump(30)
