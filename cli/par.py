"""``brag par``: the PAR sheet of a game, as a casino would file it."""

from __future__ import annotations

from typing import Annotated, Any, Optional, Sequence

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
        from rich.markup import escape

        out = console()
        out.print(f"[bold]PAR sheet: {escape(g.name)}[/] — {escape(sheet.description())}; strategy: {escape(strategy)}\n")
        for section in sheet.sections():
            print_fitted(out, section.title, section.headers, section.rows, section.total)
    if plot or plot_file:
        from cli.plot import bars, write_picture

        groups = [(b.title, [(g.name, float(b.house_edge), float(b.hit_rate))]) for b in sheet.report.bets]
        if plot:
            bars(console(), groups)
        if plot_file:
            write_picture(plot_file, groups)


def _words(text: str) -> int:
    return max((len(w) for w in text.split()), default=0)


def print_fitted(
    out: Any,
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    total: Sequence[str] | None = None,
    keys: int = 1,
    wrap_rows: frozenset[int] = frozenset(),
    wrap_headers: bool = True,
) -> None:
    """Print a table whose number cells are never cut or wrapped, at any console width.

    The first ``keys`` columns are labels (they wrap if they must); the others hold numbers, kept
    whole (``no_wrap`` with a minimum width). Rows in ``wrap_rows`` hold words and may wrap. When
    the table is wider than the console, it is stacked: the number columns are split into several
    tables, each repeating the label columns. Headers wrap between words unless ``wrap_headers`` is
    false (names of designs are kept on one line).
    """
    from rich.table import Table
    from rich.text import Text

    from cli.render import plain

    every = [list(r) for r in rows] + ([list(total)] if total else [])
    n = len(headers)

    def need(j: int) -> int:
        cells = [r[j] for i, r in enumerate(every) if i not in wrap_rows]
        words = [_words(r[j]) for i, r in enumerate(every) if i in wrap_rows]
        return max([len(c) for c in cells] + words + [_words(headers[j]) if wrap_headers else len(headers[j])])

    numbers = {j: need(j) for j in range(keys, n)}
    full = [max([len(r[j]) for r in every] + [_words(headers[j])]) for j in range(keys)]
    narrow = [min(f, max(18, max((_words(r[j]) for r in every), default=0))) for j, f in enumerate(full)]
    border = 3  # padding either side and one rule per column

    def split(labels: list[int]) -> list[list[int]]:
        base = sum(labels) + border * keys + 1
        chunks: list[list[int]] = []
        used = base
        for j in range(keys, n):
            if chunks and used + numbers[j] + border <= out.width:
                chunks[-1].append(j)
                used += numbers[j] + border
            else:
                chunks.append([j])
                used = base + numbers[j] + border
        return chunks or [[]]

    label_width, chunks = full, split(full)
    if len(chunks) > 1 and len(split(narrow)) == 1:
        label_width, chunks = narrow, split(narrow)
    wanted = {j: max([numbers[j]] + [len(r[j]) for i, r in enumerate(every) if i in wrap_rows]) for j in numbers}
    for k, chunk in enumerate(chunks):
        # Room left on the line goes to columns whose words would otherwise wrap.
        room = out.width - (sum(label_width) + border * keys + 1) - sum(numbers[j] + border for j in chunk)
        widths = {}
        for j in chunk:
            grow = max(0, min(wanted[j] - numbers[j], room))
            widths[j] = numbers[j] + grow
            room -= grow
        part = f" ({k + 1} of {len(chunks)})" if len(chunks) > 1 else ""
        # every text is shown as written (names and labels come from files; widths count plain characters)
        table = Table(title=plain(title + part), title_justify="left")
        for j in range(keys):
            table.add_column(plain(headers[j]), width=label_width[j])
        for j in chunk:
            table.add_column(Text(headers[j], justify="right"), justify="right", width=widths[j])

        def cells(row: Sequence[str], i: int) -> list[Any]:
            picked: list[Any] = [Text(row[j]) for j in range(keys)]
            picked += [Text(row[j], no_wrap=i not in wrap_rows, overflow="fold") for j in chunk]
            return picked

        for i, row in enumerate(rows):
            table.add_row(*cells(row, i))
        if total:
            table.add_section()
            table.add_row(*cells(total, len(rows)), style="bold")
        out.print(table)
