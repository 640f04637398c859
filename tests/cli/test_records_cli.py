"""The storage promises seen from the command line, in real processes: plain paths, read-only commands,
other applications' files, two resumes at once, a full disk, the head hash."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
READ_COMMANDS = (["sessions"], ["history", "1"], ["replay", "1", "1"], ["verify", "1"])


def brag(*args: str, input: str | None = None, timeout: float = 120, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, input=input, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "COLUMNS": "120", "NO_COLOR": "1", **(env or {})})


def one_error_line(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brag: error: "), done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    for word in words:
        assert word in lines[0], lines[0]


def wait_until_held(db: str, process: subprocess.Popen, within: float = 120) -> None:
    """Wait until ``process`` holds session 1 of the SQLite file ``db`` (its lease is stored), failing if it
    ends first or after ``within`` seconds (that only stops a hang: nothing is timed)."""
    deadline = time.monotonic() + within
    while True:
        assert process.poll() is None, process.stderr.read() if process.stderr else "it ended"
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as raw:
            if raw.execute("SELECT lease_owner FROM sessions WHERE id = 1").fetchone()[0]:
                return
        assert time.monotonic() < deadline, f"session 1 was not taken within {within:g} s"
        time.sleep(0.1)


def test_db_takes_a_plain_path_and_sessions_names_the_database(tmp_path):
    path = tmp_path / "my games.db"
    assert brag("play", "--db", str(path), "--auto", "--hands", "3", "--seed", "p").returncode == 0
    listed = brag("sessions", "--db", str(path))
    assert listed.returncode == 0 and f"Database: SQLite file {path}" in listed.stdout
    data = json.loads(brag("sessions", "--db", str(path), "--json").stdout)
    assert data["database"] == f"SQLite file {path}" and data["sessions"][0]["rounds"] == 3


@pytest.mark.parametrize("command", READ_COMMANDS, ids=lambda c: c[0])
def test_read_only_commands_never_create_a_database(tmp_path, command):
    path = tmp_path / "none" / "brag.db"
    path.parent.mkdir()
    done = brag(*command, "--db", str(path))
    one_error_line(done, f"no database at {path}")  # sessions too: a --db that names nothing is a mistyped path
    assert list(path.parent.iterdir()) == []


def test_the_default_database_folder_is_not_created_by_reading(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "BRAG_DB": ""}
    assert brag("sessions", env=env).returncode == 0
    assert list(home.iterdir()) == []


@pytest.mark.parametrize("command", [*READ_COMMANDS, ["play", "--auto", "--hands", "2"], ["db", "upgrade"]],
                         ids=lambda c: "-".join(c[:2]))
def test_another_applications_database_is_left_byte_for_byte(tmp_path, command):
    path = tmp_path / "app.sqlite"
    with sqlite3.connect(path) as raw:
        raw.executescript("CREATE TABLE sessions (id INTEGER PRIMARY KEY, cookie TEXT);"
                          "CREATE TABLE hands (id INTEGER PRIMARY KEY, left_or_right TEXT);"
                          "INSERT INTO sessions VALUES (1, 'abc'); INSERT INTO hands VALUES (1, 'left');")
    raw.close()
    before = path.read_bytes()
    one_error_line(brag(*command, "--db", str(path)), "not a brag-table database")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["app.sqlite"]


def test_a_second_resume_of_a_session_in_play_is_refused(tmp_path):
    db = str(tmp_path / "brag.db")
    assert brag("play", "--db", db, "--auto", "--hands", "2", "--seed", "two").returncode == 0
    first = subprocess.Popen([sys.executable, "-m", "cli", "play", "--resume", "1", "--db", db], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until_held(db, first)
        second = brag("play", "--resume", "1", "--db", db, "--auto", "--hands", "1")
        one_error_line(second, "session 1 is being played by another process")
        first.stdin.write("q\n")  # type: ignore[union-attr]
        first.stdin.flush()  # type: ignore[union-attr]
        first.wait(timeout=120)
        assert first.returncode == 0
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(timeout=120)
    again = brag("play", "--resume", "1", "--db", db, "--auto", "--hands", "1")  # free again
    assert again.returncode == 0, again.stderr
    assert brag("verify", "1", "--db", db).returncode == 0


def test_a_session_whose_player_was_killed_can_be_resumed(tmp_path):
    db = str(tmp_path / "brag.db")
    assert brag("play", "--db", db, "--auto", "--hands", "2", "--seed", "kill").returncode == 0
    first = subprocess.Popen([sys.executable, "-m", "cli", "play", "--resume", "1", "--db", db], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_until_held(db, first)  # killed while it holds the session (not before it took it)
    finally:
        first.send_signal(signal.SIGKILL)
    first.wait(timeout=120)
    done = brag("play", "--resume", "1", "--db", db, "--auto", "--hands", "2")
    assert done.returncode == 0, done.stderr
    assert brag("verify", "1", "--db", db).returncode == 0


def test_the_head_hash_is_shown_and_verify_checks_it(tmp_path):
    db = str(tmp_path / "brag.db")
    played = json.loads(brag("play", "--db", db, "--auto", "--hands", "4", "--json").stdout)
    head = played["head"]
    assert len(head) == 64 and played["practice"] is False
    ok = brag("verify", "1", "--db", db, "--head", head)
    assert ok.returncode == 0 and "no hand was changed" in ok.stdout
    with sqlite3.connect(tmp_path / "brag.db") as raw:  # the last hand dropped, the session row made to agree
        raw.execute("DELETE FROM boxes WHERE hand_id = (SELECT max(id) FROM hands)")
        raw.execute("DELETE FROM hands WHERE id = (SELECT max(id) FROM hands)")
    raw.close()
    bad = brag("verify", "1", "--db", db, "--head", head)
    assert bad.returncode == 1 and "head" in bad.stdout
    one_error_line(brag("verify", "1", "--db", db, "--head", "xyz"), "64 hex digits")


def test_a_full_disk_during_play_is_one_line_and_resumable(tmp_path):
    small = tmp_path / "small"
    small.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(small)], capture_output=True,
                             text=True, timeout=300)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.strip() or 'not root'})")
    try:
        db = str(small / "brag.db")
        assert brag("play", "--db", db, "--auto", "--hands", "2", "--seed", "full").returncode == 0
        fd = os.open(small / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        os.close(fd)
        done = brag("play", "--resume", "1", "--db", db, "--auto", "--hands", "5000")
        one_error_line(done, "the disk is full")
        (small / "filler").unlink()
        assert brag("verify", "1", "--db", db).returncode == 0
        resumed = brag("play", "--resume", "1", "--db", db, "--auto", "--hands", "3")
        assert resumed.returncode == 0, resumed.stderr
        assert brag("verify", "1", "--db", db).returncode == 0
    finally:
        subprocess.run(["umount", "-l", str(small)], capture_output=True, timeout=300)
