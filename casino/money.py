"""Money at the table: one place that reads, bounds, adds and writes amounts, always exactly.

Amounts are :class:`fractions.Fraction` from end to end: no binary floating point on the money path.

    >>> from fractions import Fraction
    >>> from casino.money import amount_text, parse, parse_amount, text, stored, total
    >>> parse("2.5", "Ante"), parse("5/2", "Ante"), parse(3, "Ante")
    (Fraction(5, 2), Fraction(5, 2), Fraction(3, 1))
    >>> text(Fraction(5, 2)), text(Fraction(1, 3)), stored(Fraction(25, 2))
    ('2.5', '1/3', '25/2')
    >>> total([Fraction(1, 2), Fraction(1, 3)])
    Fraction(5, 6)
    >>> parse("-1", "Ante")
    Traceback (most recent call last):
    ...
    casino.errors.BetError: the Ante cannot be negative (-1)

Amounts are written with the digits 0-9 (Python alone would read Arabic-Indic ``٢`` as 2)::

    >>> parse("٢", "bet")
    Traceback (most recent call last):
    ...
    casino.errors.BetError: '٢' is not an amount for the bet: amounts are written with the digits 0-9 (e.g. 5, 2.5 or 5/2)

:func:`parse` is for amounts a player types (bets, bankrolls: :class:`~casino.errors.BetError`), whole or
decimal (``5/2`` is 2.5; ``1/3`` of a chip is refused, while a game file may pay 1/3);
:func:`parse_amount` reads files (games, paytables, rules, hands) with the same bounds but its own error
class, :class:`~casino.errors.GameFileError`, and with ``typed=True`` (a game file's ``[limits]``, what the
table stakes) the same whole-or-decimal rule as :func:`parse` (:func:`typable`)::

    >>> parse_amount("25/2", "[pair_plus].flush"), amount_text(Fraction(25, 2))
    (Fraction(25, 2), '12.5')
    >>> parse_amount(True, "[limits].max_ante")
    Traceback (most recent call last):
    ...
    casino.errors.GameFileError: [limits].max_ante must be a number, not true
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from casino.errors import BetError, GameFileError

__all__ = ["MAX_AMOUNT", "ZERO", "clipped", "parse", "decimal_places", "decimal_text", "text", "stored", "total", "read_stored", "to_fraction", "json_number", "too_fine",
           "other_digits", "DIGITS_0_9", "parse_amount", "amount_text", "typable"]

#: The largest amount anything takes (a stake, a payout to 1, a limit): far above any real table, and
#: small enough that every figure derived from it still prints as a decimal.
MAX_AMOUNT = 10**9
ZERO = Fraction(0)


def to_fraction(value: object) -> Fraction:
    """``value`` (int, Decimal, Fraction or text such as ``"25/2"`` / ``"2.5"``) as a Fraction.

    Raises :class:`ValueError` (or :class:`TypeError`) when it is not a finite amount; callers turn that
    into their own error line.
    """
    if isinstance(value, bool):
        raise TypeError("a truth value is not an amount")
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int):
        if abs(value) > _LARGEST:
            raise OverflowError("too large")
        return Fraction(value)
    if isinstance(value, Decimal):
        return _bounded_decimal(value)
    if isinstance(value, str):
        text = value.strip()
        if other_digits(text):  # int() and Decimal() would read '٢' or '５' as 2 or 5
            raise ValueError(f"{value!r} has digits other than 0-9")
        if len(text) > LONGEST_TEXT:  # a number this long is read in microseconds, and refused below as too large
            raise ValueError(f"{len(text):,} characters is too long for an amount")
        if _FRACTION.match(text):
            numerator, denominator = text.split("/")
            # as fine as a decimal may be (30 places), and the size judged by the value, not the digits:
            # 7500000000000001/25000000000000000 (what 0.30000000000000004 is) reads back as it was written
            # (10^30, the denominator of a 30-place decimal written as a fraction, has 31 digits)
            if len(denominator.strip().lstrip("0")) > _DENOMINATOR_DIGITS:
                raise OverflowError(f"a denominator of more than {_DENOMINATOR_DIGITS} digits")
            if len(numerator.strip().lstrip("+-").lstrip("0")) > _LARGEST_DIGITS + len(denominator.strip().lstrip("0")):
                raise OverflowError("too large")
            if int(denominator) == 0:
                raise ValueError(f"{value!r} divides by zero")
            amount = Fraction(int(numerator), int(denominator))
            if abs(amount) > _LARGEST:
                raise OverflowError("too large")
            return amount
        if not _DECIMAL.match(text):
            raise ValueError(f"{value!r} is not a number")
        return _bounded_decimal(Decimal(text))
    raise TypeError(f"{value!r} is not an amount")


#: The longest text read as an amount (a pasted page is refused unread; 200 fives are "too large").
LONGEST_TEXT = 10_000
#: Amounts are bounded BEFORE they are built: ``1e999999999`` would otherwise be a number with a billion
#: digits (hours of work, gigabytes); far beyond MAX_AMOUNT or too finely divided, it is refused at once.
_LARGEST = 10**15
_LARGEST_DIGITS = 15  # (the digits of _LARGEST after its 1: a numerator may be that much longer than its denominator)
_FINEST_EXPONENT = -30
#: The digits a typed denominator may have: 10^30, a 30-place decimal's denominator, has 31.
_DENOMINATOR_DIGITS = 1 - _FINEST_EXPONENT
#: Any decimal a bet may be typed in divides into this unit (30 places).
DECIMAL_UNIT: int = 10**-_FINEST_EXPONENT
#: The finest unit a typed amount can name: :func:`to_fraction` takes a ``p/q`` with ``q`` of at most 31 digits.
#: A table keeps its amounts in units that divide into it.
TYPED_UNIT: int = 10**_DENOMINATOR_DIGITS - 1
#: The longest ``p/q`` :func:`to_fraction` takes: a sign, a numerator 15 digits longer than its denominator (the
#: largest amount has 16), a slash and the denominator; what a page may send back of any amount it was given.
LONGEST_FRACTION_TEXT = 1 + (_LARGEST_DIGITS + _DENOMINATOR_DIGITS) + 1 + _DENOMINATOR_DIGITS


def common_unit(amounts: Iterable[Fraction | int]) -> int:
    """The common denominator of ``amounts``: the coarsest unit they all divide into::

        >>> common_unit([Fraction(1, 4), Fraction(5, 6), 3])
        12
    """
    return math.lcm(*(value.denominator for value in amounts))
_FRACTION = re.compile(r"^[+-]?[0-9]+\s*/\s*[0-9]+$")
#: Stored exact text (``stored``): sums over a long session may have long denominators (a stake of 30 decimal
#: places times a pay of 30 more), so the bound is wide, yet far below anything slow to build.
_STORED = re.compile(r"^(-?[0-9]{1,300})(?:/([0-9]{1,300}))?$")
_LARGEST_STORED = 10**300
_EXPONENT = re.compile(r"[0-9.]\s*[eE]")  # 1e1, 2.5E-3: an exponent after digits (not 'lots', 'five')
_DECIMAL = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$")


def _bounded_decimal(value: Decimal) -> Fraction:
    """A finite Decimal as a Fraction, refused (:class:`OverflowError`) when it is huge or needlessly fine."""
    if not value.is_finite():
        raise ValueError(f"{value} is not a finite number")
    if value.is_zero():
        return Fraction(0)
    if value.adjusted() > 15:
        raise OverflowError("too large")
    if value.as_tuple().exponent < _FINEST_EXPONENT:  # type: ignore[operator]
        raise OverflowError("too many decimal places")
    return Fraction(value)


def other_digits(text: object) -> bool:
    """Whether ``text`` holds digits other than ASCII 0-9 (Arabic-Indic ``٢``, full-width ``５``, ``²`` …).

    Amounts and counts are written with 0-9 only, although Python's int(), Decimal() and Fraction()
    read any script's digits: ``other_digits("٢")`` is True, ``other_digits("2")`` False.
    """
    return isinstance(text, str) and not text.isascii() and any(ch.isdigit() and not ch.isascii() for ch in text)


#: What every reader of amounts and counts adds when :func:`other_digits` refused one.
DIGITS_0_9 = "amounts are written with the digits 0-9"


def too_fine(error: OverflowError) -> str | None:
    """Why :func:`to_fraction` refused an amount as too finely divided (``"has more than 30 decimal places"``,
    ``"is too finely divided (…)"``), or ``None`` when it refused it as too large: the words every reader of
    amounts uses after the name of what was given."""
    if "places" in str(error):
        return f"has more than {-_FINEST_EXPONENT} decimal places"
    if "denominator" in str(error):
        return f"is too finely divided ({error})"
    return None


def clipped(text: str, limit: int = 60) -> str:
    """``text`` for an error line: at most ``limit`` characters, then "…" (a 10 MB amount is not echoed)."""
    return text if len(text) <= limit else text[:limit] + "…"


def parse(value: object, what: str, *, allow_zero: bool = True, maximum: int = MAX_AMOUNT,
          any_fraction: bool = False, exponent: bool = True) -> Fraction:
    """An exact amount a player gave for ``what`` (``"Ante"``, ``"--bankroll"`` …): not negative, at
    most ``maximum``, not zero unless ``allow_zero``, and whole or decimal unless ``any_fraction`` (a
    traditional Brag table whose rules file antes 1/3 takes bets in thirds); anything else (``true`` from
    JSON too) is one clear :class:`BetError`. ``exponent=False``: text only as its error line says, 5, 2.5
    or 5/2 (the referee's files), so ``1e1`` is not an amount::

        >>> parse("1e1", "bet", exponent=False)
        Traceback (most recent call last):
        ...
        casino.errors.BetError: '1e1' is not an amount for the bet (write e.g. 5, 2.5 or 5/2)
    """
    if isinstance(value, bool):
        raise BetError(f"the {what} must be a number, not {str(value).lower()}")
    shown = clipped(value.strip() if isinstance(value, str) else str(value))
    try:
        if not exponent and isinstance(value, str) and _EXPONENT.search(value):
            raise ValueError(f"{value!r} has an exponent")
        amount = to_fraction(value)
    except OverflowError as error:
        fine = too_fine(error)
        if fine is not None:
            raise BetError(f"the {what} {fine} ({shown})") from None
        raise BetError(f"the {what} must be at most {maximum:,} ({shown})") from None
    except (TypeError, ValueError):
        if isinstance(value, str) and len(value.strip()) > LONGEST_TEXT:
            raise BetError(f"the {what} is too long for an amount ({len(value.strip()):,} characters)") from None
        if other_digits(shown):
            raise BetError(f"{shown!r} is not an amount for the {what}: {DIGITS_0_9} (e.g. 5, 2.5 or 5/2)") from None
        raise BetError(f"{shown!r} is not an amount for the {what} (write e.g. 5, 2.5 or 5/2)") from None
    if amount < 0:
        raise BetError(f"the {what} cannot be negative ({shown})")
    if not any_fraction and not typable(amount):
        if decimal_places(amount) is None:
            raise BetError(f"the {what} must be a whole or decimal amount (e.g. 5, 2.5 or 5/2), not {shown}")
        raise BetError(f"the {what} has more than {-_FINEST_EXPONENT} decimal places ({shown})")
    if amount == 0 and not allow_zero:
        raise BetError(f"the {what} must be more than 0")
    if amount > maximum:
        raise BetError(f"the {what} must be at most {maximum:,} ({shown})")
    return amount


def typable(amount: Fraction) -> bool:
    """Whether a player may bet ``amount``: whole, or decimal of at most 30 places (the rule :func:`parse`
    applies to what is typed, and :func:`parse_amount` to a game file's ``[limits]``)::

        >>> typable(Fraction(5, 2)), typable(Fraction(1, 3)), typable(Fraction(1, 2**31))
        (True, False, False)

    1/3 of a chip: no table deals in it, and sums of such stakes (a progressive meter fed by 1/999999937,
    then 1/999999929 …) would grow without end and could not be stored.
    """
    places = decimal_places(amount)
    return places is not None and places <= -_FINEST_EXPONENT


def text(value: Fraction | int) -> str:
    """An amount as players write it: ``5``, ``2.5``, or ``1/3`` when it has no short decimal::

        >>> text(Fraction(246913, 2)), text(Fraction(-1, 8)), text(Fraction(1, 512)), text(Fraction(1, 3))
        ('123456.5', '-0.125', '1/512', '1/3')
    """
    value = Fraction(value)
    shown = decimal_text(value, 6)  # a decimal of up to 6 places, written out in full (123456.5, not 123456)
    return shown if shown is not None else str(value)


def decimal_text(value: Fraction, most_places: int) -> str | None:
    """``value`` as an exact decimal of at most ``most_places`` places (``"2.5"``, ``"7"``), or ``None``
    when it needs more or has none (thirds): what :func:`text` shows and game files write::

        >>> decimal_text(Fraction(-1, 8), 6), decimal_text(Fraction(1, 512), 6), decimal_text(Fraction(1, 3), 30)
        ('-0.125', None, None)
    """
    places = decimal_places(value)
    if places is None or places > most_places:
        return None
    if places == 0:
        return str(value.numerator)
    whole, part = divmod(abs(value.numerator * 10**places // value.denominator), 10**places)
    return f"{'-' if value < 0 else ''}{whole}.{part:0{places}d}"


def decimal_places(value: Fraction) -> int | None:
    """How many decimal places ``value`` needs (0 for a whole amount), or ``None`` when no decimal is exact::

        >>> decimal_places(Fraction(5, 2)), decimal_places(Fraction(7)), decimal_places(Fraction(1, 3))
        (1, 0, None)
    """
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    return max(twos, fives) if d == 1 else None


def json_number(value: Fraction | int) -> int | float | str:
    """An amount for JSON, never rounded: whole amounts as integers, amounts a float holds exactly (halves,
    quarters …) as floats, anything else as exact text::

        >>> json_number(Fraction(12)), json_number(Fraction(5, 2)), json_number(Fraction(73, 7))
        (12, 2.5, '73/7')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return value.numerator
    if Fraction(float(value)) == value:
        return float(value)
    return str(value)


def stored(value: Fraction | int) -> str:
    """The exact text an amount is stored as: ``"10"``, ``"25/2"`` (read back by :func:`read_stored`)."""
    return str(Fraction(value))


def read_stored(value: object) -> Fraction:
    """An amount written by :func:`stored`, read back with bounds: a :class:`ValueError` (never a
    ZeroDivisionError, a hang on ``1e999999999`` or a 5,000-digit number) when a row was edited into nonsense.

        >>> read_stored("25/2"), read_stored("-3")
        (Fraction(25, 2), Fraction(-3, 1))
        >>> read_stored("1/0")
        Traceback (most recent call last):
        ...
        ValueError: '1/0' divides by zero
    """
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= _LARGEST_STORED:
        return Fraction(value)
    if not isinstance(value, str):
        raise ValueError(f"{str(value)[:40]!r} is not a stored amount")
    found = _STORED.match(value)
    if found is not None:  # what stored() writes: exact text, each part far shorter than the bound
        if found.group(2) is not None and int(found.group(2)) == 0:
            raise ValueError(f"{value!r} divides by zero")
        return Fraction(int(found.group(1)), int(found.group(2) or 1))
    try:  # older rows written as decimals ("2.5"): the bounded reader of typed amounts
        return to_fraction(value)
    except OverflowError:
        raise ValueError(f"{clipped(value, 40)} is far beyond any amount") from None
    except (TypeError, ValueError):
        raise ValueError(f"{clipped(value, 40)!r} is not a stored amount") from None


def total(amounts: Iterable[Fraction]) -> Fraction:
    """The exact sum of ``amounts`` (0 for none)."""
    return sum(amounts, ZERO)


def parse_amount(value: Any, where: str, *, allow_zero: bool = True, typed: bool = False) -> Fraction:
    """An exact, non-negative amount from TOML (int, Decimal text, or a string such as ``"25/2"``).

    ``typed``: an amount the table stakes (a ``[limits]`` bound), so one a player could type (:func:`typable`);
    a pay such as ``"1/3"`` may be any fraction::

        >>> parse_amount("1/3", "[limits].min_ante", typed=True)
        Traceback (most recent call last):
        ...
        casino.errors.GameFileError: [limits].min_ante must be a whole or decimal amount (at most 30 decimal places), not 1/3
    """
    shown = str(value).lower() if isinstance(value, bool) else (repr(value) if isinstance(value, str) else str(value))
    if isinstance(value, bool):
        raise GameFileError(f"{where} must be a number, not {shown}")
    shown = clipped(shown)
    try:
        if not isinstance(value, (int, Decimal, str)):
            raise TypeError
        amount = to_fraction(value)  # bounded before it is built: 1e999999999 is refused at once
    except OverflowError as error:
        fine = too_fine(error)
        if fine is not None:
            raise GameFileError(f"{where} {fine}: {shown}") from None
        raise GameFileError(f"{where} must be at most {MAX_AMOUNT:,}, not {shown}") from None
    except (TypeError, ValueError, ZeroDivisionError):
        digits = f" ({DIGITS_0_9})" if other_digits(value) else ""
        raise GameFileError(f"{where} must be a finite number, not {shown}{digits}") from None
    if amount < 0 or (amount == 0 and not allow_zero):
        raise GameFileError(f"{where} must be {'positive' if not allow_zero else 'zero or more'}, not {shown}")
    if amount > MAX_AMOUNT:
        raise GameFileError(f"{where} must be at most {MAX_AMOUNT:,}, not {shown}")
    if typed and not typable(amount):
        written = clipped(value.strip() if isinstance(value, str) else str(value))
        raise GameFileError(f"{where} must be a whole or decimal amount (at most {-_FINEST_EXPONENT} decimal places), "
                            f"not {written}")
    return amount

def amount_text(value: Fraction | int) -> str:
    """An amount as players write it: ``5``, ``2.5``, or ``1/3`` (:func:`casino.money.text`)."""
    return text(value)
