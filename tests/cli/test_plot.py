"""Pictures: terminal bars that fit the console, and SVG/PNG files written with no plotting library."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
import zlib

import numpy as np
import pytest
from rich.console import Console

from cli.pictures import bars_png, histogram_png, histogram_svg
from cli.plot import bars, svg, write_picture

GROUPS = [
    ("Ante/Play", [("Three Card Poker", 0.03373, 0.4491), ("3 Card Brag with a much longer design name", 0.03355, 0.4491)]),
    ("Pair Plus", [("Three Card Poker", 0.02317, 0.2561), ("A player-favourable table", -0.0125, 0.2561)]),
]


def read_png(data: bytes) -> np.ndarray:
    """Decode the PNGs written here (one IDAT, RGB, filter 0) into an array."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert (depth, colour) == (8, 2)
    length = struct.unpack(">I", data[33:37])[0]
    assert data[37:41] == b"IDAT"
    raw = zlib.decompress(data[41 : 41 + length])
    return np.frombuffer(raw, dtype=np.uint8).reshape(height, 1 + 3 * width)[:, 1:].reshape(height, width, 3)


@pytest.mark.parametrize("width", [80, 100, 120])
def test_terminal_bars_fit_the_console_and_keep_numbers_whole(width):
    out = Console(width=width, record=True, color_system=None)
    bars(out, GROUPS)
    text = out.export_text()
    lines = text.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= width
    for number in ("3.373%", "3.355%", "44.91%", "2.317%", "-1.250%", "25.61%"):
        assert number in text
    rows = [line for line in lines if "%" in line and "hit rate" not in line]
    assert len(rows) == 4  # one line per design: names never wrap
    assert any(line.startswith("Three Card Poker") for line in rows)


def test_bars_grow_with_the_console():
    def longest_bar(width):
        out = Console(width=width, record=True, color_system=None)
        bars(out, GROUPS)
        return max(line.count("█") for line in out.export_text().splitlines())

    assert longest_bar(80) < longest_bar(120) < longest_bar(200)


def test_png_bars_without_matplotlib(tmp_path):
    path = tmp_path / "bars.png"
    write_picture(str(path), GROUPS)
    image = read_png(path.read_bytes())
    red = (image == (192, 57, 43)).all(axis=2)
    green = (image == (39, 174, 96)).all(axis=2)
    blue = (image == (41, 128, 185)).all(axis=2)
    assert red.any() and green.any() and blue.any()
    # the two Ante/Play edge bars are nearly as long as each other; the longest is the widest red run
    assert red.sum(axis=1).max() > 200


def test_svg_bars_are_unchanged_in_shape(tmp_path):
    path = tmp_path / "bars.svg"
    write_picture(str(path), GROUPS)
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8") == svg(GROUPS)
    assert len([e for e in root.iter() if e.tag.endswith("rect")]) == 1 + 2 * 2 * 2


def test_a_picture_needs_svg_or_png(tmp_path):
    import typer

    with pytest.raises(typer.Exit):
        write_picture(str(tmp_path / "x.gif"), GROUPS)
    assert not (tmp_path / "x.gif").exists()


def test_histogram_pictures_mark_the_start():
    edges = np.array([0.0, 25.0, 50.0, 75.0, 100.0])
    mass = np.array([0.5, 0.1, 0.3, 0.1])
    image = read_png(histogram_png(edges, mass, title="T", subtitle="S", marker=50.0))
    steel = (image == (59, 110, 168)).all(axis=2)
    heights = steel.sum(axis=0)
    assert heights.max() > 2 * heights[heights > 0].min()  # bars of different heights
    assert (image == (192, 57, 43)).all(axis=2).any()  # the start line
    root = ET.fromstring(histogram_svg(edges, mass, title="T & U", marker=50.0))
    assert len([e for e in root.iter() if e.tag.endswith("rect") and e.get("fill") == "#3b6ea8"]) == 4


def test_bars_png_draws_labels():
    image = read_png(bars_png(GROUPS))
    black = (image == 0).all(axis=2)
    assert black[:, :100].sum() > 500  # the design names on the left
