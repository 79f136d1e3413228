"""A short notice of one tower drop: used when the battle animation is not available.

Shows who fought where, the outcome worked out from the drop's numbers (the same words as the
battle overlay, never the log text) and the cubes that came out. It closes itself after a few
seconds, or on Skip / Enter / Esc / click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from shogun_desktop.i18n import _
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.battle_report import outcome_of
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.scene import Scene
from shogun_desktop.ui.widgets import Button, Panel, WidgetGroup, draw_veil, wrap_text

if TYPE_CHECKING:
    from shogun_desktop.rules.engine import DropRecord
    from shogun_desktop.ui.app import App


class DropNotice(Scene):
    opaque = False
    SECONDS = 3.5

    def __init__(self, app: App, record: DropRecord, colours: dict[str, str] | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.colours = colours or {}
        self.time = 0.0
        self.box = pygame.Rect(400, 250, 800, 360)
        if record.province:
            title = (_("Revolt in {province}") if record.kind == "revolt"
                     else _("Battle in {province}")).format(province=record.province)
        else:
            title = _("Revolt") if record.kind == "revolt" else _("Battle")
        self.ui = WidgetGroup([
            Panel(self.box, title),
            Button((self.box.right - 190, self.box.bottom - 66, 160, 46), _("Skip"), self.skip,
                   primary=True, key="skip"),
        ])

    def name_of(self, colour: str) -> str:
        if colour == th.FARMERS:
            return self.colours.get(colour, _("Farmers"))
        return self.colours.get(colour, colour.title())

    def skip(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, inp: Input) -> bool:
        if self.ui.handle(inp):
            return True
        if inp.is_action(Action.CONFIRM) or inp.is_action(Action.CANCEL) or inp.is_click(1):
            self.skip()
        return True

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        self.time += dt * flow.speed(self.app.prefs)  # the animation speed paces it too
        if self.time >= self.SECONDS:
            self.skip()

    def draw(self, surface: pygame.Surface) -> None:
        draw_veil(surface)
        self.ui.draw(surface, self.app.theme)
        fonts = self.app.theme.fonts
        x, y = self.box.x + 24, self.box.y + 66
        outcome = outcome_of(self.record, self.name_of)
        if outcome is None:
            lines = [(_("Every cube that came out goes back to its supply."), 18, th.INK, False)]
        else:
            lines = [(outcome.headline, 22, th.VERMILION_DARK, True),
                     (outcome.reason, 18, th.INK, False), (outcome.cubes, 16, th.INK_SOFT, False)]
        for text, size, ink, bold in lines:
            for line in wrap_text(fonts, text, size, self.box.w - 48)[:3]:
                th.blit_text(surface, fonts, line, (x, y), size, ink, bold=bold)
                y += size + 8
            y += 4
        y += 8
        r = th.blit_text(surface, fonts, _("Out of the tower:"), (x, y + 12), 16, th.INK_SOFT,
                         bold=True, anchor="midleft")
        cx = max(x + 175, r.right + 16)
        for colour, n in sorted(self.record.result.out.items()):
            if not n:
                continue
            th.draw_cube(surface, colour, (cx + 11, y + 12), 22)
            r = th.blit_text(surface, fonts, str(n), (cx + 26, y + 12), 17, th.INK, bold=True,
                             anchor="midleft")
            cx = r.right + 16
