"""Jokers with ``wild = "none"`` (jokers are wild whatever ``wild`` says): the computer players read a joker's
card number as a row of the natural hand table (IndexError), and the hand stayed pending for good."""

import json

import pytest


@pytest.mark.parametrize("rules", ["jokers = 2\n", "jokers = 1\ncards = 4\n"], ids=["three-cards", "four-cards"])
def test_computer_players_play_hands_holding_a_joker(runner, app, tmp_path, rules):
    path = tmp_path / "jokers.toml"
    path.write_text(rules)
    result = runner.invoke(app, ["classic", "--rules", str(path), "--auto", "--hands", "20", "--opponents", "4",
                                 "--db", str(tmp_path / "j.db"), "--seed", "a", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert sum(seat["chips"] for seat in data["seats"]) == sum(seat["start"] for seat in data["seats"])


def _referee(runner, app, tmp_path, seats: list[tuple[str, str]], actions: list[str], rules: str) -> object:
    text = f"actions = {json.dumps(actions)}\n[rules]\n{rules}\n"
    for name, hand in seats:
        text += f'[[seat]]\nname = "{name}"\nchips = 20\nhand = "{hand}"\n'
    path = tmp_path / "jokers-hand.toml"
    path.write_text(text, encoding="utf-8")
    return runner.invoke(app, ["referee", str(path), "--json"])


def test_two_seats_may_each_hold_a_joker(runner, app, tmp_path):
    """A plain Jk is the first joker not dealt to an earlier seat (it was joker 1 in every seat: "dealt
    twice"); Jk1 and Jk2 name one; a joker the pack does not have is one line."""
    seats = [("Ann", "Jk 5c 5d"), ("Bob", "Jk 5h 9s")]
    result = _referee(runner, app, tmp_path, seats, ["Ann look", "Ann bet 2", "Bob look", "Bob see"],
                      'wild = "jokers"\njokers = 2')
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["pots"][0]["winner"] == "Ann"  # a prial of fives (one wild) against a pair of nines (one wild)
    named = _referee(runner, app, tmp_path, [("Ann", "Jk2 5c 5d"), ("Bob", "Jk 5h 9s")],
                     ["Ann look", "Ann bet 2", "Bob look", "Bob see"], 'wild = "jokers"\njokers = 2')
    assert named.exit_code == 0, named.output
    twice = _referee(runner, app, tmp_path, [("Ann", "Jk1 5c 5d"), ("Bob", "Jk1 5h 9s")], ["Ann fold"],
                     'wild = "jokers"\njokers = 2')
    assert twice.exit_code == 2 and "Jk1 is dealt twice (also to Ann)" in twice.output  # by its written name
    one = _referee(runner, app, tmp_path, [("Ann", "Jk 5c 5d"), ("Bob", "Jk 5h 9s")], ["Ann fold"],
                   'wild = "jokers"\njokers = 1')
    assert one.exit_code == 2 and "no joker left" in one.output


def test_discarding_the_second_joker():
    """"d Jk" discards the seat's joker whichever of the two it is (it named joker 1, which the seat
    did not hold: "You do not hold Jk")."""
    from casino.classic.actions import Discard, Look, action_from_text
    from casino.classic.rules import ClassicRules
    from casino.classic.state import HandState

    rules = ClassicRules(cards=4, jokers=2)
    hands = [[(53, 0, 4, 8)], [(52, 1, 5, 9)]]  # seat 0 holds joker 2, seat 1 joker 1
    state = HandState(rules, ["A", "B"], [20, 20], hands)
    state.act(Look(0))
    discard = action_from_text("d Jk")
    assert discard == Discard((52,)) and state.can(discard)
    state.act(discard)
    assert state.discards[0] == (53,) and state.actions[-1][1] == Discard((53,))
    assert 53 not in (state.kept[0] or ())
