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

:func:`record_round` writes a round (its hand row, box rows and the session's new bankroll) in one
transaction: a session killed at any moment has every settled round or none of it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import bindparam, insert, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from casino.db.database import StoreError
from casino.db.models import BetRecord, BoxRecord, HandRecord, MeterRecord, SessionRecord, utcnow
from casino.cards import Card
from casino.events import BoxBets
from casino.games import Game, parse_game_text
from casino.sitting import Sitting, SittingStats
from casino.table import RoundResult

__all__ = [
    "create_session",
    "record_round",
    "record_deal",
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
]


def money(value: Fraction | int) -> str:
    """Exact text for an amount: ``"10"``, ``"25/2"``."""
    return str(Fraction(value))


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.ascii() for c in cards)


def create_session(game: Game, bankroll: Fraction, settings: Mapping[str, Any], *, session: Session) -> SessionRecord:
    """Start a session: the game with a self-contained snapshot (:meth:`Game.to_toml`), bankroll, settings."""
    record = SessionRecord(
        game=game.name,
        game_source=game.source,
        game_text=game.to_toml(),
        start_bankroll=money(bankroll),
        bankroll=money(bankroll),
        settings=json.dumps(dict(settings), sort_keys=True),
    )
    session.add(record)
    session.commit()
    session.refresh(record)
    return record


@dataclass(frozen=True)
class StoredRound:
    """What :func:`record_round` stored: the hand row's id and the round number."""

    id: int
    round_no: int


def _table(model: Any) -> Any:
    return model.__table__


# Core statements built once (no per-row ORM objects: auto-play stores hundreds of rounds a second)
_INSERT_HAND = _table(HandRecord).insert()
_INSERT_BOX = _table(BoxRecord).insert()
_INSERT_BET = _table(BetRecord).insert()
_UPDATE_SESSION = (
    _table(SessionRecord).update()
    .where(_table(SessionRecord).c.id == bindparam("sid"))
    .values(bankroll=bindparam("new_bankroll"), rounds=_table(SessionRecord).c.rounds + 1)
)


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


def record_deal(session_id: int, rnd: Any, *, session: Session) -> None:
    """The seam where a dealt round's bets and commitment are stored BEFORE its cards are shown.

    Today a round is stored whole when it is settled (:func:`record_round`) and a round abandoned
    before settlement (Ctrl-C at the play/fold prompt) leaves nothing: this function only checks that
    the session is still open for play. The records work (issue 12) makes it write the bets and the
    commitment here, so that an abandoned deal is on record too; :class:`casino.service.TableService`
    already calls it between dealing and showing the cards.
    """
    sessions = _table(SessionRecord)
    found = session.connection().execute(
        select(sessions.c.ended_at).where(sessions.c.id == session_id)).first()
    if found is None:
        raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
    if found[0] is not None:
        raise StoreError(f"session {session_id} has ended: resume it with 'brag play --resume {session_id}'")


def record_round(
    session_id: int,
    result: RoundResult,
    bankroll_before: Fraction,
    bankroll_after: Fraction,
    *,
    session: Session,
    meters: Mapping[str, Fraction] | None = None,
) -> StoredRound:
    """Store one settled round (its hand row, a row per box and a row per bet), the session's new
    bankroll and any progressive meter's new value (``meters``: name -> value), in one transaction.

    Written with bulk inserts (no per-row ORM objects): auto-play stores hundreds of rounds a second,
    each still committed on its own.
    """
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
    }
    try:
        connection = session.connection()
        key = connection.execute(_INSERT_HAND, values).inserted_primary_key
        assert key is not None
        hand_id = int(key[0])
        connection.execute(_INSERT_BOX, _box_rows(hand_id, result))
        connection.execute(_INSERT_BET, _bet_rows(hand_id, result))
        changed = connection.execute(_UPDATE_SESSION, {"sid": session_id, "new_bankroll": money(bankroll_after)}).rowcount
        if changed != 1:
            raise StoreError(f"no session {session_id} in this database (see 'brag sessions')")
        for name, value in (meters or {}).items():
            _write_meter(connection, name, value)
        session.commit()
    except BaseException:  # KeyboardInterrupt too: a half-written round must not be committed later
        session.rollback()
        raise
    return StoredRound(hand_id, result.round_no)


# -- progressive meters --------------------------------------------------------------------------------


def progressive_meter(name: str, start: Fraction, *, session: Session) -> Fraction:
    """The stored meter of the progressive called ``name`` (``start``, the file's value, before any bet)."""
    meters = _table(MeterRecord)
    row = session.connection().execute(select(meters.c.meter).where(meters.c.name == name)).first()
    return start if row is None else Fraction(row[0])


def stored_meters(*, session: Session) -> dict[str, Fraction]:
    """Every stored progressive meter: name -> value."""
    return {row.name: Fraction(row.meter) for row in session.exec(select(MeterRecord)).all()}


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


def _mark_ended(session_id: int, reason: str | None, *, session: Session) -> SessionRecord:
    """Set (or, with ``None``, clear) a session's end in one transaction."""
    record = get_session(session_id, session=session)
    record.ended_at = utcnow() if reason is not None else None
    record.end_reason = reason
    session.add(record)
    session.commit()
    session.refresh(record)
    return record


def end_session(session_id: int, reason: str, *, session: Session) -> SessionRecord:
    """Mark a session as ended, saying why (``quit``, ``hands``, ``bankroll`` …)."""
    return _mark_ended(session_id, reason, session=session)


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
    record = session.exec(select(SessionRecord).order_by(col(SessionRecord.id).desc())).first()
    if record is None:
        raise StoreError("no sessions in this database yet: start one with 'brag play'")
    return record


def settings_of(record: SessionRecord) -> dict[str, Any]:
    settings: dict[str, Any] = json.loads(record.settings or "{}")
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
        }


def session_summary(session_id: int, *, session: Session) -> SessionSummary:
    """One session's row of ``brag sessions``."""
    [summary] = list_sessions(session=session, session_id=session_id)
    return summary


def last_round(session_id: int, *, session: Session) -> int:
    """The number of the session's last stored hand (0 before the first)."""
    found = session.exec(
        select(HandRecord.round_no).where(HandRecord.session_id == session_id).order_by(col(HandRecord.round_no).desc())
    ).first()
    return int(found or 0)


def list_sessions(*, session: Session, session_id: int | None = None) -> list[SessionSummary]:
    """Every session (or just ``session_id``), newest first, with its net result."""
    query = select(SessionRecord).order_by(col(SessionRecord.id).desc())
    amounts = select(HandRecord.session_id, HandRecord.wagered)
    if session_id is not None:
        get_session(session_id, session=session)
        query = query.where(SessionRecord.id == session_id)
        amounts = amounts.where(HandRecord.session_id == session_id)
    records = session.exec(query).all()
    wagered: dict[int, Fraction] = {}
    for owner, amount in session.exec(amounts).all():
        wagered[owner] = wagered.get(owner, Fraction(0)) + Fraction(amount)
    return [
        SessionSummary(
            id=r.id,  # type: ignore[arg-type]  # a stored row's id is never None
            game=r.game,
            started_at=r.started_at,
            ended_at=r.ended_at,
            end_reason=r.end_reason,
            rounds=r.rounds,
            start_bankroll=Fraction(r.start_bankroll),
            bankroll=Fraction(r.bankroll),
            wagered=wagered.get(r.id, Fraction(0)),  # type: ignore[arg-type]  # a stored row's id is never None
        )
        for r in records
    ]


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
    return hand


def restore_stats(session_id: int, *, session: Session) -> SittingStats:
    """The statistics of every stored hand of a session (what ``?`` shows after ``--resume``), from
    the bet rows (side bets included); hands stored before bet rows existed, from their box rows."""
    from casino.bets import get_bet

    stats = SittingStats()
    hands = hands_of(session_id, session=session)
    boxes: dict[int, list[BoxRecord]] = {}
    ids = [h.id for h in hands if h.id is not None]
    for row in session.exec(select(BoxRecord).where(col(BoxRecord.hand_id).in_(ids))).all() if ids else ():
        boxes.setdefault(row.hand_id, []).append(row)
    bets = bets_of(ids, session=session)
    for hand in hands:
        stats.rounds += 1
        for row in boxes.get(hand.id, []):  # type: ignore[arg-type]  # a stored row's id is never None
            stats.plays += row.decision == "play"
            stats.folds += row.decision == "fold"
        if hand.id in bets:
            for bet_row in bets[hand.id]:
                totals = stats.bets[bet_row.bet]
                totals.count += 1
                totals.wagered += get_bet(bet_row.bet).chips(Fraction(bet_row.stake))
                totals.net += Fraction(bet_row.net)
        else:
            for row in boxes.get(hand.id, []):  # type: ignore[arg-type]  # a stored row's id is never None
                for bet in ("ante", "play", "ante_bonus", "pair_plus"):
                    net = getattr(row, f"{bet}_net")
                    if net is None:
                        continue
                    totals = stats.bets[bet]
                    totals.count += 1
                    totals.wagered += 0 if bet == "ante_bonus" else Fraction(row.pair_plus if bet == "pair_plus" else row.ante)
                    totals.net += Fraction(net)
        stats.per_round.append(Fraction(hand.net))
    return stats


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
    if session.exec(select(HandRecord.id).where(HandRecord.session_id == session_id)).first() is not None:
        raise StoreError(f"session {session_id} has stored hands: it is kept")
    session.delete(record)
    session.commit()


def game_of(record: SessionRecord) -> Game:
    """The session's game, rebuilt from its stored snapshot.

    Snapshots written by :meth:`Game.to_toml` are self-contained. Sessions stored before that hold the
    game file's own text: a table named there by a relative path may no longer resolve (an error naming it).
    """
    return parse_game_text(record.game_text, f"the game stored with session {record.id} ({record.game_source})")


def last_bets(session_id: int, *, session: Session) -> tuple[BoxBets, ...]:
    """Each box's stakes in the session's last stored hand (empty without hands): what a resume repeats."""
    hand = session.exec(
        select(HandRecord).where(HandRecord.session_id == session_id).order_by(col(HandRecord.round_no).desc())
    ).first()
    if hand is None:
        return ()
    assert hand.id is not None
    side: dict[int, dict[str, Fraction]] = {}
    for row in bets_of([hand.id], session=session).get(hand.id, []):
        if row.bet not in ("ante", "play", "ante_bonus", "pair_plus"):
            side.setdefault(row.box, {})[row.bet] = Fraction(row.stake)
    return tuple(BoxBets(b.box, Fraction(b.ante), Fraction(b.pair_plus), side.get(b.box, {}))
                 for b in boxes_of(hand.id, session=session))


def resume_sitting(record: SessionRecord, *, session: Session) -> Sitting:
    """The :class:`Sitting` that carries on a stored session: its game, bankroll, seeds, next round and
    statistics (so far) as stored."""
    settings = settings_of(record)
    last = session.exec(
        select(HandRecord.round_no).where(HandRecord.session_id == record.id).order_by(col(HandRecord.round_no).desc())
    ).first()
    start = Fraction(record.start_bankroll)
    bankroll = Fraction(record.bankroll)
    sitting = Sitting(
        game_of(record),
        bankroll,
        seed=settings.get("seed"),
        next_round=(last + 1) if last is not None else 1,
        house=start - bankroll,
    )
    sitting.stats = restore_stats(record.id, session=session)  # type: ignore[arg-type]  # a stored row's id is never None
    return sitting
