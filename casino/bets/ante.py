"""The Ante: the player's own stake on beating the dealer; lost on a fold, paid even money otherwise
(paid even when the dealer does not qualify)."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from casino.bets.base import Bet, BetName, RoundCards, Settled, StakeRule

__all__ = ["Ante"]


class Ante(Bet):
    name: ClassVar[BetName] = BetName.ANTE
    title: ClassVar[str] = "Ante"
    stake_rule: ClassVar[StakeRule] = StakeRule.OWN
    needs_dealer: ClassVar[bool] = True

    def settle(self, cards: RoundCards, i: int) -> Settled:
        main = cards.main()
        return Settled(Fraction(int(main.ante[i]), main.scale))
