"""Pictures of a comparison: bars of house edge and hit rate per design, in the terminal or a file.

``bars`` draws with Rich; ``write_picture`` writes an SVG drawn here as plain text (no dependency),
or a PNG when matplotlib happens to be installed. Input is a list of groups, one per bet:
``(bet title, [(design label, house edge, hit rate), ...])`` with figures as floats (fractions of 1).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Sequence

from cli.errors import fail

Group = tuple[str, Sequence[tuple[str, float, float]]]

_WIDTH = 30


def _bar(value: float, top: float, width: int = _WIDTH) -> str:
    if top <= 0 or value <= 0:
        return ""
    eighths = round(value / top * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def bars(out: Any, groups: Sequence[Group]) -> None:
    """Terminal bars: per bet, one row per design with its house edge and hit rate."""
    from rich.table import Table

    for title, series in groups:
        table = Table(title=f"{title}: house edge and hit rate", title_justify="left", box=None, pad_edge=False)
        table.add_column("Design")
        table.add_column("House edge", justify="right")
        table.add_column("", no_wrap=True)
        table.add_column("Hit rate", justify="right")
        table.add_column("", no_wrap=True)
        top_edge = max((abs(e) for _, e, _ in series), default=0.0)
        top_hit = max((h for _, _, h in series), default=0.0)
        for label, edge, hit in series:
            edge_bar = _bar(abs(edge), top_edge)
            table.add_row(
                label,
                f"{edge * 100:.3f}%",
                f"[red]{edge_bar}[/]" if edge >= 0 else f"[green]{edge_bar}[/] (player edge)",
                f"{hit * 100:.2f}%",
                f"[cyan]{_bar(hit, top_hit)}[/]",
            )
        out.print(table)
        out.print()


def svg(groups: Sequence[Group]) -> str:
    """The comparison as an SVG document: per bet, horizontal bars of house edge and hit rate."""
    label_w, bar_w, row_h, gap = 260, 300, 22, 30
    width = label_w + 2 * (bar_w + 90) + 20
    parts: list[str] = []
    y = 20
    for title, series in groups:
        parts.append(f'<text x="10" y="{y + 14}" font-weight="bold">{escape(title)}</text>')
        y += 24
        parts.append(f'<text x="{label_w}" y="{y + 12}">House edge</text>')
        parts.append(f'<text x="{label_w + bar_w + 90}" y="{y + 12}">Hit rate</text>')
        y += 20
        top_edge = max((abs(e) for _, e, _ in series), default=0.0) or 1.0
        top_hit = max((h for _, _, h in series), default=0.0) or 1.0
        for label, edge, hit in series:
            w_edge = abs(edge) / top_edge * bar_w
            w_hit = hit / top_hit * bar_w
            colour = "#c0392b" if edge >= 0 else "#27ae60"
            parts.append(f'<text x="10" y="{y + 15}">{escape(label)}</text>')
            parts.append(
                f'<rect x="{label_w}" y="{y + 3}" width="{w_edge:.1f}" height="{row_h - 6}" fill="{colour}"/>'
            )
            parts.append(f'<text x="{label_w + w_edge + 4:.1f}" y="{y + 15}">{edge * 100:.3f}%</text>')
            x_hit = label_w + bar_w + 90
            parts.append(f'<rect x="{x_hit}" y="{y + 3}" width="{w_hit:.1f}" height="{row_h - 6}" fill="#2980b9"/>')
            parts.append(f'<text x="{x_hit + w_hit + 4:.1f}" y="{y + 15}">{hit * 100:.2f}%</text>')
            y += row_h
        y += gap
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" '
        f'font-family="sans-serif" font-size="13">\n'
        f'<rect width="100%" height="100%" fill="white"/>\n' + "\n".join(parts) + "\n</svg>\n"
    )


def check_picture(path: str) -> None:
    """Refuse, before any work is done, a picture file that cannot be written."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".svg", ".png"):
        fail(f"cannot draw {path!r}: the picture file must end in .svg or .png")
    if suffix == ".png":
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            fail("writing a PNG needs matplotlib, which is not installed; write an .svg instead")


def write_picture(path: str, groups: Sequence[Group]) -> None:
    """Write ``.svg`` (always available) or ``.png`` (needs matplotlib); other endings are an error."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".svg":
        try:
            target.write_text(svg(groups), encoding="utf-8")
        except OSError as error:
            fail(f"cannot write {path}: {error.strerror or error}")
        return
    if suffix != ".png":
        fail(f"cannot draw {path!r}: the picture file must end in .svg or .png")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        fail("writing a PNG needs matplotlib, which is not installed; write an .svg instead")
    figure, axes = plt.subplots(len(groups), 2, figsize=(10, 1 + 0.5 * sum(len(s) for _, s in groups)), squeeze=False)
    for row, (title, series) in enumerate(groups):
        labels = [label for label, _, _ in series]
        axes[row][0].barh(labels, [e * 100 for _, e, _ in series], color="#c0392b")
        axes[row][0].set_title(f"{title}: house edge %")
        axes[row][1].barh(labels, [h * 100 for _, _, h in series], color="#2980b9")
        axes[row][1].set_title(f"{title}: hit rate %")
    figure.tight_layout()
    try:
        figure.savefig(target)
    except OSError as error:
        fail(f"cannot write {path}: {error.strerror or error}")
    finally:
        plt.close(figure)
