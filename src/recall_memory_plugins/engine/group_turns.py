"""A person's own turns in a group chat: as much about them as the turns that name them.

In a chat of three or more people, "Where does Luis work now?" is answered by a turn Luis said
("soooo I quit Target. starting at a startup called Fernbrook"), whose text does not name him;
the friends' turns that do ("Luis is so lucky", "robot overlord Luis. drinks on you") mention his
concept and so earn the graph credit of the question's concept and of the words said with his
name, which his own turns never get. His turns that speak of himself (a first-person word: I,
me, my, 我) are about him too: they earn as much of that credit as the turn most about him. When
the friends tell his news on the question's topic (a turn names him and a topic concept: 奶奶住院了
for 奶奶住院后来怎么样了？), only his own turns on the topic are lifted. In a dialogue of two the
other one calls him "you" and nothing changes; a question that names two speakers is left as it
was (whose turns would be the subject's?).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..models import ScoredConcept, Statement
from .text import speaker_index_terms

__all__ = ["FIRST_PERSON_RE", "GROUP_SPEAKERS", "concept_weights", "own_turn_credit"]

FIRST_PERSON_RE = re.compile(r"\bI\b|\b(?i:me|my|mine|myself)\b|我(?!们)")
GROUP_SPEAKERS = 3  # a chat with at least this many speakers among the candidates is a group chat

Ranked = list[tuple[Statement, float, tuple[str, ...]]]


def concept_weights(concepts: Sequence[ScoredConcept]) -> dict[str, float]:
    """The graph weight of each concept a statement mentions: 1 for the question's own
    (essential) concepts, less for related ones (lower ``sort_val``, deeper in the graph)."""
    max_sort = max((c.sort_val for c in concepts if not c.essential), default=0.0) or 1.0
    return {
        c.name: 1.0 if c.essential else 0.5 * (0.5 + 0.5 * c.sort_val / max_sort) / max(c.depth, 1)
        for c in concepts
    }


def own_turn_credit(
    ranked: Ranked,
    speakers: set[str],
    concepts: Sequence[ScoredConcept],
    graph_weight: float,
    on_topic: Callable[[Statement], bool],
) -> Ranked:
    """``ranked`` (fused scores, not yet sorted again) with the one named speaker's own turns
    that speak of themselves and of the question's topic (first person, ``on_topic``) credited,
    in a group chat, with the graph score the best turn about that speaker earns from the name
    and the concepts related to it (normalised as :func:`~.retrieval.fuse` does): at least level
    with a friend's turn that only names them. The question's topic concepts are left out of
    that score (the turn earns them by what it says).

    ``speakers``: the speakers the question names (as stored). Unchanged unless exactly one is
    named, the candidates have at least ``GROUP_SPEAKERS`` speakers and the question has a concept
    that names that speaker (without one, no mention of the name earns graph credit either).
    """
    if len(speakers) != 1 or not graph_weight or not concepts:
        return ranked
    if len({st.speaker for st, _, _ in ranked if st.speaker}) < GROUP_SPEAKERS:
        return ranked
    (speaker,) = speakers
    terms = speaker_index_terms(speaker)
    full = " ".join(terms)
    weights = concept_weights(concepts)
    names = {c.name for c in concepts if c.essential and (c.name in terms or c.name == full)}
    if not names:
        return ranked
    # the name and what is said with it; not the topic's own concepts
    topic = {c.name for c in concepts if c.essential} - names
    graph = [sum(weights.get(n, 0.0) for n in cs) for _, _, cs in ranked]
    said = [sum(weights[n] for n in cs if n not in topic) for _, _, cs in ranked]
    about = max((g for g, (_, _, cs) in zip(said, ranked, strict=True) if names & set(cs)), default=0.0)
    # the friends tell the named one's news on the topic (a turn names both): only the named
    # one's turns on the topic are lifted; else any of their first-person turns may tell it
    told = any(st.speaker != speaker and names & set(cs) and topic & set(cs) for st, _, cs in ranked)
    unit = graph_weight / (max(graph, default=0.0) or 1.0)
    out = []
    for g, (st, score, cs) in zip(said, ranked, strict=True):
        if st.speaker == speaker and g < about and FIRST_PERSON_RE.search(st.text):
            if not told or on_topic(st):
                score = round(score + unit * (about - g), 6)
        out.append((st, score, cs))
    return out
