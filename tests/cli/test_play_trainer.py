"""`brag play --trainer`: the dealer's up card shown, informed hints, the cost of each mistake in
exact EV, and the session's total; a Face Up game shows the card too."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from casino.cards import parse_cards
from casino.games import load_game
from casino.trainer import advise


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'trainer.db'}"


def _deals(output: str) -> list[tuple[str, str]]:
    """(box 1's cards, the dealer's up card) of each hand shown."""
    hands = re.findall(r"Box 1  (\S+ \S+ \S+)  ", output)
    ups = re.findall(r"Dealer shows (\S+)", output)
    assert len(hands) == len(ups)
    return list(zip(hands, ups))


def test_trainer_says_what_each_decision_cost_and_totals_it(runner, app, url):
    keys = "5\nf\n\nf\n\nf\n\np\n\np\nq\n"  # fold three, play two: some of them mistakes
    result = runner.invoke(app, ["play", "--trainer", "--db", url, "--seed", "trainer-test"], input=keys)
    assert result.exit_code == 0, result.output
    game = load_game("3-card-brag")
    deals = _deals(result.output)
    assert len(deals) == 5
    choices = [False, False, False, True, True]
    expected = Fraction(0)
    mistakes = 0
    for (cards, up), play in zip(deals, choices):
        advice = advise(game, parse_cards(cards), parse_cards(up, count=1)[0])
        assert f"hint, knowing the {up}: {advice.best.upper()}" in result.output
        expected += advice.cost(play) * 5
        mistakes += advice.cost(play) > 0
    assert result.output.count("Mistake:") == mistakes
    assert result.output.count("Right:") == 5 - mistakes
    assert f"Trainer: 5 decision(s), {mistakes} mistake(s)" in result.output
    assert f"(exact {expected})" in result.output


def test_trainer_is_interactive_only(runner, app, url):
    result = runner.invoke(app, ["play", "--trainer", "--auto", "--hands", "3", "--db", url])
    assert result.exit_code == 2 and "--trainer is for interactive play" in result.output


def test_a_face_up_game_shows_the_card_and_hints_with_it(runner, app, url, tmp_path):
    text = load_game("three-card-poker").to_toml().replace("[rules]\n", "[rules]\nface_up = true\n")
    path = tmp_path / "face-up.toml"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["play", str(path), "--db", url, "--seed", "fu"], input="1\np\nq\n")
    assert result.exit_code == 0, result.output
    assert "Dealer shows" in result.output and "knowing the" in result.output
    assert "Trainer:" not in result.output  # no score kept without --trainer


def test_the_trainer_belongs_to_the_session(runner, app, tmp_path):
    """--trainer at the resume of a session started without it is refused (a pending hand dealt with the card
    face down showed it); a trainer session resumed carries the trainer on without the option."""
    plain_db, trainer_db = str(tmp_path / "plain.db"), str(tmp_path / "trainer.db")
    assert runner.invoke(app, ["play", "--db", plain_db, "--bankroll", "100"], input="1\nf\nq\n").exit_code == 0
    refused = runner.invoke(app, ["play", "--db", plain_db, "--resume", "1", "--trainer"], input="1\nf\nq\n")
    assert refused.exit_code == 2, refused.output
    assert "started without --trainer" in refused.output and "Dealer shows" not in refused.output
    first = runner.invoke(app, ["play", "--db", trainer_db, "--bankroll", "100", "--trainer"], input="1\nf\nq\n")
    assert first.exit_code == 0 and "Dealer shows" in first.output, first.output
    again = runner.invoke(app, ["play", "--db", trainer_db, "--resume", "1"], input="1\nf\nq\n")
    assert again.exit_code == 0 and "Dealer shows" in again.output, again.output


def test_verify_says_a_session_was_played_with_the_trainer(runner, app, tmp_path):
    import json as jsonlib

    from casino.practice import TRAINER_NOTE

    db = str(tmp_path / "t.db")
    assert runner.invoke(app, ["play", "--db", db, "--bankroll", "100", "--trainer"], input="1\nf\nq\n").exit_code == 0
    shown = runner.invoke(app, ["verify", "1", "--db", db])
    assert shown.exit_code == 0 and TRAINER_NOTE in " ".join(shown.output.split()), shown.output
    data = jsonlib.loads(runner.invoke(app, ["verify", "1", "--db", db, "--json"]).output)
    assert data["trainer"] is True and data["practice"] is False
    plain_db = str(tmp_path / "p.db")
    assert runner.invoke(app, ["play", "--db", plain_db, "--bankroll", "100"], input="1\nf\nq\n").exit_code == 0
    assert "trainer" not in runner.invoke(app, ["verify", "1", "--db", plain_db]).output


def test_the_trainer_is_in_the_hash_chain(runner, app, tmp_path):
    """Switching a trainer session's flag off in its settings passed `verify --head` (the caveat gone): the
    chain's start now covers the trainer, so the edit is found, with the head and without it. A trainer
    session stored before (its chain started without the flag) still verifies."""
    import json as jsonlib
    import sqlite3

    from sqlmodel import Session

    from casino.db import store
    from casino.db.database import connect

    db = str(tmp_path / "t.db")
    assert runner.invoke(app, ["play", "--db", db, "--bankroll", "100", "--trainer"], input="1\nf\nq\n").exit_code == 0
    head = jsonlib.loads(runner.invoke(app, ["verify", "1", "--db", db, "--json"]).output)["head"]
    with sqlite3.connect(db) as raw:
        raw.execute("update sessions set settings = replace(settings, '\"trainer\": true', '\"trainer\": false')")
    assert runner.invoke(app, ["verify", "1", "--db", db, "--head", head]).exit_code == 1
    assert runner.invoke(app, ["verify", "1", "--db", db]).exit_code == 1
    with sqlite3.connect(db) as raw:  # put it back: it verifies again
        raw.execute("update sessions set settings = replace(settings, '\"trainer\": false', '\"trainer\": true')")
    assert runner.invoke(app, ["verify", "1", "--db", db, "--head", head]).exit_code == 0
    older = str(tmp_path / "older.db")  # a trainer session stored before: its chain started without the flag
    assert runner.invoke(app, ["play", "--db", older, "--bankroll", "100", "--trainer"], input="1\nf\nq\n").exit_code == 0
    from casino.db.chain import hand_contents, hand_hash

    with Session(connect(f"sqlite:///{older}")) as session:
        record = store.get_session(1, session=session)
        [(hand, boxes, bets)] = list(store.stream_hands(1, session=session))
        start = store.genesis_of(record, before_trainer=True)
        digest = hand_hash(start, hand_contents(hand, boxes, bets))
    with sqlite3.connect(older) as raw:
        raw.execute("update hands set prev_hash = ?, hash = ? where session_id = 1", (start, digest))
        raw.execute("update sessions set head_hash = ? where id = 1", (digest,))
    assert runner.invoke(app, ["verify", "1", "--db", older]).exit_code == 0
