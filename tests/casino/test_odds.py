"""The classic Brag odds, as rule books print them."""

from casino.odds import hand_odds


def one_in(row) -> int:
    return round(row.total / row.combinations)


def test_classic_brag_odds():
    rows = {row.label: row for row in hand_odds("brag")}
    assert list(rows) == [
        "Prial of threes", "Other prials", "Running flush", "Run", "Flush", "Pair", "High card",
    ]
    assert one_in(rows["Prial of threes"]) == 5_525
    assert one_in(rows["Other prials"]) == 460
    assert one_in(rows["Running flush"]) == 460
    assert one_in(rows["Run"]) == 31
    assert one_in(rows["Flush"]) == 20
    assert one_in(rows["Pair"]) == 6
    assert rows["High card"].probability.limit_denominator(10) == 3 / 4
    assert sum(row.combinations for row in rows.values()) == 22_100


def test_poker_splits_its_top_hands():
    rows = {row.key: row.combinations for row in hand_odds("poker")}
    assert rows["mini_royal"] == 4 and rows["running_flush"] == 44
    assert rows["three_aces"] == 4 and rows["prial"] == 48
