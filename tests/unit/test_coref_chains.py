"""Coreference chains from the annotator (``Annotation.coref_chains``, CoreNLP's for English) are
preferred over the rule-based resolver; without a usable chain the rules decide as before.

Offline: the annotations are the offline annotator's, with chains written by hand where CoreNLP
would give them (CoreNLP itself runs in tests/integration/test_corenlp.py). ``ScriptedChains`` is
that stand-in: a scripted fake of CoreNLP's coreference, named as such."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from recall_memory_plugins import Relation, TemporalGraphMemory
from recall_memory_plugins.engine.relations.coref import Referent, resolve_references
from recall_memory_plugins.engine.relations.schema import Mention
from recall_memory_plugins.nlp import OfflineAnnotator
from recall_memory_plugins.nlp.base import Annotation, CorefChain, CorefMention


def chain(text: str, *members: str, representative: int = 0, head: str | None = None) -> CorefChain:
    """A chain of ``members`` found in ``text`` in order (``"she@2"``: the second "she");
    ``head`` is the head word of the representative when it is not the whole mention."""
    out: list[CorefMention] = []
    cursor = 0
    for i, member in enumerate(members):
        word, _, nth = member.partition("@")
        start = -1
        for _ in range(int(nth or 1)):
            start = text.index(word, start + 1 if start >= 0 else cursor)
        cursor = start + len(word)
        h = (None, None)
        if head is not None and i == representative:
            hs = text.index(head, start)
            h = (hs, hs + len(head))
        out.append(CorefMention(word, start, start + len(word), 0, *h))
    return CorefChain(tuple(out), representative)


class ScriptedChains:
    """The offline annotator plus hand-written coreference chains for known texts (a scripted
    stand-in for CoreNLP's coreference, which needs a server)."""

    name = "offline+scripted-chains"

    def __init__(self, chains: dict[str, tuple[CorefChain, ...]]) -> None:
        self._offline = OfflineAnnotator()
        self._chains = chains

    def annotate(self, text: str) -> Annotation:
        return replace(self._offline.annotate(text), coref_chains=self._chains.get(text, ()))

    def annotate_many(self, texts: Sequence[str]) -> list[Annotation]:
        return [self.annotate(t) for t in texts]


def triples(rels: list[Relation]) -> set[tuple[str, str, str | None]]:
    return {(r.subject_name, r.type, r.object_name) for r in rels}


def relations_of(
    *texts: str, chains: dict[str, tuple[CorefChain, ...]]
) -> set[tuple[str, str, str | None]]:
    with TemporalGraphMemory(":memory:", annotator=ScriptedChains(chains)) as memory:
        for text in texts:
            memory.add(text)
        return triples(memory.relations())


MET = "Alice met Carol. She works at Acme."


def test_without_chains_the_rules_pick_the_first_mentioned() -> None:
    assert relations_of(MET, chains={}) == {("Alice", "WORKS_FOR", "Acme")}


def test_a_chain_overrides_the_rules() -> None:
    assert relations_of(MET, chains={MET: (chain(MET, "Carol", "She"),)}) == {
        ("Carol", "WORKS_FOR", "Acme")
    }


def test_a_chain_resolves_a_pronoun_before_its_name() -> None:
    """Cataphora, which the rules cannot solve (no earlier candidate in a fresh namespace)."""
    text = "She works at Acme, Alice said."
    assert relations_of(text, chains={}) == set()
    assert relations_of(text, chains={text: (chain(text, "She", "Alice", representative=1),)}) == {
        ("Alice", "WORKS_FOR", "Acme")
    }


def test_a_chain_that_disagrees_with_the_pronoun_falls_back_to_the_rules() -> None:
    text = "Alice met Bob. He works at Acme."
    # a wrong chain: "He" with Alice (female by the first-name list) -> the rules choose Bob
    assert relations_of(text, chains={text: (chain(text, "Alice", "He"),)}) == {
        ("Bob", "WORKS_FOR", "Acme")
    }


def test_a_chain_whose_representative_is_an_unnamed_description_states_nothing() -> None:
    """ "She" is Alice's sister, whom nobody named: no guess against the chain (the rules would
    say Alice)."""
    text = "Alice called about the sister. She works at Acme."
    assert relations_of(text, chains={}) == {("Alice", "WORKS_FOR", "Acme")}
    sister = chain(text, "the sister", "She", head="sister")
    assert relations_of(text, chains={text: (sister,)}) == set()
    # after "Alice's sister" the rules, too, take "She" for the sister (``coref._KIN``)
    assert relations_of("Alice's sister called. She works at Acme.", chains={}) == set()


def test_chains_cover_one_text_and_the_next_turn_uses_the_discourse() -> None:
    first = "Alice met Carol. She works at Acme."
    second = "She lives in Paris."
    got = relations_of(first, second, chains={first: (chain(first, "Carol", "She"),)})
    assert ("Carol", "WORKS_FOR", "Acme") in got
    # the second text has no chain: the rules read the discourse (Carol was the last subject)
    assert ("Carol", "LIVES_IN", "Paris") in got


# ------------------------------------------------------------------ resolve_references directly
def _mentions() -> tuple[list[Mention], dict[str, Referent]]:
    text = "Mia met Noah and Zoe. They moved. It was sunny."
    mentions = [
        Mention("Mia", 0, 3, 0, "name", "PERSON", entity_ids=("mia",)),
        Mention("Noah", 8, 12, 0, "name", "PERSON", entity_ids=("noah",)),
        Mention("Zoe", 17, 20, 0, "name", "PERSON", entity_ids=("zoe",)),
        Mention("They", 22, 26, 1, "pronoun", plural=True),
        Mention("It", 34, 36, 2, "pronoun", gender="n"),
    ]
    assert [text[m.start : m.end] for m in mentions] == ["Mia", "Noah", "Zoe", "They", "It"]
    referents = {i: Referent(i, i.title(), "PERSON") for i in ("mia", "noah", "zoe")}
    return mentions, referents


def test_they_takes_the_names_inside_its_chains_list_member() -> None:
    mentions, referents = _mentions()
    text = "Mia met Noah and Zoe. They moved."

    def they(chains: tuple[CorefChain, ...]) -> set[str]:
        out = resolve_references(mentions, referents=referents, text=text, chains=chains)
        return set(next(m for m in out if m.text == "They").entity_ids)

    assert they(()) == {"noah", "zoe"}  # the rules: the nearest "X and Y" group
    # CoreNLP's LIST member "Mia met Noah and Zoe" (head "Mia") and "They"
    group = CorefChain((CorefMention(text[:20], 0, 20, 0, 0, 3), CorefMention("They", 22, 26, 1)))
    assert they((group,)) == {"mia", "noah", "zoe"}


@pytest.mark.parametrize("chains", [(), (CorefChain((CorefMention("It", 34, 36, 2),)),)])
def test_a_chain_without_other_members_or_names_leaves_the_rules_in_charge(
    chains: tuple[CorefChain, ...],
) -> None:
    mentions, referents = _mentions()
    out = resolve_references(mentions, referents=referents, chains=chains)
    assert [m.entity_ids for m in out if m.text == "It"] == [()]  # no thing to refer to


def test_a_chain_naming_two_entities_trusts_its_representative() -> None:
    mentions, referents = _mentions()
    she = Mention("She", 22, 26, 1, "pronoun", gender="f")
    merged = CorefChain(
        (
            CorefMention("Mia", 0, 3, 0),
            CorefMention("Zoe", 17, 20, 0),
            CorefMention("She", 22, 26, 1),
        ),
        representative=1,
    )
    out = resolve_references([*mentions[:3], she], referents=referents, chains=(merged,))
    assert out[-1].entity_ids == ("zoe",) and out[-1].canonical == "Zoe"
    assert referents["zoe"].gender == "f"  # learned from the pronoun, as with the rules
