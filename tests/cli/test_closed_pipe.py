"""A closed standard output (``brag ... | head -1``: the reader left) ends every command the same way:
quietly (nothing on stderr), exit code 141 as for a tool stopped by SIGPIPE, and what was settled stored."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.cli.processes import ROOT, brag_process


def _with_no_reader(*args: str) -> tuple[int, str]:
    """``brag ARGS`` writing into a pipe whose reading end is already closed: its first write finds the pipe
    closed, whenever it comes (never a race with a reader). Its exit code and stderr."""
    read, write = os.pipe()
    os.close(read)
    try:
        process = brag_process(*args, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    _, err = process.communicate(timeout=300)
    return process.returncode, err.decode()


def _brag(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "120"}
    env.pop("BRAG_DB", None)
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_classic_auto_into_a_closed_pipe_ends_quietly_with_141_and_its_session_verifies(tmp_path, json_flag):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    code, err = _with_no_reader("classic", "--auto", "--hands", "6", "--opponents", "2", "--db", url,
                                *json_flag)  # fair play: no practice line first, so it plays out before it writes
    assert (code, err) == (141, ""), err  # was 1 (Rich's own exit on a broken pipe), the same for play
    listed = json.loads(_brag("sessions", "--classic", "--db", url, "--json").stdout)["sessions"]
    [row] = listed  # played out (to its 6 hands, or until a seat cannot ante), ended, every hand stored
    assert row["status"] in ("ended: hands", "ended: bust") and row["hands"] == (6 if row["status"] == "ended: hands"
                                                                               else row["hands"]) >= 1
    checked = _brag("verify", str(row["id"]), "--classic", "--db", url)
    assert checked.returncode == 0 and f"{row['hands']} hand(s) verified" in checked.stdout, checked.stdout


def test_a_practice_session_stopped_at_its_first_line_keeps_a_session_that_verifies(tmp_path):
    """A practice session says so before its first hand: a closed pipe stops it there (nothing settled)."""
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    code, err = _with_no_reader("classic", "--auto", "--hands", "6", "--opponents", "2", "--seed", "pipe",
                                "--db", url)
    assert (code, err) == (141, ""), err
    for row in json.loads(_brag("sessions", "--classic", "--db", url, "--json").stdout)["sessions"]:
        checked = _brag("verify", str(row["id"]), "--classic", "--db", url)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_play_auto_into_a_closed_pipe_ends_the_same_way(tmp_path):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    code, err = _with_no_reader("play", "--auto", "--hands", "5", "--seed", "pipe", "--db", url)
    assert (code, err) == (141, ""), err
    listed = json.loads(_brag("sessions", "--db", url, "--json").stdout)["sessions"]
    for row in listed:  # whatever was stored before the first line was written verifies
        checked = _brag("verify", str(row["id"]), "--db", url)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_reader_leaving_after_the_first_line_is_the_same_exit(tmp_path):
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    assert _brag("classic", "--auto", "--hands", "4", "--seed", "a", "--db", url).returncode == 0
    for args in (["history", "1", "--classic"], ["verify", "1", "--classic"], ["sessions", "--classic"]):
        process = brag_process(*args, "--db", url, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        process.stdout.readline()
        process.stdout.close()  # `| head -1`
        err = process.stderr.read()
        process.stderr.close()
        process.wait(timeout=300)
        assert b"Traceback" not in err and b"Exception" not in err, err.decode()
        assert process.returncode in (0, 141), (args, process.returncode)  # 0: all written before the reader left
