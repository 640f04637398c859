"""No free re-deal, through real processes: a `brag play` killed (SIGKILL) or interrupted (Ctrl-C) after the
deal, with the player's cards on the screen, resumes into the SAME hand — same cards, same bets, the stakes
still off the bankroll — which then settles and verifies. And the seed attack fails: a player's own text
(--client-seed) does not decide or foretell a fair session's decks."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session
from casino.events import BoxBets
from casino.fair import deal_seed, deck_order, derive_seed, session_seed
from tests.cli.test_play_ctrl_c import BETS_PROMPT, DECISION_PROMPT, ROOT, Player

BOX_LINE = re.compile(r"Box (\d)  (.+?)  ")


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path / 'brag.db'}"


def _boxes_shown(output: str, after: int = 0) -> dict[int, str]:
    """The player's cards as the screen showed them (the last deal after position ``after``)."""
    return {int(box): cards for box, cards in BOX_LINE.findall(output[after:])}


def _deal_and_stop(url: str, how: str, *extra: str) -> tuple[dict[int, str], str]:
    """Play hand 1 to the end, deal hand 2 (Ante 5 and Pair Plus 1 on two boxes), wait until its cards and the
    decision prompt are on the screen, and stop the process ``how``. Returns (cards shown, output)."""
    player = Player("--db", url, "--no-hints", "--boxes", "2", "--bankroll", "200", *extra)
    try:
        player.wait_for(BETS_PROMPT)
        player.send("3")
        player.wait_for(DECISION_PROMPT, 1)
        player.send("f")
        player.wait_for(DECISION_PROMPT, 2)
        player.send("p")
        player.wait_for(BETS_PROMPT, 2)  # hand 1 settled and stored
        mark = len(player.output.decode())
        player.send("5 1")
        player.wait_for(DECISION_PROMPT, 3)  # hand 2's cards are on the screen
        output = player.output.decode()
        cards = _boxes_shown(output, mark)
        if how == "kill":
            player.process.send_signal(signal.SIGKILL)
            player.process.communicate(timeout=60)
            assert player.process.returncode == -signal.SIGKILL
        else:
            code, output, err = player.interrupt()
            assert code == 130 and "Traceback" not in err, err
    finally:
        player.kill()
    assert set(cards) == {1, 2}, output[-1500:]
    return cards, output


def _resume_and_finish(url: str) -> str:
    player = Player("--resume", "1", "--db", url, "--no-hints")
    try:
        player.wait_for(DECISION_PROMPT, 1)
        player.send("p")
        player.wait_for(DECISION_PROMPT, 2)
        player.send("f")
        player.wait_for(BETS_PROMPT, 1)  # hand 2 settled, the next hand's bets asked
        player.send("q")
        out, err = player.process.communicate(timeout=60)
    finally:
        player.kill()
    assert player.process.returncode == 0, err.decode()
    return (player.output + out).decode()


@pytest.mark.parametrize("how", ["kill", "ctrl-c"])
def test_a_session_stopped_after_the_deal_resumes_into_the_same_hand(url, how):
    extra = ("--client-seed", "my own text") if how == "kill" else ()
    cards, output = _deal_and_stop(url, how, *extra)
    if how == "ctrl-c":
        assert "Interrupted: hand 2 is pending" in output and "brag play --resume 1" in output
    with Session(connect(url)) as db:
        record = store.get_session(1, session=db)
        assert record.rounds == 1  # hand 2 is not settled ...
        pending = store.pending_hand(1, session=db)  # ... but it is on record, with its bets
        assert pending.round_no == 2
        assert pending.bets == (BoxBets(1, 5, 1), BoxBets(2, 5, 1))
        assert Fraction(record.bankroll) == pending.bankroll_before  # the session row is the settled bankroll
        report = verify_session(1, session=db)
        assert report.ok and report.hands == 1 and report.pending == 2, [str(m) for m in report.mismatches]
    verified = subprocess.run([sys.executable, "-m", "cli", "verify", "1", "--db", url], cwd=ROOT,
                              capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"}, timeout=300)
    assert verified.returncode == 0 and "hand 2 pending: bets stored, not settled" in verified.stdout

    resumed = _resume_and_finish(url)
    assert "Hand 2 was dealt before the session stopped" in resumed
    assert _boxes_shown(resumed) == cards  # the same cards (and no bets prompt before them)
    assert resumed.index("Hand 2 was dealt") < resumed.index("Bets [")
    with Session(connect(url)) as db:
        assert store.pending_hand(1, session=db) is None
        hand = store.get_hand(1, 2, session=db)
        boxes = store.boxes_of(hand.id, session=db)
        assert [(b.box, b.ante, b.pair_plus, b.decision) for b in boxes] == [(1, "5", "1", "play"), (2, "5", "1", "fold")]
        assert {b.box: _sorted_cards(b.cards) for b in boxes} == {box: _ascii(text) for box, text in cards.items()}
        assert hand.bankroll_before == store.get_hand(1, 1, session=db).bankroll_after  # stakes never came back
        assert verify_session(1, session=db, head=store.get_session(1, session=db).head_hash).ok


def _ascii(shown: str) -> str:
    """Cards as the screen shows them (``Q♠ 9♦ 2♣``, highest first) in the stored ascii order-free form."""
    suits = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
    return " ".join(sorted("".join(suits.get(ch, ch) for ch in card).replace("10", "T") for card in shown.split()))


def _sorted_cards(text: str) -> str:
    return " ".join(sorted(text.split()))


# -- the seed attack -------------------------------------------------------------------------------------


def _decks(url: str, *args: str) -> tuple[list[tuple[str, str]], dict]:
    done = subprocess.run([sys.executable, "-m", "cli", "play", "--db", url, "--auto", "--hands", "6", "--json",
                           *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    with Session(connect(url, read_only=True)) as db:
        hands = store.hands_with_boxes(summary["session"], session=db)
        return [(h.dealer_cards, " | ".join(b.cards for b in boxes)) for h, boxes in hands], summary


def test_a_players_own_text_neither_decides_nor_foretells_a_fair_deck(tmp_path):
    text = "I know this text"
    first, summary = _decks(f"sqlite:///{tmp_path / 'a.db'}", "--client-seed", text)
    second, _ = _decks(f"sqlite:///{tmp_path / 'b.db'}", "--client-seed", text)
    assert summary["client_seed"] == text and summary["practice"] is False
    assert len(first) == len(second) == 6
    assert all(a != b for a, b in zip(first, second))  # the same text: other decks every time
    # what a player could compute from the text alone foretells nothing
    for n, (dealer, box) in enumerate(first, start=1):
        for guess in (session_seed(text), derive_seed(session_seed(text), n), deal_seed(bytes(32), text, n),
                      deal_seed(session_seed(text), text, n)):
            from casino.cards import Card

            order = deck_order(guess)
            predicted = [" ".join(Card.from_index(order[i]).ascii() for i in cards) for cards in ((1, 3, 5), (0, 2, 4))]
            # one box: the box gets the 1st, 3rd, 5th cards, the dealer the 2nd, 4th, 6th; both hands compared, so
            # a chance match (one in 22,100 for a hand alone, over 24 guesses) cannot fail the test
            assert [_sorted_cards(h) for h in predicted] != [_sorted_cards(dealer), _sorted_cards(box)]
    # the control: a practice session's text does decide its decks (so the comparison above can fail)
    third, practice = _decks(f"sqlite:///{tmp_path / 'c.db'}", "--seed", text)
    fourth, _ = _decks(f"sqlite:///{tmp_path / 'd.db'}", "--seed", text)
    assert third == fourth and practice["practice"] is True


def test_a_client_seed_and_a_practice_seed_do_not_mix(url):
    done = subprocess.run([sys.executable, "-m", "cli", "play", "--db", url, "--auto", "--hands", "1", "--seed", "x",
                           "--client-seed", "y"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "--client-seed goes with fair play" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
