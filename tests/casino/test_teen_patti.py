"""The Teen Patti games: house-banked Teen Patti, Teen Patti 20-20 and Teen Patti Pro (head-to-head).

Every bet is checked against an independent brute force (hands ranked by a plain evaluator written
from the rules, every pair of disjoint hands compared), and against the published figures quoted."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from casino.edge import analyze
from casino.games import load_game, parse_game_text
from tests.reference import dense_strengths, numpy_brute_force, ranking_key

N = comb(52, 3) * comb(49, 3)  # 407,170,400 ordered pairs of disjoint hands
HANDS = list(combinations(range(52), 3))
TEEN_PATTI = ("high_card", "pair", "flush", "run", "running_flush", "prial")
POKER = ("high_card", "pair", "flush", "run", "prial", "running_flush")


def _plain(cards: tuple[int, int, int]) -> str:
    """The category of a hand, from first principles."""
    return TEEN_PATTI[ranking_key(cards, TEEN_PATTI, 12, "bottom")[0]]


@pytest.fixture(scope="module")
def teen_patti_brute():
    """Strengths from the plain evaluator (A-A-A top, A-2-3 second) and, per hand, the counts
    (not qualifying, win, tie, lose) against every disjoint hand, for a queen-high qualifier."""
    keys = [ranking_key(h, TEEN_PATTI, 12, "second") for h in HANDS]
    strength = np.array(dense_strengths(keys))
    queen_high = min(s for h, s, k in zip(HANDS, strength, keys) if k[0] > 0 or max(h) // 4 >= 10)
    return strength, numpy_brute_force(strength, np.array(HANDS), queen_high)


def test_teen_patti_20_20_every_bet_against_a_brute_force(teen_patti_brute):
    strength, _ = teen_patti_brute
    counts = numpy_brute_force(strength, np.array(HANDS), 0)  # every hand "qualifies"
    win, tie, lose = (int(counts[:, k].sum()) for k in (1, 2, 3))
    report = analyze(load_game("teen-patti-20-20"))
    assert report.counts == (win, tie, lose)
    assert report.bet("player_a").house_edge == -(Fraction(19, 20) * win - lose) / N
    assert report.bet("player_b").house_edge == -(Fraction(19, 20) * lose - win) / N
    assert report.bet("tie").house_edge == -Fraction(800 * tie - (N - tie), N)
    # Pair + on either hand: the 20-20 table, three aces paid apart.
    pays = {"prial": 40, "running_flush": 30, "run": 6, "flush": 3, "pair": 1}
    total = sum(50 if h[0] // 4 == 12 and len({c // 4 for c in h}) == 1 else pays.get(_plain(h), -1) for h in HANDS)
    for name in ("pair_plus_player_a", "pair_plus_player_b"):
        assert report.bet(name).expected_return == Fraction(total, len(HANDS))
    # 6 Card Bonus: the 20-20 table over an independent count of the six-card sets.
    from tests.casino.test_sidebets import independent_six_card_counts

    six = independent_six_card_counts()
    table = {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 100, "full_house": 20, "flush": 15,
             "straight": 10, "three_of_a_kind": 7}
    paid = sum(six[h] * p for h, p in table.items())
    lost = comb(52, 6) - sum(six[h] for h in table)
    assert report.bet("six_card_bonus").expected_return == Fraction(paid - lost, comb(52, 6))


def test_teen_patti_20_20_published_figures():
    """Wizard of Odds, "Teen Patti 20-20" (Player A/B analysis): ties 450,528 combinations,
    probability 0.001108, win probability 0.499446, return -0.024972, "a house edge of 2.50%"."""
    report = analyze(load_game("teen-patti-20-20"))
    win, tie, lose = report.counts
    assert tie == 450_528
    assert round(tie / N, 6) == 0.001106  # the source prints 0.001108 = 450,528 / 406,719,872 (see below)
    # The source's total, 406,719,872, is 407,170,400 less the ties once more: its win count
    # 203,134,672 is (407,170,400 - 2 x 450,528) / 2; counted over all pairs it is 203,359,936.
    assert 406_719_872 == N - tie and 203_134_672 * 2 == N - 2 * tie
    assert round(float(report.bet("player_a").expected_return), 6) == -0.024972
    assert round(float(report.bet("player_a").house_edge) * 100, 2) == 2.50


def test_teen_patti_pro_every_bet_and_its_published_counts(teen_patti_brute):
    """Wizard of Odds, "Teen Patti Pro": hands of one value (of 22,100): straight flush 48, three of a
    kind 52, straight 720, flush 1,096, pair 3,744, nothing 16,440. Its tie table approximates how
    often the second hand matches the first (460,824 ties, 1 in 883.57); counted over every pair
    the ties are 450,528, as in Teen Patti 20-20 (ties do not depend on the category order)."""
    report = analyze(load_game("teen-patti-pro"))
    keys = [ranking_key(h, POKER, 12, "bottom") for h in HANDS]
    strength = np.array(dense_strengths(keys))
    counts = numpy_brute_force(strength, np.array(HANDS), 0)
    win, tie, lose = (int(counts[:, k].sum()) for k in (1, 2, 3))
    assert report.counts == (win, tie, lose) and tie == 450_528 != 460_824
    assert report.bet("player").house_edge == report.bet("banker").house_edge == -(Fraction(9, 10) * win - lose) / N
    assert report.bet("tie").house_edge == -Fraction(864 * tie - (N - tie), N)
    published = {"running_flush": 48, "prial": 52, "run": 720, "flush": 1096, "pair": 3744, "high_card": 16440}
    plain = {c: sum(1 for k in keys if POKER[k[0]] == c) for c in published}
    assert plain == published
    for key, pays in {"pair": Fraction(565, 100), "flush": Fraction(185, 10), "run": Fraction(30),
                      "prial": Fraction(405), "running_flush": Fraction(440)}.items():
        for hand in ("player", "banker"):
            bet = report.bet(f"{key}_on_{hand}")
            assert bet.expected_return == Fraction(published[key], 22_100) * pays - 1  # "for 1": stake included


def test_house_banked_teen_patti_against_a_brute_force(teen_patti_brute):
    strength, counts = teen_patti_brute
    nq, win, tie, lose = (counts[:, k].astype(object) for k in range(4))
    aces = np.array([h[0] // 4 == 12 and len({c // 4 for c in h}) == 1 for h in HANDS])
    category = [_plain(h) for h in HANDS]
    bonus = np.array([10 if a else {"run": 1, "prial": 4, "running_flush": 5}.get(c, 0)
                      for a, c in zip(aces, category)], dtype=object)
    dealt = comb(49, 3)
    play_value = nq * 1 + win * 2 - lose * 2 + bonus * dealt  # per hand, in units of 1/18,424 Ante
    played = play_value > -dealt  # play exactly when playing beats folding (a tie folds)
    total = sum(v if p else -dealt for v, p in zip(play_value, played))
    report = analyze(load_game("teen-patti"))
    assert report.ante_play.house_edge == -Fraction(int(total), dealt * len(HANDS))
    assert report.ante_play.play_rate == Fraction(int(played.sum()), len(HANDS))


def test_the_teen_patti_games_round_trip_through_their_text():
    for name in ("teen-patti", "teen-patti-20-20", "teen-patti-pro"):
        game = load_game(name)
        again = parse_game_text(game.to_toml())
        assert again.to_toml() == game.to_toml() and again.head_to_head == game.head_to_head
        assert [b.house_edge for b in analyze(again).bets] == [b.house_edge for b in analyze(game).bets]


def test_a_head_to_head_game_file_with_player_and_banker_and_losing_ties(tmp_path):
    path = tmp_path / "pb.toml"
    path.write_text('ranking = "brag"\n[head_to_head]\nhands = ["Player", "Banker"]\nwin = "1.95 for 1"\n'
                    'hand_bets_on_tie = "lose"\n')
    report = analyze(load_game(str(path)))
    win, tie, lose = report.counts
    assert [b.bet for b in report.bets] == ["player", "banker"]
    assert report.bet("banker").expected_return == (Fraction(95, 100) * lose - win - tie) / N


def test_solve_on_head_to_head_bets():
    from casino.solve import solve

    game = load_game("teen-patti-20-20")
    s = solve(game, "tie", "tie", Fraction(5, 100))
    assert s.exact and analyze(s.game).bet("tie").house_edge == Fraction(5, 100)
    s = solve(game, "player_b", "win", "0.01")
    report = analyze(s.game)
    assert report.bet("player_a").house_edge == report.bet("player_b").house_edge == Fraction(1, 100)
    s = solve(game, "pair_plus", "flush", "0.03")
    assert analyze(s.game).bet("pair_plus_player_b").house_edge == Fraction(3, 100)


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ('[head_to_head]\ntie = 800\n', "[head_to_head]: missing key 'win'"),
        ('[head_to_head]\nwin = "0.95 to 2"\n', "[head_to_head].win must be a payout"),
        ('[head_to_head]\nwin = "0.5 for 1"\n', "returns less than the stake"),
        ('[head_to_head]\nwin = 1\ntie = -3\n', "[head_to_head].tie must be zero or more"),
        ('[head_to_head]\nwin = 1\nhands = ["A"]\n', "[head_to_head].hands must name the two hands"),
        ('[head_to_head]\nwin = 1\nhands = ["A", "a"]\n', "[head_to_head].hands must name the two hands"),
        ('[head_to_head]\nwin = 1\nhand_bets_on_tie = "split"\n', "hand_bets_on_tie must be"),
        ('[head_to_head]\nwin = 1\nwinn = 2\n', "unknown key 'winn'"),
        ('[head_to_head]\nwin = 1\n[head_to_head.hand_bets]\nfull_house = 3\n', "hand_bets.full_house: unknown hand"),
        ('qualifier = "Q-high"\n[head_to_head]\nwin = 1\n', "qualifier: a head-to-head game has no dealer"),
        ('[ante_bonus]\nrun = 1\n[head_to_head]\nwin = 1\n', "ante_bonus: a head-to-head game"),
        ('head_to_head = 3\n', "[head_to_head] must be a table"),
    ],
)
def test_bad_head_to_head_sections_are_one_line_and_exit_2(runner, app, tmp_path, section, message):
    path = tmp_path / "bad.toml"
    path.write_text('ranking = "teen_patti"\n' + section, encoding="utf-8")
    result = runner.invoke(app, ["edge", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output and "bad.toml" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["simulate", "teen-patti-pro", "--hands", "100", "--boxes", "2"],
                                     ["simulate", "teen-patti-pro", "--betting", "flat"], ["strategy", "teen-patti-pro"],
                                     ["solve", "teen-patti-pro", "--bet", "tie", "--hand", "flush", "--edge", "0.03"]])
def test_what_a_head_to_head_game_cannot_do_is_one_line(runner, app, command):
    result = runner.invoke(app, command)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize("command", ["edge", "par", "compare"])
def test_edge_par_compare_work_on_head_to_head_games(runner, app, command):
    import json

    for name in ("teen-patti-20-20", "teen-patti-pro"):
        args = [command, name] + (["--json"] if command != "compare" else [])
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        if command != "compare":
            data = json.loads(result.output)
            assert data["shape"] == "head_to_head" and "tie" in data
        else:
            assert "Tie" in result.output
