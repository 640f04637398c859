"""Speed of the exact calculator and of the command line, measured side by side in one run.

Run: ``pytest -m benchmark -s benchmarks/bench_edge.py``. Nothing here asserts a time: the figures
are printed (and compared as ratios, since the machine is shared), and go into the issue notes.
"""

from __future__ import annotations

import gc
import statistics
import subprocess
import sys
import time

import numpy as np
import pytest

pytestmark = pytest.mark.benchmark


def from_scratch(game_name: str) -> float:
    """Seconds for one analysis with every cache cleared (hand table, card-removal tables, outcomes)."""
    from casino import dealer, hands
    from casino.edge import analyze
    from casino.games import load_game

    game = load_game(game_name)
    dealer.clear_caches()
    gc.collect()
    gc.disable()  # as timeit does: time the work, not a collection of the test runner's objects
    try:
        start = time.perf_counter()
        analyze(game)
        return time.perf_counter() - start
    finally:
        gc.enable()


def brute_force(game_name: str) -> float:
    """Seconds for the plain numpy method: every (player, dealer) pair compared directly."""
    from casino.games import load_game
    from casino.hands import hand_table
    from tests.reference import numpy_brute_force

    game = load_game(game_name)
    table = hand_table(game.ranking)
    start = time.perf_counter()
    numpy_brute_force(table.strength, table.cards, table.threshold(game.qualifier))
    return time.perf_counter() - start


@pytest.mark.parametrize("game", ["3-card-brag", "three-card-poker"])
def test_exact_analysis_against_a_numpy_brute_force(game):
    fast = [from_scratch(game) for _ in range(15)]
    slow = [brute_force(game) for _ in range(2)]
    fast_median, slow_min = statistics.median(fast), min(slow)
    print(
        f"\n{game}: analysis from scratch median {fast_median * 1e3:.1f} ms (min {min(fast) * 1e3:.1f} ms);"
        f" numpy brute force over 407,170,400 pairs {slow_min:.2f} s;"
        f" ratio {slow_min / fast_median:.0f}x (vs min: {slow_min / min(fast):.0f}x)"
    )


def test_warm_analysis_of_another_paytable():
    from casino.edge import analyze
    from casino.games import load_game

    game = load_game("three-card-poker")
    analyze(game)
    times = []
    for i in range(1, 7):
        swapped = load_game("three-card-poker", ante_bonus=f"ante-bonus-{i}")
        start = time.perf_counter()
        analyze(swapped)
        times.append(time.perf_counter() - start)
    print(f"\nanalysis of a new Ante Bonus table with cached dealer tables: median {statistics.median(times) * 1e3:.2f} ms")


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, capture_output=True)
    return time.perf_counter() - start


def test_help_is_fast():
    python = [_run([sys.executable, "-c", "pass"]) for _ in range(5)]
    helps = [_run([sys.executable, "-m", "cli", "--help"]) for _ in range(5)]
    edge = [_run([sys.executable, "-m", "cli", "edge", "--json"]) for _ in range(3)]
    numpy_import = [_run([sys.executable, "-c", "import numpy"]) for _ in range(5)]
    print(
        f"\nbare python {min(python) * 1e3:.0f} ms; `brag --help` {min(helps) * 1e3:.0f} ms;"
        f" `import numpy` alone {min(numpy_import) * 1e3:.0f} ms; `brag edge --json` {min(edge) * 1e3:.0f} ms"
    )
    check = subprocess.run(
        [sys.executable, "-c", "import sys, cli.main; print('numpy' in sys.modules, 'casino.edge' in sys.modules)"],
        capture_output=True, text=True, check=True,
    )
    print(f"numpy / casino.edge imported by `brag --help`: {check.stdout.strip()}")
