"""The dependency fallback: subject-verb-object relations from a dependency parse.

Used only in sentences where no pattern matched, and only when the annotator produced a parse
(Stanza fills ``head``/``deprel`` with Universal Dependencies labels; the offline annotator does
not). A known verb and preposition give a known type (``work at`` -> ``WORKS_FOR``); another
verb between two strong entities gives a generic type (``founded`` -> ``FOUND``).
"""

from __future__ import annotations

from ....nlp.base import Sentence
from ..names import token_offsets
from ..schema import THING, EntityRef, RelationCandidate
from .match import _cands
from .views import _SentenceExtraction

_DEP_VERBS: dict[tuple[str, str], str] = {
    ("work", "at"): "WORKS_FOR",
    ("work", "for"): "WORKS_FOR",
    ("work", "on"): "INVOLVED_IN",
    ("live", "in"): "LIVES_IN",
    ("move", "to"): "LIVES_IN",
    ("relocate", "to"): "LIVES_IN",
    ("report", "to"): "REPORTS_TO",
    ("depend", "on"): "DEPENDS_ON",
    ("rely", "on"): "DEPENDS_ON",
    ("manage", ""): "MANAGES",
    ("lead", ""): "MANAGES",
    ("run", ""): "MANAGES",
    ("head", ""): "MANAGES",
    ("oversee", ""): "MANAGES",
    ("join", ""): "INVOLVED_IN",
    ("like", ""): "LIKES",
    ("love", ""): "LIKES",
    ("enjoy", ""): "LIKES",
    ("adore", ""): "LIKES",
    ("hate", ""): "DISLIKES",
    ("dislike", ""): "DISLIKES",
    ("visit", ""): "VISITED",
    ("own", ""): "OWNS",
    ("study", "at"): "STUDIES_AT",
    ("负责", ""): "MANAGES",
    ("管理", ""): "MANAGES",
    ("领导", ""): "MANAGES",
    ("加入", ""): "INVOLVED_IN",
    ("参与", ""): "INVOLVED_IN",
    ("喜欢", ""): "LIKES",
    ("依赖", ""): "DEPENDS_ON",
    ("住", "在"): "LIVES_IN",
}
_NEG_WORDS = {"not", "n't", "never", "no", "longer", "不", "不再", "没", "没有"}


def _has_parse(sentence: Sentence) -> bool:
    return any(t.head >= 0 and t.deprel for t in sentence.tokens)


def _dependency_triples(ex: _SentenceExtraction) -> list[RelationCandidate]:
    """Subject-verb-object relations from a dependency parse (Universal Dependencies labels)."""
    toks = ex.sentence.tokens
    if not ex.offsets:
        ex.offsets = token_offsets(ex.annotation, ex.sentence)
    offsets = ex.offsets

    def ref(i: int) -> list[EntityRef]:
        start, end = offsets[i]
        for idx, m in enumerate(ex.mentions):
            if m.start <= start and end <= m.end and m.entity_ids:
                return ex.refs(idx)
        tok = toks[i]
        if tok.upos == "NOUN":
            return [EntityRef(tok.lemma.lower() or tok.text.lower(), THING)]
        return []

    children: dict[int, list[int]] = {}
    for i, tok in enumerate(toks):
        children.setdefault(tok.head - 1, []).append(i)
    out: list[RelationCandidate] = []
    for v, verb in enumerate(toks):
        if verb.upos != "VERB":
            continue
        kids = children.get(v, [])
        subjects = [k for k in kids if toks[k].deprel.split(":")[0] == "nsubj"]
        if not subjects:
            continue
        negated = any(
            toks[k].text.lower() in _NEG_WORDS or toks[k].lemma in _NEG_WORDS
            for k in kids
            if toks[k].deprel.split(":")[0] in ("advmod", "neg", "aux")
        )
        lemma = (verb.lemma or verb.text).lower()
        objects: list[tuple[int, str]] = [
            (k, "") for k in kids if toks[k].deprel.split(":")[0] in ("obj", "dobj")
        ]
        for k in kids:
            if toks[k].deprel.split(":")[0] in ("obl", "nmod"):
                case = next(
                    (
                        toks[c].lemma.lower() or toks[c].text.lower()
                        for c in children.get(k, [])
                        if toks[c].deprel == "case"
                    ),
                    "",
                )
                objects.append((k, case))
        for o, case in objects:
            type_ = _DEP_VERBS.get((lemma, case))
            subj_refs, obj_refs = ref(subjects[0]), ref(o)
            if not subj_refs or not obj_refs:
                continue
            if type_ is None:
                strong = obj_refs[0].type not in (THING, None) and subj_refs[0].type != THING
                if not strong or not lemma.isascii() or not lemma.isalpha():
                    continue
                type_ = (lemma + ("_" + case if case.isalpha() and case.isascii() else "")).upper()
            out.extend(_cands(subj_refs, type_, obj_refs, negated=negated))
    return out
