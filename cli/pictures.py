"""Pictures written to a file, SVG or PNG, with no plotting library: bars and histograms.

SVG is plain text; PNG is drawn into a numpy pixel array (with a small 3x5 bitmap font for the
labels, shown in capitals) and compressed with zlib. Every ``--plot-file`` goes through
:func:`write_picture`, so each accepts ``.svg`` and ``.png``.

Bars take groups, one per bet: ``(bet title, [(label, house edge, hit rate), ...])`` with the
figures as fractions of 1. A histogram takes bin ``edges`` and the ``mass`` in each bin.
"""

from __future__ import annotations

import struct
import zlib
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:  # numpy is imported where a PNG is drawn: this module loads with the command line
    import numpy as np

__all__ = ["SUFFIXES", "Group", "bars_svg", "bars_png", "histogram_svg", "histogram_png", "picture_error",
           "write_picture"]

SUFFIXES = (".svg", ".png")
Group = tuple[str, Sequence[tuple[str, float, float]]]

RED, GREEN, BLUE, STEEL, BLACK, GREY = (192, 57, 43), (39, 174, 96), (41, 128, 185), (59, 110, 168), (0, 0, 0), (120, 120, 120)


def picture_error(path: str) -> str | None:
    """Why ``path`` cannot take a picture (its ending), or ``None``."""
    if Path(path).suffix.lower() not in SUFFIXES:
        return f"cannot draw {path!r}: the picture file must end in .svg or .png"
    return None


def write_picture(path: str, svg: Callable[[], str], png: Callable[[], bytes]) -> None:
    """Write ``svg()`` or ``png()`` to ``path`` by its ending; raises ValueError or OSError."""
    problem = picture_error(path)
    if problem:
        raise ValueError(problem)
    target = Path(path)
    if target.suffix.lower() == ".png":
        target.write_bytes(png())
    else:
        target.write_text(svg(), encoding="utf-8")


# ---------------------------------------------------------------------------------------------------
# SVG


def bars_svg(groups: Sequence[Group]) -> str:
    """Per bet, horizontal bars of house edge (red; green for a player edge) and hit rate (blue)."""
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


def histogram_svg(edges: np.ndarray, mass: np.ndarray, *, title: str, subtitle: str = "",
                  xlabel: str = "", marker: float | None = None, marker_label: str = "start") -> str:
    """A histogram as a self-contained SVG document; ``marker`` draws a dashed line at that value."""
    w, h = 720, 420
    left, right, top_margin, bottom = 70, 20, 70, 60
    plot_w, plot_h = w - left - right, h - top_margin - bottom
    top = float(mass.max()) or 1.0
    bar_w = plot_w / len(mass)
    x_of = lambda value: left + (value - edges[0]) / (edges[-1] - edges[0]) * plot_w
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{left}" y="24" font-size="16" font-weight="bold">{escape(title)}</text>',
        f'<text x="{left}" y="44">{escape(subtitle)}</text>',
    ]
    for i, p in enumerate(mass):
        bar_h = float(p) / top * plot_h
        x = left + i * bar_w
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{top_margin + plot_h - bar_h:.1f}" width="{max(bar_w - 2, 1):.1f}" '
            f'height="{bar_h:.1f}" fill="#3b6ea8"><title>{edges[i]:,.6g} to {edges[i + 1]:,.6g}: '
            f'{float(p):.4%}</title></rect>'
        )
    axis_y = top_margin + plot_h
    parts.append(f'<line x1="{left}" y1="{axis_y}" x2="{left + plot_w}" y2="{axis_y}" stroke="black"/>')
    parts.append(f'<line x1="{left}" y1="{top_margin}" x2="{left}" y2="{axis_y}" stroke="black"/>')
    for value in _ticks(edges):
        x = x_of(value)
        parts.append(f'<line x1="{x:.1f}" y1="{axis_y}" x2="{x:.1f}" y2="{axis_y + 5}" stroke="black"/>')
        parts.append(f'<text x="{x:.1f}" y="{axis_y + 20}" text-anchor="middle">{_number(value)}</text>')
    for k in range(5):
        y = axis_y - plot_h * k / 4
        parts.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{top * k / 4:.1%}</text>')
    if marker is not None and edges[0] <= marker <= edges[-1]:
        x = x_of(marker)
        parts.append(f'<line x1="{x:.1f}" y1="{top_margin}" x2="{x:.1f}" y2="{axis_y}" stroke="#c0392b" '
                     'stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{x + 4:.1f}" y="{top_margin + 12}" fill="#c0392b">{escape(marker_label)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{h - 15}" text-anchor="middle">{escape(xlabel)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _ticks(edges: np.ndarray) -> list[float]:
    """Up to about six bin edges to label on the x axis (always bin edges, never between them)."""
    step = max(1, -(-(len(edges) - 1) // 5))
    return [float(e) for e in edges[::step]]


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.6g}"


# ---------------------------------------------------------------------------------------------------
# PNG

# A 3x5 pixel font (rows of three bits, top to bottom); letters are drawn as capitals.
_FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
    "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001001001001",
    "8": "111101111101111", "9": "111101111001111", ".": "000000000000010", "%": "101001010100101",
    "-": "000000111000000", ",": "000000000010100", " ": "000000000000000", ":": "000010000010000", ";": "000010000010100",
    "(": "010100100100010", ")": "010001001001010", "/": "001001010100100", "+": "000010111010000",
    "_": "000000000000111", "=": "000111000111000", "'": "010010000000000", "?": "111001010000010",
    "!": "010010010000010", "&": "010101010101011", "#": "101111101111101", "<": "001010100010001",
    ">": "100010001010100", "[": "110100100100110", "]": "011001001001011", "*": "101010101000000",
    "A": "010101111101101", "B": "110101110101110", "C": "011100100100011", "D": "110101101101110",
    "E": "111100110100111", "F": "111100110100100", "G": "011100101101011", "H": "101101111101101",
    "I": "111010010010111", "J": "001001001101010", "K": "101101110101101", "L": "100100100100111",
    "M": "101111111101101", "N": "110101101101101", "O": "010101101101010", "P": "110101110100100",
    "Q": "010101101110011", "R": "110101110101101", "S": "011100010001110", "T": "111010010010010",
    "U": "101101101101111", "V": "101101101101010", "W": "101101111111101", "X": "101101010101101",
    "Y": "101101010010010", "Z": "111001010100111",
}
_SUBSTITUTES = {"×": "X", "—": "-", "–": "-", "…": "...", "·": ".", "±": "+-", "◀": "<", "♠": "S", "♥": "H",
                "♦": "D", "♣": "C"}


def text_width(text: str, scale: int = 2) -> int:
    """Pixels taken by ``text`` drawn with :func:`_text` at ``scale``."""
    return len(_glyphs(text)) * 4 * scale


def _glyphs(text: str) -> str:
    return "".join(_SUBSTITUTES.get(ch, ch) for ch in text).upper()


def _text(image: np.ndarray, x: int, y: int, text: str, scale: int = 2, colour=BLACK) -> None:
    """Draw ``text`` with its top-left corner at (x, y); pixels outside the image are dropped."""
    h, w = image.shape[:2]
    for ch in _glyphs(text):
        bits = _FONT.get(ch, _FONT["?"])
        for i, bit in enumerate(bits):
            if bit == "1":
                r, c = divmod(i, 3)
                y0, x0 = y + r * scale, x + c * scale
                if 0 <= y0 and y0 + scale <= h and 0 <= x0 and x0 + scale <= w:
                    image[y0 : y0 + scale, x0 : x0 + scale] = colour
        x += 4 * scale


def _clip(text: str, pixels: int, scale: int = 2) -> str:
    most = max(1, pixels // (4 * scale))
    return text if len(_glyphs(text)) <= most else _glyphs(text)[: most - 1] + "."


def encode_png(image: np.ndarray) -> bytes:
    """An RGB uint8 array ``(height, width, 3)`` as PNG bytes."""
    h, w = image.shape[:2]
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def bars_png(groups: Sequence[Group]) -> bytes:
    """The same picture as :func:`bars_svg`, as a PNG."""
    import numpy as np

    labels = [label for _, series in groups for label, _, _ in series]
    label_w = min(max((text_width(label) for label in labels), default=80), 360) + 24
    bar_w, value_w, row_h, title_h, head_h, gap = 260, 90, 22, 26, 20, 22
    width = label_w + 2 * (bar_w + value_w) + 10
    height = 10 + sum(title_h + head_h + row_h * len(series) + gap for _, series in groups)
    image = np.full((height, width, 3), 255, dtype=np.uint8)
    y = 10
    for title, series in groups:
        _text(image, 10, y + 6, _clip(title, width - 20), scale=3)
        y += title_h
        _text(image, label_w, y + 4, "HOUSE EDGE", colour=GREY)
        _text(image, label_w + bar_w + value_w, y + 4, "HIT RATE", colour=GREY)
        y += head_h
        top_edge = max((abs(e) for _, e, _ in series), default=0.0) or 1.0
        top_hit = max((h for _, _, h in series), default=0.0) or 1.0
        for label, edge, hit in series:
            _text(image, 10, y + 6, _clip(label, label_w - 20))
            w_edge = int(round(abs(edge) / top_edge * bar_w))
            image[y + 3 : y + row_h - 3, label_w : label_w + w_edge] = RED if edge >= 0 else GREEN
            _text(image, label_w + w_edge + 4, y + 6, f"{edge * 100:.3f}%")
            x_hit = label_w + bar_w + value_w
            w_hit = int(round(hit / top_hit * bar_w))
            image[y + 3 : y + row_h - 3, x_hit : x_hit + w_hit] = BLUE
            _text(image, x_hit + w_hit + 4, y + 6, f"{hit * 100:.2f}%")
            y += row_h
        y += gap
    return encode_png(image)


def histogram_png(edges: np.ndarray, mass: np.ndarray, *, title: str, subtitle: str = "",
                  xlabel: str = "", marker: float | None = None, marker_label: str = "start") -> bytes:
    """The same picture as :func:`histogram_svg`, as a PNG."""
    import numpy as np

    w, h = 720, 440
    left, right, top_margin, bottom = 80, 20, 70, 50
    plot_w, plot_h = w - left - right, h - top_margin - bottom
    image = np.full((h, w, 3), 255, dtype=np.uint8)
    _text(image, left, 12, _clip(title, w - left - 10, 3), scale=3)
    _text(image, left, 40, _clip(subtitle, w - left - 10))
    top = float(mass.max()) or 1.0
    bar_w = plot_w / len(mass)
    axis_y = top_margin + plot_h
    for i, p in enumerate(mass):
        bar_h = int(round(float(p) / top * plot_h))
        x0, x1 = int(left + i * bar_w) + 1, int(left + (i + 1) * bar_w) - 1
        image[axis_y - bar_h : axis_y, x0 : max(x1, x0 + 1)] = STEEL
    image[axis_y, left : left + plot_w] = 0
    image[top_margin:axis_y, left] = 0
    x_of = lambda value: int(left + (value - edges[0]) / (edges[-1] - edges[0]) * plot_w)
    for value in _ticks(edges):
        x = min(x_of(value), w - 1)
        image[axis_y : axis_y + 5, x] = 0
        label = _number(value)
        _text(image, max(0, min(x - text_width(label) // 2, w - text_width(label))), axis_y + 10, label)
    for k in range(5):
        share = f"{top * k / 4 * 100:.1f}%"
        _text(image, max(0, left - 6 - text_width(share)), int(axis_y - plot_h * k / 4) - 5, share)
    if xlabel:
        _text(image, left + (plot_w - text_width(xlabel)) // 2, h - 18, xlabel, colour=GREY)
    if marker is not None and edges[0] <= marker <= edges[-1]:
        x = min(x_of(marker), w - 1)
        for offset in range(3):
            image[top_margin + offset : axis_y : 6, x] = RED
        _text(image, min(x + 4, w - text_width(marker_label)), top_margin, marker_label, colour=RED)
    return encode_png(image)
