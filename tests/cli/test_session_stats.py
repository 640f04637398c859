"""``brag session`` through the real command line (CliRunner, fixed width)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest


def run(runner, app, *args):
    return runner.invoke(app, ["session", *args])


def test_session_table_and_histogram(runner, app):
    result = run(runner, app, "3-card-brag", "--bankroll", "100", "--bet", "5", "--hands", "300")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "flat Ante 5; bankroll 100, up to 300 rounds" in out
    assert "Risk of ruin" in out and "61.80%" in out  # the exact figure (see the library's doctest)
    assert "Ends ahead" in out and "28.55%" in out
    assert "Rounds played (expected)" in out and "189.4" in out
    assert "Final bankroll" in out and "█" in out and "◀ start" in out


def test_json_distribution_sums_to_one(runner, app):
    result = run(runner, app, "three-card-poker", "--bankroll", "50", "--bet", "2", "--pair-plus", "1",
                 "--hands", "100", "--stop-win", "40", "--stop-loss", "30", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert sum(p for _, p in data["distribution"]) == pytest.approx(1.0)
    assert sum(b["probability"] for b in data["histogram"]) == pytest.approx(1.0)
    total = data["risk_of_ruin"] + data["p_stop_win"] + data["p_stop_loss"] + data["p_full_session"]
    assert total == pytest.approx(1.0)
    assert data["stop_win"] == 40 and data["pair_plus"] == 1


def test_check_sets_a_simulation_beside_the_exact_figures(runner, app):
    result = run(runner, app, "--bankroll", "60", "--bet", "2", "--hands", "100", "--stop-win", "30", "--check",
                 "--sessions", "20000", "--seed", "5", "--level", "0.999")
    assert result.exit_code == 0, result.output
    assert "Simulated (20,000)" in result.output and "99.9% interval" in result.output
    verdicts = [line.split("│")[-2].strip() for line in result.output.splitlines() if line.count("│") == 6]
    verdicts = [v for v in verdicts if v]
    assert len(verdicts) == 5 and set(verdicts) == {"yes"}  # no stop-loss row: none was set


def test_check_in_json(runner, app):
    result = run(runner, app, "--bankroll", "40", "--bet", "2", "--hands", "50", "--check", "--sessions", "3000",
                 "--seed", "1", "--json")
    data = json.loads(result.stdout)
    assert data["check"]["sessions"] == 3000 and data["check"]["seed"] == 1


def test_plot_file_writes_an_svg(runner, app, tmp_path):
    path = tmp_path / "session.svg"
    result = run(runner, app, "--bankroll", "100", "--bet", "5", "--hands", "200", "--bins", "15",
                 "--plot-file", str(path))
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    assert root.tag.endswith("svg")
    bars = text.count("fill: #3b6ea8")
    assert 8 <= bars <= 15  # whole lattice steps per bar: maybe fewer bars than asked
    assert "risk of ruin" in text  # text kept as text


def test_plot_file_writes_a_png_whose_words_are_never_cut(runner, app, tmp_path):
    import matplotlib.image
    import numpy as np
    from matplotlib.text import Text

    from casino.games import load_game
    from casino.session_stats import session_stats
    from cli.pictures import DPI, histogram_figure
    from cli.session_stats import histogram_picture

    path = tmp_path / "session.png"
    result = run(runner, app, "--bankroll", "100", "--bet", "5", "--hands", "200", "--bins", "10",
                 "--plot-file", str(path))
    assert result.exit_code == 0, result.output
    image = matplotlib.image.imread(str(path))[:, :, :3]
    steel = (np.abs(image - np.array([59, 110, 168]) / 255) < 3 / 255).all(axis=2)
    columns = np.flatnonzero(steel.any(axis=0))
    assert steel.any() and len(np.unique(steel[:, columns].sum(axis=0))) >= 2  # bars of different heights
    # every piece of text of the same picture fits inside the saved image (the title used to be cut)
    stats = session_stats(load_game("3-card-brag"), bankroll=100, bet=5, hands=200)
    edges, mass = stats.histogram(10)
    figure = histogram_figure(edges, mass, **histogram_picture(stats))
    figure.set_dpi(DPI)
    renderer = figure.canvas.get_renderer()
    texts = [t for t in figure.findobj(Text) if t.get_text() and t.get_visible()]
    assert any("final bankroll after" in t.get_text() for t in texts)
    height, width = image.shape[:2]
    for t in texts:
        extent = t.get_window_extent(renderer)
        assert extent.width <= width and extent.height <= height, t.get_text()
    tight = figure.get_tightbbox(renderer)
    assert abs(tight.width * DPI - width) <= 0.3 * DPI + 2  # the saved picture is the tight box (+ padding)


def test_pair_plus_only_session(runner, app):
    result = run(runner, app, "--bankroll", "30", "--bet", "0", "--pair-plus", "5", "--hands", "40")
    assert result.exit_code == 0, result.output
    assert "Pair Plus only, 5 a round" in result.output


@pytest.mark.parametrize(
    "args,message",
    [
        (["--bankroll", "5", "--bet", "5"], "cannot cover one round"),
        (["--bet", "abc"], "--ante must be a number"),
        (["--pair-plus", "pair-plus-4"], "--pair-plus is the Pair Plus stake here; to swap the paytable use --pair-plus-table"),
        (["--seed", "", "--check"], "seed"),
        (["--bet", "1000", "--bankroll", "5000"], "above the table maximum"),
        (["--hands", "0"], "--hands must be at least 1"),
        (["--plot-file", "out.pdf"], "give a file name ending in .svg or .png"),
        (["--bins", "0"], "--bins must be between 1 and 200"),
        (["--strategy", "maybe"], "unknown strategy"),
        (["--level", "2", "--check"], "--level must be between 0 and 1"),
        (["--plot-file", "/no/such/dir/x.svg", "--hands", "5"], "cannot write /no/such/dir/x.svg"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(runner, app, args, message):
    result = run(runner, app, *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_never_play_is_ruined_without_a_crash(runner, app):
    result = runner.invoke(app, ["session", "--strategy", "never-play"])
    assert result.exit_code == 0, result.output
    assert "100.00%" in result.output  # ruin is certain


def test_header_amounts_in_full_and_only_the_bets_placed(runner, app):
    result = run(runner, app, "--bankroll", "1000000", "--ante", "5", "--hands", "20")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "bankroll 1,000,000," in out and "1e+06" not in out
    assert "A round needs 10 on the table (Ante and Play)" in out
    assert "stop-win" not in out and "stop-loss" not in out  # neither set: no rows for them
    with_pp = run(runner, app, "--bankroll", "100", "--ante", "5", "--pair-plus", "2", "--hands", "20").output
    assert "A round needs 12 on the table (Ante, Play and Pair Plus)" in with_pp
    pp_only = run(runner, app, "--bankroll", "100", "--ante", "0", "--pair-plus", "5", "--hands", "20").output
    assert "A round needs 5 on the table (Pair Plus)" in pp_only
    stops = run(runner, app, "--hands", "50", "--stop-win", "50").output
    assert "Reaches the stop-win" in stops and "Reaches the stop-loss" not in stops


def test_histogram_bins_sit_on_the_bankroll_steps(runner, app):
    result = run(runner, app, "--bankroll", "100", "--bet", "5", "--hands", "300", "--bins", "16")
    lines = result.output.split("Final bankroll\n", 1)[-1].splitlines()[1:]
    cells = [line.split()[:2] for line in lines if line.strip() and line.split()[0].replace(",", "").isdigit()]
    assert len(cells) >= 8
    for low, high in cells:
        assert int(low.replace(",", "")) % 5 == 0 and int(high.replace(",", "")) % 5 == 0
    data = json.loads(run(runner, app, "--bankroll", "100", "--bet", "5", "--hands", "300", "--bins", "16",
                          "--json").stdout)
    assert all(b["from"] % 5 == 0 and b["to"] % 5 == 0 for b in data["histogram"])


def test_ante_bonus_table_and_text_seed(runner, app):
    result = run(runner, app, "--ante-bonus-table", "ante-bonus-6", "--hands", "30", "--check", "--sessions", "500",
                 "--seed", "evening at the casino", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert "Ante Bonus table 6" in data["game"] and data["check"]["seed"] == "evening at the casino"


def test_check_at_80_columns_keeps_numbers_whole(runner, app, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = run(runner, app, "--hands", "60", "--stop-loss", "50", "--check", "--sessions", "2000", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    rows = [line for line in result.output.splitlines() if line.startswith("│") and "%" in line]
    assert rows and all(line.count("…") <= 1 for line in rows)  # only the interval's own ellipsis


@pytest.mark.parametrize("betting", ["paroli", "proportional:10%", "fibonacci"])
def test_session_of_a_betting_system_with_check(runner, app, betting):
    result = run(runner, app, "--betting", betting, "--bankroll", "60", "--ante", "2", "--max-ante", "16",
                 "--hands", "30", "--check", "--sessions", "3000", "--seed", "7", "--json")
    import json as json_module

    data = json_module.loads(result.output)
    assert data["check"]["sessions"] == 3000
    low, high = data["check"]["risk_of_ruin"]["low"], data["check"]["risk_of_ruin"]["high"]
    assert low - 1e-9 <= data["risk_of_ruin"] <= high + 1e-9
    assert sum(p for _, p in data["distribution"]) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("args", [["--bet", "0"], ["--ante", "0", "--pair-plus", "0"]])
def test_a_bet_of_0_without_pair_plus_says_the_bet_must_be_positive(runner, app, args):
    """It blamed "a Pair Plus only pattern" the player never asked for; the reason is the bet itself."""
    result = run(runner, app, *args, "--hands", "5")
    said = " ".join(result.output.split())
    assert result.exit_code == 2, said
    assert said == ("brag: error: --bet (the Ante) must be more than 0 and at most 1,000,000,000; 0 only with "
                    "--pair-plus, to bet Pair Plus alone"), said


def test_the_library_says_the_ante_must_be_above_zero_for_a_bet_of_0_alone():
    from casino.errors import BetError
    from casino.games import load_game
    from casino.session_stats import session_stats

    with pytest.raises(BetError, match="the Ante must be above zero") as refused:
        session_stats(load_game("3-card-brag"), bankroll=100, bet=0, hands=5)
    assert "Pair Plus only pattern needs" not in str(refused.value)
    # with a Pair Plus stake, 0 is still Pair Plus alone
    assert session_stats(load_game("3-card-brag"), bankroll=100, bet=0, pair_plus=1, hands=5).pattern.pair_plus == 1
