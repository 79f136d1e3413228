"""Screenshots of a whole game in each language (never imported by the game).

Plays the seeded 3-player game of tests/test_i18n_screens.py through the window with the test
driver (real clicks and keys, the physical tower) and photographs, per language and size:
the table (draft, a battle target chosen, the revolt order when it comes), the curtain, the
planning screen, the battle overlay (its result), the winter screen, the rules reference (its
first page and one further in), the Esc menu, the settings and the end screen:

    python tools/i18n_shots.py OUT_DIR [--langs en,cs,nl,ru,zh_Hant] [--sizes 1280x720,1920x1080]

Files: OUT_DIR/<lang>/<screen>_<W>x<H>.png.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
_config = tempfile.mkdtemp(prefix="i18n-shots-")
os.environ.setdefault("SHOGUN_DESKTOP_CONFIG", _config)
Path(_config, "settings.yaml").write_text("version: 1\nsettings:\n  guide.enabled: false\n",
                                          encoding="utf-8")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from shogun_desktop import i18n  # noqa: E402
from tests.test_ui_game_driver import Driver, game_app, settings, start_game  # noqa: E402

LANGS = ("en", "cs", "nl", "ru", "zh_Hant")


class ShotDriver(Driver):
    """The test driver, photographing each screen once (the battle overlay at its result)."""

    def __init__(self, app, size: tuple[int, int], out: Path, seed: int = 4) -> None:
        super().__init__(app, seed=seed, shots=out)
        self.tag = f"{size[0]}x{size[1]}"

    def shot(self, phase: str) -> None:
        name = {"action_prompt": "table_battle_target", "draft": "table_draft",
                "picks": "table_picks", "revolt_order": "table_revolt_order"}.get(phase, phase)
        if self.shots is not None and name not in self.taken:
            self.taken[name] = self.app.screenshot(self.shots / f"{name}_{self.tag}.png")

    def step(self) -> bool:
        top = self.app.scenes.top
        if type(top).__name__ == "BattleOverlay" and "battle" not in self.taken:
            if top.ui.by_key("skip") is not None:
                self.press("skip")
            self.pump(2)
            self.shot("battle")
        return super().step()

    def extras(self) -> None:
        """F1 (first page, then a page of the battles chapter), Esc menu, settings."""
        self.key(pygame.K_F1)
        ref = self.app.scenes.top
        self.pump(2)
        self.shot("rules_reference")
        for _ in range(6):
            self.key(pygame.K_PAGEDOWN)
        self.shot("rules_reference_page7")
        assert ref is self.app.scenes.top
        self.key(pygame.K_F1)
        self.key(pygame.K_ESCAPE)
        self.pump(2)
        self.shot("menu")
        self.press("settings")
        self.pump(2)
        self.shot("settings")
        self.press("done")
        self.pump()


def play(lang: str, size: tuple[int, int], out: Path, seed: int = 5) -> list[Path]:
    from shogun_desktop.ui.scenes.game import GameScene

    i18n.set_language(lang)
    folder = Path(tempfile.mkdtemp(prefix="i18n-shots-saves-"))
    app = game_app(folder, size=size, tower=None)
    try:
        drv = ShotDriver(app, size, out / lang)
        drv.shot("setup")
        start_game(app, settings(3, computers=(1, 2), start="draft", seed=seed))
        visited = False
        for _ in range(4000):
            top = app.scenes.top
            pending = top.session.pending() if isinstance(top, GameScene) else None
            if (not visited and pending is not None and not top.session.is_computer(
                    pending.player) and pending.kind != "plan"):
                drv.shot("table")
                drv.extras()
                visited = True
            if not drv.step():
                drv.pump(30)
                drv.taken.pop("end", None)
                drv.shot("end")
                break
        return sorted(drv.taken.values())
    finally:
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    for lang in args.langs.split(","):
        for text in args.sizes.split(","):
            w, h = (int(v) for v in text.lower().split("x"))
            for path in play(lang, (w, h), args.out, args.seed):
                print(path)


if __name__ == "__main__":
    main()
