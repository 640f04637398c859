"""What the dealer holds against each player hand, counted exactly by card removal.

For every player hand P, the 18,424 dealer hands drawn from the other 49 cards split into: the dealer
does not qualify, the player's hand is higher, equal, or lower. Counting them pair by pair would take
407,170,400 comparisons; instead we count by inclusion-exclusion over the cards P removes::

    #{D disjoint from P : s(D) < r}  =  A(r) - sum_c B_c(r) + sum_{c<c'} C_cc'(r) - [s(P) < r]

where A, B_c and C_cc' are cumulative counts of all hands, hands holding card c, and hands holding
cards c and c', by strength. Strength ignores suits, so B_c depends only on the rank of c, and C_cc'
only on the two ranks and whether c and c' are suited: 1 + 13 + 169 small cumulative tables built
from one representative card or pair each, after which every player hand needs eight lookups.
See ``docs/maths.md``.

    >>> from casino.dealer import dealer_outcomes
    >>> d = dealer_outcomes("poker", "Q-high")
    >>> int(d.not_qualify.sum() + d.win.sum() + d.tie.sum() + d.lose.sum())
    407170400

These tables depend on the ranking and the qualifier only, so they are built once and reused by
every paytable, strategy and rule that is analysed with them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from casino.hands import N_DEALER_HANDS, HandTable, hand_table
from casino.rankings import Ranking, get_ranking

__all__ = ["DealerOutcomes", "dealer_outcomes", "count_below", "clear_caches"]


@dataclass(frozen=True, eq=False)
class DealerOutcomes:
    """Per player hand (22,100 rows): dealer hands that don't qualify, lose to, tie or beat the player."""

    table: HandTable
    qualifier: str
    qualifier_strength: int
    not_qualify: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    lose: np.ndarray


def _pair_class(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Suit-symmetry class (0-168) of the two-card sets {a, b}, a < b: ranks, and suited or not."""
    ra, rb = a // 4, b // 4
    suited = (a % 4 == b % 4).astype(np.int64)
    return np.where(ra == rb, ra, 13 + (rb * (rb - 1) // 2 + ra) * 2 + suited)


def _pair_lookup() -> tuple[np.ndarray, np.ndarray]:
    """52 x 52 lookups for a < b: the class of {a, b}, and whether {a, b} is its class's representative
    (the first card of each rank's lowest suits: 2c-2d for a pair of 2s, 2c-3c suited, 2c-3d offsuit …)."""
    a, b = np.triu_indices(52, 1)
    classes = np.full((52, 52), -1, dtype=np.int64)
    classes[a, b] = _pair_class(a, b)
    ra, rb = a // 4, b // 4
    representative = np.zeros((52, 52), dtype=bool)
    representative[a, b] = (a % 4 == 0) & np.where(ra == rb, b % 4 == 1, (b % 4 == 0) | (b % 4 == 1))
    return classes, representative


_PAIR_CLASS, _PAIR_IS_REPRESENTATIVE = _pair_lookup()


class _CumulativeCounts:
    """``below(r)``: for every player hand, how many disjoint dealer hands have strength < r.

    Each table is one flat cumulative sum over (class, strength) cells; a class's count below r is
    ``cum[class * width + r] - cum[class * width]``.
    """

    def __init__(self, table: HandTable) -> None:
        strength = table.strength.astype(np.int64)
        width = table.n_strengths + 1  # cell r of a class holds the hands of strength r - 1
        cards = table.cards.astype(np.int64)
        a, b, c = cards[:, 0], cards[:, 1], cards[:, 2]

        def cumulative(classes: np.ndarray, counted: np.ndarray, n_classes: int) -> np.ndarray:
            """Cumulative counts by strength of the hands holding each class's representative."""
            cells = (classes * width + strength[:, None] + 1)[counted]
            return np.cumsum(np.bincount(cells, minlength=n_classes * width), dtype=np.int64)

        card_classes = cards // 4
        pair_classes = np.stack([_PAIR_CLASS[x, y] for x, y in ((a, b), (a, c), (b, c))], axis=1)
        representative = np.stack([_PAIR_IS_REPRESENTATIVE[x, y] for x, y in ((a, b), (a, c), (b, c))], axis=1)
        self.strength = strength
        self.all = np.cumsum(np.bincount(strength + 1, minlength=width), dtype=np.int64)
        self.by_card = cumulative(card_classes, cards % 4 == 0, 13)  # the club of each rank stands for its rank
        self.by_pair = cumulative(pair_classes, representative, 169)
        # Row offsets of each player hand's three cards and three pairs in those tables.
        self.card_cells = [np.ascontiguousarray(x) for x in (card_classes * width).T]
        self.pair_cells = [np.ascontiguousarray(x) for x in (pair_classes * width).T]
        self.base = self._removed(0)

    def _removed(self, r: np.ndarray | int) -> np.ndarray:
        """Per hand: sum of its cards' cumulative counts minus its pairs', at column r."""
        card, pair = self.by_card, self.by_pair
        c0, c1, c2 = self.card_cells
        p0, p1, p2 = self.pair_cells
        removed: np.ndarray = card[c0 + r] + card[c1 + r] + card[c2 + r] - pair[p0 + r] - pair[p1 + r] - pair[p2 + r]
        return removed

    def below(self, r: np.ndarray | int) -> np.ndarray:
        """Dealer hands disjoint from each player hand whose strength is below ``r`` (per hand)."""
        r = np.broadcast_to(np.asarray(r, dtype=np.int64), self.strength.shape)
        counts: np.ndarray = self.all[r] - (self._removed(r) - self.base) - (self.strength < r)
        return counts


@cache
def _cumulative(ranking: Ranking) -> _CumulativeCounts:
    return _CumulativeCounts(hand_table(ranking))


def count_below(ranking: str | Ranking, strength: np.ndarray | int) -> np.ndarray:
    """For each of the 22,100 player hands, the disjoint dealer hands weaker than ``strength``."""
    return _cumulative(get_ranking(ranking)).below(np.asarray(strength))


def dealer_outcomes(ranking: str | Ranking, qualifier: str) -> DealerOutcomes:
    """Exact dealer-outcome counts per player hand for a ranking and qualifier (cached)."""
    return _dealer_outcomes(get_ranking(ranking), qualifier)


def clear_caches() -> None:
    """Forget every table built so far (hand tables, card-removal tables, dealer outcomes): for
    benchmarks that time an analysis from scratch."""
    from casino.hands import _hand_table, _threshold

    _hand_table.cache_clear()
    _threshold.cache_clear()
    _cumulative.cache_clear()
    _dealer_outcomes.cache_clear()


@cache
def _dealer_outcomes(ranking: Ranking, qualifier: str) -> DealerOutcomes:
    return _build_outcomes(ranking, hand_table(ranking).threshold(qualifier), qualifier)


def split_outcomes(below: Callable[[Any], np.ndarray], strength: np.ndarray, q: int,
                   dealer_hands: int) -> dict[str, np.ndarray]:
    """Per player hand, the dealer hands that don't qualify, lose to, tie or beat it, from ``below(r)`` (per
    player hand: the dealer hands left by card removal whose strength is below ``r``), the player's
    ``strength``, the qualifier's strength ``q`` and the number of dealer hands. Read-only arrays, keyed
    ``not_qualify``, ``win``, ``tie``, ``lose``. Shared by the three-card, four-card and wild-card counts."""
    below_q = below(q)
    below_s = below(strength)
    below_s_or_equal = below(strength + 1)
    win = np.maximum(below_s - below_q, 0)
    tie = np.where(strength >= q, below_s_or_equal - below_s, 0)
    lose = dealer_hands - np.maximum(below_s_or_equal, below_q)
    arrays = {"not_qualify": below_q, "win": win, "tie": tie, "lose": lose}
    for array in arrays.values():
        array.setflags(write=False)
    return arrays


def _build_outcomes(ranking: Ranking, q: int, qualifier: str) -> DealerOutcomes:
    counts = _cumulative(ranking)
    arrays = split_outcomes(counts.below, counts.strength, q, N_DEALER_HANDS)
    return DealerOutcomes(
        table=hand_table(ranking), qualifier=qualifier, qualifier_strength=q, **arrays
    )
