"""A new liking said as a turn leaves the person's older likings unsure.

"Swimming is my thing now", "these days it's jigsaws by the window", "she's gone full rom-com
convert", 现在迷上了滑雪: the text says what the person likes *instead*, and almost never names
what they liked before (the knee surgery, the allotment given back). Likings accumulate, so the
doubt rule (:mod:`.doubt`) puts one in doubt only when its object is named; a turn names only the
new one. Read here: a liking the patterns read in a sentence that marks it as a turn ("now",
"these days", "instead", "convert", 现在, 如今, 最近, 迷上 ...) leaves the same person's other
current likings unsure -- not those read again in the same text, and not when the sentence adds
rather than replaces ("also", "too", "still", 也, 还). An unsure fact is not stated as current;
it stays in the history, and a later statement that likes it again confirms it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .coref import Referent
from .lost_things import lost_things
from .schema import EntityRef, RelationCandidate, RelationProposal
from .taken_back import TAKEN_BACK_TYPES, taken_back
from .updates import UNSURE, is_unsure

__all__ = ["TAKEN_BACK_TYPES", "turned_tastes"]

# a liking said as what it is now, in place of something else
_TURN = re.compile(
    r"\b(?:now|nowadays|these days|lately|instead|convert|switched|swapped|moved on|took over my life)\b"
    r"|如今|现在|最近|这阵子|这段时间|这些天|改(?:成|为|喜欢|爱)|转而|换成|迷上|取而代之",
    re.IGNORECASE,
)
# one more, or the old one kept: nothing replaced
_MORE = re.compile(r"\b(?:also|too|as well|still|besides|in addition|both)\b|也|还|同时|依然|仍然|照样", re.IGNORECASE)
_TYPE = "LIKES"


def turned_tastes(
    annotation: Annotation,
    candidates: Sequence[RelationCandidate],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    resolve: Callable[[EntityRef], str | None],
    current_likes: Callable[[str], Sequence[Relation]],
    recent: tuple[int, Sequence[Referent], Referent | None, Callable[[str, str, str], Sequence[Relation]] | None] = (0, (), None, None),
) -> list[RelationProposal]:
    """New versions, marked unsure, of the likings a turn of taste leaves in doubt, and the
    tastes, possessions and marriages of the turn before that the text takes back (:mod:`.taken_back`).

    ``resolve`` gives a candidate end's entity id (as the proposals were made);
    ``current_likes`` the current relations of an entity of :data:`TAKEN_BACK_TYPES` (read only
    for a turn, a loss or a take-back); ``recent`` the namespace's last step, salient entities, speaker and history reader.
    """
    read = {(p.subject_id, p.object_id) for p in proposals if p.type == _TYPE}
    out: list[RelationProposal] = []
    done: set[str] = set()
    for c in candidates:
        if c.type != _TYPE or c.negated or c.object is None or not 0 <= c.sentence < len(annotation.sentences):
            continue
        text = annotation.sentences[c.sentence].text
        if not _TURN.search(text) or _MORE.search(text):
            continue
        subject_id = resolve(c.subject)
        object_id = resolve(c.object)
        if subject_id is None or object_id is None:
            continue
        stmt = sentence_statements[c.sentence] if c.sentence < len(sentence_statements) else 0
        for rel in current_likes(subject_id):
            if rel.type != _TYPE or rel.subject_id != subject_id or rel.id in done or is_unsure(rel) \
                    or rel.object_id == object_id or (subject_id, rel.object_id) in read:
                continue
            done.add(rel.id)
            out.append(RelationProposal(rel.subject_id, rel.type, rel.object_id,
                                        {**rel.attributes, UNSURE: "true"}, False, stmt))
    # a possession lost under another name ("sold the car" of a Honda Civic): :mod:`.lost_things`
    out += lost_things(candidates, proposals, sentence_statements, resolve, current_likes)
    return out + taken_back(annotation, [*proposals, *out], sentence_statements, resolve, current_likes, recent)
