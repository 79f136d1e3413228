"""A full game through the window in every language, with every drawn string checked.

In the pseudo-locale (every message turned into accented text between ⟦ ⟧) any plain Latin
word on screen that is not a proper noun is a string nobody passed through ``_()``. In Czech,
Dutch, Russian and Chinese, no English message of the catalogue may reach the screen (nor a
Latin word in Russian or Chinese), every character must have a glyph in a shipped font, and
every text must fit its box: inside the window, its widget and the box drawn around it, never
shortened without a tooltip holding it, never wrapped into more lines than are shown.
The helpers are in tests/i18n_audit.py; tiny tests at the end prove each check can fail.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest

from shogun_desktop import i18n
from shogun_desktop.ui.widgets import Widget
from tests import i18n_audit as audit
from tests.test_ui_game_driver import Driver, game_app, settings, start_game

PLAYERS = ("Anna", "Ben", "Cleo")
SCENES = {"GameScene", "BattleOverlay", "PlanningScene", "CurtainScene", "WinterScene", "EndScene",
          "RulesReferenceScene", "MenuScene", "SettingsScene"}


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def play(tmp_path, monkeypatch, code: str) -> tuple[list[str], set[str]]:
    """Every problem of one seeded game in ``code`` (at 1280x720, the smallest size)."""
    audit.install(monkeypatch, code)
    from shogun_desktop.data.board import default_board

    nouns = audit.proper_nouns(default_board(), PLAYERS)
    english = audit.english_left(code) if code not in ("en", "qps") else None
    rec = audit.Recorder(monkeypatch, audit.Audit(code, nouns, english, bounds=code != "qps"))
    app = game_app(tmp_path, size=(1280, 720))
    try:
        start_game(app, settings(3, computers=(1, 2), start="draft", seed=5))
        seen = audit.play_full_game(app, rec, Driver, seed=4)
    finally:
        app.close()
    report = os.environ.get("I18N_AUDIT_REPORT")  # a folder: the problems, one file a language
    if report:
        Path(report).mkdir(parents=True, exist_ok=True)
        (Path(report) / f"{code}.txt").write_text("\n".join(rec.problems.lines()) + "\n",
                                                  encoding="utf-8")
    return rec.problems.lines(), seen


def test_the_pseudo_locale_game_draws_no_string_that_skipped_translation(tmp_path,
                                                                         monkeypatch):
    problems, seen = play(tmp_path, monkeypatch, "qps")
    assert seen >= SCENES, SCENES - seen
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("code", [c for c in i18n.LANGUAGES if c != i18n.DEFAULT])
def test_a_full_game_shows_no_english_no_missing_glyph_and_no_overflow(tmp_path, monkeypatch,
                                                                       code):
    problems, seen = play(tmp_path, monkeypatch, code)
    assert seen >= SCENES, SCENES - seen
    assert problems == [], f"{code}: {len(problems)} problems:\n" + "\n".join(problems)


# ----------------------------------------------------------------- the checks can fail
def test_pseudo_text_keeps_placeholders_and_markup_and_leaves_no_plain_letter():
    text = audit.pseudo("**Recruit** {n} armies in {province}\nthen pay")
    assert text.startswith("⟦**") and text.endswith("⟧")
    assert "{n}" in text and "{province}" in text and "\n" in text
    shown = text.format(n=3, province="Omi")
    assert audit.plain_words(shown, ["Omi"]) == []
    assert audit.plain_words(shown + " (computer)", ["Omi"]) == ["computer"]
    assert audit.plain_words("Annaš, Benefit", ["Anna", "Ben"]) == ["Benefit"]


def test_shortened_and_split_province_names_and_key_names_are_not_english():
    nouns = ["Shimotsuke", "Kazusa", "Mimasaka", "Awa-Shikoku", "Shikoku", "Awa", "Anna", "Ben"]
    for shown in ("Mima.", "Kazu.", "Shi-", "Shimo-", "tsuke", "zusa", "Shimots…",
                  "Anna собирает рис в провинции Mimas…", "Ben напал на Awa-Shikok…",
                  "F1: правила · Esc: меню", "Вернуть (Ctrl+Y)", "Ctrl+Home / Ctrl+End: начало",
                  "Колесо, стрелки, Page Up/Down: прокрутка"):
        assert audit.plain_words(shown, nouns, 3) == [], shown
    # strict otherwise: English words stay flagged, also beside a name or a key
    assert audit.plain_words("Castle.", nouns) == ["Castle"]
    assert audit.plain_words("the", nouns) == ["the"]
    assert audit.plain_words("Mima the end.", nouns) == ["Mima", "the", "end"]
    assert audit.plain_words("End the turn", nouns) == ["End", "the", "turn"]
    assert audit.plain_words("Esc: close menu", nouns) == ["close", "menu"]
    assert audit.plain_words("Space left in Kazusa", nouns) == ["Space", "left", "in"]


class Sloppy(Widget):
    """A widget drawing its text without measuring it."""

    def draw(self, surface, theme):
        from shogun_desktop.ui import theme as th

        th.blit_text(surface, theme.fonts, "Naverbovat armády do provincie", self.rect.topleft)


def draw_tiny_card(surface, rect, fonts, name):
    """A card painter (``draw_*(surface, rect, ...)``) that writes its name without measuring
    it: the audit owns rect to it, as it does the window's card painters."""
    from shogun_desktop.ui import theme as th

    th.blit_text(surface, fonts, name, (rect.x + 4, rect.y + 4), 16)


def _recorder(monkeypatch, code: str, nouns=("Anna",), english=None):
    return audit.Recorder(monkeypatch, audit.Audit(code, list(nouns), english,
                                                    bounds=code != "qps"),
                          painter_modules=("shogun_desktop.ui", __name__))


def _surface_and_fonts():
    pygame.font.init()
    from shogun_desktop.ui import theme as th

    return pygame.Surface((400, 200)), th.Fonts(), th


def test_the_recorder_flags_an_unwrapped_string_in_the_pseudo_locale(monkeypatch):
    rec = _recorder(monkeypatch, "qps")
    surface, fonts, th = _surface_and_fonts()
    th.blit_text(surface, fonts, audit.pseudo("{player} wins").format(player="Anna"), (5, 5))
    assert not rec.problems
    th.blit_text(surface, fonts, "Anna (computer) is deciding", (5, 40))
    assert rec.problems.by_kind["untranslated"] == [
        "(no scene): 'Anna (computer) is deciding' (computer is deciding)"]


def test_the_recorder_flags_an_english_message_and_latin_words_in_russian(monkeypatch):
    english = audit.english_left("ru")
    rec = _recorder(monkeypatch, "ru", english=english)
    surface, fonts, th = _surface_and_fonts()
    th.blit_text(surface, fonts, "Анна ходит", (5, 5))
    assert not rec.problems
    sample = next(e for e in sorted(english.exact) if " " in e and len(e) < 30)
    th.blit_text(surface, fonts, sample, (5, 40))
    assert rec.problems.by_kind["untranslated"]
    assert rec.problems.by_kind["latin"]


def test_the_recorder_flags_a_missing_glyph(monkeypatch):
    rec = _recorder(monkeypatch, "cs")
    surface, fonts, th = _surface_and_fonts()
    th.blit_text(surface, fonts, "Příliš žluťoučký kůň 將軍", (5, 5))
    assert not rec.problems
    th.blit_text(surface, fonts, "ภาษาไทย", (5, 40))  # Thai: no shipped font has it
    assert any("no font draws" in p for p in rec.problems.by_kind["glyph"])


def test_the_recorder_flags_text_outside_its_box_widget_and_window(monkeypatch):
    rec = _recorder(monkeypatch, "cs")
    surface, fonts, th = _surface_and_fonts()
    pygame.draw.rect(surface, th.PAPER, (10, 10, 200, 40))
    th.blit_text(surface, fonts, "Krátký", (20, 20), 16)
    assert not rec.problems
    th.blit_text(surface, fonts, "Velmi dlouhý text, který se do rámečku nevejde", (20, 20), 16)
    th.blit_text(surface, fonts, "Mimo okno", (370, 150), 16)
    Sloppy((10, 100, 90, 40)).draw(surface, th.Theme(fonts))
    # a card painter that owns its rect: a name fitting the card is fine, a long one is not
    draw_tiny_card(surface, pygame.Rect(250, 10, 120, 54), fonts, "Hrad")
    assert not any("draw_tiny_card" in p for p in rec.problems.lines())
    draw_tiny_card(surface, pygame.Rect(250, 80, 40, 54), fonts, "Postavit hrad")
    lines = rec.problems.lines()
    assert any("runs out of the box (10, 10, 200, 40)" in p for p in lines), lines
    assert any("runs out of the window" in p and "Mimo okno" in p for p in lines), lines
    assert any("runs out of its Sloppy" in p for p in lines), lines
    assert any("runs out of the draw_tiny_card rect (250, 80, 40, 54)" in p for p in lines), \
        lines


def test_the_recorder_flags_cut_text_without_a_tooltip_and_dropped_lines(monkeypatch):
    rec = _recorder(monkeypatch, "nl")
    surface, fonts, th = _surface_and_fonts()
    th.blit_text(surface, fonts, fonts.fit("Een heel lange regel die niet past", 16, 120),
                 (5, 5), 16)
    assert any("cut, no tooltip" in p for p in rec.problems.lines())
    assert audit.holds("Event: Rich Taxes — the Tax action yields at least 6 war chests",
                       "Event: Rich Taxes — the Tax act…")
    assert not audit.holds("Event: Rich Taxes", "Event: Rich Taxes — the Tax act…")
    assert audit.holds("攻擊中立領地時，由2支民軍防守，而非1支。", "事件：攻擊中立領地時，由2支民軍防…")
    assert not audit.holds("神社免受攻擊", "事件：攻擊中立領地時，由2支民軍防…")
    assert audit.holds("劇場移除起義標記: …\n神社免受攻擊: …\n2支民軍防守中立領地: …",
                       "候選事件：劇場移除起義標記, 神社免受攻擊, 2支民…")
    from shogun_desktop.ui.widgets import text as text_module

    lines = text_module.wrap_text(fonts, "een twee drie vier vijf zes zeven acht", 16, 90)
    th.blit_text(surface, fonts, lines[0], (5, 40), 16)
    rec.end_frame()
    assert any("lines not shown" in p for p in rec.problems.lines())


class _TipScene:
    """A scene whose one tooltip covers rect (as a hover widget would)."""

    def __init__(self, rect, tip):
        self.rect, self.tip = pygame.Rect(rect), tip

    def full_text_at(self, pos):
        return self.tip if self.rect.collidepoint(pos) else None


def test_dropped_lines_pass_only_where_pointing_at_the_text_shows_them(monkeypatch):
    from types import SimpleNamespace

    from shogun_desktop.ui.widgets import text as text_module

    text = "een twee drie vier vijf zes zeven acht"
    for tip_rect, tip, flagged in (((0, 30, 200, 30), "Gebeurtenis — " + text, False),
                                   ((0, 120, 200, 30), text, True),  # elsewhere on screen
                                   ((0, 30, 200, 30), "een twee drie", True)):  # not all
        rec = _recorder(monkeypatch, "nl")
        surface, fonts, th = _surface_and_fonts()
        rec.app = SimpleNamespace(scenes=SimpleNamespace(top=_TipScene(tip_rect, tip)))
        lines = text_module.wrap_text(fonts, text, 16, 90)
        assert len(lines) > 2
        th.blit_text(surface, fonts, lines[0], (5, 40), 16)
        rec.end_frame()
        assert any("lines not shown" in p for p in rec.problems.lines()) == flagged, tip_rect


def test_every_window_text_is_drawn_through_the_theme_fonts_the_audit_watches():
    """The audit sees text at theme.Fonts.render; a font made elsewhere in the window would
    draw words it never checks."""
    ui = Path(audit.__file__).resolve().parents[1] / "shogun_desktop" / "ui"
    makers = re.compile(r"pygame\.font\.(?:Font|SysFont)\(|pygame\.freetype|\bSysFont\(")
    elsewhere = [f"{path.relative_to(ui)}:{n}" for path in ui.rglob("*.py")
                 if path.name != "theme.py"
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if makers.search(line)]
    assert elsewhere == []
    assert makers.search("font = pygame.font.Font(None, 20)")  # what it looks for
