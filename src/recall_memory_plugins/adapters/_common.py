"""Framework-free helpers shared by the LangChain, LlamaIndex and LangGraph adapters."""

from __future__ import annotations

import asyncio
import reprlib
import string
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..engine.filters import StatementFilter
from ..engine.memory import TemporalGraphMemory
from ..engine.validation import check_budget
from ..errors import ConfigurationError, InputError, NotFoundError
from ..models import Recall, RecalledStatement
from ._pickling import EngineSpec, FrameworkEmbedder, engine_state, reopened_state

__all__ = [
    "FORGET_DESCRIPTION",
    "MEMORY_PROMPT",
    "NAMED_USER_ROLE",
    "SAVE_DESCRIPTION",
    "SEARCH_DESCRIPTION",
    "EngineSpec",
    "FrameworkEmbedder",
    "MemoryToolset",
    "RecallOptions",
    "check_adapter_fields",
    "check_budget_option",
    "check_engine",
    "check_namespace_option",
    "check_no_unknown_options",
    "check_prompt",
    "context_metadata",
    "engine_state",
    "facts_metadata",
    "is_named_user_turn",
    "pydantic_errors",
    "render_prompt",
    "reopened_state",
    "statement_metadata",
    "user_turn",
]

#: How the agent middleware and the chat memories present recalled memory to the model.
MEMORY_PROMPT = (
    "Relevant memory: current facts first, then statements oldest first (each was true when "
    "it was said; a later statement supersedes an earlier one):\n{memory}"
)


def check_engine(memory: object, adapter: str, *, from_path: bool = False) -> TemporalGraphMemory:
    """``memory`` when it is an engine; a clear :class:`ConfigurationError` otherwise (for a
    path it advises ``adapter.from_path`` when the adapter has one, else the engine)."""
    if isinstance(memory, TemporalGraphMemory):
        return memory
    hint = ""
    if isinstance(memory, str) or hasattr(memory, "__fspath__"):
        hint = (
            f"; for a file use {adapter}.from_path({str(memory)!r}, ...)"
            if from_path
            else f"; for a file pass TemporalGraphMemory({str(memory)!r})"
        )
    raise ConfigurationError(
        f"{adapter} needs a TemporalGraphMemory (e.g. TemporalGraphMemory('memory.db')), got "
        f"{type(memory).__name__}{hint}"
    )


def check_namespace_option(namespace: object, adapter: str) -> str | None:
    """None (the engine's namespace) or a namespace the engine accepts.

    Raises:
        ConfigurationError: not a string, empty, too long or not storable text.
    """
    if namespace is None:
        return None
    try:
        return TemporalGraphMemory._check_namespace(namespace)
    except InputError as exc:
        raise ConfigurationError(f"{adapter} {exc}") from exc


def check_budget_option(budget: object, adapter: str) -> int | None:
    """None (the engine's budget) or a whole number of tokens in 1..10,000,000.

    Raises:
        ConfigurationError: anything else (``1.5``, ``0``, ``"500"``).
    """
    if budget is None:
        return None
    try:
        return check_budget(budget)
    except InputError as exc:
        raise ConfigurationError(f"{adapter} {exc}") from exc


def check_no_unknown_options(unknown: Mapping[str, Any], adapter: str) -> None:
    """An option the adapter does not have (a misspelt one) is a :class:`ConfigurationError`
    naming it, as the pydantic adapters raise it, not Python's ``TypeError``."""
    if unknown:
        raise ConfigurationError(
            f"{adapter} has no option {', '.join(map(repr, sorted(unknown)))} (see its docstring)"
        )


def check_adapter_fields(data: Any, adapter: str, modes: tuple[str, ...] = ()) -> Any:
    """The fields of a pydantic adapter, before pydantic reads them (a ``mode="before"``
    validator): ``namespace``, ``token_budget``, ``k``, ``as_of`` and ``mode`` checked here, so a bad value is
    a :class:`ConfigurationError` that names it (raised before pydantic could wrap it)."""
    if not isinstance(data, Mapping):
        return data
    out = dict(data)
    if "namespace" in out:
        out["namespace"] = check_namespace_option(out["namespace"], adapter)
    if "token_budget" in out:
        out["token_budget"] = check_budget_option(out["token_budget"], adapter)
    if out.get("k") is not None:
        out["k"] = RecallOptions.build(k=out["k"]).k
    if out.get("as_of") is not None:  # (pydantic would make 2.5, True or "2" a step or a time)
        out["as_of"] = RecallOptions.build(as_of=out["as_of"]).as_of
    if modes and "mode" in out and out["mode"] not in modes:
        raise ConfigurationError(
            f"{adapter} mode must be {' or '.join(map(repr, modes))}, got {out['mode']!r}"
        )
    return out


@contextmanager
def pydantic_errors(adapter: str) -> Iterator[None]:
    """Turn pydantic's ``ValidationError`` (a field of the wrong type) raised by the block into
    the library's :class:`ConfigurationError`, naming the fields."""
    try:
        yield
    except ValueError as exc:
        errors = getattr(exc, "errors", None)
        if type(exc).__name__ != "ValidationError" or not callable(errors):
            raise
        problems = "; ".join(
            f"{'.'.join(map(str, e.get('loc', ()))) or 'input'}: "
            f"{'unknown option' if e.get('type') == 'extra_forbidden' else e.get('msg', '')} "
            f"(got {reprlib.repr(e.get('input'))})"
            for e in errors()
        )
        raise ConfigurationError(f"invalid {adapter} options: {problems}") from exc


def check_prompt(prompt: object, adapter: str) -> str:
    """A prompt template whose only field is ``{memory}`` (other braces doubled: ``{{x}}``).

    Raises:
        ConfigurationError: not a string, no ``{memory}``, another field, or unbalanced braces.
    """
    if not isinstance(prompt, str):
        raise ConfigurationError(f"{adapter} prompt must be a string, got {type(prompt).__name__}")
    try:
        fields = [f for _, f, _, _ in string.Formatter().parse(prompt) if f is not None]
    except ValueError as exc:
        raise ConfigurationError(
            f"{adapter} prompt is not a valid template ({exc}); write literal braces as "
            "'{{' and '}}'"
        ) from exc
    others = sorted({f for f in fields if f != "memory"})
    if others:
        raise ConfigurationError(
            f"{adapter} prompt has fields {others}; its only field is {{memory}} (write literal "
            "braces as '{{' and '}}')"
        )
    if "memory" not in fields:
        raise ConfigurationError(
            f"{adapter} prompt must contain {{memory}}, where the recalled memory goes"
        )
    return prompt


def render_prompt(prompt: str, recall: Recall) -> str:
    """``prompt`` (checked by :func:`check_prompt`) with the recalled memory in it."""
    return prompt.format(memory=recall.text)


#: The metadata key and value of a user's turn stored under the name the framework gave its
#: speaker (LangChain's ``HumanMessage(name="Anna")``): a chat history reloads such a turn as a
#: user's turn without knowing the names, which its speaker-filtered reads cannot find.
NAMED_USER_ROLE = ("langchain_role", "human")


def user_turn(text: str, name: object, default: str, source: str | None = None) -> dict[str, Any]:
    """An ``add_many`` item of a user's turn, said by ``name`` when it is a non-empty string
    (stripped) and by ``default`` otherwise; a turn stored under its name is tagged with
    :data:`NAMED_USER_ROLE` in its metadata."""
    speaker = name.strip() if isinstance(name, str) else ""
    if not speaker or speaker == default:
        return {"text": text, "speaker": default, "source": source}
    key, role = NAMED_USER_ROLE
    return {"text": text, "speaker": speaker, "source": source, "metadata": {key: role}}


def is_named_user_turn(metadata: Mapping[str, Any]) -> bool:
    """Whether a statement's metadata marks a user's turn stored under its speaker's name."""
    key, role = NAMED_USER_ROLE
    return metadata.get(key) == role


def statement_metadata(item: RecalledStatement) -> dict[str, Any]:
    """The metadata of one recalled statement, as documents and nodes carry it."""
    st = item.statement
    return {
        "type": "statement",
        "statement_id": st.id,
        "namespace": st.namespace,
        "t_index": st.t_index,
        "timestamp": st.at.isoformat(),
        "speaker": st.speaker,
        "source": st.source,
        "concepts": list(item.concepts),
        "score": item.score,
    }


def facts_metadata(recall: Recall) -> dict[str, Any]:
    """The metadata of the document holding a recall's current facts."""
    return {"type": "facts", "namespace": recall.namespace, "facts": list(recall.facts)}


def context_metadata(recall: Recall) -> dict[str, Any]:
    """The metadata of the single ordered context of a recall (``mode="context"``)."""
    return {
        "type": "context",
        "namespace": recall.namespace,
        "question": recall.question,
        "strategy": recall.strategy,
        "token_count": recall.token_count,
        "token_budget": recall.token_budget,
        "statement_ids": [s.statement.id for s in recall.statements],
        "t_indexes": [s.statement.t_index for s in recall.statements],
        "facts": list(recall.facts),
    }


# ---------------------------------------------------------------------------------- retrievers
_OPTION_KEYS = frozenset({"k", "filter", "as_of", "token_budget", "include_facts"})
# the words a pydantic ``bool`` field reads, so an option means the same given any way
_FLAG_WORDS = {
    **dict.fromkeys(("true", "t", "yes", "y", "on", "1"), True),
    **dict.fromkeys(("false", "f", "no", "n", "off", "0"), False),
}


def _flag(value: object, name: str) -> bool:
    """``value`` read as a pydantic ``bool`` field reads it (``"false"`` is False).

    Raises:
        ConfigurationError: anything else (``"maybe"``, ``2``).
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.lower() in _FLAG_WORDS:
        return _FLAG_WORDS[value.lower()]
    raise ConfigurationError(f"{name} must be true or false, got {value!r}")


@dataclass(frozen=True)
class RecallOptions:
    """What a retriever asks the engine for, and how many results it returns.

    Args:
        k: at most this many results (the facts document counts as one); None: all that fit
            the token budget.
        where: the statements' filter (see :class:`~recall_memory_plugins.engine.filters.
            StatementFilter`).
        as_of: recall the memory as it was at this time step or instant.
        token_budget: tokens of recalled memory; None uses the engine's budget.
        include_facts: put the current relation facts first, as their own result.
    """

    k: int | None = None
    where: StatementFilter | None = None
    as_of: int | datetime | None = None
    token_budget: int | None = None
    include_facts: bool = True

    @classmethod
    def build(cls, base: RecallOptions | None = None, **changes: Any) -> RecallOptions:
        """``base`` with ``changes`` (keys: k, filter, as_of, token_budget, include_facts;
        ``include_facts=None`` keeps the base's), each checked (``include_facts`` as a pydantic
        ``bool`` field: ``"false"`` is False, ``"maybe"`` an error).

        Raises:
            ConfigurationError: an unknown key or an invalid value.
        """
        unknown = sorted(set(changes) - _OPTION_KEYS)
        if unknown:
            raise ConfigurationError(
                f"unknown retriever options {unknown}; use {sorted(_OPTION_KEYS)}"
            )
        now = base or cls()
        k = changes.get("k", now.k)
        if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 1):
            raise ConfigurationError(f"k must be an int >= 1 or None, got {k!r}")
        try:
            where = (
                StatementFilter.coerce(changes["filter"])
                if changes.get("filter") is not None
                else now.where
            )
        except InputError as exc:
            raise ConfigurationError(f"invalid filter: {exc}") from exc
        as_of = changes.get("as_of", now.as_of)
        if as_of is not None and (
            isinstance(as_of, bool) or not isinstance(as_of, (int, datetime))
        ):
            raise ConfigurationError(f"as_of must be a time step or a datetime, got {as_of!r}")
        budget = check_budget_option(changes.get("token_budget", now.token_budget), "retriever")
        include = changes.get("include_facts")
        return cls(
            k=k,
            where=where,
            as_of=as_of,
            token_budget=budget,
            include_facts=now.include_facts if include is None else _flag(include, "include_facts"),
        )

    def recall_kwargs(self) -> dict[str, Any]:
        """Keyword arguments of ``TemporalGraphMemory.recall`` (best first)."""
        return {
            "token_budget": self.token_budget,
            "where": self.where,
            "as_of": self.as_of,
            "order": "rank",
        }

    def best(self, recall: Recall) -> tuple[tuple[str, ...], tuple[RecalledStatement, ...]]:
        """The facts to show (as one result) and the statements, best first, within ``k``."""
        facts = recall.facts if self.include_facts else ()
        ranked = tuple(sorted(recall.statements, key=lambda r: -r.score))
        if self.k is None:
            return facts, ranked
        room = self.k - (1 if facts else 0)
        if room <= 0:
            return facts, ()
        return facts, ranked[:room]


# ---------------------------------------------------------------------------------- agent tools
SAVE_DESCRIPTION = (
    "Save a fact or note to long-term memory (one self-contained sentence, e.g. 'Alice leads "
    "Project Orion.'). Returns the id it was saved under."
)
SEARCH_DESCRIPTION = (
    "Search long-term memory for what answers a question. Returns current facts, then the "
    "best matching saved statements as '[id] [step · date] text' lines, or 'nothing found'."
)
FORGET_DESCRIPTION = (
    "Delete one saved statement from long-term memory by the id search_memory showed "
    "(use it to erase wrong or unwanted memories)."
)


class MemoryToolset:
    """Save, search and forget over one engine namespace: what the agent tools call.

    Every method returns a short text for the model and never raises for what the model got
    wrong (an unknown id, an empty text): the message says so instead.
    """

    def __init__(
        self,
        memory: TemporalGraphMemory,
        *,
        namespace: str | None = None,
        k: int = 5,
        token_budget: int | None = None,
        speaker: str | None = None,
    ) -> None:
        self.memory = check_engine(memory, "memory tools")
        self.namespace = check_namespace_option(namespace, "memory tools")
        self.options = RecallOptions.build(k=k, token_budget=token_budget)
        self.speaker = speaker

    def save(self, text: str) -> str:
        """Store ``text``; the reply names the statement id(s)."""
        try:
            result = self.memory.add(text, namespace=self.namespace, speaker=self.speaker)
        except InputError as exc:
            return f"not saved: {exc}"
        ids = ", ".join(str(i) for i in result.statement_ids)
        return f"saved as statement {ids} (step {result.t_index})"

    def search(self, query: str) -> str:
        """The facts and the best statements for ``query``, one per line, with their ids."""
        try:
            recall = self.memory.recall(
                query, namespace=self.namespace, **self.options.recall_kwargs()
            )
        except InputError as exc:
            return f"cannot search: {exc}"
        if recall.strategy == "empty":
            return "nothing found: the memory is empty"
        facts, statements = self.options.best(recall)
        lines = list(facts)
        lines += [f"[{r.statement.id}] {r.statement.render()}" for r in statements]
        if lines and self._facts_cut(query, recall):
            lines.append(
                f"(a current fact did not fit token_budget={self.options.token_budget}: "
                "the statements above may be out of date)"
            )
        return "\n".join(lines) if lines else "nothing found"

    def _facts_cut(self, query: str, recall: Recall) -> bool:
        """Whether a budget smaller than the engine's left out current facts that its budget
        shows: a dated statement alone must not pass for the current answer (the note says so).
        """
        budget = self.options.token_budget
        if recall.facts or not self.options.include_facts or budget is None:
            return False
        if budget >= self.memory.config.token_budget:
            return False
        wider = self.memory.recall(
            query, namespace=self.namespace, **{**self.options.recall_kwargs(), "token_budget": None}
        )
        return bool(wider.facts)

    def forget(self, statement_id: int) -> str:
        """Hard-delete statement ``statement_id`` with the relations drawn from it alone (what
        the user asked to forget is no longer stated as a fact; one that another statement
        repeats stays)."""
        try:
            statement = self.memory.get(statement_id, namespace=self.namespace)
            self.memory.delete_statement(
                statement_id, namespace=self.namespace, cascade_relations=True
            )
        except (InputError, NotFoundError) as exc:
            return f"not deleted: {exc}"
        return f"deleted statement {statement_id}: {statement.text}"

    def functions(self) -> list[tuple[Callable[..., str], Callable[..., Any], str]]:
        """``(sync, async, description)`` of ``save_memory``, ``search_memory`` and
        ``forget_memory``: plain functions whose names and parameters the frameworks turn into
        the tools' names and schemas."""
        tools = self

        def save_memory(text: str) -> str:
            return tools.save(text)

        async def asave_memory(text: str) -> str:
            return await asyncio.to_thread(tools.save, text)

        def search_memory(query: str) -> str:
            return tools.search(query)

        async def asearch_memory(query: str) -> str:
            return await asyncio.to_thread(tools.search, query)

        def forget_memory(statement_id: int) -> str:
            return tools.forget(statement_id)

        async def aforget_memory(statement_id: int) -> str:
            return await asyncio.to_thread(tools.forget, statement_id)

        return [
            (save_memory, asave_memory, SAVE_DESCRIPTION),
            (search_memory, asearch_memory, SEARCH_DESCRIPTION),
            (forget_memory, aforget_memory, FORGET_DESCRIPTION),
        ]
