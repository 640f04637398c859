"""The ``brag`` command line: Typer + Rich. Parses, calls :mod:`casino`, prints; no game logic."""
