"""The best three cards of three, four or five, with or without wild cards, as one comparable integer.

Traditional Brag variants deal four or five cards (keep the best three, ties decided by the discards)
or make some cards wild (a wild card stands for whichever card makes the best hand). Every hand still
compares through the 22,100-hand table of :mod:`casino.hands`: a wild card is replaced by the card
that gives the table's highest strength, and among hands of equal strength a natural hand beats one
with wild cards and fewer wild cards beat more::

    >>> from casino.besthand import HandRanker
    >>> twos = HandRanker(cards=3, wild="twos")
    >>> best = twos.best("As Ah 2c")
    >>> best.name, best.wilds
    ('Prial of Aces (1 wild)', 1)
    >>> twos.best("As Ah Ad").key > best.key          # natural beats wild
    True
    >>> four = HandRanker(cards=4)
    >>> four.best("Kh Kd Ks 9c").name, [str(c) for c in four.best("Kh Kd Ks 9c").discards]
    ('Prial of Kings', ['9♣'])
    >>> four.best("Kh Kd Ks 9c").key > four.best("Kc Kd Ks 8c").key   # the higher discard wins
    True

Cards are handled as indices: 0-51 as :attr:`casino.cards.Card.index`, 52 and 53 the two jokers
(always wild). A ranker's ``key`` is one integer: larger is better, equal means equal in every rule
(the remaining tie-break, "the player who paid to see loses", belongs to the game, not to the hand).

The integer is ``(strength * 4 + 3 - wilds) * 256 + discard code``: ``strength`` is the hand table's
dense strength of the three kept cards with each wild card replaced as well as it can be, ``wilds``
how many of the three are wild, and the discard code the discarded cards' ranks (highest first, two
to ace as 2-14, a discarded wild card counting as an ace) in base 16.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Literal, Sequence, get_args

from casino.cards import AnyCard, Card, card_from_index, parse_cards_with_jokers
from casino.errors import CardError

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "WildChoice",
    "WILD_CHOICES",
    "WILD_CARDS",
    "JOKER_INDICES",
    "BestHand",
    "HandRanker",
    "colex3",
    "ranker",
]

#: The wild-card choices of traditional Brag, as named in rules files.
WildChoice = Literal["none", "twos", "black-twos", "one-eyed-jacks", "suicide-king", "jokers", "braggers"]
WILD_CHOICES: tuple[str, ...] = get_args(WildChoice)


def _idx(text: str) -> int:
    return Card.parse(text).index


#: The cards of the 52 that each choice makes wild (jokers, indices 52 and 53, are always wild).
WILD_CARDS: dict[str, frozenset[int]] = {
    "none": frozenset(),
    "twos": frozenset({_idx("2c"), _idx("2d"), _idx("2h"), _idx("2s")}),
    "black-twos": frozenset({_idx("2c"), _idx("2s")}),
    "one-eyed-jacks": frozenset({_idx("Jh"), _idx("Js")}),
    "suicide-king": frozenset({_idx("Kh")}),
    "jokers": frozenset(),
    "braggers": frozenset({_idx("Ad"), _idx("Jc"), _idx("9d")}),
}
JOKER_INDICES = frozenset({52, 53})
_ACE = 14


def colex3(a: int, b: int, c: int) -> int:
    """The hand table's row of three distinct card indices given in increasing order."""
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6


@dataclass(frozen=True)
class _Tables:
    """The hand table's strengths as Python lists, and the best strength reachable with wild cards."""

    strength: list[int]  # by colex row
    with_one: list[int]  # best strength of two natural cards (by pair row) plus one wild card
    with_one_row: list[int]  # the colex row of that best hand
    with_two: list[int]  # best strength of one natural card plus two wild cards
    with_two_row: list[int]
    with_three: int  # three wild cards
    with_three_row: int
    position: list[int]  # by colex row: the category's place in Brag's order (0 high card ... 5 prial)


def _best_over(groups: "np.ndarray", strength: "np.ndarray", size: int) -> tuple[list[int], list[int]]:
    """For each group id 0..size-1 (one id per row of ``groups``' columns), the highest strength of the
    hands that hold it and the first such hand's row."""
    import numpy as np

    rows = np.repeat(np.arange(len(strength)), groups.shape[1])
    ids = groups.reshape(-1)
    values = strength[rows]
    order = np.lexsort((rows, -values, ids))  # by id, strongest first, then the lowest row
    first = np.unique(ids[order], return_index=True)[1]
    best_rows = rows[order][first]
    assert len(best_rows) == size
    return strength[best_rows].tolist(), best_rows.tolist()


@cache
def _tables() -> _Tables:
    import numpy as np

    from casino.hands import hand_table
    from casino.rankings import CATEGORIES

    table = hand_table("brag")
    strength_array = table.strength.astype(np.int64)
    places = np.array([table.ranking.position(name) for name in CATEGORIES])
    cards = table.cards.astype(np.int64)
    a, b, c = cards[:, 0], cards[:, 1], cards[:, 2]
    pairs = np.stack([a + b * (b - 1) // 2, a + c * (c - 1) // 2, b + c * (c - 1) // 2], axis=1)
    with_one, with_one_row = _best_over(pairs, strength_array, 1326)
    with_two, with_two_row = _best_over(cards, strength_array, 52)
    best_row = int(np.argmax(strength_array))
    return _Tables(strength_array.tolist(), with_one, with_one_row, with_two, with_two_row,
                   int(strength_array[best_row]), best_row, places[table.category].tolist())


@dataclass(frozen=True)
class BestHand:
    """The hand a player's cards make: the three kept, the discards, and what the three count as.

    ``as_cards`` is the natural hand the three stand for (wild cards replaced); ``key`` compares.
    """

    key: int
    kept: tuple[AnyCard, ...]
    discards: tuple[AnyCard, ...]
    wilds: int
    as_cards: tuple[Card, ...]
    name: str

    def __str__(self) -> str:
        return self.name


class HandRanker:
    """Compares hands of ``cards`` (3, 4 or 5) cards under a wild-card choice.

    :meth:`key_of` ranks a player's chosen three and discards; :meth:`best_key` and :meth:`best` find
    the best choice (what a blind hand is worth at a showdown, and what a player should keep).
    """

    def __init__(self, cards: int = 3, wild: str = "none") -> None:
        if cards not in (3, 4, 5):
            raise CardError(f"Brag is played with 3, 4 or 5 cards, not {cards}")
        if wild not in WILD_CARDS:
            raise CardError(f"unknown wild-card choice {wild!r} (choose one of: {', '.join(WILD_CHOICES)})")
        self.cards = cards
        self.wild = wild
        self.wild_cards: frozenset[int] = WILD_CARDS[wild] | JOKER_INDICES
        self._t = _tables()
        self._wild_flags = [i in self.wild_cards for i in range(54)]
        self._subsets: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
            (kept, tuple(i for i in range(cards) if i not in kept)) for kept in combinations(range(cards), 3)
        )

    # --- the three kept cards ------------------------------------------------------------------------
    def _three(self, a: int, b: int, c: int) -> tuple[int, int, int]:
        """(strength, wilds, colex row of the natural hand stood for) of three card indices."""
        flags = self._wild_flags
        naturals = sorted(x for x in (a, b, c) if not flags[x])
        t = self._t
        if len(naturals) == 3:
            x, y, z = naturals
            row = x + y * (y - 1) // 2 + z * (z - 1) * (z - 2) // 6
            return t.strength[row], 0, row
        if len(naturals) == 2:
            x, y = naturals
            pair = x + y * (y - 1) // 2
            return t.with_one[pair], 1, t.with_one_row[pair]
        if len(naturals) == 1:
            (x,) = naturals
            return t.with_two[x], 2, t.with_two_row[x]
        return t.with_three, 3, t.with_three_row

    def category(self, kept: Sequence[int]) -> int:
        """The place of three cards' category in Brag's order, wild cards as they stand best:
        0 high card, 1 pair, 2 flush, 3 run, 4 running flush, 5 prial."""
        return self._t.position[self._three(*kept)[2]]

    def three_key(self, a: int, b: int, c: int) -> int:
        """The key of exactly three cards (no discards), for three-card Brag's fast path."""
        strength, wilds, _ = self._three(a, b, c)
        return (strength * 4 + 3 - wilds) * 256

    def _discard_code(self, discards: Sequence[int]) -> int:
        ranks = sorted((_ACE if self._wild_flags[d] else d // 4 + 2 for d in discards), reverse=True)
        code = 0
        for position in range(2):
            code = code * 16 + (ranks[position] if position < len(ranks) else 0)
        return code

    def key_of(self, kept: Sequence[int], discards: Sequence[int] = ()) -> int:
        """The key of three kept card indices and the discarded ones (as a player chose them)."""
        if len(kept) != 3 or len(kept) + len(discards) != self.cards:
            raise CardError(f"a hand here is 3 kept cards and {self.cards - 3} discarded")
        strength, wilds, _ = self._three(*kept)
        return (strength * 4 + 3 - wilds) * 256 + self._discard_code(discards)

    def best_key(self, cards: Sequence[int]) -> int:
        """The key of the best choice of three from ``cards`` (indices), discards counted."""
        if self.cards == 3:
            return self.three_key(*cards)
        return max(
            self.key_of([cards[i] for i in kept], [cards[i] for i in gone]) for kept, gone in self._subsets
        )

    def best_choice(self, cards: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The kept three and the discards (indices, in the order given) of the best choice."""
        if len(cards) != self.cards:
            raise CardError(f"expected {self.cards} cards, got {len(cards)}")
        choices = [(tuple(cards[i] for i in kept), tuple(cards[i] for i in gone)) for kept, gone in self._subsets]
        return max(choices, key=lambda choice: self.key_of(*choice))

    def describe(self, kept: Sequence[int], discards: Sequence[int] = ()) -> BestHand:
        """The :class:`BestHand` of a chosen three and discards."""
        from casino.hands import hand_table

        strength, wilds, row = self._three(*kept)
        table = hand_table("brag")
        name = table.describe(row)
        if wilds:
            name += f" ({wilds} wild)"
        return BestHand(
            key=(strength * 4 + 3 - wilds) * 256 + self._discard_code(discards),
            kept=tuple(card_from_index(c) for c in kept),
            discards=tuple(card_from_index(c) for c in discards),
            wilds=wilds,
            as_cards=table.hand_cards(row),
            name=name,
        )

    def best(self, hand: str | Sequence[AnyCard] | Sequence[int]) -> BestHand:
        """The best hand that card text, cards or indices make (``"As Ah 2c"``, jokers as ``Jk``)."""
        indices = self.indices(hand)
        return self.describe(*self.best_choice(indices))

    def indices(self, hand: str | Sequence[AnyCard] | Sequence[int]) -> list[int]:
        """Card indices from card text, cards or indices, checked: the right number, no card twice."""
        if isinstance(hand, str):
            cards = parse_cards_with_jokers(hand, count=self.cards)
            return [c.index for c in cards]
        indices = [c if isinstance(c, int) else c.index for c in hand]
        if len(indices) != self.cards:
            raise CardError(f"expected {self.cards} cards, got {len(indices)}")
        if len(set(indices)) != len(indices) or not all(0 <= i < 54 for i in indices):
            raise CardError(f"a card given twice, or not a card, in {indices}")
        return indices


@cache
def ranker(cards: int = 3, wild: str = "none") -> HandRanker:
    """The one :class:`HandRanker` for a number of cards and a wild-card choice (built once)."""
    return HandRanker(cards, wild)
