"""TOML text read safely: the one TOML reader of every file and stored text, and checks on what it holds.

Numbers with a point are read exactly (as :class:`~decimal.Decimal`), and nesting deeper than
:data:`MAX_NESTING` is refused before it can exhaust Python's stack::

    >>> from casino.toml_files import escape_controls, parse_toml
    >>> parse_toml("pays = 12.5", "my.toml")
    {'pays': Decimal('12.5')}
    >>> parse_toml("a = " + "[" * 40 + "]" * 40, "deep.toml")
    Traceback (most recent call last):
    ...
    casino.errors.GameFileError: deep.toml: nested 40 deep: at most 32 (arrays and tables in one another)
    >>> parse_toml("a = ", "bad.toml")
    Traceback (most recent call last):
    ...
    casino.errors.GameFileError: bad.toml: malformed TOML: Invalid value (at end of document)

The parsers of game files, side-bet tables, rules and referee hands check the tables with
:func:`_check_keys` (an unknown key is an error with a "did you mean") and :func:`_text` (a name or
description: text of at most :data:`MAX_TEXT` characters, control characters escaped by
:func:`escape_controls`). Every problem is one :class:`~casino.errors.GameFileError` naming the file.
"""

from __future__ import annotations

import difflib
import tomllib
from decimal import Decimal
from typing import Any, Mapping

from casino.errors import GameFileError

__all__ = ["parse_toml", "MAX_NESTING", "MAX_TEXT", "escape_controls"]


def parse_toml(text: str, label: str) -> dict[str, Any]:
    """The tables of a TOML text (numbers with a point read exactly, as Decimal): the one TOML reader of every
    file and stored text the project reads. Nesting deeper than :data:`MAX_NESTING` (arrays, inline tables,
    dotted keys) is refused before it can exhaust Python's stack, here or in whoever walks the tables."""
    text = text.removeprefix("\ufeff")
    depth = _nesting(text)
    if depth > MAX_NESTING:
        raise GameFileError(_too_deep(label, depth))
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise GameFileError(f"{label}: malformed TOML: {error}") from None
    except RecursionError:  # a nesting the quick count above missed
        raise GameFileError(_too_deep(label, None)) from None
    except ValueError as error:  # an integer of thousands of digits
        raise GameFileError(f"{label}: cannot be read: {' '.join(str(error).split())[:120]}") from None
    depth = _data_depth(data)
    if depth > MAX_NESTING:  # dotted keys (a.a.a… = 1) nest tables without a bracket
        raise GameFileError(_too_deep(label, depth))
    return data

#: The deepest nesting of arrays and tables a game file may use (real files use 2 or 3).
MAX_NESTING = 32

def _too_deep(label: str, depth: int | None) -> str:
    deep = "too deeply" if depth is None else f"{depth:,} deep"
    return f"{label}: nested {deep}: at most {MAX_NESTING} (arrays and tables in one another)"

def _nesting(text: str) -> int:
    """The deepest run of brackets and braces outside strings and comments (a quick upper bound: a
    bracket inside a multi-line string may count, never a bracket outside one be missed)."""
    depth = deepest = 0
    i, end = 0, len(text)
    while i < end:
        ch = text[i]
        if ch == "#":
            newline = text.find("\n", i)
            i = end if newline < 0 else newline
        elif ch in "\"'":
            i = _string_end(text, i)
            continue
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest

def _string_end(text: str, start: int) -> int:
    """Where the TOML string opening at ``start`` ends (just past its closing quote, or its line's end
    for a single-line string left open)."""
    quote = text[start]
    triple = text.startswith(quote * 3, start)
    i = start + (3 if triple else 1)
    end = len(text)
    while i < end:
        ch = text[i]
        if ch == "\\" and quote == '"':
            i += 2
            continue
        if ch == "\n" and not triple:
            return i
        if ch == quote:
            if not triple:
                return i + 1
            if text.startswith(quote * 3, i):
                i += 3
                extra = 0
                while extra < 2 and i < end and text[i] == quote:  # """a"""" ends in a quote of the text
                    i += 1
                    extra += 1
                return i
        i += 1
    return end

def _data_depth(data: Any) -> int:
    """How deep lists and tables are nested in parsed TOML, counted without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value if isinstance(v, (dict, list)))
    return deepest

def _check_keys(table: Mapping[str, Any], allowed: set[str] | tuple[str, ...], where: str) -> None:
    for key in table:
        if key not in allowed:
            near = difflib.get_close_matches(key, list(allowed), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise GameFileError(f"{where}: unknown key {key!r}{hint}")

def _text(data: Mapping[str, Any], key: str, label: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if value is None:
        raise GameFileError(f"{label}: missing key {key!r}")
    if not isinstance(value, str):
        raise GameFileError(f"{label}: {key} must be text, not {str(value)[:60]!r}")
    if len(value) > MAX_TEXT:
        raise GameFileError(f"{label}: {key} is {len(value):,} characters long: at most {MAX_TEXT:,}")
    return escape_controls(value)

#: The longest name, description or source text a game file may give.
MAX_TEXT = 10_000

def escape_controls(text: str) -> str:
    """``text`` with control and format characters (escape sequences, bidirectional overrides) written as
    ``\\x1b`` / ``\\u202e``: what a game file names reaches a terminal as plain, visible text.

        >>> print(escape_controls("Brag" + chr(27) + "[2J"))
        Brag\\x1b[2J
    """
    import unicodedata

    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Co", "Cs"):
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)
