"""Screenshots of the battle tower overlay at several moments of a drop, at several sizes.

Run from the repository root: ``python tools/tower_shots.py OUT_DIR [--sizes 1280x720,1920x1080]
[--lang cs]`` (headless: the dummy video driver). Makes, per size: the build-up, the pour, mid-fall, the
tray filling and the result of a 60-cube battle into a tower holding cubes from earlier
drops; the same mid-fall with the x-ray table option; and the result of a tie against the
farmers. Used to look at the tower after any visible change; never imported by the game.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SHOGUN_DESKTOP_CONFIG", tempfile.mkdtemp(prefix="tower-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from shogun_desktop import i18n  # noqa: E402
from shogun_desktop.rules.engine import DropRecord  # noqa: E402
from shogun_desktop.rules.tower import HeldCube  # noqa: E402
from shogun_desktop.tower import PhysicalTower  # noqa: E402
from shogun_desktop.tower.stats import next_battle  # noqa: E402
from shogun_desktop.ui.app import App  # noqa: E402
from shogun_desktop.ui.prefs import Prefs  # noqa: E402
from shogun_desktop.ui.scenes.battle import BattleOverlay  # noqa: E402

NAMES = {"red": "Tokugawa", "blue": "Uesugi", "yellow": "Oda", "purple": "Toyotomi",
         "black": "Takeda"}


def held_after(drops: int, seed: int = 5) -> tuple[HeldCube, ...]:
    """A tower after a run of game-like drops (cubes held where they came to rest)."""
    tower = PhysicalTower()
    rng = random.Random(seed)
    held: tuple[HeldCube, ...] = ()
    tray: dict[str, int] = {}
    for _ in range(drops):
        new, sides = next_battle(rng, tray)
        dropped = dict(tray)
        for c, n in new.items():
            dropped[c] = dropped.get(c, 0) + n
        result = tower.drop(held, dropped, rng)
        held = result.held
        tray = {c: n for c, n in result.out.items() if c not in sides}
    return held


def big_battle() -> DropRecord:
    held = held_after(26)
    drop = {"red": 26, "blue": 24, "green": 10}
    result = PhysicalTower(record=True).drop(held, drop, random.Random(3))
    return DropRecord("battle", drop, result, "Omi", "red", "blue")


def tie_against_farmers() -> DropRecord:
    held = held_after(12)
    tower = PhysicalTower(record=True)
    for seed in range(200):
        drop = {"red": 4, "green": 3}
        result = tower.drop(held, drop, random.Random(seed))
        if result.out.get("red", 0) == result.out.get("green", 0) > 0:
            return DropRecord("battle", drop, result, "Mino", "red", "green")
    raise SystemExit("no tie found")


def shoot(out: Path, size: tuple[int, int], lang: str = "en") -> list[Path]:
    tag = f"{size[0]}x{size[1]}" + ("" if lang == "en" else f"-{lang}")
    made: list[Path] = []
    app = App(size, fps=0, show_new_game=False, prefs=Prefs())
    record = big_battle()
    ov = BattleOverlay(app, record, NAMES)
    app.push(ov)
    r = ov.replay
    assert r is not None
    first_exit = r.exits[0].frame if r.exits else r.last
    moments = {"1-buildup": r.start + 10, "2-pouring": 8, "3-midfall": max(20, first_exit + 8),
               "4-tray-filling": r.last + 4}
    for name, index in moments.items():
        ov.position = float(index)
        made.append(app.screenshot(out / f"{name}-{tag}.png"))
    ov.skip()
    made.append(app.screenshot(out / f"5-result-{tag}.png"))
    app.scenes.remove(ov)
    xray = BattleOverlay(app, record, NAMES, xray=True)
    app.push(xray)
    xray.position = float(moments["3-midfall"])
    made.append(app.screenshot(out / f"6-midfall-xray-{tag}.png"))
    app.scenes.remove(xray)
    tie = BattleOverlay(app, tie_against_farmers(), NAMES)
    app.push(tie)
    tie.skip()
    made.append(app.screenshot(out / f"7-result-tie-{tag}.png"))
    app.close()
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--lang", default="en", choices=sorted(i18n.LANGUAGES))
    args = parser.parse_args()
    i18n.set_language(args.lang)
    args.out.mkdir(parents=True, exist_ok=True)
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.lower().split("x"))
        for path in shoot(args.out, (w, h), args.lang):
            print(path)


if __name__ == "__main__":
    main()
