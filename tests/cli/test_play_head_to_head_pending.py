"""Head-to-head play follows the pending-hand protocol: a round is stored (bets, house seed, commitment,
both hands) before any card is shown; a session stopped after the deal (a killed process) resumes into
the SAME hand — same cards, same bets — which then settles and verifies; a tampered pending hand is named
and not dealt again; and a client seed is mixed into every house seed and checked by verify."""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction

import pytest
from sqlmodel import Session

from casino.cards import Card
from casino.db import store
from casino.db.database import StoreError, connect
from casino.db.verify import verify_session
from casino.fair import deal_seed, deck_order, derive_seed, session_seed
from casino.games import load_game
from casino.head_to_head_service import HeadToHeadService


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'brag.db'}"


def _deal_and_die(url: str, seed: str | None = "pending", hands: int = 2, **extra) -> tuple[str, str, dict]:
    """Play ``hands`` hands, deal one more and stop as a killed process would (nothing ended, nothing
    settled). Returns the dealt hand's two hands' cards and its bets."""
    with Session(connect(url)) as db:
        service = HeadToHeadService.new(load_game("teen-patti-20-20"), Fraction(200), seed=seed,
                                        stakes={"a": 5, "tie": 1, "ppb": 2}, **extra)
        service.open(db)
        service.autoplay(hands=hands)
        rnd = service.deal({"b": 3, "6cb": 1})
        pending = store.pending_hand(1, session=db)
        assert pending is not None and pending.round_no == hands + 1  # stored before the cards are anyone's
        assert pending.cards == {1: store.cards_text(rnd.first_cards), 0: store.cards_text(rnd.second_cards)}
        assert Fraction(store.get_session(1, session=db).bankroll) == service.bankroll  # nothing settled
        return store.cards_text(rnd.first_cards), store.cards_text(rnd.second_cards), rnd.bets.to_dict()


def test_a_session_stopped_after_the_deal_resumes_into_the_same_hand(url):
    first, second, bets = _deal_and_die(url)
    with Session(connect(url)) as db:
        assert verify_session(1, session=db).ok  # the pending hand checks too (not counted as settled)
        again = HeadToHeadService.resume(db, 1)
        assert again.resumed_hand and again.pending_round == 3
        rnd = again.round
        assert store.cards_text(rnd.first_cards) == first and store.cards_text(rnd.second_cards) == second
        assert rnd.bets.to_dict() == bets == {"player_b": "3", "six_card_bonus": "1"}
        again.open(db)
        before = again.bankroll
        result = again.settle()
        assert result.round_no == 3 and again.bankroll == before + result.net
        assert store.pending_hand(1, session=db) is None
        assert again.stakes.to_dict() == bets  # the next hand repeats the pending hand's bets
        again.autoplay(hands=2)
        assert [h.round_no for h in store.hands_of(1, session=db)] == [1, 2, 3, 4, 5]
        assert verify_session(1, session=db).ok
    # exactly the hand the seed's deck gives hand 3
    deck = [Card.from_index(i).ascii() for i in deck_order(derive_seed(session_seed("pending"), 3))[:6]]
    assert (first, second) == (" ".join(deck[0::2]), " ".join(deck[1::2]))


def test_brag_play_resume_settles_the_pending_hand_first(runner, app, url):
    first, second, _ = _deal_and_die(url)
    done = runner.invoke(app, ["play", "--db", url, "--resume", "1", "--auto", "--hands", "2"])
    assert done.exit_code == 0, done.output
    assert "Hand 3 was dealt before the session stopped" in done.stdout
    with Session(connect(url)) as db:
        hands = store.hands_of(1, session=db)
        assert [h.round_no for h in hands] == [1, 2, 3, 4]
        third = hands[2]
        assert third.dealer_cards == second and store.boxes_of(third.id, session=db)[0].cards == first
        assert sorted(r.bet for r in store.bets_of([third.id], session=db)[third.id]) == ["player_b", "six_card_bonus"]
        assert verify_session(1, session=db).ok


def test_an_interactive_resume_shows_the_pending_hand_settled(runner, app, url):
    first, second, _ = _deal_and_die(url, hands=1)
    done = runner.invoke(app, ["play", "--db", url, "--resume", "1"], input="q\n")
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert "Hand 2 was dealt before the session stopped: the same cards and bets (Player B wins 3, 6 Card Bonus 1)" \
        in " ".join(out.split())
    assert out.index("Hand 2:") < out.index("Bets [")  # settled and shown before the next bets are asked
    with Session(connect(url)) as db:
        assert store.get_session(1, session=db).rounds == 2 and store.pending_hand(1, session=db) is None


def test_a_tampered_pending_hand_is_named_and_not_dealt_again(runner, app, url, tmp_path):
    _deal_and_die(url)
    with sqlite3.connect(tmp_path / "brag.db") as raw:
        bets = json.loads(raw.execute("SELECT bets FROM pending_hands").fetchone()[0])
        bets[0]["stake"] = "30"
        raw.execute("UPDATE pending_hands SET bets = ?", (json.dumps(bets),))
    raw.close()
    with Session(connect(url)) as db:
        report = verify_session(1, session=db)
        assert not report.ok and any(m.field == "pending hash" for m in report.mismatches)
        with pytest.raises(StoreError, match="pending hand does not check"):
            HeadToHeadService.resume(db, 1)
    done = runner.invoke(app, ["play", "--db", url, "--resume", "1", "--auto", "--hands", "1"])
    assert done.exit_code == 2 and "pending hand does not check" in done.stderr


def test_a_client_seed_is_mixed_into_every_house_seed_and_checked(runner, app, url, tmp_path):
    done = runner.invoke(app, ["play", "teen-patti-pro", "--db", url, "--client-seed", "my lucky text", "--bet",
                               "player=1", "--auto", "--hands", "6"])
    assert done.exit_code == 0, done.output
    with Session(connect(url)) as db:
        assert store.settings_of(store.get_session(1, session=db))["client_seed"] == "my lucky text"
        for hand in store.hands_of(1, session=db):
            house = bytes.fromhex(hand.seed)
            deck = [Card.from_index(i).ascii() for i in deck_order(deal_seed(house, "my lucky text", hand.round_no))]
            assert hand.dealer_cards == " ".join(deck[1:6:2])
        assert verify_session(1, session=db).ok
    with sqlite3.connect(tmp_path / "brag.db") as raw:  # another client seed: every hand's deck differs
        settings = json.loads(raw.execute("SELECT settings FROM sessions").fetchone()[0])
        raw.execute("UPDATE sessions SET settings = ?", (json.dumps({**settings, "client_seed": "other"}),))
    raw.close()
    with Session(connect(url)) as db:
        assert not verify_session(1, session=db).ok
    for args, words in ((["--seed", "x", "--client-seed", "c"], "give one of them"),
                        (["--client-seed", ""], "not empty"), (["--client-seed", "x" * 300], "at most 200")):
        done = runner.invoke(app, ["play", "teen-patti-pro", "--db", url, *args, "--auto", "--hands", "1"])
        assert done.exit_code == 2 and words in done.stderr, done.output
    resumed = runner.invoke(app, ["play", "--db", url, "--resume", "1", "--client-seed", "x", "--auto", "--hands", "1"])
    assert resumed.exit_code == 2 and "leave out --client-seed" in resumed.stderr
