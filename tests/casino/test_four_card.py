"""Four-card games: the exact card-removal counts against a brute force over every dealer hand, for a
fixed random sample of player hands, with hands valued by the independent ranker of
:mod:`casino.besthand` (best three of four, the discard breaking ties)."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from casino.besthand import HandRanker
from casino.edge import analyze
from casino.games import load_game, parse_game_text
from casino.maths.four_card import N_FOUR_CARD_DEALER_HANDS, four_card_index, four_card_outcomes

HANDS = np.array(list(combinations(range(52), 4)), dtype=np.int64)


@pytest.fixture(scope="module")
def reference_keys() -> np.ndarray:
    """The besthand key of every four-card hand (best three, then the discard), in plain Python."""
    ranker = HandRanker(cards=4)
    return np.array([ranker.best_key(h) for h in HANDS.tolist()], dtype=np.int64)


def brute_counts(keys: np.ndarray, qualifier_key: int, i: int, masks: np.ndarray) -> tuple[int, int, int, int]:
    """Player hand i against every four-card hand of the other 48 cards: (not qualifying, win, tie, lose)."""
    disjoint = (masks & masks[i]) == 0
    qualifies = disjoint & (keys >= qualifier_key)
    return (int((disjoint & ~qualifies).sum()), int((qualifies & (keys < keys[i])).sum()),
            int((qualifies & (keys == keys[i])).sum()), int((qualifies & (keys > keys[i])).sum()))


@pytest.mark.parametrize(("discard", "qualifier", "weakest"), [(True, "pair", (0, 1, 4)), (False, "Q-high", (0, 5, 40)),
                                                               (True, "Q-high", (0, 5, 40))])
def test_every_dealer_hand_for_a_sample_of_player_hands(reference_keys, discard, qualifier, weakest):
    ranker = HandRanker(cards=3)
    # The weakest qualifying three: 2-2-3 for a pair, Q-3-2 for queen-high (suits mixed).
    qualifier_key = ranker.three_key(*weakest)
    keys = reference_keys if discard else reference_keys >> 8  # no discard: the best three alone
    if not discard:
        qualifier_key >>= 8
    masks = np.bitwise_or.reduce(np.int64(1) << HANDS, axis=1)
    d = four_card_outcomes("brag", qualifier, discard)
    rows = four_card_index(HANDS)
    rng = np.random.default_rng(2026)
    for i in rng.choice(len(HANDS), 40, replace=False):
        expected = brute_counts(keys, qualifier_key, int(i), masks)
        j = rows[i]
        assert (int(d.not_qualify[j]), int(d.win[j]), int(d.tie[j]), int(d.lose[j])) == expected
        assert sum(expected) == N_FOUR_CARD_DEALER_HANDS == comb(48, 4)


def test_four_card_brag_decisions_on_the_sample_against_the_brute_force(reference_keys):
    """The optimal play/fold and its exact value for sampled hands, from the brute-force counts."""
    game = load_game("four-card-brag")
    report = analyze(game)
    masks = np.bitwise_or.reduce(np.int64(1) << HANDS, axis=1)
    qualifier_key = HandRanker(cards=3).three_key(0, 1, 4)
    rows = four_card_index(HANDS)
    bonus = {"running_flush": 1, "prial": 2}
    rng = np.random.default_rng(7)
    for i in rng.choice(len(HANDS), 30, replace=False):
        nq, win, tie, lose = brute_counts(reference_keys, qualifier_key, int(i), masks)
        best = HandRanker(cards=4).best(HANDS[i].tolist())
        category = report.table.three.category_name(report.table.three.index(best.as_cards))
        value = nq + 2 * win - 2 * lose + bonus.get(category, 0) * N_FOUR_CARD_DEALER_HANDS
        j = rows[i]
        assert Fraction(int(report.play_value[j]), report.scale) == value
        assert bool(report.play[j]) == (value > -N_FOUR_CARD_DEALER_HANDS)


def test_four_card_totals_and_symmetry():
    d = four_card_outcomes("brag", "none", True)
    assert int((d.not_qualify + d.win + d.tie + d.lose).sum()) == comb(52, 4) * comb(48, 4)
    assert int(d.not_qualify.sum()) == 0 and int(d.win.sum()) == int(d.lose.sum())
    report = analyze(load_game("four-card-brag"))
    assert report.ante_play.total == 270_725 * 194_580 and report.pair_plus.total == 270_725
    assert sum(n for _, n in report.ante_play.distribution) == report.ante_play.total


def test_four_card_game_round_trips_and_solves():
    from casino.solve import solve

    game = load_game("four-card-brag")
    again = parse_game_text(game.to_toml())
    assert (again.cards, again.discard_breaks_ties) == (4, True) and again.to_toml() == game.to_toml()
    s = solve(game, "pair_plus", "flush", "0.02")
    assert s.exact and analyze(s.game).pair_plus.house_edge == Fraction(2, 100)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cards = 5\n", "cards must be 3 or 4"),
        ('cards = "4"\n', "cards must be 3 or 4"),
        ("cards = true\n", "cards must be 3 or 4"),
        ('cards = 4\ndiscard_breaks_ties = "yes"\n', "discard_breaks_ties must be true or false"),
        ("discard_breaks_ties = true\n", "discard_breaks_ties needs cards = 4"),
        ('cards = 4\nsix_card_bonus = "six-card-bonus-1"\n', "six_card_bonus: side bets are settled on three-card"),
        ('cards = 4\n[head_to_head]\nwin = 1\n', "cards: a head-to-head game deals three cards"),
        ("cards = 4\n[rules]\nface_up = true\n", "[rules].face_up is for three-card games"),
    ],
)
def test_bad_hand_size_keys_are_one_line_and_exit_2(runner, app, tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text('ranking = "brag"\n' + text, encoding="utf-8")
    result = runner.invoke(app, ["edge", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output and "bad.toml" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["strategy", "four-card-brag"], ["simulate", "four-card-brag", "--hands", "10"],
                                     ["par", "four-card-brag", "--strategy", "always-play"]])
def test_what_a_four_card_game_cannot_do_yet_is_one_line(runner, app, command):
    result = runner.invoke(app, command)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1


def test_edge_and_par_on_a_four_card_game(runner, app):
    import json

    data = json.loads(runner.invoke(app, ["par", "four-card-brag", "--json"]).output)
    assert data["ante_play"]["total_combinations"] == 52_677_670_500
    rows = data["ante_play"]["by_player_hand"]
    assert sum(r["fold"] + r["dealer_not_qualify"] + r["win"] + r["tie"] + r["lose"] for r in rows) == 52_677_670_500
    assert abs(sum(r["contribution"] for r in rows) + data["ante_play"]["house_edge"]) < 1e-12
    assert "270,725 × 194,580" in runner.invoke(app, ["edge", "four-card-brag"]).output
