"""The sessions a server holds in memory stay bounded (:mod:`web.holding`): ended and idle seats are let go,
never one a request is using, and a session let go resumes from the database exactly where it was."""

from __future__ import annotations

import gc
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from casino.db import classic_store, store
from casino.db.database import connect
from casino.db.verify import verify_session
from tests.web.api import post
from web.app import create_app
from web.classic_seats import ClassicSeats
from web.errors import NotFound, WebError, turn
from web.holding import Held


@dataclass
class Seat:
    ended: str | None = None
    dropped: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_held_seats_never_exceed_the_limit_and_ended_ones_go_first():
    held: Held[Seat] = Held(limit=10, idle_seconds=3600)
    seats = {}
    for key in range(1, 1001):
        seats[key] = held.put(key, Seat(ended="quit" if key % 3 == 0 else None))
        assert len(held) <= 10
    kept = held.keys()
    assert kept[-1] == 1000 and all(not seats[k].dropped for k in kept)
    assert all(seats[k].dropped for k in seats if k not in kept)
    full: Held[Seat] = Held(limit=10, idle_seconds=3600)
    ten = [full.put(k, Seat(ended="quit" if k == 5 else None)) for k in range(1, 11)]
    full.put(11, Seat())  # full: the ended session goes, not the least recently used open one
    assert ten[4].dropped and not ten[0].dropped and 5 not in full.keys() and len(full) == 10


def test_the_least_recently_used_go_first_and_a_seat_in_use_never_goes():
    held: Held[Seat] = Held(limit=3, idle_seconds=3600)
    one, two, three = (held.put(k, Seat()) for k in (1, 2, 3))
    held.get(1)  # used again: now the most recent
    held.put(4, Seat())
    assert held.keys() == [3, 1, 4] and two.dropped and not one.dropped
    with three.lock:  # a request is acting on session 3: the next least recently used goes instead
        held.put(5, Seat())
        assert 3 in held.keys() and one.dropped
    for seat in [held.get(k) for k in held.keys()]:
        assert seat is not None
        seat.lock.acquire()
    try:
        with pytest.raises(WebError) as refused:  # every seat busy: refused, not grown
            held.put(6, Seat())
        assert refused.value.status == 503 and len(held) == 3
    finally:
        for seat in [held.get(k) for k in held.keys()]:
            assert seat is not None
            seat.lock.release()


def test_idle_seats_are_let_go_when_another_sits_down():
    clock = Clock()
    held: Held[Seat] = Held(limit=100, idle_seconds=60, clock=clock)
    old = held.put(1, Seat())
    clock.now = 30
    recent = held.put(2, Seat())
    clock.now = 61
    held.put(3, Seat())
    assert held.keys() == [2, 3] and old.dropped and not recent.dropped
    clock.now = 200
    assert held.get(2) is recent  # looked at, but nobody sat down since: nothing is let go on a look
    held.put(4, Seat())
    assert held.keys() == [2, 4]  # 2 was used at 200; 3 was idle


# -- the traditional Brag table ------------------------------------------------------------------------------


def private(s: dict[str, Any]) -> dict[str, Any]:
    """What a resume must show again of the hand in play (not the request counter)."""
    return {k: s.get(k) for k in ("hand_no", "in_hand", "cards", "seats", "pot", "stake", "log", "legal")}


def test_classic_memory_stays_bounded_over_many_sessions_and_an_evicted_one_resumes(url):
    app = create_app(url)
    app.state.classic_seats = seats = ClassicSeats(limit=4)
    client = TestClient(app, raise_server_exceptions=False)
    alive = []
    first = None
    for n in range(30):
        s = post(client, "/api/classic/sessions", {"rules": "classic-brag", "opponents": 2, "hands": 5,
                                                   "seed": f"many-{n}"})
        if s["legal"] and s["legal"]["look"]:
            s = post(client, f"/api/classic/sessions/{s['session']}/act", {"seq": s["seq"], "action": "look"})
        first = first or s
        held = seats.get(s["session"])
        alive.append(weakref.ref(held))
        assert len(seats) <= 4
    del held
    gc.collect()
    assert sum(ref() is not None for ref in alive) <= 4  # let go for real: nothing else keeps the tables
    assert first is not None and seats.get(first["session"]) is None
    sid = first["session"]
    gone = client.post(f"/api/classic/sessions/{sid}/act", json={"seq": first["seq"], "action": "fold"})
    assert gone.status_code == 404 and "resume it" in gone.json()["detail"]
    back = post(client, f"/api/classic/sessions/{sid}/resume")
    assert private(back) == private(first)  # the same hand, the same cards, every action so far
    while back["in_hand"]:
        back = post(client, f"/api/classic/sessions/{sid}/act", {"seq": back["seq"], "action": "fold"})
    assert back["last"]["hand_no"] == first["hand_no"]
    with Session(connect(url)) as db:
        assert classic_store.verify_classic(sid, session=db) == []
        assert len(classic_store.hands_of(sid, session=db)) == 1


def test_a_request_waiting_on_a_seat_let_go_meanwhile_answers_resume_it(url):
    app = create_app(url)
    app.state.classic_seats = seats = ClassicSeats(limit=4)
    client = TestClient(app, raise_server_exceptions=False)
    s = post(client, "/api/classic/sessions", {"rules": "classic-brag", "opponents": 1, "hands": 3, "seed": "w"})
    seat = seats.get(s["session"])  # what a request that got the seat before it was let go holds
    seats.forget(seat)
    assert seat.dropped
    with pytest.raises(NotFound, match="not open at this server any more: resume it"):
        with turn(seat, f"classic session {s['session']}", s["seq"]):
            pass
    response = client.get(f"/api/classic/sessions/{s['session']}")  # a request after it: resumed from the database
    assert response.status_code == 404 and "resume it" in response.json()["detail"]


# -- the casino table ----------------------------------------------------------------------------------------


def test_casino_memory_stays_bounded_over_many_sessions_and_an_evicted_one_resumes(url):
    app = create_app(url)
    app.state.seats.held.limit = 4
    client = TestClient(app, raise_server_exceptions=False)
    alive = []
    dealt = []
    for n in range(30):
        s = post(client, "/api/table/sessions", {"seed": f"many-{n}", "stakes": [{"box": 1, "ante": "5"}]})
        s = post(client, f"/api/table/sessions/{s['session']}/deal",
                 {"seq": s["seq"], "stakes": [{"box": 1, "ante": "5"}]})
        dealt.append(s)
        alive.append(weakref.ref(app.state.seats.get(s["session"])))
        assert len(app.state.seats) <= 4
    gc.collect()
    assert sum(ref() is not None for ref in alive) <= 4
    first = dealt[0]
    sid = first["session"]
    assert app.state.seats.get(sid) is None
    gone = client.post(f"/api/table/sessions/{sid}/decide", json={"seq": first["seq"], "box": 1, "play": True})
    assert gone.status_code == 404 and "resume it" in gone.json()["detail"]
    back = post(client, f"/api/table/sessions/{sid}/resume")
    assert back["round"]["boxes"][0]["cards"] == first["round"]["boxes"][0]["cards"]  # the same hand, dealt again
    assert back["round"]["commitment"] == first["round"]["commitment"]
    done = post(client, f"/api/table/sessions/{sid}/decide", {"seq": back["seq"], "box": 1, "play": True})
    assert done["round"] is None and done["last"]["round_no"] == 1
    with Session(connect(url)) as db:
        assert store.get_session(sid, session=db).rounds == 1 and verify_session(sid, session=db).ok
