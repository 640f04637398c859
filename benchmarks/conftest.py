"""Benchmarks: run by hand with ``pytest -m benchmark -s benchmarks/`` (the default run skips them)."""
