"""Strategy with information: one dealer card seen, or cards of other boxes seen.

With some cards known the play/fold decision of each hand can change. For every player hand
possible given what was seen, we count the dealer hands still possible — by inclusion-exclusion
over the player's cards, as :mod:`casino.dealer` does, but over the universe of dealer hands that
avoid the seen cards (and hold the seen dealer card)::

    >>> from casino.games import load_game
    >>> from casino.advantage import informed
    >>> info = informed(load_game("three-card-poker"), dealer_card="Kh")
    >>> info.n_player_hands, info.n_dealer_hands
    (20825, 1128)
    >>> info.edge < info.basic_edge   # knowing a dealer card helps the player
    True

Edges are exact fractions per Ante (Ante Bonus included), averaged over the player hands that are
still possible.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

import numpy as np

from casino.cards import Card, parse_cards
from casino.edge import HandDecision, analyze, evs_with_pair_plus
from casino.rules import LOSE, NOT_QUALIFY, TIE, WIN, outcome_nets, pay_vector
from casino.errors import CardError
from casino.games import Game
from casino.hands import HandTable, hand_index, hand_table, pair_index

__all__ = [
    "InformedReport", "informed", "informed_outcomes", "hand_outcomes", "seen_ev_play", "seen_decision", "MAX_SEEN",
]

#: The most cards of other boxes that can be seen: a round still needs six cards (52 - 6).
MAX_SEEN = 46


@dataclass(frozen=True, eq=False)
class InformedReport:
    """The exact strategy and edge given seen cards, next to the basic strategy under the same cards."""

    game: Game
    dealer_card: Card | None
    seen: tuple[Card, ...]
    possible: np.ndarray  # bool per hand: player hands still possible
    play: np.ndarray  # bool per hand: the informed optimal decision (False where impossible)
    basic_play: np.ndarray  # the optimal decision without the information
    edge: Fraction  # house edge per Ante with the informed strategy
    basic_edge: Fraction  # house edge per Ante with the basic strategy, given the same cards
    n_player_hands: int
    n_dealer_hands: int

    @property
    def gain(self) -> Fraction:
        """What the information is worth to the player, per Ante."""
        return self.basic_edge - self.edge

    @property
    def play_rate(self) -> Fraction:
        return Fraction(int(self.play[self.possible].sum()), self.n_player_hands)

    def changes(self) -> list[tuple[str, int, bool]]:
        """Hands whose decision the information changes: (players' description, how many, now play?)."""
        table = hand_table(self.game.ranking)
        changed = self.possible & (self.play != self.basic_play)
        groups: dict[tuple[int, bool], list[int]] = {}
        for i in np.flatnonzero(changed):
            groups.setdefault((int(table.strength[i]), bool(self.play[i])), []).append(int(i))
        rows = []
        for (strength, now_play), hands in sorted(groups.items(), key=lambda item: -item[0][0]):
            rows.append((_pattern(table, hands[0]), len(hands), now_play))
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "dealer_card": self.dealer_card.ascii() if self.dealer_card else None,
            "seen": [c.ascii() for c in self.seen],
            "player_hands": self.n_player_hands,
            "dealer_hands_per_player_hand": self.n_dealer_hands,
            "house_edge": float(self.edge),
            "house_edge_fraction": f"{self.edge.numerator}/{self.edge.denominator}",
            "basic_strategy_house_edge": float(self.basic_edge),
            "gain": float(self.gain),
            "play_rate": float(self.play_rate),
            "changes": [{"hand": h, "hands": n, "play": p} for h, n, p in self.changes()],
        }


def _pattern(table: HandTable, i: int) -> str:
    """A hand's strength in players' words (suits dropped where they do not matter)."""
    text = table.describe(i)
    return text.removesuffix(" high") if text.endswith(" high") else text


def informed_outcomes(
    table: HandTable, qualifier_strength: int, dealer_card: int | None, seen: Iterable[int]
) -> tuple[np.ndarray, dict[str, np.ndarray], int]:
    """Per player hand: possible?, and counts of dealer hands (not_qualify, win, tie, lose).

    Dealer hands avoid ``seen`` and the player's cards, and hold ``dealer_card`` when given.
    """
    seen_set = set(seen)
    cards = table.cards.astype(np.int64)
    strength = table.strength.astype(np.int64)
    seen_mask = np.zeros(52, dtype=bool)
    seen_mask[list(seen_set)] = True
    clear = np.asarray(~seen_mask[cards].any(axis=1))
    universe = clear.copy()
    possible = clear.copy()
    if dealer_card is not None:
        holds = (cards == dealer_card).any(axis=1)
        universe &= holds
        possible &= ~holds
    width = table.n_strengths + 1
    u_cards, u_strength = cards[universe], strength[universe]
    a, b, c = u_cards[:, 0], u_cards[:, 1], u_cards[:, 2]
    u_pairs = np.stack([pair_index(a, b), pair_index(a, c), pair_index(b, c)], axis=1)

    def cumulative(groups: np.ndarray, n_groups: int) -> np.ndarray:
        counts = np.bincount((groups * width + u_strength[:, None] + 1).ravel(), minlength=n_groups * width)
        return np.cumsum(counts.reshape(n_groups, width), axis=1, dtype=np.int64)

    total = cumulative(np.zeros((len(u_strength), 1), dtype=np.int64), 1)[0]
    by_card = cumulative(u_cards, 52)
    by_pair = cumulative(u_pairs, 1326)
    pa, pb, pc = cards[:, 0], cards[:, 1], cards[:, 2]
    p_pairs = np.stack([pair_index(pa, pb), pair_index(pa, pc), pair_index(pb, pc)], axis=1)

    def below(r: np.ndarray | int) -> np.ndarray:
        r = np.broadcast_to(np.asarray(r, dtype=np.int64), strength.shape)
        inside = universe & (strength < r)  # the player's own hand, if it is in the universe
        counted: np.ndarray = (
            total[r]
            - by_card[cards, r[:, None]].sum(axis=1)
            + by_pair[p_pairs, r[:, None]].sum(axis=1)
            - inside
        )
        return counted

    q = qualifier_strength
    below_q, below_s, below_s1 = below(q), below(strength), below(strength + 1)
    n_dealer = below(width - 1)
    counts: dict[str, np.ndarray] = {
        "not_qualify": below_q,
        "win": np.maximum(below_s - below_q, 0),
        "tie": np.where(strength >= q, below_s1 - below_s, 0),
        "lose": n_dealer - np.maximum(below_s1, below_q),
    }
    n = int(n_dealer[possible][0]) if possible.any() else 0
    return possible, counts, n


def hand_outcomes(
    table: HandTable, qualifier_strength: int, hand: Sequence[int], dealer_card: int | None, seen: Iterable[int]
) -> tuple[dict[str, int], int]:
    """For one player hand (card indices): counts of the dealer hands (not_qualify, win, tie, lose), and their total.

    The dealer hands are every three cards not in the hand nor in ``seen`` (holding ``dealer_card`` when given):
    one hand's row of :func:`informed_outcomes`, counted directly over those dealer hands (a few milliseconds,
    where :func:`informed_outcomes` counts for all 22,100 hands at once).
    """
    cards = table.cards
    mask = np.zeros(52, dtype=bool)
    mask[list(hand)] = True
    mask[list(seen)] = True
    universe = ~mask[cards].any(axis=1)
    if dealer_card is not None:
        if mask[dealer_card]:
            raise CardError("the dealer's card is also given as the hand's or as a seen card")
        universe &= (cards == dealer_card).any(axis=1)
    dealer = table.strength[universe]
    s = int(table.strength[int(hand_index(np.asarray(hand, dtype=np.int64)))])
    q = qualifier_strength
    qualifies = dealer >= q
    counts = {
        "not_qualify": int((~qualifies).sum()),
        "win": int((qualifies & (dealer < s)).sum()),
        "tie": int((qualifies & (dealer == s)).sum()),
        "lose": int((qualifies & (dealer > s)).sum()),
    }
    return counts, int(universe.sum())


def seen_ev_play(game: Game, hand: Iterable[Card], seen: Iterable[Card], dealer_card: Card | None = None) -> Fraction:
    """The exact EV of playing ``hand`` per Ante (Ante Bonus included) given the cards seen: the dealer's hand is
    any three cards not in the hand nor in ``seen`` (the player's other boxes), holding ``dealer_card`` (an up
    card) when given. With nothing seen it is the standard table's EV (over 18,424 dealer hands)::

        >>> from casino.games import load_game
        >>> from casino.cards import parse_cards
        >>> from casino.edge import HandDecision, analyze, evs_with_pair_plus
        >>> game = load_game("3-card-brag")
        >>> seen_ev_play(game, parse_cards("Qh 7d 2c"), ()) == analyze(game).decision("Qh 7d 2c").ev_play
        True
        >>> seen_ev_play(game, parse_cards("Qh 7d 2c"), parse_cards("Qs Qd 7c"))   # two Queens and a 7 gone
        Fraction(-4671, 5060)
    """
    own = [c.index for c in hand]
    if len(own) != 3 or len(set(own)) != 3:
        raise CardError("a hand has three different cards")
    others = {c.index for c in seen}
    if others & set(own):
        raise CardError("a seen card is also in the hand")
    table = hand_table(game.ranking)
    counts, n = hand_outcomes(table, table.threshold(game.qualifier), own,
                              dealer_card.index if dealer_card is not None else None, others)
    if n == 0:
        raise CardError("no dealer hand is left with these cards seen")
    nets = outcome_nets(game)
    dealt = {NOT_QUALIFY: counts["not_qualify"], WIN: counts["win"], TIE: counts["tie"], LOSE: counts["lose"]}
    bonus = pay_vector(game.ante_bonus, Fraction(0))[int(table.pay_class[table.index(tuple(hand))])] or Fraction(0)
    main = sum((nets.main[k] * m for k, m in dealt.items()), Fraction(0))
    bonus_pairs = sum(m for k, m in dealt.items() if nets.bonus_paid[k])
    return (main + bonus * bonus_pairs) / n


def seen_decision(game: Game, hand: Iterable[Card], seen: Iterable[Card],
                  pair_plus_ratio: Fraction | int = 0) -> HandDecision:
    """The exact decision for a box when the player's other boxes' cards are ``seen``: as
    :meth:`casino.edge.EdgeReport.decision` (the box's Pair Plus counted where a fold loses it), but the dealer's
    hand drawn from the cards not seen. The hint at a table of several boxes."""
    cards = tuple(hand)
    table = hand_table(game.ranking)
    i = table.index(cards)
    ev_play, ev_fold, counted = evs_with_pair_plus(game, Fraction(pair_plus_ratio), int(table.pay_class[i]),
                                                   seen_ev_play(game, cards, seen))
    return HandDecision(table.describe(i), bool(ev_play > ev_fold), ev_play, ev_fold, counted)


def informed(game: Game, dealer_card: str | Card | None = None, seen: str | Iterable[Card] = ()) -> InformedReport:
    """The exact optimal strategy and house edge when a dealer card and/or other boxes' cards are seen."""
    d = None
    if dealer_card is not None:
        d = dealer_card if isinstance(dealer_card, Card) else parse_cards(dealer_card, count=1)[0]
    seen_cards = tuple(parse_cards(seen) if isinstance(seen, str) else seen)
    if d is not None and d in seen_cards:
        raise CardError(f"{d.ascii()} is given both as the dealer's card and as a seen card")
    if len(seen_cards) > MAX_SEEN:
        raise CardError(
            f"too many seen cards ({len(seen_cards)}): at most {MAX_SEEN}, as a round needs six cards"
            " not seen (the dealer's card counts as one of them)"
        )
    table = hand_table(game.ranking)
    q = table.threshold(game.qualifier)
    possible, counts, n_dealer = informed_outcomes(
        table, q, d.index if d else None, [c.index for c in seen_cards]
    )
    bonus = pay_vector(game.ante_bonus, Fraction(0))
    scale = _lcm(bonus)
    hand_bonus = np.array([int(b * scale) for b in bonus], dtype=np.int64)[table.pay_class]
    nets = outcome_nets(game)
    dealt = {NOT_QUALIFY: counts["not_qualify"], WIN: counts["win"], TIE: counts["tie"], LOSE: counts["lose"]}
    main = sum(nets.main[k] * n for k, n in dealt.items())
    bonus_pairs = sum(n for k, n in dealt.items() if nets.bonus_paid[k])
    value = scale * main + hand_bonus * bonus_pairs  # scale x n_dealer x EV of playing
    fold = -scale * n_dealer
    play = possible & (value > fold)
    basic = analyze(game).play
    n_players = int(possible.sum())
    unit = scale * n_dealer * n_players

    def edge_of(mask: np.ndarray) -> Fraction:
        total = int(np.where(mask, value, fold)[possible].sum())
        return -Fraction(total, unit)

    return InformedReport(
        game=game,
        dealer_card=d,
        seen=seen_cards,
        possible=possible,
        play=play,
        basic_play=basic,
        edge=edge_of(play),
        basic_edge=edge_of(basic),
        n_player_hands=n_players,
        n_dealer_hands=n_dealer,
    )


def _lcm(values: Sequence[Fraction | None]) -> int:
    import math

    return math.lcm(1, *(v.denominator for v in values if v is not None))
