"""Reading the player's keys and bets at the table (plain text in, values out; no game logic)."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Iterator, Optional

import typer

QUIT = ("q", "quit", "exit")
HELP = ("?", "h", "help")
TABLE = ("t", "table", "rules", "paytable", "paytables")
PLAY = ("p", "play")
FOLD = ("f", "fold")



def _brief(text: str) -> str:
    """:func:`casino.cards.brief`, imported when an error is written (the prompts import no game code at the top)."""
    from casino.cards import brief

    return brief(text)


@contextmanager
def terminate_as_ctrl_c(*, children: bool = False) -> Iterator[None]:
    """While a table is open, SIGTERM (``kill``) and SIGHUP (the terminal closed) do what Ctrl-C does there:
    at a prompt the session ends as interrupted (a hand dealt stays pending, to be finished on resume); in
    auto-play the hand being played is finished first. Without this a session stopped so before its first
    hand was left open, with no hands and no end.

    ``children``: worker processes (``--workers N``) are stopped first. Ctrl-C reaches the whole process group;
    a ``kill`` of this process alone left them behind, computing on or waiting for work for good."""
    import signal

    def forward(signum: int, frame: Any) -> None:
        if children:
            import multiprocessing

            for child in multiprocessing.active_children():
                child.terminate()
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):
            handler(signal.SIGINT, frame)
        else:  # ignored or the default: Ctrl-C's own meaning
            raise KeyboardInterrupt

    saved: dict[Any, Any] = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is None:  # (no SIGHUP on Windows)
            continue
        try:
            saved[number] = signal.signal(number, forward)
        except ValueError:  # not the main thread: they keep their usual meaning
            pass
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)


def ask(text: str) -> Optional[str]:
    """One line from the player, stripped and lower-cased; ``None`` at the end of input.

    Ctrl-C is not the end of input: it raises :class:`KeyboardInterrupt` (click turns both into
    ``Abort``; the interrupt is found again as the Abort's context), and the table ends the session.
    """
    try:
        return str(typer.prompt(text, default="", show_default=False, prompt_suffix=" ")).strip().lower()
    except typer.Abort as abort:
        typer.echo("")
        if isinstance(abort.__context__, KeyboardInterrupt):
            raise KeyboardInterrupt from None
        return None


class AmountError(ValueError):
    """Text that is not an amount the table takes."""


def parse_amount(text: str, what: str) -> Fraction:
    """``"5"``, ``"2.5"``, ``"5/2"`` → an exact, non-negative amount (:func:`casino.money.parse`)."""
    from casino.errors import BetError
    from casino.money import parse

    try:
        return parse(text, what)
    except BetError as error:
        raise AmountError(str(error)) from None


#: the shortest word for each side bet, as help and examples show it
SIDE_WORD = {"six_card_bonus": "6cb", "colour_bonus": "colour", "prime": "prime", "progressive": "prog"}


def side_word(bet: str) -> str:
    """The word to type for a side bet (``six_card_bonus`` -> ``6cb``; a bet with no short word: its name).

        >>> side_word("progressive"), side_word("prime")
        ('prog', 'prime')
    """
    return SIDE_WORD.get(bet, bet)


def side_name(word: str) -> str:
    """The side bet a word names (``6cb``, ``colour``, ``prog`` or the full name); :class:`AmountError` if none."""
    from casino.bets import side_bet_named  # the web's lookup too (casino.bets.SIDE_WORDS)
    from casino.errors import BetError

    try:
        return side_bet_named(word)
    except BetError as error:
        raise AmountError(str(error)) from None


def refuse_twice(names: Iterable[str]) -> None:
    """Refuse a side bet named twice (``6cb 1 6cb 2``, ``--side-bet 6cb=1 --side-bet 6cb=7``): which stake was
    meant is not ours to guess."""
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise AmountError(f"the {name.replace('_', ' ')} side bet is given twice")
        seen.add(name)


def parse_side_option(text: str) -> tuple[str, Fraction]:
    """``--side-bet prime=2`` → ``("prime", Fraction(2))``."""
    name, sep, amount = text.partition("=")
    if not sep:
        raise AmountError(f"--side-bet {_brief(text)}: write NAME=AMOUNT, e.g. --side-bet 6cb=5")
    bet = side_name(name)
    return bet, parse_amount(amount, bet.replace("_", " ").title())


@dataclass(frozen=True)
class BoxLine:
    """One box's bets as typed: ``pair_plus`` ``None`` keeps the last one; ``side`` changes only the
    side bets it names (a stake of 0 takes one away)."""

    ante: Fraction
    pair_plus: Optional[Fraction] = None
    side: tuple[tuple[str, Fraction], ...] = ()


@dataclass(frozen=True)
class BetLine:
    """What the player typed at the bets prompt."""

    action: str  # repeat, quit, help, table, boxes, bets
    boxes: int = 0
    stakes: tuple[BoxLine, ...] = ()  # per box, or one for all


def parse_bet_line(text: str) -> BetLine:
    """Read the bets prompt.

    ``""`` repeats the last bets; ``q`` quits; ``?`` is help; ``t`` the paytables and rules; ``b 3``
    (or ``boxes 3``) plays three boxes; ``10`` is an Ante of 10 (Pair Plus unchanged); ``10 2`` an Ante of
    10 and a Pair Plus of 2; ``0 5`` a Pair Plus alone; after them, side bets by name and stake
    (``10 2 6cb 5 prime 1``); ``10 2, 5, 0 1`` gives each box its own bets (and sets the box count).

        >>> line = parse_bet_line("10 2 6cb 5, 5")
        >>> line.stakes[0]
        BoxLine(ante=Fraction(10, 1), pair_plus=Fraction(2, 1), side=(('six_card_bonus', Fraction(5, 1)),))
        >>> line.stakes[1]
        BoxLine(ante=Fraction(5, 1), pair_plus=None, side=())
    """
    from casino.bets import SIDE_WORDS  # the side bets' words, the web's too

    line = text.strip().lower()
    if not line:
        return BetLine("repeat")
    if any(c not in " \t" and not c.isprintable() for c in line):  # '1\r2' was the Ante 1 and the Pair Plus 2
        raise AmountError("the line holds a control character (a carriage return …): type the bets with spaces, "
                          "e.g. '10 2'")
    if line in QUIT:
        return BetLine("quit")
    if line in HELP:
        return BetLine("help")
    if line in TABLE:
        return BetLine("table")
    words = line.split()
    if words[0] in ("b", "boxes", "box"):
        rest = "".join(words[1:])
        if not (rest.isascii() and rest.isdigit()):  # 0-9 only: int() would read '٢' as 2
            raise AmountError("write the number of boxes after b, e.g. 'b 3'")
        return BetLine("boxes", boxes=int(rest))
    stakes = []
    for part in line.split(","):
        items = part.split()
        if not items:
            raise AmountError("an empty box between commas: write 'ANTE [PAIR_PLUS] [SIDE AMOUNT …]' for each box")
        amounts = []
        while items and items[0].replace("-", "_") not in SIDE_WORDS:
            amounts.append(items.pop(0))
        if not amounts:
            raise AmountError(f"{_brief(part.strip())}: start with the Ante (0 for none), e.g. '10 2 prime 1'")
        if len(amounts) > 2:
            raise AmountError(f"{_brief(part.strip())}: write an Ante and, if you like, a Pair Plus (e.g. '10 2')")
        if len(items) % 2:
            raise AmountError(f"{_brief(part.strip())}: each side bet needs a stake, e.g. 'prime 1'")
        side = tuple((side_name(items[i]), parse_amount(items[i + 1], side_name(items[i]).replace("_", " ")))
                     for i in range(0, len(items), 2))
        refuse_twice(name for name, _ in side)
        ante = parse_amount(amounts[0], "Ante")
        pair_plus = parse_amount(amounts[1], "Pair Plus") if len(amounts) == 2 else None
        stakes.append(BoxLine(ante, pair_plus, side))
    return BetLine("bets", boxes=len(stakes), stakes=tuple(stakes))


def parse_decision(text: Optional[str]) -> Optional[str]:
    """``play``, ``fold``, ``help``, ``table``, ``quit``, ``end`` (end of input) or ``None`` for a key we don't know."""
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
    if text in TABLE:
        return "table"
    return None
