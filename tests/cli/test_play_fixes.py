"""`brag play` review fixes: stored bets on resume, limits on resume, Pair Plus alone, nothing stored on a
refused command, side bets named, end of input, Ctrl-C, a closed pipe, --json."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session
from casino.games import load_game
from casino.sitting import Sitting
from casino.strategy import play_mask
from tests.cli.processes import brag_process, stop_after_stored_hands

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'brag.db'}"


def sessions(url: str):
    with Session(connect(url)) as db:
        return store.list_sessions(session=db)


def boxes(url: str, session_id: int = 1):
    with Session(connect(url)) as db:
        rows = [[(b.ante, b.pair_plus, b.decision) for b in bs]
                for _, bs in store.hands_with_boxes(session_id, session=db)]
        return rows


def test_resume_restores_each_boxs_stored_bets(runner, app, url):
    first = runner.invoke(app, ["play", "--db", url, "--seed", "bets"], input="5 1, 2\np\nf\nq\n")
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["play", "--db", url, "--resume"], input="q\n")
    assert again.exit_code == 0, again.output
    assert "Bets [box 1: Ante 5, Pair Plus 1; box 2: Ante 2]:" in again.output
    flat = runner.invoke(app, ["play", "--db", url, "--seed", "flat"], input="b 2\n5 1\np\np\nq\n")
    assert flat.exit_code == 0, flat.output
    resumed = runner.invoke(app, ["play", "--db", url, "--resume", "2", "--auto", "--hands", "3"])
    assert resumed.exit_code == 0, resumed.output
    assert "Ante 5, Pair Plus 1 on each of 2 boxes" in resumed.output
    assert {tuple(hand) for hand in [[(a, p) for a, p, _ in h] for h in boxes(url, 2)]} == {(("5", "1"), ("5", "1"))}


def test_resume_checks_overriding_bets_against_the_limits_before_anything(runner, app, url):
    first = runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "3", "--seed", "lim"])
    assert first.exit_code == 0, first.output
    result = runner.invoke(app, ["play", "--db", url, "--resume", "--auto", "--hands", "5", "--ante", "1000"])
    assert result.exit_code == 2, result.output
    assert "the Ante 1000 is above the table maximum 500" in result.output
    assert "Traceback" not in result.output
    [row] = sessions(url)
    assert row.rounds == 3 and row.end_reason == "hands"  # not reopened, nothing played


@pytest.mark.parametrize("auto", [True, False])
def test_pair_plus_alone(runner, app, url, auto):
    args = ["play", "--db", url, "--ante", "0", "--pair-plus", "5", "--seed", "pp", "--bankroll", "500"]
    result = runner.invoke(app, [*args, "--auto", "--hands", "10"] if auto else [*args, "--hands", "3"],
                           input=None if auto else "\n\n\n")
    assert result.exit_code == 0, result.output
    hands = boxes(url)
    assert len(hands) == (10 if auto else 3)
    assert all(box == ("0", "5", None) for hand in hands for box in hand)
    with Session(connect(url)) as db:
        assert verify_session(1, session=db).ok


@pytest.mark.parametrize(
    "args, message",
    [
        (["--auto", "--hands", "5", "--betting", "martingale", "--ante", "0", "--pair-plus", "1"],
         "Ante must be above zero"),
        (["--auto", "--hands", "5", "--ante", "0"], "no bet"),
        (["--hands", "5", "--json"], "--json goes with --auto"),
        (["--db", "postgresql://user:secret@127.0.0.1:1/brag"], "refused the connection"),  # nothing listens there
        (["--db", "mysql://localhost/brag"], "is not installed"),
    ],
)
def test_a_refused_command_stores_nothing(runner, app, url, args, message):
    if "--db" not in args:
        args = [*args, "--db", url]
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert "secret" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    if "--db" in args and url in args:
        assert sessions(url) == []


def test_quitting_before_the_first_hand_keeps_no_session(runner, app, url):
    result = runner.invoke(app, ["play", "--db", url], input="q\n")
    assert result.exit_code == 0, result.output
    assert "No hand played: session 1 was not kept." in result.output
    assert sessions(url) == []
    # a resumed session with no new hands is kept as it was
    runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "2"])
    again = runner.invoke(app, ["play", "--db", url, "--resume"], input="q\n")
    assert again.exit_code == 0, again.output
    assert [(s.rounds, s.end_reason) for s in sessions(url)] == [(2, "quit")]


def test_side_bets_the_table_offers_are_named_once(runner, app, url, tmp_path):
    path = tmp_path / "sides.toml"
    path.write_text('ranking = "brag"\nsix_card_bonus = "six-card-bonus-1"\nprime = "prime-1"\n'
                    'pair_plus = "pair-plus-1"\n', encoding="utf-8")
    game = load_game(path)
    titles = [side.title for side in game.side_bets]
    assert len(titles) == 2
    interactive = runner.invoke(app, ["play", str(path), "--db", url], input="\np\nq\n")
    assert interactive.exit_code == 0, interactive.output
    line = f"Side bets at this table: {', '.join(titles)}"
    assert interactive.output.count(line) == 1


def test_end_of_input_at_the_decision_folds_every_box_at_once(runner, app, url):
    result = runner.invoke(app, ["play", "--db", url, "--seed", "eof", "--no-hints"], input="b 3\n5\np\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Input ended") == 1
    assert "Input ended: boxes 2 and 3 fold." in result.output
    assert [[d for *_, d in hand] for hand in boxes(url)] == [["play", "fold", "fold"]]
    [row] = sessions(url)
    assert row.end_reason == "quit"
    with Session(connect(url)) as db:
        assert verify_session(1, session=db).ok


def test_help_during_a_hand_counts_the_stakes_on_the_table_as_the_players(runner, app, url):
    result = runner.invoke(app, ["play", "--db", url, "--bankroll", "100", "--no-hints"], input="5 2\n?\nf\nq\n")
    assert result.exit_code == 0, result.output
    assert "bankroll 100 → 100 (0); 7 of it on the table this hand" in result.output


def test_auto_json_is_one_object_with_the_summary(runner, app, url):
    result = runner.invoke(app, ["play", "--db", url, "--auto", "--hands", "50", "--seed", "json", "--pair-plus", "1",
                                 "--strategy", "Q-6-4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    game = load_game("3-card-brag")
    sitting = Sitting(game, Fraction(100), seed="json")
    sitting.autoplay(lambda s: [__import__("casino.events").events.BoxBets(1, 1, 1)], play_mask(game, "Q-6-4"), hands=50)
    assert data["hands"] == 50 and data["end_reason"] == "hands" and data["session"] == 1
    assert Fraction(data["bankroll"]) == sitting.bankroll and Fraction(data["net"]) == sitting.bankroll - 100
    assert set(data["bets"]) == {"ante", "play", "ante_bonus", "pair_plus"}
    assert {k: Fraction(v["wagered"]) for k, v in data["bets"].items() if k != "ante_bonus"} == {
        k: v.wagered for k, v in sitting.stats.bets.items() if k != "ante_bonus" and v.count}
    assert set(data["returns"]) == {"ante_play", "pair_plus"}
    assert data["returns"]["ante_play"]["realised_return"] == float(sitting.stats.ante_play_net / 50)


def test_ctrl_c_in_auto_play_ends_the_session_with_a_message(url, tmp_path):
    path = tmp_path / "brag.db"
    process = brag_process("play", "--db", url, "--auto", "--hands", "1000000", "--seed", "int", "--bankroll", "100000",
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = stop_after_stored_hands(process, path, 10, signal.SIGINT)
    assert process.returncode == 130, err.decode()
    assert b"Traceback" not in err
    [row] = sessions(url)
    assert row.end_reason == "interrupted" and row.rounds >= 10
    said = " ".join((out + err).decode().split())  # (wrapped at the terminal's width)
    assert f"Interrupted after {row.rounds:,} hand(s); resume with 'brag play --resume 1 --db {url}'." in said
    with Session(connect(url)) as db:
        assert verify_session(1, session=db).ok


def test_a_closed_pipe_is_no_traceback(url):
    process = brag_process("play", "--db", url, "--auto", "--hands", "200", "--seed", "pipe",
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.readline()
    process.stdout.close()  # `| head -1`
    err = process.stderr.read()
    process.stderr.close()
    process.wait(timeout=60)
    assert b"Traceback" not in err and b"Exception" not in err, err.decode()
    [row] = sessions(url)
    assert (row.end_reason, row.rounds) == ("hands", 200)  # ended, not left open


def test_the_play_and_history_commands_import_no_database_or_game_code_at_the_top():
    code = ("import sys, cli.play, cli.play_view, cli.history, cli.prompts; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlmodel', 'sqlalchemy', 'rich', 'numpy', 'casino'}))")
    found = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, timeout=300)
    assert found.stdout.strip() == "[]"
    for module in ("play.py", "play_view.py", "history.py", "prompts.py"):
        text = (ROOT / "cli" / module).read_text(encoding="utf-8")
        assert "sqlmodel" not in text and "sqlalchemy" not in text, module
