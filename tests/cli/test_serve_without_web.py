"""``brag serve`` on an install without the web extra: one line naming the extra, exit code 2."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_serve_without_uvicorn_names_the_extra():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = ("import sys; sys.modules['uvicorn'] = None; sys.argv = ['brag', 'serve', '--port', sys.argv[1]]; "
            "from cli.main import main; main()")
    done = subprocess.run([sys.executable, "-c", code, str(port)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2, done.stderr
    assert "brag-table[web]" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
