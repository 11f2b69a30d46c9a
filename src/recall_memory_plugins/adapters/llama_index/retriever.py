"""``RecallRetriever``: a LlamaIndex ``BaseRetriever`` for query engines."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.callbacks import CallbackManager
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from ...engine.memory import TemporalGraphMemory
from ...errors import ConfigurationError
from ...models import Recall
from .._common import context_metadata, statement_metadata

__all__ = ["RecallRetriever"]

# What the LLM sees above each statement; the rest is for filtering and tracing.
_LLM_KEYS = ("timestamp", "speaker", "t_index")


class RecallRetriever(BaseRetriever):
    """Recalled statements as ``NodeWithScore`` (``TextNode``), oldest first.

    ``mode="nodes"`` returns one node per statement with metadata ``statement_id``,
    ``namespace``, ``t_index``, ``timestamp`` (ISO), ``speaker``, ``source``, ``concepts`` and
    ``score`` (the LLM sees timestamp, speaker and time step above the text). ``mode="context"``
    returns one node holding the whole ordered context (:attr:`Recall.text`: facts, then
    time-stamped statements). Use it in ``RetrieverQueryEngine.from_args(retriever, llm=...)``.

    Args:
        memory: the engine (injected).
        namespace: the user/session scope; None uses the engine's default namespace.
        token_budget: tokens of recalled memory; None uses the engine's configured budget.
        mode: ``"nodes"`` or ``"context"``.
        callback_manager: LlamaIndex callbacks.
        verbose: LlamaIndex's verbose flag.
    """

    def __init__(
        self,
        memory: TemporalGraphMemory,
        *,
        namespace: str | None = None,
        token_budget: int | None = None,
        mode: Literal["nodes", "context"] = "nodes",
        callback_manager: CallbackManager | None = None,
        verbose: bool = False,
    ) -> None:
        if mode not in ("nodes", "context"):
            raise ConfigurationError(f"mode must be 'nodes' or 'context', got {mode!r}")
        super().__init__(callback_manager=callback_manager, verbose=verbose)
        self.memory = memory
        self.namespace = namespace
        self.token_budget = token_budget
        self.mode = mode

    @classmethod
    def from_path(
        cls, path: str | Path, *, annotator: str = "auto", **options: Any
    ) -> RecallRetriever:
        """Build the engine on a SQLite file (or ``":memory:"``) and wrap it.

        The engine is ``.memory``; close it with ``retriever.memory.close()`` when done.
        """
        return cls(TemporalGraphMemory(path, annotator=annotator), **options)

    def __repr__(self) -> str:
        return f"RecallRetriever(namespace={self.namespace!r}, mode={self.mode!r})"

    def _nodes(self, recall: Recall) -> list[NodeWithScore]:
        if self.mode == "context":
            if not recall.statements and not recall.facts:
                return []
            metadata = context_metadata(recall)
            node = TextNode(
                text=recall.text,
                metadata=metadata,
                excluded_llm_metadata_keys=list(metadata),
                excluded_embed_metadata_keys=list(metadata),
            )
            return [NodeWithScore(node=node, score=None)]
        nodes = []
        for item in recall.statements:
            metadata = statement_metadata(item)
            hidden = [k for k in metadata if k not in _LLM_KEYS]
            node = TextNode(
                id_=f"recall:{item.statement.namespace}:{item.statement.id}",
                text=item.statement.text,
                metadata=metadata,
                excluded_llm_metadata_keys=hidden,
                excluded_embed_metadata_keys=hidden,
            )
            nodes.append(NodeWithScore(node=node, score=item.score))
        return nodes

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        recall = self.memory.recall(
            query_bundle.query_str, namespace=self.namespace, token_budget=self.token_budget
        )
        return self._nodes(recall)

    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        recall = await self.memory.arecall(
            query_bundle.query_str, namespace=self.namespace, token_budget=self.token_budget
        )
        return self._nodes(recall)
