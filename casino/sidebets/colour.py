"""Counts for the side bets settled on colours and on the player's three cards.

    >>> from casino.sidebets.colour import colour_counts, prime_counts
    >>> colour_counts()
    {'same_rank': 52, 'same_suit': 1144, 'same_colour': 4056}
    >>> prime_counts()
    {'six_one_colour': 9209200, 'three_one_colour': 86595600}

Colour Bonus (as in High Speed Poker): the player's three cards of one rank, else one suit, else
one colour. Prime: the player's three cards of one colour; all six (with the dealer's) one colour.
Progressive: the player's hand by pay class, special hands apart from their category.
"""

from __future__ import annotations

from math import comb

import numpy as np

from casino.hands import hand_table
from casino.rankings import PAY_CLASSES

__all__ = ["colour_counts", "prime_counts", "progressive_counts"]

_RED = (1, 2)  # diamonds, hearts


def _one_colour(cards: np.ndarray) -> np.ndarray:
    red = np.isin(cards % 4, _RED)
    return np.asarray(red.all(axis=1) | (~red).all(axis=1))


def colour_counts() -> dict[str, int]:
    """Player hands (of 22,100) by their best Colour Bonus hand."""
    cards = hand_table("poker").cards.astype(np.int64)
    rank, suit = cards // 4, cards % 4
    same_rank = (rank == rank[:, :1]).all(axis=1)
    same_suit = (suit == suit[:, :1]).all(axis=1)
    same_colour = _one_colour(cards) & ~same_suit
    return {"same_rank": int(same_rank.sum()), "same_suit": int(same_suit.sum()),
            "same_colour": int(same_colour.sum())}


def prime_counts() -> dict[str, int]:
    """(player hand, dealer hand) pairs of 22,100 x 18,424 by their best Prime hand.

    A one-colour player hand leaves 23 cards of its colour, so C(23, 3) dealer hands complete six.
    """
    player = int(_one_colour(hand_table("poker").cards.astype(np.int64)).sum())
    six = player * comb(23, 3)
    return {"six_one_colour": six, "three_one_colour": player * comb(49, 3) - six}


def progressive_counts() -> dict[str, int]:
    """Player hands (of 22,100) by pay class, the special hands counted apart from their category."""
    counts = np.bincount(hand_table("poker").pay_class, minlength=len(PAY_CLASSES))
    names = {"high_card": None}
    return {name: int(n) for name, n in zip(PAY_CLASSES, counts) if names.get(name, name)}
