"""Face Up: the dealer's first card is dealt face up, and the player decides knowing it.

In the casino "Face Up" variant (``face_up = true`` under ``[rules]`` in a game file) everything is
settled as usual, but one of the dealer's three cards is shown before the player plays or folds.
The best player then decides per (own hand, dealer's up card) by the exact expected value over the
dealer's two other cards: the *informed* strategy that ``brag strategy --dealer-card`` computes for
one card (:func:`casino.advantage.informed_outcomes`). This module prices it for all 52 up cards::

    >>> from casino.games import load_game
    >>> from casino.face_up import face_up_analysis
    >>> report = face_up_analysis(load_game("3-card-brag"))
    >>> report.ante_play.total                     # player hand x up card x the dealer's two others
    1221511200
    >>> report.ante_play.house_edge < 0            # the information turns the game
    True

Every (player hand, up card) pair has the same 1,128 completions of the dealer's hand, so the
figures are exact fractions over 22,100 x 49 x 1,128 deals. Suits are symmetric: the card-removal
counts are computed for one up card per rank (suit clubs) and carried to the other suits by
relabelling suits.

:func:`informed_play` is the decision table (22,100 hands x 52 up cards) the simulator and the table
trainer use; :func:`informed_values` holds the exact expected values behind it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from casino.advantage import informed_outcomes
from casino.games import BETS, Game
from casino.hands import N_HANDS, hand_index, hand_table
from casino.rankings import PAY_CLASSES
from casino.rules import LOSE, NOT_QUALIFY, OUTCOME_NAMES, TIE, WIN, outcome_nets, pay_vector

if TYPE_CHECKING:
    from casino.edge import BetReport, EdgeReport

__all__ = ["N_UP_CARDS", "N_COMPLETIONS", "InformedValues", "informed_values", "informed_play", "face_up_analysis",
           "blind"]

#: What the Ante/Play bet's title adds for Face Up (``Ante / Play with Ante Bonus, Face Up``): a rule, which
#: `brag compare` shows in its Rules rows, not in the bet's name.
FACE_UP_TITLE = ", Face Up"

N_UP_CARDS = 49  # up cards possible once the player holds three
N_COMPLETIONS = 1128  # the dealer's two other cards: C(48, 2)
_OUTCOMES = (NOT_QUALIFY, WIN, TIE, LOSE)


@dataclass(frozen=True, eq=False)
class InformedValues:
    """Per up card (52 rows) and player hand (22,100 columns): whether the pair is possible, the
    dealer-outcome counts over the 1,128 completions, and the exact value of playing.

    ``value[d, i] / (scale * 1128)`` is the expected net of playing hand ``i`` against up card ``d``,
    per Ante, Ante Bonus included; folding is ``-1``.
    """

    possible: np.ndarray  # bool (52, N_HANDS)
    counts: dict[int, np.ndarray]  # outcome code -> int64 (52, N_HANDS)
    value: np.ndarray  # int64 (52, N_HANDS): scale x 1128 x EV of playing
    scale: int

    @property
    def fold_value(self) -> int:
        return -self.scale * N_COMPLETIONS

    def ev_play(self, hand: int, up_card: int) -> Fraction:
        return Fraction(int(self.value[up_card, hand]), self.scale * N_COMPLETIONS)


def blind(game: Game) -> Game:
    """The same game without the Face Up rule (the player sees no dealer card)."""
    return replace(game, rules=replace(game.rules, face_up=False)) if game.rules.face_up else game


def _suit_maps() -> np.ndarray:
    """For each suit s (0-3): hand index -> index of the same hand with suits 0 and s swapped."""
    cards = hand_table("brag").cards.astype(np.int64)  # the card layout is the same for every ranking
    maps = np.empty((4, N_HANDS), dtype=np.int64)
    for s in range(4):
        suit = cards % 4
        swapped = np.where(suit == 0, s, np.where(suit == s, 0, suit))
        maps[s] = hand_index(cards - suit + swapped)
    return maps


@cache
def _cached_values(game: Game) -> InformedValues:
    table = hand_table(game.ranking)
    q = table.threshold(game.qualifier)
    bonus = pay_vector(game.ante_bonus, Fraction(0))
    scale = math.lcm(1, *(b.denominator for b in bonus if b is not None))
    hand_bonus = np.array([int((b or 0) * scale) for b in bonus], dtype=np.int64)[table.pay_class]
    nets = outcome_nets(game)
    maps = _suit_maps()
    possible = np.empty((52, N_HANDS), dtype=bool)
    counts = {k: np.empty((52, N_HANDS), dtype=np.int64) for k in _OUTCOMES}
    names = {NOT_QUALIFY: "not_qualify", WIN: "win", TIE: "tie", LOSE: "lose"}
    for rank in range(13):
        club = rank * 4
        seen_possible, seen_counts, n = informed_outcomes(table, q, club, ())
        assert n == N_COMPLETIONS
        for s in range(4):
            # hand i with up card (rank, s) is hand maps[s][i] with the club of that rank
            where = maps[s]
            possible[club + s] = seen_possible[where]
            for k in _OUTCOMES:
                counts[k][club + s] = np.where(seen_possible, seen_counts[names[k]], 0)[where]
    main = sum(nets.main[k] * counts[k] for k in _OUTCOMES)
    bonus_pairs = sum(counts[k] for k in _OUTCOMES if nets.bonus_paid[k])
    value = scale * main + hand_bonus[None, :] * bonus_pairs
    for array in (possible, value, *counts.values()):
        array.setflags(write=False)
    return InformedValues(possible, counts, value, scale)


def informed_values(game: Game) -> InformedValues:
    """The exact values of playing every hand against every up card (cached per game rules)."""
    if game.cards != 3 or game.head_to_head is not None:
        from casino.errors import BetError

        raise BetError(f"{game.name}: Face Up and the informed strategy are for three-card games against the dealer")
    return _cached_values(_key(game))


def _key(game: Game) -> Game:
    """What the values depend on: the ranking, the qualifier, the tie rule, the Ante Bonus and its rule."""
    return Game(name="", ranking=game.ranking, qualifier=game.qualifier, ties=game.ties, ante_bonus=game.ante_bonus,
                rules=replace(game.rules, face_up=False, pair_plus_on_fold=True))


def informed_play(game: Game, pair_plus_ratio: Fraction | int = 0) -> np.ndarray:
    """The informed strategy: ``play[i, d]`` for hand ``i`` against up card ``d`` (a tie folds;
    impossible pairs fold). Read-only, (22,100, 52).

    ``pair_plus_ratio``: a box's Pair Plus stake / its Ante. Where a fold loses the Pair Plus
    (``pair_plus_on_fold = false``) the box plays when the value of playing plus the Pair Plus it keeps by
    playing beats folding (:func:`casino.edge.pair_plus_counted`, as the blind strategy does); elsewhere the
    ratio changes nothing."""
    from casino.edge import pair_plus_counted, plays_with_pair_plus

    values = informed_values(game)
    extra = pair_plus_counted(game, Fraction(pair_plus_ratio))
    if extra is None:
        better = values.value > values.fold_value
    else:
        better = plays_with_pair_plus(values.value, values.scale * N_COMPLETIONS, extra,
                                      hand_table(game.ranking).pay_class)
    play = np.ascontiguousarray((values.possible & better).T)
    play.setflags(write=False)
    return play


def face_up_analysis(game: Game, play: np.ndarray | None = None, pair_plus_ratio: Fraction | int = 0) -> EdgeReport:
    """The exact analysis of ``game`` dealt Face Up: an :class:`casino.edge.EdgeReport` whose
    Ante/Play (and, when a fold loses it, Pair Plus) figures are over every (player hand, up card,
    dealer completion), the player following ``play`` (22,100 x 52 decisions; the informed strategy
    by default, weighing a Pair Plus of ``pair_plus_ratio`` x the Ante where a fold loses it).
    ``play``, ``play_value`` and :meth:`~casino.edge.EdgeReport.decision` of the report are the blind
    ones (the player's decision without the up card)."""
    from casino.edge import BetReport, Outcome, analyze

    ratio = Fraction(pair_plus_ratio)
    base = analyze(blind(game), pair_plus_ratio=ratio)
    values = informed_values(game)
    decide = informed_play(game, ratio) if play is None else np.asarray(play, dtype=bool)
    if decide.shape != (N_HANDS, 52):
        raise ValueError(f"a Face Up strategy gives one decision per hand and up card: expected {(N_HANDS, 52)},"
                         f" got {decide.shape}")
    played = values.possible & decide.T  # (52, N_HANDS)
    folded = values.possible & ~decide.T
    total = N_HANDS * N_UP_CARDS * N_COMPLETIONS
    per_hand = {k: (values.counts[k] * played).sum(axis=0) for k in _OUTCOMES}  # per player hand
    fold_triples = int(folded.sum()) * N_COMPLETIONS
    nets = outcome_nets(game)
    bonus = [b if b is not None else Fraction(0) for b in pay_vector(game.ante_bonus, Fraction(0))]
    table = hand_table(game.ranking)
    counts = {"fold": fold_triples, **{OUTCOME_NAMES[k]: int(per_hand[k].sum()) for k in _OUTCOMES}}
    tie_label = {"push": "Tie (push)", "player": "Tie (player wins)", "dealer": "Tie (dealer wins)"}[game.ties]
    labels = ("Fold", "Dealer does not qualify", "Player wins", tie_label, "Player loses")
    outcomes = [Outcome(label, counts[OUTCOME_NAMES[k]], Fraction(nets.main[k]), total) for k, label in enumerate(labels)]
    distribution: dict[Fraction, int] = {Fraction(-1): fold_triples} if fold_triples else {}
    bonus_rows: dict[int, int] = {}
    for c in range(len(PAY_CLASSES)):
        in_class = table.pay_class == c
        for k in _OUTCOMES:
            n = int(per_hand[k][in_class].sum())
            if not n:
                continue
            paid = nets.bonus_paid[k] and bonus[c] != 0
            value = Fraction(nets.main[k]) + (bonus[c] if nets.bonus_paid[k] else 0)
            distribution[value] = distribution.get(value, 0) + n
            if paid:
                bonus_rows[c] = bonus_rows.get(c, 0) + n
    rows: dict[str, tuple[Fraction, int]] = {}
    for c, n in bonus_rows.items():
        label = f"Ante Bonus: {game.ranking.label(_row(c, bonus))}"
        pays, before = rows.get(label, (bonus[c], 0))
        rows[label] = (pays, before + n)
    outcomes += [Outcome(label, n, pays, total) for label, (pays, n) in rows.items()]
    n_played = int(played.sum())
    ante_play = BetReport(
        bet="ante_play",
        title="Ante / Play" + (" with Ante Bonus" if game.ante_bonus else "") + FACE_UP_TITLE
        + (" (informed strategy)" if play is None else ""),
        total=total,
        outcomes=tuple(o for o in outcomes if o.combinations or o.label == "Fold"),
        distribution=tuple(sorted(distribution.items(), reverse=True)),
        average_wager=1 + Fraction(n_played, N_HANDS * N_UP_CARDS),
        play_rate=Fraction(n_played, N_HANDS * N_UP_CARDS),
        counts=counts,
    )
    pair_plus = base.pair_plus
    if game.pair_plus is not None and not game.rules.pair_plus_on_fold:
        pair_plus = _pair_plus_lost_on_fold(game, played.sum(axis=0), folded.sum(axis=0))
    return replace(base, game=game, ante_play=ante_play, pair_plus=pair_plus, pair_plus_ratio=ratio)


def _row(c: int, bonus: list[Fraction]) -> str:
    """A pay class's return-table row (a special hand paid as its parent shares the parent's row)."""
    from casino.rankings import SPECIAL_PARENT

    name = PAY_CLASSES[c]
    parent = SPECIAL_PARENT.get(name)
    if parent is not None and bonus[c] == bonus[PAY_CLASSES.index(parent)]:
        return parent
    return name


def _pair_plus_lost_on_fold(game: Game, stands: np.ndarray, folds: np.ndarray) -> BetReport:
    """Pair Plus over (player hand, up card) pairs when a fold loses it."""
    from casino.edge import BetReport, Outcome

    assert game.pair_plus is not None
    table = hand_table(game.ranking)
    pays = pay_vector(game.pair_plus, None)
    total = N_HANDS * N_UP_CARDS
    per_class = np.bincount(table.pay_class, weights=stands, minlength=len(PAY_CLASSES)).astype(np.int64)
    losing = int(folds.sum())
    distribution: dict[Fraction, int] = {}
    rows: dict[str, tuple[Fraction, int]] = {}
    for c, pay in enumerate(pays):
        n = int(per_class[c])
        if not n:
            continue
        if pay is None:
            losing += n
            continue
        label = table.ranking.label(_row(c, [p if p is not None else Fraction(-1) for p in pays]))
        rows[label] = (pay, rows.get(label, (pay, 0))[1] + n)
        distribution[pay] = distribution.get(pay, 0) + n
    outcomes = sorted((Outcome(label, n, pay, total) for label, (pay, n) in rows.items()),
                      key=lambda o: o.pays, reverse=True)
    outcomes.append(Outcome("Loses", losing, Fraction(-1), total))
    if losing:
        distribution[Fraction(-1)] = distribution.get(Fraction(-1), 0) + losing
    return BetReport(bet="pair_plus", title=BETS["pair_plus"], total=total, outcomes=tuple(outcomes),
                     distribution=tuple(sorted(distribution.items(), reverse=True)))
