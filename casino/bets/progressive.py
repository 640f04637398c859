"""The Progressive: the player's three cards by category, the top hands paying a share of a meter.

Its paytable holds fixed pays (to 1), shares of the meter (``mini_royal = "100% meter"``), the meter's
starting value ``meter`` (units of the stake) and ``contribution``: the part of each stake added to
the meter. At the table the meter lives in the database (:func:`casino.db.store.progressive_meter`):
each round is settled against the meter as it stood, then each progressive bet adds
``contribution x stake`` and a hit paid from the meter resets it to the file's ``meter``.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from casino.bets.base import BetName, RoundCards
from casino.bets.side import SideBetKind

if TYPE_CHECKING:
    import numpy as np

    from casino.games import Game

__all__ = ["Progressive", "meter_key", "meter_after"]


def meter_after(side: Any, meter: Fraction, bets: Iterable[tuple[Fraction, str | None]]) -> Fraction:
    """The meter after one round's progressive bets (``(stake, paid hand)`` pairs) settled against
    ``meter``: reset to the file's ``meter`` when a hand was paid a share of it, then every stake's
    ``contribution`` added::

        >>> from casino.sidebets import load_side_bet
        >>> from dataclasses import replace
        >>> side = replace(load_side_bet("progressive-1"), contribution=Fraction(1, 10))  # starts at 1000
        >>> meter_after(side, Fraction(1500), [(Fraction(5), None), (Fraction(1), "run")])   # no share paid
        Fraction(7503, 5)
        >>> meter_after(side, Fraction(1500), [(Fraction(5), "mini_royal")])   # paid from the meter: reset
        Fraction(2001, 2)
    """
    hit = False
    added = Fraction(0)
    for stake, hand in bets:
        added += side.contribution * stake
        if hand is not None and side.meter_share(hand) is not None:
            hit = True
    return Fraction((side.meter if hit else meter) + added)


def meter_key(game: Game) -> str:
    """The name a game's progressive meter is stored under: one meter per game (its name), shared by
    every session at that game, whether the game came from its file or from a session's snapshot."""
    return f"{game.name} / progressive"


class Progressive(SideBetKind):
    name: ClassVar[BetName] = BetName.PROGRESSIVE
    title: ClassVar[str] = "Progressive"
    hands: ClassVar[tuple[str, ...]] = (
        "mini_royal", "running_flush", "prial", "run", "flush", "pair", "prial_of_threes", "three_aces")
    labels: ClassVar[dict[str, str]] = {
        "mini_royal": "Mini royal (A-K-Q suited)", "running_flush": "Running flush", "prial": "Prial", "run": "Run",
        "flush": "Flush", "pair": "Pair", "prial_of_threes": "Prial of threes", "three_aces": "Three aces",
    }
    parents: ClassVar[dict[str, str]] = {"mini_royal": "running_flush", "prial_of_threes": "prial", "three_aces": "prial"}

    def counts(self) -> tuple[dict[str, int], int]:
        from casino.sidebets.colour import progressive_counts

        return progressive_counts(), comb(52, 3)

    def classify(self, player: np.ndarray, dealer: np.ndarray) -> np.ndarray:
        import numpy as np

        from casino.hands import hand_index, hand_table
        from casino.rankings import PAY_CLASSES

        pay_class = hand_table("poker").pay_class[hand_index(player)]
        lookup = np.array([self.hands.index(p) if p in self.hands else -1 for p in PAY_CLASSES])
        result: np.ndarray = lookup[pay_class]
        return result

    def meter_for(self, cards: RoundCards) -> Fraction | None:
        return cards.meter
