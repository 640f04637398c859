"""Reading and writing sessions and rounds. Every function takes the SQLModel session as ``session=``.

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.db import store
    >>> from casino.games import load_game
    >>> from casino.sitting import Sitting, flat_stakes
    >>> from casino.strategy import play_mask
    >>> game = load_game("3-card-brag")
    >>> with Session(connect("sqlite://")) as db:
    ...     record = store.create_session(game, Fraction(50), {"seed": "doc"}, session=db)
    ...     sitting = Sitting(game, Fraction(50), seed="doc")
    ...     for _ in range(3):
    ...         before = sitting.bankroll
    ...         result = sitting.play_round(flat_stakes(1, Fraction(2))(sitting), play_mask(game, "optimal"))
    ...         _ = store.record_round(record.id, result, before, sitting.bankroll, session=db)
    ...     [h.round_no for h in store.hands_of(record.id, session=db)]
    [1, 2, 3]

:func:`record_round` writes a round (its hand row, box rows, bet rows, its link in the hash chain and the
session's new bankroll, head and totals) in one transaction: a session killed at any moment has every
settled round or none of it.

A round is on record from the moment it is dealt: :func:`record_deal` writes its *pending hand* (the bets,
the house seed and its commitment, the client seed, the cards shown) in one transaction before any card
is shown, and :func:`record_round` with ``pending=True`` stores the settled hand and removes the pending
one in one transaction. :func:`pending_hand` reads it back (what a resume re-deals). A session has at
most one pending hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import bindparam, insert, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from casino.db.chain import BET_FIELDS, BOX_FIELDS, Totals, genesis_hash, hand_contents, hand_hash, new_chain_key
from casino.db.database import SessionBusy, StoreError, UnreadableData, written
from casino.db.models import BetRecord, BoxRecord, HandRecord, MeterRecord, PendingHandRecord, SessionRecord, utcnow
from casino.cards import Card
from casino.events import BoxBets
from casino.games import Game, parse_game_text
from casino.money import read_stored
from casino.sitting import Sitting, SittingStats
from casino.table import RoundResult

__all__ = [
    "create_session",
    "record_round",
    "record_deal",
    "missing_deal",
    "refuse_unplayable_here",
    "pending_hand",
    "pending_hash",
    "PendingHand",
    "StoredRound",
    "progressive_meter",
    "stored_meters",
    "bets_of",
    "progressive_bets",
    "MeterBet",
    "end_session",
    "reopen_session",
    "get_session",
    "latest_session",
    "list_sessions",
    "hands_of",
    "get_hand",
    "boxes_of",
    "hands_with_boxes",
    "session_summary",
    "last_round",
    "delete_session",
    "game_of",
    "last_bets",
    "resume_sitting",
    "restore_stats",
    "settings_of",
    "SessionSummary",
    "money",
    "cards_text",
    "lease_owner",
    "claim_session",
    "release_session",
    "stream_hands",
    "totals_of",
    "genesis_of",
    "LEASE_STALE_SECONDS",
    "UnreadableValue",
    "read_amount",
    "MAX_ID",
    "id_problem",
]


#: The largest id a database column holds (sessions, hands): larger numbers never reach the database.
MAX_ID = 2**63 - 1


def id_problem(value: int | str, what: str = "session id") -> str | None:
    """Why ``value`` cannot be a ``what`` (``"session id"``, ``"hand number"``), or ``None`` when it can:
    the one message every front end gives for an id out of range.

        >>> id_problem(99999999999999999999)
        "'99999999999999999999' is not a session id: ids run from 1 to 9,223,372,036,854,775,807 (it is too large)"
    """
    text = str(value).strip()
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 30 and 1 <= int(text) <= MAX_ID:
        return None
    plural = "ids" if what.endswith("id") else what + "s"
    size = ""
    if text.isascii() and text.isdigit():
        size = " (it is too large)" if len(text) > 19 or int(text) > MAX_ID else ""
    return f"{text[:30]!r} is not a {what}: {plural} run from 1 to {MAX_ID:,}{size}"


class UnreadableValue(UnreadableData):
    """A stored value that cannot be read back (a row edited by hand into nonsense), naming its table,
    column and row: ``the database holds a value that cannot be read: sessions.bankroll of session 1 ('1/0')``."""


def unreadable(column: str, row: str, value: object) -> UnreadableValue:
    """The error for ``column`` (``"sessions.bankroll"``) of ``row`` (``"session 1"``) holding ``value``."""
    shown = repr(value) if not isinstance(value, str) or len(value) <= 60 else repr(value[:60]) + "…"
    return UnreadableValue(f"the database holds a value that cannot be read: {column} of {row} ({shown})")


def read_amount(value: object, column: str, row: str) -> Fraction:
    """A stored amount (:func:`casino.money.read_stored`: bounded, never a hang), or :class:`UnreadableValue`
    naming ``column`` of ``row``."""
    try:
        return read_stored(value)
    except ValueError:
        raise unreadable(column, row, value) from None


def _session_row(record: Any) -> str:
    sid = getattr(record, "id", None)
    return "the session" if sid is None else f"session {sid}"


def money(value: Fraction | int) -> str:
    """Exact text for an amount: ``"10"``, ``"25/2"``."""
    return str(Fraction(value))


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.ascii() for c in cards)


def create_session(
    game: Game, bankroll: Fraction, settings: Mapping[str, Any], *, session: Session, owner: str | None = None
) -> SessionRecord:
    """Start a session: the game with a self-contained snapshot (:meth:`Game.to_toml`), bankroll, settings,
    the start of its hash chain, and (``owner``, see :func:`lease_owner`) held by the process playing it."""
    key = new_chain_key()
    game_text = game.to_toml()
    _refuse_other_progressive(game, game_text, session)
    seed = settings.get("seed")
    record = SessionRecord(
        game=game.name,
        game_source=game.source,
        game_text=game_text,
        start_bankroll=money(bankroll),
        bankroll=money(bankroll),
        settings=json.dumps(dict(settings), sort_keys=True),
        chain_key=key,
        head_hash=genesis_hash(key, game_text, money(bankroll), None if seed is None else str(seed)),
        totals=Totals().to_json(),
        lease_owner=owner,
        lease_at=utcnow() if owner is not None else None,
    )
    session.add(record)
    session.commit()
    session.refresh(record)
    return record


def _refuse_other_progressive(game: Game, game_text: str, session: Session) -> None:
    """A progressive meter is shared by every session at a game of that name, and its chain (what verify
    checks) assumes one set of terms. Refuse (:class:`StoreError`, nothing stored) a game with a progressive
    side bet when this database already holds sessions at a game of the same name whose progressive terms
    differ: otherwise a player's own file could feed (or drain) the meter of everyone else at that game."""
    from casino.bets import BetName

    if not any(side.bet == BetName.PROGRESSIVE for side in game.side_bets):
        return
    mine = game.side_bet(BetName.PROGRESSIVE)
    texts = session.connection().execute(
        sa_select(_SESSIONS.c.game_text).where(_SESSIONS.c.game == game.name, _SESSIONS.c.game_text != game_text)
        .distinct().limit(100)).scalars()
    for text in texts:
        try:
            other = parse_game_text(text, f"a stored game called {game.name!r}")
        except Exception:  # noqa: BLE001 - an unreadable stored snapshot says nothing of its terms
            continue
        theirs = next((side for side in other.side_bets if side.bet == BetName.PROGRESSIVE), None)
        if theirs is not None and theirs != mine:
            raise StoreError(f"this database already has sessions at a game called {game.name!r} with other "
                             "progressive terms, and a progressive meter is shared by every session at a game of "
                             "that name: give your game file another name")


@dataclass(frozen=True)
class StoredRound:
    """What :func:`record_round` stored: the hand row's id, the round number and the hand's hash (the
    session's new head)."""

    id: int
    round_no: int
    hash: str = ""


def _table(model: Any) -> Any:
    return model.__table__


# Core statements built once (no per-row ORM objects: auto-play stores hundreds of rounds a second)
_INSERT_HAND = _table(HandRecord).insert()
_INSERT_BOX = _table(BoxRecord).insert()
_INSERT_BET = _table(BetRecord).insert()
_SESSIONS = _table(SessionRecord)
#: what record_round reads of the session: its head, totals and what its genesis is made of
_SESSION_STATE = sa_select(_SESSIONS.c.head_hash, _SESSIONS.c.totals, _SESSIONS.c.chain_key, _SESSIONS.c.game_text,
                        _SESSIONS.c.start_bankroll, _SESSIONS.c.settings).where(_SESSIONS.c.id == bindparam("sid"))
# the session row moves on only from the head the hand was chained to (a second writer is refused)
_UPDATE_SESSION = (
    _SESSIONS.update()
    .where(_SESSIONS.c.id == bindparam("sid"),
           (_SESSIONS.c.head_hash == bindparam("prev")) | _SESSIONS.c.head_hash.is_(None))
    .values(bankroll=bindparam("new_bankroll"), rounds=_SESSIONS.c.rounds + 1, head_hash=bindparam("head"),
            totals=bindparam("totals"))
)
# ... and, for a process holding the session, only while it still holds it
_UPDATE_HELD = (
    _SESSIONS.update()
    .where(_SESSIONS.c.id == bindparam("sid"),
           (_SESSIONS.c.head_hash == bindparam("prev")) | _SESSIONS.c.head_hash.is_(None),
           _SESSIONS.c.lease_owner == bindparam("owner"))
    .values(bankroll=bindparam("new_bankroll"), rounds=_SESSIONS.c.rounds + 1, head_hash=bindparam("head"),
            totals=bindparam("totals"), lease_at=bindparam("now"))
)


_DELETE_PENDING = _table(PendingHandRecord).delete().where(
    _table(PendingHandRecord).c.session_id == bindparam("sid"), _table(PendingHandRecord).c.round_no == bindparam("n"))


def _bet_rows(hand_id: int, result: RoundResult) -> list[dict[str, Any]]:
    return [
        {"hand_id": hand_id, "box": bet.box, "bet": bet.bet, "stake": money(bet.stake), "net": money(bet.net),
         "paid_hand": bet.hand, "meter": None if bet.meter is None else money(bet.meter)}
        for bet in result.settled
    ]


def _box_rows(hand_id: int, result: RoundResult) -> list[dict[str, Any]]:
    rows = []
    for box in result.boxes:
        nets = {s.bet: money(s.net) for s in box.settled}
        rows.append({
            "hand_id": hand_id, "box": box.box, "ante": money(box.ante), "pair_plus": money(box.pair_plus),
            "cards": cards_text(box.cards), "hand_name": box.hand_name,
            "decision": None if box.play is None else ("play" if box.play else "fold"), "outcome": box.outcome,
            "ante_net": nets.get("ante"), "play_net": nets.get("play"), "ante_bonus_net": nets.get("ante_bonus"),
            "pair_plus_net": nets.get("pair_plus"),
        })
    return rows


@dataclass(frozen=True)
class PendingHand:
    """A hand dealt and not settled (a row of ``pending_hands``), read back: what a resume re-deals.

    ``cards``: each box's cards as shown (``{1: "Qs 9d 2c"}``); ``bets``: the stakes on the felt."""

    session_id: int
    round_no: int
    commitment: str
    seed: str
    client_seed: str | None
    bets: tuple[BoxBets, ...]
    bankroll_before: Fraction
    cards: dict[int, str]
    prev_hash: str
    hash: str
    dealt_at: Any = None

    @property
    def on_felt(self) -> Fraction:
        """The stakes placed before the deal (the Play bets are not placed yet)."""
        return sum((b.own_stakes for b in self.bets), Fraction(0))


def pending_hash(prev_hash: str, round_no: int, commitment: str, seed: str, client_seed: str | None, bets: str,
                 bankroll_before: str, cards: str) -> str:
    """The hash a pending hand carries: over the session's head when it was dealt and everything stored
    with it (:func:`casino.db.chain.hand_hash` of a ``{"pending": …}`` contents, which no settled hand has)."""
    return hand_hash(prev_hash, {"pending": [round_no, commitment, seed, client_seed, json.loads(bets),
                                             str(Fraction(bankroll_before)), json.loads(cards)]})


_PENDING = _table(PendingHandRecord)
_SESSION_OPEN = sa_select(_SESSIONS.c.ended_at, _SESSIONS.c.head_hash, _SESSIONS.c.chain_key, _SESSIONS.c.game_text,
                          _SESSIONS.c.start_bankroll, _SESSIONS.c.settings, _SESSIONS.c.rounds, _SESSIONS.c.bankroll,
                          _SESSIONS.c.lease_owner, _SESSIONS.c.totals).where(_SESSIONS.c.id == bindparam("sid"))


def record_deal(session_id: int, rnd: Any, bankroll_before: Fraction | None = None, *, session: Session,
                owner: str | None = None) -> PendingHand | None:
    """Store a round just dealt (a :class:`casino.table.Round`) as the session's pending hand, in one
    transaction, BEFORE any of its cards is shown: its bets, its house seed and commitment, the client
    seed, the player's cards and the bankroll the stakes came from (``bankroll_before``).

    Refused (nothing stored: the cards must then not be shown) when the session has ended, already has a
    pending hand, the round is not the session's next one, or (``owner``) this process no longer holds
    the session (:class:`~casino.db.database.SessionBusy`).

    ``rnd=None`` (a front end that does not store pending hands yet: the head-to-head service) only checks
    that the session is open, and stores nothing.
    """
    connection = session.connection()
    state = connection.execute(_SESSION_OPEN, {"sid": session_id}).first()
    if state is None:
        raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
    if state.ended_at is not None:
        raise StoreError(f"session {session_id} has ended: resume it with 'brag play --resume {session_id}'")
    if rnd is None:
        return None
    assert bankroll_before is not None, "record_deal needs the bankroll the stakes came from"
    if rnd.round_no != state.rounds + 1:
        raise StoreError(f"session {session_id} holds {state.rounds} hand(s): hand {rnd.round_no} cannot be dealt next")
    prev = state.head_hash or genesis_of(state)
    bets = json.dumps([b.to_dict() for b in rnd.bets], sort_keys=True)
    cards = json.dumps({str(box): cards_text(c) for box, c in sorted(rnd.cards.items())}, sort_keys=True)
    values = {
        "session_id": session_id, "round_no": rnd.round_no, "dealt_at": utcnow(), "commitment": rnd.commitment,
        "seed": rnd.seed.hex(), "client_seed": rnd.client_seed, "bets": bets, "bankroll_before": money(bankroll_before),
        "cards": cards, "prev_hash": prev,
    }
    values["hash"] = pending_hash(prev, rnd.round_no, rnd.commitment, values["seed"], rnd.client_seed, bets,
                                  values["bankroll_before"], cards)
    with written(session):  # KeyboardInterrupt too: nothing half-written is committed later
        if connection.execute(sa_select(_PENDING.c.round_no).where(_PENDING.c.session_id == session_id)).first():
            raise StoreError(f"session {session_id} already has a hand pending: settle it first")
        if owner is not None:  # still ours: a seat taken over (another process, another page) deals nothing
            changed = connection.execute(
                update(_SESSIONS).where(_SESSIONS.c.id == session_id, _SESSIONS.c.lease_owner == owner)
                .values(lease_at=utcnow())).rowcount
            if changed != 1:
                raise SessionBusy(f"session {session_id} is being played by another process: hand {rnd.round_no} "
                                  "was not dealt")
        connection.execute(insert(_PENDING), values)
        _mark_dealt(connection, session_id, rnd.round_no, state.totals)
    return _pending(values)


def _mark_dealt(connection: Any, session_id: int, round_no: int, text: str | None) -> None:
    """Note in the session's row (its totals, as read: ``text``) that hand ``round_no`` was dealt: a pending
    hand whose row is later deleted is then seen to be missing (:func:`missing_deal`), not dealt afresh."""
    data = json.loads(text) if text else {}
    data["dealt"] = round_no  # the settled hand's totals (Totals.to_json) drop it again: then dealt == rounds
    connection.execute(update(_SESSIONS).where(_SESSIONS.c.id == session_id).values(totals=json.dumps(data, sort_keys=True)))


def missing_deal(record: Any, pending: Any) -> int | None:
    """The hand the session's row says was dealt and that has no record (no pending row, not settled): a
    deleted pending hand. ``None`` when every dealt hand is on record. Resume refuses such a session (dealing
    that hand afresh would be a free re-deal) and verify reports it."""
    try:
        dealt = json.loads(record.totals or "{}").get("dealt")
    except (ValueError, AttributeError):
        return None  # unreadable totals are reported where they are read
    if isinstance(dealt, int) and not isinstance(dealt, bool) and dealt > record.rounds and pending is None:
        return dealt
    return None


def refuse_unplayable_here(record: Any, pending: Any) -> None:
    """Refuse (:class:`StoreError`) to carry on a session that does not play on in this database: a copy
    (``brag db copy``: a record, it plays on where it came from), one moved away (``--move``), or one
    whose dealt hand has lost its record (it is not dealt again)."""
    from casino.db.copy import COPIED, MOVED

    if record.end_reason == COPIED:
        raise StoreError(f"session {record.id} is a copy made by 'brag db copy' (a record: it lists, replays and "
                         "verifies here); it plays on in the database it was copied from ('brag db copy --move' "
                         "moves a session)")
    if record.end_reason == MOVED:
        raise StoreError(f"session {record.id} was moved to another database by 'brag db copy --move': it plays on there")
    lost = missing_deal(record, pending)
    if lost is not None:
        raise StoreError(f"session {record.id}: hand {lost} was dealt but its record is gone (the pending hand was "
                         f"deleted): it is not dealt again; 'brag verify {record.id}' reports it")


def _pending(row: Any) -> PendingHand:
    def get(name: str) -> Any:
        return row[name] if isinstance(row, Mapping) else getattr(row, name)

    return PendingHand(
        session_id=int(get("session_id")), round_no=int(get("round_no")), commitment=get("commitment"),
        seed=get("seed"), client_seed=get("client_seed"),
        bets=_pending_bets(json.loads(get("bets"))),
        bankroll_before=read_amount(get("bankroll_before"), "pending_hands.bankroll_before",
                                    f"hand {get('round_no')} of session {get('session_id')}"),
        cards={int(box): text for box, text in json.loads(get("cards")).items()},
        prev_hash=get("prev_hash"), hash=get("hash"), dealt_at=get("dealt_at"),
    )


def _pending_bets(rows: list[Any]) -> tuple[Any, ...]:
    """A pending hand's stakes: each box's :class:`BoxBets`, or a head-to-head game's bets (``{"bet", "stake"}``
    rows, read as :class:`casino.head_to_head_table.HeadToHeadStake`)."""
    if rows and all(isinstance(row, dict) and "bet" in row for row in rows):
        from casino.head_to_head_table import HeadToHeadStake

        return tuple(HeadToHeadStake.from_dict(row) for row in rows)
    return tuple(BoxBets.from_dict(b) for b in rows)


def pending_hand(session_id: int, *, session: Session, raw: bool = False) -> Any:
    """The session's pending hand (:class:`PendingHand`), or ``None``. ``raw``: the stored row as it is
    (what verification checks), not parsed."""
    row = session.connection().execute(sa_select(_PENDING).where(_PENDING.c.session_id == session_id)).first()
    if row is None or raw:
        return row
    return _pending(row)


def record_round(
    session_id: int,
    result: RoundResult,
    bankroll_before: Fraction,
    bankroll_after: Fraction,
    *,
    session: Session,
    meters: Mapping[str, Fraction] | None = None,
    owner: str | None = None,
    pending: bool = False,
) -> StoredRound:
    """Store one settled round (its hand row, a row per box and a row per bet), its link in the hash chain,
    the session's new bankroll, head and running totals, and any progressive meter's new value
    (``meters``: name -> value), in one transaction.

    The session row is updated only if its head is still the one this hand was chained to (and, with
    ``owner``, if this process still holds the session, see :func:`claim_session`): a second process
    writing the same session is refused (:class:`~casino.db.database.SessionBusy`) and its hand is not
    stored. Written with bulk inserts (no per-row ORM objects): auto-play stores hundreds of rounds a
    second, each still committed on its own.

    ``pending``: the round was stored as the session's pending hand when dealt (:func:`record_deal`); it is
    removed in the same transaction, and the hand is refused if it is no longer pending (settled already).
    """
    state = session.connection().execute(_SESSION_STATE, {"sid": session_id}).first()
    if state is None:
        raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
    prev = state.head_hash or genesis_of(state)
    values = {
        "session_id": session_id,
        "round_no": result.round_no,
        "played_at": utcnow(),
        "commitment": result.commitment,
        "seed": result.seed.hex(),
        "dealer_cards": cards_text(result.dealer_cards),
        "dealer_hand": result.dealer_hand,
        "qualifies": result.qualifies,
        "wagered": money(result.wagered),
        "net": money(result.net),
        "bankroll_before": money(bankroll_before),
        "bankroll_after": money(bankroll_after),
        "events": json.dumps([e.to_dict() for e in result.events]),
        "prev_hash": prev,
    }
    boxes = _box_rows(0, result)
    bets = _bet_rows(0, result)
    digest = hand_hash(prev, hand_contents(values, boxes, bets))
    values["hash"] = digest
    totals = totals_of(state)
    totals.add(values, boxes, bets)
    with written(session):  # KeyboardInterrupt too: nothing half-written is committed later
        connection = session.connection()
        if pending:
            gone = connection.execute(_DELETE_PENDING, {"sid": session_id, "n": result.round_no}).rowcount
            if gone != 1:
                raise SessionBusy(f"session {session_id}: hand {result.round_no} is no longer pending (settled "
                                  "elsewhere?): it was not stored again")
        key = connection.execute(_INSERT_HAND, values).inserted_primary_key
        assert key is not None
        hand_id = int(key[0])
        connection.execute(_INSERT_BOX, [{**row, "hand_id": hand_id} for row in boxes])
        if bets:
            connection.execute(_INSERT_BET, [{**row, "hand_id": hand_id} for row in bets])
        changed = connection.execute(
            _UPDATE_HELD if owner is not None else _UPDATE_SESSION,
            {"sid": session_id, "new_bankroll": money(bankroll_after), "prev": prev, "head": digest,
             "totals": totals.to_json(), "owner": owner, "now": utcnow()},
        ).rowcount
        if changed != 1:
            raise SessionBusy(f"session {session_id} is being played by another process: hand {result.round_no} "
                              "was not stored")
        for name, value in (meters or {}).items():
            _write_meter(connection, name, value)
    return StoredRound(hand_id, result.round_no, digest)


# -- progressive meters --------------------------------------------------------------------------------


def progressive_meter(name: str, start: Fraction, *, session: Session) -> Fraction:
    """The stored meter of the progressive called ``name`` (``start``, the file's value, before any bet)."""
    meters = _table(MeterRecord)
    row = session.connection().execute(select(meters.c.meter).where(meters.c.name == name)).first()
    return start if row is None else read_amount(row[0], "meters.meter", f"meter {name!r}")


def stored_meters(*, session: Session) -> dict[str, Fraction]:
    """Every stored progressive meter: name -> value."""
    return {row.name: read_amount(row.meter, "meters.meter", f"meter {row.name!r}")
            for row in session.exec(select(MeterRecord)).all()}


def _write_meter(connection: Any, name: str, value: Fraction) -> None:
    table = MeterRecord.__table__  # type: ignore[attr-defined]  # SQLModel sets __table__ at class creation
    done = connection.execute(
        update(table).where(table.c.name == name).values(meter=money(value), updated_at=utcnow())
    ).rowcount
    if not done:
        connection.execute(insert(table).values(name=name, meter=money(value), updated_at=utcnow()))


@dataclass(frozen=True)
class MeterBet:
    """A stored progressive bet, for checking a meter's chain: whose it is, its stake, paid hand and meter."""

    session_id: int
    hand_id: int
    round_no: int
    box: int
    stake: str
    paid_hand: str | None
    meter: str | None


def progressive_bets(game: str, *, session: Session) -> list[MeterBet]:
    """Every stored progressive bet of every session at the game called ``game`` (one meter), in the order
    the hands were stored."""
    bets, hands, sessions = _table(BetRecord), _table(HandRecord), _table(SessionRecord)
    query = (
        sa_select(hands.c.session_id, bets.c.hand_id, hands.c.round_no, bets.c.box, bets.c.stake, bets.c.paid_hand,
                  bets.c.meter)
        .join_from(bets, hands, hands.c.id == bets.c.hand_id)
        .join(sessions, sessions.c.id == hands.c.session_id)
        .where(sessions.c.game == game, bets.c.bet == "progressive")
        .order_by(bets.c.hand_id, bets.c.box)
    )
    return [MeterBet(*row) for row in session.connection().execute(query).all()]


def bets_of(hand_ids: list[int], *, session: Session) -> dict[int, list[BetRecord]]:
    """The bet rows of these hands: hand id -> rows in box, then settlement, order."""
    found: dict[int, list[BetRecord]] = {}
    if not hand_ids:
        return found
    query = select(BetRecord).where(col(BetRecord.hand_id).in_(hand_ids)).order_by(col(BetRecord.id))
    for row in session.exec(query).all():
        found.setdefault(row.hand_id, []).append(row)
    return found


def genesis_of(record: Any) -> str:
    """The start of a session's hash chain (from its key, game snapshot, bankroll and practice seed)."""
    seed = settings_of(record).get("seed")
    return genesis_hash(record.chain_key or "", record.game_text, record.start_bankroll,
                        None if seed is None else str(seed))


def totals_of(record: Any) -> Totals:
    """The session's running totals (kept in its row, updated with each hand); :class:`UnreadableValue`
    when the stored text is not such totals."""
    try:
        return Totals.from_json(record.totals)
    except (ValueError, LookupError, TypeError, AttributeError, ArithmeticError):
        raise unreadable("sessions.totals", _session_row(record), record.totals) from None


#: A lease not refreshed for this long, held by a process on another machine, may be taken over.
LEASE_STALE_SECONDS = 15 * 60


def lease_owner() -> str:
    """This process as a lease holder: ``host:pid:random``."""
    import os
    import secrets
    import socket

    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def _holder_gone(owner: str, since: Any) -> bool:
    """Whether the process named by a lease is gone (or is this process): on this machine, no such
    process; elsewhere, no write for :data:`LEASE_STALE_SECONDS`."""
    import os
    import socket
    from datetime import timezone

    host, _, rest = owner.partition(":")
    pid_text = rest.partition(":")[0]
    if host == socket.gethostname() and pid_text.isdigit():
        pid = int(pid_text)
        if pid == os.getpid():  # another seat in this very process (a web server re-seating it): it may
            return True  # take over; the old seat's next hand is then refused (its lease is gone)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        except (PermissionError, OverflowError):
            return False
        return False
    if since is None:
        return True
    moment = since if since.tzinfo is not None else since.replace(tzinfo=timezone.utc)
    return bool((utcnow() - moment).total_seconds() > LEASE_STALE_SECONDS)


def claim_session(session_id: int, owner: str, *, session: Session) -> SessionRecord:
    """Hold the session for this process (``owner``, see :func:`lease_owner`) before playing it.

    Refused with :class:`~casino.db.database.SessionBusy` while another live process holds it; a
    lease left by a process that died (killed, crashed) is taken over. One atomic update: of two
    processes claiming at once, one wins.
    """
    record = get_session(session_id, session=session)
    current = record.lease_owner
    if current is not None and current != owner and not _holder_gone(current, record.lease_at):
        session.rollback()
        raise SessionBusy(f"session {session_id} is being played by another process ({current.rsplit(':', 1)[0]}): "
                          "wait for it to end")
    condition = (col(SessionRecord.lease_owner) == current) if current is not None else col(SessionRecord.lease_owner).is_(None)
    changed = session.connection().execute(
        update(SessionRecord).where(col(SessionRecord.id) == session_id, condition)
        .values(lease_owner=owner, lease_at=utcnow()).execution_options(synchronize_session=False)
    ).rowcount
    if changed != 1:
        session.rollback()
        raise SessionBusy(f"session {session_id} was just taken by another process: wait for it to end")
    session.commit()
    session.expire(record)
    return get_session(session_id, session=session)


def release_session(session_id: int, owner: str, *, session: Session) -> None:
    """Let go of a session this process holds (nothing happens if it is not held by ``owner``)."""
    session.connection().execute(
        update(SessionRecord).where(col(SessionRecord.id) == session_id, col(SessionRecord.lease_owner) == owner)
        .values(lease_owner=None, lease_at=None).execution_options(synchronize_session=False)
    )
    session.commit()


def _mark_ended(session_id: int, reason: str | None, *, session: Session, owner: str | None = None) -> SessionRecord:
    """Set (or, with ``None``, clear) a session's end in one transaction; ending also lets go of the
    lease ``owner`` holds."""
    record = get_session(session_id, session=session)
    record.ended_at = utcnow() if reason is not None else None
    record.end_reason = reason
    if owner is not None and reason is not None and record.lease_owner == owner:
        record.lease_owner = None
        record.lease_at = None
    session.add(record)
    session.commit()
    session.refresh(record)
    return record


def end_session(session_id: int, reason: str, *, session: Session, owner: str | None = None) -> SessionRecord:
    """Mark a session as ended, saying why (``quit``, ``hands``, ``bankroll`` …), and let go of it."""
    return _mark_ended(session_id, reason, session=session, owner=owner)


def reopen_session(session_id: int, *, session: Session) -> SessionRecord:
    """Mark a session as in play again (``--resume``)."""
    return _mark_ended(session_id, None, session=session)


def get_session(session_id: int, *, session: Session) -> SessionRecord:
    record = session.get(SessionRecord, session_id)
    if record is None:
        raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
    return record


def latest_session(*, session: Session) -> SessionRecord:
    """The most recent session (the one ``--resume`` without an ID continues)."""
    record = session.exec(select(SessionRecord).order_by(col(SessionRecord.id).desc()).limit(1)).first()
    if record is None:
        raise StoreError("no sessions in this database yet: start one with 'brag play'")
    return record


def settings_of(record: Any) -> dict[str, Any]:
    """The session's stored settings (:class:`UnreadableValue` when they are not a JSON object)."""
    try:
        settings = json.loads(record.settings or "{}")
    except ValueError:
        settings = None
    if not isinstance(settings, dict):
        raise unreadable("sessions.settings", _session_row(record), record.settings)
    return settings


@dataclass(frozen=True)
class SessionSummary:
    """A row of ``brag sessions``."""

    id: int
    game: str
    started_at: Any
    ended_at: Any
    end_reason: str | None
    rounds: int
    start_bankroll: Fraction
    bankroll: Fraction
    wagered: Fraction
    #: what cannot be read in the row (``list_sessions(unreadable_too=True)``): its amounts are then 0
    unreadable: str | None = None

    @property
    def net(self) -> Fraction:
        return self.bankroll - self.start_bankroll

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "started_at": self.started_at.isoformat() if self.started_at else None,
            "ended_at": self.ended_at.isoformat() if self.ended_at else None,
            "end_reason": self.end_reason,
            "rounds": self.rounds,
            "start_bankroll": money(self.start_bankroll),
            "bankroll": money(self.bankroll),
            "wagered": money(self.wagered),
            "net": money(self.net),
            **({} if self.unreadable is None else {"unreadable": self.unreadable}),
        }


def session_summary(session_id: int, *, session: Session) -> SessionSummary:
    """One session's row of ``brag sessions``."""
    [summary] = list_sessions(session=session, session_id=session_id)
    return summary


def last_round(session_id: int, *, session: Session) -> int:
    """The number of the session's last stored hand (0 before the first)."""
    found = session.exec(
        select(HandRecord.round_no).where(HandRecord.session_id == session_id).order_by(col(HandRecord.round_no).desc()).limit(1)
    ).first()
    return int(found or 0)


def list_sessions(*, session: Session, session_id: int | None = None,
                  unreadable_too: bool = False) -> list[SessionSummary]:
    """Every session (or just ``session_id``), newest first, with its net result (from its running totals:
    one row read per session, however many hands it holds).

    A row whose amounts or totals cannot be read raises :class:`UnreadableValue` naming it; with
    ``unreadable_too`` (a lobby listing everyone's sessions) it is listed instead, its amounts 0 and
    :attr:`SessionSummary.unreadable` saying what cannot be read, and the other rows are unaffected."""
    query = select(SessionRecord).order_by(col(SessionRecord.id).desc())
    if session_id is not None:
        get_session(session_id, session=session)
        query = query.where(SessionRecord.id == session_id)
    found = []
    for r in session.exec(query):
        where = f"session {r.id}"
        try:
            amounts = (read_amount(r.start_bankroll, "sessions.start_bankroll", where),
                       read_amount(r.bankroll, "sessions.bankroll", where), totals_of(r).wagered)
            problem = None
        except UnreadableValue as error:
            if not unreadable_too:
                raise
            amounts, problem = (Fraction(0), Fraction(0), Fraction(0)), str(error)
        found.append(SessionSummary(
            id=r.id,  # type: ignore[arg-type]  # a stored row's id is never None
            game=r.game,
            started_at=r.started_at,
            ended_at=r.ended_at,
            end_reason=r.end_reason,
            rounds=r.rounds,
            start_bankroll=amounts[0],
            bankroll=amounts[1],
            wagered=amounts[2],
            unreadable=problem,
        ))
    return found


def hands_of(session_id: int, *, session: Session) -> list[HandRecord]:
    get_session(session_id, session=session)
    return list(
        session.exec(select(HandRecord).where(HandRecord.session_id == session_id).order_by(col(HandRecord.round_no))).all()
    )


def get_hand(session_id: int, round_no: int, *, session: Session) -> HandRecord:
    get_session(session_id, session=session)
    hand = session.exec(
        select(HandRecord).where(HandRecord.session_id == session_id, HandRecord.round_no == round_no)
    ).first()
    if hand is None:
        raise StoreError(f"session {session_id} has no hand {round_no} (see 'brag history {session_id}')")
    for name in ("wagered", "net", "bankroll_before", "bankroll_after"):  # what a replay shows: named if unreadable
        read_amount(getattr(hand, name), f"hands.{name}", f"hand {round_no} of session {session_id}")
    return hand


def restore_stats(session_id: int, *, session: Session) -> SittingStats:
    """The statistics of every stored hand of a session (what ``?`` shows after ``--resume``), from the
    running totals in the session's row: one row read, however long the session."""
    totals = totals_of(get_session(session_id, session=session))
    stats = SittingStats()
    stats.rounds = totals.rounds
    stats.plays = totals.plays
    stats.folds = totals.folds
    for bet, (count, wagered, net) in totals.bets.items():
        kept = stats.bets.setdefault(bet, type(next(iter(stats.bets.values())))())
        kept.count, kept.wagered, kept.net = count, wagered, net
    return stats


def stream_hands(
    session_id: int, *, first: int | None = None, last: int | None = None, session: Session, batch: int = 1000
) -> Iterator[tuple[Any, list[Any], list[Any]]]:
    """The session's hands (rounds ``first``..``last``) in order, each with its boxes and its bet rows,
    read a batch at a time: memory does not grow with the session. Rows are read-only records with the
    columns as attributes; bet rows in the order they were stored."""
    hands = HandRecord.__table__  # type: ignore[attr-defined]
    boxes = BoxRecord.__table__  # type: ignore[attr-defined]
    bets = BetRecord.__table__  # type: ignore[attr-defined]
    box_columns = [boxes.c[name].label(f"box__{name}") for name in BOX_FIELDS]
    query = (
        sa_select(hands, *box_columns)
        .select_from(hands.outerjoin(boxes, boxes.c.hand_id == hands.c.id))
        .where(hands.c.session_id == session_id)
    )
    if first is not None:
        query = query.where(hands.c.round_no >= first)
    if last is not None:
        query = query.where(hands.c.round_no <= last)
    query = query.order_by(hands.c.round_no, boxes.c.box).execution_options(yield_per=batch)
    connection = session.connection()
    pending: list[tuple[Any, list[Any]]] = []

    def flush() -> Iterator[tuple[Any, list[Any], list[Any]]]:
        found: dict[int, list[Any]] = {}
        ids = [hand.id for hand, _ in pending]
        for row in connection.execute(select(bets).where(bets.c.hand_id.in_(ids)).order_by(bets.c.id)):
            found.setdefault(row.hand_id, []).append(_Row({name: getattr(row, name) for name in BET_FIELDS}))
        for hand, rows in pending:
            yield hand, rows, found.get(hand.id, [])
        pending.clear()

    current: Any = None
    rows: list[Any] = []
    for row in connection.execute(query):
        if current is None or row.id != current.id:
            if current is not None:
                pending.append((current, rows))
                if len(pending) >= batch:
                    yield from flush()
            current = _Row({name: getattr(row, name) for name in hands.c.keys()})
            rows = []
        if row.box__box is not None:
            rows.append(_Row({name: getattr(row, f"box__{name}") for name in BOX_FIELDS}))
    if current is not None:
        pending.append((current, rows))
    if pending:
        yield from flush()


class _Row:
    """A stored row's columns as attributes (what :func:`stream_hands` yields)."""

    __slots__ = ("__dict__",)

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)


def boxes_of(hand_id: int, *, session: Session) -> list[BoxRecord]:
    return list(session.exec(select(BoxRecord).where(BoxRecord.hand_id == hand_id).order_by(col(BoxRecord.box))).all())


def hands_with_boxes(
    session_id: int, *, first: int | None = None, last: int | None = None, session: Session
) -> list[tuple[HandRecord, list[BoxRecord]]]:
    """The session's hands (rounds ``first``..``last``, both optional) each with its boxes, in one query."""
    get_session(session_id, session=session)
    query = (
        select(HandRecord, BoxRecord)
        .join(BoxRecord, col(BoxRecord.hand_id) == col(HandRecord.id))
        .where(HandRecord.session_id == session_id)
    )
    if first is not None:
        query = query.where(col(HandRecord.round_no) >= first)
    if last is not None:
        query = query.where(col(HandRecord.round_no) <= last)
    rows: list[tuple[HandRecord, list[BoxRecord]]] = []
    for hand, box in session.exec(query.order_by(col(HandRecord.round_no), col(BoxRecord.box))).all():
        if not rows or rows[-1][0].id != hand.id:
            rows.append((hand, []))
        rows[-1][1].append(box)
    return rows


def delete_session(session_id: int, *, session: Session) -> None:
    """Remove a session that has no stored hands (one started and left before the first deal)."""
    record = get_session(session_id, session=session)
    if session.exec(select(HandRecord.id).where(HandRecord.session_id == session_id).limit(1)).first() is not None:
        raise StoreError(f"session {session_id} has stored hands: it is kept")
    if pending_hand(session_id, session=session, raw=True) is not None:
        raise StoreError(f"session {session_id} has a hand pending: it is kept")
    session.delete(record)
    session.commit()


def game_of(record: SessionRecord) -> Game:
    """The session's game, rebuilt from its stored snapshot.

    Snapshots written by :meth:`Game.to_toml` are self-contained. Sessions stored before that hold the
    game file's own text: a table named there by a relative path may no longer resolve (an error naming it).
    """
    return parse_game_text(record.game_text, f"the game stored with session {record.id} ({record.game_source})")


def last_bets(session_id: int, *, session: Session) -> tuple[BoxBets, ...]:
    """Each box's stakes in the session's last stored hand (empty without hands): what a resume repeats.

    (Every "last row" query here says LIMIT 1: ``.first()`` alone fetches every row before returning one,
    which made resuming a 1,000,000-hand session take 50 s and 3.4 GB.)"""
    hand = session.exec(
        select(HandRecord).where(HandRecord.session_id == session_id).order_by(col(HandRecord.round_no).desc()).limit(1)
    ).first()
    if hand is None:
        return ()
    assert hand.id is not None
    where = f"hand {hand.round_no} of session {session_id}"
    side: dict[int, dict[str, Fraction]] = {}
    for row in bets_of([hand.id], session=session).get(hand.id, []):
        if row.bet not in ("ante", "play", "ante_bonus", "pair_plus"):
            side.setdefault(row.box, {})[row.bet] = read_amount(row.stake, "bets.stake", where)
    return tuple(BoxBets(b.box, read_amount(b.ante, "boxes.ante", where), read_amount(b.pair_plus, "boxes.pair_plus", where),
                         side.get(b.box, {}))
                 for b in boxes_of(hand.id, session=session))


def resume_sitting(record: SessionRecord, *, session: Session) -> Sitting:
    """The :class:`Sitting` that carries on a stored session: its game, bankroll, seeds, next round and
    statistics (so far) as stored."""
    settings = settings_of(record)
    last = session.exec(
        select(HandRecord.round_no).where(HandRecord.session_id == record.id).order_by(col(HandRecord.round_no).desc()).limit(1)
    ).first()
    start = read_amount(record.start_bankroll, "sessions.start_bankroll", f"session {record.id}")
    bankroll = read_amount(record.bankroll, "sessions.bankroll", f"session {record.id}")
    sitting = Sitting(
        game_of(record),
        bankroll,
        seed=settings.get("seed"),
        next_round=(last + 1) if last is not None else 1,
        house=start - bankroll,
        client_seed=settings.get("client_seed"),
    )
    sitting.stats = restore_stats(record.id, session=session)  # type: ignore[arg-type]  # a stored row's id is never None
    return sitting
