"""A short notice of one tower drop: used when the battle animation is not available.

Shows who fought where, the outcome worked out from the drop's numbers (the same words as the
battle overlay, never the log text) and the cubes that came out. It closes itself after a few
seconds, or on Skip / Enter / Esc / click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shogun_desktop.i18n import _
from shogun_desktop.ui import flow
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.battle_report import outcome_of
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.widgets import Button, NativeScene

if TYPE_CHECKING:
    from shogun_desktop.rules.engine import DropRecord
    from shogun_desktop.ui.app import App


class DropNotice(NativeScene):
    """Drawn at the window's own resolution; the card grows with its lines."""

    opaque = False
    SECONDS = 3.5

    def __init__(self, app: App, record: DropRecord, colours: dict[str, str] | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.colours = colours or {}
        self.time = 0.0
        if record.province:
            self.title = (_("Revolt in {province}") if record.kind == "revolt"
                          else _("Battle in {province}")).format(province=record.province)
        else:
            self.title = _("Revolt") if record.kind == "revolt" else _("Battle")
        self.native_layout(app.window_size)

    def layout(self) -> None:
        fonts = self.app.theme.fonts
        w, h = self.size
        width = min(w - self.px(40), self.px(800))
        pad = self.px(24)
        inner = width - 2 * pad
        outcome = outcome_of(self.record, self.name_of)
        if outcome is None:
            lines = [(_("Every cube that came out goes back to its supply."), 18, th.INK, False)]
        else:
            lines = [(outcome.headline, 22, th.VERMILION_DARK, True),
                     (outcome.reason, 18, th.INK, False), (outcome.cubes, 16, th.INK_SOFT, False)]
        bsize = self.F(18)
        label = _("Skip")
        bw = max(self.px(160), fonts.size(label, bsize, True)[0] + self.px(40))
        bh = max(self.px(46), bsize + self.px(20))
        rule = self.px(14) + self.lh(self.F(22)) + self.px(4)
        body = sum(len(fonts.wrap(text, self.F(size), inner, bold)) * self.lh(self.F(size))
                   + self.px(4) for text, size, _c, bold in lines)
        cube = max(16, self.px(22))
        height = rule + self.px(18) + body + self.px(8) + cube + self.px(24) + bh + pad
        box = self.centred_card(width, height)
        y = self.begin_card(box, self.title) + self.px(18)
        sheet = self.sheet
        x = box.x + pad
        for text, size, ink, bold in lines:
            y = sheet.lines(text, (x, y), self.F(size), inner, ink, bold=bold,
                            step=self.lh(self.F(size))) + self.px(4)
        y += self.px(8)
        r = sheet.text(_("Out of the tower:"), (x, y + cube // 2), self.F(16), th.INK_SOFT,
                       bold=True, anchor="midleft")
        cx = max(x + self.px(175), r.right + self.px(16))
        for colour, n in sorted(self.record.result.out.items()):
            if not n:
                continue
            sheet.cube(colour, (cx + cube // 2, y + cube // 2), cube)
            r = sheet.text(str(n), (cx + cube + self.px(4), y + cube // 2), self.F(17), th.INK,
                           bold=True, anchor="midleft")
            cx = r.right + self.px(16)
        button = (box.right - pad - bw, box.bottom - pad - bh, bw, bh)
        self.ui.set_widgets([Button(button, label, self.skip, primary=True, key="skip",
                                    size=bsize), *sheet.tip_widgets()])

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
        super().update(dt)
        self.time += dt * flow.speed(self.app.prefs)  # the animation speed paces it too
        if self.time >= self.SECONDS:
            self.skip()
