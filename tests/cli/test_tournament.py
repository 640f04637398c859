"""``brag tournament``: tables, JSON, a picture, and one-line errors."""

from __future__ import annotations

import json

import pytest


def test_tournament_json(runner, app) -> None:  # type: ignore[no-untyped-def]
    args = ["tournament", "--players", "expert,random", "--deals", "60", "--seed", "5", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.output)
    assert data["players"] == ["expert", "random"] and data["hands_per_heads_up_pairing"] == 120
    pair = {(r["player"], r["opponent"]): r for r in data["heads_up"]}
    assert pair[("expert", "random")]["chips"] == -pair[("random", "expert")]["chips"]
    again = json.loads(runner.invoke(app, args).output)
    data.pop("seconds"), again.pop("seconds")
    assert data == again


def test_tournament_table_and_picture(runner, app, tmp_path) -> None:  # type: ignore[no-untyped-def]
    picture = tmp_path / "t.png"
    result = runner.invoke(app, ["tournament", "--players", "steady,random,stay-in", "--deals", "40",
                                 "--plot", str(picture)])
    assert result.exit_code == 0, result.output
    assert "Heads-up" in result.output and "Six seats" in result.output and "Ranking" in result.output
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "expert,sharp"], "unknown character 'sharp'"),
        (["--players", "expert"], "at least two players"),
        (["--deals", "0"], "--deals must be 1 to 1,000,000"),
        (["--workers", "0"], "workers must be between 1 and"),
        (["--workers", "100000"], "workers must be between 1 and"),  # it started 100,000 processes
        (["--no-heads-up", "--no-six-seat"], "nothing to play"),
        (["--plot", "x.svg"], "ending in .png"),
        (["--deals", "2", "--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler"),
    ],
)
def test_bad_input_is_one_line(runner, app, monkeypatch, args, message) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BRAG_DASK_TIMEOUT", "1")  # tcp://127.0.0.1:1 refuses at once; Dask retries for this long
    result = runner.invoke(app, ["tournament", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [["tournament", "--deals", "30"], ["tournament", "--help"]])
def test_output_fits_80_columns(runner, app, monkeypatch, args) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


@pytest.mark.parametrize("deals", ["0", "1000001", "1000000000"])
def test_deals_out_of_range_are_one_line(runner, app, deals):
    """A billion deals ran silently for days (simulate refuses more than 2e9 hands)."""
    result = runner.invoke(app, ["tournament", "--deals", deals])
    assert result.exit_code == 2 and "--deals must be 1 to 1,000,000" in result.output, result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--seed", ""], "--seed cannot be empty"), (["--seed", "   "], "--seed cannot be empty"),
    (["--players", ""], "--players needs the characters' names"), (["--players", "  "], "--players needs"),
])
def test_empty_text_is_refused_not_taken_as_nothing_given(runner, app, args, message):
    """Found by a hostile test: an empty --seed or --players ran the defaults, where play and simulate refuse."""
    result = runner.invoke(app, ["tournament", *args, "--deals", "10"])
    assert result.exit_code == 2 and message in result.output and len(result.output.strip().splitlines()) == 1


def test_json_is_json_when_an_interval_is_not_finite(runner, app):
    """Found by a hostile test: one deal gives no interval, and --json wrote Infinity, which no strict JSON reader
    takes; it is null, as everywhere else."""
    import json

    result = runner.invoke(app, ["tournament", "--players", "expert,steady", "--deals", "1", "--json"])
    assert result.exit_code == 0, result.output

    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")

    data = json.loads(result.output, parse_constant=refuse)
    assert any(score["ci_high"] is None for score in data["six_seat"].values()), data["six_seat"]


def test_text_shows_no_infinite_interval(runner, app):
    """Found in review: one deal printed '-inf to +inf' in the six-seat table (the JSON already wrote null)."""
    result = runner.invoke(app, ["tournament", "--players", "steady,random,expert", "--deals", "1"])
    assert result.exit_code == 0, result.output
    assert "inf" not in result.output and "—" in result.output
