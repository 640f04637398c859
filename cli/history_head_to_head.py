"""``brag history`` and ``brag replay`` for a head-to-head session: both hands, who won, each bet.

:mod:`cli.history` hands a session over here when its game deals two hands (the first hand is stored
as box 1's, the second as the dealer's: :mod:`casino.head_to_head_service`). Rendering only.
"""

from __future__ import annotations

from typing import Any, Optional


def _titles(record: Any) -> tuple[Any, dict[str, str]]:
    from casino.db import store
    from casino.head_to_head_table import HeadToHeadTable

    table = HeadToHeadTable(store.game_of(record))
    return table, table.titles


def hands_table(record: Any, hands: list[Any], bets: dict[int, list[Any]], *, compact: bool = False) -> Any:
    """One row per hand: both hands (cards and names), the winner, each bet's stake and result, the bankroll."""
    from fractions import Fraction

    from rich import box as boxes
    from rich.table import Table
    from rich.text import Text

    from casino.db.rows import hand_row, read_cards
    from cli.history import _money, _signed, _sorted
    from cli.render import cards_text

    table, titles = _titles(record)
    first_name, second_name = table.hand_names
    grid = Table(box=boxes.SIMPLE_HEAD, padding=(0, 0 if compact else 1), collapse_padding=True, pad_edge=False,
                 show_edge=False)
    for name, justify, no_wrap in (("Hand", "right", True), (first_name, "left", False), (second_name, "left", False),
                                   ("Winner", "left", False), ("Bets", "left", False), ("Result", "right", True),
                                   ("Bankroll", "right", True)):
        grid.add_column(name, justify=justify, no_wrap=no_wrap)  # type: ignore[arg-type]  # Rich's literals
    winners = {table.names[0]: first_name, table.names[1]: second_name, "tie": "tie"}
    for hand, rows in hands:
        box = rows[0] if rows else None
        where = hand_row(hand.round_no, hand.session_id)
        first = (Text.assemble(cards_text(_sorted(read_cards(box.cards, "boxes.cards", where))), " ", box.hand_name)
                 if box is not None else Text("—"))
        second = Text.assemble(cards_text(_sorted(read_cards(hand.dealer_cards, "hands.dealer_cards", where))), " ",
                               hand.dealer_hand)
        bet_rows = bets.get(hand.id, [])
        shown = "; ".join(f"{titles.get(r.bet, r.bet)} {_money(r.stake)} {_signed(r.net)}" for r in bet_rows)
        net = sum((Fraction(r.net) for r in bet_rows), Fraction(0))
        grid.add_row(str(hand.round_no), first, second, winners.get(box.outcome if box else "", "?"), shown,
                     _signed(net), _money(hand.bankroll_after))
    return grid


def replay(out: Any, session_id: int, hand_no: int, record: Any, row: Any, events: list[Any]) -> None:
    """A stored head-to-head hand event by event: the commitment, the bets, each card, the hands compared,
    each bet settled, the seed."""
    from rich.text import Text

    from casino.events import DEALER, BetSettled, CardDealt, RoundStarted, SeedRevealed
    from casino.head_to_head_table import HandsCompared, HeadToHeadBetsPlaced
    from cli.history import _money, _signed
    from cli.render import cards_text, plain

    table, titles = _titles(record)
    first_name, second_name = table.hand_names
    width = max(len(first_name), len(second_name))
    held: dict[int, list[Any]] = {}
    out.print(f"[bold]Session {session_id}, hand {hand_no}[/] — {plain(record.game)}; bankroll {_money(row.bankroll_before)}")
    for event in events:
        if isinstance(event, RoundStarted):
            out.print(f"Commitment (SHA-256 of the seed): {event.commitment}")
        elif isinstance(event, HeadToHeadBetsPlaced):
            out.print("Bets: " + ", ".join(f"{titles.get(name, name)} {_money(stake)}" for name, stake in event.stakes),
                      markup=False)
        elif isinstance(event, CardDealt):
            held.setdefault(event.to, []).append(event.card)
            who = second_name if event.to == DEALER else first_name
            out.print(Text(f"  {who:<{width}} ") + cards_text(held[event.to]))
        elif isinstance(event, HandsCompared):
            winner = {"first": f"{first_name} wins", "second": f"{second_name} wins"}.get(event.outcome, "a tie")
            out.print(f"{first_name}: {event.first_hand}; {second_name}: {event.second_hand} — {winner}", markup=False)
        elif isinstance(event, BetSettled):
            paid = f"  {table.paid_label(event.bet, event.hand)}" if event.hand else ""
            out.print(f"  {titles.get(event.bet, event.bet)} {_money(event.stake)}: {_signed(event.net)}{paid}",
                      markup=False)
        elif isinstance(event, SeedRevealed):
            out.print(f"Seed revealed: {event.seed}")
    out.print(f"Net {_signed(row.net)}; bankroll {_money(row.bankroll_after)}")


def is_head_to_head(record: Optional[Any]) -> bool:
    """Whether a stored session is at a head-to-head game (and registers its event kinds for reading)."""
    from casino.head_to_head_service import is_head_to_head_session

    return record is not None and is_head_to_head_session(record)
