"""What a seat may know when it decides, and the choices it can make.

A :class:`Situation` is built by the table for the seat to act. It holds the seat's own hand only
once the seat has looked: reading :attr:`Situation.hand` while blind raises :class:`HiddenCardError`
(the hand is not in the object at all, so no character can peek). Everything else in it is public:
who is still in and who is blind, the stake, the bets so far, the pot, the costs of the choices::

    >>> s = Situation(seat=0, hand_index=None, live_blind=(True,), pot=2, put_in=1, stake=2, level=0,
    ...               bets=0, cost_stay=1, cost_raise=2, cost_see=None, path=())
    >>> s.blind, s.opponents, s.legal()
    (True, 1, ('look', 'fold', 'stay', 'raise'))
    >>> s.hand
    Traceback (most recent call last):
    ...
    casino.classic.opponents.situation.HiddenCardError: seat 0 plays blind: its cards are face down
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from casino.errors import BragError

__all__ = ["Choice", "CHOICES", "Situation", "HiddenCardError", "IllegalChoiceError"]

Choice = Literal["fold", "look", "stay", "raise", "see"]
CHOICES: tuple[Choice, ...] = ("look", "fold", "stay", "raise", "see")


class HiddenCardError(BragError):
    """A seat tried to read cards it may not see."""


class IllegalChoiceError(BragError):
    """A seat chose something the rules do not allow now."""


class Situation(NamedTuple):
    """One seat's knowledge at its turn (an immutable named tuple: quick to build, once per decision).

    ``hand_index``: the seat's own hand (a row of the hand table) once seen, ``None`` while blind;
    ``live_blind``: for each other seat still in, whether it is blind; ``pot``: chips in the pot;
    ``put_in``: this seat's chips in it; ``stake``: the current stake in seen chips (a blind seat pays
    half); ``level``: the stake's place on the table's menu; ``bets``: bets made this hand;
    ``cost_*``: what staying, raising one step and seeing cost now (``None``: not allowed);
    ``path``: the hand's choices so far as ``(seat, choice)`` pairs, public;
    ``shown``: card indices turned up at earlier showdowns and still out of the pack (public).
    """

    seat: int
    hand_index: int | None
    live_blind: tuple[bool, ...]
    pot: float
    put_in: float
    stake: float
    level: int
    bets: int
    cost_stay: float | None
    cost_raise: float | None
    cost_see: float | None
    path: tuple[tuple[int, Choice], ...]
    shown: tuple[int, ...] = ()
    at_cap: bool = False

    @property
    def blind(self) -> bool:
        return self.hand_index is None

    @property
    def hand(self) -> int:
        """This seat's hand (a hand-table row); only once it has looked."""
        if self.hand_index is None:
            raise HiddenCardError(f"seat {self.seat} plays blind: its cards are face down")
        return self.hand_index

    @property
    def opponents(self) -> int:
        """Other seats still in the hand."""
        return len(self.live_blind)

    def legal(self) -> tuple[Choice, ...]:
        out: list[Choice] = []
        if self.hand_index is None:
            out.append("look")
        out.append("fold")
        if self.cost_stay is not None:
            out.append("stay")
        if self.cost_raise is not None:
            out.append("raise")
        if self.cost_see is not None:
            out.append("see")
        return tuple(out)

    def check(self, choice: Choice) -> Choice:
        """The choice, if legal now; else :class:`IllegalChoiceError`."""
        if choice not in self.legal():
            raise IllegalChoiceError(f"seat {self.seat} cannot {choice} now (legal: {', '.join(self.legal())})")
        return choice

    def pot_odds(self, cost: float) -> float:
        """The share of the pot after paying that the payment is: the equity needed to break even."""
        return cost / (self.pot + cost) if cost > 0 else 0.0
