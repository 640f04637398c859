"""What happens at a traditional Brag table, in words: the player's own seat in the second person
("You win the pot: 4.5"), every other seat in the third ("Ann wins the pot: 4.5").

A :class:`Voice` knows the seats' names and which one, if any, is the player's; every line about a seat
(an event in the log, the end-of-hand line, a rule the engine names when it refuses an action) is worded
through it, so no text is ever patched afterwards. The terminal and the web table name the player's seat
:data:`PLAYER` (``"You"``); the referee's seats are people's names and read in the third person::

    >>> from fractions import Fraction
    >>> from casino.classic.actions import Looked, PotWon, Saw
    >>> voice = Voice(["You", "Ann"], you=0)
    >>> event_text(PotWon(0, Fraction(9, 2), 0), voice)
    'You win the pot: 4.5'
    >>> event_text(Saw(1, 0, Fraction(4)), voice)
    'Ann pays 4 to see you'
    >>> event_text(Looked(0, 0), voice), event_text(Looked(0, 0), Voice(["Bob", "Ann"]))
    ('You look at your cards', 'Bob looks at their cards')
    >>> event_text(Looked(0, 0), ["You", "Ann"])  # names alone: the seat named You is the player's
    'You look at your cards'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from casino.classic.actions import (
    AgreedShowdown, Anted, BetMade, Chose, Covered, Discarded, Event, Folded, HandOver, Looked, PackShows, PotWon, Saw,
    Shown, VariantInForce,
)
from casino.money import amount_text

if TYPE_CHECKING:
    from casino.classic.actions import Action
    from casino.classic.table import HandRecord

__all__ = ["PLAYER", "Voice", "player_seat", "event_text", "hand_summary", "cards_text", "referee_words"]

#: The name of the player's seat at the terminal's and the web's table (the computer players have names).
PLAYER = "You"

#: third-person forms that do not just add -s (modal verbs do not change)
_THIRD = {"have": "has", "be": "is", "do": "does", "can": "can", "cannot": "cannot", "may": "may", "must": "must"}


def player_seat(names: Sequence[str]) -> int | None:
    """The seat named :data:`PLAYER`, or ``None`` (every seat a computer, or the referee's people)."""
    return names.index(PLAYER) if PLAYER in names else None


class Voice:
    """The words for each seat: ``you`` (a seat number, or ``None``) speaks in the second person::

        >>> voice = Voice(["You", "Ann"], you=0)
        >>> voice.says(0, "have"), voice.says(1, "have"), voice.says(1, "discard")
        ('You have', 'Ann has', 'Ann discards')
        >>> voice.who(0, start=False), voice.whose(0), voice.whose(1), voice.whose(0, alone=True)
        ('you', 'your', "Ann's", 'yours')
    """

    __slots__ = ("names", "you")

    def __init__(self, names: Sequence[str], you: int | None = None) -> None:
        self.names = list(names)
        self.you = you

    @classmethod
    def of_table(cls, names: Sequence[str]) -> Voice:
        """The seat named :data:`PLAYER` speaks in the second person (the terminal's and the web's tables)."""
        return cls(names, player_seat(names))

    def who(self, seat: int, *, start: bool = True) -> str:
        """The seat as the subject (or object) of a sentence: ``You`` (``you`` inside one) or its name."""
        if seat == self.you:
            return "You" if start else "you"
        return self.names[seat]

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` (its plain form: ``win``, ``have``) as the seat does it: ``win`` for you, ``wins`` else."""
        if seat == self.you:
            return "are" if verb == "be" else verb
        third = _THIRD.get(verb)
        if third is not None:
            return third
        return verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s")

    def says(self, seat: int, verb: str, *, start: bool = True) -> str:
        """The seat and its verb: ``You win``, ``Ann wins``."""
        return f"{self.who(seat, start=start)} {self.verb(seat, verb)}"

    def whose(self, seat: int, *, start: bool = False, alone: bool = False) -> str:
        """The seat's possessive: ``your`` (``Your``; ``yours`` standing alone) or ``Ann's``."""
        if seat == self.you:
            return "yours" if alone else "Your" if start else "your"
        return f"{self.names[seat]}'s"

    def their(self, seat: int) -> str:
        """``your`` for the player, ``their`` for anyone else (``looks at their cards``)."""
        return "your" if seat == self.you else "their"


def _voice(names: Sequence[str] | Voice) -> Voice:
    return names if isinstance(names, Voice) else Voice.of_table(names)


def cards_text(cards: Sequence[int]) -> str:
    """Card indices as card text: ``A♠ K♦ 7♣``."""
    from casino.cards import card_from_index

    return " ".join(str(card_from_index(c)) for c in cards)


def referee_words(action: Action) -> str:
    """An action in the words ``brag referee`` reads back (:func:`casino.classic.actions.action_from_text`), so a
    stored hand's actions can be written into a referee file::

        >>> from fractions import Fraction
        >>> from casino.classic.actions import AgreeShowdown, Bet, Choose, Discard, Look, action_from_text
        >>> [referee_words(a) for a in (Look(1), Bet(Fraction(5, 2)), Choose(False), AgreeShowdown(), Discard((0,)))]
        ['look 2', 'bet 2.5', 'throw', 'show', 'discard 2♣']
        >>> all(action_from_text(referee_words(a)) == a for a in (Look(1), Bet(Fraction(1, 3)), Choose(True)))
        True

    Keeping a blind hand won for the next deal comes after the hand (no referee word): ``keep the blind hand``
    or ``give up the blind hand``."""
    from casino.classic.actions import AgreeShowdown, Bet, Choose

    if isinstance(action, Choose):
        return "keep" if action.keep_seen else "throw"
    if isinstance(action, AgreeShowdown):
        return "show"
    if isinstance(action, Bet):
        return f"bet {amount_text(action.amount)}"
    return str(action)  # look, look 2, fold, see, cover, discard CARDS: the referee's own words


def event_text(event: Event, names: Sequence[str] | Voice) -> str:
    """One event in words (``""`` for the end of the hand: :func:`hand_summary` says who won).

    ``names``: a :class:`Voice`, or the seats' names (the seat named :data:`PLAYER` is the player's)."""
    voice = _voice(names)
    if isinstance(event, BetMade):
        text = f"{voice.says(event.seat, 'bet')} {amount_text(event.amount)}{' blind' if event.blind else ''}"
        text += f" (stake {amount_text(event.stake)})"
        if event.borrowed:
            text += f", borrowing {amount_text(event.borrowed)}"
        return text
    if isinstance(event, Anted):
        return f"{voice.says(event.seat, 'ante')} {amount_text(event.amount)}"
    if isinstance(event, Looked):
        cards = f"{voice.their(event.seat)} cards" if event.hand == 0 else f"hand {event.hand + 1}"
        return f"{voice.says(event.seat, 'look')} at {cards}"
    if isinstance(event, Discarded):
        return f"{voice.says(event.seat, 'discard')} {cards_text(event.cards) or 'face down'}"
    if isinstance(event, Chose):
        if event.keep_seen:
            return f"{voice.says(event.seat, 'keep')} the seen hand and {voice.verb(event.seat, 'fold')} the other"
        return (f"{voice.says(event.seat, 'throw')} the seen hand and {voice.verb(event.seat, 'play')} on blind "
                "with the other")
    if isinstance(event, Folded):
        return voice.says(event.seat, "fold")
    if isinstance(event, Saw):
        return f"{voice.says(event.seat, 'pay')} {amount_text(event.cost)} to see {voice.who(event.target, start=False)}"
    if isinstance(event, VariantInForce):
        from casino.classic.choice import Variant, variant_text

        played = variant_text(Variant(event.cards, event.wild, event.blind), event.jokers)
        return f"{voice.says(event.seat, 'pick')} this circle's variant: {played}" if event.seat >= 0 else \
            f"this hand: {played} (dealer's choice)"
    if isinstance(event, PackShows):
        return f"the pack shows {cards_text((event.card,))}"
    if isinstance(event, Covered):
        return f"{voice.says(event.seat, 'cover')} the pot with {amount_text(event.amount)}"
    if isinstance(event, AgreedShowdown):
        return f"{voice.says(event.seat, 'agree')} to a showdown"
    if isinstance(event, Shown):
        discards = f" (discarded {cards_text(event.discards)})" if event.discards else ""
        return f"{voice.says(event.seat, 'show')} {cards_text(event.kept)}: {event.hand}{discards}"
    if isinstance(event, PotWon):
        pot = "the pot" if event.pot == 0 else f"side pot {event.pot}"
        share = " (shared)" if event.shared else ""
        return f"{voice.says(event.seat, 'win')} {pot}: {amount_text(event.amount)}{share}"
    if isinstance(event, HandOver):
        return ""  # the summary says whether there was a showdown
    return str(event)


def hand_summary(record: HandRecord, voice: Voice | None = None, *, player: bool = False) -> str:
    """Who won what in a settled hand, in one line (``Ann wins 12; Bob wins side pot 1 6``; for the player
    ``You win 12``). ``voice``: the table's seats (default: the seats of the hand, by their table numbers,
    every seat in the third person, the line a stored hand keeps, :func:`casino.db.classic_store.summary_line`;
    ``player=True``: the player's seat, named You, in the second person)."""
    if voice is None:
        names = [""] * (max(record.seats, default=-1) + 1)  # the events name table seats
        for name, seat in zip(record.names, record.seats):
            names[seat] = name
        voice = Voice.of_table(names) if player else Voice(names)
    parts = []
    for e in record.events:
        if isinstance(e, PotWon):
            pot = "" if e.pot == 0 else f" side pot {e.pot}"
            parts.append(f"{voice.says(e.seat, 'win')}{pot} {amount_text(e.amount)}")
    return "; ".join(parts)
