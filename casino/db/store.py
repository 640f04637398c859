"""Reading and writing casino sessions and rounds: every name of the modules below, in one place (``from
casino.db import store``; ``store.record_round(...)``). Every function takes the SQLModel session as
``session=``.

=========================  ===========================================================================
module                     what it holds
=========================  ===========================================================================
:mod:`casino.db.sessions`  a session's row and its life: create, get, list, end, reopen, delete
:mod:`casino.db.leases`    which process is playing a session: claim, release, a dead holder's lease
:mod:`casino.db.pending`   the pending hand: a round on record from its deal (:func:`record_deal`)
:mod:`casino.db.rounds`    a settled round stored in one transaction (:func:`record_round`)
:mod:`casino.db.hands`     stored hands read back: one, all, or streamed a batch at a time
:mod:`casino.db.meters`    progressive meters, shared by every session at a game of one name
:mod:`casino.db.resuming`  carrying a stored session on: its sitting, statistics and last stakes
:mod:`casino.db.rows`      stored values written as text and read back bounded (:class:`UnreadableValue`)
:mod:`casino.ids`          the ids a database column holds (:data:`MAX_ID`, :func:`id_problem`)
=========================  ===========================================================================

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
settled round or none of it. A round is on record from the moment it is dealt: :func:`record_deal` writes
its *pending hand* before any card is shown, and :func:`record_round` with ``pending=True`` replaces it.

Callers call these through ``store.`` (``store.record_deal``, ``store.stream_hands`` …), so a test that
replaces one here replaces it for them.
"""

from __future__ import annotations

from casino.db.hands import bets_of, boxes_of, get_hand, hands_of, hands_with_boxes, last_round, stream_hands
from casino.db.leases import LEASE_STALE_SECONDS, claim_session, lease_owner, release_session
from casino.db.meters import MeterBet, hold_meter, progressive_meter, stored_meters
from casino.db.pending import PendingHand, missing_deal, pending_hand, pending_hash, record_deal
from casino.db.resuming import last_bets, restore_stats, resume_sitting
from casino.db.rounds import StoredRound, record_round
from casino.db.rows import (UnreadableValue, cards_text, genesis_of, money, read_amount, settings_of, totals_of,
                            unreadable)
from casino.db.sessions import (SessionSummary, create_session, delete_session, end_session, game_of, get_session,
                                latest_session, list_sessions, refuse_unplayable_here, reopen_session,
                                session_summary)
from casino.ids import MAX_ID, id_problem

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
    "hold_meter",
    "stored_meters",
    "bets_of",
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
    "unreadable",
    "read_amount",
    "MAX_ID",
    "id_problem",
]
