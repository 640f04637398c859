"""``/api/table``: casino sessions in the browser, on :class:`casino.service.TableService`.

The server holds one :class:`Seat` per session id: the service (its :class:`~casino.sitting.Sitting`
holds the deck), a lock, and the number of the next action — a bounded number of them (:mod:`web.holding`:
ended and idle sessions are let go; a resume reads them back). What goes out is only what the player may
see: before the settlement a round shows the player's boxes (and the dealer's face-up card where the
game deals one), never the dealer's other cards or the seed; the seed's SHA-256 commitment is shown
before the deal and the seed after the settlement. Every state-changing request carries ``seq``, the
action number the page last saw: a request whose ``seq`` is not the session's current one is refused
with 409, so a request sent twice (a double click, a replayed POST) cannot deal or settle twice.

The routes that act on a session are ``async``: each runs to its end on the event loop, without a thread
hop (SQLite writes of one hand take a millisecond or two), which keeps latency low with many sessions.

A hand is stored as pending when it is dealt, before its cards go out (the service's pending-hand
protocol): a reload shows the seat's hand in play, and after a server restart ``POST .../resume`` deals
that same hand again (same cards, same bets) rather than a new one; leaving with a hand in play leaves it
pending. Sessions are stored as ``brag play`` stores them (one transaction per settled hand): ``brag sessions``
lists them, ``brag play --resume ID`` continues one started here, and ``POST .../resume`` continues
one started at the terminal.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints
from sqlmodel import Session

from casino.errors import BetError
from casino.events import BoxBets, exact
from casino.games import Game, builtin_games, load_game
from casino.money import amount_text
from web.errors import Conflict, NotFound, WebError, turn
from web.holding import IDLE_SECONDS, MAX_SEATS, Held

__all__ = ["router", "Seat", "Seats"]

router = APIRouter(prefix="/api/table", tags=["casino table"])

#: An amount as text (``"5"``, ``"2.5"``, ``"5/2"``) or a JSON number. A JSON true/false is let through
#: (pydantic would read it as 1/0) so that :func:`_amount` refuses it in one line (400).
Amount = Annotated[str, StringConstraints(min_length=1, max_length=30)] | int | StrictBool
# strict: a JSON true, "1" or 1.0 is not an action number, a box or a decision (a 422 saying so)
Seq = Annotated[StrictInt, Field(ge=0, le=10**9, description="the session's action number, as last shown (replays get 409)")]
Box = Annotated[StrictInt, Field(ge=1, le=6)]


# -- request bodies --------------------------------------------------------------------------------------


class Stake(BaseModel):
    """One box's bets: Ante, Pair Plus and side bets by name (``{"prime": "2"}``)."""

    model_config = ConfigDict(extra="forbid")
    box: Box
    ante: Amount = "0"
    pair_plus: Amount = "0"
    side: Annotated[dict[Annotated[str, StringConstraints(max_length=30)], Amount], Field(max_length=8)] = {}

    def bets(self) -> BoxBets:
        return BoxBets(self.box, _amount(self.ante, "Ante"), _amount(self.pair_plus, "Pair Plus"),
                       {name: _amount(v, name.replace("_", " ")) for name, v in self.side.items()})


class NewSession(BaseModel):
    """A seat at a built-in game's table."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, StringConstraints(min_length=1, max_length=60)] = "3-card-brag"
    bankroll: Amount = "100"
    seed: Annotated[str, StringConstraints(max_length=200)] | None = None  # practice: the text decides every deck
    client_seed: Annotated[str, StringConstraints(min_length=1, max_length=200)] | None = None  # mixed into fair seeds
    stakes: Annotated[list[Stake], Field(min_length=1, max_length=6)] = [Stake(box=1, ante="1")]
    hints: StrictBool = True
    trainer: StrictBool = False


class Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seq: Seq


class Deal(Action):
    stakes: Annotated[list[Stake], Field(min_length=1, max_length=6)]


class Decide(Action):
    box: Box
    play: StrictBool


def _amount(value: str | int, what: str) -> Fraction:
    if isinstance(value, bool):
        raise BetError(f"the {what} must be an amount, not {str(value).lower()}")
    amount = exact(value.strip() if isinstance(value, str) else value, what)
    if amount < 0:
        raise BetError(f"the {what} cannot be negative")
    if amount > 10**9:
        raise BetError(f"the {what} must be at most 1,000,000,000")
    return amount


# -- the seats ------------------------------------------------------------------------------------------


@dataclass
class Seat:
    """One session held by the server: its service, the next action number and the last settled round."""

    service: Any  # casino.service.TableService
    hints: bool = True
    trainer: bool = False
    seq: int = 0
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
        """:func:`casino.trainer.advise` for a box of the round in play (once per box and round)."""
        key = (rnd.round_no, box)
        if key not in self._advice:
            from casino.trainer import advise

            self._advice = {k: v for k, v in self._advice.items() if k[0] == rnd.round_no}
            self._advice[key] = advise(self.service.game, rnd.cards[box], rnd.up_card)
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
        self._lock = threading.Lock()

    @property
    def engine(self) -> Any:
        with self._lock:
            if self._engine is None:
                import importlib

                from casino.db.database import connect

                for module in self.models:
                    importlib.import_module(module)
                self._engine = connect(self.db_url)
            return self._engine

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

    def forget(self, session_id: int) -> None:
        self.held.forget(session_id)


def _json(data: dict[str, Any]) -> JSONResponse:
    """A JSON response of plain values (str, int, float, bool, None, lists, dicts): FastAPI's generic
    encoder is skipped, which halves the cost of a table response."""
    return JSONResponse(data)


def seats_of(request: Request) -> Seats:
    return request.app.state.seats


# -- what the player may see ------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _report(game_text: str) -> Any:
    """The exact analysis behind the hints, once per game (keyed by the game's self-contained text)."""
    from casino.edge import analyze
    from casino.games import parse_game_text

    return analyze(parse_game_text(game_text))


def _title(bet: str) -> str:
    from casino.bets import title

    return title(bet)


def _cards(cards: Any) -> list[str]:
    return [c.ascii() for c in cards]


def _stake_dict(bets: BoxBets) -> dict[str, Any]:
    return {"box": bets.box, "ante": str(bets.ante), "pair_plus": str(bets.pair_plus),
            "side": {name: str(stake) for name, stake in bets.side}}


def _game_dict(game: Game) -> dict[str, Any]:
    """The table's rules and paytables as the page shows them (``t`` at the terminal)."""
    from casino.bets import offered_bets

    tables = []
    for bet in ("ante_bonus", "pair_plus"):
        table = getattr(game, bet)
        if table is not None:
            tables.append({"bet": bet, "title": _title(bet),
                           "pays": [{"hand": game.ranking.label(k), "pays": amount_text(v)} for k, v in table.pays]})
    for side in game.side_bets:
        pays = [{"hand": side.label(k, game.ranking), "pays": amount_text(v)} for k, v in side.pays]
        pays += [{"hand": side.label(k, game.ranking), "pays": f"{amount_text(v * 100)}% of the meter"}
                 for k, v in side.meter_shares]
        tables.append({"bet": side.bet, "title": side.title, "pays": pays})
    limits = {k: amount_text(v) for k, v in vars(game.limits).items() if v is not None}
    return {
        "name": game.name, "ranking": game.ranking.name, "qualifier": game.qualifier, "ties": game.ties,
        "bets": [str(b.name) for b in offered_bets(game)],
        "side_bets": [{"bet": s.bet, "title": s.title} for s in game.side_bets],
        "paytables": tables, "limits": limits,
        "rules": {k: v for k, v in vars(game.rules).items()},
        "face_up": bool(getattr(game.rules, "face_up", False)),
    }


def _hint(seat: Seat, rnd: Any, box: int) -> dict[str, Any] | None:
    """The exact optimal decision for a box (with the dealer's face-up card, where one is shown)."""
    if not seat.hints and not seat.trainer:
        return None
    if seat.shows_up_card:  # the informed strategy: the exact EVs knowing the up card
        advice = seat.advice(rnd, box)
        return {"play": advice.best == "play", "ev_play": float(advice.ev_play), "ev_fold": float(advice.ev_fold),
                "exact_play": str(advice.ev_play), "exact_fold": str(advice.ev_fold), "informed": True}
    decision = seat.report.decision(rnd.hand(box))
    return {"play": decision.play, "ev_play": float(decision.ev_play), "ev_fold": float(decision.ev_fold),
            "informed": False}


def _face_up(seat: Seat, rnd: Any) -> list[str]:
    """The dealer's cards the player may see before the settlement: the up card in trainer and Face Up play."""
    return _cards((rnd.up_card,)) if seat.shows_up_card else []


def _lesson_dict(seat: Seat) -> dict[str, Any] | None:
    """The trainer's tally: decisions, mistakes, their total cost (exact and as numbers), the last hand's costs."""
    lesson = seat.lesson
    if lesson is None:
        return None
    return {**lesson.to_dict(), "exact_antes": str(lesson.cost), "exact_money": str(lesson.money),
            "last": list(seat.feedback)}


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


def _round_dict(seat: Seat, rnd: Any) -> dict[str, Any]:
    """The round in play, as far as the player may see it."""
    table = rnd.table.hands
    boxes = []
    pending = set(rnd.pending)
    for bets in rnd.bets:
        row = rnd.hand(bets.box)
        decided = rnd.decision(bets.box) if hasattr(rnd, "decision") else None
        boxes.append({
            "box": bets.box, "stakes": _stake_dict(bets), "cards": _cards(rnd.cards[bets.box]),
            "hand": table.describe(row), "pending": bets.box in pending, "decision": decided,
            "hint": _hint(seat, rnd, bets.box) if bets.box in pending else None,
        })
    return {"round_no": rnd.round_no, "commitment": rnd.commitment, "boxes": boxes,
            "pending": list(rnd.pending), "dealer": {"cards": _face_up(seat, rnd), "hidden": True}}


def result_dict(result: Any) -> dict[str, Any]:
    """A settled round: every card, every bet's result, and the seed that fixed the deck."""
    return {
        "round_no": result.round_no,
        "commitment": result.commitment,
        "seed": result.seed.hex(),
        "dealer": {"cards": _cards(result.dealer_cards), "hand": result.dealer_hand, "qualifies": result.qualifies},
        "boxes": [{
            "box": box.box, "cards": _cards(box.cards), "hand": box.hand_name, "play": box.play,
            "outcome": box.outcome, "net": str(box.net),
            "bets": [{"bet": s.bet, "title": _title(s.bet), "stake": str(s.stake), "net": str(s.net),
                      **({"hand": s.hand} if getattr(s, "hand", None) else {})} for s in box.settled],
        } for box in result.boxes],
        "net": str(result.net),
        "wagered": str(result.wagered),
    }


def state(seat: Seat) -> dict[str, Any]:
    """Everything the page shows for a session; nothing the player may not see yet."""
    service = seat.service
    sitting = service.sitting
    rnd = service.round
    return {
        "session": service.session_id,
        "seq": seat.seq,
        "game": seat.game_view,
        "bankroll": str(sitting.bankroll),
        "on_felt": str(sitting.felt),
        "start_bankroll": str(service.start_bankroll),
        "next_round": sitting.next_round,
        # the next round's commitment is shown before its bets are placed; its seed only after it settles
        "commitment": rnd.commitment if rnd is not None else (None if seat.ended else sitting.commitment),
        "practice": service.practice,  # seeded: the decks follow from the text, not fair play
        "client_seed": service.client_seed,
        "resumed_hand": service.resumed_hand,  # the round shown was dealt before the session stopped
        "stakes": [_stake_dict(b) for b in service.stakes],
        "round": _round_dict(seat, rnd) if rnd is not None else None,
        "last": seat.last,
        "hints": seat.hints,
        "trainer": seat.trainer,
        "lesson": _lesson_dict(seat),
        "ended": seat.ended,
        "meter": seat.meter,
        "out_of_chips": rnd is None and not seat.ended and sitting.out_of_chips(),
        **_kind(service.settings),
    }


def _kind(settings: Any) -> dict[str, Any]:
    """``practice`` (a session seeded from text: every deck foreseeable, never fair play) and the words saying
    which it is, for every answer that shows a stored or open session."""
    from casino.practice import deal_note, is_practice

    return {"practice": is_practice(settings), "deal_note": deal_note(settings)}


# -- routes ------------------------------------------------------------------------------------------------


def _stored(db: Session, session_id: int) -> Any:
    """The stored session ``session_id``; 404 when the database has none."""
    from casino.db import store
    from casino.db.database import StoreError

    _check_id(session_id)
    try:
        return store.get_session(session_id, session=db)
    except StoreError as error:
        raise NotFound(str(error)) from None


def _check_id(session_id: int) -> None:
    """404, in the words ``brag`` uses, for an id no database column holds (it never reaches the database)."""
    from casino.ids import id_problem

    problem = id_problem(session_id)
    if problem is not None:
        raise NotFound(problem)


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

    from casino.db.queries import session_kinds

    with seats_of(request).db() as db:
        rows = store.list_sessions(session=db, unreadable_too=True)  # one hand-edited row hides no one's session
        kinds = session_kinds(session=db)
    # "practice": seeded from text (not fair play); null where the stored settings cannot be read;
    # "unreadable": what cannot be read in a session's row (its amounts are then shown as 0)
    from casino.practice import PRACTICE_NOTE

    return {"sessions": [{**r.to_dict(), "practice": kinds.get(r.id)} for r in rows[:100]],
            "practice_note": PRACTICE_NOTE}


@router.post("/sessions", summary="Sit down: a new session, stored at once")
async def create(request: Request, body: NewSession) -> JSONResponse:
    from casino.service import TableService

    if body.game.lower() not in table_games():  # built-in games only: a request never names a file
        _refuse_head_to_head(body.game.lower())
        raise NotFound(f"no built-in game {body.game!r} at this table (games: {', '.join(table_games())})")
    game = load_game(body.game.lower())
    stakes = [s.bets() for s in body.stakes]
    service = TableService.new(game, _amount(body.bankroll, "bankroll"), stakes=stakes, seed=body.seed,
                               client_seed=body.client_seed, settings={"hints": body.hints, "trainer": body.trainer, "front_end": "web"})
    seats = seats_of(request)
    with seats.db() as db:
        session_id = service.open(db)
        service.db = None
        seat = seats.add(session_id, Seat(service, hints=body.hints, trainer=body.trainer))
        seat.read_meter(db)
    return _json(state(seat))


@router.post("/sessions/{session_id}/resume", summary="Carry on a stored session (from any front end)")
async def resume(request: Request, session_id: int) -> JSONResponse:
    from casino.service import TableService

    seats = seats_of(request)
    _check_id(session_id)
    held = seats.get(session_id)
    if held is not None and not held.ended:
        return _json(state(held))
    with seats.db() as db:
        record = _stored(db, session_id)
        from casino.head_to_head_service import is_head_to_head_session

        if is_head_to_head_session(record):
            raise WebError(f"session {session_id} is at {record.game[:60]}, a head-to-head game: the web table deals "
                           f"house-banked games; carry it on with 'brag play --resume {session_id}'", 409)
        service = TableService.resume(db, session_id)
        service.open(db)
        service.db = None
    settings = service.settings
    seat = Seat(service, hints=bool(settings.get("hints", True)), trainer=bool(settings.get("trainer", False)))
    seats.forget(session_id)
    seat = seats.add(session_id, seat)
    with seats.db() as db:
        seat.read_meter(db)
    return _json(state(seat))


@router.get("/sessions/{session_id}", summary="What the table shows now")
async def show(request: Request, session_id: int) -> JSONResponse:
    seat = _seat(request, session_id)
    with seat.lock:
        if seat.dropped:
            raise NotFound(f"session {session_id} is not open at this server any more: resume it")
        return _json(state(seat))


@router.post("/sessions/{session_id}/deal", summary="Place the bets and deal")
async def deal(request: Request, session_id: int, body: Deal) -> JSONResponse:
    with _acting(request, session_id, body.seq) as (seat, db):
        service = seat.service
        if service.round is not None:
            raise Conflict(f"hand {service.round.round_no} is in play: play or fold every box first")
        rnd = service.deal([s.bets() for s in body.stakes])
        seat.feedback = []  # a new hand: the trainer's notes on the previous hand's decisions are dropped
        if not rnd.pending:  # nothing to decide (Pair Plus and side bets alone): settled at once
            seat.last = result_dict(service.settle())
            seat.read_meter(db)
        return seat.taken()


@router.post("/sessions/{session_id}/decide", summary="Play or fold one box (the last decision settles the hand)")
async def decide(request: Request, session_id: int, body: Decide) -> JSONResponse:
    with _acting(request, session_id, body.seq) as (seat, db):
        service = seat.service
        if service.round is None:
            raise Conflict("no hand in play: deal first")
        rnd = service.round
        service.decide(body.box, body.play)
        _judge(seat, rnd, body.box, body.play)
        if not service.round.pending:
            seat.last = result_dict(service.settle())
            seat.read_meter(db)
        return seat.taken()


@router.post("/sessions/{session_id}/end", summary="Leave the table (every settled hand is already stored)")
async def end(request: Request, session_id: int, body: Action) -> JSONResponse:
    with _acting(request, session_id, body.seq) as (seat, db):
        record = seat.service.end("quit")
        seat.ended = "quit"
        seat.seq += 1
        return _json({**state(seat), "stored": record is not None})


@router.get("/sessions/{session_id}/hands", summary="The session's settled hands, each with its seed")
def hands(request: Request, session_id: int) -> dict[str, Any]:
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
def verify(request: Request, session_id: int) -> dict[str, Any]:
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
