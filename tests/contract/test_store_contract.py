"""The GraphStore contract, run against every backend with identical expectations."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from itertools import pairwise

import pytest

from recall_memory_plugins.errors import InputError, StoreError
from recall_memory_plugins.models import (
    ConceptMention,
    EntityRecord,
    GraphUpdate,
    RelationChange,
    StatementInput,
    Subgraph,
)
from recall_memory_plugins.stores.base import (
    GraphStore,
    expand_question_concepts,
    find_context_ids_in_groups,
    find_relations_of_entities,
)

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)


def update(
    ns: str, text: str, concepts: list[str], *, links: tuple = (), at: datetime = T0, **kw: object
) -> GraphUpdate:
    return GraphUpdate(
        namespace=ns,
        at=at,
        statements=(StatementInput(text, {c: 1 for c in concepts}),),
        concepts=tuple(ConceptMention(c, c.title()) for c in concepts),
        links=links,
        **kw,  # type: ignore[arg-type]
    )


def test_empty_namespace_reads(store: GraphStore, ns: str) -> None:
    assert store.current_step(ns) == 0
    assert store.find_concepts(ns, ["x"]) == []
    assert store.find_links(ns) == []
    assert store.find_recent_statements(ns, limit=5) == []
    assert store.count_statements(ns) == (0, 0.0)
    assert store.expand(ns, ["x"], depth=2, min_t_index=0, max_neighbors=5).concepts == ()


def test_update_advances_clock_and_stores_everything(store: GraphStore, ns: str) -> None:
    r1 = store.apply_update(
        update(ns, "Brandon loves coffee.", ["brandon", "coffe"], links=(("brandon", "coffe", 1),))
    )
    assert r1.t_index == 1 and len(r1.statement_ids) == 1
    r2 = store.apply_update(
        update(
            ns,
            "Brandon wants to travel to Paris.",
            ["brandon", "pari"],
            links=(("brandon", "pari", 1),),
            at=T0 + timedelta(hours=1),
        )
    )
    assert r2.t_index == 2 and store.current_step(ns) == 2
    concepts = {c.name: c for c in store.find_concepts(ns, ["brandon", "coffe", "pari"])}
    assert (concepts["brandon"].t_index, concepts["brandon"].revision_count) == (2, 1)
    assert (concepts["coffe"].t_index, concepts["coffe"].revision_count) == (1, 0)
    assert (concepts["pari"].t_index, concepts["pari"].revision_count) == (2, 0)
    links = {(lk.source, lk.target): (lk.strength, lk.t_index) for lk in store.find_links(ns)}
    assert links == {("brandon", "coffe"): (1, 1), ("brandon", "pari"): (1, 2)}
    contexts = store.find_contexts(ns, ["brandon", "coffe", "pari"], limit_per_concept=10)
    assert [s.text for s in contexts["brandon"]] == [
        "Brandon loves coffee.",
        "Brandon wants to travel to Paris.",
    ]
    assert [s.text for s in contexts["coffe"]] == ["Brandon loves coffee."]
    ids = store.find_context_ids(ns, ["pari", "nope", "brandon"], limit_per_concept=1)
    assert ids == {"pari": [(r2.statement_ids[0], 2)], "brandon": [(r2.statement_ids[0], 2)]}
    statement = contexts["pari"][0]
    assert statement.t_index == 2 and statement.at == T0 + timedelta(hours=1)
    assert statement.at.tzinfo is not None


def test_context_ids_of_groups_each_with_its_limit(store: GraphStore, ns: str) -> None:
    for i in range(5):
        store.apply_update(update(ns, f"a b c {i}", ["a", "b", "c"] if i % 2 else ["a", "c"]))
    first, second = ["c", "nope", "a"], ["b", "a"]  # "a" in both groups: the later group's
    expected = store.find_context_ids(ns, first, limit_per_concept=3)
    expected.update(store.find_context_ids(ns, second, limit_per_concept=1))
    got = find_context_ids_in_groups(store, ns, [(first, 3), (second, 1)])
    assert got == expected and list(got) == ["c", "a", "b"]
    assert [sid for sid, _ in got["c"]] == sorted(sid for sid, _ in got["c"])[-3:]
    assert len(got["a"]) == len(got["b"]) == 1
    assert find_context_ids_in_groups(store, ns, [([], 3), (second, 2)]) == (
        store.find_context_ids(ns, second, limit_per_concept=2)
    )
    three = find_context_ids_in_groups(store, ns, [(["a"], 1), (["b"], 1), (["c"], 2)])
    assert {n: len(m) for n, m in three.items()} == {"a": 1, "b": 1, "c": 2}


def test_link_strength_accumulates_in_either_order(store: GraphStore, ns: str) -> None:
    store.apply_update(update(ns, "a b", ["a", "b"], links=(("a", "b", 1),)))
    store.apply_update(update(ns, "b a", ["a", "b"], links=(("b", "a", 2),)))
    [link] = store.find_links(ns, ["a"])
    assert (link.source, link.target, link.strength, link.t_index) == ("a", "b", 3, 2)


def test_context_is_bounded_but_statements_are_kept(store: GraphStore, ns: str) -> None:
    for i in range(6):
        store.apply_update(update(ns, f"note {i} about x", ["x"], context_limit=3))
    ctx = store.find_contexts(ns, ["x"], limit_per_concept=50)["x"]
    assert [s.text for s in ctx] == ["note 3 about x", "note 4 about x", "note 5 about x"]
    assert len(store.find_statements(ns)) == 6


def test_context_bound_holds_for_updates_of_several_statements(store: GraphStore, ns: str) -> None:
    """Under the bound nothing is trimmed; an update of several statements past it keeps the
    newest ones, and one statement that does not mention the concept is never in its context."""

    def several(texts: list[str], mentioned: tuple[int, ...]) -> GraphUpdate:
        return GraphUpdate(
            namespace=ns,
            at=T0,
            statements=tuple(StatementInput(t, {"x": 1}) for t in texts),
            concepts=(ConceptMention("x", "X", statement_indexes=mentioned),),
            context_limit=4,
        )

    store.apply_update(several(["a1", "a2"], (0, 1)))
    ctx = store.find_contexts(ns, ["x"], limit_per_concept=50)["x"]
    assert [s.text for s in ctx] == ["a1", "a2"]
    store.apply_update(several(["b1", "b2", "b3", "b4"], (0, 2, 3)))
    ctx = store.find_contexts(ns, ["x"], limit_per_concept=50)["x"]
    assert [s.text for s in ctx] == ["a2", "b1", "b3", "b4"]
    store.apply_update(several(["c1", "c2", "c3", "c4", "c5"], (0, 1, 2, 3, 4)))
    ctx = store.find_contexts(ns, ["x"], limit_per_concept=50)["x"]
    assert [s.text for s in ctx] == ["c2", "c3", "c4", "c5"]


def test_expand_follows_links_within_window_and_depth(store: GraphStore, ns: str) -> None:
    store.apply_update(update(ns, "a b", ["a", "b"], links=(("a", "b", 1),)))  # step 1
    store.apply_update(update(ns, "b c", ["b", "c"], links=(("b", "c", 1),)))  # step 2
    store.apply_update(update(ns, "c d", ["c", "d"], links=(("c", "d", 1),)))  # step 3
    sub = store.expand(ns, ["a"], depth=2, min_t_index=0, max_neighbors=10)
    assert {c.name: c.depth for c in sub.concepts} == {"a": 0, "b": 1, "c": 2}
    assert {(lk.source, lk.target) for lk in sub.links} == {("a", "b"), ("b", "c")}
    # "a" (step 1) is outside a window starting at step 2: nothing is reached through it
    assert store.expand(ns, ["a"], depth=2, min_t_index=2, max_neighbors=10).concepts == ()
    sub = store.expand(ns, ["d"], depth=2, min_t_index=3, max_neighbors=10)
    assert {c.name for c in sub.concepts} == {"d", "c"}


def test_expand_question_concepts_is_find_concepts_then_expand(store: GraphStore, ns: str) -> None:
    for a, b in pairwise("abcde"):  # a-b at step 1 ... d-e at step 4; e's own step is 4
        store.apply_update(update(ns, f"{a} {b}", [a, b], links=((a, b, 1),)))
    for names, window, anchor in (
        (["c", "x", "e"], 1, None),  # from the oldest start (c, step 3): b and d, not a
        (["c", "e"], 0, 4),  # from step 4: c (step 3) is found but expands nothing
        (["e"], 9, None),
    ):
        starts, sub = expand_question_concepts(
            store, ns, names, depth=2, window=window, anchor=anchor, max_neighbors=10
        )
        found = store.find_concepts(ns, names)
        low = (min(c.t_index for c in found) if anchor is None else anchor) - window
        assert starts == found
        assert sub == store.expand(
            ns, [c.name for c in found], depth=2, min_t_index=low, max_neighbors=10
        )
    starts, sub = expand_question_concepts(
        store, ns, ["c", "e"], depth=2, window=1, anchor=None, max_neighbors=10
    )
    assert {c.name: c.depth for c in sub.concepts} == {"c": 0, "e": 0, "b": 1, "d": 1}
    assert expand_question_concepts(
        store, ns, ["x"], depth=2, window=1, anchor=None, max_neighbors=10
    ) == ([], Subgraph(concepts=(), links=()))


def test_expand_caps_neighbours_most_recent_first(store: GraphStore, ns: str) -> None:
    for i in range(5):
        store.apply_update(update(ns, f"hub n{i}", ["hub", f"n{i}"], links=(("hub", f"n{i}", 1),)))
    sub = store.expand(ns, ["hub"], depth=1, min_t_index=0, max_neighbors=2)
    assert {c.name for c in sub.concepts} == {"hub", "n4", "n3"}


def test_expand_neighbour_cap_breaks_ties_by_strength_then_name(store: GraphStore, ns: str) -> None:
    names = ["a", "b", "c", "d", "e"]
    store.apply_update(
        update(
            ns,
            "hub with five",
            ["hub", *names],
            links=tuple(("hub", n, s) for n, s in zip(names, [1, 1, 5, 1, 3], strict=True)),
        )
    )
    sub = store.expand(ns, ["hub"], depth=1, min_t_index=0, max_neighbors=2)
    assert {c.name for c in sub.concepts} == {"hub", "c", "e"}
    sub = store.expand(ns, ["hub"], depth=1, min_t_index=0, max_neighbors=3)
    assert {c.name for c in sub.concepts} == {"hub", "c", "e", "a"}


def test_statements_at_steps(store: GraphStore, ns: str) -> None:
    other = ns + "-other"
    try:
        for i in range(4):
            store.apply_update(update(ns, f"s{i + 1}", ["x"]))
            store.apply_update(update(other, f"o{i + 1}", ["x"]))  # interleaved writes
        assert [s.text for s in store.statements_at(ns, [4, 2, 9, 2])] == ["s2", "s4"]
        assert [s.t_index for s in store.statements_at(other, range(1, 3))] == [1, 2]
        assert store.statements_at(ns, []) == []
    finally:
        store.clear(other)


def test_batch_keeps_every_update_that_completed(store: GraphStore, ns: str) -> None:
    with pytest.raises(InputError):
        with store.batch():
            store.apply_update(update(ns, "one", ["one"]))
            store.apply_update(update(ns, "two", ["two"]))
            store.apply_update(update(ns, "dangling", ["x"], links=(("x", "ghost", 1),)))
    assert store.current_step(ns) == 2
    assert [s.text for s in store.find_statements(ns)] == ["one", "two"]
    assert store.find_concepts(ns, ["x"]) == []
    with store.batch():
        store.apply_update(update(ns, "three", ["one"]))
    assert store.current_step(ns) == 3 and store.find_concepts(ns, ["one"])[0].t_index == 3


def test_link_to_an_unknown_concept_is_rejected(store: GraphStore, ns: str) -> None:
    with pytest.raises(InputError):
        store.apply_update(update(ns, "dangling", ["x"], links=(("x", "ghost", 1),)))
    assert store.current_step(ns) == 0 and store.find_concepts(ns, ["x"]) == []


def test_lexical_index(store: GraphStore, ns: str) -> None:
    store.apply_update(update(ns, "red apple", ["red", "appl"]))
    store.apply_update(update(ns, "green apple", ["green", "appl"]))
    assert store.term_frequencies(ns, ["appl", "red", "nope"]) == {"appl": 2, "red": 1}
    n, avg = store.count_statements(ns)
    assert n == 2 and avg == pytest.approx(2.0)
    postings = {
        p.t_index: dict(p.terms)
        for p in store.find_postings(ns, ["red", "appl"], limit_per_term=10)
    }
    assert postings == {1: {"red": 1, "appl": 1}, 2: {"appl": 1}}


def test_score_terms_is_bm25_over_the_newest_postings(store: GraphStore, ns: str) -> None:
    store.apply_update(update(ns, "red apple", ["red", "appl"]))
    store.apply_update(update(ns, "green apple pie", ["green", "appl", "pie"]))
    store.apply_update(update(ns, "apple", ["appl"]))
    ids = {st.text: st.id for st in store.find_statements(ns)}
    k1, b, avg = 1.2, 0.75, 2.0

    def bm25(weight: float, tf: int, length: int) -> float:
        return weight * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / avg))

    scored = store.score_terms(ns, {"red": (2.0, 10), "appl": (0.5, 10)}, avg_len=avg, top=10)
    expected = sorted(
        [
            (ids["red apple"], 1, bm25(2.0, 1, 2) + bm25(0.5, 1, 2)),
            (ids["green apple pie"], 2, bm25(0.5, 1, 3)),
            (ids["apple"], 3, bm25(0.5, 1, 1)),
        ],
        key=lambda x: -x[2],
    )
    assert [(i, t) for i, t, _ in scored] == [(i, t) for i, t, _ in expected]
    assert [s for _, _, s in scored] == pytest.approx([s for _, _, s in expected])
    # a term's limit keeps its newest postings only; top cuts the list
    newest = store.score_terms(ns, {"appl": (1.0, 1)}, avg_len=avg, top=10)
    assert [(i, t) for i, t, _ in newest] == [(ids["apple"], 3)]
    assert len(store.score_terms(ns, {"appl": (1.0, 10)}, avg_len=avg, top=2)) == 2
    assert store.score_terms(ns, {"nope": (1.0, 10)}, avg_len=avg, top=5) == []
    # a question with very many terms (beyond one SQL statement's parameters) scores the same
    many = {f"absent{i}": (1.0, 10) for i in range(200)}
    wide = store.score_terms(ns, {**many, "red": (2.0, 10), "appl": (0.5, 10)}, avg_len=avg, top=10)
    assert [(i, t) for i, t, _ in wide] == [(i, t) for i, t, _ in scored]
    assert [s for _, _, s in wide] == pytest.approx([s for _, _, s in scored])


def test_namespaces_are_isolated_and_clear_removes_everything(store: GraphStore, ns: str) -> None:
    other = ns + "-other"
    try:
        store.apply_update(update(ns, "mine", ["x"]))
        store.apply_update(update(other, "theirs", ["x"]))
        store.apply_update(update(other, "theirs again", ["x", "y"], links=(("x", "y", 1),)))
        assert store.current_step(ns) == 1 and store.current_step(other) == 2
        assert [s.text for s in store.find_contexts(ns, ["x"], limit_per_concept=9)["x"]] == [
            "mine"
        ]
        assert store.find_links(ns) == []
        store.clear(other)
        assert store.current_step(other) == 0
        assert store.stats(other).statements == 0 and store.stats(other).concepts == 0
        assert (
            store.find_links(other) == []
            and store.find_postings(other, ["x"], limit_per_term=5) == []
        )
        assert store.current_step(ns) == 1 and store.find_concepts(ns, ["x"])
    finally:
        store.clear(other)


def test_failed_update_leaves_no_partial_write(store: GraphStore, ns: str) -> None:
    store.apply_update(update(ns, "kept", ["x"]))
    before = store.stats(ns)
    bad = update(
        ns,
        "never stored",
        ["x", "y"],
        links=(("x", "y", 1),),
        relation_changes=(RelationChange(op="end", relation_id="does-not-exist"),),
    )
    with pytest.raises((InputError, StoreError)):
        store.apply_update(bad)
    assert store.stats(ns) == before
    assert store.current_step(ns) == 1
    assert [s.text for s in store.find_statements(ns)] == ["kept"]
    assert store.find_concepts(ns, ["y"]) == []


ADVERSARIAL = [
    'O\'Brien said "hi"',
    "`backtick` name",
    "}) DETACH DELETE n //",
    "'; DROP TABLE statements; --",
    "emoji 🧠🔥 and 中文 and عربي",
    "x" * 10_000,
]


@pytest.mark.parametrize("text", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_adversarial_strings_round_trip_verbatim(store: GraphStore, ns: str, text: str) -> None:
    store.apply_update(update(ns, "before", ["safe"]))
    store.apply_update(update(ns, text, [text[:200], "safe"], links=((text[:200], "safe", 1),)))
    assert [s.text for s in store.find_statements(ns)] == ["before", text]
    [concept] = store.find_concepts(ns, [text[:200]])
    assert concept.name == text[:200]
    assert store.find_contexts(ns, [text[:200]], limit_per_concept=5)[text[:200]][0].text == text
    assert store.find_concepts(ns, ["safe"])[0].t_index == 2


def test_entities_and_relation_lifecycle(store: GraphStore, ns: str) -> None:
    ents = (
        EntityRecord("e-zs", "张三", "PERSON"),
        EntityRecord("e-xh", "星火计划", "PROJECT"),
        EntityRecord("e-ww", "王五", "PERSON"),
    )
    store.apply_update(
        update(
            ns,
            "张三负责星火计划",
            ["张三", "星火计划"],
            entities=ents[:2],
            relation_changes=(RelationChange("add", "r1", "e-zs", "MANAGES", "e-xh"),),
        )
    )
    store.apply_update(
        update(
            ns, "张三负责星火计划", ["张三"], relation_changes=(RelationChange("confirm", "r1"),)
        )
    )
    store.apply_update(
        update(
            ns,
            "由王五接手",
            ["王五"],
            entities=(ents[2], EntityRecord("e-zs", "张三", "PERSON", ("Zhang San",))),
            at=T0 + timedelta(days=1),
            relation_changes=(
                RelationChange("add", "r2", "e-ww", "MANAGES", "e-xh", {"since": "now"}),
                RelationChange("end", "r1", superseded_by="r2"),
            ),
        )
    )
    [zs] = store.find_entities(ns, aliases=["zhang san"])
    assert zs.id == "e-zs" and set(zs.aliases) == {"张三", "Zhang San"} and zs.last_step == 3
    assert [e.id for e in store.find_entities(ns, type="PERSON")] == ["e-zs", "e-ww"]
    rels = store.find_relations(ns, object_id="e-xh")
    assert [(r.id, r.subject_name, r.valid_from_step, r.valid_to_step) for r in rels] == [
        ("r1", "张三", 1, 3),
        ("r2", "王五", 3, None),
    ]
    assert rels[0].superseded_by == "r2" and rels[0].confirmations == 1
    assert rels[0].valid_to == T0 + timedelta(days=1) and rels[0].expired_at is not None
    assert rels[1].attributes == {"since": "now"} and rels[1].is_current
    assert [r.id for r in store.find_relations(ns, type="MANAGES", current_only=True)] == ["r2"]
    assert [r.id for r in store.find_relations(ns, entity_id="e-zs")] == ["r1"]
    assert [r.id for r in store.find_relations(ns, object_id="e-xh", newest=1)] == ["r2"]
    assert [r.id for r in store.find_relations(ns, object_id="e-xh", newest=5)] == ["r1", "r2"]
    assert store.find_relations(ns, type="MANAGES", newest=0) == []
    assert store.stats(ns).current_relations == 1
    assert [e.id for e in store.find_recent_entities(ns, limit=2)] == ["e-ww", "e-zs"]
    assert [e.id for e in store.find_recent_entities(ns, limit=5)] == ["e-ww", "e-zs", "e-xh"]


def test_relations_of_several_entities_each_its_newest(store: GraphStore, ns: str) -> None:
    people = [EntityRecord(f"e-{n}", n.title(), "PERSON") for n in ("ann", "bob", "cy")]
    store.apply_update(update(ns, "Ann, Bob and Cy", ["ann"], entities=tuple(people)))
    for i, (subj, obj) in enumerate([("ann", "bob"), ("bob", "cy"), ("ann", "cy"), ("cy", "ann")]):
        change = RelationChange("add", f"r{i}", f"e-{subj}", "KNOWS", f"e-{obj}")
        store.apply_update(update(ns, f"{subj} knows {obj}", [subj], relation_changes=(change,)))
    ids = ["e-cy", "e-nobody", "e-ann", "e-ann"]
    for newest in (0, 2, 32):
        expected = [store.find_relations(ns, entity_id=i, newest=newest) for i in ids]
        got = find_relations_of_entities(store, ns, ids, newest=newest)
        assert got == expected
    got = find_relations_of_entities(store, ns, ids, newest=2)
    assert [[r.id for r in rels] for rels in got] == [["r2", "r3"], [], ["r2", "r3"], ["r2", "r3"]]
    assert got[0][0].subject_name == "Ann" and got[0][0].object_name == "Cy"
    assert find_relations_of_entities(store, ns, [], newest=5) == []


def test_vague_entity_type_is_upgraded_never_downgraded(store: GraphStore, ns: str) -> None:
    store.apply_update(
        update(ns, "Initech", ["initech"], entities=(EntityRecord("e-i", "Initech", "OTHER"),))
    )
    store.apply_update(
        update(ns, "Initech hired", ["initech"], entities=(EntityRecord("e-i", "Initech", "ORG"),))
    )
    store.apply_update(
        update(
            ns, "Initech again", ["initech"], entities=(EntityRecord("e-i", "Initech", "PERSON"),)
        )
    )
    [ent] = store.find_entities(ns, ids=["e-i"])
    assert ent.type == "ORG" and ent.last_step == 3


def test_recent_entities_order_ties_by_first_step_then_id(store: GraphStore, ns: str) -> None:
    # several entities share a last step, and some share a first step too
    mentions = [["b", "a"], ["c"], ["d", "e"], ["a", "c", "f"], ["e", "g", "b"], ["h"]]
    for i, ids in enumerate(mentions):
        store.apply_update(
            update(
                ns,
                f"step {i + 1}",
                ["x"],
                entities=tuple(EntityRecord(e, e.upper(), "PERSON") for e in ids),
            )
        )
    every = sorted(store.find_entities(ns), key=lambda e: (-e.last_step, -e.first_step, e.id))
    assert [e.id for e in every] == ["h", "g", "e", "b", "f", "c", "a", "d"]
    for limit in range(len(every) + 2):
        assert store.find_recent_entities(ns, limit=limit) == every[:limit], limit


def test_vectors_round_trip_per_namespace_and_space_and_go_with_their_statement(
    store: GraphStore, ns: str
) -> None:
    first = store.apply_update(update(ns, "Brandon loves coffee.", ["brandon"])).statement_ids[0]
    second = store.apply_update(update(ns, "Tea, please.", ["tea"])).statement_ids[0]
    blob, zeros = bytes(range(16)), bytes(16)
    # an id that is not a statement of the namespace gets no vector
    assert store.put_vectors(ns, "space-a", {first: blob, second: zeros, 10**9: blob}) == 2
    assert store.find_vectors(ns, "space-a", [first, second, 10**9]) == {
        first: blob,
        second: zeros,
    }
    assert store.find_vectors(ns, "space-b", [first]) == {}
    assert store.find_vectors(f"{ns}-other", "space-a", [first]) == {}
    assert store.put_vectors(f"{ns}-other", "space-a", {first: zeros}) == 0
    store.put_vectors(ns, "space-a", {first: b"\x01" * 16})  # replaced
    assert store.find_vectors(ns, "space-a", [first]) == {first: b"\x01" * 16}
    assert store.delete_statements(ns, [second]) == 1
    assert store.find_vectors(ns, "space-a", [first, second]) == {first: b"\x01" * 16}
    store.clear(ns)
    assert store.find_vectors(ns, "space-a", [first]) == {}
