"""Settling bets: the one source of truth for how a round pays, vectorised with numpy.

The table engine settles one round (a handful of boxes), the simulator settles millions at once;
both call :meth:`CompiledRules.settle`. Results are integers in units of ``1/scale`` of each bet's
stake, so the table can turn them into exact money and the simulator into floats::

    >>> import numpy as np
    >>> from casino.games import load_game
    >>> from casino.hands import hand_table
    >>> from casino.rules import WIN, compile_rules
    >>> rules = compile_rules(load_game("3-card-brag"))
    >>> t = hand_table("brag")
    >>> player, dealer = t.index("As 2s 3s"), t.index("Kh Kd 4c")
    >>> s = rules.settle(np.array([player]), np.array([dealer]), np.array([True]))
    >>> [int(x[0]) // rules.scale for x in (s.ante, s.play, s.ante_bonus, s.pair_plus)]
    [1, 1, 4, 30]
    >>> int(s.outcome[0]) == WIN
    True

Outcome codes: :data:`FOLD`, :data:`NOT_QUALIFY`, :data:`WIN`, :data:`TIE`, :data:`LOSE`.
"""

from __future__ import annotations

import math
from typing import overload
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from casino.games import Game, Paytable
from casino.hands import HandTable, hand_table
from casino.rankings import PAY_CLASSES

__all__ = [
    "OutcomeNets",
    "outcome_nets",
    "pay_vector",
    "TIE_NET",
    "FOLD",
    "NOT_QUALIFY",
    "WIN",
    "TIE",
    "LOSE",
    "OUTCOME_NAMES",
    "Settlement",
    "CompiledRules",
    "compile_rules",
]

FOLD, NOT_QUALIFY, WIN, TIE, LOSE = range(5)
OUTCOME_NAMES = ("fold", "dealer_not_qualify", "win", "tie", "lose")
#: What each of Ante and Play nets, per Ante, when a qualifying dealer ties the player.
TIE_NET = {"push": 0, "player": 1, "dealer": -1}


@dataclass(frozen=True)
class OutcomeNets:
    """How each outcome (indexed FOLD, NOT_QUALIFY, WIN, TIE, LOSE) settles the main bets, per Ante.

    ``ante`` and ``play``: each bet's net; ``bonus_paid``: whether the Ante Bonus pays. The exact
    calculator, the advantage analysis and :meth:`CompiledRules.settle` all read these three rows::

        >>> from casino.games import load_game
        >>> nets = outcome_nets(load_game("3-card-brag"))
        >>> nets.ante, nets.play, nets.main
        ((-1, 1, 1, 0, -1), (0, 0, 1, 0, -1), (-1, 1, 2, 0, -2))
    """

    ante: tuple[int, ...]
    play: tuple[int, ...]
    bonus_paid: tuple[bool, ...]

    @property
    def main(self) -> tuple[int, ...]:
        """Ante and Play together, per Ante."""
        return tuple(a + p for a, p in zip(self.ante, self.play))


def outcome_nets(game: Game) -> OutcomeNets:
    """The settlement of the main bets per outcome, from the game's tie rule and rule variations."""
    tie = TIE_NET[game.ties]
    return OutcomeNets(
        ante=(-1, 1, 1, tie, -1),
        play=(0, 0, 1, tie, -1),
        # a tie the dealer wins is a loss: the Ante Bonus pays on it only as it pays on a loss
        bonus_paid=(False, True, True, game.ties != "dealer" or game.rules.ante_bonus_on_loss,
                    game.rules.ante_bonus_on_loss),
    )


@overload
def pay_vector(table: Paytable | None, missing: Fraction) -> list[Fraction]: ...
@overload
def pay_vector(table: Paytable | None, missing: None) -> list[Fraction | None]: ...
def pay_vector(table: Paytable | None, missing: Fraction | None) -> list[Fraction] | list[Fraction | None]:
    """Payout per pay class (:data:`~casino.rankings.PAY_CLASSES`); ``missing`` where not paid."""
    if table is None:
        return [missing] * len(PAY_CLASSES)
    pays = (table.pay_for(name) for name in PAY_CLASSES)
    return [missing if pay is None else pay for pay in pays]


@dataclass(frozen=True, eq=False)
class Settlement:
    """Per round: the outcome code and each bet's net result per unit of its stake, times ``scale``.

    ``ante`` and ``play`` are per unit of Ante (the Play bet equals the Ante); ``ante_bonus`` is per
    unit of Ante too; ``pair_plus`` per unit of the Pair Plus stake.
    """

    outcome: np.ndarray
    ante: np.ndarray
    play: np.ndarray
    ante_bonus: np.ndarray
    pair_plus: np.ndarray
    scale: int

    def as_fractions(self, i: int = 0) -> dict[str, Fraction]:
        """One round's results as exact fractions per unit stake."""
        return {
            name: Fraction(int(getattr(self, name)[i]), self.scale)
            for name in ("ante", "play", "ante_bonus", "pair_plus")
        }


@dataclass(frozen=True, eq=False)
class CompiledRules:
    """A game's settlement rules as integer lookup arrays over the 22,100-hand table."""

    game: Game
    table: HandTable
    scale: int
    qualifier_strength: int
    nets: OutcomeNets
    bonus: np.ndarray  # per hand, Ante Bonus x scale (0 where not paid)
    pair_plus_pays: np.ndarray  # per hand, Pair Plus net x scale (-scale where it loses)

    def settle(self, player: np.ndarray, dealer: np.ndarray, play: np.ndarray) -> Settlement:
        """Settle rounds given player and dealer hand indices and the play decisions (arrays)."""
        player = np.asarray(player)
        dealer = np.asarray(dealer)
        play = np.asarray(play, dtype=bool)
        strength = self.table.strength
        ps, ds = strength[player], strength[dealer]
        qualifies = ds >= self.qualifier_strength
        outcome = np.where(
            ~play,
            FOLD,
            np.where(~qualifies, NOT_QUALIFY, np.where(ps > ds, WIN, np.where(ps == ds, TIE, LOSE))),
        ).astype(np.int8)
        s = self.scale
        ante = np.array(self.nets.ante, dtype=np.int64)[outcome] * s
        play_result = np.array(self.nets.play, dtype=np.int64)[outcome] * s
        bonus = np.where(np.array(self.nets.bonus_paid)[outcome], self.bonus[player], 0)
        pair_plus = self.pair_plus_pays[player]
        if not self.game.rules.pair_plus_on_fold:
            pair_plus = np.where(play, pair_plus, -s)
        return Settlement(outcome, ante, play_result, bonus, pair_plus, s)


#: The table settles pays as 64-bit whole multiples of one unit (numpy); this leaves room for the stakes' sums.
_LARGEST_SCALED = 2**53


@cache
def compile_rules(game: Game) -> CompiledRules:
    """Compile (once per game) the lookup arrays that :meth:`CompiledRules.settle` uses."""
    if game.head_to_head is not None:
        from casino.errors import BetError

        raise BetError(f"{game.name} is a head-to-head game: it cannot be dealt at an Ante/Play table"
                       " (edge, par, compare, solve and simulate work on it)")
    if game.cards != 3 or game.has_wild_cards:
        from casino.errors import BetError

        what = f"deals {game.cards} cards" if game.cards != 3 else "has wild cards"
        raise BetError(f"{game.name} {what}: the table deals three-card 52-card games only"
                       " (edge, par, compare and solve work on it)")
    table = hand_table(game.ranking)
    bonus = pay_vector(game.ante_bonus, Fraction(0))
    pair_plus = pay_vector(game.pair_plus, Fraction(-1))
    scale = math.lcm(1, *(v.denominator for v in (*bonus, *pair_plus) if v is not None))
    scaled = [[int(v * scale) for v in pays] for pays in (bonus, pair_plus)]
    if max(abs(x) for x in (scale, *scaled[0], *scaled[1])) > _LARGEST_SCALED:
        from casino.errors import BetError

        raise BetError(f"{game.name}: its Ante Bonus and Pair Plus pays are too finely divided for the table (over"
                       f" one denominator they need 1/{scale:,}; edge, par, compare and solve work on it)"
                       if scale > 10**6 else f"{game.name}: its Ante Bonus and Pair Plus pays are too large for the"
                       " table (edge, par, compare and solve work on it)")
    bonus_by_class = np.array(scaled[0], dtype=np.int64)
    pair_plus_by_class = np.array(scaled[1], dtype=np.int64)
    arrays = (bonus_by_class[table.pay_class], pair_plus_by_class[table.pay_class])
    for array in arrays:
        array.setflags(write=False)
    return CompiledRules(
        game=game,
        table=table,
        scale=scale,
        qualifier_strength=table.threshold(game.qualifier),
        nets=outcome_nets(game),
        bonus=arrays[0],
        pair_plus_pays=arrays[1],
    )
