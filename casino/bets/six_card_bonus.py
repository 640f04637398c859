"""The 6 Card Bonus: the best five-card poker hand of the player's three cards and the dealer's three."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from casino.bets.base import BetName
from casino.bets.side import SideBetKind

if TYPE_CHECKING:
    import numpy as np

__all__ = ["SixCardBonus"]


class SixCardBonus(SideBetKind):
    name: ClassVar[BetName] = BetName.SIX_CARD_BONUS
    title: ClassVar[str] = "6 Card Bonus"
    needs_dealer: ClassVar[bool] = True
    #: every five-card poker hand, best first (most tables pay three of a kind and up; two pair, pair and
    #: high card can be paid too); the same order as :data:`casino.sidebets.six_card.SIX_CARD_HANDS`
    hands: ClassVar[tuple[str, ...]] = (
        "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind",
        "two_pair", "pair", "high_card")
    labels: ClassVar[dict[str, str]] = {
        "royal_flush": "Royal flush", "straight_flush": "Straight flush", "four_of_a_kind": "Four of a kind",
        "full_house": "Full house", "flush": "Flush", "straight": "Straight", "three_of_a_kind": "Three of a kind",
        "two_pair": "Two pair", "pair": "Pair", "high_card": "High card",
    }

    def counts(self) -> tuple[dict[str, int], int]:
        from casino.sidebets.six_card import N_SIX_CARD_SETS, six_card_counts

        return six_card_counts(), N_SIX_CARD_SETS

    def classify(self, player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
        import numpy as np

        from casino.sidebets.six_card import SIX_CARD_HANDS, _classify, _straight_lookup

        six = np.concatenate([player, dealer], axis=1).astype(np.int64)
        masks = np.bitwise_or.reduce(np.int64(1) << ((six % 4) * 13 + six // 4), axis=1)
        category = _classify(masks, _straight_lookup()).astype(np.int64)
        lookup = np.array([self.hands.index(h) for h in SIX_CARD_HANDS] + [-1])
        result: np.ndarray = lookup[category]
        return result
