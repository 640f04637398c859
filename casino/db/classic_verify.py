"""Verifying a stored traditional Brag session: ``brag verify ID --classic`` (and the web table's verify).

Every settled hand is recomputed from its revealed seed — the commitment, the pack (the seed's shuffle or
the last hand's carry-over, shuffled only when the rules call for it), the cards off the top, its actions
replayed to the stored events and chips and to the pack it leaves for the next hand — the session's stored
table state (the pack the next deal carries over) against the last hand, and the session's pending hand (started, not settled) is checked
with the resume's own check (:func:`casino.db.classic_store.deal_pending`) and against the settled hands.
Problems are one line each: ``hand 3: …`` for a settled hand, ``hand 4 (pending): …`` for the pending one::

    >>> import random
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.classic.rules import load_rules
    >>> from casino.classic.table import ClassicTable
    >>> from casino.classic.view import SimpleOpponent
    >>> from casino.db import classic_store
    >>> rules = load_rules("classic-brag")
    >>> with Session(connect("sqlite://")) as db:
    ...     record = classic_store.create_session(rules, ["You", "Ann"], ["simple"] * 2, 9, {"seed": "doc"}, session=db)
    ...     table = ClassicTable(rules, ["You", "Ann"], seed="doc")
    ...     _ = classic_store.save_hand(record.id, table.play_hand([SimpleOpponent()] * 2, random.Random(1)), table,
    ...                                 session=db)
    ...     _ = table.start_hand()
    ...     pending = classic_store.start_pending(record.id, table, session=db)
    ...     pending.commitment = "0" * 64  # changed after the deal
    ...     verify_classic(record.id, session=db)
    ['hand 2 (pending): does not deal as it was committed (the stored seed and the pack carried over do not give the stored commitment)']
"""

from __future__ import annotations

import json
from fractions import Fraction

from sqlmodel import Session

from casino.classic.actions import HandOver, PotWon, Shown
from casino.classic.state import HandState
from casino.classic.table import HandRecord, pack_left, verify_pack
from casino.db.classic_models import ClassicPendingRecord, ClassicSessionRecord
from casino.db.classic_store import deal_pending, get_session, hand_from_row, hands_of, pending_of, rules_of
from casino.db.database import StoreError
from casino.fair import SeedSource

__all__ = ["verify_classic"]


def verify_classic(session_id: int, hand_no: int | None = None, *, session: Session) -> list[str]:
    """Every problem found in a stored session (empty: all verified).

    For each hand: the seed against the commitment, the pack (the seed's shuffle, or the previous
    hand's carry-over), the cards dealt off the top, and the hand replayed from its actions, which
    must give the stored events and chips and the pack left for the next hand (:func:`pack_left`, as the
    table leaves it); the session's chips must be the last hand's and, with no hand pending, its stored
    table state's pack the one the last hand left (:func:`_table_state_problems`). A pending hand
    (started, not settled) is checked as far as it goes by :func:`_pending_problems` (with the whole session,
    or when ``hand_no`` is its number); it is never counted as settled. A ``hand_no`` the session has
    neither settled nor pending is a :class:`~casino.errors.StoreError`."""
    record = get_session(session_id, session=session)
    rules = rules_of(record)
    names = json.loads(record.names)
    problems: list[str] = []
    previous: HandRecord | None = None
    rows = hands_of(session_id, session=session)
    seeds = _seed_text_source(record)
    for row in rows:
        try:
            hand = hand_from_row(row, rules, names)
        except (ValueError, KeyError, TypeError) as error:
            problems.append(f"hand {row.hand_no}: cannot be read ({error})")
            previous = None
            continue
        if hand_no is None or row.hand_no == hand_no:
            problems += verify_pack(hand, previous)
            problems += _dealing_problems(hand, previous, seeds, f"hand {hand.hand_no}")
            problems += _replay_problems(hand)
        previous = hand
    if hand_no is None and rows and json.loads(record.chips) != json.loads(rows[-1].chips_after) and len(
            json.loads(rows[-1].seats)) == len(names):
        problems.append("the session's chips are not the last hand's")
    pending = pending_of(session_id, session=session)
    if hand_no is not None and all(row.hand_no != hand_no for row in rows) and (
            pending is None or pending.hand_no != hand_no):
        raise StoreError(f"classic session {session_id} has no hand {hand_no} "
                         f"(see 'brag history {session_id} --classic')")
    if pending is not None and (hand_no is None or hand_no == pending.hand_no):
        problems += _pending_problems(record, pending, rows[-1].hand_no if rows else 0, previous)
    elif pending is None and hand_no is None and previous is not None and previous.hand_no == rows[-1].hand_no:
        problems += _table_state_problems(record, previous)
    return problems


def _table_state_problems(record: ClassicSessionRecord, last: HandRecord) -> list[str]:
    """The session's stored table state (what the next deal comes from) against its last settled hand
    (``last``, no hand pending): with ``shuffle = "traditional"`` its pack must be the one that hand left,
    to be carried over unless that hand's showdown was won by a prial (the next pack shuffled). A pending
    hand's pack is checked against the hand before by :func:`_pending_problems` instead."""
    if last.rules.shuffle != "traditional":
        return []  # every deal is shuffled from its seed: the pack left is never dealt
    try:
        snapshot = json.loads(record.table_state)
        pack = [int(c) for c in snapshot.get("pack", [])]
        shuffle_next = bool(snapshot.get("shuffle_next", True))
    except (ValueError, TypeError, AttributeError) as error:
        return [f"the session's table state for the next hand cannot be read ({error})"]
    problems = []
    if pack != last.pack_after:
        problems.append(f"the session's table state has a pack for the next hand that is not the one hand "
                        f"{last.hand_no} left")
    if shuffle_next != last.prial_won:
        problems.append(f"the session's table state {'shuffles' if shuffle_next else 'carries over'} the next pack, "
                        f"but hand {last.hand_no} {'called for a shuffle' if last.prial_won else 'left it to be carried over'}")
    return problems


def _pending_problems(record: ClassicSessionRecord, pending: ClassicPendingRecord, last: int,
                      previous: HandRecord | None) -> list[str]:
    """The pending hand, checked as a resume checks it (:func:`deal_pending`: dealt again from the table
    state with its seed, the stored commitment, every stored action legal in turn) and against the settled
    hands: the hand after the last one (``last``), dealt from the session's chips, its pack the seed's shuffle
    or exactly what the last settled hand (``previous``) left, and every player's cards off the top."""
    where = f"hand {pending.hand_no} (pending)"
    table, problems = deal_pending(record, pending)
    if table is None or table._record is None:
        return problems
    dealt = table._record
    if dealt.hand_no - 1 != last:
        problems.append(f"{where}: it is dealt from a table state after hand {dealt.hand_no - 1}, not after the last "
                        f"settled hand ({last})")
    try:
        chips_ok = table.chips == [Fraction(c) for c in json.loads(record.chips)]
    except (ValueError, TypeError, ZeroDivisionError):
        chips_ok = False
    if not chips_ok:
        problems.append(f"{where}: it is not dealt from the session's chips (its table state was changed)")
    if previous is not None or last == 0:  # (an unreadable last hand is reported already)
        problems += [p.replace(f"hand {dealt.hand_no}:", f"{where}:", 1) for p in verify_pack(dealt, previous)]
        problems += _dealing_problems(dealt, previous, None, where)  # (the seed text's seed: deal_pending)
    return problems


def _seed_text_source(record: ClassicSessionRecord) -> SeedSource | None:
    """The seeds a ``--seed`` session's text gives (``None``: a session dealt from secret seeds)."""
    try:
        text = json.loads(record.settings).get("seed")
    except (ValueError, AttributeError):
        return None
    return SeedSource.from_text(text) if text is not None else None


def _dealing_problems(hand: HandRecord, previous: HandRecord | None, seeds: SeedSource | None, where: str) -> list[str]:
    """A hand's seed against the session's seed text (``seeds``, a ``--seed`` session), and its shuffle against
    the rules: after a settled hand the pack is shuffled only when that hand's showdown was won by a prial, with
    ``shuffle = "every-hand"``, or when it left no pack; otherwise it is carried over unshuffled."""
    problems = []
    if seeds is not None and hand.seed != seeds.seed_for(hand.hand_no):
        problems.append(f"{where}: the seed is not the one the session's seed text gives")
    if previous is not None:
        due = previous.prial_won or hand.rules.shuffle == "every-hand" or not previous.pack_after
        if hand.shuffled and not due:
            problems.append(f"{where}: the pack was shuffled, but hand {previous.hand_no} left it to be carried over "
                            "(no prial won its showdown)")
        elif due and not hand.shuffled:
            problems.append(f"{where}: the pack was carried over, but hand {previous.hand_no} called for a shuffle")
    return problems


def _replay_problems(hand: HandRecord) -> list[str]:
    try:
        state = HandState(hand.rules, hand.names, hand.chips_before, [[list(h) for h in hs] for hs in hand.dealt],
                          first=hand.first)
        for seat, action in hand.actions:
            state.act(action, seat=seat)
    except Exception as error:  # noqa: BLE001 - any failure to replay is a finding
        return [f"hand {hand.hand_no}: the actions do not replay ({error})"]
    out = []
    if state.chips != hand.chips_after:
        out.append(f"hand {hand.hand_no}: the chips after the hand are not what its actions give")
    replayed = [e.to_dict() for e in state.events]
    stored = [e.to_dict() for e in hand.events]
    for e in stored:  # stored events name table seats; replayed ones hand seats
        for key in ("seat", "target"):
            if key in e and e[key] >= 0:
                e[key] = hand.seats.index(e[key])
        if e.get("kind") == "hand_over" and e["blind_winner"] >= 0:
            e["blind_winner"] = hand.seats.index(e["blind_winner"])
    if replayed != stored:
        out.append(f"hand {hand.hand_no}: the stored events are not what its actions give")
    winners = {e.seat for e in state.events if isinstance(e, PotWon)}
    prial = state.showdown and any(isinstance(e, Shown) and e.seat in winners and state.ranker.category(e.kept) == 5
                                   for e in state.events)
    if prial != hand.prial_won:
        out.append(f"hand {hand.hand_no}: the stored mark of a prial winning the showdown (the next pack shuffled) "
                   "is not what its actions give")
    over = state.events[-1] if state.events else None
    if hand.kept_blind != -1 and not (isinstance(over, HandOver) and hand.kept_blind == over.blind_winner >= 0):
        out.append(f"hand {hand.hand_no}: a blind hand is marked kept for the next deal, but its actions give no "
                   "blind winner in that seat")
    elif state.over and pack_left(hand, state) != hand.pack_after:
        out.append(f"hand {hand.hand_no}: the pack left for the next hand is not what its deal and play leave")
    return out
