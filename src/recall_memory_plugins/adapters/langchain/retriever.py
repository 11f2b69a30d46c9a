"""``RecallRetriever``: a LangChain ``BaseRetriever`` for LCEL RAG chains."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from langchain_core.callbacks import (
    AsyncCallbackManagerForRetrieverRun,
    CallbackManagerForRetrieverRun,
)
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field

from ...engine.memory import TemporalGraphMemory
from ...models import Recall
from .._common import context_metadata, statement_metadata

__all__ = ["RecallRetriever"]


class RecallRetriever(BaseRetriever):
    """Recalled statements as LangChain ``Document`` objects, oldest first.

    ``mode="documents"`` returns one document per statement (``page_content`` is the statement's
    text; ``metadata`` has ``statement_id``, ``namespace``, ``t_index``, ``timestamp`` (ISO),
    ``speaker``, ``source``, ``concepts`` and ``score``). ``mode="context"`` returns one document
    holding the whole ordered context (:attr:`Recall.text`: current facts, then time-stamped
    statements), ready to paste into a prompt.

    The namespace is the ``namespace`` field, or per call ``retriever.invoke(q, namespace="bob")``;
    to choose it from the run config use LangChain's own mechanism:
    ``retriever.configurable_fields(namespace=ConfigurableField(id="namespace"))``.

    Args:
        memory: the engine (injected; never serialised).
        namespace: the user/session scope; None uses the engine's default namespace.
        token_budget: tokens of recalled memory; None uses the engine's configured budget.
        mode: ``"documents"`` or ``"context"``.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    memory: TemporalGraphMemory = Field(exclude=True, repr=False)
    namespace: str | None = None
    token_budget: int | None = None
    mode: Literal["documents", "context"] = "documents"

    @classmethod
    def from_path(
        cls, path: str | Path, *, annotator: str = "auto", **fields: Any
    ) -> RecallRetriever:
        """Build the engine on a SQLite file (or ``":memory:"``) and wrap it.

        The engine is ``.memory``; close it with ``retriever.memory.close()`` when done.
        """
        return cls(memory=TemporalGraphMemory(path, annotator=annotator), **fields)

    def _documents(self, recall: Recall) -> list[Document]:
        if self.mode == "context":
            if not recall.statements and not recall.facts:
                return []
            return [Document(page_content=recall.text, metadata=context_metadata(recall))]
        return [
            Document(
                page_content=item.statement.text,
                metadata=statement_metadata(item),
                id=f"{item.statement.namespace}:{item.statement.id}",
            )
            for item in recall.statements
        ]

    def _get_relevant_documents(
        self,
        query: str,
        *,
        run_manager: CallbackManagerForRetrieverRun,
        namespace: str | None = None,
    ) -> list[Document]:
        recall = self.memory.recall(
            query, namespace=namespace or self.namespace, token_budget=self.token_budget
        )
        return self._documents(recall)

    async def _aget_relevant_documents(
        self,
        query: str,
        *,
        run_manager: AsyncCallbackManagerForRetrieverRun,
        namespace: str | None = None,
    ) -> list[Document]:
        recall = await self.memory.arecall(
            query, namespace=namespace or self.namespace, token_budget=self.token_budget
        )
        return self._documents(recall)
