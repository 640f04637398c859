"""``brag serve`` as a user runs it: a real process on a free loopback port, and its one-line refusals."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def brag(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, **kwargs)


def serving(db: str) -> tuple[subprocess.Popen, int]:
    """``brag serve`` on a free port, started. The port is free when chosen, but another process (with the tests
    spread over workers, another worker's connections) may take it before the server binds it: then the server
    says it cannot listen, and another port is tried."""
    for _ in range(5):
        port = free_port()
        process = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--port", str(port), "--db", db], cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = process.stdout.readline()
        if line.startswith(f"brag serve: the table is at http://127.0.0.1:{port}/"):
            return process, port
        out, err = process.communicate(timeout=120)
        assert f"cannot listen on 127.0.0.1 port {port}" in err, (line, out, err)
    raise AssertionError("five free ports in a row were taken before the server could listen")


def test_serve_says_its_address_serves_the_pages_and_stops_on_ctrl_c(tmp_path):
    db = f"sqlite:///{tmp_path / 'brag.db'}"
    process, port = serving(db)
    try:
        deadline = time.monotonic() + 120  # only stops a hang: a loaded machine starts it slowly
        while True:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=30)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and process.poll() is None, process.stderr.read()
                time.sleep(0.1)
        assert response.json() == {"status": "ok"}
        page = httpx.get(f"http://127.0.0.1:{port}/designer", timeout=60)
        assert page.status_code == 200 and "/static/designer.js" in page.text
        assert httpx.get(f"http://127.0.0.1:{port}/api/openapi.json", timeout=60).json()["info"]["title"] == "brag-table"
        # on loopback it answers this computer's names only (a page of another site rebound to 127.0.0.1: refused)
        rebound = httpx.get(f"http://127.0.0.1:{port}/api/table/sessions", headers={"Host": f"evil.example:{port}"},
                            timeout=60)
        assert rebound.status_code == 400 and "this computer only" in rebound.json()["detail"]
        assert httpx.get(f"http://localhost:{port}/api/health", timeout=60).status_code == 200
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "70000"], "Invalid value for '--port'"),
        (["--db", "nope://x"], "cannot use database URL 'nope://x'"),
        (["--host", "host.invalid"], "--host 'host.invalid' is not an address of this computer"),
        (["--db", "sqlite:////no/such/folder/brag.db"], "folder /no/such/folder does not exist"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args, words):
    if "--db" not in args:  # never the user's own database
        args = [*args, "--db", "sqlite://"]
    result = brag("serve", *args)
    assert result.returncode == 2
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--host", ""], "--host is empty"),  # not every interface, as Uvicorn would take it
        (["--db", "sqlite://"], "an SQLite database in memory keeps nothing"),
        (["--db", "sqlite:///:memory:"], "an SQLite database in memory keeps nothing"),
    ],
)
def test_an_empty_host_and_a_database_in_memory_are_refused(args, words, tmp_path):
    if "--db" not in args:
        args = [*args, "--db", str(tmp_path / "brag.db")]
    for _ in range(5):  # the port is free when chosen; another worker may take it before serve checks it
        port = free_port()
        result = brag("serve", "--port", str(port), *args)
        if f"cannot listen on 127.0.0.1 port {port}" not in result.stderr:
            break
    assert result.returncode == 2
    assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_loopback_addresses_are_this_computer_only():
    from cli.serve import is_loopback

    assert all(is_loopback(h) for h in ("127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "10.0.0.1", "::", "example.com", ""))


def test_a_port_in_use_is_one_line_naming_the_port():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = brag("serve", "--port", str(port), "--db", "sqlite://")
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in result.stderr and "--port" in result.stderr


def test_brag_help_lists_serve_without_importing_the_web_stack():
    code = "import sys; from cli.main import app; print(sorted(m for m in ('fastapi', 'uvicorn', 'web') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env={**os.environ, "COLUMNS": "120"})
    assert result.stdout.strip() == "[]"
    assert "serve" in brag("--help", env={**os.environ, "COLUMNS": "120"}).stdout
