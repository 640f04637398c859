"""Options shared by several commands, written once as ``Annotated`` types."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

GameArg = Annotated[
    str,
    typer.Argument(help="A built-in game name (see 'brag paytables') or a path to a game TOML file."),
]
AnteBonusOpt = Annotated[
    Optional[str],
    typer.Option("--ante-bonus", help="Swap in another Ante Bonus table: a built-in name or a TOML file."),
]
PairPlusOpt = Annotated[
    Optional[str],
    typer.Option("--pair-plus", help="Swap in another Pair Plus table: a built-in name or a TOML file."),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")]

# The commands that bet (simulate, session) take stakes as --ante/--pair-plus; tables are swapped with these.
SeedOpt = Annotated[
    Optional[str],
    typer.Option("--seed", help="Any text or number: the same seed (and workers) gives the same result."),
]
AnteBonusTableOpt = Annotated[
    Optional[str],
    typer.Option("--ante-bonus-table", help="Swap in another Ante Bonus table: a built-in name or a TOML file."),
]
PairPlusTableOpt = Annotated[
    Optional[str],
    typer.Option("--pair-plus-table", help="Swap in another Pair Plus table: a built-in name or a TOML file."),
]
