"""Coreference: pronouns and definite descriptions resolve to the right entity, within a text and
across turns, in English and Chinese (offline annotator, real SQLite)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from recall_memory_plugins import Relation, SqliteGraphStore, TemporalGraphMemory
from recall_memory_plugins.engine.relations.coref import Referent, resolve_references
from recall_memory_plugins.engine.relations.schema import Mention


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline") as mem:
        yield mem


def triples(rels: list[Relation]) -> set[tuple[str, str, str | None]]:
    return {(r.subject_name, r.type, r.object_name) for r in rels}


BRANDON = {
    ("Brandon", "LIKES", "coffee"),
    ("Brandon", "WANTS_TO_VISIT", "Paris"),
    ("Brandon", "LIKES", "cats"),
}


def test_brandon_in_one_text(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee. He wants to travel to Paris. He likes cats.")
    assert triples(memory.relations()) == BRANDON
    assert memory.get_entity("Paris").type == "LOCATION"


def test_brandon_across_turns(memory: TemporalGraphMemory) -> None:
    for text in ("Brandon loves coffee.", "He wants to travel to Paris.", "He likes cats."):
        memory.add(text)
    assert triples(memory.relations()) == BRANDON
    assert [r.valid_from_step for r in memory.timeline("Brandon")] == [1, 2, 3]
    assert memory.recall("Who wants to travel to Paris?").facts == (
        "Brandon wants to visit Paris (since step 2)",
    )


def test_across_turns_the_salient_entities_are_rebuilt_from_the_store(tmp_path: Path) -> None:
    """A new process (new tracker, no cache) still knows who "he" is: the store has it."""
    path = tmp_path / "memory.db"
    with TemporalGraphMemory(path, annotator="offline") as first:
        first.add("Brandon loves coffee.")
    with TemporalGraphMemory(path, annotator="offline") as second:
        second.add("He likes cats.")
        assert ("Brandon", "LIKES", "cats") in triples(second.relations())


def test_another_writer_invalidates_the_cache() -> None:
    store = SqliteGraphStore(":memory:")
    one = TemporalGraphMemory(store, annotator="offline")
    two = TemporalGraphMemory(store, annotator="offline")
    one.add("Brandon loves coffee.")
    two.add("Alice moved to Rome.")  # one's cached discourse is now stale
    one.add("She likes tea.")
    assert ("Alice", "LIKES", "tea") in triples(one.relations())
    store.close()


def test_gender_agreement_picks_the_right_person(memory: TemporalGraphMemory) -> None:
    memory.add("Alice met Bob at the conference.")
    memory.add("She works at Acme. He works at Globex.")
    assert triples(memory.relations()) == {
        ("Alice", "WORKS_FOR", "Acme"),
        ("Bob", "WORKS_FOR", "Globex"),
    }


def test_it_refers_to_the_nearest_thing_not_to_a_person(memory: TemporalGraphMemory) -> None:
    memory.add("Erin leads Project Apollo.")
    memory.add("Dave took it over.")
    assert triples(memory.relations(type="MANAGES")) == {("Dave", "MANAGES", "Project Apollo")}


def test_definite_descriptions(memory: TemporalGraphMemory) -> None:
    memory.add("Victor leads Project Atlas.")
    memory.add("The project is now in testing.")
    memory.add("吴九负责‘北斗计划’。")
    memory.add("这个项目现在由郑十接手。")
    rels = memory.relations()
    assert ("Project Atlas", "STATUS", None) in triples(rels)
    assert ("郑十", "MANAGES", "北斗计划") in triples(rels)
    assert ("吴九", "MANAGES", "北斗计划") not in triples(rels)


def test_they_refers_to_a_coordinated_group(memory: TemporalGraphMemory) -> None:
    memory.add("Mia and Noah moved to Lisbon.")
    memory.add("They love the city.")
    assert triples(memory.relations(type="LIKES")) == {
        ("Mia", "LIKES", "Lisbon"),
        ("Noah", "LIKES", "Lisbon"),
    }
    memory.add("李雷和韩梅梅加入了星火计划。他们住在北京。")
    assert triples(memory.relations("北京")) == {
        ("李雷", "LIVES_IN", "北京"),
        ("韩梅梅", "LIVES_IN", "北京"),
    }


def test_first_person_is_the_speaker(memory: TemporalGraphMemory) -> None:
    memory.add("I moved to Sweden last month.", speaker="Caroline")
    memory.add("我住在杭州。", speaker="小明")
    memory.add("I love painting.")  # no speaker: nobody to attach it to
    assert triples(memory.relations()) == {
        ("Caroline", "LIVES_IN", "Sweden"),
        ("小明", "LIVES_IN", "杭州"),
    }
    assert memory.get_entity("Caroline").type == "PERSON"


def test_chinese_pronoun_in_the_same_sentence(memory: TemporalGraphMemory) -> None:
    memory.add("王五住在北京，他喜欢喝咖啡。")
    assert triples(memory.relations()) == {("王五", "LIVES_IN", "北京"), ("王五", "LIKES", "咖啡")}


def test_an_unresolvable_pronoun_adds_nothing(memory: TemporalGraphMemory) -> None:
    memory.add("She works at Acme.")
    assert memory.relations() == []


def test_pronouns_are_not_stored_as_aliases(memory: TemporalGraphMemory) -> None:
    memory.add("Brandon loves coffee. He likes cats.")
    assert memory.entities("he") == []
    assert memory.get_entity("Brandon").aliases == ("Brandon",)


def test_resolve_references_is_a_pure_function() -> None:
    text = "Zhang San met Li Si. He leads it."
    mentions = [
        Mention("Zhang San", 0, 9, 0, "name", "PERSON", entity_ids=("zs",), canonical="Zhang San"),
        Mention("Li Si", 14, 19, 0, "name", "PERSON", entity_ids=("ls",), canonical="Li Si"),
        Mention("He", 21, 23, 1, "pronoun", gender="m"),
        Mention("it", 30, 32, 1, "pronoun", gender="n"),
    ]
    referents = {
        "zs": Referent("zs", "Zhang San", "PERSON"),
        "ls": Referent("ls", "Li Si", "PERSON"),
    }
    spark = Referent("spark", "Project Spark", "PROJECT")
    out = resolve_references(mentions, referents=referents, discourse=[spark], text=text)
    assert out[2].entity_ids == ("zs",)  # the subject of the previous sentence
    assert referents["zs"].gender == "m"  # learned from "he"
    assert out[3].entity_ids == ("spark",)  # not a person: from the earlier turns
