"""Reading a session's stored hands back: one hand (:func:`get_hand`), all of them (:func:`hands_of`,
:func:`hands_with_boxes`), their boxes and bet rows, or a stream a batch at a time (:func:`stream_hands`:
what history, replay and verify read of a long session).

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.db.rounds import record_round
    >>> from casino.db.sessions import create_session
    >>> from casino.games import load_game
    >>> from casino.sitting import Sitting, flat_stakes
    >>> from casino.strategy import play_mask
    >>> game = load_game("3-card-brag")
    >>> with Session(connect("sqlite://")) as db:
    ...     sid = create_session(game, Fraction(50), {"seed": "doc"}, session=db).id
    ...     sitting = Sitting(game, Fraction(50), seed="doc")
    ...     for _ in range(2):
    ...         before = sitting.bankroll
    ...         result = sitting.play_round(flat_stakes(1, Fraction(2))(sitting), play_mask(game, "optimal"))
    ...         _ = record_round(sid, result, before, sitting.bankroll, session=db)
    ...     hand = get_hand(sid, 2, session=db)
    ...     streamed = [(h.round_no, len(boxes)) for h, boxes, _ in stream_hands(sid, session=db)]
    ...     last_round(sid, session=db), hand.round_no, [b.box for b in boxes_of(hand.id, session=db)], streamed
    (2, 2, [1], [(1, 1), (2, 1)])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from casino.db.chain import BET_FIELDS, BOX_FIELDS
from casino.db.database import StoreError
from casino.db.models import BetRecord, BoxRecord, HandRecord
from casino.db.rows import hand_row, read_amount
from casino.db.sessions import get_session

__all__ = ["last_round", "hands_of", "get_hand", "boxes_of", "hands_with_boxes", "bets_of", "stream_hands"]


def last_round(session_id: int, *, session: Session) -> int:
    """The number of the session's last stored hand (0 before the first)."""
    found = session.exec(
        select(HandRecord.round_no).where(HandRecord.session_id == session_id).order_by(col(HandRecord.round_no).desc()).limit(1)
    ).first()
    return int(found or 0)


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
        read_amount(getattr(hand, name), f"hands.{name}", hand_row(round_no, session_id))
    return hand


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


def bets_of(hand_ids: list[int], *, session: Session) -> dict[int, list[BetRecord]]:
    """The bet rows of these hands: hand id -> rows in box, then settlement, order."""
    found: dict[int, list[BetRecord]] = {}
    if not hand_ids:
        return found
    query = select(BetRecord).where(col(BetRecord.hand_id).in_(hand_ids)).order_by(col(BetRecord.id))
    for row in session.exec(query).all():
        found.setdefault(row.hand_id, []).append(row)
    return found


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
