"""Traditional Brag in the browser: the computer players draw their chance from ONE stream per hand, as the
terminal does (``cli.classic._play_one``), so the same seed and the same actions of the player give the same
computer play in the browser and at the terminal (docs/classic-brag.md) — a resumed hand included.

Found by a hostile test: the web made the stream afresh (``table.computer_chance()``) after every one of the
player's actions, so the computer players drew the same numbers again each betting round."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from sqlmodel import Session

from casino.classic.opponents.seat import CharacterOpponent, SeatedOpponents
from casino.classic.rules import load_rules
from casino.classic.table import ClassicTable
from casino.db import classic_store
from casino.db.database import connect
from tests.web.api import new_client, post
from web.classic import ClassicAction, _action
from web.classic_seats import COMPUTER_NAMES, LINEUPS

RULES = "classic-brag"
OPPONENTS = 3
#: a seed whose first hand has the computer players acting again after each of many of the player's actions
SEED = "chance-2"
NAMES = ["You", *COMPUTER_NAMES[:OPPONENTS]]
PLAYERS = ["you", *LINEUPS["mixed"][:OPPONENTS]]


def choose(s: dict[str, Any]) -> dict[str, Any]:
    """The player: look, then bet the least until 8 antes are in (many betting rounds), then see, cover or fold."""
    legal = s["legal"]
    if legal["keep"]:
        return {"action": "keep", "keep": False}
    if legal["look"]:
        return {"action": "look"}
    if legal["discard"]:
        return {"action": "discard", "cards": s["cards"][: legal["discard"]]}
    mine = s["seats"][s["you"]]
    if legal["bet_min"] is not None and Fraction(mine["put_in"]) < 8 * Fraction(s["rules"]["ante"]):
        return {"action": "bet", "amount": legal["bet_min"]}
    if legal["see"] is not None:
        return {"action": "see"}
    if legal["cover"] is not None:
        return {"action": "cover"}
    return {"action": "fold"}


def stored_actions(url: str, session_id: int) -> tuple[list[int], list[tuple[int, Any]]]:
    """The first stored hand's seats (table seats in hand order) and every action taken in it."""
    with Session(connect(url)) as db:
        row = classic_store.hands_of(session_id, session=db)[0]
        record = classic_store.hand_from_row(row, load_rules(RULES), NAMES)
    return record.seats, record.actions


def at_the_terminal(table: Any, mine: list[Any], web: list[tuple[int, Any]], monkeypatch: pytest.MonkeyPatch) -> Any:
    """The terminal's own hand loop (``cli.classic._play_one``) on ``table``, the player's keys being ``mine`` in
    turn: each time it is the player's turn, every action so far must be the browser's, in order."""
    import cli.classic as terminal

    computer = SeatedOpponents({seat: CharacterOpponent(kind) for seat, kind in enumerate(PLAYERS) if kind != "you"})
    keys = iter(mine)

    def ask(table: Any, *rest: Any, **named: Any) -> Any:
        so_far = list(table.state.actions)
        assert so_far == web[: len(so_far)], "the computer players played otherwise than in the browser"
        return next(keys)

    monkeypatch.setattr(terminal, "_ask", ask)
    return terminal._play_one(table, 0, computer, None)


def play_in_the_browser(url: str, restart_after: int | None = None) -> tuple[int, list[Any], list[Any]]:
    """One hand in the browser's API: the session, the player's actions before the server restart (all of them
    when it does not) and after it. ``restart_after``: after that many of the player's actions, the server
    restarts (a new app on the database) and the page resumes the session, in the middle of the hand; a copy of
    the database as it was then is left at ``url`` + ``.copy``."""
    client = new_client(url)
    s = post(client, "/api/classic/sessions", {"rules": RULES, "opponents": OPPONENTS, "hands": 2, "seed": SEED})
    before: list[Any] = []
    after: list[Any] = []
    mine = before
    while s["in_hand"]:
        if mine is before and len(before) == restart_after:
            copy_database(url)
            client = new_client(url)  # a restart: the new server holds no seat, the page resumes the session
            s = post(client, f"/api/classic/sessions/{s['session']}/resume")
            assert s["in_hand"]
            mine = after
        body = choose(s)
        mine.append(_action(ClassicAction(seq=0, **body)))
        s = post(client, f"/api/classic/sessions/{s['session']}/act", {"seq": s["seq"], **body})
    assert s["last"]["hand_no"] == 1
    return s["session"], before, after


def copy_database(url: str) -> None:
    path = url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as source, sqlite3.connect(path + ".copy") as copy:
        source.backup(copy)


def computer_turns(seats: list[int], actions: list[tuple[int, Any]]) -> int:
    """How many times the computer players took their turns after one of the player's actions."""
    you = seats.index(0)
    turns, after_you = 0, False
    for seat, _ in actions:
        if seat == you:
            after_you = True
        elif after_you:
            turns, after_you = turns + 1, False
    return turns


def test_the_same_seed_and_actions_give_the_same_computer_play_in_the_browser_and_at_the_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    session_id, mine, _ = play_in_the_browser(url)
    seats, web = stored_actions(url, session_id)
    assert computer_turns(seats, web) >= 3  # the computer players answer the player again and again in the hand
    table = ClassicTable(load_rules(RULES), NAMES, seed=SEED)
    record = at_the_terminal(table, mine, web, monkeypatch)
    assert record.actions == web


def test_a_hand_resumed_in_the_middle_goes_on_as_the_terminals_resume_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's resume starts the hand's stream afresh where the terminal's does (``brag classic --resume``
    on the database as it was at the restart), and draws on from it after each of the player's actions."""
    url = f"sqlite:///{tmp_path / 'brag.db'}"
    session_id, before, after = play_in_the_browser(url, restart_after=2)
    seats, web = stored_actions(url, session_id)
    assert len(before) == 2 and len(after) >= 3
    played_after = web[[n for n, (seat, _) in enumerate(web) if seat == seats.index(0)][1] + 1:]
    assert computer_turns(seats, [(seats.index(0), None), *played_after]) >= 3  # again and again after the resume
    with Session(connect(url + ".copy")) as db:
        table = classic_store.resume_session(session_id, session=db).table  # the terminal's resume
        record = at_the_terminal(table, after, web, monkeypatch)
    assert record.actions == web
