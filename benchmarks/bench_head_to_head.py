"""Speed of the head-to-head simulator (Teen Patti 20-20, Teen Patti Pro), beside the house-banked one.

Run: ``pytest -m benchmark -s benchmarks/bench_head_to_head.py``. Nothing here asserts a time: rounds
a second are printed (best of three, one core), with 3 Card Brag's simulator measured in the same run
for a ratio, since the machine is shared.
"""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.benchmark

ROUNDS = 1_000_000


def _best_rate(run: object, rounds: int, repeats: int = 3) -> float:
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        best = max(best, rounds / (time.perf_counter() - start))
    return best


def test_head_to_head_simulation_speed() -> None:
    from casino.games import load_game
    from casino.maths.head_to_head_sim import simulate_head_to_head
    from casino.simulate import simulate

    rates = {}
    for name in ("teen-patti-20-20", "teen-patti-pro"):
        game = load_game(name)
        simulate_head_to_head(game, 1000, seed=0)  # tables built outside the timing
        rates[name] = _best_rate(lambda: simulate_head_to_head(game, ROUNDS, seed=1), ROUNDS)
    brag = load_game("3-card-brag")
    simulate(brag, 1000, seed=0)
    rates["3-card-brag (house-banked, Ante/Play + Pair Plus)"] = _best_rate(lambda: simulate(brag, ROUNDS, seed=1),
                                                                          ROUNDS)
    print()
    for name, rate in rates.items():
        print(f"{name}: {rate:,.0f} rounds/s")
