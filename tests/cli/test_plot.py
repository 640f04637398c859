"""Pictures: terminal bars that fit the console, and SVG/PNG files drawn by matplotlib."""

from __future__ import annotations

import io
import sys
import xml.etree.ElementTree as ET

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
    """A PNG as an (height, width, 3) array of 0-255 values."""
    import matplotlib.image

    return np.rint(matplotlib.image.imread(io.BytesIO(data), format="png")[:, :, :3] * 255).astype(int)


def near(image: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    return (np.abs(image - np.array(colour)) <= 3).all(axis=2)


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


def test_png_bars(tmp_path):
    path = tmp_path / "bars.png"
    write_picture(str(path), GROUPS)
    image = read_png(path.read_bytes())
    red, green, blue = near(image, (192, 57, 43)), near(image, (39, 174, 96)), near(image, (41, 128, 185))
    assert red.any() and green.any() and blue.any()
    assert red.sum(axis=1).max() > 200  # the longest edge bar


def test_svg_bars_keep_their_words(tmp_path):
    path = tmp_path / "bars.svg"
    write_picture(str(path), GROUPS)
    text = path.read_text(encoding="utf-8")
    assert text == svg(GROUPS)  # the same picture, the same bytes (no date stamped in)
    root = ET.fromstring(text)
    words = " ".join("".join(e.itertext()) for e in root.iter() if e.tag.endswith("text"))
    for word in ("Ante/Play: house edge", "3 Card Brag with a much longer design name", "3.373%", "-1.250%", "25.61%"):
        assert word in words


def test_a_picture_needs_svg_or_png(tmp_path):
    import typer

    with pytest.raises(typer.Exit):
        write_picture(str(tmp_path / "x.gif"), GROUPS)
    assert not (tmp_path / "x.gif").exists()


def test_histogram_pictures_mark_the_start():
    edges = np.array([0.0, 25.0, 50.0, 75.0, 100.0])
    mass = np.array([0.5, 0.1, 0.3, 0.1])
    image = read_png(histogram_png(edges, mass, title="T", subtitle="S", marker=50.0))
    steel = near(image, (59, 110, 168))
    heights = steel.sum(axis=0)
    assert heights.max() > 2 * heights[heights > 0].min()  # bars of different heights
    assert near(image, (192, 57, 43)).any()  # the start line
    text = histogram_svg(edges, mass, title="T & U", marker=50.0)
    assert text.count("fill: #3b6ea8") == 4 and "T &amp; U" in text


def test_long_titles_are_wrapped_not_cut():
    from matplotlib.text import Text

    from cli.pictures import DPI, histogram_figure

    edges = np.array([0.0, 1.0, 2.0])
    mass = np.array([0.25, 0.75])
    title = "A very long game name " * 12
    image = read_png(histogram_png(edges, mass, title=title, subtitle="words " * 60))
    figure = histogram_figure(edges, mass, title=title, subtitle="words " * 60)
    figure.set_dpi(DPI)
    renderer = figure.canvas.get_renderer()
    for t in figure.findobj(Text):
        if t.get_text():
            box = t.get_window_extent(renderer)
            assert box.width <= image.shape[1] and box.height <= image.shape[0]
    assert image.shape[1] < 1400  # wrapped: the picture does not grow with the title


def test_without_matplotlib_one_clear_error(runner, app, tmp_path, monkeypatch):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    result = runner.invoke(app, ["session", "--hands", "5", "--plot-file", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "needs matplotlib" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x.png").exists()


def test_bars_png_draws_labels():
    image = read_png(bars_png(GROUPS))
    dark = (image < 128).all(axis=2)
    assert dark[:, :300].sum() > 500  # the design names on the left


#: a picture file name far too long for any file system (one 3,000-character name in a folder)
LONG = "plots/" + "bars-" * 600


@pytest.mark.parametrize("command", [["compare", "3-card-brag"], ["par", "3-card-brag"], ["session", "--hands", "5"]])
@pytest.mark.parametrize("ending, says", [(".svg", "cannot write"), (".gif", ".svg or .png")])
def test_a_too_long_plot_file_name_is_shortened_in_its_one_line(runner, app, tmp_path, monkeypatch, command, ending,
                                                                 says):
    """Every --plot-file refusal names the file as the other file errors do (casino.files.shown_path, the one
    shortener): its start and end, never the whole name."""
    from casino.files import shown_path

    monkeypatch.chdir(tmp_path)
    (tmp_path / "plots").mkdir()
    name = LONG + ending
    result = runner.invoke(app, [*command, "--plot-file", name])
    lines = [line for line in result.output.splitlines() if line.strip()]  # (compare and par print their tables first)
    errors = [line for line in lines if "brag: error" in line]
    assert result.exit_code == 2 and errors == lines[-1:] and errors[0].startswith("brag: error:"), result.output
    assert says in errors[0] and shown_path(name) in errors[0], errors[0]
    assert name not in result.output and len(errors[0]) < 300, errors[0]


@pytest.mark.parametrize("args", [["par", "three-card-poker"], ["compare", "three-card-poker"],
                                  ["session", "--bankroll", "100", "--bet", "5", "--hands", "10"]])
def test_a_picture_in_a_folder_that_is_not_there_is_refused_before_the_work(runner, app, tmp_path, args):
    """Found by a hostile test: `brag par GAME --plot-file /nonexist/x.svg` printed the whole sheet, then exit 2."""
    path = tmp_path / "no-such-folder" / "bars.svg"
    result = runner.invoke(app, [*args, "--plot-file", str(path)])
    assert result.exit_code == 2
    assert result.stdout == "" and "no folder" in result.stderr and "no-such-folder" in result.stderr


@pytest.mark.parametrize("args", [["par", "three-card-poker", "--json"], ["compare", "three-card-poker", "--json"],
                                  ["session", "--bankroll", "100", "--bet", "5", "--hands", "10"]])
def test_a_picture_that_cannot_be_written_there_is_refused_before_the_work(runner, app, tmp_path, args):
    """Found by a hostile test: `compare --json --plot-file` onto a read-only disk printed the whole JSON document,
    then its error line. A path that cannot be written (here a folder of that name) is refused first."""
    path = tmp_path / "bars.svg"
    path.mkdir()
    result = runner.invoke(app, [*args, "--plot-file", str(path)])
    assert result.exit_code == 2
    assert result.stdout == "" and f"cannot write {path}: it is a folder" in result.stderr
    written = tmp_path / "new.svg"
    assert runner.invoke(app, [*args, "--plot-file", str(written)]).exit_code == 0 and written.stat().st_size > 0


def test_a_picture_through_a_link_is_written_through_it_and_a_fifo_is_refused(runner, app, tmp_path):
    """Found by a hostile test of the writability check: it made the link's target, then removed the link (the
    picture then became a plain file beside an empty stray one), and it opened a FIFO, waiting for a reader."""
    import os

    link, target = tmp_path / "link.svg", tmp_path / "target.svg"
    link.symlink_to(target)
    result = runner.invoke(app, ["par", "three-card-poker", "--json", "--plot-file", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and target.stat().st_size > 0  # written through the link, the link kept
    fifo = tmp_path / "fifo.svg"
    os.mkfifo(fifo)
    refused = runner.invoke(app, ["par", "three-card-poker", "--json", "--plot-file", str(fifo)])
    assert refused.exit_code == 2 and refused.stdout == "" and "it is not a regular file" in refused.stderr
