"""Running a simulation in fixed chunks, each with its own random stream, in any number of workers.

A simulation is cut into chunks of a fixed size (a constant of the simulation, never a function of
the number of workers); chunk ``i`` deals from its own stream, :func:`chunk_seed` — the ``i``-th child
of ``SeedSequence(seed)`` — and gives an exact part (integer sums, or its sessions' own results). The
parts are merged by an exact, order-independent merge (integer addition; sessions put in their
places), so a seed gives **the same result to the chip whatever runs the chunks**: this process
(``workers=1``), ``workers`` forked local processes pulling chunk numbers from a shared counter (the
fastest takes the next chunk, whatever the timing), or a Dask cluster (``scheduler``/``client``: the
chunks sent as ``workers`` ranges). A job says what a chunk is (:class:`ChunkJob`)::

    total = run_job(RoundsJob(game, play, boxes=1, rounds=1_000_000, chunk=CHUNK, entropy=7), workers=2)

Workers are forked: the job reaches them as the argument of the process (nothing is kept in module
globals), and progress (at most every 0.1 s) and results come back on one queue. Dask is imported only
on the cluster path (:mod:`casino.cluster`).
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import queue as queue_module
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol, TypeVar

import numpy as np

from casino.deal import card_masks
from casino.errors import BragError
from casino.games import Game
from casino.rules import compile_rules
from casino.tally import Tally, simulate_chunk

__all__ = ["CHUNK", "ChunkJob", "ProgressCallback", "RoundsJob", "check_workers", "chunk_rng", "chunk_seed", "chunks_of",
           "plain_signals", "max_workers", "run_job", "split"]

ProgressCallback = Callable[[int], None]
P = TypeVar("P")

CHUNK = 1 << 16  # rounds in one chunk (one stream): large enough that a chunk's fixed cost is ~1 %
_REPORT_EVERY = 0.1  # seconds between a worker's progress messages


def max_workers() -> int:
    """The most workers a run may ask for: 64, or the machine's cores if it has more."""
    return max(64, os.cpu_count() or 1)


def check_workers(workers: int) -> None:
    """One clear :class:`~casino.errors.BragError` unless ``workers`` is 1 to :func:`max_workers`."""
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or not 1 <= workers <= max_workers():
        raise BragError(f"workers must be between 1 and {max_workers()}, not {workers}")


def split(total: int, parts: int) -> list[int]:
    """``total`` as ``parts`` whole shares differing by at most one, the larger first.

        >>> split(10, 3)
        [4, 3, 3]
    """
    return [total // parts + (i < total % parts) for i in range(parts)]


def chunks_of(total: int, chunk: int) -> int:
    """How many chunks of ``chunk`` (the last one shorter) make ``total``: ``chunks_of(10, 4) == 3``."""
    return -(-total // chunk)


def chunk_seed(entropy: int, index: int) -> np.random.SeedSequence:
    """Chunk ``index``'s stream: ``SeedSequence(entropy).spawn(index + 1)[index]``, made directly.

        >>> chunk_seed(7, 2).generate_state(2).tolist() == np.random.SeedSequence(7).spawn(3)[2].generate_state(2).tolist()
        True
    """
    return np.random.SeedSequence(entropy, spawn_key=(index,))


def chunk_rng(entropy: int, index: int) -> np.random.Generator:
    """A PCG64 generator on chunk ``index``'s stream (:func:`chunk_seed`)."""
    return np.random.Generator(np.random.PCG64(chunk_seed(entropy, index)))


class ChunkJob(Protocol[P]):
    """Work cut into ``chunks`` independent chunks, each giving a part; parts merge exactly.

    ``merge`` must be exact and order-independent (integer addition; sessions put in their own
    places), so the result does not depend on which worker ran which chunk nor in what order.
    ``run(i, progress)`` calls ``progress(n)`` as it goes, ``progress_total`` in all over the chunks
    (units of the job's own choosing: rounds, session-rounds).
    """

    @property
    def chunks(self) -> int: ...

    @property
    def progress_total(self) -> int: ...

    def run(self, index: int, progress: ProgressCallback | None) -> P: ...

    def empty(self) -> P: ...

    def merge(self, total: P, part: P) -> P: ...


@dataclass(frozen=True, eq=False)
class RoundsJob:
    """``rounds`` rounds of ``game`` with ``boxes`` boxes, the player deciding by ``play``, in chunks of
    ``chunk`` rounds; each chunk a :class:`~casino.tally.Tally`, tallies added. ``progress``: rounds."""

    game: Game
    play: np.ndarray
    boxes: int
    rounds: int
    chunk: int
    entropy: int

    def __post_init__(self) -> None:
        compile_rules(self.game)  # cached here, so forked workers inherit them rather than build them each
        card_masks(self.game.ranking)

    @property
    def chunks(self) -> int:
        return chunks_of(self.rounds, self.chunk)

    @property
    def progress_total(self) -> int:
        return self.rounds

    def run(self, index: int, progress: ProgressCallback | None = None) -> Tally:
        n = min(self.chunk, self.rounds - index * self.chunk)
        part = simulate_chunk(compile_rules(self.game), self.play, card_masks(self.game.ranking),
                              chunk_rng(self.entropy, index), n, self.boxes)
        if progress is not None:
            progress(n)
        return part

    def empty(self) -> Tally:
        return Tally(boxes=self.boxes, scale=compile_rules(self.game).scale)

    def merge(self, total: Tally, part: Tally) -> Tally:
        return total.add(part)


def run_job(job: ChunkJob[P], workers: int = 1, scheduler: str | None = None, client: object | None = None,
            progress: ProgressCallback | None = None) -> P:
    """Every chunk of ``job``, merged: in this process (``workers=1``), in ``workers`` forked processes,
    or on a Dask cluster (``scheduler`` address or ``client``). The same result whichever."""
    if scheduler is not None or client is not None:
        return _run_on_cluster(job, workers, scheduler, client, progress)
    if workers <= 1 or job.chunks <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return _run_range(job, 0, job.chunks, progress)
    return _run_forked(job, min(workers, job.chunks), progress)


def _run_range(job: ChunkJob[P], start: int, stop: int, progress: ProgressCallback | None = None) -> P:
    """Chunks ``start`` to ``stop - 1``, one after another, merged."""
    total = job.empty()
    for index in range(start, stop):
        total = job.merge(total, job.run(index, progress))
    return total


def _range_task(task: tuple[Any, int, int]) -> Any:
    """One range of chunks on whichever machine the cluster picks."""
    job, start, stop = task
    return _run_range(job, start, stop)


def _run_on_cluster(job: ChunkJob[P], workers: int, scheduler: str | None, client: object | None,
                    progress: ProgressCallback | None) -> P:
    """The chunks as ``workers`` contiguous ranges on a Dask cluster; ``progress`` once, at the end."""
    from casino.cluster import cluster_map

    count = job.chunks
    sizes = [n for n in split(count, max(1, min(workers, count))) if n]
    starts = [sum(sizes[:k]) for k in range(len(sizes))]
    total = job.empty()
    for part in cluster_map(_range_task, [(job, a, a + n) for a, n in zip(starts, sizes)], scheduler, client):
        total = job.merge(total, part)
    if progress is not None:
        progress(job.progress_total)
    return total


class _Throttled:
    """Progress sent on ``messages`` at most every :data:`_REPORT_EVERY` seconds (and at the end)."""

    def __init__(self, worker: int, messages: Any) -> None:
        self.worker, self.messages, self.pending, self.last = worker, messages, 0, time.monotonic()

    def __call__(self, n: int) -> None:
        self.pending += n
        now = time.monotonic()
        if now - self.last >= _REPORT_EVERY:
            self.flush()
            self.last = now

    def flush(self) -> None:
        if self.pending:
            self.messages.put(("progress", self.worker, self.pending))
            self.pending = 0


def _worker(worker: int, job: ChunkJob[Any], next_chunk: Any, messages: Any) -> None:
    """A worker process: takes the next chunk number until none is left, merges its parts, sends them."""
    plain_signals()
    try:
        report = _Throttled(worker, messages)
        total = job.empty()
        while True:
            with next_chunk.get_lock():
                index = next_chunk.value
                next_chunk.value = index + 1
            if index >= job.chunks:
                break
            total = job.merge(total, job.run(index, report))
        report.flush()
    except BaseException as error:  # reported to the parent, which raises it
        try:
            pickle.dumps(error)
        except Exception:  # an error that cannot travel: its type and text can
            error = RuntimeError(f"{type(error).__name__}: {error}")
        messages.put(("error", worker, error))
    else:
        messages.put(("done", worker, total))


def plain_signals() -> None:
    """In a worker process: SIGTERM and SIGHUP end it, whatever its parent made of them (a command line that
    turns them into Ctrl-C, forked with it, would make a worker stopped by its parent raise instead of end)."""
    import signal

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, signal.SIG_DFL)


def _run_forked(job: ChunkJob[P], workers: int, progress: ProgressCallback | None) -> P:
    """``workers`` forked processes pulling chunk numbers from one shared counter; parts merged."""
    context = multiprocessing.get_context("fork")
    messages = context.Queue()
    next_chunk = context.Value("q", 0)
    processes = [context.Process(target=_worker, args=(w, job, next_chunk, messages), daemon=True)
                 for w in range(workers)]
    for p in processes:
        p.start()
    results: dict[int, Any] = {}
    try:
        while len(results) < len(processes):
            try:
                kind, index, payload = messages.get(timeout=0.1)
            except queue_module.Empty:
                gone = [i for i, p in enumerate(processes) if i not in results and p.exitcode is not None]
                if not gone:
                    continue
                try:  # a worker that has exited flushed its messages first: wait for them a moment
                    kind, index, payload = messages.get(timeout=2.0)
                except queue_module.Empty:
                    code = processes[gone[0]].exitcode
                    raise RuntimeError(f"simulation worker {gone[0] + 1} stopped without a result (exit code {code})")
            if kind == "progress":
                if progress is not None:
                    progress(payload)
            elif kind == "error":
                raise payload
            else:
                results[index] = payload
    finally:
        for p in processes:
            if p.is_alive() and len(results) < len(processes):
                p.terminate()
            p.join()
        messages.close()
    total = job.empty()
    for w in range(len(processes)):  # any order gives the same: the merge is exact
        total = job.merge(total, results[w])
    return total
