"""Shared output helpers: the console, cards in colour, numbers as players read them, JSON."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Iterable

import typer
from rich.console import Console
from rich.text import Text

RED_SUITS = "♦♥"


class _Console(Console):
    """Rich's console, except that a closed pipe is left to the one edge that handles it for every command
    (:class:`cli.errors.BragGroup`: quietly, exit code 141) instead of Rich's own exit code 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


def console(*, stderr: bool = False) -> Console:
    """A console on the current stdout (so CliRunner captures it), or stderr; width from the terminal or
    COLUMNS. Every command's console is this one (a reader that leaves ends each command the same way)."""
    return _Console(highlight=False, stderr=stderr)


def plain(text: object) -> str:
    r"""``text`` as Rich prints it literally: a name or label from a file or a database (``Brag [v2]``,
    ``[/]``) is never read as markup (a style tag would vanish; a stray closing tag would crash).

        >>> plain("Brag [my-table]")
        'Brag \\[my-table]'
    """
    from rich.markup import escape

    return escape(str(text))


def print_json(data: Any) -> None:
    """Exactly one JSON object on stdout."""
    typer.echo(json.dumps(data, indent=2, default=_json_default))


def _json_default(value: Any) -> Any:
    if isinstance(value, Fraction):
        return float(value)
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def cards_text(cards: Iterable[Any]) -> Text:
    """Cards as ``3♥ 3♦ 3♠`` with red suits in red."""
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        shown = str(card)
        text.append(shown, style="bold red" if shown[-1] in RED_SUITS else "bold")
    return text


def percent(value: Fraction | float, digits: int = 4) -> str:
    return f"{float(value) * 100:.{digits}f}%"


def fraction(value: Fraction) -> str:
    return f"{value.numerator:,}/{value.denominator:,}" if value.denominator != 1 else f"{value.numerator:,}"


def pays(value: Fraction) -> str:
    """A payout or net result: ``40``, ``12.5``, ``-1``, or ``1/3`` when it has no short decimal."""
    if value.denominator == 1:
        return f"{value.numerator:+,}" if value < 0 else f"{value.numerator:,}"
    as_float = float(value)
    if Fraction(round(as_float, 6)).limit_denominator(10**6) == value:
        return f"{as_float:g}"
    return f"{value.numerator}/{value.denominator}"


def one_in(combinations: int, total: int) -> str:
    """Odds as rule books print them: ``1 in 460``, or ``3 in 4`` for a likely hand."""
    if combinations == 0:
        return "never"
    if 2 * combinations <= total:
        return f"1 in {round(total / combinations):,}"
    p = Fraction(combinations, total).limit_denominator(10)
    return f"{p.numerator} in {p.denominator}"
