"""Shared fixtures: a CliRunner with a fixed terminal width, the command-line app, and patient Dask waits."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import settings
from typer.testing import CliRunner

# The tests never touch the player's own database: the application directory (where the default
# brag.db lives) is a fresh folder for the whole run, inherited by every subprocess the tests start,
# and a BRAG_DB set in the caller's shell is ignored.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="brag-tests-config-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], ignore_errors=True)
os.environ.pop("BRAG_DB", None)

# Hypothesis never times a test (its default fails an example slower than 200 ms, which a loaded machine
# can be): the project's tests have no timed assertions. Each @settings still chooses its examples.
# Under CI (CI set, as .ci/run does) the examples are the same on every run (derandomize: a seed drawn from each
# test's name), so a build is red only for a change, never for a draw; elsewhere each run explores new examples.
settings.register_profile("brag", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("brag")


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A CliRunner whose Rich output has a fixed width and no colour codes."""
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    return CliRunner()


@pytest.fixture
def app():
    from cli.main import app

    return app


@pytest.fixture
def patient_dask(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """For tests that start a Dask cluster and connect to it: every connection wait 120 s (brag's
    ``$BRAG_DASK_TIMEOUT`` and Dask's own connect and comm timeouts), so a loaded machine is slow, not a
    failure. The waits only stop a hang; nothing is timed."""
    pytest.importorskip("distributed")  # first: its config defaults must be there before they are changed
    import dask

    monkeypatch.setenv("BRAG_DASK_TIMEOUT", "120")
    with dask.config.set({"distributed.comm.timeouts.connect": "120s", "distributed.comm.timeouts.tcp": "120s"}):
        yield
