"""What ``brag play`` shows: the welcome, each deal, each result, the statistics and the summaries.

Rendering only (Rich is imported inside the functions); the game and its numbers come from ``casino``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Optional

from cli.db_words import brag

if TYPE_CHECKING:
    from cli.play import Setup

def help_text(game) -> str:
    """The ``?`` help at the bets prompt, for this game: the Pair Plus and side bet lines only where the game
    offers them, each side bet by the word typed for it."""
    from cli.prompts import side_word

    pair_plus = getattr(game, "pair_plus", None) is not None
    sides = getattr(game, "side_bets", ())
    lines = ["Bets prompt:", "  Enter          repeat the last bets"]
    if pair_plus:
        lines += ["  10             an Ante of 10 on every box (Pair Plus unchanged)",
                  "  10 2           an Ante of 10 and a Pair Plus of 2 on every box",
                  "  0 5            a Pair Plus of 5 alone (no Ante: nothing to play or fold)",
                  "  10 2, 5, 0 1   each box its own bets (three boxes here)"]
    else:
        lines += ["  10             an Ante of 10 on every box",
                  "  10, 5, 5       each box its own Ante (three boxes here)"]
    if sides:
        first = side_word(sides[0].bet)
        example = f"10 2 {first} 5" if pair_plus else f"10 {first} 5"
        import textwrap

        offered = ", ".join(f"{side_word(s.bet)} ({s.title})" for s in sides)
        lines += [f"  {example:<13}  side bets after them, by name and stake (a stake of 0 takes one away):",
                  *textwrap.wrap(offered, 96, initial_indent=" " * 17, subsequent_indent=" " * 17)]
    lines += ["  b 3            play three boxes (1-6)",
              "  t              the paytables and rules of this table",
              "  ?              this help and the session's statistics",
              "  q              quit (every settled hand is already saved); Ctrl-C ends at once, exit code 130",
              "After the deal: p plays a box (a Play bet equal to its Ante), f folds it (the Ante is lost)"
              + (";\nside bets stand either way and are settled on the cards." if sides else "."),
              # one paragraph: the terminal wraps it at its width (hard breaks left a word alone on a line)
              "Each hand shows the SHA-256 commitment of its secret seed before you bet and reveals the seed after: "
              "'brag verify ID' recomputes every hand from its seed. The bets and the seed are stored before any "
              "card is shown: Ctrl-C (or a lost terminal) after the deal leaves the hand pending, and "
              "'brag play --resume ID' deals you the same cards with the same bets."]
    return "\n".join(lines)



def side_bets_line(game) -> Optional[str]:
    """One line naming the side bets this table offers (``None`` without any), its example one of them."""
    from cli.prompts import side_word

    sides = getattr(game, "side_bets", ())
    if not sides:
        return None
    names = ", ".join(side.title for side in sides)
    example = f"5 {'0 ' if getattr(game, 'pair_plus', None) is not None else ''}{side_word(sides[0].bet)} 1"
    return f"Side bets at this table: {names} (e.g. '{example}' at the bets prompt; t shows what they pay)."


def boxes_words(boxes) -> str:
    if len(boxes) == 1:
        return f"box {boxes[0]}"
    return "boxes " + ", ".join(map(str, boxes[:-1])) + f" and {boxes[-1]}"


def money(value) -> str:
    from cli.render import pays

    return pays(Fraction(value))


def ask_next_hand(out, *, played: int, hands_limit: Optional[int], out_of_chips: Callable[[], bool], bankroll: Any,
                  next_round: int, commitment: str, ask_bets: Callable[[], Any]) -> tuple[Any, str]:
    """Before each new hand at ``brag play`` (both the casino table and head-to-head games): stop at the hand
    limit or when the bankroll cannot cover another hand, else show the hand's number, bankroll and commitment
    and ask the bets. ``(bets, "")``, or ``(None, why)`` to stop: ``"hands"``, ``"bankroll"`` or ``"quit"``
    (the player ended at the bets prompt)."""
    if hands_limit is not None and played >= hands_limit:
        return None, "hands"
    if out_of_chips():
        out.print(f"[bold]Bankroll {money(bankroll)}: not enough for another hand.[/]")
        return None, "bankroll"
    out.print(f"\n[bold]Hand {next_round}[/] · bankroll {money(bankroll)} · commitment [dim]{commitment}[/]",
              soft_wrap=True)
    bets = ask_bets()
    return (None, "quit") if bets is None else (bets, "")


def signed(value) -> str:
    return ("+" if value > 0 else "") + money(value)


def describe_stakes(stakes) -> str:
    """Each box's bets in words (``Ante 5, Pair Plus 1, Prime 2 on each of 3 boxes``)."""
    from casino.events import BET_NAMES

    def one(b) -> str:
        parts = ([f"Ante {money(b.ante)}"] if b.ante else []) + (
            [f"Pair Plus {money(b.pair_plus)}"] if b.pair_plus else []) + [
            f"{BET_NAMES[name]} {money(stake)}" for name, stake in b.side]
        return ", ".join(parts) or "no bet"

    described = [one(b) for b in stakes]
    if len(set(described)) == 1:
        return described[0] + (f" on each of {len(stakes)} boxes" if len(stakes) > 1 else "")
    return "; ".join(f"box {i + 1}: {text}" for i, text in enumerate(described))


def print_welcome(out, setup: Setup) -> None:
    from cli.render import plain

    game = setup.game
    sitting = setup.sitting
    verb = "Resuming" if setup.resumed else "Session"
    out.print(f"[bold]{plain(game.name)}[/] — {verb} {setup.session_id} · bankroll {money(sitting.bankroll)} · "
              f"dealer qualifies with {game.qualifier}, ties {game.ties}")
    print_deck(out, setup)
    out.print(f"Hints {'on' if setup.hints else 'off'}. "
              "Enter repeats the bets, p plays, f folds, t paytables, ? help, q quits.")
    note = side_bets_line(game)
    if note:
        out.print(note, style="cyan", markup=False)


def deck_words(setup: Setup) -> str:
    """Where the decks come from (Rich markup), worded as at every table (:func:`cli.deck_words.deck_line`)."""
    from cli.deck_words import deck_line

    return deck_line(setup.settings, setup.sitting.client_seed)


def print_deck(out, setup: Setup) -> None:
    out.print(deck_words(setup), highlight=False)


def print_pending(out, setup: Setup, rnd) -> None:
    """A session resumed into the hand left pending: it is dealt again, as stored."""
    out.print(f"\n[bold]Hand {rnd.round_no}[/] was dealt before the session stopped: the same cards and the same "
              f"bets (stored before the cards were shown) · commitment [dim]{rnd.commitment}[/]")


def show_deal(out, setup: Setup, rnd, report) -> None:
    from rich.text import Text

    from cli.render import cards_text

    for b in rnd.bets:
        i = rnd.hand(b.box)
        line = Text(f"Box {b.box}  ") + cards_text(held(rnd.cards[b.box])) + Text(f"  {setup.sitting.table.hands.describe(i)}")
        if not b.ante:
            line.append("  (Pair Plus only)" if not b.side else "  (no Ante: nothing to play or fold)", style="dim")
        out.print(line)
        if report is not None and b.ante:
            others = other_boxes_cards(rnd, b.box)
            if others:  # the dealer cannot hold the other boxes' cards: the exact EVs given them
                from casino.advantage import seen_decision

                d = seen_decision(setup.game, rnd.cards[b.box], others, pair_plus_ratio=b.pair_plus / b.ante)
            else:
                d = report.decision(i, pair_plus_ratio=b.pair_plus / b.ante)
            advice = "PLAY" if d.play else "FOLD"
            counted = ", your Pair Plus counted" if d.pair_plus_counted else ""
            knowing = f", knowing your other boxes' {len(others)} cards" if others else ""
            exact = f"{d.ev_play} vs {d.ev_fold}" if d.pair_plus_counted else f"{d.ev_play}"
            out.print(f"  hint: {advice} — EV of playing {float(d.ev_play):+.4f} vs folding {float(d.ev_fold):+.4f} "
                      f"per Ante{counted}{knowing} (exact {exact})", style="cyan")


def other_boxes_cards(rnd, box: int) -> tuple:
    """The cards of the round's other boxes: the player sees them, so the dealer's hand is none of them."""
    return tuple(c for other, cards in rnd.cards.items() if other != box for c in cards)


def held(cards):
    """Cards as a player holds them: highest first."""
    return sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)


def show_result(out, result, sitting) -> None:
    from rich.table import Table
    from rich.text import Text

    from casino.events import BET_NAMES
    from casino.fair import commitment
    from cli.render import cards_text, plain

    verdict = "qualifies" if result.qualifies else "does not qualify"
    out.print(Text("Dealer ") + cards_text(held(result.dealer_cards)) + Text(f"  {result.dealer_hand} — {verdict}"))
    table = Table(box=None, padding=(0, 2), show_header=True)
    for name, justify in (("Box", "right"), ("Bet", "left"), ("Stake", "right"), ("Result", "right"), ("", "left")):
        table.add_column(name, justify=justify, no_wrap=name != "")  # type: ignore[arg-type]  # justify: a str of Rich's literals
    outcome_words = {"fold": "folded", "dealer_not_qualify": "dealer does not qualify", "win": "beats the dealer",
                     "tie": "ties", "lose": "loses to the dealer"}
    for box in result.boxes:
        for i, s in enumerate(box.settled):
            note = outcome_words.get(box.outcome or "", "") if i == 0 and s.bet == "ante" else ""
            if s.bet in ("ante_bonus", "pair_plus") and s.net > 0:
                note = box.hand_name
            if s.hand is not None:
                note = side_hand_label(s.bet, s.hand)
            if s.meter is not None:
                note = (note + "; " if note else "") + f"meter {money(s.meter)}"
            stake = "" if s.bet == "ante_bonus" else money(s.stake)  # paid on the Ante: no chips of its own
            table.add_row(str(box.box) if i == 0 else "", BET_NAMES[s.bet], stake, signed(s.net), plain(note))
    out.print(table)
    ok = "matches" if commitment(result.seed) == result.commitment else "DOES NOT MATCH"
    out.print(f"Hand {result.round_no}: [bold]{signed(result.net)}[/] · bankroll [bold]{money(sitting.bankroll)}[/]")
    out.print(f"Seed {result.seed.hex()} (its SHA-256 {ok} the commitment)", style="dim")


def side_hand_label(bet: str, hand: str) -> str:
    """Players' words for a side bet's paid hand (``royal_flush`` -> ``Royal flush``)."""
    from casino.bets import get_side_bet

    return get_side_bet(bet).labels.get(hand, hand.replace("_", " "))


def print_table_rules(out, game) -> None:
    """``t`` at the table: the rules in a few lines, then every paytable the table offers."""
    from rich.table import Table

    from cli.render import pays, plain

    rules = game.rules
    out.print(f"[bold]{plain(game.name)}[/]: dealer qualifies with {game.qualifier}; ties {game.ties}. "
              "The Ante is paid even money when you win or the dealer does not qualify; the Play bet is paid "
              "even money when you beat a qualifying dealer and pushes when the dealer does not qualify.")
    notes = []
    if game.ante_bonus is not None:
        notes.append("Ante Bonus: paid on the Ante when you play" + (
            ", whatever the dealer holds" if rules.ante_bonus_on_loss else ", unless you lose to a qualifying dealer"))
    if game.pair_plus is not None:
        notes.append("Pair Plus: on your three cards alone" + (
            ", even when you fold" if rules.pair_plus_on_fold else "; lost when you fold"))
    if game.side_bets:
        notes.append("side bets: their own stakes, settled on the cards whether you play or fold")
    limits = game.limits
    shown = [f"{name} {money(value)}" for name, value in (
        ("min Ante", limits.min_ante), ("max Ante", limits.max_ante),
        ("min Pair Plus", limits.min_pair_plus), ("max Pair Plus", limits.max_pair_plus)) if value is not None]
    if shown:
        notes.append("limits: " + ", ".join(shown))
    for note in notes:
        out.print(f"  {note}.", markup=False)
    tables = []
    for title, table in (("Ante Bonus", game.ante_bonus), ("Pair Plus", game.pair_plus)):
        if table is not None:
            tables.append((title, [(game.ranking.label(hand), f"{pays(p)} to 1") for hand, p in table.pays]))
    for side in game.side_bets:
        rows = [(side.label(hand, game.ranking), f"{pays(p)} to 1") for hand, p in side.pays]
        rows += [(side.label(hand, game.ranking), f"{pays(share * 100)}% of the meter") for hand, share in side.meter_shares]
        if side.bet == "progressive":
            rows.append(("(meter starts at", f"{pays(side.meter)})"))
            if side.contribution:
                rows.append(("(each stake adds", f"{pays(side.contribution * 100)}%)"))
        tables.append((side.title, rows))
    for title, rows in tables:
        grid = Table(title=plain(title), title_justify="left", show_header=False, box=None, padding=(0, 2))
        grid.add_column("Hand")
        grid.add_column("Pays", justify="right")
        for hand, paid in rows:
            grid.add_row(plain(hand), paid)
        out.print(grid)


def print_interrupted(out, setup: Setup, record) -> None:
    """Ctrl-C at a prompt: what was kept."""
    if record is None:
        out.print(f"\nInterrupted: no hand was settled; session {setup.session_id} was not kept.", markup=False)
        return
    kept = record.rounds - setup.stored_before
    pending = setup.service.pending_round
    if pending is not None:
        out.print(f"\nInterrupted: hand {pending} is pending — its bets are stored and its cards fixed, nothing is "
                  f"folded or given back; session {setup.session_id} ended with {kept} hand(s) settled this sitting. "
                  f"Resume with '{brag(f'play --resume {setup.session_id}')}' to decide hand {pending}.", markup=False,
                  soft_wrap=True)
        return
    out.print(f"\nInterrupted: session {setup.session_id} ended with {kept} hand(s) settled and stored this sitting "
              f"(nothing folded); resume with '{brag(f'play --resume {setup.session_id}')}'.", markup=False, soft_wrap=True)


def print_stats(out, setup: Setup) -> None:
    from rich.table import Table

    from casino.events import BET_NAMES

    sitting = setup.sitting
    stats = sitting.stats
    # during a hand its stakes are on the felt: still the player's until the hand is settled
    bankroll = sitting.bankroll + sitting.felt
    change = bankroll - setup.start_bankroll
    on_table = f"; {money(sitting.felt)} of it on the table this hand" if sitting.felt else ""
    out.print(f"Session {setup.session_id}: {stats.rounds} hand(s), {stats.plays} played, "
              f"{stats.folds} folded; bankroll {money(setup.start_bankroll)} → {money(bankroll)} ({signed(change)}){on_table}")
    if not stats.rounds:
        return
    table = Table(title=f"Session {setup.session_id} so far", title_justify="left")
    for name in ("Bet", "Bets", "Wagered", "Net", "Return"):
        table.add_column(name, justify="left" if name == "Bet" else "right", no_wrap=True)
    for bet, totals in stats.bets.items():
        if totals.count:
            ret = totals.realised_return
            table.add_row(BET_NAMES[bet], f"{totals.count:,}", money(totals.wagered), signed(totals.net),
                          f"{float(ret) * 100:+.2f}%" if ret is not None else "—")
    out.print(table)


def print_goodbye(out, setup: Setup, record, played: int) -> None:
    if record is None:
        out.print(f"\nNo hand played: session {setup.session_id} was not kept.")
        return
    change = setup.sitting.bankroll - setup.start_bankroll
    if setup.sitting.stats.rounds:
        out.print()
        print_stats(out, setup)  # per bet, side bets included
    out.print(f"\nSession {setup.session_id} ended ({record.end_reason}) after {played} hand(s) this sitting: "
              f"bankroll {money(setup.sitting.bankroll)} ({signed(change)} since the start).")
    sid = setup.session_id
    out.print(f"See '{brag(f'history {sid}')}', replay with '{brag(f'replay {sid} HAND')}', "
              f"check with '{brag(f'verify {sid}')}'.", markup=False, soft_wrap=True)


def describe_rule(rule, setup: Setup) -> str:
    pattern = getattr(rule, "pattern", None)
    return pattern.describe if pattern is not None else describe_stakes(setup.stakes)


def print_auto_summary(out, setup: Setup, report, played: int, reason: str, change) -> None:
    from rich.table import Table

    from casino.events import BET_NAMES

    stats = setup.sitting.stats  # this run's hands only (see _autoplay)
    why = {"hands": "all hands played", "stop-win": "stop-win reached", "stop-loss": "stop-loss reached",
           "bankroll": "the bankroll could not cover the bets"}[reason]
    out.print(f"{played:,} hand(s) ({why}); {stats.plays:,} boxes played, {stats.folds:,} folded. "
              f"Bankroll {money(setup.sitting.bankroll)} ({signed(change)}).")
    table = Table(title="Result per bet", title_justify="left")
    for name in ("Bet", "Bets", "Wagered", "Net", "Realised return", "Exact expectation"):
        table.add_column(name, justify="left" if name == "Bet" else "right", no_wrap=name != "Bet")
    b = stats.bets

    def pct(value) -> str:
        return f"{float(value) * 100:+.3f}%" if value is not None else "—"

    for bet in ("ante", "play", "ante_bonus"):
        if b[bet].count:
            table.add_row(BET_NAMES[bet], f"{b[bet].count:,}", money(b[bet].wagered), signed(b[bet].net), "", "")
    antes = b["ante"].wagered
    expected = stats.expected_net(report)
    if antes:
        table.add_row("Ante + Play + Bonus, per Ante", "", money(antes), signed(stats.ante_play_net),
                      pct(stats.ante_play_net / antes), pct(report.ante_play.expected_return), style="bold")
    others = [report.pair_plus] if report.pair_plus is not None else []
    for bet_report in [*others, *getattr(report, "side_bets", ())]:
        t = b[bet_report.bet]
        if t.count:
            table.add_row(BET_NAMES[bet_report.bet], f"{t.count:,}", money(t.wagered), signed(t.net),
                          pct(t.realised_return), pct(bet_report.expected_return), style="bold")
    table.add_section()
    table.add_row("All bets", "", money(stats.wagered), signed(stats.net),
                  pct(stats.net / stats.wagered) if stats.wagered else "—", "")
    out.print(table)
    rate = f" Strategy '{setup.strategy}' plays {float(report.ante_play.play_rate or 0) * 100:.2f}% of hands." if antes else ""
    out.print(f"Expected net for these stakes and strategy: {float(expected):+,.2f}; realised {signed(stats.net)}.{rate}")
    sid = setup.session_id
    out.print(f"Stored as session {sid}: '{brag(f'history {sid}')}', '{brag(f'verify {sid}')}'.", markup=False, soft_wrap=True)
