"""The Play bet: equal to the Ante, placed when the box plays; pushes when the dealer does not qualify."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from casino.bets.base import Bet, BetName, RoundCards, Settled, StakeRule

if TYPE_CHECKING:
    from casino.events import BoxBets

__all__ = ["Play"]


class Play(Bet):
    name: ClassVar[BetName] = BetName.PLAY
    title: ClassVar[str] = "Play"
    stake_rule: ClassVar[StakeRule] = StakeRule.ANTE
    needs_dealer: ClassVar[bool] = True

    def stake(self, bets: BoxBets, played: bool | None) -> Fraction:
        return bets.ante if played else Fraction(0)

    def settle(self, cards: RoundCards, i: int) -> Settled:
        main = cards.main()
        return Settled(Fraction(int(main.play[i]), main.scale))
