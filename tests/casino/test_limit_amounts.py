"""A game file's [limits] are stakes the table places (Enter at the prompt, --auto), so each must be an amount a
player could type: whole or decimal of at most 30 places, the rule casino.money applies to typed bets."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from casino.errors import BetError, GameFileError
from casino.games import builtin_games, load_game, parse_game_text
from casino.money import parse, parse_amount, typable

HEAD_TO_HEAD = """ranking = "teen_patti"
[head_to_head]
hands = ["North", "South"]
win = "0.95 to 1"
tie = "50 to 1"
[limits]
"""


@pytest.mark.parametrize(
    ("key", "written", "shown"),
    [
        ("min_ante", '"1/3"', "1/3"),
        ("max_ante", '"1/3"', "1/3"),
        ("min_pair_plus", '"2/6"', "2/6"),
        ("max_pair_plus", '"1/999999937"', "1/999999937"),
        ("min_ante", '"1/1099511627776"', "1/1099511627776"),  # 1/2^40: a decimal of 40 places
    ],
)
def test_a_limit_no_player_could_type_is_refused_naming_the_file_and_key(tmp_path: Path, key, written, shown):
    path = tmp_path / "third.toml"
    path.write_text(f'ranking = "brag"\n[limits]\n{key} = {written}\n', encoding="utf-8")
    with pytest.raises(GameFileError) as refused:
        load_game(str(path))
    assert str(refused.value) == (f"{path}: [limits].{key} must be a whole or decimal amount "
                                  f"(at most 30 decimal places), not {shown}")
    with pytest.raises(GameFileError, match=rf"\[limits\]\.{key} must be a whole or decimal amount"):
        parse_game_text(HEAD_TO_HEAD + f"{key} = {written}\n", label="h2h.toml", stored=False)


def test_limits_a_player_could_type_still_load():
    game = parse_game_text('ranking = "brag"\n[limits]\nmin_ante = "5/2"\nmax_ante = 12.125\n'
                           'min_pair_plus = 1e-30\nmax_pair_plus = "1/1073741824"\n', label="ok.toml")
    assert game.limits.min_ante == Fraction(5, 2) and game.limits.max_ante == Fraction(97, 8)
    assert game.limits.min_pair_plus == Fraction(1, 10**30) and game.limits.max_pair_plus == Fraction(1, 2**30)
    assert parse_game_text('ranking = "brag"\n[pair_plus]\npair = "1/3"\n', label="pay.toml").pair_plus.pays == (
        ("pair", Fraction(1, 3)),)  # a pay may be any fraction: only what the table stakes is bound


def test_every_builtin_game_still_loads():
    for name in builtin_games():
        load_game(name)


def test_the_rule_is_the_one_typed_bets_follow():
    for amount in (Fraction(1, 3), Fraction(1, 2**40), Fraction(5, 2), Fraction(1, 2**30), Fraction(7)):
        try:
            parse(str(amount), "Ante")
            typed = True
        except BetError:
            typed = False
        assert typable(amount) is typed
        try:
            parse_amount(str(amount), "[limits].min_ante", typed=True)
            limit = True
        except GameFileError:
            limit = False
        assert limit is typed


def test_a_session_stored_with_such_a_limit_still_verifies_and_resumes(tmp_path: Path, runner, app) -> None:
    """Found in review: the rule ran on the game stored with each session too, so a session an older release had
    played at a game with min_ante = "1/3" stopped verifying ("no hand can be recomputed") and resuming. A stored
    game is read back as it was played; only a game file or a new design is held to the rule."""
    from casino.db import store
    from casino.db.database import connect
    from casino.events import BoxBets
    from casino.sitting import Sitting
    from casino.strategy import play_mask
    from sqlmodel import Session

    text = (Path(__file__).resolve().parents[2] / "paytables" / "games" / "3-card-brag.toml").read_text()
    assert "min_ante = 1\n" in text
    old_text = text.replace("min_ante = 1\n", 'min_ante = "1/3"\n')
    with pytest.raises(GameFileError):
        parse_game_text(old_text, "design", stored=False)
    game = parse_game_text(old_text)  # as stored
    assert game.limits.min_ante == Fraction(1, 3)
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = connect(url)
    with Session(engine) as db:  # as the older release stored it: this game's text, hands played at it
        record = store.create_session(game, Fraction(100), {"seed": "older", "boxes": 1}, session=db)
        sitting = Sitting(game, Fraction(100), seed="older")
        for _ in range(3):
            result = sitting.play_round((BoxBets(1, Fraction(1, 3)),), play_mask(game, "optimal"))
            store.record_round(record.id, result, sitting.bankroll - result.net, sitting.bankroll, session=db)
    engine.dispose()
    verified = runner.invoke(app, ["verify", "1", "--db", url])
    assert verified.exit_code == 0, verified.output
    resumed = runner.invoke(app, ["play", "--resume", "1", "--auto", "--hands", "2", "--db", url])
    assert resumed.exit_code == 0, resumed.output
