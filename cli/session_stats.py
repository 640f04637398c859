"""``brag session``: what a session of flat betting feels like, computed exactly.

The bankroll's distribution after N rounds, the risk of ruin, the chance of ending ahead or of
reaching the stop-win first, and the expected rounds played, as a table and a terminal histogram;
``--plot-file`` writes the histogram as SVG or PNG (drawn here, no plotting library); ``--check`` sets a simulation beside the exact figures.
"""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from cli.options import AnteBonusOpt, GameArg, JsonOpt


def session(
    game: GameArg = "3-card-brag",
    bankroll: Annotated[str, typer.Option(help="The bankroll the session starts with.")] = "100",
    bet: Annotated[str, typer.Option(help="The Ante each round (the Play bet, when made, equals it); 0 with --pair-plus: Pair Plus only.")] = "5",
    hands: Annotated[int, typer.Option("--hands", "-n", help="Rounds in the session at most.")] = 300,
    pair_plus: Annotated[str, typer.Option("--pair-plus", help="The Pair Plus stake each round (0: none).")] = "0",
    stop_win: Annotated[Optional[str], typer.Option("--stop-win", help="Stop once this far ahead.")] = None,
    stop_loss: Annotated[Optional[str], typer.Option("--stop-loss", help="Stop once this far behind.")] = None,
    strategy: Annotated[str, typer.Option("--strategy", "-s", help="optimal, dealer-copy, always-play, or a threshold such as Q-6-4.")] = "optimal",
    ante_bonus: AnteBonusOpt = None,
    pair_plus_table: Annotated[
        Optional[str], typer.Option("--pair-plus-table", help="Swap in another Pair Plus table: a built-in name or a TOML file.")
    ] = None,
    bins: Annotated[int, typer.Option(help="Bars in the histogram.")] = 20,
    plot_file: Annotated[
        Optional[str], typer.Option("--plot-file", help="Also write the histogram to a file: session.svg or session.png.")
    ] = None,
    check: Annotated[bool, typer.Option("--check", help="Simulate sessions too and set them beside the exact figures.")] = False,
    sessions: Annotated[int, typer.Option(help="With --check: sessions to simulate.")] = 20_000,
    seed: Annotated[Optional[int], typer.Option(help="With --check: the random seed.")] = None,
    level: Annotated[float, typer.Option(help="With --check: the confidence level of the intervals.")] = 0.95,
    json: JsonOpt = False,
) -> None:
    """Exact session statistics for flat betting: dynamic programming over the per-round results."""
    from fractions import Fraction
    from pathlib import Path

    from casino.games import load_game
    from casino.session_stats import session_stats
    from cli.errors import fail

    def amount(text: str | None, option: str) -> Fraction | None:
        if text is None:
            return None
        try:
            return Fraction(text.strip())
        except (ValueError, ZeroDivisionError):
            fail(f"{option} must be a number, not {text!r}")
            raise  # unreachable

    if hands < 1:
        fail(f"--hands must be at least 1, not {hands}")
    if not 1 <= bins <= 200:
        fail(f"--bins must be between 1 and 200, not {bins}")
    if not 0 < level < 1:
        fail(f"--level must be between 0 and 1 (such as 0.95), not {level}")
    if check and sessions < 1:
        fail(f"--sessions must be at least 1, not {sessions}")
    if plot_file is not None and Path(plot_file).suffix.lower() not in (".svg", ".png"):
        fail(f"--plot-file writes SVG or PNG: give a file name ending in .svg or .png, not {plot_file!r}")
    g = load_game(game, ante_bonus=ante_bonus, pair_plus=pair_plus_table)
    stats = session_stats(
        g, bankroll=amount(bankroll, "--bankroll"), bet=amount(bet, "--bet"), hands=hands,
        pair_plus=amount(pair_plus, "--pair-plus"), stop_win=amount(stop_win, "--stop-win"),
        stop_loss=amount(stop_loss, "--stop-loss"), strategy=strategy,
    )
    sims = None
    if check:
        from casino.simulate import simulate_sessions
        from cli.simulate import _progress

        with _progress(hands, f"Simulating {sessions:,} sessions, round", not json) as advance:
            sims = simulate_sessions(g, stats.pattern, bankroll=stats.bankroll, hands=hands, sessions=sessions,
                                     strategy=strategy, seed=seed, progress=advance)
    if plot_file is not None:
        try:
            if Path(plot_file).suffix.lower() == ".png":
                Path(plot_file).write_bytes(histogram_png(stats, bins))
            else:
                Path(plot_file).write_text(histogram_svg(stats, bins), encoding="utf-8")
        except OSError as error:
            fail(f"cannot write {plot_file}: {error.strerror or error}")
    if json:
        from cli.render import print_json

        data = stats.to_dict()
        edges, mass = stats.histogram(bins)
        data["histogram"] = [{"from": float(a), "to": float(b), "probability": float(p)}
                             for a, b, p in zip(edges[:-1], edges[1:], mass)]
        if sims is not None:
            data["check"] = sims.to_dict(level)
        print_json(data)
        return
    _print(stats, bins, sims, level, plot_file)


def _print(stats, bins: int, sims, level: float, plot_file: str | None) -> None:
    from rich.table import Table

    from cli.render import console

    out = console()
    start = float(stats.bankroll)
    out.print(f"[bold]{stats.game.name}[/] — {stats.pattern.describe}; bankroll {start:g}, up to {stats.hands:,} "
              f"rounds, strategy {stats.strategy}")
    out.print(f"One round: mean {float(stats.round_mean):+.4f}, standard deviation {stats.round_std:.4f}. "
              f"Exact (dynamic programming over {len(stats.bankrolls):,} bankroll levels), no sampling.")
    out.print(f"A round needs {float(stats.pattern.round_stake):g} on the table (Ante, Play, Pair Plus): "
              "with less the player is ruined.\n")
    figures = Table(title="The session", title_justify="left")
    figures.add_column("Figure")
    figures.add_column("Exact", justify="right")
    if sims is not None:
        figures.add_column(f"Simulated ({sims.sessions:,})", justify="right")
        figures.add_column(f"{level * 100:g}% interval", justify="right")
        figures.add_column("Agrees", justify="center")
    pct = lambda v: f"{v * 100:.2f}%"
    rows: list[tuple[str, float, Any, Any]] = [
        ("Risk of ruin", stats.risk_of_ruin, pct, sims.risk_of_ruin if sims else None),
        ("Reaches the stop-win", stats.p_stop_win, pct, sims.p_stop_win if sims else None),
        ("Reaches the stop-loss", stats.p_stop_loss, pct, sims.p_stop_loss if sims else None),
        ("Ends ahead", stats.p_ahead, pct, sims.p_ahead if sims else None),
        ("Ends even", stats.p_even, pct, None),
        ("Ends behind", stats.p_behind, pct, None),
        ("Plays every round", stats.p_full_session, pct, None),
        ("Rounds played (expected)", stats.expected_rounds, lambda v: f"{v:,.1f}", sims.expected_rounds if sims else None),
        ("Result (expected)", stats.expected_result, lambda v: f"{v:+,.2f}", sims.expected_result if sims else None),
        ("Final bankroll (expected)", stats.expected_final, lambda v: f"{v:,.2f}", None),
        ("Final bankroll (std dev)", stats.std_final, lambda v: f"{v:,.2f}", None),
    ]
    for q in (0.05, 0.5, 0.95):
        rows.append((f"Final bankroll, {q:.0%} quantile", stats.quantile(q), lambda v: f"{v:,.2f}", None))
    for label, value, fmt, simulated in rows:
        cells = [label, fmt(value)]
        if sims is not None:
            if simulated is None:
                cells += ["", "", ""]
            else:
                estimate, low, high = simulated(level)
                cells += [fmt(estimate), f"{fmt(low)} … {fmt(high)}", "yes" if low - 1e-12 <= value <= high + 1e-12 else "NO"]
        figures.add_row(*cells)
    out.print(figures)

    edges, mass = stats.histogram(bins)
    histogram = Table(title="Final bankroll", title_justify="left", show_edge=False, box=None, padding=(0, 1))
    histogram.add_column("From", justify="right")
    histogram.add_column("To", justify="right")
    histogram.add_column("Chance", justify="right")
    histogram.add_column("", no_wrap=True)
    top = float(mass.max()) or 1.0
    width = 40
    for a, b, p in zip(edges[:-1], edges[1:], mass):
        bar = "█" * int(round(p / top * width))
        mark = " ◀ start" if a <= start < b else ""
        histogram.add_row(f"{a:,.1f}", f"{b:,.1f}", f"{p * 100:6.2f}%", bar + mark)
    out.print(histogram)
    if plot_file is not None:
        out.print(f"Histogram written to {plot_file}")


def histogram_svg(stats, bins: int = 20) -> str:
    """The final-bankroll histogram as a self-contained SVG document (no plotting library)."""
    from html import escape

    edges, mass = stats.histogram(bins)
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
        f'<text x="{left}" y="24" font-size="16" font-weight="bold">{escape(stats.game.name)}: final bankroll '
        f'after up to {stats.hands:,} rounds</text>',
        f'<text x="{left}" y="44">{escape(stats.pattern.describe)}; start {float(stats.bankroll):g}; '
        f'risk of ruin {stats.risk_of_ruin:.2%}; ends ahead {stats.p_ahead:.2%}; '
        f'expected rounds {stats.expected_rounds:,.1f}</text>',
    ]
    for i, p in enumerate(mass):
        bar_h = float(p) / top * plot_h
        x = left + i * bar_w
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{top_margin + plot_h - bar_h:.1f}" width="{max(bar_w - 2, 1):.1f}" '
            f'height="{bar_h:.1f}" fill="#3b6ea8"><title>{edges[i]:,.1f} to {edges[i + 1]:,.1f}: {float(p):.4%}</title></rect>'
        )
    axis_y = top_margin + plot_h
    parts.append(f'<line x1="{left}" y1="{axis_y}" x2="{left + plot_w}" y2="{axis_y}" stroke="black"/>')
    parts.append(f'<line x1="{left}" y1="{top_margin}" x2="{left}" y2="{axis_y}" stroke="black"/>')
    for k in range(5):
        value = edges[0] + (edges[-1] - edges[0]) * k / 4
        x = x_of(value)
        parts.append(f'<line x1="{x:.1f}" y1="{axis_y}" x2="{x:.1f}" y2="{axis_y + 5}" stroke="black"/>')
        parts.append(f'<text x="{x:.1f}" y="{axis_y + 20}" text-anchor="middle">{value:,.0f}</text>')
        share = top * k / 4
        y = axis_y - plot_h * k / 4
        parts.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{share:.1%}</text>')
    start = float(stats.bankroll)
    if edges[0] <= start <= edges[-1]:
        x = x_of(start)
        parts.append(f'<line x1="{x:.1f}" y1="{top_margin}" x2="{x:.1f}" y2="{axis_y}" stroke="#c0392b" '
                     'stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{x + 4:.1f}" y="{top_margin + 12}" fill="#c0392b">start</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{h - 15}" text-anchor="middle">final bankroll</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# A 3x5 pixel font for the numbers on a PNG axis (no imaging library needed).
_FONT = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111", "3": "111001111001111",
    "4": "101101111001001", "5": "111100111001111", "6": "111100111101111", "7": "111001001001001",
    "8": "111101111101111", "9": "111101111001111", ".": "000000000000010", "%": "101001010100101",
    "-": "000000111000000", ",": "000000000010100", " ": "000000000000000",
}


def _text(image, x: int, y: int, text: str, scale: int = 2, colour=(0, 0, 0)) -> None:
    for ch in text:
        bits = _FONT.get(ch, _FONT[" "])
        for i, bit in enumerate(bits):
            if bit == "1":
                r, c = divmod(i, 3)
                image[y + r * scale : y + (r + 1) * scale, x + c * scale : x + (c + 1) * scale] = colour
        x += 4 * scale


def histogram_png(stats, bins: int = 20) -> bytes:
    """The final-bankroll histogram as a PNG (bars, axes, the start, numbers on the axes)."""
    import struct
    import zlib

    import numpy as np

    edges, mass = stats.histogram(bins)
    w, h = 720, 400
    left, right, top_margin, bottom = 70, 20, 20, 40
    plot_w, plot_h = w - left - right, h - top_margin - bottom
    image = np.full((h, w, 3), 255, dtype=np.uint8)
    top = float(mass.max()) or 1.0
    bar_w = plot_w / len(mass)
    axis_y = top_margin + plot_h
    for i, p in enumerate(mass):
        bar_h = int(round(float(p) / top * plot_h))
        x0, x1 = int(left + i * bar_w) + 1, int(left + (i + 1) * bar_w) - 1
        image[axis_y - bar_h : axis_y, x0 : max(x1, x0 + 1)] = (59, 110, 168)
    image[axis_y, left : left + plot_w] = 0
    image[top_margin:axis_y, left] = 0
    x_of = lambda value: int(left + (value - edges[0]) / (edges[-1] - edges[0]) * plot_w)
    for k in range(5):
        value = edges[0] + (edges[-1] - edges[0]) * k / 4
        x = min(x_of(value), w - 1)
        image[axis_y : axis_y + 5, x] = 0
        label = f"{value:,.0f}"
        _text(image, max(0, min(x - len(label) * 4, w - len(label) * 8)), axis_y + 10, label)
        share = f"{top * k / 4 * 100:.1f}%"
        _text(image, max(0, left - 6 - len(share) * 8), int(axis_y - plot_h * k / 4) - 5, share)
    start = float(stats.bankroll)
    if edges[0] <= start <= edges[-1]:
        x = min(x_of(start), w - 1)
        image[top_margin:axis_y:6, x] = (192, 57, 43)
        image[top_margin + 1 : axis_y : 6, x] = (192, 57, 43)
        image[top_margin + 2 : axis_y : 6, x] = (192, 57, 43)
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
