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

The parts, one module each: dealing (:mod:`casino.deal`), tallying a chunk of rounds
(:mod:`casino.tally`), running the chunks in one process or several (:mod:`casino.workers`) and
whole sessions of a betting pattern (:mod:`casino.session_sim`). This module holds the results and
re-exports the names the command line and the tests use.

**Reproducibility.** ``seed`` feeds :class:`numpy.random.SeedSequence`. The rounds are dealt in
chunks of a fixed size (:data:`CHUNK` rounds, whatever the number of workers); chunk ``i`` deals from
its own stream, the ``i``-th child of ``SeedSequence(seed)`` (:func:`casino.workers.chunk_seed`), and
gives integer sums that add up exactly. So a seed gives **the same result to the chip whatever runs
the chunks**: this process, ``workers=W`` local processes (each taking the next chunk as it comes
free), or a Dask cluster (``scheduler=`` or ``client=``) — and the same on any machine.

**Statistics.** Boxes of one round face the same dealer, so the independent unit is the round: a
bet's confidence interval uses the spread of per-round totals. Category frequencies are tested
with a chi-square goodness-of-fit test on the first box's hands (one per round: multinomial).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from casino.deal import card_masks, deal, seed_entropy
from casino.deal import seed_value as normal_seed
from casino.errors import BragError
from casino.games import Game
from casino.hands import N_HANDS, HandTable, hand_table
from casino.rankings import CATEGORIES
from casino.rules import OUTCOME_NAMES
from casino.session_sim import SessionSimulation, simulate_sessions
from casino.strategy import decision_table
from casino.table import MAX_BOXES
from casino.tally import COLUMN, Tally, check_level, simulate_chunk, sum_of_squares
from casino.workers import CHUNK, ProgressCallback, RoundsJob, check_workers, run_job

if TYPE_CHECKING:
    from casino.edge import EdgeReport
    from casino.stats import ChiSquareResult

__all__ = [
    "figure",
    "CHUNK",
    "MAX_HANDS",
    "MAX_BOXES",
    "deal",
    "card_masks",
    "seed_entropy",
    "Tally",
    "sum_of_squares",
    "BetSimulation",
    "FrequencyRow",
    "SimulationResult",
    "SessionSimulation",
    "ProgressCallback",
    "simulate",
    "simulate_chunk",
    "simulate_sessions",
]


def figure(value: float) -> float | None:
    """A simulated figure as JSON gives it: ``None`` (null) for one the sample cannot give (NaN, an infinite
    interval: one round, no spread), never ``NaN`` or ``Infinity``, which are not JSON.

        >>> figure(0.5), figure(math.nan), figure(-math.inf)
        (0.5, None, None)
    """
    return value if math.isfinite(value) else None

MAX_HANDS = 2_000_000_000  # hands (rounds x boxes) in one run: a few minutes at millions of hands a second
_card_masks = card_masks  # the older private name, kept for callers outside this area


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
        from casino.stats import t_quantile

        check_level(level)
        if self.rounds < 2:
            return (-math.inf, math.inf)
        half = t_quantile(0.5 + level / 2, self.rounds - 1) * self.standard_error
        return (self.mean - half, self.mean + half)

    @property
    def z_score(self) -> float:
        """(simulated - exact) / standard error: within +-2 about 95% of the time; NaN when the sample gives
        no standard error (one round, or every round alike)."""
        se = self.standard_error
        return (self.mean - float(self.exact_mean)) / se if math.isfinite(se) and se > 0 else math.nan

    @property
    def house_edge(self) -> float:
        return -self.mean

    def to_dict(self, level: float = 0.95) -> dict[str, Any]:
        low, high = self.confidence_interval(level)
        return {
            "mean": figure(self.mean),
            "confidence_interval": [figure(low), figure(high)],
            "level": level,
            "standard_error": figure(self.standard_error),
            "exact_mean": float(self.exact_mean),
            "z_score": figure(self.z_score),
            "std_dev": figure(self.std_dev),
            "exact_std_dev": self.exact_std_dev,
            "hit_rate": figure(self.hit_rate),
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
    #: with several boxes a round's hands share the dealer, so they are not independent trials: the rounds and
    #: the sum of the squares of each round's count; the z-score's variance is then the rounds' own spread
    rounds: int | None = None
    round_squares: int | None = None

    @property
    def frequency(self) -> float:
        return self.count / self.trials if self.trials else math.nan

    @property
    def z_score(self) -> float:
        """The count's distance from ``trials x exact`` in standard errors: binomial for independent trials; for
        hands grouped in rounds (``rounds``), the spread of the per-round counts (the honest unit, as for the
        bets' own z-scores), since the boxes of one round meet one dealer."""
        p = float(self.exact)
        if self.trials == 0 or p in (0.0, 1.0):
            return 0.0
        n = self.rounds
        if n is not None and n != self.trials and self.round_squares is not None and n > 1:
            variance = (self.round_squares - self.count**2 / n) / (n - 1)  # of one round's count
            if variance > 0:
                return (self.count - self.trials * p) / math.sqrt(n * variance)
        return (self.count - self.trials * p) / math.sqrt(self.trials * p * (1 - p))


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Simulated rounds of one game and strategy, beside the exact analysis of the same strategy."""

    game: Game
    strategy: str
    boxes: int
    seed: int | str
    workers: int
    tally: Tally
    play: np.ndarray = field(repr=False)
    pair_plus_ratio: Fraction = Fraction(0)  # the Pair Plus / Ante the optimal strategy weighed (a fold loses it)

    @property
    def rounds(self) -> int:
        return self.tally.rounds

    @property
    def hands(self) -> int:
        return self.tally.hands

    @cached_property
    def exact(self) -> EdgeReport:
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
        for report in (self.exact.ante_play, self.exact.pair_plus):
            if report is None:
                continue
            k = COLUMN[report.bet]
            hit = COLUMN[report.bet + "_hit"]
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
        for report in getattr(self.exact, "side_bets", ()):  # a stake of 1 on each, every box
            sums = t.side.get(report.bet)
            if sums is None:
                continue
            total, squares, hand_squares, hits = sums
            n, scale, hands = t.rounds, t.side_scale, t.hands
            var_round = (squares - total**2 / n) / (n - 1) / scale**2 if n > 1 else math.nan
            var_hand = (hand_squares - total**2 / hands) / (hands - 1) / scale**2 if hands > 1 else math.nan
            found.append(BetSimulation(
                bet=report.bet, title=report.title, rounds=n, boxes=t.boxes,
                mean=total / scale / n / t.boxes if n else math.nan,
                round_std=math.sqrt(max(var_round, 0.0)), std_dev=math.sqrt(max(var_hand, 0.0)),
                hit_rate=hits / hands if hands else math.nan,
                exact_mean=report.expected_return, exact_std_dev=report.std_dev, exact_hit_rate=report.hit_rate,
            ))
        return tuple(found)

    def bet(self, name: str) -> BetSimulation:
        for b in self.bets:
            if b.bet == name:
                return b
        raise BragError(f"{self.game.name} has no {name} bet (it has {', '.join(b.bet for b in self.bets)})")

    def outcomes(self) -> list[FrequencyRow]:
        """Ante/Play outcomes (fold, dealer does not qualify, win, tie, lose) per hand; z-scores from the spread
        of the per-round counts (:attr:`FrequencyRow.rounds`)."""
        counts = self.exact.ante_play.counts
        total = self.exact.ante_play.total
        labels = ("Fold", "Dealer does not qualify", "Player wins", "Tie", "Player loses")
        return [
            FrequencyRow(name, label, self.tally.sums[COLUMN[name]], self.hands, Fraction(counts[name], total),
                         self.rounds, self.tally.squares[COLUMN[name]])  # the rounds' spread: boxes share a dealer
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

    def category_test(self) -> ChiSquareResult:
        """The chi-square goodness-of-fit of the first box's categories against the exact counts
        (:func:`casino.stats.chi_square_test`, the figures of ``scipy.stats.chisquare``)."""
        from casino.stats import chi_square_test

        observed = [float(n) for n in self.tally.categories]
        exact = np.bincount(self.table.category, minlength=len(CATEGORIES)) / N_HANDS
        return chi_square_test(observed, [float(e) * sum(observed) for e in exact])

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
            **({"pair_plus_ratio": str(self.pair_plus_ratio)} if self.pair_plus_ratio else {}),
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


def simulate(
    game: Game,
    hands: int,
    *,
    strategy: str | np.ndarray = "optimal",
    boxes: int = 1,
    seed: int | str | None = None,
    workers: int = 1,
    chunk: int = CHUNK,
    progress: ProgressCallback | None = None,
    scheduler: str | None = None,
    client: object | None = None,
    pair_plus_ratio: Fraction | int = 0,
) -> SimulationResult:
    """Simulate ``hands`` rounds of ``game`` with ``boxes`` boxes each, the player following ``strategy``.

    ``strategy`` is a name for :func:`casino.strategy.decision_table` (``"informed"``: the player sees
    the dealer's first card, as in the Face Up game) or a boolean mask over the 22,100 hands (or
    22,100 hands x 52 up cards). ``progress(n)`` is called after every ``n`` rounds done. ``seed`` is a whole number or any
    text (:func:`casino.deal.seed_entropy`); without one a fresh seed is drawn and recorded in the result.
    ``workers`` local processes share the chunks of ``chunk`` rounds; ``scheduler`` (a Dask address such as
    ``tcp://host:8786``) or ``client`` (a ``dask.distributed.Client``) runs them on a Dask cluster instead.
    The result depends on ``seed`` and ``chunk`` only: the same to the chip for any ``workers`` and either way.
    ``pair_plus_ratio``: where a fold loses the Pair Plus, the optimal (and informed) strategy is that of a player
    staking this ratio x the Ante on Pair Plus (:func:`casino.strategy.decision_table`); each bet is still
    tallied per unit staked.
    """
    if isinstance(hands, bool) or not isinstance(hands, (int, np.integer)) or hands < 1:
        raise BragError(f"the number of rounds must be a whole number of at least 1, not {hands!r}")
    if not 1 <= boxes <= MAX_BOXES:
        raise BragError(f"a player plays 1 to {MAX_BOXES} boxes, not {boxes}")
    if hands * boxes > MAX_HANDS:
        raise BragError(
            f"{hands:,} rounds x {boxes} box{'es' if boxes > 1 else ''} is more than one run deals"
            f" ({MAX_HANDS:,} hands at most, a few minutes); run several seeds instead"
        )
    check_workers(workers)
    if chunk < 1:
        raise BragError(f"the chunk size must be at least 1, not {chunk}")
    from casino.edge import checked_ratio

    pair_plus_ratio = checked_ratio(game, pair_plus_ratio)
    if isinstance(strategy, str):
        play, name = decision_table(game, strategy, pair_plus_ratio), strategy
    else:
        play, name = np.asarray(strategy, dtype=bool), "custom"
        if play.shape not in ((N_HANDS,), (N_HANDS, 52)):
            raise BragError(f"a strategy gives one decision per hand (or per hand and up card): expected {N_HANDS},"
                            f" got {play.shape}")
    seed_value = normal_seed(seed)
    job = RoundsJob(game, play, boxes, int(hands), chunk, seed_entropy(seed_value))
    tally = run_job(job, workers, scheduler, client, progress)
    return SimulationResult(game, name, boxes, seed_value, workers, tally, play, pair_plus_ratio)
