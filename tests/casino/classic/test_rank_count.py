"""The hint's counts against an independent count by ranks (:mod:`tests.casino.classic.rank_count`): the
exact figures agree in every variant, and the simulated figures lie within the margin the hint states."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from casino.besthand import HandRanker
from casino.classic.equity_count import beat_counts, exact_up_to, ordered_deals
from casino.classic.hint import beat_chances
from tests.casino.classic.rank_count import weaker_deals

VARIANTS = [(3, "none", 52), (3, "twos", 52), (3, "black-twos", 52), (3, "one-eyed-jacks", 52),
            (3, "suicide-king", 52), (3, "braggers", 52), (3, "jokers", 54), (4, "none", 52),
            (4, "one-eyed-jacks", 52), (5, "none", 52), (5, "twos", 52)]


@pytest.mark.parametrize("cards,wild,size", VARIANTS)
def test_the_exact_counts_agree_with_a_count_by_ranks(cards, wild, size):
    """Random hands, the unseen cards a random part of the pack (as late in an unshuffled pack): beat and
    not-beaten counts for every number of opponents counted exactly."""
    ranker = HandRanker(cards, wild)
    rng = random.Random(f"{cards}{wild}")
    for _ in range(3):
        pack = rng.sample(range(size), cards + {3: 18, 4: 13, 5: 11}[cards])
        mine, unseen = pack[:cards], sorted(pack[cards:])
        key = ranker.best_key(mine)
        counted = beat_counts(ranker, key, unseen, 3, size)
        assert len(counted) == exact_up_to(cards)
        assert [c.beat for c in counted] == weaker_deals(ranker, unseen, lambda x: x < key, len(counted))
        assert [c.not_beaten for c in counted] == weaker_deals(ranker, unseen, lambda x: x <= key, len(counted))


def test_a_count_by_ranks_agrees_with_brute_force_for_four_and_five_hands():
    """The reference itself, for four and five opponents, against every deal of a small set of unseen cards
    (twos wild, so blocks of suited cards and wild cards are both in play)."""
    from functools import cache
    from itertools import combinations

    ranker = HandRanker(3, "twos")
    unseen = (0, 1, 3, 9, 10, 11, 22, 25, 26, 30, 31, 33, 34, 47, 50, 51)
    key = ranker.three_key(40, 41, 20)
    weaker = {h for h in combinations(unseen, 3) if ranker.three_key(*h) < key}

    @cache
    def deals(left: frozenset[int], k: int) -> int:
        if k == 0:
            return 1
        return sum(deals(left - set(h), k - 1) for h in combinations(sorted(left), 3) if h in weaker)

    assert weaker_deals(ranker, list(unseen), lambda x: x < key, 5)[3:] == [deals(frozenset(unseen), 4),
                                                                            deals(frozenset(unseen), 5)]


@pytest.mark.parametrize("mine", [(40, 41, 20), (48, 45, 30), (12, 13, 33)])
def test_simulated_hints_lie_within_their_margin(mine):
    """Four and five opponents, 24 unseen cards: the hint simulates (with a fixed seed) and states a 95 %
    margin; the exact figure is within 3.29 / 1.96 of that margin (a 99.9 % interval), both figures."""
    ranker = HandRanker()
    rng = random.Random(sum(mine))
    unseen = sorted(rng.sample([c for c in range(52) if c not in mine], 24))
    key = ranker.three_key(*mine)
    chances = beat_chances(ranker, list(mine), (), unseen, 5)
    exact = weaker_deals(ranker, unseen, lambda x: x < key, 5)
    for c in chances[3:]:
        assert not c.exact and c.deals > 0 and c.margin > 0
        truth = Fraction(exact[c.opponents - 1], ordered_deals(len(unseen), 3, c.opponents))
        assert abs(float(c.beat - truth)) <= c.margin * 3.29 / 1.96, (c.opponents, float(c.beat), float(truth))
