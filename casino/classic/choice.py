"""Dealer's choice (``dealers_choice = true``): after each full circle of deals the next dealer picks the variant.

A *variant* is what the rules reference lets a dealer pick: how many cards are dealt (3, 4 or 5), which cards
are wild, and whether blind play is allowed. The first circle (one deal by each player dealt in) is played with
the rules file's own variant; then the dealer of the next deal picks one, which holds for the whole circle
that deal starts (as many deals as players dealt in then), and so on. Jokers stay as the rules file puts them
in the pack (wild whatever the pick), so the pack itself never changes.

A computer dealer's pick comes from the hand's seed (HMAC-SHA256, like the computer players' chance), so a
stored hand shows it was not chosen after the cards were known, and verification recomputes it; the player's
own pick is free. Every hand of a dealer's-choice session starts with a
:class:`~casino.classic.actions.VariantInForce` event naming its variant and who picked it::

    >>> from casino.classic.rules import ClassicRules
    >>> rules = ClassicRules(dealers_choice=True)
    >>> len(variant_choices(rules)), variant_of(rules)
    (36, Variant(cards=3, wild='none', blind=True))
    >>> parse_variant("5 twos seen", rules)
    Variant(cards=5, wild='twos', blind=False)
    >>> parse_variant("sevens", rules)
    Traceback (most recent call last):
    ...
    casino.classic.actions.IllegalAction: 'sevens' is not a variant word: give cards (3, 4 or 5), wild cards (none, twos, black-twos, one-eyed-jacks, suicide-king, braggers) and blind or seen
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from casino.besthand import WILD_CHOICES
from casino.classic.actions import IllegalAction
from casino.classic.rules import ClassicRules

__all__ = ["Variant", "variant_of", "with_variant", "variant_choices", "parse_variant", "computer_variant",
           "variant_text", "wild_choices", "Circle"]


@dataclass(frozen=True)
class Variant:
    """What a dealer picks: cards dealt, wild cards, blind play allowed."""

    cards: int
    wild: str
    blind: bool

    def to_list(self) -> list[Any]:
        return [self.cards, self.wild, self.blind]

    @classmethod
    def from_list(cls, value: Any) -> Variant:
        """A stored ``[cards, wild, blind]``; :class:`ValueError` naming it for anything else."""
        try:
            cards, wild, blind = value
        except (TypeError, ValueError):
            raise ValueError(f"not a variant: {str(value)[:40]!r}") from None
        if type(cards) is not int or cards not in (3, 4, 5) or wild not in WILD_CHOICES or not isinstance(blind, bool):
            raise ValueError(f"not a variant: {str(value)[:40]!r}")
        return cls(cards, str(wild), blind)


def variant_of(rules: ClassicRules) -> Variant:
    """The variant a rules file plays."""
    return Variant(rules.cards, rules.wild, rules.blind)


def with_variant(rules: ClassicRules, variant: Variant) -> ClassicRules:
    """The rules of a hand dealt with ``variant`` (everything else as the file says)."""
    if variant == variant_of(rules):
        return rules
    return replace(rules, cards=variant.cards, wild=variant.wild, blind=variant.blind)  # type: ignore[arg-type]


def wild_choices(rules: ClassicRules) -> tuple[str, ...]:
    """The wild-card choices open to a dealer: every one but "jokers" unless the pack has jokers."""
    return tuple(w for w in WILD_CHOICES if w != "jokers" or rules.jokers)


def variant_choices(rules: ClassicRules) -> tuple[Variant, ...]:
    """Every variant a dealer may pick at this table."""
    return tuple(Variant(c, w, b) for c, w, b in product((3, 4, 5), wild_choices(rules), (True, False)))


def variant_text(variant: Variant, jokers: int = 0) -> str:
    """``"4 cards, twos wild, blind play"`` — a variant in words (``jokers`` in the pack, wild whatever is picked:
    ``"3 cards, the joker wild, …"``, ``"5 cards, braggers and the 2 jokers wild, …"``)."""
    joker_words = "" if not jokers else "the joker" if jokers == 1 else f"the {jokers} jokers"
    if variant.wild == "none":
        wild = f"{joker_words} wild" if jokers else "no wild cards"
    elif jokers and variant.wild != "jokers":
        wild = f"{variant.wild} and {joker_words} wild"
    else:
        wild = f"{variant.wild} wild"
    return f"{variant.cards} cards, {wild}, {'blind play' if variant.blind else 'no blind play'}"


def parse_variant(text: str, rules: ClassicRules, current: Variant | None = None) -> Variant:
    """A variant from the player's words, in any order: a number of cards (3, 4, 5), a wild-card choice
    (``none``, ``twos`` …), ``blind`` or ``seen`` (no blind play); a word not given keeps ``current`` (default:
    the file's). One :class:`IllegalAction` line for anything else, and for two words that contradict each
    other (two numbers of cards, two wild-card choices, blind and seen; the same word twice is one choice)::

        >>> parse_variant("4 twos 5", ClassicRules(dealers_choice=True))
        Traceback (most recent call last):
        ...
        casino.classic.actions.IllegalAction: give one number of cards, not 4 and 5
    """
    now = current or variant_of(rules)
    wilds = wild_choices(rules)
    given: dict[str, str] = {}  # what this line says of each part of the variant: the word that said it
    for word in text.lower().replace(",", " ").split():
        if word in ("3", "4", "5"):
            part, one = "cards", "one number of cards"
        elif word in wilds:
            part, one = "wild", "one choice of wild cards"
        elif word in ("blind", "seen"):
            part, one = "blind", "blind or seen"
        else:
            raise IllegalAction(f"{word[:30]!r} is not a variant word: give cards (3, 4 or 5), wild cards "
                                f"({', '.join(wilds)}) and blind or seen")
        if given.get(part, word) != word:
            raise IllegalAction(f"give {one}, not {given[part]} and {word}")
        given[part] = word
    return Variant(int(given["cards"]) if "cards" in given else now.cards, given.get("wild", now.wild),
                   given["blind"] == "blind" if "blind" in given else now.blind)


def computer_variant(seed: bytes, rules: ClassicRules) -> Variant:
    """A computer dealer's pick for the deal of ``seed``: one of :func:`variant_choices`, drawn from the seed."""
    choices = variant_choices(rules)
    draw = hmac.new(seed, b"brag-table dealer's choice", hashlib.sha256).digest()
    return choices[int.from_bytes(draw[:8], "big") % len(choices)]


@dataclass
class Circle:
    """Where the deal is in its circle: ``left`` deals to go (0: the next deal starts a circle), whether the
    first circle is done (from then on each circle's first dealer picks), and the variant in force."""

    variant: Variant
    left: int = 0
    first_done: bool = False

    def picks_next(self) -> bool:
        """Whether the next deal starts a circle whose dealer picks the variant."""
        return self.left == 0 and self.first_done

    def dealt(self, players: int) -> bool:
        """Count one deal to ``players`` players; whether it started a circle."""
        started = self.left == 0
        if started:
            self.left = players
        self.left -= 1
        if self.left == 0:
            self.first_done = True
        return started

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant.to_list(), "left": self.left, "first_done": self.first_done}

    @classmethod
    def from_dict(cls, value: Any, rules: ClassicRules) -> Circle:
        if value is None:  # a table state stored before dealer's choice: the first circle, the file's variant
            return cls(variant_of(rules))
        return cls(Variant.from_list(value["variant"]), int(value["left"]), bool(value["first_done"]))
