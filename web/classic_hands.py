"""The pending-hand protocol of the web's traditional Brag table: nothing is shown that is not stored.

A hand is stored as *pending* (:func:`classic_store.start_pending`: its seed and pack commitment) in the request
that deals it, before the response shows any card (:func:`start_hand`); every action, the player's and the
computer players', is added as it is taken (:func:`act`, :func:`play_computers`); :func:`settle` stores the
hand and removes the pending record in one transaction. If a write fails the seat is dropped from memory and
the request answers an error (:func:`write`), so nothing the database does not hold is ever shown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from sqlmodel import Session

from web.classic_seats import ClassicSeat, ClassicSeats
from web.classic_view import cards_text
from web.errors import Conflict, WebError

__all__ = ["NotStored", "write", "start_hand", "act", "play_computers", "settle"]

log = logging.getLogger("brag.web")


class NotStored(WebError):
    """A store write failed: the seat is dropped and nothing it was about to show goes out."""

    status = 503


def write(seat: ClassicSeat, seats: ClassicSeats, db: Session, what: str, write: Callable[[], Any]) -> None:
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


def start_hand(seat: ClassicSeat, seats: ClassicSeats, db: Session) -> None:
    """Deal the next hand and store it as pending (its seed and commitment) before anything of it is shown;
    the computer players' chance for the hand starts here (:meth:`ClassicSeat.new_chance`, as at the terminal)."""
    from casino.db import classic_store

    seat.table.start_hand()
    write(seat, seats, db, f"hand {seat.table.hand_no}",
           lambda: classic_store.start_pending(seat.session_id, seat.table, session=db))
    seat.new_chance()


def act(seat: ClassicSeat, seats: ClassicSeats, db: Session, action: Any) -> None:
    """``action`` by the seat to act, then added to the pending hand (a resume replays it)."""
    from casino.db import classic_store

    table = seat.table
    to_act = table.to_act
    table.act(action)  # IllegalAction (a BragError) names the rule: 400, nothing stored
    write(seat, seats, db, f"hand {table.hand_no}'s action",
           lambda: classic_store.record_action(seat.session_id, to_act, action, session=db, hand_no=table.hand_no,
                                               played=table.state.actions))


def play_computers(seat: ClassicSeat, seats: ClassicSeats, db: Session) -> None:
    """The computer players act (each action stored) until it is the player's turn or the hand is over
    (then it is settled). Their chance is the hand's one stream (:meth:`ClassicSeat.rng`), drawn on from where
    their last turn left it: called after each of the player's actions, it never starts it again."""
    table = seat.table
    while not table.hand_done and table.to_act != seat.you:
        to_act = table.to_act
        act(seat, seats, db, seat.computer(to_act).decide(table.view(to_act), table.legal_actions(), seat.rng()))
    if table.hand_done:
        write(seat, seats, db, f"hand {table.hand_no}", lambda: settle(seat, db))


def settle(seat: ClassicSeat, db: Session) -> None:
    """End the hand, store it, keep what the player may see of it; end the session when it is over."""
    from casino.classic.referee import event_text
    from casino.classic.view import public_events
    from casino.classic.words import hand_summary
    from casino.db import classic_store

    table = seat.table
    before = list(table.chips)
    record = table.end_hand()
    classic_store.save_hand(seat.session_id, record, table, session=db)
    from casino.classic.actions import PotWon, Shown

    events = public_events(record.events, seat.you)
    shown = [{"name": table.names[e.seat], "seat": e.seat, "cards": cards_text(e.kept), "discards": cards_text(e.discards),
              "hand": e.hand} for e in events if isinstance(e, Shown)]
    won = [{"name": table.names[e.seat], "seat": e.seat, "pot": e.pot, "amount": str(e.amount),
            "shared": bool(getattr(e, "shared", False))} for e in events if isinstance(e, PotWon)]
    seat.finished = {
        "hand_no": record.hand_no, "commitment": record.commitment, "seed": record.seed.hex(), "sealed": None,
        "showdown": record.showdown, "shown": shown, "won": won,
        "log": [t for t in (event_text(e, table.names) for e in events) if t],
        "chips": [{"name": n, "before": str(b), "after": str(a), "net": str(a - b)}
                  for n, b, a in zip(table.names, before, table.chips)],
        "summary": hand_summary(record, table.voice),  # the player in the second person: "You win 12"
        "kept_blind": record.kept_blind >= 0 and record.seats[record.kept_blind] == seat.you,
    }
    reason = None
    if table.hand_no >= seat.limit:
        reason = "hands"
    elif not table.plays_on(seat.you):
        reason = "bust"
    if classic_store.still_dealt_from(table.rules.shuffle, reason, record.prial_won):
        # the next deal comes off this pack: its seed would tell every card to come (see sealed_from)
        seat.finished["seed"], seat.finished["sealed"] = None, classic_store.SEALED_NOTE
    if reason is not None:
        classic_store.end_session(seat.session_id, reason, session=db)
        seat.ended = reason
