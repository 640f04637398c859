"""Face Up: the exact edge of the informed strategy against a plain brute force, the rule in game
files, the simulator playing it, and the trainer's values."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from casino.advantage import informed
from casino.cards import Card
from casino.edge import analyze
from casino.errors import BragError, CardError
from casino.face_up import N_COMPLETIONS, blind, face_up_analysis, informed_play, informed_values
from casino.games import load_game, parse_game_text
from casino.hands import N_HANDS, hand_index, hand_table
from casino.rankings import PAY_CLASSES
from casino.simulate import simulate
from casino.strategy import play_mask
from casino.trainer import Lesson, advise

GAMES = [
    ("3-card-brag", None),
    ("three-card-poker", "ante-bonus-6"),
]


def face_up(game):
    return dataclasses.replace(game, rules=dataclasses.replace(game.rules, face_up=True))


def brute_force_ev(game, player: int) -> np.ndarray:
    """For one player hand, the exact EV of playing (per Ante) against each of the 52 up cards, by
    dealing every completion: the dealer's hand is the up card and any two of the 48 cards left.
    Written plainly from the rules: qualify, compare strengths, Ante/Play nets, the Ante Bonus."""
    table = hand_table(game.ranking)
    strength = table.strength.astype(np.int64)
    q = table.threshold(game.qualifier)
    tie = {"push": 0, "player": 1, "dealer": -1}[game.ties]
    bonus = [Fraction(0)] * len(PAY_CLASSES)
    if game.ante_bonus is not None:
        for c, name in enumerate(PAY_CLASSES):
            pay = game.ante_bonus.pay_for(name)
            bonus[c] = pay if pay is not None else Fraction(0)
    my_bonus = bonus[int(table.pay_class[player])]
    mine = set(int(c) for c in table.cards[player])
    ps = int(strength[player])
    evs = np.full(52, np.nan, dtype=object)
    for up in range(52):
        if up in mine:
            continue
        rest = [c for c in range(52) if c not in mine and c != up]
        pairs = np.array(list(combinations(rest, 2)), dtype=np.int64)
        assert len(pairs) == N_COMPLETIONS
        dealer = hand_index(np.column_stack([np.full(len(pairs), up), pairs]))
        ds = strength[dealer]
        qualifies = ds >= q
        win = qualifies & (ps > ds)
        ties = qualifies & (ps == ds)
        lose = qualifies & (ps < ds)
        n_nq, n_win, n_tie, n_lose = int((~qualifies).sum()), int(win.sum()), int(ties.sum()), int(lose.sum())
        total = n_nq * 1 + n_win * 2 + n_tie * 2 * tie - n_lose * 2
        bonus_deals = n_nq + n_win + n_tie + (n_lose if game.rules.ante_bonus_on_loss else 0)
        evs[up] = Fraction(total, N_COMPLETIONS) + my_bonus * Fraction(bonus_deals, N_COMPLETIONS)
    return evs


@pytest.mark.parametrize("name,ante_bonus", GAMES)
def test_informed_values_match_a_brute_force_for_a_sample_of_hands(name, ante_bonus):
    game = load_game(name, ante_bonus=ante_bonus)
    values = informed_values(game)
    play = informed_play(game)
    rng = np.random.default_rng(20261201)
    sample = rng.choice(N_HANDS, size=40, replace=False)
    for i in sample:
        evs = brute_force_ev(game, int(i))
        for up in range(52):
            if evs[up] is np.nan or (isinstance(evs[up], float) and math.isnan(evs[up])):
                assert not values.possible[up, i] and not play[i, up]
                continue
            assert values.possible[up, i]
            assert values.ev_play(int(i), up) == evs[up]
            assert bool(play[i, up]) == (evs[up] > -1)


@pytest.mark.parametrize("name,ante_bonus", GAMES)
def test_face_up_edge_equals_the_brute_force_mean_over_hands_and_up_cards(name, ante_bonus):
    """The edge is the average over (hand, up card) of max(EV play, -1): checked exactly on a sample
    of hands against the brute force, and as a whole against the 52 one-card analyses of
    casino.advantage (a separate path: no suit symmetry used)."""
    game = face_up(load_game(name, ante_bonus=ante_bonus))
    report = analyze(game)
    values = informed_values(game)
    best = np.where(values.possible, np.maximum(values.value, values.fold_value), 0)
    scale = values.scale * N_COMPLETIONS
    expected_return = Fraction(int(best.sum()), scale * N_HANDS * 49)
    assert report.ante_play.expected_return == expected_return
    assert report.ante_play.total == N_HANDS * 49 * N_COMPLETIONS
    assert sum(n for _, n in report.ante_play.distribution) == report.ante_play.total
    assert sum(report.ante_play.counts.values()) == report.ante_play.total
    rng = np.random.default_rng(7)
    for i in rng.choice(N_HANDS, size=12, replace=False):
        evs = brute_force_ev(game, int(i))
        by_brute = sum((max(e, Fraction(-1)) for e in evs if not isinstance(e, float)), Fraction(0))
        assert Fraction(int(best[:, i].sum()), scale) == by_brute
    mean_of_cards = sum((informed(game, dealer_card=Card.from_index(d)).edge for d in range(52)), Fraction(0)) / 52
    assert report.ante_play.house_edge == mean_of_cards


def test_face_up_rule_in_a_game_file_and_its_round_trip(tmp_path):
    base = load_game("three-card-poker")
    text = base.to_toml().replace("[rules]\n", "[rules]\nface_up = true\n")
    game = parse_game_text(text)
    assert game.rules.face_up and "face_up = true" in game.to_toml()
    assert "face_up" not in base.to_toml()  # snapshots of ordinary games are unchanged
    report = analyze(game)
    assert "Face Up" in report.ante_play.title
    assert report.ante_play.house_edge < analyze(base).ante_play.house_edge
    # the blind strategy of a Face Up game is the ordinary one; its figures are the ordinary ones
    assert np.array_equal(play_mask(game, "optimal"), play_mask(base, "optimal"))
    assert analyze(game, play=play_mask(game, "optimal")).ante_play.house_edge == analyze(base).ante_play.house_edge
    assert blind(game).rules.face_up is False
    bad = text.replace("face_up = true", 'face_up = "yes"')
    with pytest.raises(BragError, match="face_up must be true or false"):
        parse_game_text(bad)


def test_pair_plus_lost_on_a_fold_follows_the_informed_folds(tmp_path):
    base = load_game("three-card-poker")
    text = base.to_toml().replace("pair_plus_on_fold = true", "pair_plus_on_fold = false")
    game = face_up(parse_game_text(text))
    report = analyze(game)
    play = informed_play(game)
    values = informed_values(game)
    folds = int((values.possible & ~play.T).sum())
    loses = next(o for o in report.pair_plus.outcomes if o.label == "Loses")
    blind_losing = int(sum(1 for c in hand_table(game.ranking).pay_class if game.pair_plus.pay_for(PAY_CLASSES[c]) is None))
    assert report.pair_plus.total == N_HANDS * 49
    assert loses.combinations >= folds
    assert loses.combinations <= folds + blind_losing * 49


def test_simulate_plays_the_informed_strategy_and_agrees_with_the_exact_figures():
    game = load_game("3-card-brag")
    result = simulate(game, 100_000, strategy="informed", seed=12)
    bet = result.bet("ante_play")
    assert "Face Up" in bet.title
    assert abs(bet.z_score) < 4
    assert bet.exact_mean == face_up_analysis(game).ante_play.expected_return
    fold = next(r for r in result.outcomes() if r.name == "fold")
    assert abs(fold.z_score) < 4
    # the same seed without the information deals exactly as before (no extra draws)
    assert simulate(game, 5000, seed=3).tally.sums == simulate(game, 5000, strategy="optimal", seed=3).tally.sums


def test_informed_is_refused_where_one_decision_per_hand_is_needed():
    with pytest.raises(BragError, match="informed"):
        play_mask(load_game("3-card-brag"), "informed")


# -- the trainer ----------------------------------------------------------------------------------


def test_trainer_advice_is_the_brute_force_value():
    game = load_game("three-card-poker", ante_bonus="ante-bonus-6")
    table = hand_table(game.ranking)
    i = table.index("Qh 6d 4c")
    evs = brute_force_ev(game, i)
    for up in ("2s", "Ks", "Qd", "6h"):
        advice = advise(game, "Qh 6d 4c", up)
        d = Card.from_index([c for c in range(52) if Card.from_index(c).ascii() == up][0]).index
        assert advice.ev_play == evs[d] and advice.ev_fold == -1
        assert advice.best == ("play" if evs[d] > -1 else "fold")
        assert advice.cost(advice.best == "play") == 0
        assert advice.cost(advice.best != "play") == abs(evs[d] + 1)


def test_lesson_totals_the_cost_of_mistakes():
    game = load_game("3-card-brag")
    lesson = Lesson()
    a = advise(game, "Qh 6d 4c", "As")
    b = advise(game, "Ah Ad 4c", "2s")
    cost = lesson.record(a, play=a.best != "play", ante=5)
    assert cost == a.cost(a.best != "play") * 5 and cost > 0
    assert lesson.record(b, play=b.best == "play", ante=5) == 0
    assert (lesson.decisions, lesson.mistakes) == (2, 1)
    assert lesson.money == cost and lesson.cost == cost / 5


def test_trainer_refuses_impossible_states():
    game = load_game("3-card-brag")
    with pytest.raises(CardError):
        advise(game, "Qh 6d 4c", "Qh")
    with pytest.raises(CardError):
        advise(game, "Qh 6d", "2s")


def test_optimal_at_a_face_up_game_is_the_informed_strategy_brag_edge_prices():
    """"optimal" means the best strategy given what the player may see, the same in brag edge, brag simulate
    and auto-play: at a Face Up game the simulated Ante/Play return converges to edge's figure (the
    informed strategy's, +3.48 % for Three Card Poker), within 4 standard errors at a fixed seed. The blind
    strategy's -3.37 % is about 17 standard errors away at 200,000 rounds, so playing it fails this test."""
    from casino.strategy import decision_table

    game = face_up(load_game("three-card-poker"))
    edge = analyze(game).ante_play  # what brag edge reports
    assert edge.house_edge < 0 < analyze(blind(game)).ante_play.house_edge
    assert np.array_equal(decision_table(game, "optimal"), informed_play(game))
    result = simulate(game, 200_000, seed=20261201)
    bet = result.bet("ante_play")
    assert result.exact.ante_play.expected_return == edge.expected_return
    assert abs(bet.mean - float(edge.expected_return)) < 4 * bet.standard_error
    blind_return = float(analyze(blind(game)).ante_play.expected_return)
    assert abs(float(edge.expected_return) - blind_return) > 12 * bet.standard_error
    fold = next(r for r in result.outcomes() if r.name == "fold")
    assert fold.exact == 1 - edge.play_rate and abs(fold.z_score) < 4
