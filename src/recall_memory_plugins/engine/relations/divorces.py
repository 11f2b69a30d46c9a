"""A divorce said of a person leaves their marriage unsure (the doubt rule's kind, :mod:`.doubt`).

Blind text says a divorce in words the patterns do not read as one of two named people: "The
divorce went through last month, so put my sister Anya instead of Marco", "removal of Lukas as
authorized user on the joint account - divorce was finalized in August", "signing the last of
the divorce papers w Luca on wed", a family tree's "m. Marco 2009, div. 2019". A divorce that
happened or is under way leaves no marriage one can state as current, so when a sentence says
one (not asked, planned, denied or a relative's) the current marriages of the people it names --
and the speaker's, when the speaker says it of themself -- are unsure, and so are the spouses'
own sides of them. A marriage the same text reads ("m. Henrik 2022") is not doubted.
English only (Chinese: 离婚 is read by the patterns).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .gates import Gated
from .schema import DATE, Mention, RelationProposal
from .updates import is_unsure, unsure_version

__all__ = ["divorce_doubts"]

# "div." of a family tree's notes: "(div. Meera 2019)", "div. 2019" (not a "Sales div.")
_DIVORCE = re.compile(
    r"\bdivorce[ds]?\b|\bdecree absolute\b|\bdiv\.(?=\s*(?:$|\d{4}|[A-Z][a-z]+ \d{4}))", re.IGNORECASE
)
_DIVORCE_GATE = Gated(_DIVORCE)
# a divorce asked, feared, planned, denied or talked of: nothing changed yet
_NOT_YET = re.compile(
    r"\b(?:will|'ll|would|going to|gonna|might|may|could|should|thinking (?:of|about)|consider\w*|talk\w*"
    r"|whisper\w*|gossip\w*|rumou?rs?|if|never|not|no|\w*n['’]t|after all|hope\w*|threat\w*|want\w*|afraid"
    r"|fear\w*)\b|[?]",
    re.IGNORECASE,
)
# someone else's divorce: "my brother Rafael just got divorced", "her parents' divorce"
_KIN = re.compile(
    r"\b(?:parents?|mum|mom|dad|father|mother|son|daughter|kid|child|brother|sister|cousin|aunt|uncle|niece|nephew"
    r"|friend|mate|boss|neighbou?r|colleague)s?\b",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[;:]|,\s*(?:and|but|so|while)\b|\s[-—–]\s", re.IGNORECASE)
# a capitalised word not first in its clause, nor a month's or a day's name
_NAME = re.compile(
    r"(?<!^)\b(?!(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)[A-Z][a-z]+"
)
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|my|me|we|our)\b", re.IGNORECASE)


def _divorce_clauses(text: str) -> list[tuple[int, int]]:
    """The clauses of ``text`` (offsets) that say a divorce with no question, plan, wish,
    denial or relative in them."""
    out = []
    for m in _DIVORCE.finditer(text):
        start = max([0, *(c.end() for c in _CLAUSE.finditer(text, 0, m.start()))])
        end = next((c.start() for c in _CLAUSE.finditer(text, m.end())), len(text))
        clause = text[start:end]
        if not _NOT_YET.search(clause) and not _KIN.search(clause):
            out.append((start, end))
    return out


def divorce_doubts(
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    marriages_of: Callable[[str], list[Relation]],
    speaker_id: str | None = None,
) -> list[RelationProposal]:
    """Unsure versions of the current marriages of each person a divorce is said of.

    ``marriages_of(entity)``: the entity's current ``MARRIED_TO`` relations (looked up only for a
    sentence that says a divorce)."""
    if not _DIVORCE_GATE.search(annotation.text):
        return []
    married = {frozenset((p.subject_id, p.object_id)) for p in proposals
               if p.type == "MARRIED_TO" and not p.negated and p.object_id}
    # (any name: only a married entity has a marriage to doubt, and a weak annotator may type
    # "Funke Adeyemi" as a place)
    named = {e for m in mentions if m.kind == "name" and m.type != DATE for e in m.entity_ids}
    out: list[RelationProposal] = []
    seen: set[str] = set()
    for i, sentence in enumerate(annotation.sentences):
        text = sentence.text
        clauses = _divorce_clauses(text) if _DIVORCE.search(text) else []
        if not clauses:
            continue
        here = [m for m in mentions if m.sentence == i and m.kind == "name" and m.type != DATE]
        # whose divorce: the people its clause names ("Lotta's divorce from Stefan went through"),
        # else the sentence's, else the speaker's own, else the one person the text names
        people = {e for m in here for a, b in clauses
                  if a <= m.start - sentence.start_char < b for e in m.entity_ids}
        if not people and speaker_id is not None and any(_FIRST_PERSON.search(text[a:b]) for a, b in clauses):
            people = {speaker_id}
        if not people and any(_NAME.search(text[a:b].strip()) for a, b in clauses):
            continue  # a name not read as a person's: "Also Lotta's divorce from Stefan went through"
        if not people:
            people = {e for m in here for e in m.entity_ids}
        if not people:  # the one marriage of the people the text names: "Cust requested removal of
            # Lukas as authorized user on the joint account - divorce was finalized in August."
            pairs = {frozenset((r.subject_id, r.object_id)) for e in named for r in marriages_of(e)
                     if r.type == "MARRIED_TO" and r.object_id and not is_unsure(r)}
            people = {e for pair in pairs for e in pair if e} if len(pairs) == 1 else set()
        index = sentence_statements[i] if i < len(sentence_statements) else 0
        for entity in sorted(people):
            for rel in marriages_of(entity):
                if rel.type != "MARRIED_TO" or not rel.object_id or is_unsure(rel) or rel.id in seen \
                        or frozenset((rel.subject_id, rel.object_id)) in married:
                    continue
                seen.add(rel.id)
                out.append(unsure_version(rel, index))
                spouse = str(rel.object_id if rel.subject_id == entity else rel.subject_id)
                for other in marriages_of(spouse):  # the spouse's own side of it
                    if other.type == "MARRIED_TO" and other.id not in seen and not is_unsure(other) \
                            and {other.subject_id, other.object_id} == {rel.subject_id, rel.object_id}:
                        seen.add(other.id)
                        out.append(unsure_version(other, index))
    return out
