"""Simulated sessions of a betting pattern: thousands of players at once, one round at a time.

Each session plays one box from its own bankroll; :class:`casino.betting.BettingPattern` sets the
stakes round by round, every round is dealt by :func:`casino.deal.deal` and settled by
:meth:`casino.rules.CompiledRules.settle` (the table's rules). Chances come with Wilson intervals,
means with Student-t intervals.

The sessions are played in chunks of :data:`SESSION_CHUNK` sessions (a constant), chunk ``i`` from
its own stream (:func:`casino.workers.chunk_seed`), and each session's result is put in its own
place: a seed gives the same sessions whether the chunks run in this process, in ``workers`` local
processes or on a Dask cluster (:func:`casino.workers.run_job`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from casino.deal import card_masks, deal, seed_entropy
from casino.deal import seed_value as normal_seed
from casino.errors import BragError
from casino.games import Game
from casino.rules import compile_rules
from casino.strategy import ByPairPlus, decision_table, folds_lose_pair_plus
from casino.tally import check_level, up_cards
from casino.workers import ProgressCallback, check_workers, chunk_rng, chunks_of, run_job

__all__ = ["MAX_SESSIONS", "MAX_SESSION_ROUNDS", "SESSION_CHUNK", "SessionSimulation", "simulate_sessions"]

MAX_SESSIONS = 2_000_000  # sessions played side by side (a few arrays of that length)
MAX_SESSION_ROUNDS = 1_000_000_000  # sessions x rounds: a few minutes at most
SESSION_CHUNK = 8192  # sessions played side by side from one stream (fewer cost more per round played)


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
    seed: int | str
    final: np.ndarray = field(repr=False)
    rounds: np.ndarray = field(repr=False)
    stop: np.ndarray = field(repr=False)
    wagered: np.ndarray = field(repr=False)
    workers: int = 1

    @property
    def sessions(self) -> int:
        return len(self.final)

    def _share(self, mask: np.ndarray, level: float) -> tuple[float, float, float]:
        from casino.stats import wilson_interval

        check_level(level)
        k = int(mask.sum())
        low, high = wilson_interval(k, self.sessions, level)
        return k / self.sessions, low, high

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
        from casino.stats import t_quantile

        check_level(level)
        mean = float(values.mean())
        if len(values) < 2:
            return mean, -math.inf, math.inf
        half = t_quantile(0.5 + level / 2, len(values) - 1) * float(values.std(ddof=1)) / math.sqrt(len(values))
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
            "workers": self.workers,
            "level": level,
            "risk_of_ruin": row(self.risk_of_ruin(level)),
            "p_stop_win": row(self.p_stop_win(level)),
            "p_stop_loss": row(self.p_stop_loss(level)),
            "p_ahead": row(self.p_ahead(level)),
            "expected_rounds": row(self.expected_rounds(level)),
            "expected_result": row(self.expected_result(level)),
            "expected_wagered": row(self.expected_wagered(level)),
        }


@dataclass(frozen=True, eq=False)
class SessionsJob:
    """``sessions`` sessions of ``pattern`` in chunks of ``chunk`` sessions (:class:`casino.workers.ChunkJob`).

    A chunk's part maps its number to its sessions' final money, rounds, stops and wagers (in units of
    1/``fine``); parts merge by putting each chunk in its place. ``progress``: session-rounds.
    """

    game: Game
    pattern: Any
    bankroll: Fraction
    hands: int
    sessions: int
    play: np.ndarray | ByPairPlus
    entropy: int
    chunk: int = SESSION_CHUNK

    def __post_init__(self) -> None:
        compile_rules(self.game)  # cached here, so forked workers inherit them rather than build them each
        card_masks(self.game.ranking)

    @property
    def chunks(self) -> int:
        return chunks_of(self.sessions, self.chunk)

    @property
    def progress_total(self) -> int:
        return self.sessions * self.hands

    @property
    def units(self) -> tuple[int, int]:
        """(money units per pattern unit, ``fine``: the bankroll is kept in 1/``fine``, every settlement whole)."""
        unit = math.lcm(self.pattern.unit, self.bankroll.denominator)
        return unit // self.pattern.unit, unit * compile_rules(self.game).scale

    def empty(self) -> dict[int, tuple[np.ndarray, ...]]:
        return {}

    def merge(self, total: dict[int, tuple[np.ndarray, ...]],
              part: dict[int, tuple[np.ndarray, ...]]) -> dict[int, tuple[np.ndarray, ...]]:
        total.update(part)
        return total

    def run(self, index: int, progress: ProgressCallback | None = None) -> dict[int, tuple[np.ndarray, ...]]:
        """Play chunk ``index``'s sessions together, one round at a time, to their ends."""
        from casino.betting import PLAYING

        rules = compile_rules(self.game)
        masks = card_masks(self.game.ranking)
        rng = chunk_rng(self.entropy, index)
        pattern, play = self.pattern, self.play
        sessions = min(self.chunk, self.sessions - index * self.chunk)
        to_money, fine = self.units
        money = np.full(sessions, int(self.bankroll * fine), dtype=np.int64)
        wagered = np.zeros(sessions, dtype=np.int64)
        rounds = np.zeros(sessions, dtype=np.int64)
        state = pattern.start(money // (fine // pattern.unit))
        for t in range(self.hands):
            active = np.flatnonzero(state.stop == PLAYING)
            if not active.size:
                if progress is not None:
                    progress((self.hands - t) * sessions)
                break
            player, dealer = deal(rng, active.size, 1, masks)
            player = player[:, 0]
            ante = state.ante[active] * to_money
            pair_plus = state.pair_plus[active] * to_money
            if isinstance(play, ByPairPlus):  # a fold loses the Pair Plus: each round plays by its own ratio
                plays = _plays_by_ratio(play, player, ante, pair_plus, rules, rng, dealer) | (ante == 0)
            elif play.ndim == 2:  # the informed strategy: the dealer's up card seen (Face Up)
                plays = play[player, up_cards(rng, rules.table.cards, dealer)] | (ante == 0)
            else:
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
                progress(sessions)
        return {index: (money, rounds, state.stop.copy(), wagered)}


def _plays_by_ratio(by: ByPairPlus, player: np.ndarray, ante: np.ndarray, pair_plus: np.ndarray, rules: Any,
                    rng: np.random.Generator, dealer: np.ndarray) -> np.ndarray:
    """Each round's play or fold by the optimal strategy for its own Pair Plus / Ante (rounds grouped by stakes)."""
    informed = by.game.rules.face_up
    ups = up_cards(rng, rules.table.cards, dealer) if informed else None
    plays = np.zeros(player.size, dtype=bool)
    stakes, group = np.unique(np.stack([ante, pair_plus], axis=1), axis=0, return_inverse=True)
    group = group.ravel()
    for i, (a, p) in enumerate(stakes):
        mask = by.mask(Fraction(int(p), int(a)) if a else 0)
        rows = group == i
        plays[rows] = mask[player[rows], ups[rows]] if ups is not None else mask[player[rows]]
    return plays


def simulate_sessions(
    game: Game,
    pattern: Any,
    *,
    bankroll: Fraction | int,
    hands: int,
    sessions: int,
    strategy: str = "optimal",
    seed: int | str | None = None,
    progress: ProgressCallback | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    client: object | None = None,
) -> SessionSimulation:
    """Play ``sessions`` sessions of up to ``hands`` rounds each, betting by ``pattern``.

    The sessions of a chunk (:data:`SESSION_CHUNK`) advance together, one round at a time; each round
    is dealt and settled for the sessions still playing, and :class:`casino.betting.BettingPattern`
    sets their next stakes. ``progress(n)`` is called as the rounds go by, ``n`` session-rounds at a
    time, ``sessions x hands`` in all (once a chunk's sessions have all stopped, its rest at once).
    ``workers`` local processes, or a Dask cluster (``scheduler``/``client``), share the chunks: the
    same sessions to the chip.

        >>> from casino.betting import BettingPattern
        >>> from casino.games import load_game
        >>> game = load_game("3-card-brag")
        >>> sims = simulate_sessions(game, BettingPattern("martingale", ante=5).with_limits(game.limits),
        ...                          bankroll=100, hands=50, sessions=2000, seed=3)
        >>> estimate, low, high = sims.risk_of_ruin()
        >>> bool(0 < low <= estimate <= high < 1)
        True
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise BragError(f"the number of rounds must be a whole number of at least 1, not {hands!r}")
    if isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1:
        raise BragError(f"the number of sessions must be a whole number of at least 1, not {sessions!r}")
    if sessions > MAX_SESSIONS:
        raise BragError(f"at most {MAX_SESSIONS:,} sessions at once, not {sessions:,}")
    if sessions * hands > MAX_SESSION_ROUNDS:
        raise BragError(
            f"{sessions:,} sessions x {hands:,} rounds is more than one run plays ({MAX_SESSION_ROUNDS:,} at most,"
            " a few minutes); use fewer sessions or rounds"
        )
    check_workers(workers)
    bankroll = Fraction(bankroll)
    if bankroll <= 0:
        raise BragError(f"the bankroll must be above zero, not {bankroll}")
    if pattern.pair_plus and game.pair_plus is None:
        raise BragError(f"{game.name} has no Pair Plus bet")
    play: np.ndarray | ByPairPlus = decision_table(game, strategy)
    if strategy.strip().lower() in ("optimal", "informed") and pattern.pair_plus and folds_lose_pair_plus(game):
        play = ByPairPlus(game)  # as the table's auto-player: each round by its own Pair Plus / Ante
    seed_value = normal_seed(seed)
    job = SessionsJob(game, pattern, bankroll, hands, sessions, play, seed_entropy(seed_value))
    parts = run_job(job, workers, scheduler, client, progress)
    money, rounds, stop, wagered = (np.concatenate([parts[i][k] for i in range(job.chunks)]) for k in range(4))
    fine = job.units[1]
    return SessionSimulation(
        game=game,
        pattern=pattern,
        bankroll=bankroll,
        hands=hands,
        strategy=strategy,
        seed=seed_value,
        final=money / fine,
        rounds=rounds,
        stop=stop,
        wagered=wagered / fine,
        workers=workers,
    )
