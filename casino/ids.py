"""The ids a database column holds (sessions, hands): 1 to 2**63 - 1, and the one message every front end
(the command line, the web) gives for a number outside that range. No dependencies: the command line
imports it while it starts.

    >>> MAX_ID
    9223372036854775807
    >>> id_problem("12") is None
    True
    >>> id_problem(0, "hand number")
    "'0' is not a hand number: hand numbers run from 1 to 9,223,372,036,854,775,807"
"""

from __future__ import annotations

__all__ = ["MAX_ID", "id_problem"]

#: The largest id a database column holds (sessions, hands): larger numbers never reach the database.
MAX_ID = 2**63 - 1


def id_problem(value: int | str, what: str = "session id") -> str | None:
    """Why ``value`` cannot be a ``what`` (``"session id"``, ``"hand number"``), or ``None`` when it can:
    the one message every front end gives for an id out of range.

        >>> id_problem(99999999999999999999)
        "'99999999999999999999' is not a session id: ids run from 1 to 9,223,372,036,854,775,807 (it is too large)"
    """
    text = str(value).strip()
    if text.isascii() and text.lstrip("-").isdigit() and len(text) <= 30 and 1 <= int(text) <= MAX_ID:
        return None
    plural = "ids" if what.endswith("id") else what + "s"
    size = ""
    if text.isascii() and text.isdigit():
        size = " (it is too large)" if len(text) > 19 or int(text) > MAX_ID else ""
    return f"{text[:30]!r} is not a {what}: {plural} run from 1 to {MAX_ID:,}{size}"
