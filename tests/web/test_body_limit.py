"""Request bodies over a megabyte are refused with a 413 and one line (found by a hostile test: a 16 MB body was
parsed on the event loop, holding up every other client for 1.7 s), whether announced by its length or sent in
chunks; every body the pages send is far below the cap."""

from __future__ import annotations

from web.body_limit import LARGEST


def test_a_body_announced_too_big_is_refused_unread(client):
    body = b'{"bankroll": [' + b",".join([b"1.5"] * (LARGEST // 4 + 10)) + b"]}"
    assert len(body) > LARGEST
    response = client.post("/api/table/sessions", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json() == {"detail": f"the request body is larger than {LARGEST:,} bytes: nothing here takes "
                                         "one that big"}
    assert response.headers["x-content-type-options"] == "nosniff"  # the server's own headers on it too


def test_a_chunked_body_is_counted_as_it_comes(client):
    def chunks():
        yield b'{"bankroll": "'
        for _ in range(LARGEST // 65536 + 2):
            yield b"1" * 65536
        yield b'"}'

    response = client.post("/api/table/sessions", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413, response.text
    assert "larger than" in response.json()["detail"]


def test_a_body_under_the_cap_is_read_as_before(client):
    response = client.post("/api/table/sessions", json={"bankroll": "100", "note": "x" * (LARGEST // 2)})
    assert response.status_code in (200, 422), response.text  # read and judged on its fields, not its size
    assert "larger than" not in response.text
