"""`shogun-desktop demo`: an all-computer game in the window, with every animation.

Attract mode: when a game ends, the next one starts with the next seed. It never writes the
autosave (a demo must not replace a real game). pygame is imported only inside run().
"""

from __future__ import annotations

import argparse
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from shogun_desktop.i18n import LANGUAGES, _

    parser.add_argument("--seed", type=int, default=1, help=_("seed of the first game"))
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5),
                        help=_("number of players"))
    parser.add_argument("--frames", type=int, default=None, metavar="N",
                        help=_("exit after N frames"))
    parser.add_argument("--screenshot", default=None, metavar="FILE.png",
                        help=_("write a PNG when exiting"))
    parser.add_argument("--size", default="1600x900", metavar="WxH",
                        help=_("window size, e.g. 1280x720"))
    parser.add_argument("--delay", type=float, default=0.35, metavar="SECONDS",
                        help=_("seconds between computer decisions"))
    parser.add_argument("--tower", choices=("physical", "probabilistic"), default="physical",
                        help=_("battle tower: the physics simulation or its probabilistic "
                               "stand-in"))
    parser.add_argument("--lang", choices=list(LANGUAGES), default=None,
                        help=_("language of the window (default: the remembered choice, else "
                               "the system's)"))


def run(args: argparse.Namespace) -> int:
    import pygame

    from shogun_desktop.check import preload_data
    from shogun_desktop.i18n import _
    from shogun_desktop.ui.app import apply_language, make_game_app, window_error, window_title
    from shogun_desktop.ui.gamefacts import DEFAULT_DAIMYO
    from shogun_desktop.ui.prefs import Prefs
    from shogun_desktop.ui.scenes.new_game import NewGameSettings, Seat
    from shogun_desktop.ui.session import GameHost, physical_tower, probabilistic_tower

    prefs = Prefs.load()
    apply_language(prefs, getattr(args, "lang", None))  # first: the refusals below are worded in it
    problem = preload_data()  # a broken data file: one line and exit 2, as for the window
    if problem is not None:
        print(_("demo: {reason}").format(reason=problem), file=sys.stderr)
        return 2
    w, _x, h = str(args.size).lower().partition("x")
    tower = physical_tower if args.tower == "physical" else probabilistic_tower
    try:
        app = make_game_app((int(w), int(h)), tower=tower, computer_delay=args.delay,
                            title=window_title("demo"), prefs=prefs)
    except pygame.error as exc:
        print(window_error(exc), file=sys.stderr)
        return 1
    host = app.host
    assert isinstance(host, GameHost)
    shown = AttractClock()
    host.autosave = False
    seed = [int(args.seed)]

    def start() -> None:
        seats = [Seat(name.split()[0], colour, True)
                 for colour, name in DEFAULT_DAIMYO[: args.players]]
        host.start(NewGameSettings(seats=seats, board="sun", start_mode="draft", seed=seed[0]))
        seed[0] += 1

    start()
    try:
        app.running = True
        frames = 0
        while app.running and (args.frames is None or frames < args.frames):
            elapsed = app.clock.tick(app.fps) / 1000
            app.frame(min(elapsed, 0.25))
            frames += 1
            if host.session is None and app.running:  # back at setup: next game
                start()
            else:
                attract_step(app, host, shown.tick(app.scenes.top, elapsed))
        if args.screenshot:
            app.screenshot(args.screenshot)
            print(_("screenshot written to {file}").format(file=args.screenshot))
    finally:
        pygame.quit()
    return 0


class AttractClock:
    """How long the top scene has been shown (kept here: nothing is tagged onto scenes)."""

    def __init__(self) -> None:
        self.scene: object | None = None
        self.seconds = 0.0

    def tick(self, top: object, elapsed: float) -> float:
        if top is not self.scene:
            self.scene, self.seconds = top, 0.0
        self.seconds += elapsed
        return self.seconds


def attract_step(app, host, shown: float) -> None:
    """Nobody is at the table: close finished overlays after a pause, restart after the end."""
    from shogun_desktop.ui.scenes.drop_notice import DropNotice
    from shogun_desktop.ui.scenes.end import EndScene
    from shogun_desktop.ui.scenes.winter import WinterScene

    top = app.scenes.top
    name = type(top).__name__
    if name == "BattleOverlay":
        if getattr(top, "finished", True) and shown > 2.5 + _replay_seconds(top):
            top.close()
    elif isinstance(top, WinterScene) and shown > 6:
        top.close()
    elif isinstance(top, EndScene) and shown > 8:
        host.to_setup()
    elif isinstance(top, DropNotice):
        pass  # closes itself


def _replay_seconds(overlay) -> float:
    replay = getattr(overlay, "replay", None)
    fps = getattr(overlay, "frames_per_second", 60) or 60
    return (replay.length / fps) if replay is not None else 0.0
