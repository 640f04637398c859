"""Reading the player's keys and bets at the table (plain text in, values out; no game logic)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

import typer

QUIT = ("q", "quit", "exit")
HELP = ("?", "h", "help")
PLAY = ("p", "play")
FOLD = ("f", "fold")


def ask(text: str) -> Optional[str]:
    """One line from the player, stripped and lower-cased; ``None`` at the end of input."""
    try:
        return str(typer.prompt(text, default="", show_default=False, prompt_suffix=" ")).strip().lower()
    except typer.Abort:
        typer.echo("")
        return None


class AmountError(ValueError):
    """Text that is not an amount the table takes."""


def parse_amount(text: str, what: str) -> Fraction:
    """``"5"``, ``"2.5"``, ``"5/2"`` → an exact, non-negative amount."""
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise AmountError(f"{text!r} is not an amount for the {what} (write e.g. 5 or 2.5)") from None
    if value < 0:
        raise AmountError(f"the {what} cannot be negative ({text})")
    from casino.games import MAX_AMOUNT

    if value > MAX_AMOUNT:
        raise AmountError(f"the {what} must be at most {MAX_AMOUNT:,} ({text.strip()})")
    return value


@dataclass(frozen=True)
class BetLine:
    """What the player typed at the bets prompt."""

    action: str  # repeat, quit, help, boxes, bets
    boxes: int = 0
    stakes: tuple[tuple[Fraction, Fraction], ...] = ()  # (ante, pair plus) per box, or one for all


def parse_bet_line(text: str) -> BetLine:
    """Read the bets prompt.

    ``""`` repeats the last bets; ``q`` quits; ``?`` is help; ``b 3`` (or ``boxes 3``) plays three
    boxes; ``10`` is an Ante of 10 (Pair Plus unchanged); ``10 2`` an Ante of 10 and a Pair Plus of 2;
    ``0 5`` a Pair Plus alone; ``10 2, 5, 0 1`` gives each box its own bets (and sets the box count).

        >>> parse_bet_line("10 2, 5 0").stakes
        ((Fraction(10, 1), Fraction(2, 1)), (Fraction(5, 1), Fraction(0, 1)))
    """
    line = text.strip().lower()
    if not line:
        return BetLine("repeat")
    if line in QUIT:
        return BetLine("quit")
    if line in HELP:
        return BetLine("help")
    words = line.split()
    if words[0] in ("b", "boxes", "box"):
        rest = "".join(words[1:])
        if not rest.isdigit():
            raise AmountError("write the number of boxes after b, e.g. 'b 3'")
        return BetLine("boxes", boxes=int(rest))
    stakes = []
    for part in line.split(","):
        items = part.split()
        if not items:
            raise AmountError("an empty box between commas: write 'ANTE [PAIR_PLUS]' for each box")
        if len(items) > 2:
            raise AmountError(f"{part.strip()!r}: write an Ante and, if you like, a Pair Plus (e.g. '10 2')")
        ante = parse_amount(items[0], "Ante")
        pair_plus = parse_amount(items[1], "Pair Plus") if len(items) == 2 else Fraction(-1)  # -1: unchanged
        stakes.append((ante, pair_plus))
    return BetLine("bets", boxes=len(stakes), stakes=tuple(stakes))


def parse_decision(text: Optional[str]) -> Optional[str]:
    """``play``, ``fold``, ``help``, ``quit``, ``end`` (end of input) or ``None`` for a key we don't know."""
    if text is None:
        return "end"
    if text in PLAY:
        return "play"
    if text in FOLD:
        return "fold"
    if text in HELP:
        return "help"
    if text in QUIT:
        return "quit"
    return None
