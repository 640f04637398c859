"""The request bodies of ``/api/table`` (:mod:`web.tables`): strict, bounded, every amount read exactly.

    >>> from web.table_requests import Deal, NewSession, Stake
    >>> Stake(box=2, ante="2.5", side={"prime": "1"}).bets()
    BoxBets(box=2, ante=Fraction(5, 2), pair_plus=Fraction(0, 1), side=(('prime', Fraction(1, 1)),))
    >>> body = NewSession(game="three-card-poker", bankroll=100)
    >>> body.game, body.stakes[0].bets().ante
    ('three-card-poker', Fraction(1, 1))
    >>> Deal(seq=True, stakes=[{"box": 1}])
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for Deal
    ...
    >>> Stake(box=1, ante="-1").bets()
    Traceback (most recent call last):
    ...
    casino.errors.BetError: the Ante cannot be negative (-1)

pydantic refuses an unknown field, a JSON ``true`` as an action number or a box outside 1-6 (FastAPI
answers 422); an amount that is not one (negative, above 1,000,000,000, a truth value, not a number) is
a :class:`~casino.errors.BetError` when the bets are read (400).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints

from casino.bets import side_bet_named, title
from casino.errors import BetError
from casino.events import BoxBets
from casino.money import parse
from web.errors import SEQ_MAX
from web.exact_json import Amount

__all__ = ["Amount", "Seq", "Box", "Stake", "NewSession", "Action", "Deal", "Decide"]

# strict: a JSON true, "1" or 1.0 is not an action number, a box or a decision (a 422 saying so)
Seq = Annotated[StrictInt, Field(ge=0, le=SEQ_MAX, description="the session's action number, as last shown (replays get 409)")]
Box = Annotated[StrictInt, Field(ge=1, le=6)]


class Stake(BaseModel):
    """One box's bets: Ante, Pair Plus and side bets by name (``{"prime": "2"}``, ``{"6cb": "5"}``)."""

    model_config = ConfigDict(extra="forbid")
    box: Box
    ante: Amount = "0"
    pair_plus: Amount = "0"
    side: Annotated[dict[Annotated[str, StringConstraints(max_length=30)], Amount], Field(max_length=8)] = {}

    def bets(self) -> BoxBets:
        """The box's bets, side bets named as at the terminal (``6cb``, ``colour``, ``prog`` or the full name:
        :func:`casino.bets.side_bet_named`); one named twice (``6cb`` and ``six_card_bonus``) is refused."""
        side: dict[str, Fraction] = {}
        for word, stake in self.side.items():
            name = side_bet_named(word)
            if name in side:
                raise BetError(f"box {self.box}: the {title(name)} is named twice: give it one stake")
            side[name] = parse(stake, title(name))
        return BoxBets(self.box, parse(self.ante, "Ante"), parse(self.pair_plus, "Pair Plus"), side)


class NewSession(BaseModel):
    """A seat at a built-in game's table."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, StringConstraints(min_length=1, max_length=60)] = "3-card-brag"
    bankroll: Amount = "100"
    seed: Annotated[str, StringConstraints(max_length=200)] | None = None  # practice: the text decides every deck
    client_seed: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None  # mixed into fair seeds
    stakes: Annotated[list[Stake], Field(min_length=1, max_length=6)] = [Stake(box=1, ante="1")]
    hints: StrictBool = True
    trainer: StrictBool = False


class Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: Seq


class Deal(Action):
    stakes: Annotated[list[Stake], Field(min_length=1, max_length=6)]


class Decide(Action):
    box: Box
    play: StrictBool

