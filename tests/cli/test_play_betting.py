"""`brag play --auto --betting`: betting patterns at the table, stored hand by hand."""

import json
from fractions import Fraction

import pytest


def history(runner, app, db, session=1):
    result = runner.invoke(app, ["history", str(session), "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["hands"]


def test_martingale_doubles_after_a_loss_and_resets_after_a_win(runner, app, tmp_path):
    db = f"sqlite:///{tmp_path / 'm.db'}"
    result = runner.invoke(
        app, ["play", "--auto", "--hands", "40", "--betting", "martingale", "--ante", "5", "--bankroll", "2000",
              "--seed", "patterns", "--db", db],
    )
    assert result.exit_code == 0, result.output
    assert "Martingale from 5 (max 500)" in result.output
    hands = history(runner, app, db)
    assert len(hands) >= 10
    doubled = 0
    for before, after in zip(hands, hands[1:]):
        net, stake = Fraction(before["net"]), Fraction(before["boxes"][0]["ante"])
        expected = 5 if net > 0 else (2 * stake if net < 0 else stake)
        expected = min(expected, 500, (Fraction(after["bankroll_before"]) // 10) * 5)
        assert Fraction(after["boxes"][0]["ante"]) == expected
        doubled += net < 0
    assert doubled > 0  # the seed gives losing rounds, so doubling really happened


def test_pair_plus_only_bets_no_ante(runner, app, tmp_path):
    db = f"sqlite:///{tmp_path / 'p.db'}"
    result = runner.invoke(
        app, ["play", "--auto", "--hands", "20", "--betting", "pair-plus-only", "--pair-plus", "2", "--seed", "pp",
              "--db", db],
    )
    assert result.exit_code == 0, result.output
    hands = history(runner, app, db)
    assert len(hands) == 20
    assert all(h["boxes"][0]["ante"] == "0" and h["boxes"][0]["pair_plus"] == "2" for h in hands)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--auto", "--hands", "5", "--betting", "labouchere"], "unknown betting pattern 'labouchere'"),
        (["--hands", "5", "--betting", "martingale"], "--betting goes with --auto"),
        (["--auto", "--hands", "5", "--betting", "martingale", "--boxes", "2"], "plays one box"),
    ],
)
def test_bad_betting_options(runner, app, tmp_path, args, message):
    db = f"sqlite:///{tmp_path / 'bad.db'}"
    result = runner.invoke(app, ["play", *args, "--db", db])
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1
    if (tmp_path / "bad.db").exists():  # nothing stored (refused before the database was made, or in it)
        listed = runner.invoke(app, ["sessions", "--db", db, "--json"])
        assert listed.exit_code == 0 and json.loads(listed.output)["sessions"] == []


def test_absurd_amounts_are_refused_in_one_line(runner, app, tmp_path):
    result = runner.invoke(app, ["play", "--ante", "1e400", "--db", f"sqlite:///{tmp_path / 'a.db'}"])
    assert result.exit_code == 2 and "at most 1,000,000,000" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("system", ["reverse-martingale", "paroli", "dalembert", "fibonacci", "proportional:5%"])
def test_new_systems_at_the_table_follow_the_same_rule_as_the_simulator(runner, app, tmp_path, system):
    """Each stored hand's Ante is what casino.betting's rule asks after the hands before it."""
    from casino.betting import BettingPattern
    from casino.games import load_game

    db = f"sqlite:///{tmp_path / 's.db'}"
    result = runner.invoke(
        app, ["play", "--auto", "--hands", "40", "--betting", system, "--ante", "2", "--bankroll", "400",
              "--seed", "systems", "--db", db],
    )
    assert result.exit_code == 0, result.output
    hands = history(runner, app, db)
    assert len(hands) >= 10
    bettor = BettingPattern(system, ante=2).with_limits(load_game("3-card-brag").limits).bettor(400)
    for hand in hands:
        stakes = bettor.stakes()
        assert stakes is not None and Fraction(hand["boxes"][0]["ante"]) == stakes[0]
        bettor.record(Fraction(hand["net"]), Fraction(hand["bankroll_before"]) + Fraction(hand["net"]))
    assert len({Fraction(h["boxes"][0]["ante"]) for h in hands}) > 1  # the stake really moved
    verify = runner.invoke(app, ["verify", "1", "--db", db])
    assert verify.exit_code == 0, verify.output
