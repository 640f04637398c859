"""What the side bets share: a hand list (best first), exact counts, a vectorised classification,
and a paytable (:class:`casino.sidebets.SideBet`) read from the game file's section of the same name.

A side bet module subclasses :class:`SideBetKind` and says four things: ``hands`` (the hands it can
pay, best first, as game files name them), ``labels`` (players' words for them), :meth:`counts`
(exact combinations of each hand, and of all deals) and :meth:`classify` (the best hand per round
for arrays of card indices). Settlement, the paytable lookup and storage come from here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from casino.bets.base import Bet, RoundCards, Settled, StakeRule

if TYPE_CHECKING:
    import numpy as np

    from casino.games import Game

__all__ = ["SideBetKind", "one_colour"]


def one_colour(cards: np.ndarray) -> np.ndarray:
    """Per row of card indices: whether every card is red (diamonds, hearts) or every card black."""
    import numpy as np

    red = np.isin(cards % 4, (1, 2))
    result: np.ndarray = np.asarray(red.all(axis=1) | (~red).all(axis=1))
    return result


class SideBetKind(Bet):
    """A side bet: its own stake, per box, settled on the cards alone by its paytable."""

    stake_rule: ClassVar[StakeRule] = StakeRule.OWN
    side: ClassVar[bool] = True
    hands: ClassVar[tuple[str, ...]]
    labels: ClassVar[dict[str, str]]
    #: special hands paid as another hand when the paytable does not list them (progressive)
    parents: ClassVar[dict[str, str]] = {}

    def __init__(self) -> None:
        self._by_hand: dict[Any, np.ndarray] = {}

    def offered(self, game: Game) -> bool:
        return any(side.bet == self.name for side in game.side_bets)

    def paytable(self, game: Game) -> Any:
        for side in game.side_bets:
            if side.bet == self.name:
                return side
        return None

    def counts(self) -> tuple[dict[str, int], int]:
        """Exact combinations of each hand (each deal at its best hand) and the number of deals."""
        raise NotImplementedError

    def classify(self, player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
        """The best hand per round: an index into :attr:`hands` (-1: none), for (n, 3) card arrays."""
        raise NotImplementedError

    def settle(self, cards: RoundCards, i: int) -> Settled:
        table = self.paytable(cards.game)
        if table is None:  # not offered: the table refuses such bets before dealing
            raise LookupError(f"{cards.game.name} offers no {self.title}")
        if self.needs_dealer:
            best = cards.remember(f"hand:{self.name}", lambda: self.classify(cards.player, cards.dealer))
        else:  # the player's three cards alone: one lookup per hand of the game's hand table
            best = self.by_hand(cards.game.ranking)[cards.hands]
        k = int(best[i])
        if k < 0:
            return Settled(Fraction(-1))
        hand = self.hands[k]
        pays = table.pay_for(hand, self.meter_for(cards))
        return Settled(Fraction(-1) if pays is None else pays, hand if pays is not None else None)

    def by_hand(self, ranking: Any) -> np.ndarray:
        """For a bet on the player's cards alone: its best hand for every row of ``ranking``'s hand table
        (computed once per ranking with :meth:`classify`)."""
        found = self._by_hand.get(ranking)
        if found is None:
            from casino.hands import hand_table

            cards = hand_table(ranking).cards.astype("int64")
            found = self.classify(cards, cards)  # the dealer's cards are not read
            found.setflags(write=False)
            self._by_hand[ranking] = found
        return found

    def meter_for(self, cards: RoundCards) -> Fraction | None:
        """The meter to settle against (only the progressive has one)."""
        return None
