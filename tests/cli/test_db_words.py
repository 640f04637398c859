"""The commands a storing command suggests at its end name the database it used (found by a review: after
``brag play --db FILE`` they sent the player to the default database, where that session is someone else's)."""

from __future__ import annotations

import re
import shlex

import pytest


def _suggested(output: str) -> list[list[str]]:
    """Every 'brag …' command quoted in the output (wrapped lines joined), as argument lists."""
    said = " ".join(output.split())
    return [shlex.split(c)[1:] for c in re.findall(r"'(brag [^']*)'", said)]


@pytest.mark.parametrize("command", [["play", "--auto", "--hands", "2"], ["play", "teen-patti-20-20", "--bet", "a=1",
                                                                          "--auto", "--hands", "2"],
                                     ["classic", "--auto", "--hands", "2", "--opponents", "1"]], ids=lambda c: c[1])
def test_every_suggested_command_reads_the_database_the_session_is_in(runner, app, tmp_path, monkeypatch, command):
    db = str(tmp_path / "my games.db")  # a space: the suggestion is quoted for the shell
    monkeypatch.setenv("BRAG_DB", str(tmp_path / "other.db"))  # not where the session is
    played = runner.invoke(app, [*command, "--db", db, "--seed", "w"])
    assert played.exit_code == 0, played.output
    suggested = [c for c in _suggested(played.output) if "HAND" not in c and "HASH" not in c]
    assert suggested and all(c[-2:] == ["--db", db] for c in _suggested(played.output)), played.output
    for args in suggested:
        shown = runner.invoke(app, args)
        assert shown.exit_code == 0 and "ession 1" in shown.output, (args, shown.output)  # (Classic session 1)


def test_without_db_the_suggestions_use_the_default(runner, app, tmp_path, monkeypatch):
    monkeypatch.setenv("BRAG_DB", str(tmp_path / "mine.db"))
    played = runner.invoke(app, ["play", "--auto", "--hands", "1", "--seed", "w"])
    assert played.exit_code == 0 and "'brag history 1'" in played.output and "--db" not in played.output


def test_a_password_is_never_repeated():
    from casino.db.locations import db_option as flag

    assert flag("postgresql://ann:s3cret@localhost/brag") == ' --db "postgresql://ann:***@localhost/brag"'
    assert flag("/tmp/it's here.db") == " --db '/tmp/it'\"'\"'s here.db'" and flag("/tmp/a.db") == " --db /tmp/a.db"
    assert flag(None) == ""


@pytest.mark.parametrize("command", [["play", "--auto", "--hands", "2"], ["classic", "--auto", "--hands", "2",
                                                                          "--opponents", "1"]], ids=lambda c: c[0])
def test_a_suggested_command_is_never_broken_across_lines(runner, app, tmp_path, command):
    """Found by a hostile test: at 80 columns the end-of-session line was wrapped with real line breaks inside the
    quoted commands, so pasting one ran 'brag replay' with no arguments. Those lines are not wrapped now."""
    db = str(tmp_path / "a folder with a long name for the wrapping" / "my games.db")
    (tmp_path / "a folder with a long name for the wrapping").mkdir()
    played = runner.invoke(app, [*command, "--db", db, "--seed", "w"], env={"COLUMNS": "80"})
    assert played.exit_code == 0, played.output
    quoted = [line for line in played.output.splitlines() if "'brag " in line]
    assert quoted and all(line.count("'") % 2 == 0 for line in quoted), played.output  # every quote closed
    assert all(c[-2:] == ["--db", db] for c in _suggested(played.output))
