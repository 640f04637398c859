"""Whole-number and yes/no columns read back checked: a hand number, box, seat or count that is not a whole
number (a row edited by hand: SQLite keeps ``1.5``, ``1e30`` or ``'x'`` in an INTEGER column as it was
given) is one :class:`~casino.db.database.UnreadableData` line naming the column and the value, wherever it
is read, never an ``AttributeError`` deep in the code that trusted it. A yes/no column (SQLite: 0 or 1)
holding anything else is refused the same way (it would have read as yes), and so is a time that is not one,
and a text column holding something other than text (SQLite keeps a BLOB, ``X'00ff'``, there as
it was given: a ``TypeError`` wherever the text was used, a seed, an amount, a JSON list).

Every model module calls :func:`check_whole_numbers` on its tables once, after they are defined: each
integer column's type becomes a :class:`WholeNumber`, each boolean one a :class:`YesNo`, each time a
:class:`StoredTime`, each text column a :class:`StoredText`, that knows its column's name. The schema (DDL, the
migrations) is unchanged: it is still ``INTEGER``. Both kinds of read get the check, ORM rows and Core
statements (``select(HandRecord.round_no)``, ``func.max(...)``), because it is the column's type that
reads the value::

    >>> WholeNumber("hands.round_no").process_result_value(3, None)
    3
    >>> WholeNumber("hands.round_no").process_result_value(1.5, None)
    Traceback (most recent call last):
    ...
    casino.db.columns.NotWholeNumber: the database holds a value that cannot be read: hands.round_no (1.5, not a whole number)
    >>> StoredText("hands.seed").process_result_value(b"\\x00\\xff", None)
    Traceback (most recent call last):
    ...
    casino.db.columns.NotText: the database holds a value that cannot be read: hands.seed (b'\\x00\\xff', not text)
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, DateTime, Integer, String
from sqlalchemy.types import TypeDecorator
from sqlmodel.sql.sqltypes import AutoString

from casino.db.database import UnreadableData

__all__ = ["NotWholeNumber", "NotReadableTime", "NotText", "WholeNumber", "YesNo", "StoredTime", "StoredText",
           "whole_number", "check_whole_numbers"]


class NotWholeNumber(UnreadableData):
    """A whole-number column holds something else: ``hands.round_no (1.5, not a whole number)``."""


def whole_number(value: Any, column: str) -> int:
    """``value`` as stored in the whole-number ``column`` (``"hands.round_no"``), else :class:`NotWholeNumber`
    naming both. ``True``/``False`` are not numbers here (a JSON ``true`` where a count belongs)."""
    if type(value) is int:
        return value
    raise _unreadable(NotWholeNumber, column, value, "a whole number")


def _unreadable(error: type[UnreadableData], column: str, value: Any, wanted: str) -> UnreadableData:
    """The one line for a stored value its column cannot read back: ``the database holds a value that cannot
    be read: hands.seed (b'\\x00\\xff', not text)``, as ``error`` (which kind of column it is)."""
    return error(f"the database holds a value that cannot be read: {column} ({_shown(value)}, not {wanted})")


def _shown(value: Any) -> str:
    """``value`` as an error line shows it: its ``repr``, cut short (a whole game file stored as a BLOB)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:40]) + "…"
    text = repr(value)
    return text if len(text) <= 48 else text[:48] + "…"


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
            raise _unreadable(NotWholeNumber, column, value, "yes (1) or no (0)")

        return process


class NotText(UnreadableData):
    """A text column holds something else: ``hands.seed (b'\\x00\\xff', not text)``."""


class StoredText(AutoString):
    """``VARCHAR`` in the schema (SQLModel's own text type, kept as it is for every database); read back only
    as text (``NULL`` stays ``None``): a BLOB stored there is :class:`NotText` naming the column."""

    cache_ok = True

    def __init__(self, column: str) -> None:
        super().__init__()
        self.column = column

    def process_result_value(self, value: Any, dialect: Any) -> str | None:
        if value is None or type(value) is str:  # the common case first: one check per value
            return value
        raise _unreadable(NotText, self.column, value, "text")


class NotReadableTime(UnreadableData):
    """A time column holds something else: ``hands.played_at ('x', not a time)``."""


def _time_error(column: str, value: Any) -> UnreadableData:
    return _unreadable(NotReadableTime, column, value, "a time")


class StoredTime(TypeDecorator[datetime]):
    """``DATETIME`` in the schema; a stored time that is not one (SQLite keeps text: ``'x'``) is
    :class:`NotReadableTime` naming the column, where SQLAlchemy raised a bare ``ValueError``. (For a plain
    ``DateTime`` column; a column whose type is already a decorator, as SQLModel's UTC times are, keeps it,
    checked the same way: :func:`_checked_time`.)"""

    impl = DateTime
    cache_ok = True

    def __init__(self, column: str) -> None:
        super().__init__()
        self.column = column

    def result_processor(self, dialect: Any, coltype: Any) -> Any:
        return _checking(super().result_processor(dialect, coltype), self.column)


def _checking(inner: Any, column: str) -> Any:
    """``inner`` (a result processor, or ``None``: the driver reads times itself) with its errors named."""
    if inner is None:
        return None

    def process(value: Any) -> Any:
        try:
            return inner(value)
        except (ValueError, TypeError, OverflowError):
            raise _time_error(column, value) from None

    return process


class _TimeChecked:
    """Mixed into a time column's own decorator type (SQLModel's UTC times): its reading, errors named."""

    __slots__ = ()  # (the same object layout as the type it is mixed into: a copy of one becomes one of these)
    column: str

    def result_processor(self, dialect: Any, coltype: Any) -> Any:
        return _checking(super().result_processor(dialect, coltype), self.column)  # type: ignore[misc]


_CHECKED_TIMES: dict[type, Any] = {}


def _checked_time(original: Any, column: str) -> Any:
    """A copy of ``original`` (a decorator type: SQLAlchemy adapts it per database by copying it, so the
    check and the column's name go along) whose reading names a time that is not one."""
    kind = type(original)
    checked = _CHECKED_TIMES.get(kind)
    if checked is None:
        checked = _CHECKED_TIMES[kind] = type(f"Checked{kind.__name__}", (_TimeChecked, kind),
                                              {"cache_ok": True, "__slots__": ()})
    made = object.__new__(checked)  # a copy of it, as one of these
    made.__dict__.update(original.__dict__)
    made.column = column
    return made


def check_whole_numbers(*models: Any) -> None:
    """Give every integer column of ``models`` (row classes) the checked :class:`WholeNumber` type, every
    boolean column the checked :class:`YesNo`, every time column the checked :class:`StoredTime` and every
    text column the checked :class:`StoredText`."""
    for model in models:
        table = model.__table__
        for column in table.columns:
            name = f"{table.name}.{column.name}"
            if isinstance(column.type, Integer) and not isinstance(column.type, WholeNumber):
                column.type = WholeNumber(name)
            elif isinstance(column.type, Boolean) and not isinstance(column.type, YesNo):
                column.type = YesNo(name)
            elif isinstance(column.type, (StoredTime, _TimeChecked)):
                continue
            elif isinstance(column.type, TypeDecorator) and isinstance(column.type.impl_instance, DateTime):
                column.type = _checked_time(column.type, name)
            elif isinstance(column.type, DateTime):
                column.type = StoredTime(name)
            elif isinstance(column.type, (AutoString, String)) and not isinstance(column.type, StoredText):
                column.type = StoredText(name)
