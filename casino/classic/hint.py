"""The hint: your chance of holding a better hand than each number of opponents still in.

Counted over the cards you have not seen: the pack less your own cards (and a kept blind hand you
looked at and threw: it is out of play) and, when the pack was not
shuffled for this deal, less the cards turned up at showdowns since the last shuffle that every seat
can place below the cards dealt from what every seat saw
(:attr:`casino.classic.view.SeatView.known_absent`: never a card whose place depends on the order of a
four- or five-card hand, or of two hands, that went back to the bottom). The opponents' hands are any
pairwise disjoint hands of those cards, every deal equally likely.

Exact by counting (:mod:`casino.classic.equity_count`) against one, two and three opponents in
three-card Brag (wild cards too), and against one and two in four- and five-card Brag (each opponent
playing the best three of its cards, discards breaking ties). Beyond that the figure is a fixed-seed
simulation of :data:`SIMULATED_DEALS` deals and says so, with its margin (:attr:`Chance.margin`: the
half-width of a 95 % interval). ``beat`` is the chance that every opponent's
hand is weaker than yours; ``tie`` the chance that none is better but at least one is as good (you
would share the best hand; at a see, the player who paid to see loses ties)::

    >>> from casino.besthand import HandRanker
    >>> from casino.cards import parse_cards
    >>> mine = [c.index for c in parse_cards("Ah Ad As")]
    >>> unseen = [c for c in range(52) if c not in mine]
    >>> chances = beat_chances(HandRanker(), mine, (), unseen, opponents=4)
    >>> [(c.opponents, c.exact) for c in chances]
    [(1, True), (2, True), (3, True), (4, False)]
    >>> float(chances[2].beat) > 0.99
    True
    >>> chances[2].margin, 0 < chances[3].margin < 0.001
    (0.0, True)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from casino.besthand import HandRanker
from casino.errors import BragError

if TYPE_CHECKING:
    from casino.classic.view import SeatView

__all__ = ["Chance", "NoHint", "beat_chances", "seat_chances", "hint_hand", "best_three_note", "SIMULATED_DEALS"]

SIMULATED_DEALS = 50_000


@dataclass(frozen=True)
class Chance:
    """The chance of a strictly better hand than ``opponents`` opponents (``beat``), and of sharing
    the best hand with at least one of them (``tie``); ``exact`` or simulated (``deals`` simulated)."""

    opponents: int
    beat: Fraction
    exact: bool
    deals: int = 0  # how many deals were simulated (0 when exact)
    tie: Fraction = Fraction(0)

    @property
    def margin(self) -> float:
        """How far a simulated ``beat`` may be from the truth: the larger side of its 95 % Wilson interval (0 when
        exact). Near 0 % or 100 % the normal approximation gave ± 0.00 for a chance no deal showed (0 of 50,000
        deals still allows up to 0.0077 %)."""
        if self.exact or not self.deals:
            return 0.0
        from casino.stats import wilson_interval

        p = float(self.beat)
        low, high = wilson_interval(round(self.beat * self.deals), self.deals, 0.95)
        return max(p - low, high - p)


def beat_chances(ranker: HandRanker, kept: Sequence[int], discards: Sequence[int], unseen: Sequence[int],
                 opponents: int, *, seed: str = "hint") -> list[Chance]:
    """Your chance of beating 1, 2, … ``opponents`` opponents, with your hand as kept and discarded
    (exact where :func:`casino.classic.equity_count.exact_up_to` says so, else simulated)."""
    from casino.classic.equity_count import beat_counts, simulate_counts

    if len(kept) == 3 and not discards:
        mine = ranker.three_key(*kept)
    else:
        mine = ranker.key_of(kept, discards)
    out = [Chance(c.opponents, Fraction(c.beat, c.deals), True, 0, Fraction(c.not_beaten - c.beat, c.deals))
           for c in beat_counts(ranker, mine, unseen, opponents)]
    if len(out) < opponents and (len(out) + 1) * ranker.cards <= len(unseen):
        simulated = simulate_counts(ranker, mine, unseen, opponents, SIMULATED_DEALS, seed)
        out += [Chance(c.opponents, Fraction(c.beat, c.deals), False, c.deals, Fraction(c.not_beaten - c.beat, c.deals))
                for c in simulated[len(out):]]
    return out


class NoHint(BragError):
    """The seat cannot be given the hint now (its cards are unseen, or not yet cut down to three)."""


def seat_chances(view: SeatView, ranker: HandRanker, pack_size: int) -> list[Chance]:
    """The hint for one seat, from what that seat may see: its chance of beating 1, 2, … of the opponents
    still in (betting, or covered), counting over the cards it has not seen (its own cards, a hand it
    looked at and threw, and :attr:`~casino.classic.view.SeatView.known_absent` are left out), for the three
    cards of :func:`hint_hand` (before a discard: the best three). Raises :class:`NoHint` when the seat
    is blind. The terminal's ``h`` key and the web page's Hint button both call it."""
    kept, discards = hint_hand(view, ranker)  # (raises NoHint for a blind seat)
    known = set(kept) | set(discards) | set(view.known_absent) | set(view.thrown) | set(view.open_cards)
    unseen = tuple(c for c in range(pack_size) if c not in known)
    others = max(1, view.betting() - 1 + sum(1 for s in view.seats if s.status == "covered"))
    key = (ranker.cards, ranker.wild, tuple(kept), tuple(discards), unseen, others, view.hand_no)
    found = _RECENT.get(key)  # the hint and the expert's line count the same thing once
    if found is None:
        found = beat_chances(ranker, kept, discards, unseen, others, seed=f"hint-{view.hand_no}")
        with _RECENT_LOCK:  # a web server counts hints in several threads at once
            if len(_RECENT) >= 16:
                _RECENT.pop(next(iter(_RECENT)), None)
            _RECENT[key] = found
    return list(found)


def hint_hand(view: SeatView, ranker: HandRanker) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The three cards (and discards) the hint counts for: the seat's kept three; before a four- or five-card
    hand is cut down to three (or while a looked-at second hand is kept or thrown), its best three, the
    choice a showdown makes for a hand still blind — :func:`best_three_note` says so on the screen."""
    kept, gone, _ = _counted(view, ranker)
    return kept, gone


def best_three_note(view: SeatView, ranker: HandRanker) -> str | None:
    """``"with your best three, … (discarding …)"`` when the hint counts for a hand not yet cut down to three
    (:func:`hint_hand`), else ``None`` (a blind seat, or a hand of three)."""
    from casino.classic.words import cards_text

    try:
        kept, gone, chosen = _counted(view, ranker)
    except NoHint:
        return None
    return f"with your best three, {cards_text(kept)} (discarding {cards_text(gone)})" if chosen else None


def _counted(view: SeatView, ranker: HandRanker) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """:func:`hint_hand`'s three and discards, and whether the hint chose them (the hand is not cut down yet)."""
    cards = view.cards if view.cards is not None else view.looking  # two blind hands: the one looked at
    if cards is None:
        if sum(1 for s in view.seats if s.status in ("blind", "seen", "covered")) <= 1:
            # everyone else folded to this blind hand: it has won, and a hand kept for the next deal stays unseen
            raise NoHint("you won this hand blind; a blind hand you keep stays unseen, so there are no cards to count")
        raise NoHint("you are blind; look first (the hint needs your cards)")
    if view.cards is not None and view.kept is not None:
        return tuple(view.kept), tuple(view.discards), False
    if len(cards) == 3:
        return tuple(cards), (), False
    kept, gone = ranker.best_choice(cards)
    return tuple(kept), tuple(gone), True


_RECENT: dict[tuple[object, ...], list[Chance]] = {}
_RECENT_LOCK = threading.Lock()
