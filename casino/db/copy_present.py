"""A session that ``brag db copy`` finds already in the destination (the same chain key): is the copy there
the same session, and how far does it go?

:func:`present_copy` compares the destination's copy with the source's session, hand by hand, before anything
is written: the session's identity (game, its snapshot, starting bankroll, settings: what its chain starts
from) and, for every hand both hold, the hand's full stored contents with its boxes and bets (what its hash
covers: cards, seed, commitment, results, events) and its links in the chain. The copy there is then:

* complete (as many hands as the source): nothing to copy;
* an older copy, an exact prefix of the source (fewer hands): the source's later hands are added to it, its
  existing rows kept as they are (:func:`casino.db.copy.copy_sessions`);
* further on (more hands: it plays on there, moved): nothing to copy;
* anything else (a hand that differs, hands missing in between, another game or bankroll): refused,
  :class:`CopyDiffers` naming the session, and nothing is copied.

The hands are compared a batch at a time (memory does not grow with the session)::

    >>> from casino.db.database import connect
    >>> src, dst = connect("sqlite://").connect(), connect("sqlite://").connect()
    >>> present_copy(src, dst, type("Row", (), {"id": 1, "chain_key": None})()) is None
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from casino.db.chain import hand_contents
from casino.db.database import StoreError
from casino.db.models import BetRecord, BoxRecord, HandRecord, SessionRecord

__all__ = ["CopyDiffers", "Present", "present_copy", "IDENTITY"]

#: What makes a stored session that session (with its chain key): where its chain starts from.
IDENTITY = ("game", "game_source", "game_text", "start_bankroll", "settings")


class CopyDiffers(StoreError):
    """The destination holds a session with the source's chain key that is not a copy of it (or of its first
    hands): ``session 2: DST holds a different copy of it (session 5 there: hand 3 differs); nothing was copied``."""


@dataclass(frozen=True)
class Present:
    """The destination's copy of a source session: its id there, its hands and head, and the source's."""

    target_id: int
    hands: int  # the copy's hands (1 .. hands)
    source_hands: int
    head: str | None  # the copy's head hash as read (a copy that moves on meanwhile is not extended)

    @property
    def complete(self) -> bool:
        """Nothing to add: as many hands as the source, or more (it plays on there)."""
        return self.hands >= self.source_hands


def present_copy(src: Any, dst: Any, row: Any, *, batch: int = 2000, where: str = "DST") -> Present | None:
    """The destination's copy of source session ``row`` (found by its chain key), checked against the source
    (see the module); ``None`` when the destination holds no copy. :class:`CopyDiffers` when it is not the
    same session, or not a prefix of it."""
    if not row.chain_key:
        return None
    sessions = SessionRecord.__table__  # type: ignore[attr-defined]
    hands = HandRecord.__table__  # type: ignore[attr-defined]
    found = dst.execute(select(sessions).where(sessions.c.chain_key == row.chain_key).order_by(sessions.c.id)).all()
    if not found:
        return None

    def differs(why: str) -> CopyDiffers:
        return CopyDiffers(f"session {row.id}: {where} holds a different copy of it (session {found[0].id} there: {why}); "
                           "it is not copied, and nothing was copied")

    if len(found) > 1:
        raise differs(f"and {len(found) - 1} more with its chain key")
    copy = found[0]
    for name in IDENTITY:
        if getattr(copy, name) != getattr(row, name):
            raise differs(f"its {name} differs")
    count, low, high = dst.execute(select(func.count(), func.min(hands.c.round_no), func.max(hands.c.round_no))
                                   .where(hands.c.session_id == copy.id)).one()
    if count and (low != 1 or high != count) or copy.rounds != count:
        raise differs(f"its {count} hand(s) are not hands 1 to {count} as its row says ({copy.rounds})")
    total = src.execute(select(func.count()).select_from(hands).where(hands.c.session_id == row.id,
                                                                     hands.c.round_no <= row.rounds)).scalar_one()
    # (hands past the row's count: played on since the row was read, not part of this copy)
    shared = 0
    source_rows = src.execute(select(hands).where(hands.c.session_id == row.id, hands.c.round_no <= count)
                              .order_by(hands.c.round_no).execution_options(yield_per=batch))
    for chunk in source_rows.partitions(batch):
        numbers = [h.round_no for h in chunk]
        theirs = dst.execute(select(hands).where(hands.c.session_id == copy.id, hands.c.round_no.in_(numbers))).all()
        mine, there = _contents(src, chunk), _contents(dst, theirs)
        for n in numbers:
            if mine[n] != there.get(n):
                raise differs(f"hand {n} differs")
        shared += len(chunk)
    if shared != min(count, total):
        raise differs(f"it holds hand(s) the source has not (the source's hands are not 1 to {total})")
    if count < total:  # the source's next hand must carry on from the copy's head
        following = src.execute(select(hands.c.prev_hash).where(hands.c.session_id == row.id)
                                .order_by(hands.c.round_no).offset(count).limit(1)).scalar_one()
        if following != copy.head_hash:
            raise differs(f"its head {copy.head_hash} is not where the source's hand {count + 1} carries on")
    elif count == total and copy.head_hash != row.head_hash:
        raise differs(f"its head {copy.head_hash} is not the source's {row.head_hash}")
    return Present(copy.id, count, total, copy.head_hash)


def _contents(connection: Any, hand_rows: Sequence[Any]) -> dict[int, tuple[Any, ...]]:
    """Each hand's stored contents (:func:`~casino.db.chain.hand_contents`: the hand, its boxes and bets) and its
    two links, by hand number."""
    if not hand_rows:
        return {}
    boxes = BoxRecord.__table__  # type: ignore[attr-defined]
    bets = BetRecord.__table__  # type: ignore[attr-defined]
    ids = [h.id for h in hand_rows]
    box_rows: dict[int, list[Any]] = {}
    for b in connection.execute(select(boxes).where(boxes.c.hand_id.in_(ids))).all():
        box_rows.setdefault(b.hand_id, []).append(b)
    bet_rows: dict[int, list[Any]] = {}
    for b in connection.execute(select(bets).where(bets.c.hand_id.in_(ids))).all():
        bet_rows.setdefault(b.hand_id, []).append(b)
    return {h.round_no: (h.prev_hash, h.hash, hand_contents(h, box_rows.get(h.id, []), bet_rows.get(h.id, [])))
            for h in hand_rows}
