"""Worked table positions shared by the engine's and the front ends' tests."""

from __future__ import annotations

from typing import Any, Callable

from casino.classic.actions import Bet, Fold, Keep, Look
from casino.classic.rules import ClassicRules
from casino.classic.table import ClassicTable


def two_blind_hands(names: list[str]) -> tuple[ClassicTable, tuple[int, ...]]:
    """A three-seat table where seat 1 won its first hand blind and kept it: in the next hand it holds two
    blind hands and it is its turn, before any look. Returns the table and the kept hand (its hand 2)."""
    table = ClassicTable(ClassicRules(), names, seed="keep")
    state = table.start_hand()
    table.act(Bet(state.minimum_bet(1)))  # seat 1 bets blind
    table.act(Look()); table.act(Fold())
    table.act(Look()); table.act(Fold())  # both others fold: seat 1 wins blind
    table.act(Keep(True))
    table.end_hand()
    nxt = table.start_hand()
    while table.to_act != 1:
        table.act(Bet(nxt.minimum_bet(table._seats.index(table.to_act))))
    return table, tuple(nxt.hands[1][1])


def edit_stored_events(url: str, hand_no: int, change: Callable[[list[dict[str, Any]]], None]) -> None:
    """Tamper with a stored traditional Brag hand: ``change`` edits its events (JSON dicts) in place."""
    import json

    from sqlmodel import Session, select

    from casino.db.classic_models import ClassicHandRecord
    from casino.db.database import connect

    with Session(connect(url)) as db:
        row = db.exec(select(ClassicHandRecord).where(ClassicHandRecord.hand_no == hand_no)).one()
        events = json.loads(row.events)
        change(events)
        row.events = json.dumps(events)
        db.add(row)
        db.commit()
