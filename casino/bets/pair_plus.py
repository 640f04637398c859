"""Pair Plus: its own stake, paid on the player's three cards alone (lost when the hand is not listed;
with ``pair_plus_on_fold = false`` also lost when the box folds)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from casino.bets.base import Bet, BetName, RoundCards, Settled, StakeRule

if TYPE_CHECKING:
    from casino.games import Game

__all__ = ["PairPlus"]


class PairPlus(Bet):
    name: ClassVar[BetName] = BetName.PAIR_PLUS
    title: ClassVar[str] = "Pair Plus"
    stake_rule: ClassVar[StakeRule] = StakeRule.OWN

    def offered(self, game: Game) -> bool:
        return game.pair_plus is not None

    def paytable(self, game: Game) -> Any:
        return game.pair_plus

    def settle(self, cards: RoundCards, i: int) -> Settled:
        main = cards.main()
        return Settled(Fraction(int(main.pair_plus[i]), main.scale))
