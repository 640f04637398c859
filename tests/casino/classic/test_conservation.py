"""Chips are never created or lost: random players over many hands, for every built-in rules file.

The default run plays 10,000 hands per built-in file (and 2,000 per extra variant); the benchmark run
(``pytest -m benchmark -s tests/casino/classic/test_conservation.py``) plays 100,000 per built-in file.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from casino.classic.rules import builtin_rules, load_rules
from casino.classic.table import ClassicTable, verify_pack
from tests.casino.classic.bots import RandomOpponent

VARIANTS = [
    {"limit": "fixed"}, {"limit": "pot"}, {"max_bet": 8}, {"see_cost": "equal"},
    {"short_stack": "fold-or-borrow"}, {"agreed_showdown": True}, {"blind": False}, {"shuffle": "every-hand"},
    {"wild": "jokers", "jokers": 2}, {"cards": 4, "wild": "one-eyed-jacks"}, {"cards": 5, "blind": False},
    {"ante": "1/2", "min_bet": "3/2"}, {"wild": "suicide-king", "jokers": 1}, {"open_pack": True},
    {"dealers_choice": True, "jokers": 1}, {"dealers_choice": True, "open_pack": True, "short_stack": "fold-or-borrow"},
]


def play(rules, hands: int, seed: str) -> int:
    """Play ``hands`` hands on fresh tables of 2-8 random players; check every chip after each hand."""
    rng = random.Random(seed)
    bot = RandomOpponent()
    played = showdowns = 0
    table_no = 0
    while played < hands:
        table_no += 1
        n = rng.randint(2, 8)
        chips = [Fraction(rng.randint(2, 40)) for _ in range(n)]
        start = sum(chips)
        table = ClassicTable(rules, [f"P{i}" for i in range(n)], chips, seed=f"{seed}-{table_no}")
        previous = None
        while table.can_deal() and played < hands:
            record = table.play_hand([bot] * n, rng)
            played += 1
            showdowns += record.showdown
            assert table.total() == start, f"hand {record.hand_no}: {table.total()} != {start}"
            assert all(c >= 0 for c in table.chips)
            assert sum(record.chips_after) == sum(record.chips_before) + sum(record.borrowed)
            paid_in = sum(getattr(e, "amount", 0) or getattr(e, "cost", 0) for e in record.events
                          if e.kind in ("anted", "bet", "saw", "covered"))
            assert sum(e.amount for e in record.events if e.kind == "pot_won") == paid_in  # every pot paid out
            assert verify_pack(record, previous) == []
            previous = record
    return showdowns


@pytest.mark.parametrize("name", sorted(builtin_rules()))
def test_chips_are_conserved_over_10_000_hands(name):
    showdowns = play(load_rules(name), 10_000, name)
    assert showdowns > 1000  # hands really reach showdowns (covers and sees), not only folds


@pytest.mark.parametrize("changes", VARIANTS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
def test_chips_are_conserved_in_every_variant(changes):
    play(load_rules("classic-brag").with_changes(**changes), 2_000, str(changes))


@pytest.mark.benchmark
@pytest.mark.parametrize("name", sorted(builtin_rules()))
def test_chips_are_conserved_over_100_000_hands(name):
    import time

    start = time.perf_counter()
    play(load_rules(name), 100_000, f"big-{name}")
    print(f"\n{name}: 100,000 random hands conserved in {time.perf_counter() - start:.1f} s")
