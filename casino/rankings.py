"""Hand rankings as data: an ordered list of categories plus two flags.

The six categories have one canonical name each (the Brag words); the poker words are aliases.
``paytables/rankings.toml`` says, per ranking, their order from weakest to strongest, whether 3-3-3
is the top prial and whether A-2-3 is the top or the bottom run::

    >>> from casino.rankings import get_ranking, hand_key
    >>> brag = get_ranking("brag")
    >>> brag.order
    ('high_card', 'pair', 'flush', 'run', 'running_flush', 'prial')
    >>> brag.label("run"), get_ranking("poker").label("run")
    ('Run', 'Straight')
    >>> hand_key("trips")
    'prial'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

from casino.errors import GameFileError

__all__ = [
    "CATEGORIES",
    "SPECIAL_HANDS",
    "SPECIAL_PARENT",
    "PAY_CLASSES",
    "ALIASES",
    "Ranking",
    "get_ranking",
    "ranking_names",
    "hand_key",
]

#: Canonical category names. Their position here is only an id; each ranking orders them.
CATEGORIES: tuple[str, ...] = ("high_card", "pair", "flush", "run", "running_flush", "prial")

#: Special hands that a paytable may pay apart from their category.
SPECIAL_HANDS: Mapping[str, str] = MappingProxyType(
    {
        "mini_royal": "A-K-Q suited",
        "prial_of_threes": "3-3-3",
        "three_aces": "A-A-A",
    }
)

#: The category each special hand belongs to (and is paid as, when a paytable does not name it).
SPECIAL_PARENT: Mapping[str, str] = MappingProxyType(
    {"mini_royal": "running_flush", "prial_of_threes": "prial", "three_aces": "prial"}
)

#: Everything a paytable can name: the six categories, then the special hands.
PAY_CLASSES: tuple[str, ...] = CATEGORIES + tuple(SPECIAL_HANDS)

#: Other words accepted for the same hands, in either ranking.
ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "high": "high_card",
        "straight": "run",
        "straight_flush": "running_flush",
        "three_of_a_kind": "prial",
        "trips": "prial",
        "mini_royal_flush": "mini_royal",
        "three_threes": "prial_of_threes",
    }
)


def hand_key(name: str) -> str:
    """The canonical pay-class name for a hand word (``'straight'`` -> ``'run'``).

    Raises :class:`KeyError` for a word that names no hand.
    """
    word = name.strip().lower().replace("-", "_").replace(" ", "_")
    word = ALIASES.get(word, word)
    if word not in PAY_CLASSES:
        raise KeyError(name)
    return word


@dataclass(frozen=True)
class Ranking:
    """One ranking system: category order (weakest first), labels and the two flags."""

    name: str
    title: str
    order: tuple[str, ...]
    labels: Mapping[str, str] = field(repr=False, compare=False)
    threes_top: bool
    a23_top: bool

    special_labels: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)

    def label(self, key: str) -> str:
        """Players' word for a category or special hand in this ranking."""
        if key in SPECIAL_HANDS:
            return self.special_labels.get(key, key.replace("_", " ").capitalize())
        return self.labels[key]

    def position(self, category: str) -> int:
        """0 for the weakest category, 5 for the strongest."""
        return self.order.index(category)


def _parse_ranking(name: str, table: object, source: str) -> Ranking:
    where = f"{source}: [{name}]"
    if not isinstance(table, dict):
        raise GameFileError(f"{where}: a ranking must be a table")
    unknown = set(table) - {"title", "order", "labels", "special_labels", "threes_top", "a23"}
    if unknown:
        raise GameFileError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    order = table.get("order")
    if not isinstance(order, list) or sorted(order) != sorted(CATEGORIES):
        raise GameFileError(f"{where}.order must list each of {', '.join(CATEGORIES)} once")
    labels = table.get("labels", {})
    if not isinstance(labels, dict) or set(labels) != set(CATEGORIES):
        raise GameFileError(f"{where}.labels must name each of {', '.join(CATEGORIES)}")
    a23 = table.get("a23")
    if a23 not in ("top", "bottom"):
        raise GameFileError(f"{where}.a23 must be \"top\" or \"bottom\", not {a23!r}")
    special_labels = table.get("special_labels", {})
    if not isinstance(special_labels, dict) or not set(special_labels) <= set(SPECIAL_HANDS):
        raise GameFileError(f"{where}.special_labels may name only {', '.join(SPECIAL_HANDS)}")
    threes_top = table.get("threes_top")
    if not isinstance(threes_top, bool):
        raise GameFileError(f"{where}.threes_top must be true or false")
    return Ranking(
        name=name,
        title=str(table.get("title", name)),
        order=tuple(order),
        labels=MappingProxyType(dict(labels)),
        threes_top=threes_top,
        a23_top=a23 == "top",
        special_labels=MappingProxyType(dict(special_labels)),
    )


@cache
def _rankings() -> Mapping[str, Ranking]:
    text = resources.files("paytables").joinpath("rankings.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return MappingProxyType({name: _parse_ranking(name, table, "rankings.toml") for name, table in data.items()})


def ranking_names() -> tuple[str, ...]:
    """Names of the rankings shipped in ``paytables/rankings.toml``."""
    return tuple(_rankings())


def get_ranking(name: str) -> Ranking:
    """The ranking called ``name`` (``"brag"`` or ``"poker"``)."""
    try:
        return _rankings()[name.strip().lower()]
    except KeyError:
        raise GameFileError(
            f"unknown ranking {name!r} (choose one of: {', '.join(ranking_names())})"
        ) from None
