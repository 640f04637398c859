"""Speed of exact counting: the hint's counts, and six characters at the real engine table.

Run: ``pytest -m benchmark -s benchmarks/bench_equity_count.py``. Nothing asserts a time; the figures
are printed (CPU time: the machine is shared). Targets: a hint well under a second (it is interactive),
and six computer characters at the engine's table (standard rules, an unshuffled pack, so the cards
shown at earlier showdowns come into their counts) at 2,000 hands a second or more on one core.
"""

from __future__ import annotations

import random
import time

import pytest

pytestmark = pytest.mark.benchmark

SIX = ("cautious", "steady", "loose", "bluffer", "expert", "steady")


def engine_rate(rules_name: str, hands: int) -> float:
    from casino.classic.opponents.seat import CharacterOpponent
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable

    rules = load_rules(rules_name)
    bots = [CharacterOpponent(n) for n in SIX]
    rng = random.Random(1)
    done = table_no = 0
    warm = ClassicTable(rules, [f"P{i}" for i in range(6)], seed="warm")
    warm.play_hand(bots, rng)  # load the tables once
    start = time.process_time()
    while done < hands:
        table_no += 1
        table = ClassicTable(rules, [f"P{i}" for i in range(6)], seed=str(table_no))
        while table.can_deal() and done < hands:
            table.play_hand(bots, rng)
            done += 1
    return done / (time.process_time() - start)


def test_characters_at_the_engine_table() -> None:
    rate = engine_rate("classic-brag", 6000)
    print(f"\nsix characters at the engine table, standard rules: {rate:,.0f} hands/s on one core "
          f"(target 2,000: x{rate / 2000:.2f})")
