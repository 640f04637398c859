"""Seeds: any text, like ``brag play --seed``; whole numbers keep their meaning."""

from __future__ import annotations

import hashlib

import pytest

from casino.deal import seed_entropy, seed_value
from casino.errors import BragError
from casino.games import load_game
from casino.session_sim import simulate_sessions
from casino.simulate import simulate


def test_whole_numbers_keep_their_meaning_and_text_is_hashed():
    assert seed_entropy(7) == seed_entropy("7") == seed_entropy(" 7 ") == 7
    assert seed_entropy("seven") == int.from_bytes(hashlib.sha256(b"seven").digest(), "big")
    assert seed_entropy("seven") != seed_entropy("Seven")
    assert seed_value("7") == 7 and seed_value("seven") == "seven" and isinstance(seed_value(None), int)


@pytest.mark.parametrize("bad", [-1, "", "   ", True, 1.5])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(BragError, match="seed"):
        seed_entropy(bad)


def test_a_text_seed_reproduces_a_simulation():
    game = load_game("3-card-brag")
    a = simulate(game, 3_000, seed="friday night")
    b = simulate(game, 3_000, seed="friday night")
    c = simulate(game, 3_000, seed="friday nite")
    assert a.tally == b.tally != c.tally and a.seed == "friday night"
    assert simulate(game, 3_000, seed="12").tally == simulate(game, 3_000, seed=12).tally


def test_a_text_seed_reproduces_sessions():
    from casino.betting import BettingPattern

    game = load_game("3-card-brag")
    pattern = BettingPattern("martingale", ante=5).with_limits(game.limits)
    runs = [simulate_sessions(game, pattern, bankroll=100, hands=40, sessions=500, seed="x") for _ in range(2)]
    assert (runs[0].final == runs[1].final).all() and runs[0].seed == "x"
