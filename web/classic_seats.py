"""The traditional Brag sessions a server holds: one :class:`ClassicSeat` per session, in :class:`ClassicSeats`.

A seat is the session's :class:`~casino.classic.table.ClassicTable` (it alone holds the pack), who sits in the
computer seats, their chance in the hand in play (one stream per hand, as at the terminal), the action number
and the last settled hand as the player may see it. The database holds
everything else (:mod:`web.classic_hands` stores every hand as it goes), so a seat can be dropped at any time
and ``POST /api/classic/sessions/{id}/resume`` reads the session back: :class:`ClassicSeats` holds a bounded
number of them (:mod:`web.holding`: ended and idle sessions are let go first).

Requests run at once (the routes run in the thread pool): a seat's table, action number and last hand are read
and changed only under ``seat.lock``, and :attr:`ClassicSeats.opening` serialises the requests that seat a
session id (a sit-down, a resume), so one session never has two tables dealing from two packs.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request

from casino.errors import BragError
from web.errors import first_seq
from web.holding import IDLE_SECONDS, MAX_SEATS, Held
from web.locks import KeyedLocks

__all__ = ["COMPUTER_NAMES", "LINEUPS", "ClassicSeat", "ClassicSeats", "seats_of"]

#: The computer players' names, seat 1 onwards (seat 0 is the player).
COMPUTER_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
#: Who sits in the computer seats, by the lobby's choice: the characters of :mod:`casino.classic.opponents`
#: in turn, the expert alone, or the engine's simple rule-based player.
LINEUPS = {
    "mixed": ("steady", "loose", "cautious", "bluffer", "expert", "steady", "loose"),
    "experts": ("expert",) * 7,
    "simple": ("simple",) * 7,
}


@dataclass
class ClassicSeat:
    """One traditional Brag session held by the server."""

    table: Any  # casino.classic.table.ClassicTable
    session_id: int
    you: int
    players: list[str]
    limit: int
    seed: str | None
    seq: int = field(default_factory=first_seq)  # the next action number (web.errors.first_seq)
    finished: dict[str, Any] | None = None  # the last settled hand, as the player may see it
    ended: str | None = None
    dropped: bool = False  # let go (a store write failed, or evicted): the database holds the session now
    lock: threading.Lock = field(default_factory=threading.Lock)
    chance: random.Random | None = field(default=None, repr=False)  # the computer players' stream, this hand

    def __post_init__(self) -> None:
        if self.table.state is not None and self.chance is None:  # a resumed hand, in the middle: its stream now
            self.new_chance()

    def computer(self, seat: int) -> Any:
        """The computer player in ``seat``: the character stored for it, or the simple player."""
        kind = self.players[seat]
        if kind != "simple":
            try:
                from casino.classic.opponents.seat import CharacterOpponent

                return CharacterOpponent(kind)
            except (ImportError, BragError, KeyError, ValueError):  # not a character this version knows
                pass
        from casino.classic.view import SimpleOpponent

        return SimpleOpponent()

    def new_chance(self) -> None:
        """Start the computer players' chance for the hand in play: ONE stream per hand, drawn from the hand's
        secret seed (:meth:`~casino.classic.table.ClassicTable.computer_chance`), as ``brag classic`` makes it
        (``cli.classic._play_one``): when the hand is dealt (:func:`web.classic_hands.start_hand`), or, for a
        hand resumed in the middle, when the seat is made for it (its actions so far replayed; the terminal
        starts the stream afresh there too). So the same seed and the same actions of the player give the same
        computer play here and at the terminal."""
        self.chance = self.table.computer_chance()

    def rng(self) -> random.Random:
        """The computer players' chance in the hand in play: the hand's one stream (:meth:`new_chance`), drawn
        on from where the last of them left it, never restarted between the player's actions."""
        if self.chance is None:  # (every hand's stream is made when it is dealt or resumed: not reached)
            self.new_chance()
        assert self.chance is not None
        return self.chance


class ClassicSeats:
    """Every traditional Brag session this server holds, bounded (:class:`web.holding.Held`: ended and idle
    sessions are let go; a resume reads them back from the database)."""

    def __init__(self, limit: int = MAX_SEATS, idle_seconds: float = IDLE_SECONDS) -> None:
        self.held: Held[ClassicSeat] = Held(limit, idle_seconds)
        self.opening = KeyedLocks()  # session ids being sat down or resumed: one request at a time per id

    def __len__(self) -> int:
        return len(self.held)

    def get(self, session_id: int) -> ClassicSeat | None:
        return self.held.get(session_id)

    def put(self, seat: ClassicSeat) -> ClassicSeat:
        return self.held.put(seat.session_id, seat)

    def forget(self, seat: ClassicSeat) -> None:
        """Drop ``seat`` (a store write failed): the next resume reads the session back from the database."""
        seat.dropped = True
        self.held.forget(seat.session_id, seat)


def seats_of(request: Request) -> ClassicSeats:
    return request.app.state.classic_seats
