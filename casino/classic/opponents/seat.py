"""The characters at the real table: an adapter to the engine's opponent seam.

The engine (:mod:`casino.classic.state`, :mod:`casino.classic.table`) asks a computer seat
``decide(view, legal, rng) -> Action`` with its :class:`~casino.classic.view.SeatView` (its cards only
once it has looked) and the legal actions. :class:`CharacterOpponent` turns that into the characters'
:class:`~casino.classic.opponents.situation.Situation` and their choice back into an engine action:

- *stay* is the minimum bet (or a cover, when the seat cannot afford it and the rules let it cover);
  *raise* is the next step up (double the minimum, within the maximum, or the next fixed-limit amount);
- the stake's place on the expert's menu is the number of raises so far in the hand;
- four- and five-card Brag: the seat discards to its best three at once; wild cards: the characters'
  equity counts the hand as the natural hand it stands for (an approximation: the other hands may hold
  wild cards too).

The view never carries another seat's cards, and the situation never carries a blind seat's own
cards, so a character cannot read a hidden card at the real table either.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, NamedTuple

from casino.classic.opponents.characters import Character, character
from casino.classic.opponents.situation import Choice, Situation
from casino.classic.opponents.table import hand_row

if TYPE_CHECKING:  # the engine's types; imported lazily at run time
    from casino.classic.actions import Action
    from casino.classic.state import LegalActions
    from casino.classic.view import SeatView

__all__ = ["CharacterOpponent", "to_situation", "opponents_from_text", "character_names", "SeatedOpponents",
           "expert_hint", "TABLE_MIX"]


def _hand_index(view: SeatView) -> int | None:
    """The hand-table row the seat's best three stand for (``None`` while blind)."""
    if view.cards is None:
        return None
    cards = tuple(view.kept) if view.kept is not None else tuple(view.cards)
    if len(cards) == 3 and not view.rules.has_wild_cards:
        return hand_row(cards[0], cards[1], cards[2])
    from casino.besthand import HandRanker

    ranker = HandRanker(view.rules.cards, view.rules.wild)
    if len(cards) > 3:
        cards, _ = ranker.best_choice(cards)
    # the engine's ranker knows the natural hand three cards stand for, wild cards played best
    return int(ranker._three(cards[0], cards[1], cards[2])[2])


class _Read(NamedTuple):
    """What one pass over the hand's public history gives a decision."""

    path: tuple[tuple[int, Choice], ...]  # the public choices as (seat, choice)
    bets: int  # bets made by every seat
    raises: int  # bets that raised the stake
    own_bets: int  # bets made by the deciding seat


def _read(view: SeatView) -> _Read:
    """The hand's public choices, the number of bets, the raises so far and the seat's own bets: one pass
    over the history (a decision reads it once)."""
    from casino.classic.actions import BetMade, Folded, Looked, Saw

    path: list[tuple[int, Choice]] = []
    bets = raises = own = 0
    stake = None
    me = view.seat
    for e in view.history:
        if isinstance(e, Looked):
            path.append((e.seat, "look"))
        elif isinstance(e, Folded):
            path.append((e.seat, "fold"))
        elif isinstance(e, Saw):
            path.append((e.seat, "see"))
        elif isinstance(e, BetMade):
            raised = stake is not None and e.stake > stake
            path.append((e.seat, "raise" if raised else "stay"))
            raises += int(raised)
            bets += 1
            own += e.seat == me
            stake = e.stake
    return _Read(tuple(path), bets, raises, own)


#: The most bets a computer player makes in one hand: then it sees (two left) or folds. Far beyond any hand
#: a person plays, it ends the betting wars computer players could otherwise keep up until their chips ran out.
MAX_OWN_BETS = 40


def _raise_amount(legal: LegalActions) -> Any:
    if legal.bet_min is None or legal.bet_max is None:
        return None
    if legal.bet_choices is not None:
        return legal.bet_choices[1] if len(legal.bet_choices) > 1 else None
    if legal.bet_max <= legal.bet_min:
        return None
    return min(legal.bet_max, legal.bet_min * 2)


def to_situation(view: SeatView, legal: LegalActions) -> Situation:
    """What the characters see of an engine decision (public information plus the seat's own cards)."""
    return _situation(view, legal, _read(view))


def _situation(view: SeatView, legal: LegalActions, read: _Read) -> Situation:
    n = len(view.seats)
    others = tuple(
        view.seats[(view.seat + k) % n].status == "blind"
        for k in range(1, n)
        if view.seats[(view.seat + k) % n].status in ("blind", "seen")
    )
    stay = legal.bet_min if legal.bet_min is not None else legal.cover
    if legal.bet_choices is not None and legal.bet_min is not None:
        stay = legal.bet_choices[0]
    raise_to = _raise_amount(legal)
    me = view.seats[view.seat]
    return Situation(
        seat=view.seat,
        hand_index=_hand_index(view),
        live_blind=others if others else (False,),
        pot=float(view.pot),
        put_in=float(me.put_in),
        stake=float(view.stake),
        level=min(read.raises, 3),
        bets=read.bets,
        cost_stay=float(stay) if stay is not None else None,
        cost_raise=float(raise_to) if raise_to is not None else None,
        cost_see=float(legal.see_cost) if legal.see_cost is not None else None,
        path=read.path,
        shown=tuple(c for h in view.shown_before for c in h.kept),
    )


class CharacterOpponent:
    """A character seated at the engine's table (the engine's ``Opponent`` protocol)."""

    def __init__(self, who: Character | str) -> None:
        self.character = character(who) if isinstance(who, str) else who
        self.name = self.character.name

    def decide(self, view: SeatView, legal: LegalActions, rng: random.Random) -> Action:
        from casino.classic.actions import AgreeShowdown, Bet, Choose, Cover, Discard, Fold, Keep, Look, See

        if legal.keep:
            return Keep(True)
        if legal.choose:
            return Choose(True)
        if legal.discard:
            from casino.besthand import HandRanker

            assert view.cards is not None
            _, gone = HandRanker(view.rules.cards, view.rules.wild).best_choice(view.cards)
            return Discard(tuple(gone))
        read = _read(view)
        choice = self.character.decide(_situation(view, legal, read), rng)
        if choice in ("stay", "raise") and read.own_bets >= MAX_OWN_BETS:
            # a betting war between computer players would otherwise last until their chips ran out (three
            # seen players staying at the stake: no see is allowed, so nothing else ends the hand)
            # an agreed showdown, where the rules have one, ends it with the best hand winning, not the last to fold
            if legal.agree_showdown:
                return AgreeShowdown()
            choice = "see" if legal.see_cost is not None else "fold"
        if choice == "look":
            return Look(0)
        if choice == "fold":
            return Fold()
        if choice == "see":
            return See()
        if choice == "raise":
            return Bet(_raise_amount(legal))
        if legal.bet_min is None:  # stay: cover when the seat cannot afford the minimum
            return Cover()
        return Bet(legal.bet_choices[0] if legal.bet_choices is not None else legal.bet_min)


def opponents_from_text(text: str) -> list[CharacterOpponent] | int:
    """``--opponents``: a count (``"3"``) or characters by name (``"expert,bluffer,steady"``)."""
    t = text.strip()
    if t.isascii() and t.isdigit():  # 0-9 only: int() would also read '٢' as 2
        return int(t)
    return [CharacterOpponent(name) for name in t.split(",") if name.strip()]


#: the characters a count of opponents brings to the table, in seat order
TABLE_MIX: tuple[str, ...] = ("steady", "bluffer", "expert", "cautious", "loose", "steady", "expert")


def character_names(text: str | None, default_count: int) -> list[str]:
    """The computer seats' characters for ``--opponents``: a count takes :data:`TABLE_MIX` in order;
    names are checked (an unknown name is one :class:`~casino.errors.BragError` line)."""
    from casino.errors import BragError
    from casino.money import other_digits

    if text is not None and other_digits(text):
        raise BragError(f"--opponents {text.strip()[:40]!r}: write the count with the digits 0-9 (1 to 7), "
                        "or names of characters")
    if text is None or text.strip().isdigit():
        count = default_count if text is None else int(text)
        if not 1 <= count <= 7:
            raise BragError(f"--opponents must be 1 to 7 (or names of characters), not {count}")
        return list(TABLE_MIX[:count])
    words = [n.strip() for n in text.strip().split(",")]
    if any(not n for n in words):
        raise BragError(f"--opponents {text.strip()[:40]!r}: a name is missing between commas (e.g. expert,bluffer)")
    names = [character(n).name for n in words]
    if not 1 <= len(names) <= 7:
        raise BragError(f"--opponents names 1 to 7 characters, not {len(names)}")
    return names


class SeatedOpponents:
    """One engine opponent that hands each decision to the player in that seat."""

    def __init__(self, by_seat: dict[int, Any]) -> None:
        self.by_seat = by_seat

    def decide(self, view: SeatView, legal: LegalActions, rng: random.Random) -> Action:
        decided: Action = self.by_seat[view.seat].decide(view, legal, rng)
        return decided


def expert_hint(view: SeatView, legal: LegalActions) -> str:
    """What the expert would do in this seat and why (equity, pot odds): for the table's ``h`` key.

    The equity comes from the hint's count (:func:`casino.classic.hint.seat_chances`) for the rules in play
    and the cards the seat has not seen, against the opponents still betting: a better hand (the hint's
    figure) plus half an equal one."""
    from casino.classic.opponents.advice import advise

    if legal.keep or legal.choose or legal.discard:
        return "The expert: decide the cards first."
    s = to_situation(view, legal)
    rules = view.rules
    chance = None
    if not s.blind:  # the equity it shows and plays by: the hint's own count for these rules and unseen cards
        from casino.besthand import ranker
        from casino.classic.hint import NoHint, seat_chances

        try:
            chances = seat_chances(view, ranker(rules.cards, rules.wild), rules.pack_size)
        except NoHint:
            chances = []
        chance = next((c for c in chances if c.opponents == s.opponents), None)
    three_card = rules.cards == 3 and not rules.has_wild_cards
    return advise(s, chance, three_card=three_card).text()
