"""Solve for one payout: what must a hand pay for a bet to have a target house edge?

Pair Plus (and every side bet settled on the cards alone) is linear in each of its pays, so the
answer is an exact fraction. The Ante Bonus also moves the optimal play/fold strategy, so the edge is
piecewise linear in the payout: we bracket the root, find it with :func:`scipy.optimize.brentq`,
then solve the linear piece that holds the root exactly and check it::

    >>> from casino.games import load_game
    >>> from casino.solve import solve
    >>> s = solve(load_game("three-card-poker"), "pair_plus", "flush", 0.03)
    >>> s.pays, s.exact, float(s.house_edge)
    (Fraction(4233, 1096), True, 0.03)

A target that no payout reaches raises :class:`~casino.errors.BetError` with the reason.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from fractions import Fraction
from typing import Any
import numpy as np

from casino.edge import BetReport, analyze
from casino.errors import BetError
from casino.games import BETS, Game, Paytable
from casino.rankings import PAY_CLASSES, hand_key

__all__ = ["Solution", "solve", "with_pay", "bet_title", "hand_words", "number_text", "percent_text", "target_text"]


@dataclass(frozen=True)
class Solution:
    """The payout found, the game that pays it, and how it was found."""

    game: Game
    bet: str
    hand: str
    target: Fraction
    pays: Fraction
    house_edge: Fraction  # the exact edge of ``game`` (equal to the target when ``exact``)
    exact: bool
    method: str  # "linear" or "brentq"
    play_rate: Fraction | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "bet": self.bet,
            "hand": self.hand,
            "target_edge": float(self.target),
            "pays": float(self.pays),
            "pays_fraction": f"{self.pays.numerator}/{self.pays.denominator}",
            "house_edge": float(self.house_edge),
            "exact": self.exact,
            "method": self.method,
            "play_rate": float(self.play_rate) if self.play_rate is not None else None,
        }


def bet_title(game: Game, bet: str) -> str:
    """A bet as players name it: ``Pair Plus``, ``Ante Bonus``, ``6 Card Bonus``."""
    from casino.sidebets import SIDE_BETS

    if bet in BETS:
        return BETS[bet]
    rules = game.head_to_head
    if rules is not None and bet in rules.bet_names:
        return f"{rules.hands[rules.bet_names.index(bet)]} wins"
    if rules is not None and bet == "tie":
        return "Tie"
    return SIDE_BETS[bet][0] if bet in SIDE_BETS else bet


def hand_words(game: Game, bet: str, hand: str) -> str:
    """A hand in a sentence, in the game's words: ``a flush``, ``a mini royal``, ``three of a kind``.

        >>> from casino.games import load_game
        >>> game = load_game("three-card-poker")
        >>> hand_words(game, "pair_plus", "flush"), hand_words(game, "pair_plus", "prial")
        ('a flush', 'three of a kind')
        >>> hand_words(load_game("3-card-brag"), "pair_plus", "running_flush")
        'a running flush'
    """
    if game.head_to_head is not None and bet in (*game.head_to_head.bet_names, "tie"):
        return "a win" if hand == "win" else "a tie"
    if bet in BETS:
        label = game.ranking.label(hand)
    else:
        label = game.side_bet(bet).label(hand, game.ranking)
    text = label[:1].lower() + label[1:]
    bare = ("three ", "four ", "high card", "same ", "all ", "player's ", "two ")
    return text if text.startswith(bare) else f"a {text}"


def _bet_names(game: Game) -> list[str]:
    if game.head_to_head is not None:
        rules = game.head_to_head
        tie = ["tie"] if rules.tie is not None else []
        pair_plus = ["pair_plus"] if game.pair_plus is not None else []
        return [*rules.bet_names, *tie, *pair_plus, *(s.bet for s in game.side_bets)]
    return [*BETS, *(s.bet for s in game.side_bets)]


def _hands_for(game: Game, bet: str) -> tuple[str, ...]:
    if bet in BETS:
        return PAY_CLASSES
    hands: tuple[str, ...] = game.side_bet(bet).hands
    return hands


def _key(game: Game, bet: str, hand: str) -> str:
    hands = _hands_for(game, bet)
    if bet in BETS:
        try:
            return hand_key(hand)
        except KeyError:
            pass
    else:
        word = hand.strip().lower().replace("-", "_").replace(" ", "_")
        if word in hands:
            return word
    near = difflib.get_close_matches(hand.strip().lower().replace(" ", "_"), hands, n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    raise BetError(f"unknown hand {hand!r} for {bet_title(game, bet)}{hint} (hands: {', '.join(hands)})")


def with_pay(game: Game, bet: str, hand: str, pays: Fraction) -> Game:
    """``game`` with ``hand`` paying ``pays`` (to 1) on ``bet``, every other payout kept."""
    if bet in BETS:
        table: Paytable | None = getattr(game, bet)
        pays_now = dict(table.pays) if table else {}
        pays_now[hand] = Fraction(pays)
        ordered = tuple((k, pays_now[k]) for k in PAY_CLASSES if k in pays_now)
        name = f"{table.name if table else BETS[bet]} ({hand} pays {_short(pays)})"
        new = Paytable(name=name, bet=bet, pays=ordered, source=table.source if table else "solve")
        from dataclasses import replace

        swapped: dict[str, Any] = {bet: new}
        return replace(game, **swapped)
    return game.with_side_bet(game.side_bet(bet).with_pay(hand, Fraction(pays)))


def number_text(value: Fraction | float, places: int = 6) -> str:
    """A number as players read it: thousands separators, no trailing zeros.

        >>> number_text(Fraction(9655, 4)), number_text(Fraction(4233, 1096)), number_text(5)
        ('2,413.75', '3.862226', '5')
    """
    text = f"{float(value):,.{places}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def percent_text(value: Fraction | float, places: int = 4) -> str:
    """A fraction as a percentage without trailing zeros: ``3%``, ``22.1538%``."""
    return number_text(Fraction(value) * 100 if isinstance(value, Fraction) else value * 100, places) + "%"


def target_text(value: Fraction | float | str) -> str:
    """A target house edge as a percentage written as given, never rounded into another value: every digit of a
    decimal, and for a fraction with no short decimal its first 8 places cut off (not rounded) and then "…"::

        >>> target_text(Fraction(3, 100)), target_text(Fraction("-0.9999999")), target_text(Fraction(1, 3))
        ('3%', '-99.99999%', '33.33333333…%')
        >>> target_text(Fraction(-1, 1) + Fraction(1, 3 * 10**12))   # just above -100%: never shown as -100%
        '-99.99999999…%'
        >>> target_text(Fraction(1, 3 * 10**30))   # a tiny edge: its first digits, never "0…%"
        '0.000000000000000000000000000033333333…%'
    """
    percent = Fraction(str(value)) * 100 if not isinstance(value, Fraction) else value * 100
    sign, size = ("-" if percent < 0 else ""), abs(percent)
    for places in range(0, 41):  # a decimal, every digit (an --edge has at most 30 places)
        if (size * 10**places).denominator == 1:
            break
    else:
        places = 8
        while int(size * 10**places) < 10**7:  # a tiny edge shows its first eight digits, never "0…%"
            places += 1
    whole, part = divmod(int(size * 10**places), 10**places)  # int(): cut off, never rounded up to the next value
    digits = f"{whole}.{part:0{places}d}".rstrip("0").rstrip(".") if places else str(whole)
    more = "" if (size * 10**places).denominator == 1 else "…"
    return f"{sign}{digits}{more}%"


def _short(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.6g}"


def _report(game: Game, bet: str, play: np.ndarray | None = None) -> BetReport:
    report = analyze(game, play)
    name = "ante_play" if bet == "ante_bonus" else bet
    found = [b for b in report.bets if b.bet == name or (bet == "pair_plus" and b.bet.startswith("pair_plus_"))]
    return found[0]  # a head-to-head game's Pair Plus: the same figures on either hand


def _solve_head_to_head(game: Game, bet: str, hand: str, edge: float | Fraction | str) -> Solution:
    """What a bet on either hand (``hand = "win"``) or the tie bet (``"tie"``) must pay: linear, exact.

    Both hands' bets share one pay, so solving ``player_a`` sets ``player_b`` too.
    """
    from dataclasses import replace

    wanted = "tie" if bet == "tie" else "win"
    if hand.strip().lower() != wanted:
        raise BetError(f"the {bet_title(game, bet)} bet has one payout: give --hand {wanted}, not {hand!r}")
    target = Fraction(str(edge)) if not isinstance(edge, Fraction) else edge
    if not -1 < target < 1:
        raise BetError(f"a target house edge must lie between -100% and 100%, not {target_text(target)}")

    def paying(x: Fraction) -> Game:
        return replace(game, head_to_head=replace(game.head_to_head, **{wanted: x}))

    def edge_at(x: Fraction) -> Fraction:
        return _report(paying(x), bet).house_edge

    at_zero, at_one = edge_at(Fraction(0)), edge_at(Fraction(1))
    if at_zero < target:
        raise BetError(f"cannot reach a {target_text(target)} house edge on {bet_title(game, bet)}: even paying 0"
                       f" leaves the edge at {percent_text(at_zero)}")
    x = (at_zero - target) / (at_zero - at_one)
    solved = paying(x)
    return Solution(solved, bet, wanted, target, x, _report(solved, bet).house_edge, True, "linear")


def solve(game: Game, bet: str, hand: str, edge: float | Fraction | str) -> Solution:
    """The payout of ``hand`` on ``bet`` that gives house edge ``edge`` (a fraction: 0.03 is 3%).

    For the Ante Bonus the edge is that of Ante / Play (per Ante) under the optimal strategy.
    """
    from casino.sidebets import SIDE_BETS

    if bet in SIDE_BETS:
        game.side_bet(bet)  # raises a clear error when the game does not offer it
    if bet not in _bet_names(game):
        raise BetError(f"unknown bet {bet!r} (choose one of: {', '.join(_bet_names(game))})")
    if game.head_to_head is not None and bet in (*game.head_to_head.bet_names, "tie"):
        return _solve_head_to_head(game, bet, hand, edge)
    if bet in BETS and getattr(game, bet) is None:
        raise BetError(f"{game.name} has no {BETS[bet]} bet: add a [{bet}] table to its file, or swap one in")
    key = _key(game, bet, hand)
    target = Fraction(str(edge)) if not isinstance(edge, Fraction) else edge
    if not -1 < target < 1:
        raise BetError(f"a target house edge must lie between -100% and 100%, not {target_text(target)}")

    def edge_at(x: Fraction, play: np.ndarray | None = None) -> Fraction:
        return _report(with_pay(game, bet, key, x), bet, play).house_edge

    title, words = bet_title(game, bet), hand_words(game, bet, key)
    at_zero = edge_at(Fraction(0))
    if at_zero < target:
        raise BetError(
            f"cannot reach a {target_text(target)} house edge on {title}: even paying {words} 0 leaves"
            f" the edge at {percent_text(at_zero)}"
        )
    at_one = edge_at(Fraction(1))
    if at_one == at_zero:
        raise BetError(f"the house edge of {title} does not depend on what {words} pays (the hand never counts)")

    if bet != "ante_bonus":  # linear in the payout
        x = (at_zero - target) / (at_zero - at_one)
        solved = with_pay(game, bet, key, x)
        return Solution(solved, bet, key, target, x, _report(solved, bet).house_edge, True, "linear")

    from scipy.optimize import brentq

    def f(x: float) -> float:  # floats from brentq, read as short fractions
        return float(edge_at(Fraction(x).limit_denominator(10**9)) - target)

    high = 1.0
    while f(high) > 0:
        high *= 2
        if high > 1e9:
            raise BetError(f"cannot reach a {target_text(target)} house edge on {title} with any payout of {words}")
    root = brentq(f, 0.0, high, xtol=1e-12, rtol=1e-12)
    # The strategy at the root fixes one linear piece: solve it exactly and check the strategy holds.
    mask = analyze(with_pay(game, bet, key, Fraction(root).limit_denominator(10**9))).play
    e0, e1 = edge_at(Fraction(0), mask), edge_at(Fraction(1), mask)
    x = (e0 - target) / (e0 - e1)
    solved = with_pay(game, bet, key, x)
    report = analyze(solved)
    achieved = report.ante_play.house_edge
    exact = achieved == target
    if not exact:
        x = Fraction(root).limit_denominator(10**9)
        solved = with_pay(game, bet, key, x)
        report = analyze(solved)
        achieved = report.ante_play.house_edge
    return Solution(solved, bet, key, target, x, achieved, exact, "brentq", report.ante_play.play_rate)
