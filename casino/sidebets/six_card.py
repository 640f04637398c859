"""6 Card Bonus counts: the best five-card poker hand in the player's and the dealer's six cards.

All 20,358,520 six-card sets are counted exactly with numpy. A six-card set ``c0 < … < c5`` splits
uniquely into its low three and high three cards, and in colex order the low triples below card
``m`` are exactly the first ``C(m, 3)`` hands. So for each smallest high card ``m`` one broadcast
OR of 52-bit card masks enumerates every set once::

    >>> from casino.sidebets.six_card import six_card_counts
    >>> counts = six_card_counts()
    >>> counts["royal_flush"], sum(counts.values())
    (188, 20358520)

Each set is then classified from four 13-bit suit masks: quads/full house/trips from how many suits
hold each rank, flush from a suit with five cards, straights by a lookup over the 8,192 rank masks.
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np

from casino.hands import hand_table

__all__ = ["SIX_CARD_HANDS", "six_card_counts", "N_SIX_CARD_SETS"]

#: The hands a 6 Card Bonus can pay, best first; ``nothing`` is everything below three of a kind.
SIX_CARD_HANDS = (
    "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
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
    """Category index (0 = royal flush … 6 = three of a kind, 7 = nothing) per 52-bit suit-major mask."""
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
    category = np.full(mask.shape, 7, dtype=np.int8)
    # Weakest first, so that stronger hands overwrite.
    category[three != 0] = 6
    category[straight[ranks]] = 5
    category[flush] = 4
    category[(three != 0) & (np.bitwise_count(two) >= 2)] = 3
    category[four != 0] = 2
    category[straight_flush] = 1
    category[straight_flush & ((flush_bits & _ROYAL) == _ROYAL)] = 0
    return category


@cache
def _counts() -> tuple[int, ...]:
    cards = hand_table("poker").cards.astype(np.int64)  # colex order, each row ascending
    rank, suit = cards // 4, cards % 4
    masks = np.bitwise_or.reduce(np.int64(1) << (suit * 13 + rank), axis=1)
    straight = _straight_lookup()
    totals = np.zeros(8, dtype=np.int64)
    for m in range(3, 50):
        low = masks[: comb(m, 3)]
        high = masks[cards[:, 0] == m]
        block = (low[:, None] | high[None, :]).ravel()
        totals += np.bincount(_classify(block, straight), minlength=8)
    return tuple(int(t) for t in totals)


def six_card_counts() -> dict[str, int]:
    """How many of the 20,358,520 six-card sets make each hand (best first), and ``nothing``."""
    counts = _counts()
    return {**dict(zip(SIX_CARD_HANDS, counts)), "nothing": counts[7]}
