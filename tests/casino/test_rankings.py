"""Rankings as data: every built-in and a few file-defined rankings against an independent slow
evaluator (the complete order of all 22,100 hands), the [ranking] section, and its bad input."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from casino.edge import analyze
from casino.errors import GameFileError
from casino.games import load_game, parse_game_text
from casino.hands import hand_index, hand_table
from casino.rankings import CATEGORIES, Ranking, get_ranking, hand_key, parse_ranking

A23_SLOW = {"top": 99.0, "second": 11.5, "bottom": -1.0}  # A-K-Q's top card is 12, K-Q-J's 11, 2-3-4's 2


def slow_key(cards: tuple[int, int, int], ranking: Ranking) -> tuple[int, tuple[float, ...]]:
    """A hand's place from first principles: (category position, tie-break tuple). Card = rank * 4 + suit."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    suits = {c % 4 for c in cards}
    distinct = len(set(ranks))
    is_run = distinct == 3 and (ranks[0] - ranks[2] == 2 or ranks == [12, 1, 0])
    if distinct == 1:
        category, key = "prial", (99.0 if ranks[0] == ranking.top_prial_rank else float(ranks[0]),)
    elif distinct == 2:
        pair = ranks[1]
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        category, key = "pair", (float(pair), float(kicker))
    elif is_run:
        category = "running_flush" if len(suits) == 1 else "run"
        key = (A23_SLOW[ranking.a23] if ranks == [12, 1, 0] else float(ranks[0]),)
    else:
        category, key = ("flush" if len(suits) == 1 else "high_card"), tuple(float(r) for r in ranks)
    return ranking.order.index(category), key


CUSTOM = [
    parse_ranking("custom", {"order": ["high_card", "pair", "run", "flush", "prial", "running_flush"],
                             "a23": "second", "top_prial": "3"}, "test"),
    parse_ranking("custom", {"order": ["pair", "high_card", "flush", "run", "prial", "running_flush"],
                             "a23": "bottom", "top_prial": "7"}, "test"),
]


@pytest.mark.parametrize("ranking", [get_ranking("brag"), get_ranking("poker"), get_ranking("teen_patti"), *CUSTOM],
                         ids=["brag", "poker", "teen_patti", "custom-1", "custom-2"])
def test_the_complete_order_of_all_hands_matches_a_slow_evaluator(ranking):
    table = hand_table(ranking)
    hands = list(combinations(range(52), 3))
    keys = [slow_key(h, ranking) for h in hands]
    rows = hand_index(np.array(hands))
    distinct = sorted(set(keys))
    dense = {k: i for i, k in enumerate(distinct)}
    expected = np.empty(len(hands), dtype=np.int64)
    expected[rows] = [dense[k] for k in keys]
    assert len(hands) == 22_100
    assert np.array_equal(table.strength, expected)
    expected_category = np.empty(len(hands), dtype=np.int64)
    expected_category[rows] = [CATEGORIES.index(ranking.order[k[0]]) for k in keys]
    assert np.array_equal(table.category, expected_category)


def test_teen_patti_indian_order_and_words():
    tp = get_ranking("teen_patti")
    t = hand_table(tp)
    s = lambda text: int(t.strength[t.index(text)])  # noqa: E731
    assert s("Ah Ad Ac") == int(t.strength.max()) and s("Ah Ad Ac") > s("3h 3d 3c")
    assert s("Ah Kd Qc") > s("Ah 2d 3c") > s("Kh Qd Jc")  # A-K-Q the top sequence, A-2-3 the second
    assert s("As Ks Qs") > s("As 2s 3s") > s("Ks Qs Js") > s("2h 2d 2c") - 10**6
    assert s("2s 3s 4s") > s("Ah Kd Qc")  # pure sequence above sequence
    assert [tp.label(c) for c in reversed(tp.order)] == [
        "Trail", "Pure sequence", "Sequence", "Colour", "Pair", "High card"]
    assert t.describe(t.index("Ah Ad Ac")) == "Trail of Aces"
    assert t.describe(t.index("As 2s 3s")) == "Pure sequence A-2-3"
    assert hand_key("trail") == "prial" and hand_key("Pure sequence") == "running_flush"
    assert hand_key("colour") == "flush" and hand_key("sequence") == "run"


GAME = """
name = "Own ranking"
qualifier = "Q-high"
[ranking]
title = "Teen Patti, written out"
order = ["high_card", "pair", "flush", "run", "running_flush", "prial"]
top_prial = "A"
a23 = "second"
[ranking.labels]
flush = "Colour"
[pair_plus]
pair = 1
flush = 4
run = 6
running_flush = 30
prial = 40
"""


def test_a_game_file_may_define_its_own_ranking():
    game = parse_game_text(GAME, "own.toml")
    assert game.ranking.a23 == "second" and game.ranking.label("flush") == "Colour"
    assert game.ranking.label("run") == "Run"  # labels not given keep the Brag words
    same = parse_game_text(GAME.replace("[ranking]", 'ranking = "teen_patti"\n[x]').replace(
        "[x]\n" + GAME.split("[ranking]\n")[1].split("[pair_plus]")[0], ""), "tp.toml")
    assert same.ranking.name == "teen_patti"
    mine, theirs = analyze(game), analyze(same)
    assert mine.ante_play.house_edge == theirs.ante_play.house_edge
    assert mine.pair_plus.house_edge == theirs.pair_plus.house_edge
    again = parse_game_text(game.to_toml())
    assert again.ranking == game.ranking and again.to_toml() == game.to_toml()


def test_teen_patti_ranking_differs_from_brag_in_the_figures():
    brag = load_game("3-card-brag")
    tp = parse_game_text(brag.to_toml().replace('ranking = "brag"', 'ranking = "teen_patti"'))
    mine, theirs = analyze(tp), analyze(brag)
    # Moving hands that are always played and always qualify among themselves leaves the totals
    # (and so the edge) alone, by symmetry; each hand's own counts move.
    assert mine.ante_play.house_edge == theirs.ante_play.house_edge
    aces, threes = hand_table("brag").index("Ah Ad Ac"), hand_table("brag").index("3h 3d 3c")
    assert mine.dealer.lose[aces] == 0 and theirs.dealer.lose[aces] == 4  # only 3-3-3 beats A-A-A in Brag
    assert mine.dealer.lose[threes] == 11 * 4 and theirs.dealer.lose[threes] == 0


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ('order = ["pair"]\na23 = "top"', "[ranking].order must list each of"),
        ('order = ["high_card", "pair", "flush", "run", "running_flush", "prial"]\na23 = "middle"',
         "[ranking].a23 must be one of"),
        ('order = ["high_card", "pair", "flush", "run", "running_flush", "prial"]\na23 = "top"\ntop_prial = "Z"',
         "[ranking].top_prial must be a rank"),
        ('order = ["high_card", "pair", "flush", "run", "running_flush", "prial"]\na23 = "top"\nthrees_top = true',
         "[ranking]: unknown key 'threes_top'"),
        ('order = ["high_card", "pair", "flush", "run", "running_flush", "prial"]\na23 = "top"\n'
         '[ranking.labels]\nstraight = "Run"', "[ranking].labels.straight: unknown hand"),
    ],
)
def test_bad_ranking_sections_are_one_line_and_exit_2(runner, app, tmp_path: Path, section, message):
    path = tmp_path / "bad.toml"
    path.write_text(f'name = "Bad"\n[ranking]\n{section}\n', encoding="utf-8")
    with pytest.raises(GameFileError, match=None):
        load_game(str(path))
    result = runner.invoke(app, ["edge", str(path)])
    assert result.exit_code == 2, result.output
    assert message in result.output and "bad.toml" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_an_unknown_ranking_name_is_one_line(runner, app, tmp_path: Path):
    path = tmp_path / "bad.toml"
    path.write_text('ranking = "rummy"\n', encoding="utf-8")
    result = runner.invoke(app, ["edge", str(path)])
    assert result.exit_code == 2 and "unknown ranking 'rummy'" in result.output
    assert "teen_patti" in result.output
