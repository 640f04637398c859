"""The traditional Brag sessions a server holds: one :class:`ClassicSeat` per session, in :class:`ClassicSeats`.

A seat is the session's :class:`~casino.classic.table.ClassicTable` (it alone holds the pack), who sits in the
computer seats, the action number and the last settled hand as the player may see it. The database holds
everything else (:mod:`web.classic_hands` stores every hand as it goes), so a seat can be dropped at any time
and ``POST /api/classic/sessions/{id}/resume`` reads the session back.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi import Request

from casino.errors import BragError

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
    seq: int = 0
    finished: dict[str, Any] | None = None  # the last settled hand, as the player may see it
    ended: str | None = None
    dropped: bool = False  # a store write failed: the database, not this seat, holds the session now
    lock: threading.Lock = field(default_factory=threading.Lock)

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

    def rng(self) -> random.Random:
        """The computer players' chance, seeded per hand as ``brag classic`` seeds it (a seeded game replays)."""
        return random.Random(f"{self.session_id}-{self.table.hand_no}-{self.seed}")


class ClassicSeats:
    """Every traditional Brag session this server holds."""

    def __init__(self) -> None:
        self._seats: dict[int, ClassicSeat] = {}
        self._lock = threading.Lock()

    def get(self, session_id: int) -> ClassicSeat | None:
        with self._lock:
            return self._seats.get(session_id)

    def put(self, seat: ClassicSeat) -> ClassicSeat:
        with self._lock:
            if len(self._seats) > 2000:
                for key in [k for k, s in self._seats.items() if s.ended][:500]:
                    del self._seats[key]
            self._seats[seat.session_id] = seat
            return seat

    def forget(self, seat: ClassicSeat) -> None:
        """Drop ``seat`` (a store write failed): the next resume reads the session back from the database."""
        seat.dropped = True
        with self._lock:
            if self._seats.get(seat.session_id) is seat:
                del self._seats[seat.session_id]



def seats_of(request: Request) -> ClassicSeats:
    return request.app.state.classic_seats
