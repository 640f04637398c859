"""Persistence with SQLModel: the only part of ``casino`` that knows about SQL.

``models`` (the tables), ``database`` (URL, engine, schema version), ``store`` (reading and writing
sessions and rounds; functions take the SQLModel session as a keyword argument: it gathers ``sessions``,
``leases``, ``pending``, ``rounds``, ``hands``, ``meters``, ``resuming`` and ``rows``, its table says which
holds what), ``verify`` (recomputing stored rounds from their seeds).
"""
