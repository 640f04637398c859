"""Request bodies read exactly: a JSON number with a fraction is a :class:`~decimal.Decimal`, never a float.

Python's ``json`` reads ``1.0000000000000001`` as the float ``1.0``: a stake sent as that number was taken as 1,
silently. Every API router of the app uses :class:`ExactRoute`, whose requests parse JSON with
``parse_float=Decimal``, so a number means exactly the digits sent, as the same digits sent as text do
(``casino.money.parse`` reads a Decimal exactly, and refuses one too large or too finely divided in one line)::

    >>> import asyncio
    >>> async def receive():
    ...     return {"type": "http.request", "body": b'{"ante": 1.0000000000000001, "box": 1}', "more_body": False}
    >>> asyncio.run(ExactRequest({"type": "http", "headers": []}, receive).json())
    {'ante': Decimal('1.0000000000000001'), 'box': 1}

Whole numbers stay ``int``, so strict integer fields (an action number, a box) are as before; a field that takes a
JSON number with a fraction must say so (``Decimal`` in its type).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from decimal import Decimal
from typing import Annotated, Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import Strict, StrictBool, StrictInt, StringConstraints

from casino.money import LONGEST_FRACTION_TEXT

__all__ = ["Amount", "ExactRequest", "ExactRoute", "exact_number", "WIDEST", "LONGEST"]

#: An amount in a request body, as every router of the app takes it: text (``"5"``, ``"2.5"``, ``"5/2"``, in a game
#: design ``"70% meter"``) or a JSON number, read exactly (a number with a fraction arrives as the Decimal of the
#: digits sent, never a float rounded: ``1.0000000000000001`` is not 1). Numbers are strict: a text is read by the
#: amount rules alone (``casino.money.parse``, the game-file rules), never turned into a number by pydantic, which
#: would take ``"   ５"`` as 5 past them. A JSON true/false is let through (pydantic would read it as 1/0) so that
#: those rules refuse it in one line (400).
#: The longest text taken is the longest ``p/q`` the amount rules read (``casino.money.LONGEST_FRACTION_TEXT``), so a
#: page can always send back any amount it was given; the amount rules bound the rest.
Amount = Annotated[str, StringConstraints(min_length=1, max_length=LONGEST_FRACTION_TEXT)] | StrictInt | Annotated[Decimal, Strict()] | StrictBool


#: A JSON number with a fraction or an exponent beyond 10**±40 (no amount comes near: amounts are at most
#: 1,000,000,000 and at most 30 decimal places) is kept as its text, which the reader of amounts refuses at once:
#: as a Decimal, a validator trying it as a whole number would build ``1E999999999``'s billion digits.
WIDEST = 40


#: The longest JSON number with a fraction read as a Decimal: an amount is at most ten digits, a point and thirty
#: places. A longer one stays text (refused as too long where an amount is read): a Decimal of a million digits
#: costs a validator seconds per request.
LONGEST = 64


def exact_number(text: str) -> Decimal | str:
    """A JSON number with a fraction or an exponent, exactly: ``"2.5"`` -> ``Decimal('2.5')``; one far beyond any
    amount, or with more digits than any amount has, stays text (``"1E999999999"``), refused where an amount is
    read, and by a number field::

        >>> exact_number("2.5"), exact_number("1E999999999"), len(exact_number("1." + "0" * 100))
        (Decimal('2.5'), '1E999999999', 102)
    """
    if len(text) > LONGEST:
        return text
    value = Decimal(text)
    if value and not -WIDEST <= value.adjusted() <= WIDEST:
        return text
    return value


class ExactRequest(Request):
    """A request whose JSON body keeps every number exact (fractions as :class:`~decimal.Decimal`)."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = json.loads(await self.body(), parse_float=exact_number)
        return self._json


class ExactRoute(APIRoute):
    """An API route that hands its endpoint an :class:`ExactRequest` (``APIRouter(route_class=ExactRoute)``)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def exact(request: Request) -> Response:
            return await handler(ExactRequest(request.scope, request.receive))

        return exact
