"""Cards, one parser for card text, and the deck.

A card is a small frozen value; its ``index`` (0-51) is what the numpy tables use::

    >>> from casino.cards import Card, parse_cards
    >>> parse_cards("3h 10d A♠")
    (Card('3♥'), Card('10♦'), Card('A♠'))
    >>> str(Card.parse("qs"))
    'Q♠'
    >>> Card.parse("Qs").index
    43

Accepted text: a rank ``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A`` and a suit ``c d h s`` or
``♣ ♦ ♥ ♠`` (also the outline symbols ♧ ♢ ♡ ♤), in any case, separated by spaces, commas or nothing.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from casino.errors import CardError

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "parse_cards",
    "brief",
    "new_deck",
    "RANK_CHARS",
    "SUIT_CHARS",
    "Joker",
    "AnyCard",
    "JOKER_TEXT",
    "parse_cards_with_jokers",
    "card_from_index",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_ALIASES = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}


class Rank(IntEnum):
    """Card ranks, valued 2-14 (the ace is high; rankings decide where A-2-3 stands)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One-character name: ``'T'`` for ten, ``'A'`` for ace."""
        return RANK_CHARS[self - 2]

    @property
    def label(self) -> str:
        """How players write it in a hand name: ``'10'`` for ten."""
        return "10" if self == Rank.TEN else self.char


class Suit(IntEnum):
    """The four suits; the order only fixes card indices, suits never break ties."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Prints as ``3♥`` (a ten as ``10♥``); :meth:`ascii` gives ``3h`` (``Th``)."""

    rank: Rank
    suit: Suit

    @property
    def index(self) -> int:
        """0-51, rank-major: ``(rank - 2) * 4 + suit``. 2♣ is 0, A♠ is 51."""
        return (self.rank - 2) * 4 + self.suit

    @classmethod
    def from_index(cls, index: int) -> Card:
        index = int(index)
        if not 0 <= index < 52:
            raise CardError(f"card index {index} is outside 0-51")
        return cls(Rank(index // 4 + 2), Suit(index % 4))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse exactly one card."""
        (card,) = parse_cards(text, count=1)
        return card

    def ascii(self) -> str:
        return f"{self.rank.char}{self.suit.char}"

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card('{self}')"


def _tokens(text: str) -> list[str]:
    """Split card text into one token per card, whether separated or run together."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        position = 0
        while position < len(chunk):
            match = _CARD_RE.match(chunk, position)
            if match is None:
                # report the rest of this chunk up to the next plausible card start
                raise CardError(
                    f"unknown card {brief(chunk[position:])} in {brief(text)} (a card is a rank 2-10, J, Q, K, A"
                    " and a suit c, d, h, s or ♣♦♥♠)"
                )
            tokens.append(match.group(0))
            position = match.end()
    return tokens


def _card_from_token(token: str) -> Card:
    match = _CARD_RE.fullmatch(token)
    assert match is not None
    rank_text, suit_text = match.group(1).upper(), match.group(2).lower()
    rank_text = "T" if rank_text == "10" else rank_text
    suit_text = _SUIT_ALIASES.get(suit_text, suit_text)
    return Card(Rank(RANK_CHARS.index(rank_text) + 2), Suit(SUIT_CHARS.index(suit_text)))


def parse_cards(text: str | Card | list[Any] | tuple[Any, ...], count: int | None = None) -> tuple[Card, ...]:
    """Parse card text such as ``"3h 3d 3s"``, ``"A♠2♠3♠"`` or ``"10h, jd, qc"``.

    Raises :class:`CardError` for text that is not cards, for a duplicate card, and, when ``count``
    is given, for the wrong number of cards. Cards (or a sequence of cards) pass through unchanged.
    """
    if isinstance(text, Card):
        cards: tuple[Card, ...] = (text,)
        shown = str(text)
    elif isinstance(text, (list, tuple)):
        cards = tuple(c if isinstance(c, Card) else Card.parse(str(c)) for c in text)
        shown = " ".join(str(c) for c in cards)
    else:
        cards = tuple(_card_from_token(token) for token in _tokens(str(text)))
        shown = str(text)
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} card{'s' if count != 1 else ''}, got {len(cards)} in {brief(shown)}")
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card {card} in {brief(shown)}")
        seen.add(card)
    return cards



def brief(text: object, longest: int = 60) -> str:
    """``text`` quoted as an error line shows what was typed, cut after ``longest`` characters: a line of
    thousands of characters is not echoed back in full::

        >>> brief("7c 7c"), brief("x" * 100)[-5:]
        ("'7c 7c'", "xxx'…")
    """
    shown = str(text)
    return repr(shown) if len(shown) <= longest else repr(shown[:longest]) + "…"


def new_deck() -> list[Card]:
    """The 52 cards in index order (2♣ 2♦ 2♥ 2♠ 3♣ … A♠); shuffle with a generator you pass in."""
    return [Card.from_index(i) for i in range(52)]


# --- Jokers: an addition for the games that use them (traditional Brag with jokers wild). ---------------
# The 52-card code paths above never see a joker: ``parse_cards`` refuses ``Jk`` as before; only
# :func:`parse_cards_with_jokers` and :func:`card_from_index` know the two extra indices 52 and 53.

JOKER_TEXT = "Jk"
_JOKER_RE = re.compile(r"jk([12](?![0-9cdhs♣♦♥♠]))?", re.IGNORECASE)  # Jk, Jk1, Jk2 (Jk2c: Jk and 2c)


@dataclass(frozen=True, order=True, slots=True)
class Joker:
    """A joker: ``number`` 1 or 2 (a pack holds at most two), index 52 or 53; prints as ``Jk``.

        >>> parse_cards_with_jokers("Jk As Jk")
        (Joker(1), Card('A♠'), Joker(2))
        >>> [c.index for c in parse_cards_with_jokers("Jk Jk")]
        [52, 53]
    """

    number: int

    def __post_init__(self) -> None:
        if self.number not in (1, 2):
            raise CardError(f"a pack has jokers 1 and 2, not {self.number}")

    @property
    def index(self) -> int:
        """52 for the first joker, 53 for the second."""
        return 51 + self.number

    def ascii(self) -> str:
        return JOKER_TEXT

    def __str__(self) -> str:
        return JOKER_TEXT

    def __repr__(self) -> str:
        return f"Joker({self.number})"


#: A card of a pack that may hold jokers.
AnyCard = Card | Joker


def card_from_index(index: int) -> AnyCard:
    """The card for an index 0-53: 0-51 as :meth:`Card.from_index`, 52 and 53 the two jokers."""
    index = int(index)
    if index in (52, 53):
        return Joker(index - 51)
    return Card.from_index(index)


def parse_cards_with_jokers(text: str, count: int | None = None, *, max_jokers: int = 2,
                            taken: Collection[int] = ()) -> tuple[AnyCard, ...]:
    """Card text that may name jokers: ``Jk1`` and ``Jk2`` are the first and the second joker, and a plain
    ``Jk`` is the first joker not named otherwise in the text nor in ``taken`` (joker indices dealt
    elsewhere, such as to another seat of a referee file).

    Everything else is as :func:`parse_cards` (the same errors for unknown text, duplicates and a
    wrong count); a joker the rules do not have, or a third, is an error::

        >>> parse_cards_with_jokers("Jk 3h 3d")
        (Joker(1), Card('3♥'), Card('3♦'))
        >>> parse_cards_with_jokers("Jk Jk1 2c"), parse_cards_with_jokers("Jk 5c", taken={52})
        ((Joker(2), Joker(1), Card('2♣')), (Joker(2), Card('5♣')))
        >>> parse_cards_with_jokers("Jk Jk Jk")
        Traceback (most recent call last):
        ...
        casino.errors.CardError: 3 jokers in 'Jk Jk Jk' (at most 2)
    """
    tokens: list[Card | int | None] = []  # a card, a named joker's number, or None for a plain Jk
    for chunk in _SEPARATORS.split(str(text).strip()):
        position = 0
        while position < len(chunk):
            joker = _JOKER_RE.match(chunk, position)
            if joker is not None:
                tokens.append(int(joker.group(1)) if joker.group(1) else None)
                position = joker.end()
                continue
            match = _CARD_RE.match(chunk, position)
            if match is None:
                raise CardError(
                    f"unknown card {brief(chunk[position:])} in {brief(text)} (a card is a rank 2-10, J, Q, K, A"
                    " and a suit c, d, h, s or ♣♦♥♠, or Jk (Jk1, Jk2) for a joker)"
                )
            tokens.append(_card_from_token(match.group(0)))
            position = match.end()
    jokers = sum(1 for t in tokens if not isinstance(t, Card))
    if jokers > max_jokers:
        if max_jokers == 0:
            raise CardError(f"a joker in {brief(text)}, but these rules play without jokers")
        raise CardError(f"{jokers} jokers in {brief(text)} (at most {max_jokers})")
    named = {t for t in tokens if isinstance(t, int)}
    for number in sorted(named):
        if number > max_jokers:
            raise CardError(f"joker {number} in {brief(text)}, but these rules play with one joker")
    free = [n for n in range(1, max_jokers + 1) if n not in named and Joker(n).index not in taken]
    cards: list[AnyCard] = []
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
        elif token is not None:
            cards.append(Joker(token))
        elif free:
            cards.append(Joker(free.pop(0)))
        else:
            raise CardError(f"no joker left for {brief(text)}: the pack's {max_jokers} are named already")
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} card{'s' if count != 1 else ''}, got {len(cards)} in {brief(text)}")
    seen: set[AnyCard] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card {card if isinstance(card, Card) else f'Jk{card.number}'} in {brief(text)}")
        seen.add(card)
    return tuple(cards)
