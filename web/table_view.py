"""What the page is shown of a casino table session (:mod:`web.tables`): plain JSON values, and nothing
the player may not see yet.

:func:`state` is the whole answer for a seat: the bankroll, the stakes, the round in play with the player's
cards only (and the dealer's up card in trainer and Face Up play), the next round's commitment before the
deal and each settled round's seed after it (:func:`result_dict`), the hints and the trainer's tally::

    >>> from casino.games import load_game
    >>> from web.table_view import _game_dict, _json
    >>> table = _game_dict(load_game("three-card-poker"))
    >>> table["qualifier"], [t["bet"] for t in table["paytables"]], table["limits"]["max_ante"]
    ('Q-high', ['ante_bonus', 'pair_plus'], '500')
    >>> _json({"seq": 3}).body
    b'{"seq":3}'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi.responses import JSONResponse

from casino.events import BoxBets
from casino.games import Game
from casino.money import amount_text
from web.locks import once

if TYPE_CHECKING:
    from web.table_seats import Seat

__all__ = ["state", "result_dict"]


def _json(data: dict[str, Any]) -> JSONResponse:
    """A JSON response of plain values (str, int, float, bool, None, lists, dicts): FastAPI's generic
    encoder is skipped, which halves the cost of a table response."""
    return JSONResponse(data)


@once
def _report(game_text: str) -> Any:
    """The exact analysis behind the hints, once per game (keyed by the game's self-contained text; two
    requests asking at once wait for one analysis)."""
    from casino.edge import analyze
    from casino.games import parse_game_text

    return analyze(parse_game_text(game_text))


def _title(bet: str) -> str:
    from casino.bets import title

    return title(bet)


def _cards(cards: Any) -> list[str]:
    return [c.ascii() for c in cards]


def _stake_dict(bets: BoxBets) -> dict[str, Any]:
    return {"box": bets.box, "ante": str(bets.ante), "pair_plus": str(bets.pair_plus),
            "side": {name: str(stake) for name, stake in bets.side}}


def _game_dict(game: Game) -> dict[str, Any]:
    """The table's rules and paytables as the page shows them (``t`` at the terminal)."""
    from casino.bets import offered_bets

    tables = []
    for bet in ("ante_bonus", "pair_plus"):
        table = getattr(game, bet)
        if table is not None:
            tables.append({"bet": bet, "title": _title(bet),
                           "pays": [{"hand": game.ranking.label(k), "pays": amount_text(v)} for k, v in table.pays]})
    for side in game.side_bets:
        pays = [{"hand": side.label(k, game.ranking), "pays": amount_text(v)} for k, v in side.pays]
        pays += [{"hand": side.label(k, game.ranking), "pays": f"{amount_text(v * 100)}% of the meter"}
                 for k, v in side.meter_shares]
        tables.append({"bet": side.bet, "title": side.title, "pays": pays})
    limits = {k: amount_text(v) for k, v in vars(game.limits).items() if v is not None}
    return {
        "name": game.name, "ranking": game.ranking.name, "qualifier": game.qualifier, "ties": game.ties,
        "bets": [str(b.name) for b in offered_bets(game)],
        "side_bets": [{"bet": s.bet, "title": s.title} for s in game.side_bets],
        "paytables": tables, "limits": limits,
        "rules": {k: v for k, v in vars(game.rules).items()},
        "face_up": bool(getattr(game.rules, "face_up", False)),
    }


def _hint(seat: Seat, rnd: Any, box: int) -> dict[str, Any] | None:
    """The exact optimal decision for a box, given every card the player sees: the dealer's face-up card, where
    one is shown, and the cards of the player's other boxes (which the dealer cannot hold)."""
    if not seat.hints and not seat.trainer:
        return None
    others = _other_cards(rnd, box)
    seen = {"seen": _cards(others)}
    if seat.shows_up_card:  # the informed strategy: the exact EVs knowing the up card (and the other boxes)
        advice = seat.advice(rnd, box)
        return {"play": advice.best == "play", "ev_play": float(advice.ev_play), "ev_fold": float(advice.ev_fold),
                "exact_play": str(advice.ev_play), "exact_fold": str(advice.ev_fold),
                "pair_plus_counted": advice.pair_plus_counted, "informed": True, **seen}
    bets = next(b for b in rnd.bets if b.box == box)
    if others:  # several boxes: the dealer's hand is drawn from the cards the player has not seen
        decision = seat.seen_decision(rnd, box)
    else:
        decision = seat.report.decision(rnd.hand(box), pair_plus_ratio=bets.pair_plus / bets.ante)
    return {"play": decision.play, "ev_play": float(decision.ev_play), "ev_fold": float(decision.ev_fold),
            "exact_play": str(decision.ev_play), "exact_fold": str(decision.ev_fold),
            "pair_plus_counted": decision.pair_plus_counted, "informed": False, **seen}


def _other_cards(rnd: Any, box: int) -> tuple[Any, ...]:
    """The cards of the round's other boxes: the player sees them, so the dealer's hand is none of them."""
    return tuple(c for other, cards in rnd.cards.items() if other != box for c in cards)


def _face_up(seat: Seat, rnd: Any) -> list[str]:
    """The dealer's cards the player may see before the settlement: the up card in trainer and Face Up play."""
    return _cards((rnd.up_card,)) if seat.shows_up_card else []


def _lesson_dict(seat: Seat) -> dict[str, Any] | None:
    """The trainer's tally: decisions, mistakes, their total cost (exact and as numbers), the last hand's costs."""
    lesson = seat.lesson
    if lesson is None:
        return None
    return {**lesson.to_dict(), "exact_antes": str(lesson.cost), "exact_money": str(lesson.money),
            "last": list(seat.feedback)}


def _round_dict(seat: Seat, rnd: Any) -> dict[str, Any]:
    """The round in play, as far as the player may see it."""
    table = rnd.table.hands
    boxes = []
    pending = set(rnd.pending)
    for bets in rnd.bets:
        row = rnd.hand(bets.box)
        decided = rnd.decision(bets.box)
        boxes.append({
            "box": bets.box, "stakes": _stake_dict(bets), "cards": _cards(rnd.cards[bets.box]),
            "hand": table.describe(row), "pending": bets.box in pending, "decision": decided,
            "hint": _hint(seat, rnd, bets.box) if bets.box in pending else None,
        })
    return {"round_no": rnd.round_no, "commitment": rnd.commitment, "boxes": boxes,
            "pending": list(rnd.pending), "dealer": {"cards": _face_up(seat, rnd), "hidden": True}}


def result_dict(result: Any) -> dict[str, Any]:
    """A settled round: every card, every bet's result, and the seed that fixed the deck."""
    return {
        "round_no": result.round_no,
        "commitment": result.commitment,
        "seed": result.seed.hex(),
        "dealer": {"cards": _cards(result.dealer_cards), "hand": result.dealer_hand, "qualifies": result.qualifies},
        "boxes": [{
            "box": box.box, "cards": _cards(box.cards), "hand": box.hand_name, "play": box.play,
            "outcome": box.outcome, "net": str(box.net),
            "bets": [{"bet": s.bet, "title": _title(s.bet), "stake": str(s.stake), "net": str(s.net),
                      **({"hand": s.hand} if getattr(s, "hand", None) else {})} for s in box.settled],
        } for box in result.boxes],
        "net": str(result.net),
        "wagered": str(result.wagered),
    }


def state(seat: Seat) -> dict[str, Any]:
    """Everything the page shows for a session; nothing the player may not see yet."""
    service = seat.service
    sitting = service.sitting
    rnd = service.round
    return {
        "session": service.session_id,
        # with the id, which stored session this is (a new database may hold another session 1): the page keeps
        # the commitments it showed per session under both
        "started": service.started_at.isoformat() if service.started_at is not None else None,
        "seq": seat.seq,
        "game": seat.game_view,
        "bankroll": str(sitting.bankroll),
        "on_felt": str(sitting.felt),
        "start_bankroll": str(service.start_bankroll),
        "next_round": sitting.next_round,
        # the next round's commitment is shown before its bets are placed; its seed only after it settles
        "commitment": rnd.commitment if rnd is not None else (None if seat.ended else sitting.commitment),
        "practice": service.practice,  # seeded: the decks follow from the text, not fair play
        "client_seed": service.client_seed,
        "resumed_hand": service.resumed_hand,  # the round shown was dealt before the session stopped
        "stakes": [_stake_dict(b) for b in service.stakes],
        "round": _round_dict(seat, rnd) if rnd is not None else None,
        "last": seat.last,
        "hints": seat.hints,
        "trainer": seat.trainer,
        "lesson": _lesson_dict(seat),
        "ended": seat.ended,
        "meter": seat.meter,
        "out_of_chips": rnd is None and not seat.ended and sitting.out_of_chips(),
        **_kind(service.settings),
    }


def _kind(settings: Any) -> dict[str, Any]:
    """``practice`` (a session seeded from text: every deck foreseeable, never fair play) and the words saying
    which it is, for every answer that shows a stored or open session."""
    from casino.practice import deal_note, is_practice

    return {"practice": is_practice(settings), "deal_note": deal_note(settings)}
