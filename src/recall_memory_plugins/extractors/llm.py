"""An optional relation extractor that asks the application's own chat model (Mem0^g style).

One tool call per text: the model lists the entities and the relation triples of the new text and,
given the current relations of the entities involved (with their ids), decides for each triple
``ADD`` (a new fact), ``UPDATE`` (replaces the relation ``relation_id``: it is ended, not deleted),
``DELETE`` (the relation ``relation_id`` is no longer true: it is ended) or ``NOOP``. The tracker
then applies the same update rules as for the pattern extractor, so exclusivity, confirmation and
history work identically, and an unusable answer never touches what is stored.

Works with any LangChain chat model that supports tool calling (``bind_tools``) or structured
output (``with_structured_output``). ``langchain-core`` is imported only when the model is called.

Example:
    >>> from recall_memory_plugins import TemporalGraphMemory
    >>> from recall_memory_plugins.engine.relations import RelationTracker
    >>> from recall_memory_plugins.extractors import LLMRelationExtractor
    >>> tracker = RelationTracker(extractor=LLMRelationExtractor(chat_model))  # doctest: +SKIP
    >>> memory = TemporalGraphMemory(":memory:", tracker=tracker)  # doctest: +SKIP
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .._optional import require
from ..engine.relations.schema import (
    ENTITY_TYPES,
    RELATION_TYPES,
    EntityRef,
    ExtractionContext,
    RelationCandidate,
    normalise_relation_type,
)
from ..errors import ExtractionError
from ..models import Relation
from ..nlp.base import Annotation

__all__ = ["TOOL_NAME", "LLMRelationExtractor"]

logger = logging.getLogger(__name__)

TOOL_NAME = "update_memory_graph"
OPS = ("ADD", "UPDATE", "DELETE", "NOOP")
_MAX_NAME = 200
_FIRST_PERSON = {"i", "me", "my", "myself", "我", "user", "the user", "speaker"}

SYSTEM_PROMPT = """You maintain the knowledge graph of a conversation.
From the NEW TEXT, extract the entities (people, organisations, projects, places, products, \
things) and the relations between them as (source, RELATION, destination) triples.
- Resolve pronouns to names: "I"/"me"/"我" is the speaker ({speaker}); "he", "she", "他", "她", \
"it", "the project" are whoever they refer to. Never use a pronoun as an entity name.
- Use these relation types when they fit: {types}. Otherwise use a short UPPER_SNAKE_CASE verb.
- Put extra facts in attributes: {{"role": "manager"}} for a job title, {{"status": "testing"}} for \
STATUS (STATUS has no destination).
Compare each triple with the CURRENT RELATIONS (each has an id) and choose an op:
- ADD: a new fact.
- UPDATE: the text changes an existing relation (a new employer, a new manager of a project, a new \
status). Give its relation_id; it will be ended and replaced by this triple, never deleted.
- DELETE: the text says an existing relation is no longer true ("no longer", "不再"). Give its \
relation_id.
- NOOP: the text repeats an existing relation.
Call {tool} exactly once."""


def tool_schema(relation_types: Iterable[str], entity_types: Iterable[str]) -> dict[str, Any]:
    """The OpenAI-style function spec of the single tool the model must call."""
    return {
        "type": "function",
        "function": {
            "name": TOOL_NAME,
            "description": "Record the entities and relation triples of the new text and how "
            "they change the current relations.",
            "parameters": {
                "type": "object",
                "properties": {
                    "entities": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "name": {"type": "string"},
                                "type": {"type": "string", "enum": list(entity_types)},
                            },
                            "required": ["name", "type"],
                        },
                    },
                    "relations": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "op": {"type": "string", "enum": list(OPS)},
                                "source": {"type": "string"},
                                "relation": {
                                    "type": "string",
                                    "description": "e.g. " + ", ".join(relation_types),
                                },
                                "destination": {"type": ["string", "null"]},
                                "attributes": {
                                    "type": "object",
                                    "additionalProperties": {"type": "string"},
                                },
                                "relation_id": {
                                    "type": "string",
                                    "description": "the current relation an UPDATE, "
                                    "DELETE or NOOP refers to",
                                },
                            },
                            "required": ["op", "source", "relation"],
                        },
                    },
                },
                "required": ["relations"],
            },
        },
    }


class LLMRelationExtractor:
    """Extract relations with a LangChain chat model (tool calling), deciding ADD/UPDATE/DELETE/NOOP.

    Args:
        chat_model: any LangChain ``BaseChatModel`` with ``bind_tools`` (or
            ``with_structured_output``).
        relation_types: the relation types the model may use. Default: the built-in catalogue
            (:data:`~recall_memory_plugins.engine.relations.schema.RELATION_TYPES`).
        allow_new_types: also accept other well-formed ``UPPER_SNAKE_CASE`` types; when False
            (default) a triple of an unknown type is skipped with a warning.
        max_relations: at most this many triples of one answer are used.

    Raises:
        MissingDependencyError: ``langchain-core`` is not installed.

    :meth:`extract` raises :class:`~recall_memory_plugins.errors.ExtractionError` when the model
    failed, did not call the tool, or its arguments are not a JSON object with a ``relations``
    list; single malformed triples are skipped with a warning.
    """

    name = "llm"

    def __init__(
        self,
        chat_model: Any,
        *,
        relation_types: Sequence[str] | None = None,
        allow_new_types: bool = False,
        max_relations: int = 20,
    ) -> None:
        types = relation_types if relation_types is not None else tuple(RELATION_TYPES)
        self.relation_types = tuple(
            t for t in (normalise_relation_type(x) for x in types) if t is not None
        )
        self.allow_new_types = allow_new_types
        self.max_relations = max(1, int(max_relations))
        # fail at construction, not on every add, when langchain-core is missing
        require("langchain_core.messages", extra="langchain", purpose="the LLM relation extractor")
        self._model = chat_model
        self._runnable: Any = None
        self._structured = False

    def __repr__(self) -> str:
        return f"LLMRelationExtractor({type(self._model).__name__})"

    # ------------------------------------------------------------------------------ the call
    def _bind(self) -> Any:
        if self._runnable is None:
            schema = tool_schema(self.relation_types, ENTITY_TYPES)
            try:
                self._runnable = self._model.bind_tools([schema])
            except (NotImplementedError, AttributeError):
                structured = getattr(self._model, "with_structured_output", None)
                if structured is None:
                    raise ExtractionError(
                        f"{type(self._model).__name__} supports neither bind_tools nor "
                        "with_structured_output; pass a chat model with tool calling"
                    ) from None
                self._runnable = structured(schema["function"])
                self._structured = True
        return self._runnable

    def messages(self, text: str, context: ExtractionContext) -> list[Any]:
        """The chat messages sent for ``text`` (a system prompt and the text with the current
        relations)."""
        msgs = require(
            "langchain_core.messages", extra="langchain", purpose="the LLM relation extractor"
        )
        system = SYSTEM_PROMPT.format(
            speaker=context.speaker or "unknown",
            types=", ".join(self.relation_types),
            tool=TOOL_NAME,
        )
        lines = [_describe(r) for r in context.relations] or ["(none)"]
        human = (
            f"Speaker: {context.speaker or 'unknown'}\nCURRENT RELATIONS:\n"
            + "\n".join(lines)
            + f"\n\nNEW TEXT:\n{text}"
        )
        return [msgs.SystemMessage(content=system), msgs.HumanMessage(content=human)]

    def extract(
        self, annotation: Annotation, context: ExtractionContext
    ) -> list[RelationCandidate]:
        """Ask the model; return the valid triples as relation candidates.

        Raises:
            ExtractionError: the answer cannot be used at all (see the class docstring).
            MissingDependencyError: ``langchain-core`` is not installed.
        """
        messages = self.messages(annotation.text, context)
        runnable = self._bind()
        try:
            answer = runnable.invoke(messages)
        except ExtractionError:
            raise
        except Exception as exc:  # any provider error: the text is still stored without it
            raise ExtractionError(
                f"the chat model {type(self._model).__name__} failed: {exc}"
            ) from exc
        payloads = self._payloads(answer)
        return self.parse(payloads, annotation, context)

    def _payloads(self, answer: Any) -> list[Any]:
        if self._structured:
            return [answer]
        calls = [
            c
            for c in getattr(answer, "tool_calls", None) or []
            if isinstance(c, Mapping) and c.get("name") in (TOOL_NAME, None)
        ]
        if calls:
            return [c.get("args") for c in calls]
        invalid = getattr(answer, "invalid_tool_calls", None) or []
        if invalid:
            first = invalid[0] if isinstance(invalid[0], Mapping) else {}
            raise ExtractionError(
                f"the model called {TOOL_NAME} with arguments that are not valid JSON: "
                f"{str(first.get('error') or first.get('args'))[:200]}"
            )
        content = getattr(answer, "content", answer)
        if isinstance(content, str) and content.strip():
            raw = re.sub(r"^```(?:json)?\s*|\s*```$", "", content.strip())
            try:
                return [json.loads(raw)]
            except json.JSONDecodeError as exc:
                raise ExtractionError(
                    f"the model answered without calling {TOOL_NAME} and its text is not JSON: "
                    f"{content[:120]!r}"
                ) from exc
        raise ExtractionError(f"the model answered without calling {TOOL_NAME}")

    # ------------------------------------------------------------------------------ validation
    def parse(
        self, payloads: Sequence[Any], annotation: Annotation, context: ExtractionContext
    ) -> list[RelationCandidate]:
        """Validate tool-call arguments into candidates (malformed triples are skipped).

        Raises:
            ExtractionError: a payload is not an object with a ``relations`` list.
        """
        current = {r.id: r for r in context.relations}
        ids = _known_ids(context)
        out: list[RelationCandidate] = []
        for payload in payloads:
            if isinstance(payload, str):
                try:
                    payload = json.loads(payload)
                except json.JSONDecodeError as exc:
                    raise ExtractionError(f"{TOOL_NAME} arguments are not JSON") from exc
            if not isinstance(payload, Mapping):
                raise ExtractionError(
                    f"{TOOL_NAME} arguments must be an object, got {type(payload).__name__}"
                )
            relations = payload.get("relations", [])
            if not isinstance(relations, list):
                raise ExtractionError(
                    f"{TOOL_NAME}.relations must be a list, got {type(relations).__name__}"
                )
            types = _entity_types(payload.get("entities"))
            for item in relations[: self.max_relations]:
                cand = self._candidate(item, types, current, ids, annotation, context)
                if cand is not None:
                    out.append(cand)
        return out

    def _candidate(
        self,
        item: Any,
        types: Mapping[str, str],
        current: Mapping[str, Relation],
        ids: Mapping[str, str],
        annotation: Annotation,
        context: ExtractionContext,
    ) -> RelationCandidate | None:
        if not isinstance(item, Mapping):
            logger.warning("skipping a relation that is not an object: %r", item)
            return None
        op = item.get("op", "ADD")
        op = op.upper() if isinstance(op, str) else op
        if op not in OPS:
            logger.warning("skipping a relation with an unknown op %r", op)
            return None
        if op == "NOOP":
            return None
        rel_id = item.get("relation_id")
        if rel_id is not None and not isinstance(rel_id, str):
            logger.warning("skipping a relation whose relation_id is not a string: %r", rel_id)
            return None
        existing = current.get(rel_id) if rel_id else None
        if rel_id and existing is None:
            if op == "DELETE":
                logger.warning("skipping DELETE of unknown relation %r", rel_id)
                return None
            logger.warning("%s refers to unknown relation %r; treating it as ADD", op, rel_id)
        if op == "DELETE" and existing is not None:
            subject = EntityRef(existing.subject_name, None, existing.subject_id)
            obj = (
                EntityRef(existing.object_name or "", None, existing.object_id)
                if existing.object_id
                else None
            )
            return RelationCandidate(
                subject,
                existing.type,
                obj,
                negated=True,
                sentence=_sentence_of(annotation, existing.subject_name),
                ends=(existing.id,),
            )
        source, relation, destination = (
            item.get("source"),
            item.get("relation"),
            item.get("destination"),
        )
        if not _is_name(source) or not isinstance(relation, str):
            logger.warning("skipping a relation without a valid source/relation: %r", item)
            return None
        if destination is not None and not _is_name(destination):
            logger.warning("skipping a relation with an invalid destination: %r", item)
            return None
        type_ = normalise_relation_type(relation)
        if type_ is None or (type_ not in self.relation_types and not self.allow_new_types):
            logger.warning("skipping a relation of unknown type %r", relation)
            return None
        attributes = _attributes(item.get("attributes"))
        if type_ == "STATUS" and "status" not in attributes and destination:
            attributes["status"], destination = str(destination), None
        subject = self._ref(str(source), types, ids, context)
        obj = self._ref(str(destination), types, ids, context) if destination else None
        negated = op == "DELETE"
        ends = (existing.id,) if existing is not None and op == "UPDATE" else ()
        return RelationCandidate(
            subject,
            type_,
            obj,
            attributes,
            negated=negated,
            sentence=_sentence_of(annotation, str(source)),
            ends=ends,
        )

    @staticmethod
    def _ref(
        name: str, types: Mapping[str, str], ids: Mapping[str, str], context: ExtractionContext
    ) -> EntityRef:
        name = name.strip()
        if name.casefold() in _FIRST_PERSON and context.speaker:
            name = context.speaker
        return EntityRef(name, types.get(name.casefold()), ids.get(name.casefold()))


def _describe(rel: Relation) -> str:
    attrs = f" {dict(rel.attributes)}" if rel.attributes else ""
    obj = f" {rel.object_name}" if rel.object_name else ""
    return f"[{rel.id}] {rel.subject_name} {rel.type}{obj}{attrs}"


def _is_name(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value.strip()) <= _MAX_NAME


def _attributes(value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        logger.warning("ignoring relation attributes that are not an object: %r", value)
        return {}
    out: dict[str, str] = {}
    for key, val in value.items():
        if (
            isinstance(key, str)
            and isinstance(val, (str, int, float))
            and not isinstance(val, bool)
        ):
            if str(val).strip():
                out[key] = str(val).strip()
        else:
            logger.warning("ignoring relation attribute %r=%r", key, val)
    return out


def _entity_types(value: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    if not isinstance(value, list):
        return out
    for item in value:
        if isinstance(item, Mapping) and _is_name(item.get("name")):
            type_ = str(item.get("type") or "").upper()
            out[str(item["name"]).strip().casefold()] = type_ if type_ in ENTITY_TYPES else "OTHER"
    return out


def _known_ids(context: ExtractionContext) -> dict[str, str]:
    """Names and aliases (any case) of the entities the context knows -> their ids."""
    out: dict[str, str] = {}
    for ent in context.entities:
        for alias in (ent.name, *ent.aliases):
            out.setdefault(alias.casefold(), ent.id)
    for m in context.mentions:
        if m.kind == "name" and len(m.entity_ids) == 1 and m.canonical:
            out.setdefault(m.canonical.casefold(), m.entity_ids[0])
    return out


def _sentence_of(annotation: Annotation, name: str) -> int:
    for i, sentence in enumerate(annotation.sentences):
        if name and name in sentence.text:
            return i
    return 0
