"""Locks by name, for the state the web's requests share: the routes run in Starlette's thread pool, so two
requests may run at once.

:class:`KeyedLocks` hands out one lock per key (a session id being sat down or resumed, a progressive meter
shared by every session at a game), made when first asked for and let go when nobody holds or waits for it,
so a server that has seen a million session ids keeps no million locks::

    >>> locks = KeyedLocks()
    >>> with locks.hold("meter"):
    ...     locks.held("meter"), len(locks)
    (True, 1)
    >>> locks.held("meter"), len(locks)
    (False, 0)

:func:`once` is a cache whose value is computed once per key even when several threads ask for it at the
same moment (the others wait for the first one's answer, rather than each doing the same slow work)::

    >>> calls = []
    >>> @once
    ... def square(n: int) -> int:
    ...     calls.append(n)
    ...     return n * n
    >>> square(4), square(4), calls
    (16, 16, [4])

Lock order, everywhere in :mod:`web` (so no two requests can wait for each other): a registry's key lock
(:meth:`KeyedLocks.hold`), then a seat's own lock, then a meter's lock; a registry's inner lock
(:class:`web.holding.Held`) is taken last and held only for a dictionary update (it tries a seat's lock
without waiting).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

__all__ = ["KeyedLocks", "once"]

T = TypeVar("T")


class KeyedLocks:
    """One :class:`threading.Lock` per key, alive only while held or waited for."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._locks: dict[Hashable, tuple[threading.Lock, int]] = {}  # key -> (its lock, holders and waiters)

    def __len__(self) -> int:
        with self._lock:
            return len(self._locks)

    def held(self, key: Hashable) -> bool:
        """Whether a request holds (or waits for) ``key``'s lock now."""
        with self._lock:
            return key in self._locks

    @contextmanager
    def hold(self, key: Hashable) -> Iterator[None]:
        """Hold ``key``'s lock for the ``with`` block (waiting while another thread holds it)."""
        with self._lock:
            lock, users = self._locks.get(key, (None, 0))
            if lock is None:
                lock = threading.Lock()
            self._locks[key] = (lock, users + 1)
        try:
            with lock:
                yield
        finally:
            with self._lock:
                users = self._locks[key][1] - 1
                if users:
                    self._locks[key] = (lock, users)
                else:
                    del self._locks[key]


def once(function: Callable[[T], Any]) -> Callable[[T], Any]:
    """``function`` of one hashable argument, cached (32 values, least recently used out), computed once per
    argument even when threads ask for it together."""
    cached = functools.lru_cache(maxsize=32)(function)
    computing = KeyedLocks()

    @functools.wraps(function)
    def wrapper(key: T) -> Any:
        with computing.hold(key):  # a second caller waits here, then finds the first one's value cached
            return cached(key)

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return wrapper
