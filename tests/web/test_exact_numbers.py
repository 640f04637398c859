"""A JSON number in a request means exactly the digits sent, as the same digits sent as text do: Python's json read
``1.0000000000000001`` as the float 1.0, so such an Ante was staked as 1, silently (:mod:`web.exact_json`)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from web.exact_json import exact_number


def _post(client: TestClient, path: str, text: str):
    return client.post(path, content=text, headers={"content-type": "application/json"})


def _sit(client: TestClient, ante: str):
    return _post(client, "/api/table/sessions",
                 '{"seed": "exact", "bankroll": 1000, "stakes": [{"box": 1, "ante": %s}]}' % ante)


@pytest.mark.parametrize("digits", ["1.0000000000000001", "2.5", "3.0", "1e1", "12.000000000000000000000000000001"])
def test_a_json_number_is_the_amount_its_digits_say(client, digits):
    as_number, as_text = _sit(client, digits), _sit(client, f'"{digits}"')
    assert as_number.status_code == 200, as_number.text
    assert as_text.status_code == 200, as_text.text
    stake = as_number.json()["stakes"][0]["ante"]
    assert Fraction(stake) == Fraction(digits) == Fraction(as_text.json()["stakes"][0]["ante"])
    if digits == "1.0000000000000001":
        assert Fraction(stake) != 1  # the float read it as 1


@pytest.mark.parametrize(("digits", "said"), [
    ("1E999999999", "the Ante must be at most 1,000,000,000 (1E999999999)"),  # refused at once, never built
    ("1.5e39", "the Ante must be at most 1,000,000,000 (1.5E+39)"),
    ("1e-31", "the Ante has more than 30 decimal places (1E-31)"),
    ("1.0000000000000000000000000000001", "the Ante has more than 30 decimal places (1.0000000000000000000000000000001)"),
])
def test_a_json_number_no_amount_can_be_is_refused_in_one_line(client, digits, said):
    answer = _sit(client, digits)
    assert answer.status_code == 400 and answer.json() == {"detail": said}, answer.text


def test_whole_number_fields_still_refuse_a_fraction_and_traditional_brag_reads_numbers_exactly(client):
    s = _sit(client, "1").json()
    refused = _post(client, f"/api/table/sessions/{s['session']}/deal",
                    '{"seq": %d.0, "stakes": [{"box": 1, "ante": 1}]}' % s["seq"])
    assert refused.status_code == 422 and refused.json()["detail"].startswith("body.seq"), refused.text
    classic = _post(client, "/api/classic/sessions", '{"seed": "exact", "chips": 100.0000000000000001}')
    assert classic.status_code == 200, classic.text
    assert Fraction(classic.json()["rules"]["chips"]) == Fraction("100.0000000000000001")


def test_the_designer_writes_a_json_number_as_its_digits(client):
    answer = _post(client, "/api/designer/toml", '{"pair_plus": {"flush": 1.0000000000000001, "pair": 1}}')
    assert answer.status_code == 200, answer.text
    assert "1.0000000000000001" in answer.text


def test_exact_number_keeps_digits_and_leaves_extremes_as_text():
    from decimal import Decimal

    assert exact_number("1.0000000000000001") == Decimal("1.0000000000000001")
    assert exact_number("1E999999999") == "1E999999999" and exact_number("1e-41") == "1e-41"
    assert exact_number("0E-999999999") == 0


@pytest.mark.parametrize(("path", "body"), [
    ("/api/table/sessions", '{"seed": "exact", "bankroll": 1000, "stakes": [{"box": 1, "ante": %s}]}'),
    ("/api/classic/sessions", '{"seed": "exact", "chips": %s}'),
    ("/api/designer/toml", '{"pair_plus": {"flush": %s, "pair": 1}}'),
])
@pytest.mark.parametrize("amount", ['"%s\uff15"' % (" " * 31), '"%s\u0665"' % (" " * 41), '"1.%s"' % ("0" * 2000),
                                    '"5.%s"' % ("0" * 40), "1.%s" % ("0" * 20000)])
def test_no_text_and_no_long_number_gets_past_the_amount_rules(client, path, body, amount):
    """A text longer than an amount's limit was read by pydantic's own Decimal conversion (a fullwidth 5 after 31
    spaces was staked as 5); a JSON number of 20,000 digits was built as a Decimal, seconds of validation a
    request. Both are refused now (4xx), as the same digits written short would be if out of the rules."""
    answer = _post(client, path, body % amount)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:200])


def test_a_json_number_longer_than_any_amount_stays_text():
    assert exact_number("1." + "0" * 20000) == "1." + "0" * 20000
    assert exact_number("1.5") == Fraction(3, 2)


@pytest.mark.parametrize(("body", "said"), [
    ('{"seed": "x", "bankroll": 1%s}' % ("0" * 5000), "the body holds a number of 5,001 digits: at most 4,300"),
    ('{"seed": "x", "stakes": [{"box": -%s}]}' % ("9" * 4400), "the body holds a number of 4,400 digits: at most 4,300"),
    (b'{"seed": "\xff\xfe"}', "the body is not UTF-8 text"),
])
def test_a_body_python_cannot_read_is_refused_saying_why(client, body, said):
    """A body with an integer of over 4,300 digits (or bytes that are not UTF-8) got FastAPI's vague "There was an
    error parsing the body": the 400 now says what is wrong."""
    response = client.post("/api/table/sessions", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json() == {"detail": said}
