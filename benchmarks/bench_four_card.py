"""Speed of the four-card and wild-card exact calculators (four cards: against a sampled, scaled brute force).

Run: ``pytest -m benchmark -s benchmarks/bench_four_card.py``. Nothing here asserts a time: the figures
are printed, and go into the issue notes.
"""

from __future__ import annotations

import gc
import time
from itertools import combinations

import numpy as np
import pytest

pytestmark = pytest.mark.benchmark


def four_card_from_scratch() -> float:
    """Seconds for one analysis of Four Card Brag with every cache cleared."""
    from casino import dealer
    from casino.edge import analyze
    from casino.games import load_game
    from casino.maths import four_card

    game = load_game("four-card-brag")
    dealer.clear_caches()
    four_card.clear_caches()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        analyze(game)
        return time.perf_counter() - start
    finally:
        gc.enable()


def test_four_card_game_exactly_against_a_sampled_brute_force():
    from casino.besthand import HandRanker

    fast = [four_card_from_scratch() for _ in range(5)]
    hands = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    ranker = HandRanker(cards=4)
    start = time.perf_counter()
    keys = np.array([ranker.best_key(h) for h in hands.tolist()], dtype=np.int64)  # every hand valued once
    valuing = time.perf_counter() - start
    masks = np.bitwise_or.reduce(np.int64(1) << hands, axis=1)
    q = HandRanker(cards=3).three_key(0, 1, 4)
    sample = np.random.default_rng(1).choice(len(hands), 200, replace=False)
    start = time.perf_counter()
    for i in sample:  # each sampled player hand against every dealer hand of the other 48 cards
        disjoint = (masks & masks[i]) == 0
        qualifies = disjoint & (keys >= q)
        (disjoint & ~qualifies).sum(), (qualifies & (keys < keys[i])).sum(), (qualifies & (keys == keys[i])).sum()
    per_hand = (time.perf_counter() - start) / len(sample)
    brute = valuing + per_hand * len(hands)
    best, median = min(fast), sorted(fast)[len(fast) // 2]
    print(f"\nfour-card-brag from scratch: median {median:.2f} s (min {best:.2f} s) for 270,725 x 194,580 pairs;"
          f" brute force: valuing every hand {valuing:.1f} s + {per_hand * 1e3:.2f} ms per player hand x 270,725"
          f" = {brute:.0f} s (scaled from {len(sample)} hands); ratio {brute / median:.0f}x")


def test_joker_game_from_scratch():
    """Joker Brag (53 cards, one wild joker) analysed with every cache cleared."""
    from casino import dealer
    from casino.edge import analyze
    from casino.games import load_game
    from casino.maths import wild

    game = load_game("joker-brag")
    times = []
    for _ in range(9):
        dealer.clear_caches()
        wild.clear_caches()
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            analyze(game)
            times.append(time.perf_counter() - start)
        finally:
            gc.enable()
    print(f"\njoker-brag from scratch: median {sorted(times)[len(times) // 2] * 1e3:.0f} ms (min {min(times) * 1e3:.0f} ms)"
          " for 23,426 x 19,600 pairs")
