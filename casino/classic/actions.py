"""What a player may do at traditional Brag (actions) and what happened (events): small frozen values.

An :class:`Action` is a request (``Bet(4)``); the engine checks it and answers with the events it
caused (``BetMade(seat=2, amount=4, ...)``). Events turn into JSON-ready dicts and back, so a stored
hand can be replayed from its events alone::

    >>> from fractions import Fraction
    >>> e = BetMade(seat=1, amount=Fraction(2), stake=Fraction(4), blind=True)
    >>> event_from_dict(e.to_dict()) == e
    True
    >>> str(Bet(Fraction(5, 2)))
    'bet 2.5'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Union

from casino.errors import BragError
from casino.cards import brief
from casino.money import read_stored, text

if TYPE_CHECKING:
    from casino.classic.state import LegalActions

__all__ = [
    "IllegalAction", "UnknownAction", "Chips",
    "Look", "Discard", "Choose", "Fold", "Bet", "See", "Cover", "AgreeShowdown", "Keep", "Action",
    "Event", "Anted", "Looked", "Discarded", "Chose", "Folded", "BetMade", "Saw", "Covered",
    "AgreedShowdown", "Shown", "PotWon", "HandOver", "PackShows", "VariantInForce", "event_from_dict", "action_from_text", "action_to_dict",
    "action_from_dict", "ACTION_WORDS", "ACTION_HELP",
]


#: An amount of chips: a whole number as ``int`` (fast), anything else as an exact ``Fraction``.
Chips = Union[Fraction, int]


class IllegalAction(BragError):
    """An action the rules do not allow now; the message names the rule."""


class UnknownAction(IllegalAction):
    """Text that names no action at all (a screen may add its own keys to the message)."""


# --- actions --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Look:
    """Look at your cards (``hand`` 0, or 1 for a second, kept blind hand)."""

    hand: int = 0

    def __str__(self) -> str:
        return "look" if self.hand == 0 else f"look {self.hand + 1}"


@dataclass(frozen=True)
class Discard:
    """Four- and five-card Brag: the card indices thrown away after looking."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        from casino.cards import card_from_index

        return "discard " + " ".join(str(card_from_index(c)) for c in self.cards)


@dataclass(frozen=True)
class Choose:
    """Two blind hands, one looked at: keep the seen one (the other is folded), or fold it and go on blind."""

    keep_seen: bool

    def __str__(self) -> str:
        return "keep the seen hand" if self.keep_seen else "throw the seen hand, stay blind"


@dataclass(frozen=True)
class Fold:
    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True)
class Bet:
    """Put ``amount`` chips in (at least the stake; half of it for a blind player)."""

    amount: Chips

    def __str__(self) -> str:
        return f"bet {text(self.amount)}"


@dataclass(frozen=True)
class See:
    """With two players left: pay to see the other's hand."""

    def __str__(self) -> str:
        return "see"


@dataclass(frozen=True)
class Cover:
    """Short of chips: put in everything and stay in for the pot so far."""

    def __str__(self) -> str:
        return "cover"


@dataclass(frozen=True)
class AgreeShowdown:
    """Agree that everyone still in shows and the best hand wins (when the rules allow it)."""

    def __str__(self) -> str:
        return "agree to a showdown"


@dataclass(frozen=True)
class Keep:
    """After winning blind (everyone else folded): keep the unseen hand for the next deal, or not."""

    keep: bool = True

    def __str__(self) -> str:
        return "keep the blind hand" if self.keep else "give up the blind hand"


Action = Union[Look, Discard, Choose, Fold, Bet, See, Cover, AgreeShowdown, Keep]


#: every word (and one-letter key) for an action, the terminal's keys and the referee's words alike
ACTION_WORDS: dict[str, str] = {
    "l": "look", "look": "look", "l1": "look 1", "l2": "look 2",
    "b": "bet", "bet": "bet", "r": "bet", "raise": "bet",
    "s": "see", "see": "see", "f": "fold", "fold": "fold", "c": "cover", "cover": "cover",
    "a": "show", "agree": "show", "show": "show", "k": "keep", "keep": "keep", "t": "throw", "throw": "throw",
    "d": "discard", "discard": "discard",
}

#: what to type, for an error message (the terminal's key first)
ACTION_HELP = ("l look, b AMOUNT bet, s see, f fold, c cover, d CARDS discard, k keep, t throw, "
               "a show")


def action_from_text(text: str, legal: LegalActions | None = None, *, exponent: bool = True) -> Action:
    """An action from typed text: the referee's words (``look``, ``bet 4``, ``see``, ``fold``, ``cover``,
    ``discard 7c``, ``keep``, ``throw``, ``show``) or the terminal's keys (``l``, ``l2``, ``b 5``, ``s``, ``f``,
    ``c``, ``d 7c`` (jokers ``Jk``), ``k``, ``t``, ``a``). ``b``/``bet`` alone bets the least the
    ``legal`` actions allow; without ``legal`` a bet needs its amount. Whether the action is legal now is
    the engine's to say; text that is no action raises :class:`IllegalAction` (never anything else)::

        >>> action_from_text("b 5")
        Bet(amount=Fraction(5, 1))
        >>> action_from_text("look 2")
        Look(hand=1)

    ``exponent=False`` (the referee): an amount is written as its error line says, 5, 2.5 or 5/2, never ``1e1``.
    """
    words = text.split()
    if not words:
        raise IllegalAction(f"an empty action: type one ({ACTION_HELP})")
    meaning = ACTION_WORDS.get(words[0].lower())
    if meaning is None:
        raise UnknownAction(f"unknown action {brief(words[0])} ({ACTION_HELP})")
    verb, *rest = meaning.split() + words[1:]  # l2 is look 2
    if verb == "look":
        if len(rest) > 1 or (rest and rest[0] not in ("1", "2")):
            raise IllegalAction("look takes no number, or 1 or 2 (which of two hands): l, l 1, l 2")
        return Look(int(rest[0]) - 1 if rest else 0)
    if verb == "bet":
        return _bet(rest, legal, exponent)
    if verb == "discard":
        if not rest:
            raise IllegalAction("discard needs the cards thrown away, such as 'd 7c'")
        from casino.cards import parse_cards_with_jokers

        try:
            return Discard(tuple(c.index for c in parse_cards_with_jokers(" ".join(rest))))
        except BragError as error:
            raise IllegalAction(f"discard: {error}") from None
    if rest:
        raise IllegalAction(f"{verb} takes nothing after it, not {brief(' '.join(rest))}")
    simple: dict[str, Action] = {"see": See(), "fold": Fold(), "cover": Cover(), "show": AgreeShowdown(),
                                 "keep": Choose(True), "throw": Choose(False)}
    return simple[verb]


def _bet(rest: list[str], legal: LegalActions | None, exponent: bool = True) -> Bet:
    """``bet AMOUNT``, or ``bet`` alone: the least bet ``legal`` allows."""
    if not rest:
        if legal is None:
            raise IllegalAction("'bet' needs an amount: the chips you put in, such as 'bet 4'")
        if legal.bet_min is None:
            raise IllegalAction("you cannot bet now")
        return Bet(legal.bet_min)
    if len(rest) > 1:
        raise IllegalAction(f"bet takes one amount, not {brief(' '.join(rest))}")
    from casino.errors import BetError
    from casino.money import parse  # bounded before it is built: 1e999999999 is refused at once

    try:
        return Bet(parse(rest[0], "bet", any_fraction=True, exponent=exponent))
    except BetError as error:
        raise IllegalAction(f"'bet' needs an amount: {error}") from None


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as a JSON-ready dict (amounts as exact text), read back by :func:`action_from_dict`::

        >>> action_from_dict(action_to_dict(Bet(Fraction(1025, 1024)))) == Bet(Fraction(1025, 1024))
        True
    """
    out: dict[str, Any] = {"action": type(action).__name__.lower()}
    for f in fields(action):
        value = getattr(action, f.name)
        out[f.name] = str(Fraction(value)) if f.name == "amount" else list(value) if isinstance(value, tuple) else value
    return out


_ACTIONS: dict[str, type] = {}


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action a :func:`action_to_dict` dict describes."""
    if not _ACTIONS:
        _ACTIONS.update({cls.__name__.lower(): cls for cls in (Look, Discard, Choose, Fold, Bet, See, Cover,
                                                               AgreeShowdown, Keep)})
    cls = _ACTIONS.get(str(data.get("action")))
    if cls is None:
        raise BragError(f"unknown action {data.get('action')!r}")
    values: dict[str, Any] = {}
    for f in fields(cls):
        value = data[f.name]
        values[f.name] = read_stored(value) if f.name == "amount" else tuple(value) if isinstance(value, list) else value
    return cls(**values)  # type: ignore[no-any-return]


# --- events ---------------------------------------------------------------------------------------
_EVENTS: dict[str, type[Event]] = {}


@dataclass(frozen=True)
class Event:
    """Base of every event: ``kind`` names it in JSON."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _EVENTS[cls.kind] = cls

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("Fraction", "Chips") or isinstance(value, Fraction):
                value = str(Fraction(value))
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event a :meth:`Event.to_dict` dict describes."""
    cls = _EVENTS.get(str(data.get("kind")))
    if cls is None:
        raise BragError(f"unknown event kind {data.get('kind')!r}")
    values: dict[str, Any] = {}
    for f in fields(cls):
        value = data[f.name]
        if f.type in ("Fraction", "Chips"):
            value = read_stored(value)  # bounded: a stored 1e999999999 is refused, never built
        elif isinstance(value, list):
            value = tuple(value)
        values[f.name] = value
    return cls(**values)


@dataclass(frozen=True)
class Anted(Event):
    kind: ClassVar[str] = "anted"
    seat: int
    amount: Chips


@dataclass(frozen=True)
class VariantInForce(Event):
    """Dealer's choice (``dealers_choice = true``): the hand's variant, first of its events; ``seat`` is the dealer
    who picked it at the start of a circle (``-1``: the variant carried on from earlier in the circle)."""

    kind: ClassVar[str] = "variant"
    cards: int
    wild: str
    blind: bool
    seat: int
    jokers: int = 0  # in the pack (wild whatever was picked)


@dataclass(frozen=True)
class PackShows(Event):
    """The open pack (``open_pack = true``) shows ``card`` to every seat: the pack's bottom card after the deal,
    then the card a folded hand shows face up on top of it."""

    kind: ClassVar[str] = "pack_shows"
    card: int


@dataclass(frozen=True)
class Looked(Event):
    kind: ClassVar[str] = "looked"
    seat: int
    hand: int


@dataclass(frozen=True)
class Discarded(Event):
    kind: ClassVar[str] = "discarded"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Chose(Event):
    kind: ClassVar[str] = "chose"
    seat: int
    keep_seen: bool


@dataclass(frozen=True)
class Folded(Event):
    kind: ClassVar[str] = "folded"
    seat: int


@dataclass(frozen=True)
class BetMade(Event):
    """``stake``: the stake after this bet, in seen terms; ``borrowed``: chips lent by the bank for it."""

    kind: ClassVar[str] = "bet"
    seat: int
    amount: Chips
    stake: Chips
    blind: bool
    borrowed: Chips = 0


@dataclass(frozen=True)
class Saw(Event):
    kind: ClassVar[str] = "saw"
    seat: int
    target: int
    cost: Chips


@dataclass(frozen=True)
class Covered(Event):
    kind: ClassVar[str] = "covered"
    seat: int
    amount: Chips


@dataclass(frozen=True)
class AgreedShowdown(Event):
    kind: ClassVar[str] = "agreed_showdown"
    seat: int


@dataclass(frozen=True)
class Shown(Event):
    """A hand turned up at the end: the cards (indices) kept and discarded, and what they make."""

    kind: ClassVar[str] = "shown"
    seat: int
    kept: tuple[int, ...]
    discards: tuple[int, ...]
    hand: str


@dataclass(frozen=True)
class PotWon(Event):
    """Pot ``pot`` (0 the main pot, then side pots) of ``amount`` goes to ``seat``; ``shared`` when split."""

    kind: ClassVar[str] = "pot_won"
    pot: int
    amount: Chips
    seat: int
    shared: bool = False


@dataclass(frozen=True)
class HandOver(Event):
    """The end: ``showdown`` when hands were compared; ``blind_winner`` the seat that won every pot blind
    (without a showdown), or -1."""

    kind: ClassVar[str] = "hand_over"
    showdown: bool
    blind_winner: int = -1
