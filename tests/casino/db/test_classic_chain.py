"""Traditional Brag's hash chain, against a hostile editor of the database (`brag verify ID --classic`).

Each tamper below passed `brag verify --classic` before the chain (found by a hostile test): a deleted
pending record (the hand then dealt again from a new seed: a free re-deal), a deleted middle hand, the
last hand deleted with the session row made to agree, hands renumbered, a stored summary edited, a
practice session's seed text removed so that it reads as fair play. Each is now named, exit code 1; the
consistent rewrite (every hash recomputed) is caught by a head kept outside the database. Real databases:
a SQLite file and (with $BRAG_TEST_POSTGRES) PostgreSQL."""

from __future__ import annotations

import json
import random

import pytest
from sqlalchemy import text
from sqlmodel import Session

from casino.classic.actions import Bet, Fold, Look
from casino.classic.rules import builtin_rules, load_rules
from casino.classic.table import ClassicTable
from casino.classic.view import SimpleOpponent
from casino.db import classic_store
from casino.db.classic_chain import action_hashes, deal_hash, genesis_hash, settled_hash
from casino.db.database import StoreError, connect

NAMES = ["You", "Ann", "Bob"]


def store_session(url: str, settled: int, *, pending: bool = True, seed: str | None = "chain", rules_name="classic-brag",
                  names=NAMES) -> int:
    """``settled`` hands played by the engine and stored, then (``pending``) the next one started with two
    actions stored, as `brag classic` stores them. The session id."""
    rules = load_rules(rules_name)
    engine = connect(url)
    with Session(engine) as db:
        record = classic_store.create_session(rules, names, ["simple"] * len(names), settled + 5, {"seed": seed},
                                              session=db)
        table = ClassicTable(rules, names, seed=seed)
        rng = random.Random(11)
        bots = [SimpleOpponent()] * len(names)
        for _ in range(settled):
            classic_store.save_hand(record.id, table.play_hand(bots, rng), table, session=db)
        if pending:
            if table.choice_due() >= 0 and table.choice_due() == table.voice.you:  # dealer's choice: as a computer picks
                table.pick_variant(table.computer_pick())
                classic_store.save_pick(record.id, table, session=db)
            table.start_hand()
            classic_store.start_pending(record.id, table, session=db)
            for _ in range(2):
                seat, legal = table.to_act, table.legal_actions()
                action = Look() if table.can(Look()) and seat == 0 else SimpleOpponent().decide(table.view(seat), legal, rng)
                if isinstance(action, Fold):
                    action = Bet(legal.bet_min)
                table.act(action)
                classic_store.record_action(record.id, seat, action, session=db, hand_no=table.hand_no,
                                            played=table.state.actions)
        sid = record.id
    engine.dispose()
    return sid


def sql(url: str, *statements: str, **values) -> None:
    engine = connect(url)
    with engine.begin() as connection:
        for statement in statements:
            connection.execute(text(statement), values)
    engine.dispose()


def verify(runner, app, url: str, sid: int, *extra: str):
    result = runner.invoke(app, ["verify", str(sid), "--classic", "--db", url, *extra])
    return result.exit_code, result.stdout, result.stderr


def problems(runner, app, url, sid, *extra) -> list[str]:
    code, out, err = verify(runner, app, url, sid, "--json", *extra)
    assert code in (0, 1) and not err, (code, out, err)
    data = json.loads(out)
    assert (code == 0) == data["ok"]
    return data["problems"]


def head_of(url: str, sid: int) -> str:
    engine = connect(url)
    with Session(engine) as db:
        head = classic_store.get_session(sid, session=db).head_hash
    engine.dispose()
    return head


def rechain(url: str, sid: int) -> None:
    """What a forger who knows the chain does after a change: every hash recomputed from the stored contents
    and the session row made to agree (hand count, chips, table state left as the forger set them)."""
    engine = connect(url)
    with Session(engine) as db:
        record = classic_store.get_session(sid, session=db)
        head = genesis_hash(record.chain_key, record)
        rows = classic_store.hands_of(sid, session=db)
        for row in rows:
            row.prev_hash, row.hash = head, settled_hash(head, row)
            head = row.hash
            db.add(row)
        pending = classic_store.pending_of(sid, session=db)
        if pending is not None:
            link = deal_hash(head, pending.hand_no, pending.commitment)
            pending.prev_hash, pending.hash = head, ([link] + action_hashes(link, pending.actions))[-1]
            head = pending.hash
            db.add(pending)
        record.head_hash, record.hands_played = head, len(rows)
        record.dealt_hand = None if pending is None else pending.hand_no
        db.add(record)
        db.commit()
    engine.dispose()


def test_an_honest_session_verifies_and_shows_its_head(runner, app, db_url):
    sid = store_session(db_url, 6)
    code, out, err = verify(runner, app, db_url, sid)
    assert code == 0, out + err
    assert "6 hand(s) verified" in out and "the hash chain holds" in out
    assert f"Head: {head_of(db_url, sid)}" in out
    assert verify(runner, app, db_url, sid, "--head", head_of(db_url, sid))[0] == 0


def test_a_deleted_pending_record_is_named_and_never_dealt_again(runner, app, db_url):
    sid = store_session(db_url, 3)
    sql(db_url, "DELETE FROM classic_pending WHERE session_id = :s", s=sid)
    assert problems(runner, app, db_url, sid) == [
        "hand 4 was dealt (the session's record says so) but its pending record is missing: removed from the database "
        "after the deal; it is never dealt again"]
    code, out, err = verify(runner, app, db_url, sid)
    assert code == 1 and "1 problem(s)" in out
    result = runner.invoke(app, ["classic", "--resume", str(sid), "--db", db_url], input="")
    assert result.exit_code == 2, result.stdout
    [line] = result.stderr.strip().splitlines()
    assert f"classic session {sid}: hand 4 was dealt, but its pending record is missing" in line
    assert "it is not dealt again" in line


def test_a_store_refuses_to_deal_or_settle_over_a_missing_pending_record(db_url):
    sid = store_session(db_url, 2)
    sql(db_url, "DELETE FROM classic_pending WHERE session_id = :s", s=sid)
    engine = connect(db_url)
    with Session(engine) as db:
        record = classic_store.get_session(sid, session=db)
        with pytest.raises(StoreError, match="it is not dealt again"):
            classic_store.resume_table(record, session=db)
        table = classic_store.resume_table(record)  # the table before the hand (no session: nothing checked) …
        table.start_hand()
        with pytest.raises(StoreError, match="already has a hand pending"):  # … cannot be put on record again
            classic_store.start_pending(sid, table, session=db)
    engine.dispose()


def test_a_deleted_middle_hand_is_named(runner, app, db_url):
    sid = store_session(db_url, 6, pending=False)
    sql(db_url, "DELETE FROM classic_hands WHERE session_id = :s AND hand_no = 3", s=sid)
    found = problems(runner, app, db_url, sid)
    assert "hand 4: it is not chained to the hand before it: a hand was removed, inserted or moved, or the session's " \
           "own record was changed" in found
    assert any(p.startswith("the hand numbers are not 1, 2, 3") for p in found)


def test_the_last_hand_deleted_with_the_session_row_made_to_agree_is_named(runner, app, db_url):
    sid = store_session(db_url, 6, pending=False)
    kept = head_of(db_url, sid)
    sql(db_url, "DELETE FROM classic_hands WHERE session_id = :s AND hand_no = 6", s=sid)
    sql(db_url, "UPDATE classic_sessions SET hands_played = 5, chips = (SELECT chips_after FROM classic_hands WHERE "
                "session_id = :s AND hand_no = 5) WHERE id = :s", s=sid)
    assert problems(runner, app, db_url, sid)[-1:] == [
        "the session's head is not its last settled hand's hash: hands were removed or changed, or the session's own "
        "record was"]
    sql(db_url, "UPDATE classic_sessions SET head_hash = (SELECT hash FROM classic_hands WHERE session_id = :s AND "
                "hand_no = 5) WHERE id = :s", s=sid)  # the head moved back too: only a kept head tells
    assert "the head you kept is not in this session's chain: hands were changed, added, removed, reordered or copied " \
           "in since it was shown" in problems(runner, app, db_url, sid, "--head", kept)


def test_renumbered_hands_are_named(runner, app, db_url):
    sid = store_session(db_url, 5, pending=False)
    sql(db_url, "UPDATE classic_hands SET hand_no = hand_no + 10 WHERE session_id = :s AND hand_no >= 4", s=sid)
    found = problems(runner, app, db_url, sid)
    assert "hand 14: its hash is not over its stored contents: the hand was changed after it was stored" in found
    assert any(p.startswith("the hand numbers are not 1, 2, 3 … (hand 14 where hand 4 was due)") for p in found)


def test_an_edited_summary_is_named(runner, app, db_url):
    sid = store_session(db_url, 4, pending=False)
    sql(db_url, "UPDATE classic_hands SET summary = 'You win 1000' WHERE session_id = :s AND hand_no = 2", s=sid)
    assert problems(runner, app, db_url, sid) == [
        "hand 2: the stored summary is not what its events give",
        "hand 2: its hash is not over its stored contents: the hand was changed after it was stored"]


@pytest.mark.parametrize("settings", ['{"seed": null}', "{}", '{"seed": null, "auto": false}'])
def test_a_practice_session_made_to_read_as_fair_play_is_named(runner, app, db_url, settings):
    sid = store_session(db_url, 3, seed="known deck")
    sql(db_url, "UPDATE classic_sessions SET settings = :t WHERE id = :s", t=settings, s=sid)
    code, out, err = verify(runner, app, db_url, sid)
    assert code == 1, out
    assert "hand 1: it is not chained to the session's start (its genesis: its rules, seats, chips and settings, " \
           "the --seed text among them)" in out


def test_a_practice_session_without_hands_made_to_read_as_fair_play_is_named(runner, app, db_url):
    sid = store_session(db_url, 0, pending=False, seed="known deck")
    sql(db_url, "UPDATE classic_sessions SET settings = '{}' WHERE id = :s", s=sid)
    assert problems(runner, app, db_url, sid) == [
        "the session's head is not its last settled hand's hash: hands were removed or changed, or the session's own "
        "record was"]


def test_a_removed_pending_action_is_named(runner, app, db_url):
    """Taking an action back (the player's last one removed, to decide again) is as much a re-deal as a new deal."""
    sid = store_session(db_url, 2)
    engine = connect(db_url)
    with Session(engine) as db:
        row = classic_store.pending_of(sid, session=db)
        row.actions = json.dumps(json.loads(row.actions)[:-1])
        db.add(row)
        db.commit()
    engine.dispose()
    assert problems(runner, app, db_url, sid) == [
        "hand 3 (pending): its hash is not over its deal and its stored actions: an action was changed, removed or "
        "added after it was stored"]


@pytest.mark.parametrize("tamper", ["delete middle", "delete last", "renumber", "summary", "seed text", "pending"])
def test_a_consistent_rewrite_passes_without_the_head_and_fails_with_it(runner, app, db_url, tamper):
    """The forger recomputes every hash: only a head kept outside the database shows the rewrite."""
    sid = store_session(db_url, 5, seed="rewrite" if tamper == "seed text" else None)
    kept = head_of(db_url, sid)
    sql(db_url, {
        "delete middle": "DELETE FROM classic_hands WHERE session_id = :s AND hand_no = 3",
        "delete last": "DELETE FROM classic_pending WHERE session_id = :s",
        "renumber": "UPDATE classic_hands SET hand_no = hand_no + 10 WHERE session_id = :s AND hand_no = 5",
        "summary": "UPDATE classic_hands SET summary = 'Ann wins 3' WHERE session_id = :s AND hand_no = 2",
        "seed text": "UPDATE classic_sessions SET settings = '{}' WHERE id = :s",
        "pending": "UPDATE classic_pending SET actions = '[]' WHERE session_id = :s",
    }[tamper], s=sid)
    rechain(db_url, sid)
    found = problems(runner, app, db_url, sid, "--head", kept)
    assert "the head you kept is not in this session's chain: hands were changed, added, removed, reordered or copied " \
           "in since it was shown" in found
    if tamper in ("delete last", "seed text", "pending"):  # nothing else shows these once the hashes agree
        assert problems(runner, app, db_url, sid) == []


def test_a_head_kept_at_the_deal_is_found_and_an_older_head_says_so(runner, app, db_url):
    sid = store_session(db_url, 3, pending=False)
    settled = head_of(db_url, sid)
    engine = connect(db_url)
    with Session(engine) as db:
        record = classic_store.get_session(sid, session=db)
        table = classic_store.resume_table(record, session=db)
        table.start_hand()
        classic_store.start_pending(sid, table, session=db)
    engine.dispose()
    dealt = head_of(db_url, sid)
    assert dealt != settled
    code, out, err = verify(runner, app, db_url, sid, "--json", "--head", dealt)
    assert code == 0 and json.loads(out)["head_is"] == "hand 4's deal" and json.loads(out)["head"] == dealt
    assert json.loads(out)["head_is_hand"] is None
    settled_json = json.loads(verify(runner, app, db_url, sid, "--json", "--head", settled)[1])
    assert settled_json["head_is"] == "hand 3" and settled_json["head_is_hand"] == 3
    assert problems(runner, app, db_url, sid, "--head", settled) == [
        "the head you kept is hand 3's, and the session went on after it (to hand 4's deal): played since? keep the "
        "newer head"]


def test_a_bad_head_is_one_line_exit_2(runner, app, db_url):
    sid = store_session(db_url, 1, pending=False)
    code, out, err = verify(runner, app, db_url, sid, "--head", "abc")
    assert code == 2 and err.strip().count("\n") == 0 and "64 hex digits" in err


@pytest.mark.parametrize("name", builtin_rules())
def test_honest_sessions_of_every_built_in_rules_file_verify_with_their_head(runner, app, name, tmp_path):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    sid = store_session(url, 150, rules_name=name, names=["You", "Ann", "Bob", "Cat", "Dan"], seed=f"honest {name}")
    code, out, err = verify(runner, app, url, sid, "--head", head_of(url, sid))
    assert code == 0, out + err


# -- the migration (0006): sessions stored before the chain ------------------------------------------------

OLD_SESSION_COLUMNS = ("id", "rules_name", "rules_text", "names", "players", "start_chips", "chips", "hand_limit",
                       "hands_played", "started_at", "ended_at", "end_reason", "settings", "table_state")
OLD_HAND_COLUMNS = ("session_id", "hand_no", "played_at", "commitment", "seed", "shuffled", "pack", "pack_after",
                    "seats", "dealer", "first", "held_out", "dealt", "chips_before", "chips_after", "borrowed",
                    "actions", "events", "showdown", "prial_won", "kept_blind", "summary")
OLD_PENDING_COLUMNS = ("session_id", "hand_no", "started_at", "seed", "commitment", "actions")


def _migrate(url: str, revision: str, *, down: bool = False) -> None:
    from pathlib import Path

    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    import casino.db

    engine = create_engine(url)
    with engine.begin() as connection:
        config = Config()
        config.set_main_option("script_location", str(Path(casino.db.__file__).parent / "migrations"))
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)
    engine.dispose()


def _old_database(url: str, source: str, sessions: list[int]) -> None:
    """``url`` at schema 0005 holding the classic sessions ``sessions`` of ``source`` as the previous release
    stored them (its columns only: no chain)."""
    from sqlalchemy import create_engine

    _migrate(url, "0005")
    read, write = create_engine(source), create_engine(url)
    with read.connect() as src, write.begin() as dst:
        for table, columns in (("classic_sessions", OLD_SESSION_COLUMNS), ("classic_hands", OLD_HAND_COLUMNS),
                               ("classic_pending", OLD_PENDING_COLUMNS)):
            key = "id" if table == "classic_sessions" else "session_id"
            for sid in sessions:
                for row in src.execute(text(f"SELECT {', '.join(columns)} FROM {table} WHERE {key} = :s ORDER BY id"),
                                       {"s": sid}).mappings():
                    dst.execute(text(f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                                     f"({', '.join(':' + c for c in columns)})"),
                                {k: bool(v) if k in ("shuffled", "showdown", "prial_won") else v for k, v in row.items()})
        if write.dialect.name == "postgresql":
            dst.execute(text("SELECT setval(pg_get_serial_sequence('classic_sessions', 'id'), "
                             "(SELECT max(id) FROM classic_sessions))"))
    read.dispose()
    write.dispose()


def test_sessions_stored_before_the_chain_are_chained_at_the_upgrade_and_play_on(runner, app, db_url, tmp_path):
    from sqlalchemy import create_engine, inspect

    from casino.db.database import HEAD_REVISION, schema_revision

    source = f"sqlite:///{tmp_path / 'source.db'}"
    with_pending, settled_only, empty = store_session(source, 4), store_session(source, 3, pending=False), \
        store_session(source, 0, pending=False)
    garbage = store_session(source, 2, pending=False)
    sql(source, "UPDATE classic_hands SET pack = 'null', chips_after = '1/0' WHERE session_id = :s AND hand_no = 2",
        s=garbage)
    _old_database(db_url, source, [with_pending, settled_only, empty, garbage])
    engine = connect(db_url)  # play's open upgrades in place
    assert schema_revision(engine) == HEAD_REVISION == "0006"
    engine.dispose()
    for sid, before in ((with_pending, 5), (settled_only, 3), (empty, 0)):
        code, out, err = verify(runner, app, db_url, sid)
        assert code == 0, out + err
        if before:
            assert f"Hands 1-{before} were stored before the hash chain" in out
        assert json.loads(verify(runner, app, db_url, sid, "--json")[1])["chained_at_upgrade"] == before
    kept = head_of(db_url, with_pending)
    engine = connect(db_url)
    with Session(engine) as db:  # the pending hand dealt before the upgrade resumes and settles, chained
        record = classic_store.get_session(with_pending, session=db)
        table = classic_store.resume_table(record, session=db)
        rng = random.Random(2)
        while not table.hand_done:
            seat = table.to_act
            action = SimpleOpponent().decide(table.view(seat), table.legal_actions(), rng)
            table.act(action)
            classic_store.record_action(with_pending, seat, action, session=db, hand_no=table.hand_no,
                                        played=table.state.actions)
        classic_store.save_hand(with_pending, table.end_hand(), table, session=db)
    engine.dispose()
    assert problems(runner, app, db_url, with_pending, "--head", head_of(db_url, with_pending)) == []
    assert problems(runner, app, db_url, with_pending, "--head", kept)[0].startswith("the head you kept is hand 5 after")
    _migrate(db_url, "0005", down=True)  # and back down: the chain's columns go, the rows stay
    check = create_engine(db_url)
    columns = {c["name"] for c in inspect(check).get_columns("classic_sessions")}
    assert "chain_key" not in columns and "head_hash" not in columns
    assert {c["name"] for c in inspect(check).get_columns("classic_hands")} >= {"summary"} - {"hash"}
    with check.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM classic_hands WHERE session_id = :s"),
                                  {"s": with_pending}).scalar_one() == 5
    check.dispose()
    engine = connect(db_url)  # up again: chained afresh
    engine.dispose()
    assert problems(runner, app, db_url, with_pending) == []


def test_the_head_brag_classic_shows_is_the_one_verify_recomputes(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    result = runner.invoke(app, ["classic", "--auto", "--hands", "6", "--opponents", "3", "--json", "--db", url])
    assert result.exit_code == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    code, out, err = verify(runner, app, url, data["session"], "--head", data["head"])
    assert code == 0 and f"Head: {data['head']}" in out and "The head you kept is this session's head" in out


def test_the_web_refuses_to_deal_again_a_hand_whose_pending_record_was_deleted(tmp_path, monkeypatch, runner, app):
    from fastapi.testclient import TestClient

    from web.app import create_app

    monkeypatch.delenv("BRAG_DB", raising=False)
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    client = TestClient(create_app(url), raise_server_exceptions=False)
    for _ in range(40):  # secret seeds: now and then everyone folds to your blind hand at once (settled, not pending)
        started = client.post("/api/classic/sessions", json={"rules": "classic-brag", "opponents": 2, "hands": 3})
        assert started.status_code == 200, started.text
        if started.json()["in_hand"]:
            break
    else:
        pytest.fail("40 deals in a row were settled before the player's turn")
    sid = started.json()["session"]
    sql(url, "DELETE FROM classic_pending WHERE session_id = :s", s=sid)
    fresh = TestClient(create_app(url), raise_server_exceptions=False)  # the server restarted
    answer = fresh.post(f"/api/classic/sessions/{sid}/resume")
    assert answer.status_code == 409, answer.text
    assert f"classic session {sid}: hand 1 was dealt, but its pending record is missing" in answer.json()["detail"]
    verified = fresh.get(f"/api/classic/sessions/{sid}/verify").json()
    assert verified["ok"] is False and verified["problems"][0].startswith("hand 1 was dealt")
    assert problems(runner, app, url, sid)[0].startswith("hand 1 was dealt")
