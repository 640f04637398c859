"""Running independent pieces of work on a Dask cluster, for the tournament and the simulator.

Dask is imported only here and only when a cluster is asked for, so the default paths (one process,
local processes) never load it. One clear :class:`~casino.errors.BragError` when Dask is missing or the
scheduler cannot be reached, or when the cluster cannot run the work (its workers need brag-table
importable and the same package versions as the client)::

    results = cluster_map(run_piece, pieces, scheduler="tcp://10.0.0.5:8786")

``results`` comes back in the order of ``pieces`` whatever worker ran each one, so callers that merge
them in that order get the same result as running them one after another. When pieces fail, the error
is the one of the first failing piece in that order, whichever failed first in time.

Reaching the scheduler (``scheduler=``) waits up to :data:`CONNECT_TIMEOUT` seconds, or
``$BRAG_DASK_TIMEOUT`` seconds when set (:func:`connect_timeout`). Dask retries a refused connection
until then (a scheduler may still be starting), so a wrong address is an error only after that wait.
"""

from __future__ import annotations

import math
import os
from typing import Any, Callable, Sequence, TypeVar

from casino.errors import BragError

__all__ = ["cluster_map", "connect_timeout", "CONNECT_TIMEOUT", "TIMEOUT_ENV_VAR"]

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to wait for the scheduler to answer: Dask's own default connect timeout, long enough for a
#: scheduler on a busy machine or across a slow network, short enough that a wrong address is an error
#: within half a minute.
CONNECT_TIMEOUT = 30.0
#: The environment variable that changes it (seconds, more than 0 and at most :data:`_MAX_TIMEOUT`).
TIMEOUT_ENV_VAR = "BRAG_DASK_TIMEOUT"
_MAX_TIMEOUT = 3600.0


def connect_timeout() -> float:
    """Seconds to wait for the Dask scheduler: ``$BRAG_DASK_TIMEOUT`` when set, else :data:`CONNECT_TIMEOUT`.

        >>> connect_timeout() == CONNECT_TIMEOUT or TIMEOUT_ENV_VAR in os.environ
        True
    """
    text = os.environ.get(TIMEOUT_ENV_VAR, "").strip()
    if not text:
        return CONNECT_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (0 < value <= _MAX_TIMEOUT):  # also NaN and infinity
        raise BragError(f"{TIMEOUT_ENV_VAR}={text[:40]!r} is not a number of seconds above 0 and at most "
                        f"{_MAX_TIMEOUT:g}")
    return value


def cluster_map(fn: Callable[[T], R], items: Sequence[T], scheduler: str | None = None,
                client: object | None = None) -> list[R]:
    """``[fn(item) for item in items]`` on a Dask cluster: ``client`` (a ``dask.distributed.Client``)
    or a new client to ``scheduler`` (an address such as ``tcp://host:8786``), closed afterwards."""
    try:
        from distributed import Client
    except ImportError as exc:  # pragma: no cover - depends on the machine
        raise BragError("--scheduler needs Dask: pip install 'brag-table[dask]'") from exc
    own = None
    if client is None:
        timeout = connect_timeout()
        try:
            own = Client(scheduler, timeout=timeout)  # type: ignore[no-untyped-call]  # dask's Client is unannotated
        except ValueError as exc:  # not an address
            raise BragError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from exc
        except (OSError, TimeoutError) as exc:
            raise BragError(f"cannot reach the Dask scheduler at {scheduler!r} in {timeout:g} s "
                            f"(${TIMEOUT_ENV_VAR} sets the wait): {exc}") from exc
        client = own
    try:
        assert isinstance(client, Client)
        futures = client.map(fn, list(items), pure=False)
        try:
            out = client.gather(futures)  # type: ignore[no-untyped-call]  # dask's Client is unannotated
        except Exception as exc:  # a worker without brag-table, a lost worker...: one line, not a traceback
            error = _first_failure(futures, exc)
            if isinstance(error, BragError):
                raise error from None
            where = f" at {scheduler!r}" if scheduler else ""
            first = (str(error).strip().splitlines() or [""])[0]
            raise BragError(f"the Dask cluster{where} could not run the work ({type(error).__name__}: {first}); "
                            "its workers need brag-table and the same packages as this machine") from error
        assert isinstance(out, list)
        return out
    finally:
        if own is not None:
            own.close()  # type: ignore[no-untyped-call]  # dask's Client is unannotated


def _first_failure(futures: list[Any], met: Exception) -> BaseException:
    """The error of the first failing piece in the order of the pieces. ``gather`` raises the first
    failure it notices, and when several pieces have failed by then which one that is depends on timing
    (the machine's load); waiting, in order, for the pieces before the first failure makes it the same
    every time. ``met`` (what ``gather`` raised) when a piece was cancelled first (the scheduler or its
    workers went away)."""
    for future in futures:
        try:
            error = future.exception()  # None once it finished, or was cancelled
        except Exception:  # the client lost the scheduler meanwhile: what gather met
            return met
        if error is not None:
            return error  # type: ignore[no-any-return]
        if future.status == "cancelled":  # the scheduler or its workers went away: what gather met
            return met
    return met
