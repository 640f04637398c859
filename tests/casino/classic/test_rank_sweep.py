"""The sweep over ranks (:mod:`tests.casino.classic.rank_sweep`) against every deal on small packs, against
the product's exact counts on the full pack, and against the count by ranks for more opponents."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest

from casino.besthand import HandRanker
from casino.cards import parse_cards
from casino.classic.equity_count import beat_counts
from tests.casino.classic.rank_count import weaker_deals
from tests.casino.classic.rank_sweep import sweep_counts

RANKER = HandRanker()


def every_deal(unseen: list[int], weighs, k: int) -> list[int]:
    """Ordered deals of 1..k disjoint hands, all weighing 1, by trying every deal."""
    masks = [sum(1 << c for c in h) for h in combinations(sorted(unseen), 3) if weighs(RANKER.three_key(*h))]

    @cache
    def deals(used: int, j: int) -> int:
        return 1 if j == 0 else sum(deals(used | m, j - 1) for m in masks if not used & m)

    return [deals(0, j) for j in range(1, k + 1)]


@pytest.mark.parametrize("seed", range(6))
def test_the_sweep_agrees_with_every_deal_on_small_packs(seed):
    """Random hands of every kind, 13 unseen cards (suits unlike each other), up to four opponents: the
    weaker deals and the not-stronger ones."""
    rng = random.Random(seed)
    for _ in range(4):
        mine = rng.sample(range(52), 3)
        key = RANKER.three_key(*mine)
        unseen = rng.sample([c for c in range(52) if c not in mine], 13)
        for weighs in (lambda x: x < key, lambda x: x <= key):
            assert sweep_counts(RANKER, unseen, weighs, 4) == every_deal(unseen, weighs, 4)


@pytest.mark.parametrize("text", ["3s 3h 3d", "Ah Kh Qh", "As 2h 3d", "Ks Kh Kd", "2c 3c 4c"])
def test_the_sweep_agrees_with_the_products_count_on_the_full_pack(text):
    """The whole pack less your cards, one to three opponents (the product counts those exactly)."""
    mine = [c.index for c in parse_cards(text)]
    key = RANKER.three_key(*mine)
    unseen = [c for c in range(52) if c not in mine]
    counted = beat_counts(RANKER, key, unseen, 3)
    assert sweep_counts(RANKER, unseen, lambda x: x < key, 3) == [c.beat for c in counted]
    assert sweep_counts(RANKER, unseen, lambda x: x <= key, 3) == [c.not_beaten for c in counted]


def test_the_sweep_agrees_with_the_count_by_ranks_for_five_opponents():
    """Two independent counts for every k: 20 unseen cards, five opponents."""
    rng = random.Random(20261202)
    for _ in range(3):
        mine = rng.sample(range(52), 3)
        key = RANKER.three_key(*mine)
        unseen = sorted(rng.sample([c for c in range(52) if c not in mine], 20))
        assert sweep_counts(RANKER, unseen, lambda x: x < key, 5) == weaker_deals(RANKER, unseen, lambda x: x < key, 5)


def test_every_hand_is_weighed_once_by_its_terms():
    """The terms of a top rank, summed over every hand with that top, give the number of weaker hands: for
    each kind of key, the terms' hands (counted by rank and suit pattern) equal a direct count."""
    for text in ("Qs Qh 7d", "Kh 9h 4h", "7s 5h 2d", "As 2h 3d", "Jc Tc 9c"):
        key = RANKER.three_key(*[c.index for c in parse_cards(text)])
        weighs = lambda x: x < key  # noqa: E731
        unseen = list(range(52))
        stats: dict[str, int] = {}
        assert sweep_counts(RANKER, unseen, weighs, 1, stats) == [
            sum(1 for h in combinations(unseen, 3) if weighs(RANKER.three_key(*h)))]
        assert stats["widest"] > 0
