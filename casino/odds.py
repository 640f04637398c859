"""The classic odds table: how often each hand is dealt in three cards from one deck.

    >>> from casino.odds import hand_odds
    >>> [(row.label, row.combinations) for row in hand_odds("brag")][:3]
    [('Prial of threes', 4), ('Other prials', 48), ('Running flush', 48)]

A special hand that is the best of its category in the ranking (3-3-3 in Brag; the mini royal and
A-A-A in Three Card Poker) gets its own row, as rule books print it; the rest of its category follows
as "Other …".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino.hands import N_HANDS, hand_table
from casino.rankings import CATEGORIES, PAY_CLASSES, SPECIAL_HANDS

__all__ = ["OddsRow", "hand_odds"]

_PLURAL = {"Three of a kind": "three of a kind", "Straight flush": "straight flushes", "Flush": "flushes"}


@dataclass(frozen=True)
class OddsRow:
    key: str
    label: str
    combinations: int
    total: int = N_HANDS

    @property
    def probability(self) -> Fraction:
        return Fraction(self.combinations, self.total)


def hand_odds(ranking: str) -> list[OddsRow]:
    """One row per category, strongest first, with top special hands split out."""
    table = hand_table(ranking)
    rows: list[OddsRow] = []
    for category in reversed(table.ranking.order):
        in_category = table.category == CATEGORIES.index(category)
        best = int(table.strength[in_category].max())
        remaining = int(in_category.sum())
        label = table.ranking.label(category)
        split = False
        for special in SPECIAL_HANDS:
            mask = table.pay_class == PAY_CLASSES.index(special)
            if mask.any() and np.all(table.category[mask] == CATEGORIES.index(category)):
                if int(table.strength[mask].max()) == best:
                    rows.append(OddsRow(special, table.ranking.label(special), int(mask.sum())))
                    remaining -= int(mask.sum())
                    split = True
                    break
        other = f"Other {_PLURAL.get(label, label.lower() + 's')}"
        rows.append(OddsRow(category, other if split else label, remaining))
    return rows
