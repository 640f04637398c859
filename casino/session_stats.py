"""Session statistics, exact: the bankroll after N rounds of flat betting, by dynamic programming.

A round's net result has a finite distribution, known exactly (:func:`round_distribution`). Starting
from the bankroll, each round moves probability mass along a lattice of bankroll values; a session
stops when the bankroll cannot cover the next round (ruin), reaches the stop-win or falls to the
stop-loss. After N rounds we have the whole distribution of the final bankroll::

    >>> from casino.games import load_game
    >>> from casino.session_stats import session_stats
    >>> stats = session_stats(load_game("3-card-brag"), bankroll=100, bet=5, hands=300)
    >>> round(float(stats.probabilities.sum()), 12)
    1.0
    >>> round(stats.risk_of_ruin, 4), round(stats.p_ahead, 4), round(stats.expected_rounds, 1)
    (0.618, 0.2855, 189.4)

The figures use no sampling: they are sums of products of the exact per-round probabilities, in
double precision (they sum to one to about 1e-13).

**Pair Plus.** The Ante/Play result and the Pair Plus result of a round are *not* independent: both
depend on the player's three cards. :func:`round_distribution` therefore builds the joint
distribution hand by hand: for each of the 22,100 player hands, its Pair Plus result and its
Ante/Play result against each class of dealer hand (does not qualify, lower, equal, higher, counted
exactly by :func:`casino.dealer.dealer_outcomes`), every one settled by
:meth:`casino.rules.CompiledRules.settle`, the rules the table uses.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from casino.betting import PAROLI_WINS, BettingPattern, System
from casino.dealer import dealer_outcomes
from casino.errors import BetError, BragError
from casino.games import Game
from casino.hands import N_DEALER_HANDS, N_HANDS
from casino.rules import FOLD, LOSE, NOT_QUALIFY, TIE, WIN, compile_rules
from casino.strategy import play_mask

__all__ = ["joint_distribution", "round_distribution", "SessionStats", "session_stats", "MAX_STATES", "MAX_WORK", "SYSTEM_WORK", "TooLongError"]

N_PAIRS = N_HANDS * N_DEALER_HANDS
MAX_STATES = 2_000_000  # bankroll lattice points: beyond this the problem is too fine-grained
MAX_WORK = 4_000_000_000  # lattice points x results x rounds: about a few seconds of numpy
# What a betting system's programme may spend, in about nanoseconds of a quiet core: lattice cells
# moved, plus a fixed cost per numpy call (the Python around it).
STEP_COST, SLICE_COST, SCATTER_COST = 40_000, 2_000, 60_000
SYSTEM_WORK = 2_000_000_000  # a betting system's programme: a few seconds at most
TINY = 1e-30  # a lattice cell holding less is emptied: the figures move by far less than rounding does


class TooLongError(BragError):
    """The exact calculation would take too long or too much memory: simulate instead."""


def joint_distribution(
    game: Game, strategy: str | np.ndarray = "optimal", *, with_ante: bool = True,
    pair_plus_ratio: Fraction | int = 0,
) -> tuple[list[Fraction], list[Fraction], list[int]]:
    """The exact joint distribution of one round's Ante/Play result ``x`` (per Ante, Ante Bonus
    included) and Pair Plus result ``y`` (per Pair Plus stake): lists ``xs``, ``ys`` and their
    combinations out of 22,100 x 18,424. Without an Ante (``with_ante=False``) every hand stands
    (there is nothing to fold) and ``x`` is 0. ``pair_plus_ratio``: the rounds' Pair Plus / Ante, which the
    optimal strategy weighs where a fold loses the Pair Plus (as the table's auto-player does).

        >>> from casino.games import load_game
        >>> xs, ys, counts = joint_distribution(load_game("3-card-brag"))
        >>> sum(counts), (Fraction(-1), Fraction(-1)) in zip(xs, ys)
        (407170400, True)
    """
    rules = compile_rules(game)
    table = rules.table
    if isinstance(strategy, str) and strategy.strip().lower() == "optimal" and game.rules.face_up:
        raise TooLongError(f"{game.name} is dealt Face Up: its optimal strategy decides on the dealer's up card, and"
                           " the exact session figures are for strategies blind to it (brag simulate --betting"
                           " simulates it; or name a blind strategy such as Q-6-4)")
    play = play_mask(game, strategy, pair_plus_ratio) if isinstance(strategy, str) else np.asarray(strategy, dtype=bool)
    if not with_ante:
        play = np.ones(N_HANDS, dtype=bool)  # no Ante to fold: Pair Plus stands alone
    dealer = dealer_outcomes(game.ranking, game.qualifier)
    hands = np.arange(N_HANDS)
    strength = table.strength
    # One dealer hand per class whose comparison with the player gives that class wherever the class
    # can happen at all (its count is zero elsewhere). settle() only compares strengths.
    weakest = int(np.argmin(strength))
    strongest = int(np.argmax(strength))
    at_qualifier = int(np.flatnonzero(strength == rules.qualifier_strength)[0])
    classes = (
        (NOT_QUALIFY, np.full(N_HANDS, weakest), dealer.not_qualify),
        (WIN, np.full(N_HANDS, at_qualifier), dealer.win),
        (TIE, hands, dealer.tie),
        (LOSE, np.full(N_HANDS, strongest), dealer.lose),
    )
    x_parts, y_parts, weights = [], [], []
    for code, dealer_hands, counts in classes:
        s = rules.settle(hands, dealer_hands, play)
        weight = np.where(play, counts, 0).astype(np.int64)
        wrong = (weight > 0) & (s.outcome != code)
        if wrong.any():  # pragma: no cover - would mean settle() and dealer_outcomes() disagree
            raise RuntimeError(f"settlement class {code} disagrees with the dealer counts")
        x_parts.append(s.ante + s.play + s.ante_bonus)
        y_parts.append(s.pair_plus)
        weights.append(weight)
    folded = ~play
    s = rules.settle(hands, np.full(N_HANDS, weakest), np.zeros(N_HANDS, dtype=bool))
    assert (s.outcome == FOLD).all()
    x_parts.append(s.ante + s.play + s.ante_bonus)
    y_parts.append(s.pair_plus)
    weights.append(np.where(folded, N_DEALER_HANDS, 0).astype(np.int64))
    x = np.concatenate(x_parts) if with_ante else np.zeros(sum(len(p) for p in x_parts), dtype=np.int64)
    y = np.concatenate(y_parts)
    weight = np.concatenate(weights)
    keep = weight > 0
    pairs, inverse = np.unique(np.stack([x[keep], y[keep]], axis=1), axis=0, return_inverse=True)
    combos = np.bincount(inverse.ravel(), weights=weight[keep]).astype(np.int64)  # exact: each sum < 2**53
    if int(combos.sum()) != N_PAIRS:  # pragma: no cover
        raise RuntimeError("the round distribution does not cover every deal")
    scale = rules.scale
    return ([Fraction(int(v), scale) for v in pairs[:, 0]], [Fraction(int(v), scale) for v in pairs[:, 1]],
            [int(n) for n in combos])


def round_distribution(
    game: Game,
    ante: Fraction | int = 1,
    pair_plus: Fraction | int = 0,
    strategy: str | np.ndarray = "optimal",
) -> tuple[tuple[Fraction, int], ...]:
    """The exact joint distribution of one round's net result with stakes ``ante`` and ``pair_plus``.

    Pairs ``(net, combinations)``, highest net first, with combinations out of 22,100 x 18,424.

        >>> from casino.games import load_game
        >>> dist = round_distribution(load_game("3-card-brag"), ante=1, pair_plus=1)
        >>> sum(n for _, n in dist), max(v for v, _ in dist)
        (407170400, Fraction(47, 1))
    """
    ante, pair_plus = Fraction(ante), Fraction(pair_plus)
    if ante < 0 or pair_plus < 0 or ante + pair_plus == 0:
        raise BetError("a round needs an Ante or a Pair Plus stake above zero (and neither below zero)")
    if pair_plus and game.pair_plus is None:
        raise BetError(f"{game.name} has no Pair Plus bet")
    xs, ys, counts = joint_distribution(game, strategy, with_ante=bool(ante),
                                        pair_plus_ratio=pair_plus / ante if ante else 0)
    totals: dict[Fraction, int] = {}
    for x, y, n in zip(xs, ys, counts):
        value = ante * x + pair_plus * y
        totals[value] = totals.get(value, 0) + n
    return tuple(sorted(totals.items(), reverse=True))


def _session_ratio(game: Game, pattern: BettingPattern, strategy: str | np.ndarray) -> Fraction:
    """The Pair Plus / Ante ratio the optimal strategy plays by all session long (0 without a Pair Plus). Where a
    fold loses the Pair Plus the best play depends on it, and a system that changes the Ante but not the Pair
    Plus changes it round by round: one strategy for the whole session would not be the table's optimal play,
    so that is refused in one line (simulate, which plays each round by its own ratio, or name a strategy)."""
    from casino.strategy import folds_lose_pair_plus

    if not pattern.pair_plus or not pattern.ante:
        return Fraction(0)
    optimal = isinstance(strategy, str) and strategy.strip().lower() == "optimal"
    if optimal and folds_lose_pair_plus(game) and pattern.system is not System.FLAT and _ratio_matters(game):
        raise TooLongError(
            f"The exact session figures take one strategy for the session, but at {game.name} a fold loses the Pair"
            f" Plus, so the optimal play depends on each round's Pair Plus / Ante, which the {pattern.system.value}"
            " system changes: name a strategy (such as Q-6-4), or simulate it (brag simulate --betting)")
    return pattern.pair_plus / pattern.ante


def _ratio_matters(game: Game) -> bool:
    """Whether the Pair Plus / Ante ratio changes any optimal decision at this game. Playing rather than folding
    gains ``ratio x (the Pair Plus result + 1)`` more as the ratio grows (a fold loses the Pair Plus stake; playing
    keeps its result, never below -1), so the hands played only grow with the ratio: the same mask at ratio 0 and
    at a ratio no table reaches means the same mask at every ratio (as with the usual Pair Plus tables)."""
    from casino.strategy import ByPairPlus

    by = ByPairPlus(game)
    return bool((by.mask(0) != by.mask(Fraction(10**9))).any())


def _round_number(value: Fraction) -> bool:
    """1, 2, 2.5 or 5 times a power of ten: a bin width people read easily."""
    if value <= 0:
        return False
    while value >= 10:
        value /= 10
    while value < 1:
        value *= 10
    return value in (1, 2, Fraction(5, 2), 5)


def _gcd(values: list[Fraction]) -> Fraction:
    den = math.lcm(*(v.denominator for v in values))
    return Fraction(math.gcd(*(int(v * den) for v in values)), den)


@dataclass(frozen=True, eq=False)
class SessionStats:
    """The exact distribution of a flat-betting session's end, and the figures players ask about.

    ``bankrolls`` are the possible final bankrolls (ascending) and ``probabilities`` their chances;
    ``ruin_by_round[t]`` is the chance of being ruined within the first ``t + 1`` rounds.
    """

    game: Game
    pattern: BettingPattern
    bankroll: Fraction
    hands: int
    strategy: str
    step: Fraction
    bankrolls: np.ndarray = field(repr=False)  # float values of the lattice points
    probabilities: np.ndarray = field(repr=False)
    ruined: np.ndarray = field(repr=False)  # bool per lattice point: a ruined session ends there
    stop_win_reached: np.ndarray = field(repr=False)
    stop_loss_reached: np.ndarray = field(repr=False)
    ruin_by_round: np.ndarray = field(repr=False)
    expected_rounds: float
    round_mean: Fraction
    round_std: float
    start_index: int  # the starting bankroll's place among ``bankrolls``

    @property
    def risk_of_ruin(self) -> float:
        """The chance the bankroll can no longer cover a round before the session ends."""
        return float(self.probabilities[self.ruined].sum())

    @property
    def p_stop_win(self) -> float:
        """The chance of reaching the stop-win (0 without one)."""
        return float(self.probabilities[self.stop_win_reached].sum())

    @property
    def p_stop_loss(self) -> float:
        return float(self.probabilities[self.stop_loss_reached].sum())

    @property
    def _order(self) -> np.ndarray:
        return np.sign(np.arange(len(self.bankrolls)) - self.start_index)

    @property
    def p_ahead(self) -> float:
        """The chance of ending with more than the starting bankroll."""
        return float(self.probabilities[self._order > 0].sum())

    @property
    def p_even(self) -> float:
        return float(self.probabilities[self._order == 0].sum())

    @property
    def p_behind(self) -> float:
        return float(self.probabilities[self._order < 0].sum())

    @property
    def p_full_session(self) -> float:
        """The chance of playing all ``hands`` rounds (not stopped or ruined before the end)."""
        return float(self.probabilities[~(self.ruined | self.stop_win_reached | self.stop_loss_reached)].sum())

    @property
    def expected_final(self) -> float:
        return float(self.probabilities @ self.bankrolls)

    @property
    def std_final(self) -> float:
        mean = self.expected_final
        return math.sqrt(max(float(self.probabilities @ (self.bankrolls - mean) ** 2), 0.0))

    @property
    def expected_result(self) -> float:
        """Expected final bankroll minus the starting one: ``round_mean x expected_rounds``."""
        return self.expected_final - float(self.bankroll)

    def quantile(self, q: float) -> float:
        """The smallest final bankroll with at least probability ``q`` at or below it."""
        cumulative = np.cumsum(self.probabilities)
        return float(self.bankrolls[min(int(np.searchsorted(cumulative, q - 1e-12)), len(cumulative) - 1)])

    def histogram(self, bins: int = 20) -> tuple[np.ndarray, np.ndarray]:
        """Final-bankroll probabilities in at most ``bins`` bins on the bankroll lattice: (edges, mass).

        Bin ``j`` holds the final bankrolls ``b`` with ``edges[j] <= b < edges[j + 1]``. Every bin spans
        the same whole number of lattice steps and the edges are multiples of that span, so no bin
        edge falls between two bankrolls the session can reach. The range covers the final bankrolls
        with any visible probability (1e-6); everything beyond falls into the end bins.

            >>> from casino.games import load_game
            >>> stats = session_stats(load_game("3-card-brag"), bankroll=100, bet=5, hands=50)
            >>> edges, mass = stats.histogram(20)
            >>> [float(e) for e in edges[:3]], bool(all(e % 5 == 0 for e in edges))
            ([0.0, 20.0, 40.0], True)
        """
        if bins < 1:
            raise BragError(f"a histogram needs at least one bin, not {bins}")
        visible = np.flatnonzero(self.probabilities > 1e-6)
        first, last = int(visible[0]), int(visible[-1])
        least = max(1, -(-(last - first + 1) // bins))  # lattice steps per bin, at least
        nice = [w for w in range(least, 3 * least + 1) if _round_number(w * self.step)]
        for width in [*nice, *range(least, 3 * least + 2)]:
            # the first edge moves down to a multiple of the width: the width must still fit
            low = first - first % width
            count = -(-(last - low + 1) // width)
            if count <= bins:
                break
        first = low
        edges = (first + width * np.arange(count + 1)) * float(self.step)
        where = np.clip((np.arange(len(self.probabilities)) - first) // width, 0, count - 1)
        return edges, np.bincount(where, weights=self.probabilities, minlength=count)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "pattern": self.pattern.describe,
            "bankroll": float(self.bankroll),
            "bet": float(self.pattern.ante),
            "pair_plus": float(self.pattern.pair_plus),
            "hands": self.hands,
            "strategy": self.strategy,
            "stop_win": float(self.pattern.stop_win) if self.pattern.stop_win is not None else None,
            "stop_loss": float(self.pattern.stop_loss) if self.pattern.stop_loss is not None else None,
            "round_mean": float(self.round_mean),
            "round_std_dev": self.round_std,
            "risk_of_ruin": self.risk_of_ruin,
            "p_stop_win": self.p_stop_win,
            "p_stop_loss": self.p_stop_loss,
            "p_ahead": self.p_ahead,
            "p_even": self.p_even,
            "p_behind": self.p_behind,
            "p_full_session": self.p_full_session,
            "expected_rounds": self.expected_rounds,
            "expected_result": self.expected_result,
            "expected_final": self.expected_final,
            "std_final": self.std_final,
            "quantiles": {str(q): self.quantile(q) for q in (0.05, 0.25, 0.5, 0.75, 0.95)},
            "distribution": [
                [float(b), float(p)] for b, p in zip(self.bankrolls, self.probabilities) if p > 1e-12
            ],
        }


def session_stats(
    game: Game,
    *,
    bankroll: Fraction | int,
    bet: Fraction | int = 1,
    hands: int,
    pair_plus: Fraction | int = 0,
    stop_win: Fraction | int | None = None,
    stop_loss: Fraction | int | None = None,
    strategy: str = "optimal",
    pattern: BettingPattern | None = None,
    max_work: int = SYSTEM_WORK,
) -> SessionStats:
    """The exact session distribution for a flat ``bet`` (Ante) and ``pair_plus`` per round, or for
    any betting system given as ``pattern`` (whose stakes and stops are then used instead).

    ``bet=0`` with a Pair Plus stake is the Pair Plus only pattern. Stakes are checked against the
    game's table limits.

    **Every system is exact.** A session's state is its bankroll and its system's *step*
    (:mod:`casino.betting`): none for flat, Pair Plus only and proportional stakes (the stake is a
    function of the bankroll), the wins in a row for Paroli (0-2), the Ante wanted for Martingale and
    Reverse Martingale (a base Ante doubled at most up to the table maximum or the bankroll), the
    multiple for D'Alembert and the index for Fibonacci (each bounded by the table maximum, and by the
    rounds played). Both are finite, so the programme carries one bankroll distribution per step
    reached; its cost grows with the steps, and a calculation beyond ``max_work`` (about nanoseconds
    of one core) is refused with :class:`TooLongError` (set a lower ``max_ante`` or fewer rounds, or
    simulate).
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise BragError(f"the number of rounds must be a whole number of at least 1, not {hands!r}")
    bankroll = Fraction(bankroll)
    if bankroll <= 0:
        raise BetError(f"the bankroll must be above zero, not {bankroll}")
    if pattern is None:
        kind = "flat" if Fraction(bet) or not Fraction(pair_plus) else "pair-plus-only"  # flat refuses an Ante of 0
        pattern = BettingPattern(kind, Fraction(bet), Fraction(pair_plus),
                                 None if stop_win is None else Fraction(stop_win),
                                 None if stop_loss is None else Fraction(stop_loss))
    pattern = pattern.with_limits(game.limits)
    if pattern.pair_plus and game.pair_plus is None:
        raise BetError(f"{game.name} has no Pair Plus bet")
    xs, ys, counts = joint_distribution(game, strategy, with_ante=bool(pattern.ante),
                                        pair_plus_ratio=_session_ratio(game, pattern, strategy))
    base = pattern.ante
    step = _gcd([*(x * base for x in xs if base), *(y * pattern.pair_plus for y in ys), bankroll,
                 *(v for v in (base, pattern.pair_plus) if v),
                 *(v for v in (pattern.stop_win, pattern.stop_loss) if v is not None)])
    x_lattice = np.array([int(x * base / step) for x in xs], dtype=np.int64)
    y_lattice = np.array([int(y * pattern.pair_plus / step) for y in ys], dtype=np.int64)
    probs = np.array(counts, dtype=float) / N_PAIRS
    need = int(pattern.round_stake / step)
    start = int(bankroll / step)
    if start < need:
        raise BetError(
            f"a bankroll of {bankroll} cannot cover one round ({pattern.round_stake}: {pattern.round_stake_names})"
        )
    # The most a round can win: at the base stakes for flat betting; at the largest stake any level
    # could bet for a system (the table maximum, or half the bankroll).
    best_x = max(int(x_lattice.max(initial=0)), 0)
    best_y = max(int(y_lattice.max(initial=0)), 0)
    win_at = start + int(pattern.stop_win / step) if pattern.stop_win is not None else None
    loss_at = start - int(pattern.stop_loss / step) if pattern.stop_loss is not None else None
    base_units = pattern.units(base) if base else 0

    def biggest_ante(level: int) -> int:
        """The largest Ante (units) a session at ``level`` can bet, whatever its step."""
        if not base_units or pattern.system is System.FLAT:
            return base_units
        cash = _units_at(pattern, step, np.array([level]))
        if pattern.system is System.PROPORTIONAL:
            wanted = pattern.wanted(np.array([0]), cash)
        elif pattern.system is System.PAROLI:
            wanted = pattern.wanted(np.array([PAROLI_WINS - 1]), cash)
        else:
            wanted = np.array([pattern._cap])
        return int(pattern.stake(wanted, cash)[0])

    top = reach = start  # the highest level reachable so far, and by a session still playing
    for _ in range(hands):
        capped = win_at is not None and reach >= win_at - 1
        if win_at is not None:
            reach = min(reach, win_at - 1)  # at the stop-win or above, a session stops
        reach += (biggest_ante(reach) // base_units) * best_x + best_y if base_units else best_y
        top = max(top, reach)
        if capped or top >= MAX_STATES:  # from the level below the stop-win, every round reaches as high
            break
    size = top + 1
    if size > MAX_STATES:
        raise TooLongError(
            f"the bankroll lattice would have {size:,} points (step {step}); use coarser amounts or fewer rounds"
        )
    work = min(size, win_at or size) * len(probs) * hands
    if work > MAX_WORK and not pattern.is_progression and pattern.system is not System.PROPORTIONAL:
        raise TooLongError(
            f"{hands:,} rounds over {size:,} bankroll levels is too long a calculation; use fewer rounds, a"
            " stop-win, or simulate the session instead (brag simulate --betting ...)"
        )
    levels = np.arange(size)
    money = _units_at(pattern, step, levels)  # each level's bankroll in the pattern's units (floored)
    stop_win_at = levels >= win_at if win_at is not None else np.zeros(size, dtype=bool)
    stop_loss_at = levels <= loss_at if loss_at is not None else np.zeros(size, dtype=bool)
    # Checked in the betting pattern's order: stop-win, then stop-loss, then ruin.
    stop_loss_at &= ~stop_win_at
    ruined = (levels < need) & ~stop_win_at & ~stop_loss_at
    absorbing = stop_win_at | stop_loss_at | ruined
    ended = np.zeros(size)  # mass of sessions that have stopped, wherever they stopped
    live: dict[int, np.ndarray] = {pattern.first_step: np.zeros(size)}
    live[pattern.first_step][start] = 1.0
    expected_rounds = 0.0
    ruin_by_round = np.empty(hands)
    moves: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}  # Ante multiple -> (shifts, probs, signs)
    budget = max_work
    x_of, y_of = x_lattice, y_lattice

    def round_moves(multiple: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if multiple not in moves:
            shift = multiple * x_of + y_of
            unique, inverse = np.unique(shift, return_inverse=True)
            moves[multiple] = (unique, np.bincount(inverse, weights=probs), np.sign(unique))
        return moves[multiple]

    def target(k: int, first: int, last: int) -> np.ndarray:
        """The next round's array of step ``k``, about to receive mass on levels ``first`` to ``last - 1``."""
        if k not in nxt:
            nxt[k] = spare.pop() if spare else np.zeros(size)
            spans[k] = (first, last)
        else:
            low, high = spans[k]
            spans[k] = (min(low, first), max(high, last))
        return nxt[k]

    def spend(elements: int) -> None:
        nonlocal budget
        budget -= elements
        if budget < 0:
            raise TooLongError(
                f"{pattern.describe}: {hands:,} rounds carry too many stakes and bankroll levels to compute"
                " here; set a lower --max-ante, play fewer rounds, or simulate the sessions instead"
            )

    ranges: dict[int, tuple[int, int]] = {pattern.first_step: (start, start + 1)}  # where each step's mass is
    spare: list[np.ndarray] = []  # emptied arrays, reused
    for t in range(hands):
        nxt: dict[int, np.ndarray] = {}
        spans: dict[int, tuple[int, int]] = {}
        for k, p in live.items():
            lo, hi = ranges[k]
            nonzero = np.flatnonzero(p[lo:hi])
            if not nonzero.size:
                continue
            lo, hi = lo + int(nonzero[0]), lo + int(nonzero[-1]) + 1
            stopping = np.where(absorbing[lo:hi], p[lo:hi], 0.0)
            ended[lo:hi] += stopping
            active = p[lo:hi] - stopping
            playing = np.flatnonzero(active)
            if not playing.size:
                continue
            active = active[int(playing[0]) : int(playing[-1]) + 1]  # only the levels still playing move
            lo, hi = lo + int(playing[0]), lo + int(playing[0]) + active.size
            expected_rounds += float(active.sum())
            if base_units:
                stake = pattern.stake(pattern.wanted(np.array(k), money[lo:hi]), money[lo:hi])
            else:
                stake = np.zeros(hi - lo, dtype=np.int64)
            # The stake never falls as the bankroll rises: the top stake holds on a run of levels at the
            # top (moved whole, a slice per result); the levels below, each at its own cut stake, are
            # moved together by one scatter per result.
            top_ante = int(stake[-1])
            split = int(np.searchsorted(stake, top_ante, side="left"))
            shifts, qs, signs = round_moves(top_ante // base_units if base_units else 0)
            block = active[split:]
            spend(STEP_COST)
            if block.any():
                spend((block.size + SLICE_COST) * len(shifts))
                start_at = lo + split
                for sign in (-1, 0, 1):
                    pick = signs == sign
                    if pick.any():
                        into = target(int(pattern.advance(np.array(k), np.array(top_ante), np.array(sign))),
                                      start_at + int(shifts[pick][0]), start_at + int(shifts[pick][-1]) + block.size)
                        for shift, q in zip(shifts[pick], qs[pick]):
                            into[start_at + shift : start_at + shift + block.size] += q * block
            low = np.flatnonzero(active[:split])
            if low.size:
                spend(4 * low.size * len(x_of) + SCATTER_COST)
                ante = stake[low]
                multiple = ante // base_units
                net = multiple[:, None] * x_of[None, :] + y_of[None, :]  # (levels, results)
                where = (lo + low)[:, None] + net
                mass = active[low][:, None] * probs[None, :]
                after = pattern.advance(np.array(k), np.repeat(ante, len(x_of)).reshape(net.shape), np.sign(net))
                first = int(where.min())
                for k_next in np.unique(after):
                    chosen = after == k_next
                    sums = np.bincount(where[chosen] - first, weights=mass[chosen])
                    target(int(k_next), first, first + sums.size)[first : first + sums.size] += sums
        for k, q in live.items():  # this round's arrays, emptied, hold the round after next
            bottom, roof = ranges[k]
            q[bottom:roof] = 0.0
            spare.append(q)
        ruin = float(ended[ruined].sum())
        for k, q in nxt.items():  # mass too small to matter anywhere (below 1e-30 a cell) is let go
            bottom, roof = spans[k]
            window = q[bottom:roof]
            window[window < TINY] = 0.0
            ruin += float(window[ruined[bottom:roof]].sum())
        live, ranges = nxt, spans
        ruin_by_round[t] = ruin
        if not live:
            ruin_by_round[t:] = ruin_by_round[t]
            break
    p = ended
    for rest in live.values():
        p = p + rest
    dist = round_distribution(game, pattern.ante, pattern.pair_plus, strategy)
    mean = sum((v * n for v, n in dist), Fraction(0)) / N_PAIRS
    var = sum((v * v * n for v, n in dist), Fraction(0)) / N_PAIRS - mean * mean
    step_f = float(step)
    return SessionStats(
        game=game,
        pattern=pattern,
        bankroll=bankroll,
        hands=hands,
        strategy=strategy,
        step=step,
        bankrolls=levels * step_f,
        probabilities=p,
        ruined=ruined,
        stop_win_reached=stop_win_at,
        stop_loss_reached=stop_loss_at,
        ruin_by_round=ruin_by_round,
        expected_rounds=float(expected_rounds),
        round_mean=mean,
        round_std=math.sqrt(var),
        start_index=start,
    )


def _units_at(pattern: BettingPattern, step: Fraction, levels: np.ndarray) -> np.ndarray:
    """The bankroll at lattice ``levels`` in the pattern's units, floored (as the simulator floors it)."""
    scale = step * pattern.unit
    return (np.asarray(levels, dtype=np.int64) * scale.numerator) // scale.denominator
