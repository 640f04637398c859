"""Tournaments between the computer characters: heads-up and six-seat, duplicate deals, exact seeds.

Heads-up, every pair of players meets on ``deals`` deals; each deal is played twice with the seats
swapped (the same cards: whoever held the better cards the first time holds the worse ones the
second), which cancels most of the luck. Six-seat, the players sit in lineups of six (every player
in six of them when there are more than six players, each lineup leaving a different one out) and
each deal is played six times, the lineup turned one seat each time, so every player holds every
seat's cards once. A player's result is its chips won per 100 hands with a 95 % confidence interval
from the spread of its per-deal totals (the duplicate unit).

The work is cut into chunks of deals, each seeded by its own name (the seed, the format, the lineup,
the chunk number), so the totals are the same to the chip whether the chunks run in this process, in
local worker processes or on a Dask cluster, and in whatever order::

    >>> result = run_tournament(["steady", "random"], deals=200, seed=1, six_seat=False)
    >>> pair = result.pairs[("steady", "random")]
    >>> pair.hands, pair.total == -result.pairs[("random", "steady")].total
    (400, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from casino.classic.opponents.characters import CHARACTERS, character
from casino.classic.opponents.table import TableRules, play_hand
from casino.errors import BragError

__all__ = ["Score", "TournamentResult", "run_tournament", "Unit", "run_unit", "plan_units", "DEFAULT_PLAYERS"]

DEFAULT_PLAYERS: tuple[str, ...] = CHARACTERS
CHUNK = 2000  # deals per unit of work


@dataclass(frozen=True)
class Unit:
    """One chunk of work: ``deals`` deals of ``lineup`` (2 seats: heads-up; 6: six-seat)."""

    kind: str  # "heads-up" or "six-seat"
    lineup: tuple[str, ...]
    chunk: int
    deals: int
    seed: str


@dataclass
class Score:
    """Sums over duplicate units for one player (in one pairing or over all six-seat lineups)."""

    units: int = 0
    hands: int = 0
    total: int = 0
    squares: int = 0

    def add(self, other: Score) -> None:
        self.units += other.units
        self.hands += other.hands
        self.total += other.total
        self.squares += other.squares

    @property
    def per_100(self) -> float:
        """Chips won per 100 hands."""
        return 100.0 * self.total / self.hands if self.hands else 0.0

    @property
    def half_width(self) -> float:
        """Half the 95 % confidence interval of :attr:`per_100` (Student's t over the duplicate units: few units
        give a wider interval than the normal 1.96 would)."""
        if self.units < 2:
            return math.inf
        mean = self.total / self.units
        var = (self.squares - self.units * mean * mean) / (self.units - 1)
        hands_per_unit = self.hands / self.units
        from casino.stats import t_quantile

        return t_quantile(0.975, self.units - 1) * math.sqrt(max(var, 0.0) / self.units) * 100.0 / hands_per_unit

    def interval(self) -> tuple[float, float]:
        return (self.per_100 - self.half_width, self.per_100 + self.half_width)

    def to_dict(self) -> dict[str, float | int]:
        low, high = self.interval()
        return {"hands": self.hands, "deals": self.units, "chips": self.total, "per_100": self.per_100,
                "ci_low": low, "ci_high": high}


def _deck(rng: random.Random) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    return deck


def run_unit(unit: Unit, rules: TableRules = TableRules()) -> dict[str, Score]:
    """Play one chunk; returns each seat-name's :class:`Score` (heads-up: keyed ``"A|B"`` for A vs B)."""
    base = f"{unit.seed}|{unit.kind}|{'/'.join(unit.lineup)}|{unit.chunk}"
    deal_rng = random.Random(base + "|deal")
    players = [character(name) for name in unit.lineup]
    n = len(players)
    # one generator per player per seating, so a character's choices do not shift another's
    rngs = [[random.Random(f"{base}|{s}|{i}") for i in range(n)] for s in range(n)]
    scores = {name: Score() for name in unit.lineup}
    if unit.kind == "heads-up":
        a, b = players
        key = f"{unit.lineup[0]}|{unit.lineup[1]}"
        score = Score()
        for _ in range(unit.deals):
            deck = _deck(deal_rng)
            x = play_hand([a, b], deck, rngs[0])[0] - play_hand([b, a], deck, rngs[1])[0]
            score.units += 1
            score.hands += 2
            score.total += x
            score.squares += x * x
        return {key: score}
    for _ in range(unit.deals):
        deck = _deck(deal_rng)
        unit_total = [0] * n
        for shift in range(n):
            seated = [players[(i + shift) % n] for i in range(n)]
            net = play_hand(seated, deck, rngs[shift], rules)
            for i in range(n):
                unit_total[(i + shift) % n] += net[i]
        # a player seated twice (fewer players than seats) is ONE duplicate unit per deal: its seats summed
        per_name: dict[str, int] = {}
        seats: dict[str, int] = {}
        for k, name in enumerate(unit.lineup):
            per_name[name] = per_name.get(name, 0) + unit_total[k]
            seats[name] = seats.get(name, 0) + 1
        for name, total in per_name.items():
            s = scores[name]
            s.units += 1
            s.hands += n * seats[name]
            s.total += total
            s.squares += total * total
    return scores


def _lineups(players: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    n = len(players)
    if n <= seats:
        return [tuple(players[i % n] for i in range(seats))]
    return [tuple(players[(start + k) % n] for k in range(seats)) for start in range(n)]


def plan_units(players: Sequence[str], deals: int, seed: int | str, heads_up: bool = True,
               six_seat: bool = True, chunk: int = CHUNK) -> list[Unit]:
    """The chunks of a tournament, in a fixed order."""
    units: list[Unit] = []
    seed_text = str(seed)

    def chunks(kind: str, lineup: tuple[str, ...]) -> None:
        done, k = 0, 0
        while done < deals:
            size = min(chunk, deals - done)
            units.append(Unit(kind, lineup, k, size, seed_text))
            done += size
            k += 1

    if heads_up:
        for a, b in combinations(players, 2):
            chunks("heads-up", (a, b))
    if six_seat:
        for lineup in _lineups(players, 6):
            chunks("six-seat", lineup)
    return units


@dataclass
class TournamentResult:
    """Scores by heads-up pairing (both directions) and by player at six seats."""

    players: tuple[str, ...]
    deals: int
    seed: str
    pairs: dict[tuple[str, str], Score] = field(default_factory=dict)
    six_seat: dict[str, Score] = field(default_factory=dict)
    seconds: float = 0.0

    def heads_up(self, name: str) -> Score:
        """A player's heads-up results against everyone, pooled."""
        out = Score()
        for (a, _), s in self.pairs.items():
            if a == name:
                out.add(s)
        return out

    def wins(self, name: str) -> int:
        """Heads-up opponents this player beats with its whole 95 % interval above zero."""
        return sum(1 for (a, _), s in self.pairs.items() if a == name and s.interval()[0] > 0)

    def ranking(self) -> list[str]:
        """Players by heads-up opponents beaten (95 % interval above zero), then by pooled heads-up
        chips per 100 hands; by six-seat chips if there was no heads-up play."""
        if self.pairs:
            return sorted(self.players, key=lambda p: (-self.wins(p), -self.heads_up(p).per_100))
        return sorted(self.players, key=lambda p: -self.six_seat.get(p, Score()).per_100)

    def to_dict(self) -> dict[str, object]:
        return {
            "players": list(self.players),
            "deals_per_pairing": self.deals,
            "hands_per_heads_up_pairing": 2 * self.deals,
            "seed": self.seed,
            "seconds": round(self.seconds, 2),
            "ranking": self.ranking(),
            "heads_up": [{"player": a, "opponent": b, **s.to_dict()} for (a, b), s in sorted(self.pairs.items())],
            "heads_up_pooled": {p: {**self.heads_up(p).to_dict(), "beats": self.wins(p)} for p in self.players}
            if self.pairs else {},
            "six_seat": {p: s.to_dict() for p, s in self.six_seat.items()},
        }


Mapper = Callable[[Callable[[Unit], dict[str, Score]], list[Unit]], Iterable[dict[str, Score]]]


def run_tournament(players: Sequence[str] = DEFAULT_PLAYERS, deals: int = 1000, seed: int | str = 1,
                   heads_up: bool = True, six_seat: bool = True, workers: int = 1,
                   scheduler: str | None = None, client: object | None = None,
                   progress: Callable[[int, int], None] | None = None, chunk: int = CHUNK) -> TournamentResult:
    """Play a tournament. ``workers`` > 1 uses local processes; ``scheduler`` (an address) or ``client``
    (a ``dask.distributed.Client``) spreads the chunks over a Dask cluster. The result is the same."""
    import time

    names = tuple(character(p).name for p in players)
    if len(set(names)) != len(names):
        raise BragError("each player may be named once")
    if len(names) < 2:
        raise BragError("a tournament needs at least two players")
    if deals < 1:
        raise BragError("deals must be at least 1")
    from casino.workers import check_workers

    check_workers(workers)  # as every command with workers: 1 to max_workers() (100,000 processes hung)
    units = plan_units(names, deals, seed, heads_up, six_seat, chunk)
    started = time.perf_counter()
    results = list(_map_units(units, workers, scheduler, client, progress))
    result = TournamentResult(names, deals, str(seed))
    for unit, scores in zip(units, results):
        if unit.kind == "heads-up":
            a, b = unit.lineup
            s = scores[f"{a}|{b}"]
            result.pairs.setdefault((a, b), Score()).add(s)
            result.pairs.setdefault((b, a), Score()).add(Score(s.units, s.hands, -s.total, s.squares))
        else:
            for name, s in scores.items():
                result.six_seat.setdefault(name, Score()).add(s)
    result.seconds = time.perf_counter() - started
    return result


def _map_units(units: list[Unit], workers: int, scheduler: str | None, client: object | None,
               progress: Callable[[int, int], None] | None) -> Iterable[dict[str, Score]]:
    total = len(units)
    if client is not None or scheduler is not None:
        from casino.cluster import cluster_map

        out = cluster_map(run_unit, units, scheduler, client)
        if progress:
            progress(total, total)
        return out
    if workers <= 1:
        out = []
        for k, u in enumerate(units):
            out.append(run_unit(u))
            if progress:
                progress(k + 1, total)
        return out
    from concurrent.futures import ProcessPoolExecutor

    from casino.workers import plain_signals

    with ProcessPoolExecutor(max_workers=workers, initializer=plain_signals) as pool:
        out = []
        for k, r in enumerate(pool.map(run_unit, units)):
            out.append(r)
            if progress:
                progress(k + 1, total)
        return out
