"""The vectorised simulator: millions of rounds dealt, settled and tallied with numpy.

Every round is settled by :meth:`casino.rules.CompiledRules.settle`, the same code the table uses,
and the tallies are compared with the exact figures of :func:`casino.edge.analyze`::

    >>> from casino.games import load_game
    >>> from casino.simulate import simulate
    >>> result = simulate(load_game("3-card-brag"), hands=20_000, seed=7)
    >>> bet = result.bet("ante_play")
    >>> low, high = bet.confidence_interval(0.999)
    >>> bool(low < float(bet.exact_mean) < high), result.rounds
    (True, 20000)
    >>> bool(result.category_test().pvalue > 0.001)
    True

**Dealing.** A round needs three cards per box and three for the dealer, all different. Each hand
is drawn as a uniform index into the 22,100-hand table, and a hand sharing a card with those already
dealt in its round is drawn again (a 52-bit mask per hand makes the test one ``&``). Accepting the
first disjoint draw gives each hand uniformly among those the remaining cards allow: exactly the
distribution of dealing from a shuffled deck, with no sorting or shuffling.

**Reproducibility.** ``seed`` feeds :class:`numpy.random.SeedSequence`; with ``workers=W`` the
rounds are split evenly between ``W`` processes, each with its own stream from
``SeedSequence(seed).spawn(W)``, and dealt in chunks of a fixed size, so the same seed and worker
count give the same result on any machine. Tallies are integer sums, merged exactly.

**Statistics.** Boxes of one round face the same dealer, so the independent unit is the round: a
bet's confidence interval uses the spread of per-round totals. Category frequencies are tested
with a chi-square goodness-of-fit test on the first box's hands (one per round: multinomial).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import queue as queue_module
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from typing import Any, Callable

import numpy as np

from casino.errors import BragError
from casino.games import Game
from casino.hands import N_HANDS, HandTable, hand_table
from casino.rankings import CATEGORIES
from casino.rules import OUTCOME_NAMES, compile_rules
from casino.strategy import play_mask

__all__ = [
    "CHUNK",
    "MAX_BOXES",
    "deal",
    "Tally",
    "BetSimulation",
    "FrequencyRow",
    "SimulationResult",
    "SessionSimulation",
    "simulate",
    "simulate_chunk",
    "simulate_sessions",
]

CHUNK = 1 << 16  # rounds dealt and settled at once
MAX_BOXES = 6

# Tally columns, per hand; the round's totals are summed over its boxes.
_COLUMNS = ("ante_play", "pair_plus", "ante_play_hit", "pair_plus_hit", *OUTCOME_NAMES)
_K = len(_COLUMNS)
_COL = {name: i for i, name in enumerate(_COLUMNS)}

ProgressCallback = Callable[[int], None]


@cache
def _card_masks(ranking: str) -> np.ndarray:
    """One 52-bit mask of its cards per hand."""
    cards = hand_table(ranking).cards.astype(np.uint64)
    masks = np.bitwise_or.reduce(np.uint64(1) << cards, axis=1)
    masks.setflags(write=False)
    return masks


def deal(rng: np.random.Generator, rounds: int, boxes: int, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Deal ``rounds`` rounds: player hands ``(rounds, boxes)`` and dealer hands ``(rounds,)``.

    Hands are rows of the hand table; all hands of a round are disjoint (see the module notes).

        >>> import numpy as np
        >>> from casino.simulate import _card_masks, deal
        >>> masks = _card_masks("brag")
        >>> player, dealer = deal(np.random.default_rng(1), 1000, 6, masks)
        >>> used = np.bitwise_or.reduce(masks[player], axis=1) | masks[dealer]
        >>> bool((np.bitwise_count(used) == 21).all())
        True
    """
    hands = np.empty((boxes + 1, rounds), dtype=np.int32)
    used = np.zeros(rounds, dtype=np.uint64)
    for k in range(boxes + 1):
        drawn = rng.integers(0, N_HANDS, rounds, dtype=np.int32)
        if k:
            redraw = np.flatnonzero(masks[drawn] & used)
            while redraw.size:
                drawn[redraw] = rng.integers(0, N_HANDS, redraw.size, dtype=np.int32)
                redraw = redraw[(masks[drawn[redraw]] & used[redraw]) != 0]
        hands[k] = drawn
        if k < boxes:
            used |= masks[drawn]
    return np.ascontiguousarray(hands[1:].T), hands[0]


@dataclass
class Tally:
    """Integer sums from simulated rounds; tallies of different chunks or workers add up exactly.

    ``sums[k]`` and ``squares[k]`` sum each column's per-round total (over the round's boxes) and its
    square; ``hand_squares[k]`` sums the per-hand squares. Money columns are per unit stake x ``scale``.
    """

    boxes: int
    scale: int
    rounds: int = 0
    sums: list[int] = field(default_factory=lambda: [0] * _K)
    squares: list[int] = field(default_factory=lambda: [0] * _K)
    hand_squares: list[int] = field(default_factory=lambda: [0] * _K)
    categories: list[int] = field(default_factory=lambda: [0] * len(CATEGORIES))  # first box
    all_categories: list[int] = field(default_factory=lambda: [0] * len(CATEGORIES))

    def add(self, other: Tally) -> Tally:
        self.rounds += other.rounds
        for name in ("sums", "squares", "hand_squares", "categories", "all_categories"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value
        return self

    @property
    def hands(self) -> int:
        return self.rounds * self.boxes


def sum_of_squares(values: np.ndarray) -> list[int]:
    """Each column's sum of squares, exactly, as Python ints.

    int64 holds the sum when ``rows x peak**2 < 2**63``; otherwise (results in units of a large
    ``scale``, many boxes) the column's distinct values are counted and squared as Python ints.

        >>> import numpy as np
        >>> big = np.array([[3_000_000_000, 1], [-3_000_000_000, 2]], dtype=np.int64)
        >>> sum_of_squares(big) == [18 * 10**18, 5]
        True
    """
    rows = values.shape[0]
    if rows == 0:
        return [0] * values.shape[1]
    peak = [int(v) for v in np.abs(values).max(axis=0)]
    if all(rows * p * p < 2**63 for p in peak):
        return [int(v) for v in np.einsum("ij,ij->j", values, values)]
    found = []
    for j, p in enumerate(peak):
        column = values[:, j]
        if rows * p * p < 2**63:
            found.append(int(column @ column))
        else:
            distinct, counts = np.unique(column, return_counts=True)
            found.append(sum(int(v) * int(v) * int(n) for v, n in zip(distinct, counts)))
    return found


def simulate_chunk(
    rules, play: np.ndarray, masks: np.ndarray, rng: np.random.Generator, rounds: int, boxes: int
) -> Tally:
    """Deal, settle and tally ``rounds`` rounds (one chunk)."""
    player, dealer = deal(rng, rounds, boxes, masks)
    flat = player.ravel()
    s = rules.settle(flat, np.repeat(dealer, boxes) if boxes > 1 else dealer, play[flat])
    ante_play = s.ante + s.play + s.ante_bonus
    values = np.empty((flat.size, _K), dtype=np.int64)
    values[:, 0] = ante_play
    values[:, 1] = s.pair_plus
    values[:, 2] = ante_play > 0
    values[:, 3] = s.pair_plus > 0
    values[:, 4:] = s.outcome[:, None] == np.arange(len(OUTCOME_NAMES), dtype=np.int8)
    per_round = values if boxes == 1 else values.reshape(rounds, boxes, _K).sum(axis=1)
    category = rules.table.category
    return Tally(
        boxes=boxes,
        scale=rules.scale,
        rounds=rounds,
        sums=[int(v) for v in per_round.sum(axis=0)],
        squares=sum_of_squares(per_round),
        hand_squares=sum_of_squares(values),
        categories=[int(v) for v in np.bincount(category[player[:, 0]], minlength=len(CATEGORIES))],
        all_categories=[int(v) for v in np.bincount(category[flat], minlength=len(CATEGORIES))],
    )


# ---------------------------------------------------------------------------------------------------
# Workers

_progress_queue: Any = None
_job: tuple | None = None  # (game, play, boxes, chunk): set before forking, inherited by the workers


def _init_worker(progress_queue: Any) -> None:
    global _progress_queue
    _progress_queue = progress_queue


def _run(
    game: Game,
    play: np.ndarray,
    boxes: int,
    rounds: int,
    chunk: int,
    seed: np.random.SeedSequence,
    progress: ProgressCallback | None = None,
) -> Tally:
    rules = compile_rules(game)
    masks = _card_masks(game.ranking.name)
    rng = np.random.Generator(np.random.PCG64(seed))
    tally = Tally(boxes=boxes, scale=rules.scale)
    done = 0
    while done < rounds:
        n = min(chunk, rounds - done)
        tally.add(simulate_chunk(rules, play, masks, rng, n, boxes))
        done += n
        if progress is not None:
            progress(n)
        elif _progress_queue is not None:
            _progress_queue.put(n)
    return tally


def _run_share(rounds: int, seed: np.random.SeedSequence) -> Tally:
    assert _job is not None
    game, play, boxes, chunk = _job
    return _run(game, play, boxes, rounds, chunk, seed)


def _split(total: int, parts: int) -> list[int]:
    return [total // parts + (i < total % parts) for i in range(parts)]


def _run_parallel(game, play, boxes, rounds, chunk, seeds, progress) -> Tally:
    """Each worker its share of the rounds and its own stream; merged in worker order."""
    global _job
    shares = _split(rounds, len(seeds))
    tally = Tally(boxes=boxes, scale=compile_rules(game).scale)
    if "fork" not in multiprocessing.get_all_start_methods():  # pragma: no cover - same streams, one process
        for n, s in zip(shares, seeds):
            tally.add(_run(game, play, boxes, n, chunk, s, progress))
        return tally
    context = multiprocessing.get_context("fork")
    updates = context.Queue()
    _job = (game, play, boxes, chunk)
    try:
        with ProcessPoolExecutor(len(seeds), mp_context=context, initializer=_init_worker, initargs=(updates,)) as pool:
            futures = [pool.submit(_run_share, n, s) for n, s in zip(shares, seeds)]
            while not all(f.done() for f in futures):
                try:
                    n = updates.get(timeout=0.05)
                except queue_module.Empty:
                    continue
                if progress is not None:
                    progress(n)
            for f in futures:  # in worker order: the merged sums do not depend on timing
                tally.add(f.result())
    finally:
        _job = None
    while True:
        try:
            n = updates.get(timeout=0.01)
        except queue_module.Empty:
            break
        if progress is not None:
            progress(n)
    updates.close()
    return tally


# ---------------------------------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class BetSimulation:
    """One bet's simulated figures beside the exact ones, per unit of its stake per hand."""

    bet: str
    title: str
    rounds: int
    boxes: int
    mean: float
    round_std: float  # spread of a round's total over its boxes
    std_dev: float  # spread of one hand's result
    hit_rate: float
    exact_mean: Fraction
    exact_std_dev: float
    exact_hit_rate: Fraction

    @property
    def standard_error(self) -> float:
        return self.round_std / math.sqrt(self.rounds) / self.boxes if self.rounds else math.inf

    def confidence_interval(self, level: float = 0.95) -> tuple[float, float]:
        """Student-t interval for the mean return per hand at confidence ``level``."""
        from scipy import stats

        _check_level(level)
        if self.rounds < 2:
            return (-math.inf, math.inf)
        half = float(stats.t.ppf(0.5 + level / 2, self.rounds - 1)) * self.standard_error
        return (self.mean - half, self.mean + half)

    @property
    def z_score(self) -> float:
        """(simulated - exact) / standard error: within +-2 about 95% of the time."""
        se = self.standard_error
        return (self.mean - float(self.exact_mean)) / se if se > 0 else 0.0

    @property
    def house_edge(self) -> float:
        return -self.mean

    def to_dict(self, level: float = 0.95) -> dict[str, Any]:
        low, high = self.confidence_interval(level)
        return {
            "mean": self.mean,
            "confidence_interval": [low, high],
            "level": level,
            "standard_error": self.standard_error,
            "exact_mean": float(self.exact_mean),
            "z_score": self.z_score,
            "std_dev": self.std_dev,
            "exact_std_dev": self.exact_std_dev,
            "hit_rate": self.hit_rate,
            "exact_hit_rate": float(self.exact_hit_rate),
        }


@dataclass(frozen=True)
class FrequencyRow:
    """How often something happened against its exact probability, with a z-score."""

    name: str
    label: str
    count: int
    trials: int
    exact: Fraction

    @property
    def frequency(self) -> float:
        return self.count / self.trials if self.trials else math.nan

    @property
    def z_score(self) -> float:
        p = float(self.exact)
        if self.trials == 0 or p in (0.0, 1.0):
            return 0.0
        return (self.count - self.trials * p) / math.sqrt(self.trials * p * (1 - p))


def _check_level(level: float) -> None:
    if not 0 < level < 1:
        raise BragError(f"a confidence level is between 0 and 1 (such as 0.95), not {level}")


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Simulated rounds of one game and strategy, beside the exact analysis of the same strategy."""

    game: Game
    strategy: str
    boxes: int
    seed: int
    workers: int
    tally: Tally
    play: np.ndarray = field(repr=False)

    @property
    def rounds(self) -> int:
        return self.tally.rounds

    @property
    def hands(self) -> int:
        return self.tally.hands

    @cached_property
    def exact(self):
        """The exact :class:`~casino.edge.EdgeReport` of the simulated strategy."""
        from casino.edge import analyze

        return analyze(self.game, play=self.play)

    @property
    def table(self) -> HandTable:
        return hand_table(self.game.ranking)

    @cached_property
    def bets(self) -> tuple[BetSimulation, ...]:
        t = self.tally
        found = []
        for report in (self.exact.ante_play, self.exact.pair_plus):  # side bets are not simulated
            if report is None:
                continue
            k = _COL[report.bet]
            hit = _COL[report.bet + "_hit"]
            n, scale, hands = t.rounds, t.scale, t.hands
            mean_round = t.sums[k] / scale / n if n else math.nan
            var_round = (t.squares[k] - t.sums[k] ** 2 / n) / (n - 1) / scale**2 if n > 1 else math.nan
            var_hand = (t.hand_squares[k] - t.sums[k] ** 2 / hands) / (hands - 1) / scale**2 if hands > 1 else math.nan
            found.append(
                BetSimulation(
                    bet=report.bet,
                    title=report.title,
                    rounds=n,
                    boxes=t.boxes,
                    mean=mean_round / t.boxes,
                    round_std=math.sqrt(max(var_round, 0.0)),
                    std_dev=math.sqrt(max(var_hand, 0.0)),
                    hit_rate=t.sums[hit] / hands if hands else math.nan,
                    exact_mean=report.expected_return,
                    exact_std_dev=report.std_dev,
                    exact_hit_rate=report.hit_rate,
                )
            )
        return tuple(found)

    def bet(self, name: str) -> BetSimulation:
        for b in self.bets:
            if b.bet == name:
                return b
        raise BragError(f"{self.game.name} has no {name} bet (it has {', '.join(b.bet for b in self.bets)})")

    def outcomes(self) -> list[FrequencyRow]:
        """Ante/Play outcomes (fold, dealer does not qualify, win, tie, lose) per hand."""
        counts = self.exact.ante_play.counts
        total = self.exact.ante_play.total
        labels = ("Fold", "Dealer does not qualify", "Player wins", "Tie", "Player loses")
        return [
            FrequencyRow(name, label, self.tally.sums[_COL[name]], self.hands, Fraction(counts[name], total))
            for name, label in zip(OUTCOME_NAMES, labels)
        ]

    def categories(self) -> list[FrequencyRow]:
        """The first box's hand categories against the exact counts out of 22,100."""
        exact = np.bincount(self.table.category, minlength=len(CATEGORIES))
        ranking = self.game.ranking
        rows = [
            FrequencyRow(name, ranking.label(name), self.tally.categories[i], self.rounds, Fraction(int(exact[i]), N_HANDS))
            for i, name in enumerate(CATEGORIES)
        ]
        return sorted(rows, key=lambda r: ranking.position(r.name), reverse=True)

    def category_test(self):
        """scipy's chi-square goodness-of-fit of the first box's categories against the exact counts."""
        from scipy import stats

        observed = np.array(self.tally.categories, dtype=float)
        exact = np.bincount(self.table.category, minlength=len(CATEGORIES)) / N_HANDS
        return stats.chisquare(observed, exact * observed.sum())

    def to_dict(self, level: float = 0.95) -> dict[str, Any]:
        test = self.category_test()
        return {
            "game": self.game.name,
            "ranking": self.game.ranking.name,
            "strategy": self.strategy,
            "rounds": self.rounds,
            "boxes": self.boxes,
            "hands": self.hands,
            "seed": self.seed,
            "workers": self.workers,
            "bets": {b.bet: b.to_dict(level) for b in self.bets},
            "outcomes": {
                r.name: {"count": r.count, "frequency": r.frequency, "exact": float(r.exact), "z_score": r.z_score}
                for r in self.outcomes()
            },
            "categories": {
                r.name: {"count": r.count, "frequency": r.frequency, "exact": float(r.exact), "z_score": r.z_score}
                for r in self.categories()
            },
            "chi_square": {"statistic": float(test.statistic), "pvalue": float(test.pvalue), "dof": len(CATEGORIES) - 1},
        }


def _seed_value(seed: int | None) -> int:
    if seed is None:
        return int(np.random.SeedSequence().entropy)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise BragError(f"a seed is a whole number 0 or more, not {seed!r}")
    return int(seed)


def simulate(
    game: Game,
    hands: int,
    *,
    strategy: str | np.ndarray = "optimal",
    boxes: int = 1,
    seed: int | None = None,
    workers: int = 1,
    chunk: int = CHUNK,
    progress: ProgressCallback | None = None,
) -> SimulationResult:
    """Simulate ``hands`` rounds of ``game`` with ``boxes`` boxes each, the player following ``strategy``.

    ``strategy`` is a name for :func:`casino.strategy.play_mask` or a boolean mask over the 22,100
    hands. ``progress(n)`` is called after every ``n`` rounds done. Without ``seed`` a fresh one is
    drawn and recorded in the result.
    """
    if isinstance(hands, bool) or not isinstance(hands, (int, np.integer)) or hands < 1:
        raise BragError(f"the number of rounds must be a whole number of at least 1, not {hands!r}")
    if not 1 <= boxes <= MAX_BOXES:
        raise BragError(f"a player plays 1 to {MAX_BOXES} boxes, not {boxes}")
    if not 1 <= workers <= max(64, os.cpu_count() or 1):
        raise BragError(f"workers must be between 1 and {max(64, os.cpu_count() or 1)}, not {workers}")
    if chunk < 1:
        raise BragError(f"the chunk size must be at least 1, not {chunk}")
    if isinstance(strategy, str):
        play, name = play_mask(game, strategy), strategy
    else:
        play, name = np.asarray(strategy, dtype=bool), "custom"
        if play.shape != (N_HANDS,):
            raise BragError(f"a strategy gives one decision per hand: expected {N_HANDS}, got {play.shape}")
    seed_value = _seed_value(seed)
    root = np.random.SeedSequence(seed_value)
    if workers == 1:
        tally = _run(game, play, boxes, int(hands), chunk, root.spawn(1)[0], progress)
    else:
        compile_rules(game), _card_masks(game.ranking.name)  # built once, inherited by forked workers
        tally = _run_parallel(game, play, boxes, int(hands), chunk, root.spawn(workers), progress)
    return SimulationResult(game, name, boxes, seed_value, workers, tally, play)


# ---------------------------------------------------------------------------------------------------
# Sessions: betting patterns, many players at once


@dataclass(frozen=True, eq=False)
class SessionSimulation:
    """Simulated sessions of a betting pattern: each session's end, with intervals for the chances.

    ``final`` is each session's final bankroll, ``rounds`` how many rounds it played, ``stop`` why it
    ended (:data:`casino.betting.STOP_NAMES`; ``playing`` = played every round) and ``wagered`` the
    total it put on the table (Ante, Play and Pair Plus).
    """

    game: Game
    pattern: Any
    bankroll: Fraction
    hands: int
    strategy: str
    seed: int
    final: np.ndarray = field(repr=False)
    rounds: np.ndarray = field(repr=False)
    stop: np.ndarray = field(repr=False)
    wagered: np.ndarray = field(repr=False)

    @property
    def sessions(self) -> int:
        return len(self.final)

    def _share(self, mask: np.ndarray, level: float) -> tuple[float, float, float]:
        from scipy import stats

        _check_level(level)
        k = int(mask.sum())
        ci = stats.binomtest(k, self.sessions).proportion_ci(level, method="wilson")
        return k / self.sessions, float(ci.low), float(ci.high)

    def risk_of_ruin(self, level: float = 0.95) -> tuple[float, float, float]:
        """(estimate, low, high): the share of sessions ruined, with a Wilson interval."""
        from casino.betting import RUINED

        return self._share(self.stop == RUINED, level)

    def p_stop_win(self, level: float = 0.95) -> tuple[float, float, float]:
        from casino.betting import STOP_WIN

        return self._share(self.stop == STOP_WIN, level)

    def p_stop_loss(self, level: float = 0.95) -> tuple[float, float, float]:
        from casino.betting import STOP_LOSS

        return self._share(self.stop == STOP_LOSS, level)

    def p_ahead(self, level: float = 0.95) -> tuple[float, float, float]:
        return self._share(self.final > float(self.bankroll), level)

    def _mean(self, values: np.ndarray, level: float) -> tuple[float, float, float]:
        from scipy import stats

        _check_level(level)
        mean = float(values.mean())
        if len(values) < 2:
            return mean, -math.inf, math.inf
        half = float(stats.t.ppf(0.5 + level / 2, len(values) - 1)) * float(values.std(ddof=1)) / math.sqrt(len(values))
        return mean, mean - half, mean + half

    def expected_rounds(self, level: float = 0.95) -> tuple[float, float, float]:
        return self._mean(self.rounds.astype(float), level)

    def expected_result(self, level: float = 0.95) -> tuple[float, float, float]:
        """The mean of final minus starting bankroll, with a t interval."""
        return self._mean(self.final - float(self.bankroll), level)

    def expected_wagered(self, level: float = 0.95) -> tuple[float, float, float]:
        return self._mean(self.wagered, level)

    def to_dict(self, level: float = 0.95) -> dict[str, Any]:
        def row(figure: tuple[float, float, float]) -> dict[str, float]:
            return {"estimate": figure[0], "low": figure[1], "high": figure[2]}

        return {
            "game": self.game.name,
            "pattern": self.pattern.describe,
            "bankroll": float(self.bankroll),
            "hands": self.hands,
            "sessions": self.sessions,
            "strategy": self.strategy,
            "seed": self.seed,
            "level": level,
            "risk_of_ruin": row(self.risk_of_ruin(level)),
            "p_stop_win": row(self.p_stop_win(level)),
            "p_stop_loss": row(self.p_stop_loss(level)),
            "p_ahead": row(self.p_ahead(level)),
            "expected_rounds": row(self.expected_rounds(level)),
            "expected_result": row(self.expected_result(level)),
            "expected_wagered": row(self.expected_wagered(level)),
        }


def simulate_sessions(
    game: Game,
    pattern: Any,
    *,
    bankroll: Fraction | int,
    hands: int,
    sessions: int,
    strategy: str = "optimal",
    seed: int | None = None,
    progress: ProgressCallback | None = None,
) -> SessionSimulation:
    """Play ``sessions`` sessions of up to ``hands`` rounds each, betting by ``pattern``.

    All sessions advance together, one round at a time; each round is dealt and settled for the
    sessions still playing, and :class:`casino.betting.BettingPattern` sets their next stakes.
    ``progress(n)`` is called as the rounds go by, ``hands`` in all (once every session has
    stopped, the rest at once).

        >>> from casino.betting import BettingPattern
        >>> from casino.games import load_game
        >>> game = load_game("3-card-brag")
        >>> sims = simulate_sessions(game, BettingPattern("martingale", ante=5).with_limits(game.limits),
        ...                          bankroll=100, hands=50, sessions=2000, seed=3)
        >>> estimate, low, high = sims.risk_of_ruin()
        >>> bool(0 < low <= estimate <= high < 1)
        True
    """
    from casino.betting import PLAYING

    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise BragError(f"the number of rounds must be a whole number of at least 1, not {hands!r}")
    if isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1:
        raise BragError(f"the number of sessions must be a whole number of at least 1, not {sessions!r}")
    bankroll = Fraction(bankroll)
    if bankroll <= 0:
        raise BragError(f"the bankroll must be above zero, not {bankroll}")
    if pattern.pair_plus and game.pair_plus is None:
        raise BragError(f"{game.name} has no Pair Plus bet")
    rules = compile_rules(game)
    masks = _card_masks(game.ranking.name)
    play = play_mask(game, strategy)
    seed_value = _seed_value(seed)
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed_value)))
    unit = math.lcm(pattern.unit, bankroll.denominator)
    to_money = unit // pattern.unit  # pattern units -> money units (1/unit)
    fine = unit * rules.scale  # the bankroll is kept in 1/fine units: every settlement is whole
    money = np.full(sessions, int(bankroll * fine), dtype=np.int64)
    wagered = np.zeros(sessions, dtype=np.int64)
    rounds = np.zeros(sessions, dtype=np.int64)
    state = pattern.start(money // (fine // pattern.unit))
    for t in range(hands):
        active = np.flatnonzero(state.stop == PLAYING)
        if not active.size:
            if progress is not None:
                progress(hands - t)
            break
        player, dealer = deal(rng, active.size, 1, masks)
        player = player[:, 0]
        ante = state.ante[active] * to_money
        pair_plus = state.pair_plus[active] * to_money
        plays = play[player] | (ante == 0)
        s = rules.settle(player, dealer, plays)
        net = ante * (s.ante + s.play + s.ante_bonus) + pair_plus * s.pair_plus
        money[active] += net
        wagered[active] += (ante * (1 + (plays & (ante > 0))) + pair_plus) * rules.scale
        rounds[active] += 1
        round_net = np.zeros(sessions, dtype=np.int64)
        round_net[active] = net
        state = pattern.next(state, round_net, money // (fine // pattern.unit))
        if progress is not None:
            progress(1)
    return SessionSimulation(
        game=game,
        pattern=pattern,
        bankroll=bankroll,
        hands=hands,
        strategy=strategy,
        seed=seed_value,
        final=money / fine,
        rounds=rounds,
        stop=state.stop.copy(),
        wagered=wagered / fine,
    )
