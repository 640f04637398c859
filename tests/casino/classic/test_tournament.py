"""Tournaments: reproducible to the chip, whatever runs them (inline, processes, a Dask cluster)."""

from __future__ import annotations

import pytest

from casino.classic.tournament import Score, plan_units, run_tournament, run_unit
from casino.errors import BragError

PLAYERS = ["expert", "steady", "random"]


def _totals(result) -> dict[str, object]:  # type: ignore[no-untyped-def]
    d = result.to_dict()
    d.pop("seconds")
    return d


def test_a_seeded_tournament_is_reproducible_to_the_chip() -> None:
    a = run_tournament(PLAYERS, deals=150, seed="x", chunk=40)
    b = run_tournament(PLAYERS, deals=150, seed="x", chunk=40)
    c = run_tournament(PLAYERS, deals=150, seed="y", chunk=40)
    assert _totals(a) == _totals(b)
    assert _totals(a) != _totals(c)
    # heads-up is zero-sum pair by pair; each deal is played once per seating
    for (p, q), s in a.pairs.items():
        assert s.total == -a.pairs[(q, p)].total and s.hands == 300
    # at six seats (three players fill the seats twice over) the chips add up to nothing
    assert sum(s.total for s in a.six_seat.values()) == 0
    assert all(s.hands == 150 * 6 * 2 for s in a.six_seat.values())


def test_local_processes_give_the_same_chips() -> None:
    inline = run_tournament(PLAYERS, deals=120, seed=3, chunk=30, six_seat=False)
    pooled = run_tournament(PLAYERS, deals=120, seed=3, chunk=30, six_seat=False, workers=2)
    assert _totals(inline) == _totals(pooled)


def test_one_two_and_three_workers_give_the_same_chips_heads_up_and_six_seat() -> None:
    runs = [run_tournament(PLAYERS, deals=50, seed="w", chunk=15, workers=w) for w in (1, 2, 3)]
    assert _totals(runs[0]) == _totals(runs[1]) == _totals(runs[2])
    assert runs[0].pairs and runs[0].six_seat  # both formats played
    assert all(s.hands == 50 * 2 for s in runs[0].pairs.values())


def test_a_two_worker_dask_cluster_gives_the_same_chips(patient_dask: None) -> None:
    distributed = pytest.importorskip("distributed")
    inline = run_tournament(PLAYERS, deals=100, seed=4, chunk=25)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster, distributed.Client(cluster) as client:
        on_dask = run_tournament(PLAYERS, deals=100, seed=4, chunk=25, client=client)
        by_address = run_tournament(PLAYERS, deals=100, seed=4, chunk=25, scheduler=cluster.scheduler_address)
    assert _totals(inline) == _totals(on_dask) == _totals(by_address)


def test_chunks_do_not_depend_on_each_other() -> None:
    units = plan_units(PLAYERS, deals=50, seed=9, six_seat=False, chunk=20)
    assert [u.deals for u in units[:3]] == [20, 20, 10]
    assert run_unit(units[1]) == run_unit(units[1])  # a chunk is seeded by its own name


def test_scores_and_intervals() -> None:
    s = Score(units=4, hands=8, total=8, squares=4 * 4 + 0 + 4 * 4 + 0)  # unit totals 4, 0, 4, 0
    assert s.per_100 == 100.0
    # sample sd of (4, 0, 4, 0) is 2.309; the mean unit (2 hands) has sd 1.155 -> per 100 hands x 50; four units
    # give Student's t with 3 degrees of freedom, 3.182446 at 97.5 % (the printed tables), not the normal 1.96
    assert s.half_width == pytest.approx(3.1824463 * 2.3094011 / 2 * 50, rel=1e-6)


def test_the_ranking_counts_opponents_beaten() -> None:
    r = run_tournament(["steady", "random", "stay-in"], deals=400, seed=1, six_seat=False)
    assert r.ranking()[0] == "steady" and r.wins("steady") == 2


def test_bad_tournaments_are_one_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAG_DASK_TIMEOUT", "1")  # tcp://127.0.0.1:1 refuses at once; Dask retries for this long
    with pytest.raises(BragError):
        run_tournament(["expert"], deals=10)
    with pytest.raises(BragError):
        run_tournament(["expert", "expert"], deals=10)
    with pytest.raises(BragError):
        run_tournament(["expert", "steady"], deals=0)
    with pytest.raises(BragError, match="Dask scheduler"):
        run_tournament(["expert", "steady"], deals=10, scheduler="tcp://127.0.0.1:1")


def test_six_seat_lineups_leave_each_player_out_once() -> None:
    from casino.classic.tournament import DEFAULT_PLAYERS

    units = plan_units(DEFAULT_PLAYERS, deals=10, seed=1, heads_up=False)
    lineups = [u.lineup for u in units]
    assert len(lineups) == 7 and all(len(set(l)) == 6 for l in lineups)
    assert {next(p for p in DEFAULT_PLAYERS if p not in l) for l in lineups} == set(DEFAULT_PLAYERS)


def test_a_player_seated_twice_is_one_unit_per_deal():
    """Found by a hostile test: with fewer players than six seats each player sits more than once, and every seat
    was counted as its own duplicate unit (3 "deals" a deal for two players), so the intervals were 9-15 % too
    narrow and two players' did not mirror in a zero-sum game. Each deal is one unit per player, its seats summed."""
    from casino.classic.tournament import Unit, run_unit

    scores = run_unit(Unit("six-seat", ("expert", "steady") * 3, 0, 40, "twice"))
    expert, steady = scores["expert"], scores["steady"]
    assert expert.units == steady.units == 40
    assert expert.hands == steady.hands == 40 * 6 * 3  # six shifts a deal, three seats each
    assert expert.total == -steady.total and expert.squares == steady.squares  # zero-sum, deal by deal
    assert expert.half_width == steady.half_width
