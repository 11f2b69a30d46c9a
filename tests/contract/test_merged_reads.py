"""The merged first reads of a recall (``stores.merged``) answer what the separate calls answer,
on every backend (the Neo4j store answers each in one query, SQLite makes the separate calls)."""

from __future__ import annotations

from datetime import datetime, timezone
from itertools import pairwise

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
    bulk,
    expand_question_concepts,
    find_context_ids_in_groups,
    find_current_relations_of_types,
    find_recent_entities_and_aliases,
    find_relations_of_entities,
    get_statements_and_statements_at,
    read_question,
    reading,
    score_terms_and_find_context_ids,
)

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)


def _update(ns: str, text: str, concepts: list[str], **kw: object) -> GraphUpdate:
    return GraphUpdate(
        namespace=ns,
        at=T0,
        statements=(StatementInput(text, {c: 1 for c in text.split()}),),
        concepts=tuple(ConceptMention(c, c.title()) for c in concepts),
        **kw,  # type: ignore[arg-type]
    )


def _separately(
    store: GraphStore, ns: str, names: list[str], terms: list[str], window: int, newest: bool
) -> tuple[int, object, dict[str, int]]:
    step = store.current_step(ns)
    graph = expand_question_concepts(
        store,
        ns,
        names,
        depth=2,
        window=window,
        anchor=step if newest else None,
        max_neighbors=10,
    )
    return step, graph, store.term_frequencies(ns, terms)


def test_read_question_is_clock_then_expansion(store: GraphStore, ns: str) -> None:
    empty = read_question(
        store, ns, ["a"], ["a"], depth=2, window=1, anchor_newest=True, max_neighbors=10
    )
    assert (empty.step, empty.starts, empty.sub) == (0, [], Subgraph(concepts=(), links=()))
    for a, b in pairwise("abcdef"):  # a-b at step 1 ... e-f at step 5
        store.apply_update(_update(ns, f"{a} {b} {a}", [a, b], links=((a, b, 1),)))
    store.apply_update(_update(ns, "multi word f", ["multi word"]))  # step 6
    cases = [
        (["c", "x", "e"], ["c", "zzz", "e", "a"], 1, False),  # window from c (step 3)
        (["c", "e"], ["e"], 1, True),  # window from the newest step (6): only e's neighbours
        (["b", "multi word"], ["multi word", "b"], 9, True),
        (["x"], ["a"], 9, True),
        ([], ["f"], 1, True),
    ]
    for names, terms, window, newest in cases:
        for block in (False, True):
            if block:
                with reading(store):
                    got = read_question(
                        store,
                        ns,
                        names,
                        terms,
                        depth=2,
                        window=window,
                        anchor_newest=newest,
                        max_neighbors=10,
                    )
                    # the block's later reads see the state read with the question
                    assert store.current_state(ns)[1] == got.step == 6
                    assert store.count_statements(ns) == (6, 13 / 6)
            else:
                got = read_question(
                    store,
                    ns,
                    names,
                    terms,
                    depth=2,
                    window=window,
                    anchor_newest=newest,
                    max_neighbors=10,
                )
            step, graph, df = _separately(store, ns, names, terms, window, newest)
            assert (got.step, (got.starts, got.sub)) == (step, graph), (names, window, newest)
            # the frequencies are read with the question or not at all
            assert got.df is None or got.df == df
    graph = read_question(
        store, ns, ["c", "e"], [], depth=2, window=1, anchor_newest=True, max_neighbors=10
    )
    assert {c.name for c in graph.sub.concepts} == {"e", "f"}  # c and d: before step 5


def test_read_question_uses_the_block_state_read_before(store: GraphStore, ns: str) -> None:
    for a, b in pairwise("abcd"):
        store.apply_update(_update(ns, f"{a} {b}", [a, b], links=((a, b, 1),)))
    with reading(store):
        assert store.current_step(ns) == 3
        got = read_question(
            store, ns, ["a", "c"], ["a"], depth=2, window=0, anchor_newest=True, max_neighbors=10
        )
    assert got.step == 3
    assert [c.name for c in got.starts] == ["a", "c"]
    assert {c.name for c in got.sub.concepts} == {"c", "d"}  # a (step 1) is outside the window


def _mention(store: GraphStore, ns: str, *entities: EntityRecord) -> None:
    store.apply_update(
        GraphUpdate(
            namespace=ns,
            at=T0,
            statements=(StatementInput(" ".join(e.name for e in entities), {"x": 1}),),
            entities=entities,
        )
    )


def test_recent_entities_and_aliases_are_the_two_reads(store: GraphStore, ns: str) -> None:
    assert find_recent_entities_and_aliases(store, ns, limit=3, aliases=["kai"], newest=2) == (
        [],
        [],
    )
    _mention(store, ns, EntityRecord("kai", "Kai", "PERSON"))
    for i, surname in enumerate(["Chen", "Park", "Ito", "Lund", "Moss"]):
        _mention(store, ns, EntityRecord(f"kai-{i}", f"Kai {surname}", "PERSON", ("Kai",)))
    _mention(store, ns, EntityRecord("emile", "Émile", "PERSON"))
    _mention(store, ns, EntityRecord("kai-1", "Kai Park", "PERSON"))
    for limit, aliases, newest in (
        (3, ["KAI", "émile", "nobody"], 2),
        (2, ["kai"], 0),
        (50, ["Kai Park", "kai"], 1),
        (4, [], 3),
    ):
        recent, by_alias = find_recent_entities_and_aliases(
            store, ns, limit=limit, aliases=aliases, newest=newest
        )
        assert recent == store.find_recent_entities(ns, limit=limit)
        expected = store.find_entities(ns, aliases=aliases, newest=newest) if aliases else []
        assert by_alias == expected
    recent, by_alias = find_recent_entities_and_aliases(
        store, ns, limit=2, aliases=["kai"], newest=1
    )
    assert [e.id for e in recent] == ["kai-1", "emile"]
    assert {e.id for e in by_alias} == {"kai", "kai-1"}


def test_recent_entities_are_the_entities_read_by_id(store: GraphStore, ns: str) -> None:
    # a recall answers the look-up of salient entities by id from the recent entities
    _mention(store, ns, EntityRecord("ada", "Ada Lovelace", "PERSON", ("Ada", "Countess")))
    _mention(store, ns, EntityRecord("acme", "Acme", "ORG"), EntityRecord("ada", "Ada", "PERSON"))
    recent = store.find_recent_entities(ns, limit=5)
    by_id = store.find_entities(ns, ids=[e.id for e in recent])
    assert sorted(recent, key=lambda e: (e.first_step, e.id)) == by_id
    assert len(by_id) == 2


def test_score_terms_and_context_ids_are_the_two_reads(store: GraphStore, ns: str) -> None:
    for i in range(8):
        words = ["tea", "cup"] if i % 3 else ["tea", "pot", "cup", "cup"]
        store.apply_update(_update(ns, " ".join([*words, f"w{i}"]), words[:2]))
    _, avg_len = store.count_statements(ns)
    terms = {"tea": (0.5, 3), "pot": (2.0, 200), "w5": (3.0, 1), "nope": (1.0, 5)}
    groups = [(["tea", "x"], 2), (["pot"], 1)]
    for t, g, top in ((terms, groups, 4), (terms, groups[:1], 10), (None, groups, 3)):
        for gs in (g, None):
            got = score_terms_and_find_context_ids(
                store, ns, t, gs, avg_len=avg_len, top=top, k1=1.2, b=0.75
            )
            scored = (
                store.score_terms(ns, t, avg_len=avg_len, top=top, k1=1.2, b=0.75)
                if t is not None
                else []
            )
            contexts = find_context_ids_in_groups(store, ns, gs) if gs is not None else {}
            assert got == (scored, contexts, None)
    scored, contexts, _ = score_terms_and_find_context_ids(
        store, ns, terms, groups, avg_len=avg_len, top=2, k1=1.2, b=0.75
    )
    assert scored[0][0] == store.statements_at(ns, [6])[0].id  # w5
    assert {name: len(m) for name, m in contexts.items()} == {"tea": 2, "pot": 1}


def test_read_question_reads_the_entities_asked_for(store: GraphStore, ns: str) -> None:
    _mention(store, ns, EntityRecord("kai", "Kai", "PERSON"))
    for i, surname in enumerate(["Chen", "Park", "Ito"]):
        _mention(store, ns, EntityRecord(f"kai-{i}", f"Kai {surname}", "PERSON", ("Kai",)))
    _mention(store, ns, EntityRecord("emile", "Émile", "PERSON"))
    for recent, aliases in ((2, ["KAI", "émile", "nobody"]), (9, []), (None, ["kai"])):
        with reading(store):
            got = read_question(
                store,
                ns,
                ["x"],
                ["x"],
                depth=2,
                window=5,
                anchor_newest=True,
                max_neighbors=10,
                recent=recent,
                aliases=aliases,
                newest=1,
            )
        assert got.step == 5
        if recent is None or got.recent is None:  # not asked for, or not read with the question
            assert got.recent is None and got.by_alias is None
            continue
        assert got.recent == store.find_recent_entities(ns, limit=recent)
        expected = store.find_entities(ns, aliases=aliases, newest=1) if aliases else []
        assert got.by_alias == expected
        if aliases:
            assert {e.id for e in got.by_alias} == {"kai", "kai-2", "emile"}


def test_statements_and_statements_at_are_the_two_reads(store: GraphStore, ns: str) -> None:
    ids = [store.apply_update(_update(ns, f"s{i} x", ["x"])).statement_ids[0] for i in range(6)]
    for wanted, steps in (
        ([ids[4], ids[0], 999_999, ids[4]], [2, 9, 5, 2]),
        (ids[:2], []),
        ([], [1]),
    ):
        statements, after = get_statements_and_statements_at(store, ns, wanted, steps)
        assert statements == store.get_statements(ns, wanted)
        assert after is None or after == store.statements_at(ns, steps)
    statements, after = get_statements_and_statements_at(store, ns, [ids[1]], [6, 3])
    assert [s.text for s in statements] == ["s1 x"]
    assert after is None or [s.text for s in after] == ["s2 x", "s5 x"]


def test_score_terms_and_context_ids_may_read_relations(store: GraphStore, ns: str) -> None:
    a, b, c = (EntityRecord(i, i.title(), "PERSON") for i in ("ann", "bob", "cy"))
    for i, (subject, obj) in enumerate([(a, b), (b, c), (a, c), (c, a)]):
        store.apply_update(
            GraphUpdate(
                namespace=ns,
                at=T0,
                statements=(StatementInput(f"{subject.name} knows {obj.name}", {"know": 1}),),
                concepts=(ConceptMention("know", "Know"),),
                entities=(subject, obj),
                relation_changes=(RelationChange("add", f"r{i}", subject.id, "KNOWS", obj.id),),
            )
        )
    _, avg_len = store.count_statements(ns)
    for ids, newest in ((["ann", "nobody", "cy"], 3), (["cy", "ann"], 2), (["bob"], 32), ([], 5)):
        scored, contexts, relations = score_terms_and_find_context_ids(
            store,
            ns,
            {"know": (1.0, 10)},
            [(["know"], 3), ([], 1)],
            avg_len=avg_len,
            top=5,
            k1=1.2,
            b=0.75,
            entity_ids=ids,
            newest=newest,
        )
        assert len(scored) == 4 and len(contexts["know"]) == 3
        expected = find_relations_of_entities(store, ns, ids, newest=newest)
        assert relations is None or relations == expected
        if ids == ["bob"]:
            assert relations is None or [r.id for r in relations[0]] == ["r0", "r1"]


def _relate(store: GraphStore, ns: str, *changes: RelationChange) -> None:
    people = {i: EntityRecord(i, i.title(), "PERSON") for i in ("ann", "bob", "cy", "paris")}
    store.apply_update(
        GraphUpdate(
            namespace=ns,
            at=T0,
            statements=(StatementInput("news", {"news": 1}),),
            entities=tuple(people.values()),
            relation_changes=changes,
        )
    )


def test_current_relations_of_types_are_the_filtered_current_ones(
    store: GraphStore, ns: str
) -> None:
    """Only the asked types, current, either end, oldest first; inside a bulk block too, where
    the Neo4j store answers from what its batch read and queued (a relation added, one ended)."""
    add = "add"
    _relate(
        store,
        ns,
        RelationChange(add, "r1", "ann", "LIVES_IN", "paris"),
        RelationChange(add, "r2", "ann", "OWNS", "bob"),
        RelationChange(add, "r3", "bob", "MARRIED_TO", "ann"),
        RelationChange(add, "r4", "ann", "LIKES", "cy"),
        RelationChange("end", "r4", "ann", "LIKES", "cy"),
    )
    types = {"LIVES_IN", "MARRIED_TO", "LIKES"}

    def expected() -> list[str]:
        every = store.find_relations(ns, entity_id="ann", current_only=True)
        return [r.id for r in every if r.type in types]

    got = [r.id for r in find_current_relations_of_types(store, ns, "ann", types)]
    assert got == expected() == ["r1", "r3"]
    assert find_current_relations_of_types(store, ns, "ann", ()) == []
    with bulk(store):
        assert [r.id for r in find_current_relations_of_types(store, ns, "ann", types)] == got
        store.find_entities(ns, ids=["ann", "bob", "cy", "paris"])  # (what a plan reads)
        _relate(
            store,
            ns,
            RelationChange(add, "r5", "cy", "LIKES", "ann"),
            RelationChange(add, "r6", "ann", "OWNS", "cy"),
            RelationChange("end", "r1", "ann", "LIVES_IN", "paris"),
        )
        inside = [r.id for r in find_current_relations_of_types(store, ns, "ann", types)]
    assert inside == expected() == ["r3", "r5"]
