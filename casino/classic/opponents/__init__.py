"""Computer opponents for traditional Brag: five characters, two baseline bots, and how they decide.

- :mod:`~casino.classic.opponents.situation`: what a seat may know when it decides (a
  :class:`Situation`; its cards cannot be read while it plays blind) and the five choices.
- :mod:`~casino.classic.opponents.equity`: exact chances by counting (a hand against one unknown hand,
  with card removal), extended to several opponents.
- :mod:`~casino.classic.opponents.characters`: cautious, steady, loose, bluffer, expert, and the
  random and always-stay-in bots, registered by name (:func:`character`).
- :mod:`~casino.classic.opponents.table`: a fast bot-only table for tournaments.

    >>> from casino.classic.opponents import character, CHARACTERS
    >>> sorted(CHARACTERS)
    ['bluffer', 'cautious', 'expert', 'loose', 'random', 'stay-in', 'steady']
    >>> character("expert").name
    'expert'
"""

from casino.classic.opponents.characters import CHARACTERS, Character, character

__all__ = ["CHARACTERS", "Character", "character"]
