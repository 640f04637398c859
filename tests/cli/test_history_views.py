"""`brag history` and `brag sessions`: each box's result, the dealer in words, paging, 80 and 120 columns."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from casino.cards import parse_cards
from casino.db import store
from casino.db.database import open_session
from cli.render import pays


@pytest.fixture
def url(tmp_path, monkeypatch, runner, app):
    """Session 1: three boxes (Ante and Pair Plus, Pair Plus alone, Ante alone), 2 hands; session 2: 120 hands."""
    monkeypatch.delenv("BRAG_DB", raising=False)
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    first = runner.invoke(app, ["play", "--db", url, "--seed", "views", "--bankroll", "100000"],
                          input="100 20, 0 5, 50\np\nf\n\nf\np\nq\n")
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "120", "--seed", "views 2"])
    assert second.exit_code == 0, second.output
    return url


def _history(runner, app, url, *args, columns=120):
    result = runner.invoke(app, ["history", *args, "--db", url], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("columns", [80, 120])
def test_every_box_has_its_result_and_the_dealer_is_in_words(runner, app, url, columns):
    out = _history(runner, app, url, "1", columns=columns)
    with open_session(url) as db:
        hands = store.hands_with_boxes(1, session=db)
    header = next(line for line in out.splitlines() if "Hand" in line and "Cards" in line)
    for name in ("Box", "Cards", "Ante", "Decision", "Result", "Dealer", "Bankroll"):
        assert name in header
    assert "…" not in out
    assert all(len(line) <= columns for line in out.splitlines())
    words = " ".join(out.split())
    for hand, boxes in hands:
        assert ("doesn't qualify" if not hand.qualifies else "qualifies") in words
        for box in boxes:
            net = sum(Fraction(getattr(box, f"{bet}_net") or 0) for bet in ("ante", "play", "ante_bonus", "pair_plus"))
            shown = ("+" if net > 0 else "") + pays(net)
            held = " ".join(str(c) for c in sorted(parse_cards(box.cards), key=lambda c: (c.rank, c.suit), reverse=True))
            row = next(line for line in out.splitlines() if held in line)
            assert shown in row.split(), (row, shown)
    assert " no " not in out


@pytest.mark.parametrize("columns", [80, 120])
def test_sessions_status_fits_on_one_line(runner, app, url, columns):
    runner.invoke(app, ["play", "--db", url, "--resume", "1", "--auto", "--hands", "1"])
    with open_session(url) as db:
        store.reopen_session(1, session=db)  # as if still playing (or crashed)
    result = runner.invoke(app, ["sessions", "--db", url], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= columns for line in lines) and "…" not in result.output
    assert any(line.rstrip().endswith("open") for line in lines)
    assert any(line.rstrip().endswith("ended: hands") for line in lines)
    assert "'brag play --resume ID' carries on" in lines[-1]


def test_history_pages_through_a_long_session(runner, app, url):
    default = _history(runner, app, url, "2")
    assert "Showing hands 71-120 of 120" in default
    last = _history(runner, app, url, "2", "--last", "3")
    assert "Showing hands 118-120 of 120" in last
    one = _history(runner, app, url, "2", "--hand", "7")
    assert "Showing hand 7 of 120" in one
    every = _history(runner, app, url, "2", "--all")
    assert "Showing" not in every
    data = json.loads(runner.invoke(app, ["history", "2", "--db", url, "--json"]).output)
    assert [h["hand"] for h in data["hands"]] == list(range(1, 121))  # JSON: every hand unless told
    data = json.loads(runner.invoke(app, ["history", "2", "--db", url, "--json", "--last", "2"]).output)
    assert [h["hand"] for h in data["hands"]] == [119, 120]
    for args, message in ((["--hand", "500"], "session 2 has no hand 500"), (["--last", "0"], "at least 1"),
                          (["--last", "2", "--all"], "one of --last, --hand and --all")):
        result = runner.invoke(app, ["history", "2", "--db", url, *args])
        assert result.exit_code == 2 and message in result.output


def test_the_longest_status_is_whole_at_80_columns(runner, app, tmp_path):
    """Found by a hostile test: at 80 columns `brag sessions` cropped "ended: bankroll" to "ended: bank" (and
    "ended: stop-loss"), with no ellipsis: a reader could not tell it from "ended: hands"."""
    import sqlite3

    url = f"sqlite:///{tmp_path / 'fair.db'}"
    for _ in range(2):  # fair play (no seed): no PRACTICE mark in the Game column
        assert runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "2", "--bankroll", "300"]).exit_code == 0
    with sqlite3.connect(tmp_path / "fair.db") as db:
        db.execute("UPDATE sessions SET end_reason = 'stop-loss' WHERE id = 1")
        db.execute("UPDATE sessions SET end_reason = 'bankroll' WHERE id = 2")
    result = runner.invoke(app, ["sessions", "--db", url], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert any(line.rstrip().endswith("ended: stop-loss") for line in lines), result.output
    assert any(line.rstrip().endswith("ended: bankroll") for line in lines), result.output


@pytest.mark.parametrize(("columns", "left_out"), [("120", None), ("80", "Start"), ("60", "Start and Wagered")])
def test_wide_amounts_leave_out_a_column_rather_than_crop_the_status(runner, app, tmp_path, columns, left_out):
    """Found by a review: with a seven-figure bankroll in pence `brag sessions` at 80 columns cropped the table's
    right edge, "ended: quit" showing as "ended:". The Start column (and then Wagered) is left out, and said so."""
    url = f"sqlite:///{tmp_path / 'big.db'}"
    played = runner.invoke(app, ["play", "--db", url, "--bankroll", "999999.75", "--seed", "wide"], input="5\np\nq\n")
    assert played.exit_code == 0, played.output
    result = runner.invoke(app, ["sessions", "--db", url], env={"COLUMNS": columns})
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert all(len(line) <= int(columns) for line in result.output.splitlines())
    if left_out is None:
        assert "999,999.75" in said and "Not shown" not in said
    else:
        assert f"Not shown at this width: {left_out} ('brag sessions --json' has every column)." in said
        assert "999,999.75" not in said
    lines = [line.rstrip() for line in result.output.splitlines()]
    whole = any(line.endswith("ended: quit") for line in lines)
    wrapped = any(a.endswith(" ended:") and b.endswith(" quit") for a, b in zip(lines, lines[1:]))  # at 60 columns
    assert whole or (columns == "60" and wrapped), result.output


def test_sessions_marks_a_trainer_session_and_says_what_the_mark_means(runner, app, tmp_path):
    """Found by a hostile test: a trainer session (the dealer's first card shown) was listed as a plain one."""
    url = f"sqlite:///{tmp_path / 'trainer.db'}"
    assert runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "1"]).exit_code == 0
    trained = runner.invoke(app, ["play", "--db", url, "--trainer"], input="\np\nq\n")
    assert trained.exit_code == 0, trained.output
    listed = runner.invoke(app, ["sessions", "--db", url])
    said = " ".join(listed.output.split())
    assert listed.exit_code == 0 and listed.output.count("TRAINER") == 2  # the mark, once, and its legend
    assert "TRAINER: hole-card trainer: the dealer's first card was shown before each decision" in said
    data = json.loads(runner.invoke(app, ["sessions", "--db", url, "--json"]).output)
    assert {s["id"]: s["trainer"] for s in data["sessions"]} == {1: False, 2: True}
