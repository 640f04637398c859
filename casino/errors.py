"""Errors raised by the casino library.

Every error the library raises on bad input is a :class:`BragError`, a subclass of
:class:`ValueError`. The command line turns each into one red line and exit code 2::

    >>> from casino.cards import parse_cards
    >>> parse_cards("Ah 1x")
    Traceback (most recent call last):
    ...
    casino.errors.CardError: unknown card '1x' in 'Ah 1x' (a card is a rank 2-10, J, Q, K, A and a suit c, d, h, s or ♣♦♥♠)
"""

from __future__ import annotations


class BragError(ValueError):
    """Base class: bad input that a user can correct."""


class CardError(BragError):
    """Card text that is not a card, the wrong number of cards, or a duplicate card."""


class GameFileError(BragError):
    """A game or paytable file that cannot be read, or says something impossible."""


class UnknownGameError(GameFileError):
    """A game or paytable name that is neither built in nor a readable file."""


class BetError(BragError):
    """A bet the table refuses: above the bankroll, outside the table limits, not offered."""
