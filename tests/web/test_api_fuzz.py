"""The JSON API fuzzed from its own OpenAPI description (schemathesis): never a 5xx, every refusal explained.

Schemathesis generates requests from ``/api/openapi.json`` — valid ones and ones that break the schema —
and calls the app in-process. A bounded number of examples per operation keeps CI fast; the
Hypothesis seed is fixed (derandomized) so a failure reproduces.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from web.app import create_app

_folder = Path(tempfile.mkdtemp(prefix="brag-fuzz-"))
app = create_app(f"sqlite:///{_folder / 'brag.db'}")
schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)


@schema.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_5xx(case):
    response = case.call()
    assert response.status_code < 500, f"{case.method} {case.formatted_path}: {response.status_code} {response.text}"
    if response.status_code >= 400:
        detail = response.json()["detail"]
        assert isinstance(detail, str) and detail and "Traceback" not in detail
