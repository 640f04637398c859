"""Verifying a stored head-to-head hand: re-dealt from its revealed seed and re-settled with the
head-to-head settlement (:mod:`casino.head_to_head_table`, which settles through
:func:`casino.maths.head_to_head_settle.compile_head_to_head`), never with the Ante/Play table.

:func:`casino.db.verify.verify_session` calls :func:`hand_checker` for a session whose game has a
``[head_to_head]`` section; the chain, the bankroll's chain, the practice seeds and the session totals
are checked there as for every session. Here, for one hand: the seed against its commitment; the stored
bet rows (the stakes) must name bets the game offers; the deck the seed fixes, dealt to the two hands,
must give the stored cards (the first hand as box 1's, the second as the dealer's) and their names; every
bet's stake, net and paid hand, the winner, the hand's net, wagered and bankroll after, and the events
must be what settling those stakes gives::

    >>> from fractions import Fraction
    >>> from sqlmodel import Session
    >>> from casino.db.database import connect
    >>> from casino.db.verify import verify_session
    >>> from casino.games import load_game
    >>> from casino.head_to_head_service import HeadToHeadService
    >>> with Session(connect("sqlite://")) as db:
    ...     service = HeadToHeadService.new(load_game("teen-patti-pro"), Fraction(50), stakes={"player": 2, "tie": 1})
    ...     session_id = service.open(db)
    ...     _ = service.play_round(), service.play_round()
    ...     verify_session(session_id, session=db).ok
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from casino.errors import BragError
from casino.head_to_head_table import FIRST_BOX, HeadToHeadBets, HeadToHeadTable

__all__ = ["hand_checker", "verify_hand"]


def hand_checker(game: Any, client_seed: str | None = None) -> Callable[[Any, list[Any], list[Any] | None], list[Any]]:
    """``check(hand, boxes, bets) -> mismatches`` for the stored hands of a head-to-head ``game`` (its
    session's ``client_seed``, if any, mixed into every house seed)."""
    table = HeadToHeadTable(game)

    def check(hand: Any, boxes: list[Any], bets: list[Any] | None) -> list[Any]:
        return verify_hand(table, hand, boxes, bets, client_seed)

    return check


def verify_hand(table: HeadToHeadTable, hand: Any, boxes: list[Any], bets: list[Any] | None,
                client_seed: str | None = None) -> list[Any]:
    """Every difference between a stored head-to-head hand and its recomputation (:class:`Mismatch` list)."""
    from casino.db.verify import Mismatch, _compare, _compare_bets, hand_seed

    n = hand.round_no
    seed, found = hand_seed(hand)
    if seed is None:
        return found

    def check(box: int | None, name: str, stored: Any, expected: Any) -> None:
        if stored != expected:
            found.append(Mismatch(n, box, name, str(stored), str(expected)))

    if [b.box for b in boxes] != [FIRST_BOX]:
        shown = ", ".join(str(b.box) for b in boxes) or "none"
        return found + [Mismatch(n, None, "boxes", shown, f"box {FIRST_BOX} alone (the first hand)")]
    row = boxes[0]
    for column in ("ante", "pair_plus"):
        check(FIRST_BOX, column, Fraction(getattr(row, column)), Fraction(0))
    check(FIRST_BOX, "decision", row.decision, None)
    rows = bets or []
    unknown = [r.bet for r in rows if r.bet not in table.titles]
    if not rows or unknown:
        shown = ", ".join(unknown) if unknown else "no bet rows"
        return found + [Mismatch(n, None, "bets", shown, f"bets of {table.game.name} ({', '.join(table.names)})")]
    try:
        stakes = {r.bet: Fraction(r.stake) for r in rows}
        placed = HeadToHeadBets(tuple((name, stakes[name]) for name in table.names if name in stakes))
        result = table.deal(placed, seed, round_no=n, client_seed=client_seed).settle()
    except (BragError, ZeroDivisionError, LookupError) as error:
        shown = "; ".join(f"{r.bet} {r.stake}" for r in rows)
        return found + [Mismatch(n, None, "bets", shown, f"a valid round ({error})")]
    try:
        stored_events = json.loads(hand.events)
    except json.JSONDecodeError:
        stored_events = None
    _compare(result, hand, boxes, stored_events, check)
    _compare_bets(result, rows, check)
    return found
