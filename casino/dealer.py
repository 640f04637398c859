"""What the dealer holds against each player hand, counted exactly by card removal.

For every player hand P, the 18,424 dealer hands drawn from the other 49 cards split into: the dealer
does not qualify, the player's hand is higher, equal, or lower. Counting them pair by pair would take
407,170,400 comparisons; instead we count by inclusion-exclusion over the cards P removes::

    #{D disjoint from P : s(D) < r}  =  A(r) - sum_c B_c(r) + sum_{c<c'} C_cc'(r) - [s(P) < r]

where A, B_c and C_cc' are cumulative counts of all hands, hands holding card c, and hands holding
cards c and c', by strength. Those are three ``bincount``/``cumsum`` tables (1 + 52 + 1,326 rows),
after which every player hand needs eight lookups. See ``docs/maths.md``.

    >>> from casino.dealer import dealer_outcomes
    >>> d = dealer_outcomes("poker", "Q-high")
    >>> int(d.not_qualify.sum() + d.win.sum() + d.tie.sum() + d.lose.sum())
    407170400

These tables depend on the ranking and the qualifier only, so they are built once and reused by
every paytable, strategy and rule that is analysed with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from casino.hands import N_DEALER_HANDS, HandTable, hand_table, pair_index

__all__ = ["DealerOutcomes", "dealer_outcomes", "count_below"]


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


class _CumulativeCounts:
    """``below(r)``: for every player hand, how many disjoint dealer hands have strength < r.

    Each table is one flat cumulative sum over (group, strength) cells; a group's count below r is
    ``cum[group * width + r] - cum[group * width]`` (one 1-D ``cumsum`` is much faster than a 2-D one).
    """

    def __init__(self, table: HandTable) -> None:
        strength = table.strength.astype(np.int64)
        width = table.n_strengths + 1  # cell r of a group holds the hands of strength r - 1
        cards = table.cards.astype(np.int64)
        a, b, c = cards[:, 0], cards[:, 1], cards[:, 2]
        pairs = np.stack([pair_index(a, b), pair_index(a, c), pair_index(b, c)], axis=1)

        def cumulative(groups: np.ndarray, n_groups: int) -> tuple[np.ndarray, np.ndarray]:
            cells = (groups * width + strength[:, None] + 1).ravel()
            cum = np.cumsum(np.bincount(cells, minlength=n_groups * width), dtype=np.int32)
            return cum, groups * width

        self.strength = strength
        self.all, _ = cumulative(np.zeros((len(strength), 1), dtype=np.int64), 1)
        self.by_card, self.card_cells = cumulative(cards, 52)
        self.by_pair, self.pair_cells = cumulative(pairs, 1326)
        self.card_base = self.by_card[self.card_cells].sum(axis=1, dtype=np.int64)
        self.pair_base = self.by_pair[self.pair_cells].sum(axis=1, dtype=np.int64)

    def below(self, r: np.ndarray) -> np.ndarray:
        """Dealer hands disjoint from each player hand whose strength is below ``r`` (per hand)."""
        r = np.broadcast_to(np.asarray(r, dtype=np.int64), self.strength.shape)
        column = r[:, None]
        by_card = self.by_card[self.card_cells + column].sum(axis=1, dtype=np.int64) - self.card_base
        by_pair = self.by_pair[self.pair_cells + column].sum(axis=1, dtype=np.int64) - self.pair_base
        return self.all[r].astype(np.int64) - by_card + by_pair - (self.strength < r)


@cache
def _cumulative(ranking_name: str) -> _CumulativeCounts:
    return _CumulativeCounts(hand_table(ranking_name))


def count_below(ranking: str, strength: np.ndarray | int) -> np.ndarray:
    """For each of the 22,100 player hands, the disjoint dealer hands weaker than ``strength``."""
    return _cumulative(ranking).below(np.asarray(strength))


def dealer_outcomes(ranking: str, qualifier: str) -> DealerOutcomes:
    """Exact dealer-outcome counts per player hand for a ranking and qualifier (cached)."""
    table = hand_table(ranking)
    return _dealer_outcomes(table.ranking.name, table.threshold(qualifier), qualifier)


@cache
def _dealer_outcomes(ranking_name: str, q: int, qualifier: str) -> DealerOutcomes:
    counts = _cumulative(ranking_name)
    s = counts.strength
    below_q = counts.below(q)
    below_s = counts.below(s)
    below_s_or_equal = counts.below(s + 1)
    win = np.maximum(below_s - below_q, 0)
    tie = np.where(s >= q, below_s_or_equal - below_s, 0)
    lose = N_DEALER_HANDS - np.maximum(below_s_or_equal, below_q)
    arrays = {"not_qualify": below_q, "win": win, "tie": tie, "lose": lose}
    for array in arrays.values():
        array.setflags(write=False)
    return DealerOutcomes(
        table=hand_table(ranking_name), qualifier=qualifier, qualifier_strength=q, **arrays
    )
