"""Settling side bets at the table: one vectorised function, the same classification as the counts.

``casino.rules`` (the lead's one source of truth) settles Ante, Play, Ante Bonus and Pair Plus; this
module settles the side bets of :mod:`casino.sidebets` for any number of rounds at once::

    >>> import numpy as np
    >>> from casino.cards import parse_cards
    >>> from casino.sidebets import load_side_bet
    >>> from casino.sidebets.settle import settle_side_bets
    >>> bets = (load_side_bet("six-card-bonus-1"), load_side_bet("prime-1"))
    >>> player = np.array([[c.index for c in parse_cards("Ah Kh Qh")]])
    >>> dealer = np.array([[c.index for c in parse_cards("Jh Th 2c")]])
    >>> s = settle_side_bets(bets, player, dealer)
    >>> s.hand("six_card_bonus", 0), s.net("six_card_bonus", 0)
    ('royal_flush', Fraction(1000, 1))
    >>> s.hand("prime", 0), s.net("prime", 0)
    ('three_one_colour', Fraction(3, 1))

Results are integers in units of ``1/scale`` of each side bet's stake (``-scale`` when it loses).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

import numpy as np

from casino.errors import CardError

__all__ = ["SideSettlement", "settle_side_bets", "classify"]

@dataclass(frozen=True, eq=False)
class SideSettlement:
    """Per side bet: the hand each round made (index into the bet's hands, -1 for none) and its net."""

    scale: int
    hands: dict[str, np.ndarray]
    nets: dict[str, np.ndarray]
    names: dict[str, tuple[str, ...]]

    def hand(self, bet: str, i: int) -> str | None:
        k = int(self.hands[bet][i])
        return self.names[bet][k] if k >= 0 else None

    def net(self, bet: str, i: int) -> Fraction:
        return Fraction(int(self.nets[bet][i]), self.scale)


def classify(bet: str, player: np.ndarray, dealer: np.ndarray) -> tuple[np.ndarray, tuple[str, ...]]:
    """The best hand of ``bet`` per round (index into the returned names; -1 when none): the bet
    module's own classification (:meth:`casino.bets.side.SideBetKind.classify`)."""
    from casino.bets import get_side_bet

    kind = get_side_bet(bet)
    return kind.classify(np.asarray(player), np.asarray(dealer)), kind.hands


def settle_side_bets(side_bets: Iterable[Any], player: np.ndarray, dealer: np.ndarray) -> SideSettlement:
    """Settle ``side_bets`` (:class:`~casino.sidebets.SideBet` values) for rounds of (n, 3) card indices."""
    side_bets = tuple(side_bets)
    player = np.asarray(player, dtype=np.int64).reshape(-1, 3)
    dealer = np.asarray(dealer, dtype=np.int64).reshape(-1, 3)
    if player.shape != dealer.shape:
        raise CardError("one dealer hand per player hand is needed to settle side bets")
    six = np.sort(np.concatenate([player, dealer], axis=1), axis=1)
    if (six[:, 1:] == six[:, :-1]).any() or (six < 0).any() or (six > 51).any():
        raise CardError("a round's six cards must be six different cards")
    pays_by_bet = {
        side.bet: [side.pay_for(h) for h in side.hands] for side in side_bets
    }
    scale = math.lcm(1, *(p.denominator for pays in pays_by_bet.values() for p in pays if p is not None))
    hands: dict[str, np.ndarray] = {}
    nets: dict[str, np.ndarray] = {}
    names: dict[str, tuple[str, ...]] = {}
    for side in side_bets:
        best, bet_names = classify(side.bet, player, dealer)
        table = np.array(
            [int(p * scale) if p is not None else -scale for p in pays_by_bet[side.bet]] + [-scale], dtype=np.int64
        )
        hands[side.bet] = best
        nets[side.bet] = table[best]  # index -1 picks the final "loses" entry
        names[side.bet] = bet_names
    return SideSettlement(scale, hands, nets, names)
