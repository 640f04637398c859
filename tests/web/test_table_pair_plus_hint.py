"""The web table's hint where a fold loses the Pair Plus: the box's own Pair Plus counted, the same
decision and figures as the terminal's (one mechanism, :meth:`casino.edge.EdgeReport.decision`)."""

from __future__ import annotations

from fractions import Fraction

from casino.edge import analyze
from casino.games import load_game
from tests.pair_plus_game import LOST_ON_FOLD
from casino.hands import hand_table
from tests.web.api import post


def test_a_resumed_game_file_session_hints_with_its_pair_plus_counted(client, url, runner, tmp_path):
    from cli.main import app

    path = tmp_path / "pr.toml"
    path.write_text(LOST_ON_FOLD)
    started = runner.invoke(app, ["play", str(path), "--db", url, "--auto", "--hands", "1", "--seed", "w",
                                  "--ante", "2", "--pair-plus", "1"])
    assert started.exit_code == 0, started.output
    report = analyze(load_game(str(path)))
    s = post(client, "/api/table/sessions/1/resume")
    hints = 0
    for stakes, ratio in (([{"box": 1, "ante": "2", "pair_plus": "1"}], Fraction(1, 2)),
                          ([{"box": 1, "ante": "2"}], Fraction(0))):
        for _ in range(3):
            dealt = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": stakes})
            box = dealt["round"]["boxes"][0]
            row = hand_table(report.game.ranking).index(" ".join(box["cards"]))
            d = report.decision(row, pair_plus_ratio=ratio)
            hint = box["hint"]
            assert hint["pair_plus_counted"] is bool(ratio) and hint["play"] == d.play
            assert Fraction(hint["exact_play"]) == d.ev_play and Fraction(hint["exact_fold"]) == -1 - ratio
            hints += 1
            s = post(client, f"/api/table/sessions/{s['session']}/decide",
                     {"seq": dealt["seq"], "box": 1, "play": False})
    assert hints == 6


def test_a_face_up_session_hints_with_the_up_card_and_its_pair_plus_counted(client, url, runner, tmp_path):
    """At a Face Up game the web's hint is the informed one; where a fold loses the Pair Plus it counts the box's
    own Pair Plus too (it valued the Ante/Play alone), as :func:`casino.trainer.advise` does."""
    from cli.main import app

    from casino.trainer import advise

    path = tmp_path / "fu.toml"
    path.write_text(LOST_ON_FOLD.replace("[rules]\n", "[rules]\nface_up = true\n"))
    started = runner.invoke(app, ["play", str(path), "--db", url, "--auto", "--hands", "1", "--seed", "fu",
                                  "--ante", "2", "--pair-plus", "1"])
    assert started.exit_code == 0, started.output
    game = load_game(str(path))
    s = post(client, "/api/table/sessions/1/resume")
    for stakes, ratio in (([{"box": 1, "ante": "2", "pair_plus": "1"}], Fraction(1, 2)),
                          ([{"box": 1, "ante": "2"}], Fraction(0))):
        for _ in range(3):
            dealt = post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": stakes})
            box, (up,) = dealt["round"]["boxes"][0], dealt["round"]["dealer"]["cards"]
            advice = advise(game, " ".join(box["cards"]), up, ratio)
            hint = box["hint"]
            assert hint["informed"] and hint["pair_plus_counted"] is bool(ratio)
            assert hint["play"] == (advice.best == "play")
            assert Fraction(hint["exact_play"]) == advice.ev_play and Fraction(hint["exact_fold"]) == -1 - ratio
            s = post(client, f"/api/table/sessions/{s['session']}/decide",
                     {"seq": dealt["seq"], "box": 1, "play": False})
