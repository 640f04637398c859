"""The head-to-head round engine: two hands dealt from the provably fair deck, every bet settled exactly.

A head-to-head game (Teen Patti 20-20, Teen Patti Pro, any game file with a ``[head_to_head]`` section)
has no dealer to beat and no play/fold decision: two hands are dealt (Player A and Player B, or Player
and Banker) and the bets are on which one wins, on a tie, on one hand's own cards (Pair Plus, the
hand-value bets) and on all six cards (the 6 Card Bonus). A :class:`HeadToHeadTable` checks the bets
against the game and the bankroll, deals a :class:`HeadToHeadRound` from a seed (the deck of
:func:`casino.fair.deck_order`, dealt one card at a time to the first hand, then the second, three
times: the casino table's order with one box, the second hand in the dealer's place) and settles every
bet with :func:`casino.maths.head_to_head_settle.compile_head_to_head`, the settlement the exact counts
and the simulator use::

    >>> from fractions import Fraction
    >>> from casino.fair import derive_seed, session_seed
    >>> from casino.games import load_game
    >>> table = HeadToHeadTable(load_game("teen-patti-20-20"))
    >>> bets = table.bets({"player_a": 10, "tie": 1, "pair_plus_player_a": 2})
    >>> result = table.deal(bets, derive_seed(session_seed("doc"), 1), round_no=1).settle()
    >>> [c.ascii() for c in result.first_cards], result.first_hand, result.second_hand
    (['Ts', '3d', 'Qs'], 'Q-10-3 high', 'Pair of 9s, 10 kicker')
    >>> result.winner, [(s.bet, int(s.net)) for s in result.settled], result.net
    ('Player B', [('player_a', -10), ('tie', -1), ('pair_plus_player_a', -2)], Fraction(-13, 1))

The result is a :class:`casino.table.RoundResult` (so the store keeps it as it keeps the casino
table's rounds): the first hand is box 1's hand, the second hand is the "dealer" hand (always
"qualifying"), and every bet is a settled bet of box 1, named as the game's bets are
(``player_a``, ``tie``, ``pair_plus_player_a``, ``six_card_bonus`` …).

Table limits: a game file's ``[limits]`` ``min_ante``/``max_ante`` bound each bet on a hand and the Tie;
``min_pair_plus``/``max_pair_plus`` each Pair Plus and hand-value bet; every stake is at most
:data:`casino.money.MAX_AMOUNT`. All the bets of a round together may not be more than the bankroll.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

import numpy as np

from casino.cards import Card
from casino.errors import BetError
from casino.events import DEALER, BetSettled, Event, RoundStarted, SeedRevealed
from casino.fair import commitment
from casino.games import Game
from casino.money import MAX_AMOUNT, amount_text
from casino.table import BoxResult, RoundResult, deal_cards

__all__ = ["HeadToHeadTable", "HeadToHeadRound", "HeadToHeadResult", "HeadToHeadBets", "HeadToHeadBetsPlaced",
           "HandsCompared", "HeadToHeadStake", "FIRST_BOX", "Stakes", "is_head_to_head"]

#: Stakes as given: bet (or a player's word for it) -> amount, as a mapping or as pairs
Stakes = Mapping[str, Any] | Iterable[tuple[str, Any]]
FIRST_BOX = 1  # the first hand is stored as box 1's hand; the second as the dealer's
_WORD = re.compile(r"[^a-z0-9]+")


def is_head_to_head(game: Any) -> bool:
    """Whether ``game`` deals two hands and takes bets on which wins (a ``[head_to_head]`` section)."""
    return getattr(game, "head_to_head", None) is not None


def _slug(text: str) -> str:
    return _WORD.sub("_", text.strip().lower()).strip("_")


@dataclass(frozen=True)
class HeadToHeadBetsPlaced(Event):
    """The bets of a head-to-head round: ``(bet, stake)`` pairs in the game's bet order."""

    kind: ClassVar[str] = "head_to_head_bets"
    stakes: Any  # tuple[tuple[str, Fraction], ...]; a mapping or stored [[name, "5"], …] is accepted

    def __post_init__(self) -> None:
        pairs = self.stakes.items() if hasattr(self.stakes, "items") else self.stakes
        object.__setattr__(self, "stakes", tuple((str(name), Fraction(stake)) for name, stake in pairs))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "stakes": [[name, str(stake)] for name, stake in self.stakes]}

    def __str__(self) -> str:
        return "bets: " + ", ".join(f"{name} {amount_text(stake)}" for name, stake in self.stakes)


@dataclass(frozen=True)
class HandsCompared(Event):
    """Both hands shown and compared: their names as the game's ranking says, and who won."""

    kind: ClassVar[str] = "hands_compared"
    first_hand: str
    second_hand: str
    outcome: str  # "first", "tie" or "second" (casino.maths.head_to_head_settle.OUTCOMES)

    def __str__(self) -> str:
        return f"{self.first_hand} against {self.second_hand}: {self.outcome}"


@dataclass(frozen=True)
class HeadToHeadStake:
    """One bet of a head-to-head round as a pending hand stores it: ``{"bet": "player_a", "stake": "5"}``."""

    bet: str
    stake: Fraction

    @property
    def own_stakes(self) -> Fraction:
        """The chips on it (as :attr:`casino.events.BoxBets.own_stakes` says of a box)."""
        return self.stake

    def to_dict(self) -> dict[str, str]:
        return {"bet": self.bet, "stake": str(self.stake)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HeadToHeadStake:
        return cls(str(data["bet"]), Fraction(data["stake"]))


@dataclass(frozen=True)
class HeadToHeadBets:
    """The stakes of one head-to-head round: bet name -> stake (zero stakes left out), in the game's order.

    Iterating gives one :class:`HeadToHeadStake` per bet (what the store writes for a pending hand)."""

    stakes: tuple[tuple[str, Fraction], ...]

    def __iter__(self) -> Iterator[HeadToHeadStake]:
        return iter([HeadToHeadStake(name, stake) for name, stake in self.stakes])

    @classmethod
    def from_rows(cls, rows: Iterable[Any]) -> HeadToHeadBets:
        """Read back stored stakes: :class:`HeadToHeadStake` values or their dicts."""
        pairs = [row if isinstance(row, HeadToHeadStake) else HeadToHeadStake.from_dict(row) for row in rows]
        return cls(tuple((p.bet, p.stake) for p in pairs))

    def stake(self, bet: str) -> Fraction:
        return dict(self.stakes).get(bet, Fraction(0))

    @property
    def total(self) -> Fraction:
        """Every chip placed (what the round can cost)."""
        return sum((s for _, s in self.stakes), Fraction(0))

    def to_dict(self) -> dict[str, str]:
        return {name: str(stake) for name, stake in self.stakes}

    def __bool__(self) -> bool:
        return bool(self.stakes)


@dataclass(frozen=True)
class HeadToHeadResult(RoundResult):
    """A settled head-to-head round, as the store keeps a casino table's round (see the module's doc)."""

    hands: tuple[str, str] = ("Player A", "Player B")  # the game's names for the two hands
    first: int = 0  # hand-table rows of the two hands
    second: int = 0
    outcome: str = "tie"  # "first", "tie", "second"
    bets: HeadToHeadBets = field(default_factory=lambda: HeadToHeadBets(()))

    @property
    def first_cards(self) -> tuple[Card, ...]:
        return self.boxes[0].cards

    @property
    def first_hand(self) -> str:
        return self.boxes[0].hand_name

    @property
    def second_cards(self) -> tuple[Card, ...]:
        return self.dealer_cards

    @property
    def second_hand(self) -> str:
        return self.dealer_hand

    @property
    def winner(self) -> str | None:
        """The winning hand's name (``"Player A"``), ``None`` on a tie."""
        return None if self.outcome == "tie" else self.hands[0 if self.outcome == "first" else 1]

    @property
    def wagered(self) -> Fraction:
        """Every chip staked (each head-to-head bet stakes its own chips)."""
        return sum((s.stake for s in self.settled), Fraction(0))


class HeadToHeadTable:
    """A head-to-head game's table: its bets (names and titles), the bet checks, and dealing."""

    def __init__(self, game: Game) -> None:
        if not is_head_to_head(game):
            raise BetError(f"{game.name} is not a head-to-head game (no [head_to_head] section)")
        from casino.hands import hand_table
        from casino.maths.head_to_head_settle import compile_head_to_head

        self.game = game
        self.rules = compile_head_to_head(game)
        self.hand_names: tuple[str, str] = game.head_to_head.hands
        self.hands = hand_table(game.ranking)
        self.names: tuple[str, ...] = self.rules.names
        self.titles: dict[str, str] = dict(zip(self.rules.names, self.rules.titles))

    # -- the bets ----------------------------------------------------------------------------------------

    @cached_property
    def words(self) -> dict[str, str]:
        """What a player may call each bet (lower case, ``_`` between words) -> the bet's name.

        The bet's own name (``pair_plus_player_a``), its title (``player_a_wins``, ``6_card_bonus``), the
        same with a hand's last word for the hand (``pair_plus_a``, ``a_wins``), a hand's name or last
        word alone for the bet on it (``player_a``, ``a``; ``banker``), and the side-bet words of the
        casino table (``6cb``).
        """
        words: dict[str, str] = {}
        slugs = [_slug(h) for h in self.hand_names]
        shorts = [s.rsplit("_", 1)[-1] for s in slugs]
        if shorts[0] == shorts[1]:
            shorts = slugs
        for name in self.names:
            words.setdefault(name, name)
            words.setdefault(_slug(self.titles[name]), name)
            for slug, short in zip(slugs, shorts):
                if name == f"pair_plus_{slug}":
                    words.setdefault(f"pp_{short}", name)
                    words.setdefault(f"pp{short}", name)
                if name.endswith(f"_{slug}") and short != slug:
                    words.setdefault(f"{name[: -len(slug)]}{short}", name)
                    words.setdefault(f"{_slug(self.titles[name])[: -len(slug)]}{short}", name)
        for slug, short, name in zip(slugs, shorts, self.names[:2]):
            words.setdefault(short, name)
            words.setdefault(f"{short}_wins", name)
        for word, bet in _SIDE_WORDS.items():
            if bet in self.titles:
                words.setdefault(word, bet)
        return words

    def bet_of(self, word: str) -> str:
        """The bet a player's word names (see :attr:`words`); :class:`BetError` naming the bets otherwise."""
        key = _slug(str(word))
        if key in self.words:
            return self.words[key]
        shown = str(word)[:40]
        raise BetError(f"{self.game.name} offers no bet {shown!r} (bets: {', '.join(self.names)})")

    def bets(self, stakes: Stakes, *, stored: bool = False) -> HeadToHeadBets:
        """Stakes by bet (names or a player's words for them, see :meth:`bet_of`) as :class:`HeadToHeadBets`.

        Amounts are read exactly (:func:`casino.money.parse`: whole or decimal, or, ``stored``, any fraction a
        session stored before that rule); a bet named twice is refused; zero stakes
        are left out. Limits and the bankroll are checked by :meth:`verify_bets`."""
        from casino.money import parse

        pairs: Iterable[tuple[str, Any]] = stakes.items() if isinstance(stakes, Mapping) else stakes
        found: dict[str, Fraction] = {}
        for word, amount in pairs:
            bet = self.bet_of(word)
            if bet in found:
                raise BetError(f"the {self.titles[bet]} bet is given twice")
            found[bet] = parse(amount, f"{self.titles[bet]} stake", any_fraction=stored)
        return HeadToHeadBets(tuple((name, found[name]) for name in self.names if found.get(name)))

    def paid_label(self, bet: str, hand: str | None) -> str:
        """Players' words for the hand a bet was paid on (``flush`` -> ``Colour`` in Teen Patti)."""
        if not hand:
            return ""
        from casino.rankings import PAY_CLASSES

        if hand in PAY_CLASSES and bet not in {str(side.bet) for side in self.game.side_bets}:
            return self.game.ranking.label(hand)
        from casino.bets import REGISTRY, get_side_bet

        return get_side_bet(bet).labels.get(hand, hand.replace("_", " ")) if bet in REGISTRY else hand.replace("_", " ")

    def limits_of(self, bet: str) -> tuple[Fraction | None, Fraction | None]:
        """The table's (minimum, maximum) stake on ``bet`` (``None``: no limit): the Ante's limits for the
        bets on a hand and the Tie, the Pair Plus limits for Pair Plus and hand-value bets, none for side bets."""
        limits = self.game.limits
        if bet in self.names[:2] or bet == "tie":
            return limits.min_ante, limits.max_ante
        if any(side.bet == bet for side in self.game.side_bets):
            return None, None
        return limits.min_pair_plus, limits.max_pair_plus

    def problem(self, bet: str, stake: Fraction) -> str | None:
        """What is wrong with ``stake`` on ``bet`` at this table (limits, the largest amount), or ``None``."""
        title = self.titles[bet]
        if stake > MAX_AMOUNT:
            return f"the {title} stake must be at most {MAX_AMOUNT:,}"
        low, high = self.limits_of(bet)
        if low is not None and stake < low:
            return f"the {title} stake {amount_text(stake)} is below the table minimum {amount_text(low)}"
        if high is not None and stake > high:
            return f"the {title} stake {amount_text(stake)} is above the table maximum {amount_text(high)}"
        return None

    def verify_bets(self, bets: HeadToHeadBets, bankroll: Fraction | None = None) -> None:
        """Raise :class:`BetError` naming the first thing wrong with these bets, if any."""
        if not bets:
            raise BetError(f"no bets: place a stake on at least one bet ({', '.join(self.names)})")
        for bet, stake in bets.stakes:
            if bet not in self.titles:
                raise BetError(f"{self.game.name} offers no bet {bet[:40]!r} (bets: {', '.join(self.names)})")
            if stake < 0:
                raise BetError(f"the {self.titles[bet]} stake cannot be negative")
            problem = self.problem(bet, stake)
            if problem:
                raise BetError(problem)
        if bankroll is not None and bets.total > bankroll:
            raise BetError(f"these bets need {amount_text(bets.total)} but the bankroll is {amount_text(bankroll)}")

    def smallest_stake(self) -> Fraction:
        """The smallest stake some bet of this table takes (0: any amount above 0)."""
        return min(self.limits_of(bet)[0] or Fraction(0) for bet in self.names)

    def out_of_chips(self, bankroll: Fraction) -> bool:
        """Whether ``bankroll`` cannot cover the smallest bet this table takes."""
        return bankroll <= 0 or bankroll < self.smallest_stake()

    # -- dealing -----------------------------------------------------------------------------------------

    def deal(self, bets: HeadToHeadBets, seed: bytes, *, round_no: int, bankroll: Fraction | None = None,
             client_seed: str | None = None) -> HeadToHeadRound:
        """Check the bets and deal both hands from the seed's deck (first hand, second hand, three times);
        the house ``seed`` mixed with the player's ``client_seed``, if any (:func:`casino.fair.deal_seed`)."""
        self.verify_bets(bets, bankroll)
        return HeadToHeadRound(self, round_no, seed, bets, client_seed=client_seed)


class HeadToHeadRound:
    """One head-to-head round dealt: both hands, then :meth:`settle` (there is nothing to decide)."""

    def __init__(self, table: HeadToHeadTable, round_no: int, seed: bytes, bets: HeadToHeadBets, *,
                 client_seed: str | None = None) -> None:
        self.table = table
        self.round_no = round_no
        self.seed = bytes(seed)  # the house seed (its commitment shown before the bets)
        self.client_seed = client_seed
        self.bets = bets
        self.commitment = commitment(self.seed)
        held, dealt = deal_cards(self.seed, client_seed, round_no, (FIRST_BOX, DEALER))
        self._events: list[Event] = [RoundStarted(round_no, self.commitment), HeadToHeadBetsPlaced(bets.stakes), *dealt]
        self.first_cards: tuple[Card, ...] = held[FIRST_BOX]
        self.second_cards: tuple[Card, ...] = held[DEALER]
        self._result: HeadToHeadResult | None = None

    @property
    def cards(self) -> dict[int, tuple[Card, ...]]:
        """Both hands as dealt, by seat (what a pending hand stores): box 1 the first, the dealer's place
        (0) the second."""
        return {FIRST_BOX: self.first_cards, DEALER: self.second_cards}

    @property
    def pending(self) -> tuple[int, ...]:
        """Nothing to decide in a head-to-head round (the casino table's round has boxes here)."""
        return ()

    def _row(self, cards: tuple[Card, ...]) -> int:
        from casino.hands import hand_index

        return int(hand_index(np.array([c.index for c in cards])))

    def settle(self) -> HeadToHeadResult:
        """Compare the hands and settle every bet (:meth:`HeadToHeadRules.settle`, exactly)."""
        if self._result is not None:
            raise BetError(f"round {self.round_no} is already settled")
        from casino.maths.head_to_head_settle import OUTCOMES
        from casino.rankings import PAY_CLASSES

        table = self.table
        rules = table.rules
        first, second = self._row(self.first_cards), self._row(self.second_cards)
        a, b = np.array([first]), np.array([second])
        nets = rules.settle(a, b)
        outcome = OUTCOMES[int(rules.outcome(a, b)[0])]
        describe = table.hands.describe
        events = self._events
        events.append(HandsCompared(describe(first), describe(second), outcome))
        side_hands: dict[str, str | None] = {}
        if table.game.side_bets:
            from casino.sidebets.settle import settle_side_bets

            side = settle_side_bets(table.game.side_bets, table.hands.cards[a], table.hands.cards[b])
            side_hands = {bet: side.hand(bet, 0) for bet in side.nets}
        per_hand = {bet: which for bet, which, _ in rules.per_hand}
        settled: list[BetSettled] = []
        for bet, stake in self.bets.stakes:
            net = stake * rules.net(nets, bet, 0)
            paid: str | None = None
            if net > 0 and bet in per_hand:
                paid = PAY_CLASSES[int(table.hands.pay_class[first if per_hand[bet] == 0 else second])]
            elif net > 0 and bet in side_hands:
                paid = side_hands[bet]
            settled.append(BetSettled(FIRST_BOX, bet, stake, net, hand=paid))
        events.extend(settled)
        events.append(SeedRevealed(self.seed.hex()))
        box = BoxResult(box=FIRST_BOX, ante=Fraction(0), pair_plus=Fraction(0), cards=self.first_cards, hand=first,
                        hand_name=describe(first), play=None, outcome=_outcome_word(table, outcome),
                        settled=tuple(settled))
        self._result = HeadToHeadResult(
            round_no=self.round_no, seed=self.seed, commitment=self.commitment, boxes=(box,),
            dealer_cards=self.second_cards, dealer_hand=describe(second), qualifies=True, events=tuple(events),
            hands=table.hand_names, first=first, second=second, outcome=outcome, bets=self.bets,
        )
        return self._result

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)


def _outcome_word(table: HeadToHeadTable, outcome: str) -> str:
    """What the box row's ``outcome`` column says: the winning hand's bet name (``player_a``) or ``tie``."""
    if outcome == "tie":
        return "tie"
    return table.names[0] if outcome == "first" else table.names[1]


#: the casino table's words for side bets (``6cb``), as ``brag play --side-bet`` takes them
_SIDE_WORDS = {"6cb": "six_card_bonus", "6card": "six_card_bonus", "six": "six_card_bonus", "6_card_bonus": "six_card_bonus"}
