"""Shared fixtures: a CliRunner with a fixed terminal width, and the command-line app."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner


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
