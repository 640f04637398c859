"""The hole-card trainer: the exact value of playing and folding once the dealer's up card is seen.

Given a round's state — the player's three cards and the dealer's card dealt face up — the trainer
gives the exact expected result of playing and of folding (per Ante, Ante Bonus included, over the
1,128 ways the dealer's two other cards can fall), the best decision, and what any other decision
costs. These are the values of the informed strategy (:mod:`casino.face_up`, the one
``brag strategy --dealer-card`` prices)::

    >>> from casino.games import load_game
    >>> from casino.trainer import advise
    >>> advice = advise(load_game("three-card-poker"), "Qh 6d 4c", "Ks")
    >>> advice.best, advice.ev_fold
    ('fold', Fraction(-1, 1))
    >>> advice.cost(play=True) > 0, advice.cost(play=False)
    (True, Fraction(0, 1))

A :class:`Lesson` adds up the mistakes of a session: how many decisions, how many differed from
the best, and their total cost in Antes and in money.

The values count only the player's own cards and the up card as seen; cards of other boxes are not
taken into account, and a Pair Plus lost on a fold (``pair_plus_on_fold = false``) is not part of
the Ante/Play decision's value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Literal

from casino.cards import Card, parse_cards
from casino.errors import CardError
from casino.face_up import informed_values
from casino.games import Game
from casino.hands import hand_index, hand_table

__all__ = ["Advice", "Decision", "Lesson", "advise"]

Decision = Literal["play", "fold"]


@dataclass(frozen=True)
class Advice:
    """Play or fold one hand against a seen up card: the exact EVs, per Ante."""

    hand: str  # players' name of the hand ("Pair of 7s")
    up_card: Card
    ev_play: Fraction
    ev_fold: Fraction
    pair_plus_counted: bool = False  # a fold loses the box's Pair Plus, and both EVs count it

    @property
    def best(self) -> Decision:
        """The better decision (a tie folds, as the optimal strategy does)."""
        return "play" if self.ev_play > self.ev_fold else "fold"

    def ev(self, play: bool) -> Fraction:
        return self.ev_play if play else self.ev_fold

    def cost(self, play: bool) -> Fraction:
        """What deciding ``play`` gives up against the best decision, per Ante (0 when it is the best)."""
        return max(self.ev_play, self.ev_fold) - self.ev(play)


def _cards(cards: str | Iterable[Card], count: int) -> tuple[Card, ...]:
    return tuple(parse_cards(cards, count=count)) if isinstance(cards, str) else tuple(cards)


def advise(game: Game, hand: str | Iterable[Card], up_card: str | Card,
           pair_plus_ratio: Fraction | int = 0, seen: Iterable[Card] = ()) -> Advice:
    """The exact EVs of playing and folding ``hand`` when the dealer's ``up_card`` is seen, per Ante.

    ``pair_plus_ratio``: the box's Pair Plus stake / its Ante. Where a fold loses the Pair Plus
    (``pair_plus_on_fold = false``) both EVs count it, as the blind hint does
    (:meth:`casino.edge.EdgeReport.decision`): folding loses 1 + ratio, playing adds ratio x the Pair
    Plus pay; elsewhere it is ignored.

    ``seen``: the cards of the player's other boxes, which the dealer cannot hold: with any, the EVs are counted
    over the dealer hands left (:func:`casino.advantage.seen_ev_play`), not read from the cached table."""
    cards = _cards(hand, 3)
    if len(cards) != 3:
        raise CardError(f"a hand has three cards, not {len(cards)}")
    up = up_card if isinstance(up_card, Card) else _cards(up_card, 1)[0]
    if up in cards:
        raise CardError(f"{up.ascii()} is both in the hand and the dealer's up card")
    import numpy as np

    from casino.edge import evs_with_pair_plus

    i = int(hand_index(np.array([c.index for c in cards])))
    table = hand_table(game.ranking)
    others = tuple(seen)
    if others:
        from casino.advantage import seen_ev_play

        if up in others:
            raise CardError(f"{up.ascii()} is both a seen card and the dealer's up card")
        value = seen_ev_play(game, cards, others, up)
    else:
        value = informed_values(game).ev_play(i, up.index)
    ev_play, ev_fold, counted = evs_with_pair_plus(game, Fraction(pair_plus_ratio), int(table.pay_class[i]), value)
    return Advice(table.describe(i), up, ev_play, ev_fold, counted)


@dataclass
class Lesson:
    """A trainer session's tally of decisions and mistakes.

    ``record(advice, play, ante)`` after each decision; a mistake is a decision worse than the best
    (an equal-value alternative is no mistake). ``cost`` is the total in Antes, ``money`` in money.
    """

    decisions: int = 0
    mistakes: int = 0
    cost: Fraction = Fraction(0)
    money: Fraction = Fraction(0)
    worst: list[tuple[Advice, bool, Fraction]] = field(default_factory=list)

    def record(self, advice: Advice, play: bool, ante: Fraction | int = 1) -> Fraction:
        """Count one decision; returns its cost in money (``cost(play) x ante``)."""
        self.decisions += 1
        lost = advice.cost(play)
        if lost > 0:
            self.mistakes += 1
            self.cost += lost
            self.money += lost * Fraction(ante)
            self.worst.append((advice, play, lost))
            self.worst.sort(key=lambda item: item[2], reverse=True)
            del self.worst[5:]
        return lost * Fraction(ante)

    def to_dict(self) -> dict[str, object]:
        return {
            "decisions": self.decisions,
            "mistakes": self.mistakes,
            "cost_antes": float(self.cost),
            "cost_money": float(self.money),
        }
