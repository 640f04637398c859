"""What the player at the web's traditional Brag table may see: :func:`state`.

:meth:`ClassicTable.view` of the player's seat — the player's own cards once looked at, every seat's public
state, the pot and side pots, the public events — and, after a hand, its public events (the showdown's hands,
who won which pot) and the seed. Nobody else's cards are sent unless they were shown at a showdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from web.classic_seats import ClassicSeat

__all__ = ["state", "cards_text"]


def cards_text(indices: Any) -> list[str]:
    from casino.cards import card_from_index

    out = []
    for i in indices or ():
        card = card_from_index(int(i))
        out.append(card.ascii() if hasattr(card, "ascii") else "Jk")
    return out


def _legal(legal: Any) -> dict[str, Any]:
    """What the player may do now, as the page's buttons."""
    def amount(value: Any) -> str | None:
        return None if value is None else str(value)

    return {
        "look": [h + 1 for h in legal.look], "discard": legal.discard, "choose": legal.choose, "fold": legal.fold,
        "bet_min": amount(legal.bet_min), "bet_max": amount(legal.bet_max),
        "bet_choices": None if legal.bet_choices is None else [str(c) for c in legal.bet_choices],
        "see": amount(legal.see_cost), "cover": amount(legal.cover), "show": legal.agree_showdown,
        "borrow": legal.borrow, "keep": legal.keep,
    }


def _kind(settings: Any) -> dict[str, Any]:
    """``practice`` (a session seeded from text: every pack foreseeable, never fair play) and the words for it."""
    from casino.practice import deal_note, is_practice

    return {"practice": is_practice(settings), "deal_note": deal_note(settings)}


def state(seat: ClassicSeat) -> dict[str, Any]:
    """The table as the player may see it."""
    from casino.classic.referee import event_text

    table = seat.table
    data: dict[str, Any] = {
        "session": seat.session_id, "seq": seat.seq, "rules": table.hand_rules.to_dict(), "you": seat.you,
        "hand_no": table.hand_no, "hands": seat.limit, "ended": seat.ended, "last": seat.finished,
        "players": seat.players,
        "in_hand": table.state is not None,
        **_kind({"seed": seat.seed}),
    }
    if table.state is None:  # between hands
        data["seats"] = [{"name": n, "chips": str(c), "status": "", "put_in": "0", "last_action": "", "hands": 0,
                          "you": i == seat.you, "dealer": i == table.dealer, "to_act": False}
                         for i, (n, c) in enumerate(zip(table.names, table.chips))]
        data["can_deal"] = seat.ended is None
        if table.rules.dealers_choice:  # the player deals the first hand of a circle: the page asks for the variant
            from casino.classic.choice import variant_text, wild_choices

            data["dealers_choice"] = {
                "due": table.choice_due() == seat.you and table.picked is None,  # (a pick stored: dealt with it)
                "variant": table.circle.variant.to_list(),
                "in_words": variant_text(table.circle.variant, table.rules.jokers),
                "wild": list(wild_choices(table.rules))}
        return data
    view = table.view(seat.you)
    yours = table.to_act == seat.you
    data.update({
        "commitment": table._record.commitment if table._record is not None else None,  # shown before any look
        "seats": [{"name": s.name, "chips": str(s.chips), "status": s.status, "put_in": str(s.put_in),
                   "last_action": s.last_action, "hands": s.hands, "you": i == seat.you, "dealer": i == view.dealer,
                   "to_act": i == view.to_act} for i, s in enumerate(view.seats)],
        "cards": cards_text(view.cards) if view.cards is not None else None,  # None: you are blind
        "kept": cards_text(view.kept) if view.kept is not None else None,
        # two blind hands, one looked at: its cards, shown while you choose to keep or throw it
        "looking": cards_text(view.looking) if view.looking is not None else None,
        "stake": str(view.stake), "pot": str(view.pot), "pots": [str(p) for p in view.pots],
        "minimum_bet": str(view.minimum_bet), "see_cost": str(view.see_cost),
        "log": [t for t in (event_text(e, table.names) for e in view.history) if t],
        "legal": _legal(table.legal_actions()) if yours else None,
        "can_deal": False,
    })
    return data

