"""Placeholder shown after Start until the rules engine is connected (phase 2).

It only echoes the chosen settings, so the setup screen can be tried end to end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.i18n import _
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action
from shogun_desktop.ui.scenes.new_game import daimyo_name
from shogun_desktop.ui.widgets import Button, NativeScene

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.new_game import NewGameSettings


class GameStartingScene(NativeScene):
    """Drawn at the window's own resolution."""

    opaque = True

    def __init__(self, app: App, settings: NewGameSettings) -> None:
        super().__init__(app)
        self.settings = settings
        self.native_layout(app.window_size)

    def layout(self) -> None:
        fonts = self.app.theme.fonts
        box = self.centred_card(self.px(800), self.px(600))
        y = self.begin_card(box, _("The game is starting")) + self.px(28)
        sheet = self.sheet
        pad = self.px(40)
        s = self.settings
        x = box.x + pad
        inner = box.w - 2 * pad
        facts = self.app.board_facts
        name_size, size = self.F(20), self.F(18)
        cube = self.px(28)
        name_w = max([fonts.size(f"{i}. {seat.name}", name_size, True)[0]
                      for i, seat in enumerate(s.seats, 1)] + [0])
        name_room = min(name_w, inner // 2)
        row = max(self.px(48), self.lh(name_size) + self.px(10))
        for i, seat in enumerate(s.seats, 1):
            cy = y + row // 2 - self.px(4)
            sheet.cube(seat.colour, (x + cube // 2, cy), cube)
            nx = x + cube + self.px(16)
            sheet.fitted(f"{i}. {seat.name}", (nx, cy), name_size, name_room, th.INK,
                         bold=True, anchor="midleft")
            who = _("computer") if seat.is_computer else _("human")
            dx = nx + name_room + self.px(24)
            sheet.fitted(_("{daimyo} · {who}").format(daimyo=daimyo_name(facts, seat.colour),
                                                      who=who),
                         (dx, cy), size, box.right - pad - dx, th.INK_SOFT, anchor="midleft")
            y += row
        y += self.px(16)
        seed = _("random") if s.seed is None else str(s.seed)
        board = _("Sun side") if s.board == "sun" else _("Moon side")
        mode = _("Draft") if s.start_mode == "draft" else _("Designated")
        lsize = self.F(19)
        for line in (_("Board: {side}").format(side=board),
                     _("Starting provinces: {mode}").format(mode=mode),
                     _("Seed: {seed}").format(seed=seed)):
            sheet.fitted(line, (x, y), lsize, inner, th.INK)
            y += max(self.px(32), self.lh(lsize))
        bsize = self.F(18)
        label = _("Back to setup")
        bw = max(self.px(250), fonts.size(label, bsize, True)[0] + self.px(40))
        bh = max(self.px(50), bsize + self.px(22))
        button = pygame.Rect(box.right - self.px(30) - bw, box.bottom - self.px(26) - bh, bw, bh)
        note = _("Play itself is not connected in this build yet.")
        sheet.fitted(note, (x, button.y - self.px(12) - self.lh(self.F(17))), self.F(17),
                     inner, th.INK_SOFT)
        self.ui.set_widgets([Button(button, label, self.back, hotkey=Action.CANCEL,
                                    key="back", size=bsize), *sheet.tip_widgets()])

    def back(self) -> None:
        self.app.scenes.remove(self)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(th.PAPER)
        self.paint_card(surface)
