"""Print the cost of ``Fonts.fit`` on a very long line (a hostile save's log, a long name).

Run: ``python benchmarks/fit_figures.py``. Median of 20 calls on a 5,000-character line cut
to 600 px, next to the old one-character-at-a-time loop. Target: well under a frame (16 ms).
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from shogun_desktop.ui.theme import Fonts  # noqa: E402


def old_fit(fonts: Fonts, text: str, size: int, width: int) -> str:
    font = fonts.font(size)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    fonts = Fonts()
    text = ("x" * 9 + " ") * 500
    new = median_ms(lambda: fonts.fit(text, 16, 600), 20)
    old = median_ms(lambda: old_fit(fonts, text, 16, 600), 3)
    print(f"Fonts.fit, 5,000 characters to 600 px: median {new:.3f} ms "
          f"(one character at a time: {old:.0f} ms)")


if __name__ == "__main__":
    main()
