"""Final standings: VP, war chests as the tie-break, and a summary per player."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Button, ConfirmDialog, Panel, WidgetGroup

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.session import GameHost, GameSession


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


class EndScene(Scene):
    opaque = True

    def __init__(self, app: App, session: GameSession, host: GameHost | None) -> None:
        super().__init__(app)
        self.session, self.host = session, host
        self.rows = standings(session.view(None))
        box = self.box = pygame.Rect(200, 100, 1200, 700)
        self.ui = WidgetGroup([
            Panel(box, "The game is over"),
            Button((box.right - 250, box.bottom - 76, 220, 54), "New game", self.new_game,
                   primary=True, hotkey=Action.CONFIRM, key="new",
                   disabled=None if host else "No game host"),
            Button((box.right - 490, box.bottom - 76, 220, 54), "Quit", self.quit, key="quit"),
        ])

    def new_game(self) -> None:
        if self.host is not None:
            self.host.to_setup()

    def quit(self) -> None:
        self.app.push(ConfirmDialog(self.app, "Quit Shogun?", "Close the game window?",
                                    on_confirm=self.app.quit, confirm_text="Quit"))

    def handle(self, inp: Input) -> bool:
        return self.ui.handle(inp)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(th.PAPER)
        self.ui.draw_widgets(surface, self.app.theme)
        fonts = self.app.theme.fonts
        x, y = self.box.x + 40, self.box.y + 70
        winners = [r["name"] for r in self.rows if r["winner"]]
        title = ("Winner: " if len(winners) == 1 else "Shared victory: ") + ", ".join(winners)
        k = fonts.kanji("勝", 44, th.VERMILION)
        if k is not None:
            surface.blit(k, (x, y))
        th.blit_text(surface, fonts, title, (x + 60, y + 6), 30, th.INK, bold=True)
        y += 80
        cols = [("Rank", 0), ("Player", 70), ("VP", 360), ("Winters", 430), ("War chests", 560),
                ("Provinces", 690), ("Buildings", 820), ("Armies in supply", 950)]
        for text, dx in cols:
            th.blit_text(surface, fonts, text, (x + dx, y), 16, th.INK_SOFT, bold=True)
        y += 30
        for row in self.rows:
            band = pygame.Rect(x - 10, y - 6, self.box.w - 60, 50)
            fill = th.mix(th.PAPER_LIGHT, th.GOLD, 0.35) if row["winner"] else th.PAPER_LIGHT
            pygame.draw.rect(surface, fill, band, border_radius=5)
            th.blit_text(surface, fonts, f"{row['rank']}.", (x + 10, y + 8), 22, th.INK, bold=True)
            th.draw_marker(surface, row["colour"], (x + 90, y + 19), 32)
            th.blit_text(surface, fonts, fonts.fit(row["name"], 20, 230, True), (x + 116, y + 8),
                         20, th.INK, bold=True)
            for key, dx in (("vp", 360), ("winters", 430), ("chests", 560), ("provinces", 690),
                            ("buildings", 820), ("supply", 950)):
                th.blit_text(surface, fonts, str(row[key]), (x + dx, y + 8), 20, th.INK,
                             bold=key == "vp")
            y += 60
        th.blit_text(surface, fonts, "Ties on VP are broken by war chests; a remaining tie is a "
                     "shared victory.", (x, self.box.bottom - 110), 15, th.INK_SOFT)
