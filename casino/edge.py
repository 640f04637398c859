"""The exact house-edge calculator: every player hand against every dealer hand.

    >>> from casino import load_game, analyze
    >>> report = analyze(load_game("three-card-poker"))
    >>> report.ante_play.house_edge
    Fraction(686689, 20358520)
    >>> round(float(report.ante_play.house_edge), 6), round(float(report.ante_play.element_of_risk), 6)
    (0.03373, 0.020147)
    >>> report.ante_play.counts["fold"], report.ante_play.counts["win"]
    (132652800, 97354684)
    >>> round(float(report.pair_plus.house_edge), 6)
    0.023167

Counts are integers and every figure is a :class:`~fractions.Fraction`; ``float()`` them to print.
The optimal strategy plays a hand exactly when playing returns more than folding (a tie folds).
Pass ``play=`` (a boolean array over the 22,100 hands) to value another strategy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Iterable, Sequence

import numpy as np

from casino.cards import Card
from casino.dealer import DealerOutcomes, dealer_outcomes
from casino.games import BETS, Game, Paytable
from casino.hands import N_DEALER_HANDS, N_HANDS, HandTable
from casino.rankings import PAY_CLASSES, SPECIAL_PARENT
from casino.rules import LOSE, NOT_QUALIFY, OUTCOME_NAMES, TIE, WIN, outcome_nets, pay_vector

__all__ = ["Outcome", "BetReport", "HandDecision", "EdgeReport", "analyze", "pair_plus_counted",
           "plays_with_pair_plus", "evs_with_pair_plus"]
N_PAIRS = N_HANDS * N_DEALER_HANDS  # 407,170,400


@dataclass(frozen=True)
class Outcome:
    """One row of a return table: how often an outcome happens and what it pays (per unit bet)."""

    label: str
    combinations: int
    pays: Fraction
    total: int

    @property
    def probability(self) -> Fraction:
        return Fraction(self.combinations, self.total)

    @property
    def contribution(self) -> Fraction:
        return self.probability * self.pays


@dataclass(frozen=True)
class BetReport:
    """Exact figures for one bet: return table, net-result distribution and the usual measures.

    ``distribution`` maps each possible net result of one round (in units of the initial bet) to its
    number of combinations out of ``total``.
    """

    bet: str
    title: str
    total: int
    outcomes: tuple[Outcome, ...]
    distribution: tuple[tuple[Fraction, int], ...]
    average_wager: Fraction = Fraction(1)
    play_rate: Fraction | None = None
    counts: dict[str, int] = field(default_factory=dict)

    @cached_property
    def expected_return(self) -> Fraction:
        """The player's expected net result per unit of the initial bet (negative: the house wins)."""
        return sum((value * n for value, n in self.distribution), Fraction(0)) / self.total

    @property
    def house_edge(self) -> Fraction:
        """The house's expected gain per unit of the initial bet."""
        return -self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        """The house's expected gain per unit of the total amount wagered."""
        return self.house_edge / self.average_wager

    @cached_property
    def variance(self) -> Fraction:
        mean = self.expected_return
        return sum((value * value * n for value, n in self.distribution), Fraction(0)) / self.total - mean * mean

    @property
    def std_dev(self) -> float:
        return math.sqrt(self.variance)

    @property
    def hit_rate(self) -> Fraction:
        """The probability that the round ends ahead for the player (net result above zero)."""
        return Fraction(sum(n for value, n in self.distribution if value > 0), self.total)

    @property
    def top_award(self) -> Outcome:
        return max(self.outcomes, key=lambda o: (o.pays, o.combinations))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "house_edge": float(self.house_edge),
            "house_edge_fraction": f"{self.house_edge.numerator}/{self.house_edge.denominator}",
            "element_of_risk": float(self.element_of_risk),
            "std_dev": self.std_dev,
            "hit_rate": float(self.hit_rate),
        }
        if self.play_rate is not None:
            data["play_rate"] = float(self.play_rate)
        if self.counts:
            data["outcomes"] = dict(self.counts)
        data["total_combinations"] = self.total
        data["return_table"] = [
            {
                "outcome": o.label,
                "combinations": o.combinations,
                "probability": float(o.probability),
                "pays": _number(o.pays),
                "contribution": float(o.contribution),
            }
            for o in self.outcomes
        ]
        return data


@dataclass(frozen=True)
class HandDecision:
    """Play or fold one hand: the exact expected results of both, per Ante (Ante Bonus included)."""

    hand: str
    play: bool
    ev_play: Fraction
    ev_fold: Fraction
    pair_plus_counted: bool = False  # both EVs include the box's Pair Plus (lost on a fold, by the rules)


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


@dataclass(frozen=True, eq=False)
class EdgeReport:
    """Exact analysis of one game: the play/fold decision per hand and a :class:`BetReport` per bet."""

    game: Game
    table: HandTable
    dealer: DealerOutcomes
    play: np.ndarray  # bool per hand: the strategy analysed
    play_value: np.ndarray  # per hand, 18,424 x D x expected net of playing (exact integers)
    scale: int  # D: the common denominator of the Ante Bonus pays
    ante_play: BetReport
    pair_plus: BetReport | None = None
    side_bets: tuple[BetReport, ...] = ()  # the game's side bets (6 Card Bonus, Prime …), in file order
    pair_plus_ratio: Fraction = Fraction(0)  # the Pair Plus / Ante the strategy was found for (analyze's)

    @property
    def bets(self) -> tuple[BetReport, ...]:
        return tuple(b for b in (self.ante_play, self.pair_plus) if b is not None) + self.side_bets

    def decision(self, hand: str | Iterable[Card] | int, pair_plus_ratio: Fraction | int | None = None) -> HandDecision:
        """The optimal decision and exact EV of play vs fold for one hand (text, cards or row), per Ante.

        ``pair_plus_ratio``: the box's Pair Plus stake / its Ante (by default the report's own, the one
        :func:`analyze` was given). Where the rules say a fold loses the Pair Plus (``pair_plus_on_fold =
        false``) both EVs then count it (folding loses 1 + ratio, playing adds ratio x the Pair Plus pay) and
        ``pair_plus_counted`` is true; elsewhere it is ignored.
        """
        ratio = self.pair_plus_ratio if pair_plus_ratio is None else Fraction(pair_plus_ratio)
        i = hand if isinstance(hand, (int, np.integer)) else self.table.index(hand if isinstance(hand, str) else tuple(hand))
        ev_play, ev_fold, counted = evs_with_pair_plus(
            self.game, ratio, int(self.table.pay_class[i]),
            Fraction(int(self.play_value[i]), N_DEALER_HANDS * self.scale))
        return HandDecision(self.table.describe(int(i)), bool(ev_play > ev_fold), ev_play, ev_fold, counted)

    @property
    def ratio_counted(self) -> bool:
        """Whether the strategy weighed a Pair Plus (a ratio given, and a fold loses the Pair Plus)."""
        return pair_plus_counted(self.game, self.pair_plus_ratio) is not None

    @property
    def together(self) -> Fraction | None:
        """With a Pair Plus ratio R counted: what the Ante/Play and a Pair Plus of R x the Ante return together,
        per unit staked at the deal (the Ante + the Pair Plus; a Play bet is not counted as staked, as the
        Ante/Play edge is per Ante). ``None`` without one::

            >>> from dataclasses import replace
            >>> from casino.games import load_game
            >>> game = load_game("three-card-poker")
            >>> game = replace(game, rules=replace(game.rules, pair_plus_on_fold=False))
            >>> report = analyze(game, pair_plus_ratio=1)
            >>> report.together == (report.ante_play.expected_return + report.pair_plus.expected_return) / 2
            True
        """
        if not self.ratio_counted or self.pair_plus is None:
            return None
        r = self.pair_plus_ratio
        return (self.ante_play.expected_return + r * self.pair_plus.expected_return) / (1 + r)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game.name, "ranking": self.game.ranking.name}
        if self.ratio_counted:
            data["pair_plus_ratio"] = str(self.pair_plus_ratio)
        for bet in self.bets:
            data[bet.bet] = bet.to_dict()
        together = self.together
        if together is not None:
            data["together"] = {"house_edge": float(-together),
                                "house_edge_fraction": f"{(-together).numerator}/{(-together).denominator}",
                                "expected_return": float(together)}
        return data


def _row_name(pay_class: str, pays: Sequence[Fraction | None]) -> str:
    """The return-table row of a pay class: a special hand paid as its category shares the category's row."""
    parent = SPECIAL_PARENT.get(pay_class)
    if parent is not None and pays[PAY_CLASSES.index(pay_class)] == pays[PAY_CLASSES.index(parent)]:
        return parent
    return pay_class


def _pay_of(pays: Sequence[Fraction | None], row: str) -> Fraction:
    """What a return-table row pays (a row is always a paying class)."""
    pay = pays[PAY_CLASSES.index(row)]
    assert pay is not None
    return pay


def _lcm_of_denominators(values: Iterable[Fraction | None]) -> int:
    return math.lcm(1, *(v.denominator for v in values if v is not None))


def pair_plus_counted(game: Game, ratio: Fraction) -> list[Fraction] | None:
    """Per pay class, what a Pair Plus of ``ratio`` x Ante adds to playing over folding, per Ante, when
    the rules say a fold loses it: ``ratio * (pay + 1)`` (the pay is -1 for a hand the table does not
    pay). ``None`` when the Pair Plus does not move the decision (no ratio, no Pair Plus, or it stands
    whatever the box decides). The one place the optimal decision counts the Pair Plus: the strategy
    (:func:`analyze` with ``pair_plus_ratio``) and the table's hint (:meth:`EdgeReport.decision`)."""
    if not ratio or game.pair_plus is None or game.rules.pair_plus_on_fold:
        return None
    return [ratio * ((p if p is not None else Fraction(-1)) + 1) for p in pay_vector(game.pair_plus, Fraction(-1))]


def plays_with_pair_plus(value: np.ndarray, unit: int, extra: list[Fraction], pay_class: np.ndarray) -> np.ndarray:
    """The optimal decisions of a player who also bets on Pair Plus, where a fold loses it.

    ``value / unit`` is the Ante/Play value of playing, per Ante (exact integers; the last axis runs over
    the hands, whose pay classes are ``pay_class``). Folding then costs 1 + ratio and playing adds ratio x
    the Pair Plus pay, so play when ``value / unit + extra > -1`` (``extra``: :func:`pair_plus_counted` per
    pay class): the blind strategy (:func:`analyze`) and the informed one (:func:`casino.face_up.informed_play`).
    """
    d = _lcm_of_denominators(extra)
    extra_scaled = np.array([int(e * d) for e in extra], dtype=object)[pay_class]
    # exact Python integers: no overflow whatever the denominators
    return np.asarray(value.astype(object) * d + extra_scaled * unit > -unit * d, dtype=bool)


def evs_with_pair_plus(game: Game, ratio: Fraction, pay_class: int, ev_play: Fraction) -> tuple[Fraction, Fraction, bool]:
    """One hand's (EV of playing, EV of folding, Pair Plus counted), per Ante, from its Ante/Play value of playing:
    where a fold loses the Pair Plus (:func:`pair_plus_counted`) folding loses 1 + ratio and playing adds ratio x
    the Pair Plus pay; elsewhere (-1 for folding) the Pair Plus is not counted. The blind hint
    (:meth:`EdgeReport.decision`) and the informed one (:func:`casino.trainer.advise`)."""
    extra = pair_plus_counted(game, ratio)
    if extra is None:
        return ev_play, Fraction(-1), False
    return ev_play + extra[pay_class] - ratio, -1 - ratio, True


def _ante_play(
    game: Game,
    table: HandTable,
    dealer: DealerOutcomes,
    play: np.ndarray | None,
    pair_plus_ratio: Fraction = Fraction(0),
) -> tuple[BetReport, np.ndarray, np.ndarray, int]:
    # Hands and dealer hands per player hand: 22,100 and 18,424 for three cards (more for four).
    n_hands = len(table.pay_class)
    n_dealer = int(dealer.not_qualify[0]) + int(dealer.win[0]) + int(dealer.tie[0]) + int(dealer.lose[0])
    n_pairs = n_hands * n_dealer
    bonus = [p if p is not None else Fraction(0) for p in pay_vector(game.ante_bonus, Fraction(0))]
    scale = _lcm_of_denominators(bonus)
    # Exact integers: int64 while they fit, Python integers (object arrays) for huge denominators.
    bound = (2 + max(abs(b) for b in bonus)) * scale * n_pairs
    exact_type = np.int64 if bound < 2**62 else object
    bonus_scaled = np.array([int(b * scale) for b in bonus], dtype=exact_type)
    nets = outcome_nets(game)
    hand_bonus = bonus_scaled[table.pay_class]
    dealt = {NOT_QUALIFY: dealer.not_qualify, WIN: dealer.win, TIE: dealer.tie, LOSE: dealer.lose}
    main = np.asarray(sum(nets.main[k] * n for k, n in dealt.items()))
    bonus_pairs = sum(n for k, n in dealt.items() if nets.bonus_paid[k])  # dealer hands on which the bonus pays
    play_value = main.astype(exact_type) * scale + hand_bonus * bonus_pairs
    if play is None:
        extra = pair_plus_counted(game, Fraction(pair_plus_ratio))
        if extra is not None:
            play = plays_with_pair_plus(play_value, scale * n_dealer, extra, table.pay_class)
        else:
            play = play_value > -scale * n_dealer
    play = np.asarray(play, dtype=bool)
    if play.shape != (n_hands,):
        raise ValueError(f"a strategy gives one decision per hand: expected {n_hands}, got {play.shape}")

    n_play = int(play.sum())
    fold_pairs = (n_hands - n_play) * n_dealer
    counts = {
        "fold": fold_pairs,
        "dealer_not_qualify": int(dealer.not_qualify[play].sum()),
        "win": int(dealer.win[play].sum()),
        "tie": int(dealer.tie[play].sum()),
        "lose": int(dealer.lose[play].sum()),
    }
    tie_label = {"push": "Tie (push)", "player": "Tie (player wins)", "dealer": "Tie (dealer wins)"}[game.ties]
    labels = ("Fold", "Dealer does not qualify", "Player wins", tie_label, "Player loses")
    outcomes = [
        Outcome(label, counts[OUTCOME_NAMES[k]], Fraction(nets.main[k]), n_pairs) for k, label in enumerate(labels)
    ]
    # Net-result distribution: fold, then per pay class the four dealer outcomes plus that class's bonus.
    distribution: dict[Fraction, int] = {Fraction(-1): fold_pairs} if fold_pairs else {}
    # Pairs per (pay class, dealer outcome) among the played hands: an exact integer product.
    classes = table.pay_class[play]
    per_class = np.stack(
        [np.bincount(classes, weights=dealt[k][play], minlength=len(PAY_CLASSES)) for k in dealt], axis=1
    ).astype(np.int64)  # float64 sums of integers below 2**53 are exact; checked against the integer totals:
    assert [int(n) for n in per_class.sum(axis=0)] == [int(dealt[k][play].sum()) for k in dealt]
    played_per_class = per_class[:, [i for i, k in enumerate(dealt) if nets.bonus_paid[k]]].sum(axis=1)
    bonus_rows: dict[str, int] = {}
    for k, name in enumerate(PAY_CLASSES):
        if played_per_class[k] == 0:
            continue
        b = bonus[k]
        if b:
            row = _row_name(name, bonus)
            bonus_rows[row] = bonus_rows.get(row, 0) + int(played_per_class[k])
        # Columns: dealer not qualifying, win, tie, lose (outcomes 1-4), each with or without the bonus.
        for outcome, n in zip(dealt, per_class[k]):
            if n:
                value = Fraction(nets.main[outcome]) + (b if nets.bonus_paid[outcome] else 0)
                distribution[value] = distribution.get(value, 0) + int(n)
    outcomes += [
        Outcome(f"Ante Bonus: {game.ranking.label(row)}", n, bonus[PAY_CLASSES.index(row)], n_pairs)
        for row, n in bonus_rows.items()
    ]
    report = BetReport(
        bet="ante_play",
        title="Ante / Play" + (" with Ante Bonus" if game.ante_bonus else ""),
        total=n_pairs,
        outcomes=tuple(o for o in outcomes if o.combinations or o.label == "Fold"),
        distribution=tuple(sorted(distribution.items(), reverse=True)),
        average_wager=1 + Fraction(n_play, n_hands),
        play_rate=Fraction(n_play, n_hands),
        counts=counts,
    )
    return report, play, play_value, scale


def _pair_plus(game: Game, table: HandTable, play: np.ndarray) -> BetReport | None:
    if game.pair_plus is None:
        return None
    pays = pay_vector(game.pair_plus, None)
    n_hands = len(table.pay_class)
    stands = np.ones(n_hands, dtype=bool) if game.rules.pair_plus_on_fold else play
    per_class = np.bincount(table.pay_class[stands], minlength=len(PAY_CLASSES))
    outcomes = []
    distribution: dict[Fraction, int] = {}
    losing = int((~stands).sum())  # Pair Plus lost with a fold, where the rules say so
    rows: dict[str, int] = {}
    for k, name in enumerate(PAY_CLASSES):
        n = int(per_class[k])
        pay = pays[k]
        if pay is None or n == 0:
            losing += n
            continue
        row = _row_name(name, pays)
        rows[row] = rows.get(row, 0) + n
        distribution[pay] = distribution.get(pay, 0) + n
    outcomes = [Outcome(table.ranking.label(row), n, _pay_of(pays, row), n_hands) for row, n in rows.items()]
    outcomes.sort(key=lambda o: o.pays, reverse=True)
    outcomes.append(Outcome("Loses", losing, Fraction(-1), n_hands))
    if losing:
        distribution[Fraction(-1)] = distribution.get(Fraction(-1), 0) + losing
    return BetReport(
        bet="pair_plus",
        title=BETS["pair_plus"],
        total=n_hands,
        outcomes=tuple(outcomes),
        distribution=tuple(sorted(distribution.items(), reverse=True)),
    )


def checked_ratio(game: Game, pair_plus_ratio: Fraction | int) -> Fraction:
    """A Pair Plus / Ante ratio as a Fraction, refused (:class:`~casino.errors.BetError`, one line) when
    negative, or given (not 0) at a head-to-head game, where no player decides to play or fold::

        >>> from casino.games import load_game
        >>> checked_ratio(load_game("three-card-poker"), 1)
        Fraction(1, 1)
        >>> checked_ratio(load_game("teen-patti-20-20"), 1)
        Traceback (most recent call last):
        ...
        casino.errors.BetError: a Pair Plus ratio applies to the player against the dealer; Teen Patti 20-20 bets on which hand wins
    """
    from casino.errors import BetError

    ratio = Fraction(pair_plus_ratio)
    if ratio < 0:
        raise BetError(f"a Pair Plus to Ante ratio cannot be negative, not {pair_plus_ratio}")
    if ratio and game.head_to_head is not None:
        raise BetError(f"a Pair Plus ratio applies to the player against the dealer; {game.name} bets on which hand "
                       "wins")
    return ratio


def analyze(game: Game, play: np.ndarray | None = None, *, pair_plus_ratio: Fraction | int = 0) -> EdgeReport:
    """Exact analysis of ``game`` under the optimal strategy, or under ``play`` if given.

    A head-to-head game (``game.head_to_head`` set) is analysed by
    :func:`casino.maths.head_to_head.analyze_head_to_head` and gives its report instead.

    The dealer-outcome counts are cached per (ranking, qualifier), so analysing many paytables
    of one game costs a few milliseconds each.

    ``pair_plus_ratio`` matters only when the rules say Pair Plus is lost on a fold
    (``pair_plus_on_fold = false``): the optimal strategy is then that of a player who also bets
    ``pair_plus_ratio`` x the Ante on Pair Plus (0, the default: the Ante alone decides). The
    figures of each bet are still per unit of its own stake.
    """
    ratio = checked_ratio(game, pair_plus_ratio)
    if game.head_to_head is not None:  # two hands dealt, bets on which wins: no decision to make
        from casino.maths.head_to_head import analyze_head_to_head

        if play is not None:
            from casino.errors import BetError

            raise BetError(f"{game.name} is a head-to-head game: there is no play/fold decision to give")
        # its report has the EdgeReport interface the commands use (bets, to_dict): a stand-in, not a subclass
        return analyze_head_to_head(game)  # type: ignore[return-value]
    if (play is None and game.rules.face_up) or (play is not None and np.ndim(play) == 2):
        from casino.face_up import face_up_analysis  # the dealer's first card seen: decided per up card

        return face_up_analysis(game, play, ratio)
    # The dealer-outcome counts per player hand: three cards from 52 (the common case), four cards
    # each playing the best three, or a deck with wild cards. Each has .table (with .pay_class and
    # .ranking) and the four count arrays, which is all the rest of the analysis reads.
    dealer: Any
    if game.cards == 4:  # each of player and dealer plays the best three of four
        from casino.maths.four_card import four_card_outcomes

        dealer = four_card_outcomes(game.ranking, game.qualifier, game.discard_breaks_ties)
    elif game.has_wild_cards:  # jokers in the deck, or wild cards among the 52
        from casino.maths.wild import wild_outcomes

        dealer = wild_outcomes(game.ranking, game.qualifier, game.wild, game.jokers)
    else:
        dealer = dealer_outcomes(game.ranking, game.qualifier)
    table = dealer.table
    ante_play, play_mask, play_value, scale = _ante_play(game, table, dealer, play, ratio)
    play_mask.setflags(write=False)
    return EdgeReport(
        game=game,
        table=table,
        dealer=dealer,
        play=play_mask,
        play_value=play_value,
        scale=scale,
        ante_play=ante_play,
        pair_plus=_pair_plus(game, table, play_mask),
        side_bets=tuple(side.report(ranking=game.ranking) for side in game.side_bets),
        pair_plus_ratio=ratio,
    )
