"""What the tables say: only the bets the game in play offers, the player's seat named once, each option's
help true for its command."""

from __future__ import annotations

import dataclasses
import re

import pytest


def _game(name: str, *, sides: tuple[str, ...] | None = None, pair_plus: bool = True):
    from casino.games import load_game

    game = load_game(name)
    if sides is not None:
        game = dataclasses.replace(game, side_bets=tuple(game.side_bet(s) for s in sides))
    return game if pair_plus else game.without("pair_plus")


# -- the casino table's side bet hints -----------------------------------------------------------------------


@pytest.mark.parametrize("sides, word", [(("prime",), "prime"), (("progressive", "prime"), "prog"),
                                         (("six_card_bonus",), "6cb")])
def test_the_side_bet_example_is_one_the_table_offers(sides, word):
    from cli.play_view import help_text, side_bets_line

    game = _game("brag-with-side-bets", sides=sides)
    line = side_bets_line(game)
    assert line is not None and f"e.g. '5 0 {word} 1'" in line  # was '5 0 6cb 1' at every table
    shown = help_text(game)
    from cli.prompts import SIDE_WORD

    for bet, typed in SIDE_WORD.items():  # each offered side bet by its word; no other
        assert (f"{typed} (" in shown) == (bet in sides), (bet, shown)
    assert f"10 2 {word} 5" in shown


def test_a_table_without_side_bets_or_pair_plus_shows_no_hint_for_them():
    from cli.play_view import help_text, side_bets_line

    plain = _game("3-card-brag")
    assert side_bets_line(plain) is None
    shown = help_text(plain)
    assert "6cb" not in shown and "side bet" not in shown.lower() and "Pair Plus of 2" in shown
    no_pair_plus = help_text(_game("3-card-brag", pair_plus=False))
    assert "Pair Plus" not in no_pair_plus and "10, 5, 5" in no_pair_plus
    prime_only = _game("brag-with-side-bets", sides=("prime",), pair_plus=False)
    assert "e.g. '5 prime 1'" in side_bets_line(prime_only)  # no Pair Plus: no '0' for one
    assert "10 prime 5" in help_text(prime_only)


def test_the_help_at_the_casino_table_names_no_side_bet_the_game_lacks(runner, app, tmp_path):
    result = runner.invoke(app, ["play", "3-card-brag", "--db", str(tmp_path / "b.db"), "--seed", "h"],
                           input="?\nq\n")
    assert result.exit_code == 0, result.output
    assert "Bets prompt:" in result.output and "6cb" not in result.output and "prog" not in result.output


@pytest.mark.parametrize("game, absent", [("teen-patti-pro", ("6cb", "a=5", "a 5")),
                                          ("teen-patti-20-20", ("player=5",))])
def test_the_head_to_head_help_gives_examples_of_its_own_bets(runner, app, tmp_path, game, absent):
    from casino.games import load_game
    from casino.head_to_head_table import HeadToHeadTable
    from cli.play_head_to_head import help_text

    table = HeadToHeadTable(load_game(game))
    shown = help_text(table)
    for text in absent:
        assert text not in shown, shown
    examples = [line.split("  ")[1].strip() for line in shown.splitlines()[2:4]]
    for example in examples:  # every example is a line the table takes
        table.bets([tuple(pair) for pair in zip(*[iter(example.replace("=", " ").split())] * 2)])
    result = runner.invoke(app, ["play", game, "--db", str(tmp_path / "b.db"), "--seed", "h"], input="?\nq\n")
    assert result.exit_code == 0, result.output
    assert examples[0] in result.output


# -- the classic seats table --------------------------------------------------------------------------------


def test_the_players_seat_shows_its_name_once(runner, app, tmp_path):
    result = runner.invoke(app, ["classic", "--hands", "2", "--opponents", "2", "--seed", "seats", "--db",
                                 str(tmp_path / "b.db")], input="q\n")
    assert result.exit_code == 0, result.output
    assert "(you)" not in result.output and "You (you)" not in result.output
    assert re.search(r"^\W*You\s+\d", result.output, re.M), result.output  # the seat row: You, then its chips


def test_a_players_seat_with_another_name_is_marked_as_yours():
    from types import SimpleNamespace as Seat

    from rich.console import Console

    from cli.classic_view import seats_table

    seats = [Seat(name=n, chips=10, status="blind", hands=1, put_in=1, last_action="") for n in ("Sam", "Ann")]
    view = Seat(seats=seats, to_act=1, dealer=0)
    out = Console(width=80, record=True, color_system=None)
    out.print(seats_table(view, 0))
    text = out.export_text()
    assert "Sam (you)" in text and "Ann (you)" not in text


# -- each option's help is true for its command -------------------------------------------------------------


def _commands(command, path=()):
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))
    if not hasattr(command, "commands"):
        yield " ".join(path), command


def test_an_options_help_names_only_options_its_command_has():
    """``brag classic --help`` said '--seed … (and workers)': classic has no workers. Every option's help
    may name only options of its own command (and workers only where --workers is one)."""
    import typer

    from cli.main import app

    for path, command in _commands(typer.main.get_command(app)):
        names = {o for p in command.params for o in (*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ()))}
        for param in command.params:
            text = getattr(param, "help", None) or ""
            named = set(re.findall(r"--[a-z][a-z-]*", text))
            assert named <= names, (path, param.name, named - names)
            if "worker" in text:
                assert "--workers" in names, (path, param.name, text)


def test_the_classic_seed_says_it_makes_a_practice_session(runner, app):
    shown = " ".join(runner.invoke(app, ["classic", "--help"]).output.replace("│", " ").split())
    assert "workers" not in shown and "Practice only" in shown and "not fair play" in shown


# -- a practice session, said one way at every table ---------------------------------------------------------


@pytest.mark.parametrize("args, keys", [
    (["play", "3-card-brag"], "\np\nq\n"), (["play", "3-card-brag", "--auto", "--hands", "2"], None),
    (["play", "teen-patti-20-20"], "\nq\n"), (["play", "teen-patti-pro", "--auto", "--hands", "2"], None),
    (["classic", "--opponents", "2", "--hands", "2"], "q\n"), (["classic", "--auto", "--hands", "2"], None),
])
def test_every_table_says_a_practice_session_is_one_in_the_same_words(runner, app, tmp_path, args, keys):
    """Head-to-head play said 'Deck: practice session, seeded from text …', the casino table 'Practice session
    (seeded): its decks are foreseeable …', brag classic nothing: now each opens with casino.practice's sentence
    and closes with it after the head hash."""
    from casino.practice import PRACTICE_SENTENCE

    result = runner.invoke(app, [*args, "--seed", "same words", "--db", str(tmp_path / "b.db")], input=keys)
    assert result.exit_code == 0, result.output
    lines = [" ".join(line.split()) for line in result.output.splitlines()]
    assert PRACTICE_SENTENCE in lines  # as it starts, a line of its own
    head = " ".join(result.output[result.output.index("Head hash:"):].split())
    assert head.endswith(PRACTICE_SENTENCE) and "then shows that no stored hand was changed" in head
    assert "(seeded)" not in result.output and "Deck: practice" not in result.output
    fair = runner.invoke(app, [*args, "--db", str(tmp_path / "f.db")], input=keys)
    assert fair.exit_code == 0 and "practice" not in fair.output.lower(), fair.output


def test_no_command_words_a_practice_session_its_own_way():
    """The one wording lives in casino/practice.py; a cli module that says 'foreseeable' itself is a second one
    (an option's help saying what --seed does is the exception)."""
    from pathlib import Path

    for path in sorted((Path(__file__).resolve().parents[2] / "cli").glob("*.py")):
        if path.name != "options.py":
            assert "foreseeable" not in path.read_text(encoding="utf-8"), path.name
