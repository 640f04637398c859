"""``brag serve``: the casino table, traditional Brag and the game designer in a web browser.

FastAPI and Uvicorn are imported inside the command, so ``brag --help`` stays fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from cli.history import DbOpt, refuse_playing_in_memory


def is_loopback(host: str) -> bool:
    """Whether ``host`` keeps the table on this computer: ``localhost`` or a loopback address (127.0.0.0/8, ::1)."""
    import ipaddress

    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        return False


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on; the default, loopback, keeps the table on this computer.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: DbOpt = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in the default web browser.")] = False,
) -> None:
    """Serve the casino table, traditional Brag and the game designer at http://HOST:PORT/ (Ctrl-C stops).

    Sessions played in the browser are stored like those of 'brag play' ('brag sessions' lists them, and a session can be resumed from either side). The JSON API is described at /api/docs.
    """
    import socket

    from casino.db.database import connect, database_url
    from cli.errors import fail

    url = database_url(db, app_dir=typer.get_app_dir("brag-table"))
    connect(url).dispose()  # a bad URL or an unreadable database is one line here, before serving
    if not host.strip():  # (--host "$UNSET" would otherwise listen on every interface)
        fail("--host is empty: give an address of this computer (127.0.0.1, the default; 0.0.0.0 for every one)")
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:  # a clear line rather than Uvicorn's log
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except socket.gaierror:
        fail(f"--host {host!r} is not an address of this computer")
    except OSError as error:
        import errno

        hint = " (choose another with --port)" if error.errno in (errno.EADDRINUSE, errno.EACCES) else ""
        fail(f"cannot listen on {host} port {port}: {error.strerror or error}{hint}")

    refuse_playing_in_memory(url)  # (after the address, so a bad --host or a port in use is named first)
    try:
        import fastapi  # noqa: F401
        import uvicorn
    except ImportError:
        fail('brag serve needs the web extra: pip install "brag-table[web]" (FastAPI and Uvicorn)')

    from web.app import create_app

    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/"
    print(f"brag serve: the table is at {address} (Ctrl-C stops; API described at {address}api/docs)", flush=True)
    if not is_loopback(host):
        print(f"brag serve: listening on {host}: anyone who can reach this computer can open the table",
              flush=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(0.8, webbrowser.open, args=(address,)).start()
    from casino.db.locations import db_option

    uvicorn.run(create_app(url, db_option(db), local_only=is_loopback(host)), host=host, port=port, log_level="warning")


