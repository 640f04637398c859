"""The opponent seam: what one seat may know (:class:`SeatView`) and who decides (:class:`Opponent`).

The engine never hands a seat another seat's hidden cards: a view holds its own cards only once the
seat has looked (``None`` while blind), every public action of the hand (another seat's discards
with their cards blanked out), the chips, the stake and the pots, and the hands turned up at earlier
showdowns. A computer player is anything with a ``decide(view, legal, rng) -> Action`` method::

    >>> import random
    >>> from casino.classic.table import ClassicTable
    >>> from casino.classic.rules import ClassicRules
    >>> table = ClassicTable(ClassicRules(), ["You", "Ann", "Bob"], seed="demo")
    >>> state = table.start_hand()
    >>> view = table.view(state.to_act)
    >>> view.cards is None, view.statuses()      # nobody has looked yet
    (True, ('blind', 'blind', 'blind'))
    >>> action = SimpleOpponent().decide(view, table.legal_actions(), random.Random(1))
    >>> table.can(action)
    True
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import NamedTuple, Protocol, runtime_checkable

from casino.classic.actions import (
    Action, Chips, AgreedShowdown, AgreeShowdown, Bet, BetMade, Choose, Cover, Discard, Discarded, Event, Fold, Keep,
    Look, See,
)
from casino.besthand import HandRanker
from casino.besthand import ranker as ranker_for
from casino.classic.rules import ClassicRules
from casino.classic.state import LegalActions

__all__ = ["SeatPublic", "ShownHand", "SeatView", "Opponent", "SimpleOpponent", "public_events"]


class SeatPublic(NamedTuple):
    """What everyone at the table can see of a seat."""

    name: str
    chips: Chips
    status: str  # "blind", "seen", "folded", "covered" (or "out": not in this hand)
    put_in: Chips  # chips put in this hand, ante included
    last_action: str
    hands: int  # hands held: 2 for a player keeping a blind hand from the last deal
    bets: int = 0  # bets (and showdown agreements) made this hand


class ShownHand(NamedTuple):
    """A hand turned up at an earlier showdown (card indices), with what it made."""

    hand_no: int
    name: str
    kept: tuple[int, ...]
    discards: tuple[int, ...]
    hand: str


class SeatView(NamedTuple):
    """Exactly what seat ``seat`` may know now (an immutable snapshot: a named tuple, cheap to make).

    ``cards``: the seat's own cards (the hand as dealt) once it has looked, else ``None``;
    ``kept``/``discards``: its choice in four- and five-card Brag; ``seats``: every seat's public
    state (indexed like the table); ``history``: this hand's public events; ``known_absent``: cards
    turned up at showdowns since the last shuffle that every seat can place below the cards dealt this
    hand, from what every seat saw alone (:class:`casino.classic.table.PackPart`): an unshuffled pack puts
    each hand's run of cards at the bottom where everyone can tell, but the order inside a run everyone
    knows only for a three-card hand shown on its own (shown in the order dealt). A four- or five-card
    hand shows kept cards and discards, a seat with two hands shows one, so once such a run straddles the
    top of a deal none of its cards is in the set, as its place then depends on an order nobody saw; ``looking``:
    a seat holding two blind hands that has looked at one sees that one's cards (and only it) while it
    chooses to keep or throw it — the seat is still blind until it keeps it; ``thrown``: the cards of such a
    hand the seat looked at and threw (out of play, and known to that seat alone); ``open_cards``: with the open
    pack, the cards it has shown every seat this hand (none of them is in a hand still in play).
    """

    seat: int
    hand_no: int
    rules: ClassicRules
    cards: tuple[int, ...] | None
    kept: tuple[int, ...] | None
    discards: tuple[int, ...]
    seats: tuple[SeatPublic, ...]
    dealer: int
    to_act: int
    stake: Chips
    pot: Chips
    pots: tuple[Chips, ...]
    minimum_bet: Chips
    see_cost: Chips
    history: tuple[Event, ...]
    shown_before: tuple[ShownHand, ...]
    known_absent: frozenset[int] = frozenset()  # shown since the last shuffle, below the deal to every seat's knowledge
    looking: tuple[int, ...] | None = None  # with two blind hands: the one just looked at, until kept or thrown
    thrown: tuple[int, ...] = ()  # the hand this seat looked at and threw this deal (it alone saw it)
    open_cards: tuple[int, ...] = ()  # the open pack (open_pack rule): the cards it has shown every seat this hand

    def statuses(self) -> tuple[str, ...]:
        return tuple(s.status for s in self.seats)

    @property
    def blind(self) -> bool:
        return self.cards is None

    def betting(self) -> int:
        """How many seats are still betting (neither folded nor covered)."""
        return sum(1 for s in self.seats if s.status in ("blind", "seen"))


def public_events(events: list[Event], seat: int, discards: bool = True) -> tuple[Event, ...]:
    """The events a seat may know: another seat's discarded cards are blanked (they lie face down).
    ``discards``: whether any event may be a discard (when not, the events are copied as they are)."""
    if not discards:
        return tuple(events)
    return tuple(
        Discarded(e.seat, ()) if isinstance(e, Discarded) and e.seat != seat else e for e in events
    )


@runtime_checkable
class Opponent(Protocol):
    """A computer player: given its view and what is legal, it picks one action (the rng is its only
    source of chance, so a seeded game replays exactly)."""

    def decide(self, view: SeatView, legal: LegalActions, rng: random.Random) -> Action: ...


class SimpleOpponent:
    """A plain rule-based player: plays blind for a while, looks, stays in with a pair or better (or a
    high card while it is cheap), raises with a flush or better, and sees when two are left.

    It exists so that the table is playable before the real characters arrive; it reads only its
    view, so it cannot cheat.
    """

    name = "simple"

    def __init__(self, blind_turns: int = 2, nerve: float = 0.5) -> None:
        self.blind_turns = blind_turns
        self.nerve = nerve

    def decide(self, view: SeatView, legal: LegalActions, rng: random.Random) -> Action:
        if legal.keep:
            return Keep(True)
        ranker = ranker_for(view.rules.cards, view.rules.wild)
        if legal.choose:
            return Choose(True)
        if legal.discard:
            assert view.cards is not None
            _, gone = ranker.best_choice(view.cards)
            return Discard(tuple(gone))
        my_turns = view.seats[view.seat].bets
        two_left = view.betting() == 2
        if view.blind:
            if legal.look and (my_turns >= self.blind_turns or rng.random() < 0.3):
                return Look(0)
            if two_left and legal.see_cost is not None:
                return See()
            return self._stay(legal, rng, raise_it=False)
        assert view.kept is not None or view.cards is not None
        kept = view.kept if view.kept is not None else view.cards
        assert kept is not None
        strength = _category(ranker, kept)
        if legal.agree_showdown and strength >= 1 and my_turns >= 3:
            return AgreeShowdown()
        if two_left and legal.see_cost is not None and (strength >= 1 or my_turns >= 2 or rng.random() < 0.3):
            return See()
        # with three or more still in, even a good hand stops after a while: the pot is not worth any price
        patience = _PATIENCE[strength]
        if my_turns < patience and (strength >= 1 or rng.random() < self.nerve):
            return self._stay(legal, rng, raise_it=strength >= 3 and my_turns < 3)
        return Fold()

    @staticmethod
    def _stay(legal: LegalActions, rng: random.Random, *, raise_it: bool) -> Action:
        if legal.bet_min is not None and legal.bet_max is not None:
            if legal.bet_choices is not None:
                return Bet(legal.bet_choices[-1] if raise_it else legal.bet_choices[0])
            if raise_it:
                return Bet(min(legal.bet_max, legal.bet_min * 2))
            return Bet(legal.bet_min)
        if legal.cover is not None:
            return Cover()
        if legal.see_cost is not None:
            return See()
        return Fold()


_PATIENCE = (1, 3, 4, 5, 8, 12)  # the simple player's bets before folding, by the category of its hand


def _category(ranker: HandRanker, kept: tuple[int, ...]) -> int:
    """0 high card, 1 pair, 2 flush, 3 run, 4 running flush, 5 prial (the best three of ``kept``)."""
    if len(kept) == 3:
        return ranker.category(kept)
    three, _ = ranker.best_choice(kept)
    return ranker.category(three)
