"""casino.db.queries: the streaming reads, and verify's progressive-meter check on them (constant memory).
On every backend (the ``db`` fixture: SQLite and PostgreSQL)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sqlmodel import select

from casino.db import queries, store
from casino.db.meters import MeterBet
from casino.db.models import BetRecord, HandRecord, SessionRecord
from casino.db.verify import verify_session
from casino.events import BoxBets
from casino.games import load_game
from casino.service import TableService
from casino.strategy import play_mask

STAKES = (BoxBets(1, 0, 0, {"progressive": 2}), BoxBets(2, 0, 0, {"progressive": 1}))


@pytest.fixture
def meter_game(tmp_path):
    """A progressive that a pair hits (the meter resets often), a tenth of each stake to the meter."""
    path = tmp_path / "meter.toml"
    path.write_text('name = "Meter test"\nranking = "brag"\n[progressive]\nmeter = 50\ncontribution = "1/10"\n'
                    'pair = "1/2 meter"\nprial = "100% meter"\nrun = 6\n', encoding="utf-8")
    return load_game(path)


def _play(db, game, hands, seed):
    service = TableService.new(game, Fraction(100000), stakes=STAKES, seed=seed)
    service.open(db)
    assert service.autoplay(lambda sitting: STAKES, play_mask(game, "optimal"), hands=hands) == hands
    service.end("hands")
    return service.session_id


def _listed(db, game: str) -> list[MeterBet]:
    """The reference: every progressive bet at ``game``, read whole through the ORM, in hand then box order."""
    rows = db.exec(select(HandRecord, BetRecord).where(BetRecord.hand_id == HandRecord.id, BetRecord.bet == "progressive")
                   .order_by(BetRecord.hand_id, BetRecord.box)).all()
    games = {s.id: s.game for s in db.exec(select(SessionRecord)).all()}
    return [MeterBet(h.session_id, b.hand_id, h.round_no, b.box, b.stake, b.paid_hand, b.meter)
            for h, b in rows if games[h.session_id] == game]


@pytest.mark.parametrize("batch", [1, 3, 1000])
def test_the_stream_is_what_the_list_query_gives(db, meter_game, batch):
    _play(db, meter_game, 25, "q1")
    _play(db, meter_game, 25, "q2")
    listed = _listed(db, meter_game.name)
    assert len(listed) == 100
    assert list(queries.stream_progressive_bets(meter_game.name, session=db, batch=batch)) == listed
    grouped = list(queries.progressive_bets_by_hand(meter_game.name, session=db, batch=batch))
    assert [row for group in grouped for row in group] == listed
    assert all(len({r.hand_id for r in group}) == 1 and len(group) == 2 for group in grouped)
    assert len({group[0].hand_id for group in grouped}) == 50


def test_verify_streams_the_meter_and_still_finds_a_tampered_one(db, meter_game, monkeypatch):
    first = _play(db, meter_game, 30, "chain 1")
    second = _play(db, meter_game, 30, "chain 2")

    monkeypatch.setattr(queries, "BATCH", 7)  # batches that split hands: the running meter crosses them
    assert verify_session(first, session=db).ok and verify_session(second, session=db).ok
    n = next(n for n in range(9, 30) if all(  # a hand where neither box hit (no pay taken from the meter)
        r.paid_hand is None for r in store.bets_of([store.get_hand(second, n, session=db).id], session=db)[
            store.get_hand(second, n, session=db).id]))
    hand = store.get_hand(second, n, session=db)
    # both boxes' meters moved together (the event log is then named too): the bet rows agree with each
    # other, and it is the meter's chain (every bet before them, in every session at the game) that names them
    rows = [r for r in store.bets_of([hand.id], session=db)[hand.id] if r.bet == "progressive"]
    for row in rows:
        row.meter = str(Fraction(row.meter) + 1)
        db.add(row)
    db.commit()
    report = verify_session(second, session=db)
    assert [(m.round_no, m.box) for m in report.mismatches if m.field == "progressive meter"] == [(n, 1), (n, 2)]
    assert verify_session(first, session=db).ok  # the other session's own bets still chain
    # a stake changed by hand: the meter after it no longer chains, in this session and at the game
    for row in rows:
        row.meter = str(Fraction(row.meter) - 1)
        db.add(row)
    rows[1].stake = "1000"
    db.commit()
    found = [(m.round_no, m.box) for m in verify_session(second, session=db).mismatches if m.field == "progressive meter"]
    assert (n + 1, 1) in found  # the next hand was settled against the meter the true stake left


def test_practice_and_fair_sessions_are_told_apart(db):
    game = load_game("3-card-brag")
    practice = store.create_session(game, Fraction(10), {"seed": "p"}, session=db).id
    fair = store.create_session(game, Fraction(10), {"seed": None, "hints": True}, session=db).id
    broken = store.create_session(game, Fraction(10), {}, session=db)
    broken.settings = "not json"
    db.add(broken)
    db.commit()
    assert queries.session_kinds(session=db) == {practice: True, fair: False, broken.id: None}
    assert queries.practice_of('{"seed": ""}') is True and queries.practice_of("[]") is None
