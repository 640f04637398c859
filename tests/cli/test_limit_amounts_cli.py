"""`brag play` with a game file whose [limits] are stakes no player could type: one line, exit 2, nothing played."""

from __future__ import annotations

import pytest

from tests.casino.test_limit_amounts import HEAD_TO_HEAD as HEAD_TO_HEAD_LIMITS  # a head-to-head game, [limits] last

THIRDS = """ranking = "brag"
[limits]
min_ante = "1/3"
max_ante = "1/3"
min_pair_plus = "1/3"
max_pair_plus = "1/3"
"""

HEAD_TO_HEAD = HEAD_TO_HEAD_LIMITS + 'min_ante = "1/999999937"\n'


@pytest.mark.parametrize(("text", "key", "shown"), [(THIRDS, "min_ante", "1/3"), (HEAD_TO_HEAD, "min_ante", "1/999999937")])
@pytest.mark.parametrize("auto", [False, True])
def test_a_game_file_with_untypable_limits_is_refused_in_one_line(runner, app, tmp_path, text, key, shown, auto):
    path = tmp_path / "third.toml"
    path.write_text(text, encoding="utf-8")
    db = tmp_path / "brag.db"
    args = ["play", str(path), "--db", f"sqlite:///{db}"]
    result = runner.invoke(app, [*args, "--auto", "--hands", "3"] if auto else args, input="\np\n1/3\np\nq\n")
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert (f"third.toml: [limits].{key} must be a whole or decimal amount (at most 30 decimal places), not {shown}"
            in lines[0])
