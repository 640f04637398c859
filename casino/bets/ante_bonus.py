"""The Ante Bonus: paid on the Ante by the player's hand when the box plays; it has no stake of its own."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from casino.bets.base import Bet, BetName, RoundCards, Settled, StakeRule

if TYPE_CHECKING:
    from casino.events import BoxBets
    from casino.games import Game

__all__ = ["AnteBonus"]


class AnteBonus(Bet):
    name: ClassVar[BetName] = BetName.ANTE_BONUS
    title: ClassVar[str] = "Ante Bonus"
    stake_rule: ClassVar[StakeRule] = StakeRule.NONE

    def offered(self, game: Game) -> bool:
        return game.ante_bonus is not None

    def paytable(self, game: Game) -> Any:
        return game.ante_bonus

    def stake(self, bets: BoxBets, played: bool | None) -> Fraction:
        return bets.ante if played else Fraction(0)

    def settle(self, cards: RoundCards, i: int) -> Settled:
        main = cards.main()
        per_unit = Fraction(int(main.ante_bonus[i]), main.scale)
        return Settled(per_unit, None)
