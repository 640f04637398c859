"""The sessions a server holds in memory, bounded: ended and idle ones are let go, the database keeps them.

Both tables (the casino table's :class:`web.table_seats.Seats`, traditional Brag's
:class:`web.classic_seats.ClassicSeats`) keep one *seat* per open session: its service or table, a lock, the
action number. Nothing held only there matters for the game: every settled hand is stored, and a hand in play
is stored as pending before any of its cards is shown. So a seat can be let go at any time it is not in use,
and ``POST .../resume`` reads the session back from the database (into its pending hand, if one is in play),
as after a server restart.

:class:`Held` is that map, in the order the seats were last used. Adding a seat first lets go of seats idle
for longer than ``idle_seconds``; when it still holds ``limit`` seats, it lets go of ended ones, then the
least recently used. A seat whose lock is held (a request is acting on it) is never let go; a seat let go is
marked ``dropped`` under its lock, so a request that found it just before waits, sees the mark and answers
404 "resume it" (:func:`web.errors.turn`) instead of acting on a copy the server no longer holds.

    >>> import threading
    >>> from dataclasses import dataclass, field
    >>> @dataclass
    ... class S:
    ...     ended: str | None = None
    ...     dropped: bool = False
    ...     lock: threading.Lock = field(default_factory=threading.Lock)
    >>> held = Held(limit=2, idle_seconds=3600)
    >>> first, second = held.put(1, S()), held.put(2, S(ended="quit"))
    >>> third = held.put(3, S())  # full: the ended session goes first
    >>> sorted(held.keys()), second.dropped
    ([1, 3], True)
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from web.errors import WebError

__all__ = ["Held", "Holdable", "MAX_SEATS", "IDLE_SECONDS"]

#: Sessions a server holds in memory (each kind of table): beyond it the oldest ended or idle ones go.
MAX_SEATS = 2000
#: A session nobody has touched for this long is let go when the next one sits down (a resume brings it back).
IDLE_SECONDS = 30 * 60


class Holdable(Protocol):
    lock: Any  # threading.Lock
    ended: str | None
    dropped: bool


S = TypeVar("S", bound=Holdable)


class Held(Generic[S]):
    """Seats by session id, most recently used last, at most ``limit`` of them (see the module's docstring)."""

    def __init__(self, limit: int = MAX_SEATS, idle_seconds: float = IDLE_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._seats: OrderedDict[int, tuple[S, float]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._seats)

    def keys(self) -> list[int]:
        with self._lock:
            return list(self._seats)

    def get(self, key: int) -> S | None:
        """The seat held for ``key`` (counted as used now), or None."""
        with self._lock:
            found = self._seats.get(key)
            if found is None:
                return None
            self._seats[key] = (found[0], self.clock())
            self._seats.move_to_end(key)
            return found[0]

    def put(self, key: int, seat: S, *, replace: bool = True) -> S:
        """Hold ``seat`` for ``key`` (``replace=False``: keep a seat already held) and return the one held;
        ended and idle seats are let go first to make room. 503 when every seat held is in use."""
        with self._lock:
            old = self._seats.get(key)
            if old is not None and not replace:
                return old[0]
            self._make_room()
            if len(self._seats) >= self.limit and key not in self._seats:
                raise WebError("the server holds too many sessions in play: try again in a moment", 503)
            if old is not None and old[0] is not seat:
                old[0].dropped = True  # a request still holding the old one answers "resume it"
            self._seats[key] = (seat, self.clock())
            self._seats.move_to_end(key)
            return seat

    def forget(self, key: int, seat: S | None = None) -> None:
        """Let go of ``key``'s seat (only if it is ``seat``, when given), marking it dropped."""
        with self._lock:
            found = self._seats.get(key)
            if found is not None and (seat is None or found[0] is seat):
                found[0].dropped = True
                del self._seats[key]

    # -- letting go ------------------------------------------------------------------------------------

    def _let_go(self, key: int) -> bool:
        """Drop ``key``'s seat unless a request is using it (its lock held); True if it went."""
        seat = self._seats[key][0]
        if not seat.lock.acquire(blocking=False):
            return False
        try:
            seat.dropped = True
            del self._seats[key]
        finally:
            seat.lock.release()
        return True

    def _make_room(self) -> None:
        """Let go of idle seats (oldest first), then, while full, ended ones, then the least recently used."""
        now = self.clock()
        for key, (_, used) in list(self._seats.items()):
            if now - used <= self.idle_seconds:
                break  # in order of use: every later one was used more recently
            self._let_go(key)
        if len(self._seats) < self.limit:
            return
        room = max(1, self.limit // 4)  # a quarter at a time: one scan makes room for many sit-downs
        for key in [k for k, (s, _) in self._seats.items() if s.ended][:room]:
            self._let_go(key)
        for key in list(self._seats):
            if len(self._seats) < self.limit:
                break
            self._let_go(key)
