"""``--auto`` (and ``--json``) at the resume of a session played by you: refused in one line before anything
is played (it was ignored, and with --json the terminal's prompt met no console: AttributeError traceback)."""

import pytest


@pytest.mark.parametrize("extra", [["--auto"], ["--auto", "--json"]])
def test_auto_is_refused_at_the_resume_of_your_own_session(runner, app, tmp_path, extra):
    db = str(tmp_path / "c.db")
    first = runner.invoke(app, ["classic", "--db", db, "--seed", "s5", "--opponents", "2", "--hands", "10"],
                          input="f\nf\nf\nq\n")
    assert first.exit_code == 0, first.output
    refused = runner.invoke(app, ["classic", "--db", db, "--resume", "1", *extra], input="")
    assert refused.exit_code == 2, refused.output
    assert "has your seat at the table: resume it without --auto" in " ".join(refused.output.split())
    again = runner.invoke(app, ["classic", "--db", db, "--resume", "1"], input="q\n")
    assert again.exit_code == 0, again.output


def test_options_and_missing_sessions_are_named_as_given(runner, app, tmp_path):
    """--ante -1 was blamed on 'classic-brag (built-in)'; a missing classic session pointed to 'brag sessions'
    (which lists casino sessions)."""
    refused = runner.invoke(app, ["classic", "--ante", "-1", "--auto", "--hands", "1", "--db", str(tmp_path / "a.db")])
    assert refused.exit_code == 2 and "--ante: ante must be zero or more" in refused.output, refused.output
    assert not (tmp_path / "a.db").exists()  # refused: no new database left behind
    assert runner.invoke(app, ["classic", "--auto", "--hands", "1", "--seed", "s", "--db", str(tmp_path / "a.db")]
                         ).exit_code == 0
    missing = runner.invoke(app, ["history", "9", "--classic", "--db", str(tmp_path / "a.db")])
    assert missing.exit_code == 2 and "brag sessions --classic" in missing.output, missing.output
