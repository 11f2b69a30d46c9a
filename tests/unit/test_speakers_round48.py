"""A speaker given with stray whitespace ("Anna\\n", " Anna", "Anna\\t", "Anna  Lee") is the same
person for the relation layer (one current employer), and a prompt line shows the name on one line.
The statement keeps the speaker as given."""

from __future__ import annotations

import pytest

from recall_memory_plugins import TemporalGraphMemory


@pytest.mark.parametrize(("first", "variant"), [("Anna", "Anna\n"), ("Anna", " Anna"), ("Anna", "Anna\t"), ("Anna Lee", "Anna  Lee")])
def test_a_whitespace_variant_of_a_speaker_is_the_same_person(first: str, variant: str) -> None:
    with TemporalGraphMemory(":memory:", annotator="offline") as memory:
        memory.add("I work at Acme.", speaker=first)
        memory.add("I work at Globex.", speaker=variant)
        assert [s.speaker for s in memory.statements()] == [first, variant]  # stored as given
        current = [(r.subject_name, r.object_name) for r in memory.relations(type="WORKS_FOR")]
        assert current == [(first, "Globex")]
        text = memory.recall(f"Where does {first} work?").text
        assert "works for Acme (since" not in text
        assert f"{' '.join(variant.split())}: I work at Globex." in text
