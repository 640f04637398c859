"""``/api/classic``: traditional Brag in the browser, against the computer, on :mod:`casino.classic`.

The routes. The server holds one seat per session (:mod:`web.classic_seats`): the
:class:`~casino.classic.table.ClassicTable`, the computer players and the action number. The player is seat 0
("You"); after each of the player's actions the computer players act until it is the player's turn again or
the hand is over. What goes out is what the player may see (:func:`web.classic_view.state`).

No free re-deal, as at the terminal: every hand is stored as pending before any of its cards is shown, and
every action as it is taken (:mod:`web.classic_hands`). ``POST .../resume`` (a reload after a server restart)
carries on INTO a pending hand by the terminal's own rule (:func:`classic_store.resume_session`: the same
cards and antes, the actions so far replayed, the computer players then acting up to the player's turn); what
that rule refuses (a session over, its own row unreadable, a pending hand that does not check out) gets 409
with its line, exactly the line ``brag classic --resume`` prints. A stored value that cannot be read back gets
409 in every route (:class:`casino.db.database.UnreadableData`, as at the casino table).

Every route is a plain function, which FastAPI runs in its thread pool: computer players thinking, a hint
counting or simulating, a slow database never hold up another client's request. A seat's lock serialises the
requests for one session (:func:`web.errors.turn`: a hand is never dealt twice, an action never taken twice)
and a lock per session id its sitting down and resuming (:class:`web.classic_seats.ClassicSeats`).

Each settled hand is stored by :mod:`casino.db.classic_store` as ``brag classic`` stores it, so
``brag sessions`` lists web sessions and ``brag classic --resume ID`` carries one on (and the reverse, a
pending hand included). As at the casino table, every state-changing request carries ``seq`` and a replay gets 409.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints
from sqlmodel import Session

from casino.classic.rules import MAX_HANDS
from casino.errors import BragError
from casino.money import parse
from web import classic_hands as playing
from web.classic_seats import COMPUTER_NAMES, LINEUPS, ClassicSeat, ClassicSeats, seats_of
from web.classic_view import state
from web.exact_json import Amount, ExactRoute
from web.errors import SEQ_MAX, Conflict, NotFound, SessionId, check_id, first_seq, turn

__all__ = ["router", "ClassicSeat", "ClassicSeats"]

router = APIRouter(prefix="/api/classic", tags=["traditional Brag"], route_class=ExactRoute)

# strict, as the casino table's API: a JSON true, "1" or 1.0 is not an action number, a count or a choice (a 422
# saying so)
Seq = Annotated[StrictInt, Field(ge=0, le=SEQ_MAX, description="the session's action number, as last shown (replays get 409)")]


class NewClassic(BaseModel):
    """A seat at a traditional Brag table against 1-7 computer players (defaults: the rules file's)."""

    model_config = ConfigDict(extra="forbid")
    rules: Annotated[str, StringConstraints(min_length=1, max_length=60)] = "against-the-computer"
    opponents: Annotated[StrictInt, Field(ge=1, le=7)] | None = None
    chips: Amount | None = None
    ante: Amount | None = None
    hands: Annotated[StrictInt, Field(ge=1, le=MAX_HANDS)] | None = None
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
    hand: Annotated[StrictInt, Field(ge=1, le=2)] = 1
    keep: StrictBool | None = None


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: Seq


class VariantPick(BaseModel):
    """Dealer's choice: the variant the player picks for the circle their deal starts."""

    model_config = ConfigDict(extra="forbid")
    cards: Annotated[StrictInt, Field(ge=3, le=5)]
    wild: Annotated[str, StringConstraints(min_length=1, max_length=20)]
    blind: StrictBool


class NextHand(Step):
    """Deal the next hand; ``variant`` when the player deals the first hand of a circle (dealer's choice)."""

    variant: VariantPick | None = None


def _action(body: ClassicAction) -> Any:
    """The engine's action for the request (checked by the engine when played)."""
    from casino.classic import actions

    if body.action == "bet":
        if body.amount is None:
            raise BragError("a bet needs an amount: the chips you put in")
        return actions.Bet(parse(body.amount, "bet", any_fraction=True))
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


@contextmanager
def _db(request: Request) -> Iterator[Session]:
    with request.app.state.seats.db() as db:  # the same database as the casino table
        yield db


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
    from casino.db.database import UnreadableData

    listed, unreadable = [], []
    with _db(request) as db:
        for r in classic_store.list_sessions(session=db):
            try:  # one damaged row is left out (and named), never the whole list
                _, players = classic_store.seats_of(r)  # type: ignore[arg-type]  # the columns it reads
                # open, or left (Leave, q or Ctrl-C, a hand pending or not): not over for good, so it carries on
                if "you" in players and (r.ended_at is None or r.end_reason in classic_store.LEFT):
                    chips = amounts(r.chips, f"classic session {r.id}: chips", len(players))
                    listed.append((r, chips[players.index("you")], classic_store.counts_of(r)))
            except (*READ_ERRORS, UnreadableData):
                unreadable.append(r.id)
    from casino.db.queries import practice_of
    from casino.practice import PRACTICE_NOTE

    return {"sessions": [{"id": r.id, "rules": r.rules_name, "hands_played": counts[0], "hands": counts[1],
                          "chips": str(chips), "practice": practice_of(r.settings)} for r, chips, counts in listed[:50]],
            "practice_note": PRACTICE_NOTE, "unreadable": unreadable[:50]}


@router.post("/sessions", summary="Sit down at a traditional Brag table (stored at once)")
def create(request: Request, body: NewClassic) -> JSONResponse:
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.db import classic_store

    if body.rules.lower() not in _rules_names():  # built-in rules only: a request never names a file
        raise NotFound(f"no built-in rules {body.rules!r} (rules: {', '.join(_rules_names())})")
    rules = load_rules(body.rules.lower())
    changes = {k: str(parse(v, k, any_fraction=True)) for k, v in (("chips", body.chips), ("ante", body.ante)) if v is not None}
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
        seats = seats_of(request)
        with seats.opening.hold(record.id):  # a resume of the new id (a guess) cannot seat it twice
            held = seats.get(record.id)
            if held is not None:  # that resume's seat, still open: the same session
                with held.lock:
                    if not held.ended and not held.dropped:
                        return JSONResponse(state(held))
            seat = ClassicSeat(table, record.id, 0, players, limit, body.seed)
            with seat.lock:  # held before the seat is published: nobody acts before its first hand is dealt
                seats.put(seat)  # an ended seat held for the id (another session's, its id given again) is let go
                playing.start_hand(seat, seats, db)  # on record (pending) before any card goes out
                playing.play_computers(seat, seats, db)
                return JSONResponse(state(seat))


@router.post("/sessions/{session_id}/resume", summary="Carry on a stored session (from any front end)")
def resume(request: Request, session_id: SessionId) -> JSONResponse:
    check_id(session_id)
    from casino.db import classic_store
    from casino.db.database import StoreError

    seats = seats_of(request)
    with seats.opening.hold(session_id):  # two resumes of one session: the second finds the first's seat
        held = seats.get(session_id)
        if held is not None:
            with held.lock:
                if not held.ended and not held.dropped:
                    return JSONResponse(state(held))
        with _db(request) as db:
            try:  # the terminal's rule (classic_store.resume_session): into the pending hand, if it checks out
                resumed = classic_store.resume_session(session_id, session=db, player=True)
            except classic_store.NoClassicSession as error:
                raise NotFound(str(error)) from None
            except StoreError as error:  # over, unreadable, a pending hand that does not check out: one line
                raise Conflict(str(error)) from None
            table, players, record, seed = resumed.table, resumed.players, resumed.record, resumed.seed
            # never an earlier seat's numbers: a replay stays refused; a hand resumed in the middle starts the
            # computer players' chance afresh here, as the terminal's resume does (ClassicSeat.new_chance)
            seat = ClassicSeat(table, session_id, players.index("you"), players, record.hand_limit, seed,
                               seq=first_seq())
            with seat.lock:  # held before the seat is published: no request acts on it half resumed
                seats.put(seat)  # an ended seat held for the id is let go
                if table.state is not None:  # stopped with a computer player to act (or the hand over): on from there
                    playing.play_computers(seat, seats, db)
                return JSONResponse(state(seat))


def _seat(request: Request, session_id: int) -> ClassicSeat:
    check_id(session_id)
    seat = seats_of(request).get(session_id)
    if seat is None:
        raise NotFound(f"classic session {session_id} is not open at this server: resume it or start one")
    return seat


@contextmanager
def _acting(request: Request, session_id: int, seq: int) -> Iterator[tuple[ClassicSeat, Session]]:
    seat = _seat(request, session_id)
    with turn(seat, f"classic session {session_id}", seq), _db(request) as db:  # 404 if dropped meanwhile
        yield seat, db


@router.get("/sessions/{session_id}", summary="What the player sees now")
def show(request: Request, session_id: SessionId) -> JSONResponse:
    check_id(session_id)
    seat = _seat(request, session_id)
    with seat.lock:
        if seat.dropped:
            raise NotFound(f"classic session {session_id} is not open at this server: resume it")
        return JSONResponse(state(seat))


@router.post("/sessions/{session_id}/act", summary="The player's action; the computer players answer")
def act(request: Request, session_id: SessionId, body: ClassicAction) -> JSONResponse:
    check_id(session_id)
    with _acting(request, session_id, body.seq) as (seat, db):
        table = seat.table
        if table.state is None:
            raise Conflict("no hand in play: deal the next hand first")
        if table.to_act != seat.you:
            raise Conflict("it is not your turn")
        playing.act(seat, seats_of(request), db, _action(body))  # IllegalAction (a BragError) names the rule: 400
        playing.play_computers(seat, seats_of(request), db)
        seat.seq += 1
        return JSONResponse(state(seat))


@router.get("/sessions/{session_id}/hint", summary="The terminal's h: your chance of beating those still in, and the expert")
def hint(request: Request, session_id: SessionId) -> JSONResponse:
    """Counted over the cards your seat has not seen (:func:`casino.classic.hint.seat_chances`), plus what
    the computed expert would do in your seat when it is your turn (:func:`~casino.classic.opponents.seat.expert_hint`)."""
    from casino.classic.hint import NoHint, best_three_note, seat_chances
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
                             "reason": reason, "expert": expert,
                             "counted_for": None if reason else best_three_note(view, table.ranker)})


@router.post("/sessions/{session_id}/next", summary="Deal the next hand")
def next_hand(request: Request, session_id: SessionId, body: NextHand) -> JSONResponse:
    from casino.classic.choice import Variant
    from casino.db import classic_store

    with _acting(request, session_id, body.seq) as (seat, db):
        if seat.table.state is not None:
            raise Conflict(f"hand {seat.table.hand_no} is still in play")
        if body.variant is not None:  # dealer's choice: the pick on record before the deal (a resume deals with it)
            pick = body.variant
            seat.table.pick_variant(Variant(pick.cards, pick.wild, pick.blind))  # IllegalAction: 400, nothing stored
            playing.write(seat, seats_of(request), db, "the variant you picked",
                          lambda: classic_store.save_pick(seat.session_id, seat.table, session=db))
        playing.start_hand(seat, seats_of(request), db)  # on record (pending) before any card goes out
        playing.play_computers(seat, seats_of(request), db)
        seat.seq += 1
        return JSONResponse(state(seat))


@router.post("/sessions/{session_id}/end", summary="Leave the table (settled hands are stored)")
def end(request: Request, session_id: SessionId, body: Step) -> JSONResponse:
    from casino.db import classic_store

    with _acting(request, session_id, body.seq) as (seat, db):
        if seat.table.state is not None:
            raise Conflict("finish this hand first (fold if you want out)")
        classic_store.end_session(seat.session_id, "quit", session=db)
        seat.ended = "quit"
        seat.seq += 1
        return JSONResponse(state(seat))


@router.get("/sessions/{session_id}/hands", summary="The session's settled hands, each with its seed once it may be shown")
def hands(request: Request, session_id: SessionId) -> dict[str, Any]:
    """The last 200 settled hands: each one's commitment (shown before its deal), and its seed, pack order and
    ``tail`` (hex: with dealer's choice the hand's variant, else empty): SHA-256 of the three is the commitment
    (docs/classic-brag.md) — ``null`` for the hands whose pack is still dealt from (:func:`casino.db.classic_store.sealed_from`; ``sealed_from`` names the first, ``sealed`` says why)."""
    check_id(session_id)
    from casino.db import classic_store
    from casino.db.database import StoreError

    with _db(request) as db:
        try:
            record = classic_store.get_session(session_id, session=db)
        except StoreError as error:
            raise NotFound(str(error)) from None
        rows = classic_store.hands_of(session_id, session=db)
        sealed = classic_store.sealed_from(record, rows)
        shown = rows[-200:]
        return {"session": session_id, "sealed_from": sealed,
                "sealed": None if sealed is None else classic_store.SEALED_NOTE,
                "hands": [{"hand_no": row.hand_no, "commitment": row.commitment, "shuffled": row.shuffled,
                           **({"seed": None, "pack": None, "tail": None} if sealed is not None and row.hand_no >= sealed
                              else {"seed": row.seed, "pack": json.loads(row.pack), "tail": classic_store.commitment_tail(row).hex()})}
                          for row in shown]}


@router.get("/sessions/{session_id}/verify", summary="Check every stored hand against its commitment")
def verify(request: Request, session_id: SessionId) -> dict[str, Any]:
    check_id(session_id)
    from casino.db import classic_store
    from casino.db.database import StoreError, UnreadableData

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
        except UnreadableData:
            raise  # 409, as everywhere (web.errors)
        except StoreError as error:
            raise NotFound(str(error)) from None
    from casino.db.queries import practice_of
    from casino.practice import FAIR_NOTE, PRACTICE_NOTE

    practice = practice_of(settings)  # None: the stored settings cannot be read (never shown as fair play)
    note = {True: PRACTICE_NOTE, False: FAIR_NOTE}.get(practice, "the stored settings cannot be read")  # type: ignore[arg-type]
    return {"session": session_id, "ok": not problems, "hands": hands, "problems": problems[:50],
            "practice": practice, "deal_note": note, "pending": summary, "head": report.head}
