"""``/api/classic``: traditional Brag in the browser, against the computer, on :mod:`casino.classic`.

The server holds one :class:`ClassicSeat` per session: the :class:`~casino.classic.table.ClassicTable`
(it alone holds the pack), the computer players and the action number. The player is seat 0 ("You");
after each of the player's actions the computer players act until it is the player's turn again or the
hand is over. What goes out is :meth:`ClassicTable.view` of the player's seat — the player's own cards
once looked at, every seat's public state, the pot and side pots, the public events — and, after a
hand, its public events (the showdown's hands, who won which pot) and the seed. Nobody else's cards
are sent unless they were shown at a showdown.

No free re-deal, as at the terminal: a hand is stored as *pending* (:func:`classic_store.start_pending`:
its seed and pack commitment) in the request that deals it, before the response shows any card; every
action, the player's and the computer players', is added as it is taken (:func:`classic_store.record_action`);
:func:`classic_store.save_hand` settles it and removes the pending record in one transaction. If a write
fails the seat is dropped from memory and the request answers an error, so nothing the database does not
hold is ever shown. ``POST .../resume`` (a reload after a server restart) carries on INTO a pending hand
(:func:`classic_store.resume_table`: the same cards and antes, the actions so far replayed, the computer
players then acting up to the player's turn); a pending hand that does not verify gets 409 with verify's line.

Each settled hand is stored by :mod:`casino.db.classic_store` as ``brag classic`` stores it, so
``brag sessions`` lists web sessions and ``brag classic --resume ID`` carries one on (and the reverse, a
pending hand included). As at the casino table, every state-changing request carries ``seq`` and a replay gets 409.
"""

from __future__ import annotations

import json
import logging
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints
from sqlmodel import Session

from casino.errors import BragError
from web.errors import Conflict, NotFound, WebError, turn

__all__ = ["router", "ClassicSeat"]

log = logging.getLogger("brag.web")

router = APIRouter(prefix="/api/classic", tags=["traditional Brag"])

#: The computer players' names, seat 1 onwards (seat 0 is the player).
COMPUTER_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
#: Who sits in the computer seats, by the lobby's choice: the characters of :mod:`casino.classic.opponents`
#: in turn, the expert alone, or the engine's simple rule-based player.
LINEUPS = {
    "mixed": ("steady", "loose", "cautious", "bluffer", "expert", "steady", "loose"),
    "experts": ("expert",) * 7,
    "simple": ("simple",) * 7,
}
#: A JSON true/false is let through (not read as 1/0) so that :func:`_amount` refuses it in one line (400).
Amount = Annotated[str, StringConstraints(min_length=1, max_length=30)] | int | StrictBool
Seq = Annotated[int, Field(ge=0, le=10**9, description="the session's action number, as last shown (replays get 409)")]


class NewClassic(BaseModel):
    """A seat at a traditional Brag table against 1-7 computer players (defaults: the rules file's)."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, StringConstraints(min_length=1, max_length=60)] = "against-the-computer"
    opponents: Annotated[int, Field(ge=1, le=7)] | None = None
    chips: Amount | None = None
    ante: Amount | None = None
    hands: Annotated[int, Field(ge=1, le=1000)] | None = None
    seed: Annotated[str, StringConstraints(max_length=200)] | None = None
    players: Literal["mixed", "experts", "simple"] = "mixed"


class ClassicAction(BaseModel):
    """One of the player's actions: ``look``, ``bet`` (with ``amount``: the chips put in), ``fold``,
    ``see``, ``cover``, ``discard`` (with ``cards``), ``choose`` (``keep``: the seen hand or not),
    ``show`` (agree to a showdown), ``keep`` (``keep``: a blind winner keeps the hand or not)."""

    model_config = ConfigDict(extra="forbid")
    seq: Seq
    action: Literal["look", "bet", "fold", "see", "cover", "discard", "choose", "show", "keep"]
    amount: Amount | None = None
    cards: Annotated[list[Annotated[str, StringConstraints(max_length=4)]], Field(max_length=5)] | None = None
    hand: Annotated[int, Field(ge=1, le=2)] = 1
    keep: bool | None = None


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: Seq


def _amount(value: str | int, what: str) -> Fraction:
    """A player's amount, bounded before it is built (``1e999999999`` would block the event loop)."""
    from casino.errors import BetError
    from casino.money import parse

    if isinstance(value, bool):
        raise BetError(f"the {what} must be a number, not {str(value).lower()}")
    return parse(value, what)  # a BetError (400) when it is not 0 to 1,000,000,000 in at most 30 places


def _action(body: ClassicAction) -> Any:
    """The engine's action for the request (checked by the engine when played)."""
    from casino.classic import actions

    if body.action == "bet":
        if body.amount is None:
            raise BragError("a bet needs an amount: the chips you put in")
        return actions.Bet(_amount(body.amount, "bet"))
    if body.action == "discard":
        from casino.cards import parse_cards_with_jokers

        if not body.cards:
            raise BragError("a discard names the cards thrown away")
        return actions.Discard(tuple(c.index for c in parse_cards_with_jokers(" ".join(body.cards))))
    if body.action in ("choose", "keep"):
        if body.keep is None:
            raise BragError(f"'{body.action}' needs keep: true or false")
        return actions.Choose(body.keep) if body.action == "choose" else actions.Keep(body.keep)
    if body.action == "look":
        return actions.Look(body.hand - 1)
    return {"fold": actions.Fold(), "see": actions.See(), "cover": actions.Cover(),
            "show": actions.AgreeShowdown()}[body.action]


# -- the seats --------------------------------------------------------------------------------------------


@dataclass
class ClassicSeat:
    """One traditional Brag session held by the server."""

    table: Any  # casino.classic.table.ClassicTable
    session_id: int
    you: int
    players: list[str]
    limit: int
    seed: str | None
    seq: int = 0
    finished: dict[str, Any] | None = None  # the last settled hand, as the player may see it
    ended: str | None = None
    dropped: bool = False  # a store write failed: the database, not this seat, holds the session now
    lock: threading.Lock = field(default_factory=threading.Lock)

    def computer(self, seat: int) -> Any:
        """The computer player in ``seat``: the character stored for it, or the simple player."""
        kind = self.players[seat]
        if kind != "simple":
            try:
                from casino.classic.opponents.seat import CharacterOpponent

                return CharacterOpponent(kind)
            except (ImportError, BragError, KeyError, ValueError):  # not a character this version knows
                pass
        from casino.classic.view import SimpleOpponent

        return SimpleOpponent()

    def rng(self) -> random.Random:
        """The computer players' chance, seeded per hand as ``brag classic`` seeds it (a seeded game replays)."""
        return random.Random(f"{self.session_id}-{self.table.hand_no}-{self.seed}")


class ClassicSeats:
    """Every traditional Brag session this server holds."""

    def __init__(self) -> None:
        self._seats: dict[int, ClassicSeat] = {}
        self._lock = threading.Lock()

    def get(self, session_id: int) -> ClassicSeat | None:
        with self._lock:
            return self._seats.get(session_id)

    def put(self, seat: ClassicSeat) -> ClassicSeat:
        with self._lock:
            if len(self._seats) > 2000:
                for key in [k for k, s in self._seats.items() if s.ended][:500]:
                    del self._seats[key]
            self._seats[seat.session_id] = seat
            return seat

    def forget(self, seat: ClassicSeat) -> None:
        """Drop ``seat`` (a store write failed): the next resume reads the session back from the database."""
        seat.dropped = True
        with self._lock:
            if self._seats.get(seat.session_id) is seat:
                del self._seats[seat.session_id]


def _seats(request: Request) -> ClassicSeats:
    return request.app.state.classic_seats


@contextmanager
def _db(request: Request) -> Iterator[Session]:
    with request.app.state.seats.db() as db:  # the same database as the casino table
        yield db


# -- playing ----------------------------------------------------------------------------------------------


class NotStored(WebError):
    """A store write failed: the seat is dropped and nothing it was about to show goes out."""

    status = 503


def _write(seat: ClassicSeat, seats: ClassicSeats, db: Session, what: str, write: Callable[[], Any]) -> None:
    """Run one :mod:`casino.db.classic_store` write of ``seat``'s hand; if it fails, drop the seat (the
    database holds the session as it was before the write) and answer an error — 409 when the stored session
    has moved on (a :class:`StoreError`, say another front end carried the hand on), else 503."""
    from casino.db.database import StoreError

    try:
        write()
    except Exception as error:  # noqa: BLE001 - any failure to store means nothing more is shown
        try:
            db.rollback()
        except Exception:  # noqa: BLE001 - the connection itself may be gone
            pass
        seats.forget(seat)
        n = seat.session_id
        if isinstance(error, StoreError):
            raise Conflict(f"classic session {n}: {what} could not be stored ({error}); resume the session") from None
        log.exception("classic session %s: storing %s failed", n, what)
        raise NotStored(f"classic session {n}: {what} could not be stored ({error.__class__.__name__}); nothing of it "
                        "was shown: resume the session") from None


def _start_hand(seat: ClassicSeat, seats: ClassicSeats, db: Session) -> None:
    """Deal the next hand and store it as pending (its seed and commitment) before anything of it is shown."""
    from casino.db import classic_store

    seat.table.start_hand()
    _write(seat, seats, db, f"hand {seat.table.hand_no}",
           lambda: classic_store.start_pending(seat.session_id, seat.table, session=db))


def _act(seat: ClassicSeat, seats: ClassicSeats, db: Session, action: Any) -> None:
    """``action`` by the seat to act, then added to the pending hand (a resume replays it)."""
    from casino.db import classic_store

    table = seat.table
    to_act = table.to_act
    table.act(action)  # IllegalAction (a BragError) names the rule: 400, nothing stored
    _write(seat, seats, db, f"hand {table.hand_no}'s action",
           lambda: classic_store.record_action(seat.session_id, to_act, action, session=db, hand_no=table.hand_no,
                                               played=table.state.actions))


def _play_computers(seat: ClassicSeat, seats: ClassicSeats, db: Session) -> None:
    """The computer players act (each action stored) until it is the player's turn or the hand is over
    (then it is settled)."""
    table = seat.table
    rng = seat.rng()
    while not table.hand_done and table.to_act != seat.you:
        to_act = table.to_act
        _act(seat, seats, db, seat.computer(to_act).decide(table.view(to_act), table.legal_actions(), rng))
    if table.hand_done:
        _write(seat, seats, db, f"hand {table.hand_no}", lambda: _settle(seat, db))


def _settle(seat: ClassicSeat, db: Session) -> None:
    """End the hand, store it, keep what the player may see of it; end the session when it is over."""
    from casino.classic.referee import event_text
    from casino.classic.view import public_events
    from casino.db import classic_store

    table = seat.table
    before = list(table.chips)
    record = table.end_hand()
    classic_store.save_hand(seat.session_id, record, table, session=db)
    from casino.classic.actions import PotWon, Shown

    events = public_events(record.events, seat.you)
    shown = [{"name": table.names[e.seat], "seat": e.seat, "cards": _cards(e.kept), "discards": _cards(e.discards),
              "hand": e.hand} for e in events if isinstance(e, Shown)]
    won = [{"name": table.names[e.seat], "seat": e.seat, "pot": e.pot, "amount": str(e.amount),
            "shared": bool(getattr(e, "shared", False))} for e in events if isinstance(e, PotWon)]
    seat.finished = {
        "hand_no": record.hand_no, "commitment": record.commitment, "seed": record.seed.hex(), "sealed": None,
        "showdown": record.showdown, "shown": shown, "won": won,
        "log": [t for t in (event_text(e, table.names) for e in events) if t],
        "chips": [{"name": n, "before": str(b), "after": str(a), "net": str(a - b)}
                  for n, b, a in zip(table.names, before, table.chips)],
        "summary": classic_store.summary_line(record),
        "kept_blind": record.kept_blind >= 0 and record.seats[record.kept_blind] == seat.you,
    }
    reason = None
    if table.hand_no >= seat.limit:
        reason = "hands"
    elif not table.can_deal() or table.chips[seat.you] < table.rules.ante:
        reason = "bust"
    if classic_store.still_dealt_from(table.rules.shuffle, reason, record.prial_won):
        # the next deal comes off this pack: its seed would tell every card to come (see sealed_from)
        seat.finished["seed"], seat.finished["sealed"] = None, classic_store.SEALED_NOTE
    if reason is not None:
        classic_store.end_session(seat.session_id, reason, session=db)
        seat.ended = reason


def _cards(indices: Any) -> list[str]:
    from casino.cards import card_from_index

    out = []
    for i in indices or ():
        card = card_from_index(int(i))
        out.append(card.ascii() if hasattr(card, "ascii") else "Jk")
    return out


def _legal(legal: Any) -> dict[str, Any]:
    """What the player may do now, as the page's buttons."""
    def amount(value: Any) -> str | None:
        return None if value is None else str(value)

    return {
        "look": [h + 1 for h in legal.look], "discard": legal.discard, "choose": legal.choose, "fold": legal.fold,
        "bet_min": amount(legal.bet_min), "bet_max": amount(legal.bet_max),
        "bet_choices": None if legal.bet_choices is None else [str(c) for c in legal.bet_choices],
        "see": amount(legal.see_cost), "cover": amount(legal.cover), "show": legal.agree_showdown,
        "borrow": legal.borrow, "keep": legal.keep,
    }


def _kind(settings: Any) -> dict[str, Any]:
    """``practice`` (a session seeded from text: every pack foreseeable, never fair play) and the words for it."""
    from casino.practice import deal_note, is_practice

    return {"practice": is_practice(settings), "deal_note": deal_note(settings)}


def state(seat: ClassicSeat) -> dict[str, Any]:
    """The table as the player may see it."""
    from casino.classic.referee import event_text

    table = seat.table
    data: dict[str, Any] = {
        "session": seat.session_id, "seq": seat.seq, "rules": table.rules.to_dict(), "you": seat.you,
        "hand_no": table.hand_no, "hands": seat.limit, "ended": seat.ended, "last": seat.finished,
        "players": seat.players,
        "in_hand": table.state is not None,
        **_kind({"seed": seat.seed}),
    }
    if table.state is None:  # between hands
        data["seats"] = [{"name": n, "chips": str(c), "status": "", "put_in": "0", "last_action": "", "hands": 0,
                          "you": i == seat.you, "dealer": i == table.dealer, "to_act": False}
                         for i, (n, c) in enumerate(zip(table.names, table.chips))]
        data["can_deal"] = seat.ended is None
        return data
    view = table.view(seat.you)
    yours = table.to_act == seat.you
    data.update({
        "commitment": table._record.commitment if table._record is not None else None,  # shown before any look
        "seats": [{"name": s.name, "chips": str(s.chips), "status": s.status, "put_in": str(s.put_in),
                   "last_action": s.last_action, "hands": s.hands, "you": i == seat.you, "dealer": i == view.dealer,
                   "to_act": i == view.to_act} for i, s in enumerate(view.seats)],
        "cards": _cards(view.cards) if view.cards is not None else None,  # None: you are blind
        "kept": _cards(view.kept) if view.kept is not None else None,
        "stake": str(view.stake), "pot": str(view.pot), "pots": [str(p) for p in view.pots],
        "minimum_bet": str(view.minimum_bet), "see_cost": str(view.see_cost),
        "log": [t for t in (event_text(e, table.names) for e in view.history) if t],
        "legal": _legal(table.legal_actions()) if yours else None,
        "can_deal": False,
    })
    return data


# -- routes -----------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _rules_names() -> tuple[str, ...]:
    from casino.classic.rules import builtin_rules

    return tuple(builtin_rules())


@router.get("/rules", summary="The built-in rules a table can be opened with")
def rules() -> dict[str, Any]:
    from casino.classic.rules import load_rules

    return {"rules": [{**load_rules(name).to_dict(), "key": name} for name in _rules_names()]}


@router.get("/sessions", summary="Stored sessions a player can carry on (from every front end)")
def sessions(request: Request) -> dict[str, Any]:
    from casino.db import classic_store
    from casino.db.classic_rows import READ_ERRORS, amounts
    from casino.db.database import StoreError

    listed, unreadable = [], []
    with _db(request) as db:
        for r in classic_store.list_sessions(session=db):
            try:  # one damaged row is left out (and named), never the whole list
                _, players = classic_store.seats_of(r)  # type: ignore[arg-type]  # the columns it reads
                open_now = "you" in players and (  # open, or left mid-hand at the terminal
                    r.ended_at is None or (r.end_reason in ("quit", "interrupted")
                                           and classic_store.pending_of(r.id, session=db) is not None))
                if open_now:
                    chips = amounts(r.chips, f"classic session {r.id}: chips", len(players))
                    listed.append((r, chips[players.index("you")]))
            except READ_ERRORS + (StoreError,):
                unreadable.append(r.id)
    from casino.db.queries import practice_of
    from casino.practice import PRACTICE_NOTE

    return {"sessions": [{"id": r.id, "rules": r.rules_name, "hands_played": r.hands_played, "hands": r.hand_limit,
                          "chips": str(chips), "practice": practice_of(r.settings)} for r, chips in listed[:50]],
            "practice_note": PRACTICE_NOTE, "unreadable": unreadable[:50]}


@router.post("/sessions", summary="Sit down at a traditional Brag table (stored at once)")
async def create(request: Request, body: NewClassic) -> JSONResponse:
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.db import classic_store

    if body.rules.lower() not in _rules_names():  # built-in rules only: a request never names a file
        raise NotFound(f"no built-in rules {body.rules!r} (rules: {', '.join(_rules_names())})")
    rules = load_rules(body.rules.lower())
    changes = {k: str(_amount(v, k)) for k, v in (("chips", body.chips), ("ante", body.ante)) if v is not None}
    if changes:
        rules = rules.with_changes(**changes)
    count = body.opponents if body.opponents is not None else rules.opponents
    limit = body.hands if body.hands is not None else rules.hands
    names = ["You", *COMPUTER_NAMES[:count]]
    players = ["you", *LINEUPS[body.players][:count]]
    table = ClassicTable(rules, names, seed=body.seed)
    with _db(request) as db:
        record = classic_store.create_session(rules, names, players, limit, {"seed": body.seed, "auto": False,
                                                                           "front_end": "web"}, session=db)
        assert record.id is not None  # stored: the database gave it an id
        seats = _seats(request)
        seat = seats.put(ClassicSeat(table, record.id, 0, players, limit, body.seed))
        with seat.lock:
            _start_hand(seat, seats, db)  # on record (pending) before any card goes out
            _play_computers(seat, seats, db)
            return JSONResponse(state(seat))


@router.post("/sessions/{session_id}/resume", summary="Carry on a stored session (from any front end)")
async def resume(request: Request, session_id: int) -> JSONResponse:
    from casino.db import classic_store
    from casino.db.database import StoreError

    held = _seats(request).get(session_id)
    if held is not None and not held.ended:
        with held.lock:
            return JSONResponse(state(held))
    with _db(request) as db:
        try:
            record = classic_store.get_session(session_id, session=db)
        except StoreError as error:
            raise NotFound(str(error)) from None
        pending = classic_store.pending_of(session_id, session=db)
        stopped = record.end_reason in ("quit", "interrupted") and pending is not None  # q or Ctrl-C mid-hand
        if record.ended_at is not None and not stopped:
            raise Conflict(f"classic session {session_id} has ended ({record.end_reason}); start a new one")
        try:
            _, players = classic_store.seats_of(record)
            seed = classic_store.settings_of(record).get("seed")
        except StoreError as error:  # a stored record that cannot be read: one line, never a 500
            raise Conflict(f"{error}; it is not played on") from None
        if "you" not in players:
            raise Conflict(f"classic session {session_id} is all computer players (--auto): nothing to play")
        if pending is not None:  # no free re-deal: carried on INTO the pending hand, if it verifies
            from casino.db.classic_verify import check_classic

            problems = list(check_classic(session_id, pending.hand_no, session=db).problems)  # and its chain
            if problems:
                raise Conflict(f"classic session {session_id}: {problems[0]}; it is not dealt again "
                               f"(see 'brag verify {session_id} --classic')")
        try:  # the pending hand dealt again from its stored seed, its actions replayed (checked again)
            table = classic_store.resume_table(record, session=db)
        except StoreError as error:
            raise Conflict(str(error)) from None
        if stopped:  # left at the terminal with its hand pending: open again, as 'brag classic --resume' does
            classic_store.reopen_session(session_id, session=db)
        seats = _seats(request)
        seat = seats.put(ClassicSeat(table, session_id, players.index("you"), players, record.hand_limit, seed))
        with seat.lock:
            if table.state is not None:  # stopped with a computer player to act (or the hand over): on from there
                _play_computers(seat, seats, db)
            return JSONResponse(state(seat))


def _seat(request: Request, session_id: int) -> ClassicSeat:
    seat = _seats(request).get(session_id)
    if seat is None:
        raise NotFound(f"classic session {session_id} is not open at this server: resume it or start one")
    return seat


@contextmanager
def _acting(request: Request, session_id: int, seq: int) -> Iterator[tuple[ClassicSeat, Session]]:
    seat = _seat(request, session_id)
    with turn(seat, f"classic session {session_id}", seq), _db(request) as db:
        if seat.dropped:  # a write failed while this request waited: the database holds the session now
            raise NotFound(f"classic session {session_id} is not open at this server: resume it")
        yield seat, db


@router.get("/sessions/{session_id}", summary="What the player sees now")
async def show(request: Request, session_id: int) -> JSONResponse:
    seat = _seat(request, session_id)
    with seat.lock:
        if seat.dropped:
            raise NotFound(f"classic session {session_id} is not open at this server: resume it")
        return JSONResponse(state(seat))


@router.post("/sessions/{session_id}/act", summary="The player's action; the computer players answer")
async def act(request: Request, session_id: int, body: ClassicAction) -> JSONResponse:
    with _acting(request, session_id, body.seq) as (seat, db):
        table = seat.table
        if table.state is None:
            raise Conflict("no hand in play: deal the next hand first")
        if table.to_act != seat.you:
            raise Conflict("it is not your turn")
        _act(seat, _seats(request), db, _action(body))  # IllegalAction (a BragError) names the rule: 400
        _play_computers(seat, _seats(request), db)
        seat.seq += 1
        return JSONResponse(state(seat))


@router.get("/sessions/{session_id}/hint", summary="The terminal's h: your chance of beating those still in, and the expert")
async def hint(request: Request, session_id: int) -> JSONResponse:
    """Counted over the cards your seat has not seen (:func:`casino.classic.hint.seat_chances`), plus what
    the computed expert would do in your seat when it is your turn (:func:`~casino.classic.opponents.seat.expert_hint`)."""
    from casino.classic.hint import NoHint, seat_chances
    from casino.classic.opponents.seat import expert_hint

    seat = _seat(request, session_id)
    with seat.lock:
        table = seat.table
        if table.state is None:
            raise Conflict("no hand in play: deal the next hand first")
        view = table.view(seat.you)
        try:
            chances = [{"opponents": c.opponents, "beat": float(c.beat), "exact_beat": str(c.beat), "exact": c.exact,
                        "deals": c.deals, "margin": c.margin} for c in seat_chances(view, table.ranker, table.rules.pack_size)]
            reason = None
        except NoHint as why:
            chances, reason = [], str(why)
        expert = expert_hint(view, table.legal_actions()) if table.to_act == seat.you else None
        return JSONResponse({"session": session_id, "hand_no": table.hand_no, "chances": chances,
                             "reason": reason, "expert": expert})


@router.post("/sessions/{session_id}/next", summary="Deal the next hand")
async def next_hand(request: Request, session_id: int, body: Step) -> JSONResponse:
    with _acting(request, session_id, body.seq) as (seat, db):
        if seat.table.state is not None:
            raise Conflict(f"hand {seat.table.hand_no} is still in play")
        _start_hand(seat, _seats(request), db)  # on record (pending) before any card goes out
        _play_computers(seat, _seats(request), db)
        seat.seq += 1
        return JSONResponse(state(seat))


@router.post("/sessions/{session_id}/end", summary="Leave the table (settled hands are stored)")
async def end(request: Request, session_id: int, body: Step) -> JSONResponse:
    from casino.db import classic_store

    with _acting(request, session_id, body.seq) as (seat, db):
        if seat.table.state is not None:
            raise Conflict("finish this hand first (fold if you want out)")
        classic_store.end_session(seat.session_id, "quit", session=db)
        seat.ended = "quit"
        seat.seq += 1
        return JSONResponse(state(seat))


@router.get("/sessions/{session_id}/verify", summary="Check every stored hand against its commitment")
def verify(request: Request, session_id: int) -> dict[str, Any]:
    from casino.db import classic_store
    from casino.db.database import StoreError

    with _db(request) as db:
        try:
            from casino.db.classic_verify import check_classic

            report = check_classic(session_id, session=db)  # the recomputation and the hash chain
            problems = list(report.problems)
            hands = report.hands
            settings = classic_store.get_session(session_id, session=db).settings
            pending = classic_store.pending_of(session_id, session=db)  # started, not settled: never counted
            summary = None if pending is None else {**classic_store.pending_summary(pending),
                                                    "line": classic_store.pending_line(session_id, pending)}
        except StoreError as error:
            raise NotFound(str(error)) from None
    from casino.db.queries import practice_of
    from casino.practice import FAIR_NOTE, PRACTICE_NOTE

    practice = practice_of(settings)  # None: the stored settings cannot be read (never shown as fair play)
    note = {True: PRACTICE_NOTE, False: FAIR_NOTE}.get(practice, "the stored settings cannot be read")  # type: ignore[arg-type]
    return {"session": session_id, "ok": not problems, "hands": hands, "problems": problems[:50],
            "practice": practice, "deal_note": note, "pending": summary, "head": report.head}
