"""``brag play`` at head-to-head games (Teen Patti 20-20, Teen Patti Pro), end to end through the CLI.

Every stored hand of a seeded session is checked against an independent settlement written here from
the published rules (Wizard of Odds, *Teen Patti 20-20*: Player A / Player B pay 0.95 to 1 and push on a
tie; the Tie pays 800 to 1; Pair + pays three aces 50, three of a kind 40, straight flush 30, straight 6,
flush 3, pair 1 on either hand; the 6 Card Bonus pays royal 1000, straight flush 200, quads 100, full
house 20, flush 15, straight 10, trips 7 on the best five of the six cards), with hands ranked by a
plain Teen Patti evaluator (trail, pure sequence, sequence, colour, pair, high card; A-K-Q the top
sequence, A-2-3 the second). The deck is the provably fair one: the cards must be the seed's deck dealt
to Player A and Player B in turn.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from fractions import Fraction
from itertools import combinations

import pytest
from sqlmodel import Session

from casino.cards import Card
from casino.db import store
from casino.db.database import connect
from casino.db.verify import verify_session
from casino.fair import deck_order, derive_seed, session_seed

RANKS = {r: i for i, r in enumerate("23456789TJQKA", start=2)}
SEED = "h2h-test"
BETS = ["a=5", "b=3", "tie=1", "ppa=2", "pair_plus_b=1", "6cb=1"]
STAKES = {"player_a": Fraction(5), "player_b": Fraction(3), "tie": Fraction(1), "pair_plus_player_a": Fraction(2),
          "pair_plus_player_b": Fraction(1), "six_card_bonus": Fraction(1)}


@pytest.fixture
def url(tmp_path, monkeypatch):
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'brag.db'}"


def cards_of(text: str) -> list[tuple[int, str]]:
    out = []
    for word in text.split():
        rank = "T" if word[:-1] == "10" else word[:-1]
        out.append((RANKS[rank], word[-1]))
    return out


# -- an independent Teen Patti 20-20 settlement -----------------------------------------------------------


def teen_patti_key(hand: list[tuple[int, str]]) -> tuple:
    ranks = sorted((r for r, _ in hand), reverse=True)
    flush = len({s for _, s in hand}) == 1
    if ranks[0] == ranks[2]:
        return (6, ranks[0])
    seq = None
    if ranks == [14, 13, 12]:
        seq = 100  # A-K-Q: the top sequence
    elif ranks == [14, 3, 2]:
        seq = 99  # A-2-3: the second
    elif ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1:
        seq = ranks[0]
    if seq is not None:
        return (5 if flush else 4, seq)
    if flush:
        return (3, *ranks)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        return (2, pair, kicker)
    return (1, *ranks)


def pair_plus(hand: list[tuple[int, str]]) -> Fraction:
    key = teen_patti_key(hand)
    if key[0] == 6:
        return Fraction(50 if key[1] == 14 else 40)
    return Fraction({5: 30, 4: 6, 3: 3, 2: 1}.get(key[0], -1))


def six_card_bonus(six: list[tuple[int, str]]) -> Fraction:
    best = -1
    for five in combinations(six, 5):
        ranks = sorted((r for r, _ in five), reverse=True)
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        flush = len({s for _, s in five}) == 1
        straight = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [14, 5, 4, 3, 2])
        if straight and flush:
            pay = 1000 if ranks[0] == 14 and ranks[4] == 10 else 200
        elif counts[0] == 4:
            pay = 100
        elif counts[:2] == [3, 2]:
            pay = 20
        elif flush:
            pay = 15
        elif straight:
            pay = 10
        elif counts[0] == 3:
            pay = 7
        else:
            pay = -1
        best = max(best, pay)
    return Fraction(best)


def settle_20_20(a: list[tuple[int, str]], b: list[tuple[int, str]], stakes: dict[str, Fraction]) -> dict[str, Fraction]:
    ka, kb = teen_patti_key(a), teen_patti_key(b)
    per_unit = {
        "player_a": Fraction(19, 20) if ka > kb else Fraction(0) if ka == kb else Fraction(-1),
        "player_b": Fraction(19, 20) if kb > ka else Fraction(0) if ka == kb else Fraction(-1),
        "tie": Fraction(800) if ka == kb else Fraction(-1),
        "pair_plus_player_a": pair_plus(a),
        "pair_plus_player_b": pair_plus(b),
        "six_card_bonus": six_card_bonus(a + b),
    }
    return {bet: stake * per_unit[bet] for bet, stake in stakes.items()}


def test_the_independent_evaluator_agrees_with_the_built_in_ranking_on_every_pair_of_categories():
    from casino.games import load_game
    from casino.hands import hand_table

    table = hand_table(load_game("teen-patti-20-20").ranking)
    sample = [table.index(h) for h in ("Ah Ad Ac", "Kh Kd Kc", "Ah Kh Qh", "Ah 2h 3h", "Kh Qh Jh", "Ac Kd Qh",
                                       "Ac 2d 3h", "Kc Qd Jh", "2c 3d 4h", "Ah 9h 2h", "Ah Ad 2c", "Ac Kd 9h")]
    for i in sample:
        for j in sample:
            mine = teen_patti_key(cards_of(" ".join(c.ascii() for c in table.hand_cards(i))))
            theirs = teen_patti_key(cards_of(" ".join(c.ascii() for c in table.hand_cards(j))))
            assert (mine > theirs) == (table.strength[i] > table.strength[j]), (i, j)


# -- the session -------------------------------------------------------------------------------------------


def play(runner, app, url, *args: str):
    return runner.invoke(app, ["play", "--db", url, *args])


def test_a_seeded_session_settles_every_bet_as_the_rules_say_and_stores_it(runner, app, url):
    done = play(runner, app, url, "teen-patti-20-20", "--seed", SEED, "--bankroll", "5000",
                *(x for bet in BETS for x in ("--bet", bet)), "--auto", "--hands", "400", "--json")
    assert done.exit_code == 0, done.output
    summary = json.loads(done.stdout)
    assert summary["shape"] == "head_to_head" and summary["hands"] == 400 and summary["practice"] is True
    shown = runner.invoke(app, ["history", "1", "--db", url, "--all", "--json"])
    assert shown.exit_code == 0, shown.output
    hands = json.loads(shown.stdout)["hands"]
    assert [h["hand"] for h in hands] == list(range(1, 401))
    bankroll = Fraction(5000)
    paid = {"pair_plus_player_a": 0, "six_card_bonus": 0, "player_a": 0}
    for hand in hands:
        n = hand["hand"]
        seed = derive_seed(session_seed(SEED), n)
        assert hand["seed"] == seed.hex()
        deck = [Card.from_index(i).ascii() for i in deck_order(seed)[:6]]
        [box] = hand["boxes"]
        assert box["cards"] == " ".join(deck[0::2]) and hand["dealer"]["cards"] == " ".join(deck[1::2])
        expected = settle_20_20(cards_of(box["cards"]), cards_of(hand["dealer"]["cards"]), STAKES)
        stored = {row["bet"]: (Fraction(row["stake"]), Fraction(row["net"])) for row in box["bets"]}
        assert stored == {bet: (STAKES[bet], expected[bet]) for bet in STAKES}, n
        assert Fraction(hand["bankroll_before"]) == bankroll
        bankroll += sum(expected.values())
        assert Fraction(hand["bankroll_after"]) == bankroll
        for bet in paid:
            paid[bet] += expected[bet] > 0
    assert Fraction(summary["bankroll"]) == bankroll
    assert all(paid.values()), paid  # the sample pays Pair Plus, the 6 Card Bonus and the A bet
    with Session(connect(url)) as db:
        assert verify_session(1, session=db).ok


def test_history_replay_and_verify_read_a_head_to_head_session(runner, app, url):
    assert play(runner, app, url, "teen-patti-20-20", "--seed", "hrv", "--bet", "a=5", "--bet", "ppa=1",
                "--auto", "--hands", "30").exit_code == 0
    listed = runner.invoke(app, ["sessions", "--db", url])
    assert listed.exit_code == 0 and "Teen Patti 20-20" in listed.stdout
    shown = runner.invoke(app, ["history", "1", "--db", url, "--last", "3"])
    assert shown.exit_code == 0, shown.output
    assert "Player A" in shown.stdout and "Player B" in shown.stdout and "Winner" in shown.stdout
    assert runner.invoke(app, ["history", "1", "--db", url, "--csv"]).exit_code == 0
    replayed = runner.invoke(app, ["replay", "1", "7", "--db", url])
    assert replayed.exit_code == 0, replayed.output
    assert "Bets: Player A wins 5, Pair Plus on Player A 1" in replayed.stdout
    assert "Seed revealed" in replayed.stdout and " wins" in replayed.stdout
    as_json = runner.invoke(app, ["replay", "1", "7", "--db", url, "--json"])
    assert as_json.exit_code == 0 and json.loads(as_json.stdout)["events"][1]["kind"] == "head_to_head_bets"
    checked = runner.invoke(app, ["verify", "1", "--db", url])
    assert checked.exit_code == 0, checked.output
    assert "30 hand(s) verified" in checked.stdout


def test_verify_re_settles_a_tampered_head_to_head_hand(runner, app, url, tmp_path):
    assert play(runner, app, url, "teen-patti-20-20", "--seed", "tamper", "--bet", "a=5", "--bet", "tie=1",
                "--auto", "--hands", "12").exit_code == 0
    path = tmp_path / "brag.db"
    with sqlite3.connect(path) as raw:  # hand 5: Player A's bet won (or lost) 1 more than the rules say
        hand_id = raw.execute("SELECT id FROM hands WHERE round_no = 5").fetchone()[0]
        net = Fraction(raw.execute("SELECT net FROM bets WHERE hand_id = ? AND bet = 'player_a'",
                                   (hand_id,)).fetchone()[0])
        raw.execute("UPDATE bets SET net = ? WHERE hand_id = ? AND bet = 'player_a'", (str(net + 1), hand_id))
        raw.execute("UPDATE boxes SET cards = 'Ah Ad Ac' WHERE hand_id = (SELECT id FROM hands WHERE round_no = 9)")
    raw.close()
    checked = runner.invoke(app, ["verify", "1", "--db", url, "--json"])
    assert checked.exit_code == 1
    report = json.loads(checked.stdout)
    fields = {(m["hand"], m["field"]) for m in report["mismatches"]}
    assert (5, "player_a net") in fields and (9, "cards") in fields
    assert report["bad_hands"] == [5, 9]


def test_resume_carries_on_the_same_session_with_the_same_seeds(runner, app, url, tmp_path):
    args = ["--bet", "b=2", "--bet", "6cb=1", "--auto"]
    assert play(runner, app, url, "teen-patti-20-20", "--seed", "again", *args, "--hands", "6").exit_code == 0
    resumed = play(runner, app, url, "--resume", "1", "--auto", "--hands", "4")
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming 1" in resumed.stdout and "Player B wins 2, 6 Card Bonus 1" in resumed.stdout
    other = f"sqlite:///{tmp_path / 'other.db'}"
    assert play(runner, app, other, "teen-patti-20-20", "--seed", "again", *args, "--hands", "10").exit_code == 0
    with Session(connect(url)) as db, Session(connect(other)) as db2:
        mine, theirs = store.hands_of(1, session=db), store.hands_of(1, session=db2)
        assert [h.round_no for h in mine] == list(range(1, 11))
        assert [(h.seed, h.dealer_cards, h.net, h.bankroll_after) for h in mine] == [
            (h.seed, h.dealer_cards, h.net, h.bankroll_after) for h in theirs]
        assert verify_session(1, session=db).ok
        assert store.get_session(1, session=db).rounds == 10
    changed = play(runner, app, url, "--resume", "1", "--bet", "tie=1", "--auto", "--hands", "1")
    assert changed.exit_code == 0 and "Tie 1 each hand" in changed.stdout


def test_an_interactive_session_takes_bets_by_name_and_shows_both_hands(runner, app, url):
    done = play(runner, app, url, "teen-patti-pro", "--seed", "ask", "--bankroll", "50")  # no input at all
    assert done.exit_code == 0 and "not kept" in done.stdout
    done = runner.invoke(app, ["play", "--db", url, "teen-patti-pro", "--seed", "ask"],
                         input="\n".join(["", "player 5 tie 1", "zz 5", "player -1", "player 5 banker", "?", "t",
                                          "straight_on_banker 1 banker=2", "q"]) + "\n")
    assert done.exit_code == 0, done.output
    out = done.stdout
    assert "Player  " in out and "Banker  " in out
    assert "offers no bet 'zz'" in out and "cannot be negative" in out and "each bet's name and stake" in out
    assert "Straight on Banker" in out and "Three of a kind" in out  # the paytables (t)
    assert out.count("Seed ") >= 3
    with Session(connect(url)) as db:
        hands = store.hands_of(1, session=db)
        assert len(hands) == 3
        bets = store.bets_of([h.id for h in hands], session=db)
        assert [sorted(r.bet for r in bets[h.id]) for h in hands] == [
            ["player"], ["player", "tie"], ["banker", "run_on_banker"]]
        assert verify_session(1, session=db).ok


@pytest.mark.parametrize("args, words", [
    (["--boxes", "2"], "--boxes does not apply"),
    (["--strategy", "optimal", "--auto", "--hands", "1"], "--strategy does not apply"),
    (["--ante", "5"], "--ante does not apply"),
    (["--pair-plus", "1"], "--pair-plus does not apply"),
    (["--no-hints"], "--hints/--no-hints does not apply"),
    (["--betting", "martingale", "--auto", "--hands", "1"], "--betting does not apply"),
    (["--trainer"], "--trainer does not apply"),
    (["--bet", "zz=5"], "offers no bet 'zz'"),
    (["--bet", "prime=1"], "offers no bet 'prime'"),
    (["--bet", "a=-5"], "cannot be negative"),
    (["--bet", "a=1e999999999"], "at most"),
    (["--bet", "a=nan"], "is not an amount"),
    (["--bet", "a"], "write NAME=AMOUNT"),
    (["--bet", "a=5", "--bet", "player_a=1"], "given twice"),
    (["--bet", "a=0"], "no bets"),
    (["--bet", "a=500", "--bankroll", "100"], "these bets need 500"),
])
def test_bad_input_is_refused_in_one_line_and_stores_nothing(runner, app, url, tmp_path, args, words):
    done = play(runner, app, url, "teen-patti-20-20", *args)
    assert done.exit_code == 2, done.output
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], lines
    with Session(connect(url)) as db:
        assert store.list_sessions(session=db) == []


def test_the_casino_table_refuses_bet_and_resume_refuses_a_new_bankroll(runner, app, url):
    done = play(runner, app, url, "3-card-brag", "--bet", "a=5", "--auto", "--hands", "1")
    assert done.exit_code == 2 and "--bet is for head-to-head games" in done.stderr
    assert play(runner, app, url, "teen-patti-20-20", "--auto", "--hands", "2").exit_code == 0
    for extra, words in ((["--bankroll", "5"], "leave out --bankroll"), (["--seed", "x"], "leave out --seed"),
                         (["--boxes", "2"], "--boxes does not apply"), (["--bet", "nope=1"], "offers no bet")):
        done = play(runner, app, url, "--resume", "1", "--auto", "--hands", "1", *extra)
        assert done.exit_code == 2 and words in done.stderr, done.output


def test_a_killed_head_to_head_session_keeps_every_settled_round_and_resumes_where_it_was(runner, app, url, tmp_path):
    import signal
    import subprocess

    from tests.cli.processes import brag_process, stop_after_stored_hands

    path = tmp_path / "brag.db"
    process = brag_process("play", "teen-patti-20-20", "--db", url, "--auto", "--hands", "1000000", "--seed", "kill",
                           "--bankroll", "100000", *(x for b in BETS for x in ("--bet", b)),
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stop_after_stored_hands(process, path, 25, signal.SIGKILL)
    with Session(connect(url)) as db:
        record = store.get_session(1, session=db)
        killed_at = record.rounds
        assert record.ended_at is None and killed_at >= 25
        assert verify_session(1, session=db).ok  # every stored round whole, the chain intact
    resumed = play(runner, app, url, "--resume", "--auto", "--hands", "5")
    assert resumed.exit_code == 0, resumed.output
    with Session(connect(url)) as db:
        hands = store.hands_of(1, session=db)
        assert [h.round_no for h in hands] == list(range(1, killed_at + 6))
        # every hand exactly as the independent settlement of the seed's deck says
        bankroll = Fraction(100000)
        for hand in hands:
            deck = [Card.from_index(i).ascii() for i in deck_order(derive_seed(session_seed("kill"), hand.round_no))[:6]]
            bankroll += sum(settle_20_20(cards_of(" ".join(deck[0::2])), cards_of(" ".join(deck[1::2])),
                                         STAKES).values())
            assert Fraction(hand.bankroll_after) == bankroll
        assert Fraction(store.get_session(1, session=db).bankroll) == bankroll
        assert verify_session(1, session=db).ok


def test_history_and_replay_say_a_head_to_head_hand_has_no_qualifier(runner, app, url):
    """Found by a review: the second hand is stored as the dealer's, and history --json/--csv and replay --json
    said it "qualifies" (true, "yes"): a head-to-head game has no qualifier, so the field is null, the column empty."""
    assert play(runner, app, url, "teen-patti-20-20", "--bet", "a=5", "--auto", "--hands", "2", "--seed", "q").exit_code == 0
    assert play(runner, app, url, "--auto", "--hands", "2", "--seed", "q").exit_code == 0  # a house-banked session
    h2h = json.loads(runner.invoke(app, ["history", "1", "--db", url, "--json"]).stdout)
    assert [h["dealer"]["qualifies"] for h in h2h["hands"]] == [None, None]
    assert json.loads(runner.invoke(app, ["replay", "1", "2", "--db", url, "--json"]).stdout)["dealer"]["qualifies"] is None
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, ["history", "1", "--db", url, "--csv"]).stdout)))
    assert [r["dealer_qualifies"] for r in rows] == ["", ""]
    banked = json.loads(runner.invoke(app, ["history", "2", "--db", url, "--json"]).stdout)
    assert all(isinstance(h["dealer"]["qualifies"], bool) for h in banked["hands"])
    rows = list(csv.DictReader(io.StringIO(runner.invoke(app, ["history", "2", "--db", url, "--csv"]).stdout)))
    assert {r["dealer_qualifies"] for r in rows} <= {"yes", "no"} and rows
