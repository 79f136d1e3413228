"""One game in the window: the engine, the computer seats, autosave, and the app's hooks.

:class:`GameSession` is the only object of the UI that touches the rules engine. It applies
decisions, autosaves after every one of them (atomically, so a crash mid-write keeps the
previous file), hands out per-seat views, and tells the window about new tower drops.
:class:`GameHost` connects a session to the App callbacks (Start, Resume, Load, quit).
Nothing here runs at import; the App and folders are passed explicitly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shogun_desktop.rules.engine import DropRecord, Game, GameConfig, Rejection
from shogun_desktop.rules.save import SaveError, load_game, save_game
from shogun_desktop.rules.state import Decision
from shogun_desktop.rules.view import player_view, seat_view

if TYPE_CHECKING:
    from shogun_desktop.rules.tower import Tower
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.new_game import NewGameSettings

AUTOSAVE_NAME = "autosave.yaml"
DRAFT_NAME = "plan-draft.yaml"  # a seat's half-built plan, so not even that is lost


class SeatComputer:
    """A computer seat: its level's player, asked with the seat's view and the decision only.

    Its generator is re-seeded before every decision from saved state, so a resumed game
    makes the same computer choices as the uninterrupted one (a player's own generator is
    not in the save): from the log length, and for a plan from the round alone, so a plan
    thought out in the background while others plan is the plan it would make at its turn.
    """

    def __init__(self, level: str, seed: int, data: Any = None) -> None:
        from shogun_desktop.ai.base import make_player

        self.level = level
        self.seed = seed
        self.player = make_player(level, data)
        self.background = bool(getattr(self.player, "background", False))

    def rng_for(self, game: Game, decision: Decision) -> random.Random:
        s = game.state
        if decision.kind == "plan":
            return random.Random(f"{self.seed}:{s.year}:{s.season}:plan")
        return random.Random(self.seed * 1_000_003 + len(s.log))

    def task(self, game: Game, decision: Decision) -> Callable[[], Any]:
        """A call that decides without the game: the view is taken now, on this thread."""
        view = seat_view(game, decision.player, decision)
        rng = self.rng_for(game, decision)
        player = self.player
        return lambda: player.choose(view, decision, rng)

    def choose(self, game: Game) -> Any:
        decision = game.pending()
        if decision is None:
            raise ValueError("no decision is pending")
        return self.task(game, decision)()


def default_computer(colour: str, index: int, level: str = "easy") -> SeatComputer:
    return SeatComputer(level or "easy", 7919 * (index + 1))


def saves_folder(folder: Path | str | None = None) -> Path:
    """Where saves go: the argument, else $SHOGUN_DESKTOP_SAVES, else the user data dir."""
    if folder is not None:
        return Path(folder)
    from shogun_desktop.ui.paths import saves_dir

    return saves_dir()


class GameSession:
    """The game being played, its computer seats and its autosave."""

    def __init__(
        self,
        game: Game,
        folder: Path | str | None = None,
        *,
        computer_factory: Callable[[str, int, str], SeatComputer] = default_computer,
        autosave: bool = True,
    ) -> None:
        self.game = game
        self.folder = saves_folder(folder)
        self.autosave_enabled = autosave
        self.computers: dict[str, SeatComputer] = {
            c: computer_factory(c, i, game.state.players[c].level or "easy")
            for i, c in enumerate(game.state.seats) if game.state.players[c].computer
        }
        # computer decisions thought out on a worker thread, keyed by decision identity
        self._thinking: dict[tuple, Future] = {}
        self._worker: ThreadPoolExecutor | None = None
        self.version = 0  # bumped after every applied decision (views, caches)
        self.save_error: str | None = None  # the last autosave failure, shown once
        self._drops_seen = len(game.drops)
        self._views: dict[str | None, tuple[int, dict]] = {}

    # ---------------------------------------------------------------- creation
    @classmethod
    def new(cls, settings: NewGameSettings, folder: Path | str | None = None,
            tower: Tower | None = None, **kw: Any) -> GameSession:
        seed = settings.seed if settings.seed is not None else random.SystemRandom().randrange(2**31)
        config = GameConfig(
            colours=[s.colour for s in settings.seats], board=settings.board,
            start=settings.start_mode, seed=seed,
            names={s.colour: s.name for s in settings.seats},
            computer=[s.colour for s in settings.seats if s.is_computer],
        )
        game = Game.new(config, tower=tower)
        for s in settings.seats:
            if s.is_computer:
                game.state.players[s.colour].level = s.level
        session = cls(game, folder, **kw)
        session.autosave()
        return session

    @classmethod
    def load(cls, path: Path | str, folder: Path | str | None = None,
             tower: Tower | None = None, **kw: Any) -> GameSession:
        """A saved game; raises SaveError with a one-line reason when the file is bad."""
        try:
            game = load_game(path, tower=tower)
        except SaveError:
            raise
        except (OSError, ValueError) as exc:  # unreadable file, or a check the loader missed
            raise SaveError(f"{path}: {exc}") from None
        return cls(game, folder, **kw)

    @classmethod
    def resume(cls, folder: Path | str | None = None, tower: Tower | None = None,
               **kw: Any) -> GameSession:
        folder = saves_folder(folder)
        return cls.load(folder / AUTOSAVE_NAME, folder, tower, **kw)

    # ---------------------------------------------------------------- queries
    @property
    def autosave_path(self) -> Path:
        return self.folder / AUTOSAVE_NAME

    def pending(self) -> Decision | None:
        return self.game.pending()

    def is_over(self) -> bool:
        return self.game.is_over()

    def is_computer(self, colour: str | None) -> bool:
        return colour in self.computers

    def name(self, colour: str) -> str:
        return self.game.state.name(colour)

    @property
    def seats(self) -> list[str]:
        return list(self.game.state.seats)

    def view(self, seat: str | None = None) -> dict:
        """player_view for seat (None = public), cached until the next decision."""
        cached = self._views.get(seat)
        if cached is None or cached[0] != self.version:
            cached = (self.version, player_view(self.game, seat))
            self._views[seat] = cached
        return cached[1]

    def check(self, choice: Any) -> Rejection | None:
        return self.game.check(choice)

    # ---------------------------------------------------------------- changes
    def apply(self, choice: Any) -> None:
        """Answer the pending decision (IllegalChoiceError if illegal), then autosave."""
        self.game.apply(choice)
        self.version += 1
        self._thinking = {k: f for k, f in self._thinking.items() if k[-1] == "plan"
                          and k[1:3] == (self.game.state.year, self.game.state.season)}
        self.autosave()
        (self.folder / DRAFT_NAME).unlink(missing_ok=True)

    def _draft_key(self, seat: str) -> list:
        """Identifies the planning decision a draft belongs to (seat, round, log length)."""
        s = self.game.state
        return [seat, s.year, s.season, len(s.log)]

    def save_draft(self, seat: str, plan: dict[str, str]) -> None:
        """Keep a half-built plan on disk (atomically) until it is committed."""
        if not self.autosave_enabled:
            return
        import yaml

        from shogun_desktop.yamlio import write_text_atomic

        text = yaml.safe_dump({"decision": self._draft_key(seat), "plan": dict(plan)})
        try:
            write_text_atomic(self.folder / DRAFT_NAME, text)
        except OSError as exc:
            self.save_error = f"Could not keep the plan draft: {exc.strerror or exc}"

    def load_draft(self, seat: str) -> dict[str, str]:
        """The seat's half-built plan for the pending decision, or {} if none fits."""
        from shogun_desktop.rules.engine import SPACES
        from shogun_desktop.yamlio import YamlFormatError, load_yaml_file

        path = self.folder / DRAFT_NAME
        decision = self.pending()
        if not path.is_file() or decision is None or decision.kind != "plan":
            return {}
        try:
            doc = load_yaml_file(path)
        except YamlFormatError:
            return {}
        if not isinstance(doc, dict) or doc.get("decision") != self._draft_key(seat):
            return {}
        plan = doc.get("plan")
        cards = set(decision.context["cards"])
        if (not isinstance(plan, dict) or not set(plan) <= set(SPACES)
                or not all(isinstance(c, str) and c in cards for c in plan.values())
                or len(set(plan.values())) != len(plan)):
            return {}
        return dict(plan)

    def _decision_key(self, decision: Decision) -> tuple:
        s = self.game.state
        if decision.kind == "plan":
            return (decision.player, s.year, s.season, "plan")
        return (decision.player, self.version, decision.kind)

    def _think(self, decision: Decision) -> Future:
        """The (possibly still running) answer of the computer seat to ``decision``."""
        key = self._decision_key(decision)
        future = self._thinking.get(key)
        if future is None:
            computer = self.computers[decision.player]
            task = computer.task(self.game, decision)
            if computer.background:
                if self._worker is None:
                    self._worker = ThreadPoolExecutor(max_workers=1,
                                                      thread_name_prefix="computer-player")
                future = self._worker.submit(task)
            else:
                future = Future()
                future.set_result(task())
            self._thinking[key] = future
        return future

    def think_ahead(self) -> None:
        """Start background computer seats on their plans while others plan (cheap to call)."""
        s = self.game.state
        if s.phase != "planning":
            return
        for colour, computer in self.computers.items():
            player = s.players[colour]
            if computer.background and not player.planned:
                decision = Decision("plan", colour, (), "", {"cards": player.hand()})
                self._think(decision)

    def is_thinking(self) -> bool:
        """True while the pending computer decision is still being worked out."""
        decision = self.pending()
        if decision is None or decision.player not in self.computers:
            return False
        return not self._think(decision).done()

    def computer_choice(self) -> Any:
        """The pending computer decision's answer (waits for a background worker)."""
        decision = self.pending()
        if decision is None or decision.player not in self.computers:
            raise ValueError("no computer decision is pending")
        return self._think(decision).result()

    def play_computer(self, wait: bool = True) -> bool:
        """Make the pending computer decision; with ``wait=False`` only once it is ready."""
        decision = self.pending()
        if decision is None or decision.player not in self.computers:
            return False
        future = self._think(decision)
        if not wait and not future.done():
            return False
        self.apply(future.result())
        return True

    def close(self) -> None:
        """Stop thinking ahead (queued work is dropped; a running decision finishes)."""
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
            self._worker = None
        self._thinking.clear()

    def new_drops(self, kinds: tuple[str, ...] = ("battle", "revolt")) -> list[DropRecord]:
        """Drops since the last call (of the given kinds); older records lose their frames."""
        drops = self.game.drops
        for old in drops[: self._drops_seen]:
            old.result.extra.pop("frames", None)  # bound memory: frames are for one replay
        fresh = drops[self._drops_seen:]
        self._drops_seen = len(drops)
        return [d for d in fresh if d.kind in kinds]

    def autosave(self) -> bool:
        if not self.autosave_enabled:
            return True
        return self.save_as(self.autosave_path)

    def save_as(self, path: Path | str) -> bool:
        """Write a save (atomic); on failure keep the reason in save_error instead of raising."""
        try:
            save_game(self.game, path)
        except OSError as exc:
            self.save_error = f"Could not save to {path}: {exc.strerror or exc}"
            return False
        return True

    def list_saves(self) -> list[Path]:
        return list_saves(self.folder)


def list_saves(folder: Path) -> list[Path]:
    """The .yaml saves in folder, newest first (autosave included)."""
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.yaml") if p.is_file() and p.name != DRAFT_NAME]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


class GameHost:
    """The App's game callbacks: start, resume, load, save, quit confirmation.

    tower is a factory so every new or loaded game gets a fresh tower object; the default is
    the physical tower recording frames (for the battle animation).
    """

    def __init__(
        self,
        folder: Path | str | None = None,
        *,
        tower: Callable[[], Tower] | None = None,
        computer_delay: float = 0.6,
        animate: bool = True,
        autosave: bool = True,
    ) -> None:
        self._folder = Path(folder) if folder is not None else None
        self.tower_factory = tower or physical_tower
        self.computer_delay = computer_delay
        self.animate = animate
        self.autosave = autosave
        self.app: App | None = None
        self.session: GameSession | None = None

    @property
    def folder(self) -> Path:
        return saves_folder(self._folder)

    def attach(self, app: App) -> None:
        self.app = app
        app.host = self  # type: ignore[attr-defined]

    # ---------------------------------------------------------------- App callbacks
    def has_autosave(self) -> bool:
        return (self.folder / AUTOSAVE_NAME).is_file()

    def start(self, settings: NewGameSettings) -> None:
        from shogun_desktop.rules.engine import ShogunError

        try:
            session = GameSession.new(settings, self.folder, self.tower_factory(),
                                      autosave=self.autosave)
        except ShogunError as exc:
            self.notice("Cannot start", str(exc))
            return
        self.play(session)

    def resume(self) -> None:
        self.load(self.folder / AUTOSAVE_NAME)

    def load(self, path: Path | str) -> bool:
        """Load a save and play it; a bad file shows its reason and changes nothing."""
        try:
            session = GameSession.load(path, self.folder, self.tower_factory(),
                                       autosave=self.autosave)
        except SaveError as exc:
            # the folder is known (Load lists it): the file name keeps the message short
            reason = str(exc).replace(str(path), Path(path).name).splitlines()[0]
            self.notice("This save cannot be loaded", f"{reason}\nNothing was changed.")
            return False
        self.play(session)
        return True

    def load_dialog(self) -> None:
        from shogun_desktop.ui.scenes.menu import LoadScene

        assert self.app is not None
        self.app.push(LoadScene(self.app, self))

    def play(self, session: GameSession) -> None:
        """Show session's game: everything above the setup screen is replaced."""
        from shogun_desktop.ui.scenes.game import GameScene

        assert self.app is not None
        self.to_setup()
        self.session = session
        self.app.push(GameScene(self.app, session, host=self))

    def to_setup(self) -> None:
        """Back to the bottom scene (the setup screen), closing any game."""
        assert self.app is not None
        scenes = self.app.scenes
        while len(scenes) > 1:
            scenes.pop()
        if self.session is not None:
            self.session.close()
        self.session = None
        self.app.inputs.reset()

    def notice(self, title: str, message: str) -> None:
        from shogun_desktop.ui.widgets import ConfirmDialog

        assert self.app is not None
        self.app.push(ConfirmDialog(self.app, title, message, cancel_text=None))

    def confirm_quit(self) -> bool:
        """Window close during a game: ask first (True = handled, do not quit yet)."""
        from shogun_desktop.ui.widgets import ConfirmDialog

        app = self.app
        if app is None or self.session is None or self.session.is_over():
            return False
        if getattr(app.scenes.top, "quit_dialog", False):
            return False  # closing again while asked: quit
        dialog = ConfirmDialog(app, "Quit Shogun?",
                               "The game is autosaved after every move; Resume on the setup "
                               "screen continues it.", on_confirm=app.quit, confirm_text="Quit")
        dialog.quit_dialog = True  # type: ignore[attr-defined]
        app.push(dialog)
        return True


def physical_tower() -> Tower:
    """The pymunk tower recording frames; the probabilistic model when pymunk is missing."""
    try:
        from shogun_desktop.tower.physics import PhysicalTower
    except ImportError:
        from shogun_desktop.towers import make_tower

        return make_tower("probabilistic")
    return PhysicalTower(record=True)


def probabilistic_tower() -> Tower:
    from shogun_desktop.towers import make_tower

    return make_tower("probabilistic")
