"""Pictures of a comparison: bars of house edge and hit rate per design, in the terminal or a file.

``bars`` draws with Rich, as wide as the console; ``write_picture`` writes ``.svg`` or ``.png``
through :mod:`cli.pictures` (matplotlib, imported only then). Input is a list of groups, one per
bet: ``(bet title, [(design label, house edge, hit rate), ...])`` with figures as floats
(fractions of 1).
"""

from __future__ import annotations

from typing import Any, Sequence

from cli.errors import fail

Group = tuple[str, Sequence[tuple[str, float, float]]]

_WIDTH = 30  # bar width when the console width is unknown
_EDGE_W, _HIT_W = 9, 7  # "-12.345%" and "100.00%": numbers are never cut
_LABEL_MIN, _BAR_MIN = 12, 4


def _bar(value: float, top: float, width: int = _WIDTH) -> str:
    if top <= 0 or value <= 0:
        return ""
    eighths = round(value / top * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def layout(console_width: int, labels: Sequence[str]) -> tuple[int, int]:
    """(label width, bar width) for bars at ``console_width``: the numbers keep their full width.

        >>> layout(80, ["3-card-brag", "three-card-poker"])
        (16, 13)
        >>> layout(120, ["x" * 60])
        (40, 21)
    """
    longest = max((len(label) for label in labels), default=_LABEL_MIN)
    label_w = max(_LABEL_MIN, min(longest, console_width // 3))
    # five columns, two spaces between (Rich's padding): label, edge, edge bar (+ " (player edge)"), hit, bar
    free = console_width - label_w - _EDGE_W - _HIT_W - 4 * 2 - len(" (player edge)")
    return label_w, max(_BAR_MIN, free // 2)


def bars(out: Any, groups: Sequence[Group]) -> None:
    """Terminal bars: per bet, one row per design with its house edge and hit rate."""
    from rich.table import Table

    for title, series in groups:
        label_w, bar_w = layout(getattr(out, "width", 80), [label for label, _, _ in series])
        table = Table(title=f"{title}: house edge and hit rate", title_justify="left", box=None, pad_edge=False)
        table.add_column("Design", no_wrap=True, overflow="ellipsis", max_width=label_w)
        table.add_column("House edge", justify="right", no_wrap=True, min_width=_EDGE_W)
        table.add_column("", no_wrap=True)
        table.add_column("Hit rate", justify="right", no_wrap=True, min_width=_HIT_W)
        table.add_column("", no_wrap=True)
        top_edge = max((abs(e) for _, e, _ in series), default=0.0)
        top_hit = max((h for _, _, h in series), default=0.0)
        for label, edge, hit in series:
            edge_bar = _bar(abs(edge), top_edge, bar_w)
            table.add_row(
                label,
                f"{edge * 100:.3f}%",
                f"[red]{edge_bar}[/]" if edge >= 0 else f"[green]{edge_bar}[/] (player edge)",
                f"{hit * 100:.2f}%",
                f"[cyan]{_bar(hit, top_hit, bar_w)}[/]",
            )
        out.print(table)
        out.print()


def svg(groups: Sequence[Group]) -> str:
    """The comparison as an SVG document: per bet, horizontal bars of house edge and hit rate."""
    from cli.pictures import bars_svg

    return bars_svg(groups)


def check_picture(path: str) -> None:
    """Refuse, before any work is done, a picture file that cannot be written (its ending)."""
    from cli.pictures import picture_error

    problem = picture_error(path)
    if problem:
        fail(problem)


def write_picture(path: str, groups: Sequence[Group]) -> None:
    """Write the bars to ``.svg`` or ``.png`` (both drawn here); other endings are an error."""
    from cli.pictures import bars_png, bars_svg, picture_error
    from cli.pictures import write_picture as write

    problem = picture_error(path)
    if problem:
        fail(problem)
    try:
        write(path, lambda: bars_svg(groups), lambda: bars_png(groups))
    except OSError as error:
        from casino.files import shown_path

        fail(f"cannot write {shown_path(path)}: {error.strerror or error}")
