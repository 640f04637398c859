"""The hash chain: given the head hash kept outside the database, every forgery is found — even one
made consistent in every other respect (bankrolls, totals, the stored hashes themselves recomputed)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from sqlalchemy import text
from sqlmodel import Session

from casino.db import store
from casino.db.chain import BET_FIELDS, BOX_FIELDS, HAND_FIELDS, Totals, hand_contents, hand_hash
from casino.db.verify import verify_session
from casino.events import BoxBets
from casino.games import load_game
from casino.sitting import Sitting
from casino.strategy import play_mask

BETS = (BoxBets(1, Fraction(5), Fraction(2)), BoxBets(2, Fraction(5)))


def play(db: Session, rounds: int, seed: str | None = None, bankroll: int = 1000) -> int:
    """A session of ``rounds`` hands (secure seeds unless ``seed``): its id."""
    game = load_game("3-card-brag")
    settings = {"seed": seed} if seed is not None else {}
    record = store.create_session(game, Fraction(bankroll), settings, session=db)
    sitting = Sitting(game, Fraction(bankroll), seed=seed)
    mask = play_mask(game, "optimal")
    for _ in range(rounds):
        result = sitting.play_round(BETS, mask)
        store.record_round(record.id, result, sitting.bankroll - result.net, sitting.bankroll, session=db)
    return record.id  # type: ignore[return-value]


def head_of(db: Session, session_id: int) -> str:
    db.expire_all()
    return store.get_session(session_id, session=db).head_hash  # type: ignore[return-value]


def forge_consistent(db: Session, session_id: int) -> None:
    """What a careful forger does after editing hands: renumber 1..n, chain every bankroll, recompute every
    hash, the session's head, bankroll, rounds and totals — so that verify without a kept head passes."""
    db.expire_all()
    record = store.get_session(session_id, session=db)
    conn = db.connection()
    ids = [r[0] for r in conn.execute(text("SELECT id FROM hands WHERE session_id = :s ORDER BY round_no"), {"s": session_id})]
    for i, hand_id in enumerate(ids, start=1):  # renumber (through negatives: the (session, round) pair is unique)
        conn.execute(text("UPDATE hands SET round_no = :n WHERE id = :i"), {"n": -i, "i": hand_id})
    for i, hand_id in enumerate(ids, start=1):
        conn.execute(text("UPDATE hands SET round_no = :n WHERE id = :i"), {"n": i, "i": hand_id})
    head = store.genesis_of(record)
    bankroll = Fraction(record.start_bankroll)
    totals = Totals()
    for number, hand_id in enumerate(ids, start=1):
        hand = dict(conn.execute(text(f"SELECT {', '.join(HAND_FIELDS)} FROM hands WHERE id = :i"), {"i": hand_id}).mappings().one())
        after = bankroll + Fraction(hand["net"])
        hand["bankroll_before"], hand["bankroll_after"] = str(bankroll), str(after)
        events = json.loads(hand["events"])
        for event in events:
            if event.get("kind") == "round_started":
                event["round_no"] = number
        hand["round_no"], hand["events"] = number, json.dumps(events)
        boxes = [dict(b) for b in conn.execute(text(f"SELECT {', '.join(BOX_FIELDS)} FROM boxes WHERE hand_id = :i"),
                                               {"i": hand_id}).mappings()]
        bets = [dict(b) for b in conn.execute(text(f"SELECT {', '.join(BET_FIELDS)} FROM bets WHERE hand_id = :i"),
                                              {"i": hand_id}).mappings()]
        digest = hand_hash(head, hand_contents(hand, boxes, bets))
        conn.execute(text("UPDATE hands SET bankroll_before = :b, bankroll_after = :a, prev_hash = :p, hash = :h, "
                          "events = :e WHERE id = :i"),
                     {"b": str(bankroll), "a": str(after), "p": head, "h": digest, "e": json.dumps(events), "i": hand_id})
        totals.add(hand, boxes, bets)
        head, bankroll = digest, after
    conn.execute(text("UPDATE sessions SET head_hash = :h, bankroll = :b, rounds = :r, totals = :t WHERE id = :s"),
                 {"h": head, "b": str(bankroll), "r": len(ids), "t": totals.to_json(), "s": session_id})
    db.commit()


def hand_id(db: Session, session_id: int, round_no: int) -> int:
    return store.get_hand(session_id, round_no, session=db).id  # type: ignore[return-value]


def copy_hand(db: Session, from_id: int, to_session: int, round_no: int) -> None:
    conn = db.connection()
    row = dict(conn.execute(text("SELECT * FROM hands WHERE id = :i"), {"i": from_id}).mappings().one())
    row.pop("id")
    row["session_id"], row["round_no"] = to_session, round_no
    new = conn.execute(text(f"INSERT INTO hands ({', '.join(row)}) VALUES ({', '.join(':' + k for k in row)}) RETURNING id"),
                       row).scalar_one()
    for table in ("boxes", "bets"):
        for row in conn.execute(text(f"SELECT * FROM {table} WHERE hand_id = :i"), {"i": from_id}).mappings().all():
            row = dict(row)
            row.pop("id")
            row["hand_id"] = new
            conn.execute(text(f"INSERT INTO {table} ({', '.join(row)}) VALUES ({', '.join(':' + k for k in row)})"), row)
    db.commit()


def delete_hand(db: Session, session_id: int, round_no: int) -> None:
    conn = db.connection()
    target = hand_id(db, session_id, round_no)
    conn.execute(text("DELETE FROM boxes WHERE hand_id = :i"), {"i": target})
    conn.execute(text("DELETE FROM bets WHERE hand_id = :i"), {"i": target})
    conn.execute(text("DELETE FROM hands WHERE id = :i"), {"i": target})
    db.commit()


def test_an_honest_session_verifies_against_its_head(db):
    session_id = play(db, 8)
    head = head_of(db, session_id)
    report = verify_session(session_id, session=db, head=head)
    assert report.ok and report.pinned == 8 and report.head == head
    # a head kept earlier (after hand 5): hands 6-8 are not covered by it, and verify says so
    early = store.get_hand(session_id, 5, session=db).hash
    report = verify_session(session_id, session=db, head=early)
    assert not report.ok and report.pinned == 5
    assert "hands 6-8 come after it" in report.mismatches[0].expected


def _rewrite(db, sid):
    """Hand 4 made into a winner: its Ante box's nets raised, the hand's net and events to match."""
    conn = db.connection()
    target = hand_id(db, sid, 4)
    conn.execute(text("UPDATE boxes SET ante_net = '500' WHERE hand_id = :i AND box = 1"), {"i": target})
    conn.execute(text("UPDATE bets SET net = '500' WHERE hand_id = :i AND box = 1 AND bet = 'ante'"), {"i": target})
    db.commit()


def _insert(db, sid):
    """A made-up winning hand appended: a real, valid hand of another session, renumbered as hand 9."""
    other = play(db, 30)
    best = max((store.get_hand(other, n, session=db) for n in range(1, 31)), key=lambda h: Fraction(h.net))
    copy_hand(db, best.id, sid, 9)


def _delete(db, sid):
    delete_hand(db, sid, 3)


def _copy(db, sid):
    """Hand 6 replaced by a better hand copied from another session."""
    other = play(db, 30)
    best = max((store.get_hand(other, n, session=db) for n in range(1, 31)), key=lambda h: Fraction(h.net))
    delete_hand(db, sid, 6)
    copy_hand(db, best.id, sid, 6)


def _reorder(db, sid):
    conn = db.connection()
    a, b = hand_id(db, sid, 2), hand_id(db, sid, 7)
    conn.execute(text("UPDATE hands SET round_no = -1 WHERE id = :i"), {"i": a})
    conn.execute(text("UPDATE hands SET round_no = 2 WHERE id = :i"), {"i": b})
    conn.execute(text("UPDATE hands SET round_no = 7 WHERE id = :i"), {"i": a})
    db.commit()


def _drop_last(db, sid):
    delete_hand(db, sid, 8)
    delete_hand(db, sid, 7)


FORGERIES = {"rewrite": _rewrite, "insert": _insert, "delete": _delete, "copy": _copy, "reorder": _reorder,
             "drop last hands": _drop_last}


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_a_forgery_is_found_even_without_the_head(db, forgery):
    """Left as done (nothing recomputed), every forgery is found by the stored chain alone."""
    sid = play(db, 8)
    FORGERIES[forgery](db, sid)
    db.expire_all()
    assert not verify_session(sid, session=db).ok


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
def test_a_consistent_forgery_is_found_given_the_head(db, forgery):
    """Made consistent (bankrolls chained, hashes and totals recomputed), the forgery passes a verify
    without the kept head — which is why the head is shown to be kept — and fails with it."""
    sid = play(db, 8)
    head = head_of(db, sid)
    FORGERIES[forgery](db, sid)
    forge_consistent(db, sid)
    if forgery == "rewrite":  # the engine still recomputes the settlement: the rewrite itself stays visible
        assert not verify_session(sid, session=db).ok
    else:
        assert verify_session(sid, session=db).ok  # nothing but the kept head can tell
    report = verify_session(sid, session=db, head=head)
    assert not report.ok and any(m.field == "head" for m in report.mismatches)
    assert head_of(db, sid) != head


def test_a_practice_session_checks_each_seed_against_its_derivation(db):
    sid = play(db, 6, seed="practice")
    assert verify_session(sid, session=db).ok and verify_session(sid, session=db).practice
    _reorder_practice = lambda: (  # noqa: E731 - two hands swapped and made consistent
        _swap(db, sid, 2, 5), forge_consistent(db, sid))
    _reorder_practice()
    report = verify_session(sid, session=db)
    assert not report.ok and {m.field for m in report.mismatches} >= {"seed (practice)"}


def _swap(db, sid, one, two):
    conn = db.connection()
    a, b = hand_id(db, sid, one), hand_id(db, sid, two)
    conn.execute(text("UPDATE hands SET round_no = -1 WHERE id = :i"), {"i": a})
    conn.execute(text("UPDATE hands SET round_no = :n WHERE id = :i"), {"n": one, "i": b})
    conn.execute(text("UPDATE hands SET round_no = :n WHERE id = :i"), {"n": two, "i": a})
    db.commit()


def test_a_malformed_head_is_one_error(db):
    sid = play(db, 1)
    with pytest.raises(ValueError, match="64 hex digits"):
        verify_session(sid, session=db, head="abc")


def test_verify_reads_one_snapshot_while_the_session_is_played(db_url, monkeypatch):
    """Hands stored while verify reads (another connection) are not seen half-way: verify sees the
    session as it was when it began, and reports no false difference."""
    from casino.db.database import connect

    writer = Session(connect(db_url))
    sid = play(writer, 5, seed="snapshot")
    game = load_game("3-card-brag")
    reader = Session(connect(db_url, read_only=True))
    original = store.stream_hands

    def stream_while_playing(*args, **kwargs):
        sitting = store.resume_sitting(store.get_session(sid, session=writer), session=writer)
        for _ in range(3):  # another process plays on, between verify's first read and its stream
            result = sitting.play_round(BETS, play_mask(game, "optimal"))
            store.record_round(sid, result, sitting.bankroll - result.net, sitting.bankroll, session=writer)
        yield from original(*args, **kwargs)

    monkeypatch.setattr(store, "stream_hands", stream_while_playing)
    report = verify_session(sid, session=reader)
    assert report.ok, [str(m) for m in report.mismatches]
    assert report.hands == 5
    reader.close()
    monkeypatch.setattr(store, "stream_hands", original)
    with Session(connect(db_url, read_only=True)) as again:
        assert verify_session(sid, session=again).hands == 8
    writer.close()
