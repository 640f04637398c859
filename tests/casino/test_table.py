"""The round engine: bets and limits, the deal, decisions, and settlement checked against the rules."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino.errors import BetError
from casino.events import BetsPlaced, BoxBets, CardDealt, DealerRevealed, Decision, RoundStarted, SeedRevealed
from casino.fair import commitment, deck_order, derive_seed, session_seed
from casino.games import load_game
from casino.hands import hand_table
from casino.rankings import PAY_CLASSES
from casino.sitting import Sitting, flat_stakes
from casino.strategy import play_mask
from casino.table import Table, exposure, flat_bets

BRAG = load_game("3-card-brag")
POKER = load_game("three-card-poker")
F = Fraction


def seed(n: int) -> bytes:
    return derive_seed(session_seed("table tests"), n)


# -- bets -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bets, message",
    [
        ([], "no bets"),
        ([BoxBets(b, F(1)) for b in range(1, 8)], "at most 6 boxes"),
        ([BoxBets(7, F(1))], "numbered 1 to 6"),
        ([BoxBets(1, F(1)), BoxBets(1, F(2))], "two sets"),
        ([BoxBets(1, F(0), F(0))], "has no bet"),
        ([BoxBets(1, F(-1))], "negative"),
        ([BoxBets(1, F(1, 2))], "below the table minimum 1"),
        ([BoxBets(1, F(501))], "above the table maximum 500"),
        ([BoxBets(1, F(5), F(101))], "Pair Plus stake 101 is above the table maximum 100"),
    ],
)
def test_bets_outside_the_rules_are_refused(bets, message):
    table = Table(BRAG)
    with pytest.raises(BetError, match=message):
        table.verify_bets(bets)
    assert not table.can_bet(bets)


def test_a_bet_above_the_bankroll_is_refused_counting_the_play_bet():
    table = Table(BRAG)
    bets = flat_bets(2, F(10), F(5))  # needs 2 x (10 + 10 + 5) = 50
    assert exposure(bets) == 50
    assert table.can_bet(bets, F(50))
    with pytest.raises(BetError, match="need 50 .* bankroll is 49"):
        table.deal(bets, seed(1), round_no=1, bankroll=F(49))


def test_pair_plus_is_refused_when_the_game_has_none():
    with pytest.raises(BetError, match="offers no Pair Plus"):
        Table(BRAG.without("pair_plus")).verify_bets([BoxBets(1, F(1), F(1))])


# -- dealing ----------------------------------------------------------------------------------------


def test_cards_go_round_the_table_from_the_seeds_deck():
    bets = [BoxBets(3, F(1)), BoxBets(1, F(0), F(2))]
    rnd = Table(BRAG).deal(bets, seed(7), round_no=7)
    deck = deck_order(seed(7))
    # seats in box order, dealer last, three times: box 1, box 3, dealer, box 1, …
    assert [c.index for c in rnd.cards[1]] == [deck[0], deck[3], deck[6]]
    assert [c.index for c in rnd.cards[3]] == [deck[1], deck[4], deck[7]]
    dealt = [e for e in rnd.events if isinstance(e, CardDealt)]
    assert [(e.to, e.card.index) for e in dealt][:3] == [(1, deck[0]), (3, deck[1]), (0, deck[2])]
    assert rnd.events[0] == RoundStarted(7, commitment(seed(7)))
    assert rnd.pending == (3,)  # the Pair Plus-only box has nothing to decide


def test_decisions_follow_the_rules():
    rnd = Table(BRAG).deal(flat_bets(2, F(1)), seed(2), round_no=2)
    with pytest.raises(BetError, match="not played or folded"):
        rnd.settle()
    with pytest.raises(BetError, match="no box 4"):
        rnd.decide(4, True)
    rnd.decide(1, False)
    assert not rnd.can_decide(1)
    with pytest.raises(BetError, match="already folded"):
        rnd.decide(1, True)
    rnd.decide(2, True)
    result = rnd.settle()
    with pytest.raises(BetError, match="already settled"):
        rnd.decide(2, True)
    kinds = [type(e) for e in result.events]
    assert kinds[:2] == [RoundStarted, BetsPlaced] and kinds[-1] is SeedRevealed
    assert kinds.count(CardDealt) == 9 and kinds.count(Decision) == 2 and kinds.count(DealerRevealed) == 1


# -- settlement, checked against an independent reading of the game file ---------------------------


def expected_nets(game, bets: BoxBets, player: int, dealer: int, play: bool | None) -> dict[str, Fraction]:
    """The rules as DEVELOPERS.md states them, written out plainly (not via casino.rules)."""
    table = hand_table(game.ranking)
    klass = PAY_CLASSES[int(table.pay_class[player])]
    nets: dict[str, Fraction] = {}
    if bets.ante:
        if not play:
            nets["ante"] = -bets.ante
        else:
            p, d = table.strength[player], table.strength[dealer]
            if table.strength[dealer] < table.threshold(game.qualifier):
                nets["ante"], nets["play"] = bets.ante, F(0)
            elif p > d:
                nets["ante"], nets["play"] = bets.ante, bets.ante
            elif p == d:
                tie = {"push": 0, "player": 1, "dealer": -1}[game.ties]
                nets["ante"] = nets["play"] = tie * bets.ante
            else:
                nets["ante"], nets["play"] = -bets.ante, -bets.ante
            lost = nets["play"] < 0
            bonus = game.ante_bonus.pay_for(klass) or 0
            nets["ante_bonus"] = bets.ante * (0 if lost and not game.rules.ante_bonus_on_loss else bonus)
    if bets.pair_plus:
        pays = game.pair_plus.pay_for(klass)
        folded = bets.ante and not play
        if folded and not game.rules.pair_plus_on_fold:
            pays = None
        nets["pair_plus"] = bets.pair_plus * pays if pays is not None else -bets.pair_plus
    return nets


def _variant(tmp_path_factory) -> object:
    """3 Card Brag with every rule variation switched: ties to the dealer, any qualifier, no Ante Bonus on a
    loss, Pair Plus lost on a fold, and a fractional payout."""
    text = BRAG.text.replace('ties = "push"', 'ties = "dealer"').replace('qualifier = "Q-high"', 'qualifier = "none"')
    text = text.replace("prial = 40", "prial = \"81/2\"") + "\n[rules]\nante_bonus_on_loss = false\npair_plus_on_fold = false\n"
    path = tmp_path_factory.mktemp("games") / "variant.toml"
    path.write_text(text, encoding="utf-8")
    return load_game(path)


@pytest.fixture(scope="module", params=["brag", "poker", "variant"])
def game(request, tmp_path_factory):
    return {"brag": BRAG, "poker": POKER}.get(request.param) or _variant(tmp_path_factory)


def test_the_variant_game_really_varies(tmp_path_factory):
    game = _variant(tmp_path_factory)
    assert (game.ties, game.qualifier, game.rules.ante_bonus_on_loss, game.rules.pair_plus_on_fold) == (
        "dealer", "none", False, False)
    assert game.pair_plus.pay_for("prial") == F(81, 2)


def test_every_bet_settles_as_the_game_file_says(game):
    table = Table(game)
    hands = hand_table(game.ranking)
    bets = (BoxBets(1, F(5), F(2)), BoxBets(2, F(3)), BoxBets(3, F(0), F(7, 2)), BoxBets(4, F(10), F(1)))
    seen_outcomes = set()
    for n in range(1, 301):
        rnd = table.deal(bets, seed(n), round_no=n)
        decisions = {1: True, 2: n % 3 != 0, 4: n % 2 == 0}
        for box in rnd.pending:
            rnd.decide(box, decisions[box])
        result = rnd.settle()
        dealer = hands.index(result.dealer_cards)
        for box, b in zip(result.boxes, bets):
            want = expected_nets(game, b, hands.index(box.cards), dealer, decisions.get(b.box))
            assert {s.bet: s.net for s in box.settled} == want, (n, box)
            assert all(s.stake == (b.pair_plus if s.bet == "pair_plus" else b.ante) for s in box.settled)
            seen_outcomes.add(box.outcome)
    always_qualifies = game.qualifier == "none"
    assert seen_outcomes >= {"fold", "win", "lose", None} | (set() if always_qualifies else {"dealer_not_qualify"})
    assert ("dealer_not_qualify" in seen_outcomes) != always_qualifies


# -- chips are conserved ----------------------------------------------------------------------------

amounts = st.fractions(min_value=1, max_value=20, max_denominator=4)
box_bets = st.tuples(st.one_of(st.just(F(0)), amounts), st.one_of(st.just(F(0)), amounts)).filter(lambda t: any(t))


@settings(max_examples=60, deadline=None)
@given(
    stakes=st.lists(box_bets, min_size=1, max_size=6),
    strategy=st.sampled_from(["optimal", "always-play", "never-play", "Q-6-4"]),
    session=st.integers(0, 10**6),
    rounds=st.integers(1, 12),
)
def test_chips_are_conserved(stakes, strategy, session, rounds):
    game = BRAG
    bankroll = F(10_000)
    sitting = Sitting(game, bankroll, seed=str(session))
    mask = play_mask(game, strategy)
    bets = tuple(BoxBets(i + 1, a, p) for i, (a, p) in enumerate(stakes))
    results = []
    sitting.autoplay(lambda s: bets, mask, hands=rounds, on_round=results.append)
    assert len(results) == rounds
    settled = sum((r.net for r in results), F(0))
    player_change = sitting.bankroll - bankroll
    assert player_change == -sitting.house  # the player's change is minus the house's
    assert player_change == settled  # and equals the sum of the settled bets
    assert sitting.felt == 0
    for r in results:  # every stake on the table is accounted for
        for box, b in zip(r.boxes, bets):
            assert {s.bet for s in box.settled} >= ({"ante"} if b.ante else set()) | ({"pair_plus"} if b.pair_plus else set())
            assert all(s.net >= -s.stake for s in box.settled)


def test_autoplay_stops_when_the_bankroll_cannot_cover_the_bets():
    sitting = Sitting(BRAG, F(30), seed="short")
    played = sitting.autoplay(flat_stakes(1, F(10)), play_mask(BRAG, "always-play"), hands=1000)
    assert played < 1000 and sitting.bankroll < 20
    assert sitting.stats.rounds == played


def test_stop_win_and_stop_loss():
    mask = play_mask(BRAG, "optimal")
    for kwargs, check in (({"stop_loss": F(20)}, lambda c: c <= -20), ({"stop_win": F(20)}, lambda c: c >= 20)):
        sitting = Sitting(BRAG, F(1000), seed="stops")
        played = sitting.autoplay(flat_stakes(1, F(5)), mask, hands=5000, **kwargs)
        assert played < 5000 and check(sitting.bankroll - 1000)


def test_the_commitment_is_shown_before_the_bets_and_used_for_the_deal():
    sitting = Sitting(BRAG, F(100))  # secure seeds
    shown = sitting.commitment
    assert sitting.commitment == shown  # asking again does not draw a new seed
    sitting.deal(flat_bets(1, F(5)))
    sitting.decide(1, False)
    result = sitting.settle()
    assert result.commitment == shown == commitment(result.seed)
    assert sitting.commitment != shown
