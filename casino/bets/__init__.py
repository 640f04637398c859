"""Every bet at the table, one module each, found by name in one registry.

    >>> from casino.bets import REGISTRY, BetName, get_bet, side_bet_names
    >>> [str(name) for name in REGISTRY][:4]
    ['ante', 'play', 'ante_bonus', 'pair_plus']
    >>> get_bet("prime").title, get_bet("prime").needs_dealer
    ('Prime', True)
    >>> side_bet_names()
    ('six_card_bonus', 'colour_bonus', 'prime', 'progressive')

Adding a bet (docs/bet-model.md walks through it): one module here with a :class:`Bet` subclass (a
:class:`~casino.bets.side.SideBetKind` for a side bet), its entry in ``_KINDS`` below and in
:class:`BetName`, and one data file ``paytables/<name>/<table>.toml``. The table, the store, ``verify``,
``history``, ``simulate`` and the session statistics read bets from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from casino.bets.ante import Ante
from casino.bets.ante_bonus import AnteBonus
from casino.bets.base import Bet, BetName, RoundCards, Settled, StakeRule
from casino.bets.colour_bonus import ColourBonus
from casino.bets.pair_plus import PairPlus
from casino.bets.play import Play
from casino.bets.prime import Prime
from casino.bets.progressive import Progressive
from casino.bets.side import SideBetKind
from casino.bets.six_card_bonus import SixCardBonus
from casino.errors import BetError

__all__ = [
    "Bet", "BetName", "StakeRule", "Settled", "RoundCards", "SideBetKind", "REGISTRY", "get_bet", "get_side_bet",
    "side_bet_names", "side_bets", "offered_bets", "title", "SIDE_WORDS", "side_bet_named",
]

# in settlement (and display) order: the main game first, then the side bets as game files list them
_KINDS: tuple[Bet, ...] = (Ante(), Play(), AnteBonus(), PairPlus(), SixCardBonus(), ColourBonus(), Prime(), Progressive())

#: name -> the bet (one stateless object per kind)
REGISTRY: Mapping[BetName, Bet] = MappingProxyType({bet.name: bet for bet in _KINDS})


def get_bet(name: str | BetName) -> Bet:
    """The bet called ``name``; :class:`BetError` naming the bets there are otherwise."""
    try:
        return REGISTRY[BetName(name)]
    except ValueError:
        raise BetError(f"no bet called {name!r} (bets: {', '.join(REGISTRY)})") from None


def get_side_bet(name: str | BetName) -> SideBetKind:
    bet = get_bet(name)
    if not isinstance(bet, SideBetKind):
        raise BetError(f"{bet.title} is not a side bet (side bets: {', '.join(side_bet_names())})")
    return bet


#: What a player may call each side bet, at every front end (the terminal's bets prompt and ``--side-bet NAME=AMOUNT``,
#: the web's ``"side": {NAME: AMOUNT}``): the game-file name, the title the felt shows ("6 Card Bonus"), and the
#: short words.
SIDE_WORDS: Mapping[str, str] = MappingProxyType({
    "six_card_bonus": "six_card_bonus", "6_card_bonus": "six_card_bonus", "6cb": "six_card_bonus", "6card": "six_card_bonus", "six": "six_card_bonus",
    "colour_bonus": "colour_bonus", "color_bonus": "colour_bonus", "colour": "colour_bonus", "color": "colour_bonus",
    "cb": "colour_bonus", "prime": "prime", "progressive": "progressive", "prog": "progressive",
})


def side_bet_named(word: str) -> str:
    """The side bet a player's word names (``6cb``, ``colour``, ``prog``, ``Six-Card-Bonus`` or the game-file
    name), as its game-file name; :class:`BetError` in one line otherwise. The one lookup of every front end::

        >>> side_bet_named("6cb"), side_bet_named("Colour"), side_bet_named("prog"), side_bet_named("prime")
        ('six_card_bonus', 'colour_bonus', 'progressive', 'prime')
        >>> side_bet_named("6 Card Bonus"), side_bet_named("Colour Bonus")
        ('six_card_bonus', 'colour_bonus')
        >>> side_bet_named("keno")
        Traceback (most recent call last):
        ...
        casino.errors.BetError: 'keno' is not a side bet: write 6cb, colour, prime or prog (or the full name)
    """
    key = "_".join(str(word).lower().replace("-", " ").replace("_", " ").split())  # "6 Card Bonus" too
    if key not in SIDE_WORDS:
        raise BetError(f"{str(word)[:40]!r} is not a side bet: write 6cb, colour, prime or prog (or the full name)")
    return SIDE_WORDS[key]


def side_bets() -> tuple[SideBetKind, ...]:
    return tuple(bet for bet in _KINDS if isinstance(bet, SideBetKind))


def side_bet_names() -> tuple[str, ...]:
    """The game-file section names of the side bets, in order."""
    return tuple(str(bet.name) for bet in side_bets())


def offered_bets(game: object) -> tuple[Bet, ...]:
    """The bets ``game`` offers, in settlement order."""
    return tuple(bet for bet in _KINDS if bet.offered(game))  # type: ignore[arg-type]  # any Game


def title(name: str | BetName) -> str:
    """Players' name for a bet: ``"Pair Plus"``, ``"6 Card Bonus"``."""
    return get_bet(name).title
