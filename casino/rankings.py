"""Hand rankings as data: the category order, where each prial and A-2-3 sit, and the players' words.

The six categories have one canonical name each (the Brag words); the poker and Indian words are
aliases. ``paytables/rankings.toml`` says, per ranking, their order from weakest to strongest, which
prial is the top one (``top_prial = "3"``: 3-3-3 beats A-A-A) and where A-2-3 stands among runs
(``a23 = "top" | "second" | "bottom"``: above A-K-Q, just below it, or below 2-3-4). A game file may
define its own ranking in a ``[ranking]`` section with the same keys (:func:`parse_ranking`)::

    >>> from casino.rankings import get_ranking, hand_key
    >>> brag = get_ranking("brag")
    >>> brag.order
    ('high_card', 'pair', 'flush', 'run', 'running_flush', 'prial')
    >>> brag.label("run"), get_ranking("poker").label("run"), get_ranking("teen_patti").label("run")
    ('Run', 'Straight', 'Sequence')
    >>> brag.top_prial, brag.a23, get_ranking("teen_patti").a23
    ('3', 'top', 'second')
    >>> hand_key("trips"), hand_key("pure sequence")
    ('prial', 'running_flush')
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping

from casino.errors import GameFileError

__all__ = [
    "CATEGORIES",
    "SPECIAL_HANDS",
    "SPECIAL_PARENT",
    "PAY_CLASSES",
    "ALIASES",
    "A23_PLACES",
    "RANK_WORDS",
    "Ranking",
    "get_ranking",
    "parse_ranking",
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

#: Other words accepted for the same hands, in any ranking (poker and Indian Teen Patti words).
ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "high": "high_card",
        "straight": "run",
        "straight_flush": "running_flush",
        "three_of_a_kind": "prial",
        "trips": "prial",
        "mini_royal_flush": "mini_royal",
        "three_threes": "prial_of_threes",
        "trail": "prial",
        "trio": "prial",
        "pure_sequence": "running_flush",
        "sequence": "run",
        "colour": "flush",
        "color": "flush",
        "trail_of_aces": "three_aces",
    }
)

#: Where A-2-3 may stand among runs (and running flushes): above A-K-Q, just below A-K-Q, below 2-3-4.
A23_PLACES: tuple[str, ...] = ("top", "second", "bottom")

#: The rank words a ranking file uses for ``top_prial`` (index = rank, 0 = deuce … 12 = ace).
RANK_WORDS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

_DEFAULT_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "high_card": "High card",
        "pair": "Pair",
        "flush": "Flush",
        "run": "Run",
        "running_flush": "Running flush",
        "prial": "Prial",
    }
)
_KEYS = ("title", "order", "labels", "special_labels", "top_prial", "a23")


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
    """One ranking system: category order (weakest first), the top prial, where A-2-3 sits, words.

    Rankings are values: equal rankings share their hand table (every field takes part in equality
    and hashing, labels included, so a table's hand names are always its ranking's own).
    """

    name: str
    title: str
    order: tuple[str, ...]
    label_pairs: tuple[tuple[str, str], ...] = field(repr=False)
    top_prial_rank: int  # 0 = deuce … 12 = ace: this rank's prial beats every other prial
    a23: str  # one of A23_PLACES
    special_label_pairs: tuple[tuple[str, str], ...] = field(default=(), repr=False)

    @property
    def labels(self) -> Mapping[str, str]:
        return dict(self.label_pairs)

    @property
    def top_prial(self) -> str:
        """The rank of the top prial as written in a ranking file (``"3"``, ``"A"`` …)."""
        return RANK_WORDS[self.top_prial_rank]

    @property
    def threes_top(self) -> bool:
        """Does 3-3-3 beat every other prial?"""
        return self.top_prial_rank == 1

    @property
    def a23_top(self) -> bool:
        """Is A-2-3 the best run?"""
        return self.a23 == "top"

    def label(self, key: str) -> str:
        """Players' word for a category or special hand in this ranking."""
        if key in SPECIAL_HANDS:
            return dict(self.special_label_pairs).get(key, key.replace("_", " ").capitalize())
        return dict(self.label_pairs)[key]

    def position(self, category: str) -> int:
        """0 for the weakest category, 5 for the strongest."""
        return self.order.index(category)

    def to_toml_table(self) -> dict[str, Any]:
        """This ranking as a ``[ranking]`` section of a game file (it reads back equal)."""
        table: dict[str, Any] = {
            "title": self.title,
            "order": list(self.order),
            "top_prial": self.top_prial,
            "a23": self.a23,
            "labels": dict(self.label_pairs),
        }
        if self.special_label_pairs:
            table["special_labels"] = dict(self.special_label_pairs)
        return table


def _words(value: object, allowed: tuple[str, ...] | Mapping[str, str], what: str, where: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise GameFileError(f"{where}.{what} must be a table of hand = words")
    out: dict[str, str] = {}
    for key, text in value.items():
        if key not in allowed:
            near = difflib.get_close_matches(str(key), list(allowed), n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise GameFileError(f"{where}.{what}.{key}: unknown hand{hint}; one of: {', '.join(allowed)}")
        if not isinstance(text, str) or not text.strip():
            raise GameFileError(f"{where}.{what}.{key} must be text, not {text!r}")
        out[str(key)] = text.strip()
    return out


def parse_ranking(name: str, table: object, where: str) -> Ranking:
    """A ranking from a TOML table (an entry of ``rankings.toml`` or a game file's ``[ranking]``).

    Keys: ``order`` (required: the six categories, weakest first), ``top_prial`` (a rank: ``"3"``
    puts 3-3-3 on top, ``"A"`` A-A-A; default ``"A"``), ``a23`` (``"top"``, ``"second"`` or
    ``"bottom"``; required), ``labels`` (players' words per category; default the Brag words),
    ``special_labels`` and ``title``::

        >>> r = parse_ranking("mine", {"order": ["high_card", "pair", "run", "flush", "prial",
        ...     "running_flush"], "a23": "second", "top_prial": "A"}, "mine.toml: [ranking]")
        >>> r.a23, r.top_prial, r.label("prial")
        ('second', 'A', 'Prial')
    """
    if not isinstance(table, dict):
        raise GameFileError(f"{where} must be a table")
    for key in table:
        if key not in _KEYS:
            near = difflib.get_close_matches(str(key), _KEYS, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise GameFileError(f"{where}: unknown key {key!r}{hint}")
    order = table.get("order")
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(CATEGORIES):
        raise GameFileError(f"{where}.order must list each of {', '.join(CATEGORIES)} once, weakest first")
    a23 = table.get("a23")
    if a23 not in A23_PLACES:
        raise GameFileError(f"{where}.a23 must be one of \"top\", \"second\", \"bottom\", not {a23!r}")
    top = table.get("top_prial", "A")
    word = str(top).strip().upper() if isinstance(top, (str, int)) and not isinstance(top, bool) else None
    word = {"T": "10", "JACK": "J", "QUEEN": "Q", "KING": "K", "ACE": "A"}.get(word or "", word)
    if word not in RANK_WORDS:
        raise GameFileError(f"{where}.top_prial must be a rank such as \"3\" or \"A\", not {top!r}")
    labels = {**_DEFAULT_LABELS, **_words(table.get("labels", {}), CATEGORIES, "labels", where)}
    special = _words(table.get("special_labels", {}), SPECIAL_HANDS, "special_labels", where)
    title = table.get("title", name)
    if not isinstance(title, str):
        raise GameFileError(f"{where}.title must be text, not {title!r}")
    return Ranking(
        name=name,
        title=title,
        order=tuple(str(o) for o in order),
        label_pairs=tuple((key, labels[key]) for key in CATEGORIES),
        top_prial_rank=RANK_WORDS.index(word),
        a23=a23,
        special_label_pairs=tuple((key, special[key]) for key in SPECIAL_HANDS if key in special),
    )


@cache
def _rankings() -> Mapping[str, Ranking]:
    text = resources.files("paytables").joinpath("rankings.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return MappingProxyType(
        {name: parse_ranking(name, table, f"rankings.toml: [{name}]") for name, table in data.items()}
    )


def ranking_names() -> tuple[str, ...]:
    """Names of the rankings shipped in ``paytables/rankings.toml``."""
    return tuple(_rankings())


def get_ranking(name: str | Ranking) -> Ranking:
    """The built-in ranking called ``name`` (``"brag"``, ``"poker"``, ``"teen_patti"``); a
    :class:`Ranking` is returned as it is."""
    if isinstance(name, Ranking):
        return name
    try:
        return _rankings()[name.strip().lower().replace("-", "_").replace(" ", "_")]
    except KeyError:
        raise GameFileError(
            f"unknown ranking {name!r} (choose one of: {', '.join(ranking_names())}; or a [ranking] section)"
        ) from None
