"""Several game designs side by side: per bet, the figures a designer weighs.

A *design* is a game (built-in name or file), optionally with other tables swapped in. Every design
is analysed exactly with :func:`casino.edge.analyze`; the dealer-outcome tables are built once per
(ranking, qualifier) and reused, so each further paytable costs a few milliseconds::

    >>> from casino.compare import compare, design
    >>> result = compare([design("three-card-poker"), design("three-card-poker", pair_plus="pair-plus-4")])
    >>> result.labels
    ('Three Card Poker', 'Three Card Poker [Pair Plus table 4]')
    >>> [round(float(f.house_edge), 6) for f in result.column("pair_plus")]
    [0.023167, 0.045792]
    >>> print(result.to_csv().splitlines()[0])
    bet,measure,Three Card Poker,Three Card Poker [Pair Plus table 4]

One result object feeds every output format (:meth:`Comparison.rows`, :meth:`~Comparison.to_dict`,
:meth:`~Comparison.to_csv`, :meth:`~Comparison.to_markdown`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable, Sequence

from casino.edge import BetReport, EdgeReport, analyze
from casino.errors import BetError
from casino.face_up import FACE_UP_TITLE
from casino.games import Game, load_game
from casino.par import rule_variations, rules_of, short_title

__all__ = ["Design", "BetFigures", "Comparison", "design", "compare", "MEASURES"]

#: The measures compared, in table order: (attribute, heading).
MEASURES: tuple[tuple[str, str], ...] = (
    ("house_edge", "House edge"),
    ("element_of_risk", "Element of risk"),
    ("hit_rate", "Hit frequency"),
    ("std_dev", "Standard deviation"),
    ("top_award", "Top award"),
    ("top_award_hand", "Top award hand"),
    ("top_award_odds", "Top award odds"),
    ("play_rate", "Play rate"),
)


@dataclass(frozen=True)
class Design:
    """One game to compare, with the label shown over its column."""

    label: str
    game: Game


def design(
    source: str | Path | Game,
    *,
    ante_bonus: str | Path | None = None,
    pair_plus: str | Path | None = None,
    label: str | None = None,
) -> Design:
    """A design: a built-in game name or a game file, with tables (names or files) swapped in."""
    game = source if isinstance(source, Game) else load_game(source, ante_bonus=ante_bonus, pair_plus=pair_plus)
    return Design(label or game.name, game)


@dataclass(frozen=True)
class BetFigures:
    """The compared figures of one bet of one design (exact where exact).

    The top award is the best net result of one round (per unit of the initial bet) and how many
    of the ``total`` combinations give it: for Ante / Play a win plus the top Ante Bonus.
    """

    bet: str
    title: str
    house_edge: Fraction
    element_of_risk: Fraction
    hit_rate: Fraction
    std_dev: float
    top_award: Fraction
    top_award_hand: str
    top_award_combinations: int
    total: int
    play_rate: Fraction | None

    @classmethod
    def of(cls, report: BetReport) -> BetFigures:
        best, best_count = report.distribution[0]  # the best net result of one round, and how often
        paying = [o.label for o in report.outcomes if o.pays == best and o.combinations]
        if paying:
            hand = " / ".join(paying)
        elif report.bet == "ante_play" and report.top_award.label.startswith("Ante Bonus"):
            hand = f"win + {report.top_award.label.removeprefix('Ante Bonus: ')} bonus"
        else:
            hand = "best result"
        return cls(
            bet=report.bet,
            title=report.title,
            house_edge=report.house_edge,
            element_of_risk=report.element_of_risk,
            hit_rate=report.hit_rate,
            std_dev=report.std_dev,
            top_award=best,
            top_award_hand=hand,
            top_award_combinations=best_count,
            total=report.total,
            play_rate=report.play_rate,
        )

    @property
    def top_award_odds(self) -> float | None:
        """``n`` in "1 in n": how rarely the top award is hit (``None`` if never)."""
        return self.total / self.top_award_combinations if self.top_award_combinations else None

    def cell(self, measure: str) -> str:
        """One measure as text, as the tables print it."""
        if measure in ("house_edge", "element_of_risk"):
            return f"{float(getattr(self, measure)) * 100:.4f}%"
        if measure == "hit_rate":
            return f"{float(self.hit_rate) * 100:.2f}%"
        if measure == "play_rate":
            return f"{float(self.play_rate) * 100:.2f}%" if self.play_rate is not None else "—"
        if measure == "std_dev":
            return f"{self.std_dev:.4f}"
        if measure == "top_award":
            return _pays(self.top_award)
        if measure == "top_award_hand":
            return self.top_award_hand
        if measure == "top_award_odds":
            odds = self.top_award_odds
            return f"1 in {odds:,.0f}" if odds is not None else "never"
        raise KeyError(measure)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "house_edge": float(self.house_edge),
            "house_edge_fraction": f"{self.house_edge.numerator}/{self.house_edge.denominator}",
            "element_of_risk": float(self.element_of_risk),
            "hit_rate": float(self.hit_rate),
            "std_dev": self.std_dev,
            "top_award": {
                "pays": float(self.top_award),
                "hand": self.top_award_hand,
                "combinations": self.top_award_combinations,
                "one_in": self.top_award_odds,
            },
            "play_rate": float(self.play_rate) if self.play_rate is not None else None,
        }


def _pays(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True, eq=False)
class Comparison:
    """Designs (columns) by bet and measure (rows)."""

    designs: tuple[Design, ...]
    reports: tuple[EdgeReport, ...]
    bets: tuple[str, ...]
    figures: tuple[dict[str, BetFigures], ...]  # per design: bet -> figures (absent bets left out)
    titles: dict[str, str]

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(d.label for d in self.designs)

    def column(self, bet: str) -> list[BetFigures | None]:
        """One bet's figures for each design (``None`` where a design lacks the bet)."""
        return [figures.get(bet) for figures in self.figures]

    def rules(self) -> list[tuple[str, list[str]]]:
        """(heading, one cell per design) naming each design's rules, when they are not all the
        usual ones: the dealer's qualifier and tie rule where designs differ, and any rule variations."""
        games = [d.game for d in self.designs]
        variations = [rule_variations(g) for g in games]
        if not any(variations) and len({(g.qualifier, g.ties) for g in games}) == 1:
            return []
        return [
            ("Dealer qualifies with", [g.qualifier for g in games]),
            ("Ties", [g.ties for g in games]),
            ("Rule variations", ["; ".join(v) or "—" for v in variations]),
        ]

    def rows(self) -> list[tuple[str, str, list[str]]]:
        """(bet title, measure heading, one cell per design) for every bet and measure; first a
        ``Rules`` group when the designs' rules differ from the usual ones (see :meth:`rules`)."""
        rows = [("Rules", heading, cells) for heading, cells in self.rules()]
        for bet in self.bets:
            column = self.column(bet)
            for measure, heading in MEASURES:
                if measure == "play_rate" and all(f is None or f.play_rate is None for f in column):
                    continue
                rows.append((self.titles[bet], heading, [f.cell(measure) if f else "—" for f in column]))
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {
            "designs": [
                {
                    "label": d.label,
                    "game": d.game.name,
                    "source": d.game.source,
                    "ranking": d.game.ranking.name,
                    "qualifier": d.game.qualifier,
                    "ties": d.game.ties,
                    "rules": rules_of(d.game),
                    "rule_variations": list(rule_variations(d.game)),
                    "bets": {bet: f.to_dict() for bet, f in figures.items()},
                }
                for d, figures in zip(self.designs, self.figures)
            ]
        }

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["bet", "measure", *self.labels])
        for bet in self.bets:
            column = self.column(bet)
            for measure, _ in MEASURES:
                writer.writerow([bet, measure, *(_raw(f, measure) for f in column)])
        return out.getvalue()

    def to_markdown(self) -> str:
        lines = [
            "| Bet | Measure | " + " | ".join(_md(label) for label in self.labels) + " |",
            "|---|---|" + "---:|" * len(self.designs),
        ]
        for title, heading, cells in self.rows():
            lines.append(f"| {_md(title)} | {heading} | " + " | ".join(_md(c) for c in cells) + " |")
        return "\n".join(lines) + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def _raw(figures: BetFigures | None, measure: str) -> str:
    """A machine-readable CSV cell (full precision; empty where absent)."""
    if figures is None:
        return ""
    value = figures.top_award_odds if measure == "top_award_odds" else getattr(figures, measure)
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return repr(float(value))


def compare(designs: Sequence[Design] | Iterable[Design], bets: Sequence[str] | None = None) -> Comparison:
    """Analyse each design exactly and line the figures up.

    ``bets`` restricts the comparison to some bets (``"ante_play"``, ``"pair_plus"``, a side bet);
    every design must then offer them (:class:`~casino.errors.BetError` otherwise).
    """
    designs = tuple(designs)
    if not designs:
        raise BetError("nothing to compare: give at least one game")
    from casino.sidebets import in_game_words

    reports = tuple(in_game_words(analyze(d.game)) for d in designs)
    figures = tuple({b.bet: BetFigures.of(b) for b in report.bets} for report in reports)
    titles: dict[str, str] = {}
    for report in reports:
        for b in report.bets:
            titles.setdefault(b.bet, short_title(b.title.split(FACE_UP_TITLE)[0]))  # (a rule: in the Rules rows)
    if bets:
        for bet in bets:
            for d, f in zip(designs, figures):
                if bet not in f:
                    offered = ", ".join(f)
                    raise BetError(f"{d.label} ({d.game.source}) has no {bet} bet (it offers: {offered})")
        chosen = tuple(bets)
    else:
        chosen = tuple(titles)
    return Comparison(designs, reports, chosen, figures, {b: titles[b] for b in chosen})
