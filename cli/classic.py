"""``brag classic``: traditional Brag in the terminal against computer players (or all computers, --auto).

Reads keys, draws the table (:mod:`cli.classic_view`), stores each settled hand; the rules, the
play and the storage are all in :mod:`casino`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Optional

import typer

from cli.db_words import brag
from cli.options import JsonOpt, PracticeSeedOpt

COMPUTER_NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


class _Quit(Exception):
    """The player typed q."""


def classic(
    rules: Annotated[str, typer.Option("--rules", metavar="FILE|NAME",
                                       help="A built-in rules name (classic-brag, four-card-brag, …) or a rules TOML file.")] = "classic-brag",
    opponents: Annotated[Optional[str], typer.Option(help="Computer opponents: a count, 1-7, or characters by name such as expert,bluffer,steady (see docs/opponents.md; default: the rules file's count, else 5).")] = None,
    chips: Annotated[Optional[str], typer.Option(help="Chips each seat starts with (default: the rules file's, else 1000).")] = None,
    hands: Annotated[Optional[int], typer.Option(help="Hands in the session (default: the rules file's, else 15).")] = None,
    ante: Annotated[Optional[str], typer.Option(help="The ante each hand (default: the rules file's).")] = None,
    seed: PracticeSeedOpt = None,
    db: Annotated[Optional[str], typer.Option("--db", metavar="URL", help="A SQLAlchemy database URL (default: $BRAG_DB, else brag.db in the application directory).")] = None,
    resume: Annotated[Optional[int], typer.Option("--resume", metavar="ID", help="Carry on stored classic session ID.")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Every seat a computer player: watch, or measure.")] = False,
    json: JsonOpt = False,
) -> None:
    """Traditional Brag against 1-7 computer players: blind and seen, the see, covering the pot.

    Keys are shown at the table; '?' explains the rules in force, 'h' gives your exact chance of holding
    the best hand. Ctrl-C ends the session at once (every settled hand kept, exit code 130).
    """
    import signal

    from cli import db_words

    db_words.given(db)  # what it suggests (brag history, verify, resume) names this database

    from casino.classic.rules import hands_problem, load_rules
    from casino.classic.view import SimpleOpponent
    from casino.db import classic_store
    from casino.db.database import database_url, open_session
    from cli.errors import fail

    if json and not auto:
        fail("--json needs --auto (an interactive session draws the table)")
    url = database_url(db, app_dir=typer.get_app_dir("brag-table"))
    from cli.history import refuse_playing_in_memory

    refuse_playing_in_memory(url)
    from casino.db.locations import nothing_left_behind

    # refusals with the database open (a bad rules file, --resume of a session not there): a new SQLite file made
    # for the command and holding no session is removed again, as brag play does (docs/playing.md)
    from cli.prompts import terminate_as_ctrl_c

    with terminate_as_ctrl_c(), nothing_left_behind(url), open_session(url) as session:
        if resume is not None:
            if any(x is not None for x in (opponents, chips, hands, ante, seed)) or rules != "classic-brag":
                fail("--resume carries on a session as it was: give no other rules, seats or seed")
            resumed = classic_store.resume_session(resume, session=session)  # the web's rule; into a pending hand
            record, table, names, players = resumed.record, resumed.table, resumed.names, resumed.players
            seed = resumed.seed  # the session's own: a practice session says so again
            if auto and "you" in players:  # checked before anything is played (a pending hand stays as it was)
                fail(f"classic session {resume} has your seat at the table: resume it without --auto"
                     + (" and --json" if json else ""))
            auto = "you" not in players
            limit = record.hand_limit
            game_rules = table.rules
        else:
            game_rules = load_rules(rules)
            if chips is not None:  # each refused in the option's name ('--ante: ante must be zero or more')
                game_rules = game_rules.with_changes("--chips", chips=chips)
            if ante is not None:
                game_rules = game_rules.with_changes("--ante", ante=ante)
            from casino.classic.opponents.seat import TABLE_MIX, character_names

            characters = character_names(opponents, game_rules.opponents)
            count = len(characters)
            problem = None if hands is None else hands_problem(hands, "--hands")  # the rules file's: checked as read
            if problem is not None:
                fail(problem)
            limit = hands if hands is not None else game_rules.hands
            names = list(COMPUTER_NAMES[: count + 1]) if auto else ["You", *COMPUTER_NAMES[:count]]
            players = [*characters, TABLE_MIX[count % len(TABLE_MIX)]] if auto else ["you", *characters]
            from casino.classic.table import ClassicTable

            table = ClassicTable(game_rules, names, seed=seed)
            record = classic_store.create_session(game_rules, names, players, limit,
                                                  {"seed": seed, "auto": auto}, session=session)
        session_id = record.id
        assert session_id is not None  # a stored row has its id
        from rich.text import Text

        from casino.classic.opponents.seat import CharacterOpponent, SeatedOpponents
        from casino.classic.words import hand_summary

        computer = SeatedOpponents({s: SimpleOpponent() if p == "simple" else CharacterOpponent(p)
                                    for s, p in enumerate(players) if p != "you"})
        you = None if auto else players.index("you")
        out = _console()
        from cli.deck_words import head_line, practice_line

        practice = practice_line({"seed": seed})
        if practice is not None and not json:
            out.print(practice)
        from casino.db.classic_rows import amounts

        start_chips = amounts(record.start_chips, f"classic session {session_id}: start_chips", len(names))
        stop = {"now": False}
        previous = signal.getsignal(signal.SIGINT)
        if auto:
            def _press(signum: int, frame: Any) -> None:
                if stop["now"]:
                    raise KeyboardInterrupt
                stop["now"] = True

            signal.signal(signal.SIGINT, _press)
        reason = "hands"

        def started() -> None:  # the hand's start on record before any card is shown
            classic_store.start_pending(session_id, table, session=session)

        def chose() -> None:  # dealer's choice: the player's pick on record before the deal (a resume deals with it)
            classic_store.save_pick(session_id, table, session=session)

        def acted(seat: int, action: Any) -> None:  # and each action as it is taken (a resume replays them)
            classic_store.record_action(session_id, seat, action, session=session, hand_no=table.hand_no,
                                        played=None if table.state is None else table.state.actions)

        try:
            while table.hand_no < limit or table.state is not None:
                if stop["now"]:
                    raise KeyboardInterrupt
                if table.state is None and not (table.can_deal() if you is None else table.plays_on(you)):
                    reason = "bust"
                    break
                hand_record = _play_one(table, you, computer, out if not json else None, started,
                                        None if auto else acted, limit=limit, chose=chose)
                classic_store.save_hand(session_id, hand_record, table, session=session)
                if you is not None:  # who won what, the player's seat in the second person
                    out.print(Text(hand_summary(hand_record, table.voice), style="bold"))
        except _Quit:
            reason = "quit"
        except KeyboardInterrupt:
            stopped = classic_store.end_session(session_id, "interrupted", session=session)
            typer.echo("", err=True)
            settled = table.hand_no - (1 if table.state is not None else 0)
            typer.echo(f"Interrupted: session {record.id} ended after {settled} settled hand(s).", err=True)
            if table.state is not None:
                typer.echo(f"Hand {table.hand_no} is pending: its deal and every action so far are stored (nothing is "
                           f"given back); '{brag(f'classic --resume {record.id}')}' carries on with it.", err=True)
            typer.echo(f"Head hash: {stopped.head_hash} — keep it.",
                       err=True)
            raise typer.Exit(130) from None
        finally:
            if auto:
                signal.signal(signal.SIGINT, previous)
        head = classic_store.end_session(session_id, reason, session=session).head_hash  # the chain's newest link
        if table.state is not None:  # q in the middle of a hand: it stays pending, to carry on with
            out.print(f"Hand {table.hand_no} is pending (its deal and actions are stored): "
                      f"'{brag(f'classic --resume {record.id}')}' carries on with it.", markup=False, soft_wrap=True)
        if json:
            from cli.render import print_json

            from casino.money import json_number

            print_json({  # amounts exact: integers, floats only where a float is exact, else text such as "73/7"
                "session": record.id, "rules": game_rules.to_dict(), "hands": table.hand_no, "end": reason, "head": head,
                "seats": [{"name": n, "start": json_number(s), "chips": json_number(c), "borrowed": json_number(b),
                           "net": json_number(Fraction(c) - s - Fraction(b))}
                          for n, s, c, b in zip(names, start_chips, table.chips, table.borrowed)],
            })
            return
        from cli.classic_view import results_table

        out.print(results_table(names, start_chips, table.chips, table.borrowed))
        settled = table.hand_no - (1 if table.state is not None else 0)
        out.print(f"Session {record.id}: {settled} hand(s); '{brag(f'history {record.id} --classic')}' shows them.",
                  markup=False, soft_wrap=True)
        if head is not None:
            out.print(head_line(record.id, head, {"seed": seed}, classic=True), markup=False, highlight=False,
                      soft_wrap=True)


def _console() -> Any:
    from cli.classic_view import console

    return console()


def _play_one(table: Any, you: int | None, computer: Any, out: Any, started: Any = None,
              acted: Any = None, limit: int | None = None, chose: Any = None) -> Any:
    """Play one hand to its end: a new one (``started()`` stores its start before anything is shown), or the
    one the table is in the middle of (a pending hand resumed). ``acted(seat, action)`` stores each action;
    ``limit``: the session's last hand (after it, a blind hand won is not kept: no deal follows); ``chose()``
    stores the player's pick of the variant (dealer's choice) before the deal.
    The computer players' chance comes from the hand's secret seed (:meth:`ClassicTable.computer_chance`)."""
    from casino.classic.words import event_text

    if table.state is None:
        if you is not None and table.choice_due() == you and table.picked is None:  # (a pick stored: dealt with it)
            table.pick_variant(_ask_variant(table, out))
            if chose is not None:
                chose()
        table.start_hand()
        if started is not None:
            started()
    elif out is not None:
        out.print(f"Hand {table.hand_no} was dealt before the session stopped: the same cards, the same antes, "
                  "every action so far as it was.", markup=False)
    rng = table.computer_chance()
    log: list[str] = []
    seen_events = 0

    def catch_up() -> None:  # the log shows only what your seat may see, every event so far (a resumed hand's too)
        nonlocal seen_events
        if out is not None and table.state is not None:
            history = table.history(-1 if you is None else you)
            for event in history[seen_events:]:
                text = event_text(event, table.voice)  # the player's seat (named You) in the second person
                if text:
                    log.append(text)
            seen_events = len(history)

    while not table.hand_done:
        catch_up()
        seat = table.to_act
        view = table.view(seat)
        legal = table.legal_actions()
        if seat == you:
            last = limit is not None and table.hand_no >= limit
            action = _ask(table, view, legal, log, you, out, last)
        else:
            action = computer.decide(view, legal, rng)
        table.act(action)
        if acted is not None:
            acted(seat, action)
    catch_up()
    record = table.end_hand()
    if out is not None and you is not None:
        from rich.text import Text

        if log:
            out.print(Text("\n".join(log[-12:])))
    return record


def _ask(table: Any, view: Any, legal: Any, log: list[str], you: int | None, out: Any, last: bool = False) -> Any:
    """The player's action: keys until one is legal; a bad key or amount is one line and the prompt again."""
    from rich.text import Text

    from casino.classic.actions import Keep, UnknownAction, action_from_text
    from casino.errors import BragError
    from cli.classic_view import rules_text, screen
    from cli.prompts import ask

    if legal.keep:
        if last:  # the session's last hand: no deal follows to keep it for
            return Keep(False)
        out.print(Text("\n".join(log[-12:])))  # how the hand went (you won blind) before the question
        log.clear()  # shown: the end of the hand does not show it again
        while True:
            answer = ask("You won blind. Keep this blind hand for the next deal? [y/n]")
            if answer is None or answer in ("q", "quit"):
                raise _Quit
            if answer in ("y", "yes", "n", "no"):
                return Keep(answer.startswith("y"))
            out.print("Type y or n.")
    out.print(screen(view, legal, log, you))
    while True:
        line = ask("Your action>")
        if line is None or line in ("q", "quit", "exit"):
            raise _Quit
        if line in ("?", "rules"):
            out.print(Text(rules_text(table.hand_rules)))  # the rules in force (with dealer's choice, the hand's)
            continue
        if line in ("h", "hint"):
            out.print(_hint(table, view))
            out.print(_expert_hint(view, legal))
            continue
        try:
            action = action_from_text(line, legal)  # the game's keys, shared with the referee
            table.verify(action)
        except UnknownAction as error:
            out.print(Text(f"{error}; h hint, ? rules, q quit", style="red"))
            continue
        except BragError as error:
            out.print(Text(str(error), style="red"))  # Text: what was typed is never read as markup
            continue
        return action


def _ask_variant(table: Any, out: Any) -> Any:
    """Dealer's choice: the player deals the first hand of a circle and picks its variant (one line; Enter keeps
    the one in force; a bad word is one line and the question again)."""
    from rich.text import Text

    from casino.classic.choice import parse_variant, variant_text, wild_choices, with_variant
    from casino.errors import BragError
    from cli.classic_view import rules_text
    from cli.prompts import ask

    now = table.circle.variant
    out.print(Text(f"You deal the first hand of a circle: pick the variant for it. Now: "
                   f"{variant_text(now, table.rules.jokers)}.\n"
                   f"Words in any order: 3, 4 or 5 cards; {', '.join(wild_choices(table.rules))} wild; blind or seen "
                   "(no blind play)."))
    while True:
        line = ask("Variant [Enter: keep it]>")
        if line is None or line in ("q", "quit", "exit"):
            raise _Quit
        if line in ("?", "rules"):
            out.print(Text(rules_text(with_variant(table.rules, now))))  # the circle's so far
            continue
        try:
            return parse_variant(line, table.rules, now)
        except BragError as error:
            out.print(Text(str(error), style="red"))


def _expert_hint(view: Any, legal: Any) -> str:
    """What the computed expert would do in your seat, and why (docs/opponents.md)."""
    from casino.classic.opponents.seat import expert_hint

    return expert_hint(view, legal)


def _hint(table: Any, view: Any) -> str:
    from casino.classic.hint import NoHint, best_three_note, seat_chances
    from cli.render import percent

    try:
        chances = seat_chances(view, table.ranker, table.rules.pack_size)
    except NoHint as why:
        return f"Hint: {why}."
    parts = [f"{c.opponents} opponent{'s' if c.opponents > 1 else ''}: {percent(c.beat, 2)}"
             + ("" if c.exact else f" ± {100 * c.margin:.2f} points (simulated, {c.deals:,} deals)") for c in chances]
    note = best_three_note(view, table.ranker)
    return f"Hint — {note + ', ' if note else ''}your chance of a better hand than " + "; ".join(parts)
