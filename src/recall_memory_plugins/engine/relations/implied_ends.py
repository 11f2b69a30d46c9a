"""Ends a text implies without saying them, for the doubt rule (:mod:`.doubt`): a graduation
leaves the school unsure (:mod:`.graduated`), a divorce the marriage (:mod:`.divorces`), a home of another city the old home (:mod:`.homes`), a move to another firm the old employer (:mod:`.firm_moves`);
and a correction ("Sorry, I meant Lyon, not Lille") ends the slip it takes back (:mod:`.corrections`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...models import Relation
from ...nlp.base import Annotation
from .coref import Referent
from .corrections import TYPES, correction_proposals
from .divorces import divorce_doubts
from .firm_moves import firm_move_doubts
from .graduated import graduation_doubts
from .homes import home_doubts
from .life_events import life_doubts
from .lone_corrections import lone_corrections
from .schema import Mention, RelationProposal
from .zh_taste_ends import zh_taste_ends

__all__ = ["implied_ends"]


def implied_ends(
    annotation: Annotation,
    mentions: Sequence[Mention],
    proposals: Sequence[RelationProposal],
    sentence_statements: Sequence[int],
    speaker_id: str | None,
    current: Callable[[str, tuple[str, ...]], list[Relation]],
    recent: tuple[int, Sequence[Referent]] = (0, ()),
) -> list[RelationProposal]:
    """Unsure versions of the current schools and homes this text implies have ended.
    ``current(entity, types)``: the entity's current relations of those types (asked once per
    entity and types here: the rules ask again for each sentence that names the person).
    ``recent``: the namespace's last step and salient entities (for "不对，是杭州。")."""
    looked: dict[tuple[str, tuple[str, ...]], list[Relation]] = {}

    def once(entity: str, types: tuple[str, ...]) -> list[Relation]:
        if (entity, types) not in looked:
            looked[(entity, types)] = current(entity, types)
        return looked[(entity, types)]

    return graduation_doubts(
        annotation, mentions, proposals, sentence_statements, lambda e: once(e, ("STUDIES_AT",)), speaker_id
    ) + home_doubts(
        annotation, mentions, proposals, sentence_statements, lambda e: once(e, ("LIVES_IN",)), speaker_id
    ) + correction_proposals(annotation, mentions, sentence_statements, speaker_id, lambda e: once(e, TYPES)) \
        + life_doubts(annotation, mentions, proposals, sentence_statements, speaker_id, once) \
        + lone_corrections(annotation, mentions, sentence_statements, recent, lambda e: once(e, TYPES)) \
        + firm_move_doubts(annotation, mentions, proposals, sentence_statements, speaker_id, lambda e: once(e, ("WORKS_FOR",))) \
        + divorce_doubts(annotation, mentions, proposals, sentence_statements, lambda e: once(e, ("MARRIED_TO",)), speaker_id) \
        + zh_taste_ends(annotation, mentions, proposals, sentence_statements, speaker_id, lambda e: once(e, ("LIKES",)), recent)
