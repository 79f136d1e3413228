"""Time per complete simulated game (random-legal players), per tower.

Run: .venv/bin/python -m pytest benchmarks/bench_engine.py --benchmark-only
"""

from __future__ import annotations

import pytest

from shogun_desktop.simulate import play_game


@pytest.mark.parametrize("tower", ["probabilistic", "physical"])
@pytest.mark.parametrize("players", [3, 5])
def test_complete_game(benchmark, tower: str, players: int) -> None:
    seeds = iter(range(10_000))
    result = benchmark.pedantic(
        lambda: play_game(next(seeds), players, "sun", "draft", tower, check=False),
        rounds=15, iterations=1)
    assert result["winners"]
