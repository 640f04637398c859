"""Running independent pieces of work on a Dask cluster, for the tournament and the simulator.

Dask is imported only here and only when a cluster is asked for, so the default paths (one process,
local processes) never load it. One clear :class:`~casino.errors.BragError` when Dask is missing or the
scheduler cannot be reached, or when the cluster cannot run the work (its workers need brag-table
importable and the same package versions as the client)::

    results = cluster_map(run_piece, pieces, scheduler="tcp://10.0.0.5:8786")

``results`` comes back in the order of ``pieces`` whatever worker ran each one, so callers that merge
them in that order get the same result as running them one after another.
"""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from casino.errors import BragError

__all__ = ["cluster_map"]

T = TypeVar("T")
R = TypeVar("R")


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
        try:
            own = Client(scheduler, timeout="5s")  # type: ignore[no-untyped-call]  # dask's Client is unannotated
        except (OSError, TimeoutError, ValueError) as exc:
            raise BragError(f"cannot reach the Dask scheduler at {scheduler!r}: {exc}") from exc
        client = own
    try:
        assert isinstance(client, Client)
        futures = client.map(fn, list(items), pure=False)
        try:
            out = client.gather(futures)  # type: ignore[no-untyped-call]  # dask's Client is unannotated
        except BragError:
            raise
        except Exception as exc:  # a worker without brag-table, a lost worker...: one line, not a traceback
            where = f" at {scheduler!r}" if scheduler else ""
            first = (str(exc).strip().splitlines() or [""])[0]
            raise BragError(f"the Dask cluster{where} could not run the work ({type(exc).__name__}: {first}); "
                            "its workers need brag-table and the same packages as this machine") from exc
        assert isinstance(out, list)
        return out
    finally:
        if own is not None:
            own.close()  # type: ignore[no-untyped-call]  # dask's Client is unannotated
