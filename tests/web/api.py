"""Helpers for the web API tests: a client on an app, and requests that must answer with a given status.

    from tests.web.api import get, new_client, post    # the fixtures url and client are in conftest.py
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


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
