"""Shared fixtures. Service-backed tests skip visibly when the service is absent, except when
``RECALL_REQUIRE_SERVICES=1`` (set by ``.ci/run``), where absence is a failure."""

from __future__ import annotations

import os

import pytest

REQUIRE_SERVICES = os.environ.get("RECALL_REQUIRE_SERVICES") == "1"


def skip_or_fail(reason: str) -> None:
    """Skip with ``reason``, or fail when services are required (CI)."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing (RECALL_REQUIRE_SERVICES=1): {reason}")
    pytest.skip(reason)
