"""``--pair-plus-ratio`` on ``brag edge`` and ``brag simulate``: where a fold loses the Pair Plus, the optimal play
weighs a Pair Plus of R x the Ante, and the figures are those of that strategy."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from tests.pair_plus_game import LOST_ON_FOLD, pair_plus_game_text


@pytest.fixture
def lost(tmp_path):
    path = tmp_path / "lost.toml"
    path.write_text(LOST_ON_FOLD, encoding="utf-8")
    return path


def _fraction(text: str) -> Fraction:
    return Fraction(text.replace(",", ""))


def _edge(runner, app, *args):
    result = runner.invoke(app, ["edge", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("ratio", ["1", "1/2", "3"])
def test_edge_prices_the_strategy_that_weighs_the_pair_plus(runner, app, lost, ratio):
    from casino.edge import analyze
    from casino.games import load_game

    r = Fraction(ratio)
    alone, both = _edge(runner, app, str(lost)), _edge(runner, app, str(lost), "--pair-plus-ratio", ratio)
    assert "pair_plus_ratio" not in alone and "together" not in alone
    assert both["pair_plus_ratio"] == str(r)
    assert both["ante_play"]["play_rate"] > alone["ante_play"]["play_rate"]  # it plays hands it would fold alone
    # Together: the Ante/Play loss per Ante and R x the Pair Plus loss, per unit of both staked.
    ap, pp = (_fraction(both[b]["house_edge_fraction"]) for b in ("ante_play", "pair_plus"))
    assert _fraction(both["together"]["house_edge_fraction"]) == (ap + r * pp) / (1 + r)
    # ... and that is the best any play/fold rule does for the two bets together: each hand's better choice,
    # from its EV of playing for the Ante alone and its own Pair Plus pay (high cards push, a fold loses it).
    report = analyze(load_game(str(lost)))
    best = sum(max(report.decision(row, pair_plus_ratio=0).ev_play + r * _pair_plus_pay(report.table.hand_cards(row)),
                   -1 - r) for row in range(22100))
    assert _fraction(both["together"]["house_edge_fraction"]) == -best / 22100 / (1 + r)


def _pair_plus_pay(cards) -> int:
    """The test game's Pair Plus pay of a three-card poker hand, classified here from its cards."""
    ranks = sorted(c.index // 4 for c in cards)
    suited = len({c.index % 4 for c in cards}) == 1
    straight = len(set(ranks)) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [0, 1, 12])  # A-2-3 counts
    if len(set(ranks)) == 1:
        return 30
    if straight and suited:
        return 40
    if straight:
        return 6
    if suited:
        return 4
    return 1 if len(set(ranks)) == 2 else 0


def test_edge_says_when_the_ratio_changes_nothing(runner, app, tmp_path):
    result = runner.invoke(app, ["edge", "three-card-poker", "--pair-plus-ratio", "2"])
    assert result.exit_code == 0, result.output
    assert "--pair-plus-ratio 2 changes nothing here: a fold keeps the Pair Plus." in result.output
    stands = tmp_path / "stands.toml"
    stands.write_text(pair_plus_game_text(on_fold=True), encoding="utf-8")
    assert (_edge(runner, app, str(stands), "--pair-plus-ratio", "2")["ante_play"]
            == _edge(runner, app, str(stands))["ante_play"])


def test_edge_says_what_the_ratio_does(runner, app, lost):
    result = runner.invoke(app, ["edge", str(lost), "--pair-plus-ratio", "0.5"])
    assert result.exit_code == 0, result.output
    assert "Played for a Pair Plus of 0.5 × the Ante, which a fold loses" in result.output
    assert "Together, per unit of Ante and Pair Plus staked: house edge" in result.output


def test_edge_refuses_the_ratio_at_a_head_to_head_game(runner, app):
    result = runner.invoke(app, ["edge", "teen-patti-20-20", "--pair-plus-ratio", "1"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "brag: error: a Pair Plus ratio applies to the player against the dealer; Teen Patti 20-20 bets on which "
        "hand wins"]


@pytest.mark.parametrize("command", ["edge", "simulate", "strategy"])
@pytest.mark.parametrize(("ratio", "message"), [
    ("-1", "--pair-plus-ratio cannot be negative, not '-1'"),
    ("x", "--pair-plus-ratio must be a number such as 1 or 0.5, not 'x'"),
    ("1e999999", "--pair-plus-ratio is too large: '1e999999'"),
])
def test_a_bad_ratio_is_one_line_and_exit_code_2(runner, app, lost, command, ratio, message):
    result = runner.invoke(app, [command, str(lost), "--pair-plus-ratio", ratio])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [f"brag: error: {message}"]


def test_simulate_plays_the_weighed_strategy_and_sets_its_exact_figures_beside(runner, app, lost):
    from casino.edge import analyze
    from casino.games import load_game

    result = runner.invoke(app, ["simulate", str(lost), "-n", "40000", "--seed", "5", "--pair-plus-ratio", "1",
                                 "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["pair_plus_ratio"] == "1"
    exact = analyze(load_game(str(lost)), pair_plus_ratio=1)
    ap = data["bets"]["ante_play"]
    assert ap["exact_mean"] == pytest.approx(float(exact.ante_play.expected_return), abs=1e-12)
    assert abs(ap["z_score"]) < 4 and abs(data["bets"]["pair_plus"]["z_score"]) < 4
    alone = json.loads(runner.invoke(app, ["simulate", str(lost), "-n", "1000", "--seed", "5", "--json"]).stdout)
    assert alone["bets"]["ante_play"]["exact_mean"] != ap["exact_mean"]  # ratio 0 is another strategy here


def test_simulate_plays_the_weighed_strategy(lost):
    from casino.edge import analyze
    from casino.games import load_game
    from casino.simulate import simulate

    game = load_game(str(lost))
    result = simulate(game, 100, seed=1, pair_plus_ratio=Fraction(1, 2))
    assert np.array_equal(result.play, analyze(game, pair_plus_ratio=Fraction(1, 2)).play)
    assert not np.array_equal(result.play, analyze(game).play)


@pytest.mark.parametrize(("game", "args", "message"), [
    ("lost", ["--betting", "flat"], "--pair-plus-ratio applies to rounds; with --betting each round's own --pair-plus"
                                    " and --ante decide"),
    ("teen-patti-20-20", [], "a Pair Plus ratio applies to the player against the dealer; "),
])
def test_simulate_refuses_the_ratio_where_it_has_no_meaning(runner, app, lost, game, args, message):
    result = runner.invoke(app, ["simulate", str(lost) if game == "lost" else game, *args, "-n", "10",
                                 "--pair-plus-ratio", "1"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"brag: error: {message}")


def test_the_designers_guide_quotes_the_together_figure(runner, app, lost):
    """docs/designers-guide.md gives the two bets' edge together at ratio 1 on the table that pushes high cards
    (the Pair Plus tests' game): it is the one `brag edge --pair-plus-ratio 1` prints."""
    from pathlib import Path

    edge = -_fraction(_edge(runner, app, str(lost), "--pair-plus-ratio", "1")["together"]["house_edge_fraction"])
    guide = (Path(__file__).parents[2] / "docs" / "designers-guide.md").read_text(encoding="utf-8")
    assert f"−{float(edge) * 100:.4f}% (−{edge.numerator:,}/{edge.denominator:,}" in guide


def test_a_face_up_game_weighs_the_ratio_in_its_informed_play(runner, app, tmp_path):
    """Found by a hostile test: at a Face Up game `edge --pair-plus-ratio` printed "Played for a Pair Plus …" but
    priced the informed play of the Ante alone, and `simulate` with the same ratio disagreed with it."""
    path = tmp_path / "face-up.toml"
    path.write_text(LOST_ON_FOLD.replace("[rules]", "[rules]\nface_up = true"), encoding="utf-8")
    r = Fraction(1, 10)
    alone, both = _edge(runner, app, str(path)), _edge(runner, app, str(path), "--pair-plus-ratio", "1/10")
    assert both["pair_plus_ratio"] == "1/10" and "together" not in alone
    ap, pp = (_fraction(both[b]["house_edge_fraction"]) for b in ("ante_play", "pair_plus"))
    ap0, pp0 = (_fraction(alone[b]["house_edge_fraction"]) for b in ("ante_play", "pair_plus"))
    assert (ap, pp) != (ap0, pp0)
    assert _fraction(both["together"]["house_edge_fraction"]) == (ap + r * pp) / (1 + r)
    assert (ap + r * pp) < (ap0 + r * pp0)  # weighing the Pair Plus does better for the two bets together
    simulated = json.loads(runner.invoke(app, ["simulate", str(path), "-n", "2000", "--seed", "2", "--pair-plus-ratio",
                                               "1/10", "--json"]).stdout)
    assert simulated["bets"]["ante_play"]["exact_mean"] == pytest.approx(-float(ap), abs=1e-12)
    assert simulated["bets"]["pair_plus"]["exact_mean"] == pytest.approx(-float(pp), abs=1e-12)
