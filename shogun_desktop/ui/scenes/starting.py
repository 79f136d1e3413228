"""Placeholder shown after Start until the rules engine is connected (phase 2).

It only echoes the chosen settings, so the setup screen can be tried end to end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.i18n import _
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.scenes.new_game import daimyo_name
from shogun_desktop.ui.widgets import Button, Panel, WidgetGroup

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.new_game import NewGameSettings


class GameStartingScene(Scene):
    opaque = True

    def __init__(self, app: App, settings: NewGameSettings) -> None:
        super().__init__(app)
        self.settings = settings
        self.box = pygame.Rect(400, 150, 800, 600)
        self.ui = WidgetGroup([
            Panel(self.box, _("The game is starting")),
            Button((self.box.right - 280, self.box.bottom - 76, 250, 50), _("Back to setup"),
                   self.back, hotkey=Action.CANCEL, key="back"),
        ])

    def back(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, inp: Input) -> bool:
        return self.ui.handle(inp)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.app.theme.fonts
        self.ui.draw(surface, self.app.theme)
        s = self.settings
        x, y = self.box.x + 40, self.box.y + 80
        facts = self.app.board_facts
        for i, seat in enumerate(s.seats, 1):
            th.draw_cube(surface, seat.colour, (x + 14, y + 14), 28)
            who = _("computer") if seat.is_computer else _("human")
            th.blit_text(surface, fonts, f"{i}. {seat.name}", (x + 44, y + 2), 20, th.INK,
                         bold=True)
            th.blit_text(surface, fonts, _("{daimyo} · {who}").format(
                daimyo=daimyo_name(facts, seat.colour), who=who),
                         (x + 330, y + 4), 18, th.INK_SOFT)
            y += 48
        y += 16
        seed = _("random") if s.seed is None else str(s.seed)
        board = _("Sun side") if s.board == "sun" else _("Moon side")
        mode = _("Draft") if s.start_mode == "draft" else _("Designated")
        for line in (_("Board: {side}").format(side=board),
                     _("Starting provinces: {mode}").format(mode=mode),
                     _("Seed: {seed}").format(seed=seed)):
            th.blit_text(surface, fonts, line, (x, y), 19, th.INK)
            y += 32
        th.blit_text(surface, fonts, _("Play itself is not connected in this build yet."),
                     (x, self.box.bottom - 64), 17, th.INK_SOFT)
