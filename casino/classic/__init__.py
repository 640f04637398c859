"""Traditional Brag around the table: the pot game with blind and seen players, the see and the cover.

:mod:`casino.classic.rules` (rule options as data), :mod:`casino.classic.state` (one hand as a state
machine), :mod:`casino.classic.view` (what one seat may know, and the opponent seam),
:mod:`casino.classic.table` (a session of hands: the deal, the pack, fair dealing),
:mod:`casino.classic.referee` (settling one recorded hand).
"""
