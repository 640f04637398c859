"""Betting systems a player would try: flat, Martingale, Reverse Martingale, Paroli, D'Alembert,
Fibonacci, a proportional stake, Pair Plus only; stop-win and stop-loss.

A :class:`BettingPattern` decides the next round's stakes (Ante, Pair Plus) from the previous round's
net result and the bankroll, honouring the table limits. It works on numpy arrays of whole
*units* (``1 / pattern.unit`` of a betting unit), so the simulator runs thousands of sessions at once;
:meth:`BettingPattern.bettor` wraps it for one player at the table (exact fractions in and out)::

    >>> from fractions import Fraction
    >>> from casino.betting import BettingPattern
    >>> pattern = BettingPattern("martingale", ante=5, max_ante=20)
    >>> bettor = pattern.bettor(bankroll=100)
    >>> bettor.stakes()
    (Fraction(5, 1), Fraction(0, 1))
    >>> bettor.record(net=-10, bankroll=90)          # lost Ante and Play: double
    >>> bettor.stakes()
    (Fraction(10, 1), Fraction(0, 1))
    >>> bettor.record(net=-20, bankroll=70); bettor.stakes()   # capped by the table maximum
    (Fraction(20, 1), Fraction(0, 1))
    >>> bettor.record(net=40, bankroll=110); bettor.stakes()   # a win: back to the base stake
    (Fraction(5, 1), Fraction(0, 1))

Rules, the same for every system:

* a round needs its whole stake on the table: Ante, the Play bet it may need (another Ante) and
  Pair Plus. A bankroll that cannot cover the base stake is **ruined** and the session ends; a
  stake the bankroll cannot cover is cut to the largest multiple of the base Ante it can;
* **stop-win** ``W``: the session ends once the bankroll is at least ``W`` above where it started;
  **stop-loss** ``L``: once it is at least ``L`` below (checked before each round);
* a round is *won* when its net result (every bet together) is above zero, *lost* below zero, and a
  *push* at zero; a push never moves a progression. No stake goes above the table maximum (or
  ``max_ante``); Pair Plus, if any, stays flat.

The systems (``base`` is the base Ante):

* ``flat``: always ``base``;
* ``martingale``: double the last Ante after a loss, back to ``base`` after a win;
* ``reverse-martingale``: double the last Ante after a win, back to ``base`` after a loss;
* ``paroli``: double after a win, at most three wins in a row (then back to ``base``: 1, 2, 4, 1),
  back to ``base`` after a loss;
* ``dalembert``: one ``base`` more after a loss, one less after a win (never below ``base``);
* ``fibonacci``: stakes ``base`` x 1, 1, 2, 3, 5, 8 …: one step up after a loss, two steps back
  after a win;
* ``proportional:F``: the Ante is the fraction ``F`` of the bankroll (``proportional:0.05`` or
  ``proportional:5%``), rounded down to a multiple of ``base``, and at least ``base``;
* ``pair-plus-only``: Pair Plus alone, flat, no Ante.

Each system's memory is one whole number per session, its *step* (the Ante a Martingale wants, the
Paroli's wins in a row, the D'Alembert's multiple, the Fibonacci index; none for flat and
proportional stakes): :meth:`BettingPattern.wanted` and :meth:`BettingPattern.advance` are the
whole rule, used alike by the simulator, the table and the exact session calculation
(:mod:`casino.session_stats`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cached_property
from typing import Any

import numpy as np

from casino.errors import BetError
from casino.games import Limits

__all__ = [
    "PATTERNS",
    "PLAYING",
    "RUINED",
    "STOP_WIN",
    "STOP_LOSS",
    "STOP_NAMES",
    "System",
    "BettingPattern",
    "BettingState",
    "Bettor",
]


class System(StrEnum):
    """The betting systems, by the names the command line takes."""

    FLAT = "flat"
    MARTINGALE = "martingale"
    REVERSE_MARTINGALE = "reverse-martingale"
    PAROLI = "paroli"
    DALEMBERT = "dalembert"
    FIBONACCI = "fibonacci"
    PROPORTIONAL = "proportional"
    PAIR_PLUS_ONLY = "pair-plus-only"


PATTERNS: tuple[str, ...] = tuple(s.value for s in System)
PLAYING, RUINED, STOP_WIN, STOP_LOSS = range(4)
STOP_NAMES = ("playing", "ruined", "stop-win", "stop-loss")

_ALIASES = {
    "double": System.MARTINGALE, "reverse": System.REVERSE_MARTINGALE, "anti-martingale": System.REVERSE_MARTINGALE,
    "d-alembert": System.DALEMBERT, "d'alembert": System.DALEMBERT, "fib": System.FIBONACCI,
    "pair-plus": System.PAIR_PLUS_ONLY, "pp": System.PAIR_PLUS_ONLY, "fraction": System.PROPORTIONAL,
    "kelly": System.PROPORTIONAL,
}
#: Paroli: wins in a row before the stake goes back to the base.
PAROLI_WINS = 3
#: Fibonacci multiples of the base Ante; a step past the end wants more than any bankroll holds.
FIBONACCI = np.array([1, 1] + [0] * 88, dtype=np.int64)
for _i in range(2, len(FIBONACCI)):
    FIBONACCI[_i] = FIBONACCI[_i - 1] + FIBONACCI[_i - 2]
FIBONACCI.setflags(write=False)
_HUGE = 1 << 61  # a wanted stake above any bankroll (units): int64 arithmetic never overflows


def _amount(value: Any, what: str, *, allow_zero: bool = True) -> Fraction:
    try:
        amount = Fraction(str(value)) if not isinstance(value, Fraction) else value
    except (ValueError, ZeroDivisionError):
        raise BetError(f"{what} must be a number, not {value!r}") from None
    if amount < 0 or (amount == 0 and not allow_zero):
        raise BetError(f"{what} must be {'positive' if not allow_zero else 'zero or more'}, not {value}")
    return amount


def parse_system(text: str) -> tuple[System, Fraction | None]:
    """A system's name as typed (any case, ``_`` or ``-``, aliases), and its fraction if given.

        >>> parse_system("Proportional:5%"), parse_system("d'alembert")
        ((<System.PROPORTIONAL: 'proportional'>, Fraction(1, 20)), (<System.DALEMBERT: 'dalembert'>, None))
    """
    word, _, parameter = str(text).strip().lower().replace("_", "-").partition(":")
    word = word.strip()
    try:
        system = System(word)
    except ValueError:
        if word not in _ALIASES:
            raise BetError(
                f"unknown betting pattern {text!r} (use {', '.join(PATTERNS)}; proportional:F takes the fraction F"
                " of the bankroll, such as proportional:0.05)"
            ) from None
        system = _ALIASES[word]
    if not parameter.strip():
        return system, None
    if system is not System.PROPORTIONAL:
        raise BetError(f"the {system} system takes no parameter ({text!r})")
    return system, _fraction(parameter)


#: The smallest share of the bankroll a proportional stake may take (a millionth). The stake is never below one
#: base Ante anyway; a finer share only makes the arithmetic needlessly long.
SMALLEST_FRACTION = Fraction(1, 10**6)


def _fraction(text: Any) -> Fraction:
    from casino.money import clipped, to_fraction  # bounded: '1e999999999' is refused before it is built

    word = str(text).strip()
    shown = clipped(word, 40)
    try:
        value = to_fraction(word[:-1].strip()) / 100 if word.endswith("%") else to_fraction(word)
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        raise BetError(f"a proportional stake's fraction must be a number such as 0.05 or 5%, not {shown!r}") from None
    if not SMALLEST_FRACTION <= value <= Fraction(1, 2):
        raise BetError(
            f"a proportional stake's fraction must be at least {float(SMALLEST_FRACTION):g} and at most 0.5 (Ante and"
            f" Play both come from the bankroll), not {shown}"
        )
    return value


@dataclass(frozen=True)
class BettingState:
    """Stakes for the next round of each session (in units), whether it plays and why it stopped."""

    ante: np.ndarray  # int64 units
    pair_plus: np.ndarray  # int64 units
    stop: np.ndarray  # int8: PLAYING, RUINED, STOP_WIN or STOP_LOSS
    start: np.ndarray  # int64 units: the bankroll the session started with
    step: np.ndarray | None = None  # int64: the system's memory (see the module notes)

    @property
    def playing(self) -> np.ndarray:
        playing: np.ndarray = self.stop == PLAYING
        return playing


@dataclass(frozen=True)
class BettingPattern:
    """A way of betting: ``kind`` (a :class:`System` or its name), base stakes and stops, in betting units.

    ``fraction`` is the proportional stake's share of the bankroll (``"proportional:0.05"`` gives it
    too). ``pattern.with_limits(game.limits)`` applies a table's limits (and checks the base stakes).
    """

    kind: str = "flat"
    ante: Fraction = Fraction(1)
    pair_plus: Fraction = Fraction(0)
    stop_win: Fraction | None = None
    stop_loss: Fraction | None = None
    max_ante: Fraction | None = None
    fraction: Fraction | None = None

    def __post_init__(self) -> None:
        system, fraction = parse_system(self.kind)
        object.__setattr__(self, "kind", system)
        if system is System.PROPORTIONAL:
            given = fraction if fraction is not None else self.fraction
            if given is None:
                raise BetError("a proportional stake needs its fraction of the bankroll: proportional:0.05 or 5%")
            object.__setattr__(self, "fraction", _fraction(given))
        elif self.fraction is not None:
            raise BetError(f"only the proportional system takes a fraction of the bankroll, not {system}")
        ante = _amount(self.ante, "the Ante")
        pair_plus = _amount(self.pair_plus, "the Pair Plus stake")
        if system is System.PAIR_PLUS_ONLY:
            if pair_plus == 0:
                pair_plus, ante = ante, Fraction(0)
            ante = Fraction(0)
            if pair_plus == 0:
                raise BetError("a Pair Plus only pattern needs a Pair Plus stake above zero")
        elif ante == 0:
            raise BetError("the Ante must be above zero (use the pair-plus-only pattern to bet Pair Plus alone)")
        object.__setattr__(self, "ante", ante)
        object.__setattr__(self, "pair_plus", pair_plus)
        for name in ("stop_win", "stop_loss", "max_ante"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _amount(value, name.replace("_", "-"), allow_zero=False))
        if self.max_ante is not None and ante > self.max_ante:
            raise BetError(f"the Ante {ante} is above the table maximum {self.max_ante}")

    @cached_property
    def system(self) -> System:
        return System(self.kind)

    def with_limits(self, limits: Limits) -> BettingPattern:
        """This pattern at a table with ``limits``: checks the base stakes, caps the progression."""
        problem = limits.problem(self.ante, self.pair_plus)
        if problem:
            raise BetError(problem)
        caps = [c for c in (self.max_ante, limits.max_ante) if c is not None]
        return BettingPattern(
            self.kind, self.ante, self.pair_plus, self.stop_win, self.stop_loss, min(caps) if caps else None,
            self.fraction,
        )

    @property
    def describe(self) -> str:
        """A short description: ``'Martingale from 5 (max 500), Pair Plus 1, stop-win 50'``."""
        system = self.system
        if system is System.PAIR_PLUS_ONLY:
            text = f"Pair Plus only, {_num(self.pair_plus)} a round"
        elif system is System.FLAT:
            text = f"flat Ante {_num(self.ante)}"
        elif system is System.PROPORTIONAL:
            assert self.fraction is not None
            text = f"proportional Ante {float(self.fraction) * 100:g}% of the bankroll (in steps of {_num(self.ante)})"
        else:
            name = {System.MARTINGALE: "Martingale", System.REVERSE_MARTINGALE: "Reverse Martingale",
                    System.PAROLI: "Paroli", System.DALEMBERT: "D'Alembert", System.FIBONACCI: "Fibonacci"}[system]
            text = f"{name} from {_num(self.ante)}"
        if system not in (System.FLAT, System.PAIR_PLUS_ONLY):
            text += f" (max {_num(self.max_ante)})" if self.max_ante is not None else " (no maximum)"
        if self.pair_plus and system is not System.PAIR_PLUS_ONLY:
            text += f", Pair Plus {_num(self.pair_plus)}"
        if self.stop_win is not None:
            text += f", stop-win {_num(self.stop_win)}"
        if self.stop_loss is not None:
            text += f", stop-loss {_num(self.stop_loss)}"
        return text

    @cached_property
    def unit(self) -> int:
        """Stakes and stops are whole multiples of ``1 / unit`` of a betting unit."""
        amounts = [self.ante, self.pair_plus, self.stop_win, self.stop_loss, self.max_ante]
        return math.lcm(1, *(a.denominator for a in amounts if a is not None))

    @cached_property
    def _base(self) -> int:
        """The base Ante in units."""
        return self.units(self.ante)

    def units(self, amount: Fraction | int) -> int:
        """An amount of the pattern's own (a stake, a stop) in whole units."""
        value = Fraction(amount) * self.unit
        if value.denominator != 1:
            raise BetError(f"{amount} is not a multiple of 1/{self.unit}")
        return int(value)

    @property
    def round_stake(self) -> Fraction:
        """The most a round at the base stakes can cost: Ante, Play and Pair Plus."""
        return 2 * self.ante + self.pair_plus

    @property
    def round_stake_names(self) -> str:
        """What :attr:`round_stake` is made of, naming only the bets placed.

            >>> BettingPattern("flat", ante=5).round_stake_names
            'Ante and Play'
            >>> BettingPattern("flat", ante=5, pair_plus=1).round_stake_names
            'Ante, Play and Pair Plus'
            >>> BettingPattern("pair-plus-only", ante=0, pair_plus=5).round_stake_names
            'Pair Plus'
        """
        if not self.ante:
            return "Pair Plus"
        return "Ante, Play and Pair Plus" if self.pair_plus else "Ante and Play"

    # -- the rule: one step of memory per session ----------------------------------------------------

    @property
    def first_step(self) -> int:
        """The step a session starts from."""
        system = self.system
        if system in (System.MARTINGALE, System.REVERSE_MARTINGALE):
            return self.units(self.ante)
        return 1 if system is System.DALEMBERT else 0

    @cached_property
    def _cap(self) -> int:
        """The largest Ante in units (the table maximum), or a stake above any bankroll."""
        return self.units(self.max_ante) if self.max_ante is not None else _HUGE

    def wanted(self, step: np.ndarray, bankroll: np.ndarray) -> np.ndarray:
        """The Ante (units) the system wants at ``step`` with ``bankroll`` (units), before the cut to
        what the bankroll covers; arrays broadcast together."""
        base = self._base
        step = np.asarray(step, dtype=np.int64)
        system = self.system
        if system in (System.FLAT, System.PAIR_PLUS_ONLY):
            wanted = np.full(np.broadcast(step, bankroll).shape, base, dtype=np.int64)
        elif system in (System.MARTINGALE, System.REVERSE_MARTINGALE):
            wanted = step
        elif system is System.PAROLI:
            wanted = base << step
        elif system is System.DALEMBERT:
            wanted = base * np.minimum(step, self._cap // base + 1)
        elif system is System.FIBONACCI:
            multiple = FIBONACCI[np.minimum(step, len(FIBONACCI) - 1)]
            wanted = base * np.minimum(multiple, self._cap // base + 1)
        else:  # proportional: a whole number of base Antes, at least one
            assert self.fraction is not None
            f = self.fraction
            share = np.asarray(bankroll, dtype=np.int64) * f.numerator // (f.denominator * base)
            wanted = base * np.maximum(share, 1)
        return np.minimum(wanted, self._cap)

    def advance(self, step: np.ndarray, ante: np.ndarray, sign: np.ndarray) -> np.ndarray:
        """The next step after a round bet with ``ante`` (units, as cut) that was won (sign 1), pushed
        (0) or lost (-1)."""
        base = self._base
        step = np.asarray(step, dtype=np.int64)
        ante = np.asarray(ante, dtype=np.int64)
        sign = np.asarray(sign)
        system = self.system
        win, loss = sign > 0, sign < 0
        if system is System.MARTINGALE:
            doubled = np.minimum(2 * np.maximum(ante, base), self._cap)
            return np.where(win, base, np.where(loss, doubled, ante))
        if system is System.REVERSE_MARTINGALE:
            doubled = np.minimum(2 * np.maximum(ante, base), self._cap)
            return np.where(win, doubled, np.where(loss, base, ante))
        if system is System.PAROLI:
            return np.where(win, (step + 1) % PAROLI_WINS, np.where(loss, 0, step))
        if system is System.DALEMBERT:
            return np.where(win, np.maximum(step - 1, 1), np.where(loss, np.minimum(step + 1, self._cap // base), step))
        if system is System.FIBONACCI:
            top = int(np.searchsorted(FIBONACCI, self._cap // base, side="right")) - 1  # highest affordable step
            return np.where(win, np.maximum(step - 2, 0), np.where(loss, np.minimum(step + 1, max(top, 0)), step))
        return np.zeros(np.broadcast(step, ante, sign).shape, dtype=np.int64)

    @property
    def is_progression(self) -> bool:
        """Whether the stake depends on past rounds (not only on the bankroll)."""
        return self.system not in (System.FLAT, System.PAIR_PLUS_ONLY, System.PROPORTIONAL)

    def stake(self, wanted: np.ndarray, bankroll: np.ndarray) -> np.ndarray:
        """The Ante actually bet: ``wanted`` cut to the largest multiple of the base Ante the bankroll
        covers with the Play bet and Pair Plus (below the base Ante: the session is ruined)."""
        base = self._base
        if not base:
            return np.zeros(np.broadcast(wanted, bankroll).shape, dtype=np.int64)
        affordable = (np.asarray(bankroll, dtype=np.int64) - self.units(self.pair_plus)) // (2 * base) * base
        stake: np.ndarray = np.minimum(wanted, affordable)
        return stake

    # -- the vectorised rule ------------------------------------------------------------------------

    def start(self, bankroll: np.ndarray) -> BettingState:
        """The first round's stakes for sessions starting with ``bankroll`` (units, floored)."""
        bankroll = np.asarray(bankroll, dtype=np.int64)
        step = np.full(bankroll.shape, self.first_step, dtype=np.int64)
        return self._decide(step, bankroll, bankroll.copy(), np.zeros(bankroll.shape, dtype=np.int8))

    def next(self, state: BettingState, net: np.ndarray, bankroll: np.ndarray) -> BettingState:
        """The stakes after a round that ended with ``net`` (any units: only its sign is used).

        Sessions already stopped stay stopped.
        """
        assert state.step is not None
        step = self.advance(state.step, state.ante, np.sign(np.asarray(net)))
        step = np.where(state.stop == PLAYING, step, state.step)
        return self._decide(step, np.asarray(bankroll, dtype=np.int64), state.start, state.stop)

    def _decide(self, step: np.ndarray, bankroll: np.ndarray, start: np.ndarray, stop: np.ndarray) -> BettingState:
        base = self.units(self.ante)
        pair_plus = self.units(self.pair_plus)
        stop = stop.copy()
        playing = stop == PLAYING
        if self.stop_win is not None:
            stop[playing & (bankroll - start >= self.units(self.stop_win))] = STOP_WIN
        if self.stop_loss is not None:
            stop[(stop == PLAYING) & (start - bankroll >= self.units(self.stop_loss))] = STOP_LOSS
        if base:
            ante = self.stake(self.wanted(step, bankroll), bankroll)
            ruined = ante < base
        else:
            ante = np.zeros_like(bankroll)
            ruined = bankroll < pair_plus
        stop[(stop == PLAYING) & ruined] = RUINED
        playing = stop == PLAYING
        ante = np.where(playing, ante, 0)
        return BettingState(ante, np.where(playing, pair_plus, 0).astype(np.int64), stop, start, step)

    def bettor(self, bankroll: Fraction | int) -> Bettor:
        """This pattern for one player at the table: exact amounts in and out."""
        return Bettor(self, Fraction(bankroll))


def _num(value: Fraction | None) -> str:
    if value is None:
        return "—"
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


class Bettor:
    """One player following a :class:`BettingPattern` (for ``brag play --auto``).

    ``stakes()`` gives the next (Ante, Pair Plus) or ``None`` once the session has stopped
    (``stopped`` then names why: ruined, stop-win or stop-loss); ``record(net, bankroll)`` after
    each round.
    """

    def __init__(self, pattern: BettingPattern, bankroll: Fraction) -> None:
        self.pattern = pattern
        self._state = pattern.start(np.array([self._units(bankroll)]))

    def _units(self, amount: Fraction | int) -> int:
        return math.floor(Fraction(amount) * self.pattern.unit)

    def stakes(self) -> tuple[Fraction, Fraction] | None:
        if self._state.stop[0] != PLAYING:
            return None
        unit = self.pattern.unit
        return Fraction(int(self._state.ante[0]), unit), Fraction(int(self._state.pair_plus[0]), unit)

    @property
    def stopped(self) -> str | None:
        code = int(self._state.stop[0])
        return None if code == PLAYING else STOP_NAMES[code]

    def record(self, net: Fraction | int, bankroll: Fraction | int) -> None:
        sign = (Fraction(net) > 0) - (Fraction(net) < 0)
        self._state = self.pattern.next(self._state, np.array([sign]), np.array([self._units(bankroll)]))
