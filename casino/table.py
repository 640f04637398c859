"""The round engine: one to six boxes against one dealer hand, dealt from one shuffled deck.

No terminal and no database here: a :class:`Table` checks bets against the game's limits and the
bankroll, deals a :class:`Round` from a seed, takes a play/fold decision per box with an Ante and
settles every bet through :func:`casino.rules.compile_rules` (the one source of truth for payouts)::

    >>> from fractions import Fraction
    >>> from casino.events import BoxBets
    >>> from casino.fair import derive_seed, session_seed
    >>> from casino.games import load_game
    >>> from casino.table import Table
    >>> table = Table(load_game("3-card-brag"))
    >>> rnd = table.deal([BoxBets(1, Fraction(10), Fraction(5))], derive_seed(session_seed("doc"), 1), round_no=1)
    >>> rnd.pending                     # boxes still to decide
    (1,)
    >>> _ = rnd.decide(1, play=True)
    >>> result = rnd.settle()
    >>> result.net == sum(bet.net for bet in result.settled)
    True

Each action has a ``verify_…`` (raises :class:`~casino.errors.BetError`), a ``can_…`` (bool) and the
action itself, which returns an immutable :mod:`casino.events` record; the finished round carries all
of them in ``result.events``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from casino.bets import BetName, RoundCards, get_bet, offered_bets
from casino.cards import Card
from casino.errors import BetError
from casino.events import (
    BET_NAMES,
    DEALER,
    BetSettled,
    BetsPlaced,
    BoxBets,
    CardDealt,
    DealerRevealed,
    Decision,
    Event,
    RoundStarted,
    SeedRevealed,
)
from casino.fair import commitment, deal_seed, deck_order
from casino.games import Game
from casino.money import MAX_AMOUNT, amount_text
from casino.hands import hand_index, hand_table
from casino.rules import OUTCOME_NAMES, compile_rules

__all__ = ["MAX_BOXES", "Table", "Round", "BoxResult", "RoundResult", "deal_cards", "exposure", "flat_bets"]

MAX_BOXES = 6


def exposure(bets: Sequence[BoxBets]) -> Fraction:
    """What the bets can cost: every Ante, the Play bet each Ante may add, every Pair Plus and side bet.

    The table refuses bets whose exposure is above the bankroll, so a player can always afford to play.
    """
    return sum((b.ante + b.own_stakes for b in bets), Fraction(0))


def flat_bets(boxes: int, ante: Fraction, pair_plus: Fraction = Fraction(0)) -> tuple[BoxBets, ...]:
    """The same Ante and Pair Plus on boxes 1..``boxes`` (amounts made exact by :class:`BoxBets`)."""
    return tuple(BoxBets(box, ante, pair_plus) for box in range(1, boxes + 1))


@dataclass(frozen=True)
class BoxResult:
    """One box after the round: its bets, cards, decision, outcome and each bet's result."""

    box: int
    ante: Fraction
    pair_plus: Fraction
    cards: tuple[Card, ...]
    hand: int  # row in the hand table
    hand_name: str
    play: bool | None  # None: no Ante, nothing to decide
    outcome: str | None  # casino.rules.OUTCOME_NAMES, None for a box without an Ante
    settled: tuple[BetSettled, ...]
    side: tuple[tuple[str, Fraction], ...] = ()  # side-bet stakes (casino.events.BoxBets.side)

    @property
    def bets(self) -> BoxBets:
        """The stakes placed on this box before the deal."""
        return BoxBets(self.box, self.ante, self.pair_plus, self.side)

    @property
    def net(self) -> Fraction:
        return sum((s.net for s in self.settled), Fraction(0))

    def net_of(self, bet: str) -> Fraction | None:
        for s in self.settled:
            if s.bet == bet:
                return s.net
        return None

    def settled_bet(self, bet: str) -> BetSettled | None:
        for s in self.settled:
            if s.bet == bet:
                return s
        return None


def deal_cards(seed: bytes, client_seed: str | None, round_no: int, seats: Sequence[int]
               ) -> tuple[dict[int, tuple[Card, ...]], list[CardDealt]]:
    """Deal three cards to each of ``seats`` in turn, one at a time, from round ``round_no``'s deck
    (the house ``seed`` with the ``client_seed`` mixed in: :func:`casino.fair.deal_seed`): each seat's
    cards and one :class:`CardDealt` event per card, in the order dealt."""
    deck = deck_order(deal_seed(seed, client_seed, round_no))
    hands: dict[int, list[Card]] = {seat: [] for seat in seats}
    dealt: list[CardDealt] = []
    position = 0
    for _ in range(3):
        for seat in seats:
            card = Card.from_index(deck[position])
            position += 1
            hands[seat].append(card)
            dealt.append(CardDealt(seat, card))
    return {seat: tuple(cards) for seat, cards in hands.items()}, dealt


@dataclass(frozen=True)
class RoundResult:
    """A settled round: everything persistence stores and a replay shows."""

    round_no: int
    seed: bytes
    commitment: str
    boxes: tuple[BoxResult, ...]
    dealer_cards: tuple[Card, ...]
    dealer_hand: str
    qualifies: bool
    events: tuple[Event, ...]
    meter: Fraction | None = None  # the progressive meter the round was settled against (None: no such bet)

    @property
    def settled(self) -> tuple[BetSettled, ...]:
        return tuple(s for box in self.boxes for s in box.settled)

    @property
    def net(self) -> Fraction:
        """The player's gain (+) or loss (-) over every bet of the round."""
        return sum((s.net for s in self.settled), Fraction(0))

    @property
    def wagered(self) -> Fraction:
        """Chips put at risk: Antes, Play bets made and Pair Plus (the Ante Bonus has no stake of its own)."""
        return sum((get_bet(s.bet).chips(s.stake) for s in self.settled), Fraction(0))


class Table:
    """A game's table: validates bets and deals rounds."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rules = compile_rules(game)
        self.hands = hand_table(game.ranking)
        self.bets = offered_bets(game)  # in settlement order (casino.bets)
        self.side_bets = tuple(bet for bet in self.bets if bet.side)

    # -- bets ---------------------------------------------------------------------------------------

    def verify_bets(self, bets: Sequence[BoxBets], bankroll: Fraction | None = None) -> None:
        """Raise :class:`BetError` naming the first thing wrong with these bets, if any."""
        if not bets:
            raise BetError("no bets: place an Ante or a Pair Plus on at least one box")
        if len(bets) > MAX_BOXES:
            raise BetError(f"at most {MAX_BOXES} boxes, not {len(bets)}")
        seen: set[int] = set()
        limits = self.game.limits
        for b in bets:
            if not 1 <= b.box <= MAX_BOXES:
                raise BetError(f"box {b.box}: boxes are numbered 1 to {MAX_BOXES}")
            if b.box in seen:
                raise BetError(f"box {b.box} has two sets of bets")
            seen.add(b.box)
            if b.ante < 0 or b.pair_plus < 0 or any(stake < 0 for _, stake in b.side):
                raise BetError(f"box {b.box}: a bet cannot be negative")
            if b.ante == 0 and b.pair_plus == 0 and not b.side:
                raise BetError(f"box {b.box} has no bet: place an Ante, a Pair Plus or a side bet")
            if b.pair_plus and self.game.pair_plus is None:
                raise BetError(f"{self.game.name} offers no Pair Plus bet")
            for name, stake in b.side:
                if not get_bet(name).offered(self.game):
                    offered = ", ".join(bet.title for bet in self.side_bets) or "none"
                    raise BetError(f"{self.game.name} offers no {BET_NAMES[name]} bet (side bets here: {offered})")
                if stake > MAX_AMOUNT:
                    raise BetError(f"box {b.box}: the {BET_NAMES[name]} stake must be at most {MAX_AMOUNT:,}")
            problem = limits.problem(b.ante, b.pair_plus)
            if problem:
                raise BetError(f"box {b.box}: {problem}")
        if bankroll is not None and exposure(bets) > bankroll:
            raise BetError(
                f"these bets need {amount_text(exposure(bets))} (each Ante twice, for the Play bet, plus Pair Plus"
                f" and side bets)"
                f" but the bankroll is {amount_text(bankroll)}"
            )

    def can_bet(self, bets: Sequence[BoxBets], bankroll: Fraction | None = None) -> bool:
        try:
            self.verify_bets(bets, bankroll)
        except BetError:
            return False
        return True

    # -- dealing ------------------------------------------------------------------------------------

    def deal(self, bets: Sequence[BoxBets], seed: bytes, *, round_no: int, bankroll: Fraction | None = None,
             client_seed: str | None = None) -> Round:
        """Check the bets, then deal three cards to each box and to the dealer from the seed's deck
        (the house ``seed`` mixed with the player's ``client_seed``, if any: :func:`casino.fair.deal_seed`).

        Cards go round the table one at a time, boxes in order and the dealer last, three times.
        """
        bets = tuple(sorted(bets, key=lambda b: b.box))
        self.verify_bets(bets, bankroll)
        return Round(self, round_no, seed, bets, client_seed=client_seed)


class Round:
    """One round in play: cards dealt, decisions pending, then :meth:`settle`."""

    def __init__(self, table: Table, round_no: int, seed: bytes, bets: tuple[BoxBets, ...], *,
                 client_seed: str | None = None) -> None:
        self.table = table
        self.round_no = round_no
        self.seed = bytes(seed)  # the house seed (its commitment shown before the bets)
        self.client_seed = client_seed
        self.bets = bets
        self.commitment = commitment(self.seed)
        hands, dealt = deal_cards(self.seed, client_seed, round_no, [b.box for b in bets] + [DEALER])
        self._events: list[Event] = [RoundStarted(round_no, self.commitment), BetsPlaced(bets), *dealt]
        self.cards: dict[int, tuple[Card, ...]] = {b.box: hands[b.box] for b in bets}
        self._dealer = hands[DEALER]
        self._decisions: dict[int, bool] = {}
        self._result: RoundResult | None = None
        self._settle_mark = 0

    @property
    def up_card(self) -> Card:
        """The dealer's first card: dealt face up in the Face Up game, and shown by the hole-card trainer."""
        return self._dealer[0]

    @property
    def pending(self) -> tuple[int, ...]:
        """Boxes with an Ante still to play or fold, in order."""
        return tuple(b.box for b in self.bets if b.ante > 0 and b.box not in self._decisions)

    def decision(self, box: int) -> bool | None:
        """Whether a box has played (``True``) or folded (``False``) this round; ``None`` while undecided."""
        return self._decisions.get(box)

    def hand(self, box: int) -> int:
        """The hand-table row of a box's cards (for hand names and hints)."""
        return int(hand_index(np.array([c.index for c in self.cards[box]])))

    def verify_decide(self, box: int, play: bool) -> None:
        if self._result is not None:
            raise BetError(f"round {self.round_no} is already settled")
        if box not in self.cards:
            raise BetError(f"there is no box {box} in this round")
        if box in self._decisions:
            raise BetError(f"box {box} has already {'played' if self._decisions[box] else 'folded'}")
        if box not in self.pending:
            raise BetError(f"box {box} has no Ante, so nothing to play or fold")

    def can_decide(self, box: int, play: bool = True) -> bool:
        try:
            self.verify_decide(box, play)
        except BetError:
            return False
        return True

    def decide(self, box: int, play: bool) -> Decision:
        """Play (place the Play bet, equal to the Ante) or fold (give up the Ante) one box."""
        self.verify_decide(box, play)
        self._decisions[box] = bool(play)
        event = Decision(box, bool(play))
        self._events.append(event)
        return event

    def verify_settle(self) -> None:
        if self._result is not None:
            raise BetError(f"round {self.round_no} is already settled")
        if self.pending:
            raise BetError(f"box {self.pending[0]} has not played or folded yet")

    def settle(self, meter: Fraction | None = None) -> RoundResult:
        """Reveal the dealer's hand and settle every bet of every box (each by its :mod:`casino.bets`
        module; the main bets through :mod:`casino.rules`).

        ``meter``: the progressive meter to pay from (units of the stake), by default the game file's.
        """
        self.verify_settle()
        self._settle_mark = len(self._events)  # (:meth:`unsettle` goes back to here)
        table = self.table
        rules = table.rules
        hands = table.hands
        dealer = int(hand_index(np.array([c.index for c in self._dealer])))
        qualifies = bool(hands.strength[dealer] >= rules.qualifier_strength)
        events = self._events
        events.append(DealerRevealed(self._dealer, hands.describe(dealer), qualifies))

        player = np.array([self.hand(b.box) for b in self.bets])
        # a box without an Ante has nothing to fold: its bets are settled on the cards, as if played
        play = np.array([self._decisions.get(b.box, True) for b in self.bets])
        progressive = table.game.side_bets and any(b.stake(BetName.PROGRESSIVE) for b in self.bets)
        if progressive and meter is None:
            meter = table.game.side_bet(BetName.PROGRESSIVE).meter
        cards = RoundCards(
            table.game,
            np.array([[c.index for c in self.cards[b.box]] for b in self.bets], dtype=np.int64),
            np.array([[c.index for c in self._dealer]] * len(self.bets), dtype=np.int64),
            player, dealer, play, meter if progressive else None,
        )
        s = cards.main()

        boxes = []
        for i, b in enumerate(self.bets):
            settled: list[BetSettled] = []
            decided = self._decisions.get(b.box)
            for bet in table.bets:
                stake = bet.stake(b, decided if b.ante else None)
                if not stake:
                    continue
                result = bet.settle(cards, i)
                settled.append(BetSettled(
                    b.box, str(bet.name), stake, stake * result.per_unit,
                    hand=result.hand if bet.side else None,
                    meter=meter if bet.name is BetName.PROGRESSIVE else None,
                ))
            events.extend(settled)
            boxes.append(
                BoxResult(
                    box=b.box,
                    ante=b.ante,
                    pair_plus=b.pair_plus,
                    cards=self.cards[b.box],
                    hand=int(player[i]),
                    hand_name=hands.describe(int(player[i])),
                    play=decided,
                    outcome=OUTCOME_NAMES[int(s.outcome[i])] if b.ante else None,
                    settled=tuple(settled),
                    side=b.side,
                )
            )
        events.append(SeedRevealed(self.seed.hex()))
        self._result = RoundResult(
            round_no=self.round_no,
            seed=self.seed,
            commitment=self.commitment,
            boxes=tuple(boxes),
            dealer_cards=self._dealer,
            dealer_hand=hands.describe(dealer),
            qualifies=qualifies,
            events=tuple(events),
            meter=meter if progressive else None,
        )
        return self._result

    def unsettle(self) -> None:
        """Undo :meth:`settle`: its result could not be stored, so the round is back where it was, every box
        decided, the dealer's cards not revealed (a settlement recomputes the same result)."""
        if self._result is None:
            raise BetError(f"round {self.round_no} is not settled")
        del self._events[self._settle_mark:]
        self._result = None

    @property
    def events(self) -> tuple[Event, ...]:
        """The events so far (the dealer's cards are among them: show only what the player may see)."""
        return tuple(self._events)
