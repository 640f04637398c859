"""What every bet is: a name, a stake rule, a settlement on the cards, a paytable and a stored row.

A bet is a small stateless object (one per kind, kept in :data:`casino.bets.REGISTRY`). The table asks
each bet the game offers, per box: how much is staked on it (:meth:`Bet.stake`), and, at settlement,
what it nets per unit of that stake and which hand it paid (:meth:`Bet.settle`), reading the round's
cards through a :class:`RoundCards` that computes every vectorised lookup once per round::

    >>> from casino.bets import BetName, get_bet
    >>> get_bet("ante_bonus").stake_rule, get_bet(BetName.PLAY).stake_rule
    (<StakeRule.NONE: 'none'>, <StakeRule.ANTE: 'ante'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import numpy as np

    from casino.events import BoxBets
    from casino.games import Game

__all__ = ["BetName", "StakeRule", "Bet", "Settled", "RoundCards"]


class BetName(StrEnum):
    """Every bet's one name: what game files, stored rows, events and ``--json`` say."""

    ANTE = "ante"
    PLAY = "play"
    ANTE_BONUS = "ante_bonus"
    PAIR_PLUS = "pair_plus"
    SIX_CARD_BONUS = "six_card_bonus"
    COLOUR_BONUS = "colour_bonus"
    PRIME = "prime"
    PROGRESSIVE = "progressive"


class StakeRule(StrEnum):
    """Where a bet's chips come from."""

    OWN = "own"  # the player places its own stake (Ante, Pair Plus, every side bet)
    ANTE = "ante"  # equal to the box's Ante, placed when the box plays (Play)
    NONE = "none"  # no chips of its own: paid on the Ante (Ante Bonus)


@dataclass(frozen=True)
class Settled:
    """One bet's result per unit of its stake, and the hand it paid (``None``: no hand named)."""

    per_unit: Fraction
    hand: str | None = None


class RoundCards:
    """One settled round's cards and the lookups every bet reads (computed once, for all boxes).

    ``player`` is an (n, 3) array of card indices (one row per box in :attr:`boxes` order),
    ``dealer`` the dealer's three cards; ``hands`` the boxes' hand-table rows, ``dealer_hand`` the
    dealer's; ``played`` each box's decision (a box without an Ante counts as played);
    ``meter`` the progressive meter the round is settled against (units of the stake).
    """

    def __init__(self, game: Game, player: np.ndarray, dealer: np.ndarray, hands: np.ndarray, dealer_hand: int,
                 played: np.ndarray, meter: Fraction | None = None) -> None:
        self.game = game
        self.player = player
        self.dealer = dealer
        self.hands = hands
        self.dealer_hand = dealer_hand
        self.played = played
        self.meter = meter
        self._cache: dict[str, Any] = {}

    def main(self) -> Any:
        """The main game's :class:`casino.rules.Settlement` for every box (computed once)."""
        if "main" not in self._cache:
            import numpy as np

            from casino.rules import compile_rules

            rules = compile_rules(self.game)
            self._cache["main"] = rules.settle(self.hands, np.full(len(self.hands), self.dealer_hand), self.played)
        return self._cache["main"]

    def remember(self, key: str, compute: Any) -> Any:
        """A per-round value computed once (``compute()`` on first use)."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]


class Bet:
    """One kind of bet. Subclasses set the class attributes and implement :meth:`settle`.

    ``side``: placed per box beside the main game, named in the game file as its own section;
    ``needs_dealer``: settled with the dealer's cards too; ``counts_in_wagered``: its stake is chips
    put at risk (not for the Ante Bonus, which is paid on the Ante).
    """

    name: ClassVar[BetName]
    title: ClassVar[str]
    stake_rule: ClassVar[StakeRule] = StakeRule.OWN
    side: ClassVar[bool] = False
    needs_dealer: ClassVar[bool] = False

    @property
    def counts_in_wagered(self) -> bool:
        return self.stake_rule is not StakeRule.NONE

    def offered(self, game: Game) -> bool:
        """Whether ``game`` offers this bet."""
        return True

    def paytable(self, game: Game) -> Any:
        """The game's paytable for this bet (``None`` when it pays even money by the rules alone)."""
        return None

    def stake(self, bets: BoxBets, played: bool | None) -> Fraction:
        """The stake on this bet for a box with these bets after its decision (0: not in play)."""
        return bets.stake(self.name)

    def chips(self, stake: Fraction) -> Fraction:
        """The chips of its own a stake puts on the felt (none for a bet paid on the Ante)."""
        return Fraction(0) if self.stake_rule is StakeRule.NONE else stake

    def settle(self, cards: RoundCards, i: int) -> Settled:
        """Box ``i`` (its row in ``cards``)'s result per unit of stake."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<bet {self.name}>"
