"""``RecallRetriever``: a LangChain ``BaseRetriever`` for LCEL RAG chains."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from langchain_core.callbacks import (
    AsyncCallbackManagerForRetrieverRun,
    CallbackManagerForRetrieverRun,
)
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field, field_validator, model_validator

from ...engine.memory import TemporalGraphMemory
from ...models import Recall
from .._common import (
    RecallOptions,
    check_adapter_fields,
    check_engine,
    context_metadata,
    engine_state,
    facts_metadata,
    pydantic_errors,
    reopened_state,
    statement_metadata,
)

__all__ = ["RecallRetriever"]


class RecallRetriever(BaseRetriever):
    """Recalled statements as LangChain ``Document`` objects, best first.

    ``mode="documents"`` returns the current relation facts as the first document (metadata
    ``type="facts"``; ``include_facts=False`` leaves it out), then one document per statement,
    best first (``page_content`` is the statement's text; ``metadata`` has ``type="statement"``,
    ``statement_id``, ``namespace``, ``t_index``, ``timestamp`` (ISO), ``speaker``, ``source``,
    ``concepts`` and ``score``). ``mode="context"`` returns one document holding the whole
    ordered context (:attr:`Recall.text`: current facts, then time-stamped statements oldest
    first), ready to paste into a prompt.

    Options, in increasing precedence: the fields, ``search_kwargs`` (as LangChain's vector store
    retrievers take them: ``{"k": 2, "filter": {"speaker": "Alice"}}``), then per call
    ``retriever.invoke(q, namespace="bob", k=3, filter=..., as_of=...)``. To choose the namespace
    from the run config use LangChain's own mechanism:
    ``retriever.configurable_fields(namespace=ConfigurableField(id="namespace"))``.

    Args:
        memory: the engine (injected; never serialised).
        namespace: the user/session scope; None uses the engine's default namespace.
        token_budget: tokens of recalled memory; None uses the engine's configured budget.
        mode: ``"documents"`` or ``"context"``.
        k: at most this many documents (the facts document counts); None: all that fit.
        filter: only statements it accepts: a :class:`StatementFilter` or a mapping with
            ``speaker``, ``source`` (one or a list), ``since``/``until`` (aware datetimes),
            ``since_step``/``until_step``.
        as_of: recall the memory as it was at this time step (or aware datetime).
        include_facts: the current facts as the first document.
        search_kwargs: ``k``, ``filter``, ``as_of``, ``token_budget``, ``include_facts``.

    Example:
        >>> retriever = RecallRetriever(memory=memory, namespace="alice",
        ...                             search_kwargs={"k": 2})  # doctest: +SKIP
    """

    # extra='forbid': a misspelt option (top_k, searchkwargs) is an error, not dropped
    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    memory: TemporalGraphMemory = Field(exclude=True, repr=False)
    namespace: str | None = None
    token_budget: int | None = None
    mode: Literal["documents", "context"] = "documents"
    k: int | None = None
    # Any: pydantic would turn a mapping into an empty StatementFilter; checked in _options
    filter: Any = None
    as_of: int | datetime | None = None
    include_facts: bool = True
    search_kwargs: dict[str, Any] = Field(default_factory=dict)

    def __init__(self, **data: Any) -> None:
        with pydantic_errors("RecallRetriever"):
            super().__init__(**data)

    @field_validator("memory", mode="before")
    @classmethod
    def _engine(cls, value: object) -> TemporalGraphMemory:
        return check_engine(value, "RecallRetriever", from_path=True)

    @model_validator(mode="before")
    @classmethod
    def _fields(cls, data: Any) -> Any:
        return check_adapter_fields(data, "RecallRetriever", ("documents", "context"))

    @model_validator(mode="after")
    def _options_are_valid(self) -> RecallRetriever:
        self._options()  # raises ConfigurationError for a bad option, at construction
        return self

    @classmethod
    def from_path(
        cls, path: str | Path, *, annotator: str = "auto", **fields: Any
    ) -> RecallRetriever:
        """Build the engine on a SQLite file (or ``":memory:"``) and wrap it.

        The engine is ``.memory``; close it with ``retriever.memory.close()`` when done.
        """
        return cls(memory=TemporalGraphMemory(path, annotator=annotator), **fields)

    def __getstate__(self) -> dict[Any, Any]:
        state = super().__getstate__()
        return {**state, "__dict__": engine_state(state["__dict__"], "memory")}

    def __setstate__(self, state: dict[Any, Any]) -> None:
        super().__setstate__({**state, "__dict__": reopened_state(state["__dict__"], "memory")})

    def _options(self, **call: Any) -> RecallOptions:
        base = RecallOptions.build(
            k=self.k,
            filter=self.filter,
            as_of=self.as_of,
            token_budget=self.token_budget,
            include_facts=self.include_facts,
        )
        base = RecallOptions.build(base, **self.search_kwargs)
        return RecallOptions.build(base, **{k: v for k, v in call.items() if v is not None})

    def _documents(self, recall: Recall, options: RecallOptions) -> list[Document]:
        if self.mode == "context":
            if not recall.statements and not recall.facts:
                return []
            return [Document(page_content=recall.text, metadata=context_metadata(recall))]
        facts, statements = options.best(recall)
        docs = []
        if facts:
            docs.append(Document(page_content="\n".join(facts), metadata=facts_metadata(recall)))
        docs.extend(
            Document(
                page_content=item.statement.text,
                metadata=statement_metadata(item),
                id=f"{item.statement.namespace}:{item.statement.id}",
            )
            for item in statements
        )
        return docs

    def _recall_kwargs(self, options: RecallOptions) -> dict[str, Any]:
        kwargs = options.recall_kwargs()
        if self.mode == "context":
            del kwargs["order"]  # the context is rendered oldest first
        return kwargs

    def _namespace(self, namespace: str | None) -> str | None:
        # a namespace given per call is the engine's to check ("" is refused, not "not given")
        return self.namespace if namespace is None else namespace

    def _get_relevant_documents(
        self,
        query: str,
        *,
        run_manager: CallbackManagerForRetrieverRun,
        namespace: str | None = None,
        **options: Any,
    ) -> list[Document]:
        opts = self._options(**options)
        recall = self.memory.recall(
            query, namespace=self._namespace(namespace), **self._recall_kwargs(opts)
        )
        return self._documents(recall, opts)

    async def _aget_relevant_documents(
        self,
        query: str,
        *,
        run_manager: AsyncCallbackManagerForRetrieverRun,
        namespace: str | None = None,
        **options: Any,
    ) -> list[Document]:
        opts = self._options(**options)
        recall = await self.memory.arecall(
            query, namespace=self._namespace(namespace), **self._recall_kwargs(opts)
        )
        return self._documents(recall, opts)
