"""The simulator on a Dask cluster: the same shares and streams as local processes, the same tallies."""

from __future__ import annotations

import numpy as np
import pytest

from casino.errors import BragError
from casino.games import load_game
from casino.rules import compile_rules
from casino.simulate import simulate
from casino.strategy import play_mask
from casino.tally import Tally
from casino.workers import run_rounds, split


def test_inline_local_processes_and_a_two_worker_cluster_give_the_same_tallies() -> None:
    distributed = pytest.importorskip("distributed")
    game = load_game("3-card-brag")
    rounds, chunk = 30_001, 4_000
    # inline: each share from its own child stream, one after another in this process, merged in order
    play = play_mask(game, "optimal")
    inline = Tally(boxes=2, scale=compile_rules(game).scale)
    for n, child in zip(split(rounds, 2), np.random.SeedSequence(11).spawn(2)):
        inline.add(run_rounds(game, play, 2, n, chunk, child))
    local = simulate(game, rounds, boxes=2, seed=11, workers=2, chunk=chunk)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(game, rounds, boxes=2, seed=11, workers=2, chunk=chunk, client=client)
        seen: list[int] = []
        by_address = simulate(game, rounds, boxes=2, seed=11, workers=2, chunk=chunk,
                              scheduler=cluster.scheduler_address, progress=seen.append)
        one_share = simulate(game, 5_000, seed=3, chunk=chunk, client=client)
    assert local.tally == on_dask.tally == by_address.tally == inline
    assert local.to_dict() == on_dask.to_dict() == by_address.to_dict()
    assert sum(seen) == rounds and by_address.rounds == rounds and by_address.workers == 2
    assert one_share.tally == simulate(game, 5_000, seed=3, chunk=chunk).tally  # workers=1: one stream, anywhere
    assert simulate(game, rounds, boxes=2, seed=12, workers=2, chunk=chunk).tally != local.tally  # the seed matters


def test_an_unreachable_scheduler_is_one_error() -> None:
    with pytest.raises(BragError, match="cannot reach the Dask scheduler"):
        simulate(load_game("3-card-brag"), 1_000, seed=1, scheduler="tcp://127.0.0.1:1")


def _broken(n: int) -> int:
    raise ValueError(f"share {n} lost")


def test_work_the_cluster_cannot_run_is_one_error() -> None:
    distributed = pytest.importorskip("distributed")
    from casino.cluster import cluster_map

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster:
        assert cluster_map(abs, [-2, 3, -5], scheduler=cluster.scheduler_address) == [2, 3, 5]  # in order
        with pytest.raises(BragError, match="could not run the work .ValueError: share 1 lost"):
            cluster_map(_broken, [1, 2], scheduler=cluster.scheduler_address)


def test_the_default_path_never_imports_dask() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; from casino.games import load_game; from casino.simulate import simulate; "
            "simulate(load_game('3-card-brag'), 2_000, seed=1, workers=2); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2], capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"
