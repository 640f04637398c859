"""Betting patterns a player would try: flat, Martingale, Pair Plus only, stop-win and stop-loss.

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

Rules, the same for every pattern:

* a round needs its whole stake on the table: Ante, the Play bet it may need (another Ante) and
  Pair Plus. A bankroll that cannot cover the base stake is **ruined** and the session ends; a
  Martingale stake the bankroll cannot cover is cut to the largest multiple of the base Ante it can;
* **stop-win** ``W``: the session ends once the bankroll is at least ``W`` above where it started;
  **stop-loss** ``L``: once it is at least ``L`` below (checked before each round);
* the Martingale doubles the Ante after a losing round, keeps it after a push and returns to the
  base Ante after a winning round; it never bets above the table maximum (it stays there until a
  win). Pair Plus, if any, stays flat.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
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
    "BettingPattern",
    "BettingState",
    "Bettor",
]

PATTERNS = ("flat", "martingale", "pair-plus-only")
PLAYING, RUINED, STOP_WIN, STOP_LOSS = range(4)
STOP_NAMES = ("playing", "ruined", "stop-win", "stop-loss")


def _amount(value: Any, what: str, *, allow_zero: bool = True) -> Fraction:
    try:
        amount = Fraction(str(value)) if not isinstance(value, Fraction) else value
    except (ValueError, ZeroDivisionError):
        raise BetError(f"{what} must be a number, not {value!r}") from None
    if amount < 0 or (amount == 0 and not allow_zero):
        raise BetError(f"{what} must be {'positive' if not allow_zero else 'zero or more'}, not {value}")
    return amount


@dataclass(frozen=True)
class BettingState:
    """Stakes for the next round of each session (in units), whether it plays and why it stopped."""

    ante: np.ndarray  # int64 units
    pair_plus: np.ndarray  # int64 units
    stop: np.ndarray  # int8: PLAYING, RUINED, STOP_WIN or STOP_LOSS
    start: np.ndarray  # int64 units: the bankroll the session started with

    @property
    def playing(self) -> np.ndarray:
        return self.stop == PLAYING


@dataclass(frozen=True)
class BettingPattern:
    """A way of betting: ``kind`` (:data:`PATTERNS`), base stakes and stops, in betting units.

    ``pattern.with_limits(game.limits)`` applies a table's limits (and checks the base stakes).
    """

    kind: str = "flat"
    ante: Fraction = Fraction(1)
    pair_plus: Fraction = Fraction(0)
    stop_win: Fraction | None = None
    stop_loss: Fraction | None = None
    max_ante: Fraction | None = None

    def __post_init__(self) -> None:
        kind = self.kind.strip().lower().replace("_", "-")
        aliases = {"martingale": "martingale", "double": "martingale", "flat": "flat",
                   "pair-plus": "pair-plus-only", "pair-plus-only": "pair-plus-only", "pp": "pair-plus-only"}
        if kind not in aliases:
            raise BetError(f"unknown betting pattern {self.kind!r} (use {', '.join(PATTERNS)})")
        kind = aliases[kind]
        object.__setattr__(self, "kind", kind)
        ante = _amount(self.ante, "the Ante")
        pair_plus = _amount(self.pair_plus, "the Pair Plus stake")
        if kind == "pair-plus-only":
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

    def with_limits(self, limits: Limits) -> BettingPattern:
        """This pattern at a table with ``limits``: checks the base stakes, caps the progression."""
        problem = limits.problem(self.ante, self.pair_plus)
        if problem:
            raise BetError(problem)
        caps = [c for c in (self.max_ante, limits.max_ante) if c is not None]
        return BettingPattern(
            self.kind, self.ante, self.pair_plus, self.stop_win, self.stop_loss, min(caps) if caps else None
        )

    @property
    def describe(self) -> str:
        """A short description: ``'Martingale from 5 (max 500), Pair Plus 1, stop-win 50'``."""
        if self.kind == "pair-plus-only":
            text = f"Pair Plus only, {_num(self.pair_plus)} a round"
        else:
            text = f"flat Ante {_num(self.ante)}" if self.kind == "flat" else f"Martingale from {_num(self.ante)}"
            if self.kind == "martingale":
                text += f" (max {_num(self.max_ante)})" if self.max_ante is not None else " (no maximum)"
            if self.pair_plus:
                text += f", Pair Plus {_num(self.pair_plus)}"
        if self.stop_win is not None:
            text += f", stop-win {_num(self.stop_win)}"
        if self.stop_loss is not None:
            text += f", stop-loss {_num(self.stop_loss)}"
        return text

    @property
    def unit(self) -> int:
        """Stakes and stops are whole multiples of ``1 / unit`` of a betting unit."""
        amounts = [self.ante, self.pair_plus, self.stop_win, self.stop_loss, self.max_ante]
        return math.lcm(1, *(a.denominator for a in amounts if a is not None))

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

    # -- the vectorised rule ------------------------------------------------------------------------

    def start(self, bankroll: np.ndarray) -> BettingState:
        """The first round's stakes for sessions starting with ``bankroll`` (units, floored)."""
        bankroll = np.asarray(bankroll, dtype=np.int64)
        base = np.full(bankroll.shape, self.units(self.ante), dtype=np.int64)
        return self._decide(base, bankroll, bankroll.copy(), np.zeros(bankroll.shape, dtype=np.int8))

    def next(self, state: BettingState, net: np.ndarray, bankroll: np.ndarray) -> BettingState:
        """The stakes after a round that ended with ``net`` (any units: only its sign is used).

        Sessions already stopped stay stopped.
        """
        base = self.units(self.ante)
        wanted = state.ante
        if self.kind == "martingale":
            net = np.asarray(net)
            wanted = np.where(net > 0, base, np.where(net < 0, 2 * np.maximum(state.ante, base), state.ante))
            if self.max_ante is not None:
                wanted = np.minimum(wanted, self.units(self.max_ante))
        return self._decide(np.asarray(wanted, dtype=np.int64), np.asarray(bankroll, dtype=np.int64), state.start, state.stop)

    def _decide(self, wanted: np.ndarray, bankroll: np.ndarray, start: np.ndarray, stop: np.ndarray) -> BettingState:
        base = self.units(self.ante)
        pair_plus = self.units(self.pair_plus)
        stop = stop.copy()
        playing = stop == PLAYING
        if self.stop_win is not None:
            stop[playing & (bankroll - start >= self.units(self.stop_win))] = STOP_WIN
        if self.stop_loss is not None:
            stop[(stop == PLAYING) & (start - bankroll >= self.units(self.stop_loss))] = STOP_LOSS
        if base:
            affordable = (bankroll - pair_plus) // (2 * base) * base
            ante = np.minimum(wanted, affordable)
            ruined = ante < base
        else:
            ante = np.zeros_like(bankroll)
            ruined = bankroll < pair_plus
        stop[(stop == PLAYING) & ruined] = RUINED
        playing = stop == PLAYING
        ante = np.where(playing, ante, 0)
        return BettingState(ante, np.where(playing, pair_plus, 0).astype(np.int64), stop, start)

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
