"""Prime: the player's three cards of one colour; more when the dealer's three are that colour too."""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, ClassVar

from casino.bets.base import BetName
from casino.bets.side import SideBetKind, one_colour

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Prime"]


class Prime(SideBetKind):
    name: ClassVar[BetName] = BetName.PRIME
    title: ClassVar[str] = "Prime"
    needs_dealer: ClassVar[bool] = True
    hands: ClassVar[tuple[str, ...]] = ("six_one_colour", "three_one_colour")
    labels: ClassVar[dict[str, str]] = {
        "six_one_colour": "All six cards one colour", "three_one_colour": "Player's three cards one colour"}

    def counts(self) -> tuple[dict[str, int], int]:
        from casino.sidebets.colour import prime_counts

        return prime_counts(), comb(52, 3) * comb(49, 3)

    def classify(self, player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
        import numpy as np

        out = np.full(len(player), -1, dtype=np.int64)
        three = one_colour(player)
        out[three] = self.hands.index("three_one_colour")
        out[three & one_colour(np.concatenate([player, dealer], axis=1))] = self.hands.index("six_one_colour")
        return out
