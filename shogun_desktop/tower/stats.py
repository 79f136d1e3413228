"""``shogun-desktop tower-stats``: pour many battles into one tower and report how it feels.

Drop model (roughly a game's battles, all draws from one ``random.Random(seed)`` that also
feeds the tower, as the game's generator would):

* each battle has an attacker colour and a defender: one time in three farmers (green, 1-3
  from supply: a neutral province or a revolt), otherwise another player; the new cubes
  number 5-40 minus the cubes already lying in the tray (at least 2), split between the
  sides at random; in 70% of player battles farmers in the tray also take part;
* the drop is those new cubes plus every cube lying in the tray (rules §4);
* afterwards the cubes of the two sides (and all green cubes if farmers took part) leave
  the tray; cubes of other colours stay and are poured again with the next drop.

The tower is never emptied. Reported per drop: the fraction of the *poured* cubes that came
out (cubes knocked loose from earlier drops are counted separately as releases).
Importing this module does not import pygame (only ``--plot`` does).

The report and the plot's labels speak the command's language (``--lang``); ``--json`` keys
and values stay as they are for scripts.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from shogun_desktop.i18n import N_, _, ngettext, pgettext
from shogun_desktop.rules.tower import (
    CUBE_COLOURS,
    HeldCube,
    Tower,
    check_drop_result,
    next_cube_id,
)

PLAYER_COLOURS = tuple(c for c in CUBE_COLOURS if c != "green")
JAM_THRESHOLD = 30  # held stock above this counts as a jam
# Tower.name -> how the report names it (the name itself stays in --json)
TOWER_NAMES = {"physical": N_("physical"), "probabilistic model": N_("probabilistic model")}


@dataclass
class TowerStats:
    """Per-drop series from a run; ``summary`` turns them into the reported figures."""

    tower: str
    exit_fraction: list[float] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    released: list[int] = field(default_factory=list)
    escapes: int = 0
    ms: list[float] = field(default_factory=list)
    poured: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, float | int | str]:
        n = len(self.held)
        return {
            "drops": n,
            "exit_fraction_mean": statistics.fmean(self.exit_fraction) if n else 0.0,
            "held_mean": statistics.fmean(self.held) if n else 0.0,
            "held_p90": percentile(self.held, 90),
            "held_max": max(self.held, default=0),
            "held_final": self.held[-1] if n else 0,
            "release_share": sum(1 for r in self.released if r > 0) / n if n else 0.0,
            "jams": sum(1 for h in self.held if h > JAM_THRESHOLD),
            "escapes": self.escapes,
            "ms_median": statistics.median(self.ms) if n else 0.0,
            "ms_p95": percentile(self.ms, 95),
            "tower": self.tower,
        }


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (no numpy needed; exact for small samples)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100.0 * len(ordered)))
    return float(ordered[rank - 1])


def next_battle(rng: random.Random, tray: dict[str, int]) -> tuple[dict[str, int], set[str]]:
    """New cubes for one battle and the colours taking part (see the module docstring)."""
    attacker, other = rng.sample(PLAYER_COLOURS, 2)
    in_tray = sum(tray.values())
    new = max(2, rng.randint(5, 40) - in_tray)
    if rng.random() < 1 / 3:
        # against a neutral province or a revolt: farmers from supply defend
        farmers = min(new - 1, rng.randint(1, 3))
        cubes = {attacker: new - farmers, "green": farmers}
        sides = {attacker, "green"}
    else:
        a = min(new - 1, max(1, round(new * rng.uniform(0.3, 0.7))))
        cubes = {attacker: a, other: new - a}
        sides = {attacker, other}
        if rng.random() < 0.7:
            sides.add("green")  # no revolt marker: farmers in the tray fight for the defender
    return {c: n for c, n in cubes.items() if n > 0}, sides


def run_stats(
    tower: Tower,
    drops: int,
    seed: int,
    held: Sequence[HeldCube] = (),
    progress: bool = False,
) -> TowerStats:
    """Pour ``drops`` battles into ``tower``, starting from ``held``; check every drop."""
    rng = random.Random(seed)
    stats = TowerStats(tower=tower.name)
    tray: dict[str, int] = {}
    held = tuple(held)
    for i in range(drops):
        new, sides = next_battle(rng, tray)
        dropped = dict(tray)
        for colour, n in new.items():
            dropped[colour] = dropped.get(colour, 0) + n
        first_new = next_cube_id(held)
        start = time.perf_counter()
        result = tower.drop(held, dropped, rng)
        stats.ms.append((time.perf_counter() - start) * 1000.0)
        check_drop_result(held, dropped, result)
        poured = sum(dropped.values())
        before = {c.id for c in held}
        new_held = sum(1 for c in result.held if c.id >= first_new)
        released = sum(1 for cid in before if cid not in {c.id for c in result.held})
        stats.poured.append(poured)
        stats.exit_fraction.append((poured - new_held) / poured if poured else 1.0)
        stats.released.append(released)
        stats.held.append(len(result.held))
        stats.escapes += int(result.extra.get("escapes", 0))
        stats.notes.extend(drop_notes(i + 1, result.extra, result.note))
        held = result.held
        tray = {c: n for c, n in result.out.items() if c not in sides}
        if progress and (i + 1) % 100 == 0:
            print("  " + ngettext("{n} drop, held {held}", "{n} drops, held {held}",
                                  i + 1).format(n=i + 1, held=len(held)), flush=True)
    return stats


def drop_notes(drop: int, extra: dict, note: str) -> list[str]:
    """What went unusually in one drop, in the command's language, from the drop's typed
    figures (``extra``); a note the figures do not explain is passed on as the tower wrote it."""
    out = []
    if extra.get("capped"):
        out.append(_("drop {n}: time cap reached after {seconds} s simulated; cubes still "
                     "moving were left where they were").format(
            n=drop, seconds=num(float(extra.get("sim_time", 0.0)), ".1f")))
    escapes = int(extra.get("escapes", 0))
    if escapes:
        out.append(ngettext("drop {n}: {escapes} cube left the walls and was counted as out",
                            "drop {n}: {escapes} cubes left the walls and were counted as out",
                            escapes).format(n=drop, escapes=escapes))
    if note and not out:
        out.append(_("drop {n}: {note}").format(n=drop, note=note))
    return out


def make_tower(name: str) -> Tower:
    if name == "physical":
        from shogun_desktop.tower.physics import PhysicalTower

        return PhysicalTower()
    from shogun_desktop.rules.tower import ProbabilisticTower

    return ProbabilisticTower()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--drops", type=int, default=300,
                        help=_("number of drops (default 300)"))
    parser.add_argument("--seed", type=int, default=1,
                        help=_("seed of the generator (default 1)"))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object (never translated)"))
    parser.add_argument("--plot", metavar="FILE.png",
                        help=_("draw held stock and exit fractions"))
    parser.add_argument(
        "--tower",
        choices=("physical", "probabilistic"),
        default="physical",
        help=_("which tower to measure (default physical)"),
    )


def num(value: float, spec: str) -> str:
    """value formatted by spec with the language's decimal mark (0.851 -> 0,851 in Czech)."""
    return format(value, spec).replace(".", pgettext("decimal mark", "."))


def width(text: str) -> int:
    """Columns text takes in a terminal (a Chinese character takes two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def table(rows: Sequence[tuple[str, str]], indent: str = "  ") -> list[str]:
    """label / value rows with the values in one column, whatever the labels' language."""
    w = max((width(label) for label, _value in rows), default=0)
    return [f"{indent}{label}{' ' * (w - width(label))}  {value}" for label, value in rows]


def report(summary: dict[str, float | int | str], seed: int) -> list[str]:
    """The text report of a run's summary, one line per figure."""
    drops = int(summary["drops"])
    tower = str(summary["tower"])
    head = ngettext("tower-stats: {n} drop into one tower ({tower}), seed {seed}",
                    "tower-stats: {n} drops into one tower ({tower}), seed {seed}", drops).format(
        n=drops, tower=_(TOWER_NAMES[tower]) if tower in TOWER_NAMES else tower, seed=seed)
    rows = [
        (_("exit fraction per drop"),
         _("mean {mean}").format(mean=num(float(summary["exit_fraction_mean"]), ".3f"))),
        (_("held stock"),
         _("mean {mean}  p90 {p90}  max {max}  final {final}").format(
             mean=num(float(summary["held_mean"]), ".1f"), p90=f"{summary['held_p90']:.0f}",
             max=summary["held_max"], final=summary["held_final"])),
        (_("drops releasing earlier cubes"), _("{percent}%").format(
            percent=num(100 * float(summary["release_share"]), ".1f"))),
        (_("jams (held > {threshold})").format(threshold=JAM_THRESHOLD), str(summary["jams"])),
        (_("escapes through walls"), str(summary["escapes"])),
        (_("ms per drop"), _("median {median}  p95 {p95}").format(
            median=num(float(summary["ms_median"]), ".2f"),
            p95=num(float(summary["ms_p95"]), ".2f"))),
    ]
    return [head, *table(rows)]


def run(args: argparse.Namespace) -> int:
    if args.drops < 1:
        print(_("tower-stats: --drops must be at least 1"), file=sys.stderr)
        return 2
    from shogun_desktop.data import DataError

    try:
        tower = make_tower(args.tower)
    except DataError as exc:  # e.g. a broken tower.yaml: one line, exit 2
        print(_("tower-stats: {reason}").format(reason=" ".join(str(exc).split())),
              file=sys.stderr)
        return 2
    stats = run_stats(tower, args.drops, args.seed)
    summary = stats.summary()
    if args.plot:
        plot(stats, Path(args.plot))
    if args.json:
        print(json.dumps(summary, sort_keys=False))
        return 0
    for line in report(summary, args.seed):
        print(line)
    for note in stats.notes[:10]:
        print("  " + _("note: {note}").format(note=note))
    if args.plot:
        print("  " + _("plot written to {file}").format(file=args.plot))
    return 0


PLOT_FONT = "DejaVuSans.ttf"
PLOT_FONT_CJK = "NotoSansCJKtc-Regular-subset.otf"  # its subset also holds ASCII and digits


def plot_labels(stats: TowerStats, hmax: int, tallest: int) -> dict[str, str]:
    """The plot's title and axis captions, in the command's language."""
    n = len(stats.held)
    mean = statistics.fmean(stats.exit_fraction) if stats.exit_fraction else 0.0
    return {
        "held": ngettext(
            "cubes held inside after each drop ({n} drop; axis 0-{top}; line = jam at "
            "{threshold})",
            "cubes held inside after each drop ({n} drops; axis 0-{top}; line = jam at "
            "{threshold})", n).format(n=n, top=hmax, threshold=JAM_THRESHOLD),
        "exit": _("fraction of each drop that came out (mean {mean}; tallest bar {tallest})"
                  ).format(mean=num(mean, ".3f"), tallest=tallest),
        "held_axis": pgettext("tower plot axis", "drops"),
        "exit_axis": pgettext("tower plot axis", "share of the poured cubes that came out"),
    }


def missing_glyphs(font, text: str) -> set[str]:
    """Characters of text the pygame font draws as its .notdef box (metrics do not tell: a
    missing glyph has the box's metrics, so the drawing is compared with that of U+E000, a
    private-use code point no shipped face has)."""
    import pygame

    def drawn(ch: str) -> bytes:
        return pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA")

    box = drawn("\ue000")
    return {ch for ch in set(text) if not ch.isspace() and drawn(ch) == box}


def plot_font(text: str, size: int = 16, max_width: int | None = None):  # -> pygame Font
    """The shipped face that draws every character of text: DejaVu Sans (Latin, Czech,
    Cyrillic), else the Traditional Chinese subset (pygame's default face has neither
    Cyrillic nor Chinese), stepped down in size until text fits max_width."""
    import pygame

    from shogun_desktop.data import ASSETS_DIR

    fonts = ASSETS_DIR / "fonts"
    name = PLOT_FONT
    if (fonts / PLOT_FONT_CJK).exists() and \
            missing_glyphs(pygame.font.Font(str(fonts / PLOT_FONT), size), text):
        name = PLOT_FONT_CJK
    font = pygame.font.Font(str(fonts / name), size)
    while max_width is not None and size > 10 and font.size(text)[0] > max_width:
        size -= 1
        font = pygame.font.Font(str(fonts / name), size)
    return font


def plot(stats: TowerStats, path: Path) -> None:
    """Held stock over the drops (top) and a histogram of exit fractions (bottom), as PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.font.init()
    w, h, m = 900, 640, 50
    surf = pygame.Surface((w, h))
    surf.fill((250, 248, 242))
    ink, grid, line, bar = (30, 30, 30), (215, 210, 200), (180, 40, 40), (40, 90, 170)

    def text(s: str, x: int, y: int, size: int = 16, *, right: bool = False) -> None:
        img = plot_font(s, size, w - 2 * m).render(s, True, ink)
        surf.blit(img, (x - img.get_width() if right else x, y))

    # held stock over the drops
    top, bottom = m, h // 2 - 20
    n = len(stats.held)
    hmax = max(JAM_THRESHOLD + 5, max(stats.held, default=0))

    def sx(i: int) -> int:
        return m + round(i * (w - 2 * m) / max(1, n - 1))

    def sy(v: float) -> int:
        return bottom - round(v * (bottom - top) / hmax)

    # histogram of exit fractions
    top2, bottom2 = h // 2 + 40, h - m
    bins = 20
    counts = [0] * bins
    for f in stats.exit_fraction:
        counts[min(bins - 1, max(0, int(f * bins)))] += 1
    cmax = max(counts, default=1) or 1
    labels = plot_labels(stats, hmax, cmax)

    pygame.draw.line(surf, grid, (m, sy(JAM_THRESHOLD)), (w - m, sy(JAM_THRESHOLD)))
    pygame.draw.rect(surf, ink, (m, top, w - 2 * m, bottom - top), 1)
    if n > 1:
        pygame.draw.lines(surf, line, False, [(sx(i), sy(v)) for i, v in enumerate(stats.held)])
    text(labels["held"], m, top - 26)
    text(str(hmax), m - 6, top - 2, 13, right=True)
    text("0", m - 6, bottom - 14, 13, right=True)
    text(labels["held_axis"], w - m, bottom + 3, 13, right=True)

    bw = (w - 2 * m) / bins
    for i, c in enumerate(counts):
        bh = round(c * (bottom2 - top2) / cmax)
        pygame.draw.rect(surf, bar, (m + round(i * bw) + 1, bottom2 - bh, round(bw) - 2, bh))
    pygame.draw.rect(surf, ink, (m, top2, w - 2 * m, bottom2 - top2), 1)
    for k in range(0, 11, 2):
        text(num(k / 10, ".1f"), m + round(k * (w - 2 * m) / 10) - 8, bottom2 + 5, 13)
    text(labels["exit"], m, top2 - 26)
    text(labels["exit_axis"], w - m, bottom2 + 24, 13, right=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))
