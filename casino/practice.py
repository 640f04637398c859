"""Practice sessions: the one test of whether a stored session was seeded from text, and the one wording.

A session started with ``--seed TEXT`` (``brag play``, ``brag classic``, the web's seed box) is a
*practice* session: the text alone decides every deck, so its cards could be printed before it was played.
It is reproducible (for practice, documentation and tests) and is **never fair play**. Everything that shows
a stored session (``brag sessions``, ``history``, ``replay``, ``verify``, the web's session pages) marks it
with the words below, so it cannot be mistaken for a fair session::

    >>> is_practice({"seed": "demo", "hints": True})
    True
    >>> is_practice({"seed": None}), is_practice({}), is_practice(None)
    (False, False, False)
    >>> is_practice({"seed": ""})          # an empty text still decides every deck
    True
    >>> is_practice_text('{"seed": "demo"}'), is_practice_text("{}")
    (True, False)
    >>> play_kind({"seed": "demo"}), play_kind({})
    ('practice', 'fair')
    >>> deal_note({"seed": "demo"}) == PRACTICE_NOTE
    True
    >>> PRACTICE_SENTENCE
    'Practice session, seeded from text: every deck is foreseeable, not fair play.'
    >>> deal_note({"trainer": True}) == f"{FAIR_NOTE}; {TRAINER_NOTE}"
    True

Pure: no database, no terminal. The session's settings are the mapping stored with it (its ``settings``
column, JSON): the seed text is under ``"seed"`` (``None`` or absent for fair play), for the casino table
and for traditional Brag alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

__all__ = [
    "is_practice",
    "is_practice_text",
    "practice_seed",
    "play_kind",
    "deal_note",
    "PRACTICE_NOTE",
    "PRACTICE_SENTENCE",
    "FAIR_NOTE",
    "TRAINER_NOTE",
    "is_trainer",
    "PRACTICE_MARK",
    "SEED_KEY",
    "check_practice_seed",
]

#: Where a session's settings keep the ``--seed`` text (``None`` or absent: fair play).
SEED_KEY = "seed"

#: The one wording for a practice session, wherever one is shown (lower case: it goes inside sentences
#: and brackets; capitalise the first letter at the start of a line).
PRACTICE_NOTE = "practice session, seeded from text: every deck is foreseeable, not fair play"

#: :data:`PRACTICE_NOTE` as a sentence of its own (a line, a banner): what every table says as a practice
#: session starts and ends (``brag play``, head-to-head games, ``brag classic``) and what a stored one shows.
PRACTICE_SENTENCE = f"{PRACTICE_NOTE[0].upper()}{PRACTICE_NOTE[1:]}."

#: The wording for a session that is not practice: its decks came from secret seeds committed before the bets.
FAIR_NOTE = "fair play: every deck from a secret seed committed before the bets"

#: What is added for a session played with the hole-card trainer (``brag play --trainer``, the web's trainer box):
#: its decks were fair, but the player decided knowing a card the game keeps face down.
TRAINER_NOTE = ("hole-card trainer: the dealer's first card was shown before each decision, so the results are not "
                "the game's")

#: The short mark for a practice session in a table column or a badge.
PRACTICE_MARK = "PRACTICE"


def check_practice_seed(text: str) -> str:
    """The text a new practice session is seeded from, as given, or one :class:`~casino.errors.BragError` line:
    the same check as a client seed's (:func:`casino.fair.check_seed_text`: not empty or blank, at most 200
    characters, no control characters), for the terminal's ``--seed`` and the web's ``"seed"`` alike::

        >>> check_practice_seed("demo")
        'demo'
        >>> check_practice_seed(" ")
        Traceback (most recent call last):
        ...
        casino.errors.BragError: a seed is some text of your choice, not empty

    Sessions stored before the check with an empty text stay practice sessions (:func:`is_practice`).
    """
    from casino.fair import check_seed_text

    return check_seed_text(text, "a seed")


def check_session_seeds(seed: str | None, client_seed: str | None) -> None:
    """A new casino session's seed texts, checked before anything is stored: a practice ``seed``
    (:func:`check_practice_seed`), or a fair session's ``client_seed`` (:func:`casino.fair.check_client_seed`),
    never both (a practice session is decided by its text alone). One :class:`~casino.errors.BetError`
    or :class:`~casino.errors.BragError` line when not::

        >>> check_session_seeds("demo", None)
        >>> check_session_seeds("demo", "mine")
        Traceback (most recent call last):
        ...
        casino.errors.BetError: a client seed goes with fair play: a practice session (seed) is decided by its text alone
    """
    from casino.errors import BetError
    from casino.fair import check_client_seed

    if seed is not None:
        check_practice_seed(seed)
    if client_seed is not None:
        if seed is not None:
            raise BetError("a client seed goes with fair play: a practice session (seed) is decided by its text alone")
        check_client_seed(client_seed)


def practice_seed(settings: Mapping[str, Any] | None) -> str | None:
    """The ``--seed`` text that decided every deck of the session (``None``: not a practice session)."""
    if not settings:
        return None
    seed = settings.get(SEED_KEY)
    return None if seed is None else str(seed)


def is_practice(settings: Mapping[str, Any] | None) -> bool:
    """Whether a session with these stored settings was seeded from text (a practice session)."""
    return practice_seed(settings) is not None


def is_practice_text(settings_text: str | None) -> bool:
    """:func:`is_practice` of settings stored as JSON text. Text that cannot be read as a JSON object
    raises ``ValueError`` (a tampered row is named, never taken for fair play)."""
    if not settings_text:
        return False
    settings = json.loads(settings_text)
    if not isinstance(settings, dict):
        raise ValueError(f"session settings are not a JSON object: {settings_text[:60]!r}")
    return is_practice(settings)


def play_kind(settings: Mapping[str, Any] | None) -> str:
    """``"practice"`` or ``"fair"``: the session's kind in one word (for JSON and CSV)."""
    return "practice" if is_practice(settings) else "fair"


def is_trainer(settings: Mapping[str, Any] | None) -> bool:
    """Whether the session was played with the hole-card trainer (the dealer's first card shown)."""
    return bool(settings and settings.get("trainer") is True)


def deal_note(settings: Mapping[str, Any] | None) -> str:
    """:data:`PRACTICE_NOTE` or :data:`FAIR_NOTE`, whichever the session is, and :data:`TRAINER_NOTE` after it for a
    trainer session."""
    note = PRACTICE_NOTE if is_practice(settings) else FAIR_NOTE
    return f"{note}; {TRAINER_NOTE}" if is_trainer(settings) else note
