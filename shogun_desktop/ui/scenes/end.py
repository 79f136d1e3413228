"""The end of the game: the final map, standings, score per winter, VP over time, battles.

Every figure comes from the public view and the typed events (:mod:`shogun_desktop.ui.
end_stats`), never from log text. The tie-break is said in words. Rematch starts a new game
with the same seats (names, colours, computer players) and table options, and a new seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.i18n import _, pgettext
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.board_view import BoardView, load_map_data, province_tip
from shogun_desktop.ui.design import map_text_scale
from shogun_desktop.ui.end_stats import (
    battle_stats,
    tie_break,
    vp_over_time,
    winter_breakdown,
)
from shogun_desktop.ui.inputs import Action, Input, Kind
from shogun_desktop.ui.widgets import (
    Button,
    Choice,
    ConfirmDialog,
    LayerCache,
    Option,
    draw_tooltip,
)
from shogun_desktop.ui.widgets.native import MIN_TEXT, NativeScene, Sheet

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.new_game import NewGameSettings
    from shogun_desktop.ui.session import GameHost, GameSession

# the map is wide enough for every province's name at 1280x720 (the smallest ones
# abbreviated, in full on hover); the column right of it holds the tables
MAP = pygame.Rect(16, 118, 904, 560)
CHART = pygame.Rect(16, 690, 904, 194)
RIGHT = pygame.Rect(936, 118, 648, 0)
# the standings' columns: (x from the column's left, room), and the battle table's x
STANDING_X = {"vp": (250, 54), "chests": (306, 116), "provinces": (428, 118),
              "buildings": (550, 98)}
BATTLE_X = (128, 258, 388, 518)
TABLE_Y = 118
TAB_Y = 398
DETAIL_Y = 452
BUTTON_Y = 836


def standings(view: dict) -> list[dict]:
    """Players ranked by (VP, war chests); equal pairs share a rank."""
    players = view["players"]
    buildings: dict[str, int] = {c: 0 for c in view["seats"]}
    for st in view["provinces"].values():
        if st["owner"] in buildings:
            buildings[st["owner"]] += sum(1 for k in ("castle", "temple", "theater") if st[k])
    winters = {c: [sum(e["vp"].get(c, {}).values()) for e in view["scores"]]
               for c in view["seats"]}
    order = sorted(view["seats"], key=lambda c: (-players[c]["vp"], -players[c]["chests"]))
    rows, rank, prev = [], 0, None
    for i, c in enumerate(order):
        key = (players[c]["vp"], players[c]["chests"])
        if key != prev:
            rank, prev = i + 1, key
        p = players[c]
        rows.append({"rank": rank, "colour": c, "name": p["name"], "vp": p["vp"],
                     "chests": p["chests"], "provinces": len(p["provinces"]),
                     "buildings": buildings[c], "supply": p["supply"],
                     "winters": " + ".join(str(v) for v in winters[c]) or "—",
                     "winner": c in view["winners"]})
    return rows


def rematch_settings(session: GameSession) -> NewGameSettings:
    """The same seats and table options as session's game, with a new seed (None)."""
    from shogun_desktop.ui.scenes.new_game import NewGameSettings, Seat

    s = session.game.state
    seats = [Seat(s.players[c].name, c, bool(s.players[c].computer)) for c in s.seats]
    return NewGameSettings(seats, s.board, s.start_mode, None, xray=bool(s.xray))


class EndScene(NativeScene):
    """Drawn at the window's own resolution: the 1600x900 design scaled by ``k`` and
    centred, text never below 14 px; a figure or word shortened to fit shows in full on
    hover."""

    opaque = True
    grows = True  # a taller window (1280x1024) gives its extra height to the map
    fold = MAP.bottom

    def __init__(self, app: App, session: GameSession, host: GameHost | None) -> None:
        super().__init__(app)
        self.session, self.host = session, host
        view = self.view = session.view(None)
        seats = list(view["seats"])
        self.names = {c: session.name(c) for c in seats}
        self.rows = standings(view)
        self.order = [r["colour"] for r in self.rows]
        self.winters = winter_breakdown(view["scores"], seats)
        self.points = vp_over_time(view["events"], seats)
        self.stats = battle_stats(view["events"], seats)
        self.tie_text = tie_break(view, self.names)
        self.tab = "winters"
        # fewer players: the tabs move up under the standings (no gap)
        self.tab_y = min(TAB_Y, TABLE_Y + 26 + 50 * len(self.rows) + 16)
        self.detail_y = self.tab_y + DETAIL_Y - TAB_Y
        data = self.data = session.game.data
        side = session.game.state.board
        self.regions = {p: v.region[side] for p, v in data.provinces.items()}
        # the final map: who holds what, every province named (values, armies and buildings
        # are in its tooltip: at 1280x720 they have no room beside the names)
        self.board = BoardView(
            load_map_data(app.data_folder / "map.yaml"), self.regions, app.theme.fonts,
            rect=MAP, out_of_play=frozenset(data.provinces) - session.game.in_play(),
            kanji={p: v.kanji for p, v in data.provinces.items()}, side=side,
            show_names=True)
        self.hover: str | None = None  # the province under the pointer
        self.pointer: tuple[int, int] | None = None
        self.layer = LayerCache()
        self.native_layout(app.window_size)

    # ---------------------------------------------------------------- widgets
    def layout(self) -> None:
        self.map_rect = self.R(MAP)
        self.map_rect.h += self.extra
        self.board.layout(self.map_rect)
        self.board.set_ui_scale(map_text_scale(self.k, self.app.ui_scale),
                                chrome=self.k * self.app.ui_scale)
        self.rebuild()

    def rebuild(self) -> None:
        fonts = self.app.theme.fonts
        no_host = None if self.host else _("No game host")
        right = self.R(RIGHT.x, TABLE_Y, RIGHT.w, 1)
        gap = self.px(10)
        rematch, new, quit_ = _("Rematch with the same seats"), _("New game"), _("Quit")
        size = self.F(18)
        while True:  # the three buttons share the column: a size smaller when they must
            pad = self.px(40) if size > MIN_TEXT else self.px(20)

            def wide(text: str, least: int, size: int = size, pad: int = pad) -> int:
                return max(self.px(least), fonts.size(text, size, True)[0] + pad)

            rw, nw, qw = wide(rematch, 300), wide(new, 150), wide(quit_, 110)
            if rw + nw + qw + 3 * gap <= right.w or size <= MIN_TEXT:
                break
            size -= 1
        bh = max(self.px(50), size + self.px(22))
        by = self.R(0, BUTTON_Y, 1, 1).y
        self.sheet = self.paint_sheet()
        self.ui.set_widgets([
            Choice((right.x, self.R(0, self.tab_y, 1, 1).y, right.w, max(self.px(42),
                                                                       self.F(17) + self.px(18))),
                   [Option("winters", _("Score per winter")), Option("battles", _("Battles"))],
                   self.tab, self.set_tab, key="tab", size=self.F(17)),
            Button((right.right - rw, by, rw, bh), rematch,
                   self.rematch, primary=True, hotkey=Action.CONFIRM, key="rematch",
                   disabled=no_host, size=size,
                   tooltip=_("A new game with the same players, colours, computer seats and "
                             "table options, and a new shuffle")),
            Button((right.right - rw - gap - nw, by, nw, bh), new, self.new_game,
                   key="new", disabled=no_host, size=size,
                   tooltip=_("Back to the setup screen")),
            Button((right.x, by, qw, bh), quit_, self.quit, key="quit", size=size),
            *self.sheet.tip_widgets(),
        ])

    def set_tab(self, value: object) -> None:
        self.tab = str(value)
        self.rebuild()

    def rematch(self) -> None:
        if self.host is not None:
            self.host.start(rematch_settings(self.session))

    def new_game(self) -> None:
        if self.host is not None:
            self.host.to_setup()

    def quit(self) -> None:
        if not flow.confirmations(self.app.prefs):
            self.app.quit()
            return
        self.app.push(ConfirmDialog(self.app, _("Quit Shogun?"), _("Close the game window?"),
                                    on_confirm=self.app.quit, confirm_text=_("Quit")))

    def handle(self, inp: Input) -> bool:
        if inp.kind is Kind.MOTION:
            self.pointer = inp.pos
            self.hover = self.board.province_at(inp.pos)
        return super().handle(inp)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        key = (self._layout_key, self.tab, self.ui.visual_state())
        surface.blit(self.layer.get(key, surface.get_size(), self._paint), (0, 0))
        if self.ui.tooltip.text():
            self.draw_tip(surface)
        elif self.hover is not None and self.pointer is not None:
            draw_tooltip(surface, self.app.theme, self.province_tip(self.hover), self.pointer,
                         self.F(16))

    def province_tip(self, name: str) -> str:
        return province_tip(self.data, self.view, name, self.regions[name], self.session.name)

    def full_text_at(self, pos: tuple[int, int]) -> str | None:
        """A widget's tooltip, else the province's under pos (its name may be shortened)."""
        tip = super().full_text_at(pos)
        if tip is None:
            name = self.board.province_at(pos)
            return self.province_tip(name) if name else None
        return tip

    def _paint(self, surface: pygame.Surface) -> None:
        surface.fill(th.PAPER)
        self.sheet.paint(surface)
        self.ui.draw_widgets(surface, self.app.theme)

    def paint_sheet(self) -> Sheet:
        """Everything but the widgets, placed for this window and tab."""
        fonts = self.app.theme.fonts
        sheet = Sheet(fonts)
        self._draw_title(sheet, fonts)
        overlays = self._overlays()
        sheet.draw(lambda s: self.board.draw(s, overlays))
        frame = self.map_rect
        sheet.draw(lambda s: pygame.draw.rect(s, th.INK_SOFT, frame, 1))
        self._draw_chart(sheet, fonts)
        self._draw_standings(sheet, fonts)
        if self.tab == "winters":
            self._draw_winters(sheet, fonts)
        else:
            self._draw_battles(sheet, fonts)
        return sheet

    def _overlays(self) -> dict[str, dict]:
        return {name: {"owner": st["owner"]} for name, st in self.view["provinces"].items()
                if st["owner"]}

    def _draw_title(self, sheet: Sheet, fonts) -> None:
        winners = [self.names[c] for c in self.order if c in self.view["winners"]]
        names = pgettext("list", ", ").join(winners)
        title = (_("Winner: {player}").format(player=names) if len(winners) == 1
                 else _("Shared victory: {players}").format(players=names))
        k = fonts.kanji("勝", self.px(44), th.VERMILION)
        x, y = self.P(16, 12)
        right = self.P(1584, 0)[0]
        if k is not None:
            sheet.blit(k, (x, y))
            x += self.px(58)
        tsize = self.F(32)
        sheet.fitted(title, (x, self.P(0, 18)[1]), tsize, right - x, th.INK, bold=True)
        size = self.F(17)
        lines = fonts.wrap(self.tie_text, size, right - x) if self.tie_text else []
        y = self.P(0, 18)[1] + self.lh(tsize) + self.px(2)
        for i, line in enumerate(lines[:2]):
            if i == 1 and len(lines) > 2:
                rect = sheet.fitted(" ".join(lines[1:]), (x, y), size, right - x, th.INK_SOFT)
                sheet.cut[-1] = (rect, self.tie_text)
            else:
                sheet.text(line, (x, y), size, th.INK_SOFT)
            y += self.lh(size)

    def _draw_standings(self, sheet: Sheet, fonts) -> None:
        x, y = self.P(RIGHT.x, TABLE_Y)
        width = self.px(RIGHT.w)
        cols = [(_("Player"), 60, STANDING_X["vp"][0] - 68), (_("VP"), *STANDING_X["vp"]),
                (_("War chests"), *STANDING_X["chests"]),
                (pgettext("column", "Provinces"), *STANDING_X["provinces"]),
                (pgettext("column", "Buildings"), *STANDING_X["buildings"])]
        big, small = self.F(17), self.F(15)
        for text, dx, room in cols:  # a long word gets a size smaller before it is cut
            size = big if fonts.size(text, big, True)[0] <= self.px(room) else small
            sheet.fitted(text, (x + self.px(dx), y + big - size), size, self.px(room),
                         th.INK_SOFT, bold=True)
        y += max(self.px(26), self.lh(big))
        bottom = self.P(0, self.tab_y)[1] - self.px(12)
        row_h = min(self.px(50), (bottom - y) // max(1, len(self.rows)))
        for row in self.rows:
            band = pygame.Rect(x, y, width, row_h - self.px(6))
            fill = th.mix(th.PAPER_LIGHT, th.GOLD, 0.35) if row["winner"] else th.PAPER_LIGHT
            sheet.rect(band, fill, 5)
            cy = band.centery
            sheet.text(f"{row['rank']}.", (x + self.px(12), cy), self.F(20), th.INK, bold=True,
                       anchor="midleft")
            sheet.marker(row["colour"], (x + self.px(76), cy), min(self.px(30), row_h - self.px(12)))
            sheet.fitted(row["name"], (x + self.px(98), cy), self.F(19),
                         self.px(STANDING_X["vp"][0] - 106), th.INK, bold=True,
                         anchor="midleft")
            for key, (dx, _room) in STANDING_X.items():
                sheet.text(str(row[key]), (x + self.px(dx), cy), self.F(19), th.INK,
                           bold=key == "vp", anchor="midleft")
            y += row_h

    def _draw_winters(self, sheet: Sheet, fonts) -> None:
        x, y = self.P(RIGHT.x, self.detail_y)
        width = self.px(RIGHT.w)
        sheet.fitted(_("VP scored each winter: provinces, buildings, regional majorities"),
                     (x, y), self.F(17), width, th.INK_SOFT)
        y += max(self.px(30), self.lh(self.F(17)))
        name_w = self.px(150)
        n = max(1, len(self.winters))
        block = (width - name_w) // n
        cell = block // 4
        row_step = max(self.px(44), self.lh(self.F(17)) + self.px(12))
        head_h = self.lh(self.F(16)) + self.lh(self.F(15)) + self.px(4)
        for i, winter in enumerate(self.winters):
            bx = x + name_w + i * block
            sheet.fitted(_("Winter, year {year}").format(year=winter["year"]),
                         (bx + block // 2 - self.px(4), y), self.F(16), block - self.px(8),
                         th.INK, bold=True, anchor="midtop")
            for j, head in enumerate((_("Prov."), _("Build."), _("Maj."), _("Total"))):
                sheet.fitted(head, (bx + j * cell + cell // 2, y + self.lh(self.F(16))),
                             self.F(15), cell - 2, th.INK_SOFT, bold=True, anchor="midtop")
            sheet.line((bx - self.px(4), y),
                       (bx - self.px(4), y + head_h + row_step * len(self.order)), th.INK_FAINT)
        y += head_h
        for c in self.order:
            cy = y + row_step // 2 - self.px(4)
            sheet.marker(c, (x + self.px(12), cy), self.px(22))
            sheet.fitted(self.names[c], (x + self.px(30), cy), self.F(17), name_w - self.px(34),
                         th.INK, bold=True, anchor="midleft")
            for i, winter in enumerate(self.winters):
                bx = x + name_w + i * block
                parts = winter["vp"][c]
                for j, key in enumerate(("provinces", "buildings", "majorities", "total")):
                    sheet.text(str(parts[key]), (bx + j * cell + cell // 2, cy), self.F(17),
                               th.INK, bold=key == "total", anchor="center")
            line_y = y + row_step - self.px(8)
            sheet.line((x, line_y), (x + width, line_y), th.PAPER_DARK)
            y += row_step
        if not self.winters:
            sheet.text(_("No winter was scored."), (x, y), self.F(17), th.INK)

    def _draw_battles(self, sheet: Sheet, fonts) -> None:
        x, y = self.P(RIGHT.x, self.detail_y)
        width = self.px(RIGHT.w)
        sheet.fitted(_("Battles and revolts over the game, from the tower's drops"), (x, y),
                     self.F(17), width, th.INK_SOFT)
        y += max(self.px(30), self.lh(self.F(17)))
        # four columns after the names; a heading's note may take two lines
        cols = [(_("Attacks"), _("won · lost"), BATTLE_X[0]),
                (_("Defences"), _("held · lost"), BATTLE_X[1]),
                (_("Revolts"), _("put down · lost"), BATTLE_X[2]),
                (_("Cubes in → out"), _("own, in their fights"), BATTLE_X[3])]
        room = self.px(BATTLE_X[1] - BATTLE_X[0] - 2)
        big, note = self.F(16), self.F(14)
        for head, words, dx in cols:
            size = big if fonts.size(head, big, True)[0] <= room else self.F(14)
            sheet.fitted(head, (x + self.px(dx), y), size, room, th.INK, bold=True)
            lines = fonts.wrap(words, note, room)
            if len(lines) > 2:
                rect = sheet.fitted(" ".join(lines[1:]), (x + self.px(dx), y + self.lh(big)
                                                          + self.lh(note)), note, room,
                                    th.INK_SOFT)
                sheet.cut[-1] = (rect, words)
                lines = lines[:1]
            for i, line in enumerate(lines):
                sheet.text(line, (x + self.px(dx), y + self.lh(big) + self.lh(note) * i), note,
                           th.INK_SOFT)
        y += self.lh(big) + 2 * self.lh(note) + self.px(6)
        row_step = max(self.px(44), self.lh(self.F(17)) + self.px(12))
        for c in self.order:
            st = self.stats[c]
            cy = y + row_step // 2 - self.px(4)
            sheet.marker(c, (x + self.px(12), cy), self.px(22))
            sheet.fitted(self.names[c], (x + self.px(30), cy), self.F(17),
                         self.px(BATTLE_X[0] - 36), th.INK, bold=True, anchor="midleft")
            for text, dx in zip((f"{st.won_attacking} · {st.lost_attacking}",
                                 f"{st.won_defending} · {st.lost_defending}",
                                 f"{st.revolts_suppressed} · {st.revolts_lost}",
                                 f"{st.poured} → {st.came_out}"), BATTLE_X, strict=True):
                sheet.text(text, (x + self.px(dx), cy), self.F(17), th.INK, anchor="midleft")
            line_y = y + row_step - self.px(8)
            sheet.line((x, line_y), (x + width, line_y), th.PAPER_DARK)
            y += row_step

    def _draw_chart(self, sheet: Sheet, fonts) -> None:
        """VP after each winter: one line per player in their colour, named at its end."""
        box = self.R(CHART)

        def frame(s: pygame.Surface) -> None:
            pygame.draw.rect(s, th.PAPER_LIGHT, box, border_radius=5)
            pygame.draw.rect(s, th.INK_SOFT, box, 1, border_radius=5)

        sheet.draw(frame)
        tsize, size = self.F(16), self.F(16)
        sheet.text(_("Victory points after each winter"), (box.x + self.px(14),
                   box.y + self.px(6)), tsize, th.INK, bold=True)
        label_w = self.px(190)
        plot = pygame.Rect(box.x + self.px(60), box.y + self.px(14) + self.lh(tsize)
                           + self.lh(size) // 2, 0, 0)
        plot.w = box.right - label_w - plot.x
        plot.h = box.bottom - self.px(10) - self.lh(size) - plot.y
        top = max([10] + [v for p in self.points for v in p.values()])
        top = -(-top // 10) * 10
        step = 10 if top <= 60 else 20
        while step < top and plot.h * step / top < self.lh(size):  # labels never overlap
            step *= 2
        for v in range(0, top + 1, step):
            yy = plot.bottom - round(v / top * plot.h)
            sheet.line((plot.x, yy), (plot.right, yy), th.PAPER_DARK)
            sheet.text(str(v), (plot.x - self.px(8), yy), size, th.INK_SOFT, anchor="midright")
        sheet.line(plot.bottomleft, plot.bottomright, th.INK_SOFT, 2)
        sheet.line(plot.bottomleft, plot.topleft, th.INK_SOFT, 2)
        n = len(self.points)
        labels = [_("Start")] + [_("Winter {n}").format(n=i) for i in range(1, n)]
        xs = [plot.x + round(i * plot.w / max(1, n - 1)) for i in range(n)]
        for i, (label, xx) in enumerate(zip(labels, xs, strict=True)):
            # the first starts at the axis: clear of the "0" beside it
            sheet.text(label, (xx, plot.bottom + self.px(4)), size, th.INK_SOFT,
                       anchor="topleft" if i == 0 else "midtop")
        ends: list[tuple[int, str]] = []
        for c in self.order:
            colour = th.colour_of(c)
            pts = [(xx, plot.bottom - round(p[c] / top * plot.h))
                   for xx, p in zip(xs, self.points, strict=True)]
            dot = max(4, self.px(6))

            def curve(s: pygame.Surface, pts=pts, colour=colour, dot=dot) -> None:
                if len(pts) > 1:
                    pygame.draw.lines(s, th.darken(colour, 0.1), False, pts, max(3, self.px(4)))
                for pt in pts:
                    pygame.draw.circle(s, colour, pt, dot)
                    pygame.draw.circle(s, th.INK, pt, dot, 1)

            sheet.draw(curve)
            ends.append((pts[-1][1], c))
        # name labels at the lines' ends, pushed apart so none overlaps
        ends.sort()
        lsize = self.F(17)
        spacing = max(self.px(22), self.lh(lsize) - self.px(2))
        placed: list[int] = []
        for yy, c in ends:
            if placed and yy - placed[-1] < spacing:
                yy = placed[-1] + spacing
            placed.append(yy)
            value = self.points[-1][c]
            sheet.marker(c, (plot.right + self.px(26), yy), self.px(18))
            sheet.fitted(f"{self.names[c]} {value}", (plot.right + self.px(40), yy), lsize,
                         box.right - self.px(8) - plot.right - self.px(40), th.INK, bold=True,
                         anchor="midleft")
