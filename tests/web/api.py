"""Helpers for the web API tests: a client on an app, and requests that must answer with a given status.

    from tests.web.api import get, new_client, post    # the fixtures url and client are in conftest.py
"""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient


#: a card as the casino table writes it; traditional Brag adds the joker, ``Jk``
CARD = re.compile(r"^(10|[2-9TJQKA])[cdhs]$")
CARD_OR_JOKER = re.compile(r"^(10|[2-9TJQKA])[cdhs]$|^Jk$")


def new_client(db_url: str) -> TestClient:
    """A client on a new app on ``db_url`` (a second one on the same URL is a server restart)."""
    from web.app import create_app

    return TestClient(create_app(db_url), raise_server_exceptions=False)


def post(client: TestClient, path: str, body: dict | None = None, status: int = 200) -> dict[str, Any]:
    """POST ``body`` as JSON to ``path``; the test fails (showing the answer) unless the status is ``status``."""
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()  # type: ignore[no-any-return]


def get(client: TestClient, path: str, status: int = 200) -> dict[str, Any]:
    """GET ``path``; the test fails (showing the answer) unless the status is ``status``."""
    response = client.get(path)
    assert response.status_code == status, response.text
    return response.json()  # type: ignore[no-any-return]


def cards_in(value: Any, card: re.Pattern[str] = CARD) -> set[str]:
    """Every card text (a string ``card`` matches) anywhere in a JSON value."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v, card) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v, card) for v in value)) if value else set()
    return {value} if isinstance(value, str) and card.match(value) else set()
