"""Simulating head-to-head games: rounds dealt and settled with numpy beside the exact figures.

Two hands per round are dealt by :func:`casino.deal.deal` (one box and the "dealer": the second
hand), settled by :meth:`casino.maths.head_to_head_settle.HeadToHeadRules.settle` and tallied as
exact integer sums; every bet's mean return is set beside the exact value of
:func:`casino.maths.head_to_head.analyze_head_to_head`::

    >>> from casino.games import load_game
    >>> result = simulate_head_to_head(load_game("teen-patti-20-20"), 20_000, seed=7)
    >>> bet = result.bet("player_a")
    >>> low, high = bet.confidence_interval(0.999)
    >>> bool(low < float(bet.exact_mean) < high), result.rounds
    (True, 20000)

Every bet is staked at one unit every round (the bets of one round are not independent of each
other, but each bet's rounds are, so each bet's interval is the usual Student-t interval of the
round results). ``seed`` feeds :class:`numpy.random.SeedSequence` as in :func:`casino.simulate.simulate`:
the rounds are dealt in chunks of :data:`CHUNK`, chunk ``i`` from its own stream
(:func:`casino.workers.chunk_seed`), and tallied as integer sums that add up exactly, so a seed gives
the same figures to the chip in this process, in ``workers`` local processes or on a Dask cluster.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

import numpy as np

from casino.errors import BragError

__all__ = ["HeadToHeadJob", "HeadToHeadSimulation", "HeadToHeadTally", "simulate_head_to_head", "CHUNK"]

CHUNK = 1 << 16  # rounds dealt and settled at once
MAX_ROUNDS = 2_000_000_000


@dataclass(frozen=True, eq=False)
class HeadToHeadSimulation:
    """Simulated rounds of a head-to-head game: per bet, exact integer sums of its nets."""

    game: Any
    seed: int | str
    rounds: int
    scale: int
    sums: dict[str, tuple[int, int, int]]  # bet -> (sum, sum of squares, wins) in units of 1/scale
    outcome_counts: tuple[int, int, int]  # first hand wins, tie, second wins
    boxes: int = field(default=1)
    workers: int = field(default=1)

    @cached_property
    def exact(self) -> Any:
        """The exact :class:`~casino.maths.head_to_head.HeadToHeadReport` of the game."""
        from casino.maths.head_to_head import analyze_head_to_head

        return analyze_head_to_head(self.game)

    @cached_property
    def bets(self) -> tuple[Any, ...]:
        """Every bet's :class:`~casino.simulate.BetSimulation` (per unit staked, one stake per round)."""
        from casino.simulate import BetSimulation

        n, s = self.rounds, self.scale
        found = []
        for report in self.exact.bets:
            total, squares, hits = self.sums[report.bet]
            var = (squares - total * total / n) / (n - 1) / s**2 if n > 1 else math.nan
            std = math.sqrt(max(var, 0.0))
            found.append(BetSimulation(
                bet=report.bet, title=report.title, rounds=n, boxes=1, mean=total / s / n, round_std=std,
                std_dev=std, hit_rate=hits / n, exact_mean=report.expected_return,
                exact_std_dev=report.std_dev, exact_hit_rate=report.hit_rate,
            ))
        return tuple(found)

    def bet(self, name: str) -> Any:
        for b in self.bets:
            if b.bet == name:
                return b
        raise BragError(f"{self.game.name} has no {name} bet (it has {', '.join(b.bet for b in self.bets)})")

    def outcomes(self) -> list[Any]:
        """How often each hand won and how often they tied, against the exact counts."""
        from casino.edge import N_PAIRS
        from casino.simulate import FrequencyRow

        a, b = self.game.head_to_head.hands
        labels = (f"{a} wins", "Tie", f"{b} wins")
        return [FrequencyRow(name, label, count, self.rounds, Fraction(exact, N_PAIRS))
                for name, label, count, exact in zip(("first", "tie", "second"), labels, self.outcome_counts,
                                                     self.exact.counts)]

    def to_dict(self, level: float = 0.95) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "ranking": self.game.ranking.name,
            "shape": "head_to_head",
            "rounds": self.rounds,
            "seed": self.seed,
            "workers": self.workers,
            "bets": {b.bet: b.to_dict(level) for b in self.bets},
            "outcomes": {r.name: {"count": r.count, "frequency": r.frequency, "exact": float(r.exact),
                                  "z_score": r.z_score} for r in self.outcomes()},
        }


def _sum_of_squares(values: np.ndarray) -> int:
    """The exact sum of squares of int64 ``values``: in int64 when it cannot overflow, else per distinct value."""
    top = int(np.abs(values).max()) if values.size else 0
    if top * top * values.size < 2**62:
        return int(np.dot(values, values))
    distinct, counts = np.unique(values, return_counts=True)
    return sum(int(v) * int(v) * int(c) for v, c in zip(distinct, counts))


@dataclass
class HeadToHeadTally:
    """Exact integer sums of some rounds: per bet (sum, sum of squares, wins) in units of 1/scale, and
    the outcome counts (first wins, tie, second wins). Tallies of different chunks add up exactly."""

    sums: dict[str, list[int]] = field(default_factory=dict)
    outcomes: list[int] = field(default_factory=lambda: [0, 0, 0])
    rounds: int = 0

    def add(self, other: HeadToHeadTally) -> HeadToHeadTally:
        self.rounds += other.rounds
        for name, values in other.sums.items():
            mine = self.sums.setdefault(name, [0, 0, 0])
            for k, value in enumerate(values):
                mine[k] += value
        for k, value in enumerate(other.outcomes):
            self.outcomes[k] += value
        return self


@dataclass(frozen=True, eq=False)
class HeadToHeadJob:
    """``rounds`` rounds of the head-to-head ``game`` in chunks of ``chunk`` (:class:`casino.workers.ChunkJob`)."""

    game: Any
    rounds: int
    chunk: int
    entropy: int

    @property
    def chunks(self) -> int:
        from casino.workers import chunks_of

        return chunks_of(self.rounds, self.chunk)

    @property
    def progress_total(self) -> int:
        return self.rounds

    @cached_property
    def rules(self) -> Any:
        """The compiled settlement (once per process: forked workers inherit the parent's)."""
        from casino.maths.head_to_head_settle import compile_head_to_head

        return compile_head_to_head(self.game)

    def empty(self) -> HeadToHeadTally:
        return HeadToHeadTally()

    def merge(self, total: HeadToHeadTally, part: HeadToHeadTally) -> HeadToHeadTally:
        return total.add(part)

    def run(self, index: int, progress: Callable[[int], None] | None = None) -> HeadToHeadTally:
        """Deal, settle and tally chunk ``index``."""
        from casino.deal import card_masks, deal
        from casino.workers import chunk_rng

        rules = self.rules
        n = min(self.chunk, self.rounds - index * self.chunk)
        first, second = deal(chunk_rng(self.entropy, index), n, 1, card_masks(self.game.ranking))
        a = first[:, 0]
        nets = rules.settle(a, second)
        tally = HeadToHeadTally(rounds=n)
        for name, values in nets.items():
            tally.sums[name] = [int(values.sum()), _sum_of_squares(values), int(np.count_nonzero(values > 0))]
        tally.outcomes = [int(v) for v in np.bincount(rules.outcome(a, second), minlength=3)]
        if progress is not None:
            progress(n)
        return tally


def simulate_head_to_head(
    game: Any,
    rounds: int,
    *,
    seed: int | str | None = None,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    client: object | None = None,
) -> HeadToHeadSimulation:
    """Deal, settle and tally ``rounds`` rounds of the head-to-head ``game``, one unit on every bet.

    ``workers`` local processes, or a Dask cluster (``scheduler`` address or ``client``), share the
    chunks of ``chunk`` rounds; the result depends on ``seed`` and ``chunk`` only."""
    from casino.deal import card_masks, seed_entropy
    from casino.deal import seed_value as normal_seed
    from casino.workers import check_workers, run_job

    if isinstance(rounds, bool) or not isinstance(rounds, (int, np.integer)) or rounds < 1:
        raise BragError(f"the number of rounds must be a whole number of at least 1, not {rounds!r}")
    if rounds > MAX_ROUNDS:
        raise BragError(f"{rounds:,} rounds is more than one run deals ({MAX_ROUNDS:,} at most); run several seeds")
    if chunk < 1:
        raise BragError(f"the chunk size must be at least 1, not {chunk}")
    check_workers(workers)
    seed_value = normal_seed(seed)
    job = HeadToHeadJob(game, int(rounds), chunk, seed_entropy(seed_value))
    rules = job.rules  # compiled (and its bad input refused) before any worker starts: inherited by them
    card_masks(game.ranking)
    tally = run_job(job, workers, scheduler, client, progress)
    return HeadToHeadSimulation(
        game=game, seed=seed_value, rounds=int(rounds), scale=rules.scale,
        sums={name: (tally.sums[name][0], tally.sums[name][1], tally.sums[name][2]) for name in rules.names},
        outcome_counts=(tally.outcomes[0], tally.outcomes[1], tally.outcomes[2]), workers=workers,
    )
