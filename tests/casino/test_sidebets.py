"""Side bets: exact counts checked against independent counts, and each named table's edge."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest

from casino.errors import GameFileError, UnknownGameError
from casino.games import load_game
from casino.sidebets import SIDE_BETS, builtin_side_bets, load_side_bet, side_bet_counts
from casino.sidebets.colour import colour_counts, prime_counts, progressive_counts
from casino.sidebets.six_card import N_SIX_CARD_SETS, six_card_counts


# ---------------------------------------------------------------------------------------------------
# An independent 6 Card Bonus count: by rank multiset (pure Python, ~18,000 multisets), with the
# suit assignments that make a flush counted by formula.


def _straight(ranks: set[int]) -> bool:
    """Five ranks in a row among ``ranks`` (0 = deuce … 12 = ace; the wheel A-2-3-4-5 counts)."""
    low = set(ranks) | ({-1} if 12 in ranks else set())
    return any(all(r + k in low for k in range(5)) for r in range(-1, 9))


def _flush_hand(ranks: set[int]) -> str:
    if not _straight(ranks):
        return "flush"
    return "royal_flush" if {8, 9, 10, 11, 12} <= ranks else "straight_flush"


def independent_six_card_counts() -> dict[str, int]:
    counts = dict.fromkeys(
        ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind", "two_pair", "pair", "high_card"), 0)
    for multiset in combinations_with_replacement(range(13), 6):
        c = [multiset.count(r) for r in range(13)]
        if max(c) > 4:
            continue
        ways = prod(comb(4, k) for k in c)
        distinct = {r for r in range(13) if c[r]}
        trips = sum(1 for k in c if k == 3)
        pairs = sum(1 for k in c if k == 2)
        if max(c) == 4:
            counts["four_of_a_kind"] += ways
        elif trips == 2 or (trips == 1 and pairs >= 1):
            counts["full_house"] += ways
        elif len(distinct) == 6:
            # All six suited: 4 ways; exactly five suited (one rank left out, in another suit): 6 x 4 x 3.
            flushes = 4
            counts[_flush_hand(distinct)] += 4
            for left_out in distinct:
                counts[_flush_hand(distinct - {left_out})] += 12
                flushes += 12
            counts["straight" if _straight(distinct) else "high_card"] += ways - flushes
        elif len(distinct) == 5 and pairs == 1:
            # Five ranks in one suit: suit (4) x which card of the pair carries it (3 pairs hold it).
            counts[_flush_hand(distinct)] += 12
            counts["straight" if _straight(distinct) else "pair"] += ways - 12
        elif trips == 1:
            counts["three_of_a_kind"] += ways
        elif pairs >= 2:  # two or three pairs: the best five cards are two pair
            counts["two_pair"] += ways
        elif pairs == 1:
            counts["pair"] += ways
        else:
            counts["high_card"] += ways
    return counts


def test_six_card_bonus_counts_match_an_independent_count():
    counts = six_card_counts()
    assert sum(counts.values()) == N_SIX_CARD_SETS == comb(52, 6) == 20_358_520
    assert counts == independent_six_card_counts()


def test_six_card_bonus_counts_agree_with_simple_formulas():
    counts = six_card_counts()
    assert counts["royal_flush"] == 4 * 47  # five royal cards and any other card
    assert counts["four_of_a_kind"] == 13 * comb(48, 2)
    # Straight flushes: per suit, 9 runs (the wheel … 9-K) with any sixth card, less the 8 six-card
    # runs counted twice (A-6 … 8-K) and 9-K + the ace, which is a royal flush: 4 x (9 x 47 - 8 - 1).
    assert counts["straight_flush"] == 4 * (9 * 47 - 8 - 1)


def test_six_card_bonus_counts_by_brute_force_on_a_small_deck():
    """The product code's classifier on every six-card set of a 20-card deck, against a plain evaluator."""
    import numpy as np

    from casino.sidebets.six_card import _classify, _straight_lookup

    deck = [(r, s) for r in (0, 1, 2, 3, 8, 9, 10, 11, 12) for s in range(4)][:20] + [(4, 0), (4, 1)]
    sets = list(combinations(deck, 6))
    masks = np.array([sum(1 << (s * 13 + r) for r, s in cards) for cards in sets], dtype=np.int64)
    got = _classify(masks, _straight_lookup())
    names = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
             "three_of_a_kind", "two_pair", "pair", "high_card")
    for cards, category in zip(sets, got):
        assert names[category] == _plain(cards), cards


def _plain(cards) -> str:
    best = "high_card"
    order = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
             "three_of_a_kind", "two_pair", "pair", "high_card")
    for five in combinations(cards, 5):
        ranks = sorted(r for r, _ in five)
        suits = {s for _, s in five}
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
        if straight and len(suits) == 1:
            hand = "royal_flush" if ranks[0] == 8 else "straight_flush"
        elif counts[0] == 4:
            hand = "four_of_a_kind"
        elif counts[:2] == [3, 2]:
            hand = "full_house"
        elif len(suits) == 1:
            hand = "flush"
        elif straight:
            hand = "straight"
        elif counts[0] == 3:
            hand = "three_of_a_kind"
        elif counts[:2] == [2, 2]:
            hand = "two_pair"
        elif counts[0] == 2:
            hand = "pair"
        else:
            hand = "high_card"
        best = min(best, hand, key=order.index)
    return best


def test_six_card_bonus_can_pay_and_reports_every_line(tmp_path):
    from casino.games import load_game

    path = tmp_path / "six.toml"
    path.write_text('ranking = "poker"\n[six_card_bonus]\nroyal_flush = 1000\nstraight_flush = 200\n'
                    'four_of_a_kind = 100\nfull_house = 20\nflush = 15\nstraight = 10\nthree_of_a_kind = 7\n'
                    'two_pair = 3\npair = "1/2"\nhigh_card = 0\n')
    bet = load_game(str(path)).side_bet("six_card_bonus")
    report = bet.report(ranking="poker")
    rows = {o.label: (o.combinations, o.pays) for o in report.outcomes}
    assert rows["Two pair"] == (2_532_816, 3) and rows["Pair"] == (9_730_740, Fraction(1, 2))
    assert rows["High card"] == (6_612_900, 0) and "Loses" in rows and rows["Loses"][0] == 0
    expected = (188 * 1000 + 1656 * 200 + 14664 * 100 + 165984 * 20 + 205792 * 15 + 361620 * 10 + 732160 * 7
                + 2532816 * 3 + Fraction(9730740, 2)) / N_SIX_CARD_SETS
    assert report.expected_return == expected


def test_six_card_bonus_lines_settle_at_the_table():
    import numpy as np

    from casino.sidebets.settle import classify

    player = np.array([[0, 4, 8]])  # 2c 3c 4c
    dealer = np.array([[1, 5, 50]])  # 2d 3d Ah: two pair
    best, names = classify("six_card_bonus", player, dealer)
    assert names[best[0]] == "two_pair"
    best, names = classify("six_card_bonus", np.array([[0, 4, 8]]), np.array([[1, 21, 50]]))  # a pair of 2s
    assert names[best[0]] == "pair"
    best, names = classify("six_card_bonus", np.array([[0, 5, 10]]), np.array([[20, 29, 50]]))
    assert names[best[0]] == "high_card"


def test_colour_prime_and_progressive_counts_by_formula():
    assert colour_counts() == {
        "same_rank": 13 * comb(4, 3),
        "same_suit": 4 * comb(13, 3),
        "same_colour": 2 * comb(26, 3) - 4 * comb(13, 3),
    }
    one_colour = 2 * comb(26, 3)
    assert prime_counts() == {
        "six_one_colour": one_colour * comb(23, 3),
        "three_one_colour": one_colour * (comb(49, 3) - comb(23, 3)),
    }
    # Probability that all six cards are one colour: 2 C(26,6) / C(52,6).
    six = Fraction(prime_counts()["six_one_colour"], comb(52, 3) * comb(49, 3))
    assert six == Fraction(2 * comb(26, 6), comb(52, 6))
    progressive = progressive_counts()
    assert progressive["mini_royal"] == 4 and progressive["three_aces"] == 4
    assert sum(progressive.values()) == comb(52, 3) - 16440  # every hand but high cards


@pytest.mark.parametrize("name", sorted(builtin_side_bets()))
def test_each_named_table_edge_from_its_pays_and_counts(name):
    bet = load_side_bet(name)
    counts, total = side_bet_counts(bet.bet)
    expected = Fraction(0)
    paid = 0
    for hand, n in counts.items():
        pays = bet.pay_for(hand)
        if pays is not None:
            expected += pays * n
            paid += n
    expected -= total - paid
    assert bet.report().house_edge == -expected / total
    assert 0 < bet.report().house_edge < 1


def test_named_table_edges_match_published_figures():
    # table-games-online.com states 10.23% for 1000-200-50-25-20-10-5; we get 10.2248% (see docs).
    assert round(float(load_side_bet("six-card-bonus-1").report().house_edge), 4) == 0.1022
    # Microgaming High Speed Poker bonus (27/6/2): 468/22,100 = 2.1176%.
    assert load_side_bet("colour-bonus-1").report().house_edge == Fraction(468, 22100)
    # Prime 3/4: 1 - (3 p3 + 4 p6 + ... ) = 3.62%.
    assert round(float(load_side_bet("prime-1").report().house_edge), 4) == 0.0362


def test_progressive_edge_is_linear_in_the_meter_with_a_break_even():
    bet = load_side_bet("progressive-1")
    meter = bet.break_even_meter()
    assert meter is not None and meter > 0
    assert bet.edge_at(meter) == 0
    assert bet.edge_at(meter + 1) < 0 < bet.edge_at(meter - 1)
    slope = bet.edge_at(1) - bet.edge_at(0)
    assert slope == Fraction(-4, 22100)  # the four mini royals each win one meter
    assert bet.with_meter(meter).report().house_edge == 0
    no_meter = bet.with_pay("mini_royal", Fraction(100))
    assert no_meter.break_even_meter() is None


def _progressive_hand(cards: tuple[int, ...]) -> str:
    """An independent classifier of three cards (index = rank * 4 + suit, rank 0 = two ... 12 = ace) in the
    progressive's words; a special hand is named as itself, never as its category."""
    ranks = sorted(c // 4 for c in cards)
    suited = len({c % 4 for c in cards}) == 1
    run = ranks in ([0, 1, 12], [10, 11, 12]) or (ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1)
    if ranks == [1, 1, 1]:
        return "prial_of_threes"
    if ranks == [12, 12, 12]:
        return "three_aces"
    if ranks[0] == ranks[2]:
        return "prial"
    if suited and ranks == [10, 11, 12]:
        return "mini_royal"
    if suited and run:
        return "running_flush"
    if run:
        return "run"
    if suited:
        return "flush"
    return "pair" if len(set(ranks)) == 2 else "high_card"


@pytest.mark.parametrize("table", [
    # progressive-1: a mini royal wins the meter (1,000) alone, not the meter plus the running flush's 70
    {"meter": 1000, "mini_royal": "100% meter", "running_flush": 70, "prial": 60, "run": 6},
    {"meter": 1000, "mini_royal": 500, "running_flush": "50% meter", "prial": 60, "prial_of_threes": "10% meter"},
    {"meter": 200, "running_flush": 40, "prial": "1 meter", "run": 5},  # specials unlisted: their category
])
def test_a_listed_special_hand_overrides_its_category_fixed_pay_and_meter_share_alike(tmp_path, table):
    """Found by a hostile test: a special hand listed with a meter share also took its category's fixed pay (and
    one listed with a fixed pay its category's meter share): progressive-1's mini royal paid 1,070, not 1,000.
    The edge is checked against every hand of the deck, classified independently (docs/file-format.md)."""
    lines = ["[progressive]"] + [f"{k} = {v!r}".replace("'", '"') for k, v in table.items()]
    (tmp_path / "p.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    bet = load_side_bet(tmp_path / "p.toml")
    meter = Fraction(table["meter"])
    parent = {"mini_royal": "running_flush", "prial_of_threes": "prial", "three_aces": "prial"}

    def pays(hand: str) -> Fraction | None:
        if hand not in table and hand in parent:
            hand = parent[hand]
        value = table.get(hand)
        if value is None:
            return None
        if isinstance(value, str):
            return Fraction(value.split("%")[0]) / 100 * meter if "%" in value else Fraction(value.split()[0]) * meter
        return Fraction(value)

    total = Fraction(0)
    for cards in combinations(range(52), 3):
        won = pays(_progressive_hand(cards))
        total += won if won is not None else -1
    assert bet.edge_at(meter) == -total / comb(52, 3)
    assert bet.report().house_edge == -total / comb(52, 3)


def test_progressive_1_at_its_meter_and_its_break_even():
    bet = load_side_bet("progressive-1")
    assert bet.pay_for("mini_royal") == 1000 and bet.pay_for("running_flush") == 70
    assert bet.report().house_edge == Fraction(6760, 22100)  # docs/side-bets.md: 26/85
    assert bet.break_even_meter() == 2690


def test_side_bets_as_game_file_sections(tmp_path):
    path = tmp_path / "bonus.toml"
    path.write_text(
        'name = "Bonus game"\nranking = "poker"\npair_plus = "pair-plus-1"\n'
        'six_card_bonus = "six-card-bonus-2"\n'
        "[prime]\nsix_one_colour = 4\nthree_one_colour = 3\n"
        '[progressive]\nmeter = 5000\nmini_royal = "meter"\nrunning_flush = 50\n',
        encoding="utf-8",
    )
    game = load_game(str(path))
    assert [s.bet for s in game.side_bets] == ["six_card_bonus", "prime", "progressive"]
    from casino.edge import analyze

    report = analyze(game)
    assert [b.bet for b in report.bets] == ["ante_play", "pair_plus", "six_card_bonus", "prime", "progressive"]
    assert report.side_bets[1].house_edge == load_side_bet("prime-1").report().house_edge
    assert game.side_bet("progressive").meter == 5000


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[six_card_bonus]\nroyal = 1000\n", "unknown hand for 6 Card Bonus"),
        ("[prime]\nsix_one_colour = -4\n", "zero or more"),
        ('six_card_bonus = "six-card-bonus-9"\n', "unknown side-bet table"),
        ("[colour_bonus]\n", "must be a table of hand = payout"),
        ('[progressive]\nmini_royal = "100% meter"\n', r"bad\.toml: \[progressive\]\.meter is required"),
        ("[progressive]\nrun = 6\n", r"\[progressive\]\.meter is required"),
        ('[progressive]\nmeter = 100\nmini_royal = "200% meterx"\n', r"\.mini_royal .*not '200% meterx'"),
        ('[progressive]\nmeter = 100\nmini_royal = "lots meter"\n', r"not 'lots meter'"),
        ("[progressive]\nmeter = -5\nrun = 6\n", r"\.meter"),
    ],
)
def test_bad_side_bet_sections_name_the_file_and_key(tmp_path, body, message):
    path = tmp_path / "bad.toml"
    path.write_text('name = "Bad"\nranking = "poker"\n' + body, encoding="utf-8")
    with pytest.raises(GameFileError, match=message):
        load_game(str(path))


def test_side_bet_loading_errors(tmp_path):
    with pytest.raises(UnknownGameError):
        load_side_bet("six-card-bonus-99")
    with pytest.raises(GameFileError, match="has no"):
        load_side_bet("prime-1", bet="six_card_bonus")
    assert set(SIDE_BETS) == {"six_card_bonus", "colour_bonus", "prime", "progressive"}
    with pytest.raises(GameFileError):
        side_bet_counts("nonsense")


def test_six_card_counts_by_rank_pattern_match_classifying_every_set():
    """The fast count against the table's own classifier run on all 20,358,520 six-card sets."""
    from casino.sidebets.six_card import _counts, count_by_enumeration

    assert _counts() == count_by_enumeration()


def test_progressive_hands_in_the_game_ranking_words():
    from casino.compare import compare, design
    from casino.par import par_sheet

    poker = load_game("three-card-poker").with_side_bet(load_side_bet("progressive-1"))
    brag = load_game("3-card-brag").with_side_bet(load_side_bet("progressive-1"))
    poker_rows = [r[0] for s in par_sheet(poker).sections() if s.title.startswith("Progressive") for r in s.rows]
    assert "Straight flush" in poker_rows and "Three of a kind" in poker_rows and "Straight" in poker_rows
    assert not {"Running flush", "Prial", "Run"} & set(poker_rows)
    brag_rows = [r[0] for s in par_sheet(brag).sections() if s.title.startswith("Progressive") for r in s.rows]
    assert "Running flush" in brag_rows and "Prial" in brag_rows
    top = compare([design(poker)]).column("progressive")[0].top_award_hand
    assert top == "Mini royal"
