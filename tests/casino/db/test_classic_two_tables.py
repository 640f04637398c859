"""One traditional Brag session held by two tables at once (the terminal and the web, say): the table a
step behind can neither add an action to the hand nor settle it with other actions, so nobody can take an
action back after seeing the answers to it."""

from __future__ import annotations

import random

import pytest

from casino.classic.actions import Bet, Fold, Look
from casino.classic.rules import load_rules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent
from casino.db import classic_store
from casino.db.database import StoreError


def test_the_table_a_step_behind_can_neither_act_nor_settle(db):
    rules = load_rules("classic-brag")
    names = ["You", "Ann", "Bob"]
    record = classic_store.create_session(rules, names, ["you", "simple", "simple"], 5, {"seed": None}, session=db)
    first = ClassicTable(rules, names)
    first.start_hand()
    classic_store.start_pending(record.id, first, session=db)

    def act(table: ClassicTable, action) -> None:
        seat = table.to_act
        table.act(action)
        classic_store.record_action(record.id, seat, action, session=db, hand_no=table.hand_no,
                                    played=table.state.actions)

    rng = random.Random(5)
    while first.to_act != 0:  # the computers before you stay in, so the hand reaches you
        legal = first.legal_actions()
        action = SimpleOpponent().decide(first.view(first.to_act), legal, rng)
        act(first, Bet(legal.bet_min) if isinstance(action, Fold) else action)
    act(first, Look())
    second = classic_store.resume_table(classic_store.get_session(record.id, session=db), session=db)  # the web
    assert second.view(0).cards == first.view(0).cards
    legal = second.legal_actions()
    act(second, Bet(legal.bet_min * 2))  # the web bets, sees the answers …
    before = classic_store.pending_of(record.id, session=db).actions
    with pytest.raises(StoreError, match="another table is playing this session"):
        act(first, Fold())  # … and the terminal, a step behind, would fold instead: refused
    assert classic_store.pending_of(record.id, session=db).actions == before
    while not first.hand_done:  # the terminal plays its own hand to the end without storing it …
        first.act(SimpleOpponent().decide(first.view(first.to_act), first.legal_actions(), rng))
    with pytest.raises(StoreError, match="another table is playing this session"):
        classic_store.save_hand(record.id, first.end_hand(), first, session=db)  # … and cannot settle it
    assert classic_store.hands_of(record.id, session=db) == [] and classic_store.pending_of(record.id, session=db)
    opponents = [SimpleOpponent()] * 3
    while not second.hand_done:  # the table playing the hand settles it, and it verifies
        act(second, opponents[second.to_act].decide(second.view(second.to_act), second.legal_actions(), rng))
    classic_store.save_hand(record.id, second.end_hand(), second, session=db)
    assert classic_store.verify_classic(record.id, session=db) == []


def _play_and_save(table: ClassicTable, session_id: int, db, rng: random.Random) -> None:
    table.start_hand()
    classic_store.start_pending(session_id, table, session=db)
    opponents = [SimpleOpponent()] * len(table.names)
    while not table.hand_done:
        seat = table.to_act
        action = opponents[seat].decide(table.view(seat), table.legal_actions(), rng)
        table.act(action)
        classic_store.record_action(session_id, seat, action, session=db, hand_no=table.hand_no,
                                    played=None if table.state is None else table.state.actions)
    classic_store.save_hand(session_id, table.end_hand(), table, session=db)


@pytest.mark.parametrize("ended", [False, True])
def test_a_table_left_behind_between_hands_deals_nothing(db, ended):
    """A table left open between hands (a server's seat, say) while the session is carried on elsewhere would
    deal a hand the session has already played: refused, nothing stored, and the session still verifies and
    resumes — where it would have held a second hand 2 on top of the settled one."""
    rules = load_rules("classic-brag")
    names = ["You", "Ann", "Bob"]
    record = classic_store.create_session(rules, names, ["simple"] * 3, 3, {"seed": None}, session=db)
    rng = random.Random(7)
    behind = ClassicTable(rules, names)
    _play_and_save(behind, record.id, db, rng)  # hand 1, by the table that is then left open
    ahead = classic_store.resume_table(classic_store.get_session(record.id, session=db), session=db)
    _play_and_save(ahead, record.id, db, rng)  # hand 2, elsewhere
    if ended:
        _play_and_save(ahead, record.id, db, rng)  # hand 3: the session is over
        classic_store.end_session(record.id, "hands", session=db)
    head = classic_store.get_session(record.id, session=db).head_hash
    behind.start_hand()  # the table left behind deals "hand 2" from its old state
    words = "is over \\(hands\\)" if ended else "has moved on since this table read it \\(hand 2 is the last settled"
    with pytest.raises(StoreError, match=words):
        classic_store.start_pending(record.id, behind, session=db)
    db.rollback()
    assert classic_store.pending_of(record.id, session=db) is None
    assert classic_store.get_session(record.id, session=db).head_hash == head
    assert classic_store.verify_classic(record.id, session=db) == []
    if not ended:  # the session carries on from where it is
        again = classic_store.resume_table(classic_store.get_session(record.id, session=db), session=db)
        _play_and_save(again, record.id, db, rng)
        assert [h.hand_no for h in classic_store.hands_of(record.id, session=db)] == [1, 2, 3]


def test_a_session_left_at_one_table_and_played_to_its_end_at_another_is_over(db):
    """Left at one table (Leave, q) while another still held it: the other plays on — the session is open again
    — to its last hand, and the session is then over ("hands"), not left; nothing deals a hand past its limit."""
    rules = load_rules("classic-brag")
    names = ["You", "Ann", "Bob"]
    record = classic_store.create_session(rules, names, ["simple"] * 3, 3, {"seed": None}, session=db)
    rng = random.Random(9)
    playing = ClassicTable(rules, names)
    _play_and_save(playing, record.id, db, rng)  # hand 1
    leaving = classic_store.resume_table(classic_store.get_session(record.id, session=db), session=db)
    classic_store.end_session(record.id, "quit", session=db)  # left at the other table
    _play_and_save(playing, record.id, db, rng)  # hand 2, played on: open again
    assert classic_store.get_session(record.id, session=db).end_reason is None
    _play_and_save(playing, record.id, db, rng)  # hand 3, the last
    assert classic_store.end_session(record.id, "hands", session=db).end_reason == "hands"
    leaving.start_hand()  # (the table that left, dealing on from hand 1's state)
    with pytest.raises(StoreError):
        classic_store.start_pending(record.id, leaving, session=db)
    db.rollback()
    late = classic_store.resume_table(classic_store.get_session(record.id, session=db), session=db)
    late.start_hand()  # hand 4 of 3
    with pytest.raises(StoreError, match="is over \\(hands\\)"):
        classic_store.start_pending(record.id, late, session=db)
    db.rollback()
    assert classic_store.verify_classic(record.id, session=db) == []
    assert len(classic_store.hands_of(record.id, session=db)) == 3


def test_no_hand_is_dealt_past_the_sessions_limit(db):
    rules = load_rules("classic-brag")
    names = ["You", "Ann", "Bob"]
    record = classic_store.create_session(rules, names, ["simple"] * 3, 1, {"seed": None}, session=db)
    table = ClassicTable(rules, names)
    _play_and_save(table, record.id, db, random.Random(4))  # its one hand; the session not (yet) marked ended
    table.start_hand()
    with pytest.raises(StoreError, match="has played all its 1 hands"):
        classic_store.start_pending(record.id, table, session=db)
