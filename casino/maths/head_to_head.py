"""Head-to-head games: two three-card hands dealt from one deck, bets on which one wins.

Teen Patti 20-20 and Teen Patti Pro deal two hands (Player A / Player B, or Player / Banker) and
take bets on the winner (paid ``"0.95 to 1"`` or ``"1.9 for 1"``), on a tie, Pair Plus on either
hand and a 6 Card Bonus on all six cards. Every bet is counted exactly over the
22,100 x 18,424 = 407,170,400 ordered pairs of disjoint hands: the win / tie / lose counts of the
first hand against the second are the dealer-outcome counts of a dealer who always qualifies
(:func:`casino.dealer.dealer_outcomes` with ``"none"``), summed over the first hand::

    >>> from casino.games import load_game
    >>> from casino.edge import analyze
    >>> report = analyze(load_game("teen-patti-20-20"))
    >>> [b.bet for b in report.bets]
    ['player_a', 'player_b', 'tie', 'pair_plus_player_a', 'pair_plus_player_b', 'six_card_bonus']
    >>> report.counts
    (203359936, 450528, 203359936)
    >>> round(float(report.bet("player_a").house_edge), 6)
    0.024972

Pair Plus on either hand pays on that hand's three cards alone: each hand is a uniformly random
three-card hand, so both are counted over the 22,100 hands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from casino.errors import BetError, GameFileError

__all__ = ["HeadToHead", "HeadToHeadReport", "describe", "parse_head_to_head", "parse_pay", "analyze_head_to_head",
           "TIE_RULES"]

#: What the bets on either hand do when the hands tie.
TIE_RULES = ("push", "lose")
_KEYS = ("hands", "win", "tie", "hand_bets_on_tie", "hand_bets")
_PAY = re.compile(r"^\s*(?P<amount>[0-9./\s]+?)\s+(?P<kind>to|for)\s+1\s*$", re.IGNORECASE)


def parse_pay(value: Any, where: str) -> Fraction:
    """A payout as casinos write it, as the net win per unit staked (exact).

    A number or ``"X to 1"`` wins X; ``"X for 1"`` returns X in all, stake included (wins X - 1)::

        >>> parse_pay("0.95 to 1", "w"), parse_pay("1.9 for 1", "w"), parse_pay(800, "w")
        (Fraction(19, 20), Fraction(9, 10), Fraction(800, 1))
    """
    from casino.money import parse_amount

    if isinstance(value, str):
        match = _PAY.match(value)
        if match is None:
            try:
                return parse_amount(value, where)
            except GameFileError:
                raise GameFileError(
                    f"{where} must be a payout such as 0.95, \"0.95 to 1\" or \"1.9 for 1\", not {value!r}"
                ) from None
        amount = parse_amount(match["amount"].strip(), where)
        if match["kind"].lower() == "for":
            if amount < 1:
                raise GameFileError(f"{where}: \"{value}\" returns less than the stake on a win")
            return amount - 1
        return amount
    return parse_amount(value, where)


def pay_text(net: Fraction) -> str:
    """A net win as players read it: ``0.95 to 1``."""
    from casino.money import amount_text

    return f"{amount_text(net)} to 1"


def describe(game: Any) -> str:
    """A head-to-head game's rules in one line (ranking, hands, what the bets pay)."""
    rules: HeadToHead = game.head_to_head
    a, b = rules.hands
    text = (f"{game.ranking.title} ranking; two hands dealt, {a} and {b}; a bet on the winner pays "
            f"{pay_text(rules.win)}, {'pushes' if rules.hand_bets_on_tie == 'push' else 'loses'} on a tie")
    if rules.tie is not None:
        text += f"; the Tie pays {pay_text(rules.tie)}"
    return text


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")


@dataclass(frozen=True)
class HeadToHead:
    """The head-to-head part of a game: the two hands' names and the pays of the bets on them."""

    hands: tuple[str, str] = ("Player A", "Player B")
    win: Fraction = Fraction(19, 20)  # net win of a bet on the hand that wins
    tie: Fraction | None = None  # net win of the tie bet; None: no tie bet
    hand_bets_on_tie: str = "push"  # bets on either hand when the hands tie: "push" or "lose"
    #: Bets on one hand value of either hand (Teen Patti Pro's "Pair", "Flush" …): hand -> net win;
    #: each is its own bet, won only when that hand holds exactly this hand (category or special hand).
    hand_bets: tuple[tuple[str, Fraction], ...] = ()

    @property
    def bet_names(self) -> tuple[str, str]:
        """The bets on each hand, as named in reports (``player_a``, ``player_b``)."""
        return (_slug(self.hands[0]), _slug(self.hands[1]))

    def to_toml_table(self) -> dict[str, Any]:
        table: dict[str, Any] = {"hands": list(self.hands), "win": self.win}
        if self.tie is not None:
            table["tie"] = self.tie
        table["hand_bets_on_tie"] = self.hand_bets_on_tie
        if self.hand_bets:
            table["hand_bets"] = dict(self.hand_bets)
        return table


def parse_head_to_head(table: Any, label: str) -> HeadToHead:
    """The ``[head_to_head]`` section of a game file (see ``docs/file-format.md``)."""
    where = f"{label}: [head_to_head]"
    if not isinstance(table, dict):
        raise GameFileError(f"{where} must be a table")
    from casino.toml_files import _check_keys

    _check_keys(table, _KEYS, where)
    hands = table.get("hands", ["Player A", "Player B"])
    if (not isinstance(hands, list) or len(hands) != 2 or not all(isinstance(h, str) and _slug(h) for h in hands)
            or _slug(hands[0]) == _slug(hands[1])):
        raise GameFileError(f"{where}.hands must name the two hands, e.g. [\"Player A\", \"Player B\"], not {hands!r}")
    if _slug(hands[0]) in ("tie", "six_card_bonus") or _slug(hands[1]) in ("tie", "six_card_bonus"):
        raise GameFileError(f"{where}.hands: a hand cannot be called {hands!r}")
    if "win" not in table:
        raise GameFileError(f"{where}: missing key 'win' (what a bet on the winning hand pays, e.g. \"0.95 to 1\")")
    win = parse_pay(table["win"], f"{where}.win")
    tie = parse_pay(table["tie"], f"{where}.tie") if "tie" in table else None
    on_tie = table.get("hand_bets_on_tie", "push")
    if on_tie not in TIE_RULES:
        raise GameFileError(f"{where}.hand_bets_on_tie must be \"push\" or \"lose\", not {on_tie!r}")
    bets = table.get("hand_bets", {})
    if not isinstance(bets, dict):
        raise GameFileError(f"{where}.hand_bets must be a table of hand = payout")
    from casino.rankings import PAY_CLASSES, hand_key

    pays: dict[str, Fraction] = {}
    for word, value in bets.items():
        try:
            key = hand_key(word)
        except KeyError:
            raise GameFileError(f"{where}.hand_bets.{word}: unknown hand name") from None
        if key in pays:
            raise GameFileError(f"{where}.hand_bets.{word}: the same hand listed twice")
        pays[key] = parse_pay(value, f"{where}.hand_bets.{word}")
    return HeadToHead(hands=(hands[0].strip(), hands[1].strip()), win=win, tie=tie, hand_bets_on_tie=on_tie,
                      hand_bets=tuple((k, pays[k]) for k in PAY_CLASSES if k in pays))


@dataclass(frozen=True, eq=False)
class HeadToHeadReport:
    """Exact figures of every bet of a head-to-head game (the counterpart of an ``EdgeReport``)."""

    game: Any
    table: Any  # the HandTable of the game's ranking
    counts: tuple[int, int, int]  # ordered pairs of disjoint hands: first wins, tie, second wins
    hand_bets: tuple[Any, ...]
    tie_bet: Any | None
    pair_plus_bets: tuple[Any, ...]
    value_bets: tuple[Any, ...] = ()  # the hand bets on one hand value of either hand
    side_bets: tuple[Any, ...] = ()

    @property
    def play(self) -> np.ndarray:
        """There is no play/fold decision in a head-to-head game: asking for one is a clear error
        (strategy and play work on house-banked games; simulate deals it by
        :func:`casino.maths.head_to_head_sim.simulate_head_to_head`)."""
        raise BetError(f"{self.game.name} is a head-to-head game: no player decides to play or fold, so there"
                       " is no strategy to show or play yet (edge, par, compare, solve and simulate work on it)")

    @property
    def bets(self) -> tuple[Any, ...]:
        tie = (self.tie_bet,) if self.tie_bet is not None else ()
        return (*self.hand_bets, *tie, *self.pair_plus_bets, *self.value_bets, *self.side_bets)

    def bet(self, name: str) -> Any:
        """The report of one bet by name (``"player_a"``, ``"tie"``, ``"pair_plus_player_b"`` …)."""
        for b in self.bets:
            if b.bet == name:
                return b
        raise BetError(f"{self.game.name} has no bet {name!r} (bets: {', '.join(b.bet for b in self.bets)})")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game.name, "ranking": self.game.ranking.name, "shape": "head_to_head",
                                "hands": list(self.game.head_to_head.hands)}
        for bet in self.bets:
            data[bet.bet] = bet.to_dict()
        return data


def _hand_bet(name: str, title: str, mine: int, tie: int, theirs: int, rules: HeadToHead, total: int) -> Any:
    from casino.edge import BetReport, Outcome

    on_tie = Fraction(0) if rules.hand_bets_on_tie == "push" else Fraction(-1)
    other = rules.hands[1] if title == rules.hands[0] else rules.hands[0]
    outcomes = (
        Outcome(f"{title} wins", mine, rules.win, total),
        Outcome("Tie" + (" (push)" if on_tie == 0 else " (loses)"), tie, on_tie, total),
        Outcome(f"{other} wins", theirs, Fraction(-1), total),
    )
    distribution: dict[Fraction, int] = {}
    for o in outcomes:
        distribution[o.pays] = distribution.get(o.pays, 0) + o.combinations
    return BetReport(bet=name, title=f"{title} wins", total=total, outcomes=outcomes,
                     distribution=tuple(sorted(distribution.items(), reverse=True)),
                     counts={"win": mine, "tie": tie, "lose": theirs})


def _tie_bet(tie: int, pays: Fraction, total: int) -> Any:
    from casino.edge import BetReport, Outcome

    outcomes = (Outcome("Tie", tie, pays, total), Outcome("Loses", total - tie, Fraction(-1), total))
    return BetReport(bet="tie", title="Tie", total=total, outcomes=outcomes,
                     distribution=((pays, tie), (Fraction(-1), total - tie)))


def _value_bet(key: str, pays: Fraction, hand: str, slug: str, table: Any, ranking: Any) -> Any:
    """A bet that one hand holds exactly ``key`` (a category, mini royal and prials included, or a special hand)."""
    from casino.edge import BetReport, Outcome
    from casino.hands import N_HANDS
    from casino.rankings import CATEGORIES, PAY_CLASSES

    if key in CATEGORIES:
        n = int(np.count_nonzero(table.category == CATEGORIES.index(key)))
    else:
        n = int(np.count_nonzero(table.pay_class == PAY_CLASSES.index(key)))
    label = ranking.label(key)
    outcomes = (Outcome(label, n, pays, N_HANDS), Outcome("Loses", N_HANDS - n, Fraction(-1), N_HANDS))
    return BetReport(bet=f"{key}_on_{slug}", title=f"{label} on {hand}", total=N_HANDS, outcomes=outcomes,
                     distribution=((pays, n), (Fraction(-1), N_HANDS - n)))


def analyze_head_to_head(game: Any) -> HeadToHeadReport:
    """Exact analysis of every bet of a head-to-head ``game`` (its ``head_to_head`` set)."""
    from casino.dealer import dealer_outcomes
    from casino.edge import N_PAIRS, _pair_plus
    from casino.hands import N_HANDS

    rules: HeadToHead = game.head_to_head
    outcomes = dealer_outcomes(game.ranking, "none")  # the second hand always "qualifies"
    first, tie, second = (int(outcomes.win.sum()), int(outcomes.tie.sum()), int(outcomes.lose.sum()))
    assert first + tie + second == N_PAIRS
    a, b = rules.bet_names
    hand_bets = (
        _hand_bet(a, rules.hands[0], first, tie, second, rules, N_PAIRS),
        _hand_bet(b, rules.hands[1], second, tie, first, rules, N_PAIRS),
    )
    tie_bet = _tie_bet(tie, rules.tie, N_PAIRS) if rules.tie is not None else None
    pair_plus: tuple[Any, ...] = ()
    if game.pair_plus is not None:
        every = np.ones(N_HANDS, dtype=bool)  # Pair Plus on a hand is settled on its cards, always
        one = _pair_plus(game, outcomes.table, every)
        assert one is not None
        pair_plus = tuple(replace(one, bet=f"pair_plus_{slug}", title=f"Pair Plus on {hand}")
                          for slug, hand in zip(rules.bet_names, rules.hands))
    value_bets = tuple(
        _value_bet(key, pays, hand, slug, outcomes.table, game.ranking)
        for key, pays in rules.hand_bets
        for slug, hand in zip(rules.bet_names, rules.hands)
    )
    return HeadToHeadReport(
        game=game,
        value_bets=value_bets,
        table=outcomes.table,
        counts=(first, tie, second),
        hand_bets=hand_bets,
        tie_bet=tie_bet,
        pair_plus_bets=pair_plus,
        side_bets=tuple(side.report(ranking=game.ranking) for side in game.side_bets),
    )
