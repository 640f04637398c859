"""``brag compare``: several game designs side by side, exactly."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from cli.options import JsonOpt

GamesArg = Annotated[
    list[str],
    typer.Argument(help="Games to compare: built-in names or game TOML files (one column each)."),
]


def compare(
    games: GamesArg,
    pair_plus: Annotated[
        Optional[list[str]],
        typer.Option("--pair-plus-table", help="Add a column: the first game with this Pair Plus table (repeatable)."),
    ] = None,
    ante_bonus: Annotated[
        Optional[list[str]],
        typer.Option("--ante-bonus-table", help="Add a column: the first game with this Ante Bonus table (repeatable)."),
    ] = None,
    bet: Annotated[
        Optional[list[str]],
        typer.Option("--bet", help="Compare only this bet (ante_play, pair_plus or a side bet); repeatable."),
    ] = None,
    json: JsonOpt = False,
    csv: Annotated[bool, typer.Option("--csv", help="Print CSV (full precision) instead of tables.")] = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print a Markdown table.")] = False,
    plot: Annotated[bool, typer.Option("--plot", help="Draw bars of house edge and hit rate per design.")] = False,
    plot_file: Annotated[
        Optional[str], typer.Option("--plot-file", help="Write the bars to a picture file (.svg, or .png).")
    ] = None,
) -> None:
    """Compare GAMES side by side: per bet, house edge, element of risk, hit frequency, standard
    deviation, top award and its odds, play rate.

    Example: brag compare three-card-poker --pair-plus-table pair-plus-4 --pair-plus-table my-table.toml
    """
    from cli.errors import fail

    if sum((json, csv, markdown)) > 1:
        fail("choose one of --json, --csv and --markdown")
    if plot and (json or csv or markdown):
        fail("--plot draws in the terminal; with --json, --csv or --markdown use --plot-file")
    if plot_file:
        from cli.plot import check_picture

        check_picture(plot_file)

    from casino.compare import compare as run_compare
    from casino.compare import design
    from casino.games import load_paytable
    from cli.render import console, print_json

    designs = [design(g) for g in games]
    base = designs[0].game
    for name in pair_plus or []:
        designs.append(design(base.with_tables(pair_plus=load_paytable(name, bet="pair_plus"))))
    for name in ante_bonus or []:
        designs.append(design(base.with_tables(ante_bonus=load_paytable(name, bet="ante_bonus"))))
    result = run_compare(designs, bets=bet or None)

    if json:
        print_json(result.to_dict())
    elif csv:
        typer.echo(result.to_csv(), nl=False)
    elif markdown:
        typer.echo(result.to_markdown(), nl=False)
    else:
        from cli.par import print_fitted

        out = console()
        out.print("[bold]Designs compared (exact)[/]")
        groups: dict[str, list[tuple[str, list[str]]]] = {}
        for title, heading, cells in result.rows():
            groups.setdefault(title, []).append((heading, cells))
        words = {"Top award hand", "Rule variations"}
        for title, rows in groups.items():
            print_fitted(
                out, title, ("Measure", *result.labels), [(h, *cells) for h, cells in rows],
                wrap_rows=frozenset(i for i, (h, _) in enumerate(rows) if h in words), wrap_headers=False,
            )
    if plot or plot_file:
        from cli.plot import bars, write_picture

        pictures = [
            (
                result.titles[b],
                [
                    (label, float(f.house_edge), float(f.hit_rate))
                    for label, f in zip(result.labels, result.column(b))
                    if f is not None
                ],
            )
            for b in result.bets
        ]
        if plot:
            bars(console(), pictures)
        if plot_file:
            write_picture(plot_file, pictures)
