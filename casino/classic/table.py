"""A session of traditional Brag: seats and chips, the deal passing left, the pack, fair dealing.

The pack is shuffled for the first deal; afterwards (with ``shuffle = "traditional"``) it is not:
the cards of each hand go to the bottom (folded hands as they were folded, then the hands still in)
and the next deal comes off the top, until a showdown is won by a prial. Before every deal the table
commits to the whole pack order — shuffled or carried over — with ``SHA-256(seed || order)``; after
the hand it reveals the seed, and :func:`verify_pack` checks the commitment, the shuffle (the
:mod:`casino.fair` HMAC shuffle of the cards in the pack) or the carry-over, and the cards dealt::

    >>> import random
    >>> from casino.classic.rules import ClassicRules
    >>> from casino.classic.view import SimpleOpponent
    >>> table = ClassicTable(ClassicRules(), ["Ann", "Bob", "Cat"], seed="7")
    >>> bots = [SimpleOpponent()] * 3
    >>> record = table.play_hand(bots, random.Random(7))
    >>> sum(table.chips) == 3000, record.hand_no, table.hand_no
    (True, 1, 1)
    >>> verify_pack(record, previous=None) == []
    True
"""

from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple, Sequence

from casino.besthand import HandRanker
from casino.classic.actions import Action, Chips, Event, HandOver, IllegalAction, Keep, Shown
from casino.classic.choice import Circle, Variant, computer_variant, variant_choices, variant_of, with_variant
from casino.classic.rules import ClassicRules
from casino.classic.state import HandState, LegalActions
from casino.classic.view import Opponent, SeatPublic, SeatView, ShownHand, public_events
from casino.classic.words import Voice
from casino.fair import SeedSource, commitment, deck_order

__all__ = ["ClassicTable", "HandRecord", "PackPart", "pack_commitment", "pack_left", "shuffle_pack", "verify_pack",
           "open_bottom", "with_cards_shown", "kept_hand",
           "deal_order", "carried_over", "shown_hands", "shown_from_snapshot", "SHOWN_STORED"]


#: How many hands shown at earlier showdowns a table remembers, the newest (the oldest are dropped): in
#: memory (what a view gives as ``shown_before``) and in its stored state (:meth:`ClassicTable.snapshot`)
#: alike, so a resumed table remembers exactly what one that never stopped does.
SHOWN_STORED = 60


def pack_commitment(seed: bytes, order: Sequence[int], variant: Variant | None = None) -> str:
    """The commitment shown before a deal: SHA-256 of the seed followed by the pack order (one byte a card);
    with dealer's choice, then the hand's variant (``b"variant"``, the cards, the wild cards' name, ``b"blind"`` or
    ``b"seen"``), so a hand dealt cannot be given another variant afterwards."""
    return commitment(bytes(seed) + bytes(order) + variant_tail(variant))


def variant_tail(variant: Variant | None) -> bytes:
    """What a hand's commitment covers after its seed and pack: nothing, or with dealer's choice its variant
    (``b"variant"``, the number of cards as one byte, the wild cards' name, ``b"blind"`` or ``b"seen"``)::

        >>> variant_tail(Variant(3, "none", True))
        b'variant\\x03noneblind'
    """
    if variant is None:
        return b""
    return b"variant" + bytes([variant.cards]) + variant.wild.encode() + (b"blind" if variant.blind else b"seen")


def hand_variant(rules: ClassicRules) -> Variant | None:
    """The variant a hand's commitment covers: with dealer's choice, the hand's; else none."""
    return variant_of(rules) if rules.dealers_choice else None


def shuffle_pack(seed: bytes, cards: Sequence[int]) -> list[int]:
    """The cards (indices, any order) shuffled by the seed: :func:`casino.fair.deck_order` of their
    number, applied to them sorted."""
    ordered = sorted(cards)
    return [ordered[i] for i in deck_order(seed, len(ordered))]


class PackPart(NamedTuple):
    """A run of ``length`` cards of an unshuffled pack as every seat can know it: ``cards`` are the cards
    shown at a showdown that lie somewhere in the run; ``ordered``: they are the whole run, top first.

    Every seat knows where each hand went back (the hands go to the bottom in the order they were folded,
    then the hands still in, from the first seat round, each as long as the cards its owner held), and
    which cards a showdown turned up; the order of the cards within a hand everyone knows only for a
    three-card hand shown alone (it is shown in the order it was dealt, which is the order it goes back).
    A four- or five-card hand is shown as its kept cards and discards, and a seat holding two hands shows
    one of them, so their order within the run is theirs alone: when such a run straddles the top of a
    deal, nobody else can tell which of its cards were dealt, and none of them is known any more."""

    length: int
    cards: tuple[int, ...]
    ordered: bool = False


def open_bottom(rules: ClassicRules, pack: Sequence[int], dealt: int) -> int | None:
    """The card the open pack shows after a deal of the top ``dealt`` cards of ``pack``: its bottom card
    (``None`` without the open pack, or with no card left)."""
    return pack[-1] if rules.open_pack and len(pack) > dealt else None


def with_cards_shown(parts: list[PackPart], pack: Sequence[int], shown: Sequence[int]) -> list[PackPart]:
    """What every seat knows of ``pack`` (``parts``, top first), with the cards the open pack showed this hand
    added to the runs that hold them (they are in the pack, somewhere in their run).

        >>> with_cards_shown([PackPart(3, ()), PackPart(2, (9,))], [1, 2, 3, 8, 9], [2, 8])
        [PackPart(length=3, cards=(2,), ordered=False), PackPart(length=2, cards=(9, 8), ordered=False)]

    A shown card at the end of its run (the pack's bottom card; a folded hand's, which shows the card it puts at
    the bottom) has a place every seat knows: it becomes a run of its own, which a later deal does not lose::

        >>> with_cards_shown([PackPart(3, ()), PackPart(2, (8,))], [1, 2, 3, 8, 9], [3, 9])
        [PackPart(length=2, cards=(), ordered=False), PackPart(length=1, cards=(3,), ordered=True), PackPart(length=1, cards=(8,), ordered=False), PackPart(length=1, cards=(9,), ordered=True)]
    """
    if not shown:
        return parts
    out: list[PackPart] = []
    at = 0
    for part in parts:
        run = pack[at:at + part.length]
        at += part.length
        extra = tuple(c for c in shown if c in run and c not in part.cards)
        if part.ordered or not extra:
            out.append(part)
        elif run[-1] in extra and part.length > 1:  # the card at the end of its run: its place is known to all
            rest = tuple(c for c in part.cards + extra if c != run[-1])
            out += [PackPart(part.length - 1, rest), PackPart(1, (run[-1],), True)]
        else:
            out.append(PackPart(part.length, part.cards + extra))
    return out


def parts_below(parts: Sequence[PackPart], dealt: int) -> list[PackPart]:
    """What every seat knows of the pack below its top ``dealt`` cards.

        >>> parts_below([PackPart(3, (7, 8, 9), True), PackPart(5, (1, 2)), PackPart(4, ())], 4)
        [PackPart(length=4, cards=(), ordered=False), PackPart(length=4, cards=(), ordered=False)]
        >>> parts_below([PackPart(3, (7, 8, 9), True), PackPart(5, (1, 2))], 1)
        [PackPart(length=2, cards=(8, 9), ordered=True), PackPart(length=5, cards=(1, 2), ordered=False)]
    """
    out: list[PackPart] = []
    for part in parts:
        if dealt >= part.length:
            dealt -= part.length
            continue
        if dealt:  # the run straddles the top of the deal: its order decides which of its cards are left
            part = PackPart(part.length - dealt, part.cards[dealt:], True) if part.ordered else PackPart(
                part.length - dealt, ())
            dealt = 0
        out.append(part)
    return out


def deal_order(n_seats: int, first: int, cards: int) -> list[int]:
    """The seat (in the hand's numbering) that gets each card off the top: one at a time, from ``first``."""
    return [(first + i) % n_seats for _ in range(cards) for i in range(n_seats)]


@dataclass
class HandRecord:
    """One settled hand: everything stored, replayed and verified.

    ``seats``: table seat numbers playing, in the hand's numbering; ``pack``: the pack order
    committed to before the deal (top first); ``pack_after``: the order left for the next deal.
    """

    hand_no: int
    rules: ClassicRules
    names: list[str]
    seats: list[int]
    dealer: int
    first: int
    shuffled: bool
    seed: bytes
    commitment: str
    pack: list[int]
    held_out: list[list[int]]  # per hand seat: a kept blind hand brought to this deal (or [])
    dealt: list[list[tuple[int, ...]]]
    chips_before: list[Chips]
    chips_after: list[Chips]
    borrowed: list[Chips]
    events: list[Event]
    actions: list[tuple[int, Action]]
    showdown: bool
    prial_won: bool
    kept_blind: int  # hand seat that keeps its blind hand for the next deal, or -1
    pack_after: list[int] = field(default_factory=list)

    def net(self, hand_seat: int) -> Chips:
        return self.chips_after[hand_seat] - self.chips_before[hand_seat] - self.borrowed[hand_seat]


def shown_hands(record: HandRecord) -> list[ShownHand]:
    """The hands a settled hand turned up, in the order it showed them, as the table remembers them for
    later hands (:attr:`ClassicTable.shown`, what a view gives as ``shown_before``): the hand's number, the
    player's name, the cards kept and discarded and what they make. ``record.events`` name table seats."""
    return [ShownHand(record.hand_no, record.names[record.seats.index(e.seat)], e.kept, e.discards, e.hand)
            for e in record.events if isinstance(e, Shown)]


def shown_from_snapshot(stored: Any) -> list[ShownHand]:
    """A stored table state's ``shown`` read back (:meth:`ClassicTable.restore`; raises ``ValueError``,
    ``TypeError`` … on a value it cannot read)."""
    return [ShownHand(int(n), str(name), tuple(k), tuple(d), str(h)) for n, name, k, d, h in stored]


class ClassicTable:
    """Seats, chips and the pack across hands; :meth:`start_hand` deals one :class:`HandState`.

    Drive a hand with :meth:`legal_actions`, :meth:`view` and :meth:`act` until :attr:`hand_done`,
    then :meth:`end_hand` (or let :meth:`play_hand` do it with one opponent per seat).
    """

    def __init__(self, rules: ClassicRules, names: Sequence[str], chips: Sequence[Fraction] | None = None, *,
                 seed: str | None = None, seeds: SeedSource | None = None, dealer: int = -1) -> None:
        if not 2 <= len(names) <= 8:
            raise IllegalAction(f"Brag is played by 2 to 8 players, not {len(names)}")
        self.rules = rules
        self.names = list(names)
        self.voice = Voice.of_table(self.names)  # the player's seat (named You) in the second person
        self.chips: list[Chips] = [Fraction(c) for c in (chips if chips is not None else [rules.chips] * len(names))]
        self.borrowed: list[Chips] = [Fraction(0)] * len(names)
        self.seeds = seeds or SeedSource.from_text(seed)
        self.ranker = HandRanker(rules.cards, rules.wild)
        self._rankers = {variant_of(rules): self.ranker}
        self.circle = Circle(variant_of(rules))  # dealer's choice: the deal's place in its circle, the variant
        self.picked: Variant | None = None  # the player's pick for the next deal (dealer's choice), until dealt
        #: the next hand's seed, once drawn (a computer dealer's pick comes from it before the deal): drawn ONCE, so
        #: the pick and the deal come from the same seed even when each draw is fresh (no --seed)
        self._next_seed: bytes | None = None
        self.dealer = dealer  # table seat that dealt last; -1: none yet (the first deal is seat 0's)
        self.hand_no = 0
        self.pack: list[int] = []  # empty: the next deal is shuffled
        self.kept_blind: dict[int, tuple[int, ...]] = {}
        self.shown: list[ShownHand] = []
        self.state: HandState | None = None
        self._seats: list[int] = []
        self._record: HandRecord | None = None
        self._awaiting_keep = -1
        self._keep_checked = False
        self._shuffle_next = True
        self._last_shuffle = 0  # the hand whose deal was last shuffled
        self.known_absent: frozenset[int] = frozenset()
        self._public: list[PackPart] = []  # what every seat knows of ``pack`` (between hands)
        self._public_rest: list[PackPart] = []  # ... of the cards below the deal (during a hand)

    # --- the deal --------------------------------------------------------------------------------------
    def players(self) -> list[int]:
        """Table seats that can ante for the next hand."""
        return [s for s in range(len(self.names)) if self.chips[s] >= self.rules.ante and self.chips[s] > 0]

    def can_deal(self) -> bool:
        return len(self.players()) >= 2

    def plays_on(self, seat: int) -> bool:
        """Whether a next hand can be dealt with ``seat`` in it (it can ante, and another with it): when not, that
        player is out of chips (even at an ante of 0, with none left) and the session is over for them."""
        return self.can_deal() and seat in self.players()

    def next_dealer(self) -> int:
        """The table seat that deals the next hand (the deal passes left among those who can ante)."""
        players = self.players()
        later = [s for s in players if s > self.dealer]
        return later[0] if later else players[0]

    def choice_due(self) -> int:
        """Dealer's choice: the table seat that picks the variant before the next deal (the dealer starting a
        circle after the first), or -1 when nobody picks now."""
        if not self.rules.dealers_choice or self.state is not None or not self.can_deal():
            return -1
        return self.next_dealer() if self.circle.picks_next() else -1

    def computer_pick(self) -> Variant:
        """The variant a computer dealer picks for the next deal: drawn from that hand's seed."""
        return computer_variant(self._seed_of_next_hand(), self.rules)

    def _seed_of_next_hand(self) -> bytes:
        """The next hand's seed, drawn once and kept until that hand is dealt (a secure source gives a fresh
        seed at every draw: the pick was drawn from one and the deal committed to another, and neither verify nor
        a resume could find the pick again)."""
        if self._next_seed is None:
            self._next_seed = self.seeds.seed_for(self.hand_no + 1)
        return self._next_seed

    def pick_variant(self, variant: Variant) -> None:
        """The player, dealing at the start of a circle, picks the variant for it (dealer's choice)."""
        if self.choice_due() < 0 or self.choice_due() != self.voice.you:
            raise IllegalAction("only the dealer picks the variant, at the start of a circle of deals, and it is not "
                                "yours to pick now")
        if variant not in variant_choices(self.rules):
            raise IllegalAction("that variant is not one a dealer may pick at this table")
        self.picked = variant

    def start_hand(self) -> HandState:
        """Commit to the pack, deal, take the antes; the new hand's state."""
        players = self.players()
        if len(players) < 2:
            raise IllegalAction("fewer than two players can pay the ante")
        chooser = self.choice_due()
        if chooser >= 0 and chooser == self.voice.you and self.picked is None:
            raise IllegalAction("you deal at the start of a circle: pick the variant first (cards, wild cards, "
                                "blind or seen)")
        if chooser >= 0:
            self.circle.variant = self.picked if chooser == self.voice.you and self.picked is not None \
                else self.computer_pick()
        self.picked = None
        rules = with_variant(self.rules, self.circle.variant) if self.rules.dealers_choice else self.rules
        for seat in list(self.kept_blind):
            fits = len(self.kept_blind[seat]) == rules.cards and rules.blind  # a pick may change the deal
            if seat not in players or not fits:  # a player who cannot ante (or play it) gives the kept hand back
                back = self.kept_blind.pop(seat)
                self.pack.extend(back)
                self._public.append(PackPart(len(back), ()))
        dealer = self.next_dealer()
        self.dealer = dealer
        hand_dealer = players.index(dealer)
        first = (hand_dealer + 1) % len(players)
        seed = self._seed_of_next_hand()  # the seed the pick above was drawn from, if one was
        self._next_seed = None
        self.hand_no += 1
        if self.rules.dealers_choice:
            self.circle.dealt(len(players))
        self.ranker = self._ranker_for(rules)
        held = [c for h in self.kept_blind.values() for c in h]
        shuffled = self._shuffle_next or self.rules.shuffle == "every-hand" or not self.pack
        if shuffled:
            in_pack = [c for c in range(self.rules.pack_size) if c not in set(held)]
            self.pack = shuffle_pack(seed, in_pack)
            self._last_shuffle = self.hand_no
            self._public = [PackPart(len(self.pack), ())]
        pack = list(self.pack)
        top = 0
        hands: list[list[list[int]]] = [[[]] for _ in players]
        for hand_seat in deal_order(len(players), first, rules.cards):
            hands[hand_seat][0].append(pack[top])
            top += 1
        held_out = []
        for i, seat in enumerate(players):
            kept = self.kept_blind.pop(seat, None)
            held_out.append(list(kept) if kept else [])
            if kept:
                hands[i].append(list(kept))
        self.state = HandState(rules, [self.names[s] for s in players], [self.chips[s] for s in players],
                               hands, first=first, ranker=self.ranker,
                               you=players.index(self.voice.you) if self.voice.you in players else None,
                               pack_bottom=open_bottom(rules, pack, top),
                               picked_by=hand_dealer if chooser >= 0 else -1)
        self._seats = players
        self._hand_seat = {seat: i for i, seat in enumerate(players)}
        self._awaiting_keep = -1
        self._keep_checked = False
        self._converted: list[Event] = []
        self._publics: list[SeatPublic] = []
        self._identity = players == list(range(len(self.names)))
        self._history: tuple[int, int, tuple[Event, ...]] = (-1, -1, ())  # (events, seat or -1, history)
        self._record = HandRecord(
            hand_no=self.hand_no, rules=rules, names=[self.names[s] for s in players], seats=players,
            dealer=hand_dealer, first=first, shuffled=shuffled, seed=seed, commitment=pack_commitment(seed, pack, hand_variant(rules)),
            pack=pack, held_out=held_out, dealt=[[tuple(h) for h in hs] for hs in hands],
            chips_before=[self.chips[s] for s in players], chips_after=[], borrowed=[], events=[], actions=[],
            showdown=False, prial_won=False, kept_blind=-1,
        )
        self._public_rest = parts_below(self._public, top)
        self.known_absent = frozenset(c for part in self._public_rest for c in part.cards)
        return self.state

    @property
    def hand_rules(self) -> ClassicRules:
        """The rules of the hand in play (with dealer's choice, its variant), or between hands the file's."""
        return self.state.rules if self.state is not None else self.rules

    def _ranker_for(self, rules: ClassicRules) -> HandRanker:
        variant = variant_of(rules)
        if variant not in self._rankers:
            self._rankers[variant] = HandRanker(rules.cards, rules.wild)
        return self._rankers[variant]

    # --- during the hand ---------------------------------------------------------------------------------
    @property
    def hand_done(self) -> bool:
        """The hand is settled and nothing is left to ask (not even whether to keep a blind hand)."""
        if self.state is None:
            return True
        self._check_keep()
        return self.state.over and self._awaiting_keep < 0

    @property
    def to_act(self) -> int:
        """The table seat to act now (after the hand: the blind winner deciding to keep)."""
        assert self.state is not None
        self._check_keep()
        if self.state.over:
            return self._seats[self._awaiting_keep]
        return self._seats[self.state.to_act]

    def legal_actions(self) -> LegalActions:
        assert self.state is not None
        self._check_keep()
        if self.state.over:
            return LegalActions(self._awaiting_keep, keep=self._awaiting_keep >= 0)
        return self.state.legal_actions()

    def _check_keep(self) -> None:
        """Once the hand is over: a blind winner (everyone else folded) is asked whether to keep the hand."""
        state = self.state
        if state is not None and state.over and not self._keep_checked:
            self._keep_checked = True
            over = state.events[-1]
            assert isinstance(over, HandOver)
            self._awaiting_keep = over.blind_winner

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def verify(self, action: Action) -> None:
        assert self.state is not None
        self._check_keep()
        if isinstance(action, Keep):
            if self._awaiting_keep < 0:
                raise IllegalAction("only a blind winner keeps a blind hand, when the hand is over")
            return
        self.state.verify(action)

    def act(self, action: Action) -> list[Event]:
        """Do an action for the seat to act (a hand action, or the blind winner's keep)."""
        assert self.state is not None
        if isinstance(action, Keep):
            self.verify(action)
            assert self._record is not None
            if action.keep:
                self._record.kept_blind = self._awaiting_keep
            self._awaiting_keep = -1
            return []
        events = self.state.act(action)
        self._check_keep()
        return events

    def view(self, seat: int) -> SeatView:
        """What table seat ``seat`` may know now."""
        state = self.state
        assert state is not None
        hand_seat = self._hand_seat.get(seat, -1)
        publics = self._publics
        if not publics:
            playing = set(self._seats)
            for s, name in enumerate(self.names):  # seats in this hand are filled in just below
                publics.append(SeatPublic(name, self.chips[s], "out" if s not in playing else "", 0, "", 0, 0))
            state.dirty = set(range(state.n))
        if state.dirty:
            for i in state.dirty:
                publics[self._seats[i]] = SeatPublic(self.names[self._seats[i]], state.chips[i], state.status(i),
                                                     state.put_in[i], state.last_action[i], len(state.hands[i]),
                                                     state.turns[i])
            state.dirty.clear()
        cards = kept = looking = None
        discards: tuple[int, ...] = ()
        if hand_seat >= 0 and state.pending[hand_seat] == "choose":
            looking = tuple(state.hands[hand_seat][state.looked_hand[hand_seat]])
        if hand_seat >= 0 and state.seen[hand_seat]:
            cards = state.hands[hand_seat][0]
            kept = state.kept[hand_seat]
            discards = state.discards[hand_seat]
        # events name hand seats; the view speaks in table seats only through ``seats`` order
        pots = state.pots
        return SeatView._make((  # positional, in the order of SeatView's fields (a view is made per decision)
            seat, self.hand_no, state.rules, cards, kept, discards, tuple(publics), self.dealer, self.to_act,
            state.stake, state.pot,
            (pots[0].amount,) if len(pots) == 1 else tuple(p.amount for p in pots if p.amount or p is pots[-1]),
            state.minimum_bet(hand_seat) if hand_seat >= 0 else Fraction(0),
            state.see_cost(hand_seat) if hand_seat >= 0 else Fraction(0),
            self.history(seat), self._shown_tuple(), self.known_absent, looking,
            state.thrown[hand_seat] if hand_seat >= 0 else (), tuple(state.open_cards),
        ))

    def history(self, seat: int) -> tuple[Event, ...]:
        """This hand's events as table seat ``seat`` may know them (what :meth:`view` gives as ``history``,
        also once the hand is over): events name table seats, and another seat's discards are face down
        (:func:`~casino.classic.view.public_events`; ``seat = -1``: nobody's cards). A front end's action log
        is made from these, never from the hand's own events."""
        state = self.state
        assert state is not None
        who = seat if state.has_discards else -1  # without discards every seat knows the same events
        known, for_seat, events = self._history
        if known != len(state.events) or for_seat != who:  # a hand's events are only ever added to
            events = public_events(self._table_events(state.events), seat, state.has_discards)
            self._history = (len(state.events), who, events)
        return events

    def _shown_tuple(self) -> tuple[ShownHand, ...]:
        if self._shown_cached_at != self._shown_version:
            self._shown_cache = tuple(self.shown)
            self._shown_cached_at = self._shown_version
        return self._shown_cache

    _shown_cache: tuple[ShownHand, ...] = ()
    _shown_cached_at = 0
    _shown_version = 0

    def _table_events(self, events: list[Event]) -> list[Event]:
        """Events with hand seat numbers turned into table seat numbers (converted once each)."""
        seats = self._seats
        out = self._converted
        if self._identity:
            return events
        for e in events[len(out):]:
            fields = e.__dict__  # events are frozen dataclasses: a copy with the seats renumbered
            changes: dict[str, Any] = {}
            for name in ("seat", "target", "blind_winner"):
                value = fields.get(name)
                if type(value) is int and value >= 0:
                    changes[name] = seats[value]
            if changes:
                copy = object.__new__(type(e))
                copy.__dict__.update(fields)
                copy.__dict__.update(changes)
                e = copy
            out.append(e)
        return out

    # --- the end -----------------------------------------------------------------------------------------
    def end_hand(self) -> HandRecord:
        """Pay out, put the cards back, and the record of the hand."""
        state, record = self.state, self._record
        assert state is not None and record is not None
        if not state.over or self._awaiting_keep >= 0:
            raise IllegalAction("the hand is not over")
        for i, seat in enumerate(self._seats):
            self.chips[seat] = state.chips[i]
            self.borrowed[seat] += state.borrowed[i]
        record.chips_after = list(state.chips)
        record.borrowed = list(state.borrowed)
        record.events = list(self._table_events(state.events))
        record.actions = list(state.actions)
        record.showdown = state.showdown
        winners = [e for e in state.events if type(e).__name__ == "PotWon"]
        prial = False
        for e in state.events:
            if isinstance(e, Shown) and any(getattr(w, "seat", -1) == e.seat for w in winners) and \
                    self.ranker.category(e.kept) == 5:
                prial = True
        turned_up = shown_hands(record)
        if turned_up:
            self.shown.extend(turned_up)
            del self.shown[:-SHOWN_STORED]  # a long session keeps the newest only (as its stored state does)
            self._shown_version += 1
        record.prial_won = prial and state.showdown
        if record.kept_blind >= 0:
            self.kept_blind[self._seats[record.kept_blind]] = state.hands[record.kept_blind][0]
        self.pack = pack_left(record, state)
        record.pack_after = list(self.pack)
        self._public = with_cards_shown(self._public_rest + self._returned_parts(record, state), self.pack,
                                        state.open_cards)
        self._shuffle_next = record.prial_won
        self.state = None
        return record

    def _returned_parts(self, record: HandRecord, state: HandState) -> list[PackPart]:
        """What every seat knows of the hands a settled hand put at the bottom of the pack: one run per
        seat (:class:`PackPart`), holding the cards it showed, in order only for a three-card hand shown
        alone."""
        shown: dict[int, tuple[int, ...]] = {}
        for e in state.events:
            if isinstance(e, Shown):
                shown[e.seat] = (*e.kept, *e.discards)
        owner = {c: s for s, hands in enumerate(state.dealt) for h in hands for c in h}
        open_cards = set(state.open_cards)
        returned = self.pack[len(record.pack) - len(record.seats) * record.rules.cards:]
        parts: list[PackPart] = []
        start = 0
        for end in range(1, len(returned) + 1):
            if end < len(returned) and owner[returned[end]] == owner[returned[start]]:
                continue
            seat, run = owner[returned[start]], returned[start:end]
            start = end
            if seat not in shown:
                ends_shown = run[-1] in open_cards  # the open pack showed its last card: a run of its own (below)
                unseen = len(run) - (1 if ends_shown else 0)
                if parts and not parts[-1].cards:  # runs nobody saw merge into one
                    parts[-1] = PackPart(parts[-1].length + unseen, ())
                else:
                    parts.append(PackPart(unseen, ()))
                if ends_shown:
                    parts.append(PackPart(1, (run[-1],), True))
            elif record.rules.cards == 3 and len(state.dealt[seat]) == 1:
                parts.append(PackPart(len(run), tuple(run), True))  # shown as dealt: the order it goes back
            else:
                parts.append(PackPart(len(run), tuple(c for c in shown[seat] if c in set(run))))
        return parts

    def play_hand(self, opponents: Sequence[Opponent], rng: random.Random) -> HandRecord:
        """Deal and play one hand with one opponent per table seat; its record. (Dealer's choice: a pick due from
        the player's seat is made as a computer dealer's is, from the seed: every seat is played here.)"""
        if self.choice_due() >= 0 and self.choice_due() == self.voice.you and self.picked is None:
            self.picked = self.computer_pick()
        self.start_hand()
        while not self.hand_done:
            seat = self.to_act
            action = opponents[seat].decide(self.view(seat), self.legal_actions(), rng)
            self.act(action)
        return self.end_hand()

    def computer_chance(self) -> random.Random:
        """The computer players' chance in the hand in play, drawn from the hand's seed.

        The seed is secret until the hand is over (committed before the deal with the pack, revealed after),
        so nothing a player knows beforehand — the session id, the hand number — tells whether a computer
        player will fold, bet or raise. A ``--seed`` session's seeds follow from its text, so its computer
        players replay the same; a resumed hand is dealt again from its stored seed, so they draw the same
        chance as before the stop. Replays and verification use the stored actions, not this.

            >>> from casino.classic.rules import ClassicRules
            >>> def chance(seed):
            ...     table = ClassicTable(ClassicRules(), ["Ann", "Bob"], seed=seed)
            ...     _ = table.start_hand()
            ...     return table.computer_chance().random()
            >>> chance("a") == chance("a"), chance("a") == chance("b")
            (True, False)
        """
        if self._record is None or self.state is None:
            raise IllegalAction("no hand in play: the computer players' chance comes from the hand's seed")
        return random.Random(int.from_bytes(hmac.new(self._record.seed, b"computer players", hashlib.sha256).digest(),
                                            "big"))

    def snapshot(self) -> dict[str, Any]:
        """Everything the next deal depends on, JSON-ready (stored after each hand; :meth:`restore` reads it)."""
        if self.state is not None:
            raise IllegalAction("a table is saved between hands")
        return {
            "chips": [str(Fraction(c)) for c in self.chips],
            "borrowed": [str(Fraction(b)) for b in self.borrowed],
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "pack": list(self.pack),
            "kept_blind": {str(seat): list(cards) for seat, cards in self.kept_blind.items()},
            "shuffle_next": self._shuffle_next,
            "last_shuffle": self._last_shuffle,
            "shown": [[h.hand_no, h.name, list(h.kept), list(h.discards), h.hand] for h in self.shown],
            "public_pack": [[p.length, list(p.cards), p.ordered] for p in self._public],
            **({"circle": self.circle.to_dict(),
                "picked": self.picked.to_list() if self.picked is not None else None} if self.rules.dealers_choice else {}),
        }

    @classmethod
    def restore(cls, rules: ClassicRules, names: Sequence[str], snapshot: dict[str, Any], *,
                seeds: SeedSource | None = None) -> ClassicTable:
        """A table as :meth:`snapshot` left it (to resume a session)."""
        from casino.money import read_stored  # bounded: a stored 1e999999999 is refused, never built

        table = cls(rules, names, [read_stored(c) for c in snapshot["chips"]], seeds=seeds,
                    dealer=int(snapshot["dealer"]))
        table.borrowed = [read_stored(b) for b in snapshot["borrowed"]]
        table.hand_no = int(snapshot["hand_no"])
        table.pack = [int(c) for c in snapshot["pack"]]
        table.kept_blind = {int(seat): tuple(int(c) for c in cards) for seat, cards in snapshot["kept_blind"].items()}
        table._shuffle_next = bool(snapshot["shuffle_next"])
        table._last_shuffle = int(snapshot.get("last_shuffle", 0))
        table.shown = shown_from_snapshot(snapshot["shown"])[-SHOWN_STORED:]
        table._public = _public_parts(snapshot.get("public_pack"), table.pack)
        if rules.dealers_choice:
            table.circle = Circle.from_dict(snapshot.get("circle"), rules)
            picked = snapshot.get("picked")
            table.picked = Variant.from_list(picked) if picked is not None else None
        table._shown_version += 1
        return table

    def total(self) -> Chips:
        """All chips at the table, in front of the seats and in the pot (minus what the bank lent)."""
        pot = self.state.pot if self.state is not None else Fraction(0)
        return sum(self.chips, Fraction(0)) + pot - sum(self.borrowed, Fraction(0))


def _public_parts(stored: Any, pack: list[int]) -> list[PackPart]:
    """:attr:`ClassicTable._public` read back from a snapshot, checked against the pack it describes.
    A table state stored before it was kept (``None``), or one whose runs do not fit its pack (an edited
    pack: ``brag verify`` names that), knows nothing of the pack until the next shuffle."""
    nothing = [PackPart(len(pack), ())] if pack else []
    if stored is None:
        return nothing
    try:
        parts = [PackPart(int(length), tuple(int(c) for c in cards), bool(ordered)) for length, cards, ordered in stored]
    except (TypeError, ValueError):
        return nothing
    at = 0
    for part in parts:
        run = pack[at:at + part.length]
        if part.length < 1 or len(run) < part.length or (list(part.cards) != run if part.ordered
                                                            else not set(part.cards) <= set(run)):
            return nothing
        at += part.length
    return parts if at == len(pack) else nothing


def pack_left(record: HandRecord, state: HandState) -> list[int]:
    """The pack a settled hand leaves for the next deal (top first): the cards not dealt, then the hands
    returned to the bottom (:meth:`HandState.returned_cards`), less a blind hand kept for the next deal
    (``record.kept_blind``). ``state``: the hand played to its end (:meth:`ClassicTable.end_hand` uses it,
    and verification with the hand replayed from its actions)."""
    returned = state.returned_cards()
    if record.kept_blind >= 0:
        keep = state.hands[record.kept_blind][0]
        returned = [c for c in returned if c not in keep]
    return record.pack[len(record.seats) * record.rules.cards:] + returned


def kept_hand(record: HandRecord) -> tuple[int, ...]:
    """The blind hand a settled hand's blind winner kept for the next deal: of the hands it held, the one that
    did not go back to the pack (with two, the one it played on with; ``()`` when none was kept)."""
    if record.kept_blind < 0:
        return ()
    left = set(record.pack_after)
    held = record.dealt[record.kept_blind]
    return next((tuple(h) for h in held if not left & set(h)), tuple(held[0]))


def carried_over(previous: HandRecord, seats: Sequence[int], rules: ClassicRules | None = None) -> list[int]:
    """The unshuffled pack a deal to the table seats ``seats`` comes from after ``previous``: the pack it
    left, and, when the player who kept a blind hand from it is not dealt in (cannot ante), or the deal's
    ``rules`` (dealer's choice) cannot take it (other cards dealt, no blind play), that hand given back to the
    bottom (as :meth:`ClassicTable.start_hand` gives it back)."""
    pack = list(previous.pack_after)
    if previous.kept_blind >= 0:
        kept = kept_hand(previous)
        fits = rules is None or (len(kept) == rules.cards and rules.blind)
        if previous.seats[previous.kept_blind] not in seats or not fits:
            pack += list(kept)
    return pack


def verify_pack(record: HandRecord, previous: HandRecord | None) -> list[str]:
    """What is wrong with a hand's pack: the commitment, the shuffle or carry-over, the cards dealt.

    ``previous``: the session's hand before (needed to check an unshuffled carry-over)."""
    problems: list[str] = []
    if pack_commitment(record.seed, record.pack, hand_variant(record.rules)) != record.commitment:
        problems.append(f"hand {record.hand_no}: the seed and pack do not match the commitment")
    held = [c for h in record.held_out for c in h]
    if record.shuffled:
        in_pack = [c for c in range(record.rules.pack_size) if c not in set(held)]
        if shuffle_pack(record.seed, in_pack) != record.pack:
            problems.append(f"hand {record.hand_no}: the pack is not the shuffle its seed makes")
    elif previous is None:
        problems.append(f"hand {record.hand_no}: an unshuffled pack without the hand before it")
    elif carried_over(previous, record.seats, record.rules) != record.pack:
        problems.append(f"hand {record.hand_no}: the pack is not the one the hand before left")
    order = deal_order(len(record.seats), record.first, record.rules.cards)
    expected: list[list[int]] = [[] for _ in record.seats]
    for position, hand_seat in enumerate(order):
        expected[hand_seat].append(record.pack[position])
    for i, hands in enumerate(record.dealt):
        if list(hands[0]) != expected[i]:
            problems.append(f"hand {record.hand_no}: {Voice.of_table(record.names).whose(i)} cards are not the ones "
                            "off the top")
    return problems
