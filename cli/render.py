"""Shared output helpers: the console, cards in colour, numbers as players read them, JSON."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any, Callable, Iterable

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
    """Exactly one JSON object on stdout: valid JSON, a figure a sample cannot give (NaN, an infinite interval)
    written ``null`` (``NaN`` and ``Infinity`` are not JSON: a strict reader refuses the whole document)."""
    typer.echo(json.dumps(_finite(data), indent=2, default=_json_default, allow_nan=False))


def _finite(data: Any) -> Any:
    """``data`` with every float that is not finite made ``None`` (in lists, tuples and dicts, as deep as they go).

        >>> _finite({"z": float("nan"), "ci": (float("-inf"), 1.5)})
        {'z': None, 'ci': [None, 1.5]}
    """
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {key: _finite(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_finite(value) for value in data]
    return data


def interval_text(low: float, high: float, fmt: Callable[[float], str]) -> str:
    """``low … high`` each written by ``fmt``, or ``—`` for an interval a sample cannot give (one session)."""
    return f"{fmt(low)} … {fmt(high)}" if math.isfinite(high - low) else "—"


def figure_text(value: float, spec: str) -> str:
    """``value`` formatted with ``spec`` (``"+.2f"``), or ``—`` for a figure the sample cannot give (NaN, infinite).

        >>> figure_text(1.25, "+.2f"), figure_text(float("nan"), ".4f"), figure_text(float("inf"), ".5f")
        ('+1.25', '—', '—')
    """
    return format(value, spec) if math.isfinite(value) else "—"


def _json_default(value: Any) -> Any:
    if isinstance(value, Fraction):
        return float(value)
    if hasattr(value, "item"):  # numpy scalars (a float32 NaN is not a float: made one here, then null)
        return _finite(value.item())
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
    """A payout or net result, exactly: ``40``, ``12.5``, ``-1``, ``1,000,004.75``, or ``1/3`` when it has no short
    decimal.

        >>> pays(Fraction(4000019, 4)), pays(Fraction(-1, 2)), pays(Fraction(1, 3)), pays(Fraction(-7))
        ('1,000,004.75', '-0.5', '1/3', '-7')
    """
    from casino.money import text

    shown = text(value)  # exact: 1,000,004.75 (a float's :g wrote 1e+06, and 99994.75 as 99994.8)
    if "/" in shown:
        return shown
    whole, dot, places = shown.partition(".")
    return f"{'-' if whole.startswith('-') else ''}{int(whole.lstrip('-')):,}{dot}{places}"


def one_in(combinations: int, total: int) -> str:
    """Odds as rule books print them: ``1 in 460``, or ``3 in 4`` for a likely hand."""
    if combinations == 0:
        return "never"
    if 2 * combinations <= total:
        return f"1 in {round(total / combinations):,}"
    p = Fraction(combinations, total).limit_denominator(10)
    return f"{p.numerator} in {p.denominator}"
