"""Alembic migrations of the brag-table schema, run by :func:`casino.db.database.connect` (no alembic.ini).

``versions/`` holds one module per schema change, oldest first: ``0001`` is the schema of the first
release (sessions, hands, boxes), ``0002`` adds the hash chain, running totals and the play lease.
"""
