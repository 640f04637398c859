"""Sessions and rounds in a real SQLite file: written whole, read back exactly."""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction

import pytest
from sqlmodel import select

from casino.db import store
from casino.db.database import SCHEMA_VERSION, StoreError, connect, database_url, schema_version
from casino.db.models import BoxRecord, HandRecord
from casino.errors import BragError
from casino.events import BoxBets, event_from_dict
from casino.games import load_game
from casino.games import parse_game_text
from casino.sitting import Sitting
from casino.strategy import play_mask


def test_rounds_are_stored_with_every_bet_and_the_bankroll_chain(played):
    db, session_id = played
    record = store.get_session(session_id, session=db)
    hands = store.hands_of(session_id, session=db)
    assert [h.round_no for h in hands] == list(range(1, 13)) and record.rounds == 12
    previous = Fraction(record.start_bankroll)
    for hand in hands:
        boxes = store.boxes_of(hand.id, session=db)
        assert [b.box for b in boxes] == [1, 2, 3]
        nets = [Fraction(v) for b in boxes for v in (b.ante_net, b.play_net, b.ante_bonus_net, b.pair_plus_net) if v]
        assert sum(nets) == Fraction(hand.net)
        assert Fraction(hand.bankroll_before) == previous
        assert Fraction(hand.bankroll_after) == previous + Fraction(hand.net)
        previous = Fraction(hand.bankroll_after)
        assert boxes[1].decision is None and boxes[1].ante_net is None  # Pair Plus alone
        assert boxes[2].ante == "5/2"  # exact amounts
        events = [event_from_dict(e) for e in json.loads(hand.events)]
        assert events[0].commitment == hand.commitment and events[-1].seed == hand.seed
    assert Fraction(record.bankroll) == previous


def test_a_failed_write_leaves_no_partial_round(played):
    db, session_id = played
    game = load_game("3-card-brag")
    sitting = Sitting(game, Fraction(1000), seed="again")  # numbers its first round 1: already stored
    result = sitting.play_round([BoxBets(1, Fraction(5)), BoxBets(2, Fraction(1))], play_mask(game, "always-play"))
    counts = (len(db.exec(select(HandRecord)).all()), len(db.exec(select(BoxRecord)).all()))
    before = store.get_session(session_id, session=db).bankroll
    with pytest.raises(StoreError, match="(?i)unique|duplicate"):  # a driver error arrives as one StoreError line
        store.record_round(session_id, result, Fraction(1000), sitting.bankroll, session=db)
    assert (len(db.exec(select(HandRecord)).all()), len(db.exec(select(BoxRecord)).all())) == counts
    record = store.get_session(session_id, session=db)
    assert record.bankroll == before and record.rounds == 12


def test_sessions_list_with_net_and_wagered(played):
    db, session_id = played
    (summary,) = store.list_sessions(session=db)
    hands = store.hands_of(session_id, session=db)
    assert summary.rounds == 12
    assert summary.wagered == sum(Fraction(h.wagered) for h in hands)
    assert summary.net == Fraction(hands[-1].bankroll_after) - 1000
    assert summary.to_dict()["net"] == str(summary.net)


def test_end_latest_and_reopen(played):
    db, session_id = played
    assert store.latest_session(session=db).id == session_id
    ended = store.end_session(session_id, "quit", session=db)
    assert ended.end_reason == "quit" and ended.ended_at is not None
    reopened = store.reopen_session(session_id, session=db)
    assert reopened.ended_at is None


def test_missing_things_are_named(played):
    db, session_id = played
    with pytest.raises(StoreError, match="no session 99"):
        store.get_session(99, session=db)
    with pytest.raises(StoreError, match="has no hand 13"):
        store.get_hand(session_id, 13, session=db)
    assert issubclass(StoreError, BragError)


def test_empty_database_has_no_latest_session(db):
    with pytest.raises(StoreError, match="no sessions"):
        store.latest_session(session=db)


def test_schema_version_is_recorded_and_a_newer_one_refused(tmp_path):
    path = tmp_path / "v.db"
    engine = connect(f"sqlite:///{path}")
    assert schema_version(engine) == SCHEMA_VERSION
    engine.dispose()
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE alembic_version SET version_num = '9999'")
    before = path.read_bytes()
    for read_only in (False, True):
        with pytest.raises(StoreError, match="written by a newer brag-table .schema '9999'"):
            connect(f"sqlite:///{path}", read_only=read_only)
    assert path.read_bytes() == before


def test_database_url_precedence(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    assert database_url(app_dir=tmp_path / "app") == f"sqlite:///{tmp_path / 'app' / 'brag.db'}"
    assert (tmp_path / "app").is_dir()
    monkeypatch.setenv("BRAG_DB", "sqlite:///env.db")
    assert database_url(app_dir=tmp_path) == "sqlite:///env.db"
    assert database_url("sqlite:///explicit.db", app_dir=tmp_path) == "sqlite:///explicit.db"


@pytest.mark.parametrize("url", ["nonsense://x", "sqlite:////no/such/folder/brag.db"])
def test_bad_urls_are_one_clear_error(url):
    with pytest.raises(StoreError, match="cannot"):
        connect(url)


def test_game_snapshot_is_self_contained(tmp_path, db):
    """The stored snapshot rebuilds the game even after the file, and the table it names by path, are gone."""
    game = load_game("three-card-poker")
    folder = tmp_path / "house"
    folder.mkdir()
    table = folder / "my-pair-plus.toml"
    table.write_text(load_paytable_text().replace("straight_flush = 40", "straight_flush = 50"), encoding="utf-8")
    custom = folder / "house.toml"
    custom.write_text('name = "House"\nranking = "poker"\nqualifier = "Q-high"\nties = "push"\n'
                      'pair_plus = "my-pair-plus.toml"\n', encoding="utf-8")
    house = load_game(custom, ante_bonus="ante-bonus-3")  # a table named by path and one swapped in
    record = store.create_session(house, Fraction(10), {}, session=db)
    table.unlink()
    custom.unlink()
    rebuilt = store.game_of(store.get_session(record.id, session=db))
    assert rebuilt.pair_plus.pay_for("running_flush") == 50
    assert rebuilt.ante_bonus.pays == load_game("3-card-brag", ante_bonus="ante-bonus-3").ante_bonus.pays
    assert rebuilt.to_toml() == house.to_toml()
    assert store.game_of(store.create_session(game, Fraction(1), {}, session=db)).to_toml() == game.to_toml()


def test_an_old_snapshot_the_plain_game_file_still_loads(db):
    game = load_game("3-card-brag")
    record = store.create_session(game, Fraction(10), {}, session=db)
    record.game_text = game.text  # what sessions stored before Game.to_toml
    assert store.game_of(record).to_toml() == game.to_toml()
    assert parse_game_text(game.text).pair_plus.pays == game.pair_plus.pays


def load_paytable_text() -> str:
    from casino.games import builtin_paytables

    return builtin_paytables()["pair-plus-1"]


def test_restored_statistics_equal_the_played_ones(played_sitting):
    db, session_id, sitting = played_sitting
    restored = store.restore_stats(session_id, session=db)
    assert restored.rounds == sitting.stats.rounds == 12
    assert (restored.plays, restored.folds) == (sitting.stats.plays, sitting.stats.folds)
    assert restored.bets == sitting.stats.bets  # from the running totals: one row, not every hand
