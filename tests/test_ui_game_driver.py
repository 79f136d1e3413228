"""A player at the window, for the game tests: reads the screen's widgets, posts real events.

Every decision goes through pygame events (mouse clicks, drags, keys) on the things the
scenes expose — map provinces, cards, buttons — choosing among the engine's legal options.
The other game tests import it; its own tests check the driver's building blocks.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from shogun_desktop.rules.engine import SPACES
from shogun_desktop.rules.state import Move
from shogun_desktop.ui.app import App, make_game_app
from shogun_desktop.ui.scenes.curtain import CurtainScene
from shogun_desktop.ui.scenes.drop_notice import DropNotice
from shogun_desktop.ui.scenes.end import EndScene
from shogun_desktop.ui.scenes.game import GameScene
from shogun_desktop.ui.scenes.new_game import NewGameScene, NewGameSettings, Seat
from shogun_desktop.ui.scenes.planning import PlanningScene
from shogun_desktop.ui.scenes.winter import WinterScene
from shogun_desktop.ui.session import probabilistic_tower
from shogun_desktop.ui.widgets import ConfirmDialog

FRAME = 1 / 60


def game_app(folder: Path, **kw) -> App:
    kw.setdefault("tower", probabilistic_tower)
    kw.setdefault("computer_delay", 0.0)
    app = make_game_app(saves_folder=folder, fps=0, **kw)
    app.run(max_frames=1, dt=FRAME)
    return app


def settings(n: int = 3, computers: tuple[int, ...] = (), start: str = "draft",
             seed: int = 11) -> NewGameSettings:
    names = ["Anna", "Ben", "Cleo", "Dai", "Emi"]
    colours = ["red", "blue", "yellow", "purple", "black"]
    seats = [Seat(names[i], colours[i], i in computers) for i in range(n)]
    return NewGameSettings(seats, "sun", start, seed)


class Driver:
    def __init__(self, app: App, seed: int = 0, shots: Path | None = None) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.shots = shots
        self.taken: dict[str, Path] = {}
        self.plans = 0
        self.method = 0  # rotates drag / click / key placement in plans
        self.seen: set[str] = set()
        self.kinds: set[str] = set()  # decision kinds made through the table
        self.flashes: set[str] = set()  # transient banner messages seen

    # ---------------------------------------------------------------- events
    def pump(self, frames: int = 1) -> None:
        self.app.run(max_frames=frames, dt=FRAME)

    def _post(self, etype, **kw) -> None:
        pygame.event.post(pygame.event.Event(etype, **kw))

    def move(self, logical) -> None:
        self._post(pygame.MOUSEMOTION, pos=self.app.to_window(logical), rel=(0, 0),
                   buttons=(0, 0, 0))

    def click(self, logical, button: int = 1, frames: int = 1) -> None:
        pos = self.app.to_window(logical)
        self.move(logical)
        self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.pump(frames)

    def drag(self, start, end) -> None:
        a, b = self.app.to_window(start), self.app.to_window(end)
        self.move(start)
        self._post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        self._post(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))
        self._post(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
        self._post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        self.pump()

    def key(self, k: int) -> None:
        self._post(pygame.KEYDOWN, key=k, mod=0, unicode="")
        self._post(pygame.KEYUP, key=k, mod=0, unicode="")
        self.pump()

    def wait_until_armed(self) -> None:
        """Let the hand-off curtain on top reach its fresh-press delay (scene time)."""
        curtain = self.app.scenes.top
        assert isinstance(curtain, CurtainScene)
        for _ in range(120):
            if curtain.armed:
                return
            self.pump()
        raise AssertionError("the curtain never accepted a press")

    def reveal(self) -> None:
        """The named player lifts the curtain: waits for it, then clicks the button."""
        self.wait_until_armed()
        self.press("reveal")

    def type_text(self, text: str) -> None:
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        self.pump()

    def replace_text(self, key: str, text: str, erase: int = 30) -> None:
        """Click the text field ``key``, erase what it holds, and type ``text``."""
        self.click(self.widget(key).rect.center)
        self.key(pygame.K_END)
        for _ in range(erase):
            self.key(pygame.K_BACKSPACE)
        self.type_text(text)

    def widget(self, key: str, scene=None):
        scene = scene or self.app.scenes.top
        w = scene.ui.by_key(key)
        assert w is not None, f"{type(scene).__name__} has no widget {key!r}"
        return w

    def press(self, key: str, scene=None) -> None:
        w = self.widget(key, scene)
        assert w.enabled, f"{key} is disabled: {w.disabled}"
        self.click(w.rect.center)

    def shot(self, phase: str) -> None:
        if self.shots is not None and phase not in self.taken:
            self.taken[phase] = self.app.screenshot(self.shots / f"{phase}.png")

    # ---------------------------------------------------------------- one step
    def step(self) -> bool:
        """Act once on whatever the top scene asks; False when the end screen shows."""
        top = self.app.scenes.top
        self.seen.add(type(top).__name__)
        if isinstance(top, EndScene):
            self.shot("end")
            return False
        if isinstance(top, CurtainScene):
            self.shot("curtain")
            self.reveal()
        elif isinstance(top, PlanningScene):
            self.plan(top)
        elif isinstance(top, WinterScene):
            self.shot("winter")
            self.press("continue")
        elif isinstance(top, DropNotice):
            self.shot("battle")
            self.press("skip")
        elif type(top).__name__ == "BattleOverlay":
            self.shot("battle")
            if top.ui.by_key("skip") is not None:
                self.press("skip")
            self.press("continue")
        elif isinstance(top, ConfirmDialog):
            self.press("confirm")
        elif isinstance(top, GameScene):
            self.decide(top)
        else:
            raise AssertionError(f"unexpected scene {type(top).__name__}")
        return True

    def decide(self, scene: GameScene) -> None:
        session = scene.session
        d = session.pending()
        if d is None or session.is_computer(d.player) or d.kind == "plan":
            self.pump()  # the scene moves on by itself (computer, curtain, end)
            return
        before = session.version
        if scene.flash is not None:
            self.flashes.add(scene.flash[0])
        self.kinds.add(d.kind)
        choice = self.rng.choice(d.options)
        board = scene.board
        if d.kind == "draft-take":
            self.shot("draft")
            if choice == "deck":
                self.press("opt-deck")
            elif self.rng.random() < 0.5:
                self.click(interior(board, choice))
            else:
                self.press(f"opt-{choice}")
        elif d.kind == "draft-place":
            if self.rng.random() < 0.5:
                self.key(getattr(pygame, f"K_{choice}"))
            else:
                self.press(f"opt-{choice}")
        elif d.kind == "pick-special":
            self.shot("picks")
            self.press(f"opt-{choice}")
        elif d.kind in ("battle", "recruit-move"):
            if choice is None:
                self.press("stay")
            else:
                assert isinstance(choice, Move)
                if self.rng.random() < 0.6:
                    self.click(interior(board, choice.to))
                else:
                    self.press(f"target-{choice.to}")
                assert scene.target == choice.to
                self.shot("action_prompt")
                if choice.armies < 10 and self.rng.random() < 0.5:
                    self.key(getattr(pygame, f"K_{choice.armies}"))
                else:
                    self.press(f"armies-{choice.armies}")
        elif d.kind == "revolt-order":
            self.shot("revolt_order")
            for province in choice:  # clicked in order on the map (or on its button)
                if self.rng.random() < 0.6:
                    self.click(interior(board, province))
                else:
                    self.press(f"revolt-{province}")
            assert scene.presenter.badges() == {p: str(i + 1) for i, p in enumerate(choice)}
            self.press("revolt-confirm")
        else:
            raise AssertionError(f"the table cannot decide {d.kind}")
        assert session.version > before, f"{d.kind}: {choice!r} was not applied"

    def plan(self, scene: PlanningScene) -> None:
        """Fill the board with the hand's cards (drag, click-click and keys), then Done."""
        cards = list(scene.cards)
        self.rng.shuffle(cards)
        for space, card in zip(SPACES, cards, strict=False):
            hand = dict(scene.hand_rects())
            start = hand[card].center
            method = self.method % 3
            self.method += 1
            if method == 0:
                self.drag(start, scene.space_rect(space).center)
            elif method == 1:
                self.click(start)
                self.click(scene.space_rect(space).center)
            else:
                self.click(start)
                if space == "bid":
                    self.key(pygame.K_b)
                else:
                    self.key(getattr(pygame, f"K_{(SPACES.index(space) + 1) % 10}"))
            assert scene.plan.get(space) == card, (space, card, method)
        self.shot("planning")
        self.press("done")
        assert isinstance(self.app.scenes.top, ConfirmDialog)
        self.press("confirm")
        self.plans += 1


def interior(board, province: str) -> tuple[int, int]:
    """A screen point inside province (its label point, else a scan of its box)."""
    pos = board.label_pos(province)
    if board.province_at(pos) == province:
        return pos
    xs = [p[0] for p in board.screen_polys[province]]
    ys = [p[1] for p in board.screen_polys[province]]
    for y in range(min(ys), max(ys) + 1, 3):
        for x in range(min(xs), max(xs) + 1, 3):
            if board.province_at((x, y)) == province:
                return (x, y)
    raise AssertionError(f"no interior point for {province}")


def start_game(app: App, s: NewGameSettings) -> GameScene:
    """Start through the host (as the setup screen's Start button does)."""
    assert isinstance(app.scenes.top, NewGameScene)
    app.host.start(s)  # type: ignore[attr-defined]
    app.run(max_frames=1, dt=FRAME)
    scene = next(x for x in app.scenes if isinstance(x, GameScene))
    return scene


# ------------------------------------------------------------------------------ tests
def test_every_province_has_a_clickable_interior(tmp_path):
    app = game_app(tmp_path)
    try:
        scene = start_game(app, settings(3))
        for name in scene.board.polygons:
            assert scene.board.province_at(interior(scene.board, name)) == name
    finally:
        app.close()
