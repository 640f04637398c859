"""``brag play`` at a head-to-head game (Teen Patti 20-20, Teen Patti Pro): bets on which of two hands wins.

:mod:`cli.play` hands a command over here (:func:`wanted`) when the game, or the resumed session's game,
deals two hands; the session is played by :class:`casino.head_to_head_service.HeadToHeadService` and
stored like the casino table's. Rendering and prompts only: the rules live in ``casino``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

import typer

from cli.db_words import brag


def help_text(table: Any) -> str:
    """The ``?`` help at the bets prompt, its examples this table's own bets (``a 5 tie 1`` at Teen Patti
    20-20; ``player 5 banker 1`` at Teen Patti Pro)."""
    words = short_words(table)
    first, last = words[table.names[0]], words[table.names[-1]]
    second = words.get("tie", words[table.names[1]])
    examples = [("Enter", "repeat the last bets"),
                (f"{first} 5 {second} 1", f"bets by name and stake: here {bet_words(table)}"),
                (f"{first}=5 {last}=2", "the same with '=' (every bet you name; the others are taken away)"),
                ("t", "what each bet pays and the table's limits"),
                ("?", "this help and the session's statistics"),
                ("q", "quit (every settled hand is already saved); Ctrl-C ends at once, exit code 130")]
    width = max(17, *(len(key) + 1 for key, _ in examples))
    return "\n".join(["Bets prompt:", *(f"  {key:<{width}} {what}" for key, what in examples),
                      "Both hands are dealt at once and every bet is settled: there is nothing to play or fold.",
                      "Each hand shows the SHA-256 commitment of its secret seed first and reveals the seed after:",
                      "'brag verify ID' recomputes every hand from its seed."])


def wanted(db: Any, game_text: Optional[str], resume: bool) -> bool:
    """Whether this ``brag play`` is at a head-to-head game (the game named, or the session resumed).

    Anything odd (an unknown game, a session id that is not one) is left to the casino table's own
    checks, which name it in one line."""
    from casino.errors import BragError

    if not resume:
        from casino.games import load_game
        from casino.head_to_head_table import is_head_to_head

        return is_head_to_head(load_game(game_text or "3-card-brag"))
    from casino.db import store
    from casino.head_to_head_service import is_head_to_head_session

    try:
        if game_text is None:
            record = store.latest_session(session=db)
        elif game_text.isascii() and game_text.isdigit() and len(game_text) <= 18:
            record = store.get_session(int(game_text), session=db)
        else:
            return False
    except BragError:
        return False
    return is_head_to_head_session(record)


def play(
    db: Any,
    game_text: Optional[str],
    *,
    resume: bool,
    bankroll: Optional[str],
    seed: Optional[str],
    bets: list[str],
    client_seed: Optional[str] = None,
    hands: Optional[int],
    auto: bool,
    stop_win: Optional[Fraction],
    stop_loss: Optional[Fraction],
    as_json: bool,
    refused: list[str],
) -> None:
    """Play a head-to-head session (every option already checked by :func:`cli.play.play` that applies to
    both shapes; ``refused``: options given that do not apply here)."""
    from cli.errors import fail

    if refused:
        fail(f"{refused[0]} does not apply to a head-to-head game (two hands dealt, bets on which wins: no Ante, "
             "boxes or play/fold decision); place bets with --bet NAME=AMOUNT")
    if resume:
        if client_seed is not None:
            fail("--resume continues with the session's own client seed: leave out --client-seed")
        service = _resume(db, game_text, bankroll, seed, bets)
    else:
        if client_seed is not None and seed is not None:
            fail("--client-seed goes with fair play; --seed makes a practice session decided by its text alone: "
                 "give one of them")
        service = _new(game_text, bankroll, seed, bets, auto, client_seed)
    service.open(db)
    if auto:
        _autoplay(service, hands or 0, stop_win, stop_loss, as_json)
    else:
        _interactive(service, hands)


# -- setting up ---------------------------------------------------------------------------------------


def _pairs(options: list[str]) -> list[tuple[str, str]]:
    from cli.errors import fail

    pairs = []
    for text in options:
        name, sep, amount = text.partition("=")
        if not sep or not name.strip():
            fail(f"--bet {text[:40]!r}: write NAME=AMOUNT, e.g. --bet a=5 (or tie=1, pair_plus_a=1)")
        pairs.append((name, amount))
    return pairs


def _new(game_text: Optional[str], bankroll_text: Optional[str], seed: Optional[str], options: list[str],
         auto: bool, client_seed: Optional[str] = None) -> Any:
    from casino.games import load_game
    from casino.head_to_head_service import HeadToHeadService
    from casino.money import parse

    game = load_game(game_text or "3-card-brag")
    bankroll = parse(bankroll_text or "100", "--bankroll", allow_zero=False)
    if options:
        stakes: Any = _pairs(options)
    else:  # the bet on the first hand at the table minimum (or 1)
        from casino.head_to_head_table import HeadToHeadTable

        first = HeadToHeadTable(game).names[0]
        stakes = {first: game.limits.min_ante or Fraction(1)}
    return HeadToHeadService.new(game, bankroll, stakes=stakes, seed=seed, client_seed=client_seed,
                                 settings={"auto": auto})


def _resume(db: Any, session_text: Optional[str], bankroll_text: Optional[str], seed: Optional[str],
            options: list[str]) -> Any:
    from casino.head_to_head_service import HeadToHeadService
    from cli.errors import fail

    if bankroll_text is not None:
        fail("--resume continues with the stored bankroll: leave out --bankroll")
    if seed is not None:
        fail("--resume continues with the session's own seeds: leave out --seed")
    session_id = int(session_text) if session_text is not None else None
    return HeadToHeadService.resume(db, session_id, stakes=_pairs(options) if options else None)


# -- showing --------------------------------------------------------------------------------------------


def _money(value: Any) -> str:
    from cli.render import pays

    return pays(Fraction(value))


def _signed(value: Any) -> str:
    return ("+" if value > 0 else "") + _money(value)


def describe_bets(service: Any, bets: Any) -> str:
    """The stakes in words: ``Player A wins 5, Tie 1``."""
    titles = service.table.titles
    return ", ".join(f"{titles[name]} {_money(stake)}" for name, stake in bets.stakes) or "no bet"


def short_words(table: Any) -> dict[str, str]:
    """Each bet's shortest word a player may type for it: ``{"player_a": "a", "tie": "tie", …}``."""
    best: dict[str, str] = {}
    for word, bet in table.words.items():
        if bet not in best or len(word) < len(best[bet]):
            best[bet] = word
    return best


def bet_words(table: Any) -> str:
    """Each bet with the shortest word a player may type for it: ``a (Player A wins), tie (Tie) …``."""
    best = short_words(table)
    return ", ".join(f"{best[name]} ({table.titles[name]})" for name in table.names)


def _welcome(out: Any, service: Any) -> None:
    from casino.maths.head_to_head import describe
    from cli.render import plain

    verb = "Resuming" if service.resumed else "Session"
    out.print(f"[bold]{plain(service.game.name)}[/] — {verb} {service.session_id} · bankroll {_money(service.bankroll)}")
    out.print(describe(service.game) + ".", markup=False)
    from cli.deck_words import deck_line

    out.print(deck_line(service.settings, service.client_seed), highlight=False)
    out.print("Enter repeats the bets, t paytables, ? help, q quits.", markup=False)
    out.print(f"Bets here: {bet_words(service.table)}.", style="cyan", markup=False)


def show_result(out: Any, service: Any, result: Any) -> None:
    """Both hands with their names, who won, each bet's result, the net and the bankroll, the seed."""
    from rich.table import Table
    from rich.text import Text

    from casino.fair import commitment
    from cli.play_view import held
    from cli.render import cards_text

    a, b = result.hands
    width = max(len(a), len(b))
    for name, cards, hand, mine in ((a, result.first_cards, result.first_hand, "first"),
                                    (b, result.second_cards, result.second_hand, "second")):
        line = Text(f"{name:<{width}}  ") + cards_text(held(cards)) + Text(f"  {hand}")
        if result.outcome == mine:
            line.append("  wins", style="bold green")
        out.print(line)
    out.print("The hands tie." if result.winner is None else f"{result.winner} wins.", markup=False)
    table = Table(box=None, padding=(0, 2), show_header=True)
    for column, justify in (("Bet", "left"), ("Stake", "right"), ("Result", "right"), ("", "left")):
        table.add_column(column, justify=justify, no_wrap=column != "")  # type: ignore[arg-type]  # Rich's literals
    titles = service.table.titles
    for s in result.settled:
        note = service.table.paid_label(s.bet, s.hand)
        if s.bet in service.table.names[:2] and result.outcome == "tie":
            note = "push on a tie" if s.net == 0 else "lost on a tie"
        table.add_row(titles[s.bet], _money(s.stake), _signed(s.net), note)
    out.print(table)
    ok = "matches" if commitment(result.seed) == result.commitment else "DOES NOT MATCH"
    out.print(f"Hand {result.round_no}: [bold]{_signed(result.net)}[/] · bankroll [bold]{_money(service.bankroll)}[/]")
    out.print(f"Seed {result.seed.hex()} (its SHA-256 {ok} the commitment)", style="dim")


def print_table_rules(out: Any, service: Any) -> None:
    """``t``: what each bet pays, and the table's limits."""
    from rich.table import Table

    from casino.maths.head_to_head import describe, pay_text

    game = service.game
    out.print(describe(game) + ".", markup=False)
    rules = game.head_to_head
    if game.pair_plus is not None:
        grid = Table(title="Pair Plus (on either hand)", title_justify="left", show_header=False, box=None,
                     padding=(0, 2))
        grid.add_column("Hand")
        grid.add_column("Pays", justify="right")
        for hand, paid in game.pair_plus.pays:
            grid.add_row(game.ranking.label(hand), f"{_money(paid)} to 1")
        out.print(grid)
    if rules.hand_bets:
        grid = Table(title="Hand bets (each on either hand)", title_justify="left", show_header=False, box=None,
                     padding=(0, 2))
        grid.add_column("Hand")
        grid.add_column("Pays", justify="right")
        for hand, paid in rules.hand_bets:
            grid.add_row(game.ranking.label(hand), pay_text(paid))
        out.print(grid)
    for side in game.side_bets:
        grid = Table(title=side.title, title_justify="left", show_header=False, box=None, padding=(0, 2))
        grid.add_column("Hand")
        grid.add_column("Pays", justify="right")
        for hand, paid in side.pays:
            grid.add_row(side.label(hand, game.ranking), f"{_money(paid)} to 1")
        out.print(grid)
    limits = game.limits
    shown = [f"{name} {_money(value)}" for name, value in (
        ("min on a hand or the Tie", limits.min_ante), ("max on a hand or the Tie", limits.max_ante),
        ("min Pair Plus / hand bet", limits.min_pair_plus), ("max Pair Plus / hand bet", limits.max_pair_plus))
        if value is not None]
    out.print("Limits: " + (", ".join(shown) if shown else "none (any stake the bankroll covers)") + ".",
              markup=False)


def print_stats(out: Any, service: Any) -> None:
    from rich.table import Table

    stats = service.stats
    change = service.bankroll - service.start_bankroll
    out.print(f"Session {service.session_id}: {stats.rounds} hand(s); bankroll {_money(service.start_bankroll)} → "
              f"{_money(service.bankroll)} ({_signed(change)})", markup=False)
    if not stats.bets:
        return
    table = Table(title=f"Session {service.session_id} so far", title_justify="left")
    for name in ("Bet", "Bets", "Wagered", "Net", "Return"):
        table.add_column(name, justify="left" if name == "Bet" else "right", no_wrap=True)
    titles = service.table.titles
    for bet in service.table.names:
        if bet in stats.bets:
            count, wagered, net = stats.bets[bet]
            table.add_row(titles[bet], f"{count:,}", _money(wagered), _signed(net),
                          f"{float(net / wagered) * 100:+.2f}%" if wagered else "—")
    out.print(table)


def _print_head(out: Any, service: Any, record: Any) -> None:
    from cli.deck_words import print_head

    print_head(out, service.session_id, record, service.settings)


# -- interactive ---------------------------------------------------------------------------------------


def parse_bets_line(service: Any, text: str) -> Any:
    """``a 5 tie 1`` or ``a=5 tie=1`` -> the round's :class:`HeadToHeadBets` (every bet named; the rest none)."""
    from casino.errors import BetError

    words = text.replace("=", " ").replace(",", " ").split()
    if len(words) % 2:
        raise BetError("write each bet's name and stake, e.g. 'a 5 tie 1' (? for help)")
    return service.table.bets([(words[i], words[i + 1]) for i in range(0, len(words), 2)])


def _ask_bets(out: Any, service: Any) -> Any:
    """Ask for the bets until they are valid; ``None`` to quit."""
    from casino.errors import BetError
    from cli.prompts import HELP, QUIT, TABLE, ask

    while True:
        text = ask(f"Bets [{describe_bets(service, service.stakes)}]:")
        if text is None or text in QUIT:
            return None
        if text in HELP:
            out.print(help_text(service.table), markup=False)
            print_stats(out, service)
            continue
        if text in TABLE:
            print_table_rules(out, service)
            continue
        try:
            bets = service.stakes if not text else parse_bets_line(service, text)
            service.check_bets(bets)
        except BetError as error:
            out.print(str(error)[:300], style="red", markup=False)
            continue
        return bets


def _interactive(service: Any, hands_limit: Optional[int]) -> None:
    from cli.render import console

    out = console()
    _welcome(out, service)
    reason = "quit"
    try:
        while True:
            rnd = service.round  # a hand dealt before the session stopped: dealt again, as stored, and settled
            if rnd is not None:
                out.print(f"\n[bold]Hand {rnd.round_no}[/] was dealt before the session stopped: the same cards and "
                          f"bets ({describe_bets(service, rnd.bets)}), commitment [dim]{rnd.commitment}[/]",
                          soft_wrap=True)
            else:
                from cli.play_view import ask_next_hand

                bets, stop = ask_next_hand(
                    out, played=service.played, hands_limit=hands_limit, out_of_chips=service.out_of_chips,
                    bankroll=service.bankroll, next_round=service.next_round, commitment=service.commitment,
                    ask_bets=lambda: _ask_bets(out, service))
                if bets is None:
                    reason = stop
                    break
                service.deal(bets)  # stored as pending before the cards are shown
            result = service.settle()
            show_result(out, service, result)
            out.print(f"[dim]Head {service.head}[/]", soft_wrap=True, highlight=False)
    except KeyboardInterrupt:
        record = service.end("interrupted")
        kept = record.rounds - service.stored_before if record is not None else 0
        out.print(f"\nInterrupted: session {service.session_id} "
                  + (f"ended with {kept} hand(s) stored this sitting; resume with "
                     f"'{brag(f'play --resume {service.session_id}')}'." if record is not None else "was not kept (no hand settled)."),
                  markup=False, soft_wrap=True)
        raise typer.Exit(130) from None
    record = service.end(reason)
    if record is None:
        out.print(f"\nNo hand played: session {service.session_id} was not kept.")
        return
    out.print()
    print_stats(out, service)
    out.print(f"\nSession {service.session_id} ended ({record.end_reason}) after {service.played} hand(s) this "
              f"sitting: bankroll {_money(service.bankroll)} "
              f"({_signed(service.bankroll - service.start_bankroll)} since the start).", markup=False)
    sid = service.session_id
    out.print(f"See '{brag(f'history {sid}')}', replay with '{brag(f'replay {sid} HAND')}', "
              f"check with '{brag(f'verify {sid}')}'.", markup=False, soft_wrap=True)
    _print_head(out, service, record)


# -- auto-play -------------------------------------------------------------------------------------------


def _autoplay(service: Any, hands: int, stop_win: Optional[Fraction], stop_loss: Optional[Fraction],
              as_json: bool) -> None:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from casino.head_to_head_service import HeadToHeadStats
    from casino.maths.head_to_head import analyze_head_to_head
    from casino.practice import is_practice
    from cli.play import _CtrlC, _end_quietly
    from cli.render import console, plain

    out = console(stderr=as_json)
    service.stats = HeadToHeadStats()  # the summary is this run's hands against the expectation
    report = analyze_head_to_head(service.game)
    start = service.bankroll
    verb = "Resuming" if service.resumed else "Session"
    if not as_json:
        pending = service.pending_round
        finish = (f"\nHand {pending} was dealt before the session stopped: it is settled first, same cards and bets."
                  if pending is not None else "")
        from cli.deck_words import deck_line

        out.print(f"[bold]{plain(service.game.name)}[/] — {verb} {service.session_id}: auto-play, {hands:,} hand(s), "
                  f"{describe_bets(service, service.stakes)} each hand, bankroll {_money(start)}\n"
                  f"{deck_line(service.settings, service.client_seed)}{finish}", highlight=False)
    finished = False
    reason = "interrupted"
    stop = _CtrlC()
    try:
        stop.install()
        with Progress(TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=out, transient=True, disable=as_json) as progress:
            task = progress.add_task("hands", total=hands)

            def on_round(result: Any) -> None:
                progress.advance(task)
                if stop.pressed:
                    raise KeyboardInterrupt

            service.autoplay(hands=hands, stop_win=stop_win, stop_loss=stop_loss, on_round=on_round)
            finished = True
    except KeyboardInterrupt:
        pass
    finally:
        stop.remove()
        if finished:
            reason = service.stop_reason or "hands"
        record = _end_quietly(service, reason)
    if reason == "interrupted":
        stored = record.rounds - service.stored_before if record is not None else 0
        kept = f"resume with '{brag(f'play --resume {service.session_id}')}'" if record is not None else "nothing was stored"
        out.print(f"Interrupted after {stored:,} hand(s); {kept}.", markup=False, soft_wrap=True)
        raise typer.Exit(130)
    stats = service.stats
    if as_json:
        from cli.render import print_json

        print_json({"session": service.session_id, "game": service.game.name, "shape": "head_to_head",
                    "practice": is_practice(service.settings), "head": record.head_hash if record else None,
                    "hands": stats.rounds, "end_reason": reason, "bankroll_before": str(start),
                    "bankroll": str(service.bankroll), "stakes": service.stakes.to_dict(), **stats.to_dict(report)})
        return
    _auto_summary(out, service, report, reason, start)
    _print_head(out, service, record)


def _auto_summary(out: Any, service: Any, report: Any, reason: str, start: Fraction) -> None:
    from rich.table import Table

    stats = service.stats
    why = {"hands": "all hands played", "stop-win": "stop-win reached", "stop-loss": "stop-loss reached",
           "bankroll": "the bankroll could not cover the bets"}[reason]
    a, b = service.table.hand_names
    o = stats.outcomes
    out.print(f"{stats.rounds:,} hand(s) ({why}): {a} won {o['first']:,}, {b} won {o['second']:,}, "
              f"{o['tie']:,} tie(s). Bankroll {_money(service.bankroll)} ({_signed(service.bankroll - start)}).",
              markup=False)
    table = Table(title="Result per bet", title_justify="left")
    for name in ("Bet", "Bets", "Wagered", "Net", "Realised return", "Exact expectation"):
        table.add_column(name, justify="left" if name == "Bet" else "right", no_wrap=name != "Bet")
    returns = {r.bet: r.expected_return for r in report.bets}
    for bet in service.table.names:
        if bet in stats.bets:
            count, wagered, net = stats.bets[bet]
            table.add_row(service.table.titles[bet], f"{count:,}", _money(wagered), _signed(net),
                          f"{float(net / wagered) * 100:+.3f}%" if wagered else "—",
                          f"{float(returns[bet]) * 100:+.3f}%")
    out.print(table)
    out.print(f"Expected net for these stakes: {float(stats.expected_net(report)):+,.2f}; realised "
              f"{_signed(stats.net)}.", markup=False)
    sid = service.session_id
    out.print(f"Stored as session {sid}: '{brag(f'history {sid}')}', '{brag(f'verify {sid}')}'.", markup=False, soft_wrap=True)
