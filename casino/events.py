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


def _bet_titles() -> dict[str, str]:
    from casino.bets import REGISTRY

    return {str(name): bet.title for name, bet in REGISTRY.items()}


#: bet name -> players' name for it (every bet of :mod:`casino.bets`)
BET_NAMES: dict[str, str] = _bet_titles()


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
        from casino.money import clipped, to_fraction, too_fine  # bounded: '1e9999999' is refused before it is built

        shown = clipped(value.strip())
        try:
            return to_fraction(value)
        except OverflowError as error:
            raise BetError(f"the {what} {shown!r} {too_fine(error) or 'is beyond any amount'}") from None
        except (TypeError, ValueError, ZeroDivisionError):
            raise BetError(f"the {what} {shown!r} is not an amount") from None
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
    """One box's stakes: an Ante (0 for none), a Pair Plus (0 for none) and any side bets.

    ``side`` holds ``(bet name, stake)`` pairs (``("six_card_bonus", Fraction(5))`` …), kept in the
    registry's order with zero stakes left out::

        >>> b = BoxBets(1, 10, 0, {"prime": 2, "six_card_bonus": 5})
        >>> b.side, b.stake("prime"), b.stake("ante"), b.stake("progressive")
        ((('six_card_bonus', Fraction(5, 1)), ('prime', Fraction(2, 1))), Fraction(2, 1), Fraction(10, 1), Fraction(0, 1))
    """

    box: int
    ante: Fraction
    pair_plus: Fraction = Fraction(0)
    side: Any = ()  # tuple[tuple[str, Fraction], ...] once made; a mapping is accepted

    def __post_init__(self) -> None:
        object.__setattr__(self, "ante", exact(self.ante, "Ante"))
        object.__setattr__(self, "pair_plus", exact(self.pair_plus, "Pair Plus"))
        if self.side:
            from casino.bets import BetName, get_side_bet, side_bet_names

            given = dict(self.side.items() if hasattr(self.side, "items") else self.side)
            stakes: dict[str, Fraction] = {}
            for name, stake in given.items():
                kind = get_side_bet(str(name))
                stakes[str(BetName(kind.name))] = exact(stake, kind.title)
            order = side_bet_names()
            side = tuple((name, stakes[name]) for name in order if name in stakes and stakes[name] != 0)
            object.__setattr__(self, "side", side)
        else:
            object.__setattr__(self, "side", ())

    def stake(self, bet: str) -> Fraction:
        """The stake placed on ``bet`` (a name of :class:`casino.bets.BetName`; 0 for none)."""
        if bet == "ante":
            return self.ante
        if bet == "pair_plus":
            return self.pair_plus
        for name, stake in self.side:
            if name == bet:
                return Fraction(stake)
        return Fraction(0)

    @property
    def own_stakes(self) -> Fraction:
        """The chips placed before the deal: Ante, Pair Plus and every side bet."""
        return self.ante + self.pair_plus + sum((Fraction(s) for _, s in self.side), Fraction(0))

    def with_side(self, side: Any) -> BoxBets:
        return BoxBets(self.box, self.ante, self.pair_plus, side)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"box": self.box, "ante": _money(self.ante), "pair_plus": _money(self.pair_plus)}
        if self.side:  # left out without side bets: rounds stored before side bets read back the same
            data["side"] = {name: _money(stake) for name, stake in self.side}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BoxBets:
        side = {str(k): Fraction(v) for k, v in dict(data.get("side") or {}).items()}
        return cls(int(data["box"]), Fraction(data["ante"]), Fraction(data["pair_plus"]), side)


class Event:
    """Base of the table's events: ``kind`` names the record in storage."""

    kind: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Event]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Event._registry[cls.kind] = cls

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]  # every event class is a dataclass
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
        def one(b: BoxBets) -> str:
            sides = "".join(f" {BET_NAMES[name].lower()} {stake}" for name, stake in b.side)
            return f"box {b.box} ante {b.ante} pair plus {b.pair_plus}{sides}"

        return "bets: " + "; ".join(one(b) for b in self.boxes)


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
    bet: str  # a casino.bets.BetName: ante, play, ante_bonus, pair_plus, six_card_bonus …
    stake: Fraction  # the chips on the bet (the Ante's, for the Ante Bonus, which has none of its own)
    net: Fraction  # what the player gains (+) or loses (-) on it
    hand: str | None = None  # a side bet's paid hand (``"royal_flush"``); stored only when given
    meter: Fraction | None = None  # the progressive meter it was settled against

    def to_dict(self) -> dict[str, Any]:
        data = super().to_dict()
        for optional in ("hand", "meter"):  # absent for the main bets: older rounds read back the same
            if data[optional] is None:
                del data[optional]
        return data

    def __str__(self) -> str:
        sign = "+" if self.net >= 0 else "-"
        paid = f" ({self.hand.replace('_', ' ')})" if self.hand else ""
        return f"box {self.box} {BET_NAMES[self.bet]} {self.stake}: {sign}{abs(self.net)}{paid}"


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
        for f in fields(cls):  # type: ignore[arg-type]  # every event class is a dataclass
            if f.name in ("hand", "meter") and f.name not in data:
                continue  # optional (BetSettled of a main bet)
            value = data[f.name]
            if f.name in ("stake", "net") or (f.name == "meter" and value is not None):
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
