"""brag db copy at the command line: a destination in memory is one line and exit code 2, and the source
session is left to play on where it is (it was reported "Moved … to SQLite in memory" and lost)."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect


@pytest.mark.parametrize("move", [[], ["--move"]], ids=["copy", "move"])
@pytest.mark.parametrize("memory", ["sqlite://", "sqlite:///:memory:", "file:x?mode=memory&uri=true"])
def test_a_copy_into_memory_is_one_line_and_the_session_stays(runner, app, tmp_path, monkeypatch, memory, move):
    monkeypatch.chdir(tmp_path)  # a URL misread as a file name would land here, not in the project
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    assert runner.invoke(app, ["play", "--auto", "--hands", "1", "--db", url]).exit_code == 0
    result = runner.invoke(app, ["db", "copy", url, memory, *move])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "in memory" in lines[0] and "nothing was copied" in lines[0], result.output
    engine = connect(url)
    with Session(engine) as db:
        assert store.get_session(1, session=db).end_reason == "hands"  # as play left it: not marked moved
    engine.dispose()
