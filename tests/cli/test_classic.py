"""brag classic: a session against the computer, keys and bad input, storage, resume, the history views."""

from __future__ import annotations

import json

import pytest


def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'brag.db'}"


def test_auto_session_is_stored_and_verifies(runner, app, tmp_path):
    url = db_url(tmp_path)
    result = runner.invoke(app, ["classic", "--auto", "--hands", "12", "--opponents", "3", "--seed", "1", "--db", url,
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands"] == 12 and len(data["seats"]) == 4
    assert sum(s["chips"] for s in data["seats"]) == 4000  # chips conserved
    verify = runner.invoke(app, ["verify", str(data["session"]), "--classic", "--db", url])
    assert verify.exit_code == 0 and "12 hand(s) verified" in verify.output
    listing = json.loads(runner.invoke(app, ["sessions", "--classic", "--db", url, "--json"]).output)
    assert listing["sessions"][0]["hands"] == 12
    history = runner.invoke(app, ["history", str(data["session"]), "--classic", "--db", url])
    assert history.exit_code == 0 and "shuffled" in history.output
    replay = runner.invoke(app, ["replay", str(data["session"]), "3", "--classic", "--db", url])
    assert replay.exit_code == 0 and "Seed revealed" in replay.output


def test_auto_json_amounts_are_exact(runner, app, tmp_path):
    from fractions import Fraction

    rules = tmp_path / "sevenths.toml"
    rules.write_text('ante = "1/3"\nmin_bet = "1/7"\nchips = 10\n', encoding="utf-8")
    result = runner.invoke(app, ["classic", "--rules", str(rules), "--auto", "--json", "--opponents", "2", "--hands",
                                 "6", "--seed", "x", "--db", db_url(tmp_path)])
    assert result.exit_code == 0, result.output
    seats = json.loads(result.output)["seats"]
    for seat in seats:  # never a rounded float: an int, an exact float, or exact text
        for key in ("chips", "net"):
            value = seat[key]
            assert isinstance(value, (int, str)) or Fraction(value).denominator in (1, 2, 4, 8), value
    assert sum(Fraction(s["chips"]) for s in seats) == 30  # exact, so chips are seen to be conserved
    assert any(isinstance(s["chips"], str) for s in seats)  # sevenths and thirds need exact text


def test_the_same_seed_plays_the_same_session(runner, app, tmp_path):
    args = ["classic", "--auto", "--hands", "8", "--seed", "same", "--json"]
    one = json.loads(runner.invoke(app, [*args, "--db", db_url(tmp_path)]).output)
    two = json.loads(runner.invoke(app, [*args, "--db", f"sqlite:///{tmp_path / 'other.db'}"]).output)
    assert one["seats"] == two["seats"]


def test_a_tampered_hand_fails_verification(runner, app, tmp_path):
    from sqlmodel import Session, select

    from casino.db.classic_models import ClassicHandRecord
    from casino.db.database import connect

    url = db_url(tmp_path)
    runner.invoke(app, ["classic", "--auto", "--hands", "4", "--seed", "t", "--db", url])
    with Session(connect(url)) as db:
        row = db.exec(select(ClassicHandRecord).where(ClassicHandRecord.hand_no == 2)).one()
        pack = json.loads(row.pack)
        pack[0], pack[1] = pack[1], pack[0]
        row.pack = json.dumps(pack)
        db.add(row)
        db.commit()
    result = runner.invoke(app, ["verify", "1", "--classic", "--db", url])
    assert result.exit_code == 1 and "hand 2" in result.output


def test_verify_of_one_hand_checks_that_hand_and_a_hand_not_stored_is_one_line(runner, app, tmp_path):
    url = db_url(tmp_path)
    runner.invoke(app, ["classic", "--auto", "--hands", "3", "--seed", "one", "--db", url])
    result = runner.invoke(app, ["verify", "1", "2", "--classic", "--db", url])
    assert result.exit_code == 0 and "1 hand(s) verified" in result.output
    result = runner.invoke(app, ["verify", "1", "9", "--classic", "--db", url])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "brag: error: classic session 1 has no hand 9 (see 'brag history 1 --classic')"], result.output


def test_interactive_keys_bad_input_hint_rules_and_quit(runner, app, tmp_path):
    keys = "zz\nb lots\nl\nh\n?\nb 99999\nf\nq\n"
    result = runner.invoke(app, ["classic", "--hands", "3", "--opponents", "2", "--seed", "5", "--db",
                                 db_url(tmp_path)], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "unknown action 'zz'" in out and "q quit" in out and "'lots' is not an amount" in out
    assert "Your cards: blind" in out and "keys: l look" in out
    assert "Hint — your chance of a better hand than 1 opponent" in out
    assert "The see: only with two left" in out
    assert "with only" in out  # the bet above the chips: one line, then the prompt again
    assert "Results" in out


def test_ctrl_c_ends_the_session_keeping_settled_hands(runner, app, tmp_path, monkeypatch):
    import cli.prompts

    answers = iter(["f", "f"])

    def ask(text):
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(cli.prompts, "ask", ask)
    url = db_url(tmp_path)
    result = runner.invoke(app, ["classic", "--hands", "10", "--opponents", "1", "--seed", "c", "--db", url])
    assert result.exit_code == 130
    listing = json.loads(runner.invoke(app, ["sessions", "--classic", "--db", url, "--json"]).output)
    session = listing["sessions"][0]
    assert session["status"] == "ended: interrupted" and session["hands"] >= 1


def test_a_session_stopped_by_ctrl_c_resumes_to_its_end(runner, app, tmp_path, monkeypatch):
    import cli.prompts

    calls = {"n": 0}

    def ask(text):
        calls["n"] += 1
        if calls["n"] > 3:
            raise KeyboardInterrupt
        return "f" if "action" in text else "n"

    monkeypatch.setattr(cli.prompts, "ask", ask)
    url = db_url(tmp_path)
    first = runner.invoke(app, ["classic", "--hands", "6", "--opponents", "2", "--seed", "r", "--db", url])
    assert first.exit_code == 130
    stopped = json.loads(runner.invoke(app, ["sessions", "--classic", "--db", url, "--json"]).output)["sessions"][0]
    monkeypatch.setattr(cli.prompts, "ask", lambda text: "f" if "action" in text else "n")
    again = runner.invoke(app, ["classic", "--resume", str(stopped["id"]), "--db", url])
    assert again.exit_code == 0, again.output
    done = json.loads(runner.invoke(app, ["sessions", "--classic", "--db", url, "--json"]).output)["sessions"][0]
    assert done["hands"] == 6 and done["status"] == "ended: hands"
    assert runner.invoke(app, ["verify", str(stopped["id"]), "--classic", "--db", url]).exit_code == 0
    over = runner.invoke(app, ["classic", "--resume", str(stopped["id"]), "--db", url])
    assert over.exit_code == 2 and "is over (hands)" in over.output


def test_resume_carries_on_from_the_last_settled_hand(tmp_path):
    import random

    from sqlmodel import Session

    from casino.classic.rules import load_rules
    from casino.classic.table import ClassicTable
    from casino.classic.view import SimpleOpponent
    from casino.db import classic_store
    from casino.db.database import connect

    rules = load_rules("classic-brag")
    names = ["Ann", "Bob", "Cat"]
    engine = connect(db_url(tmp_path))
    with Session(engine) as db:
        record = classic_store.create_session(rules, names, ["simple"] * 3, 10, {"seed": "r"}, session=db)
        session_id = record.id
        table = ClassicTable(rules, names, seed="r")
        for _ in range(4):
            classic_store.save_hand(session_id, table.play_hand([SimpleOpponent()] * 3, random.Random(1)), table,
                                    session=db)
        # the process is "killed" here; a new one resumes from the stored state
    with Session(engine) as db:
        again = classic_store.resume_table(classic_store.get_session(session_id, session=db))
        assert again.chips == table.chips and again.pack == table.pack and again.hand_no == 4
        classic_store.save_hand(session_id, again.play_hand([SimpleOpponent()] * 3, random.Random(2)), again,
                                session=db)
        assert classic_store.verify_classic(session_id, session=db) == []


@pytest.mark.parametrize(("args", "message"), [
    (["--opponents", "8"], "--opponents must be 1 to 7"),
    (["--rules", "nope"], "unknown rules 'nope'"),
    (["--ante", "-2"], "ante must be zero or more"),
    (["--json"], "--json needs --auto"),
    (["--resume", "99"], "no classic Brag session 99"),
])
def test_bad_options_are_one_line(runner, app, tmp_path, args, message):
    result = runner.invoke(app, ["classic", *args, "--db", db_url(tmp_path)])
    assert result.exit_code == 2 and message in result.output and result.output.count("\n") == 1


def test_the_hint_gives_the_margin_of_its_simulated_figures(runner, app, tmp_path):
    """Five opponents in: exact against one to three, simulated against four and five, with the margin."""
    import re

    # seeds where all five computer players are still in when you look (found by trying seeds in turn: the
    # computer players' chance comes from each hand's seed, so the seed text decides their play too)
    for seed in (100, 104, 270):
        result = runner.invoke(app, ["classic", "--hands", "1", "--opponents", "5", "--seed", str(seed), "--db",
                                     db_url(tmp_path)], input="l\nh\nq\n")
        assert result.exit_code == 0, result.output
        hint = result.output[result.output.index("Hint — "):]
        hint = hint[:min(hint.index(end) for end in ("The expert", "Your action") if end in hint)]
        parts = " ".join(hint.split()).split("; ")  # the hint as one line, unwrapped
        if len(parts) == 5:
            break
    assert len(parts) == 5 and "simulated" not in " ".join(parts[:3])
    for part in parts[3:]:
        found = re.search(r"opponents: ([\d.]+)% ± ([\d.]+) points \(simulated, 50,000 deals\)", part)
        assert found and 0 < float(found.group(2)) < 0.5, part


def test_before_the_discard_the_hint_names_the_best_three_it_counts_for(runner, app, tmp_path):
    """Five-card Brag, looked at, not yet discarded: the hint counts for the best three and names them."""
    result = runner.invoke(app, ["classic", "--rules", "five-card-brag", "--hands", "1", "--opponents", "2",
                                 "--seed", "m1", "--db", db_url(tmp_path)], input="l\nh\nq\n")
    assert result.exit_code == 0, result.output
    hint = " ".join(result.output[result.output.index("Hint — "):].split())
    assert hint.startswith("Hint — with your best three, ") and "(discarding " in hint, hint[:200]
    assert "your chance of a better hand than 1 opponent:" in hint, hint[:200]


def test_the_pack_still_dealt_from_stays_secret_until_it_is_shuffled_or_the_session_ends(runner, app, tmp_path):
    """With an unshuffled pack the next deal comes off the pack the last hands left: their seeds and packs
    would tell every card to come, so replay refuses them and history hides their seeds while the session can
    go on; once it has ended for good they are shown (and verify checks them all along)."""
    from sqlmodel import Session

    from casino.db import classic_store
    from casino.db.database import connect

    url = db_url(tmp_path)
    result = runner.invoke(app, ["classic", "--rules", "classic-brag", "--opponents", "3", "--hands", "9", "--seed",
                                 "secret", "--db", url], input="f\nf\nf\nq\n")
    assert result.exit_code == 0, result.output
    with Session(connect(url)) as db:
        rows = classic_store.hands_of(1, session=db)
        sealed = classic_store.sealed_from(classic_store.get_session(1, session=db), rows)
    assert len(rows) >= 2 and sealed is not None  # no prial won: the next deal is a carry-over
    replayed = runner.invoke(app, ["replay", "1", str(rows[-1].hand_no), "--classic", "--json", "--db", url])
    assert replayed.exit_code == 2 and "still being dealt from" in replayed.output and rows[-1].seed not in replayed.output
    history = json.loads(runner.invoke(app, ["history", "1", "--classic", "--json", "--db", url]).output)
    assert [h["seed"] for h in history["hands"] if h["hand"] >= sealed] == [None] * (len(rows) - sealed + 1)
    assert runner.invoke(app, ["verify", "1", "--classic", "--db", url]).exit_code == 0
    with Session(connect(url)) as db:  # resumed and played out to its last hand: ended for good
        classic_store.reopen_session(1, session=db)
        classic_store.end_session(1, "hands", session=db)
    replayed = runner.invoke(app, ["replay", "1", str(rows[-1].hand_no), "--classic", "--json", "--db", url])
    assert replayed.exit_code == 0 and json.loads(replayed.output)["seed"] == rows[-1].seed


def test_db_copy_says_it_leaves_traditional_brag_sessions_behind(runner, app, tmp_path):
    url = db_url(tmp_path)
    assert runner.invoke(app, ["play", "--auto", "--hands", "2", "--db", url]).exit_code == 0
    assert runner.invoke(app, ["classic", "--auto", "--hands", "2", "--db", url]).exit_code == 0
    target = f"sqlite:///{tmp_path / 'copy.db'}"
    result = runner.invoke(app, ["db", "copy", url, target])
    assert result.exit_code == 0, result.output
    assert "Copied 1 session(s)" in result.output and "Not copied: 1 traditional Brag session(s)" in result.output
    result = runner.invoke(app, ["db", "copy", url, f"sqlite:///{tmp_path / 'again.db'}", "--json"])
    assert json.loads(result.output)["classic_not_copied"] == 1


def test_a_seeded_session_replays_whatever_its_session_id_and_verifies(runner, app, tmp_path):
    """The computer players' chance comes from each hand's seed (from the --seed text), not the session id:
    the same seed plays the same session as session 1 of one database and session 2 of another."""
    from sqlmodel import Session

    from casino.db import classic_store
    from casino.db.database import connect

    first, second = f"sqlite:///{tmp_path / 'a.db'}", f"sqlite:///{tmp_path / 'b.db'}"
    other = runner.invoke(app, ["classic", "--auto", "--hands", "1", "--seed", "other", "--db", second, "--json"])
    assert other.exit_code == 0, other.output
    played = []
    for url, expected_id in ((first, 1), (second, 2)):
        result = runner.invoke(app, ["classic", "--auto", "--hands", "8", "--opponents", "4", "--seed", "same",
                                     "--db", url, "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["session"] == expected_id
        with Session(connect(url)) as db:
            played.append([(row.actions, row.chips_after) for row in classic_store.hands_of(expected_id, session=db)])
        verify = runner.invoke(app, ["verify", str(expected_id), "--classic", "--db", url])
        assert verify.exit_code == 0 and "8 hand(s) verified" in verify.output, verify.output
    assert played[0] == played[1] and len(played[0]) == 8


def test_a_session_stopped_between_hands_carries_on_at_the_terminal_and_in_the_browser(runner, app, tmp_path,
                                                                                        monkeypatch):
    """Ctrl-C just after a hand is stored leaves the session 'interrupted' with no hand pending: not over for
    good (docs/classic-brag.md), so 'brag classic --resume' and the browser's resume both carry it on, with the
    same next deal."""
    import sqlite3

    from fastapi.testclient import TestClient
    from sqlmodel import Session

    import cli.prompts
    from casino.db import classic_store
    from casino.db.database import connect
    from web.app import create_app

    real_save = classic_store.save_hand

    def save_then_stop(*args, **kwargs):
        real_save(*args, **kwargs)
        raise KeyboardInterrupt  # Ctrl-C as the settled hand is stored: nothing pending

    monkeypatch.setattr(classic_store, "save_hand", save_then_stop)
    monkeypatch.setattr(cli.prompts, "ask", lambda text: "f")
    url = db_url(tmp_path)
    first = runner.invoke(app, ["classic", "--hands", "3", "--opponents", "2", "--seed", "between", "--db", url])
    assert first.exit_code == 130, first.output
    monkeypatch.setattr(classic_store, "save_hand", real_save)
    with Session(connect(url)) as db:
        record = classic_store.get_session(1, session=db)
        assert record.end_reason == "interrupted" and classic_store.pending_of(1, session=db) is None
        assert len(classic_store.hands_of(1, session=db)) == 1
    copy = tmp_path / "copy.db"
    with sqlite3.connect(tmp_path / "brag.db") as source, sqlite3.connect(copy) as target:
        source.backup(target)
    again = runner.invoke(app, ["classic", "--resume", "1", "--db", url])
    assert again.exit_code == 0, again.output
    with Session(connect(url)) as db:
        rows = classic_store.hands_of(1, session=db)
        assert classic_store.get_session(1, session=db).end_reason == "hands" and len(rows) == 3
        assert classic_store.verify_classic(1, session=db) == []
    client = TestClient(create_app(f"sqlite:///{copy}"), raise_server_exceptions=False)
    listed = client.get("/api/classic/sessions").json()["sessions"]
    assert [row["id"] for row in listed] == [1]
    back = client.post("/api/classic/sessions/1/resume")
    assert back.status_code == 200, back.text
    back = client.post("/api/classic/sessions/1/next", json={"seq": back.json()["seq"]}).json()
    assert back["hand_no"] == 2 and back["commitment"] == rows[1].commitment


def test_keys_the_parser_refuses_are_one_line_and_the_prompt_again(runner, app, tmp_path):
    """The terminal reads the game's keys with the library's parser (casino.classic.actions.action_from_text):
    'l 3' is not taken as 'l', a second amount is not dropped, and typed text is never read as markup."""
    keys = "l 3\nb 5 6\n[/x]\nf\nq\n"
    result = runner.invoke(app, ["classic", "--hands", "2", "--opponents", "2", "--seed", "5", "--db",
                                 db_url(tmp_path)], input=keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "look takes no number, or 1 or 2" in out and "Your cards: blind" in out
    assert "bet takes one amount, not '5 6'" in out
    assert "unknown action '[/x]' (l look, b AMOUNT bet" in out and "q quit" in out
    assert out.count("Your action>") >= 4  # the prompt again after each refused line


def test_a_finely_divided_amount_is_not_called_too_large():
    from casino.errors import BetError, GameFileError
    from casino.money import parse_amount
    from casino.money import parse

    tiny = "1/1" + "0" * 31  # finer than the 30 decimal places any amount may have (1/10^30 is exactly 30)
    with pytest.raises(GameFileError, match="min_bet is too finely divided"):
        parse_amount(tiny, "min_bet")
    with pytest.raises(BetError, match="too finely divided"):
        parse(tiny, "bet")
    with pytest.raises(GameFileError, match="at most"):
        parse_amount("1000000000000000000/1", "min_bet")


def test_the_screen_shows_the_hand_you_looked_at_of_two():
    from casino.cards import card_from_index
    from casino.classic.actions import Look
    from cli.classic_view import your_cards
    from tests.casino.classic.scenarios import two_blind_hands

    table, kept = two_blind_hands(["A", "You", "C"])
    assert "blind (two hands)" in your_cards(table.view(1)).plain
    table.act(Look(1))
    shown = your_cards(table.view(1)).plain
    assert all(str(card_from_index(c)) in shown for c in kept) and "keep it (k) or throw it (t)" in shown


def test_the_keep_question_comes_after_the_hand_and_only_when_a_deal_follows(runner, app, tmp_path):
    """You win blind (Ann folds at once): the hand's log comes before "Keep this blind hand for the next
    deal?" (it came after the answer), and at the session's last hand the question is not asked."""
    two = runner.invoke(app, ["classic", "--opponents", "1", "--hands", "2", "--seed", "1", "--db",
                              db_url(tmp_path)], input="n\nq\n")
    assert two.exit_code == 0, two.output
    question = two.output.index("Keep this blind hand")
    assert two.output.index("Ann folds") < question and two.output.index("You win the pot") < question
    last = runner.invoke(app, ["classic", "--opponents", "1", "--hands", "1", "--seed", "1", "--db",
                               f"sqlite:///{tmp_path / 'last.db'}"], input="q\n")
    assert last.exit_code == 0, last.output
    assert "Ann folds" in last.output and "Keep this blind hand" not in last.output


def test_the_rules_of_a_file_named_with_markup(runner, app, tmp_path):
    """`?` prints the rules with the file's name as written ([/bold] crashed it: a Rich markup error)."""
    rules = tmp_path / "mk.toml"
    rules.write_text('name = "[/bold] x"\n')
    result = runner.invoke(app, ["classic", "--rules", str(rules), "--opponents", "3", "--hands", "1", "--seed", "m",
                                 "--db", db_url(tmp_path)], input="?\nq\n")
    assert result.exit_code == 0, result.output
    assert "Your action>" in result.output and "[/bold] x" in result.output


def test_a_bet_stored_before_the_units_rule_still_verifies_and_resumes(runner, app, tmp_path, monkeypatch):
    """Bets must now be in the table's units (no 1/7 at an ante-1 table); hands stored before that, settled or
    pending, still replay as they were taken: verified, and the pending one carried on, never refused."""
    from casino.classic.state import HandState

    url = db_url(tmp_path)
    with monkeypatch.context() as before:
        before.setattr(HandState, "_in_units", lambda self, amount: True)
        played = runner.invoke(app, ["classic", "--opponents", "stay-in,stay-in", "--hands", "3", "--seed", "old",
                                     "--db", url], input="b 15/7\nf\nb 15/7\nq\n")
    assert played.exit_code == 0, played.output
    assert played.output.count("You bet 15/7") == 2
    now = runner.invoke(app, ["classic", "--opponents", "stay-in,stay-in", "--hands", "1", "--seed", "new", "--db",
                              url], input="b 15/7\nq\n")
    assert "a bet is in whole chips, decimals, or the fractions" in now.output  # refused today
    verified = runner.invoke(app, ["verify", "1", "--classic", "--db", url])
    assert verified.exit_code == 0, verified.output
    with monkeypatch.context() as before:  # a session whose first hand, its first bet in sevenths, is pending
        before.setattr(HandState, "_in_units", lambda self, amount: True)
        pending = runner.invoke(app, ["classic", "--opponents", "stay-in,stay-in", "--hands", "3", "--seed", "old2",
                                      "--db", url], input="b 15/7\nq\n")
    assert pending.exit_code == 0 and "You bet 15/7" in pending.output, pending.output
    session = 3  # (1: played above; 2: the refused bet's session)
    resumed = runner.invoke(app, ["classic", "--resume", str(session), "--db", url], input="q\n")
    assert resumed.exit_code == 0 and "does not follow the rules" not in resumed.output, resumed.output
    assert runner.invoke(app, ["verify", str(session), "--classic", "--db", url]).exit_code == 0


def test_the_dealer_is_marked_even_when_it_is_the_dealers_turn():
    """Found by a docs review: the seat to act got ``▶`` and lost its ``D``, so whenever the turn came round to
    the dealer no seat was marked as dealer."""
    from rich.console import Console

    from casino.classic.actions import Bet
    from casino.classic.rules import ClassicRules
    from casino.classic.table import ClassicTable
    from cli.classic_view import seats_table

    table = ClassicTable(ClassicRules(), ["Ann", "Bob"], seed="marks")
    state = table.start_hand()
    table.act(Bet(state.minimum_bet(table.to_act)))  # the non-dealer bets; the dealer is next
    view = table.view(0)
    assert view.to_act == view.dealer
    console = Console(width=100, record=True)
    console.print(seats_table(view, None))
    marks = [line.split()[0] for line in console.export_text().splitlines() if line.split()]
    assert "▶D" in marks


@pytest.mark.parametrize("args", [["--resume", "5"], ["--rules", "nosuch"], ["--ante", "-1"]])
def test_a_refused_session_leaves_no_new_database_file(runner, app, tmp_path, args):
    """As brag play (found by a hostile test there; brag classic made the same new empty file)."""
    path = tmp_path / "new.db"
    result = runner.invoke(app, ["classic", *args, "--db", f"sqlite:///{path}"])
    assert result.exit_code == 2, result.output
    assert not path.exists() and not list(tmp_path.iterdir())
