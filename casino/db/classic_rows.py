"""Reading stored traditional Brag rows back: bounded, typed, and one clear line when a value is not what
this code writes (a row edited by hand, or damaged).

Every reader names where the value was (``classic session 3, hand 2: chips_after``) in an
:class:`UnreadableRecord` (a :class:`~casino.db.database.UnreadableData`, as the casino table's
:class:`~casino.db.store.UnreadableValue` is: one line, exit code 2 at the command line, 409 on the web; ``brag verify --classic`` reports it as a record that does not verify).
Amounts are read with :func:`casino.money.read_stored`, bounded before they are built (a 5,000-digit
amount or ``1e999999999`` is refused at once, never computed)::

    >>> amounts('["10", "25/2"]', "chips")
    [Fraction(10, 1), Fraction(25, 2)]
    >>> amounts('["1/0"]', "chips")
    Traceback (most recent call last):
    ...
    casino.db.classic_rows.UnreadableRecord: chips cannot be read: '1/0' divides by zero
    >>> numbers("null", "pack")
    Traceback (most recent call last):
    ...
    casino.db.classic_rows.UnreadableRecord: pack cannot be read: not a list of whole numbers (null)
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from casino.db.database import UnreadableData
from casino.money import read_stored

__all__ = ["UnreadableRecord", "READ_ERRORS", "stored_json", "amount", "amounts", "numbers", "texts", "shown"]

#: What reading a damaged value can raise beyond :class:`UnreadableRecord` (caught where rows are read).
READ_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError, OverflowError,
               RecursionError)


class UnreadableRecord(UnreadableData):
    """A stored value cannot be read back as what this code wrote there."""


def shown(value: Any, limit: int = 40) -> str:
    """A stored value as an error line shows it: short, on one line."""
    text = value if isinstance(value, str) else json.dumps(value) if _jsonable(value) else repr(value)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "…"


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def stored_json(text: Any, where: str) -> Any:
    """The JSON value stored as ``text``."""
    if not isinstance(text, str):
        raise UnreadableRecord(f"{where} cannot be read: not JSON text ({shown(text)})")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise UnreadableRecord(f"{where} cannot be read: not JSON ({shown(text)}: {str(error)[:60]})") from None


def amount(value: Any, where: str) -> Fraction:
    """One stored amount (``"25/2"``), bounded before it is built (:func:`casino.money.read_stored`)."""
    try:
        return read_stored(value)
    except (ValueError, TypeError) as error:
        raise UnreadableRecord(f"{where} cannot be read: {str(error)[:80]}") from None


def amounts(text: Any, where: str, count: int | None = None) -> list[Fraction]:
    """A stored JSON list of amounts (``count`` of them, when given)."""
    values = stored_json(text, where)
    if not isinstance(values, list) or (count is not None and len(values) != count):
        what = "a list of amounts" if count is None else f"a list of {count} amounts"
        raise UnreadableRecord(f"{where} cannot be read: not {what} ({shown(text)})")
    return [amount(v, where) for v in values]


def numbers(text: Any, where: str) -> list[int]:
    """A stored JSON list of whole numbers (cards, seats)."""
    values = stored_json(text, where)
    if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise UnreadableRecord(f"{where} cannot be read: not a list of whole numbers ({shown(text)})")
    return values


def texts(text: Any, where: str) -> list[str]:
    """A stored JSON list of text (seat names, players)."""
    values = stored_json(text, where)
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise UnreadableRecord(f"{where} cannot be read: not a list of names ({shown(text)})")
    return values
