"""Settling head-to-head rounds: every bet of a two-hand game, vectorised, exactly as it is priced.

:func:`casino.maths.head_to_head.analyze_head_to_head` counts every bet of a head-to-head game
(Teen Patti 20-20, Teen Patti Pro) over all ordered pairs of disjoint hands; :func:`compile_head_to_head`
turns the same game into integer pay arrays and :meth:`HeadToHeadRules.settle` settles any number of
dealt rounds at once, in units of ``1/scale`` of each bet's stake (``-scale`` when it loses). The
simulator and the table both use it::

    >>> from casino.games import load_game
    >>> from casino.hands import hand_table
    >>> game = load_game("teen-patti-20-20")
    >>> rules = compile_head_to_head(game)
    >>> t = hand_table(game.ranking)
    >>> a, b = np.array([t.index("Ah Ad Ac")]), np.array([t.index("Kh Qh Jh")])
    >>> nets = rules.settle(a, b)
    >>> [(name, rules.net(nets, name, 0)) for name in ("player_a", "player_b", "tie")]
    [('player_a', Fraction(19, 20)), ('player_b', Fraction(-1, 1)), ('tie', Fraction(-1, 1))]
    >>> rules.net(nets, "pair_plus_player_a", 0), rules.net(nets, "pair_plus_player_b", 0)
    (Fraction(50, 1), Fraction(30, 1))

Who wins is decided by the ranking's hand strength alone (both hands always "qualify"), as the
exact counts do; bets on either hand push or lose on a tie as the game's ``hand_bets_on_tie`` says;
Pair Plus and the hand-value bets pay on one hand's three cards; side bets (the 6 Card Bonus) on all
six cards, by :func:`casino.sidebets.settle.settle_side_bets`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from casino.errors import BetError, CardError

__all__ = ["HeadToHeadRules", "compile_head_to_head", "OUTCOMES"]

#: The three ways a round ends, first hand's view: index 0, 1, 2 of :meth:`HeadToHeadRules.outcome`.
OUTCOMES = ("first", "tie", "second")


@dataclass(frozen=True, eq=False)
class HeadToHeadRules:
    """A head-to-head game compiled to integer pays (units of ``1/scale`` of a stake)."""

    game: Any
    scale: int
    names: tuple[str, ...]  # every bet, in the order of the exact report's ``bets``
    titles: tuple[str, ...]
    strength: np.ndarray  # per hand of the table
    cards: np.ndarray  # per hand: its three card indices
    win: int
    tie_on_hand_bet: int  # what a bet on either hand returns on a tie (0 or -scale)
    tie: int | None  # the Tie bet's net on a tie; None: no Tie bet
    per_hand: tuple[tuple[str, int, np.ndarray], ...]  # (bet, which hand 0/1, net per hand of the table)

    def outcome(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """0 where the first hand wins, 1 on a tie, 2 where the second wins."""
        sa, sb = self.strength[a], self.strength[b]
        result: np.ndarray = np.where(sa > sb, 0, np.where(sa == sb, 1, 2)).astype(np.int8)
        return result

    def settle(self, a: np.ndarray, b: np.ndarray) -> dict[str, np.ndarray]:
        """Every bet's net (int64, units of ``1/scale``) for rounds dealt as hand indices ``a`` and ``b``.

        ``a`` and ``b`` index the hand table of the game's ranking; the hands of a round must be disjoint.
        """
        a = np.asarray(a, dtype=np.int64).reshape(-1)
        b = np.asarray(b, dtype=np.int64).reshape(-1)
        if a.shape != b.shape:
            raise CardError("one second hand per first hand is needed to settle head-to-head rounds")
        s = self.scale
        outcome = self.outcome(a, b)
        first, tied, second = outcome == 0, outcome == 1, outcome == 2
        nets: dict[str, np.ndarray] = {}
        slug_a, slug_b = self.game.head_to_head.bet_names
        for slug, mine in ((slug_a, first), (slug_b, second)):
            nets[slug] = np.where(mine, self.win, np.where(tied, self.tie_on_hand_bet, -s)).astype(np.int64)
        if self.tie is not None:
            nets["tie"] = np.where(tied, self.tie, -s).astype(np.int64)
        for bet, which, pays in self.per_hand:
            nets[bet] = pays[a if which == 0 else b]
        if self.game.side_bets:
            from casino.sidebets.settle import settle_side_bets

            side = settle_side_bets(self.game.side_bets, self.cards[a], self.cards[b])
            factor = s // side.scale
            for bet in side.nets:
                nets[bet] = side.nets[bet] * factor
        return {name: nets[name] for name in self.names}

    def net(self, nets: dict[str, np.ndarray], bet: str, i: int) -> Fraction:
        """Round ``i``'s net of ``bet`` per unit staked, exactly."""
        if bet not in nets:
            raise BetError(f"{self.game.name} has no bet {bet!r} (bets: {', '.join(self.names)})")
        return Fraction(int(nets[bet][i]), self.scale)


def _lcm_of(values: list[Fraction]) -> int:
    return math.lcm(1, *(v.denominator for v in values))


def compile_head_to_head(game: Any) -> HeadToHeadRules:
    """The integer pays of every bet of a head-to-head ``game`` (its ``head_to_head`` set)."""
    from casino.hands import hand_table
    from casino.rankings import CATEGORIES, PAY_CLASSES
    from casino.rules import pay_vector

    rules = game.head_to_head
    if rules is None:
        raise BetError(f"{game.name} is not a head-to-head game")
    table = hand_table(game.ranking)
    pair_plus = pay_vector(game.pair_plus, Fraction(-1)) if game.pair_plus is not None else []
    side_pays = [p for side in game.side_bets for p in (side.pay_for(h) for h in side.hands) if p is not None]
    values = [rules.win, *([rules.tie] if rules.tie is not None else []),
              *(p for p in pair_plus if p is not None), *(p for _, p in rules.hand_bets), *side_pays]
    scale = _lcm_of(values)
    names: list[str] = list(rules.bet_names)
    titles: list[str] = [f"{hand} wins" for hand in rules.hands]
    if rules.tie is not None:
        names.append("tie")
        titles.append("Tie")
    per_hand: list[tuple[str, int, np.ndarray]] = []
    if game.pair_plus is not None:
        by_class = np.array([int(p * scale) for p in pair_plus if p is not None], dtype=np.int64)
        assert len(by_class) == len(PAY_CLASSES)
        pays = by_class[table.pay_class]
        for which, (slug, hand) in enumerate(zip(rules.bet_names, rules.hands)):
            per_hand.append((f"pair_plus_{slug}", which, pays))
            names.append(f"pair_plus_{slug}")
            titles.append(f"Pair Plus on {hand}")
    for key, pay in rules.hand_bets:
        if key in CATEGORIES:
            holds = table.category == CATEGORIES.index(key)
        else:
            holds = table.pay_class == PAY_CLASSES.index(key)
        pays = np.where(holds, int(pay * scale), -scale).astype(np.int64)
        for which, (slug, hand) in enumerate(zip(rules.bet_names, rules.hands)):
            per_hand.append((f"{key}_on_{slug}", which, pays))
            names.append(f"{key}_on_{slug}")
            titles.append(f"{game.ranking.label(key)} on {hand}")
    for side in game.side_bets:
        names.append(side.bet)
        titles.append(getattr(side, "title", side.bet))
    return HeadToHeadRules(
        game=game, scale=scale, names=tuple(names), titles=tuple(titles), strength=table.strength,
        cards=table.cards, win=int(rules.win * scale), tie_on_hand_bet=0 if rules.hand_bets_on_tie == "push" else -scale,
        tie=int(rules.tie * scale) if rules.tie is not None else None, per_hand=tuple(per_hand),
    )
