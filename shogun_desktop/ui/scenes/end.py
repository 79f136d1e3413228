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
from shogun_desktop.ui.board_view import BoardView, load_map_data, state_overlays
from shogun_desktop.ui.end_stats import (
    battle_stats,
    tie_break,
    vp_over_time,
    winter_breakdown,
)
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import (
    Button,
    Choice,
    ConfirmDialog,
    LayerCache,
    Option,
    WidgetGroup,
    wrap_text,
)

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.new_game import NewGameSettings
    from shogun_desktop.ui.session import GameHost, GameSession

MAP = pygame.Rect(16, 118, 784, 500)
CHART = pygame.Rect(16, 630, 784, 254)
RIGHT = pygame.Rect(816, 118, 768, 0)
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


class EndScene(Scene):
    opaque = True

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
        data = session.game.data
        side = session.game.state.board
        self.board = BoardView(
            load_map_data(app.data_folder / "map.yaml"),
            {p: v.region[side] for p, v in data.provinces.items()}, app.theme.fonts,
            rect=MAP, out_of_play=frozenset(data.provinces) - session.game.in_play(),
            kanji={p: v.kanji for p, v in data.provinces.items()},
            values={p: (v.tax, v.rice, v.slots) for p, v in data.provinces.items()}, side=side)
        self.layer = LayerCache()
        self.ui = WidgetGroup()
        self.rebuild()

    # ---------------------------------------------------------------- widgets
    def rebuild(self) -> None:
        no_host = None if self.host else _("No game host")
        x = RIGHT.x
        self.ui.set_widgets([
            Choice((x, self.tab_y, RIGHT.w, 42),
                   [Option("winters", _("Score per winter")), Option("battles", _("Battles"))],
                   self.tab, self.set_tab, key="tab", size=17),
            Button((RIGHT.right - 350, BUTTON_Y, 350, 50), _("Rematch with the same seats"),
                   self.rematch, primary=True, hotkey=Action.CONFIRM, key="rematch",
                   disabled=no_host, size=18,
                   tooltip=_("A new game with the same players, colours, computer seats and "
                             "table options, and a new shuffle")),
            Button((RIGHT.right - 530, BUTTON_Y, 170, 50), _("New game"), self.new_game,
                   key="new", disabled=no_host, size=18,
                   tooltip=_("Back to the setup screen")),
            Button((RIGHT.x, BUTTON_Y, 130, 50), _("Quit"), self.quit, key="quit", size=18),
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
        return self.ui.handle(inp)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        key = (self.tab, self.ui.visual_state())
        surface.blit(self.layer.get(key, surface.get_size(), self._paint), (0, 0))
        if self.ui.tooltip.text():
            self.ui.tooltip.draw(surface, self.app.theme)

    def _paint(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        surface.fill(th.PAPER)
        self._draw_title(surface, fonts)
        self.board.draw(surface, self._overlays())
        pygame.draw.rect(surface, th.INK_SOFT, MAP, 1)
        self._draw_chart(surface, fonts)
        self._draw_standings(surface, fonts)
        if self.tab == "winters":
            self._draw_winters(surface, fonts)
        else:
            self._draw_battles(surface, fonts)
        self.ui.draw_widgets(surface, self.app.theme)

    def _overlays(self) -> dict[str, dict]:
        overlays = state_overlays(self.view["provinces"], revolts=False)
        return {name: ov for name, ov in overlays.items() if ov}

    def _draw_title(self, surface, fonts) -> None:
        winners = [self.names[c] for c in self.order if c in self.view["winners"]]
        names = pgettext("list", ", ").join(winners)
        title = (_("Winner: {player}").format(player=names) if len(winners) == 1
                 else _("Shared victory: {players}").format(players=names))
        k = fonts.kanji("勝", 44, th.VERMILION)
        x = 16
        if k is not None:
            surface.blit(k, (x, 12))
            x += 58
        th.blit_text(surface, fonts, fonts.fit(title, 32, 1584 - x, True), (x, 18), 32, th.INK,
                     bold=True)
        for i, line in enumerate(wrap_text(fonts, self.tie_text, 16, 1560 - x)[:2]):
            th.blit_text(surface, fonts, line, (x, 62 + 22 * i), 18, th.INK_SOFT)

    def _draw_standings(self, surface, fonts) -> None:
        x, y = RIGHT.x, TABLE_Y
        cols = [(_("Player"), 60, 260), (_("VP"), 330, 64), (_("War chests"), 400, 114),
                (pgettext("column", "Provinces"), 520, 104),
                (pgettext("column", "Buildings"), 630, 138)]
        for text, dx, room in cols:  # a long word gets a size smaller before it is cut
            size = 17 if fonts.size(text, 17, True)[0] <= room else 15
            th.blit_text(surface, fonts, fonts.fit(text, size, room, True), (x + dx, y + 17 - size),
                         size, th.INK_SOFT, bold=True)
        y += 26
        row_h = min(50, (self.tab_y - 12 - y) // max(1, len(self.rows)))
        for row in self.rows:
            band = pygame.Rect(x, y, RIGHT.w, row_h - 6)
            fill = th.mix(th.PAPER_LIGHT, th.GOLD, 0.35) if row["winner"] else th.PAPER_LIGHT
            pygame.draw.rect(surface, fill, band, border_radius=5)
            cy = band.centery
            th.blit_text(surface, fonts, f"{row['rank']}.", (x + 12, cy), 20, th.INK, bold=True,
                         anchor="midleft")
            th.draw_marker(surface, row["colour"], (x + 76, cy), min(30, row_h - 12))
            th.blit_text(surface, fonts, fonts.fit(row["name"], 19, 220, True), (x + 98, cy),
                         19, th.INK, bold=True, anchor="midleft")
            for key, dx in (("vp", 330), ("chests", 400), ("provinces", 520),
                            ("buildings", 630)):
                th.blit_text(surface, fonts, str(row[key]), (x + dx, cy), 19, th.INK,
                             bold=key == "vp", anchor="midleft")
            y += row_h

    def _draw_winters(self, surface, fonts) -> None:
        x, y = RIGHT.x, self.detail_y
        th.blit_text(surface, fonts, fonts.fit(_("VP scored each winter: provinces, buildings, "
                                                 "regional majorities"), 17, RIGHT.w),
                     (x, y), 17, th.INK_SOFT)
        y += 30
        name_w = 150
        n = max(1, len(self.winters))
        block = (RIGHT.w - name_w) // n
        cell = block // 4
        for i, winter in enumerate(self.winters):
            bx = x + name_w + i * block
            th.blit_text(surface, fonts, fonts.fit(_("Winter, year {year}").format(
                year=winter["year"]), 16, block - 8, True),
                (bx + block // 2 - 4, y), 16, th.INK, bold=True, anchor="midtop")
            for j, head in enumerate((_("Prov."), _("Build."), _("Maj."), _("Total"))):
                th.blit_text(surface, fonts, fonts.fit(head, 15, cell - 2, True),
                             (bx + j * cell + cell // 2, y + 26), 15,
                             th.INK_SOFT, bold=True, anchor="midtop")
            pygame.draw.line(surface, th.INK_FAINT, (bx - 4, y), (bx - 4, y + 60 + 44 * len(
                self.order)), 1)
        y += 56
        for c in self.order:
            th.draw_marker(surface, c, (x + 12, y + 14), 22)
            th.blit_text(surface, fonts, fonts.fit(self.names[c], 17, name_w - 34, True),
                         (x + 30, y + 14), 17, th.INK, bold=True, anchor="midleft")
            for i, winter in enumerate(self.winters):
                bx = x + name_w + i * block
                parts = winter["vp"][c]
                for j, key in enumerate(("provinces", "buildings", "majorities", "total")):
                    th.blit_text(surface, fonts, str(parts[key]),
                                 (bx + j * cell + cell // 2, y + 14), 17, th.INK,
                                 bold=key == "total", anchor="center")
            pygame.draw.line(surface, th.PAPER_DARK, (x, y + 36), (RIGHT.right, y + 36), 1)
            y += 44
        if not self.winters:
            th.blit_text(surface, fonts, _("No winter was scored."), (x, y), 17, th.INK)

    def _draw_battles(self, surface, fonts) -> None:
        x, y = RIGHT.x, self.detail_y
        th.blit_text(surface, fonts, fonts.fit(_("Battles and revolts over the game, from the "
                                                 "tower's drops"), 17, RIGHT.w),
                     (x, y), 17, th.INK_SOFT)
        y += 30
        # four columns after the names; a heading's note may take two lines
        cols = [(_("Attacks"), _("won · lost"), 150), (_("Defences"), _("held · lost"), 305),
                (_("Revolts"), _("put down · lost"), 460),
                (_("Cubes in → out"), _("own, in their fights"), 615)]
        room = 148
        for head, note, dx in cols:
            size = 16 if fonts.size(head, 16, True)[0] <= room else 14
            th.blit_text(surface, fonts, fonts.fit(head, size, room, True), (x + dx, y), size,
                         th.INK, bold=True)
            lines = wrap_text(fonts, note, 14, room)
            if len(lines) > 2:
                lines = [lines[0], fonts.fit(" ".join(lines[1:]), 14, room)]
            for i, line in enumerate(lines):
                th.blit_text(surface, fonts, line, (x + dx, y + 22 + 16 * i), 14, th.INK_SOFT)
        y += 56
        for c in self.order:
            s = self.stats[c]
            th.draw_marker(surface, c, (x + 12, y + 14), 22)
            th.blit_text(surface, fonts, fonts.fit(self.names[c], 17, 114, True),
                         (x + 30, y + 14), 17, th.INK, bold=True, anchor="midleft")
            for text, dx in ((f"{s.won_attacking} · {s.lost_attacking}", 150),
                             (f"{s.won_defending} · {s.lost_defending}", 305),
                             (f"{s.revolts_suppressed} · {s.revolts_lost}", 460),
                             (f"{s.poured} → {s.came_out}", 615)):
                th.blit_text(surface, fonts, text, (x + dx, y + 14), 17, th.INK,
                             anchor="midleft")
            pygame.draw.line(surface, th.PAPER_DARK, (x, y + 36), (RIGHT.right, y + 36), 1)
            y += 44

    def _draw_chart(self, surface, fonts) -> None:
        """VP after each winter: one line per player in their colour, named at its end."""
        box = CHART
        pygame.draw.rect(surface, th.PAPER_LIGHT, box, border_radius=5)
        pygame.draw.rect(surface, th.INK_SOFT, box, 1, border_radius=5)
        th.blit_text(surface, fonts, _("Victory points after each winter"), (box.x + 14,
                     box.y + 6), 16, th.INK, bold=True)
        plot = pygame.Rect(box.x + 60, box.y + 54, box.w - 250, box.h - 98)
        top = max([10] + [v for p in self.points for v in p.values()])
        top = -(-top // 10) * 10
        step = 10 if top <= 60 else 20
        for v in range(0, top + 1, step):
            yy = plot.bottom - round(v / top * plot.h)
            pygame.draw.line(surface, th.PAPER_DARK, (plot.x, yy), (plot.right, yy), 1)
            th.blit_text(surface, fonts, str(v), (plot.x - 8, yy), 16, th.INK_SOFT,
                         anchor="midright")
        pygame.draw.line(surface, th.INK_SOFT, plot.bottomleft, plot.bottomright, 2)
        pygame.draw.line(surface, th.INK_SOFT, plot.bottomleft, plot.topleft, 2)
        th.blit_text(surface, fonts, _("VP"), (plot.x - 8, plot.y - 9), 16, th.INK_SOFT,
                     bold=True, anchor="bottomright")
        n = len(self.points)
        labels = [_("Start")] + [_("Winter {n}").format(n=i) for i in range(1, n)]
        xs = [plot.x + round(i * plot.w / max(1, n - 1)) for i in range(n)]
        for label, xx in zip(labels, xs, strict=True):
            th.blit_text(surface, fonts, label, (xx, plot.bottom + 6), 16, th.INK_SOFT,
                         anchor="midtop")
        ends: list[tuple[int, str]] = []
        for c in self.order:
            colour = th.colour_of(c)
            pts = [(xx, plot.bottom - round(p[c] / top * plot.h))
                   for xx, p in zip(xs, self.points, strict=True)]
            if len(pts) > 1:
                pygame.draw.lines(surface, th.darken(colour, 0.1), False, pts, 4)
            for pt in pts:
                pygame.draw.circle(surface, colour, pt, 6)
                pygame.draw.circle(surface, th.INK, pt, 6, 1)
            ends.append((pts[-1][1], c))
        # name labels at the lines' ends, pushed apart so none overlaps
        ends.sort()
        placed: list[int] = []
        for yy, c in ends:
            if placed and yy - placed[-1] < 22:
                yy = placed[-1] + 22
            placed.append(yy)
            value = self.points[-1][c]
            th.draw_marker(surface, c, (plot.right + 26, yy), 18)
            th.blit_text(surface, fonts, fonts.fit(f"{self.names[c]} {value}", 15, 150, True),
                         (plot.right + 40, yy), 17, th.INK, bold=True, anchor="midleft")
