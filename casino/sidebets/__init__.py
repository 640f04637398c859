"""Side bets settled on the cards alone, each exact: 6 Card Bonus, Colour Bonus, Prime, Progressive.

A game file adds one as a section named after the bet, either inline (hand = payout to 1) or as the
name of a built-in table (``six_card_bonus = "six-card-bonus-1"``) or a path::

    >>> from casino.sidebets import load_side_bet
    >>> bet = load_side_bet("colour-bonus-1")
    >>> bet.title, bet.pay_for("same_suit")
    ('Colour Bonus', Fraction(6, 1))
    >>> round(float(bet.report().house_edge), 6)
    0.021176
    >>> prime = load_side_bet("prime-1")
    >>> round(float(prime.report().house_edge), 6)
    0.036206

Progressive pays may be a share of the meter (``mini_royal = "100% meter"``); the bet's ``meter``
says how large the meter is (in units of the stake), :meth:`SideBet.edge_at` gives the house edge
for any meter and :meth:`SideBet.break_even_meter` where it crosses zero.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from casino.errors import GameFileError, UnknownGameError

__all__ = [
    "SIDE_BETS", "SideBet", "parse_side_bet", "load_side_bet", "builtin_side_bets", "side_bet_counts",
    "in_game_words",
]

def _kinds() -> dict[str, Any]:
    from casino.bets import side_bets

    return {str(kind.name): kind for kind in side_bets()}


#: Side bets a game file may hold: section name -> (title, the hands it can pay, best first), from
#: the bet modules of :mod:`casino.bets` (one module per bet).
SIDE_BETS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    name: (kind.title, kind.hands) for name, kind in _kinds().items()
}

_LABELS: dict[str, str] = {hand: label for kind in _kinds().values() for hand, label in kind.labels.items()}
_SPECIAL_PARENT: dict[str, str] = {hand: parent for kind in _kinds().values() for hand, parent in kind.parents.items()}


def side_bet_counts(bet: str) -> tuple[dict[str, int], int]:
    """Exact combinations of each hand of a side bet (exclusive: each deal counted at its best hand;
    progressive special hands counted apart from their category), and the total number of deals."""
    kind = _kinds().get(bet)
    if kind is None:
        raise GameFileError(f"unknown side bet {bet!r} (one of: {', '.join(SIDE_BETS)})")
    counts: tuple[dict[str, int], int] = kind.counts()
    return counts


@dataclass(frozen=True)
class SideBet:
    """One side bet's paytable: fixed pays (to 1) and, for a progressive, shares of the meter."""

    bet: str
    name: str
    pays: tuple[tuple[str, Fraction], ...]
    source: str = ""
    meter: Fraction = Fraction(0)
    meter_shares: tuple[tuple[str, Fraction], ...] = ()
    #: the part of each stake added to the table's meter (progressive only; 0: the meter stays put)
    contribution: Fraction = Fraction(0)

    @property
    def title(self) -> str:
        return SIDE_BETS[self.bet][0]

    @property
    def hands(self) -> tuple[str, ...]:
        return SIDE_BETS[self.bet][1]

    def _entry(self, hand: str) -> str:
        """The paytable line that pays ``hand``: its own, or, for a progressive's special hand (a mini royal, 3-3-3,
        A-A-A) not listed, its category's. A special hand listed overrides its category altogether, fixed pay and
        meter share alike (a mini royal at "100% meter" wins the meter, not the meter plus a running flush's pay)."""
        if self.bet == "progressive" and hand in _SPECIAL_PARENT:
            if not any(key == hand for key, _ in self.pays + self.meter_shares):
                return _SPECIAL_PARENT[hand]
        return hand

    def meter_share(self, hand: str) -> Fraction | None:
        """The share of the meter ``hand`` wins (``None``: none; such a hit does not reset the meter)."""
        return dict(self.meter_shares).get(self._entry(hand))

    def pay_for(self, hand: str, meter: Fraction | None = None) -> Fraction | None:
        """What ``hand`` pays (to 1), meter share included; ``None`` when it loses.

            >>> from casino.sidebets import load_side_bet
            >>> side = load_side_bet("progressive-1")  # running flush 70, mini royal "100% meter", meter 1000
            >>> side.pay_for("running_flush"), side.pay_for("mini_royal")
            (Fraction(70, 1), Fraction(1000, 1))
        """
        entry = self._entry(hand)
        fixed = dict(self.pays).get(entry)
        share = dict(self.meter_shares).get(entry)
        if fixed is None and share is None:
            return None
        m = self.meter if meter is None else meter
        return (fixed or Fraction(0)) + (share or Fraction(0)) * m

    def with_pay(self, hand: str, pays: Fraction) -> SideBet:
        """The same table with ``hand`` paying ``pays`` (a fixed amount)."""
        table = dict(self.pays)
        table[hand] = Fraction(pays)
        shares = tuple((k, v) for k, v in self.meter_shares if k != hand)
        return replace(self, pays=tuple((k, table[k]) for k in self.hands if k in table), meter_shares=shares)

    def to_toml_table(self) -> dict[str, Any]:
        """This table as a game-file section (hand = payout; meter shares as ``"7/10 meter"``)."""
        table: dict[str, Any] = dict(self.pays)
        table.update({hand: f"{share} meter" for hand, share in self.meter_shares})
        if self.bet == "progressive":
            table["meter"] = self.meter
            if self.contribution:
                table["contribution"] = self.contribution
        return table

    def with_meter(self, meter: Fraction | int) -> SideBet:
        return replace(self, meter=Fraction(meter))

    def label(self, hand: str, ranking: Any = None) -> str:
        """Players' word for ``hand``: a three-card hand in the words of ``ranking`` when given.

            >>> bet = load_side_bet("progressive-1")
            >>> bet.label("running_flush"), bet.label("running_flush", "poker"), bet.label("prial", "poker")
            ('Running flush', 'Straight flush', 'Three of a kind')
        """
        from casino.rankings import PAY_CLASSES, get_ranking

        if ranking is not None and hand in PAY_CLASSES:
            ranking = get_ranking(ranking) if isinstance(ranking, str) else ranking
            return str(ranking.label(hand))
        return _LABELS[hand]

    def report(self, meter: Fraction | None = None, ranking: Any = None) -> Any:
        """The exact :class:`~casino.edge.BetReport` of this bet (at ``meter``, default the table's);
        hands labelled in the words of ``ranking`` (a name or :class:`~casino.rankings.Ranking`)."""
        from casino.edge import BetReport, Outcome

        counts, total = side_bet_counts(self.bet)
        outcomes = []
        distribution: dict[Fraction, int] = {}
        losing = total
        for hand in self.hands:
            n = counts.get(hand, 0)
            pays = self.pay_for(hand, meter)
            if pays is None or n == 0:
                continue
            losing -= n
            outcomes.append(Outcome(self.label(hand, ranking), n, pays, total))
            distribution[pays] = distribution.get(pays, 0) + n
        outcomes.sort(key=lambda o: o.pays, reverse=True)
        outcomes.append(Outcome("Loses", losing, Fraction(-1), total))
        if losing:
            distribution[Fraction(-1)] = distribution.get(Fraction(-1), 0) + losing
        return BetReport(
            bet=self.bet,
            title=self.title,
            total=total,
            outcomes=tuple(outcomes),
            distribution=tuple(sorted(distribution.items(), reverse=True)),
        )

    def edge_at(self, meter: Fraction | int) -> Fraction:
        """The house edge with the meter at ``meter`` units of the stake."""
        edge: Fraction = self.report(Fraction(meter)).house_edge
        return edge

    def break_even_meter(self) -> Fraction | None:
        """The meter at which the house edge is zero (``None`` if no share of the meter is paid)."""
        e0, e1 = self.edge_at(0), self.edge_at(1)
        if e0 == e1:
            return None
        return e0 / (e0 - e1)


def in_game_words(report: Any) -> Any:
    """An :class:`~casino.edge.EdgeReport` whose side bets name hands as the game's ranking does
    (``Straight flush`` in a poker-ranked game, ``Running flush`` in Brag)::

        >>> from casino.edge import analyze
        >>> from casino.games import load_game
        >>> game = load_game("three-card-poker").with_side_bet(load_side_bet("progressive-1"))
        >>> [o.label for o in in_game_words(analyze(game)).side_bets[0].outcomes][:3]
        ['Mini royal', 'Straight flush', 'Three of a kind']
    """
    game = report.game
    if not game.side_bets:
        return report
    return replace(report, side_bets=tuple(side.report(ranking=game.ranking) for side in game.side_bets))


# ---------------------------------------------------------------------------------------------------
# Reading tables


def builtin_side_bets() -> dict[str, str]:
    """Built-in side-bet table names (``six-card-bonus-1`` …) mapped to their TOML text."""
    found: dict[str, str] = {}
    root = resources.files("paytables")
    for bet in SIDE_BETS:
        folder = root.joinpath(bet)
        if folder.is_dir():
            for entry in sorted(folder.iterdir(), key=lambda e: e.name):
                if entry.name.endswith(".toml"):
                    found[entry.name.removesuffix(".toml")] = entry.read_text(encoding="utf-8")
    return found


def _amount(value: Any, where: str) -> Fraction:
    from casino.money import parse_amount

    return parse_amount(value, where)


def _meter_share(raw: str, where: str) -> Fraction:
    """``"meter"`` -> 1, ``"70% meter"`` -> 7/10, ``"7/10 meter"`` -> 7/10; anything else names what was written."""
    text = raw.strip()
    amount = text[: -len("meter")].strip() if text.lower().endswith("meter") else None
    bad = GameFileError(f"{where} must be a payout or a share of the meter such as \"100% meter\", not {raw!r}")
    if amount is None:
        raise bad
    if not amount:
        return Fraction(1)
    try:
        share = (_amount(amount[:-1].strip(), where) / 100 if amount.endswith("%") else _amount(amount, where))
    except GameFileError:
        raise bad from None
    if share < 0:
        raise bad
    return share


def parse_side_bet(
    bet: str, value: Any, label: str, name: str | None = None, source: str = "", base: Path | None = None
) -> SideBet:
    """A side bet from a game-file section (a table of hand = payout, or a table name / path)."""
    if isinstance(value, str):
        return load_side_bet(value, bet=bet, base=base)
    where = f"{label}: [{bet}]"
    if not isinstance(value, dict) or not value:
        raise GameFileError(f"{where} must be a table of hand = payout")
    hands = SIDE_BETS[bet][1]
    pays: dict[str, Fraction] = {}
    shares: dict[str, Fraction] = {}
    meter: Fraction | None = None
    contribution = Fraction(0)
    for word, raw in value.items():
        key = word.strip().lower().replace("-", "_").replace(" ", "_")
        if bet == "progressive" and key == "meter":
            meter = _amount(raw, f"{where}.meter")
            if meter < 0:
                raise GameFileError(f"{where}.meter: the meter cannot be negative, not {raw!r}")
            continue
        if bet == "progressive" and key == "contribution":
            contribution = _amount(raw, f"{where}.contribution")
            if contribution >= 1:
                raise GameFileError(f"{where}.contribution: the part of each stake added to the meter must be"
                                    f" below 1, not {raw!r}")
            continue
        if key not in hands:
            near = difflib.get_close_matches(key, hands, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise GameFileError(f"{where}.{word}: unknown hand for {SIDE_BETS[bet][0]}{hint}; hands: {', '.join(hands)}")
        if bet == "progressive" and isinstance(raw, str) and "meter" in raw.lower():
            shares[key] = _meter_share(raw, f"{where}.{word}")
        else:
            pays[key] = _amount(raw, f"{where}.{word}")
    if bet == "progressive" and meter is None:
        raise GameFileError(
            f"{where}.meter is required: how large the meter is, in units of the stake (e.g. meter = 1000)"
        )
    return SideBet(
        bet=bet,
        name=name or f"{label.split(' ')[0]} {SIDE_BETS[bet][0]}",
        pays=tuple((k, pays[k]) for k in hands if k in pays),
        source=source or label,
        meter=meter if meter is not None else Fraction(0),
        meter_shares=tuple((k, shares[k]) for k in hands if k in shares),
        contribution=contribution,
    )


def load_side_bet(source: str | Path, bet: str | None = None, base: Path | None = None) -> SideBet:
    """A side-bet table by built-in name (``"six-card-bonus-1"``) or from a TOML file.

    A relative path is read from ``base`` when given (the folder of the game file that names it).
    """
    from casino.files import read_source
    from casino.toml_files import parse_toml

    text, label, _ = read_source(source, builtin_side_bets(), "side-bet table", base)
    data = parse_toml(text, label)
    present = [b for b in SIDE_BETS if b in data and (bet is None or b == bet)]
    if not present:
        raise GameFileError(f"{label}: has no [{bet or ' / '.join(SIDE_BETS)}] table")
    for key in data:
        if key not in (*SIDE_BETS, "name", "source", "description"):
            raise GameFileError(f"{label}: unknown key {key!r}")
    return parse_side_bet(
        present[0], data[present[0]], label,
        name=str(data.get("name", Path(str(source)).stem)), source=str(data.get("source", label)),
    )
