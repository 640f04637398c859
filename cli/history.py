"""``brag sessions``, ``brag history``, ``brag replay``, ``brag verify``: the stored play, looked at again."""

from __future__ import annotations

import itertools

from contextlib import contextmanager

from typing import IO, Annotated, Any, Iterator, Optional

import typer

from cli.classic_history import ClassicOpt
from cli.options import JsonOpt

DbOpt = Annotated[
    Optional[str],
    typer.Option(
        "--db",
        metavar="URL",
        help="A SQLite file path or a database URL such as postgresql://user@host/brag "
        "(default: $BRAG_DB, else brag.db in the application directory).",
    ),
]


def _session_id(value: str) -> int:
    """A session id: a whole number from 1 to 2**63 - 1 (checked before it reaches the database)."""
    from casino.ids import id_problem  # the web says the same words

    text = value.strip()
    if not text.isascii() or not text.isdigit():
        raise typer.BadParameter(f"{value[:60]!r} is not a session id (a whole number, see 'brag sessions')")
    problem = id_problem(text)
    if problem is not None:
        raise typer.BadParameter(problem)
    return int(text)


def _hand_no(value: str) -> int:
    """A hand number (1 to 2**63 - 1)."""
    from casino.ids import id_problem

    text = value.strip()
    if text.isascii() and text.isdigit() and text.strip("0"):  # a whole number above 0: too large, or fine
        problem = id_problem(text, "hand number")
        if problem is not None:
            raise typer.BadParameter(problem)
        return int(text)
    raise typer.BadParameter(f"{value[:30]!r} is not a hand number: it must be at least 1 (1, 2, 3 …)")


SessionArg = Annotated[
    int, typer.Argument(metavar="ID", help="A session ID (see 'brag sessions').", parser=_session_id)
]


def url_of(url: Optional[str], *, create: bool = True) -> str:
    """The database URL named by ``--db`` (a path or URL), ``$BRAG_DB`` or the default file."""
    from casino.db.database import database_url

    return database_url(url, app_dir=typer.get_app_dir("brag-table"), create=create)


def refuse_playing_in_memory(url: str) -> None:
    """One line, exit 2, for an SQLite database in memory where a session is played (``sqlite://``): it is gone
    when the command ends, and the session with it, although the table said where it was stored."""
    from casino.db.copy import in_memory
    from cli.errors import fail

    if in_memory(url):
        fail("an SQLite database in memory keeps nothing once the command ends (the session would be lost): "
             "give a file path or a PostgreSQL URL with --db")


@contextmanager
def open_db(url: Optional[str], *, read_only: bool = False):
    """A database session on the database named by ``--db``, ``$BRAG_DB`` or the default file.

    ``read_only`` (sessions, history, replay, verify): the database is opened read-only, never created
    or changed, and every read sees one snapshot. A stored value that cannot be read back (a
    hand-edited row: an amount that is not a number, events that are not JSON) ends the command with
    one line instead of a traceback: the store's readers name it (:class:`~casino.db.database.UnreadableData`);
    in a read-only command, whose arguments are all checked before the database is opened and whose every
    other value comes from it, any other ``ValueError`` is a stored value no reader names, said so here.
    A command that writes (play) checks its arguments inside: there such an error is not the database's, and
    is not reported as if it were (a bad ``--client-seed`` was "a value the database holds").
    """
    from casino.db.database import open_session
    from casino.errors import BragError
    from cli.errors import fail

    named = url_of(url, create=not read_only)
    if not read_only:
        refuse_playing_in_memory(named)
    with open_session(named, read_only=read_only) as db:
        try:
            yield db
        except BragError:
            raise
        except (ValueError, ArithmeticError, LookupError) as error:  # a value no store reader names (Fraction('1/0') …)
            if not read_only:
                raise
            fail(f"the database holds a value that cannot be read ({error}); 'brag verify' names the rows")
        except RecursionError:  # stored JSON nested thousands deep (a row edited by hand; never an argument)
            fail("the database holds a value nested too deeply to read (a row edited by hand?)")


def _money(value: Any) -> str:
    from fractions import Fraction

    from cli.render import pays

    return pays(Fraction(value))


def _signed(value: Any) -> str:
    from fractions import Fraction

    value = Fraction(value)
    return ("+" if value > 0 else "") + _money(value)


def _when(moment: Any) -> str:
    return moment.strftime("%Y-%m-%d %H:%M") if moment is not None else ""  # wraps to date / time


STATUS = {None: "open", "quit": "ended: quit", "hands": "ended: hands", "bankroll": "ended: bankroll",
          "stop-win": "ended: stop-win", "stop-loss": "ended: stop-loss", "interrupted": "ended: Ctrl-C"}


def sessions(db: DbOpt = None, json: JsonOpt = False, classic: ClassicOpt = False) -> None:
    """List the stored sessions, newest first, with each one's net result (--classic: traditional Brag)."""
    if classic:
        from cli import classic_history

        return classic_history.sessions(db, json)
    from casino.db import store
    from casino.db.database import MissingDatabase, describe
    from cli.render import console, print_json

    from casino.db.locations import db_option
    from casino.db.queries import session_kinds, trainer_sessions
    from casino.practice import PRACTICE_MARK, PRACTICE_NOTE, TRAINER_NOTE

    url = url_of(db, create=False)
    where = describe(url)
    kinds: dict[int, Optional[bool]] = {}
    trainers: set[int] = set()
    try:
        with open_db(db, read_only=True) as session:
            rows = store.list_sessions(session=session, unreadable_too=True)  # one damaged row hides no other
            kinds = session_kinds(session=session)
            trainers = trainer_sessions(session=session)
    except MissingDatabase as error:
        from cli.db import nothing_there_is_an_error

        if nothing_there_is_an_error(db, error):
            raise
        rows = []
    if json:
        # "practice": true for a session seeded from text (not fair play); null where its settings cannot be read
        print_json({"database": where, "sessions": [{**r.to_dict(), "practice": kinds.get(r.id),
                                                     "trainer": r.id in trainers} for r in rows]})
        return
    out = console()
    out.print(f"Database: {where}", markup=False, highlight=False)
    if not rows:
        out.print("No sessions yet: start one with 'brag play'.")
        return
    from rich.measure import Measurement

    left_out: list[str] = []
    table = _sessions_table(rows, kinds, left_out, trainers)
    for column in ("Start", "Wagered", ""):  # a narrow terminal: amounts the others imply, not a cropped table
        if Measurement.get(out, out.options.update_width(10_000), table).minimum <= out.width:  # (unclamped)
            break
        left_out.append(column)  # ("": narrower still, the status wraps at its space)
        table = _sessions_table(rows, kinds, left_out, trainers)
    out.print(table)
    if any(left_out):
        out.print(f"Not shown at this width: {' and '.join(filter(None, left_out))} ('brag sessions --json' has every "
                  "column).",
                  markup=False, highlight=False)
    for r in rows:
        if r.unreadable is not None:
            out.print(f"UNREADABLE: session {r.id}: {r.unreadable} ('brag verify {r.id}{db_option(db)}' checks it).",
                      markup=False, highlight=False)
    if any(kinds.get(r.id) for r in rows):
        out.print(f"{PRACTICE_MARK}: {PRACTICE_NOTE}.", markup=False, highlight=False)
    if trainers & {r.id for r in rows}:
        out.print(f"TRAINER: {TRAINER_NOTE}.", markup=False, highlight=False)
    if any(kinds.get(r.id, True) is None for r in rows):
        out.print("UNKNOWN DECK: the stored settings cannot be read ('brag verify ID' names the rows).", markup=False)
    if any(r.end_reason is None for r in rows):
        out.print("open: not ended (in play, or stopped); 'brag play --resume ID' carries on.")


def _sessions_table(rows: list[Any], kinds: dict[int, Optional[bool]], left_out: list[str],
                    trainers: Optional[set[int]] = None) -> Any:
    """``brag sessions``' table, without the columns named in ``left_out`` (``""`` in it: the status may wrap)."""
    from rich import box as boxes
    from rich.table import Table
    from rich.text import Text

    from casino.practice import PRACTICE_MARK

    table = Table(title="Sessions", title_justify="left", box=boxes.SIMPLE_HEAD, padding=(0, 1),
                  collapse_padding=True, pad_edge=False)
    # the longest status whole ("ended: bankroll" was cropped to "ended: bank" at 80 columns): other columns wrap
    status_width = max(len("UNREADABLE" if r.unreadable else str(STATUS.get(r.end_reason, r.end_reason))) for r in rows)
    game_width = 6 if all(kinds.get(r.id) is False for r in rows) else 8  # room for PRACTICE / UNKNOWN DECK's words
    trainers = trainers or set()
    game_width = max(game_width, 7 if trainers else 0)  # (TRAINER)
    columns = [c for c in (("ID", "right"), ("Game", "left"), ("Started (UTC)", "left"), ("Hands", "right"),
                           ("Start", "right"), ("Bankroll", "right"), ("Wagered", "right"), ("Net", "right"),
                           ("Status", "left")) if c[0] not in left_out]
    for name, justify in columns:
        wraps = name in ("Game", "Started (UTC)") or (name == "Status" and "" in left_out)
        table.add_column(name, justify=justify, no_wrap=not wraps,  # type: ignore[arg-type]  # justify: a str of Rich's literals
                         min_width={"Started (UTC)": 10, "Game": game_width,
                                    "Status": None if wraps else status_width}.get(name),
                         width=10 if name == "Started (UTC)" else None)
    for r in rows:
        kind = kinds.get(r.id)
        game = Text(r.game)
        if kind is not False:  # practice, or settings that cannot be read: never shown as fair play
            game.append(f"\n{PRACTICE_MARK}" if kind else "\nUNKNOWN DECK", style="bold yellow")
        if r.id in trainers:  # the dealer's first card was shown: its results are not the game's
            game.append("\nTRAINER", style="bold yellow")
        cells: dict[str, str | Text]
        if r.unreadable is not None:  # its amounts are not known: never shown as 0
            cells = {"Start": "?", "Bankroll": "?", "Wagered": "?", "Net": "?", "Status": "UNREADABLE"}
        else:
            cells = {"Start": _money(r.start_bankroll), "Bankroll": _money(r.bankroll), "Wagered": _money(r.wagered),
                     "Net": _signed(r.net), "Status": STATUS.get(r.end_reason, r.end_reason)}
        cells.update({"ID": str(r.id), "Game": game, "Started (UTC)": _when(r.started_at), "Hands": f"{r.rounds:,}"})
        table.add_row(*(cells[name] for name, _ in columns))
    return table


SHOWN = 50  # hands `brag history` shows by default (the last ones)


def check_choice(last: Optional[int], hand: Optional[int], all_hands: bool, json: bool, csv: bool) -> None:
    """The options choosing which hands and in what form, checked the same for every game: one line, exit 2."""
    from cli.errors import fail

    if sum(x is not None and x is not False for x in (last, hand, all_hands or None)) > 1:
        fail("give one of --last, --hand and --all")
    if last is not None and last < 1:
        fail("--last must be at least 1")
    if json and csv:
        fail("give one of --json and --csv")


def chosen_hands(final: int, last: Optional[int], hand: Optional[int], every: bool) -> tuple[int, int]:
    """The first and last hand numbers to show of ``final``: hand N alone, the last N, or (``every``: --all,
    --json and --csv unless told) every hand; else the last :data:`SHOWN`."""
    if hand is not None:
        return hand, hand
    if last is not None or not every:
        return max(1, final - (last or SHOWN) + 1), final
    return 1, final


def showing_line(first: int, upto: int, final: int) -> Optional[str]:
    """``Showing hands 51-100 of 100: …`` under a table of some of the hands (``None`` when it shows them all)."""
    if first > 1 or upto < final:
        shown = f"hand {first:,}" if first == upto else f"hands {first:,}-{upto:,}"
        return f"Showing {shown} of {final:,}: --last N, --hand N or --all for others."
    return None


def history(
    session_id: SessionArg,
    db: DbOpt = None,
    last: Annotated[Optional[int], typer.Option("--last", metavar="N", help=f"Only the last N hands (default {SHOWN}).",
                                                parser=_hand_no)] = None,
    hand: Annotated[Optional[int], typer.Option("--hand", metavar="N", help="Only hand N.", parser=_hand_no)] = None,
    all_hands: Annotated[bool, typer.Option("--all", help="Every hand (--json shows every hand unless told).")] = False,
    json: JsonOpt = False,
    csv: Annotated[bool, typer.Option("--csv", help="One CSV row per bet of each box (--classic: per seat of each "
                                                    "hand), every hand unless told.")] = False,
    classic: ClassicOpt = False,
) -> None:
    """Show the hands of session ID: boxes, cards, decisions, each box's result and side bets, the dealer's
    hand, the bankroll (--classic: each hand's pack, who won what, the chips; --hand N: that hand in full)."""
    check_choice(last, hand, all_hands, json, csv)
    if classic:
        from cli import classic_history

        return classic_history.history(session_id, db, json, csv=csv, last=last, hand=hand, all_hands=all_hands)
    from casino.db import store
    from cli.render import console, plain, print_json

    from casino.practice import PRACTICE_MARK, PRACTICE_SENTENCE, is_practice

    with open_db(db, read_only=True) as session:
        record = store.get_session(session_id, session=session)
        final = store.last_round(session_id, session=session)
        if hand is not None:
            store.get_hand(session_id, hand, session=session)  # names a missing hand
        first, upto = chosen_hands(final, last, hand, json or csv or all_hands)
        summary = store.session_summary(session_id, session=session)
        settings = store.settings_of(record)
        practice = is_practice(settings)
        # every hand shown is read a batch at a time and written as it comes: memory does not grow with the session
        stream = store.stream_hands(session_id, first=first, last=upto, session=session)
        from cli import history_head_to_head

        head_to_head = history_head_to_head.is_head_to_head(record)  # two hands, bets on which wins
        if json:
            _print_json_stream({**summary.to_dict(), "practice": practice, "settings": settings}, "hands",
                               (_hand_dict(h, boxes, bets, head_to_head) for h, boxes, bets in stream))
            return
        if csv:
            _print_csv(stream, practice, head_to_head)
            return
        out = console()

        def table(chunk: list[Any]) -> Any:
            hands = [(h, boxes) for h, boxes, _ in chunk]
            bets = {_id(h): rows for h, _, rows in chunk if rows}
            return (history_head_to_head.hands_table(record, hands, bets, compact=out.width < 100) if head_to_head
                    else _hands_table(hands, compact=out.width < 100, bets=bets))

        # each table is printed before the next batch is read (memory does not grow with the session); the first
        # is made before anything is printed, so a damaged row among the hands shown by default is the one line
        tables = (table(chunk) for chunk in _chunks(stream, TEXT_CHUNK))
        first_table = next(tables, None)
        out.print(f"[bold]Session {session_id}[/] — {plain(record.game)}, started {_when(record.started_at)} UTC, "
                  f"bankroll {_money(record.start_bankroll)} → {_money(record.bankroll)} ({_signed(summary.net)})")
        if practice:
            out.print(f"[bold yellow]{PRACTICE_MARK}[/] — {PRACTICE_SENTENCE}")
        shown_any = False
        for made in itertools.chain([first_table] if first_table is not None else [], tables):
            out.print(made)
            shown_any = True
        if not shown_any:
            out.print("No hands stored yet.", markup=False)
        elif showing_line(first, upto, final) is not None:
            out.print(showing_line(first, upto, final), markup=False)


TEXT_CHUNK = 1000  # hands per table in `history --all`: each is printed before the next is read


def _chunks(items: Any, size: int) -> Any:
    """Lists of up to ``size`` items from an iterator, one list at a time."""
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _print_json_stream(head: dict[str, Any], key: str, items: Any) -> None:
    """``head`` with ``key``: the items, as one JSON object on stdout, written item by item (the list is
    never held; stdout gets it whole or not at all, :func:`all_or_nothing`): the head indented as :func:`print_json` indents it, then one item per line::

        {
          "session": 2,
          "hands": [
            {"hand": 1, "boxes": [...], ...},
            {"hand": 2, "boxes": [...], ...}
          ]
        }

    (one line per hand also lets a reader take the hands one at a time, and is several times quicker to
    write than an indented item)."""
    with all_or_nothing() as out:
        _write_json_stream(out, head, key, items)


def _write_json_stream(out: IO[str], head: dict[str, Any], key: str, items: Any) -> None:
    """:func:`_print_json_stream`'s document, written to ``out`` item by item as the items come."""
    import json as json_module

    from cli.render import _json_default

    text = json_module.dumps({**head, key: []}, indent=2, default=_json_default)
    opening, _, closing = text.rpartition("[]")  # ... "hands": [  |  ]\n}
    out.write(opening + "[")
    encode = json_module.JSONEncoder(default=_json_default).encode
    first = True
    for item in items:
        out.write(("\n    " if first else ",\n    ") + encode(item))
        first = False
    out.write(("" if first else "\n  ") + "]" + closing + "\n")


@contextmanager
def all_or_nothing() -> Iterator[IO[str]]:
    """A text file to write a whole ``--json`` or ``--csv`` document into, copied to stdout only when it is
    complete: a stored value that cannot be read half way (one error line, exit 2) leaves no half document on
    stdout for a reader to take as the whole. It spills to a temporary file past a few megabytes, so memory
    does not grow with the session."""
    import shutil
    import sys
    import tempfile

    with tempfile.SpooledTemporaryFile(max_size=8 << 20, mode="w+", encoding="utf-8", newline="") as spool:
        yield spool
        spool.seek(0)
        shutil.copyfileobj(spool, sys.stdout)
        sys.stdout.flush()


def _bet_rows_of(rows: Optional[list[Any]], box: int) -> list[Any]:
    return [r for r in rows or () if r.box == box]


def _box_net(row: Any, bet_rows: list[Any]) -> Any:
    """A box's result: every bet row's net (side bets too); the box columns for hands stored before bet rows."""
    from fractions import Fraction

    if bet_rows:
        return sum((Fraction(r.net) for r in bet_rows), Fraction(0))
    return sum((Fraction(getattr(row, f"{bet}_net") or 0) for bet in ("ante", "play", "ante_bonus", "pair_plus")),
               Fraction(0))


def _side_text(bet_rows: list[Any]) -> str:
    """A box's side bets in a few words: ``6CB 5 +1000``; ``Prime 1 -1``."""
    from casino.bets import get_bet

    short = {"six_card_bonus": "6CB", "colour_bonus": "Colour", "prime": "Prime", "progressive": "Prog"}
    parts = []
    for r in bet_rows:
        if get_bet(r.bet).side:
            parts.append(f"{short.get(r.bet, r.bet)} {_money(r.stake)} {_signed(r.net)}")
    return "; ".join(parts)


def _print_csv(stream: Any, practice: bool = False, head_to_head: bool = False) -> None:
    """``history --csv``: one row per bet of each box (hands stored before bet rows: from the box columns),
    written as the hands stream in (stdout gets it whole or not at all, :func:`all_or_nothing`). ``practice`` (every row): ``yes`` for a practice session (seeded from
    text, not fair play); ``dealer_qualifies`` is empty in a head-to-head game (no qualifier)."""
    import csv

    with all_or_nothing() as out:
        _write_csv(csv.writer(out, lineterminator="\n"), stream, practice, head_to_head)


def _write_csv(writer: Any, stream: Any, practice: bool, head_to_head: bool = False) -> None:
    writer.writerow(["hand", "box", "cards", "hand_name", "decision", "outcome", "bet", "stake", "net", "paid_hand",
                     "meter", "dealer_cards", "dealer_hand", "dealer_qualifies", "bankroll_after", "practice"])
    kind = "yes" if practice else "no"
    for hand, rows, bets in stream:
        for row in rows:
            bet_rows = _bet_rows_of(bets, row.box)
            if not bet_rows:  # stored before bet rows existed
                stakes = {"ante": row.ante, "play": row.ante, "ante_bonus": row.ante, "pair_plus": row.pair_plus}
                bet_rows = [type("Row", (), {"bet": bet, "stake": stakes[bet], "net": getattr(row, f"{bet}_net"),
                                             "paid_hand": None, "meter": None})()
                            for bet in stakes if getattr(row, f"{bet}_net") is not None]
            for r in bet_rows:
                writer.writerow([hand.round_no, row.box, row.cards, row.hand_name, row.decision or "", row.outcome or "",
                                 r.bet, r.stake, r.net, r.paid_hand or "", r.meter or "", hand.dealer_cards,
                                 hand.dealer_hand, "" if head_to_head else "yes" if hand.qualifies else "no",
                                 hand.bankroll_after, kind])


def _hands_table(hands: list[Any], *, compact: bool = False, bets: Optional[dict[int, list[Any]]] = None) -> Any:
    """One row per box: its bets, cards, decision and result; the dealer and bankroll on each hand's first.

    ``compact``: one space between columns (for 80-column terminals) instead of two."""
    from fractions import Fraction

    from rich import box as boxes
    from rich.table import Table
    from rich.text import Text

    from casino.db.rows import hand_row, read_cards
    from cli.render import cards_text

    bets = bets or {}
    several = any(len(b) > 1 for _, b in hands)
    pair_plus = any(row.pair_plus != "0" for _, b in hands for row in b)
    sides = any(_side_text(rows) for rows in bets.values())
    table = Table(box=boxes.SIMPLE_HEAD, padding=(0, 0 if compact else 1), collapse_padding=True, pad_edge=False,
                  show_edge=False)
    columns = [("Hand", "right", True), ("Box", "right", True), ("Cards", "left", True), ("Hand name", "left", False),
               ("Ante", "right", True), ("Pair Plus", "right", False), ("Decision", "left", True),
               ("Side bets", "left", False), ("Result", "right", True), ("Dealer", "left", False),
               ("Bankroll", "right", True)]
    shown = [c for c in columns if (c[0] != "Box" or several) and (c[0] != "Pair Plus" or pair_plus)
             and (c[0] != "Side bets" or sides)]
    for name, justify, no_wrap in shown:
        table.add_column(name, justify=justify, no_wrap=no_wrap,  # type: ignore[arg-type]  # justify: a str of Rich's literals
                         min_width={"Hand name": 7, "Dealer": 9}.get(name),
                         width=4 if name == "Pair Plus" else None)
    words = {"play": "play", "fold": "fold", None: "—"}
    for hand, rows in hands:
        dealer = Text.assemble(cards_text(_sorted(read_cards(hand.dealer_cards, "hands.dealer_cards", hand_row(hand.round_no, hand.session_id)))), " ", hand.dealer_hand, ", ",
                               "qualifies" if hand.qualifies else "doesn't qualify")
        for i, row in enumerate(rows):
            first = i == 0
            bet_rows = _bet_rows_of(bets.get(hand.id), row.box)
            result = _box_net(row, bet_rows)
            cells = {
                "Hand": str(hand.round_no) if first else "",
                "Box": str(row.box),
                "Cards": cards_text(_sorted(read_cards(row.cards, "boxes.cards", hand_row(hand.round_no, hand.session_id)))),
                "Hand name": row.hand_name,
                "Ante": _money(row.ante) if row.ante != "0" else "",
                "Pair Plus": _money(row.pair_plus) if row.pair_plus != "0" else "",
                "Decision": words.get(row.decision, row.decision),
                "Side bets": _side_text(bet_rows),
                "Result": _signed(result),
                "Dealer": dealer if first else "",
                "Bankroll": _money(hand.bankroll_after) if first else "",
            }
            table.add_row(*(cells[name] for name, _, _ in shown))
    return table


def _sorted(cards):
    return sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)


def _hand_dict(hand: Any, boxes: list[Any], bets: Optional[list[Any]] = None,
               head_to_head: bool = False) -> dict[str, Any]:
    """One stored hand as JSON; in a head-to-head game the second hand is ``dealer`` and ``qualifies`` is ``null``
    (no qualifier: the two hands are simply compared)."""
    from fractions import Fraction

    from casino.db.store import money

    def amount(value: Optional[str]) -> Optional[str]:
        return None if value is None else money(Fraction(value))

    return {
        "hand": hand.round_no,
        "played_at": hand.played_at.isoformat() if hand.played_at else None,
        "commitment": hand.commitment,
        "seed": hand.seed,
        "dealer": {"cards": hand.dealer_cards, "hand": hand.dealer_hand,
                   "qualifies": None if head_to_head else hand.qualifies},
        "boxes": [
            {
                "box": b.box, "ante": b.ante, "pair_plus": b.pair_plus, "cards": b.cards, "hand": b.hand_name,
                "decision": b.decision, "outcome": b.outcome,
                "results": {bet: amount(getattr(b, f"{bet}_net")) for bet in ("ante", "play", "ante_bonus", "pair_plus")
                            if getattr(b, f"{bet}_net") is not None},
                **({"bets": [{"bet": r.bet, "stake": r.stake, "net": r.net, "paid_hand": r.paid_hand, "meter": r.meter}
                             for r in _bet_rows_of(bets, b.box)]} if bets else {}),
            }
            for b in boxes
        ],
        "wagered": hand.wagered,
        "net": hand.net,
        "bankroll_before": hand.bankroll_before,
        "bankroll_after": hand.bankroll_after,
    }


def replay(
    session_id: SessionArg,
    hand: Annotated[int, typer.Argument(metavar="HAND", help="The hand number within the session.", parser=_hand_no)],
    db: DbOpt = None,
    json: JsonOpt = False,
    classic: ClassicOpt = False,
) -> None:
    """Replay one stored hand card by card, from its recorded events."""
    if classic:
        from cli import classic_history

        return classic_history.replay(session_id, hand, db, json)
    import json as json_module

    from rich.text import Text

    from casino.db import store
    from casino.events import BET_NAMES, DEALER, BetSettled, BetsPlaced, CardDealt, DealerRevealed, Decision
    from casino.events import RoundStarted, SeedRevealed, event_from_dict
    from casino.practice import PRACTICE_MARK, PRACTICE_SENTENCE, is_practice
    from cli.render import cards_text, console, plain, print_json

    with open_db(db, read_only=True) as session:
        record = store.get_session(session_id, session=session)
        practice = is_practice(store.settings_of(record))
        row = store.get_hand(session_id, hand, session=session)
        boxes = store.boxes_of(_id(row), session=session)
        bets = store.bets_of([_id(row)], session=session).get(_id(row))
        from cli import history_head_to_head

        head_to_head = history_head_to_head.is_head_to_head(record)  # (its event kinds are then known)
        events = [event_from_dict(e) for e in json_module.loads(row.events)]
    if json:
        print_json({"session": session_id, "hand": hand, "game": record.game, "practice": practice,
                    "events": [e.to_dict() for e in events],
                    **{k: v for k, v in _hand_dict(row, boxes, bets, head_to_head).items() if k != "hand"}})
        return
    out = console()
    if head_to_head:
        if practice:
            out.print(f"[bold yellow]{PRACTICE_MARK}[/] — {PRACTICE_SENTENCE}")
        return history_head_to_head.replay(out, session_id, hand, record, row, events)
    names = {b.box: b.hand_name for b in boxes}
    held: dict[int, list[Any]] = {}
    out.print(f"[bold]Session {session_id}, hand {hand}[/] — {plain(record.game)}; bankroll {_money(row.bankroll_before)}")
    if practice:
        out.print(f"[bold yellow]{PRACTICE_MARK}[/] — {PRACTICE_SENTENCE}")
    for event in events:
        if isinstance(event, RoundStarted):
            out.print(f"Commitment (SHA-256 of the seed): {event.commitment}")
        elif isinstance(event, BetsPlaced):
            for b in event.boxes:
                parts = [f"Ante {_money(b.ante)}"] if b.ante else []
                parts += [f"Pair Plus {_money(b.pair_plus)}"] if b.pair_plus else []
                parts += [f"{BET_NAMES[name]} {_money(stake)}" for name, stake in b.side]
                out.print(f"Box {b.box}: {', '.join(parts)}")
        elif isinstance(event, CardDealt):
            held.setdefault(event.to, []).append(event.card)
            who = "Dealer" if event.to == DEALER else f"Box {event.to}"
            line = Text(f"  {who:<7} ") + cards_text(held[event.to])
            if len(held[event.to]) == 3 and event.to != DEALER:
                line.append(f"  {names.get(event.to, '')}")
            elif event.to == DEALER:
                line.append("  (face down)")
            out.print(line)
        elif isinstance(event, Decision):
            out.print(f"Box {event.box} {'plays' if event.play else 'folds'}")
        elif isinstance(event, DealerRevealed):
            verdict = "qualifies" if event.qualifies else "does not qualify"
            out.print(Text("Dealer shows ") + cards_text(event.cards) + Text(f"  {event.hand} — {verdict}"))
        elif isinstance(event, BetSettled):
            paid = ""
            if event.hand is not None:
                from casino.bets import get_side_bet

                paid = f"  {get_side_bet(event.bet).labels.get(event.hand, event.hand)}"
            if event.meter is not None:
                paid += f" (meter {_money(event.meter)})"
            out.print(f"  Box {event.box} {BET_NAMES[event.bet]} {_money(event.stake)}: {_signed(event.net)}{paid}")
        elif isinstance(event, SeedRevealed):
            out.print(f"Seed revealed: {event.seed}")
    out.print(f"Net {_signed(row.net)}; bankroll {_money(row.bankroll_after)}")


def verify(
    session_id: SessionArg,
    hand: Annotated[Optional[int], typer.Argument(metavar="HAND", help="Check only this hand.", parser=_hand_no)] = None,
    head: Annotated[
        Optional[str],
        typer.Option("--head", metavar="HASH",
                     help="A head hash you kept (shown after each hand): the stored hands must lead to it."),
    ] = None,
    db: DbOpt = None,
    json: JsonOpt = False,
    classic: ClassicOpt = False,
) -> None:
    """Recompute stored hands from their seeds and check the session's hash chain.

    Every seed against its commitment, the deck, the cards dealt, every bet's settlement, and the
    chain of hand hashes; with --head, that the hands lead to a head hash you kept outside the
    database (nothing rewritten, added, removed, reordered or copied). Exits 1 when anything differs,
    naming each mismatch.
    """
    if classic:
        from cli import classic_history

        return classic_history.verify(session_id, hand, db, json, head)
    from casino.db.verify import verify_session
    from casino.practice import FAIR_NOTE, PRACTICE_NOTE, TRAINER_NOTE
    from cli.render import console, print_json

    with open_db(db, read_only=True) as session:
        report = verify_session(session_id, hand, session=session, head=head)
    if json:
        print_json(report.to_dict())
    else:
        out = console()
        what = f"hand {hand}" if hand is not None else f"{len(report.checked):,} hand(s)"
        kind = (f" [bold yellow]({PRACTICE_NOTE})[/]" if report.practice else f" ({FAIR_NOTE})" if report.readable
                else " [bold yellow](a stored value cannot be read)[/]")
        if report.trainer:
            kind += f" [yellow]({TRAINER_NOTE})[/]"
        if report.ok:
            out.print(f"[green]Session {session_id}: {what} verified[/]{kind} — every seed matches its commitment, "
                      "the deck, the cards dealt and every settlement match the stored rows, and the hash chain holds.")
            if report.head_given is not None:
                out.print("The head you kept is this session's head: no hand was changed, added, removed, "
                          "reordered or copied since.", markup=False)
            out.print(f"Head: {report.head}", markup=False, highlight=False)
        elif not report.readable:  # nothing was recomputed past the value: no count of hands checked to give
            out.print(f"[bold red]Session {session_id} does not verify[/]{kind}: the check stops at the value below")
            for mismatch in report.mismatches:
                out.print(f"  {mismatch}", markup=False, highlight=False)
        else:
            total = len(report.mismatches) + report.more
            out.print(f"[bold red]Session {session_id}: {total} mismatch(es)[/]{kind} "
                      f"in {what}; bad hands: {', '.join(map(str, report.bad_rounds()[:50])) or 'session totals'}")
            for mismatch in report.mismatches:
                out.print(f"  {mismatch}", markup=False, highlight=False)
            if report.more:
                out.print(f"  … and {report.more:,} more", markup=False)
        if report.pending_line() is not None:  # dealt, bets stored, not settled: never counted as verified
            out.print(report.pending_line(), markup=False, highlight=False, soft_wrap=True)
    if not report.ok:
        raise typer.Exit(1)



def _id(row: Any) -> int:
    """A stored row's id (a row read from the database always has one)."""
    assert row.id is not None
    return int(row.id)
