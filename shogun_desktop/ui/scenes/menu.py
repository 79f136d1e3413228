"""The in-game menu (Esc), Save as…, the load dialog listing the saves folder, and settings.

Each is a card drawn at the window's own resolution (a :class:`NativeScene` card): its layout
is in 1600x900 design pixels around its box, scaled to the window and the player's text size.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from shogun_desktop.i18n import _
from shogun_desktop.ui import flow, text_size
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input
from shogun_desktop.ui.widgets import (
    Button,
    Choice,
    ConfirmDialog,
    Label,
    NativeScene,
    Option,
    TextInput,
    Toggle,
    Widget,
)

if TYPE_CHECKING:
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.navigation import Navigation
    from shogun_desktop.ui.session import GameSession


def text_size_label(value: float) -> str:
    """The menu's text-size button, in the player's language."""
    return _("Text size: {percent}%").format(percent=round(value * 100))


class _Modal(NativeScene):
    """A transparent overlay with widgets on a card; Esc closes it."""

    opaque = False

    def close(self) -> None:
        self.app.scenes.remove(self)

    def handle(self, inp: Input) -> bool:
        if super().handle(inp):
            return True
        if inp.is_action(Action.CANCEL):
            self.close()
        return True  # modal


class MenuScene(_Modal):
    """Esc during a game. ``note`` is a line at the bottom of the box: over a secret plan,
    which the planning screen hides while the menu is open, it says so."""

    def __init__(self, app: App, session: GameSession, host: Navigation | None, *,
                 note: str | None = None) -> None:
        super().__init__(app, (600, 130, 400, 600 + (40 if note else 0)))
        self.session, self.host, self.note = session, host, note
        self.native_layout(app.window_size)

    def layout(self) -> None:
        box, note, host, app = self.design_card, self.note, self.host, self.app
        self.begin_card(self.box, _("Menu"))
        w: list[Widget] = []
        if note:
            w.append(Label(self.P(box.centerx, box.bottom - 34), note, self.F(17), th.INK_SOFT,
                           anchor="center", width=self.px(box.w - 40), key="note"))
        y = box.y + 74
        no_host = None if host else _("No game host")
        for key, text, fn, disabled in (
            ("resume", _("Resume"), self.close, None),
            ("save", _("Save as…"), self.save_as, None),
            ("settings", _("Settings…"), self.settings, None),
            ("load", _("Load…"), self.load, no_host),
            ("new", _("New game"), self.new_game, no_host),
            ("text-size", text_size_label(app.ui_scale), self.next_text_size, None),
            ("quit", _("Quit"), self.quit, None),
        ):
            w.append(Button(self.R(box.x + 40, y, box.w - 80, 56), text, fn, key=key,
                            disabled=disabled, primary=key == "resume", size=self.F(20)))
            y += 74
        self.ui.set_widgets(w)

    def next_text_size(self) -> None:
        """Cycle the text size; the screens drawn at window resolution follow at once."""
        value = text_size.next_text_size(self.app.ui_scale)
        self.app.set_ui_scale(value)
        if self.host is not None:
            text_size.save_text_size(self.host.folder, value)
        self.relayout()  # this card follows the text size too

    def save_as(self) -> None:
        self.close()
        self.app.push(SaveAsScene(self.app, self.session))

    def settings(self) -> None:
        self.close()
        self.app.push(SettingsScene(self.app))

    def load(self) -> None:
        if self.host is not None:
            self.close()
            self.app.push(LoadScene(self.app, self.host))

    def new_game(self) -> None:
        host = self.host
        if host is None:
            return
        self.close()
        if not flow.confirmations(self.app.prefs):
            host.to_setup()
            return
        self.app.push(ConfirmDialog(
            self.app, _("Leave this game?"),
            _("It stays in the autosave (and any save you made); Resume brings it back."),
            on_confirm=host.to_setup, confirm_text=_("New game")))

    def quit(self) -> None:
        self.close()
        if not flow.confirmations(self.app.prefs):
            self.app.quit()
            return
        self.app.push(ConfirmDialog(self.app, _("Quit Shogun?"),
                                    _("The game is autosaved after every move."),
                                    on_confirm=self.app.quit, confirm_text=_("Quit")))


def safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9 _.-]", "", text).strip().replace(" ", "-")[:40]


class SaveAsScene(_Modal):
    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app, (500, 280, 600, 280))
        self.session = session
        self.name = datetime.now().strftime("shogun-%Y%m%d-%H%M")
        self.message = ""
        self.native_layout(app.window_size)

    def layout(self) -> None:
        b = self.design_card
        self.begin_card(self.box, _("Save the game as"))
        field = TextInput(self.R(b.x + 30, b.y + 110, b.w - 60, 46), self.name, self.set_name,
                          max_len=40, on_submit=lambda _t: self.save(), key="name",
                          size=self.F(18))
        self.ui.set_widgets([
            Label(self.P(b.x + 30, b.y + 70), _("in {folder}").format(folder=self.session.folder),
                  self.F(15), th.INK_SOFT, width=self.px(b.w - 60)),
            field,
            Label(self.P(b.x + 30, b.y + 166), self.message, self.F(15), th.VERMILION,
                  width=self.px(b.w - 60), key="message"),
            Button(self.R(b.right - 190, b.bottom - 70, 160, 46), _("Save"), self.save,
                   primary=True, key="save", size=self.F(18),
                   disabled=None if safe_name(self.name) else _("Type a name")),
            Button(self.R(b.right - 370, b.bottom - 70, 160, 46), _("Cancel"), self.close,
                   key="cancel", size=self.F(18)),
        ])
        if self.ui.focused is None:
            self.ui.focus(self.ui.by_key("name"))

    def set_name(self, text: str) -> None:
        self.name = text
        self.layout()

    def save(self) -> None:
        name = safe_name(self.name)
        if not name:
            return
        path = self.session.folder / f"{name}.yaml"
        if self.session.save_as(path):
            self.close()
            self.app.push(ConfirmDialog(
                self.app, _("Saved"), _("The game was saved as {file}.").format(file=path.name),
                cancel_text=None))
        else:
            self.message = self.session.save_error or _("Could not save")
            self.session.save_error = None
            self.layout()

    def handle(self, inp: Input) -> bool:
        if inp.is_action(Action.CONFIRM):
            self.save()
            return True
        return super().handle(inp)


class LoadScene(_Modal):
    """The saves in the saves folder, newest first; a click loads one."""

    PER_PAGE = 8

    def __init__(self, app: App, host: Navigation) -> None:
        super().__init__(app, (450, 130, 700, 640))
        self.host = host
        self.files: list[Path] = host.saves()
        self.page = 0
        self.native_layout(app.window_size)

    def layout(self) -> None:
        b = self.design_card
        self.begin_card(self.box, _("Load a saved game"))
        w: list[Widget] = []
        if not self.files:
            w.append(Label(self.P(b.x + 30, b.y + 80),
                           _("No saves in {folder}").format(folder=self.host.folder),
                           self.F(17), th.INK_SOFT, width=self.px(b.w - 60)))
        start = self.page * self.PER_PAGE
        y = b.y + 70
        for i, path in enumerate(self.files[start:start + self.PER_PAGE]):
            try:
                when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            except OSError:  # removed since the folder was listed; loading it will say so
                when = _("gone")
            w.append(Button(self.R(b.x + 30, y, b.w - 60, 52), f"{path.stem}   ·   {when}",
                            partial(self.load, path), key=f"file-{start + i}",
                            size=self.F(17), tooltip=str(path)))
            y += 60
        pages = max(1, -(-len(self.files) // self.PER_PAGE))
        if pages > 1:
            w.append(Button(self.R(b.x + 30, b.bottom - 70, 120, 46), "◀", self.prev,
                            key="prev", size=self.F(18),
                            disabled=None if self.page else _("First page")))
            w.append(Button(self.R(b.x + 160, b.bottom - 70, 120, 46), "▶", self.next,
                            key="next", size=self.F(18),
                            disabled=None if self.page < pages - 1 else _("Last page")))
        w.append(Button(self.R(b.right - 190, b.bottom - 70, 160, 46), _("Cancel"), self.close,
                        key="cancel", size=self.F(18)))
        self.ui.set_widgets(w)

    def prev(self) -> None:
        self.page -= 1
        self.layout()

    def next(self) -> None:
        self.page += 1
        self.layout()

    def load(self, path: Path) -> None:
        self.close()
        self.host.load(path)


VOLUME_STEPS: tuple[float, ...] = (0.1, 0.25, 0.4, 0.55, 0.7, 0.85, 1.0)


SPEED_STEPS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)


class SettingsScene(_Modal):
    """Sound, animation and flow settings, saved in the user's settings file at once.

    They belong to the player, not the game: they hold for every game on this computer.
    """

    def __init__(self, app: App) -> None:
        super().__init__(app, (430, 90, 740, 720))
        self.native_layout(app.window_size)

    def layout(self) -> None:
        b = self.design_card
        self.begin_card(self.box, _("Settings"))
        prefs = self.app.prefs
        volume = float(prefs.get("sound.volume"))
        nearest = min(VOLUME_STEPS, key=lambda v: abs(v - volume))
        muted = bool(prefs.get("sound.mute"))
        audio = self.app.audio
        status = (_("Sound is off on this computer: {reason}").format(
                      reason=audio.problem or _("no audio device"))
                  if not audio.enabled else
                  _("Tower knocks, the tray and button clicks."))
        x, w = b.x + 36, b.w - 72
        speed = float(prefs.get("tower.speed"))
        body, head, T = self.F(16), self.F(19), self.F
        widgets: list[Widget] = [
            Label(self.P(x, b.y + 64), _("Saved on this computer for every game; a game's save "
                                         "does not change them."), body, th.INK_SOFT,
                  width=self.px(w)),
            Label(self.P(x, b.y + 104), _("Sound"), head, th.INK, bold=True),
            Label(self.P(x, b.y + 134), status, body, th.INK_SOFT, width=self.px(w)),
            Choice(self.R(x, b.y + 164, w, 44),
                   [Option(v, f"{round(v * 100)}%") for v in VOLUME_STEPS], nearest,
                   self.set_volume, key="volume", size=T(17),
                   disabled=_("Sound is muted") if muted else None,
                   tooltip=_("Master volume of all sounds")),
            Toggle(self.R(x, b.y + 220, w, 40), _("Mute all sound (M)"), muted, self.set_mute,
                   key="mute", size=T(17)),
            Label(self.P(x, b.y + 284), _("Animations"), head, th.INK, bold=True),
            Label(self.P(x, b.y + 314), _("The tower replay, drop notices and overlays (- and + "
                                          "in a battle)"), body, th.INK_SOFT, width=self.px(w)),
            Choice(self.R(x, b.y + 344, w, 44),
                   [Option(v, f"{v:g}×") for v in SPEED_STEPS],
                   speed if speed in SPEED_STEPS else 1.0, self.set_speed, key="speed",
                   size=T(17), tooltip=_("1× is real speed")),
            Toggle(self.R(x, b.y + 402, w, 40), _("Computer battles continue by themselves after "
                                                  "the animation"),
                   bool(prefs.get("flow.auto_continue")),
                   partial(self.set_flag, "flow.auto_continue"), key="auto-continue",
                   size=body),
            Toggle(self.R(x, b.y + 450, w, 40), _("Skip the animations of battles between "
                                                  "computer players"),
                   bool(prefs.get("flow.skip_computer")),
                   partial(self.set_flag, "flow.skip_computer"), key="skip-computer", size=body),
            Label(self.P(x, b.y + 514), _("Questions and help"), head, th.INK, bold=True),
            Toggle(self.R(x, b.y + 544, w, 40),
                   _("Ask before committing a plan, leaving or quitting"),
                   bool(prefs.get("flow.confirm")), partial(self.set_flag, "flow.confirm"),
                   key="confirm", size=body),
            Toggle(self.R(x, b.y + 590, w, 40), _("Show first-game pointers (first planning and "
                                                  "first battle)"),
                   bool(prefs.get("guide.enabled")),
                   partial(self.set_flag, "guide.enabled"), key="guide", size=body),
            Label(self.P(x, b.y + 640), prefs.problem or "", T(15), th.VERMILION,
                  width=self.px(w - 200), key="problem"),
            Button(self.R(b.right - 196, b.bottom - 70, 160, 46), _("Done"), self.close,
                   primary=True, key="done", size=T(18)),
        ]
        self.ui.set_widgets(widgets)

    def set_volume(self, value: object) -> None:
        self.app.prefs.set("sound.volume", float(value))  # type: ignore[arg-type]
        self.app.audio.play("knock", 1, 0.8)  # a sample of the new level
        self.layout()

    def set_mute(self, value: bool) -> None:
        self.app.prefs.set("sound.mute", bool(value))
        self.layout()

    def set_speed(self, value: object) -> None:
        self.app.prefs.set("tower.speed", float(value))  # type: ignore[arg-type]
        self.layout()

    def set_flag(self, key: str, value: bool) -> None:
        self.app.prefs.set(key, bool(value))
        self.layout()

    def handle(self, inp: Input) -> bool:
        if inp.is_action(Action.CONFIRM):
            self.close()
            return True
        if inp.is_action(Action.LETTER) and inp.letter == "m":
            self.set_mute(not self.app.prefs.get("sound.mute"))
            return True
        return super().handle(inp)


SoundSettingsScene = SettingsScene  # the sound settings are part of the one Settings scene
