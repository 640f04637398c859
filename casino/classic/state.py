"""One hand of traditional Brag as a state machine: whose turn it is, what is legal, what each action does.

Built the way pokerkit builds poker: the state holds the seats, the stake and the pots; every action
has a ``verify`` (raises :class:`~casino.classic.actions.IllegalAction` naming the rule), a ``can``
(true or false) and the act itself, which returns the frozen events it caused. The hand is replayable
from its actions alone, and the settlement is exact (whole chips as ``int``, others as :class:`~fractions.Fraction`; the chips
and the pot always add up to what the seats brought, plus anything borrowed from the bank)::

    >>> from fractions import Fraction
    >>> from casino.classic.rules import ClassicRules
    >>> from casino.cards import parse_cards
    >>> cards = lambda text: tuple(c.index for c in parse_cards(text))
    >>> hand = HandState(ClassicRules(), ["Ann", "Bob"], [Fraction(20)] * 2,
    ...                  [[cards("Ah Ad 3c")], [cards("Kh Qh Jh")]])
    >>> [str(e.kind) for e in hand.look()], hand.bet(2)[0].stake     # Ann looks, bets 2
    (['looked'], 2)
    >>> _ = hand.look(); hand.can_see()                                       # Bob looks; may see for 4
    True
    >>> [e.to_dict()["kind"] for e in hand.see()][-2:]
    ['pot_won', 'hand_over']
    >>> hand.chips                                                           # Bob's running flush wins
    [17, 23]

Seats are numbered in table order; ``first`` is the seat that acts first (left of the dealer), and
turns go round in increasing seat numbers from there.
"""

from __future__ import annotations

import math

from fractions import Fraction
from typing import Sequence

from casino.besthand import HandRanker
from casino.classic.actions import (
    Action, Chips, AgreeShowdown, AgreedShowdown, Anted, Bet, BetMade, Choose, Chose, Cover, Covered, Discard,
    Discarded, Event, Fold, Folded, HandOver, IllegalAction, Look, Looked, PackShows, PotWon, Saw, See, Shown,
    VariantInForce,
)
from casino.classic.rules import ClassicRules
from casino.classic.words import Voice
from casino.money import DECIMAL_UNIT, TYPED_UNIT, amount_text, common_unit

__all__ = ["HandState", "LegalActions", "Pot", "typable_unit"]

_ZERO = Fraction(0)


def _num(x: Chips) -> Chips:
    """An amount as a plain int when it is whole (much faster arithmetic), else the exact Fraction."""
    if type(x) is int:
        return x
    if type(x) is not Fraction:
        x = Fraction(x)
    return x.numerator if x.denominator == 1 else x


def _less(a: Chips, b: Chips) -> bool:
    """``a < b`` for chip amounts, without Fraction's generic comparison (a hot path: every decision makes
    several): whole amounts compared as they are, others by cross-multiplying (denominators are positive)."""
    if type(a) is int and type(b) is int:
        return a < b
    return a.numerator * b.denominator < b.numerator * a.denominator


def typable_unit(unit: int) -> bool:
    """Whether a table whose amounts are in units of ``1/unit`` offers only amounts a player can type back: its
    amounts and their halves (what a blind player bets) in units no finer than :data:`casino.money.TYPED_UNIT`."""
    return 2 * unit <= TYPED_UNIT


def _half(x: Chips) -> Chips:
    if type(x) is int:
        return x >> 1 if not x & 1 else Fraction(x, 2)
    return _num(Fraction(x) / 2)


def _text(x: Chips) -> str:
    if type(x) is int:
        return str(x)
    if x.denominator == 2:
        return f"{x.numerator // 2}.5"
    return amount_text(x)


class Pot:
    """A pot: its chips, and the seat whose cover closed it (``None`` for the pot still open)."""

    __slots__ = ("amount", "coverer")

    def __init__(self, amount: Chips = 0, coverer: int | None = None) -> None:
        self.amount = amount
        self.coverer = coverer

    def __repr__(self) -> str:
        return f"Pot({self.amount!s}, coverer={self.coverer})"


class LegalActions:
    """What the seat to act may do now (a bot or a screen reads this; the state checks it again).

    ``bet_min``/``bet_max``: the range of a bet (``None``: no bet possible); ``bet_choices``: under a
    fixed limit, the only amounts allowed; ``see_cost``/``cover``: the chips a see or a cover puts in
    (``None``: not allowed); ``discard``: cards to throw now (0: none); ``borrow``: the bank lends the
    shortfall of a minimum bet or a see (the fold-or-borrow rule); ``keep``: the hand is over and this
    seat, the blind winner, may keep its unseen hand for the next deal (asked by the table).
    """

    __slots__ = ("seat", "look", "discard", "choose", "fold", "bet_min", "bet_max", "bet_choices",
                 "see_cost", "cover", "agree_showdown", "borrow", "keep")

    def __init__(self, seat: int, *, look: tuple[int, ...] = (), discard: int = 0, choose: bool = False,
                 fold: bool = False, bet_min: Chips | None = None, bet_max: Chips | None = None,
                 bet_choices: tuple[Chips, ...] | None = None, see_cost: Chips | None = None,
                 cover: Chips | None = None, agree_showdown: bool = False, borrow: bool = False,
                 keep: bool = False) -> None:
        self.seat = seat
        self.look = look
        self.discard = discard
        self.choose = choose
        self.fold = fold
        self.bet_min = bet_min
        self.bet_max = bet_max
        self.bet_choices = bet_choices
        self.see_cost = see_cost
        self.cover = cover
        self.agree_showdown = agree_showdown
        self.borrow = borrow
        self.keep = keep

    def __repr__(self) -> str:
        parts = [f"{name}={getattr(self, name)!r}" for name in self.__slots__ if getattr(self, name) not in
                 (None, False, (), 0) or name == "seat"]
        return f"LegalActions({', '.join(parts)})"


class HandState:
    """One hand, from the ante to the last pot paid.

    ``hands[s]`` is seat ``s``'s dealt cards as card indices: one hand, or two for a player who kept a
    blind hand from the last deal (the kept one second). ``chips`` are each seat's chips before the
    ante. Every seat antes at once; the hand then waits for ``to_act``.

    With the open pack (``rules.open_pack``), ``pack_bottom`` is the bottom card of the pack left after the
    deal, which every seat sees (``None``: not known, as in a referee's file); each folded hand then shows
    one card face up on the pack (:class:`~casino.classic.actions.PackShows`; :attr:`open_cards`). With dealer's
    choice, ``picked_by`` is the seat that picked this hand's variant (``-1``: carried on); the hand's first
    event then names it (:class:`~casino.classic.actions.VariantInForce`).
    """

    def __init__(self, rules: ClassicRules, names: Sequence[str], chips: Sequence[Chips],
                 hands: Sequence[Sequence[Sequence[int]]], *, first: int = 0,
                 ranker: HandRanker | None = None, you: int | None = None, pack_bottom: int | None = None,
                 picked_by: int | None = None) -> None:
        n = len(names)
        if not 2 <= n <= 8:
            raise IllegalAction(f"Brag is played by 2 to 8 players, not {n}")
        if len(chips) != n or len(hands) != n:
            raise IllegalAction("one chip count and one hand per seat")
        self.rules = rules
        self.ranker = ranker or HandRanker(rules.cards, rules.wild)
        self.names = list(names)
        self.voice = Voice(self.names, you)  # the rules it names: seat ``you`` (the player's) in the second person
        self.n = n
        self.first = first % n
        self.start_chips = [_num(c) for c in chips]
        self.chips = list(self.start_chips)
        self.hands: list[list[tuple[int, ...]]] = []
        for s, seat_hands in enumerate(hands):
            if not 1 <= len(seat_hands) <= 2:
                raise IllegalAction(f"{self.voice.says(s, 'hold')} {len(seat_hands)} hands (one, or two with a kept "
                                    "blind hand)")
            for h in seat_hands:
                if len(h) != rules.cards:
                    raise IllegalAction(f"{self.voice.says(s, 'hold')} {len(h)} cards; these rules deal {rules.cards}")
            self.hands.append([tuple(h) for h in seat_hands])
        self._dealt = [list(seat_hands) for seat_hands in self.hands]
        every = [c for seat_hands in self.hands for h in seat_hands for c in h]
        if len(set(every)) != len(every):
            raise IllegalAction("a card is dealt twice")
        if any(not 0 <= c < rules.pack_size for c in every):
            raise IllegalAction("a card that is not in this pack (a joker, without jokers in the rules)")
        self.seen = [not rules.blind] * n
        self.folded = [False] * n
        self.covered = [False] * n
        self.put_in: list[Chips] = [0] * n
        self.borrowed: list[Chips] = [0] * n
        self._ante = _num(rules.ante)
        self._min_bet = _num(rules.min_bet)
        self._max_bet = _num(rules.max_bet)
        self._n_active = n
        self._borrow_rule = rules.short_stack == "fold-or-borrow"
        self._cover_rule = rules.short_stack == "cover"
        self._limit = rules.limit
        self.kept: list[tuple[int, ...] | None] = [None] * n
        self.discards: list[tuple[int, ...]] = [()] * n
        self.pending: list[str | None] = [None] * n
        self.looked_hand = [0] * n
        self.thrown: list[tuple[int, ...]] = [()] * n  # a blind hand looked at and thrown: only its seat saw it
        self.last_action: list[str] = [""] * n
        self.turns = [0] * n  # bets and agreements made this hand, per seat (public)
        self.dirty: set[int] = set(range(n))  # seats whose public state changed since a view last read it
        #: a new bet must be in the table's units (:meth:`_in_units`); off while stored actions are replayed
        self.units_rule = True
        self.agreed: set[int] = set()
        self.stake: Chips = self._min_bet
        self._double_see = rules.see_cost == "double"
        self._set_stake(self.stake)
        self.pots: list[Pot] = [Pot(0)]
        self.events: list[Event] = []
        if rules.dealers_choice and picked_by is not None:
            self.events.append(VariantInForce(rules.cards, rules.wild, rules.blind, picked_by, rules.jokers))
        self.actions: list[tuple[int, Action]] = []
        self.fold_order: list[int] = []
        self.has_discards = False
        self.showdown = False
        self.over = False
        self.winners: list[int] = []
        self.to_act = self.first
        self._three = rules.cards == 3
        if not rules.blind:
            for s in range(n):
                self._after_seeing(s)
        for s in range(n):
            if self.chips[s] < self._ante:
                raise IllegalAction(
                    f"{self.voice.says(s, 'cannot')} pay the ante of {amount_text(rules.ante)} with "
                    f"{amount_text(self.chips[s])}"
                )
            if self._ante:
                self._pay(s, self._ante)
                self.events.append(Anted(s, self._ante))
        #: cards the open pack has shown every seat this hand (the pack's bottom card, one per folded hand)
        self.open_cards: list[int] = []
        if rules.open_pack and pack_bottom is not None:
            if pack_bottom in every:
                raise IllegalAction("the pack's bottom card is also dealt")
            self._pack_shows(pack_bottom)

    # --- reading the state ---------------------------------------------------------------------------
    @property
    def pot(self) -> Chips:
        """Everything in the pots now."""
        pots = self.pots
        if len(pots) == 1:
            return pots[0].amount
        return sum((p.amount for p in pots), 0)

    def betting(self) -> int:
        """How many seats are still betting."""
        return self._n_active

    def active(self) -> list[int]:
        """Seats still betting: neither folded nor covered, in seat order."""
        return [s for s in range(self.n) if not self.folded[s] and not self.covered[s]]

    def in_hand(self, seat: int) -> bool:
        """Not folded (betting, or covered)."""
        return not self.folded[seat]

    def status(self, seat: int) -> str:
        """``"folded"``, ``"covered"``, ``"blind"`` or ``"seen"``."""
        if self.folded[seat]:
            return "folded"
        if self.covered[seat]:
            return "covered"
        return "seen" if self.seen[seat] else "blind"

    def minimum_bet(self, seat: int) -> Chips:
        """The least a seat must put in to stay in: the stake, or half of it while blind."""
        return self.stake if self.seen[seat] else self._half_stake

    def see_cost(self, seat: int) -> Chips:
        """What a see costs this seat: twice its minimum bet (or once, with ``see_cost = "equal"``)."""
        return self._see_seen if self.seen[seat] else self._see_blind

    def _set_stake(self, stake: Chips) -> None:
        """A new stake, with what follows from it (the blind half, the price of a see), worked out once."""
        self.stake = stake
        self._half_stake = half = _half(stake)
        self._see_seen = stake * 2 if self._double_see else stake
        self._see_blind = stake if self._double_see else half

    def total_chips(self) -> Chips:
        """Chips in front of the seats plus the pots (equals what they brought, plus anything borrowed)."""
        return sum(self.chips, 0) + self.pot

    # --- the trio for each action --------------------------------------------------------------------
    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` (naming the rule) unless ``action`` is legal now (for ``seat``)."""
        if self.over:
            raise IllegalAction("the hand is over")
        s = self.to_act
        if seat is not None and seat != s:
            raise IllegalAction(f"it is {self.voice.whose(s)} turn, not {self.voice.whose(seat, alone=True)}")
        pending = self.pending[s]
        if pending == "choose" and type(action) is not Choose:
            raise IllegalAction(f"{self.voice.who(s)} looked at one of two hands and must first keep it or throw it")
        if pending == "discard" and type(action) not in (Discard, Fold):
            need = self.rules.cards - 3
            raise IllegalAction(f"{self.voice.says(s, 'have')} looked and must first discard {need} "
                                f"card{'s' * (need > 1)}")
        kind = type(action)
        if kind is Bet:
            amount = action.amount  # type: ignore[union-attr]
            self._verify_bet(s, amount if type(amount) in (int, Fraction) else _num(amount))
        elif kind is Fold:
            pass
        elif kind is Look:
            self._verify_look(s, action.hand)  # type: ignore[union-attr]
        elif kind is See:
            self._verify_see(s)
        elif kind is Discard:
            self._verify_discard(s, self._own_jokers(s, action.cards))  # type: ignore[union-attr]
        elif kind is Choose:
            if pending != "choose":
                raise IllegalAction("there is no seen hand to keep or throw")
        elif kind is Cover:
            self._verify_cover(s)
        elif kind is AgreeShowdown:
            self._verify_agree(s)
        else:
            raise IllegalAction(f"{action} is not an action of the hand")

    def can(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action, seat)
        except IllegalAction:
            return False
        return True

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """Check ``action`` and do it; the events it caused (the hand's own list grows by the same)."""
        self.verify(action, seat)
        s = self.to_act
        if type(action) is Discard:
            action = Discard(self._own_jokers(s, action.cards))
        start = len(self.events)
        self.actions.append((s, action))
        kind = type(action)
        if kind is Bet:
            amount = action.amount  # type: ignore[union-attr]
            self._bet(s, amount if type(amount) is int else _num(amount))
        elif kind is Fold:
            self._fold(s)
        elif kind is Look:
            self._look(s, action.hand)  # type: ignore[union-attr]
        elif kind is See:
            self._see(s)
        elif kind is Discard:
            self._discard(s, action.cards)  # type: ignore[union-attr]
        elif kind is Choose:
            self._choose(s, action.keep_seen)  # type: ignore[union-attr]
        elif kind is Cover:
            self._cover(s)
        elif kind is AgreeShowdown:
            self._agree(s)
        return self.events[start:]

    # named forms, as pokerkit spells them
    def verify_look(self, hand: int = 0) -> None:
        self.verify(Look(hand))

    def can_look(self, hand: int = 0) -> bool:
        return self.can(Look(hand))

    def look(self, hand: int = 0) -> list[Event]:
        return self.act(Look(hand))

    def verify_bet(self, amount: Chips) -> None:
        self.verify(Bet(Fraction(amount)))

    def can_bet(self, amount: Chips) -> bool:
        return self.can(Bet(Fraction(amount)))

    def bet(self, amount: Chips) -> list[Event]:
        return self.act(Bet(Fraction(amount)))

    def verify_fold(self) -> None:
        self.verify(Fold())

    def can_fold(self) -> bool:
        return self.can(Fold())

    def fold(self) -> list[Event]:
        return self.act(Fold())

    def verify_see(self) -> None:
        self.verify(See())

    def can_see(self) -> bool:
        return self.can(See())

    def see(self) -> list[Event]:
        return self.act(See())

    def verify_cover(self) -> None:
        self.verify(Cover())

    def can_cover(self) -> bool:
        return self.can(Cover())

    def cover(self) -> list[Event]:
        return self.act(Cover())

    def verify_discard(self, cards: Sequence[int]) -> None:
        self.verify(Discard(tuple(cards)))

    def can_discard(self, cards: Sequence[int]) -> bool:
        return self.can(Discard(tuple(cards)))

    def discard(self, cards: Sequence[int]) -> list[Event]:
        return self.act(Discard(tuple(cards)))

    def verify_choose(self, keep_seen: bool) -> None:
        self.verify(Choose(keep_seen))

    def can_choose(self, keep_seen: bool) -> bool:
        return self.can(Choose(keep_seen))

    def choose(self, keep_seen: bool) -> list[Event]:
        return self.act(Choose(keep_seen))

    def verify_agree_showdown(self) -> None:
        self.verify(AgreeShowdown())

    def can_agree_showdown(self) -> bool:
        return self.can(AgreeShowdown())

    def agree_showdown(self) -> list[Event]:
        return self.act(AgreeShowdown())

    # --- legal actions in one object -----------------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        """Everything the seat to act may do now."""
        s = self.to_act
        if self.over:
            return LegalActions(s)
        pending = self.pending[s]
        if pending == "choose":
            return LegalActions(s, choose=True)
        if pending == "discard":
            return LegalActions(s, discard=self.rules.cards - 3, fold=True)
        look: tuple[int, ...] = () if self.seen[s] else tuple(range(len(self.hands[s])))
        low, high, choices = self._bet_range(s)
        borrow = False
        if low is not None and high is not None and _less(high, low):
            low = high = choices = None
        if self._borrow_rule and self.chips[s] < self.minimum_bet(s):
            low = high = self.minimum_bet(s)
            choices = (low,) if choices is not None else None
            borrow = True
        see = None
        if self._n_active == 2 and self._see_problem(s, cost=False) is None:
            see = self.see_cost(s)
            if _less(self.chips[s], see) and not self._borrow_rule:
                see = None
        cover = self.chips[s] if self._cover_rule and self._cover_problem(s, explain=False) is None else None
        agree = self.rules.agreed_showdown and self._agree_problem(s) is None
        return LegalActions(s, look=look, fold=True, bet_min=low, bet_max=high, bet_choices=choices,
                            see_cost=see, cover=cover, agree_showdown=agree, borrow=borrow)

    def _bet_range(self, s: int) -> tuple[Chips | None, Chips | None, tuple[Chips, ...] | None]:
        """(least, most, fixed choices) a seat may bet with its own chips, in chips put in."""
        seen = self.seen[s]
        low = self.stake if seen else self._half_stake  # a blind chip counts as two seen ones
        high_value = self._max_bet or None
        limit = self._limit
        if limit == "none" and high_value is None:
            return low, self.chips[s], None
        if limit == "pot":
            cap = self.stake + self.pot
            high_value = cap if high_value is None else min(high_value, cap)
        if limit == "fixed":
            values = [self.stake, self.stake + self._min_bet]
            values = [v for v in values if high_value is None or v <= high_value]
            amounts = [v if seen else _half(v) for v in values]
            choices = tuple(a for a in amounts if a <= self.chips[s])
            if not choices:
                return None, None, None
            return choices[0], choices[-1], choices
        high = self.chips[s] if high_value is None else min(self.chips[s], high_value if seen else _half(high_value))
        return low, high, None

    # --- checks ----------------------------------------------------------------------------------------
    def _verify_look(self, s: int, hand: int) -> None:
        if self.seen[s]:
            raise IllegalAction(f"{self.voice.says(s, 'have')} already seen {self.voice.their(s)} cards")
        if not 0 <= hand < len(self.hands[s]):
            raise IllegalAction(f"{self.voice.says(s, 'hold')} no hand {hand + 1}")

    def _own_jokers(self, s: int, cards: Sequence[int]) -> tuple[int, ...]:
        """``cards`` with each joker the seat does not hold read as a joker it holds and did not name:
        the two jokers are alike, so "discard Jk" means the seat's own joker, whichever it is."""
        held = self.hands[s][0]
        spare = [c for c in held if c >= 52 and c not in cards]
        return tuple(spare.pop(0) if c >= 52 and c not in held and spare else c for c in cards)

    def _verify_discard(self, s: int, cards: Sequence[int]) -> None:
        from casino.cards import card_from_index

        if self.pending[s] != "discard":
            if self.rules.cards == 3:
                raise IllegalAction("three-card Brag has no discard")
            raise IllegalAction(f"{self.voice.says(s, 'discard')} only on looking at {self.voice.their(s)} cards")
        need = self.rules.cards - 3
        if len(cards) != need or len(set(cards)) != need:
            raise IllegalAction(f"discard exactly {need} card{'s' * (need > 1)}")
        for c in cards:
            if c not in self.hands[s][0]:
                raise IllegalAction(f"{self.voice.says(s, 'do')} not hold {card_from_index(c)}")

    def _verify_bet(self, s: int, amount: Chips) -> None:
        bets = self.voice.says(s, "bet")
        if amount.numerator <= 0:
            raise IllegalAction("a bet must be more than nothing")
        if self.units_rule and not self._in_units(amount):
            raise IllegalAction(
                f"{bets} {amount_text(amount)}: a bet is in whole chips, decimals, or the fractions the table's chips"
                " are already in (thirds where the ante is 1/3), in units a bet can name, so that what is stored"
                " can always be read back and typed again"
            )
        minimum = self.minimum_bet(s)
        if _less(amount, minimum):
            who = "a seen player" if self.seen[s] else "a blind player (half the stake)"
            raise IllegalAction(
                f"{bets} {amount_text(amount)}, below the stake: {who} must put in at least {amount_text(minimum)}"
            )
        over = _less(self.chips[s], amount)
        borrowing = self._borrow_rule and over and amount == minimum
        if over and not borrowing:
            raise IllegalAction(f"{bets} {amount_text(amount)} with only {amount_text(self.chips[s])} chips")
        if borrowing:
            return
        rules = self.rules
        factor = 1 if self.seen[s] else 2
        value = amount * factor
        if rules.limit == "fixed" and value not in (self.stake, self.stake + rules.min_bet):
            raise IllegalAction(
                f"fixed limit: {self.voice.says(s, 'may', start=False)} bet the stake {amount_text(Fraction(self.stake) / factor)} or raise it by "
                f"{amount_text(Fraction(rules.min_bet) / factor)} (to {amount_text(Fraction(self.stake + rules.min_bet) / factor)}), not {amount_text(amount)}"
            )
        if rules.max_bet and value > rules.max_bet:
            raise IllegalAction(
                f"{bets} {amount_text(amount)}, above the maximum bet {amount_text(Fraction(rules.max_bet) / factor)}"
                + ("" if self.seen[s] else " for a blind player")
            )
        if rules.limit == "pot" and value - self.stake > self.pot:
            raise IllegalAction(
                f"pot limit: a raise may not exceed the pot ({amount_text(self.pot)}); {self.voice.says(s, 'may', start=False)} bet at most "
                f"{amount_text(Fraction(self.stake + self.pot) / factor)}"
            )

    def _in_units(self, amount: Chips) -> bool:
        """Whether ``amount`` divides into the units already in play: its denominator divides the common
        denominator of every chip count, stake, pot and rules amount, or of those and 10^30 (any decimal of up
        to 30 places) — and the table's units with it stay ones a typed amount can name (half of them too, for a
        blind player: :func:`typable_unit`). A typed bet of 1/999999937 chips would otherwise bring a
        new prime into every later sum, until stored chips grew too long to read back; a 30-place decimal at a
        table in elevenths, chips no bet could name. The half stake a blind player may bet is in play too, so
        the least bet the table offers is always in its units."""
        d = amount.denominator
        if d == 1:
            return True
        rules = self.rules
        unit = common_unit((*self.chips, *self.put_in, self.stake, self._half_stake, self.pot, rules.ante,
                            rules.min_bet, rules.max_bet))
        if unit % d == 0:  # (the usual case: halves at a table already in halves)
            return True
        return math.lcm(DECIMAL_UNIT, unit) % d == 0 and typable_unit(math.lcm(unit, d))

    def _see_problem(self, s: int, cost: bool = True) -> str | None:
        if self._n_active != 2:
            return f"a see needs exactly two players betting, and {self._n_active} are"
        active = self.active()
        other = active[0] if active[1] == s else active[1]
        if self.seen[s] and not self.seen[other]:
            return (f"{self.voice.says(s, 'be')} seen and cannot see a blind player "
                    f"({self.voice.who(other, start=False)})")
        if cost:
            price = self.see_cost(s)
            if price > self.chips[s] and self.rules.short_stack != "fold-or-borrow":
                return (f"{self.voice.says(s, 'cannot')} pay {amount_text(price)} to see with {amount_text(self.chips[s])}"
                        " chips (cover instead)")
        return None

    def _verify_see(self, s: int) -> None:
        problem = self._see_problem(s)
        if problem is not None:
            raise IllegalAction(problem)

    def _cover_problem(self, s: int, explain: bool = True) -> str | None:
        if self.rules.short_stack != "cover":
            return "these rules do not allow covering the pot (fold or borrow)"
        chips = self.chips[s]
        short = _less(chips, self.minimum_bet(s))
        if not short and self._n_active == 2 and self._see_problem(s, cost=False) is None:
            short = _less(chips, self.see_cost(s))
        if short:
            return None
        if not explain:
            return "enough chips"
        return (f"{self.voice.says(s, 'have')} {_text(chips)} chips, enough to stay in: covering is only for a "
                "player who cannot pay the stake")

    def _verify_cover(self, s: int) -> None:
        problem = self._cover_problem(s)
        if problem is not None:
            raise IllegalAction(problem)

    def _agree_problem(self, s: int) -> str | None:
        if not self.rules.agreed_showdown:
            return "these rules have no agreed showdown"
        if self._n_active < 3:
            return "an agreed showdown needs three or more players betting"
        if any(self.covered):
            return "no agreed showdown once someone has covered the pot"
        return None

    def _verify_agree(self, s: int) -> None:
        problem = self._agree_problem(s)
        if problem is not None:
            raise IllegalAction(problem)

    # --- doing ---------------------------------------------------------------------------------------
    def _pay(self, s: int, amount: Chips) -> Chips:
        """Move chips from a seat to the open pot; the part the bank lends when the seat is short."""
        borrowed: Chips = 0
        if _less(self.chips[s], amount):
            borrowed = amount - self.chips[s]
            self.chips[s] += borrowed
            self.borrowed[s] += borrowed
        self.chips[s] -= amount
        self.put_in[s] += amount
        self.pots[-1].amount += amount
        self.dirty.add(s)
        return borrowed

    def _after_seeing(self, s: int) -> None:
        self.seen[s] = True
        self.dirty.add(s)
        if self.rules.cards > 3 and len(self.hands[s]) == 1 and self.kept[s] is None:
            self.pending[s] = "discard"
        elif self.rules.cards == 3 and len(self.hands[s]) == 1:
            self.kept[s] = self.hands[s][0]

    def _look(self, s: int, hand: int) -> None:
        self.events.append(Looked(s, hand))
        self.last_action[s] = "looked"
        self.dirty.add(s)
        if len(self.hands[s]) == 2:
            self.pending[s] = "choose"
            self.looked_hand[s] = hand
            return
        self._after_seeing(s)

    def _choose(self, s: int, keep_seen: bool) -> None:
        looked = self.looked_hand[s]
        self.events.append(Chose(s, keep_seen))
        self.pending[s] = None
        self.dirty.add(s)
        if keep_seen:
            self.hands[s] = [self.hands[s][looked]]
            self._after_seeing(s)
        else:
            self.thrown[s] = self.hands[s][looked]
            self.hands[s] = [self.hands[s][1 - looked]]  # still blind

    def _discard(self, s: int, cards: Sequence[int]) -> None:
        hand = self.hands[s][0]
        self.discards[s] = tuple(cards)
        self.has_discards = True
        self.kept[s] = tuple(c for c in hand if c not in cards)
        self.pending[s] = None
        self.events.append(Discarded(s, tuple(cards)))

    def _next_turn(self) -> None:
        s = self.to_act
        for step in range(1, self.n + 1):
            t = (s + step) % self.n
            if not self.folded[t] and not self.covered[t]:
                self.to_act = t
                return

    def _fold(self, s: int) -> None:
        self.folded[s] = True
        self.pending[s] = None
        self.dirty.add(s)
        self.fold_order.append(s)
        self.last_action[s] = "folded"
        self.agreed.clear()
        self._n_active -= 1
        self.events.append(Folded(s))
        if self.rules.open_pack:  # face up on the pack: the card that goes to the bottom last shows
            self._pack_shows([c for h in self._dealt[s] for c in h][-1])
        if self._n_active <= 1:
            self._finish(None)
        else:
            self._next_turn()

    def _pack_shows(self, card: int) -> None:
        self.open_cards.append(card)
        self.events.append(PackShows(card))

    def _bet(self, s: int, amount: Chips) -> None:
        value = amount if self.seen[s] else amount * 2
        if value != self.stake:
            self._set_stake(value)
        borrowed = self._pay(s, amount)
        if self.agreed:
            self.agreed.clear()
        self.last_action[s] = f"bet {_text(amount)}" + ("" if self.seen[s] else " blind")
        self.turns[s] += 1
        self.events.append(BetMade(s, amount, value, not self.seen[s], borrowed))
        self._next_turn()

    def _see(self, s: int) -> None:
        active = self.active()
        other = active[0] if active[1] == s else active[1]
        cost = self.see_cost(s)
        self._pay(s, cost)
        self.last_action[s] = f"saw {self.voice.who(other, start=False)}"
        self.events.append(Saw(s, other, cost))
        self._finish((other, s))

    def _cover(self, s: int) -> None:
        amount = self.chips[s]
        if amount:
            self._pay(s, amount)
        self.covered[s] = True
        self.dirty.add(s)
        self._n_active -= 1
        self.last_action[s] = f"covered with {_text(amount)}"
        self.events.append(Covered(s, amount))
        self.pots[-1].coverer = s
        self.pots.append(Pot(0))
        if self._n_active <= 1:
            self._finish(None)
        else:
            self._next_turn()

    def _agree(self, s: int) -> None:
        self.agreed.add(s)
        self.last_action[s] = "agreed to show"
        self.turns[s] += 1
        self.dirty.add(s)
        self.events.append(AgreedShowdown(s))
        if self.agreed >= set(self.active()):
            self._finish_agreed()
        else:
            self._next_turn()

    # --- the end ---------------------------------------------------------------------------------------
    def key(self, s: int) -> int:
        """What seat ``s``'s cards are worth at a showdown (larger wins): a seen hand as kept and
        discarded, a blind hand (or the better of two) at its best."""
        kept = self.kept[s]
        if self.seen[s] and kept is not None:
            if self._three:
                return self.ranker.three_key(*kept)
            return self.ranker.key_of(kept, self.discards[s])
        return max(self.ranker.best_key(h) for h in self.hands[s])

    def _shown_cards(self, s: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        kept = self.kept[s]
        if self.seen[s] and kept is not None:
            return kept, self.discards[s]
        best = max(self.hands[s], key=self.ranker.best_key)
        return self.ranker.best_choice(best)

    def _show(self, s: int, shown: set[int]) -> None:
        if s in shown:
            return
        shown.add(s)
        kept, discards = self._shown_cards(s)
        self.events.append(Shown(s, kept, discards, self.ranker.describe(kept, discards).name))

    def _finish(self, see: tuple[int, int] | None) -> None:
        """Settle the pots: the open pot to the last one betting (or the see's winner), then each pot a
        cover closed goes to the coverer only with a strictly better hand than the later pot's winner."""
        shown: set[int] = set()
        self.showdown = see is not None or any(self.covered)
        if see is not None:
            seen_player, seer = see
            self._show(seen_player, shown)
            winner = seer if self.key(seer) > self.key(seen_player) else seen_player
            if winner == seer:
                self._show(seer, shown)
        else:
            active = self.active()
            winner = active[0] if active else -1
        pots = self.pots
        for index in range(len(pots) - 1, -1, -1):
            pot = pots[index]
            coverer = pot.coverer
            if coverer is not None:
                if winner < 0:
                    winner = coverer
                else:
                    self._show(winner, shown)
                    if self.key(coverer) > self.key(winner):
                        winner = coverer
                        self._show(coverer, shown)
            if pot.amount:
                self.chips[winner] += pot.amount
                self.dirty.add(winner)
                self.events.append(PotWon(index, pot.amount, winner))
                if winner not in self.winners:
                    self.winners.append(winner)
            pot.amount = 0
        blind_winner = -1
        if not self.showdown and len(self.winners) == 1 and not self.seen[self.winners[0]]:
            blind_winner = self.winners[0]
        self.over = True
        self.events.append(HandOver(self.showdown, blind_winner))

    def _finish_agreed(self) -> None:
        shown: set[int] = set()
        active = self.active()
        for s in active:
            self._show(s, shown)
        keys = {s: self.key(s) for s in active}
        best = max(keys.values())
        winners = [s for s in active if keys[s] == best]
        amount = self.pots[-1].amount
        share = _num(Fraction(amount) / len(winners))
        for s in winners:
            self.chips[s] += share
            self.dirty.add(s)
            self.events.append(PotWon(len(self.pots) - 1, share, s, shared=len(winners) > 1))
        self.pots[-1].amount = 0
        self.winners = winners
        self.showdown = True
        self.over = True
        self.events.append(HandOver(True, -1))

    # --- the cards' way back to the pack ---------------------------------------------------------------
    def returned_cards(self) -> list[int]:
        """The order the cards go to the bottom of the pack: folded hands as they were folded (a hand
        thrown from two kept blind hands with them), then the hands still in, from the first seat round."""
        out: list[int] = []
        order = self.fold_order + [
            (self.first + i) % self.n for i in range(self.n) if not self.folded[(self.first + i) % self.n]
        ]
        for s in order:
            for h in self.dealt[s]:
                out.extend(h)
        return out

    @property
    def dealt(self) -> list[list[tuple[int, ...]]]:
        """Every card each seat held during the hand (a thrown blind hand included), hand by hand."""
        return self._dealt
