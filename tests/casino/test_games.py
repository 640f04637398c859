"""Game and paytable files: built-ins, exact numbers, and every kind of bad file."""

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino.errors import BragError, GameFileError, UnknownGameError
from casino.games import builtin_games, builtin_paytables, load_game, load_paytable

GOOD = """
name = "My Brag"
ranking = "brag"
qualifier = "Q-high"
ties = "push"

[ante_bonus]
run = 1
running_flush = 4
prial = 5

[pair_plus]
pair = 1
flush = 4
run = 6
running_flush = 30
prial = 40
"""


def write(tmp_path: Path, text: str, name: str = "game.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_builtin_games_and_tables_are_listed():
    assert set(builtin_games()) == {"3-card-brag", "three-card-poker", "brag-with-side-bets", "teen-patti",
                                    "teen-patti-20-20", "teen-patti-pro", "four-card-brag", "joker-brag"}
    assert {f"ante-bonus-{i}" for i in range(1, 7)} | {f"pair-plus-{i}" for i in range(1, 9)} <= set(
        builtin_paytables()
    )


def test_default_game_is_3_card_brag_exactly_as_documented():
    game = load_game()
    assert game.name == "3 Card Brag" and game.ranking.name == "brag"
    assert (game.qualifier, game.ties) == ("Q-high", "push")
    assert dict(game.ante_bonus.pays) == {"run": 1, "running_flush": 4, "prial": 5}
    assert dict(game.pair_plus.pays) == {"pair": 1, "flush": 4, "run": 6, "running_flush": 30, "prial": 40}


def test_three_card_poker_uses_poker_words_for_the_same_hands():
    game = load_game("three-card-poker")
    assert game.ranking.name == "poker"
    assert dict(game.ante_bonus.pays) == {"run": 1, "prial": 4, "running_flush": 5}
    assert dict(game.pair_plus.pays) == {"pair": 1, "flush": 4, "run": 6, "prial": 30, "running_flush": 40}


def test_a_file_path_loads_the_same_as_a_builtin(tmp_path):
    game = load_game(write(tmp_path, GOOD))
    assert game.name == "My Brag"
    assert game.pair_plus.pays == load_game("3-card-brag").pair_plus.pays
    assert game.text == GOOD  # the snapshot of the file


def test_fractional_pays_are_exact_from_the_text(tmp_path):
    path = write(tmp_path, GOOD.replace("prial = 5", 'prial = 12.1').replace("running_flush = 4", 'running_flush = "25/3"'))
    game = load_game(path)
    assert game.ante_bonus.pay_for("prial") == Fraction(121, 10)
    assert game.ante_bonus.pay_for("running_flush") == Fraction(25, 3)
    assert load_paytable("ante-bonus-6").pay_for("running_flush") == Fraction(25, 2)


def test_special_hands_override_their_category(tmp_path):
    path = write(tmp_path, GOOD.replace("prial = 40", "prial = 40\nprial_of_threes = 100\nmini_royal = 50"))
    table = load_game(path).pair_plus
    assert table.pay_for("prial_of_threes") == 100
    assert table.pay_for("three_aces") == 40  # falls back to its category
    assert table.pay_for("mini_royal") == 50
    assert table.pay_for("high_card") is None


def test_a_game_without_side_tables_has_no_such_bets(tmp_path):
    text = 'name = "Bare"\nranking = "poker"\n'
    game = load_game(write(tmp_path, text))
    assert game.ante_bonus is None and game.pair_plus is None
    assert game.bets == ("ante_play",)
    assert (game.qualifier, game.ties) == ("Q-high", "push")


def test_swapping_tables_by_name_or_file(tmp_path):
    game = load_game("three-card-poker", ante_bonus="ante-bonus-5", pair_plus="pair-plus-2")
    assert game.ante_bonus.pay_for("prial") == 8 and game.pair_plus.pay_for("prial") == 33
    custom = write(tmp_path, 'name = "Mine"\n[pair_plus]\npair = 2\n', "pp.toml")
    assert load_game(pair_plus=str(custom)).pair_plus.pays == (("pair", 2),)
    with pytest.raises(GameFileError, match=r"holds the \[pair_plus\] table, not \[ante_bonus\]"):
        load_game(ante_bonus="pair-plus-1")


def test_a_game_file_may_name_a_builtin_table(tmp_path):
    path = write(tmp_path, 'ranking = "poker"\nante_bonus = "ante-bonus-3"\n')
    assert load_game(path).ante_bonus.pay_for("running_flush") == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('ties = "push"', 'ties = "push"\ncolour = "red"'), r"game.toml: unknown key 'colour'"),
        (lambda t: t.replace("flush = 4\nrun", "flushes = 4\nrun"), r"\[pair_plus\]\.flushes: unknown hand name \(did you mean 'flush'\?\)"),
        (lambda t: t.replace("pair = 1", "pair = -1"), r"\[pair_plus\]\.pair must be zero or more, not -1"),
        (lambda t: t.replace("pair = 1", 'pair = "lots"'), r"\[pair_plus\]\.pair must be a finite number, not 'lots'"),
        (lambda t: t.replace("pair = 1", "pair = inf"), r"\[pair_plus\]\.pair must be a finite number, not Infinity"),
        (lambda t: t.replace("pair = 1", "pair = nan"), r"\[pair_plus\]\.pair must be a finite number, not NaN"),
        (lambda t: t.replace("pair = 1", "pair = 1e400"), r"\[pair_plus\]\.pair must be at most 1,000,000,000"),
        (lambda t: t.replace("pair = 1", "pair = true"), r"\[pair_plus\]\.pair must be a number, not true"),
        (lambda t: t.replace('ranking = "brag"', 'ranking = "bridge"'), r"ranking: unknown ranking 'bridge'"),
        (lambda t: t.replace('ranking = "brag"\n', ""), r"missing key 'ranking'"),
        (lambda t: t.replace('qualifier = "Q-high"', 'qualifier = "Z-high"'), r"qualifier: unknown rank 'Z'"),
        (lambda t: t.replace('qualifier = "Q-high"', 'qualifier = "sometimes"'), r"qualifier: cannot read 'sometimes'"),
        (lambda t: t.replace('ties = "push"', 'ties = "coin-flip"'), r"ties must be one of push, player, dealer"),
        (lambda t: t.replace("run = 6", "run = 6\nstraight = 7"), r"\[pair_plus\]\.straight: the same hand as 'run', listed twice"),
        (lambda t: t + "\n[limits]\nmin_ante = 10\nmax_ante = 5\n", r"\[limits\]\.min_ante \(10\) is above max_ante \(5\)"),
        (lambda t: t + "\n[limits]\nmax_bet = 5\n", r"\[limits\]: unknown key 'max_bet'"),
        (lambda t: t.replace("[pair_plus]", "[pair_plus\n"), r"game.toml: malformed TOML: .*line 12, column 11"),
        (lambda t: t.replace('name = "My Brag"', "name = 7"), r"name must be text"),
        (lambda t: t.replace("[ante_bonus]\nrun = 1\nrunning_flush = 4\nprial = 5\n", "[ante_bonus]\n"), r"\[ante_bonus\] lists no hands"),
    ],
)
def test_bad_game_files_name_the_file_and_key(tmp_path, change, message):
    path = write(tmp_path, change(GOOD))
    with pytest.raises(GameFileError, match=message):
        load_game(path)


def test_unknown_names_suggest_near_ones(tmp_path):
    with pytest.raises(UnknownGameError, match=r"unknown game '3-card-brg'; did you mean '3-card-brag'"):
        load_game("3-card-brg")
    with pytest.raises(UnknownGameError, match=r"unknown paytable 'pair-plus-9'; did you mean"):
        load_paytable("pair-plus-9")
    with pytest.raises(UnknownGameError, match="no such file"):
        load_game(tmp_path / "missing.toml")
    assert issubclass(UnknownGameError, BragError)


def test_unreadable_file(tmp_path):
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(GameFileError, match="binary.toml: cannot read"):
        load_game(path)


def test_paytable_files_hold_exactly_one_table(tmp_path):
    both = write(tmp_path, 'name = "x"\n[pair_plus]\npair = 1\n[ante_bonus]\nrun = 1\n', "both.toml")
    with pytest.raises(GameFileError, match="exactly one of"):
        load_paytable(both)
    stray = write(tmp_path, 'name = "x"\nqualifier = "Q-high"\n[pair_plus]\npair = 1\n', "stray.toml")
    with pytest.raises(GameFileError, match="unknown key 'qualifier'"):
        load_paytable(stray)


def test_paths_inside_a_game_file_are_relative_to_that_file(tmp_path, monkeypatch):
    folder = tmp_path / "designs"
    folder.mkdir()
    (folder / "pp.toml").write_text('name = "Mine"\n[pair_plus]\npair = 2\n')
    (folder / "game.toml").write_text('ranking = "brag"\npair_plus = "pp.toml"\n')
    monkeypatch.chdir(tmp_path)  # not the game's folder
    assert load_game(folder / "game.toml").pair_plus.pays == (("pair", 2),)


@pytest.mark.parametrize("name", ["3-card-brag", "three-card-poker"])
def test_to_toml_rebuilds_the_game_exactly(name, tmp_path):
    from casino.games import parse_game_text

    game = load_game(name, ante_bonus="ante-bonus-6", pair_plus="pair-plus-5")
    text = game.to_toml()
    again = parse_game_text(text)
    assert again.to_toml() == text
    for field in ("ranking", "qualifier", "ties", "limits", "rules"):
        assert getattr(again, field) == getattr(game, field)
    assert again.ante_bonus.pays == game.ante_bonus.pays and again.pair_plus.pays == game.pair_plus.pays


@settings(max_examples=40, deadline=None)
@given(
    pays=st.lists(st.fractions(min_value=0, max_value=1000, max_denominator=64), min_size=5, max_size=5),
    ties=st.sampled_from(["push", "player", "dealer"]),
    qualifier=st.sampled_from(["none", "Q-high", "Q-6-4", "pair", "A-high"]),
    flags=st.tuples(st.booleans(), st.booleans()),
)
def test_to_toml_round_trips_any_exact_paytable(pays, ties, qualifier, flags):
    from dataclasses import replace

    from casino.games import Paytable, Rules, parse_game_text

    keys = ("pair", "flush", "run", "running_flush", "prial")
    game = replace(
        load_game("3-card-brag"),
        ties=ties,
        qualifier=qualifier,
        rules=Rules(*flags),
        pair_plus=Paytable("random", "pair_plus", tuple(zip(keys, pays))),
    )
    again = parse_game_text(game.to_toml())
    assert again.pair_plus.pays == game.pair_plus.pays
    assert (again.ties, again.qualifier, again.rules) == (ties, qualifier, game.rules)


def test_a_game_file_naming_itself_is_an_error_not_a_recursion(tmp_path):
    (tmp_path / "self.toml").write_text('ranking = "brag"\npair_plus = "self.toml"\n')
    with pytest.raises(GameFileError, match="names itself as a table"):
        load_game(tmp_path / "self.toml")
    (tmp_path / "a.toml").write_text('ranking = "brag"\npair_plus = "b.toml"\n[ante_bonus]\nrun = 1\n')
    (tmp_path / "b.toml").write_text('ranking = "brag"\nante_bonus = "a.toml"\n[pair_plus]\npair = 1\n')
    with pytest.raises(GameFileError, match=r"is named as a table by a file it names: a circle \(.*a.toml -> .*b.toml"
                                            r" -> .*a.toml\)") as raised:  # (it said "names itself", found by a review)
        load_game(tmp_path / "a.toml")
    assert "names itself" not in str(raised.value)
