"""Worker processes: each its own stream, merged exactly; nothing kept in module globals."""

from __future__ import annotations

import numpy as np
import pytest

import casino.workers as workers
from casino.games import load_game
from casino.simulate import simulate
from casino.strategy import play_mask
from casino.tally import Tally
from casino.workers import run_rounds, run_workers, split


def test_two_workers_are_the_sum_of_one_run_per_child_stream():
    game = load_game("three-card-poker")
    play = play_mask(game, "optimal")
    two = simulate(game, 40_001, seed=5, workers=2, chunk=7_000)
    children = np.random.SeedSequence(5).spawn(2)
    expected = Tally(boxes=1, scale=two.tally.scale)
    for rounds, child in zip(split(40_001, 2), children):
        expected.add(run_rounds(game, play, 1, rounds, 7_000, child))
    assert two.tally == expected
    assert two.rounds == 40_001


def test_workers_report_progress_for_every_round():
    game = load_game("3-card-brag")
    seen = []
    tally = run_workers(game, play_mask(game, "optimal"), 2, 9_000, 2_000,
                        np.random.SeedSequence(1).spawn(3), seen.append)
    assert sum(seen) == 9_000 == tally.rounds and tally.hands == 18_000


def test_an_error_in_a_worker_reaches_the_caller():
    game = load_game("3-card-brag")
    bad_play = np.zeros(5, dtype=bool)  # too short: indexing fails inside the worker
    with pytest.raises(IndexError):
        run_workers(game, bad_play, 1, 1_000, 500, np.random.SeedSequence(1).spawn(2))


def test_the_module_keeps_no_mutable_state():
    assert not [name for name, value in vars(workers).items()
                if not name.startswith("__") and isinstance(value, (list, dict, set, tuple))
                and name != "__all__"]
    assert not hasattr(workers, "_job") and not hasattr(workers, "_progress_queue")


def test_a_worker_that_dies_is_reported_not_waited_for(monkeypatch):
    import os

    def die(*args, **kwargs):
        os._exit(3)

    monkeypatch.setattr(workers, "run_rounds", die)  # inherited by the forked workers
    game = load_game("3-card-brag")
    with pytest.raises(RuntimeError, match="stopped without a result"):
        run_workers(game, play_mask(game, "optimal"), 1, 1_000, 500, np.random.SeedSequence(1).spawn(2))
