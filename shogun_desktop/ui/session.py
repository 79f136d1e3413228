"""One game in the window: the engine, the computer seats, autosave, and the app's hooks.

:class:`GameSession` is the only object of the UI that touches the rules engine. It applies
decisions, autosaves after every one of them, hands out per-seat views, and tells the window
about new tower drops. :class:`GameHost` connects a session to the App callbacks (Start,
Resume, Load, quit). Nothing here runs at import; the App and folders are passed explicitly.

Autosave is off the frame: after a decision the UI thread takes a snapshot of the game as
plain data (about 0.05 ms) and hands it to a :class:`SaveWriter`, whose thread turns it into
YAML and writes it atomically (temporary file, fsync, rename, folder fsync). The guarantee
against a kill (even ``kill -9``): the writer is flushed before the next decision is applied,
so every decision that a later one built on is on disk; only the very last one can be lost,
and only within the ~10 ms after it (as if the kill had come during the click itself).
"""

from __future__ import annotations

import atexit
import random
import threading
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shogun_desktop.i18n import _
from shogun_desktop.presenter import Presenter, presenter_for
from shogun_desktop.rules import events as ev
from shogun_desktop.rules.engine import DropRecord, Game, GameConfig, Rejection
from shogun_desktop.rules.save import (
    SaveError,
    game_from_dict,
    game_to_dict,
    load_game,
    save_game,
)
from shogun_desktop.rules.state import Decision, DecisionKind
from shogun_desktop.rules.view import player_view, seat_view
from shogun_desktop.yamlio import dump_yaml, remove_stale_temporaries, write_text_atomic

if TYPE_CHECKING:
    from shogun_desktop.rules.tower import Tower
    from shogun_desktop.ui.app import App
    from shogun_desktop.ui.scenes.new_game import NewGameSettings

AUTOSAVE_NAME = "autosave.yaml"
# Undo follows the usual digital board-game policy: a decision can be taken back only when it
# revealed nothing and drew nothing. Only these decision kinds can qualify, and only when
# every event they emitted is one of UNDO_SAFE_EVENTS and no tower drop happened.
UNDOABLE_KINDS = frozenset({"draft-place"})
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
        return random.Random(self.seed * 1_000_003 + len(s.events))

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


UNDO_SAFE_EVENTS: tuple[type[ev.Event], ...] = (ev.GroupPlaced,)


def default_computer(colour: str, index: int, level: str = "easy") -> SeatComputer:
    return SeatComputer(level or "easy", 7919 * (index + 1))


def saves_folder(folder: Path | str | None = None) -> Path:
    """Where saves go: the argument, else $SHOGUN_DESKTOP_SAVES, else the user data dir."""
    if folder is not None:
        return Path(folder)
    from shogun_desktop.ui.paths import saves_dir

    return saves_dir()


IDLE_EXIT = 5.0  # s without work after which the writer's thread ends (no idle threads pile up)


class SaveWriter:
    """Writes and deletes save files on one background thread, in the order asked.

    ``write`` takes either the text or plain data (emitted as YAML on the writer's thread).
    Last write wins: a write still waiting behind the one in progress is replaced by a newer
    write of the same file. Failures never raise on the UI thread: when an operation (a file
    written or removed) fails while nothing else was failing, that is kept for
    :meth:`take_error` (one notice); while any operation keeps failing, further failures are
    only counted. Once every failing operation has succeeded again, the notice is re-armed.
    """

    def __init__(self) -> None:
        self._ops: deque[tuple[str, Path, Any]] = deque()
        self._cond = threading.Condition()
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None
        self._error: str | None = None
        self._failing: set[tuple[str, Path]] = set()  # operations whose last attempt failed
        self.failures = 0
        self.writes = 0
        _open_writers.add(self)

    def write(self, path: Path, content: str | dict) -> None:
        self._put("write", path, content)

    def unlink(self, path: Path) -> None:
        self._put("unlink", path, None)

    def _put(self, kind: str, path: Path, content: Any) -> None:
        with self._cond:
            if self._closed:
                raise RuntimeError("the save writer is closed")
            if kind == "write" and self._ops and self._ops[-1][:2] == ("write", path):
                self._ops[-1] = (kind, path, content)  # not started yet: the newer one wins
            else:
                self._ops.append((kind, path, content))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="shogun-save-writer",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything asked so far is on disk (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._ops and not self._busy, timeout)

    def close(self) -> None:
        """Flush, then stop the thread (quit, or a game replaced by another)."""
        self.flush()
        with self._cond:
            self._closed = True
            thread = self._thread
            self._cond.notify_all()
        if thread is not None:
            thread.join(timeout=5)
        _open_writers.discard(self)

    def take_error(self) -> str | None:
        """The first failure since the last successful write, once."""
        with self._cond:
            error, self._error = self._error, None
            return error

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._ops or self._closed, timeout=IDLE_EXIT)
                if not self._ops:  # closed, or idle: the next write starts a new thread
                    self._thread = None
                    return
                kind, path, content = self._ops.popleft()
                self._busy = True
            try:
                if kind == "write":
                    text = content if isinstance(content, str) else dump_yaml(content)
                    write_text_atomic(path, text)
                else:
                    path.unlink(missing_ok=True)
                failed = None
            except OSError as exc:
                reason = exc.strerror or str(exc)
                if kind == "write":
                    failed = _("Could not save {file} in {folder}: {reason}. The game goes "
                               "on, but it is not saved until the folder can be "
                               "written.").format(file=path.name, folder=path.parent,
                                                  reason=reason)
                else:
                    failed = _("Could not remove {file} in {folder}: {reason}. The game goes "
                               "on, and its saves are not affected.").format(
                                   file=path.name, folder=path.parent, reason=reason)
            with self._cond:
                self._busy = False
                if failed is None:
                    self.writes += kind == "write"
                    self._failing.discard((kind, path))
                else:
                    self.failures += 1
                    if not self._failing:  # the first failure while all was well: one notice
                        self._error = self._error or failed
                    self._failing.add((kind, path))
                self._cond.notify_all()


_open_writers: weakref.WeakSet[SaveWriter] = weakref.WeakSet()


@atexit.register
def _flush_open_writers() -> None:
    """At exit (the writer threads are daemons) finish what was handed over."""
    for writer in list(_open_writers):
        writer.flush(timeout=10)


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
        self._save_error: str | None = None  # a save failure not shown yet
        self.writer = SaveWriter() if autosave else None
        # each seat's last committed plan (for "same as last season"; this session only)
        self.last_plans: dict[str, dict[str, str]] = {}
        self._drops_seen = len(game.drops)
        self._views: dict[str | None, tuple[int, dict]] = {}
        self._presenter: Presenter | None = None
        self._turns: dict[str, int] = {}  # seat -> events logged when it last decided
        # (seat, the game's save data before that seat's decision), newest last
        self._undo: list[tuple[str, dict[str, Any]]] = []

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
            xray=settings.xray,
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
        except (OSError, ValueError, LookupError, TypeError, AttributeError,
                RecursionError) as exc:  # a check the loader missed: still a clear refusal
            raise SaveError(_("{file}: cannot be loaded ({error})").format(
                file=path, error=f"{type(exc).__name__}: {str(exc)[:200]}")) from None
        return cls(game, folder, **kw)

    @classmethod
    def resume(cls, folder: Path | str | None = None, tower: Tower | None = None,
               **kw: Any) -> GameSession:
        folder = saves_folder(folder)
        return cls.load(folder / AUTOSAVE_NAME, folder, tower, **kw)

    # ---------------------------------------------------------------- queries
    @property
    def save_error(self) -> str | None:
        """A save failure to show the players (one notice per run of failures), or None."""
        if self._save_error is None and self.writer is not None:
            error = self.writer.take_error()
            if error is not None:
                self._save_error = error
        return self._save_error

    @save_error.setter
    def save_error(self, value: str | None) -> None:
        self._save_error = value

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
    def presenter(self) -> Presenter:
        """The words for this game's events and rejections (names, card names)."""
        if self._presenter is None:
            self._presenter = presenter_for(self.game)
        return self._presenter

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
        """Answer the pending decision (IllegalChoiceError if illegal), then autosave.

        The previous decision's save is finished first (see the module docstring): a
        decision is never applied on top of one that is not on disk yet.
        """
        self.flush_saves()
        decision = self.game.pending()
        before = (game_to_dict(self.game) if decision is not None
                  and decision.kind in UNDOABLE_KINDS and decision.player not in self.computers
                  else None)
        events, drops = len(self.game.state.events), len(self.game.drops)
        self.game.apply(choice)
        self.version += 1
        self._thinking = {k: f for k, f in self._thinking.items() if k[-1] == "plan"
                          and k[1:3] == (self.game.state.year, self.game.state.season)}
        emitted = self.game.state.events[events:]
        if decision is not None and decision.player is not None:
            self._turns[decision.player] = len(self.game.state.events)
        if (before is not None and decision is not None and len(self.game.drops) == drops
                and all(isinstance(e, UNDO_SAFE_EVENTS) for e in emitted)):
            if self._undo and self._undo[-1][0] != decision.player:
                self._undo.clear()  # someone else acted: the earlier seat's undo is gone
            self._undo.append((decision.player, before))
        else:
            self._undo.clear()  # a draw, a drop or a reveal: nothing before it comes back
        if self.autosave() and self.writer is not None:
            self.writer.unlink(self.folder / DRAFT_NAME)  # after the save that replaces it

    def last_turn(self, seat: str) -> int:
        """How many events were logged when seat last decided (for the hand-off recap).

        Known for decisions made in this session; otherwise (a loaded game) the seat's last
        committed plan; 0 when there is none.
        """
        events = self.game.state.events
        if seat in self._turns:
            return min(self._turns[seat], len(events))
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if isinstance(e, ev.Planned) and e.player == seat:
                return i + 1
        return 0

    def can_undo(self) -> str | None:
        """The seat whose last decision can be taken back, or None."""
        return self._undo[-1][0] if self._undo else None

    def undo(self) -> bool:
        """Take back the last undoable decision: the game becomes exactly what it was."""
        if not self._undo:
            return False
        self.flush_saves()
        _, data = self._undo.pop()
        old = self.game
        game = game_from_dict(data, "undo", tower=old.tower, data=old.data)
        game.drops, game.listeners = old.drops, old.listeners  # no drop was undone
        self.game = game
        self.version += 1
        self.autosave()
        return True

    def flush_saves(self, timeout: float | None = None) -> bool:
        """Wait for the background writer (before Load/Resume, quitting, the next decision)."""
        return True if self.writer is None else self.writer.flush(timeout)

    def close(self) -> None:
        """Stop thinking ahead (queued work is dropped; a running decision finishes), then
        finish pending writes and stop the writer (the game is left or replaced)."""
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
            self._worker = None
        self._thinking.clear()
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    def _draft_key(self, seat: str) -> list:
        """Identifies the planning decision a draft belongs to (seat, round, log length)."""
        s = self.game.state
        return [seat, s.year, s.season, len(s.events)]

    def save_draft(self, seat: str, plan: dict[str, str]) -> None:
        """Keep a half-built plan on disk (atomically) until it is committed."""
        if not self.autosave_enabled or self.writer is None:
            return
        self.writer.write(self.folder / DRAFT_NAME,
                          dump_yaml({"decision": self._draft_key(seat), "plan": dict(plan)},
                                    sort_keys=True))

    def load_draft(self, seat: str) -> dict[str, str]:
        """The seat's half-built plan for the pending decision, or {} if none fits."""
        from shogun_desktop.rules.engine import SPACES
        from shogun_desktop.yamlio import YamlFormatError, load_yaml_file

        path = self.folder / DRAFT_NAME
        decision = self.pending()
        self.flush_saves()  # a draft still on its way to the disk
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
                decision = Decision(DecisionKind.PLAN, colour, (), {"cards": player.hand()})
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

    def new_drops(self, kinds: tuple[str, ...] = ("battle", "revolt")) -> list[DropRecord]:
        """Drops since the last call (of the given kinds); older records lose their frames."""
        drops = self.game.drops
        for old in drops[: self._drops_seen]:
            old.result.extra.pop("frames", None)  # bound memory: frames are for one replay
        fresh = drops[self._drops_seen:]
        self._drops_seen = len(drops)
        return [d for d in fresh if d.kind in kinds]

    def autosave(self) -> bool:
        """Hand a snapshot of the game to the writer (the UI thread never waits for the disk).

        ``game_to_dict`` copies everything into fresh plain data, so later moves cannot
        change what is written; the YAML text is produced on the writer's thread.
        """
        if not self.autosave_enabled or self.writer is None:
            return True
        self.writer.write(self.autosave_path, game_to_dict(self.game))
        return True

    def save_as(self, path: Path | str) -> bool:
        """Write a save (atomic); on failure keep the reason in save_error instead of raising."""
        try:
            save_game(self.game, path)
        except OSError as exc:
            self.save_error = _("Could not save to {file}: {reason}").format(
                file=path, reason=exc.strerror or exc)
            return False
        return True

    def list_saves(self) -> list[Path]:
        return list_saves(self.folder)


def list_saves(folder: Path) -> list[Path]:
    """The .yaml saves in folder, newest first (autosave included)."""
    stamped: list[tuple[float, Path]] = []
    try:
        if not folder.is_dir():
            return []
        candidates = list(folder.glob("*.yaml"))
    except OSError:  # an unreadable folder lists nothing; Load says the folder is empty
        return []
    for p in candidates:
        try:
            if p.is_file() and p.name != DRAFT_NAME:  # regular files only: no FIFOs
                stamped.append((p.stat().st_mtime, p))
        except OSError:  # gone or unreadable since the listing
            continue
    return [p for _, p in sorted(stamped, key=lambda sp: sp[0], reverse=True)]


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
        app.host = self
        # a killed autosave can leave its temporary file behind; tidy it on the next start
        remove_stale_temporaries(self.folder)

    def saves(self) -> list[Path]:
        """The saved games in the saves folder, newest first."""
        return list_saves(self.folder)

    def shutdown(self) -> None:
        """The window is closing: finish the writes of the game in progress."""
        if self.session is not None:
            self.session.close()

    # ---------------------------------------------------------------- App callbacks
    def has_autosave(self) -> bool:
        return (self.folder / AUTOSAVE_NAME).is_file()

    def start(self, settings: NewGameSettings) -> None:
        from shogun_desktop.rules.engine import ShogunError

        try:
            session = GameSession.new(settings, self.folder, self.tower_factory(),
                                      autosave=self.autosave)
        except ShogunError as exc:
            self.notice(_("Cannot start"), str(exc))
            return
        self.play(session)

    def resume(self) -> None:
        self.load(self.folder / AUTOSAVE_NAME)

    def load(self, path: Path | str) -> bool:
        """Load a save and play it; a bad file shows its reason and changes nothing.

        Any error of the loader becomes the message dialog: a save is outside input, and
        a gap in its validation must cost the player a message, not the window.
        """
        if self.session is not None:
            self.session.flush_saves()  # Resume must read the latest autosave
        try:
            session = GameSession.load(path, self.folder, self.tower_factory(),
                                       autosave=self.autosave)
        except Exception as exc:  # noqa: BLE001 - see the docstring
            if isinstance(exc, SaveError):
                text = str(exc)
            else:
                text = _("{file}: cannot be read ({error})").format(
                    file=path, error=f"{type(exc).__name__}: {str(exc)[:200]}")
            # the folder is known (Load lists it): the file name keeps the message short
            lines = text.replace(str(path), Path(path).name).splitlines() or [text]
            reason = lines[0] if len(lines[0]) <= 300 else lines[0][:297] + "..."
            self.notice(_("This save cannot be loaded"),
                        _("{reason}\nNothing was changed.").format(reason=reason))
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
        top = app.scenes.top
        if isinstance(top, ConfirmDialog) and top.role == "quit":
            return False  # closing again while asked: quit
        from shogun_desktop.ui import flow

        if not flow.confirmations(app.prefs):
            return False  # the player turned the questions off
        dialog = ConfirmDialog(app, _("Quit Shogun?"),
                               _("The game is autosaved after every move; Resume on the setup "
                                 "screen continues it."), on_confirm=app.quit,
                               confirm_text=_("Quit"), role="quit")
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
