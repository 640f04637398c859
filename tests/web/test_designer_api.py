"""``/api/designer`` through the ASGI app in-process: exact figures, the TOML download, and refusals."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from casino.edge import analyze
from casino.games import builtin_games, load_game, parse_game_text
from web.app import create_app
from web.designer import Design, design_text


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app("sqlite://"), raise_server_exceptions=False)


def edges(result: dict) -> dict[str, Fraction]:
    return {bet["bet"]: Fraction(bet["house_edge_fraction"]) for bet in result["bets"]}


@pytest.mark.parametrize("name", sorted(n for n in builtin_games()
                                         if load_game(n).head_to_head is None and load_game(n).cards == 3
                                         and not load_game(n).has_wild_cards))
def test_every_builtin_game_as_a_design_has_the_calculators_exact_figures(client, name):
    design = client.get("/api/designer/catalog").json()["games"][name]
    result = client.post("/api/designer/analyze", json=design).json()
    report = analyze(load_game(name))
    assert edges(result) == {bet.bet: bet.house_edge for bet in report.bets}
    ante = next(b for b in result["bets"] if b["bet"] == "ante_play")
    assert ante["hit_rate"] == float(report.ante_play.hit_rate)
    assert ante["element_of_risk"] == float(report.ante_play.element_of_risk)
    assert result["strategy"]["rule"].startswith("Play ")


def test_a_changed_payout_changes_the_edge_exactly(client):
    design = client.get("/api/designer/catalog").json()["games"]["3-card-brag"]
    design["pair_plus"]["flush"] = "5"
    design["ante_bonus"]["prial"] = "12.5"
    design["ties"] = "dealer"
    result = client.post("/api/designer/analyze", json=design).json()
    game = load_game("3-card-brag")  # the same changes made on the library's own values
    pair_plus = replace(game.pair_plus, pays=tuple((k, Fraction(5) if k == "flush" else v) for k, v in game.pair_plus.pays))
    bonus = replace(game.ante_bonus, pays=tuple((k, Fraction(25, 2) if k == "prial" else v) for k, v in game.ante_bonus.pays))
    expected = analyze(replace(game, pair_plus=pair_plus, ante_bonus=bonus, ties="dealer"))
    assert edges(result) == {bet.bet: bet.house_edge for bet in expected.bets}
    assert edges(result)["pair_plus"] != analyze(game).pair_plus.house_edge


def test_side_bets_and_the_progressive_meter_are_priced(client):
    design = Design(ranking="poker", pair_plus={"pair": "1"},
                    side_bets={"colour_bonus": {"same_rank": "20", "same_suit": "6", "same_colour": "1"},
                               "progressive": {"mini_royal": "100% meter", "running_flush": "70", "meter": "1000"}})
    result = client.post("/api/designer/analyze", json=design.model_dump()).json()
    game = parse_game_text(design_text(design))
    assert edges(result) == {bet.bet: bet.house_edge for bet in analyze(game).bets}
    assert set(edges(result)) == {"ante_play", "pair_plus", "colour_bonus", "progressive"}


def test_the_download_is_a_game_file_that_reads_back_as_the_same_game(client):
    design = client.get("/api/designer/catalog").json()["games"]["three-card-poker"]
    design["name"] = 'Quote " and\nnew line [limits]'
    design["pair_plus"]["running_flush"] = "25/3"
    response = client.post("/api/designer/toml", json=design)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/toml")
    assert response.headers["content-disposition"] == 'attachment; filename="quote-and-new-line-limits.toml"'
    game = parse_game_text(response.text)
    assert game.name == design["name"]  # typed text stays a value: it cannot open a section
    assert game.pair_plus.pay_for("running_flush") == Fraction(25, 3)
    assert game.to_toml() == response.text


@pytest.mark.parametrize(
    ("change", "status", "words"),
    [
        ({"pair_plus": {"flush": "four"}}, 400, "[pair_plus].flush must be a finite number"),
        ({"pair_plus": {"flushes": "4"}}, 400, "unknown hand name"),
        ({"pair_plus": {"flush": "-4"}}, 400, "zero or more"),
        ({"pair_plus": {"flush": "1e400"}}, 400, "[pair_plus].flush"),
        ({"pair_plus": {"flush": 10**12}}, 400, "at most"),
        ({"pair_plus": {}}, 400, "lists no hands"),
        ({"ranking": "chess"}, 400, "ranking"),
        ({"qualifier": "Z-high"}, 400, "qualifier"),
        ({"limits": {"min_ante": "10", "max_ante": "5"}}, 400, "above max_ante"),
        ({"ties": "split"}, 422, "body.ties"),
        ({"pair_plus": {"flush\n[x]": "4"}}, 422, "body.pair_plus"),
        ({"ranking": 3}, 422, "body.ranking"),
        ({"colour": "red"}, 422, "body.colour"),
        ({"side_bets": {"keno": {"x": "1"}}}, 422, "body.side_bets"),
        ({"side_bets": {"progressive": {"mini_royal": "meter"}}}, 400, "meter is required"),
        ({"rules": {"pair_plus_on_fold": "maybe"}}, 422, "body.rules.pair_plus_on_fold"),
        ({"rules": {"face_up": "yes"}}, 422, "body.rules.face_up"),  # strict: no "yes", "1" or 0
        ({"rules": {"ante_bonus_on_loss": 0}}, 422, "body.rules.ante_bonus_on_loss"),
        # a JSON true/false is not an amount (pydantic alone would read true as 1)
        ({"pair_plus": {"flush": True}}, 400, "[pair_plus].flush must be a number, not true"),
        ({"limits": {"min_ante": False}}, 400, "[limits].min_ante must be a number, not false"),
        # a limit is a stake the table places, so one a player could type (1/3 of a chip is refused)
        ({"limits": {"min_ante": "1/3"}}, 400, "[limits].min_ante must be a whole or decimal amount"),
        ({"limits": {"max_pair_plus": "1/999999937"}}, 400, "not 1/999999937"),
    ],
)
def test_bad_designs_are_refused_in_one_line(client, change, status, words):
    design = {**client.get("/api/designer/catalog").json()["games"]["3-card-brag"], **change}
    for route in ("/api/designer/analyze", "/api/designer/toml"):
        response = client.post(route, json=design)
        assert response.status_code == status, response.text
        detail = response.json()["detail"]
        assert isinstance(detail, str) and words in detail and "\n" not in detail.strip()


def test_requests_that_are_not_json_or_not_routes_get_a_4xx_with_a_message(client):
    response = client.post("/api/designer/analyze", content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 422 and "JSON" in response.json()["detail"]
    assert client.get("/api/designer/analyze").status_code == 405
    assert "GET is not allowed" in client.get("/api/designer/analyze").json()["detail"]
    assert client.get("/api/nothing").json() == {"detail": "no such page or API route: /api/nothing"}


def test_pages_ship_everything_they_use_and_forbid_other_sites(client):
    from importlib import resources

    response = client.get("/designer")
    assert response.status_code == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    for folder in ("static", "templates"):
        for entry in resources.files("web").joinpath(folder).iterdir():
            text = entry.read_text(encoding="utf-8")
            assert "https://" not in text and "//cdn" not in text, entry.name
            assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), entry.name
    for asset in ("/static/style.css", "/static/common.js", "/static/designer.js"):
        assert client.get(asset).status_code == 200


def test_the_face_up_variant_is_priced_exactly(client):
    design = client.get("/api/designer/catalog").json()["games"]["3-card-brag"]
    design["rules"]["face_up"] = True
    result = client.post("/api/designer/analyze", json=design).json()
    game = load_game("3-card-brag")
    expected = analyze(replace(game, rules=replace(game.rules, face_up=True)))
    assert edges(result)["ante_play"] == expected.ante_play.house_edge < 0  # seeing a dealer card turns the game
    assert "up card" in result["strategy"]["rule"]
    assert "face_up = true" in client.post("/api/designer/toml", json=design).text
