"""Winter summary: rice loss, provisions, revolts, and the scoring table.

The notes are the winter's events (rice loss, provisions, revolts) in the presenter's words;
the table comes from the engine's structured score record in the public view
(``view["scores"]``), so the window shows exactly what was scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.i18n import _, ngettext, pgettext
from shogun_desktop.presenter import Presenter
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.events import Event
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Button, Panel, WidgetGroup, draw_veil, wrap_text

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.session import GameSession


def score_rows(view: dict, year: int | None = None, words: Presenter | None = None) -> list[dict]:
    """Rows {colour, name, provinces, buildings, majorities, gained, total} of one winter.

    ``year`` picks the winter (default: the latest scored); totals are the VP after it.
    """
    entries = [e for e in view["scores"] if year is None or e["year"] == year]
    if not entries:
        return []
    entry = entries[-1]
    upto = view["scores"][: view["scores"].index(entry) + 1]
    rows = []
    for colour in view["seats"]:
        parts = entry["vp"].get(colour, {})
        majorities = [f"{words.score_part(k) if words else k} {v}" for k, v in parts.items()
                      if k not in ("provinces", "buildings")]
        rows.append({
            "colour": colour, "name": view["players"][colour]["name"],
            "provinces": parts.get("provinces", 0), "buildings": parts.get("buildings", 0),
            "majorities": majorities, "gained": sum(parts.values()),
            "total": sum(sum(e["vp"].get(colour, {}).values()) for e in upto),
        })
    return rows


class WinterScene(Scene):
    opaque = False

    def __init__(self, app: App, session: GameSession, events: list[Event]) -> None:
        super().__init__(app)
        self.events = events
        year = next((e.year for e in events if isinstance(e, ev.WinterRiceLoss)), None)
        self.rows = score_rows(session.view(None), year, session.presenter)
        scored = next((i for i, e in enumerate(events) if isinstance(e, ev.Scored)), len(events))
        self.notes = [session.presenter.line(e) for e in events[:scored]]
        self.box = pygame.Rect(160, 90, 1280, 720)
        self.ui = WidgetGroup([
            Panel(self.box, session.presenter.season("winter")),
            Button((self.box.right - 230, self.box.bottom - 70, 200, 50), _("Continue"),
                   self.close, primary=True, hotkey=Action.CONFIRM, key="continue"),
        ])

    def close(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, inp: Input) -> bool:
        if not self.ui.handle(inp) and inp.is_action(Action.CANCEL):
            self.close()
        return True

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_veil(surface)
        self.ui.draw(surface, self.app.theme)
        fonts = self.app.theme.fonts
        x, y = self.box.x + 30, self.box.y + 64
        th.blit_text(surface, fonts, _("Rice loss, provisions and revolts"), (x, y), 17, th.INK,
                     bold=True)
        y += 26
        wrapped = [line for note in self.notes for line in wrap_text(fonts, note, 15, self.box.w - 60)]
        if len(wrapped) > 12:  # the full story stays in the game log
            more = len(wrapped) - 11
            wrapped = [*wrapped[:11], ngettext("… and {n} more line in the game log",
                                               "… and {n} more lines in the game log",
                                               more).format(n=more)]
        for line in wrapped:
            th.blit_text(surface, fonts, line, (x, y), 15, th.INK_SOFT)
            y += 20
        y = max(y + 14, self.box.y + 380)
        th.blit_text(surface, fonts, _("Scoring"), (x, y), 17, th.INK, bold=True)
        y += 28
        cols = [(_("Player"), 0, 250), (pgettext("column", "Provinces"), 260, 110),
                (pgettext("column", "Buildings"), 380, 110), (_("Majorities"), 500, 490),
                (_("Gained"), 1000, 100), (_("Total"), 1110, 110)]
        for text, dx, room in cols:
            th.blit_text(surface, fonts, fonts.fit(text, 15, room, True), (x + dx, y), 15,
                         th.INK_SOFT, bold=True)
        y += 24
        for row in self.rows:
            if row["colour"]:
                th.draw_marker(surface, row["colour"], (x + 12, y + 11), 22)
            th.blit_text(surface, fonts, fonts.fit(row["name"], 17, 220, True), (x + 30, y), 17,
                         th.INK, bold=True)
            for key, dx in (("provinces", 260), ("buildings", 380)):
                th.blit_text(surface, fonts, str(row[key]), (x + dx, y), 17, th.INK)
            maj = wrap_text(fonts, ", ".join(row["majorities"]) or "—", 14, 480)
            if len(maj) > 2:
                maj = [maj[0], fonts.fit(" ".join(maj[1:]), 14, 480)]
            for i, line in enumerate(maj):
                th.blit_text(surface, fonts, line, (x + 500, y + 2 + 18 * i), 14, th.INK)
            th.blit_text(surface, fonts, f"+{row['gained']}", (x + 1000, y), 17, th.INK, bold=True)
            th.blit_text(surface, fonts, str(row["total"]), (x + 1110, y), 17, th.VERMILION,
                         bold=True)
            y += 34 + 18 * (len(maj) - 1)
