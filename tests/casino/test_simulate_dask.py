"""The simulator on a Dask cluster: the same chunks and streams as local processes, the same results."""

from __future__ import annotations

import time

import pytest

from casino.betting import BettingPattern
from casino.errors import BragError
from casino.games import load_game
from casino.maths.head_to_head_sim import simulate_head_to_head
from casino.session_sim import SESSION_CHUNK, simulate_sessions
from casino.simulate import simulate


def test_one_two_three_local_workers_and_a_two_worker_cluster_give_the_same_results(patient_dask: None) -> None:
    distributed = pytest.importorskip("distributed")
    game = load_game("3-card-brag")
    h2h = load_game("teen-patti-pro")
    pattern = BettingPattern("martingale", ante=5).with_limits(game.limits)
    rounds, chunk = 30_001, 4_000
    local = [simulate(game, rounds, boxes=2, seed=11, workers=w, chunk=chunk) for w in (1, 2, 3)]
    informed = simulate(game, 9_000, strategy="informed", seed=11, chunk=chunk)
    sessions = [simulate_sessions(game, pattern, bankroll=100, hands=10, sessions=SESSION_CHUNK + 9, seed=11,
                                  workers=w) for w in (1, 2)]
    heads = simulate_head_to_head(h2h, 20_001, seed=11, chunk=chunk)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(game, rounds, boxes=2, seed=11, workers=2, chunk=chunk, client=client)
        seen: list[int] = []
        by_address = simulate(game, rounds, boxes=2, seed=11, workers=3, chunk=chunk,
                              scheduler=cluster.scheduler_address, progress=seen.append)
        one_part = simulate(game, rounds, boxes=2, seed=11, chunk=chunk, client=client)  # workers=1: one range
        informed_dask = simulate(game, 9_000, strategy="informed", seed=11, workers=2, chunk=chunk, client=client)
        sessions_dask = simulate_sessions(game, pattern, bankroll=100, hands=10, sessions=SESSION_CHUNK + 9, seed=11,
                                          workers=2, client=client)
        heads_dask = simulate_head_to_head(h2h, 20_001, seed=11, chunk=chunk, workers=2, client=client)
    assert local[0].tally == local[1].tally == local[2].tally == on_dask.tally == by_address.tally == one_part.tally
    assert local[0].to_dict() | {"workers": 2} == on_dask.to_dict()
    assert sum(seen) == rounds and by_address.rounds == rounds and by_address.workers == 3
    assert informed.tally == informed_dask.tally
    for field in ("final", "rounds", "stop", "wagered"):
        assert (getattr(sessions[0], field) == getattr(sessions[1], field)).all()
        assert (getattr(sessions[0], field) == getattr(sessions_dask, field)).all()
    assert heads.sums == heads_dask.sums and heads.outcome_counts == heads_dask.outcome_counts
    assert simulate(game, rounds, boxes=2, seed=12, workers=2, chunk=chunk).tally != local[0].tally  # the seed matters


def test_an_unreachable_scheduler_is_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAG_DASK_TIMEOUT", "1")  # port 1 refuses at once: Dask retries until the wait ends
    with pytest.raises(BragError, match="cannot reach the Dask scheduler"):
        simulate(load_game("3-card-brag"), 1_000, seed=1, scheduler="tcp://127.0.0.1:1")


def _broken(n: int) -> int:
    raise ValueError(f"share {n} lost")


def test_work_the_cluster_cannot_run_is_one_error(patient_dask: None) -> None:
    distributed = pytest.importorskip("distributed")
    from casino.cluster import cluster_map

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster:
        assert cluster_map(abs, [-2, 3, -5], scheduler=cluster.scheduler_address) == [2, 3, 5]  # in order
        with pytest.raises(BragError, match="could not run the work .ValueError: share 1 lost"):
            cluster_map(_broken, [1, 2], scheduler=cluster.scheduler_address)


def _broken_in_reverse(n: int) -> int:
    if n == 0:
        return 0  # a piece that works
    time.sleep(0.3 if n == 1 else 0)  # piece 2 fails first in time (an ordering, not a timed check)
    raise ValueError(f"share {n} lost")


def test_the_error_is_the_first_failing_piece_in_order_whichever_failed_first(patient_dask: None) -> None:
    distributed = pytest.importorskip("distributed")
    from casino.cluster import cluster_map

    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster:
        for _ in range(3):
            with pytest.raises(BragError, match="could not run the work .ValueError: share 1 lost"):
                cluster_map(_broken_in_reverse, [1, 2], scheduler=cluster.scheduler_address)
            with pytest.raises(BragError, match="could not run the work .ValueError: share 2 lost"):
                cluster_map(_broken_in_reverse, [0, 2, 1], scheduler=cluster.scheduler_address)


def test_the_wait_for_the_scheduler_is_30_s_or_brag_dask_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    from casino.cluster import CONNECT_TIMEOUT, connect_timeout

    monkeypatch.delenv("BRAG_DASK_TIMEOUT", raising=False)
    assert connect_timeout() == CONNECT_TIMEOUT == 30
    for text, seconds in (("2.5", 2.5), (" 120 ", 120), ("", 30), ("3600", 3600)):
        monkeypatch.setenv("BRAG_DASK_TIMEOUT", text)
        assert connect_timeout() == seconds
    for bad in ("0", "-1", "nan", "inf", "1e999", "3601", "5s", "x" * 500):
        monkeypatch.setenv("BRAG_DASK_TIMEOUT", bad)
        with pytest.raises(BragError, match="BRAG_DASK_TIMEOUT=.* is not a number of seconds above 0") as caught:
            simulate(load_game("3-card-brag"), 1_000, seed=1, scheduler="tcp://127.0.0.1:1")
        assert len(str(caught.value)) < 120
    monkeypatch.setenv("BRAG_DASK_TIMEOUT", "0.5")
    with pytest.raises(BragError, match=r"Dask scheduler at 'tcp://127.0.0.1:1' in 0.5 s \(\$BRAG_DASK_TIMEOUT"):
        simulate(load_game("3-card-brag"), 1_000, seed=1, scheduler="tcp://127.0.0.1:1")


def test_the_default_path_never_imports_dask() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; from casino.games import load_game; from casino.simulate import simulate; "
            "simulate(load_game('3-card-brag'), 200_000, seed=1, workers=2); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2], capture_output=True,
                         text=True, check=True, timeout=300)
    assert out.stdout.strip() == "[]"
