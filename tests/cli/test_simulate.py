"""``brag simulate`` through the real command line (CliRunner, fixed width)."""

from __future__ import annotations

import json

import pytest


def run(runner, app, *args):
    return runner.invoke(app, ["simulate", *args])


def test_simulate_prints_simulated_beside_exact(runner, app):
    result = run(runner, app, "3-card-brag", "--hands", "50000", "--seed", "7")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "3 Card Brag — 50,000 rounds × 1 box, strategy optimal, seed 7" in out
    assert "Ante / Play with Ante Bonus" in out and "Pair Plus" in out
    assert "-0.03355" in out  # the exact Ante/Play return, beside the simulated one
    for word in ("Dealer does not qualify", "Running flush", "Prial", "Chi-square goodness of fit"):
        assert word in out


def test_json_is_one_object_with_every_figure(runner, app):
    result = run(runner, app, "three-card-poker", "-n", "40000", "--seed", "3", "--boxes", "2", "--level", "0.99",
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rounds"] == 40_000 and data["boxes"] == 2 and data["hands"] == 80_000 and data["seed"] == 3
    ante_play = data["bets"]["ante_play"]
    low, high = ante_play["confidence_interval"]
    assert low < ante_play["exact_mean"] < high and ante_play["level"] == 0.99
    assert data["chi_square"]["pvalue"] > 0.001


def test_same_seed_same_output_and_workers_are_reproducible(runner, app):
    args = ["--hands", "30000", "--seed", "11", "--workers", "2", "--json"]
    first = json.loads(run(runner, app, *args).stdout)
    second = json.loads(run(runner, app, *args).stdout)
    first.pop("seconds"), second.pop("seconds")
    assert first == second and first["workers"] == 2


@pytest.mark.parametrize("args", [
    ["--hands", "140000", "--boxes", "2"],  # three chunks of 65,536 rounds
    ["--hands", "140000", "--strategy", "informed"],
    ["--betting", "martingale", "--sessions", "8300", "--hands", "12"],  # two chunks of sessions
    ["teen-patti-20-20", "--hands", "140000"],
])
def test_the_seeded_output_is_the_same_for_one_two_and_three_workers(runner, app, args):
    outputs = []
    for workers in ("1", "2", "3"):
        result = run(runner, app, *args, "--seed", "2026", "--workers", workers, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        data.pop("seconds", None)
        assert data.pop("workers") == int(workers)
        outputs.append(data)
    assert outputs[0] == outputs[1] == outputs[2]


def test_paytables_and_strategies_can_be_swapped(runner, app):
    result = run(runner, app, "--hands", "20000", "--seed", "1", "--ante-bonus-table", "ante-bonus-6",
                 "--pair-plus-table", "pair-plus-3", "--strategy", "Q-6-4", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0, result.output
    assert data["strategy"] == "Q-6-4"
    assert data["game"] == "3 Card Brag [Ante Bonus table 6, Pair Plus table 3]"


def test_martingale_sessions_are_simulated(runner, app):
    result = run(runner, app, "--betting", "martingale", "--bankroll", "100", "--bet", "5", "--hands", "100",
                 "--sessions", "2000", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "Martingale from 5 (max 500)" in result.output
    assert "Risk of ruin" in result.output
    # a Martingale's session is computed exactly too (casino.session_stats), beside the simulation
    data = json.loads(run(runner, app, "--betting", "martingale", "--bankroll", "100", "--bet", "5", "--hands", "100",
                          "--sessions", "2000", "--seed", "2", "--level", "0.999", "--json").stdout)
    low, high = data["risk_of_ruin"]["low"], data["risk_of_ruin"]["high"]
    assert low <= data["exact"]["risk_of_ruin"] <= high


def test_flat_sessions_show_the_exact_figures_beside(runner, app):
    result = run(runner, app, "--betting", "flat", "--bankroll", "100", "--ante", "5", "--pair-plus", "1",
                 "--stop-win", "50", "--hands", "100", "--sessions", "3000", "--seed", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    exact, sim = data["exact"], data["risk_of_ruin"]
    assert data["pattern"] == "flat Ante 5, Pair Plus 1, stop-win 50"
    assert sim["low"] - 0.02 < exact["risk_of_ruin"] < sim["high"] + 0.02
    assert data["sessions"] == 3000


def test_sessions_default_to_300_rounds(runner, app):
    result = run(runner, app, "--betting", "flat", "--bankroll", "50", "--sessions", "200", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands"] == 300 and data["pattern"] == "flat Ante 1"


def test_pair_plus_only_sessions(runner, app):
    result = run(runner, app, "three-card-poker", "--betting", "pair-plus-only", "--bet", "0", "--pair-plus",
                 "5", "--bankroll", "50", "--hands", "50", "--sessions", "1000", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["pattern"].startswith("Pair Plus only") and "exact" in data


@pytest.mark.parametrize(
    "args,message",
    [
        (["--hands", "0"], "--hands must be at least 1"),
        (["--level", "95"], "--level must be between 0 and 1"),
        (["--boxes", "9", "--hands", "10"], "1 to 6 boxes"),
        (["--strategy", "sometimes", "--hands", "10"], "unknown strategy"),
        (["no-such-game"], "unknown game"),
        (["--betting", "labouchere", "--hands", "10"], "unknown betting pattern"),
        (["--betting", "flat", "--bet", "x", "--hands", "10"], "--ante must be a number"),
        (["--bankroll", "100"], "--bankroll is a session option: add --betting flat"),
        (["--pair-plus", "pair-plus-4"], "--pair-plus is the Pair Plus stake here; to swap the paytable use --pair-plus-table"),
        (["--betting", "flat", "--pair-plus", "pair-plus-4"], "--pair-plus is the Pair Plus stake here"),
        (["--hands", "10000000000"], "more than one run deals"),
        (["--betting", "martingale", "--hands", "100000", "--sessions", "1000000"], "more than one run plays"),
        (["--seed", " ", "--hands", "10"], "a seed cannot be empty"),
        (["--betting", "flat", "--bet", "1000", "--hands", "10"], "above the table maximum"),
        (["--betting", "flat", "--sessions", "0", "--hands", "10"], "--sessions must be at least 1"),
        (["--betting", "flat", "--boxes", "2"], "--boxes applies to rounds"),
        (["--workers", "0", "--hands", "10"], "workers must be between 1 and"),
        (["teen-patti-pro", "--workers", "0", "--hands", "10"], "workers must be between 1 and"),
        (["teen-patti-pro", "--boxes", "2", "--hands", "10"], "--boxes does not apply to Teen Patti Pro"),
        (["--hands", "1000", "--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(runner, app, monkeypatch, args, message):
    monkeypatch.setenv("BRAG_DASK_TIMEOUT", "1")  # tcp://127.0.0.1:1 refuses at once; Dask retries for this long
    result = run(runner, app, *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_never_play_sessions_lose_the_ante_every_round(runner, app):
    result = run(runner, app, "--betting", "flat", "--strategy", "never-play", "--hands", "10", "--sessions", "100",
                 "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["expected_result"]["estimate"] == -10 and data["exact"]["expected_result"] == pytest.approx(-10)


@pytest.mark.parametrize("width", ["80", "120"])
def test_tables_keep_every_number_whole(runner, app, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", width)
    result = run(runner, app, "--hands", "20000", "--seed", "7", "--boxes", "2")
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    assert max(len(line) for line in result.output.splitlines()) <= int(width)
    assert "-0.03355" in result.output and "1.6399" in result.output and "44.91%" in result.output


def test_a_text_seed_reproduces_and_a_number_keeps_its_meaning(runner, app):
    first = json.loads(run(runner, app, "--hands", "5000", "--seed", "lucky seven", "--json").stdout)
    again = json.loads(run(runner, app, "--hands", "5000", "--seed", "lucky seven", "--json").stdout)
    other = json.loads(run(runner, app, "--hands", "5000", "--seed", "lucky eight", "--json").stdout)
    first.pop("seconds"), again.pop("seconds"), other.pop("seconds")
    assert first == again and first["seed"] == "lucky seven" and first["outcomes"] != other["outcomes"]
    from casino.games import load_game
    from casino.simulate import simulate

    number = json.loads(run(runner, app, "--hands", "5000", "--seed", "42", "--json").stdout)
    assert number["seed"] == 42
    assert number["outcomes"]["fold"]["count"] == simulate(load_game("3-card-brag"), 5000, seed=42).outcomes()[0].count
    sessions = [json.loads(run(runner, app, "--betting", "martingale", "--hands", "30", "--sessions", "300",
                               "--seed", "x y", "--json").stdout) for _ in range(2)]
    assert sessions[0] == sessions[1] and sessions[0]["seed"] == "x y"


def test_sessions_say_they_are_sessions(runner, app):
    result = run(runner, app, "--betting", "flat", "--bankroll", "1000000", "--ante", "5", "--hands", "20",
                 "--sessions", "100", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "sessions of flat Ante 5; bankroll 1,000,000" in result.output
    assert "stop-win" not in result.output and "stop-loss" not in result.output  # none set: no rows


@pytest.mark.parametrize("args", [["--boxes", "9", "--hands", "10"], ["--strategy", "sometimes", "--hands", "10"],
                                  ["--hands", "10000000000"], ["--betting", "flat", "--bankroll", "1"]])
def test_an_error_is_exactly_one_line_on_stderr(runner, app, args):
    result = run(runner, app, *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("brag: error:")


def test_pair_plus_only_with_a_zero_stake_is_refused(runner, app):
    result = runner.invoke(app, ["simulate", "--hands", "100", "--betting", "pair-plus-only", "--pair-plus", "0"])
    assert result.exit_code == 2 and "stake above zero" in result.output


def test_builtin_names_in_any_case(runner, app):
    import json

    result = runner.invoke(app, ["edge", "THREE-CARD-POKER", "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["ranking"] == "poker"
    assert runner.invoke(app, ["odds", "--ranking", "Poker"]).exit_code == 0


def _strict_json(text: str):
    """JSON as a strict reader takes it: ``NaN``, ``Infinity`` and ``-Infinity`` are refused."""
    import json

    def refuse(constant: str):
        raise AssertionError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("args", [
    ["simulate", "3-card-brag", "--hands", "1", "--seed", "1"],
    ["simulate", "--betting", "flat", "--bankroll", "100", "--ante", "5", "--hands", "10", "--sessions", "1", "--seed", "1"],
    ["session", "--bankroll", "100", "--bet", "5", "--hands", "10", "--check", "--sessions", "1", "--seed", "1"],
])
def test_a_figure_one_sample_cannot_give_is_null_in_json_and_a_dash_in_text(runner, app, args):
    """Found by a hostile test: one round (or one session) gave "confidence_interval": [-Infinity, Infinity] and
    "standard_error": NaN (not JSON), and the text "±95% inf", "Std dev nan", "-inf … inf" and a z of +0.00."""
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert "null" in result.output
    _strict_json(result.output)
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    words = text.output.replace("…", " ").split()
    assert not {"nan", "inf", "-inf", "+inf", "+0.00"} & set(words), text.output
    assert "—" in text.output
