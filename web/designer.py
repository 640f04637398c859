"""``/api/designer``: a game as an editable form, priced exactly as it is typed.

The page sends a :class:`Design` (the game file's keys as JSON, amounts as text so that ``12.5`` and
``25/2`` stay exact); :func:`design_text` writes it as game-file TOML and :func:`casino.games.parse_game_text`
reads it back, so a design is checked by the same rules, with the same messages, as a file on disk.
The analysis is :func:`casino.edge.analyze` (a millisecond or so per design once the dealer's outcomes for
a ranking and qualifier are cached) and :func:`casino.strategy.strategy_report`.

    >>> design = Design(ranking="poker", pair_plus={"pair": "1", "flush": "4"})
    >>> print(design_text(design).splitlines()[1])
    ranking = "poker"
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, Literal

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints

from casino.games import BETS, TIES, Game, builtin_games, load_game, parse_game_text
from casino.money import amount_text
from web.exact_json import Amount, ExactRoute

__all__ = ["router", "Design", "design_text", "design_of", "analysis"]

router = APIRouter(prefix="/api/designer", tags=["designer"], route_class=ExactRoute)

#: A hand or option key as written in a game file (``running_flush``, ``min_ante``).
Key = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_ -]{0,39}$")]
Paytable = dict[Key, Amount]

SIDE_BET_KEYS = ("six_card_bonus", "colour_bonus", "prime", "progressive")
SideBetKey = Literal["six_card_bonus", "colour_bonus", "prime", "progressive"]


class DesignRules(BaseModel):
    """The ``[rules]`` section."""

    model_config = ConfigDict(extra="forbid")
    # strict, as the table's are: "yes", "1" or 0 is refused (422), not read as a truth value
    ante_bonus_on_loss: StrictBool = True
    pair_plus_on_fold: StrictBool = True
    face_up: StrictBool = False  # the dealer's first card dealt face up (the casino "Face Up" variant)


class Design(BaseModel):
    """A game as the designer form holds it: the keys of a game file (``docs/file-format.md``)."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, StringConstraints(min_length=1, max_length=80)] = "My game"
    ranking: Annotated[str, StringConstraints(min_length=1, max_length=20)] = "brag"
    qualifier: Annotated[str, StringConstraints(min_length=1, max_length=20)] = "Q-high"
    ties: Literal["push", "player", "dealer"] = "push"
    ante_bonus: Annotated[Paytable, Field(max_length=12)] | None = None
    pair_plus: Annotated[Paytable, Field(max_length=12)] | None = None
    side_bets: Annotated[dict[SideBetKey, Annotated[Paytable, Field(max_length=12)]], Field(max_length=4)] = {}
    limits: Annotated[dict[Literal["min_ante", "max_ante", "min_pair_plus", "max_pair_plus"], Amount],
                      Field(max_length=4)] = {}
    rules: DesignRules = DesignRules()


def _quoted(value: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, and ``json.dumps`` writes no ``\\/``; DEL, which JSON
    leaves as it is and TOML refuses, is escaped too)."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")


def _amount(value: str | int | Decimal) -> str:
    """An amount as TOML text; a JSON number is written as the digits sent (``12.5``, never a float's rounding)."""
    if isinstance(value, bool):  # JSON true/false: let the game-file rules refuse it by name
        return "true" if value else "false"
    if isinstance(value, Decimal):  # exact: '1.0000000000000001' stays so; '1E+400' is refused as too large
        return _quoted(str(value))
    return _quoted(str(value).strip())


def design_text(design: Design) -> str:
    """The design as the text of a game file: every key and value quoted, so nothing typed can add a key."""
    lines = [f"name = {_quoted(design.name)}", f"ranking = {_quoted(design.ranking)}",
             f"qualifier = {_quoted(design.qualifier)}", f"ties = {_quoted(design.ties)}"]
    sections: list[tuple[str, dict[str, Any]]] = []
    for bet in BETS:
        table = getattr(design, bet)
        if table is not None:
            sections.append((bet, table))
    for bet in SIDE_BET_KEYS:
        if bet in design.side_bets:
            sections.append((bet, design.side_bets[bet]))
    if design.limits:
        sections.append(("limits", {str(key): value for key, value in design.limits.items()}))
    for section, table in sections:
        lines += ["", f"[{section}]"] + [f"{_quoted(key)} = {_amount(value)}" for key, value in table.items()]
    rules = design.rules
    lines += ["", "[rules]", f"ante_bonus_on_loss = {str(rules.ante_bonus_on_loss).lower()}",
              f"pair_plus_on_fold = {str(rules.pair_plus_on_fold).lower()}"]
    if rules.face_up:
        lines.append("face_up = true")
    return "\n".join(lines) + "\n"


def design_game(design: Design) -> Game:
    """The design read as a game file (:class:`casino.errors.GameFileError` names the first problem)."""
    return parse_game_text(design_text(design), label="design", stored=False)  # a new design: a game file's rules


def design_of(game: Game) -> dict[str, Any]:
    """A game as the form's JSON (the reverse of :func:`design_game`); amounts as players write them."""
    design: dict[str, Any] = {"name": game.name, "ranking": game.ranking.name, "qualifier": game.qualifier,
                              "ties": game.ties}
    for bet in BETS:
        table = getattr(game, bet)
        design[bet] = None if table is None else {key: amount_text(pays) for key, pays in table.pays}
    design["side_bets"] = {
        side.bet: {key: (amount_text(value) if isinstance(value, Fraction) else str(value))
                   for key, value in side.to_toml_table().items()}
        for side in game.side_bets
    }
    design["limits"] = {key: amount_text(getattr(game.limits, key))
                        for key in ("min_ante", "max_ante", "min_pair_plus", "max_pair_plus")
                        if getattr(game.limits, key) is not None}
    design["rules"] = {"ante_bonus_on_loss": game.rules.ante_bonus_on_loss,
                       "pair_plus_on_fold": game.rules.pair_plus_on_fold,
                       "face_up": bool(getattr(game.rules, "face_up", False))}
    return design


def _fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def analysis(game: Game) -> dict[str, Any]:
    """Everything the page shows for one design: per bet the exact edge, element of risk, hit rate and
    return table, and the optimal strategy in words with what simpler strategies cost."""
    from casino.edge import analyze
    from casino.sidebets import in_game_words

    report = in_game_words(analyze(game))
    bets = []
    for bet in report.bets:
        data = bet.to_dict()
        bets.append({"bet": bet.bet, "title": bet.title, "house_edge": data["house_edge"],
                     "house_edge_fraction": data["house_edge_fraction"],
                     "element_of_risk": data["element_of_risk"], "hit_rate": data["hit_rate"],
                     "std_dev": data["std_dev"], "play_rate": data.get("play_rate"),
                     "return_table": data["return_table"]})
    return {
        "game": game.name,
        "bets": bets,
        "strategy": _strategy(game),
        "toml": game.to_toml(),
    }


def _strategy(game: Game) -> dict[str, Any]:
    """The optimal strategy in words, its exceptions, and what simpler strategies cost."""
    if getattr(game.rules, "face_up", False):  # decided per (hand, dealer's up card): no one rule in words
        return {"rule": "Play or fold knowing the dealer's up card (the informed strategy)", "exceptions": [],
                "others": []}
    from casino.strategy import strategy_report

    strategy = strategy_report(game, others=("dealer-copy", "always-play"))
    return {
        "rule": strategy.rule,
        "exceptions": [{"hand": e.hand, "cards": e.cards, "play": e.play} for e in strategy.exceptions][:20],
        "others": [{"name": c.name, "label": c.label, "house_edge": float(c.house_edge), "cost": float(c.cost)}
                   for c in strategy.costs],
    }


# -- routes --------------------------------------------------------------------------------------------


@router.get("/catalog", summary="What the form can offer: games, rankings, hands and side bets")
def catalog() -> dict[str, Any]:
    """The built-in games as designs, the rankings and tie rules, and the hands each bet can pay."""
    from casino.rankings import PAY_CLASSES, get_ranking, ranking_names
    from casino.sidebets import SIDE_BETS, SideBet

    rankings = {name: {key: get_ranking(name).label(key) for key in PAY_CLASSES} for name in ranking_names()}
    side_bets = {
        bet: {"title": title, "hands": [{"key": hand, "label": SideBet(bet, "", ()).label(hand)} for hand in hands]}
        for bet, (title, hands) in SIDE_BETS.items()
    }
    return {
        "games": {name: design_of(game) for name in builtin_games()
                  if (game := load_game(name)).head_to_head is None and game.cards == 3 and not game.has_wild_cards},
        "rankings": rankings,
        "pay_classes": list(PAY_CLASSES),
        "ties": list(TIES),
        "qualifiers": ["none", "J-high", "Q-high", "Q-6-4", "K-high", "A-high", "pair"],
        "bets": {bet: title for bet, title in BETS.items()},
        "side_bets": side_bets,
    }


@router.post("/analyze", summary="The exact figures of a design")
def analyze_design(design: Design) -> dict[str, Any]:
    """Read the design as a game file and analyse it exactly; 400 names what the design gets wrong."""
    return analysis(design_game(design))


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


@router.post("/toml", summary="The design as a TOML game file (a download)",
             response_class=Response, responses={200: {"content": {"application/toml": {}}}})
def design_toml(design: Design) -> Response:
    """The game file :meth:`casino.games.Game.to_toml` writes: every table written out, exact numbers."""
    game = design_game(design)
    filename = (_UNSAFE.sub("-", game.name).strip("-").lower() or "game") + ".toml"
    return Response(game.to_toml(), media_type="application/toml",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})
