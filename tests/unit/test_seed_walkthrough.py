"""RecallM's worked example (seed 000), reproduced exactly, plus the flaws we fixed."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from recall_memory_plugins import InputError, MemoryConfig, TemporalGraphMemory
from recall_memory_plugins.engine.tokens import get_token_counter
from tests.conftest import Clock


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline", clock=Clock())


def concept_state(memory: TemporalGraphMemory, *names: str) -> dict[str, tuple[int, int]]:
    return {
        c.name: (c.t_index, c.revision_count) for c in memory.store.find_concepts("default", names)
    }


def link_state(memory: TemporalGraphMemory) -> dict[tuple[str, str], tuple[int, int]]:
    return {
        (lk.source, lk.target): (lk.strength, lk.t_index)
        for lk in memory.store.find_links("default")
    }


def contexts(memory: TemporalGraphMemory, *names: str) -> dict[str, list[str]]:
    got = memory.store.find_contexts("default", names, limit_per_concept=50)
    return {k: [s.text for s in v] for k, v in got.items()}


def test_seed_round_one(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee.")
    assert concept_state(memory, "brandon", "coffe") == {"brandon": (1, 0), "coffe": (1, 0)}
    assert link_state(memory) == {("brandon", "coffe"): (1, 1)}
    assert contexts(memory, "brandon", "coffe") == {
        "brandon": ["Brandon loves coffee."],
        "coffe": ["Brandon loves coffee."],
    }


def test_seed_round_two_and_recall(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee.")
    memory.add("Brandon wants to travel to Paris.")
    assert concept_state(memory, "brandon", "coffe", "pari") == {
        "brandon": (2, 1),
        "coffe": (1, 0),
        "pari": (2, 0),
    }
    assert link_state(memory) == {("brandon", "coffe"): (1, 1), ("brandon", "pari"): (1, 2)}
    assert contexts(memory, "brandon")["brandon"] == [
        "Brandon loves coffee.",
        "Brandon wants to travel to Paris.",
    ]

    recall = memory.recall("Who wants to travel to Paris?", strategy="seed", order="rank")
    # related concepts in ascending sort_val (coffe 1*3+1=4, brandon 4+(2*3+1)=11), essential last
    assert [(c.name, c.sort_val, c.essential) for c in recall.concepts] == [
        ("coffe", 4.0, False),
        ("brandon", 11.0, False),
        ("pari", 7.0, True),
    ]
    # coffe's context, then brandon's, then pari's; identical statements once
    assert [r.statement.text for r in recall.statements] == [
        "Brandon loves coffee.",
        "Brandon wants to travel to Paris.",
    ]
    prompt = recall.to_prompt()
    assert prompt.startswith("Use the following statements to answer the question.")
    assert prompt.index("Brandon loves coffee.") < prompt.index("Brandon wants to travel to Paris.")
    assert prompt.rstrip().endswith("question: Who wants to travel to Paris?\nAnswer:")

    fused = memory.recall("Who wants to travel to Paris?")
    assert fused.strategy == "graph"
    assert [r.statement.text for r in fused.statements] == [
        "Brandon loves coffee.",
        "Brandon wants to travel to Paris.",
    ]
    assert [r.statement.t_index for r in fused.statements] == [1, 2]


def test_repeating_a_sentence_strengthens_the_edge(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee.")
    memory.add("Brandon loves coffee.")
    assert link_state(memory) == {("brandon", "coffe"): (2, 2)}
    recall = memory.recall("What does Brandon love?")
    assert [r.statement.text for r in recall.statements] == ["Brandon loves coffee."]


def test_sentences_of_one_text_are_not_chained(memory: TemporalGraphMemory) -> None:
    memory.add("Alice bought a bicycle. Berlin was cold in winter.")
    links = set(link_state(memory))
    assert ("alic", "bicycl") in links
    assert not any({"bicycl", "berlin"} == set(pair) for pair in links)
    step = {
        c.t_index
        for c in memory.store.find_concepts("default", ["alic", "bicycl", "berlin", "winter"])
    }
    assert step == {1}


def test_lone_concept_is_recallable(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee.")
    memory.add("Martha is tired.")
    assert concept_state(memory, "martha") == {"martha": (2, 0)}
    recall = memory.recall("How is Martha?")
    assert "Martha is tired." in recall.text
    assert recall.statements[-1].statement.text == "Martha is tired."


def test_concept_outside_the_window_is_excluded() -> None:
    memory = TemporalGraphMemory(
        ":memory:", annotator="offline", temporal_window=5, max_neighbors=100
    )
    memory.add("Brandon loves coffee.")
    for i in range(8):
        memory.add(f"Brandon visited museum number {i} with Sophie{i}.")
    names = {c.name for c in memory.recall("What does Brandon do?").concepts}
    assert "brandon" in names and "museum" in names
    assert "coffe" not in names  # step 1 is more than 5 steps behind brandon (step 9)
    wide = TemporalGraphMemory(
        memory.store, annotator="offline", temporal_window=15, max_neighbors=100
    )
    assert "coffe" in {c.name for c in wide.recall("What does Brandon do?").concepts}


def test_window_anchor_newest_counts_from_the_namespace_clock() -> None:
    memory = TemporalGraphMemory(
        ":memory:", annotator="offline", temporal_window=3, window_anchor="newest"
    )
    memory.add("Brandon loves coffee.")
    for i in range(5):
        memory.add(f"The weather report {i} mentions rain.")
    # brandon itself (step 1) is outside the newest-anchored window: no graph expansion
    recall = memory.recall("What does Brandon love?")
    assert recall.concepts == ()
    assert recall.strategy == "lexical" and "Brandon loves coffee." in recall.text


def test_budget_is_respected(memory: TemporalGraphMemory) -> None:
    for i in range(40):
        memory.add(f"Brandon tried coffee blend number {i} from the roastery in Paris today.")
    counter = get_token_counter()
    sizes = []
    for budget in (20, 60, 200, 2000):
        recall = memory.recall("What coffee did Brandon try?", token_budget=budget)
        assert 0 < recall.token_count <= budget
        assert recall.token_count == counter.count(recall.text)
        assert counter.count(recall.to_prompt()) > recall.token_count
        sizes.append(len(recall.statements))
    assert sizes[0] == 1 and recall.statements[0].statement.text.endswith("today.")
    assert sizes == sorted(sizes) and sizes[-1] == 40
    # a budget too small for any whole statement still gets the best one, cut short
    tiny = memory.recall("What coffee did Brandon try?", token_budget=20)
    assert tiny.statements[0].statement.text.endswith("…")


def test_namespaces_are_isolated(memory: TemporalGraphMemory) -> None:
    memory.add("Alice loves tea.", namespace="alice")
    memory.add("Bob loves coffee.", namespace="bob")
    recall = memory.recall("Who loves coffee?", namespace="alice")
    assert "Bob" not in recall.text and recall.text.endswith("Alice loves tea.")
    assert memory.recall("anything", namespace="nobody").strategy == "empty"
    memory.clear("bob")
    assert memory.stats("bob").statements == 0 and memory.stats("alice").statements == 1


def test_reopening_the_sqlite_file_keeps_everything(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    with TemporalGraphMemory(db, annotator="offline") as memory:
        memory.add("Brandon loves coffee.")
        memory.add("Brandon wants to travel to Paris.")
        before = memory.recall("Who wants to travel to Paris?")
    with TemporalGraphMemory(db, annotator="offline") as memory:
        after = memory.recall("Who wants to travel to Paris?")
        assert memory.store.current_step("default") == 2
        assert [r.statement for r in after.statements] == [r.statement for r in before.statements]
        assert memory.add("Brandon likes cats.").t_index == 3


def test_unknown_question_still_gets_context(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee.")
    memory.add("Sophie plays the violin.")
    recall = memory.recall("xyzzy plugh?")
    assert recall.strategy == "recent" and len(recall.statements) == 2
    assert memory.recall("").strategy == "recent"
    assert memory.recall("violin").text.endswith("Sophie plays the violin.")


def test_bad_input_is_rejected_and_loses_nothing(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee.")
    for bad in ("", "   ", None, 42, "a\x00b"):
        with pytest.raises(InputError):
            memory.add(bad)  # type: ignore[arg-type]
    with pytest.raises(InputError):
        memory.add("naive time", at=datetime(2026, 1, 1))
    with pytest.raises(InputError):
        memory.add("no namespace", namespace="")
    with pytest.raises(InputError):
        memory.recall("q", token_budget=0)
    assert memory.stats("default").statements == 1 and memory.store.current_step("default") == 1


def test_statement_time_and_speaker_are_kept(memory: TemporalGraphMemory) -> None:
    at = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    memory.add("I went to a support group yesterday.", speaker="Caroline", at=at)
    [r] = memory.recall("What did Caroline do?").statements
    assert r.statement.at == at and r.statement.speaker == "Caroline"
    assert "Caroline: I went to a support group yesterday." in r.statement.render()


def test_long_text_is_stored_as_sentence_chunks() -> None:
    memory = TemporalGraphMemory(":memory:", annotator="offline", max_statement_tokens=20)
    text = " ".join(f"Sentence {i} talks about the lighthouse keeper named Ivar." for i in range(6))
    result = memory.add(text)
    assert result.t_index == 1 and len(result.statement_ids) > 1
    stored = memory.statements()
    assert " ".join(s.text for s in stored) == text
    assert {s.t_index for s in stored} == {1}


def test_context_limit_bounds_concept_contexts() -> None:
    memory = TemporalGraphMemory(
        ":memory:", annotator="offline", config=MemoryConfig(context_limit=3)
    )
    for i in range(10):
        memory.add(f"Brandon drank coffee cup {i}.")
    ctx = memory.store.find_contexts("default", ["coffe"], limit_per_concept=100)["coffe"]
    assert [s.t_index for s in ctx] == [8, 9, 10]
    assert memory.stats().statements == 10


async def test_async_twins_match_sync(memory: TemporalGraphMemory) -> None:
    await memory.aadd("Brandon loves coffee.")
    await memory.aadd("Brandon wants to travel to Paris.")
    a = await memory.arecall("Who wants to travel to Paris?")
    b = memory.recall("Who wants to travel to Paris?")
    assert a.statements == b.statements and a.concepts == b.concepts
