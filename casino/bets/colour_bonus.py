"""The Colour Bonus (as in High Speed Poker): the player's three cards of one rank, else one suit,
else one colour."""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, ClassVar

from casino.bets.base import BetName
from casino.bets.side import SideBetKind, one_colour

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ColourBonus"]


class ColourBonus(SideBetKind):
    name: ClassVar[BetName] = BetName.COLOUR_BONUS
    title: ClassVar[str] = "Colour Bonus"
    hands: ClassVar[tuple[str, ...]] = ("same_rank", "same_suit", "same_colour")
    labels: ClassVar[dict[str, str]] = {"same_rank": "Same rank", "same_suit": "Same suit", "same_colour": "Same colour"}

    def counts(self) -> tuple[dict[str, int], int]:
        from casino.sidebets.colour import colour_counts

        return colour_counts(), comb(52, 3)

    def classify(self, player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
        import numpy as np

        rank, suit = player // 4, player % 4
        out = np.full(len(player), -1, dtype=np.int64)
        out[one_colour(player)] = self.hands.index("same_colour")
        out[(suit == suit[:, :1]).all(axis=1)] = self.hands.index("same_suit")
        out[(rank == rank[:, :1]).all(axis=1)] = self.hands.index("same_rank")
        return out
