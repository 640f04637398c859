"""Options shared by several commands, written once as ``Annotated`` types.

One name means one thing in every command: ``--pair-plus`` is always a stake (``play``,
``simulate``, ``session``), and a paytable is always swapped in with ``--pair-plus-table`` or
``--ante-bonus-table`` (``edge``, ``par``, ``solve``, ``strategy``, ``compare``, ``simulate``,
``session``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Optional

import typer

GameArg = Annotated[
    str,
    typer.Argument(help="A built-in game name (see 'brag paytables') or a path to a game TOML file."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]

# Each --seed says what it decides in that command: a simulation's figures, or a practice session's every deal.
SimulationSeedOpt = Annotated[
    Optional[str],
    typer.Option("--seed", help="Any text or number: the same seed and --workers give the same result."),
]
CheckSeedOpt = Annotated[
    Optional[str],
    typer.Option("--seed", help="With --check: any text or number; the same seed simulates the same sessions."),
]
PracticeSeedOpt = Annotated[
    Optional[str],
    typer.Option("--seed", help="Practice only: a text of your choice (not blank, at most 200 characters) decides "
                                "every deal (reproducible, foreseeable, not fair play). Default: a secure seed per "
                                "hand, committed before the deal."),
]
AnteBonusTableOpt = Annotated[
    Optional[str],
    typer.Option("--ante-bonus-table", help="Swap in another Ante Bonus table: a built-in name or a TOML file."),
]
PairPlusTableOpt = Annotated[
    Optional[str],
    typer.Option("--pair-plus-table", help="Swap in another Pair Plus table: a built-in name or a TOML file."),
]
# One name, one meaning in every command: --pair-plus is always a stake, a paytable is always --...-table.
AnteBonusOpt = AnteBonusTableOpt
PairPlusOpt = PairPlusTableOpt

PairPlusRatioOpt = Annotated[
    str,
    typer.Option("--pair-plus-ratio", metavar="R",
                 help="Pair Plus stake / Ante, where a fold loses the Pair Plus (rules): the optimal play weighs it."),
]


def pair_plus_ratio(text: str) -> Fraction:
    """The ``--pair-plus-ratio`` text as an exact, non-negative :class:`~fractions.Fraction` (``"1/2"``, ``"0.5"``),
    or one line and exit code 2."""
    from casino.money import to_fraction, too_fine  # bounded before it is built: 1e999999999 is refused at once
    from cli.errors import fail

    shown = text.strip()[:60]
    try:
        ratio = to_fraction(text)
    except OverflowError as error:
        fail(f"--pair-plus-ratio {too_fine(error) or 'is too large'}: {shown!r}")
    except (ValueError, TypeError):
        fail(f"--pair-plus-ratio must be a number such as 1 or 0.5, not {shown!r}")
    if ratio < 0:
        fail(f"--pair-plus-ratio cannot be negative, not {shown!r}")
    return ratio
