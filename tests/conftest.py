"""Shared fixtures. Service-backed tests skip visibly when the service is absent, except when
``RECALL_REQUIRE_SERVICES=1`` (set by ``.ci/run``), where absence is a failure."""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone

import pytest

REQUIRE_SERVICES = os.environ.get("RECALL_REQUIRE_SERVICES") == "1"


def skip_or_fail(reason: str) -> None:
    """Skip with ``reason``, or fail when services are required (CI)."""
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing (RECALL_REQUIRE_SERVICES=1): {reason}")
    pytest.skip(reason)


# The handover dialogue every framework test sends through a real chain.
ZH_1 = "张三正在负责星火计划"
ZH_2 = "张三不再负责星火计划了，现在由王五接手"
ZH_Q = "现在谁负责星火计划？"
EN_1 = "Alice leads Project Orion."
EN_2 = "Alice handed Project Orion over to Bob."
EN_Q = "Who leads Project Orion now?"

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=timezone.utc)


class Clock:
    """A deterministic clock for ``TemporalGraphMemory(clock=...)``: one minute per call."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now
