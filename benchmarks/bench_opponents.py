"""Speed of the computer opponents: bot-only tables (decisions included) and the heads-up solve.

Run: ``pytest -m benchmark -s benchmarks/bench_opponents.py``. Nothing asserts a time; the figures
are printed. Targets (issue 9): a six-seat bot-only table at >= 1,000 hands a second on one core,
decisions included; the heads-up CFR+ solve in under 10 minutes on one core
(``BRAG_BENCH_SOLVE=1`` runs the full solve; otherwise 100 iterations are timed and scaled).
"""

from __future__ import annotations

import os
import random
import time

import pytest

pytestmark = pytest.mark.benchmark

SIX = ("cautious", "steady", "loose", "bluffer", "expert", "random")


def table_rate(names: tuple[str, ...], hands: int) -> float:
    from casino.classic.opponents import character
    from casino.classic.opponents.table import play_hand

    players = [character(n) for n in names]
    rngs = [random.Random(i) for i in range(len(names))]
    deal = random.Random(1)
    deck = list(range(52))
    for _ in range(2000):  # load the tables once (the expert loads its solved strategy at its first multiway decision)
        deal.shuffle(deck)
        play_hand(players, deck, rngs)
    start = time.process_time()  # CPU time of this process: the machine is shared
    for _ in range(hands):
        deal.shuffle(deck)
        play_hand(players, deck, rngs)
    return hands / (time.process_time() - start)


def test_bot_table_speed() -> None:
    six = table_rate(SIX, 6000)
    six_stay = table_rate(("cautious", "steady", "loose", "bluffer", "expert", "stay-in"), 6000)
    two = table_rate(("expert", "steady"), 20000)
    print(f"\nsix seats (with the random bot): {six:,.0f} hands/s on one core (target 1,000: x{six / 1000:.1f})")
    print(f"six seats (with the stay-in bot): {six_stay:,.0f} hands/s")
    print(f"heads-up expert vs steady:        {two:,.0f} hands/s")


def test_heads_up_solve_time() -> None:
    from casino.cfr.brag import HeadsUpRules, build_game
    from casino.cfr.public import PublicCFR

    rules = HeadsUpRules()
    start = time.perf_counter()
    solver = PublicCFR(build_game(rules))
    built = time.perf_counter() - start
    full = os.environ.get("BRAG_BENCH_SOLVE") == "1"
    iterations = 1500 if full else 100
    start, wall = time.process_time(), time.perf_counter()
    solver.run(iterations)
    elapsed = time.process_time() - start
    print(f"\n{iterations} iterations: {elapsed:.1f} s CPU, {time.perf_counter() - wall:.1f} s wall")
    per = elapsed / iterations
    print(f"\nheads-up solve: tree and abstraction {built:.1f} s; {per * 1000:.0f} ms per CFR+ iteration; "
          f"1,500 iterations {'took' if full else '~'} {per * 1500:.0f} s CPU (target < 600 s)")
