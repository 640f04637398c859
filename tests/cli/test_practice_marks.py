"""Practice sessions (seeded from --seed TEXT) are marked wherever a stored session is shown, and fair ones
are never marked: `brag sessions`, `history` (text, --json, --csv), `replay`, `verify`."""

from __future__ import annotations

import csv
import io
import json

import pytest

from casino.practice import FAIR_NOTE, PRACTICE_NOTE

PRACTICE, FAIR = 1, 2  # session ids in the database below


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    """Session 1: a practice session (--seed), 4 hands; session 2: fair play (secure seeds), 4 hands."""
    from typer.testing import CliRunner

    from cli.main import app

    runner = CliRunner()
    url = f"sqlite:///{tmp_path_factory.mktemp('marks') / 'brag.db'}"
    env = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
    for extra in (["--seed", "practice text"], []):
        done = runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "4", "--pair-plus", "1", *extra], env=env)
        assert done.exit_code == 0, done.output
    return url


def _run(runner, app, *args):
    result = runner.invoke(app, [*args])
    assert result.exit_code == 0, result.output
    return result.output


def test_sessions_marks_the_practice_session_only(runner, app, url):
    out = _run(runner, app, "sessions", "--db", url)
    lines = out.splitlines()
    row = {sid: next(i for i, line in enumerate(lines) if line.strip().startswith(f"{sid} ")) for sid in (1, 2)}
    assert "PRACTICE" in lines[row[PRACTICE] + 1] or "PRACTICE" in lines[row[PRACTICE] + 2]
    fair_rows = lines[row[FAIR]:row[PRACTICE]]  # newest first: session 2's lines come before session 1's
    assert not any("PRACTICE" in line for line in fair_rows)
    assert f"PRACTICE: {PRACTICE_NOTE}." in out
    data = json.loads(_run(runner, app, "sessions", "--db", url, "--json"))
    assert {s["id"]: s["practice"] for s in data["sessions"]} == {PRACTICE: True, FAIR: False}


def test_sessions_of_only_fair_play_has_no_practice_legend(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'fair.db'}"
    assert runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "2"]).exit_code == 0
    out = _run(runner, app, "sessions", "--db", url)
    assert "PRACTICE" not in out and "practice" not in out


def test_history_header_json_and_csv(runner, app, url):
    practice = _run(runner, app, "history", str(PRACTICE), "--db", url)
    fair = _run(runner, app, "history", str(FAIR), "--db", url)
    assert "PRACTICE — Practice session, seeded from text" in practice and "not fair play" in practice
    assert "PRACTICE" not in fair and "practice" not in fair
    for sid, expected in ((PRACTICE, True), (FAIR, False)):
        data = json.loads(_run(runner, app, "history", str(sid), "--db", url, "--json"))
        assert data["practice"] is expected and (data["settings"].get("seed") is not None) is expected
        assert [h["hand"] for h in data["hands"]] == [1, 2, 3, 4]
        rows = list(csv.DictReader(io.StringIO(_run(runner, app, "history", str(sid), "--db", url, "--csv"))))
        assert rows and {r["practice"] for r in rows} == {"yes" if expected else "no"}
        assert sorted({int(r["hand"]) for r in rows}) == [1, 2, 3, 4]


def test_history_json_is_one_document_with_a_line_per_hand(runner, app, url):
    for args, hands in ((["--json"], [1, 2, 3, 4]), (["--json", "--last", "2"], [3, 4]), (["--json", "--hand", "3"], [3]),
                        (["--json", "--all"], [1, 2, 3, 4])):
        out = _run(runner, app, "history", str(PRACTICE), "--db", url, *args)
        data = json.loads(out)
        assert [h["hand"] for h in data["hands"]] == hands
        lines = out.splitlines()
        start = lines.index('  "hands": [')
        assert [json.loads(line.strip().rstrip(","))["hand"] for line in lines[start + 1:-2]] == hands
        assert lines[-2:] == ["  ]", "}"]
        head = {k: v for k, v in data.items() if k != "hands"}
        assert "\n".join(lines[:start]) == json.dumps(head, indent=2)[:-2] + ","  # the head as print_json writes it


def test_replay_marks_the_practice_session(runner, app, url):
    practice = _run(runner, app, "replay", str(PRACTICE), "2", "--db", url)
    fair = _run(runner, app, "replay", str(FAIR), "2", "--db", url)
    assert "PRACTICE — Practice session, seeded from text" in practice
    assert "PRACTICE" not in fair and "practice" not in fair
    assert json.loads(_run(runner, app, "replay", str(PRACTICE), "2", "--db", url, "--json"))["practice"] is True
    assert json.loads(_run(runner, app, "replay", str(FAIR), "2", "--db", url, "--json"))["practice"] is False


def test_verify_says_practice_or_fair(runner, app, url):
    practice = " ".join(_run(runner, app, "verify", str(PRACTICE), "--db", url).split())
    fair = " ".join(_run(runner, app, "verify", str(FAIR), "--db", url).split())
    assert f"4 hand(s) verified ({PRACTICE_NOTE})" in practice
    assert f"4 hand(s) verified ({FAIR_NOTE})" in fair and "practice" not in fair
    one = " ".join(_run(runner, app, "verify", str(PRACTICE), "2", "--db", url).split())
    assert f"hand 2 verified ({PRACTICE_NOTE})" in one
    assert json.loads(_run(runner, app, "verify", str(PRACTICE), "--db", url, "--json"))["practice"] is True
    assert json.loads(_run(runner, app, "verify", str(FAIR), "--db", url, "--json"))["practice"] is False


def test_a_mismatch_line_names_a_practice_session_too(runner, app, tmp_path):
    import sqlite3

    path = tmp_path / "t.db"
    assert runner.invoke(app, ["play", "--db", str(path), "--auto", "--hands", "3", "--seed", "t"]).exit_code == 0
    with sqlite3.connect(path) as connection:
        connection.execute("update hands set net = '999' where round_no = 2")
    result = runner.invoke(app, ["verify", "1", "--db", str(path)])
    assert result.exit_code == 1 and PRACTICE_NOTE in " ".join(result.output.split())


def test_unreadable_settings_are_never_shown_as_fair_play(runner, app, tmp_path):
    import sqlite3

    path = tmp_path / "s.db"
    assert runner.invoke(app, ["play", "--db", str(path), "--auto", "--hands", "2"]).exit_code == 0
    with sqlite3.connect(path) as connection:
        connection.execute("update sessions set settings = 'not json'")
    out = _run(runner, app, "sessions", "--db", str(path))
    assert "UNKNOWN DECK" in out
    assert json.loads(_run(runner, app, "sessions", "--db", str(path), "--json"))["sessions"][0]["practice"] is None


def test_history_json_is_written_as_the_hands_stream_in(monkeypatch):
    """Each hand is written out (to the spool that stdout gets whole: cli.history.all_or_nothing) before the next
    is read: the list of hands is never held."""
    import sys

    from cli.history import _print_json_stream, _write_json_stream

    buffer = io.StringIO()
    written = []

    def items():
        for n in range(1, 4):
            written.append(len(buffer.getvalue()))
            yield {"hand": n, "boxes": [{"box": 1, "cards": "As Kd 2c"}]}

    _write_json_stream(buffer, {"session": 7, "practice": True}, "hands", items())
    assert written[0] < written[1] < written[2]  # something more was written before each next hand was asked for
    streamed = buffer.getvalue()
    buffer = io.StringIO()
    monkeypatch.setattr(sys, "stdout", buffer)
    _print_json_stream({"session": 7, "practice": True}, "hands",
                       ({"hand": n, "boxes": [{"box": 1, "cards": "As Kd 2c"}]} for n in range(1, 4)))
    out = buffer.getvalue()
    assert out == streamed
    assert json.loads(out) == {"session": 7, "practice": True, "hands": [
        {"hand": n, "boxes": [{"box": 1, "cards": "As Kd 2c"}]} for n in (1, 2, 3)]}
    assert out.splitlines()[5] == '    {"hand": 2, "boxes": [{"box": 1, "cards": "As Kd 2c"}]},'
    buffer.seek(0)
    buffer.truncate()
    _print_json_stream({"session": 7}, "hands", iter(()))
    assert buffer.getvalue() == json.dumps({"session": 7, "hands": []}, indent=2) + "\n"


def test_classic_sessions_history_replay_and_verify_mark_practice(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'classic.db'}"
    for extra in (["--seed", "classic practice"], []):
        done = runner.invoke(app, ["classic", "--auto", "--hands", "3", "--db", url, "--json", *extra])
        assert done.exit_code == 0, done.output
    fair_hands = json.loads(done.stdout)["hands"]  # 3, unless a seat went bust first (no seed: any deal)
    listing = json.loads(_run(runner, app, "sessions", "--classic", "--db", url, "--json"))
    assert {s["id"]: s["practice"] for s in listing["sessions"]} == {1: True, 2: False}
    table = _run(runner, app, "sessions", "--classic", "--db", url)
    assert table.count("PRACTICE") == 2 and f"PRACTICE: {PRACTICE_NOTE}." in table  # the mark and the legend
    for args in (["history", "1"], ["replay", "1", "2"]):
        assert "PRACTICE — Practice session, seeded from text" in _run(runner, app, *args, "--classic", "--db", url)
        fair = _run(runner, app, args[0], "2", *args[2:], "--classic", "--db", url)
        assert "PRACTICE" not in fair and "practice" not in fair
        assert json.loads(_run(runner, app, *args, "--classic", "--db", url, "--json"))["practice"] is True
    practice = " ".join(_run(runner, app, "verify", "1", "--classic", "--db", url).split())
    fair = " ".join(_run(runner, app, "verify", "2", "--classic", "--db", url).split())
    assert f"3 hand(s) verified ({PRACTICE_NOTE})" in practice
    assert f"{fair_hands} hand(s) verified ({FAIR_NOTE})" in fair
    assert json.loads(_run(runner, app, "verify", "2", "--classic", "--db", url, "--json"))["practice"] is False


@pytest.mark.parametrize("command", [["sessions", "--classic"], ["history", "1", "--classic"],
                                     ["replay", "1", "1", "--classic"], ["verify", "1", "--classic"]],
                         ids=lambda c: c[0])
def test_classic_read_only_commands_never_create_or_change_a_database(runner, app, tmp_path, command):
    missing = tmp_path / "none" / "brag.db"
    missing.parent.mkdir()
    result = runner.invoke(app, [*command, "--db", str(missing)])
    assert result.exit_code == 2 and "no database at" in result.output  # sessions too: --db named nothing there
    assert list(missing.parent.iterdir()) == []
    # a database that is there: read, never written
    path = tmp_path / "brag.db"
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    played = subprocess.run([sys.executable, "-m", "cli", "classic", "--auto", "--hands", "2", "--seed", "ro", "--db",
                             str(path)], cwd=root, capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr  # (a process of its own: its database is closed when it ends)
    before = path.read_bytes()
    result = runner.invoke(app, [*command, "--db", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == before


def test_a_head_to_head_practice_session_is_marked_too(runner, app, tmp_path):
    url = f"sqlite:///{tmp_path / 'h2h.db'}"
    done = runner.invoke(app, ["play", "--db", url, "teen-patti-20-20", "--seed", "h2h practice", "--bet", "a=5",
                               "--auto", "--hands", "5"])
    assert done.exit_code == 0, done.output
    assert "PRACTICE — Practice session, seeded from text" in _run(runner, app, "history", "1", "--db", url)
    assert "PRACTICE — Practice session, seeded from text" in _run(runner, app, "replay", "1", "2", "--db", url)
    assert f"5 hand(s) verified ({PRACTICE_NOTE})" in " ".join(_run(runner, app, "verify", "1", "--db", url).split())
    assert json.loads(_run(runner, app, "sessions", "--db", url, "--json"))["sessions"][0]["practice"] is True


def test_history_all_prints_a_table_per_chunk_and_an_empty_session_says_so(runner, app, url, tmp_path, monkeypatch):
    import cli.history

    monkeypatch.setattr(cli.history, "TEXT_CHUNK", 3)
    out = _run(runner, app, "history", str(FAIR), "--all", "--db", url)
    headers = [line for line in out.splitlines() if "Hand" in line and "Cards" in line]
    assert len(headers) == 2  # hands 1-3, then hand 4: each table printed before the next hands are read
    assert "Showing" not in out
    from fractions import Fraction

    from sqlmodel import Session

    from casino.db import store
    from casino.db.database import connect
    from casino.games import load_game

    empty = f"sqlite:///{tmp_path / 'empty.db'}"
    with Session(connect(empty)) as db:
        store.create_session(load_game("3-card-brag"), Fraction(10), {"seed": "none yet"}, session=db)
    assert "No hands stored yet." in _run(runner, app, "history", "1", "--db", empty)
    data = json.loads(_run(runner, app, "history", "1", "--db", empty, "--json"))
    assert data["hands"] == [] and data["practice"] is True
    assert _run(runner, app, "history", "1", "--db", empty, "--csv").count("\n") == 1  # the header row alone


def test_an_empty_seed_text_is_refused_and_one_stored_before_is_still_practice(runner, app, tmp_path):
    """``--seed ""`` is refused as the web refuses it (casino.practice.check_practice_seed; it once played as
    practice); a session stored with an empty seed text before the check still shows as practice: the empty text
    decided every deck as any text does (play's JSON once said practice false for it)."""
    from fractions import Fraction

    from sqlmodel import Session

    from casino.db import store
    from casino.db.database import connect
    from casino.games import load_game

    db = str(tmp_path / "empty.db")
    refused = runner.invoke(app, ["play", "--db", db, "--auto", "--hands", "1", "--seed", "", "--json"])
    assert refused.exit_code == 2
    assert " ".join(refused.output.split()) == "brag: error: a seed is some text of your choice, not empty"
    with Session(connect(f"sqlite:///{db}")) as session:
        sid = store.create_session(load_game("3-card-brag"), Fraction(10), {"seed": ""}, session=session).id
    data = json.loads(_run(runner, app, "history", str(sid), "--db", db, "--json"))
    assert data["practice"] is True
    listed = " ".join(_run(runner, app, "sessions", "--db", db).split())
    assert "PRACTICE" in listed, listed
