"""Four-card games: player and dealer each dealt four cards, each playing their best three.

A hand of four is worth its best three cards under the game's ranking (and, when the game says the
discard breaks ties, the rank of the card left out next: the higher discard wins). The exact
calculator counts every player hand against every dealer hand of the 48 cards left, by
inclusion-exclusion over the cards the player holds, as the three-card calculator does
(:mod:`casino.dealer`)::

    #{D disjoint from P : s(D) < r}  =  sum over S subset of P of (-1)^|S| #{D containing S : s(D) < r}

The 16 subsets S of the player's four cards: the empty set (all 270,725 hands), 4 single cards,
6 pairs, 4 triples and P itself. Strength ignores suit names, so ``#{D containing S : s(D) < r}``
depends only on S's class under the 24 permutations of the suits: 13 classes of one card, 169 of
two and 1,755 of three. Each class's cumulative count by strength is the histogram of the hands
holding any member of the class, divided by the class size (every member has the same count), so
all of them come from one pass over the 270,725 hands and their 4 + 6 + 4 subsets::

    >>> from casino.maths.four_card import four_card_outcomes
    >>> d = four_card_outcomes("brag", "Q-high", discard_breaks_ties=False)
    >>> len(d.win), int(d.not_qualify[0] + d.win[0] + d.tie[0] + d.lose[0])
    (270725, 194580)
    >>> int((d.not_qualify + d.win + d.tie + d.lose).sum()) == 270725 * 194580
    True

See ``docs/maths.md`` (four-card counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from math import comb

import numpy as np

from casino.dealer import split_outcomes
from casino.hands import HandTable, hand_table
from casino.rankings import Ranking, get_ranking

__all__ = ["N_FOUR_CARD_HANDS", "N_FOUR_CARD_DEALER_HANDS", "FourCardTable", "four_card_table",
           "four_card_outcomes", "FourCardOutcomes", "four_card_index"]

N_FOUR_CARD_HANDS = comb(52, 4)  # 270,725
N_FOUR_CARD_DEALER_HANDS = comb(48, 4)  # 194,580 dealer hands once the player holds four cards

# The four three-card subsets of a sorted four-card hand (kept columns) and the column left out.
_KEPT = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))
_LEFT_OUT = (0, 1, 2, 3)
_PAIRS = tuple(combinations(range(4), 2))


def _colex(cards: np.ndarray) -> np.ndarray:
    """Colex index of sets given as sorted rows (any width)."""
    out = np.zeros(cards.shape[0], dtype=np.int64)
    for k in range(cards.shape[1]):
        c = cards[:, k].astype(np.int64)
        term = np.ones_like(c)
        for j in range(k + 1):
            term = term * (c - j)
        out += term // int(np.prod(np.arange(1, k + 2)))
    return out


def four_card_index(cards: np.ndarray) -> np.ndarray:
    """Colex row (0-270,724) of four-card hands given as (n, 4) card indices in any order."""
    return _colex(np.sort(np.asarray(cards, dtype=np.int64), axis=-1))


def _all_four(triples: np.ndarray) -> np.ndarray:
    """All (c0 < c1 < c2 < c3) in colex order: for each top card, every triple below it (colex rows)."""
    per_top = np.array([comb(t, 3) for t in range(52)], dtype=np.int64)
    top = np.repeat(np.arange(52), per_top)
    first = np.cumsum(per_top) - per_top
    triple = np.arange(len(top)) - first[top]
    return np.concatenate([triples[triple], top[:, None]], axis=1)


@dataclass(frozen=True, eq=False)
class FourCardTable:
    """All 270,725 four-card hands of one ranking: ``cards`` (n, 4), the best three's colex row
    ``best_row`` in the three-card table, ``key`` (the comparable value) and ``strength`` (dense rank)."""

    ranking: Ranking
    three: HandTable
    discard_breaks_ties: bool
    cards: np.ndarray
    best_row: np.ndarray
    key: np.ndarray
    strength: np.ndarray
    pay_class: np.ndarray  # the pay class (category or special hand) of each hand's best three
    category: np.ndarray  # the category of each hand's best three

    def strength_of_three(self, three_strength: int) -> int:
        """The weakest four-card strength whose best three is at least ``three_strength`` (a qualifier)."""
        keys = np.unique(self.key)
        scale = 13 if self.discard_breaks_ties else 1
        return int(np.searchsorted(keys, three_strength * scale))


@cache
def _four_card_table(ranking: Ranking, discard_breaks_ties: bool) -> FourCardTable:
    three = hand_table(ranking)
    cards = _all_four(three.cards.astype(np.int64))
    rows = np.stack([_colex(cards[:, list(kept)]) for kept in _KEPT], axis=1)
    strengths = three.strength[rows]
    best = np.argmax(strengths, axis=1)  # equal strengths leave out cards of one rank: any will do
    best_strength = strengths[np.arange(len(cards)), best]
    key = best_strength.astype(np.int64)
    if discard_breaks_ties:
        discard = cards[np.arange(len(cards)), best] // 4  # the column left out is the kept index
        key = key * 13 + discard
    present = np.zeros(int(key.max()) + 1, dtype=np.int64)
    present[key] = 1
    strength = (np.cumsum(present) - 1)[key]
    best_row = rows[np.arange(len(cards)), best]
    arrays = {"cards": cards.astype(np.int8), "best_row": best_row.astype(np.int32), "key": key,
              "strength": strength.astype(np.int32), "pay_class": three.pay_class[best_row],
              "category": three.category[best_row]}
    for array in arrays.values():
        array.setflags(write=False)
    return FourCardTable(ranking=ranking, three=three, discard_breaks_ties=discard_breaks_ties, **arrays)


def four_card_table(ranking: str | Ranking, discard_breaks_ties: bool = False) -> FourCardTable:
    """The table of all 270,725 four-card hands for a ranking, built once."""
    return _four_card_table(get_ranking(ranking), discard_breaks_ties)


def _suit_classes(cards: np.ndarray) -> np.ndarray:
    """Class id per set (rows of sorted card indices): the smallest colex index over the 24 suit
    permutations, so sets that differ only by suit names share it."""
    rank, suit = cards // 4, cards % 4
    best = None
    for perm in permutations(range(4)):
        mapped = np.sort(rank * 4 + np.array(perm)[suit], axis=1)
        index = _colex(mapped)
        best = index if best is None else np.minimum(best, index)
    assert best is not None
    return best


@cache
def _class_ids(k: int) -> tuple[np.ndarray, int]:
    """For every k-card set (colex row), a compact class id; and the number of classes."""
    sets = np.array(list(combinations(range(52), k)), dtype=np.int64)
    rows = _colex(sets)
    canonical = np.empty(len(sets), dtype=np.int64)
    canonical[rows] = _suit_classes(sets)
    _, compact = np.unique(canonical, return_inverse=True)
    return compact.astype(np.int64), int(compact.max()) + 1


class _FourCardCounts:
    """``below(r)``: for every player hand, the disjoint dealer hands with strength below ``r``."""

    def __init__(self, table: FourCardTable) -> None:
        strength = table.strength.astype(np.int64)
        width = int(strength.max()) + 2  # cell r of a class holds the hands of strength r - 1
        cards = table.cards.astype(np.int64)
        self.strength = strength
        self.width = width
        self.all = np.cumsum(np.bincount(strength + 1, minlength=width), dtype=np.int64)
        self.tables: list[np.ndarray] = []
        self.cells: list[list[np.ndarray]] = []
        for k, subsets in ((1, [(i,) for i in range(4)]), (2, _PAIRS), (3, _KEPT)):
            ids, n_classes = _class_ids(k)
            members = np.bincount(ids, minlength=n_classes)
            rows = [ids[_colex(cards[:, list(s)])] for s in subsets]
            cells = np.concatenate([r * width + strength + 1 for r in rows])
            hist = np.bincount(cells, minlength=n_classes * width).reshape(n_classes, width)
            # Every member of a class is held by the same number of hands of each strength.
            assert not (hist % members[:, None]).any()
            self.tables.append(np.cumsum((hist // members[:, None]).ravel(), dtype=np.int64))
            self.cells.append([np.ascontiguousarray(r * width) for r in rows])

    def below(self, r: np.ndarray | int) -> np.ndarray:
        r = np.broadcast_to(np.asarray(r, dtype=np.int64), self.strength.shape)
        total = self.all[r] + (self.strength < r)  # the empty subset, and the player's own four cards
        for sign, table, cells in zip((-1, 1, -1), self.tables, self.cells):
            part = np.zeros_like(total)
            for c in cells:
                part += table[c + r] - table[c]
            total += sign * part
        counts: np.ndarray = total
        return counts


@dataclass(frozen=True, eq=False)
class FourCardOutcomes:
    """Per player hand (270,725 rows): dealer hands that don't qualify, lose to, tie or beat the player."""

    table: FourCardTable
    qualifier: str
    qualifier_strength: int
    not_qualify: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    lose: np.ndarray


@cache
def _counts(ranking: Ranking, discard_breaks_ties: bool) -> _FourCardCounts:
    return _FourCardCounts(_four_card_table(ranking, discard_breaks_ties))


def four_card_outcomes(ranking: str | Ranking, qualifier: str, discard_breaks_ties: bool = False) -> FourCardOutcomes:
    """Exact dealer-outcome counts per four-card player hand (cached per ranking, qualifier and tie rule)."""
    return _outcomes(get_ranking(ranking), qualifier, discard_breaks_ties)


@cache
def _outcomes(ranking: Ranking, qualifier: str, discard_breaks_ties: bool) -> FourCardOutcomes:
    table = _four_card_table(ranking, discard_breaks_ties)
    counts = _counts(ranking, discard_breaks_ties)
    q = table.strength_of_three(table.three.threshold(qualifier))
    arrays = split_outcomes(counts.below, counts.strength, q, N_FOUR_CARD_DEALER_HANDS)
    return FourCardOutcomes(table=table, qualifier=qualifier, qualifier_strength=q, **arrays)


def clear_caches() -> None:
    """Forget the four-card tables (for benchmarks that time an analysis from scratch)."""
    _four_card_table.cache_clear()
    _class_ids.cache_clear()
    _counts.cache_clear()
    _outcomes.cache_clear()
