"""Pending hands: a round's bets, house seed and commitment are stored (one transaction) before any card is
shown; resuming continues THAT hand; settling stores it and removes the pending record together; verify
reports it (never as settled) and catches it tampered; a copy refuses it; a database at the previous
schema (0003) is upgraded in place. Every test runs on SQLite and (with $BRAG_TEST_POSTGRES) PostgreSQL."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy import inspect as sa_inspect
from sqlalchemy import text
from sqlmodel import Session, create_engine

import casino.db
from casino.db import store
from casino.db.database import HEAD_REVISION, SessionBusy, StoreError, connect, schema_revision
from casino.db.verify import verify_session
from casino.errors import BragError
from casino.events import BoxBets
from casino.fair import commitment, new_seed
from casino.games import load_game
from casino.service import TableService
from casino.strategy import play_mask

STAKES = (BoxBets(1, 5, 1), BoxBets(3, 2, 0))


def new_service(db: Session, *, seed: str | None = None, client_seed: str | None = None, stakes=STAKES) -> TableService:
    service = TableService.new(load_game("3-card-brag"), Fraction(200), stakes=stakes, seed=seed,
                               client_seed=client_seed)
    service.open(db)
    return service


def settle(service: TableService, play: bool = True):
    """Decide and settle the hand in play (dealing one first if there is none)."""
    if service.round is None:
        service.deal()
    for box in service.round.pending:
        service.decide(box, play)
    return service.settle()


def shown(rnd) -> dict[int, str]:
    return {box: store.cards_text(cards) for box, cards in rnd.cards.items()}


def test_the_deal_is_stored_before_it_is_returned_and_settling_replaces_it(db):
    service = new_service(db)
    commitment_before = service.commitment  # drawn and shown before the bets
    rnd = service.deal()
    assert rnd.commitment == commitment_before
    pending = store.pending_hand(service.session_id, session=db)
    assert pending is not None and pending.round_no == 1 and pending.commitment == commitment_before
    assert pending.cards == shown(rnd) and pending.bets == rnd.bets and pending.bankroll_before == 200
    assert store.get_session(service.session_id, session=db).rounds == 0  # not settled: not counted
    report = verify_session(service.session_id, session=db)
    assert report.ok and report.hands == 0 and report.pending == 1
    assert report.pending_line().startswith("hand 1 pending: bets stored, not settled")
    settle(service)
    assert store.pending_hand(service.session_id, session=db) is None
    assert store.get_session(service.session_id, session=db).rounds == 1
    report = verify_session(service.session_id, session=db)
    assert report.ok and report.hands == 1 and report.pending is None


@pytest.mark.parametrize("practice", [None, "pending practice"])
def test_a_session_stopped_after_the_deal_resumes_into_the_same_hand(db, practice):
    service = new_service(db, seed=practice)
    settle(service)  # one settled hand first
    bankroll = service.sitting.bankroll
    rnd = service.deal()
    cards, bets, seed = shown(rnd), rnd.bets, rnd.seed
    service.end("interrupted")  # Ctrl-C at the decision: nothing given back, nothing folded
    again = TableService.resume(db, service.session_id)
    again.open(db)
    assert again.resumed_hand and again.round is not None
    assert again.round.round_no == 2 and shown(again.round) == cards and again.round.bets == bets
    assert again.round.seed == seed and again.commitment == commitment(seed)
    assert again.sitting.bankroll == bankroll - sum(b.own_stakes for b in bets)  # stakes stay off
    with pytest.raises(BragError, match="in play"):
        again.deal()  # no second deal over a pending hand
    result = settle(again, play=False)
    assert result.round_no == 2 and again.sitting.bankroll == bankroll + result.net
    report = verify_session(service.session_id, session=db, head=again.head)
    assert report.ok, [str(m) for m in report.mismatches]
    assert report.hands == 2 and report.pending is None


def test_a_pending_hand_is_never_duplicated(db):
    service = new_service(db)
    rnd = service.deal()
    with pytest.raises(StoreError, match="already has a hand pending"):
        store.record_deal(service.session_id, rnd, Fraction(200), session=db)
    result = settle(service)
    with pytest.raises(SessionBusy, match="no longer pending"):  # a second settlement of the same hand
        store.record_round(service.session_id, result, Fraction(200), Fraction(200) + result.net, session=db,
                           pending=True)
    assert store.get_session(service.session_id, session=db).rounds == 1


def test_a_seat_taken_over_cannot_deal_and_shows_no_card(db):
    service = new_service(db)
    settle(service)
    service.end("quit")
    first = TableService.resume(db, service.session_id)
    first.open(db)
    second = TableService.resume(db, service.session_id)
    second.open(db)  # the same process takes it over (a web server re-seating it)
    bankroll = first.sitting.bankroll
    with pytest.raises(SessionBusy):
        first.deal()
    assert first.round is None and first.sitting.bankroll == bankroll  # undone: stakes back, nothing shown
    assert store.pending_hand(service.session_id, session=db) is None


def test_a_new_session_left_with_a_hand_pending_is_kept(db):
    service = new_service(db)
    service.deal()
    assert service.end("interrupted") is not None
    with pytest.raises(StoreError, match="pending"):
        store.delete_session(service.session_id, session=db)


def _tamper(db: Session, session_id: int, **values) -> None:
    sets = ", ".join(f"{name} = :{name}" for name in values)
    db.connection().execute(text(f"UPDATE pending_hands SET {sets} WHERE session_id = :sid"), {**values, "sid": session_id})
    db.commit()


@pytest.mark.parametrize("change", ["cards", "seed", "seed and commitment", "bets", "client seed", "round"])
def test_a_tampered_pending_hand_is_found_by_verify_and_refused_by_resume(db, change):
    service = new_service(db, client_seed="mine")
    settle(service)
    rnd = service.deal()
    service.end("interrupted")
    sid = service.session_id
    assert verify_session(sid, session=db).ok
    row = store.pending_hand(sid, session=db, raw=True)
    other = new_seed()
    if change == "cards":
        cards = json.loads(row.cards)
        first = cards["1"].split()
        cards["1"] = "As Ks Qs" if first != ["As", "Ks", "Qs"] else "2c 3c 4c"
        _tamper(db, sid, cards=json.dumps(cards, sort_keys=True))
    elif change == "seed":
        _tamper(db, sid, seed=other.hex())
    elif change == "seed and commitment":
        _tamper(db, sid, seed=other.hex(), commitment=commitment(other))
    elif change == "bets":
        _tamper(db, sid, bets=json.dumps([BoxBets(1, 50, 1).to_dict(), BoxBets(3, 2, 0).to_dict()]))
    elif change == "client seed":
        _tamper(db, sid, client_seed="theirs")
    else:
        _tamper(db, sid, round_no=rnd.round_no + 1)
    report = verify_session(sid, session=db)
    assert not report.ok and report.pending is not None
    assert all(m.field.startswith("pending ") for m in report.mismatches), [str(m) for m in report.mismatches]
    with pytest.raises(BragError, match="pending hand|limits|Ante|bankroll|bets need"):
        TableService.resume(db, sid)


def test_a_copy_refuses_a_session_with_a_hand_pending(db, tmp_path):
    from casino.db.copy import copy_sessions

    service = new_service(db)
    settle(service)
    service.deal()
    service.end("interrupted")
    source = db.get_bind()
    target = connect(f"sqlite:///{tmp_path / 'copy.db'}")
    with pytest.raises(StoreError, match=rf"session {service.session_id} \(hand 2\): a hand is pending.*nothing was copied"):
        copy_sessions(source, target)
    with Session(target) as copy:
        assert store.list_sessions(session=copy) == []
    again = TableService.resume(db, service.session_id)
    again.open(db)
    settle(again)
    again.end("quit")
    [copied] = copy_sessions(source, target)  # once settled, it copies
    with Session(target) as copy:
        assert verify_session(copied.target_id, session=copy, head=again.head).ok
    target.dispose()


def test_a_deleted_pending_hand_is_not_dealt_again_and_verify_reports_it(db):
    """Found by a hostile test: deleting the pending row gave a fresh deal, the stakes back, and a clean verify."""
    service = new_service(db)
    settle(service)
    first = service.deal()
    service.end("interrupted")
    sid = service.session_id
    db.connection().execute(text("DELETE FROM pending_hands WHERE session_id = :sid"), {"sid": sid})
    db.commit()
    with pytest.raises(StoreError, match=rf"hand {first.round_no} was dealt but its record is gone"):
        TableService.resume(db, sid)
    report = verify_session(sid, session=db)
    assert not report.ok
    assert [(m.round_no, m.field) for m in report.mismatches] == [(first.round_no, "pending hand")]


def test_a_settled_hand_clears_the_dealt_mark(db):
    service = new_service(db)
    for _ in range(3):
        settle(service)
    service.end("quit")
    record = store.get_session(service.session_id, session=db)
    assert store.missing_deal(record, None) is None and verify_session(service.session_id, session=db).ok
    again = TableService.resume(db, service.session_id)  # resumes: nothing is missing
    assert again.round is None


def test_a_copy_is_a_record_and_a_moved_session_plays_on_only_in_its_new_home(db, tmp_path):
    """Found by a hostile test: a copy could be played on beside the original (each hand twice, keep the better)."""
    from casino.db.copy import copy_sessions

    service = new_service(db)
    settle(service)
    service.end("quit")
    source = db.get_bind()
    target = connect(f"sqlite:///{tmp_path / 'copy.db'}")
    [copied] = copy_sessions(source, target)
    with Session(target) as copy:
        assert verify_session(copied.target_id, session=copy, head=service.head).ok
        with pytest.raises(StoreError, match="is a copy made by 'brag db copy'"):
            TableService.resume(copy, copied.target_id)
    TableService.resume(db, service.session_id)  # the original plays on
    moved_to = connect(f"sqlite:///{tmp_path / 'moved.db'}")
    [moved] = copy_sessions(source, moved_to, move=True)
    db.expire_all()  # the source rows changed under this session (as they would for another process)
    with pytest.raises(StoreError, match="was moved to another database"):
        TableService.resume(db, service.session_id)
    with Session(moved_to) as there:
        assert verify_session(moved.target_id, session=there, head=service.head).ok
        again = TableService.resume(there, moved.target_id)
        again.open(there)
        settle(again)
    with pytest.raises(StoreError, match="moved and does not play on"):
        copy_sessions(source, connect(f"sqlite:///{tmp_path / 'third.db'}"), move=True)
    target.dispose()
    moved_to.dispose()


def test_a_session_with_progressive_bets_is_not_copied(db, tmp_path):
    from casino.db.copy import copy_sessions

    game = load_game("brag-with-side-bets")
    service = TableService.new(game, Fraction(500), stakes=(BoxBets(1, 5, 0, {"progressive": 1}),))
    service.open(db)
    settle(service)
    service.end("quit")
    target = connect(f"sqlite:///{tmp_path / 'copy.db'}")
    with pytest.raises(StoreError, match=rf"session {service.session_id} has progressive bets.*nothing was copied"):
        copy_sessions(db.get_bind(), target)
    target.dispose()


def test_a_file_with_the_same_name_and_other_progressive_terms_is_refused(db, tmp_path):
    """Found by a hostile test: a player's own file named like a shipped game fed the shared meter at 99 %,
    and other players' untouched sessions then failed verify."""
    from importlib import resources

    shipped = load_game("brag-with-side-bets")
    TableService.new(shipped, Fraction(500), stakes=(BoxBets(1, 5, 0, {"progressive": 1}),)).open(db)
    text = resources.files("paytables").joinpath("games", "brag-with-side-bets.toml").read_text(encoding="utf-8")
    assert 'contribution = "1/10"' in text
    evil = tmp_path / "evil.toml"
    evil.write_text(text.replace('contribution = "1/10"', 'contribution = "99/100"'), encoding="utf-8")
    with pytest.raises(StoreError, match="other progressive terms"):
        TableService.new(load_game(str(evil)), Fraction(500), stakes=(BoxBets(1, 5, 0, {"progressive": 1}),)).open(db)
    assert len(store.list_sessions(session=db)) == 1  # nothing stored
    same = tmp_path / "same.toml"  # the same terms (another bankroll, another file): the same meter, allowed
    same.write_text(text, encoding="utf-8")
    TableService.new(load_game(str(same)), Fraction(900), stakes=(BoxBets(1, 5, 0, {"progressive": 1}),)).open(db)


# -- the client seed ------------------------------------------------------------------------------------


def test_verify_recomputes_decks_from_the_house_seed_and_the_client_seed(db):
    service = new_service(db, client_seed="my lucky text ✓")
    mask = play_mask(service.game, "optimal")
    service.autoplay(lambda sitting: STAKES, mask, hands=20)
    sid = service.session_id
    assert verify_session(sid, session=db).ok
    assert store.settings_of(store.get_session(sid, session=db))["client_seed"] == "my lucky text ✓"
    # the stored client seed changed: the decks no longer come out as stored
    record = store.get_session(sid, session=db)
    record.settings = json.dumps({**store.settings_of(record), "client_seed": "another text"})
    db.add(record)
    db.commit()
    report = verify_session(sid, session=db)
    assert not report.ok and any(m.field == "cards" for m in report.mismatches)


def test_a_client_seed_goes_with_fair_play_only():
    with pytest.raises(BragError, match="client seed goes with fair play"):
        TableService.new(load_game("3-card-brag"), Fraction(100), stakes=STAKES, seed="x", client_seed="y")
    with pytest.raises(BragError, match="at most 200"):
        TableService.new(load_game("3-card-brag"), Fraction(100), stakes=STAKES, client_seed="y" * 201)


# -- the previous schema, upgraded in place -----------------------------------------------------------------


def _database_at(url: str, revision: str) -> None:
    """An empty database migrated to ``revision`` only (what the previous release wrote)."""
    from alembic import command
    from alembic.config import Config

    engine = create_engine(url)
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(Path(casino.db.__file__).parent / "migrations"))
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()


@pytest.mark.parametrize("previous", ["0003", "0004"])
def test_a_database_at_the_previous_schema_is_upgraded_in_place(db_url, previous):
    _database_at(db_url, previous)
    engine = create_engine(db_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == previous
        tables = sa_inspect(connection).get_table_names()
        assert "classic_pending" not in tables and ("pending_hands" in tables) == (previous == "0004")
    with Session(engine) as db:  # the previous release's play: hands stored when settled, nothing pending
        game = load_game("3-card-brag")
        record = store.create_session(game, Fraction(300), {"boxes": 2, "bets": [b.to_dict() for b in STAKES]},
                                      session=db)
        from casino.sitting import Sitting

        sitting = Sitting(game, Fraction(300))
        mask = play_mask(game, "optimal")
        for _ in range(5):
            before = sitting.bankroll
            result = sitting.play_round(STAKES, mask)
            store.record_round(record.id, result, before, sitting.bankroll, session=db)
        sid = record.id
    engine.dispose()
    with pytest.raises(StoreError, match="older brag-table"):  # read-only commands do not upgrade
        connect(db_url, read_only=True)
    engine = connect(db_url)  # play's open: upgraded in place
    assert schema_revision(engine) == HEAD_REVISION == "0006"
    with Session(engine) as db:
        assert verify_session(sid, session=db).ok
        service = TableService.resume(db, sid)
        service.open(db)
        rnd = service.deal()  # now stored as pending
        assert store.pending_hand(sid, session=db).cards == shown(rnd)
        service.end("interrupted")
        again = TableService.resume(db, sid)
        again.open(db)
        assert shown(again.round) == shown(rnd)
        settle(again)
        assert verify_session(sid, session=db, head=again.head).ok
    engine.dispose()


# -- traditional Brag ---------------------------------------------------------------------------------------


def test_a_classic_hand_is_pending_from_its_start_and_resumes_as_it_stood(db):
    import random

    from casino.classic.actions import Bet, Fold, Look
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.classic.view import SimpleOpponent
    from casino.db import classic_store

    rules = load_rules("classic-brag")
    names = ["You", "Ann", "Bob"]
    record = classic_store.create_session(rules, names, ["you", "simple", "simple"], 5, {"seed": None}, session=db)
    table = ClassicTable(rules, names)
    table.start_hand()
    classic_store.start_pending(record.id, table, session=db)
    with pytest.raises(StoreError, match="already has a hand pending"):
        classic_store.start_pending(record.id, table, session=db)
    rng = random.Random(3)
    while table.to_act != 0:  # the computers before you: they stay in (see), so the hand goes on to you
        seat = table.to_act
        legal = table.legal_actions()
        action = Look() if table.can(Look()) else SimpleOpponent().decide(table.view(seat), legal, rng)
        if isinstance(action, Fold):
            action = Bet(legal.bet_min)
        table.act(action)
        classic_store.record_action(record.id, seat, action, session=db)
    table.act(Look())
    classic_store.record_action(record.id, 0, Look(), session=db)
    seen = table.view(0)
    # the process dies here; a resume deals the same hand and replays every action
    again = classic_store.resume_table(classic_store.get_session(record.id, session=db), session=db)
    def shown(view):  # everything the seat sees (the rules object is rebuilt from the stored text)
        return view._replace(rules=None)

    assert again.hand_no == 1 and again.to_act == 0 and shown(again.view(0)) == shown(seen)
    assert again.chips == table.chips and again.state.pot == table.state.pot  # the antes are in, as they were
    opponents = [SimpleOpponent()] * 3
    while not again.hand_done:
        seat = again.to_act
        again.act(opponents[seat].decide(again.view(seat), again.legal_actions(), rng))
    classic_store.save_hand(record.id, again.end_hand(), again, session=db)
    assert classic_store.pending_of(record.id, session=db) is None
    assert classic_store.verify_classic(record.id, session=db) == []


def test_a_tampered_classic_pending_hand_is_not_dealt_again(db):
    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.db import classic_store

    rules = load_rules("classic-brag")
    record = classic_store.create_session(rules, ["You", "Ann"], ["you", "simple"], 5, {}, session=db)
    table = ClassicTable(rules, ["You", "Ann"])
    table.start_hand()
    pending = classic_store.start_pending(record.id, table, session=db)
    pending.seed = new_seed().hex()  # another seed: another pack, not the one committed to
    db.add(pending)
    db.commit()
    with pytest.raises(StoreError, match="does not deal as it was committed"):
        classic_store.resume_table(classic_store.get_session(record.id, session=db), session=db)
