"""The first-game guide: a few short pointers the first time a planning or a battle opens.

Optional (Settings, "guide.enabled"): the card says how to turn it off, and its own toggle
does. Shown once per kind and window run, on top of the screen it explains; it reads nothing
of the game, so over a secret plan it shows nothing secret.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from shogun_desktop.i18n import N_, _
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, FreshPressGate, Input
from shogun_desktop.ui.widgets import Button, NativeScene, Toggle, wrap_text

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App

POINTERS: dict[str, tuple[str, tuple[str, ...]]] = {  # English; translated when shown
    "planning": (N_("First game: planning your season"), (
        N_("Put one card on each of the 11 spaces. A province card on an action carries that "
           "action out in that province; a war chest card there is a filler."),
        N_("Click a card, then a space (or drag it). Or click a space, then your province on "
           "the map. Hover a card to read what it does."),
        N_("The bid (B) sets the turn order: a higher chest card bids more but costs its "
           "value."),
        N_("The actions happen in the order of the action row; face-down ones turn up as "
           "play reaches them."),
        N_("Ctrl+Z undoes a change. Done commits the plan: nobody sees it until it is "
           "played."),
    )),
    "battle": (N_("First game: the battle tower"), (
        N_("Both sides' armies go into the tower, together with every cube lying in the "
           "tray."),
        N_("Only the cubes that come out into the tray count; cubes stuck inside may fall "
           "out in a later battle."),
        N_("The side with more cubes out wins; farmers (green) fight neutral provinces and "
           "revolts."),
        N_("Space shows the result at once; - and + change the speed (also in Settings)."),
    )),
}


def wants_guide(app: App, kind: str) -> bool:
    """Whether the guide for kind should open now: at a game table (the window has a game
    host), the setting on, and not shown yet in this run."""
    if getattr(app, "host", None) is None:
        return False
    shown: set[str] = app.__dict__.setdefault("guide_shown", set())
    return bool(app.prefs.get("guide.enabled")) and kind not in shown


class GuideScene(NativeScene):
    """A card of pointers over the screen it explains; Got it (Enter) closes it.

    Drawn at the window's own resolution (a :class:`NativeScene` card), like the table
    under it, which it does not dim.
    """

    opaque = False
    veil = False

    def __init__(self, app: App, kind: str) -> None:
        super().__init__(app, (360, 150, 880, 560))
        self.kind = kind
        app.__dict__.setdefault("guide_shown", set()).add(kind)
        title, pointers = POINTERS[kind]
        self.title, self.pointers = _(title), tuple(_(p) for p in pointers)
        self.gate = FreshPressGate()  # an Enter meant for the screen below does not close it
        self.native_layout(app.window_size)

    def layout(self) -> None:
        b = self.design_card
        self.begin_card(self.box, self.title)
        self.ui.set_widgets([
            Toggle(self.R(b.x + 30, b.bottom - 70, 520, 40), _("Show first-game pointers"),
                   bool(self.app.prefs.get("guide.enabled")), self.set_enabled,
                   key="enabled", size=self.F(17), tooltip=_("Also in Settings (Esc)")),
            Button(self.R(b.right - 190, b.bottom - 76, 160, 50), _("Got it"), self.close,
                   primary=True, hotkey=Action.CONFIRM, key="close", size=self.F(19)),
        ])
        self.lay_out_pointers()

    def lay_out_pointers(self) -> None:
        """The pointers wrapped to the card, numbered, into the sheet, with a text size that
        leaves the buttons free (a long translation gets a slightly smaller size, never
        below 14 px)."""
        fonts = self.app.theme.fonts
        b = self.design_card
        width = self.px(b.w - 100)
        x, top = self.P(b.x + 36, b.y + 70)
        room = self.box.bottom - self.px(84) - top
        size = self.F(19)
        while True:
            lines = [wrap_text(fonts, text, size, width) for text in self.pointers]
            line_h = round(size * 26 / 19)
            height = sum(len(ls) * line_h + self.px(14) for ls in lines)
            if height <= room or size <= 14:
                break
            size -= 1
        self.text_size, self.line_h = size, line_h
        marker = max(20, self.px(26))
        y = top
        for i, wrapped in enumerate(lines, start=1):
            self.sheet.draw(partial(th.draw_marker, colour="red",
                                    center=(x + self.px(12), y + line_h // 2), size=marker,
                                    label=str(i), fonts=fonts))
            for line in wrapped:
                self.sheet.text(line, (x + self.px(40), y), size, th.INK)
                y += line_h
            y += self.px(14)

    def set_enabled(self, value: bool) -> None:
        self.app.prefs.set("guide.enabled", bool(value))

    def close(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, inp: Input) -> bool:
        self.native_layout(self.app.window_size)
        if self.gate.allow(inp):
            if self.ui.handle(inp):
                return True
            if inp.is_action(Action.CANCEL):
                self.close()
        return True  # modal

    def update(self, dt: float) -> None:
        super().update(dt)
        self.gate.update(dt)
