"""A session is never played into an SQLite database in memory: it was gone at exit although the table said
'Stored as session 1' (``brag db copy`` already refused such a destination)."""

import pytest


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:", "sqlite:///file:x?mode=memory&uri=true"])
@pytest.mark.parametrize("command", [["play", "--auto", "--hands", "1"], ["classic", "--auto", "--hands", "1"]],
                         ids=["play", "classic"])
def test_playing_into_memory_is_refused_in_one_line(runner, app, url, command):
    result = runner.invoke(app, [*command, "--db", url])
    assert result.exit_code == 2, result.output
    assert "in memory keeps nothing" in " ".join(result.output.split())
