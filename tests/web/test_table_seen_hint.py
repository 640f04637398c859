"""``/api/table`` with several boxes: each box's hint (``exact_play``/``exact_fold``, ``play``) is the exact EV given
the cards of the other boxes too, and ``seen`` lists them; checked against listing and settling every dealer
hand not seen. With one box nothing changes (``seen`` empty, the standard table's figures)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from casino.edge import analyze
from casino.games import load_game
from tests.seen_hint_reference import flipping_seed, slow_ev_play
from tests.web.api import post

TWO = [{"box": 1, "ante": "1"}, {"box": 2, "ante": "1"}]


def deal(client, seed: str, stakes: list[dict], **extra: Any) -> dict[str, Any]:
    s = post(client, "/api/table/sessions", {"game": "3-card-brag", "seed": seed, "stakes": stakes, **extra})
    return post(client, f"/api/table/sessions/{s['session']}/deal", {"seq": s["seq"], "stakes": stakes})


def test_two_boxes_hint_the_exact_ev_given_the_other_box(client):
    game = load_game("3-card-brag")
    seed, flipped = flipping_seed(game)
    boxes = {b["box"]: b for b in deal(client, seed, TWO)["round"]["boxes"]}
    report = analyze(game)
    for box, other in ((1, 2), (2, 1)):
        hint = boxes[box]["hint"]
        ev = slow_ev_play(game, " ".join(boxes[box]["cards"]), " ".join(boxes[other]["cards"]))
        assert Fraction(hint["exact_play"]) == ev and Fraction(hint["exact_fold"]) == -1
        assert hint["play"] == (ev > -1) and hint["seen"] == boxes[other]["cards"] and hint["informed"] is False
    hint = boxes[flipped]["hint"]
    standard = report.decision(" ".join(boxes[flipped]["cards"]))
    assert hint["play"] != standard.play  # the hint follows the exact EV, not the standard table


def test_the_trainer_with_two_boxes_counts_the_up_card_and_the_other_box(client):
    game = load_game("3-card-brag")
    seed, _ = flipping_seed(game)
    rnd = deal(client, seed, TWO, trainer=True)["round"]
    up = rnd["dealer"]["cards"][0]
    boxes = {b["box"]: b for b in rnd["boxes"]}
    for box, other in ((1, 2), (2, 1)):
        hint = boxes[box]["hint"]
        ev = slow_ev_play(game, " ".join(boxes[box]["cards"]), " ".join(boxes[other]["cards"]), up)
        assert hint["informed"] and Fraction(hint["exact_play"]) == ev and hint["play"] == (ev > -1)
        assert hint["seen"] == boxes[other]["cards"]


def test_one_box_keeps_the_standard_tables_hint(client):
    game = load_game("3-card-brag")
    box = deal(client, "one", [{"box": 1, "ante": "1"}])["round"]["boxes"][0]
    d = analyze(game).decision(" ".join(box["cards"]))
    assert box["hint"]["seen"] == [] and box["hint"]["play"] == d.play
    assert Fraction(box["hint"]["exact_play"]) == d.ev_play and Fraction(box["hint"]["exact_fold"]) == d.ev_fold
