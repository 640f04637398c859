"""The casino table sessions a server holds (:mod:`web.tables`): one :class:`Seat` per session id, in
:class:`Seats`, with the database they are stored in.

A :class:`Seat` holds a session's :class:`~casino.service.TableService` (its sitting holds the deck), a lock,
the number of the next action, the last settled round and the trainer's tally (:func:`_judge` counts each
decision). :class:`Seats` is bounded (:class:`web.holding.Held`: ended and idle sessions are let go, a
resume reads them back); the app keeps one, and each route finds it with :func:`seats_of`::

    >>> from fractions import Fraction
    >>> from casino.events import BoxBets
    >>> from casino.games import load_game
    >>> from casino.service import TableService
    >>> from web.table_seats import Seat, Seats
    >>> seats = Seats("sqlite://")                          # the database is opened when first needed
    >>> service = TableService.new(load_game("3-card-brag"), Fraction(100), seed="doc",
    ...                            stakes=[BoxBets(1, 5, 0)])
    >>> with seats.db() as db:
    ...     session_id = service.open(db)
    >>> seat = seats.add(session_id, Seat(service))
    >>> seats.get(session_id) is seat, len(seats), seat.seq >= 2**40  # (a fresh unguessable first action number)
    (True, 1, True)

The routes run in the thread pool, so requests run at once; what they share is guarded here (see
:mod:`web.locks` for the order the locks are taken in):

* a seat's own state (its service and sitting, the action number, the last round, the trainer's tally and the
  seat's caches) is read and changed only under ``seat.lock`` (:func:`web.errors.turn`): two requests for one
  session are served one after the other, so a hand is never dealt twice or settled twice;
* the map of seats is :class:`web.holding.Held` (its own lock); :attr:`Seats.opening` serialises the requests
  that seat a session id (a sit-down, a resume), so one id never gets two seats;
* a progressive meter is shared by every session at a game and moved by each settlement (read, then written):
  :meth:`Seats.settling` holds the meter's lock while a hand at such a game settles;
* the database engine is made once, under a lock; each request has its own database session. An in-memory
  SQLite URL (``sqlite://``) is a private temporary file instead (removed at exit): SQLite gives each thread
  its own in-memory database, which the pool's threads could not share.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request
from fastapi.responses import JSONResponse
from sqlmodel import Session

from web.errors import first_seq
from web.holding import IDLE_SECONDS, MAX_SEATS, Held
from web.locks import KeyedLocks
from web.table_view import _game_dict, _json, _report, state

__all__ = ["Seat", "Seats", "seats_of"]


@dataclass
class Seat:
    """One session held by the server: its service, the next action number and the last settled round.
    Everything here is read and changed only under :attr:`lock` (one request at a time)."""

    service: Any  # casino.service.TableService
    hints: bool = True
    trainer: bool = False
    seq: int = field(default_factory=first_seq)  # the next action number (web.errors.first_seq)
    last: Any = None  # the last settled round, as result_dict shows it
    ended: str | None = None  # why the session ended, once it has
    meter: str | None = None  # the progressive meter, as stored after the last hand (None: no progressive)
    lock: threading.Lock = field(default_factory=threading.Lock)
    lesson: Any = None  # casino.trainer.Lesson: the trainer's tally of mistakes (trainer sessions only)
    feedback: list[dict[str, Any]] = field(default_factory=list)  # what each decision of the last hand cost
    _game_view: dict[str, Any] | None = field(default=None, repr=False)
    _report: Any = field(default=None, repr=False)
    _advice: dict[tuple[int, int], Any] = field(default_factory=dict, repr=False)
    dropped: bool = False  # let go by the server (web.holding): the database holds the session, a resume reads it

    def __post_init__(self) -> None:
        if self.trainer and self.lesson is None:
            from casino.trainer import Lesson

            self.lesson = Lesson()

    @property
    def shows_up_card(self) -> bool:
        """The dealer's up card is seen: the hole-card trainer, or a Face Up game (shown to everyone)."""
        return self.trainer or bool(getattr(self.service.game.rules, "face_up", False))

    def advice(self, rnd: Any, box: int) -> Any:
        """:func:`casino.trainer.advise` for a box of the round in play, given the up card and the cards of the
        round's other boxes (once per box and round)."""
        key = (rnd.round_no, box)
        if key not in self._advice:
            from casino.trainer import advise

            self._advice = {k: v for k, v in self._advice.items() if k[0] == rnd.round_no}
            bets = next((b for b in rnd.bets if b.box == box), None)
            ratio = bets.pair_plus / bets.ante if bets is not None and bets.ante else 0
            others = tuple(c for b, cards in rnd.cards.items() if b != box for c in cards)
            self._advice[key] = advise(self.service.game, rnd.cards[box], rnd.up_card, ratio, seen=others)
        return self._advice[key]

    def seen_decision(self, rnd: Any, box: int) -> Any:
        """:func:`casino.advantage.seen_decision` for a box of a round of several boxes: the exact decision given
        the other boxes' cards (once per box and round, kept with the trainer's advice)."""
        key = (rnd.round_no, -box)
        if key not in self._advice:
            from casino.advantage import seen_decision

            self._advice = {k: v for k, v in self._advice.items() if k[0] == rnd.round_no}
            bets = next(b for b in rnd.bets if b.box == box)
            others = tuple(c for b, cards in rnd.cards.items() if b != box for c in cards)
            self._advice[key] = seen_decision(self.service.game, rnd.cards[box], others,
                                              pair_plus_ratio=bets.pair_plus / bets.ante)
        return self._advice[key]

    @property
    def game_view(self) -> dict[str, Any]:
        """The table's rules and paytables for the page (the game does not change during a session)."""
        if self._game_view is None:
            self._game_view = _game_dict(self.service.game)
        return self._game_view

    @property
    def report(self) -> Any:
        """The exact analysis behind the hints (shared by every seat at the same game)."""
        if self._report is None:
            self._report = _report(self.service.game.to_toml())
        return self._report

    def read_meter(self, db: Session) -> None:
        """Read the progressive meter the database holds for this game (shared by every session at it)."""
        game = self.service.game
        side = next((b for b in game.side_bets if b.bet == "progressive"), None)
        if side is not None:
            from casino.bets.progressive import meter_key
            from casino.db import store

            self.meter = str(store.progressive_meter(meter_key(game), side.meter, session=db))

    def taken(self) -> JSONResponse:
        """Count the action just taken and show the table after it (called under the lock, on success)."""
        self.seq += 1
        return _json(state(self))


class Seats:
    """Every session this server holds, by id (bounded, :class:`web.holding.Held`: ended and idle sessions
    are let go, a resume reads them back), and the database they are stored in."""

    def __init__(self, db_url: str, models: tuple[str, ...] = (), limit: int = MAX_SEATS,
                 idle_seconds: float = IDLE_SECONDS) -> None:
        self.db_url = db_url
        self.models = models  # modules whose tables must exist too (imported before the tables are created)
        self._engine: Any = None
        self.held: Held[Seat] = Held(limit, idle_seconds)
        self.opening = KeyedLocks()  # session ids being sat down or resumed: one request at a time per id
        self.meters = KeyedLocks()  # progressive meters being moved: one settlement at a time per meter
        self._lock = threading.Lock()

    @property
    def engine(self) -> Any:
        with self._lock:
            if self._engine is None:
                import importlib

                from casino.db.database import connect

                for module in self.models:
                    importlib.import_module(module)
                self._engine = connect(self._url())
            return self._engine

    def _url(self) -> str:
        """:attr:`db_url`, or for an in-memory SQLite database a private temporary file (removed when this
        object goes, or at exit): every request's thread then sees the same database."""
        from sqlalchemy.engine import make_url

        try:
            parsed = make_url(self.db_url)
            in_memory = parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:")
        except Exception:  # noqa: BLE001 - connect() names what is wrong with the URL
            return self.db_url
        if not in_memory:
            return self.db_url
        folder = tempfile.mkdtemp(prefix="brag-web-")
        weakref.finalize(self, shutil.rmtree, folder, ignore_errors=True)
        return f"sqlite:///{folder}/brag.db"

    @contextmanager
    def db(self) -> Iterator[Session]:
        """A database session for one request (a service is given it for the request's length)."""
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    def __len__(self) -> int:
        return len(self.held)

    def get(self, session_id: int) -> Seat | None:
        return self.held.get(session_id)

    def add(self, session_id: int, seat: Seat) -> Seat:
        """Hold ``seat`` (a seat already held for the session is kept and returned)."""
        return self.held.put(session_id, seat, replace=False)

    def put(self, session_id: int, seat: Seat) -> Seat:
        """Hold ``seat`` in place of any seat held for the session (that one is marked dropped)."""
        return self.held.put(session_id, seat)

    @contextmanager
    def settling(self, game: Any) -> Iterator[None]:
        """Hold the lock of ``game``'s progressive meter, if it has one, while a hand settles: the meter is
        shared by every session at the game, and a settlement reads it and stores its new value."""
        if not any(side.bet == "progressive" for side in game.side_bets):
            yield
            return
        from casino.bets.progressive import meter_key

        with self.meters.hold(meter_key(game)):
            yield

    def forget(self, session_id: int, seat: Seat | None = None) -> None:
        """Let go of the session's seat (only if it is ``seat``, when given): it is marked dropped."""
        self.held.forget(session_id, seat)


def seats_of(request: Request) -> Seats:
    return request.app.state.seats


def _judge(seat: Seat, rnd: Any, box: int, play: bool) -> None:
    """Count a trainer decision just taken: what it cost against the best, per Ante and in money."""
    if seat.lesson is None:
        return
    advice = seat.advice(rnd, box)
    ante = next(b.ante for b in rnd.bets if b.box == box)
    money = seat.lesson.record(advice, play, ante)
    cost = advice.cost(play)
    seat.feedback.append({
        "round_no": rnd.round_no, "box": box, "hand": advice.hand, "play": play, "best": advice.best,
        "mistake": cost > 0, "cost": float(cost), "exact_cost": str(cost), "money": float(money),
        "exact_money": str(money)})
