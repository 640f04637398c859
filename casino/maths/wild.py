"""Three-card games with wild cards: one or two jokers added to the deck, or some of the 52 wild.

A wild card stands for whichever card makes the best hand (as in :mod:`casino.besthand`); at equal
strength a natural hand beats one with wild cards and fewer wild cards beat more. A hand's value is
``strength * 4 + 3 - wilds`` over the game ranking's 22,100-hand strengths, ranked densely.

Counting: a deck of 52 + j cards gives C(52 + j, 3) player hands, each meeting the C(49 + j, 3) hands
of the other cards. Wild cards break the suit symmetry the standard calculator uses (a joker is
no card of any suit, and "twos wild" makes four cards special), so the inclusion-exclusion over the
player's cards uses the actual cards: a cumulative count by value of the hands holding each card
(52 + j rows) and each pair of cards (C(52 + j, 2) rows), built in one pass over the hands::

    #{D disjoint from P : v(D) < r}  =  A(r) - sum_c B_c(r) + sum_{c<c'} C_cc'(r) - [v(P) < r]

    >>> from casino.maths.wild import wild_outcomes
    >>> d = wild_outcomes("brag", "Q-high", jokers=1)
    >>> len(d.win), int(d.not_qualify[0] + d.win[0] + d.tie[0] + d.lose[0])
    (23426, 19600)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np

from casino.dealer import split_outcomes
from casino.hands import HandTable, hand_table
from casino.rankings import Ranking, get_ranking

__all__ = ["WildTable", "wild_table", "wild_outcomes", "WildOutcomes", "wild_cards", "clear_caches"]


def wild_cards(wild: str, jokers: int) -> tuple[int, ...]:
    """The wild card indices of a deck: the named choice's cards of the 52 and the jokers (52, 53)."""
    from casino.besthand import WILD_CARDS

    return tuple(sorted(WILD_CARDS[wild] | set(range(52, 52 + jokers))))


def _colex2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    index: np.ndarray = a + b * (b - 1) // 2
    return index


def _colex3(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    index: np.ndarray = a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6
    return index


@dataclass(frozen=True, eq=False)
class WildTable:
    """All C(52 + jokers, 3) hands of a deck with wild cards: ``cards`` (sorted rows), ``row`` (the
    22,100-table row of the natural hand each stands for), ``wilds`` and ``strength`` (dense)."""

    ranking: Ranking
    three: HandTable
    wild: tuple[int, ...]
    deck: int
    cards: np.ndarray
    row: np.ndarray
    wilds: np.ndarray
    key: np.ndarray
    strength: np.ndarray
    pay_class: np.ndarray
    category: np.ndarray

    def strength_of_three(self, three_strength: int) -> int:
        """The weakest value whose hand stands for at least ``three_strength`` (wild or not): a qualifier."""
        keys = np.unique(self.key)
        return int(np.searchsorted(keys, three_strength * 4))


@cache
def _wild_table(ranking: Ranking, wild: tuple[int, ...], deck: int) -> WildTable:
    three = hand_table(ranking)
    strength3 = three.strength.astype(np.int64)
    c3 = three.cards.astype(np.int64)
    # Best natural hand holding a pair (one wild card) or a card (two wild cards), and its row.
    rows = np.arange(len(c3))
    pair_rows = np.concatenate([_colex2(c3[:, i], c3[:, j]) for i, j in ((0, 1), (0, 2), (1, 2))])
    card_rows = c3.T.ravel()
    tiled, tiled_rows = np.tile(strength3, 3), np.tile(rows, 3)
    with_one = np.full(1326, -1, dtype=np.int64)
    np.maximum.at(with_one, pair_rows, tiled)
    with_one_row = np.zeros(1326, dtype=np.int64)
    best = tiled == with_one[pair_rows]  # hands of equal strength stand for the same ranks and class
    with_one_row[pair_rows[best]] = tiled_rows[best]
    with_two = np.full(52, -1, dtype=np.int64)
    np.maximum.at(with_two, card_rows, tiled)
    with_two_row = np.zeros(52, dtype=np.int64)
    best = tiled == with_two[card_rows]
    with_two_row[card_rows[best]] = tiled_rows[best]
    top_row = int(np.argmax(strength3))

    cards = np.array(list(combinations(range(deck), 3)), dtype=np.int64)  # rows in increasing order
    cards = cards[np.argsort(_colex3(cards[:, 0], cards[:, 1], cards[:, 2]))]  # colex order over the deck
    is_wild = np.zeros(deck, dtype=bool)
    is_wild[list(wild)] = True
    flags = is_wild[cards]
    wilds = flags.sum(axis=1)
    # Naturals first (in increasing order), wild cards pushed to the end as a large index.
    natural = np.sort(np.where(flags, 10_000, cards), axis=1)
    row = np.zeros(len(cards), dtype=np.int64)
    s = np.zeros(len(cards), dtype=np.int64)
    m0 = wilds == 0
    row[m0] = _colex3(natural[m0, 0], natural[m0, 1], natural[m0, 2])
    s[m0] = strength3[row[m0]]
    m1 = wilds == 1
    p = _colex2(natural[m1, 0], natural[m1, 1])
    row[m1], s[m1] = with_one_row[p], with_one[p]
    m2 = wilds == 2
    row[m2], s[m2] = with_two_row[natural[m2, 0]], with_two[natural[m2, 0]]
    m3 = wilds == 3
    row[m3], s[m3] = top_row, strength3[top_row]
    key = s * 4 + 3 - wilds
    present = np.zeros(int(key.max()) + 1, dtype=np.int64)
    present[key] = 1
    dense = (np.cumsum(present) - 1)[key]
    arrays = {"cards": cards.astype(np.int8), "row": row.astype(np.int32), "wilds": wilds.astype(np.int8),
              "key": key, "strength": dense.astype(np.int32), "pay_class": three.pay_class[row],
              "category": three.category[row]}
    for array in arrays.values():
        array.setflags(write=False)
    return WildTable(ranking=ranking, three=three, wild=wild, deck=deck, **arrays)


def wild_table(ranking: str | Ranking, wild: str = "none", jokers: int = 0) -> WildTable:
    """The hands of a deck of 52 + ``jokers`` cards with ``wild`` cards (a :mod:`casino.besthand` choice)."""
    return _wild_table(get_ranking(ranking), wild_cards(wild, jokers), 52 + jokers)


class _WildCounts:
    def __init__(self, table: WildTable) -> None:
        strength = table.strength.astype(np.int64)
        width = int(strength.max()) + 2
        cards = table.cards.astype(np.int64)
        a, b, c = cards[:, 0], cards[:, 1], cards[:, 2]
        n_cards, n_pairs = table.deck, comb(table.deck, 2)
        self.strength = strength
        self.all = np.cumsum(np.bincount(strength + 1, minlength=width), dtype=np.int64)
        card_cells = [x * width for x in (a, b, c)]
        pair_cells = [_colex2(x, y) * width for x, y in ((a, b), (a, c), (b, c))]
        by_card = np.bincount(np.concatenate([x + strength + 1 for x in card_cells]), minlength=n_cards * width)
        by_pair = np.bincount(np.concatenate([x + strength + 1 for x in pair_cells]), minlength=n_pairs * width)
        self.by_card = np.cumsum(by_card, dtype=np.int64)
        self.by_pair = np.cumsum(by_pair, dtype=np.int64)
        self.card_cells, self.pair_cells = card_cells, pair_cells

    def below(self, r: np.ndarray | int) -> np.ndarray:
        r = np.broadcast_to(np.asarray(r, dtype=np.int64), self.strength.shape)
        cards = sum(self.by_card[x + r] - self.by_card[x] for x in self.card_cells)
        pairs = sum(self.by_pair[x + r] - self.by_pair[x] for x in self.pair_cells)
        counts: np.ndarray = self.all[r] - cards + pairs - (self.strength < r)
        return counts


@dataclass(frozen=True, eq=False)
class WildOutcomes:
    """Per player hand: dealer hands that don't qualify, lose to, tie or beat the player."""

    table: WildTable
    qualifier: str
    qualifier_strength: int
    not_qualify: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    lose: np.ndarray


def wild_outcomes(ranking: str | Ranking, qualifier: str, wild: str = "none", jokers: int = 0) -> WildOutcomes:
    """Exact dealer-outcome counts per player hand of a wild-card deck (cached)."""
    return _outcomes(get_ranking(ranking), qualifier, wild_cards(wild, jokers), 52 + jokers)


@cache
def _counts(ranking: Ranking, wild: tuple[int, ...], deck: int) -> _WildCounts:
    return _WildCounts(_wild_table(ranking, wild, deck))


@cache
def _outcomes(ranking: Ranking, qualifier: str, wild: tuple[int, ...], deck: int) -> WildOutcomes:
    table = _wild_table(ranking, wild, deck)
    counts = _counts(ranking, wild, deck)
    q = table.strength_of_three(table.three.threshold(qualifier))
    arrays = split_outcomes(counts.below, counts.strength, q, comb(deck - 3, 3))
    return WildOutcomes(table=table, qualifier=qualifier, qualifier_strength=q, **arrays)


def clear_caches() -> None:
    """Forget the wild-card tables (for benchmarks that time an analysis from scratch)."""
    _wild_table.cache_clear()
    _counts.cache_clear()
    _outcomes.cache_clear()
