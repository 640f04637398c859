"""`brag edge`, `brag odds`, `brag paytables` through Typer's CliRunner."""

import json

import pytest


def test_edge_default_game_prints_tables(runner, app):
    result = runner.invoke(app, ["edge"])
    assert result.exit_code == 0, result.output
    assert "3 Card Brag" in result.output
    assert "House edge" in result.output and "Pair Plus" in result.output
    assert "407,170,400" in result.output
    assert "Ante Bonus: Run" in result.output


def test_edge_json_is_one_object_with_the_documented_keys(runner, app):
    result = runner.invoke(app, ["edge", "three-card-poker", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "Three Card Poker"
    ap = data["ante_play"]
    for key in ("house_edge", "house_edge_fraction", "element_of_risk", "play_rate", "std_dev", "outcomes"):
        assert key in ap
    num, den = map(int, ap["house_edge_fraction"].split("/"))
    assert num * 407_170_400 == 13_733_780 * den
    assert ap["outcomes"] == {
        "fold": 132_652_800, "dealer_not_qualify": 85_493_652, "win": 97_354_684, "tie": 267_648, "lose": 91_401_616,
    }
    pp = data["pair_plus"]
    for key in ("house_edge", "house_edge_fraction", "hit_rate", "std_dev"):
        assert key in pp
    assert round(pp["house_edge"] * 100, 2) == 2.32


def test_edge_of_a_game_file_without_side_bets(runner, app, tmp_path):
    path = tmp_path / "bare.toml"
    path.write_text('name = "Bare"\nranking = "poker"\n')
    data = json.loads(runner.invoke(app, ["edge", str(path), "--json"]).output)
    assert "pair_plus" not in data and "ante_play" in data
    assert round(data["ante_play"]["house_edge"] * 100, 3) == 8.658  # Three Card Poker without its Ante Bonus


def test_edge_with_swapped_tables(runner, app):
    result = runner.invoke(app, ["edge", "three-card-poker", "--ante-bonus-table", "ante-bonus-5", "--pair-plus-table", "pair-plus-8", "--json"])
    data = json.loads(result.output)
    assert round(data["ante_play"]["house_edge"] * 100, 2) == 1.56
    assert round(data["pair_plus"]["house_edge"] * 100, 2) == 7.28


def test_odds_table(runner, app):
    result = runner.invoke(app, ["odds"])
    assert result.exit_code == 0
    for text in ("Prial of threes", "1 in 5,525", "1 in 460", "1 in 31", "1 in 20", "1 in 6", "3 in 4"):
        assert text in result.output
    poker = json.loads(runner.invoke(app, ["odds", "--ranking", "poker", "--json"]).output)
    assert poker["hands"][0]["label"] == "Mini royal" and poker["total"] == 22_100


def test_paytables_lists_everything(runner, app):
    result = runner.invoke(app, ["paytables"])
    assert result.exit_code == 0
    for name in ("3-card-brag", "three-card-poker", "ante-bonus-6", "pair-plus-8", "six-card-bonus-1", "prime-1"):
        assert name in result.output
    data = json.loads(runner.invoke(app, ["paytables", "--json"]).output)
    assert {g["name"] for g in data["games"]} == {"3-card-brag", "three-card-poker", "brag-with-side-bets",
                                                  "teen-patti", "teen-patti-20-20", "teen-patti-pro", "four-card-brag",
                                                  "joker-brag"}
    assert len([t for t in data["paytables"] if t["bet"] == "pair_plus"]) >= 8


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["edge", "3-card-brg"], "did you mean '3-card-brag'"),
        (["edge", "--pair-plus-table", "pair-plus-99"], "unknown paytable 'pair-plus-99'"),
        (["odds", "--ranking", "bridge"], "unknown ranking 'bridge'"),
        (["frobnicate"], "No such command 'frobnicate'"),
        (["edge", "--no-such-option"], "No such option: --no-such-option"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(runner, app, args, message):
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('ranking = "brag"\n[pair_plus\npair = 1\n', "malformed TOML"),
        ('ranking = "brag"\n[pair_plus]\npair = -3\n', "[pair_plus].pair must be zero or more"),
        ('ranking = "brag"\n[pair_plus]\nfour_of_a_kind = 3\n', "[pair_plus].four_of_a_kind: unknown hand name"),
        ('ranking = "brag"\nties = "sometimes"\n', "ties must be one of"),
        ('qualifier = "Q-high"\n', "missing key 'ranking'"),
        ('ranking = "brag"\nqualifier = "Q-lowish"\n', "qualifier"),
        ('ranking = "brag"\nextra = 1\n', "unknown key 'extra'"),
    ],
)
def test_bad_game_files_at_the_command_line(runner, app, tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = runner.invoke(app, ["edge", str(path)])
    assert result.exit_code == 2
    assert message in result.output and "bad.toml" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_help_lists_the_commands(runner, app):
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for name in ("edge", "odds", "paytables"):
        assert name in result.output


def test_help_shows_plain_value_names_not_types(runner, app):
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    assert "<str>" not in result.output and "<bool>" not in result.output and "<int>" not in result.output
    assert "BANKROLL" in result.output


def test_meter_from_db_never_creates_a_database(runner, app, tmp_path):
    """Pricing a progressive at its stored meter reads the database; one not there is one line (it was
    created, and the file's meter reported as "stored")."""
    missing = tmp_path / "none.db"
    result = runner.invoke(app, ["edge", "brag-with-side-bets", "--meter-from-db", "--db", str(missing)])
    assert result.exit_code == 2, result.output
    assert "no database at" in result.output
    assert not missing.exists()


def test_an_empty_game_name_is_one_line(runner, app):
    result = runner.invoke(app, ["edge", ""])
    assert result.exit_code == 2, result.output
    assert "empty name" in result.output and "folder" not in result.output


def test_an_empty_strategy_is_refused(runner, app, tmp_path):
    result = runner.invoke(app, ["play", "--auto", "--strategy", " ", "--hands", "1", "--db", str(tmp_path / "b.db")])
    assert result.exit_code == 2, result.output
    assert "--strategy needs a name" in result.output


def test_an_ante_bonus_table_at_a_head_to_head_game_is_refused(runner, app):
    """Teen Patti 20-20 has no Ante or Play: --ante-bonus-table was silently ignored while the title said
    "[Ante Bonus table 1]"; it is one line, exit 2, as an [ante_bonus] section in such a file is."""
    result = runner.invoke(app, ["edge", "teen-patti-20-20", "--ante-bonus-table", "ante-bonus-1"])
    assert result.exit_code == 2
    assert "a head-to-head game has no Ante or Play" in result.output and "Traceback" not in result.output


def test_edge_never_cuts_a_number_at_80_columns(runner, app, monkeypatch):
    """At 80 columns the Tie's standard deviation read "26.62…" and headers "House ed…": the tables are fitted
    (stacked when they must be), as compare's and par's are."""
    monkeypatch.setenv("COLUMNS", "80")
    result = runner.invoke(app, ["edge", "teen-patti-20-20"])
    assert result.exit_code == 0, result.output
    assert "26.6296" in result.output and "…" not in result.output
    assert all(len(line) <= 80 for line in result.output.splitlines())
