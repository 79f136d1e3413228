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
from shogun_desktop.ui.widgets import Button, NativeScene

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


class WinterScene(NativeScene):
    """The winter's notes and its scoring table over the table, at the window's resolution.

    Every player's majorities wrap in their column in full (a row grows a line per line of
    them); the notes take the room the table leaves and the rest stays in the game log.
    """

    opaque = False

    def __init__(self, app: App, session: GameSession, events: list[Event]) -> None:
        super().__init__(app)
        self.events = events
        year = next((e.year for e in events if isinstance(e, ev.WinterRiceLoss)), None)
        self.rows = score_rows(session.view(None), year, session.presenter)
        scored = next((i for i, e in enumerate(events) if isinstance(e, ev.Scored)), len(events))
        self.notes = [session.presenter.line(e) for e in events[:scored]]
        self.title = session.presenter.season("winter")
        self.native_layout(app.window_size)

    # ---------------------------------------------------------------- layout
    def layout(self) -> None:
        """The card as high as its content needs (at most the design's), centred."""
        full = self.R(70, 40, 1460, 820)
        needed = self._place(full)
        if needed < full.h:
            self._place(self.centred_card(full.w, needed))

    def _place(self, box: pygame.Rect) -> int:
        """Lay the card out in ``box``; returns the height its content needs."""
        fonts = self.app.theme.fonts
        k = self.k
        pad = self.px(30)
        x, inner = box.x + pad, box.w - 2 * pad
        self.begin_card(box, self.title)  # the title band
        sheet = self.sheet
        head, body, small = self.F(17), self.F(15), self.F(15)
        bsize = self.F(18)
        label = _("Continue")
        bw = max(self.px(200), fonts.size(label, bsize, True)[0] + self.px(48))
        bh = max(self.px(50), bsize + self.px(22))
        button = pygame.Rect(box.right - pad - bw, box.bottom - self.px(20) - bh, bw, bh)
        # the scoring table's columns, each as wide as its widest word
        gap = self.px(24)
        numbers = [(pgettext("column", "Provinces"), "provinces"),
                   (pgettext("column", "Buildings"), "buildings")]
        tail = [(_("Gained"), "gained"), (_("Total"), "total")]
        marker = max(16, round(22 * k))
        name_room = min(self.px(250), max([fonts.size(_("Player"), body, True)[0]]
                                         + [marker + self.px(8) + fonts.size(r["name"], head,
                                                                             True)[0]
                                            for r in self.rows]))

        def width(text: str, key: str) -> int:
            cells = [str(r[key]) if key != "gained" else f"+{r[key]}" for r in self.rows]
            return max([fonts.size(text, body, True)[0]]
                       + [fonts.size(c, head, True)[0] for c in cells])

        widths = [width(t, key) for t, key in numbers + tail]
        maj_w = inner - name_room - sum(widths) - gap * 5
        xs = [x, x + name_room + gap]
        xs.append(xs[-1] + widths[0] + gap)
        maj_x = xs[-1] + widths[1] + gap
        xs.append(maj_x)
        xs.append(maj_x + maj_w + gap)
        xs.append(xs[-1] + widths[2] + gap)
        # rows: majorities wrap in full
        lines = [fonts.wrap(pgettext("list", ", ").join(r["majorities"]) or "—", small, maj_w)
                 for r in self.rows]
        row_hs = [max(self.lh(head), len(ls) * self.lh(small)) + self.px(10) for ls in lines]
        table_h = self.lh(head) + self.px(8) + self.lh(body) + self.px(4) + sum(row_hs)
        table_y = button.y - self.px(16) - table_h
        # the notes take what is left above the table
        y = self.rule_y + self.px(16)
        sheet.fitted(_("Rice loss, provisions and revolts"), (x, y), head, inner, th.INK,
                     bold=True)
        y += self.lh(head) + self.px(4)
        step = self.lh(body)
        wrapped = [line for note in self.notes for line in fonts.wrap(note, body, inner)]
        room = max(1, (table_y - self.px(12) - y) // step)
        if len(wrapped) > room:  # the full story stays in the game log
            more = len(wrapped) - (room - 1)
            wrapped = [*wrapped[: room - 1], ngettext(
                "… and {n} more line in the game log", "… and {n} more lines in the game log",
                more).format(n=more)]
        for line in wrapped:
            sheet.text(line, (x, y), body, th.INK_SOFT)
            y += step
        y += self.px(16)  # the table follows the notes (it fits: the notes gave it room)
        sheet.fitted(_("Scoring"), (x, y), head, inner, th.INK, bold=True)
        y += self.lh(head) + self.px(8)
        heads = [(_("Player"), xs[0], name_room), (numbers[0][0], xs[1], widths[0]),
                 (numbers[1][0], xs[2], widths[1]), (_("Majorities"), xs[3], maj_w),
                 (tail[0][0], xs[4], widths[2]), (tail[1][0], xs[5], widths[3])]
        for text, hx, room_w in heads:
            sheet.fitted(text, (hx, y), body, room_w, th.INK_SOFT, bold=True)
        y += self.lh(body) + self.px(4)
        for row, maj, row_h in zip(self.rows, lines, row_hs, strict=True):
            cy = y + self.lh(head) // 2
            if row["colour"]:
                sheet.marker(row["colour"], (x + marker // 2, cy), marker)
            sheet.fitted(row["name"], (x + marker + self.px(8), cy), head,
                         name_room - marker - self.px(8), th.INK, bold=True, anchor="midleft")
            sheet.text(str(row["provinces"]), (xs[1], cy), head, th.INK, anchor="midleft")
            sheet.text(str(row["buildings"]), (xs[2], cy), head, th.INK, anchor="midleft")
            my = cy - self.lh(small) // 2
            for line in maj:
                sheet.text(line, (maj_x, my), small, th.INK)
                my += self.lh(small)
            sheet.text(f"+{row['gained']}", (xs[4], cy), head, th.INK, bold=True,
                       anchor="midleft")
            sheet.text(str(row["total"]), (xs[5], cy), head, th.VERMILION, bold=True,
                       anchor="midleft")
            y += row_h
        needed = y + self.px(20) + bh + self.px(20) - box.y
        self.ui.set_widgets([
            Button(button, label, self.close, primary=True, hotkey=Action.CONFIRM,
                   key="continue", size=bsize),
            *sheet.tip_widgets(),
        ])
        return needed

    # ---------------------------------------------------------------- scene hooks
    def close(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, inp: Input) -> bool:
        if not self.ui.handle(inp) and inp.is_action(Action.CANCEL):
            self.close()
        return True
