"""6 Card Bonus counts: the best five-card poker hand in the player's and the dealer's six cards.

The 20,358,520 six-card sets are counted exactly in a few milliseconds, by rank pattern. A set
with no suit holding five cards is classified by its ranks alone (quads, full house, straight,
three of a kind), and each multiset of six ranks stands for ``prod(C(4, k))`` such sets. Five or
six cards of one suit rule out a full house or quads (five suited cards have five ranks, so the
sixth card makes a pair at most), so the flush sets are counted apart — per suit, six ranks of
the suit, or five ranks of it and any card of another suit — and moved from the rank-pattern
category they were counted in to their flush category::

    >>> from casino.sidebets.six_card import six_card_counts
    >>> counts = six_card_counts()
    >>> counts["royal_flush"], counts["high_card"], sum(counts.values())
    (188, 6612900, 20358520)

:func:`count_by_enumeration` checks this by classifying every one of the sets with the same
classifier the table settles with (numpy, about a second). A set ``c0 < … < c5`` splits uniquely
into its low three and high three cards, and in colex order the low triples below card ``m`` are
exactly the first ``C(m, 3)`` hands, so one broadcast OR of 52-bit card masks per smallest high
card ``m`` lists every set once. Each set is then classified from four 13-bit suit masks: quads /
full house / trips from how many suits hold each rank, flush from a suit with five cards,
straights by a lookup over the 8,192 rank masks, two pair / pair from how many ranks two suits share.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np

from casino.hands import hand_table

__all__ = ["SIX_CARD_HANDS", "six_card_counts", "count_by_enumeration", "N_SIX_CARD_SETS"]

#: The hands a 6 Card Bonus can pay, best first: every five-card poker hand (most tables pay three of a
#: kind and up; two pair, pair and high card can be paid too, and are always reported).
SIX_CARD_HANDS = (
    "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
    "two_pair", "pair", "high_card",
)
N_SIX_CARD_SETS = comb(52, 6)  # 20,358,520

_ROYAL = 0b1_1111_0000_0000  # ten to ace


def _straight_lookup() -> np.ndarray:
    """For each 13-bit rank mask (bit 0 = deuce … bit 12 = ace): does it hold five ranks in a row?"""
    masks = np.arange(1 << 13, dtype=np.int64)
    found = np.zeros(1 << 13, dtype=bool)
    for low in range(9):  # 2-6 up to 10-A
        run = 0b11111 << low
        found |= (masks & run) == run
    wheel = (1 << 12) | 0b1111  # A-2-3-4-5
    found |= (masks & wheel) == wheel
    return found


def _classify(mask: np.ndarray, straight: np.ndarray) -> np.ndarray:
    """Category index (0 = royal flush … 9 = high card, as :data:`SIX_CARD_HANDS`) per 52-bit suit-major mask."""
    s = [(mask >> (13 * k)) & 0x1FFF for k in range(4)]
    counts = [np.bitwise_count(x) for x in s]
    ranks = s[0] | s[1] | s[2] | s[3]
    two = (s[0] & s[1]) | (s[0] & s[2]) | (s[0] & s[3]) | (s[1] & s[2]) | (s[1] & s[3]) | (s[2] & s[3])
    three = (s[0] & s[1] & s[2]) | (s[0] & s[1] & s[3]) | (s[0] & s[2] & s[3]) | (s[1] & s[2] & s[3])
    four = s[0] & s[1] & s[2] & s[3]
    flush_bits = np.zeros_like(mask)
    for k in range(4):
        flush_bits = np.where(counts[k] >= 5, s[k], flush_bits)
    flush = flush_bits != 0
    straight_flush = flush & straight[flush_bits]
    category = np.full(mask.shape, _HIGH_CARD, dtype=np.int8)
    # Weakest first, so that stronger hands overwrite.
    paired = np.bitwise_count(two)  # ranks held twice or more
    category[paired == 1] = _PAIR
    category[paired >= 2] = _TWO_PAIR
    category[three != 0] = 6
    category[straight[ranks]] = 5
    category[flush] = 4
    category[(three != 0) & (np.bitwise_count(two) >= 2)] = 3
    category[four != 0] = 2
    category[straight_flush] = 1
    category[straight_flush & ((flush_bits & _ROYAL) == _ROYAL)] = 0
    return category


_ROYAL_FLUSH, _STRAIGHT_FLUSH, _QUADS, _FULL_HOUSE, _FLUSH, _STRAIGHT, _TRIPS, _TWO_PAIR, _PAIR, _HIGH_CARD = range(10)
_N = len(SIX_CARD_HANDS)


def _rank_masks(k: int) -> np.ndarray:
    """The 13-bit masks of every set of ``k`` different ranks."""
    return np.array([sum(1 << r for r in ranks) for ranks in combinations(range(13), k)], dtype=np.int64)


@cache
def _counts() -> tuple[int, ...]:
    """Counts per category (0 = royal flush … 9 = high card), by rank pattern (see the module docstring)."""
    straight = _straight_lookup()
    totals = np.zeros(_N, dtype=np.int64)
    # Every multiset of six ranks (at most four of a rank), as if no suit held five cards.
    ranks = np.array(list(combinations_with_replacement(range(13), 6)), dtype=np.int64)
    held = np.zeros((len(ranks), 13), dtype=np.int64)
    np.add.at(held, (np.arange(len(ranks))[:, None], ranks), 1)
    ways = np.array([1, 4, 6, 4, 1, 0, 0], dtype=np.int64)[held].prod(axis=1)  # C(4, k) per rank
    mask = ((held > 0) << np.arange(13, dtype=np.int64)).sum(axis=1)
    trips, pairs = (held == 3).sum(axis=1), (held == 2).sum(axis=1)
    category = np.full(len(ranks), _HIGH_CARD, dtype=np.int64)
    category[pairs == 1] = _PAIR
    category[pairs >= 2] = _TWO_PAIR  # three pairs play as two pair
    category[trips == 1] = _TRIPS
    category[straight[mask]] = _STRAIGHT
    category[(trips == 2) | ((trips == 1) & (pairs >= 1))] = _FULL_HOUSE
    category[(held == 4).any(axis=1)] = _QUADS
    totals += np.bincount(category, weights=ways, minlength=_N).astype(np.int64)

    def flush_category(suited: np.ndarray) -> np.ndarray:
        out = np.where(straight[suited], _STRAIGHT_FLUSH, _FLUSH)
        return np.where((suited & _ROYAL) == _ROYAL, _ROYAL_FLUSH, out)

    def move(suited: np.ndarray, all_ranks: np.ndarray, sets_each: int) -> None:
        # Those sets were counted by their ranks (a straight, else a pair when the sixth card pairs
        # one of the five, else high card: no trips with five ranks suited); they belong to their
        # flush category instead.
        by_ranks = np.where(np.bitwise_count(all_ranks) == 5, _PAIR, _HIGH_CARD)
        totals[:] += sets_each * np.bincount(flush_category(suited), minlength=_N)
        totals[:] -= sets_each * np.bincount(np.where(straight[all_ranks], _STRAIGHT, by_ranks), minlength=_N)

    six = _rank_masks(6)
    move(six, six, 4)  # all six cards of one suit: 4 suits
    five = np.repeat(_rank_masks(5), 13)
    sixth = np.tile(np.int64(1) << np.arange(13, dtype=np.int64), len(five) // 13)
    move(five, five | sixth, 4 * 3)  # five of one suit (4) and a card of another suit (3 per rank)
    return tuple(int(t) for t in totals)


def count_by_enumeration() -> tuple[int, ...]:
    """Counts per category by classifying all 20,358,520 six-card sets (the check of :func:`_counts`)."""
    cards = hand_table("poker").cards.astype(np.int64)  # colex order, each row ascending
    rank, suit = cards // 4, cards % 4
    masks = np.bitwise_or.reduce(np.int64(1) << (suit * 13 + rank), axis=1)
    straight = _straight_lookup()
    totals = np.zeros(_N, dtype=np.int64)
    for m in range(3, 50):
        low = masks[: comb(m, 3)]
        high = masks[cards[:, 0] == m]
        block = (low[:, None] | high[None, :]).ravel()
        totals += np.bincount(_classify(block, straight), minlength=_N)
    return tuple(int(t) for t in totals)


def six_card_counts() -> dict[str, int]:
    """How many of the 20,358,520 six-card sets make each hand (best first, down to high card)."""
    return dict(zip(SIX_CARD_HANDS, _counts()))
