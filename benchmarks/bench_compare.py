"""100 paytable designs compared, against one numpy brute force over all 407,170,400 pairs.

Run: ``pytest -m benchmark -s benchmarks/bench_compare.py``. Both are measured side by side in one
run (the machine is shared, so the ratio is the figure that matters) and printed for the issue notes.
The target: comparing 100 designs takes less wall time than one brute force. The brute force also
checks the house edge that ``compare`` reports for the base design.
"""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np
import pytest

pytestmark = pytest.mark.benchmark


def brute_force_edge(game) -> Fraction:
    """Ante/Play house edge by comparing every player hand with every dealer hand (disjoint ones only)."""
    from casino.hands import hand_table
    from casino.rules import pay_vector

    table = hand_table(game.ranking)
    cards = table.cards.astype(np.int64)
    masks = np.bitwise_or.reduce(np.int64(1) << cards, axis=1)
    strength = table.strength.astype(np.int64)
    q = table.threshold(game.qualifier)
    qualifies = strength >= q
    bonus = pay_vector(game.ante_bonus, Fraction(0))
    scale = 1
    for b in bonus:
        scale = scale * b.denominator // np.gcd(scale, b.denominator)
    hand_bonus = np.array([int(b * scale) for b in bonus], dtype=np.int64)[table.pay_class]
    tie = {"push": 0, "player": 2, "dealer": -2}[game.ties]  # Ante + Play on a tie, written out here
    total = 0
    n_dealer = None
    chunk = 256
    for start in range(0, len(strength), chunk):
        p = slice(start, start + chunk)
        disjoint = (masks[p, None] & masks[None, :]) == 0
        ps = strength[p, None]
        nq = (disjoint & ~qualifies[None, :]).sum(axis=1)
        live = disjoint & qualifies[None, :]
        win = (live & (strength[None, :] < ps)).sum(axis=1)
        ties = (live & (strength[None, :] == ps)).sum(axis=1)
        lose = (live & (strength[None, :] > ps)).sum(axis=1)
        n = disjoint.sum(axis=1)
        n_dealer = int(n[0])
        lost_bonus = 0 if game.rules.ante_bonus_on_loss else lose
        value = scale * (nq + 2 * win + tie * ties - 2 * lose) + hand_bonus[p] * (n - lost_bonus)
        total += int(np.maximum(value, -scale * n).sum())
    return -Fraction(total, scale * n_dealer * len(strength))


def designs(n: int):
    """``n`` designs: the 3 Card Brag game with generated Pair Plus and Ante Bonus tables."""
    from casino.compare import design
    from casino.games import Paytable, load_game

    base = load_game("3-card-brag")
    out = []
    for k in range(n):
        pair_plus = Paytable(
            f"PP {k}", "pair_plus",
            (("pair", Fraction(1)), ("flush", Fraction(3 + k % 3)), ("run", Fraction(5 + k % 4)),
             ("running_flush", Fraction(30 + k % 11)), ("prial", Fraction(25 + k % 16))),
        )
        ante_bonus = Paytable(
            f"AB {k}", "ante_bonus",
            (("run", Fraction(1)), ("running_flush", Fraction(3 + k % 5)), ("prial", Fraction(4 + k % 7, 2))),
        )
        out.append(design(base.with_tables(pair_plus=pair_plus, ante_bonus=ante_bonus), label=f"design {k}"))
    return out


def test_100_designs_faster_than_one_brute_force():
    from casino import dealer, hands
    from casino.compare import compare
    from casino.edge import analyze
    from casino.games import load_game

    many = designs(100)
    # Cold start for compare: every cache cleared, so the dealer tables are built inside the timing.
    dealer.clear_caches()
    start = time.perf_counter()
    result = compare(many)
    t_compare = time.perf_counter() - start
    assert len(set(f.house_edge for f in result.column("pair_plus"))) > 10

    game = load_game("3-card-brag")
    start = time.perf_counter()
    edge = brute_force_edge(game)
    t_brute = time.perf_counter() - start
    assert edge == analyze(game).ante_play.house_edge  # the brute force agrees, exactly

    print(
        f"\n100 designs compared (cold caches): {t_compare:.3f} s ({t_compare / 100 * 1000:.1f} ms per design)"
        f"\none brute force over 407,170,400 pairs: {t_brute:.3f} s"
        f"\nratio brute force / 100 designs: {t_brute / t_compare:.1f}x"
    )
    assert t_compare < t_brute


def test_brute_force_agrees_with_compare_on_some_designs():
    from casino.compare import compare

    many = designs(3)
    result = compare(many)
    for d, figures in zip(many, result.column("ante_play")):
        assert brute_force_edge(d.game) == figures.house_edge


def test_six_card_bonus_count_by_rank_pattern_against_enumeration():
    """The 6 Card Bonus counts every process needs: by rank pattern against classifying all
    20,358,520 six-card sets, side by side (target: at least 20x faster, same counts)."""
    from casino.sidebets.six_card import _counts, count_by_enumeration

    _counts.cache_clear()
    start = time.perf_counter()
    fast = _counts()
    pattern = time.perf_counter() - start
    start = time.perf_counter()
    slow = count_by_enumeration()
    enumeration = time.perf_counter() - start
    print(f"\n6 Card Bonus counts: rank pattern {pattern * 1000:.1f} ms, enumeration {enumeration:.2f} s, "
          f"ratio {enumeration / pattern:.0f}x")
    assert fast == slow
    assert enumeration / pattern >= 20
