"""Count, exactly, every three-card hand's chance of beating one, two and three unknown hands.

Usage (from the project root)::

    python scripts/count_equity.py                 # writes paytables/classic/equity-counts.npz
    python scripts/count_equity.py --out /tmp/x.npz

For each of the 22,100 hands of the hand table: the ordered deals of k = 1, 2, 3 pairwise disjoint
hands from the other 49 cards that are all weaker (``beat``) and that hold nothing stronger
(``not_beaten``), by :func:`casino.classic.opponents.equity.count_rows`. Hands that differ only by
the names of the suits have the same counts, so one hand of each of the 1,755 suit classes is counted
and its counts copied to the rest. Deterministic; about a minute of CPU on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import permutations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from casino.classic.opponents.equity import EQUITY_FILE, count_rows  # noqa: E402
from casino.hands import hand_table  # noqa: E402


def suit_classes() -> np.ndarray:
    """For each hand-table row, the lowest row it becomes under a renaming of the four suits."""
    cards = hand_table("brag").cards.astype(np.int64)
    best = np.full(len(cards), np.iinfo(np.int64).max)
    for perm in permutations(range(4)):
        mapped = np.sort((cards // 4) * 4 + np.array(perm)[cards % 4], axis=1)
        a, b, c = mapped[:, 0], mapped[:, 1], mapped[:, 2]
        np.minimum(best, a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6, out=best)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=EQUITY_FILE)
    args = parser.parse_args()
    start = time.process_time()
    classes = suit_classes()
    reps, inverse = np.unique(classes, return_inverse=True)
    beat, not_beaten = count_rows(reps)
    np.savez_compressed(args.out, beat=beat[inverse], not_beaten=not_beaten[inverse])
    print(f"{len(reps):,} suit classes counted for {len(classes):,} hands in {time.process_time() - start:.0f} s CPU "
          f"-> {args.out}")


if __name__ == "__main__":
    main()
