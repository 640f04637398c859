"""Verification recomputes every stored round and names what was tampered with."""

from __future__ import annotations

import json

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.verify import verify_session
from casino.fair import new_seed


def test_an_honest_session_verifies(played):
    db, session_id = played
    report = verify_session(session_id, session=db)
    assert report.ok and report.checked == range(1, 13) and report.hands == 12
    assert verify_session(session_id, 5, session=db).checked == range(5, 6)


def _box(db: Session, session_id: int, round_no: int, box: int):
    hand = store.get_hand(session_id, round_no, session=db)
    return next(b for b in store.boxes_of(hand.id, session=db) if b.box == box)


def _save(db: Session, row) -> None:
    db.add(row)
    db.commit()


def _fields(report):
    return {(m.round_no, m.box, m.field) for m in report.mismatches}


def test_a_changed_card_is_found(played):
    db, session_id = played
    row = _box(db, session_id, 4, 1)
    cards = row.cards.split()
    cards[0] = "As" if cards[0] != "As" else "Ks"
    row.cards = " ".join(cards)
    _save(db, row)
    report = verify_session(session_id, session=db)
    assert not report.ok and report.bad_rounds() == (4,)
    assert (4, 1, "cards") in _fields(report)
    assert "hand 4, box 1: cards" in str(report.mismatches[0])


def test_a_changed_dealer_card_is_found(played):
    db, session_id = played
    hand = store.get_hand(session_id, 2, session=db)
    hand.dealer_cards = "3s 3h 3d"
    _save(db, hand)
    assert (2, None, "dealer_cards") in _fields(verify_session(session_id, session=db))


def test_a_changed_payout_is_found(played):
    db, session_id = played
    row = _box(db, session_id, 7, 2)  # the Pair Plus-only box
    row.pair_plus_net = "40"
    _save(db, row)
    report = verify_session(session_id, session=db)
    assert report.bad_rounds() == (7,)
    assert (7, 2, "pair_plus_net") in _fields(report)


def test_a_changed_bankroll_is_found(played):
    db, session_id = played
    hand = store.get_hand(session_id, 9, session=db)
    hand.bankroll_after = str(int(hand.bankroll_after.split("/")[0]) + 100)
    _save(db, hand)
    fields = _fields(verify_session(session_id, session=db))
    assert (9, None, "bankroll_after") in fields and (10, None, "bankroll_before") in fields


def test_a_changed_seed_is_found(played):
    db, session_id = played
    hand = store.get_hand(session_id, 3, session=db)
    hand.seed = new_seed().hex()
    _save(db, hand)
    report = verify_session(session_id, session=db)
    assert report.bad_rounds() == (3,)
    assert (3, None, "commitment") in _fields(report)


def test_a_seed_and_commitment_changed_together_still_fail_on_the_cards(played):
    db, session_id = played
    from casino.fair import commitment

    hand = store.get_hand(session_id, 6, session=db)
    seed = new_seed()
    hand.seed, hand.commitment = seed.hex(), commitment(seed)
    _save(db, hand)
    fields = _fields(verify_session(session_id, session=db))
    assert (6, None, "commitment") not in fields
    assert any(f[0] == 6 and f[2] in ("cards", "dealer_cards") for f in fields)


def test_a_changed_event_is_found(played):
    db, session_id = played
    hand = store.get_hand(session_id, 8, session=db)
    events = json.loads(hand.events)
    decision = next(e for e in events if e["kind"] == "decision")
    decision["play"] = not decision["play"]
    hand.events = json.dumps(events)
    _save(db, hand)
    report = verify_session(session_id, session=db)
    assert report.bad_rounds() == (8,)
    assert any(m.field.startswith("event") and "decision" in m.field for m in report.mismatches)


def test_a_deleted_round_is_found(played):
    db, session_id = played
    hand = store.get_hand(session_id, 12, session=db)
    for box in store.boxes_of(hand.id, session=db):
        db.delete(box)
    for bet in store.bets_of([hand.id], session=db).get(hand.id, []):
        db.delete(bet)
    db.delete(hand)
    db.commit()
    fields = _fields(verify_session(session_id, session=db))
    assert (None, None, "bankroll") in fields and (None, None, "rounds") in fields


def test_verify_a_missing_hand(played):
    db, session_id = played
    with pytest.raises(Exception, match="no hand 40"):
        verify_session(session_id, 40, session=db)


def test_boxes_decided_out_of_order_verify(db):
    """The player may decide box 3 before box 1: verification replays the stored order of decisions."""
    from fractions import Fraction

    from casino.events import BoxBets, Decision
    from casino.games import load_game
    from casino.sitting import Sitting

    game = load_game("3-card-brag")
    record = store.create_session(game, Fraction(500), {"seed": "order"}, session=db)
    sitting = Sitting(game, Fraction(500), seed="order")
    for plays in ((True, False, True), (False, True, True)):
        rnd = sitting.deal([BoxBets(box, Fraction(5)) for box in (1, 2, 3)])
        for box, play in zip((3, 1, 2), plays):  # last box first
            sitting.decide(box, play)
        result = sitting.settle()
        assert [e.box for e in result.events if isinstance(e, Decision)] == [3, 1, 2]
        store.record_round(record.id, result, sitting.bankroll - result.net, sitting.bankroll, session=db)
    report = verify_session(record.id, session=db)
    assert report.ok, [str(m) for m in report.mismatches]


def test_a_swapped_decision_order_is_still_checked(db):
    """Replaying in the stored order does not hide a changed event: the decision rows must agree with it."""
    from fractions import Fraction

    from casino.events import BoxBets
    from casino.games import load_game
    from casino.sitting import Sitting

    game = load_game("3-card-brag")
    record = store.create_session(game, Fraction(500), {"seed": "order"}, session=db)
    sitting = Sitting(game, Fraction(500), seed="order")
    sitting.deal([BoxBets(box, Fraction(5)) for box in (1, 2)])
    sitting.decide(2, True)
    sitting.decide(1, False)
    result = sitting.settle()
    hand = store.record_round(record.id, result, sitting.bankroll - result.net, sitting.bankroll, session=db)
    row = next(b for b in store.boxes_of(hand.id, session=db) if b.box == 1)
    row.decision = "play"
    _save(db, row)
    assert not verify_session(record.id, session=db).ok


def test_totals_set_to_nothing_are_found(played):
    """Found by a hostile test: `UPDATE sessions SET totals = NULL` passed verify, and a resume then started the
    statistics again from zero. Every session is stored with its totals, so none at all is a mismatch."""
    db, session_id = played
    record = store.get_session(session_id, session=db)
    record.totals = None
    _save(db, record)
    report = verify_session(session_id, session=db)
    assert not report.ok and (None, None, "totals") in _fields(report)
