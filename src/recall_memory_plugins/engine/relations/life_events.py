"""Ends and doubts that ordinary life events imply without naming the fact they change (the
doubt rule's kind, :mod:`.doubt`).

- A promotion with no firm named ("Dana was promoted to engineering manager", "They promoted
  Dana to senior analyst") gives the new title at the person's one current employer (several
  employers: the titled ones are unsure).
- A one-holder title (CEO, CTO, chair ...) read for someone leaves its other current holder at
  that firm unsure ("Priya is the new CTO of Acme"); so does "took over from Sam as CTO",
  "succeeded Sam as CTO" for Sam's title of that name.
- A death the patterns read ("Sam passed away") leaves the reporting lines to that person unsure.
- "Dana was reassigned to Project Atlas" leaves her other projects unsure; a project left under
  another form of its name ("left the Orion project" for "Project Orion") ends it.
- A diet that rules a food or drink out ("I went vegan", "I stopped drinking", "I cut out
  caffeine") leaves its subject's liking of such a food unsure ("likes steak", "likes beer").

Never another person's fact ("Sam's wife died", "my sister went vegan"), never in a question, a
plan, a wish or a denial ("Will Dana be promoted to lead?", "I might go vegan", "not vegan").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .patterns.handlers import _clean_role
from .schema import PERSON, PROJECT, Mention, RelationProposal
from .updates import UNSURE, is_unsure, unsure_version

__all__ = ["life_doubts"]

# searched in the lower-cased text without IGNORECASE: ten times faster on a chat turn (the
# case-insensitive alternation is tried at every position)
_GATE = re.compile(
    r"promot|passed away|died|succeed|took over|takes over|taking over|replac|reassign|moved|transferr|rotated"
    r"|switched|project|vegan|vegetarian|veggie|plant-based|pescatarian|teetotal|sober|meat|dairy|drinking|alcohol"
    r"|booze|caffeine|coffee|fish",
)
# a question, a plan, a wish, a denial: nothing happened yet
_OPEN = re.compile(
    r"\?|\b(?:will|would|might|may|could|should|if|unless|whether|want(?:s|ed)? to|hop(?:e|es|ing) to|plan(?:s|ning)?"
    r"|thinking|considering|going to|gonna|about to|expected to|set to|rumou?r\w*|not|never|no)\b|n['’]t\b|['’]ll\b",
    re.IGNORECASE,
)
_ROLE_END = (r"(?=\s*(?:[,.;!]|$)|\s+(?:last|this|in|on|yesterday|today|recently|earlier|after|and|but|effective"
             r"|from|starting|as\s+of|two|three|a\s+(?:week|month|year))\b)")
_ROLE = r"(?:the\s+|a\s+|an\s+)?(?P<role>[a-z][a-z \-]{0,40}?)" + _ROLE_END
_PROMOTED_AFTER = re.compile(
    r"\s+(?:was|got|(?:has|had|have|['’]s|['’]ve)\s+(?:(?:just|finally|recently|now|already)\s+)*been|is|['’]s|am|['’]m)\s+"
    r"(?:(?:just|finally|recently|officially|now|already|also|again)\s+)*promoted\s+(?:again\s+)?to\s+" + _ROLE,
    re.IGNORECASE,
)
_PROMOTED_BEFORE = re.compile(r"\bpromoted\s+$", re.IGNORECASE)
_TO_ROLE = re.compile(r"\s+(?:again\s+)?to\s+" + _ROLE, re.IGNORECASE)
_SUCCEEDED_BEFORE = re.compile(
    r"\b(?:(?:took|takes|taking|taken)\s+over\s+from|succeeded|succeeds|succeeding|replaced|replaces|replacing)\s+$",
    re.IGNORECASE,
)
_AS_ROLE = re.compile(
    r"\s+as\s+(?:the\s+|its\s+|our\s+|their\s+)?(?:new\s+)?(?P<role>[a-z][a-z \-]{0,30}?)"
    r"(?=\s*(?:[,.;!]|$)|\s+(?:of|at|for|in|on|last|this|after|and|effective|from|starting)\b)",
    re.IGNORECASE,
)
_DIED_AFTER = re.compile(r"\s+(?:has\s+|had\s+)?(?:(?:just|sadly|suddenly|unexpectedly|peacefully|tragically|recently)\s+)*"
                         r"(?:passed\s+away|died)\b", re.IGNORECASE)
# "Dana was reassigned to Project Atlas" (the project's mention follows)
_MOVED_TO = re.compile(r"\s+(?:was|were|got|has\s+been|had\s+been|have\s+been|['’]s\s+been)\s+(?:(?:just|now|recently|since)\s+)*"
                       r"(?:re-?assigned|moved|transferred|rotated|switched)\s+(?:over\s+)?(?:on)?to\s+(?:the\s+)?$", re.IGNORECASE)
_ADDITIVE = re.compile(r"\b(?:also|as well|too|in addition|besides|alongside)\b", re.IGNORECASE)
# titles one person holds at a firm at a time
_ONE_HOLDER = frozenset(
    "ceo cto cfo coo cmo cio ciso cpo cro cdo president chair chairman chairwoman chairperson principal headteacher"
    " headmaster headmistress".split()
) | {"chief executive", "chief executive officer", "chief technology officer", "chief financial officer",
      "chief operating officer", "managing director", "general counsel", "head teacher", "executive director"}
_ROLE_WORDS = re.compile(r"^(?:(?:new|current|acting|interim|permanent|temporary|next|first)\s+)+")

# a diet said of its subject, right after it: "I went vegan", "I've been vegetarian since March",
# "I stopped drinking", "I don't eat meat anymore", "I cut out caffeine"
_DIET = re.compile(
    r"^(?:\s*['’](?:ve|d|m|s)|\s+(?:has|have|had|just|now|finally|recently|also|officially|basically|actually|since))*\s*"
    r"(?:(?:went|gone|turned|became|become|am|is|are|['’]m|['’]s|been|was|['’]re)\s+(?:(?:now|fully|strictly|completely"
    r"|totally|officially|full|basically)\s+)*(?P<diet>vegan|vegetarian|veggie|plant-based|pescatarian|teetotal|sober)\b"
    r"|(?:stopped|quit|gave\s+up|given\s+up|cut\s+out|swore\s+off|sworn\s+off|(?:don['’]t|do\s+not|doesn['’]t|does\s+not"
    r"|no\s+longer)\s+(?:eat|eats|drink|drinks))\s+(?:eating\s+|drinking\s+)?(?P<what>red\s+meat|meat|dairy|alcohol|booze"
    r"|drinking|caffeine|coffee|fish|animal\s+products)\b)",
    re.IGNORECASE,
)
# a break with its end in sight is no diet: "stopped drinking beer for a month", "dry January"
_BREAK = re.compile(r"\b(?:for\s+(?:a|an|one|two|three|four|six|\d+|the|lent)\b|until|till|during|dry\s+january|sober\s+october|lent)\b",
                    re.IGNORECASE)
_MEAT = r"steak|bacon|(?:ham|cheese)?burger|beef|pork|chicken|lamb|sausage|meat|rib|brisket|salami|pepperoni|hot\s+dog|kebab" \
        r"|veal|venison|meatball|pastrami|chorizo|prosciutto|jerky|bbq|barbecue|barbeque|mutton"
_FISH = r"fish|salmon|tuna|sashimi|shrimp|prawn|oyster|seafood|lobster|crab|mussel|cod|anchov(?:y|ie)|calamari|scallop|clam"
_DAIRY = r"cheese|milk|butter|ice\s+cream|yog(?:h)?urt|gelato|milkshake|cheesecake|eggs?"
_ALCOHOL = r"beer|wine|whisk(?:e)?y|gin|vodka|rum|tequila|cocktail|cider|champagne|prosecco|ale|lager|bourbon|sake|alcohol" \
           r"|booze|margarita|mojito|scotch|brandy|ipa|stout"
_CAFFEINE = r"coffee|espresso|latte|cappuccino|caffeine|energy\s+drink|flat\s+white|americano|mocha|macchiato"
_RULED_OUT = {
    key: re.compile(rf"\b(?:{family})(?:s|es)?\b", re.IGNORECASE)
    for key, family in {
        "vegan": f"{_MEAT}|{_FISH}|{_DAIRY}", "vegetarian": f"{_MEAT}|{_FISH}", "pescatarian": _MEAT,
        "meat": _MEAT, "fish": _FISH, "dairy": _DAIRY, "alcohol": _ALCOHOL, "caffeine": _CAFFEINE,
    }.items()
}
_DIET_KIND = {
    "vegan": "vegan", "plant-based": "vegan", "vegetarian": "vegetarian", "veggie": "vegetarian",
    "pescatarian": "pescatarian", "teetotal": "alcohol", "sober": "alcohol", "red meat": "meat", "meat": "meat",
    "animal products": "vegan", "dairy": "dairy", "alcohol": "alcohol", "booze": "alcohol", "drinking": "alcohol",
    "caffeine": "caffeine", "coffee": "caffeine", "fish": "fish",
}


def _norm_role(role: str) -> str:
    return _ROLE_WORDS.sub("", role.casefold().strip()).strip()


def _core(name: str) -> str:
    return " ".join(w for w in name.casefold().split() if w not in ("the", "project"))


def life_doubts(
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    speaker_id: str | None,
    current: Callable[[str, tuple[str, ...]], list[Relation]],
) -> list[RelationProposal]:
    """New versions (unsure, or with a new title) and endings of the current relations the life
    events of this text imply. ``current(entity, types)``: the entity's current relations of those
    types (either end); asked only for the persons and firms of a sentence with such an event."""
    text = annotation.text
    titled = [p for p in proposals if p.type == "WORKS_FOR" and not p.negated and p.object_id
              and _norm_role(p.attributes.get("role", "")) in _ONE_HOLDER and UNSURE not in p.attributes]
    project_ends = [p for p in proposals if p.negated and p.object_id and p.type in ("INVOLVED_IN", "MANAGES", "HAS_ROLE_IN")]
    if not titled and not project_ends and not _GATE.search(text.lower()):
        return []
    out: list[RelationProposal] = []
    seen = {(p.subject_id, p.type, p.object_id) for p in proposals if UNSURE in p.attributes}

    def doubt(rel: Relation, index: int) -> None:
        if not is_unsure(rel) and (rel.subject_id, rel.type, rel.object_id) not in seen:
            seen.add((rel.subject_id, rel.type, rel.object_id))
            out.append(unsure_version(rel, index))

    def index_of(i: int) -> int:
        return sentence_statements[i] if i < len(sentence_statements) else 0

    for p in titled:  # "Priya is the new CTO of Acme": Sam, its CTO before, is unsure
        role = _norm_role(p.attributes["role"])
        for rel in current(p.object_id or "", ("WORKS_FOR",)):
            if rel.object_id == p.object_id and rel.subject_id != p.subject_id and _norm_role(rel.attributes.get("role", "")) == role:
                doubt(rel, p.statement_index)
    for p in project_ends:  # "left the Orion project": "Project Orion" too
        names = {_core(m.canonical or m.text) for m in mentions if p.object_id in m.entity_ids}
        for rel in current(p.subject_id, (p.type,)):
            if rel.subject_id == p.subject_id and rel.object_id != p.object_id and _core(str(rel.object_name or "")) in names:
                out.append(RelationProposal(p.subject_id, p.type, rel.object_id, {}, True, p.statement_index))
    dead = {p.subject_id for p in proposals if p.type == "MARRIED_TO" and p.negated and p.object_id is None}
    by_sentence: dict[int, list[Mention]] = {}  # (read once: not once a sentence)
    for m in mentions:
        if len(m.entity_ids) == 1:
            by_sentence.setdefault(m.sentence, []).append(m)
    for i, sentence in enumerate(annotation.sentences):
        said = sentence.text
        if not _GATE.search(said.lower()):
            continue
        asked = _OPEN.search(said) is not None
        near = by_sentence.get(i, [])
        for m in near:
            (entity,) = m.entity_ids
            after, before = text[m.end : sentence.end_char], text[max(sentence.start_char, m.start - 40) : m.start]
            promoted = _PROMOTED_AFTER.match(after) or (_TO_ROLE.match(after) if _PROMOTED_BEFORE.search(before) else None)
            if promoted and not asked and (m.type == PERSON or m.kind == "pronoun"):
                _promotion(entity, promoted.group("role"), index_of(i), proposals, current, out, doubt)
            succeeded = _AS_ROLE.match(after) if _SUCCEEDED_BEFORE.search(before) else None
            if succeeded and not asked:  # "took over from Sam as CTO": Sam's title of that name
                role = _norm_role(_clean_role(succeeded.group("role"))[0])
                for rel in current(entity, ("WORKS_FOR",)):
                    if rel.subject_id == entity and role and _norm_role(rel.attributes.get("role", "")) == role:
                        doubt(rel, index_of(i))
            if entity in dead and not asked and m.type == PERSON and _DIED_AFTER.match(after):  # reporting lines to the dead
                for rel in current(entity, ("REPORTS_TO",)):
                    if rel.object_id == entity and rel.subject_id != entity:
                        doubt(rel, index_of(i))
            diet = _DIET.match(after)
            # (the diet's own negation is no denial: "I don't eat meat anymore")
            if diet and (m.type == PERSON or m.kind == "pronoun") and not _OPEN.search(said.replace(diet.group(), " ")) \
                    and not _BREAK.search(said):
                kind = _DIET_KIND[re.sub(r"\s+", " ", (diet.group("diet") or diet.group("what")).casefold())]
                for rel in current(entity, ("LIKES",)):
                    if rel.subject_id == entity and _RULED_OUT[kind].search(str(rel.object_name or "")):
                        doubt(rel, index_of(i))
        if asked or _ADDITIVE.search(said):
            continue
        for m, project in itertools.pairwise(near):  # "reassigned to Project Atlas": the other projects
            if project.type == PROJECT and m.type == PERSON and _MOVED_TO.fullmatch(text, m.end, project.start):
                for rel in current(m.entity_ids[0], ("INVOLVED_IN",)):
                    if rel.subject_id == m.entity_ids[0] and rel.object_id not in project.entity_ids:
                        doubt(rel, index_of(i))
    return out


def _promotion(
    entity: str,
    raw_role: str,
    index: int,
    proposals: Sequence[RelationProposal],
    current: Callable[[str, tuple[str, ...]], list[Relation]],
    out: list[RelationProposal],
    doubt: Callable[[Relation, int], None],
) -> None:
    """The new title at the one current employer of ``entity`` (the titled jobs unsure when it has several)."""
    role, former = _clean_role(raw_role)
    if not role or former or any(p.subject_id == entity and p.type == "WORKS_FOR" and not p.negated for p in proposals):
        return  # (a firm named: the patterns read it)
    jobs = [r for r in current(entity, ("WORKS_FOR",)) if r.subject_id == entity and not is_unsure(r)]
    if len(jobs) == 1 and jobs[0].object_id:
        if jobs[0].attributes.get("role") != role:
            attributes = {**{k: v for k, v in jobs[0].attributes.items() if k != UNSURE}, "role": role}
            out.append(RelationProposal(entity, "WORKS_FOR", jobs[0].object_id, attributes, False, index))
        return
    for rel in jobs:
        if rel.attributes.get("role"):
            doubt(rel, index)
