"""What happens at the table, as immutable records: persistence stores them, replays read them.

A round is the sequence ``RoundStarted`` (with the commitment), ``BetsPlaced``, one ``CardDealt`` per
card (round the table, dealer last, three times), one ``Decision`` per box with an Ante,
``DealerRevealed``, one ``BetSettled`` per bet, and ``SeedRevealed``. Every event turns into a plain
dict (JSON-ready, amounts as exact text) and back::

    >>> from fractions import Fraction
    >>> from casino.cards import Card
    >>> from casino.events import BetSettled, CardDealt, event_from_dict
    >>> e = BetSettled(box=1, bet="pair_plus", stake=Fraction(5), net=Fraction(20))
    >>> e.to_dict()
    {'kind': 'bet_settled', 'box': 1, 'bet': 'pair_plus', 'stake': '5', 'net': '20'}
    >>> event_from_dict(e.to_dict()) == e
    True
    >>> str(CardDealt(to=0, card=Card.parse("Qs")))
    'dealer gets Q♠'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, ClassVar

from casino.cards import Card
from casino.errors import BragError

__all__ = [
    "BoxBets",
    "Event",
    "RoundStarted",
    "BetsPlaced",
    "CardDealt",
    "Decision",
    "DealerRevealed",
    "BetSettled",
    "SeedRevealed",
    "event_from_dict",
    "DEALER",
    "BET_NAMES",
    "exact",
]

DEALER = 0  # the ``to`` of a card dealt to the dealer; boxes are 1-6
BET_NAMES = {"ante": "Ante", "play": "Play", "ante_bonus": "Ante Bonus", "pair_plus": "Pair Plus"}


def _money(value: Fraction) -> str:
    return str(Fraction(value))


def exact(value: Any, what: str = "amount") -> Fraction:
    """An amount as an exact :class:`~fractions.Fraction`; no binary floating point on the money path.

    A float given by a caller is read as the decimal it prints as (``1.1`` is 11/10, not
    2476979795053773/2251799813685248); text is read as a fraction or decimal::

        >>> exact(1.1), exact("5/2"), exact(3)
        (Fraction(11, 10), Fraction(5, 2), Fraction(3, 1))
        >>> exact(float("nan"))
        Traceback (most recent call last):
        ...
        casino.errors.BetError: the amount nan is not a number of chips
    """
    from casino.errors import BetError

    if isinstance(value, bool):
        raise BetError(f"the {what} must be an amount, not {value!r}")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise BetError(f"the {what} {value} is not a number of chips")
        return Fraction(str(value))
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise BetError(f"the {what} {value!r} is not an amount") from None
    try:  # Decimal, numpy integers …
        from decimal import Decimal

        if isinstance(value, Decimal):
            if not value.is_finite():
                raise BetError(f"the {what} {value} is not a number of chips")
            return Fraction(value)
        import numbers

        if isinstance(value, numbers.Integral):
            return Fraction(int(value))
        if isinstance(value, numbers.Real):
            return exact(float(value), what)
    except (TypeError, ValueError):
        pass
    raise BetError(f"the {what} must be an amount, not {value!r}")


@dataclass(frozen=True)
class BoxBets:
    """One box's stakes: an Ante (0 for none) and a Pair Plus (0 for none)."""

    box: int
    ante: Fraction
    pair_plus: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ante", exact(self.ante, "Ante"))
        object.__setattr__(self, "pair_plus", exact(self.pair_plus, "Pair Plus"))

    def to_dict(self) -> dict[str, Any]:
        return {"box": self.box, "ante": _money(self.ante), "pair_plus": _money(self.pair_plus)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoxBets:
        return cls(int(data["box"]), Fraction(data["ante"]), Fraction(data["pair_plus"]))


class Event:
    """Base of the table's events: ``kind`` names the record in storage."""

    kind: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Event]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Event._registry[cls.kind] = cls

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, Fraction):
                value = _money(value)
            elif isinstance(value, Card):
                value = value.ascii()
            elif isinstance(value, tuple):
                value = [v.to_dict() if isinstance(v, BoxBets) else v.ascii() if isinstance(v, Card) else v for v in value]
            data[f.name] = value
        return data


@dataclass(frozen=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round_no: int
    commitment: str

    def __str__(self) -> str:
        return f"round {self.round_no}: commitment {self.commitment}"


@dataclass(frozen=True)
class BetsPlaced(Event):
    kind: ClassVar[str] = "bets_placed"
    boxes: tuple[BoxBets, ...]

    def __str__(self) -> str:
        return "bets: " + "; ".join(f"box {b.box} ante {b.ante} pair plus {b.pair_plus}" for b in self.boxes)


@dataclass(frozen=True)
class CardDealt(Event):
    kind: ClassVar[str] = "card_dealt"
    to: int  # DEALER (0) or a box number
    card: Card

    def __str__(self) -> str:
        return f"{'dealer' if self.to == DEALER else f'box {self.to}'} gets {self.card}"


@dataclass(frozen=True)
class Decision(Event):
    kind: ClassVar[str] = "decision"
    box: int
    play: bool

    def __str__(self) -> str:
        return f"box {self.box} {'plays' if self.play else 'folds'}"


@dataclass(frozen=True)
class DealerRevealed(Event):
    kind: ClassVar[str] = "dealer_revealed"
    cards: tuple[Card, ...]
    hand: str
    qualifies: bool

    def __str__(self) -> str:
        shown = " ".join(str(c) for c in self.cards)
        return f"dealer shows {shown}, {self.hand}: {'qualifies' if self.qualifies else 'does not qualify'}"


@dataclass(frozen=True)
class BetSettled(Event):
    kind: ClassVar[str] = "bet_settled"
    box: int
    bet: str  # ante, play, ante_bonus, pair_plus
    stake: Fraction  # the chips on the bet (the Ante's, for the Ante Bonus, which has none of its own)
    net: Fraction  # what the player gains (+) or loses (-) on it

    def __str__(self) -> str:
        sign = "+" if self.net >= 0 else "-"
        return f"box {self.box} {BET_NAMES[self.bet]} {self.stake}: {sign}{abs(self.net)}"


@dataclass(frozen=True)
class SeedRevealed(Event):
    kind: ClassVar[str] = "seed_revealed"
    seed: str  # hex

    def __str__(self) -> str:
        return f"seed {self.seed}"


def event_from_dict(data: dict[str, Any]) -> Event:
    """Read back an event written by :meth:`Event.to_dict`."""
    kind = data.get("kind")
    cls = Event._registry.get(str(kind))
    if cls is None or cls is Event:
        raise BragError(f"unknown event kind {kind!r}")
    values: dict[str, Any] = {}
    try:
        for f in fields(cls):  # type: ignore[arg-type]
            value = data[f.name]
            if f.name in ("stake", "net"):
                value = Fraction(value)
            elif f.name == "card":
                value = Card.parse(value)
            elif f.name == "cards":
                value = tuple(Card.parse(c) for c in value)
            elif f.name == "boxes":
                value = tuple(BoxBets.from_dict(b) for b in value)
            elif f.name in ("round_no", "to", "box"):
                value = int(value)
            elif f.name in ("play", "qualifies"):
                value = bool(value)
            values[f.name] = value
    except (KeyError, TypeError, ValueError) as error:
        raise BragError(f"malformed {kind} event: {error}") from None
    return cls(**values)
