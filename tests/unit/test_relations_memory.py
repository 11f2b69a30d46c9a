"""The relation layer through the public API: seed 001 end to end, history, as-of, timelines.

Real SQLite (``:memory:``) and the offline annotator; no mocks.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest

from recall_memory_plugins import InputError, NotFoundError, Relation, TemporalGraphMemory

DAY1 = datetime(2025, 3, 1, 9, 0, tzinfo=timezone.utc)

SEED_ZH = (
    "张三是销售部的经理，他正在负责星火计划项目。",
    "李四是张三的团队成员，最近王五也加入了星火计划。",
    "张三不再负责星火计划了，现在由王五接手。",
)
SEED_EN = (
    "Zhang San is the manager of the Sales Department and he is leading Project Spark.",
    "Li Si is a member of Zhang San's team, and Wang Wu has also joined Project Spark.",
    "Zhang San no longer leads Project Spark; Wang Wu took it over.",
)


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        yield mem


def triples(rels: list[Relation]) -> set[tuple[str, str, str | None]]:
    return {(r.subject_name, r.type, r.object_name) for r in rels}


def add_days(memory: TemporalGraphMemory, texts: tuple[str, ...] | list[str], **kw: str) -> None:
    for i, text in enumerate(texts):
        memory.add(text, at=DAY1 + timedelta(days=i), **kw)


# ------------------------------------------------------------------------------ seed 001, Chinese
def test_seed_001_chinese_turn_by_turn(memory: TemporalGraphMemory) -> None:
    memory.add(SEED_ZH[0])
    assert triples(memory.relations()) == {
        ("张三", "WORKS_FOR", "销售部"),
        ("张三", "MANAGES", "星火计划"),
    }
    works = memory.relations("张三", type="WORKS_FOR")[0]
    assert works.attributes == {"role": "经理"}
    assert memory.get_entity("张三").type == "PERSON"
    assert memory.get_entity("销售部").type == "ORG"
    assert memory.get_entity("星火计划").type == "PROJECT"

    memory.add(SEED_ZH[1])
    assert {("李四", "REPORTS_TO", "张三"), ("王五", "INVOLVED_IN", "星火计划")} <= triples(
        memory.relations()
    )

    memory.add(SEED_ZH[2])
    now = memory.relations("星火计划", type="MANAGES")
    assert triples(now) == {("王五", "MANAGES", "星火计划")}
    assert now[0].valid_from_step == 3
    old = [r for r in memory.timeline("张三") if r.type == "MANAGES"]
    assert len(old) == 1
    assert (old[0].valid_from_step, old[0].valid_to_step) == (1, 3)
    assert old[0].superseded_by == now[0].id
    assert old[0].expired_at is not None  # system time: when we learned it ended
    # nothing else changed, nothing was deleted
    assert triples(memory.relations()) == {
        ("张三", "WORKS_FOR", "销售部"),
        ("李四", "REPORTS_TO", "张三"),
        ("王五", "INVOLVED_IN", "星火计划"),
        ("王五", "MANAGES", "星火计划"),
    }
    assert memory.stats().relations == 5


def test_seed_001_who_manages_now_recall_leads_with_the_newest_truth(
    memory: TemporalGraphMemory,
) -> None:
    add_days(memory, SEED_ZH)
    recall = memory.recall("现在谁负责星火计划？")
    assert recall.facts[0] == "王五 manages 星火计划 (since step 3; before: 张三, steps 1-3)"
    assert recall.text.startswith(recall.facts[0])


def test_seed_001_as_of_before_and_after_each_change(memory: TemporalGraphMemory) -> None:
    add_days(memory, SEED_ZH)

    def managers(as_of: int | datetime) -> set[str]:
        return {r.subject_name for r in memory.relations("星火计划", type="MANAGES", as_of=as_of)}

    assert managers(0) == set()
    assert managers(1) == managers(2) == {"张三"}
    assert managers(3) == {"王五"}
    assert managers(DAY1 + timedelta(days=1, hours=5)) == {"张三"}
    assert managers(DAY1 + timedelta(days=2, hours=1)) == {"王五"}
    assert managers(DAY1 - timedelta(days=1)) == set()
    # REPORTS_TO appeared at step 2
    assert memory.relations("李四", as_of=1) == []
    assert triples(memory.relations("李四", as_of=2)) == {("李四", "REPORTS_TO", "张三")}


def test_seed_001_timeline_lists_every_interval_in_order(memory: TemporalGraphMemory) -> None:
    add_days(memory, SEED_ZH)
    line = memory.timeline("星火计划")
    assert [(r.subject_name, r.type, r.valid_from_step, r.valid_to_step) for r in line] == [
        ("张三", "MANAGES", 1, 3),
        ("王五", "INVOLVED_IN", 2, None),
        ("王五", "MANAGES", 3, None),
    ]
    assert [r.statement_id for r in line] == [1, 2, 3]


# ------------------------------------------------------------------------------ seed 001, English
def test_seed_001_english(memory: TemporalGraphMemory) -> None:
    memory.add(SEED_EN[0])
    assert triples(memory.relations()) == {
        ("Zhang San", "WORKS_FOR", "Sales Department"),
        ("Zhang San", "MANAGES", "Project Spark"),
    }
    assert memory.relations("zhang san", type="works_for")[0].attributes == {"role": "manager"}
    memory.add(SEED_EN[1])
    assert {("Li Si", "REPORTS_TO", "Zhang San"), ("Wang Wu", "INVOLVED_IN", "Project Spark")} <= (
        triples(memory.relations())
    )
    memory.add(SEED_EN[2])
    assert triples(memory.relations("Project Spark", type="MANAGES")) == {
        ("Wang Wu", "MANAGES", "Project Spark")
    }
    assert triples(memory.relations("Spark", type="MANAGES", as_of=2)) == {
        ("Zhang San", "MANAGES", "Project Spark")
    }
    facts = memory.recall("Who leads Project Spark now?").facts
    assert facts[0] == (
        "Wang Wu manages Project Spark (since step 3; before: Zhang San, steps 1-3)"
    )
    assert memory.get_entity("Zhang San").type == "PERSON"


# ------------------------------------------------------------------------------ entities
def test_entities_are_found_by_any_alias_in_any_case(memory: TemporalGraphMemory) -> None:
    memory.add("Alice Moreau works at Initech. Project Spark is now in testing.")
    assert memory.get_entity("alice moreau").name == "Alice Moreau"
    assert memory.get_entity("ALICE").name == "Alice Moreau"  # short form of a person
    assert memory.get_entity("spark").name == "Project Spark"
    assert memory.get_entity("the Project Spark").name == "Project Spark"
    assert memory.get_entity(memory.get_entity("Alice").id).name == "Alice Moreau"  # by id
    with pytest.raises(NotFoundError):
        memory.get_entity("Bob")


def test_two_people_with_similar_names_are_never_merged(memory: TemporalGraphMemory) -> None:
    memory.add("Alice Moreau joined Acme.")
    memory.add("Alice Smith joined Globex.")
    people = {e.name for e in memory.entities() if e.type == "PERSON"}
    assert people == {"Alice Moreau", "Alice Smith"}
    assert triples(memory.relations("Alice Moreau")) == {("Alice Moreau", "WORKS_FOR", "Acme")}
    assert triples(memory.relations("Alice Smith")) == {("Alice Smith", "WORKS_FOR", "Globex")}


def test_a_full_name_after_a_first_name_is_the_same_person(memory: TemporalGraphMemory) -> None:
    memory.add("Alice joined Acme.")
    memory.add("Alice Moreau moved to Lyon.")
    assert [e.name for e in memory.entities() if e.type == "PERSON"] == ["Alice"]
    assert "Alice Moreau" in memory.get_entity("Alice").aliases
    assert triples(memory.relations("Alice Moreau")) == {
        ("Alice", "WORKS_FOR", "Acme"),
        ("Alice", "LIVES_IN", "Lyon"),
    }


def test_entity_ids_are_stable_slugs(memory: TemporalGraphMemory) -> None:
    memory.add("Zhang San is the manager of the Sales Department.")
    memory.add("Zhang San works for the Sales Department.")
    ids = {e.name: e.id for e in memory.entities()}
    assert ids == {"Zhang San": "zhang-san", "Sales Department": "sales-department"}


# ------------------------------------------------------------------------------ update rules
def test_repeated_statements_confirm_without_duplicates(memory: TemporalGraphMemory) -> None:
    for _ in range(3):
        memory.add("Alice works at Acme.")
    rels = memory.relations("Alice", include_ended=True)
    assert len(rels) == 1
    assert rels[0].confirmations == 2
    assert rels[0].valid_from_step == 1


def test_left_and_joined_moves_the_employer(memory: TemporalGraphMemory) -> None:
    memory.add("Ivan works at Initech.")
    memory.add("Ivan left Initech and joined Hooli.")
    now = memory.relations("Ivan")
    assert triples(now) == {("Ivan", "WORKS_FOR", "Hooli")}
    before = memory.relations("Ivan", as_of=1)
    assert triples(before) == {("Ivan", "WORKS_FOR", "Initech")}
    assert memory.timeline("Ivan")[0].superseded_by == now[0].id


def test_negation_ends_a_relation_without_successor(memory: TemporalGraphMemory) -> None:
    memory.add("Carol lives in London.")
    memory.add("Carol no longer lives in London.")
    assert memory.relations("Carol") == []
    (ended,) = memory.relations("Carol", include_ended=True)
    assert (ended.valid_to_step, ended.superseded_by) == (2, None)
    assert memory.recall("Where does Carol live?").facts[0] == (
        "Carol no longer lives in London (steps 1-2)"
    )


def test_status_evolves(memory: TemporalGraphMemory) -> None:
    memory.add("Project Apollo is in development.")
    memory.add("Project Apollo is now in testing.")
    (status,) = memory.relations("Project Apollo", type="STATUS")
    assert status.attributes == {"status": "testing"}
    assert memory.recall("What is the status of Project Apollo?").facts[0] == (
        "Project Apollo status: testing (since step 2; before: development, steps 1-2)"
    )


def test_a_contradiction_in_one_namespace_leaves_the_other_alone(
    memory: TemporalGraphMemory,
) -> None:
    memory.add("Alice works at Initech.", namespace="a")
    memory.add("Alice works at Initech.", namespace="b")
    memory.add("Alice left Initech and joined Globex.", namespace="b")
    assert triples(memory.relations("Alice", namespace="a")) == {("Alice", "WORKS_FOR", "Initech")}
    assert triples(memory.relations("Alice", namespace="b")) == {("Alice", "WORKS_FOR", "Globex")}
    assert memory.relations("Alice", namespace="c") == []
    assert memory.entities(namespace="c") == []


def test_the_newest_value_wins_after_200_unrelated_statements(memory: TemporalGraphMemory) -> None:
    memory.add("Alice works at Initech.")
    for i in range(200):
        if i % 20 == 0:
            memory.add(f"Initech shipped release {i} and Alice was happy at Initech.")
        else:
            memory.add(f"The weather report {i} mentioned light rain over the northern hills.")
    memory.add("Alice left Initech and joined Globex.")
    recall = memory.recall("Where does Alice work?")
    assert recall.facts[0].startswith("Alice works for Globex (since step 202; before: Initech")
    assert recall.text.splitlines()[0] == recall.facts[0]
    assert triples(memory.relations("Alice")) == {("Alice", "WORKS_FOR", "Globex")}


# ------------------------------------------------------------------------------ queries
def test_relations_filters_and_history(memory: TemporalGraphMemory) -> None:
    add_days(memory, SEED_ZH)
    assert triples(memory.relations(type="REPORTS_TO")) == {("李四", "REPORTS_TO", "张三")}
    assert len(memory.relations(include_ended=True)) == 5
    assert len(memory.relations()) == 4
    assert memory.relations("nobody") == []
    assert memory.relations(type="NOT A TYPE!") == []
    assert memory.timeline("nobody") == []


def test_as_of_rejects_naive_datetimes_and_other_types(memory: TemporalGraphMemory) -> None:
    memory.add("Alice works at Acme.")
    with pytest.raises(InputError):
        memory.relations("Alice", as_of=datetime(2025, 1, 1))
    with pytest.raises(InputError):
        memory.relations("Alice", as_of="yesterday")  # type: ignore[arg-type]
    with pytest.raises(InputError):
        memory.get_entity("   ")


def test_recall_facts_are_few_short_and_relevant(memory: TemporalGraphMemory) -> None:
    add_days(memory, SEED_ZH)
    memory.add("Bob likes tea.")
    facts = memory.recall("张三在哪里工作？").facts
    assert facts == ("张三 works for 销售部 as 经理 (since step 1)",)
    assert memory.recall("Tell me about the weather.").facts == ()


def test_facts_about_someone_who_lost_a_role_show_the_successor(
    memory: TemporalGraphMemory,
) -> None:
    add_days(memory, SEED_ZH)
    assert memory.recall("张三现在负责什么？").facts == (
        "王五 manages 星火计划 (since step 3; before: 张三, steps 1-3)",
    )
    assert memory.recall("李四向谁汇报？").facts == ("李四 reports to 张三 (since step 2)",)


def test_exclusive_types_come_from_the_config() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", exclusive_relations=()) as mem:
        mem.add("Alice works at Acme.")
        mem.add("Alice works at Globex.")  # two jobs: nothing is exclusive any more
        assert len(mem.relations("Alice")) == 2
    with TemporalGraphMemory(
        ":memory:", annotator="offline", exclusive_relations=("LIKES:subject",)
    ) as mem:
        mem.add("Judy likes tea.")
        mem.add("Judy likes coffee.")  # one favourite at a time
        assert triples(mem.relations("Judy")) == {("Judy", "LIKES", "coffee")}


def test_relations_can_be_turned_off() -> None:
    with TemporalGraphMemory(":memory:", annotator="offline", relations=False) as mem:
        mem.add("Alice works at Acme.")
        assert mem.relations() == []
        assert mem.recall("Where does Alice work?").facts == ()


@pytest.mark.parametrize(
    "text",
    [
        "???",
        "😀😀😀",
        "He he he.",
        "It is.",
        "They.",
        "我。",
        "The the the the.",
        "\ue000 0 \ue001 works at \ue0009\ue001.",
        "Ünïcödé Çafé is in Zürich.",
        "a" * 5000,
        "Alice " * 300 + "works at Acme.",
        "张三" * 200 + "负责" + "星火计划" * 50,
        "Alice and and and Bob moved to to Paris.",
        "由接手。",
        "不再负责。",
        "'s 's 's",
        "Project",
        "the project manager of of",
        "x\n\n\ny\t\tz",
        "1234 5678 90.",
    ],
)
def test_odd_input_never_raises(memory: TemporalGraphMemory, text: str) -> None:
    memory.add("Alice works at Acme. Project Spark is in testing.")
    memory.add(text, speaker="Zoe")
    memory.add(text)
    memory.recall(text)
    assert memory.relations("Alice", include_ended=True)


PEOPLE = ("Alice", "Bruno", "Chiara", "Dmitri", "Elena")
CITIES = ("Lisbon", "Oslo", "Quito", "Hanoi", "Perth")


def _people_memory(memory: TemporalGraphMemory) -> None:
    for person, city in zip(PEOPLE, CITIES, strict=True):
        memory.add(f"{person} lives in {city}.")


def _subjects(facts: tuple[str, ...]) -> set[str]:
    return {f.split()[0] for f in facts}


def test_a_long_question_takes_its_entities_from_its_first_sentences(
    memory: TemporalGraphMemory,
) -> None:
    _people_memory(memory)
    head = "Where do Alice, Bruno, Chiara and Dmitri live? "
    filler = "The weather was mild that week. " * 80
    long_q = head + filler + "And Elena?"
    assert _subjects(memory.recall(long_q).facts) == {"Alice", "Bruno", "Chiara", "Dmitri"}
    assert memory.recall(long_q).facts == memory.recall(head).facts


def test_a_long_question_naming_few_entities_early_is_read_to_its_end(
    memory: TemporalGraphMemory,
) -> None:
    _people_memory(memory)
    filler = "The weather was mild that week. " * 80
    long_q = "Where does Alice live? " + filler + "And where does Elena live?"
    assert _subjects(memory.recall(long_q).facts) == {"Alice", "Elena"}


def test_a_long_question_without_punctuation_is_cut_for_its_entities(
    memory: TemporalGraphMemory,
) -> None:
    _people_memory(memory)
    question = "where do Alice, Bruno, Chiara and Dmitri live" + " and it was mild" * 200
    assert _subjects(memory.recall(question + " and Elena").facts) == {
        "Alice",
        "Bruno",
        "Chiara",
        "Dmitri",
    }
    assert _subjects(
        memory.recall("where does Alice live" + " and it was mild" * 200 + " and Elena").facts
    ) == {"Alice", "Elena"}


def test_an_ended_fact_with_a_current_successor_shows_the_successor() -> None:
    """A question that names the old city only: the moved person's current city is shown with
    the old one as "before" (the successor of a subject-exclusive relation was looked up by the
    old city, never found, and the fact read "no longer lives in Paris")."""
    memory = TemporalGraphMemory(":memory:", annotator="offline")
    memory.add("Alice lives in Paris.")
    memory.add("Alice moved to London.")
    facts = memory.recall("What about Alice and Paris?").facts
    assert facts == ("Alice lives in London (since step 2; before: Paris, steps 1-2)",)
