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
round results). ``seed`` feeds :class:`numpy.random.SeedSequence` as in :func:`casino.simulate.simulate`
(the stream of its first worker), so a seed gives the same rounds on any machine.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

import numpy as np

from casino.errors import BragError

__all__ = ["HeadToHeadSimulation", "simulate_head_to_head", "CHUNK"]

CHUNK = 1 << 16  # rounds dealt and settled at once
MAX_ROUNDS = 2_000_000_000


@dataclass
class _Sums:
    """Exact integer sums of one bet's nets (units of ``1/scale``)."""

    total: int = 0
    squares: int = 0
    hits: int = 0


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


def simulate_head_to_head(
    game: Any,
    rounds: int,
    *,
    seed: int | str | None = None,
    chunk: int = CHUNK,
    progress: Callable[[int], None] | None = None,
) -> HeadToHeadSimulation:
    """Deal, settle and tally ``rounds`` rounds of the head-to-head ``game``, one unit on every bet."""
    from casino.deal import card_masks, deal, seed_entropy
    from casino.deal import seed_value as normal_seed
    from casino.maths.head_to_head_settle import compile_head_to_head

    if isinstance(rounds, bool) or not isinstance(rounds, (int, np.integer)) or rounds < 1:
        raise BragError(f"the number of rounds must be a whole number of at least 1, not {rounds!r}")
    if rounds > MAX_ROUNDS:
        raise BragError(f"{rounds:,} rounds is more than one run deals ({MAX_ROUNDS:,} at most); run several seeds")
    if chunk < 1:
        raise BragError(f"the chunk size must be at least 1, not {chunk}")
    rules = compile_head_to_head(game)
    seed_value = normal_seed(seed)
    rng = np.random.default_rng(np.random.SeedSequence(seed_entropy(seed_value)).spawn(1)[0])
    masks = card_masks(game.ranking)
    sums = {name: _Sums() for name in rules.names}
    outcomes = [0, 0, 0]
    done = 0
    while done < rounds:
        n = min(chunk, rounds - done)
        first, second = deal(rng, n, 1, masks)
        a = first[:, 0]
        nets = rules.settle(a, second)
        for name, values in nets.items():
            tally = sums[name]
            tally.total += int(values.sum())
            tally.squares += _sum_of_squares(values)
            tally.hits += int(np.count_nonzero(values > 0))
        counted = np.bincount(rules.outcome(a, second), minlength=3)
        for k in range(3):
            outcomes[k] += int(counted[k])
        done += n
        if progress is not None:
            progress(n)
    return HeadToHeadSimulation(
        game=game, seed=seed_value, rounds=int(rounds), scale=rules.scale,
        sums={name: (t.total, t.squares, t.hits) for name, t in sums.items()},
        outcome_counts=(outcomes[0], outcomes[1], outcomes[2]),
    )
