"""Running a simulation: in this process, or split between worker processes with their own streams.

Each worker gets its share of the rounds (split as evenly as possible) and its own
``SeedSequence`` child, deals in chunks of a fixed size and sends back one :class:`~casino.tally.Tally`;
the parent merges them in worker order, so the same seed and worker count give the same sums on any
machine, whatever the timing. Workers are forked: the game, the strategy and the compiled rules
reach them as the arguments of the process (nothing is kept in module globals), and progress and
results come back on one queue.
"""

from __future__ import annotations

import multiprocessing
import pickle
import queue as queue_module
from typing import Any, Callable

import numpy as np

from casino.deal import card_masks
from casino.games import Game
from casino.rules import compile_rules
from casino.tally import Tally, simulate_chunk

__all__ = ["ProgressCallback", "run_rounds", "run_workers", "split"]

ProgressCallback = Callable[[int], None]


def split(total: int, parts: int) -> list[int]:
    """``total`` as ``parts`` whole shares differing by at most one, the larger first.

        >>> split(10, 3)
        [4, 3, 3]
    """
    return [total // parts + (i < total % parts) for i in range(parts)]


def run_rounds(
    game: Game,
    play: np.ndarray,
    boxes: int,
    rounds: int,
    chunk: int,
    seed: np.random.SeedSequence,
    progress: ProgressCallback | None = None,
) -> Tally:
    """Deal ``rounds`` rounds from one stream, ``chunk`` at a time; ``progress(n)`` after each chunk."""
    rules = compile_rules(game)
    masks = card_masks(game.ranking)
    rng = np.random.Generator(np.random.PCG64(seed))
    tally = Tally(boxes=boxes, scale=rules.scale)
    done = 0
    while done < rounds:
        n = min(chunk, rounds - done)
        tally.add(simulate_chunk(rules, play, masks, rng, n, boxes))
        done += n
        if progress is not None:
            progress(n)
    return tally


def _worker(index: int, messages: Any, game: Game, play: np.ndarray, boxes: int, rounds: int, chunk: int,
            seed: np.random.SeedSequence) -> None:
    """A worker process: its share of rounds, progress and then its tally (or its error) on ``messages``."""
    try:
        tally = run_rounds(game, play, boxes, rounds, chunk, seed, lambda n: messages.put(("progress", index, n)))
    except BaseException as error:  # reported to the parent, which raises it
        try:
            pickle.dumps(error)
        except Exception:  # an error that cannot travel: its type and text can
            error = RuntimeError(f"{type(error).__name__}: {error}")
        messages.put(("error", index, error))
    else:
        messages.put(("done", index, tally))


def run_workers(
    game: Game,
    play: np.ndarray,
    boxes: int,
    rounds: int,
    chunk: int,
    seeds: list[np.random.SeedSequence],
    progress: ProgressCallback | None = None,
) -> Tally:
    """Each worker its share of the rounds and its own stream (``seeds``); merged in worker order."""
    shares = split(rounds, len(seeds))
    scale = compile_rules(game).scale  # built before forking: inherited by every worker
    card_masks(game.ranking)
    tally = Tally(boxes=boxes, scale=scale)
    if "fork" not in multiprocessing.get_all_start_methods():  # pragma: no cover - same streams, one process
        for n, s in zip(shares, seeds):
            tally.add(run_rounds(game, play, boxes, n, chunk, s, progress))
        return tally
    context = multiprocessing.get_context("fork")
    messages = context.Queue()
    processes = [
        context.Process(target=_worker, args=(i, messages, game, play, boxes, n, chunk, s), daemon=True)
        for i, (n, s) in enumerate(zip(shares, seeds))
    ]
    for p in processes:
        p.start()
    results: dict[int, Tally] = {}
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
    for i in range(len(processes)):  # in worker order: the merged sums do not depend on timing
        tally.add(results[i])
    return tally
