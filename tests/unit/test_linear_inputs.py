"""Inputs whose cost grew faster than their size in the relation layer (no timings here: each
test counts the work, /tmp/fuzz-perf's reproducers time it).

- "Alice manages ProjectN." N times left N-1 open unsure relations, and each add read them all.
- A transcript of many speakers, a home stored: each turn tested every mention of the text.
- A long text of "X works at Acme.", a fact stored: each sentence searched the whole text.
- A word with "thing" or "cup" beside a run of letters: a pattern was tried inside the run.
- A question listing "Alice Smith0, Alice Jones1, ...": each name read the aliases before it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.engine.relations import doubt, doubt_names
from recall_memory_plugins.engine.relations.entities import EntityBook
from recall_memory_plugins.engine.relations.patterns.extractor import EN_PATTERNS
from recall_memory_plugins.engine.relations.topic_reads import CURRENT_READ, current_topics
from recall_memory_plugins.models import Entity


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def _memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def test_managing_one_more_project_leaves_the_others_current_and_sure() -> None:
    m = _memory()
    m.add_many([f"Alice manages Project{i}." for i in range(30)] + [f"Alice leads Team{i}." for i in range(10)], namespace="x")
    rels = m.relations("Alice", namespace="x", include_unsure=True)
    assert len(rels) == 40
    assert not [r for r in rels if r.attributes.get("unsure") == "true"]
    # a change word still puts the older one in doubt, as before
    m.add("Bob manages Atlas.", namespace="y")
    m.add("Bob is the lead on Pulse now.", namespace="y")
    assert ("Bob", "MANAGES", "Pulse") in {(r.subject_name, r.type, r.object_name) for r in m.relations("Bob", namespace="y")}


def test_the_doubt_rule_reads_a_bounded_part_of_many_relations_and_keeps_the_own_ones() -> None:
    m = _memory()
    m.add("Alice lives in Lyon.", namespace="x")
    m.add_many([f"Alice manages Project{i}." for i in range(CURRENT_READ + 40)], namespace="x")
    found = current_topics(m.store, "x", "alice", doubt._TOPICS, [])
    assert len(found) <= CURRENT_READ + 5
    assert any(r.type == "LIVES_IN" for r in found)  # (older than every project)
    assert found[-1].object_name == f"Project{CURRENT_READ + 39}"


def test_a_transcript_of_many_speakers_reads_its_mentions_once(monkeypatch: pytest.MonkeyPatch) -> None:
    m = _memory()
    m.add("Bob lives in Lyon.", namespace="x")
    calls = [0]
    real = doubt_names.gender_of

    def counted(name: str) -> Any:
        calls[0] += 1
        return real(name)

    monkeypatch.setattr(doubt_names, "gender_of", counted)
    n = 300
    m.add("".join(f"Speaker{i}: I moved to {['Paris', 'Lyon', 'Rome'][i % 3]}.\n" for i in range(n)), namespace="x")
    assert calls[0] <= 4 * n  # (was one per mention for each turn: ~n * 3n)


def test_a_long_text_searches_it_for_a_trip_once(monkeypatch: pytest.MonkeyPatch) -> None:
    m = _memory()
    m.add("Alice works at Acme.", namespace="x")
    calls = [0]

    class Counted:
        def search(self, text: str, *args: Any) -> Any:
            calls[0] += len(text)
            return real.search(text, *args)

    real = doubt._TRIP
    monkeypatch.setattr(doubt, "_TRIP", Counted())
    text = "".join(f"{name} works at Acme. " for name in ["Alice", "Bob", "Carol", "David"] * 100)
    m.add(text, namespace="x")
    assert calls[0] <= 4 * len(text)  # characters searched (was each sentence: the text, again)


def test_the_stopped_liking_pattern_starts_at_a_word() -> None:
    (pattern,) = [p for p, h in EN_PATTERNS if "thing|cup" in p.pattern]
    assert pattern.pattern.startswith(r"(?<![\w'’-])")
    slot = "\ue0001\ue001"  # (a mention, as the patterns see it)
    text = "x" * 300 + f" isn't {slot}'s thing"
    assert [m.start() for m in pattern.finditer(text)] == [0]  # (no start inside the run)
    assert pattern.search(f"Jazz isn't {slot}'s thing") is not None
    m = _memory()
    m.add("Eli likes jazz.", namespace="x")
    m.add("Jazz isn't Eli's thing anymore.", namespace="x")
    assert not [r for r in m.relations("Eli", namespace="x") if r.type == "LIKES"]
    m.add("Nothing to report. " + "x" * 3000, namespace="x")  # (quadratic before: seconds)


class _CountedAliases(tuple[str, ...]):
    reads = 0

    def __iter__(self) -> Any:
        type(self).reads += 1
        return super().__iter__()


def test_new_aliases_of_a_known_entity_are_kept_in_a_set() -> None:
    m = _memory()
    book = EntityBook(m.store, "x", [])
    book.known["alice"] = Entity("x", "alice", "Alice", "PERSON", _CountedAliases(("Ali",)))
    for i in range(500):
        book._remember_alias("alice", f"Alice Smith{i}")
        book._remember_alias("alice", f"alice smith{i}")  # (the same key: not added again)
    assert len(book.new_aliases["alice"]) == 500
    assert _CountedAliases.reads <= 2  # (the stored aliases read once, not once a name)
    assert re.fullmatch(r"Alice Smith\d+", book.new_aliases["alice"][-1])


def test_a_sentence_is_searched_for_an_undated_past_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Alice works at Acme Corp. Bob works at Acme Corp. …" ("Corp." ends no sentence: one long
    sentence of many readings) searched the sentence for "years ago" once per reading."""
    from recall_memory_plugins.engine.relations.patterns import past_states

    m = _memory()
    m.add("Alice works at Acme Corp.", namespace="x")
    calls = [0]
    real = past_states.VAGUE_PAST

    class Counted:
        def search(self, text: str, *args: Any) -> Any:
            calls[0] += 1
            return real.search(text, *args)

    monkeypatch.setattr(past_states, "VAGUE_PAST", Counted())
    text = "".join(f"{name} works at Acme Corp. " for name in ["Alice", "Bob", "Carol", "David"] * 50)
    annotation = m.annotator.annotate(text)
    m.add(text, namespace="x")
    assert 0 < calls[0] <= len(annotation.sentences), (calls[0], len(annotation.sentences))


class _CountedId(str):
    compared = 0

    def __eq__(self, other: object) -> bool:
        type(self).compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_deciding_a_long_text_s_changes_compares_no_relation_with_every_other() -> None:
    """"Alice manages Project0. Alice manages Project1. …" in one text: each proposal looked for
    its triple and its rivals among all live relations (the text's own too): quadratic."""
    from recall_memory_plugins.engine.relations.schema import RelationProposal
    from recall_memory_plugins.engine.relations.updates import decide_changes

    ids = iter(range(10**6))
    n = 400
    proposals = [
        RelationProposal(_CountedId("alice"), "MANAGES", _CountedId(f"p{i}"), {}, False, i) for i in range(n)
    ]
    _CountedId.compared = 0
    changes = decide_changes([], proposals, exclusivity={"MANAGES": "object"}, new_id=lambda: f"r{next(ids)}")
    assert [c.op for c in changes] == ["add"] * n
    assert _CountedId.compared <= 10 * n, _CountedId.compared  # (was about n * n)
