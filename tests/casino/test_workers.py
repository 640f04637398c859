"""Chunks, each from its own stream, merged exactly: the same seeded result for any number of workers."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

import casino.workers as workers
from casino.betting import BettingPattern
from casino.deal import card_masks
from casino.errors import BragError
from casino.games import load_game
from casino.maths.head_to_head_sim import simulate_head_to_head
from casino.rules import compile_rules
from casino.session_sim import SESSION_CHUNK, simulate_sessions
from casino.simulate import simulate
from casino.strategy import decision_table
from casino.tally import Tally, simulate_chunk
from casino.workers import CHUNK, RoundsJob, chunk_seed, chunks_of, run_job, split


@pytest.mark.parametrize("name,strategy,boxes", [("3-card-brag", "optimal", 1), ("three-card-poker", "Q-6-4", 3),
                                                 ("brag-with-side-bets", "optimal", 2), ("3-card-brag", "informed", 2)])
def test_one_two_and_three_workers_give_the_same_tallies(name, strategy, boxes):
    game = load_game(name)
    runs = [simulate(game, 30_001, strategy=strategy, boxes=boxes, seed="w", workers=w, chunk=4_000) for w in (1, 2, 3)]
    assert runs[0].tally == runs[1].tally == runs[2].tally and runs[0].rounds == 30_001
    dicts = [r.to_dict() for r in runs]
    for d in dicts:
        d.pop("workers")
    assert dicts[0] == dicts[1] == dicts[2]  # every float figure too: computed from the same integers
    assert simulate(game, 30_001, strategy=strategy, boxes=boxes, seed="v", chunk=4_000).tally != runs[0].tally


def test_the_default_chunks_give_the_same_tallies_for_any_workers():
    game = load_game("3-card-brag")
    rounds = 3 * CHUNK + 123  # four chunks of the default size
    one, two, three = (simulate(game, rounds, seed=2024, workers=w).tally for w in (1, 2, 3))
    assert one == two == three and one.rounds == rounds


def test_a_run_is_the_sum_of_its_chunks_each_on_its_own_child_stream():
    game = load_game("three-card-poker")
    play = decision_table(game, "optimal")
    run = simulate(game, 20_001, boxes=2, seed=5, workers=2, chunk=7_000)
    rules, masks = compile_rules(game), card_masks(game.ranking)
    children = np.random.SeedSequence(5).spawn(3)  # chunk i deals from the i-th child
    expected = Tally(boxes=2, scale=rules.scale)
    for i, n in reversed(list(enumerate((7_000, 7_000, 6_001)))):  # in any order: the sums are exact
        expected.add(simulate_chunk(rules, play, masks, np.random.Generator(np.random.PCG64(children[i])), n, 2))
    assert run.tally == expected


def test_chunk_streams_are_the_seed_sequences_children():
    for entropy in (0, 7, int("f" * 64, 16)):  # a text seed's SHA-256 is a 256-bit number
        children = np.random.SeedSequence(entropy).spawn(4)
        for i, child in enumerate(children):
            assert (chunk_seed(entropy, i).generate_state(4) == child.generate_state(4)).all()
    assert chunks_of(10, 4) == 3 and chunks_of(8, 4) == 2 and split(10, 3) == [4, 3, 3]


def test_sessions_are_the_same_for_any_workers():
    game = load_game("3-card-brag")
    sessions = 2 * SESSION_CHUNK + 17  # three chunks
    for kind, strategy in (("martingale", "optimal"), ("flat", "informed")):
        pattern = BettingPattern(kind, ante=5).with_limits(game.limits)
        runs = [simulate_sessions(game, pattern, bankroll=100, hands=12, sessions=sessions, strategy=strategy, seed=3,
                                  workers=w) for w in (1, 2, 3)]
        for other in runs[1:]:
            for field in ("final", "rounds", "stop", "wagered"):
                assert (getattr(runs[0], field) == getattr(other, field)).all(), (kind, field)
        dicts = [r.to_dict() for r in runs]
        for d in dicts:
            d.pop("workers")
        assert dicts[0] == dicts[1] == dicts[2]
        assert runs[0].sessions == sessions


def test_sessions_progress_counts_every_session_round():
    game = load_game("3-card-brag")
    pattern = BettingPattern("martingale", ante=5).with_limits(game.limits)  # many are ruined early
    for w in (1, 2):
        seen: list[int] = []
        simulate_sessions(game, pattern, bankroll=20, hands=40, sessions=SESSION_CHUNK + 5, seed=1, workers=w,
                          progress=seen.append)
        assert sum(seen) == (SESSION_CHUNK + 5) * 40


def test_head_to_head_rounds_are_the_same_for_any_workers():
    game = load_game("teen-patti-20-20")
    runs = [simulate_head_to_head(game, 50_001, seed=9, workers=w, chunk=12_000) for w in (1, 2, 3)]
    assert runs[0].sums == runs[1].sums == runs[2].sums
    assert runs[0].outcome_counts == runs[1].outcome_counts == runs[2].outcome_counts
    assert sum(runs[0].outcome_counts) == 50_001


def test_workers_report_progress_for_every_round():
    game = load_game("3-card-brag")
    for w in (2, 3):
        seen: list[int] = []
        tally = run_job(RoundsJob(game, decision_table(game, "optimal"), 2, 9_000, 2_000, 1), w, progress=seen.append)
        assert sum(seen) == 9_000 == tally.rounds and tally.hands == 18_000


def test_more_workers_than_chunks_is_fine():
    game = load_game("3-card-brag")
    assert simulate(game, 3_000, seed=4, workers=3).tally == simulate(game, 3_000, seed=4).tally


def test_an_error_in_a_worker_reaches_the_caller():
    game = load_game("3-card-brag")
    bad_play = np.zeros(5, dtype=bool)  # too short: indexing fails inside the worker
    with pytest.raises(IndexError):
        run_job(RoundsJob(game, bad_play, 1, 1_000, 300, 1), 2)


def test_bad_worker_counts_are_refused():
    game = load_game("3-card-brag")
    for bad in (0, -1, 10_000, True):
        with pytest.raises(BragError, match="workers must be between 1"):
            simulate(game, 10, seed=1, workers=bad)  # type: ignore[arg-type]
    with pytest.raises(BragError, match="workers must be between 1"):
        simulate_head_to_head(load_game("teen-patti-pro"), 10, seed=1, workers=0)


def test_the_module_keeps_no_mutable_state():
    assert not [name for name, value in vars(workers).items()
                if not name.startswith("__") and isinstance(value, (list, dict, set, tuple))
                and name != "__all__"]
    assert not hasattr(workers, "_job") and not hasattr(workers, "_progress_queue")


@dataclass(frozen=True)
class _DyingJob:
    """A job whose chunks end their process without a word."""

    chunks: int = 4
    progress_total: int = 4

    def run(self, index: int, progress: object) -> int:
        import os

        os._exit(3)

    def empty(self) -> int:
        return 0

    def merge(self, total: int, part: int) -> int:
        return total + part


def test_a_worker_that_dies_is_reported_not_waited_for():
    with pytest.raises(RuntimeError, match="stopped without a result"):
        run_job(_DyingJob(), 2)
