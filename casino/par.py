"""The PAR sheet a casino files: every outcome of every bet, exactly.

For each bet the return table (combinations, probability, pays, contribution to return); for
Ante / Play also the net-result distribution (best win down to -2 units) and the breakdown by the
player's hand category (folds, dealer not qualifying, wins, ties, losses); then totals, house edge,
element of risk and standard deviation::

    >>> from casino.games import load_game
    >>> from casino.par import par_sheet
    >>> sheet = par_sheet(load_game("three-card-poker"))
    >>> [row.label for row in sheet.categories][:3]
    ['Straight flush', 'Three of a kind', 'Straight']
    >>> sum(row.total for row in sheet.categories)
    407170400
    >>> [s.title for s in sheet.sections()][:3]
    ['Summary', 'Ante/Play: return table', 'Ante/Play: net result per round']

Every format (:meth:`ParSheet.sections` for tables, :meth:`~ParSheet.to_markdown`,
:meth:`~ParSheet.to_csv`, :meth:`~ParSheet.to_dict`) is drawn from the same :class:`ParSheet`.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from casino.edge import BetReport, EdgeReport, analyze
from casino.games import Game
from casino.rankings import CATEGORIES

__all__ = ["CategoryRow", "Section", "ParSheet", "par_sheet", "rule_variations", "rules_of", "short_title"]


@dataclass(frozen=True)
class CategoryRow:
    """Ante / Play broken down by the player's hand category: (player, dealer) pairs by outcome."""

    key: str
    label: str
    hands: int
    played: int  # player hands of this category that the strategy plays
    fold: int
    not_qualify: int
    win: int
    tie: int
    lose: int
    contribution: Fraction  # this category's share of the expected net result per Ante

    @property
    def total(self) -> int:
        return self.fold + self.not_qualify + self.win + self.tie + self.lose


@dataclass(frozen=True)
class Section:
    """One table of the sheet: text cells (tables, Markdown) and the plain values behind them (CSV).

    ``data`` holds one row of values per text row (the total row last, when there is one): ints,
    Fractions (written as decimals), text, or ``None`` where a cell does not apply.
    """

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    total: tuple[str, ...] | None = None
    data: tuple[tuple[Any, ...], ...] = ()


def short_title(title: str) -> str:
    """A bet's title as a table label: ``Ante / Play with Ante Bonus`` -> ``Ante/Play``.

        >>> short_title("Ante / Play with Ante Bonus"), short_title("Pair Plus")
        ('Ante/Play', 'Pair Plus')
    """
    return title.removesuffix(" with Ante Bonus").replace("Ante / Play", "Ante/Play")


def rule_variations(game: Game) -> tuple[str, ...]:
    """The game's rule variations from the usual rules, in players' words (empty for the usual game).

        >>> from dataclasses import replace
        >>> from casino.games import Rules, load_game
        >>> rule_variations(load_game("three-card-poker"))
        ()
        >>> rule_variations(replace(load_game("three-card-poker"), rules=Rules(False, False)))
        ('no Ante Bonus when the dealer wins', 'Pair Plus lost on a fold')
        >>> rule_variations(replace(load_game("three-card-poker"), rules=Rules(face_up=True)))
        ("Face Up (the dealer's first card shown before the decision)",)
    """
    words = []
    if not game.rules.ante_bonus_on_loss:
        words.append("no Ante Bonus when the dealer wins")
    if not game.rules.pair_plus_on_fold:
        words.append("Pair Plus lost on a fold")
    if game.rules.face_up:
        words.append("Face Up (the dealer's first card shown before the decision)")
    return tuple(words)


def rules_of(game: Game) -> dict[str, bool]:
    """The game's ``[rules]`` as JSON gives them: every rule key, each true or false.

        >>> from casino.games import load_game
        >>> rules_of(load_game("three-card-poker"))
        {'ante_bonus_on_loss': True, 'pair_plus_on_fold': True, 'face_up': False}
    """
    from dataclasses import asdict

    return asdict(game.rules)


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    if isinstance(value, (Fraction, float)):
        return repr(float(value))
    return str(value)


def _f(value: Fraction | float, digits: int = 6) -> str:
    return f"{float(value):.{digits}f}"


def _pays(value: Fraction) -> str:
    if value.denominator == 1:
        return f"{value.numerator:+d}" if value < 0 else str(value.numerator)
    return f"{float(value):g}"


@dataclass(frozen=True, eq=False)
class ParSheet:
    """A game's PAR sheet under a strategy (the optimal one unless given)."""

    game: Game
    report: EdgeReport
    categories: tuple[CategoryRow, ...]

    def sections(self) -> list[Section]:
        """The sheet as titled tables of text, in filing order."""
        report = self.report
        sections = [self._summary()]
        for bet in report.bets:
            sections.append(_return_table(bet))
            if bet.bet == "ante_play":
                sections.append(_distribution(bet))
                sections.append(self._by_category())
            elif self.game.head_to_head is not None and len(bet.distribution) > 2:
                sections.append(_distribution(bet))
        for side in self.game.side_bets:
            if side.meter_shares:
                sections.append(_meter(side))
        return sections

    def _summary(self) -> Section:
        rows = []
        data = []
        for bet in self.report.bets:
            data.append((short_title(bet.title), bet.house_edge, f"{bet.house_edge.numerator}/{bet.house_edge.denominator}",
                         bet.element_of_risk, bet.std_dev, bet.hit_rate, bet.play_rate, bet.total))
            rows.append(
                (
                    short_title(bet.title),
                    f"{float(bet.house_edge) * 100:.4f}%",
                    f"{bet.house_edge.numerator:,}/{bet.house_edge.denominator:,}",
                    f"{float(bet.element_of_risk) * 100:.4f}%",
                    f"{bet.std_dev:.4f}",
                    f"{float(bet.hit_rate) * 100:.2f}%",
                    f"{float(bet.play_rate) * 100:.2f}%" if bet.play_rate is not None else "—",
                    f"{bet.total:,}",
                )
            )
        headers = ("Bet", "House edge", "Exact", "Element of risk", "Std dev", "Hit rate", "Play rate", "Combinations")
        return Section("Summary", headers, tuple(rows), data=tuple(data))

    def _by_category(self) -> Section:
        rows = []
        for row in self.categories:
            rows.append(
                (
                    row.label,
                    f"{row.hands:,}",
                    f"{row.played:,}",
                    f"{row.fold:,}",
                    f"{row.not_qualify:,}",
                    f"{row.win:,}",
                    f"{row.tie:,}",
                    f"{row.lose:,}",
                    f"{float(row.contribution):+.6f}",
                )
            )
        c = self.categories
        total = (
            "Total",
            f"{sum(r.hands for r in c):,}",
            f"{sum(r.played for r in c):,}",
            *(f"{sum(getattr(r, k) for r in c):,}" for k in ("fold", "not_qualify", "win", "tie", "lose")),
            f"{float(sum((r.contribution for r in c), Fraction(0))):+.6f}",
        )
        headers = ("Player hand", "Hands", "Played", "Fold", "Dealer not qualifying", "Win", "Tie", "Lose",
                   "Contribution")
        keys = ("hands", "played", "fold", "not_qualify", "win", "tie", "lose", "contribution")
        data = [(r.label, *(getattr(r, k) for k in keys)) for r in c]
        data.append(("Total", *(sum((getattr(r, k) for r in c), start=Fraction(0) if k == "contribution" else 0)
                                for k in keys)))
        return Section("Ante/Play by player hand: player and dealer hands dealt", headers, tuple(rows), total,
                       tuple(data))

    def to_dict(self) -> dict[str, Any]:
        data = self.report.to_dict()
        if self.game.head_to_head is None:
            data.update(
                qualifier=self.game.qualifier,
                ties=self.game.ties,
                rules=rules_of(self.game),
            )
        for bet in self.report.bets:
            data[bet.bet]["distribution"] = [
                {"net": float(value), "combinations": n, "probability": n / bet.total}
                for value, n in bet.distribution
            ]
        if "ante_play" not in data:
            return data
        data["ante_play"]["by_player_hand"] = [
            {
                "hand": r.key,
                "label": r.label,
                "hands": r.hands,
                "played": r.played,
                "fold": r.fold,
                "dealer_not_qualify": r.not_qualify,
                "win": r.win,
                "tie": r.tie,
                "lose": r.lose,
                "contribution": float(r.contribution),
            }
            for r in self.categories
        ]
        return data

    def to_markdown(self) -> str:
        g = self.game
        lines = [f"# PAR sheet: {g.name}", "", self.description() + ".", ""]
        for section in self.sections():
            lines.append(f"## {section.title}")
            lines.append("")
            lines.append("| " + " | ".join(section.headers) + " |")
            lines.append("|---|" + "---:|" * (len(section.headers) - 1))
            for row in section.rows:
                lines.append("| " + " | ".join(row) + " |")
            if section.total:
                lines.append("| " + " | ".join(f"**{cell}**" if cell else "" for cell in section.total) + " |")
            lines.append("")
        return "\n".join(lines)

    def description(self) -> str:
        """The game's rules in one line: ranking, qualifier, ties and any rule variations."""
        g = self.game
        if g.head_to_head is not None:
            from casino.maths.head_to_head import describe

            return describe(g)
        text = f"{g.ranking.title} ranking; dealer qualifies with {g.qualifier}; ties {g.ties}"
        variations = rule_variations(g)
        return text + (f"; rule variations: {', '.join(variations)}" if variations else "")

    def to_csv(self) -> str:
        """Every table as CSV rows of plain numbers: decimals for fractions and percentages (0.0337,
        not 3.37%), no thousands separators, empty cells where a value does not apply."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        for section in self.sections():
            writer.writerow(["section", *section.headers])
            for row in section.data:
                writer.writerow([section.title, *(_csv_cell(v) for v in row)])
        return out.getvalue()


def _return_table(bet: BetReport) -> Section:
    rows = tuple(
        (o.label, f"{o.combinations:,}", _f(o.probability), _pays(o.pays), f"{float(o.contribution):+.6f}")
        for o in bet.outcomes
    )
    data: list[tuple[Any, ...]] = [(o.label, o.combinations, o.probability, o.pays, o.contribution)
                                   for o in bet.outcomes]
    covered = Fraction(sum(o.combinations for o in bet.outcomes), bet.total)
    total = ("Total", f"{bet.total:,}", _f(covered), "", f"{float(bet.expected_return):+.6f}")
    data.append(("Total", bet.total, covered, None, bet.expected_return))
    if bet.bet == "ante_play":  # Ante Bonus rows overlap the outcome rows, so the sum is not 1
        total = ("Total", f"{bet.total:,}", "", "", f"{float(bet.expected_return):+.6f}")
        data[-1] = ("Total", bet.total, None, None, bet.expected_return)
    return Section(f"{short_title(bet.title)}: return table",
                   ("Outcome", "Combinations", "Probability", "Pays", "Contribution"), rows, total, tuple(data))


def _distribution(bet: BetReport) -> Section:
    rows = tuple(
        (_pays(value), f"{n:,}", _f(Fraction(n, bet.total)), f"{float(value * n / bet.total):+.6f}")
        for value, n in bet.distribution
    )
    data: list[tuple[Any, ...]] = [(value, n, Fraction(n, bet.total), value * n / bet.total)
                                   for value, n in bet.distribution]
    covered = Fraction(sum(n for _, n in bet.distribution), bet.total)
    total = ("Total", f"{bet.total:,}", _f(covered), f"{float(bet.expected_return):+.6f}")
    data.append(("Total", bet.total, covered, bet.expected_return))
    return Section(f"{short_title(bet.title)}: net result per round",
                   ("Net result", "Combinations", "Probability", "Contribution"), rows, total, tuple(data))


def _meter_text(meter: Fraction) -> str:
    """A meter as players read it: ``2,762``, ``2,761.53`` (two decimals only when it has them)."""
    text = f"{float(meter):,.2f}"
    return text.removesuffix(".00")


def _meter(side: Any) -> Section:
    """A progressive's house edge as a function of the meter, with the break-even meter."""
    even = side.break_even_meter()
    meters = sorted({Fraction(0), side.meter, *(even * k / 4 for k in (2, 3, 4, 5, 6) if even is not None)})
    notes = {m: ", ".join(w for w, hit in (("table", m == side.meter), ("break-even", m == even)) if hit)
             for m in meters}
    edges = {m: side.edge_at(m) for m in meters}
    rows = tuple((_meter_text(m), f"{float(edges[m]) * 100:.4f}%", notes[m]) for m in meters)
    data = tuple((m, edges[m], notes[m] or None) for m in meters)
    return Section(f"{side.title}: house edge by meter (units of the stake)", ("Meter", "House edge", "Note"),
                   rows, data=data)


def par_sheet(game: Game, play: np.ndarray | None = None, report: EdgeReport | None = None) -> ParSheet:
    """The PAR sheet of ``game`` under the optimal strategy (or ``play``; or an existing ``report``)."""
    from casino.sidebets import in_game_words

    report = in_game_words(report if report is not None else analyze(game, play))
    if game.head_to_head is not None:  # no Ante / Play: every bet's return table and distribution
        return ParSheet(game, report, ())
    table, dealer, play_mask = report.table, report.dealer, report.play
    n_dealer = int(dealer.not_qualify[0]) + int(dealer.win[0]) + int(dealer.tie[0]) + int(dealer.lose[0])
    rows = []
    for key in reversed(game.ranking.order):
        mask = table.category == CATEGORIES.index(key)
        played = mask & play_mask
        folded = mask & ~play_mask
        value = int(report.play_value[played].sum()) - int(folded.sum()) * n_dealer * report.scale
        rows.append(
            CategoryRow(
                key=key,
                label=game.ranking.label(key),
                hands=int(mask.sum()),
                played=int(played.sum()),
                fold=int(folded.sum()) * n_dealer,
                not_qualify=int(dealer.not_qualify[played].sum()),
                win=int(dealer.win[played].sum()),
                tie=int(dealer.tie[played].sum()),
                lose=int(dealer.lose[played].sum()),
                contribution=Fraction(value, report.ante_play.total * report.scale),
            )
        )
    return ParSheet(game, report, tuple(rows))
