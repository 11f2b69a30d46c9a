"""A partner's change ("my bf moved to Paris", "my girlfriend just joined Google", "Ben's
boyfriend lives in Paris") is someone else's: it doubts nothing of the speaker's (a sister's,
a brother's, a roommate's already did not). The speaker's own move with a partner still counts."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory


@pytest.mark.parametrize(
    ("first", "text", "type_", "value"),
    [
        ("I live in Rome.", "my bf moved to Paris", "LIVES_IN", "Rome"),
        ("I live in Rome.", "my boyfriend lives in Paris", "LIVES_IN", "Rome"),
        ("I work at Acme.", "my gf works at Google", "WORKS_FOR", "Acme"),
        ("I work at Acme.", "my girlfriend just joined Google", "WORKS_FOR", "Acme"),
        ("I work at Acme.", "my fiancée started at Google last week", "WORKS_FOR", "Acme"),
        ("I live in Rome.", "Ben's boyfriend lives in Paris.", "LIVES_IN", "Rome"),
        ("I live in Rome.", "I moved to Paris with my bf.", "LIVES_IN", "Paris"),
    ],
)
def test_a_partners_change_is_not_the_speakers(first: str, text: str, type_: str, value: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add(first, speaker="Ben")
        memory.add(text, speaker="Ben")
        assert [r.object_name for r in memory.relations("Ben", type=type_)] == [value]
