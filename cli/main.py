"""The ``brag`` application: assembles the command modules. Heavy imports happen inside commands."""

from __future__ import annotations

from typing import Annotated

import typer

from cli import edge, tables
from cli import db, history, play
from cli import session_stats, simulate
from cli import compare, par, solve, strategy
from cli import serve
from cli import classic, referee
from cli import tournament
from cli.errors import BragGroup

app = typer.Typer(
    cls=BragGroup,
    name="brag",
    help="3 Card Brag / Three Card Poker: play at the table, and the exact mathematics of the game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from casino import __version__

        typer.echo(f"brag-table {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_version, is_eager=True),
    ] = False,
) -> None:
    """3 Card Brag / Three Card Poker: play at the table, and the exact mathematics of the game."""
    from cli.db_words import given

    given(None)  # a storing command's suggestions carry its own --db (brag play and brag classic set it)


app.command("edge")(edge.edge)
app.command("odds")(tables.odds)
app.command("paytables")(tables.paytables)
app.command("play")(play.play)
app.command("sessions")(history.sessions)
app.command("history")(history.history)
app.command("replay")(history.replay)
app.command("verify")(history.verify)
app.add_typer(db.app, name="db")
app.command("simulate")(simulate.simulate)
app.command("session")(session_stats.session)
app.command("compare")(compare.compare)
app.command("par")(par.par)
app.command("solve")(solve.solve)
app.command("strategy")(strategy.strategy)
app.command("serve")(serve.serve)
app.command("classic")(classic.classic)
app.command("referee")(referee.referee)
app.command("tournament")(tournament.tournament)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":  # python -m cli.main, as python -m cli
    main()
