"""Shared by the relation-rule tests: the current facts after some texts."""

from __future__ import annotations

from recall_memory_plugins import TemporalGraphMemory

Fact = tuple[str, str, "str | None"]
# (speaker, first statement, later statement, fact, whether the fact is still stated as current)
Case = tuple["str | None", str, str, Fact, bool]


def current(memory: TemporalGraphMemory, *texts: str) -> set[tuple[str, str, str | None]]:
    """Add ``texts`` one by one; the (subject, type, object) of every relation stated as current."""
    for text in texts:
        memory.add(text)
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


def after_turns(
    memory: TemporalGraphMemory, speaker: str | None, *texts: str
) -> set[tuple[str, str, str | None]]:
    """As :func:`current`, every text said by ``speaker`` (a chat turn; None: no speaker)."""
    for text in texts:
        memory.add(text, speaker=speaker)
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


def facts_after(
    memory: TemporalGraphMemory, turns: list[tuple[str | None, str]]
) -> set[tuple[str, str, str | None]]:
    """As :func:`current`, each text said by its own speaker (None: no speaker)."""
    for speaker, text in turns:
        memory.add(text, speaker=speaker)
    return {(r.subject_name, r.type, r.object_name) for r in memory.relations()}


def assert_case(memory: TemporalGraphMemory, case: Case) -> set[tuple[str, str, str | None]]:
    """Add a case's two turns; assert its fact is stated as current exactly when it ``stays``."""
    speaker, first, later, fact, stays = case
    facts = after_turns(memory, speaker, first, later)
    assert (fact in facts) is stays, facts
    return facts
