"""casino.practice: which stored sessions are practice (seeded from text), and the one wording."""

from __future__ import annotations

import pytest

from casino.practice import FAIR_NOTE, PRACTICE_NOTE, deal_note, is_practice, is_practice_text, play_kind, practice_seed


@pytest.mark.parametrize("settings, expected", [
    ({"seed": "demo"}, True),
    ({"seed": ""}, True),  # the empty text decides every deck too
    ({"seed": 42}, True),  # a hand-written settings row: still a text that decides the decks
    ({"seed": None}, False),
    ({}, False),
    (None, False),
    ({"hints": True, "front_end": "web", "client_seed": "mine"}, False),  # a client seed mixes in, never decides
])
def test_is_practice(settings, expected):
    assert is_practice(settings) is expected
    assert play_kind(settings) == ("practice" if expected else "fair")
    assert deal_note(settings) == (PRACTICE_NOTE if expected else FAIR_NOTE)
    assert (practice_seed(settings) is not None) is expected


def test_the_wording_says_not_fair_play():
    assert "practice" in PRACTICE_NOTE and "not fair play" in PRACTICE_NOTE and "foreseeable" in PRACTICE_NOTE
    assert "practice" not in FAIR_NOTE and "fair play" in FAIR_NOTE


def test_settings_stored_as_text():
    assert is_practice_text('{"seed": "x", "auto": false}') is True
    assert is_practice_text('{"seed": null}') is False
    assert is_practice_text("") is False and is_practice_text(None) is False
    for bad in ("not json", "[1, 2]", '"seed"'):
        with pytest.raises(ValueError):
            is_practice_text(bad)
