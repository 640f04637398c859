"""Fixtures for the web tests: the app served by Uvicorn in a thread, and Debian's Chromium via Playwright.

* ``url`` is a fresh SQLite database URL for one test (``$BRAG_DB`` ignored) and ``client`` a FastAPI test
  client on the app on it; :mod:`tests.web.api` has ``post``/``get`` (a status checked) and ``new_client``.
* ``served`` starts ``web.app.create_app`` on a free loopback port (a socket bound here and handed to
  Uvicorn, so no other process can take the port in between), on a fresh SQLite file, and stops it.
* ``browser`` launches the system Chromium (``/usr/bin/chromium``, or ``$BRAG_CHROMIUM``) headless with
  Playwright — never a downloaded browser. Playwright's ``launch`` gives it a fresh temporary profile.
  Without Chromium the browser tests are skipped on a workstation and FAIL under ``CI=true``.
* ``shots`` is where screenshots go: ``$BRAG_SCREENSHOTS`` when set (``docs/images`` to refresh the
  documentation's pictures), else a temporary folder.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

#: How long Playwright waits for a page to get where a test wants it (every wait_for_*, click, goto):
#: only stops a hang, so generous enough for a loaded 2-core machine; nothing is timed.
WAIT_MS = 60_000

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    """The system Chromium: ``$BRAG_CHROMIUM``, ``/usr/bin/chromium`` or ``chromium`` on the PATH."""
    for candidate in (os.environ.get("BRAG_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


@dataclass
class Served:
    """A running server: its base URL, its database URL and the app (for its in-memory state)."""

    url: str
    db_url: str
    app: Any


def listening_socket() -> socket.socket:
    """A loopback socket bound to a free port and listening (connections wait in its queue till served)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    return sock


class ServerThread:
    """Uvicorn serving ``app`` on an already-bound loopback socket, in a daemon thread.

    ``listening``: a socket to serve (see :func:`listening_socket`); it stays open when this server stops, so
    a second server on it is a restart at the same address with no moment when another process could take
    the port (a port closed and bound again can be taken in between by any connection on the machine).
    Without it the server makes its own, on a free port, and closes it when it stops.
    """

    def __init__(self, app: Any, listening: socket.socket | None = None) -> None:
        import uvicorn

        self.own = listening is None
        self.socket = listening_socket() if listening is None else listening
        self.port = self.socket.getsockname()[1]
        config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
        self.server = uvicorn.Server(config)
        # Uvicorn closes the socket it serves when it stops: it serves a duplicate, this one stays listening.
        served = self.socket.dup()
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [served]}, daemon=True)

    def __enter__(self) -> "ServerThread":
        self.thread.start()
        deadline = time.monotonic() + 120  # only stops a hang: a loaded machine starts it slowly
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=60)
        if self.thread.is_alive():
            raise RuntimeError("the test server did not stop within 60 s")
        if self.own:
            self.socket.close()


def serve(app: Any) -> ServerThread:
    return ServerThread(app)


@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh SQLite database URL for this test (a ``$BRAG_DB`` in the caller's shell is ignored)."""
    monkeypatch.delenv("BRAG_DB", raising=False)
    return f"sqlite:///{tmp_path / 'brag.db'}"


@pytest.fixture
def client(url: str) -> Any:
    """A FastAPI test client on the whole app on ``url`` (a server error is a 500 answer, not an exception)."""
    from tests.web.api import new_client

    return new_client(url)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The whole app on a fresh SQLite database, at ``served.url`` (one server per test module)."""
    from web.app import create_app

    db_url = f"sqlite:///{tmp_path_factory.mktemp('web-db') / 'brag.db'}"
    app = create_app(db_url)
    with serve(app) as running:
        yield Served(f"http://127.0.0.1:{running.port}", db_url, app)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless system Chromium driven by Playwright (one per test run)."""
    path = chromium_path()
    if path is None:
        message = "Chromium is not installed (apt-get install chromium; .ci/run does it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + ": browser tests must run in CI")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS,
                                               timeout=WAIT_MS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context at a desktop size, with every console error and failed request collected.

    The test fails if the page logged an error or a request to another host was attempted (the pages
    must work with no network at all).
    """
    context = browser.new_context(viewport={"width": 1366, "height": 900}, device_scale_factor=1)
    problems: list[str] = []
    context.route(lambda url: not url.startswith("http://127.0.0.1:"),
                  lambda route: (problems.append(f"request to another host: {route.request.url}"), route.abort()))
    opened = context.new_page()
    opened.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    opened.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    opened.set_default_timeout(WAIT_MS)
    opened.problems = problems  # type: ignore[attr-defined]
    yield opened
    context.close()
    expected = [p for p in problems if "status of 4" not in p]  # a refused request is shown on the page
    assert not expected, expected


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder screenshots are saved to (``$BRAG_SCREENSHOTS`` or a temporary one)."""
    folder = Path(os.environ["BRAG_SCREENSHOTS"]) if os.environ.get("BRAG_SCREENSHOTS") else \
        tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
