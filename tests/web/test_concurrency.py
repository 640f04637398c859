"""Requests at once, on a real server (Uvicorn on a free loopback port, real HTTP with httpx, a SQLite file).

* A slow request holds up no one else: while a table's deal (or a traditional Brag action) waits for the
  database — another program holds its write lock, as ``brag play`` on the same file can — pages, other
  tables and the designer still answer, and the waiting request completes once the lock is let go. The order
  is asserted (the others answered while it was still waiting), never a time.
* Many requests on ONE table at once (threads released together) leave it consistent: every hand stored once,
  numbered 1, 2, 3 …, the bankroll the start plus the nets the players were shown, ``verify`` clean, never a
  500 (a request that lost the race gets 409 with a message).
* Several resumes of one session at once give one seat (one pack, nothing stored twice).
* Sessions at one progressive game settling at once keep the shared meter's chain (no lost update).

The races run on a SQLite file and (with $BRAG_TEST_POSTGRES, as scripts/with-services.sh sets) PostgreSQL.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.conftest import ServerThread

#: only stops a hang (a loaded machine is slow); nothing is timed
PATIENCE = 120.0


@dataclass
class Running:
    url: str
    app: Any
    db_url: str
    db_file: Path | None  # the SQLite file (None: PostgreSQL)


@contextmanager
def _serving(db_url: str, db_file: Path | None) -> Iterator[Running]:
    from web.app import create_app

    app = create_app(db_url)
    with ServerThread(app) as server:
        yield Running(f"http://127.0.0.1:{server.port}", app, db_url, db_file)


@pytest.fixture
def running(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    """The whole app on a fresh SQLite file, served by Uvicorn on a free loopback port."""
    monkeypatch.delenv("BRAG_DB", raising=False)
    with _serving(f"sqlite:///{tmp_path / 'brag.db'}", tmp_path / "brag.db") as served:
        yield served


@pytest.fixture(params=["sqlite", "postgresql"])
def on_each_database(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                     ) -> Iterator[Running]:
    """The app served on a fresh SQLite file, then on a fresh PostgreSQL database ($BRAG_TEST_POSTGRES)."""
    monkeypatch.delenv("BRAG_DB", raising=False)
    if request.param == "sqlite":
        with _serving(f"sqlite:///{tmp_path / 'brag.db'}", tmp_path / "brag.db") as served:
            yield served
        return
    from tests.casino.db.conftest import fresh_postgres

    with fresh_postgres() as db_url, _serving(db_url, None) as served:
        yield served


def _client(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=PATIENCE)


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def _wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"gave up waiting: {what}"
        time.sleep(0.005)


def _together(count: int, work: Callable[[int], Any]) -> list[Any]:
    """``work(i)`` for i in 0..count-1 in ``count`` threads released at the same moment; their results."""
    start = threading.Barrier(count)

    def run(i: int) -> Any:
        start.wait(timeout=PATIENCE)
        return work(i)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


class WriteLock:
    """Another program holding the SQLite file's write lock (``BEGIN IMMEDIATE``) until :meth:`release`."""

    def __init__(self, db_file: Path | None) -> None:
        assert db_file is not None
        self.connection = sqlite3.connect(db_file, isolation_level=None, check_same_thread=False)
        self.connection.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        self.connection.execute("ROLLBACK")
        self.connection.close()


STAKE = [{"box": 1, "ante": "1"}]


def _sit(http: httpx.Client, **body: Any) -> dict[str, Any]:
    return _ok(http.post("/api/table/sessions", json={"game": "3-card-brag", "bankroll": "1000", "hints": False,
                                                      "stakes": STAKE, **body}))


# -- a slow request holds up no one else -------------------------------------------------------------------


@pytest.fixture
def patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slow request waits for the lock for a minute, not five seconds: on a busy machine the quick requests
    below (the designer's whole analysis among them) may take longer than five seconds together."""
    monkeypatch.setattr("casino.db.database.BUSY_TIMEOUT_MS", 60_000)


def _others_answer_while(running: Running, slow: Future, other_table: int, classic: int) -> None:
    """Every quick request answers while ``slow`` is still waiting for the database."""
    from web.designer import design_of
    from casino.games import load_game

    with _client(running.url) as http:
        assert "Casino table" in http.get("/table").text
        assert _ok(http.get("/api/health"))["status"] == "ok"
        assert _ok(http.get(f"/api/table/sessions/{other_table}"))["session"] == other_table
        assert _ok(http.get(f"/api/classic/sessions/{classic}"))["session"] == classic
        _ok(http.get(f"/api/classic/sessions/{classic}/hint"))
        design = design_of(load_game("three-card-poker"))  # the designer's exact analysis of a whole game
        assert _ok(http.post("/api/designer/analyze", json=design))["bets"]
    assert not slow.done(), "the slow request finished first: the others may have waited for it"


def test_a_deal_waiting_for_the_database_holds_up_no_one_else(patient: None, running: Running) -> None:
    with _client(running.url) as http:
        waiting = _sit(http)
        other = _sit(http)
        classic = _ok(http.post("/api/classic/sessions", json={"opponents": 2, "seed": "quick"}))
    seat = running.app.state.seats.get(waiting["session"])
    lock = WriteLock(running.db_file)
    with ThreadPoolExecutor(1) as pool, _client(running.url) as slow_http:
        slow = pool.submit(slow_http.post, f"/api/table/sessions/{waiting['session']}/deal",
                           json={"seq": waiting["seq"], "stakes": STAKE})
        try:
            _wait_for(seat.lock.locked, "the deal to reach its seat")  # it cannot store its hand until released
            _others_answer_while(running, slow, other["session"], classic["session"])
        finally:
            lock.release()
        dealt = _ok(slow.result(timeout=PATIENCE))
    assert dealt["round"]["round_no"] == 1 and dealt["seq"] == waiting["seq"] + 1


def test_a_classic_action_waiting_for_the_database_holds_up_no_one_else(patient: None, running: Running) -> None:
    with _client(running.url) as http:
        other = _sit(http)
        classic = _ok(http.post("/api/classic/sessions", json={"opponents": 2, "seed": "quick"}))
        waiting = _ok(http.post("/api/classic/sessions", json={"opponents": 3, "seed": "waits"}))
    assert waiting["legal"] is not None  # the player's turn: a fold ends the hand or lets the others act
    seat = running.app.state.classic_seats.get(waiting["session"])
    lock = WriteLock(running.db_file)
    with ThreadPoolExecutor(1) as pool, _client(running.url) as slow_http:
        slow = pool.submit(slow_http.post, f"/api/classic/sessions/{waiting['session']}/act",
                           json={"seq": waiting["seq"], "action": "fold"})
        try:
            _wait_for(seat.lock.locked, "the fold to reach its seat")
            _others_answer_while(running, slow, other["session"], classic["session"])
        finally:
            lock.release()
        folded = _ok(slow.result(timeout=PATIENCE))
    assert folded["seq"] == waiting["seq"] + 1


# -- many requests on one table at once ----------------------------------------------------------------------


def test_twenty_requests_at_once_on_one_table_settle_every_hand_once(on_each_database: Running) -> None:
    running = on_each_database
    from casino.db import store
    from casino.db.database import connect
    from sqlmodel import Session

    with _client(running.url) as http:
        start = _sit(http, stakes=[{"box": 1, "ante": "2"}, {"box": 2, "ante": "1", "pair_plus": "1"}])
    sid = start["session"]
    clients = [_client(running.url) for _ in range(20)]
    settled: dict[int, Fraction] = {}  # round number -> net, from every answer that settled a hand
    statuses: list[int] = []
    record = threading.Lock()

    def step(i: int) -> None:
        http = clients[i]
        shown = _ok(http.get(f"/api/table/sessions/{sid}"))  # each thread's own (perhaps stale) view
        if shown["round"] is None:
            answer = http.post(f"/api/table/sessions/{sid}/deal",
                               json={"seq": shown["seq"], "stakes": shown["stakes"]})
        else:
            boxes = shown["round"]["pending"]
            assert boxes, "a round shown in play with no box to decide"
            answer = http.post(f"/api/table/sessions/{sid}/decide",
                               json={"seq": shown["seq"], "box": boxes[i % len(boxes)], "play": i % 3 != 0})
        with record:
            statuses.append(answer.status_code)
            if answer.status_code == 200 and answer.json()["round"] is None and answer.json()["last"] is not None:
                last = answer.json()["last"]
                assert last["round_no"] not in settled, "one hand shown settled twice"
                settled[last["round_no"]] = Fraction(last["net"])
        assert answer.status_code in (200, 409), answer.text  # lost the race: 409 with a message, never a 500
        if answer.status_code == 409:
            assert answer.json()["detail"]

    try:
        for _ in range(12):
            _together(20, step)
    finally:
        for http in clients:
            http.close()
    assert 200 in statuses and 409 in statuses  # the race was run: some won, some were refused
    with _client(running.url) as http:
        final = _ok(http.get(f"/api/table/sessions/{sid}"))
        hands = _ok(http.get(f"/api/table/sessions/{sid}/hands"))["hands"]
        checked = _ok(http.get(f"/api/table/sessions/{sid}/verify"))
    assert settled, "no hand was settled"
    assert [h["round_no"] for h in hands] == sorted(settled) == list(range(1, len(settled) + 1))
    assert {h["round_no"]: Fraction(h["net"]) for h in hands} == settled  # stored once each, as shown
    on_felt = Fraction(final["on_felt"])
    assert Fraction(final["bankroll"]) + on_felt == Fraction(start["bankroll"]) + sum(settled.values())
    assert checked["ok"] and checked["hands_checked"] == len(settled)
    with Session(connect(running.db_url)) as db:
        stored = store.get_session(sid, session=db)
        assert stored.rounds == len(settled)
        assert Fraction(stored.bankroll) == Fraction(start["bankroll"]) + sum(settled.values())  # a pending hand's
        # stakes are the pending record's: the stored bankroll is the one the last settled hand left


def test_twenty_actions_at_once_at_a_classic_table_are_taken_once_each(on_each_database: Running) -> None:
    running = on_each_database
    with _client(running.url) as http:
        start = _ok(http.post("/api/classic/sessions", json={"opponents": 2, "seed": "stampede", "hands": 30,
                                                             "players": "simple"}))
    sid = start["session"]
    clients = [_client(running.url) for _ in range(20)]
    statuses: list[int] = []
    finished: dict[int, dict[str, Any]] = {}
    record = threading.Lock()

    def step(i: int) -> None:
        http = clients[i]
        shown = _ok(http.get(f"/api/classic/sessions/{sid}"))
        if shown["ended"]:
            return
        if shown["in_hand"]:
            legal = shown["legal"]
            if legal is None:  # a computer player to act: nothing of the player's to send
                return
            if legal["look"] and i % 2:
                body = {"seq": shown["seq"], "action": "look"}
            elif legal["see"] is not None and i % 3 == 0:
                body = {"seq": shown["seq"], "action": "see"}
            else:
                body = {"seq": shown["seq"], "action": "fold"}
            answer = http.post(f"/api/classic/sessions/{sid}/act", json=body)
        else:
            answer = http.post(f"/api/classic/sessions/{sid}/next", json={"seq": shown["seq"]})
        with record:
            statuses.append(answer.status_code)
            if answer.status_code == 200 and answer.json()["last"] is not None:
                last = answer.json()["last"]
                finished.setdefault(last["hand_no"], last)
        assert answer.status_code in (200, 400, 409), answer.text  # 400: an action the rules refuse now
        if answer.status_code != 200:
            assert answer.json()["detail"]

    try:
        for _ in range(15):
            _together(20, step)
    finally:
        for http in clients:
            http.close()
    assert 200 in statuses and 409 in statuses
    with _client(running.url) as http:
        final = _ok(http.get(f"/api/classic/sessions/{sid}"))
        checked = _ok(http.get(f"/api/classic/sessions/{sid}/verify"))
    assert checked["ok"], checked["problems"]
    done = final["hand_no"] - (1 if final["in_hand"] else 0)
    assert checked["hands"] == done and sorted(finished) == list(range(1, done + 1))  # each hand stored once
    start_chips = sum(Fraction(s["chips"]) for s in start["seats"]) + Fraction(start["pot"])
    chips = sum(Fraction(s["chips"]) for s in final["seats"]) + Fraction(final.get("pot", "0"))
    assert chips == start_chips  # chips neither made nor lost by the race


# -- resumes at once, and the shared progressive meter -------------------------------------------------------


def test_resumes_at_once_give_one_seat_into_the_same_pending_hand(on_each_database: Running) -> None:
    running = on_each_database
    from casino.db import store
    from casino.db.database import connect
    from sqlmodel import Session

    with _client(running.url) as http:
        sat = _sit(http)
        dealt = _ok(http.post(f"/api/table/sessions/{sat['session']}/deal", json={"seq": sat["seq"], "stakes": STAKE}))
    sid = dealt["session"]
    running.app.state.seats.forget(sid)  # as after a restart: the database holds the session and its pending hand

    def resume(_: int) -> dict[str, Any]:
        with _client(running.url) as http:
            return _ok(http.post(f"/api/table/sessions/{sid}/resume"))

    answers = _together(10, resume)
    assert {str(a["round"]["boxes"]) for a in answers} == {str(dealt["round"]["boxes"])}  # the same hand, once
    seat = running.app.state.seats.get(sid)
    with _client(running.url) as http:
        now = _ok(http.get(f"/api/table/sessions/{sid}"))
        assert all(a["seq"] == now["seq"] for a in answers)
        settled = _ok(http.post(f"/api/table/sessions/{sid}/decide", json={"seq": now["seq"], "box": 1, "play": True}))
    assert settled["last"]["round_no"] == 1 and running.app.state.seats.get(sid) is seat
    with Session(connect(running.db_url)) as db:
        assert store.get_session(sid, session=db).rounds == 1


def test_classic_resumes_at_once_carry_on_one_table(on_each_database: Running) -> None:
    running = on_each_database
    with _client(running.url) as http:
        start = _ok(http.post("/api/classic/sessions", json={"opponents": 3, "seed": "resumed", "players": "simple"}))
    sid = start["session"]
    assert start["legal"] is not None  # the player's turn in a pending hand
    seats = running.app.state.classic_seats
    seats.forget(seats.get(sid))  # as after a restart: the database holds the session and its pending hand

    def resume(_: int) -> dict[str, Any]:
        with _client(running.url) as http:
            return _ok(http.post(f"/api/classic/sessions/{sid}/resume"))

    answers = _together(10, resume)
    numbers = {a["seq"] for a in answers}  # one seat: one action number, fresh (not the first seat's 0)
    assert {str(a["seats"]) for a in answers} == {str(start["seats"])} and len(numbers) == 1 and 0 not in numbers
    seat = seats.get(sid)
    with _client(running.url) as http:  # the seat every resume answered from is the one that plays on
        folded = _ok(http.post(f"/api/classic/sessions/{sid}/act", json={"seq": numbers.pop(), "action": "fold"}))
        checked = _ok(http.get(f"/api/classic/sessions/{sid}/verify"))
    assert seats.get(sid) is seat and not seat.dropped
    assert checked["ok"], checked["problems"]
    assert checked["hands"] == folded["hand_no"] - (1 if folded["in_hand"] else 0)


def test_sessions_at_one_progressive_game_settling_at_once_keep_the_meter(on_each_database: Running) -> None:
    running = on_each_database
    stakes = [{"box": 1, "ante": "1", "side": {"progressive": "1"}}]
    with _client(running.url) as http:
        seats = [_ok(http.post("/api/table/sessions", json={"game": "brag-with-side-bets", "bankroll": "1000",
                                                              "hints": False, "stakes": stakes}))
                 for _ in range(6)]

    def play(i: int) -> int:
        shown = seats[i]
        with _client(running.url) as http:
            for _ in range(6):
                shown = _ok(http.post(f"/api/table/sessions/{shown['session']}/deal",
                                      json={"seq": shown["seq"], "stakes": stakes}))
                while shown["round"] is not None:
                    shown = _ok(http.post(f"/api/table/sessions/{shown['session']}/decide",
                                          json={"seq": shown["seq"], "box": 1, "play": True}))
        return shown["session"]

    played = _together(6, play)
    with _client(running.url) as http:
        for sid in played:
            checked = _ok(http.get(f"/api/table/sessions/{sid}/verify"))  # the meter's chain over every session
            assert checked["ok"], checked["mismatches"]
            assert checked["hands_checked"] == 6


def test_an_in_memory_database_is_one_database_for_every_request() -> None:
    """``brag serve --db sqlite://``: SQLite gives each thread its own in-memory database, so the server keeps
    a private temporary file instead, which every request's thread sees (removed when the app goes or at exit)."""
    from web.app import create_app

    app = create_app("sqlite://")
    with ServerThread(app) as server, _client(f"http://127.0.0.1:{server.port}") as http:
        def sit(_: int) -> tuple[int, int]:
            seat = _sit(http)
            return int(seat["session"]), int(seat["seq"])

        seats = _together(8, sit)  # in as many threads as the pool gives
        ids = [i for i, _ in seats]
        listed = {s["id"] for s in _ok(http.get("/api/table/sessions"))["sessions"]}
        assert sorted(ids) == list(range(1, 9)) and listed == set(ids)
        dealt = _ok(http.post(f"/api/table/sessions/{ids[0]}/deal", json={"seq": seats[0][1], "stakes": STAKE}))
        assert dealt["round"]["round_no"] == 1
        file = Path(app.state.seats.engine.url.database)
        assert file.exists() and file.name == "brag.db" and file.parent.name.startswith("brag-web-")
