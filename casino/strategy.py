"""Play/fold strategies as boolean masks over the 22,100 hands.

    >>> from casino.games import load_game
    >>> from casino.strategy import play_mask
    >>> game = load_game("three-card-poker")
    >>> int(play_mask(game, "optimal").sum()), int(play_mask(game, "Q-6-4").sum())
    (14900, 14900)
    >>> int(play_mask(game, "always-play").sum())
    22100

Names: ``optimal`` (the exact best decision per hand), ``dealer-copy`` (play whatever would qualify
for the dealer), ``always-play``, ``never-play``, or a threshold: play that hand or better
(``Q-6-4``, ``Q-high``, ``pair``).

:func:`strategy_report` says the optimal rule in players' words, lists any hands where suits or
card removal break that rule, and prices simple strategies against it, each as an exact edge::

    >>> from casino.strategy import strategy_report
    >>> report = strategy_report(game)
    >>> report.rule, len(report.exceptions)
    ('Play Q-6-4 or better', 0)
    >>> [(c.name, round(float(c.house_edge), 5)) for c in report.costs][:2]
    [('optimal', 0.03373), ('dealer-copy', 0.03449)]

For what one seen dealer card or other boxes' cards change, see :mod:`casino.advantage`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable

import numpy as np

from casino.cards import parse_cards
from casino.errors import BetError, BragError
from casino.games import Game
from casino.hands import HandTable, hand_table

__all__ = [
    "STRATEGY_NAMES",
    "decision_table",
    "ByPairPlus",
    "TableStrategy",
    "table_strategy",
    "box_plays",
    "play_mask",
    "rule_in_words",
    "HandException",
    "StrategyCost",
    "StrategyReport",
    "strategy_report",
    "strategy_label",
]

STRATEGY_NAMES = ("optimal", "dealer-copy", "always-play", "never-play")


def folds_lose_pair_plus(game: Game) -> bool:
    """Whether a fold loses the box's Pair Plus, so the optimal play depends on the Pair Plus / Ante ratio."""
    return game.pair_plus is not None and not game.rules.pair_plus_on_fold


def decision_table(game: Game, strategy: str, pair_plus_ratio: Fraction | int = 0) -> np.ndarray:
    """A strategy's decisions: :func:`play_mask` (one per hand), or for ``"informed"`` one per hand
    and dealer up card (22,100 x 52, :func:`casino.face_up.informed_play`: the player sees the
    dealer's first card, as in the Face Up game). ``pair_plus_ratio``: the player's Pair Plus stake /
    Ante, which the optimal and informed strategies weigh where a fold loses the Pair Plus
    (:func:`casino.edge.analyze`; elsewhere, and for the other strategies, it changes nothing).

    ``"optimal"`` is the best strategy given what the player may see: at a Face Up game
    (``face_up = true``) that is the informed one, the strategy ``brag edge`` prices there::

        >>> from dataclasses import replace
        >>> from casino.games import load_game
        >>> game = load_game("three-card-poker")
        >>> decision_table(game, "optimal").shape
        (22100,)
        >>> decision_table(replace(game, rules=replace(game.rules, face_up=True)), "optimal").shape
        (22100, 52)
    """
    name = strategy.strip().lower()
    if name == "informed" or (name == "optimal" and game.rules.face_up):
        from casino.face_up import informed_play

        return informed_play(game, pair_plus_ratio)
    return play_mask(game, strategy, pair_plus_ratio)


class ByPairPlus:
    """The optimal strategy at a table whose rules say a fold loses the Pair Plus: each box decides by
    its own Pair Plus / Ante ratio (:func:`casino.edge.analyze` with ``pair_plus_ratio``: the strategy
    ``brag strategy --pair-plus-ratio`` gives, and the table's hint), one mask per ratio met, cached.

        >>> from casino.games import load_game
        >>> by = ByPairPlus(load_game("three-card-poker"))
        >>> int(by.mask(0).sum())
        14900
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._masks: dict[Fraction, np.ndarray] = {}

    def mask(self, ratio: Fraction | int) -> np.ndarray:
        """The optimal play mask of a box staking ``ratio`` x its Ante on Pair Plus: one entry per hand,
        or at a Face Up game one per hand and dealer up card (:func:`casino.face_up.informed_play`)."""
        key = Fraction(ratio)
        if key not in self._masks:
            if self.game.rules.face_up:
                from casino.face_up import informed_play

                self._masks[key] = informed_play(self.game, key)
            else:
                from casino.edge import analyze

                self._masks[key] = analyze(self.game, pair_plus_ratio=key).play
        return self._masks[key]


#: How the auto-player decides: a mask per hand, per hand and up card (Face Up), or per Pair Plus ratio.
TableStrategy = np.ndarray | ByPairPlus


def table_strategy(game: Game, strategy: str) -> TableStrategy:
    """The strategy an auto-player at the table follows: :func:`decision_table`, except that the
    optimal strategy at a table where a fold loses the Pair Plus counts each box's own Pair Plus
    (:class:`ByPairPlus`). ``"informed"`` needs the up card seen: a Face Up game only."""
    name = strategy.strip().lower()
    if name == "informed" and not game.rules.face_up:
        raise BragError("the informed strategy decides on the dealer's up card, which only a Face Up game"
                        " (face_up = true) shows; here give one decision per hand (optimal, a threshold …)")
    if ((name == "optimal" or (name == "informed" and game.rules.face_up)) and game.pair_plus is not None
            and not game.rules.pair_plus_on_fold and game.head_to_head is None):
        return ByPairPlus(game)  # at a Face Up game, informed by the up card as well
    return decision_table(game, strategy)


def box_plays(strategy: TableStrategy, rnd: Any, box: int) -> bool:
    """Whether ``strategy`` plays ``box`` of the round ``rnd`` (a :class:`casino.table.Round`): by its
    hand, its hand and the dealer's up card, or its hand and its own Pair Plus / Ante ratio."""
    row = rnd.hand(box)
    if isinstance(strategy, ByPairPlus):
        bets = next(b for b in rnd.bets if b.box == box)
        strategy = strategy.mask(bets.pair_plus / bets.ante)
    if strategy.ndim == 2:
        return bool(strategy[row, rnd.up_card.index])
    return bool(strategy[row])


def _why_not_in_words(game: Game) -> str:
    """What sets ``game`` apart from the games with a strategy in words: ``"deals 4 cards"``, ``"has wild cards"``."""
    return " and ".join(part for part, true in ((f"deals {game.cards} cards", game.cards != 3),
                                                ("has wild cards", game.has_wild_cards)) if true)


def play_mask(game: Game, strategy: str, pair_plus_ratio: Fraction | int = 0) -> np.ndarray:
    """The hands a strategy plays (True) or folds (False), one entry per hand-table row. ``pair_plus_ratio``: a
    box's Pair Plus stake / its Ante, which the optimal strategy weighs where a fold loses the Pair Plus
    (:func:`casino.edge.analyze`; elsewhere it changes nothing)."""
    table = hand_table(game.ranking)
    name = strategy.strip().lower()
    if name == "informed":
        raise BragError(
            "the informed strategy decides on the dealer's up card too (Face Up): brag simulate --strategy"
            " informed plays it; here give one decision per hand (optimal, a threshold …)"
        )
    if (game.cards != 3 or game.has_wild_cards) and name != "optimal":
        raise BetError(f"{game.name} {_why_not_in_words(game)}: only the optimal strategy is known for it")
    if name == "optimal":
        from casino.edge import analyze

        return analyze(game, pair_plus_ratio=pair_plus_ratio).play
    if name in ("dealer-copy", "copy-the-dealer", "copy"):
        return table.strength >= table.threshold(game.qualifier)
    if name in ("always-play", "always"):
        return np.ones(len(table.strength), dtype=bool)
    if name in ("never-play", "never", "always-fold"):
        return np.zeros(len(table.strength), dtype=bool)
    try:
        return table.strength >= table.threshold(strategy)
    except BragError:
        raise BragError(
            f"unknown strategy {strategy!r} (use {', '.join(STRATEGY_NAMES)}, or a threshold such as"
            " 'Q-6-4' or 'pair')"
        ) from None


@dataclass(frozen=True)
class HandException:
    """A hand the simple rule gets wrong: its cards, what the optimal strategy does, and the EVs."""

    hand: str
    cards: str
    play: bool
    ev_play: Fraction
    ev_fold: Fraction


@dataclass(frozen=True)
class StrategyCost:
    """A strategy's exact house edge (per Ante) and what it costs against the optimal one."""

    name: str
    play_rate: Fraction
    house_edge: Fraction
    element_of_risk: Fraction
    cost: Fraction
    label: str = ""  # the strategy in players' words ("copy the dealer (Q-high)")


def strategy_label(game: Game, name: str, optimal_rule: str | None = None) -> str:
    """A strategy's name in players' words.

        >>> from casino.games import load_game
        >>> game = load_game("three-card-poker")
        >>> [strategy_label(game, n) for n in ("dealer-copy", "always-play", "never-play", "pair", "K-high")]
        ['copy the dealer (Q-high)', 'always play', 'always fold', 'play any pair', 'play K-high or better']
        >>> strategy_label(game, "optimal", "Play Q-6-4 or better")
        'optimal (Q-6-4)'
    """
    from casino.rankings import CATEGORIES

    word = name.strip().lower()
    if word == "optimal":
        rule = optimal_rule or ""
        rule = rule[5:].removesuffix(" or better") if rule.startswith("Play ") else rule.lower()
        return f"optimal ({rule})" if rule else "optimal"
    if word in ("dealer-copy", "copy-the-dealer", "copy"):
        qualifier = "no qualifier" if game.qualifier.strip().lower() == "none" else game.qualifier
        return f"copy the dealer ({qualifier})"
    if word in ("always-play", "always"):
        return "always play"
    if word in ("never-play", "never", "always-fold"):
        return "always fold"
    table = hand_table(game.ranking)
    t = table.threshold(name)
    if t <= int(table.strength.min()):
        return "always play"
    text = _words(table, t)
    lowest_made = min((c for c in game.ranking.order if c != "high_card"), key=game.ranking.position)
    if text == f"any {table.ranking.label(lowest_made).lower()}" and CATEGORIES[int(table.category[
            np.flatnonzero(table.strength == t)[0]])] == lowest_made:
        return f"play {text}"
    own = name.strip()
    return f"play {text if text.startswith('any ') else own[:1].upper() + own[1:]} or better"


@dataclass(frozen=True, eq=False)
class StrategyReport:
    """The optimal rule in words, its exceptions, and the costs of simpler strategies."""

    game: Game
    rule: str
    threshold: int  # the strength from which the rule plays
    exceptions: tuple[HandException, ...]
    mixed: tuple[tuple[str, int, int], ...]  # (hand, hands played, hands of that strength) where suits matter
    costs: tuple[StrategyCost, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "rule": self.rule,
            "exceptions": [
                {"hand": e.hand, "cards": " ".join(c.ascii() for c in parse_cards(e.cards)), "play": e.play,
                 "ev_play": float(e.ev_play),
                 "ev_fold": float(e.ev_fold)}
                for e in self.exceptions
            ],
            "suits_matter": [{"hand": h, "played": p, "of": n} for h, p, n in self.mixed],
            "strategies": [
                {"name": c.name, "label": c.label, "play_rate": float(c.play_rate), "house_edge": float(c.house_edge),
                 "house_edge_fraction": f"{c.house_edge.numerator}/{c.house_edge.denominator}",
                 "element_of_risk": float(c.element_of_risk), "cost": float(c.cost)}
                for c in self.costs
            ],
        }


def _words(table: HandTable, strength: int) -> str:
    """The weakest hand of a strength, as players say it: ``Q-6-4``, ``any pair``."""
    from casino.rankings import CATEGORIES

    rows = np.flatnonzero(table.strength == strength)
    i = int(rows[0])
    category = CATEGORIES[int(table.category[i])]
    if strength == int(table.strength[table.category == table.category[i]].min()):
        return f"any {table.ranking.label(category).lower()}"
    text = table.describe(i)
    return text.removesuffix(" high")


def _highest_first(cards: Iterable[Any]) -> list[Any]:
    """Cards as hands are shown: highest rank first (``Q♥ 6♦ 4♣``)."""
    return sorted(cards, key=lambda c: (int(c.rank), int(c.suit)), reverse=True)


def rule_in_words(game: Game, play: np.ndarray) -> tuple[str, int]:
    """The threshold rule closest to ``play`` (fewest hands decided differently), in players' words."""
    table = hand_table(game.ranking)
    strength = table.strength
    n = table.n_strengths
    played = np.bincount(strength[play], minlength=n)
    folded = np.bincount(strength[~play], minlength=n)
    # Threshold t plays strengths >= t: wrong on played hands below t and folded hands from t up.
    wrong = np.concatenate([[0], np.cumsum(played)]) + np.concatenate([np.cumsum(folded[::-1])[::-1], [0]])
    t = int(np.argmin(wrong))
    if t == 0:
        return "Always play", 0
    if t >= n:
        return "Always fold", n
    return f"Play {_words(table, t)} or better", t


def strategy_report(
    game: Game,
    others: Iterable[str] = ("dealer-copy", "always-play", "pair"),
    pair_plus_ratio: Fraction | int = 0,
) -> StrategyReport:
    """The optimal strategy in words, its exceptions, and each other strategy's exact edge and cost."""
    from casino.edge import analyze
    from casino.face_up import blind

    if game.cards != 3 or game.has_wild_cards:
        raise BetError(f"{game.name} {_why_not_in_words(game)}: the strategy in words is for three-card games"
                       " without wild cards (brag edge and brag par give its optimal play rate and figures)")
    best = analyze(blind(game), pair_plus_ratio=pair_plus_ratio)  # one decision per hand, Face Up or not
    table = best.table
    rule, t = rule_in_words(game, best.play)
    simple = table.strength >= t
    exceptions = tuple(
        HandException(
            hand=table.describe(int(i)),
            cards=" ".join(str(c) for c in _highest_first(table.hand_cards(int(i)))),
            play=bool(best.play[i]),
            ev_play=best.decision(int(i), pair_plus_ratio=0).ev_play,  # per Ante, beside a fold's -1
            ev_fold=Fraction(-1),
        )
        for i in np.flatnonzero(simple != best.play)
    )
    played = np.bincount(table.strength[best.play], minlength=table.n_strengths)
    every = np.bincount(table.strength, minlength=table.n_strengths)
    mixed = tuple(
        (_words(table, int(k)),
         int(played[k]), int(every[k]))
        for k in np.flatnonzero((played > 0) & (played < every))[::-1]
    )
    base = best.ante_play.house_edge
    costs = [StrategyCost("optimal", best.ante_play.play_rate or Fraction(0), base, best.ante_play.element_of_risk, Fraction(0),
                          strategy_label(game, "optimal", rule))]
    seen = {"optimal"}
    for name in others:
        if name in seen:
            continue
        seen.add(name)
        report = analyze(game, play_mask(game, name)).ante_play
        costs.append(StrategyCost(name, report.play_rate or Fraction(0), report.house_edge, report.element_of_risk,
                                  report.house_edge - base, strategy_label(game, name)))
    return StrategyReport(game, rule, t, exceptions, mixed, tuple(costs))
