"""Exact counts of beating k hands from the unseen cards, against independent brute force and simulation.

Brute force here never uses the module's inclusion-exclusion: it walks every deal of k disjoint hands
(small packs, or Brag late in an unshuffled pack with few unseen cards) and ranks hands with
:class:`casino.besthand.HandRanker` directly. On the full pack the exact figures are compared with a
large fixed-seed simulation written here with Python's ``random`` and the ranker (not the module's
vectorised keys), within 4.5 standard errors.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import sqrt

import numpy as np
import pytest

from casino.besthand import HandRanker
from casino.cards import parse_cards, parse_cards_with_jokers
from casino.classic.equity_count import (
    all_hands,
    beat_counts,
    disjoint_tuples,
    exact_up_to,
    ordered_deals,
    simulate_counts,
)


def idx(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def brute_matchings(hands: list[tuple[int, ...]], k: int) -> int:
    """Ordered k-tuples of pairwise disjoint hands, by walking every one."""
    sets = [frozenset(h) for h in hands]

    def walk(used: frozenset[int], left: int) -> int:
        if left == 0:
            return 1
        return sum(walk(used | h, left - 1) for h in sets if not used & h)

    return walk(frozenset(), k)


@pytest.mark.parametrize("seed", range(12))
def test_random_families_of_hands_on_small_packs(seed):
    """Any family of hands (not only Brag's): the counts equal brute force for every k counted exactly."""
    rng = random.Random(seed)
    for m in (3, 4, 5):
        n = rng.randint(2 * m, 11 if m == 3 else 12)
        every = list(combinations(range(n), m))
        family = rng.sample(every, rng.randint(1, len(every)))
        rng.shuffle(family)
        shuffled_cards = [tuple(rng.sample(h, m)) for h in family]  # rows need not be sorted
        for k in range(1, exact_up_to(m) + 1):
            assert disjoint_tuples(np.array(shuffled_cards), k) == brute_matchings(family, k), (m, n, k)
        assert brute_matchings(every, 2) == ordered_deals(n, m, 2)


def test_the_count_beyond_the_exact_range_is_refused():
    with pytest.raises(ValueError):
        disjoint_tuples(np.array([[0, 1, 2, 3]]), 3)
    assert disjoint_tuples(np.zeros((0, 3), dtype=np.int64), 2) == 0
    assert disjoint_tuples(np.array([[0, 1, 2]]), 0) == 1


def brute_beat(ranker: HandRanker, mine: int, unseen: list[int], k: int) -> tuple[int, int, int]:
    """(all weaker, none stronger, all deals) over ordered k-tuples of disjoint hands, ranked one by one."""
    keys = {h: ranker.best_key(list(h)) for h in combinations(sorted(unseen), ranker.cards)}
    below = [h for h, v in keys.items() if v < mine]
    not_above = [h for h, v in keys.items() if v <= mine]
    return brute_matchings(below, k), brute_matchings(not_above, k), brute_matchings(list(keys), k)


LATE_PACK = [
    # (cards, wild, my cards, the unseen cards: late in an unshuffled pack)
    (3, "none", "Qh Qd 4c", "2c 3c 5d 7h 9s Js Kc Ah Qs 4d 8c"),
    (3, "none", "7h 6h 5h", "2c 3c 4c 5d 6d 7d 8h 9h Th Js Qs"),  # a running flush: most hands below
    (3, "none", "9c 5d 2h", "2c 3c 4c 5c 6c 7h 8h 9h 9d 9s Ks"),  # weak: few hands below
    (3, "twos", "As Ah 2c", "2d 2h Ad Ac Kc Kd Ks 3c 3d 4h 5h"),
    (3, "jokers", "Kh Kd 9c", "Jk 3c 3d 4h 5h 6h Ks Kc 9d 9h Ah"),
    (4, "none", "Qh Qd 4c 9s", "2c 3c 5d 7h 9h Js Kc Ah Qs 4d 8c 8d"),
    (4, "one-eyed-jacks", "Jh Ts 9d 2c", "2d 3c 5d 7h 9h Js Kc Ah Qs 4d 8c 8d"),
    (5, "none", "Kh Kd 4c 9s 2d", "2c 3c 5d 7h 9h Js Kc Ah Qs 4d 8c 8d"),
]


@pytest.mark.parametrize("cards, wild, mine, unseen", LATE_PACK)
def test_brag_late_in_an_unshuffled_pack_against_every_deal(cards, wild, mine, unseen):
    ranker = HandRanker(cards, wild)
    hand = [c.index for c in parse_cards_with_jokers(mine)]
    pool = [c.index for c in parse_cards_with_jokers(unseen)]
    key = ranker.best_key(hand)
    counted = beat_counts(ranker, key, pool, 7)
    assert [c.opponents for c in counted] == list(range(1, exact_up_to(cards) + 1))
    for c in counted:
        assert (c.beat, c.not_beaten, c.deals) == brute_beat(ranker, key, pool, c.opponents), c


def test_the_vectorised_keys_are_the_rankers():
    rng = random.Random(3)
    for cards, wild, size in ((3, "none", 52), (3, "braggers", 52), (4, "twos", 52), (4, "jokers", 54), (5, "none", 52)):
        ranker = HandRanker(cards, wild)
        table = all_hands(cards, wild, size)
        for row in rng.sample(range(len(table.keys)), 300):
            assert table.keys[row] == ranker.best_key([int(c) for c in table.cards[row]])


def simulate_by_hand(ranker: HandRanker, mine: int, unseen: list[int], k: int, deals: int, seed: int):
    rng = random.Random(seed)
    m = ranker.cards
    beat = not_beaten = 0
    for _ in range(deals):
        cards = rng.sample(unseen, k * m)
        keys = [ranker.best_key(cards[i * m:(i + 1) * m]) for i in range(k)]
        beat += max(keys) < mine
        not_beaten += max(keys) <= mine
    return beat / deals, not_beaten / deals


def close(exact: float, estimate: float, deals: int) -> bool:
    sd = sqrt(max(exact * (1 - exact), 1e-12) / deals)
    return abs(exact - estimate) <= 4.5 * sd + 1e-12


@pytest.mark.parametrize("cards, wild, mine, k, deals", [
    (3, "none", "Ah Kd 9c", 3, 60_000),
    (3, "none", "Qh Qd 4c", 3, 60_000),
    (3, "jokers", "Th 9h 8h", 3, 40_000),
    (4, "none", "Kh Kd 4c 9s", 2, 30_000),
    (5, "none", "Ah Kd Qc 9s 2d", 2, 8_000),
])
def test_the_full_pack_against_a_large_simulation(cards, wild, mine, k, deals):
    ranker = HandRanker(cards, wild)
    hand = idx(mine)
    size = 54 if wild == "jokers" else 52
    unseen = [c for c in range(size) if c not in hand]
    key = ranker.best_key(hand)
    exact = beat_counts(ranker, key, unseen, k)[k - 1]
    beat, not_beaten = simulate_by_hand(ranker, key, unseen, k, deals, seed=k * 1000 + cards)
    assert close(exact.beat / exact.deals, beat, deals)
    assert close(exact.not_beaten / exact.deals, not_beaten, deals)
    # the module's own simulation (used beyond the exact range) agrees with the count as well
    sim = simulate_counts(ranker, key, unseen, k, 40_000, "check")[k - 1]
    assert close(exact.beat / exact.deals, sim.beat / sim.deals, sim.deals)


def test_the_simulation_is_reproducible_and_stops_when_the_cards_run_out():
    ranker = HandRanker()
    hand = idx("Ah Kd 9c")
    unseen = [c for c in range(52) if c not in hand]
    key = ranker.best_key(hand)
    one = simulate_counts(ranker, key, unseen, 7, 5_000, "same")
    assert one == simulate_counts(ranker, key, unseen, 7, 5_000, "same")
    assert [c.opponents for c in one] == list(range(1, 8))
    assert all(a.beat >= b.beat for a, b in zip(one, one[1:]))  # beating more hands is never likelier
    few = unseen[:10]
    assert [c.opponents for c in simulate_counts(ranker, key, few, 7, 100, "few")] == [1, 2, 3]
    assert [c.opponents for c in beat_counts(ranker, key, few, 7)] == [1, 2, 3]
    assert beat_counts(ranker, key, few[:5], 7)[0].deals == 10 and len(beat_counts(ranker, key, few[:5], 7)) == 1


def test_a_prial_of_aces_beats_everything_and_the_worst_hand_nothing():
    ranker = HandRanker()
    for mine, beat in (("3h 3d 3s", True), ("5c 3d 2h", False)):  # in Brag a prial of threes is the top
        hand = idx(mine)
        unseen = [c for c in range(52) if c not in hand]
        for c in beat_counts(ranker, ranker.best_key(hand), unseen, 3):
            assert (c.beat == c.deals) is beat and (c.beat == 0) is (not beat)
            assert c.deals == ordered_deals(49, 3, c.opponents)
    assert Fraction(ordered_deals(49, 3, 1)) == 18424
