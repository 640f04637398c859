"""A casino session's stored values: amounts and cards written as text, and read back bounded, with one clear
error naming the table, column and row of a value that cannot be read (a row edited by hand into nonsense).

    >>> from fractions import Fraction
    >>> money(Fraction(25, 2)), read_amount("25/2", "sessions.bankroll", "session 1")
    ('25/2', Fraction(25, 2))
    >>> read_amount("1/0", "sessions.bankroll", "session 1")
    Traceback (most recent call last):
    ...
    casino.db.rows.UnreadableValue: the database holds a value that cannot be read: sessions.bankroll of session 1 ('1/0')

Also here: what a session row's settings, running totals and chain start are (:func:`settings_of`,
:func:`totals_of`, :func:`genesis_of`), read the same way, and :func:`core_table` (a row class's SQLAlchemy
Core table, for the bulk statements; :data:`SESSIONS` is the sessions table's, defined once here).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from casino.cards import Card
from casino.db.chain import Totals, genesis_hash
from casino.db.database import UnreadableData
from casino.db.models import SessionRecord
from casino.money import read_stored

__all__ = ["UnreadableValue", "unreadable", "read_amount", "read_cards", "hand_row", "money", "cards_text", "settings_of", "totals_of",
           "genesis_of", "core_table", "SESSIONS"]


def core_table(model: Any) -> Any:
    """The SQLAlchemy Core table of a row class (``SessionRecord`` -> ``sessions``): what the statements
    built once and run without per-row ORM objects use."""
    return model.__table__


#: The ``sessions`` table (Core): the one handle the modules that write and read session rows in bulk
#: statements share (pending, rounds, meters).
SESSIONS = core_table(SessionRecord)


class UnreadableValue(UnreadableData):
    """A stored value that cannot be read back (a row edited by hand into nonsense), naming its table,
    column and row: ``the database holds a value that cannot be read: sessions.bankroll of session 1 ('1/0')``."""

    column = ""  # "sessions.bankroll" (set by :func:`unreadable`)


def unreadable(column: str, row: str, value: object) -> UnreadableValue:
    """The error for ``column`` (``"sessions.bankroll"``) of ``row`` (``"session 1"``) holding ``value``."""
    shown = repr(value) if not isinstance(value, str) or len(value) <= 60 else repr(value[:60]) + "…"
    error = UnreadableValue(f"the database holds a value that cannot be read: {column} of {row} ({shown})")
    error.column = column
    return error


def read_amount(value: object, column: str, row: str) -> Fraction:
    """A stored amount (:func:`casino.money.read_stored`: bounded, never a hang), or :class:`UnreadableValue`
    naming ``column`` of ``row``."""
    try:
        return read_stored(value)
    except ValueError:
        raise unreadable(column, row, value) from None


def read_cards(value: object, column: str, row: str) -> tuple[Any, ...]:
    """Stored cards (``"Qh 7d 2c"``, :func:`casino.cards.parse_cards`), or :class:`UnreadableValue` naming
    ``column`` of ``row`` (a card that is no card is the database's fault, not the reader's input)."""
    from casino.cards import parse_cards
    from casino.errors import CardError

    try:
        return parse_cards(str(value))
    except CardError:
        raise unreadable(column, row, value) from None


def hand_row(round_no: object, session_id: object) -> str:
    """A stored hand as an error line names it: ``hand 3 of session 1``."""
    return f"hand {round_no} of session {session_id}"


def _session_row(record: Any) -> str:
    sid = getattr(record, "id", None)
    return "the session" if sid is None else f"session {sid}"


def money(value: Fraction | int) -> str:
    """Exact text for an amount: ``"10"``, ``"25/2"``."""
    return str(Fraction(value))


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.ascii() for c in cards)


def settings_of(record: Any) -> dict[str, Any]:
    """The session's stored settings (:class:`UnreadableValue` when they are not a JSON object)."""
    try:
        settings = json.loads(record.settings or "{}")
    except ValueError:
        settings = None
    if not isinstance(settings, dict):
        raise unreadable("sessions.settings", _session_row(record), record.settings)
    return settings


def totals_of(record: Any) -> Totals:
    """The session's running totals (kept in its row, updated with each hand); :class:`UnreadableValue`
    when the stored text is not such totals."""
    try:
        return Totals.from_json(record.totals)
    except (ValueError, LookupError, TypeError, AttributeError, ArithmeticError):
        raise unreadable("sessions.totals", _session_row(record), record.totals) from None


def genesis_of(record: Any, *, before_trainer: bool = False) -> str:
    """The start of a session's hash chain (from its key, game snapshot, bankroll, practice seed and whether the
    hole-card trainer was on). ``before_trainer``: as sessions stored before the trainer was chained had it."""
    from casino.practice import is_trainer

    settings = settings_of(record)
    seed = settings.get("seed")
    try:
        return genesis_hash(record.chain_key or "", record.game_text, record.start_bankroll,
                            None if seed is None else str(seed), is_trainer(settings) and not before_trainer)
    except (ValueError, TypeError, ArithmeticError):  # a start_bankroll edited to text: named, never a ValueError
        raise unreadable("sessions.start_bankroll", _session_row(record), record.start_bankroll) from None
