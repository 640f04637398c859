"""The table of all 22,100 three-card hands, built once per ranking with numpy.

Every other part of the program indexes into this table. A hand's index is the colex rank of its
three card indices (``c0 < c1 < c2``: ``c0 + C(c1, 2) + C(c2, 3)``), so it is computed without search::

    >>> from casino.hands import hand_table
    >>> table = hand_table("brag")
    >>> i = table.index("3h 3d 3s")
    >>> table.describe(i), int(table.strength[i]) == int(table.strength.max())
    ('Prial of 3s', True)
    >>> table.describe(table.index("As 2s 3s"))
    'Running flush A-2-3'

``strength`` is one integer per hand (0 = weakest, dense: equal hands share a value), ``category``
indexes :data:`casino.rankings.CATEGORIES`, ``pay_class`` indexes :data:`casino.rankings.PAY_CLASSES`
(the category, or a special hand such as the mini royal).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np

from casino.cards import RANK_CHARS, Card, parse_cards
from casino.errors import BragError
from casino.rankings import CATEGORIES, PAY_CLASSES, Ranking, get_ranking

__all__ = ["HandTable", "hand_table", "hand_index", "pair_index", "N_HANDS", "N_DEALER_HANDS"]

N_HANDS = comb(52, 3)  # 22,100
N_DEALER_HANDS = comb(49, 3)  # 18,424 dealer hands left once the player holds three cards

_CAT = {name: i for i, name in enumerate(CATEGORIES)}
_RANK_LABELS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
_RANK_PLURALS = ["2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings", "Aces"]


def hand_index(cards: np.ndarray) -> np.ndarray:
    """Colex index of hands given as an (n, 3) array of card indices, each row in any order."""
    c = np.sort(np.asarray(cards, dtype=np.int64), axis=-1)
    index: np.ndarray = c[..., 0] + c[..., 1] * (c[..., 1] - 1) // 2 + c[..., 2] * (c[..., 2] - 1) * (c[..., 2] - 2) // 6
    return index


def pair_index(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Colex index (0-1325) of the two-card sets ``{a, b}`` with ``a < b``."""
    index: np.ndarray = a + b * (b - 1) // 2
    return index


def _all_hands() -> np.ndarray:
    """All (c0 < c1 < c2) in colex order: for each top card c2, every pair below it, pairs in colex order."""
    c1, c0 = np.tril_indices(52, -1)  # the 1,326 pairs c0 < c1, in colex order
    per_top = np.arange(52) * (np.arange(52) - 1) // 2  # pairs below each top card: C(c2, 2)
    c2 = np.repeat(np.arange(52), per_top)
    first = np.cumsum(per_top) - per_top
    pair = np.arange(len(c2)) - first[c2]  # the pairs below c2 are the first C(c2, 2) in colex order
    return np.stack([c0[pair], c1[pair], c2], axis=1)


def _evaluate(cards: np.ndarray, ranking: Ranking) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Category, pay class and a sortable key for each hand (rows of three card indices)."""
    r0, r1, r2 = cards[:, 0] // 4, cards[:, 1] // 4, cards[:, 2] // 4  # 0 = deuce ... 12 = ace
    hi = np.maximum(np.maximum(r0, r1), r2)
    lo = np.minimum(np.minimum(r0, r1), r2)
    mid = r0 + r1 + r2 - hi - lo
    s0, s1, s2 = cards[:, 0] % 4, cards[:, 1] % 4, cards[:, 2] % 4
    flush = (s0 == s1) & (s1 == s2)
    prial = hi == lo
    pair = ~prial & ((hi == mid) | (mid == lo))
    distinct = (hi != mid) & (mid != lo)
    ace_two_three = (hi == 12) & (mid == 1) & (lo == 0)
    run = distinct & ((hi - lo == 2) | ace_two_three)

    category = np.full(len(cards), _CAT["high_card"], dtype=np.int8)
    category[flush] = _CAT["flush"]
    category[pair] = _CAT["pair"]
    category[run] = _CAT["run"]
    category[run & flush] = _CAT["running_flush"]
    category[prial] = _CAT["prial"]

    # Within a category: highest card first, pairs by pair then kicker, runs by top card.
    key = hi * 169 + mid * 13 + lo
    pair_rank = mid  # the middle card of a sorted pair hand is always the paired rank
    kicker = np.where(hi == mid, lo, hi)
    key = np.where(pair, pair_rank * 13 + kicker, key)
    # Runs by top card, doubled so that A-2-3 can sit between A-K-Q (24) and K-Q-J (22).
    a23_key = {"top": 26, "second": 23, "bottom": 2}[ranking.a23]
    run_top = np.where(ace_two_three, a23_key, 2 * hi)
    key = np.where(run, run_top, key)
    prial_rank = np.where(hi == ranking.top_prial_rank, 13, hi)  # the top prial above the ace's place
    key = np.where(prial, prial_rank, key)

    position = np.array([ranking.position(name) for name in CATEGORIES], dtype=np.int64)
    sort_key = position[category] * 4096 + key

    pay_class = category.astype(np.int8).copy()
    pay_class[run & flush & (hi == 12) & (mid == 11)] = PAY_CLASSES.index("mini_royal")
    pay_class[prial & (hi == 1)] = PAY_CLASSES.index("prial_of_threes")
    pay_class[prial & (hi == 12)] = PAY_CLASSES.index("three_aces")
    return category, pay_class, sort_key


@dataclass(frozen=True, eq=False)
class HandTable:
    """All 22,100 hands of one ranking: ``cards`` (n, 3), ``category``, ``pay_class``, ``strength``."""

    ranking: Ranking
    cards: np.ndarray
    category: np.ndarray
    pay_class: np.ndarray
    strength: np.ndarray

    @property
    def n_strengths(self) -> int:
        """How many different strengths there are (hands of equal strength tie)."""
        return int(self.strength.max()) + 1

    def index(self, hand: str | tuple[Card, ...] | list[Card]) -> int:
        """The table row of a hand given as card text or cards."""
        cards = parse_cards(hand, count=3)
        return int(hand_index(np.array([c.index for c in cards])))

    def hand_cards(self, i: int) -> tuple[Card, ...]:
        return tuple(Card.from_index(int(c)) for c in self.cards[i])

    def category_name(self, i: int) -> str:
        return CATEGORIES[int(self.category[i])]

    def describe(self, i: int) -> str:
        """Players' name for a hand: ``'Pair of 7s'``, ``'Run Q-J-10'``, ``'K-9-4 high'``."""
        ranks = sorted((int(c) // 4 for c in self.cards[i]), reverse=True)
        category = self.category_name(i)
        label = self.ranking.label(category)
        if category == "prial":
            joiner = "," if " of " in label else " of"
            return f"{label}{joiner} {_RANK_PLURALS[ranks[0]]}"
        if category == "pair":
            pair_rank = ranks[1]
            kicker = ranks[0] if ranks[2] == pair_rank else ranks[2]
            return f"{label} of {_RANK_PLURALS[pair_rank]}, {_RANK_LABELS[kicker]} kicker"
        if category in ("run", "running_flush") and ranks == [12, 1, 0]:
            return f"{label} A-2-3"
        text = "-".join(_RANK_LABELS[r] for r in ranks)
        if category == "high_card":
            return f"{text} high"
        return f"{label} {text}"

    def threshold(self, text: str) -> int:
        """The strength named by a qualifier or strategy threshold.

        ``"none"`` (every hand), ``"Q-high"`` (the weakest queen-high hand), a hand of ranks such as
        ``"Q-6-4"`` (the weakest hand holding those ranks), or a category word such as ``"pair"``
        (the weakest hand of that category). Remembered per ranking and text.
        """
        return _threshold(self.ranking, text)

    def _find_threshold(self, text: str) -> int:
        word = text.strip()
        lowered = word.lower().replace(" ", "")
        if lowered in ("none", "any"):
            return 0
        from casino.rankings import hand_key

        try:
            key = hand_key(word)
        except KeyError:
            key = None
        if key in CATEGORIES:
            mask = self.category == _CAT[key]
            return int(self.strength[mask].min())
        ranks = self.cards // 4
        top = ranks[:, 2]  # rows are sorted card indices, and a card's rank is its index // 4
        if lowered.endswith("-high") and len(lowered) > 5:
            rank = _parse_rank(word[: -len("-high")], text)
            mask = (self.category == _CAT["high_card"]) & (top == rank)
            if not mask.any():
                raise BragError(f"no high-card hand is {text!r}")
            return int(self.strength[mask].min())
        parts = [p for p in word.replace("/", "-").split("-") if p]
        if len(parts) == 3:
            wanted = sorted((_parse_rank(p, text) for p in parts), reverse=True)
            mask = np.all(np.sort(ranks, axis=1)[:, ::-1] == np.array(wanted), axis=1)
            return int(self.strength[mask].min())
        raise BragError(
            f"cannot read {text!r} as a hand threshold (use 'none', 'Q-high', three ranks such as 'Q-6-4',"
            " or a hand name such as 'pair')"
        )


@cache
def _threshold(ranking: Ranking, text: str) -> int:
    """``HandTable.threshold``, remembered per ranking and text (qualifiers are looked up often)."""
    return hand_table(ranking)._find_threshold(text)


def _parse_rank(text: str, whole: str) -> int:
    t = text.strip().upper()
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in RANK_CHARS:
        raise BragError(f"unknown rank {text!r} in {whole!r}")
    return RANK_CHARS.index(t)


def hand_table(ranking: str | Ranking) -> HandTable:
    """The table of all 22,100 hands for a ranking (a built-in name or a :class:`Ranking`), built once."""
    return _hand_table(get_ranking(ranking))


@cache
def _hand_table(ranking: Ranking) -> HandTable:
    cards = _all_hands().astype(np.int32)  # narrow integers: the evaluation is memory-bound
    category, pay_class, sort_key = _evaluate(cards, ranking)
    present = np.zeros(int(sort_key.max()) + 1, dtype=np.int64)
    present[sort_key] = 1
    strength = (np.cumsum(present) - 1)[sort_key]  # dense rank: equal keys share a strength
    arrays = {
        "cards": cards.astype(np.int8),
        "category": category,
        "pay_class": pay_class,
        "strength": strength.astype(np.int32),
    }
    for array in arrays.values():
        array.setflags(write=False)
    return HandTable(ranking=ranking, **arrays)
