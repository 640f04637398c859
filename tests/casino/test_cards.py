import pytest

from casino.cards import Card, Rank, Suit, new_deck, parse_cards
from casino.errors import BragError, CardError


@pytest.mark.parametrize(
    "text",
    ["3h 3d 3s", "3H 3D 3S", "3♥ 3♦ 3♠", "3♡,3♢,3♤", "3h3d3s", "  3h ,  3d;3s  "],
)
def test_the_same_hand_in_every_notation(text):
    assert parse_cards(text) == (
        Card(Rank.THREE, Suit.HEARTS),
        Card(Rank.THREE, Suit.DIAMONDS),
        Card(Rank.THREE, Suit.SPADES),
    )


@pytest.mark.parametrize("text", ["Th", "10h", "th", "10H", "T♥", "10♥"])
def test_ten_as_t_or_10(text):
    assert Card.parse(text) == Card(Rank.TEN, Suit.HEARTS)


def test_prints_with_suit_symbols_and_as_ascii():
    cards = parse_cards("A♠ 2♠ 3♠ Td qc")
    assert [str(c) for c in cards] == ["A♠", "2♠", "3♠", "10♦", "Q♣"]
    assert [c.ascii() for c in cards] == ["As", "2s", "3s", "Td", "Qc"]
    assert repr(cards[0]) == "Card('A♠')"
    assert parse_cards(" ".join(str(c) for c in cards)) == cards  # what prints, parses


def test_index_round_trips_and_deck_is_complete():
    deck = new_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert [c.index for c in deck] == list(range(52))
    assert all(Card.from_index(c.index) == c for c in deck)
    assert Card.parse("2c").index == 0 and Card.parse("As").index == 51


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ah 1x", "unknown card '1x'"),
        ("Zs", "unknown card 'Zs'"),
        ("Ah Kd Qx", "unknown card 'Qx'"),
        ("11h", "unknown card"),
        ("Ah Ah Kd", "duplicate card A♥"),
    ],
)
def test_bad_card_text_is_a_clear_error(text, message):
    with pytest.raises(CardError, match=message):
        parse_cards(text)


def test_wrong_count():
    with pytest.raises(CardError, match="expected 3 cards, got 2"):
        parse_cards("Ah Kd", count=3)
    assert issubclass(CardError, BragError) and issubclass(CardError, ValueError)


def test_cards_and_sequences_pass_through():
    cards = parse_cards("Ah Kd Qc")
    assert parse_cards(list(cards), count=3) == cards
    assert parse_cards(cards[0]) == (cards[0],)
    with pytest.raises(CardError, match="duplicate"):
        parse_cards([cards[0], cards[0]])


def test_an_error_never_echoes_a_huge_line_in_full():
    """Found by a hostile test: `brag classic` echoed a 9,000-character discard line back in its error (92 lines
    on the screen). What was typed is quoted up to 60 characters."""
    from casino.cards import parse_cards_with_jokers
    from casino.classic.actions import action_from_text
    from casino.errors import BragError

    for attempt in (lambda: parse_cards("7c " * 3000), lambda: parse_cards_with_jokers("7c " * 3000),
                    lambda: parse_cards("zz" * 3000), lambda: action_from_text("zz" + "y" * 5000),
                    lambda: action_from_text("b 5 " + "6 " * 3000)):
        with pytest.raises(BragError) as error:
            attempt()
        assert len(str(error.value)) < 300 and "…" in str(error.value), str(error.value)[:400]

