"""``brag db``: the database itself — copy sessions between databases, upgrade a database in place."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from casino.db.end_reasons import COPIED, MOVED, MOVING
from cli.history import DbOpt
from cli.options import JsonOpt

app = typer.Typer(
    name="db",
    help="The database itself: copy sessions between databases (SQLite, PostgreSQL), upgrade one in place.",
    no_args_is_help=True,
    add_completion=False,
)


def nothing_there_is_an_error(db: Optional[str], error: Exception) -> bool:
    """For a command that lists (``brag sessions``): whether a database that is not there is an error (one line,
    exit 2) rather than "no sessions yet". It is when ``--db`` or ``$BRAG_DB`` named it (a mistyped path is
    said so, not taken for an empty list); the default database not made yet (a fresh install) lists nothing."""
    import os

    from casino.db.database import ENV_VAR, NoDatabaseFile

    return isinstance(error, NoDatabaseFile) and (db is not None or bool(os.environ.get(ENV_VAR)))


@app.command("copy")
def copy(
    source: Annotated[str, typer.Argument(metavar="SRC", help="The database to copy from (a path or URL), read-only.")],
    target: Annotated[str, typer.Argument(metavar="DST", help="The database to copy into (created if new).")],
    session: Annotated[
        Optional[list[str]], typer.Option("--session", metavar="ID", help="Copy only this session (repeatable).")
    ] = None,
    move: Annotated[bool, typer.Option("--move", help="Move the sessions: the copies play on in DST, and SRC marks "
                                                     "its sessions moved (SRC must be writable).")] = False,
    json: JsonOpt = False,
) -> None:
    """Copy casino-table sessions from SRC to DST with their hash chains intact: each verifies there with the same
    head (traditional Brag sessions and sessions with progressive bets are not copied, and it says so).

    A copy is a record: it lists, replays and verifies in DST, and plays on only in SRC (a session plays on in one
    database, so no hand can be played in both). With --move the copies play on in DST and SRC's sessions are
    marked moved (a copy of every hand already in DST then plays on there). Without --move SRC is opened read-only
    and never changed; sessions already in DST are skipped,
    an older copy there (the same session's first hands, checked hand by hand) gets the hands it lacks, and a copy
    there that differs is refused, naming the session (nothing is copied).
    """
    from casino.db.copy import classic_sessions_in, copy_sessions, refuse_in_memory, sessions_to_copy
    from casino.db.database import connect, database_url, describe
    from casino.db.locations import nothing_left_behind, same_database
    from casino.ids import MAX_ID
    from cli.errors import fail
    from cli.render import console, print_json

    ids = None
    if session:
        ids = []
        for text in session:
            if not (text.isascii() and text.isdigit()) or len(text) > 19 or not 1 <= int(text) <= MAX_ID:
                fail(f"--session takes a session id (1 to {MAX_ID:,}), not {text[:30]!r}")
            ids.append(int(text))
    source_url, target_url = database_url(source), database_url(target)
    if same_database(source_url, target_url):
        fail(f"SRC and DST are the same database ({describe(source_url)}): nothing was copied")
    refuse_in_memory(target_url, "DST")  # before anything is opened: opening it could leave a stray file
    source_engine = connect(source_url, read_only=not move, must_exist=True)
    try:
        if not sessions_to_copy(source_engine, ids, move=move):  # every refusal SRC alone can give, before DST is made
            left = classic_sessions_in(source_engine)
            if json:
                print_json({"from": describe(source_url), "to": describe(target_url), "sessions": [],
                            "classic_not_copied": left})
                return
            also = f" (its {left} traditional Brag session(s) are not copied: db copy carries the casino table's)" \
                if left else ""
            console().print(f"Nothing to copy: {describe(source_url)} holds no casino table session{also}; "
                            f"{describe(target_url)} was not touched.", markup=False, highlight=False)
            return
        with nothing_left_behind(target_url):  # a new DST file is removed again if the copy stops with nothing in it
            target_engine = connect(target_url)
            try:
                copied = copy_sessions(source_engine, target_engine, ids, move=move)
            finally:
                target_engine.dispose()
        left = classic_sessions_in(source_engine)
    finally:
        source_engine.dispose()
    if json:
        print_json({"from": describe(source_url), "to": describe(target_url), "sessions": [c.to_dict() for c in copied],
                    "classic_not_copied": left})
        return
    out = console()
    for c in copied:
        if c.target_id is None:
            out.print(f"Session {c.source_id}: already in {describe(target_url)}, skipped.", markup=False)
        elif c.had and not c.hands:
            out.print(f"Session {c.source_id} → session {c.target_id}: the {c.had:,} hand(s) were there already (a copy); "
                      f"it plays on there now, head {c.head}", markup=False, highlight=False)
        elif c.had:
            out.print(f"Session {c.source_id} → session {c.target_id}: {c.hands:,} hand(s) added to the {c.had:,} of an "
                      f"older copy there, head {c.head}", markup=False, highlight=False)
        else:
            out.print(f"Session {c.source_id} → session {c.target_id}: {c.hands:,} hand(s), head {c.head}",
                      markup=False, highlight=False)
    made = sum(c.target_id is not None for c in copied)
    out.print(f"{'Moved' if move else 'Copied'} {made} session(s) from {describe(source_url)} to {describe(target_url)}; "
              "'brag verify ID --db DST --head HASH' checks each.", markup=False, highlight=False)
    records = [c for c in copied if c.target_id is not None]
    if records and not move:
        for line in _where_each_plays_on(records):
            out.print(line, markup=False, highlight=False)
    if left:
        out.print(f"Not copied: {left} traditional Brag session(s) ('brag sessions --classic'); db copy carries "
                  "the casino table's sessions only.", markup=False, highlight=False)


#: where a session plays on that does not play on in SRC, by how it ended there
_ELSEWHERE = {
    COPIED: "{it_is} itself a copy in SRC: {it_plays} on in the database {it_was} first copied from",
    MOVED: "{it_was} moved away from SRC: {it_plays} on only where {it_was} moved to",
    MOVING: "{it_is} the record of a move into SRC that stopped part way: {it_plays} on where that move came "
              "from, or, once that move is run again, in SRC",
}


def _where_each_plays_on(records: list[Any]) -> list[str]:
    """After a plain copy: where each copied session plays on (a copy is a record: it never plays on in DST)."""
    groups: dict[str | None, list[int]] = {}
    for c in records:
        groups.setdefault(c.source_end, []).append(c.source_id)
    lines = []
    for end, ids in groups.items():
        one = len(ids) == 1
        copies = (f"The copy of session {ids[0]} is a record" if one else
                  f"The copies of sessions {', '.join(map(str, ids[:-1]))} and {ids[-1]} are records")
        words = dict(zip(("it_is", "it_was", "it_plays"), ("it is", "it was", "it plays") if one else
                         ("they are", "they were", "they play")))
        if end is None:
            lines.append(f"{copies} in DST: {words['it_plays']} on only in SRC ('brag db copy --move' moves sessions).")
        else:
            lines.append(f"{copies} in DST; " + _ELSEWHERE[end].format(**words) + ".")
    return lines


@app.command("upgrade")
def upgrade(
    db: DbOpt = None,
    create: Annotated[bool, typer.Option("--create", help="Make a new, empty database if there is none there "
                                                          "(without it a database that is not there is refused).")] = False,
) -> None:
    """Upgrade a database written by an older brag-table to this one's schema, in place (play does it too).

    The database must be there already (a mistyped --db is refused, not made into a new file): --create makes a
    new one.
    """
    from casino.db.database import HEAD_REVISION, connect, describe, schema_revision
    from cli.history import url_of
    from cli.render import console

    url = url_of(db, create=create)
    engine = connect(url, must_exist=not create)
    try:
        revision = schema_revision(engine)
    finally:
        engine.dispose()
    console().print(f"{describe(url)}: schema {revision} (the newest is {HEAD_REVISION}).", markup=False,
                    highlight=False)
