"""Pictures written to a file, SVG or PNG, drawn by matplotlib: bars and histograms.

matplotlib is an optional extra (``pip install 'brag-table[plot]'``, included in ``[test]``) and
is imported only when a picture is drawn, so the command line starts without it; without it a
``--plot-file`` ends in one line saying what to install. Every picture is saved with a tight
bounding box: titles, labels and numbers are never cut, whatever their length (long subtitles are
wrapped). Every ``--plot-file`` goes through :func:`write_picture`, so each accepts ``.svg`` and
``.png``; SVG keeps its text as text.

Bars take groups, one per bet: ``(bet title, [(label, house edge, hit rate), ...])`` with the
figures as fractions of 1. A histogram takes bin ``edges`` and the ``mass`` in each bin.
"""

from __future__ import annotations

import io
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from casino.errors import BragError

if TYPE_CHECKING:  # numpy and matplotlib are imported where a picture is drawn
    import numpy as np
    from matplotlib.figure import Figure

__all__ = ["SUFFIXES", "Group", "MissingPlotting", "bars_figure", "bars_svg", "bars_png", "histogram_figure",
           "histogram_svg", "histogram_png", "picture_error", "write_picture"]

SUFFIXES = (".svg", ".png")
Group = tuple[str, Sequence[tuple[str, float, float]]]

RED, GREEN, BLUE, STEEL = "#c0392b", "#27ae60", "#2980b9", "#3b6ea8"
DPI = 100
WRAP = 100  # characters per subtitle line


class MissingPlotting(BragError):
    """matplotlib is not installed: pictures cannot be drawn."""


def picture_error(path: str) -> str | None:
    """Why ``path`` cannot take a picture (its ending, or a folder that is not there), or ``None``; a very long
    name is shortened (:func:`casino.files.shown_path`, as every file error line shows one). Checked before
    any work, so a refused picture prints no sheet first."""
    from casino.files import shown_path

    if Path(path).suffix.lower() not in SUFFIXES:
        return f"cannot draw {shown_path(path)!r}: the picture file must end in .svg or .png"
    return folder_error(path)


def folder_error(path: str) -> str | None:
    """``cannot write PATH: no folder FOLDER`` when the file's folder is not there (or is not a folder),
    ``cannot write PATH: REASON`` when the file cannot be written there (read-only, a folder of that name), else
    ``None``."""
    from casino.files import shown_path

    target = Path(path).expanduser()
    folder = target.parent
    try:
        there = folder.is_dir()
    except OSError:  # (a name too long for the system)
        there = False
    if not there:
        return f"cannot write {shown_path(path)}: no folder {shown_path(str(folder))}"
    import os

    # a read-only disk, a folder of that name, no permission: found before any work, not after it (asked of the
    # system, nothing opened or made: a link is written through later, a FIFO is not opened here)
    real = Path(os.path.realpath(target))
    try:
        if real.is_dir():
            return f"cannot write {shown_path(path)}: it is a folder"
        if real.exists() and not real.is_file():
            return f"cannot write {shown_path(path)}: it is not a regular file"
        writable = os.access(real, os.W_OK) if real.exists() else os.access(real.parent, os.W_OK | os.X_OK)
    except OSError as error:
        return f"cannot write {shown_path(path)}: {error.strerror or error}"
    if not writable:
        where = real if real.exists() else real.parent
        why = "a read-only disk" if _read_only_disk(where) else "no permission"
        return f"cannot write {shown_path(path)}: {why}"
    return None


def _read_only_disk(path: Path) -> bool:
    """Whether ``path`` is on a file system mounted read-only."""
    import os

    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


def _pyplot() -> Any:
    """matplotlib's pyplot on the file-only Agg backend, or one clear error if it is missing."""
    try:
        import matplotlib
    except ImportError:
        raise MissingPlotting(
            "drawing a picture file needs matplotlib: pip install 'brag-table[plot]' (or pip install matplotlib)"
        ) from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # SVG text stays text
    matplotlib.rcParams["svg.hashsalt"] = "brag-table"  # the same ids every time: the same picture, the same bytes
    import matplotlib.pyplot as plt

    return plt


def _save(figure: Figure, kind: str) -> bytes:
    """The figure as PNG or SVG bytes, cropped to everything drawn (nothing cut), then closed."""
    plt = _pyplot()
    buffer = io.BytesIO()
    try:
        figure.savefig(buffer, format=kind, dpi=DPI, bbox_inches="tight", pad_inches=0.15, facecolor="white",
                       metadata={"Date": None} if kind == "svg" else None)  # the same picture, the same bytes
    finally:
        plt.close(figure)
    return buffer.getvalue()


def write_picture(path: str, svg: Callable[[], str], png: Callable[[], bytes]) -> None:
    """Write ``svg()`` or ``png()`` to ``path`` by its ending; raises ValueError, OSError or
    :class:`MissingPlotting`."""
    problem = picture_error(path)
    if problem:
        raise ValueError(problem)
    target = Path(path)
    if target.suffix.lower() == ".png":
        data = png()
        target.write_bytes(data)
    else:
        text = svg()
        target.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------------------------------------------
# Bars


def bars_figure(groups: Sequence[Group]) -> Figure:
    """Per bet, horizontal bars of house edge (red; green for a player edge) and hit rate (blue)."""
    plt = _pyplot()
    rows = sum(len(series) for _, series in groups)
    figure, axes = plt.subplots(len(groups), 2, squeeze=False, figsize=(10, 1.2 + 0.45 * rows + 0.6 * len(groups)),
                                gridspec_kw={"height_ratios": [max(len(s), 1) for _, s in groups]})
    for (title, series), (edge_axes, hit_axes) in zip(groups, axes):
        labels = [label for label, _, _ in series][::-1]
        edges = [edge for _, edge, _ in series][::-1]
        hits = [hit for _, _, hit in series][::-1]
        y = range(len(series))
        edge_bars = edge_axes.barh(y, [abs(e) * 100 for e in edges], color=[RED if e >= 0 else GREEN for e in edges])
        edge_axes.bar_label(edge_bars, labels=[f"{e * 100:.3f}%" for e in edges], padding=3)
        edge_axes.set_yticks(list(y), labels)
        edge_axes.set_title(f"{title}: house edge", loc="left", fontweight="bold")
        hit_bars = hit_axes.barh(y, [h * 100 for h in hits], color=BLUE)
        hit_axes.bar_label(hit_bars, labels=[f"{h * 100:.2f}%" for h in hits], padding=3)
        hit_axes.set_yticks(list(y), [""] * len(series))
        hit_axes.set_title("hit rate", loc="left")
        for ax in (edge_axes, hit_axes):
            ax.margins(x=0.25)
            ax.spines[["top", "right"]].set_visible(False)
            ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{v:g}%"))
    figure.tight_layout()
    return figure


def bars_svg(groups: Sequence[Group]) -> str:
    return _save(bars_figure(groups), "svg").decode("utf-8")


def bars_png(groups: Sequence[Group]) -> bytes:
    return _save(bars_figure(groups), "png")


# ---------------------------------------------------------------------------------------------------
# Histogram


def histogram_figure(edges: np.ndarray, mass: np.ndarray, *, title: str, subtitle: str = "", xlabel: str = "",
                     marker: float | None = None, marker_label: str = "start") -> Figure:
    """A histogram of ``mass`` over the bins ``edges``; ``marker`` draws a dashed line at that value."""
    plt = _pyplot()
    figure, ax = plt.subplots(figsize=(8, 4.6))
    widths = [float(b - a) for a, b in zip(edges[:-1], edges[1:])]
    ax.bar([float(e) for e in edges[:-1]], [float(p) * 100 for p in mass], width=widths, align="edge",
           color=STEEL, edgecolor="white", linewidth=0.8)
    figure.suptitle("\n".join(textwrap.wrap(title, WRAP * 3 // 4)), x=0.01, ha="left", fontweight="bold",
                    fontsize=13)
    if subtitle:
        ax.set_title("\n".join(textwrap.wrap(subtitle, WRAP)), loc="left", fontsize=9)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("chance")
    ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{v:g}%"))
    ax.set_xticks(_ticks(edges))
    ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: _number(v)))
    ax.spines[["top", "right"]].set_visible(False)
    if marker is not None and edges[0] <= marker <= edges[-1]:
        ax.axvline(marker, color=RED, linestyle="--", linewidth=1.5)
        ax.annotate(marker_label, (marker, 1), xycoords=("data", "axes fraction"), xytext=(4, -12),
                    textcoords="offset points", color=RED)
    figure.tight_layout()
    return figure


def histogram_svg(edges: np.ndarray, mass: np.ndarray, **picture: Any) -> str:
    return _save(histogram_figure(edges, mass, **picture), "svg").decode("utf-8")


def histogram_png(edges: np.ndarray, mass: np.ndarray, **picture: Any) -> bytes:
    return _save(histogram_figure(edges, mass, **picture), "png")


def _ticks(edges: np.ndarray) -> list[float]:
    """Up to about six bin edges to label on the x axis (always bin edges, never between them)."""
    step = max(1, -(-(len(edges) - 1) // 5))
    return [float(e) for e in edges[::step]]


def _number(value: float) -> str:
    """An axis number: ``1,200``, ``2.5``."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.6g}"
