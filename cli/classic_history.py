"""The stored traditional Brag sessions, looked at again: ``brag sessions`` (a second table),
``brag history ID --classic``, ``brag replay ID HAND --classic``, ``brag verify ID --classic``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Optional

import typer

ClassicOpt = Annotated[bool, typer.Option("--classic", help="A traditional Brag session ('brag classic').")]


def _amount(value: Any) -> str:
    from casino.db.classic_rows import amount
    from casino.money import amount_text

    return amount_text(amount(value, "an amount"))


@contextmanager
def readable(session_id: int | None) -> Iterator[None]:
    """A stored value that cannot be read back (a hand-edited or damaged row) ends the command with one
    line naming the session (exit code 2), never a traceback; ``brag verify ID --classic`` names the rows."""
    from casino.db.classic_rows import READ_ERRORS
    from cli.errors import fail

    from casino.errors import BragError

    try:
        yield
    except BragError:
        raise
    except READ_ERRORS as error:
        where = f"classic session {session_id}" if session_id is not None else "a classic session"
        fail(f"{where}: the stored record cannot be read ({' '.join(str(error).split())[:100]}); "
             f"'brag verify {session_id if session_id is not None else 'ID'} --classic' names what")


def session_rows(session: Any) -> list[dict[str, Any]]:
    """Every classic session as a dict (newest first). A row that cannot be read back (hand-edited, damaged)
    is listed with ``"unreadable"``, what cannot be read, and nothing taken from it; every other session is
    listed as usual (the web's lobby does the same)."""
    from casino.db import classic_store
    from casino.db.classic_rows import READ_ERRORS, amounts
    from casino.db.queries import practice_of
    from casino.errors import BragError

    out: list[dict[str, Any]] = []
    for r in classic_store.list_sessions(session=session):
        try:
            names, players = classic_store.seats_of(r)  # type: ignore[arg-type]  # the columns it reads
            you = players.index("you") if "you" in players else None
            start = amounts(r.start_chips, f"classic session {r.id}: start_chips", len(names))
            chips = amounts(r.chips, f"classic session {r.id}: chips", len(names))
            played, limit = classic_store.counts_of(r)
        except (BragError, *READ_ERRORS) as error:
            out.append({"id": r.id, "rules": str(r.rules_name)[:60], "started_at": None, "hands": None,
                        "hand_limit": None, "seats": [], "auto": None, "you": None, "status": "unreadable",
                        "practice": None, "unreadable": " ".join(str(error).split())[:160]})
            continue
        out.append({
            "id": r.id, "rules": r.rules_name, "started_at": r.started_at.isoformat() if r.started_at else None,
            "hands": played, "hand_limit": limit, "seats": names, "auto": you is None,
            "you": None if you is None else {"start": str(start[you]), "chips": str(chips[you]),
                                            "net": str(chips[you] - start[you])},
            "status": "open" if r.end_reason is None else f"ended: {r.end_reason}",
            "practice": practice_of(r.settings),  # seeded from text (not fair play); None: settings unreadable
        })
    return out


def sessions(db: Optional[str], json: bool) -> None:
    """``brag sessions --classic``."""
    from casino.db.database import MissingDatabase
    from cli.history import open_db
    from cli.render import console, print_json

    try:
        with open_db(db, read_only=True) as session:  # read-only: never created or changed by looking
            if json:
                print_json({"sessions": session_rows(session)})
                return
            out = console()
            if not session_rows(session):
                out.print("No traditional Brag sessions yet: start one with 'brag classic'.")
                return
            print_sessions(session, out)
    except MissingDatabase as error:
        from cli.db import nothing_there_is_an_error

        if nothing_there_is_an_error(db, error):
            raise
        if json:
            print_json({"sessions": []})
        else:
            console().print("No traditional Brag sessions yet: start one with 'brag classic'.")


def print_sessions(session: Any, out: Any) -> None:
    """The classic sessions table under the casino sessions (nothing when there are none)."""
    from rich import box as boxes
    from rich.table import Table
    from rich.text import Text

    from casino.practice import PRACTICE_MARK, PRACTICE_NOTE

    rows = session_rows(session)
    if not rows:
        return
    table = Table(title="Traditional Brag sessions (--classic)", title_justify="left", box=boxes.SIMPLE_HEAD,
                  pad_edge=False)
    for name in ("ID", "Rules", "Started (UTC)", "Hands", "Seats", "You", "Status"):
        table.add_column(name, justify="right" if name in ("ID", "Hands") else "left")
    for r in rows:
        if "unreadable" in r:  # the other sessions are listed; this one is named, and verify says what is wrong
            table.add_row(str(r["id"]), Text(r["rules"]), "", "", "", "", Text("unreadable", style="bold red"))
            continue
        you = "auto" if r["you"] is None else f"{_amount(r['you']['chips'])} ({_amount(r['you']['net'])})"
        rules = Text(r["rules"])
        if r["practice"] is not False:  # practice, or settings that cannot be read: never shown as fair play
            rules.append(f"\n{PRACTICE_MARK}" if r["practice"] else "\nUNKNOWN DECK", style="bold yellow")
        table.add_row(str(r["id"]), rules, (r["started_at"] or "")[:16].replace("T", " "),
                      f"{r['hands']}/{r['hand_limit']}", str(len(r["seats"])), you, r["status"])
    out.print(table)
    if any(r["practice"] for r in rows):
        out.print(f"{PRACTICE_MARK}: {PRACTICE_NOTE}.", markup=False, highlight=False)
    if any(r["practice"] is None and "unreadable" not in r for r in rows):
        out.print("UNKNOWN DECK: the stored settings cannot be read.", markup=False)
    for r in rows:
        if "unreadable" in r:
            out.print(f"Session {r['id']} cannot be read: {r['unreadable']} ('brag verify {r['id']} --classic' "
                      "names every row that is wrong).", markup=False, highlight=False)


def history(session_id: int, db: Optional[str], json: bool, *, csv: bool = False, last: Optional[int] = None,
            hand: Optional[int] = None, all_hands: bool = False) -> None:
    """``brag history ID --classic``: the hands chosen as for a casino session (:func:`cli.history.history`
    checks the options): a table of the last 50 unless told, ``--last N``, ``--all``; ``--hand N`` that hand in
    full; ``--json`` and ``--csv`` every hand unless told (:mod:`cli.classic_hands`)."""
    from rich import box as boxes
    from rich.table import Table

    from casino.db import classic_store
    from cli.classic_hands import print_csv, print_hand, read_hands
    from cli.history import chosen_hands, open_db, showing_line
    from cli.render import console, plain, print_json

    from casino.practice import PRACTICE_MARK, PRACTICE_SENTENCE, is_practice_text

    from casino.db.classic_rows import amounts, numbers

    with open_db(db, read_only=True) as session, readable(session_id):
        record = classic_store.get_session(session_id, session=session)
        practice = is_practice_text(record.settings)
        rows = classic_store.hands_of(session_id, session=session)
        names, _ = classic_store.seats_of(record)
        sealed = classic_store.sealed_from(record, rows)  # the pack still dealt from: its seed stays secret
        final = rows[-1].hand_no if rows else 0
        if hand is not None:
            classic_store.get_hand(session_id, hand, session=session)  # names a missing hand
        first, upto = chosen_hands(final, last, hand, json or csv or all_hands)
        rows = [r for r in rows if first <= r.hand_no <= upto]
        full = read_hands(session_id, record, rows, names, sealed) if (json or csv or hand is not None) else []
        results = [h.result() for h in read_hands(session_id, record, rows, names, sealed)] if not full else []
        hands: list[dict[str, Any]] = [{
            "hand": h.hand_no, "shuffled": bool(h.shuffled), "showdown": bool(h.showdown), "result": result,
            "seats": [names[s] for s in numbers(h.seats, f"classic session {session_id}, hand {h.hand_no}: seats")],
            "chips_after": [str(c) for c in amounts(h.chips_after,
                                                    f"classic session {session_id}, hand {h.hand_no}: chips_after")],
        } for h, result in zip(rows, results)] if not full else []
    if json:
        from casino.classic.rules import RULE_KEYS
        from casino.db import classic_store

        rules = classic_store.rules_of(record).to_dict()  # a referee file's [rules] (each hand's variant over it)
        print_json({"session": session_id, "rules": record.rules_name, "practice": practice, "names": names,
                    "rules_in_force": {key: rules[key] for key in RULE_KEYS}, "hands": [h.to_dict() for h in full]})
        return
    if csv:
        print_csv(full, practice)
        return
    out = console()
    out.print(f"[bold]Classic session {session_id}[/]" + (f", hand {hand}" if hand is not None else "")
              + f" — {plain(record.rules_name)}, {final} hand(s)")
    if practice:
        out.print(f"[bold yellow]{PRACTICE_MARK}[/] — {PRACTICE_SENTENCE}")
    if hand is not None:
        print_hand(out, session_id, full[0])
        return
    if not hands:
        out.print("No hands stored yet.", markup=False)
        return
    table = Table(box=boxes.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    for name in ("Hand", "Pack", "Showdown", "Result", "Chips after"):
        table.add_column(name, justify="right" if name == "Hand" else "left")
    for h in hands:
        chips = ", ".join(f"{n} {_amount(c)}" for n, c in zip(h["seats"], h["chips_after"]))
        table.add_row(str(h["hand"]), "shuffled" if h["shuffled"] else "carried over",
                      "yes" if h["showdown"] else "no", h["result"], chips)
    out.print(table)
    if showing_line(first, upto, final) is not None:
        out.print(showing_line(first, upto, final), markup=False)


def replay(session_id: int, hand: int, db: Optional[str], json: bool) -> None:
    from casino.cards import card_from_index
    from casino.classic.referee import event_text
    from casino.db import classic_store
    from cli.history import open_db
    from cli.render import console, plain, print_json

    from casino.practice import PRACTICE_MARK, PRACTICE_SENTENCE, is_practice_text

    with open_db(db, read_only=True) as session, readable(session_id):
        record = classic_store.get_session(session_id, session=session)
        practice = is_practice_text(record.settings)
        rows = classic_store.hands_of(session_id, session=session)
        row = next((r for r in rows if r.hand_no == hand), None) or classic_store.get_hand(session_id, hand,
                                                                                      session=session)  # (no hand N)
        sealed = classic_store.sealed_from(record, rows)
        if sealed is not None and hand >= sealed:
            from cli.errors import fail

            fail(f"classic session {session_id}, hand {hand}: {classic_store.SEALED_NOTE}")
        names, _ = classic_store.seats_of(record)
        stored = classic_store.hand_from_row(row, classic_store.rules_of(record), names)
    if json:
        print_json({"session": session_id, "hand": hand, "practice": practice, "commitment": row.commitment, "seed": row.seed,
                    "pack": stored.pack, "events": [e.to_dict() for e in stored.events]})
        return
    out = console()
    out.print(f"[bold]Classic session {session_id}, hand {hand}[/] — {plain(record.rules_name)}")
    if practice:
        out.print(f"[bold yellow]{PRACTICE_MARK}[/] — {PRACTICE_SENTENCE}")
    out.print(f"Commitment (SHA-256 of seed and pack): {row.commitment}")
    out.print("Pack: " + ("shuffled" if row.shuffled else "not shuffled (carried over from the hand before)"))
    for i, hands in enumerate(stored.dealt):
        shown = "  |  ".join(" ".join(str(card_from_index(c)) for c in h) for h in hands)
        out.print(f"  {stored.names[i]:<6} {shown}", markup=False)
    for event in stored.events:
        text = event_text(event, names)
        if text:
            out.print(text, markup=False)
    out.print(f"Seed revealed: {row.seed}")


def verify(session_id: int, hand: Optional[int], db: Optional[str], json: bool, head: Optional[str] = None) -> None:
    """``brag verify ID --classic [HAND] [--head HASH]``: the recomputation and the hash chain
    (:func:`casino.db.classic_verify.check_classic`); exit 1 when anything does not verify."""
    from casino.db.classic_verify import check_classic
    from cli.history import open_db
    from cli.render import console, print_json

    from casino.practice import FAIR_NOTE, PRACTICE_NOTE

    from casino.db.classic_rows import READ_ERRORS
    from casino.errors import BragError
    from cli.errors import fail

    with open_db(db, read_only=True) as session:
        try:
            report = check_classic(session_id, hand, session=session, head=head)
        except BragError:  # a bad --head, no such session or hand: exit code 2
            raise
        except READ_ERRORS as error:  # (check_classic names what it cannot read; this is a last resort)
            fail(f"classic session {session_id} does not verify: its record cannot be read "
                 f"({' '.join(str(error).split())[:100]})", 1)
    problems = report.problems
    if json:
        print_json(report.to_dict())
    else:
        out = console()
        practice = report.practice
        unread = not report.head  # a stored value could not be read: nothing was recomputed, no chain
        kind = (f" [bold yellow]({PRACTICE_NOTE})[/]" if practice else f" ({FAIR_NOTE})" if practice is False
                else " [bold yellow](a stored value cannot be read)[/]" if unread
                else " [bold yellow](the stored settings cannot be read)[/]")
        if not problems:
            out.print(f"[green]Classic session {session_id}: {report.hands} hand(s) verified[/]{kind} — every seed "
                      "matches its commitment, every pack is the seed's shuffle or the last hand's carry-over, every "
                      "hand replays to the stored chips, and the hash chain holds.")
            if report.head_given is not None:
                out.print("The head you kept is this session's head: no hand was changed, added, removed, reordered "
                          "or copied since.", markup=False)
        else:
            out.print(f"[bold red]Classic session {session_id}: {len(problems)} problem(s)[/]{kind}")
            for p in problems[:200]:
                out.print(f"  {p}", markup=False, highlight=False, soft_wrap=True)  # one line each
            if len(problems) > 200:
                out.print(f"  … and {len(problems) - 200:,} more", markup=False)
        out.print(f"Head: {report.head}" if report.head else "Head: — (not computed: a stored value cannot be read)",
                  markup=False, highlight=False)
        if report.chain_from > 1:
            out.print(f"Hands 1-{report.chain_from - 1} were stored before the hash chain (an older brag-table) and "
                      "chained when the database was upgraded: the chain pins them as they were then.", markup=False)
        if report.pending_line is not None:  # started, not settled: never counted as verified
            out.print(report.pending_line, markup=False, highlight=False, soft_wrap=True)
    if problems:
        raise typer.Exit(1)
