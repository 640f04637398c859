"""Whole-number and yes/no columns read back checked: a hand number, box, seat or count that is not a whole
number (a row edited by hand: SQLite keeps ``1.5``, ``1e30`` or ``'x'`` in an INTEGER column as it was
given) is one :class:`~casino.db.database.UnreadableData` line naming the column and the value, wherever it
is read, never an ``AttributeError`` deep in the code that trusted it. A yes/no column (SQLite: 0 or 1)
holding anything else is refused the same way (it would have read as yes).

Every model module calls :func:`check_whole_numbers` on its tables once, after they are defined: each
integer column's type becomes a :class:`WholeNumber`, each boolean one a :class:`YesNo`, that knows its
column's name. The schema (DDL, the
migrations) is unchanged: it is still ``INTEGER``. Both kinds of read get the check, ORM rows and Core
statements (``select(HandRecord.round_no)``, ``func.max(...)``), because it is the column's type that
reads the value::

    >>> WholeNumber("hands.round_no").process_result_value(3, None)
    3
    >>> WholeNumber("hands.round_no").process_result_value(1.5, None)
    Traceback (most recent call last):
    ...
    casino.db.columns.NotWholeNumber: the database holds a value that cannot be read: hands.round_no (1.5, not a whole number)
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Boolean, Integer
from sqlalchemy.types import TypeDecorator

from casino.db.database import UnreadableData

__all__ = ["NotWholeNumber", "WholeNumber", "YesNo", "whole_number", "check_whole_numbers"]


class NotWholeNumber(UnreadableData):
    """A whole-number column holds something else: ``hands.round_no (1.5, not a whole number)``."""


def whole_number(value: Any, column: str) -> int:
    """``value`` as stored in the whole-number ``column`` (``"hands.round_no"``), else :class:`NotWholeNumber`
    naming both. ``True``/``False`` are not numbers here (a JSON ``true`` where a count belongs)."""
    if type(value) is int:
        return value
    raise NotWholeNumber(f"the database holds a value that cannot be read: {column} ({_shown(value)}, not a whole number)")


def _shown(value: Any) -> str:
    return repr(value) if not isinstance(value, str) or len(value) <= 40 else repr(value[:40]) + "…"


class WholeNumber(TypeDecorator[int]):
    """``INTEGER`` in the schema; read back only as a whole number (``NULL`` stays ``None``)."""

    impl = Integer
    cache_ok = True

    def __init__(self, column: str) -> None:
        super().__init__()
        self.column = column

    def process_result_value(self, value: Any, dialect: Any) -> int | None:
        if value is None or type(value) is int:  # the common case first: one check per value
            return value
        return whole_number(value, self.column)


class YesNo(TypeDecorator[bool]):
    """``BOOLEAN`` in the schema; read back only from what a yes/no is stored as (SQLite: 0 or 1), where
    SQLAlchemy's own reading takes any value (``'x'``, ``2.5``) as yes."""

    impl = Boolean
    cache_ok = True

    def __init__(self, column: str) -> None:
        super().__init__()
        self.column = column

    def result_processor(self, dialect: Any, coltype: Any) -> Any:
        column = self.column

        def process(value: Any) -> bool | None:
            if value is None or value is True or value is False:
                return value
            if type(value) is int and value in (0, 1):
                return value == 1
            raise NotWholeNumber(f"the database holds a value that cannot be read: {column} ({_shown(value)}, "
                                 "not yes (1) or no (0))")

        return process


def check_whole_numbers(*models: Any) -> None:
    """Give every integer column of ``models`` (row classes) the checked :class:`WholeNumber` type, and every
    boolean column the checked :class:`YesNo`."""
    for model in models:
        table = model.__table__
        for column in table.columns:
            name = f"{table.name}.{column.name}"
            if isinstance(column.type, Integer) and not isinstance(column.type, WholeNumber):
                column.type = WholeNumber(name)
            elif isinstance(column.type, Boolean) and not isinstance(column.type, YesNo):
                column.type = YesNo(name)
