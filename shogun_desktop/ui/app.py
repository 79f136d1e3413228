"""The application: window, fixed-timestep loop, scene stack, input gateway, scaling.

A scene with ``native = True`` draws straight into the window at the window's own resolution
and lays itself out for that size (``native_layout``); its input positions are window
pixels. Native and logical scenes may stack in any order (see ``render``). The other scenes
draw on a logical 1600x900 canvas. The canvas is shown in the window scaled by one
uniform factor and letterboxed (bars in a dark ink), so the layout never reflows: at the
minimum window of 1280x720 the factor is 0.8 and text sizes are chosen (>= 15 px logical) to
stay readable after smooth downscaling. Unscaled (a 1600x900 window) the canvas is a
subsurface of the window, so scenes draw straight into it.

Nothing happens at import: pygame is initialised when an App is made, and the App is passed
to every scene explicitly (no module-level session).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from shogun_desktop import __version__, i18n
from shogun_desktop.i18n import LANGUAGES, _
from shogun_desktop.ui import theme as th
from shogun_desktop.ui.inputs import Action, Input, InputGateway, Kind
from shogun_desktop.ui.scene import Scene, SceneStack
from shogun_desktop.ui.window_options import size_argument

if TYPE_CHECKING:
    from shogun_desktop.ui.gamefacts import BoardFacts
    from shogun_desktop.ui.navigation import Navigation
    from shogun_desktop.ui.prefs import Prefs
    from shogun_desktop.ui.scenes.new_game import NewGameSettings
    from shogun_desktop.ui.sound import Audio

LOGICAL_SIZE = (1600, 900)
MIN_SIZE = (1280, 720)
STEP = 1 / 60  # fixed update step (seconds)
MAX_STEPS_PER_FRAME = 5  # after a stall, drop time rather than spiral
# SDL drivers that open no visible window: used only when asked for by name (tests, demo
# screenshots); SDL also falls back to "offscreen" by itself when there is no display.
HEADLESS_DRIVERS = frozenset({"offscreen", "dummy"})


class NoDisplayError(pygame.error):
    """SDL found no display and would run an invisible window nobody could close."""


def window_title(mode: str = "") -> str:
    """The window's title: the game, its version, and a mode such as "demo"."""
    return f"Shogun Desktop {__version__}" + (f" — {mode}" if mode else "")


def check_display() -> str:
    """The video driver SDL chose; raises NoDisplayError for an unrequested headless one."""
    driver = pygame.display.get_driver()
    requested = os.environ.get("SDL_VIDEODRIVER", "").lower().replace(" ", "").split(",")
    if driver in HEADLESS_DRIVERS and driver not in requested:
        raise NoDisplayError(_("no display found, SDL fell back to its invisible {driver} "
                               "driver").format(driver=repr(driver)))
    return driver


def load_icon() -> pygame.Surface | None:
    """The window icon (assets/icon.png, drawn by tools/make_icon.py); None if it is missing."""
    from shogun_desktop.ui.paths import assets_dir

    path = assets_dir() / "icon.png"
    try:
        return pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError):
        return None


class App:
    """Owns the window and the loop; scenes reach everything through it.

    Callbacks connect the window to the rest of the game (phase 2 wires them to the rules
    engine and the save files):
      on_start(settings)   New game pressed on the setup screen (default: a placeholder scene)
      has_autosave()       whether Resume is offered
      on_resume()          Resume pressed
      on_load()            Load pressed (default: a notice that loading is not there yet)
    """

    def __init__(
        self,
        size: tuple[int, int] = LOGICAL_SIZE,
        *,
        fullscreen: bool = False,
        fps: int = 60,
        on_start: Callable[[NewGameSettings], None] | None = None,
        has_autosave: bool | Callable[[], bool] = False,
        on_resume: Callable[[], None] | None = None,
        on_load: Callable[[], None] | None = None,
        data_folder: Path | None = None,
        font_dir: Path | None = None,
        show_new_game: bool = True,
        title: str | None = None,
        confirm_quit: Callable[[], bool] | None = None,
        prefs: Prefs | None = None,
    ) -> None:
        pygame.display.init()  # the mixer starts on first use (self.audio), silently or not at all
        try:
            self.video_driver = check_display()
        except NoDisplayError:
            pygame.display.quit()
            raise
        pygame.font.init()
        self.title = title or window_title()
        pygame.display.set_caption(self.title)
        self.icon = load_icon()
        if self.icon is not None:
            pygame.display.set_icon(self.icon)  # before set_mode: some systems ignore it after
        pygame.key.set_repeat(400, 35)  # held Backspace/arrows repeat in text fields
        self.logical_size = LOGICAL_SIZE
        self.fps = fps
        self.fullscreen = False
        self._windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        self.canvas = self.screen
        self._scaled: pygame.Surface | None = None
        self._overlay: pygame.Surface | None = None  # logical overlays above a native scene
        self.view = pygame.Rect(0, 0, *LOGICAL_SIZE)  # where the canvas lands in the window
        self.ui_scale = 1.0  # the player's text size (menu); native scenes apply it
        self.host: Navigation | None = None  # set by the game host (make_game_app)
        self.scale = 1.0
        self._update_view()
        self.theme = th.Theme(th.Fonts(font_dir))
        self.scenes = SceneStack()
        self.inputs = InputGateway(self.to_logical)
        self.clock = pygame.time.Clock()
        self.running = False
        self.frames = 0
        self.last_frame_ms = 0.0
        self._accumulator = 0.0
        self._data_folder = data_folder
        self._facts: BoardFacts | None = None
        self._prefs = prefs
        self._audio: Audio | None = None
        self.on_start = on_start or self._default_on_start
        self._has_autosave = has_autosave
        self.on_resume = on_resume
        self.on_load = on_load or self._default_on_load
        # asked when the window is closed: True = it handled the request (e.g. asks first)
        self.confirm_quit = confirm_quit
        self.help_state: dict[str, Any] = {}  # rules reference: loaded text, reading position
        if fullscreen:
            self.toggle_fullscreen()
        if show_new_game:
            from shogun_desktop.ui.scenes.new_game import NewGameScene

            self.scenes.push(NewGameScene(self))

    # ---------------------------------------------------------------- context for scenes
    @property
    def board_facts(self) -> BoardFacts:
        """Board names/regions/exclusions for setup screens (read once, on first use)."""
        if self._facts is None:
            from shogun_desktop.ui.gamefacts import load_board_facts

            self._facts = load_board_facts(self._data_folder)
        return self._facts

    @property
    def prefs(self) -> Prefs:
        """The player's settings (read from the settings file on first use)."""
        if self._prefs is None:
            from shogun_desktop.ui.prefs import Prefs

            self._prefs = Prefs.load()
        return self._prefs

    @property
    def audio(self) -> Audio:
        """Sound (started on first use; silent when the mixer cannot start)."""
        if self._audio is None:
            from shogun_desktop.ui.sound import Audio

            self._audio = Audio.start(self.prefs)
        return self._audio

    def _click_sound(self, inp: Input) -> None:
        """A quiet click when a press lands on an enabled control of the top scene."""
        ui = getattr(self.scenes.top, "ui", None)
        top_at = getattr(ui, "_top_at", None)
        if top_at is not None:
            widget = top_at(inp.pos)
            if widget is not None and widget.enabled:
                self.audio.click()

    @property
    def data_folder(self) -> Path:
        from shogun_desktop.ui.paths import data_dir

        return self._data_folder if self._data_folder is not None else data_dir()

    def has_autosave(self) -> bool:
        h = self._has_autosave
        return bool(h() if callable(h) else h)

    def _default_on_start(self, settings: NewGameSettings) -> None:
        from shogun_desktop.ui.scenes.starting import GameStartingScene

        self.scenes.push(GameStartingScene(self, settings))

    def _default_on_load(self) -> None:
        from shogun_desktop.ui.widgets import ConfirmDialog

        self.scenes.push(ConfirmDialog(
            self, _("Load a game"), _("Loading saved games is not available in this build yet."),
            cancel_text=None))

    # ---------------------------------------------------------------- window and scaling
    def _set_minimum_size(self) -> None:
        # The OS then refuses smaller windows; resize() clamps as well for drivers that don't.
        # from_display_module warns that it is meant for Window rendering; we only set a size.
        with warnings.catch_warnings(), contextlib.suppress(AttributeError, pygame.error):
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE

    def _update_view(self) -> None:
        w, h = self.screen.get_size()
        lw, lh = LOGICAL_SIZE
        self.scale = min(w / lw, h / lh)
        vw, vh = round(lw * self.scale), round(lh * self.scale)
        self.view = pygame.Rect((w - vw) // 2, (h - vh) // 2, vw, vh)
        if self.view.size == LOGICAL_SIZE:
            # unscaled: scenes draw straight into the window (no copy per frame)
            self.canvas = self.screen.subsurface(self.view)
            self._scaled = None
        else:
            self.canvas = pygame.Surface(LOGICAL_SIZE).convert()
            self._scaled = pygame.Surface(self.view.size).convert()

    @property
    def window_size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def native_top(self) -> bool:
        """True when the scene receiving input draws at the window's own resolution."""
        top = self.scenes.top if hasattr(self, "scenes") else None
        return bool(getattr(top, "native", False))

    def to_logical(self, pos: Sequence[float]) -> tuple[int, int]:
        """Window pixel -> the top scene's pixel: logical canvas (may fall on the bars), or
        the window pixel itself for a native scene."""
        if self.native_top():
            return (int(pos[0]), int(pos[1]))
        return (int((pos[0] - self.view.x) / self.scale), int((pos[1] - self.view.y) / self.scale))

    def to_window(self, pos: Sequence[float]) -> tuple[int, int]:
        if self.native_top():
            return (round(pos[0]), round(pos[1]))
        return (round(pos[0] * self.scale + self.view.x), round(pos[1] * self.scale + self.view.y))

    def set_ui_scale(self, value: float) -> None:
        """The text size chosen in the menu (kept within 0.8-1.5)."""
        self.ui_scale = min(1.5, max(0.8, float(value)))

    def resize(self, size: tuple[int, int]) -> None:
        if self.fullscreen:
            return
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self._windowed_size = size
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._update_view()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
            self._set_minimum_size()
        else:
            self._windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self._update_view()

    # ---------------------------------------------------------------- the loop
    def dispatch(self, inp: Input) -> None:
        """One input: the App keeps quit, resize, fullscreen and F1; the top scene gets the rest."""
        if inp.kind is Kind.QUIT:
            if self.confirm_quit is None or not self.confirm_quit():
                self.quit()
            return
        if inp.kind is Kind.RESIZE and inp.size is not None:
            self.resize(inp.size)
        elif inp.is_action(Action.FULLSCREEN):
            self.toggle_fullscreen()
            return
        if inp.kind is Kind.PRESS and inp.button == 1:
            self._click_sound(inp)
        if inp.is_action(Action.HELP):
            from shogun_desktop.ui.scenes.rules_reference import toggle_rules_reference

            toggle_rules_reference(self)  # from any scene; never reaches the scene itself
            return
        self.scenes.handle(inp)

    def process_events(self) -> None:
        for event in pygame.event.get():
            for inp in self.inputs.translate(event):
                self.dispatch(inp)

    def update(self, dt: float) -> None:
        """Advance the top scene in fixed steps covering dt seconds."""
        self._accumulator = min(self._accumulator + dt, STEP * MAX_STEPS_PER_FRAME)
        while self._accumulator >= STEP:
            self.scenes.update(STEP)
            self._accumulator -= STEP

    def render(self) -> None:
        """Draw the scenes and present them in the window (no flip).

        Native scenes draw into the window itself (laid out for its current size first: a
        paused scene under an overlay missed the resize). Logical scenes draw on the 1600x900
        canvas, scaled into the letterboxed view: at the bottom on the paper canvas, above a
        native scene on a transparent one. With no native scene, the logical canvas is scaled
        into the letterboxed view.
        """
        visible = self.scenes.visible()
        if any(getattr(scene, "native", False) for scene in visible):
            i = 0
            while i < len(visible):
                scene = visible[i]
                if getattr(scene, "native", False):
                    if i == 0:
                        self.screen.fill(th.PAPER)
                    relayout = getattr(scene, "native_layout", None)
                    if relayout is not None:
                        relayout(self.window_size)
                    scene.draw(self.screen)
                    i += 1
                    continue
                j = i
                while j < len(visible) and not getattr(visible[j], "native", False):
                    j += 1
                self._render_logical(visible[i:j], bottom=i == 0)
                i = j
            return
        self._render_logical(visible, bottom=True)

    def _render_logical(self, scenes: list[Scene], *, bottom: bool) -> None:
        """Logical scenes scaled into the view: on the paper canvas when they are at the
        bottom of the picture, else on a transparent overlay over what is drawn."""
        if bottom:
            if self.view.size != self.screen.get_size():
                self.screen.fill(th.LETTERBOX)
            self.canvas.fill(th.PAPER)
            for scene in scenes:
                scene.draw(self.canvas)
            if self._scaled is not None:
                pygame.transform.smoothscale(self.canvas, self.view.size, self._scaled)
                self.screen.blit(self._scaled, self.view.topleft)
            return
        if self._overlay is None:
            self._overlay = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
        self._overlay.fill((0, 0, 0, 0))
        for scene in scenes:
            scene.draw(self._overlay)
        shown = (self._overlay if self.view.size == LOGICAL_SIZE
                 else pygame.transform.smoothscale(self._overlay, self.view.size))
        self.screen.blit(shown, self.view.topleft)

    def frame(self, dt: float) -> None:
        start = time.perf_counter()
        self.process_events()
        if not self.running:
            return
        self.update(dt)
        self.render()
        pygame.display.flip()
        self.frames += 1
        self.last_frame_ms = (time.perf_counter() - start) * 1000

    def run(self, max_frames: int | None = None, *, dt: float | None = None) -> int:
        """Run until quit (or max_frames frames). dt fixes the time per frame (tests)."""
        self.running = True
        count = 0
        while self.running and (max_frames is None or count < max_frames):
            elapsed = self.clock.tick(self.fps) / 1000
            self.frame(dt if dt is not None else min(elapsed, 0.25))
            count += 1
            if not self.scenes:
                self.running = False
        return 0

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Release the window (tests create many Apps); a game's pending saves are finished."""
        if self.host is not None:
            self.host.shutdown()
        self.scenes.clear()
        if self._audio is not None:
            self._audio.close()
        pygame.display.quit()

    def screenshot(self, path: str | Path, *, logical: bool = False) -> Path:
        """Save what the window shows (or the logical canvas) as a PNG; returns the path."""
        self.render()
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.canvas if logical and not self.native_top() else self.screen,
                          str(path))
        return path

    def push(self, scene: Scene) -> Scene:
        return self.scenes.push(scene)


def make_game_app(
    size: tuple[int, int] = LOGICAL_SIZE,
    *,
    saves_folder: Path | str | None = None,
    tower: Callable[[], object] | None = None,
    computer_delay: float = 0.6,
    animate: bool = True,
    **kw,
) -> App:
    """An App whose setup screen starts, resumes and loads real games (a GameHost).

    saves_folder defaults to $SHOGUN_DESKTOP_SAVES or the user data folder; tower is a
    factory (default: the physical tower recording frames for the battle animation).
    """
    from shogun_desktop.ui.session import GameHost

    host = GameHost(saves_folder, tower=tower, computer_delay=computer_delay,  # type: ignore[arg-type]
                    animate=animate)
    app = App(size, on_start=host.start, has_autosave=host.has_autosave, on_resume=host.resume,
              on_load=host.load_dialog, confirm_quit=host.confirm_quit, **kw)
    host.attach(app)
    from shogun_desktop.ui.text_size import load_text_size

    app.set_ui_scale(load_text_size(host.folder))
    return app


def window_error(exc: Exception) -> str:
    """One clear line instead of a traceback when there is no screen to open a window on."""
    return "shogun-desktop: " + _("cannot open a window ({error}). Is a display available? "
                                  "The headless commands (scenario, simulate, tower-stats) need "
                                  "none.").format(error=exc)


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=list(LANGUAGES), default=None,
                        metavar="|".join(LANGUAGES),
                        help=_("language of the window for this run (default: the one chosen "
                               "on the setup screen, else the system's)"))


def apply_language(prefs: Prefs, override: str | None = None) -> str:
    """Switch every layer to --lang, else the remembered choice, else the system language.
    A catalogue that cannot be read is reported and English is used: never a reason not to
    start."""
    code = override or prefs.get("language") or i18n.system_language()
    try:
        i18n.set_language(code)
    except (OSError, ValueError) as exc:
        print("shogun-desktop: " + _("language {code} not available ({error}); using "
                                     "English").format(code=repr(code), error=exc),
              file=sys.stderr)
        code = i18n.set_language(i18n.DEFAULT).code
    return code


def window_parser() -> argparse.ArgumentParser:
    """The window's options, worded in the current language (build it inside
    :func:`~shogun_desktop.i18n.cliargs.argparse_in_language`)."""
    parser = argparse.ArgumentParser(
        prog="shogun-desktop",
        description=_("Shogun Desktop: the board game Shogun for 3-5 players on one screen."))
    parser.add_argument("--size", default=(1600, 900), type=size_argument, metavar="WxH",
                        help=_("window size, e.g. 1280x720 (default 1600x900)"))
    add_lang_option(parser)
    parser.add_argument("--fullscreen", action="store_true",
                        help=_("start in full screen (F11 switches)"))
    parser.add_argument("--fps", type=int, default=60, metavar="N",
                        help=_("frames per second (default 60)"))
    return parser


def run_window(argv: Sequence[str] | None = None) -> int:
    """Open the window (the CLI's default command).

    The language is chosen before the options are read, so ``--help`` and a usage error are
    in the player's language: ``--lang`` when given, else the one chosen on the setup screen,
    else the system's."""
    from shogun_desktop.cli import command_language
    from shogun_desktop.i18n.cliargs import argparse_in_language
    from shogun_desktop.ui.prefs import Prefs

    argv = list(argv) if argv is not None else []
    prefs = Prefs.load()
    # --lang as written (the parser has not run yet), else the remembered choice, else the
    # system's: before the parser's words, the data's reasons and any scene's; apply_language
    # falls back to English when a catalogue cannot be read
    apply_language(prefs, command_language(argv, remembered=prefs.get("language")))
    with argparse_in_language():
        args = window_parser().parse_args(argv)
    size = args.size
    from shogun_desktop.check import preload_data

    problem = preload_data()  # a broken data file: one clear line, never a traceback mid-game
    if problem is not None:
        print(f"shogun-desktop: {problem}", file=sys.stderr)  # the data layer's words
        return 2
    try:
        app = make_game_app(size, fullscreen=args.fullscreen, fps=args.fps, prefs=prefs)
    except pygame.error as exc:
        print(window_error(exc), file=sys.stderr)
        pygame.quit()
        return 1
    app.audio  # start sound now rather than at the first click  # noqa: B018
    try:
        return app.run()
    finally:
        if app.host is not None:
            app.host.shutdown()  # the last autosave reaches the disk before the process ends
        pygame.quit()
