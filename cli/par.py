"""``brag par``: the PAR sheet of a game, as a casino would file it."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from cli.options import AnteBonusOpt, GameArg, JsonOpt, PairPlusOpt


def par(
    game: GameArg = "3-card-brag",
    ante_bonus: AnteBonusOpt = None,
    pair_plus: PairPlusOpt = None,
    strategy: Annotated[
        str, typer.Option("--strategy", help="optimal, dealer-copy, always-play, or a threshold such as Q-6-4.")
    ] = "optimal",
    json: JsonOpt = False,
    csv: Annotated[bool, typer.Option("--csv", help="Print every table as CSV rows.")] = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print the sheet as Markdown.")] = False,
    plot: Annotated[bool, typer.Option("--plot", help="Draw bars of house edge and hit rate per bet.")] = False,
    plot_file: Annotated[
        Optional[str], typer.Option("--plot-file", help="Write the bars to a picture file (.svg, or .png).")
    ] = None,
) -> None:
    """The PAR sheet of GAME: every outcome row of every bet, the Ante/Play net-result distribution,
    the breakdown by player hand, totals, house edge, element of risk and standard deviation."""
    from cli.errors import fail

    if sum((json, csv, markdown)) > 1:
        fail("choose one of --json, --csv and --markdown")
    if plot and (json or csv or markdown):
        fail("--plot draws in the terminal; with --json, --csv or --markdown use --plot-file")
    if plot_file:
        from cli.plot import check_picture

        check_picture(plot_file)

    from rich.table import Table

    from casino.games import load_game
    from casino.par import par_sheet
    from casino.strategy import play_mask
    from cli.render import console, print_json

    g = load_game(game, ante_bonus=ante_bonus, pair_plus=pair_plus)
    sheet = par_sheet(g, None if strategy.strip().lower() == "optimal" else play_mask(g, strategy))
    if json:
        print_json(sheet.to_dict())
    elif csv:
        typer.echo(sheet.to_csv(), nl=False)
    elif markdown:
        typer.echo(sheet.to_markdown())
    else:
        out = console()
        out.print(f"[bold]PAR sheet: {g.name}[/] — {g.ranking.title} ranking, dealer qualifies with "
                  f"{g.qualifier}, ties {g.ties}; strategy: {strategy}\n")
        for section in sheet.sections():
            table = Table(title=section.title, title_justify="left")
            for i, header in enumerate(section.headers):
                table.add_column(header, justify="left" if i == 0 else "right")
            for row in section.rows:
                table.add_row(*row)
            if section.total:
                table.add_section()
                table.add_row(*section.total, style="bold")
            out.print(table)
    if plot or plot_file:
        from cli.plot import bars, write_picture

        groups = [(b.title, [(g.name, float(b.house_edge), float(b.hit_rate))]) for b in sheet.report.bets]
        if plot:
            bars(console(), groups)
        if plot_file:
            write_picture(plot_file, groups)
