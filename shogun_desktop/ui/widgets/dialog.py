"""The modal confirm/notice dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from shogun_desktop.i18n import _
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.widgets.base import Widget
from shogun_desktop.ui.widgets.button import Button
from shogun_desktop.ui.widgets.native import NativeScene

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App


class ConfirmDialog(NativeScene):
    """A modal question over the current screen: Enter confirms, Escape cancels.

    With cancel_text=None it is a plain notice with one button. Drawn at the window's own
    resolution: the card grows with its message and its buttons with their words.
    """

    opaque = False

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        *,
        on_confirm: Callable[[], None] | None = None,
        on_cancel: Callable[[], None] | None = None,
        confirm_text: str = "",
        cancel_text: str | None = "",
        role: str | None = None,
    ) -> None:
        super().__init__(app)
        # "" means the usual words, translated now (the language may change while running);
        # cancel_text=None means no Cancel button.
        self.confirm_text = confirm_text or _("OK")
        self.cancel_text = _("Cancel") if cancel_text == "" else cancel_text
        self.role = role  # what the dialog asks, for its owner ("quit": closing the window)
        self.title = title
        self.message = message
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.native_layout(app.window_size)

    def layout(self) -> None:
        fonts = self.app.theme.fonts
        w, h = self.size
        pad = self.px(24)
        bsize = self.F(18)
        bws = [fonts.size(t, bsize, True)[0] + self.px(40)
               for t in (self.confirm_text, self.cancel_text) if t is not None]
        bw = max(self.px(170), *bws)
        bh = max(self.px(44), bsize + self.px(20))
        gap = self.px(16)
        width = min(w - 2 * pad, max(self.px(620), len(bws) * (bw + gap) + 2 * pad))
        msize = self.F(19)
        inner = width - 2 * pad
        rule = self.px(14) + self.lh(self.F(22)) + self.px(4)
        body = len(fonts.wrap(self.message, msize, inner)) * self.lh(msize)
        height = min(h - 2 * pad, max(self.px(260), rule + self.px(14) + body + self.px(20)
                                      + bh + pad))
        box = self.centred_card(width, height)
        y = self.begin_card(box, self.title)
        self.sheet.lines(self.message, (box.x + pad, y + self.px(14)), msize, inner, th.INK,
                         step=self.lh(msize))
        by = box.bottom - pad - bh
        bx = box.right - pad - bw
        widgets: list[Widget] = [Button((bx, by, bw, bh), self.confirm_text, self.confirm,
                                        primary=True, key="confirm", size=bsize)]
        if self.cancel_text is not None:
            widgets.append(Button((bx - bw - gap, by, bw, bh), self.cancel_text, self.cancel,
                                  key="cancel", size=bsize))
        self.ui.set_widgets(widgets + self.sheet.tip_widgets())

    def confirm(self) -> None:
        self.app.scenes.remove(self)
        if self.on_confirm is not None:
            self.on_confirm()

    def cancel(self) -> None:
        self.app.scenes.remove(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def handle(self, inp: Input) -> bool:
        if inp.is_action(Action.CONFIRM):
            self.confirm()
            return True
        if inp.is_action(Action.CANCEL):
            self.cancel()
            return True
        self.ui.handle(inp)
        return True  # modal: nothing reaches the scene below
