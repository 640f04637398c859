"""``/api/table``: casino sessions in the browser, on :class:`casino.service.TableService`.

The server holds one :class:`Seat` per session id: the service (its :class:`~casino.sitting.Sitting`
holds the deck), a lock, and the number of the next action — a bounded number of them (:mod:`web.holding`:
ended and idle sessions are let go; a resume reads them back). What goes out is only what the player may
see: before the settlement a round shows the player's boxes (and the dealer's face-up card where the
game deals one), never the dealer's other cards or the seed; the seed's SHA-256 commitment is shown
before the deal and the seed after the settlement. Every state-changing request carries ``seq``, the
action number the page last saw: a request whose ``seq`` is not the session's current one is refused
with 409, so a request sent twice (a double click, a replayed POST) cannot deal or settle twice. Every seat,
new or resumed, counts from a fresh unguessable number (:func:`web.errors.first_seq`), so a request refused
before an ``/end`` + ``/resume`` (or a server restart) is still refused after it, and a page on a session that
was removed finds nothing to act on in a new session given its id.

Every route is a plain function, which FastAPI runs in its thread pool: a slow request (a database that
answers slowly, the first exact analysis behind a game's hints) never holds up another client's. The state
the requests share is guarded in :mod:`web.table_seats`: a seat's lock serialises the requests for one
session (:func:`web.errors.turn`), a lock per session id its sitting down and resuming, and a lock per
progressive meter the settlements that move it.

A hand is stored as pending when it is dealt, before its cards go out (the service's pending-hand
protocol): a reload shows the seat's hand in play, and after a server restart ``POST .../resume`` deals
that same hand again (same cards, same bets) rather than a new one; leaving with a hand in play leaves it
pending. Sessions are stored as ``brag play`` stores them (one transaction per settled hand): ``brag sessions``
lists them, ``brag play --resume ID`` continues one started here, and ``POST .../resume`` continues
one started at the terminal.

This module holds the routes; the request bodies are :mod:`web.table_requests`, the seats the server holds
:mod:`web.table_seats`, and what a response shows :mod:`web.table_view`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlmodel import Session

from casino.games import builtin_games, load_game
from casino.money import parse
from casino.practice import is_trainer
from web.exact_json import ExactRoute
from web.errors import Conflict, NotFound, SessionId, WebError, check_id as _check_id, first_seq, turn
from web.table_requests import Action, Deal, Decide, NewSession
from web.table_seats import Seat, _judge, seats_of
from web.table_view import _json, _kind, result_dict, state

__all__ = ["router"]

router = APIRouter(prefix="/api/table", tags=["casino table"], route_class=ExactRoute)


def _stored(db: Session, session_id: int) -> Any:
    """The stored session ``session_id``; 404 when the database has none."""
    from casino.db import store
    from casino.db.database import StoreError

    _check_id(session_id)
    try:
        return store.get_session(session_id, session=db)
    except StoreError as error:
        raise NotFound(str(error)) from None


def _seat(request: Request, session_id: int) -> Seat:
    _check_id(session_id)
    seat = seats_of(request).get(session_id)
    if seat is None:
        raise NotFound(f"session {session_id} is not open at this server: resume it (POST /api/table/sessions/"
                       f"{session_id}/resume) or start one")
    return seat


@contextmanager
def _acting(request: Request, session_id: int, seq: int) -> Iterator[tuple[Seat, Session]]:
    """Hold the session for one action: the lock, the action number check, a database session."""
    seat = _seat(request, session_id)
    with turn(seat, f"session {session_id}", seq), seats_of(request).db() as db:
        seat.service.db = db
        try:
            yield seat, db
        finally:
            seat.service.db = None


@lru_cache(maxsize=1)
def table_games() -> dict[str, str]:
    """The built-in games a casino table deals (house-banked Ante/Play games), name -> title."""
    found = {}
    for name in builtin_games():
        game = load_game(name)
        if game.head_to_head is None and game.cards == 3 and not game.has_wild_cards:
            found[name] = game.name
    return found


def _refuse_head_to_head(name: str) -> None:
    """A built-in head-to-head game (two hands dealt, bets on which wins) is refused with its own 400."""
    if name in builtin_games() and load_game(name).head_to_head is not None:
        raise WebError(f"{load_game(name).name} is a head-to-head game: the web table deals house-banked games; "
                       f"play it with 'brag play {name}'", 400)


@router.get("/games", summary="The games a table can be opened for")
def games() -> dict[str, Any]:
    return {"games": [{"name": name, "title": title} for name, title in table_games().items()]}


@router.get("/sessions", summary="Stored sessions, newest first (from every front end)")
def sessions(request: Request) -> dict[str, Any]:
    from casino.db import store

    from casino.db.queries import session_kinds, trainer_sessions

    with seats_of(request).db() as db:
        rows = store.list_sessions(session=db, unreadable_too=True)  # one hand-edited row hides no one's session
        kinds = session_kinds(session=db)
        trainers = trainer_sessions(session=db)
    # "practice": seeded from text (not fair play); null where the stored settings cannot be read; "trainer":
    # played with the dealer's first card shown (the results are not the game's);
    # "unreadable": what cannot be read in a session's row (its amounts are then null: not known)
    from casino.practice import PRACTICE_NOTE

    return {"sessions": [{**r.to_dict(), "practice": kinds.get(r.id), "trainer": r.id in trainers} for r in rows[:100]],
            "practice_note": PRACTICE_NOTE}


@router.post("/sessions", summary="Sit down: a new session, stored at once")
def create(request: Request, body: NewSession) -> JSONResponse:
    from casino.service import TableService

    if body.game.lower() not in table_games():  # built-in games only: a request never names a file
        _refuse_head_to_head(body.game.lower())
        raise NotFound(f"no built-in game {body.game!r} at this table (games: {', '.join(table_games())})")
    game = load_game(body.game.lower())
    stakes = [s.bets() for s in body.stakes]
    service = TableService.new(game, parse(body.bankroll, "bankroll"), stakes=stakes, seed=body.seed,
                               client_seed=body.client_seed, settings={"hints": body.hints, "trainer": body.trainer, "front_end": "web"})
    seats = seats_of(request)
    with seats.db() as db:
        session_id = service.open(db)
        service.db = None
        with seats.opening.hold(session_id):  # a resume of the new id (a guess) cannot seat it twice
            held = seats.get(session_id)
            if held is not None:  # that resume's seat, still open: the same session
                with held.lock:
                    if not held.ended and not held.dropped:
                        return _json(state(held))
            seat = Seat(service, hints=body.hints, trainer=body.trainer)
            with seat.lock:  # held before the seat is published: no request acts on it half made
                # an ended seat held for the id (a session since removed, its id given again) is let go
                seats.put(session_id, seat)
                seat.read_meter(db)
                return _json(state(seat))


@router.post("/sessions/{session_id}/resume", summary="Carry on a stored session (from any front end)")
def resume(request: Request, session_id: SessionId) -> JSONResponse:
    from casino.service import TableService

    seats = seats_of(request)
    _check_id(session_id)
    with seats.opening.hold(session_id):  # two resumes of one session: the second finds the first's seat
        held = seats.get(session_id)
        if held is not None:
            with held.lock:
                if not held.ended and not held.dropped:
                    return _json(state(held))
        with seats.db() as db:
            record = _stored(db, session_id)
            from casino.head_to_head_service import is_head_to_head_session

            if is_head_to_head_session(record):
                raise WebError(f"session {session_id} is at {record.game[:60]}, a head-to-head game: the web table "
                               f"deals house-banked games; carry it on with 'brag play --resume {session_id}"
                               f"{request.app.state.db_option}'", 409)
            service = TableService.resume(db, session_id)
            service.open(db)
            service.db = None
            settings = service.settings
            seat = Seat(service, hints=bool(settings.get("hints", True)), trainer=is_trainer(settings),
                        seq=first_seq())  # never an earlier seat's numbers: a replay stays refused
            with seat.lock:  # held before the seat is published: no request acts on it half made
                seats.put(session_id, seat)  # an ended seat held for the id is let go
                seat.read_meter(db)
                return _json(state(seat))


@router.get("/sessions/{session_id}", summary="What the table shows now")
def show(request: Request, session_id: SessionId) -> JSONResponse:
    seat = _seat(request, session_id)
    with seat.lock:
        if seat.dropped:
            raise NotFound(f"session {session_id} is not open at this server any more: resume it")
        if seat.meter is not None:  # shared by every session at the game: as the database holds it now
            with seats_of(request).db() as db:
                seat.read_meter(db)
        return _json(state(seat))


@router.post("/sessions/{session_id}/deal", summary="Place the bets and deal")
def deal(request: Request, session_id: SessionId, body: Deal) -> JSONResponse:
    with _acting(request, session_id, body.seq) as (seat, db):
        service = seat.service
        if service.round is not None:
            raise Conflict(f"hand {service.round.round_no} is in play: play or fold every box first")
        rnd = service.deal([s.bets() for s in body.stakes])
        seat.feedback = []  # a new hand: the trainer's notes on the previous hand's decisions are dropped
        if not rnd.pending:  # nothing to decide (Pair Plus and side bets alone): settled at once
            _settle(request, seat, db)
        return seat.taken()


@router.post("/sessions/{session_id}/decide", summary="Play or fold one box (the last decision settles the hand)")
def decide(request: Request, session_id: SessionId, body: Decide) -> JSONResponse:
    with _acting(request, session_id, body.seq) as (seat, db):
        service = seat.service
        if service.round is None:
            raise Conflict("no hand in play: deal first")
        rnd = service.round
        service.decide(body.box, body.play)
        _judge(seat, rnd, body.box, body.play)
        if not service.round.pending:
            _settle(request, seat, db)
        return seat.taken()


def _settle(request: Request, seat: Seat, db: Session) -> None:
    """Settle the seat's hand and store it; if it cannot be stored, the seat is let go and the error answered:
    the hand stays pending in the database (its bets stored, no decision), dealt again, the same cards, when the
    session is resumed, and nothing of its result (the bankroll included) is shown by this server."""
    service = seat.service
    try:
        with seats_of(request).settling(service.game):
            seat.last = result_dict(service.settle())
    except BaseException:
        seats_of(request).forget(service.session_id, seat)
        raise
    seat.read_meter(db)


@router.post("/sessions/{session_id}/end", summary="Leave the table (every settled hand is already stored)")
def end(request: Request, session_id: SessionId, body: Action) -> JSONResponse:
    """The table as left, with ``stored``: true when the session is stored (every settled hand, a hand in play
    left pending: ``brag play --resume ID`` carries it on); false when it was removed instead, left before its
    first hand (:meth:`casino.service.TableService.end`): nothing is stored, nothing can be resumed, and the
    server lets its seat go at once, so the id, which the next session to sit down may be given, is never
    answered with this ended seat."""
    with _acting(request, session_id, body.seq) as (seat, db):
        record = seat.service.end("quit")
        seat.ended = "quit"
        seat.seq += 1
        answer = _json({**state(seat), "stored": record is not None})
        if record is None:  # removed: no session of this id is left to hold
            seats_of(request).forget(session_id, seat)
        return answer


@router.get("/sessions/{session_id}/hands", summary="The session's settled hands, each with its seed")
def hands(request: Request, session_id: SessionId) -> dict[str, Any]:
    from casino.db import store

    with seats_of(request).db() as db:
        record = _stored(db, session_id)
        last = store.last_round(session_id, session=db)
        # the last 200 hands only, read in a stream: a long session is not loaded to show its end
        rows = store.stream_hands(session_id, first=max(1, last - 199), session=db)
        return {"session": session_id, **_kind(store.settings_of(record)), "hands": [{
            "round_no": h.round_no, "commitment": h.commitment, "seed": h.seed, "dealer_cards": h.dealer_cards,
            "dealer_hand": h.dealer_hand, "qualifies": h.qualifies, "wagered": h.wagered, "net": h.net,
            "bankroll_after": h.bankroll_after} for h, _, _ in rows]}


@router.get("/sessions/{session_id}/verify", summary="Recompute every stored hand from its seed")
def verify(request: Request, session_id: SessionId) -> dict[str, Any]:
    """``checked``: the numbers of the hands recomputed, the first :data:`casino.db.verify.MAX_LISTED` of them
    (``hands_checked`` counts them all, ``more_checked`` those not listed): a long session's answer stays small.
    ``mismatches``: the first 50 (``more_mismatches`` counts the rest)."""
    from casino.db import store, verify as verifying

    with seats_of(request).db() as db:
        record = _stored(db, session_id)
        report = verifying.verify_session(session_id, session=db)
        kind = _kind(store.settings_of(record))
    listed = list(report.checked[: verifying.MAX_LISTED])
    return {"session": session_id, "ok": report.ok, **kind, "checked": listed, "hands_checked": len(report.checked),
            "more_checked": len(report.checked) - len(listed),
            "mismatches": [m.to_dict() for m in report.mismatches[:50]],
            "more_mismatches": max(0, len(report.mismatches) - 50) + report.more}
