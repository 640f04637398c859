"""Provably fair dealing: a secret seed per round, its SHA-256 commitment, and the deck it fixes.

Before a round the table shows ``commitment(seed)``; after the round it reveals the seed, and anyone
can recompute the deck with :func:`deck_order` and check every card dealt::

    >>> from casino.fair import commitment, deck_order, derive_seed, session_seed
    >>> seed = derive_seed(session_seed("42"), 1)
    >>> len(seed), commitment(seed) == commitment(bytes(seed))
    (32, True)
    >>> order = deck_order(seed)
    >>> sorted(order) == list(range(52))
    True
    >>> deck_order(seed) == order        # the seed alone fixes the deck
    True

The deck is a Fisher–Yates shuffle driven by an HMAC-SHA256 stream keyed with the seed
(``HMAC(seed, "brag-table deck" || block counter)``), with rejection sampling so that every one of
the 52! orders is equally likely: no modulo bias. With no ``--seed`` each round's seed comes from
:func:`secrets.token_bytes`; with ``--seed TEXT`` round ``n`` uses ``derive_seed(session_seed(TEXT), n)``
so a whole session is reproducible (a practice session: whoever knows the text knows every deck).

A **client seed** (``--client-seed TEXT``) is mixed into the house's seed: the deck is then shuffled
from :func:`mixed_seed` ``= HMAC-SHA256(house seed, "brag-table client" || len(text) || text || n)``,
so the player's text changes every deck but never decides one (the house seed is secret until the
round is over)::

    >>> from casino.fair import deal_seed, mixed_seed
    >>> house = derive_seed(session_seed("42"), 1)
    >>> deal_seed(house, None, 1) == house                 # no client seed: the house seed itself
    True
    >>> deal_seed(house, "lucky", 1) == mixed_seed(house, "lucky", 1) != house
    True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterator

from casino.cards import Card
from casino.errors import BragError

__all__ = [
    "SEED_BYTES",
    "new_seed",
    "session_seed",
    "derive_seed",
    "commitment",
    "deck_order",
    "shuffled_deck",
    "seed_from_hex",
    "SeedSource",
    "mixed_seed",
    "deal_seed",
    "MAX_CLIENT_SEED",
    "check_client_seed",
    "check_seed_text",
]

SEED_BYTES = 32
_DECK_LABEL = b"brag-table deck"
_ROUND_LABEL = b"brag-table round"
_CLIENT_LABEL = b"brag-table client"
#: The longest client seed, or practice seed text, taken (characters).
MAX_CLIENT_SEED = 200


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's cryptographically secure generator."""
    return secrets.token_bytes(SEED_BYTES)


def session_seed(text: str) -> bytes:
    """The session key behind ``--seed TEXT``: SHA-256 of the text (any text, e.g. ``"42"``, in UTF-8: text
    that has none, such as bytes a terminal passed on that are not UTF-8, is :class:`BragError`)."""
    return hashlib.sha256(_utf8(str(text), "a seed")).digest()


def _utf8(text: str, what: str) -> bytes:
    """``text`` in UTF-8, or :class:`BragError` naming ``what`` it is (a lone surrogate: the command line's
    way of passing on bytes that are not UTF-8)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise BragError(f"{what} must be text (UTF-8): {text[error.start:error.end][:8]!r} is not a character "
                        "(bytes that are not UTF-8?)") from None


def derive_seed(key: bytes, round_no: int) -> bytes:
    """Round ``round_no``'s seed derived from a session key: ``HMAC-SHA256(key, label || n)``."""
    if round_no < 1:
        raise BragError(f"round numbers start at 1, not {round_no}")
    return hmac.new(key, _ROUND_LABEL + round_no.to_bytes(8, "big"), hashlib.sha256).digest()


def commitment(seed: bytes) -> str:
    """The SHA-256 of the seed, in hex: shown before the round, checked after the seed is revealed."""
    return hashlib.sha256(seed).hexdigest()


def seed_from_hex(text: str) -> bytes:
    """A seed read back from its hex form (as shown and stored)."""
    try:
        seed = bytes.fromhex(text.strip())
    except ValueError:
        raise BragError(f"a seed is {2 * SEED_BYTES} hex digits, not {text!r}") from None
    if len(seed) != SEED_BYTES:
        raise BragError(f"a seed is {2 * SEED_BYTES} hex digits, not {len(text.strip())}")
    return seed


def check_client_seed(text: str) -> str:
    """A client seed as given, or :class:`BragError` naming what is wrong (empty, too long, control characters)."""
    return check_seed_text(text, "a client seed")


def check_seed_text(text: str, what: str) -> str:
    """A seed text the player gave (``what``: ``"a client seed"``, ``"a seed"`` for a practice one) as given, or one
    :class:`BragError` line naming what is wrong with it: empty (or blank), longer than :data:`MAX_CLIENT_SEED`
    characters, holding control characters, or not text. The one check of every front end's seed texts::

        >>> check_seed_text("my lucky text", "a seed")
        'my lucky text'
        >>> check_seed_text("", "a seed")
        Traceback (most recent call last):
        ...
        casino.errors.BragError: a seed is some text of your choice, not empty
        >>> check_seed_text("a\x01b", "a client seed")
        Traceback (most recent call last):
        ...
        casino.errors.BragError: a client seed cannot hold control characters
    """
    if not isinstance(text, str) or not text.strip():
        raise BragError(f"{what} is some text of your choice, not empty")
    if len(text) > MAX_CLIENT_SEED:
        raise BragError(f"{what} is at most {MAX_CLIENT_SEED} characters, not {len(text):,}")
    if any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text):
        raise BragError(f"{what} cannot hold control characters")
    _utf8(text, what)
    return text


def mixed_seed(house_seed: bytes, client_seed: str, round_no: int) -> bytes:
    """The seed that shuffles round ``round_no``'s deck when the player gave a client seed:
    ``HMAC-SHA256(key = house seed, message = "brag-table client" || L || text || n)``, the text in
    UTF-8, ``L`` its length in bytes and ``n`` the round number, each as 8 bytes big-endian."""
    text = client_seed.encode("utf-8")
    message = _CLIENT_LABEL + len(text).to_bytes(8, "big") + text + round_no.to_bytes(8, "big")
    return hmac.new(bytes(house_seed), message, hashlib.sha256).digest()


def deal_seed(house_seed: bytes, client_seed: str | None, round_no: int) -> bytes:
    """The seed the deck is shuffled from: the house seed itself, or :func:`mixed_seed` with a client seed."""
    return bytes(house_seed) if client_seed is None else mixed_seed(house_seed, client_seed, round_no)


def _words(seed: bytes) -> Iterator[int]:
    """An endless stream of 32-bit words: HMAC-SHA256(seed, label || counter), counter = 0, 1, …"""
    counter = 0
    while True:
        block = hmac.new(seed, _DECK_LABEL + counter.to_bytes(8, "big"), hashlib.sha256).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")
        counter += 1


def _below(words: Iterator[int], n: int) -> int:
    """A uniform integer in ``[0, n)`` from the word stream, by rejection (no modulo bias)."""
    limit = (1 << 32) - (1 << 32) % n  # the largest multiple of n not above 2**32
    while True:
        word = next(words)
        if word < limit:
            return word % n


def deck_order(seed: bytes, size: int = 52) -> tuple[int, ...]:
    """The deck (card indices 0-51, top card first) that a seed fixes: Fisher–Yates from the end."""
    words = _words(seed)
    deck = list(range(size))
    for i in range(size - 1, 0, -1):
        j = _below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def shuffled_deck(seed: bytes) -> tuple[Card, ...]:
    """:func:`deck_order` as cards."""
    return tuple(Card.from_index(i) for i in deck_order(seed))


class SeedSource:
    """Where each round's seed comes from: the secure generator, or a session key (``--seed``).

        >>> source = SeedSource.from_text("42")
        >>> source.seed_for(3) == SeedSource.from_text("42").seed_for(3)
        True
        >>> SeedSource().seed_for(3) == SeedSource().seed_for(3)   # secure: fresh each time
        False
    """

    def __init__(self, key: bytes | None = None, *, secure: Callable[[], bytes] = new_seed) -> None:
        self.key = key
        self._secure = secure

    @classmethod
    def from_text(cls, text: str | None) -> SeedSource:
        return cls(session_seed(text) if text is not None else None)

    @property
    def reproducible(self) -> bool:
        return self.key is not None

    def seed_for(self, round_no: int) -> bytes:
        return derive_seed(self.key, round_no) if self.key is not None else self._secure()
