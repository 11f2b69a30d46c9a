"""``RecallRetriever``: a LlamaIndex ``BaseRetriever`` for query engines."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.callbacks import CallbackManager
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from ...engine.filters import StatementFilter
from ...engine.memory import TemporalGraphMemory
from ...errors import ConfigurationError
from ...models import Recall
from .._common import (
    RecallOptions,
    check_budget_option,
    check_engine,
    check_namespace_option,
    check_no_unknown_options,
    context_metadata,
    engine_state,
    facts_metadata,
    reopened_state,
    statement_metadata,
)

__all__ = ["RecallRetriever"]

# What the LLM sees above each statement; the rest is for filtering and tracing.
_LLM_KEYS = ("timestamp", "speaker", "t_index")


class RecallRetriever(BaseRetriever):
    """Recalled statements as ``NodeWithScore`` (``TextNode``), best first.

    ``mode="nodes"`` returns the current relation facts as the first node (metadata
    ``type="facts"``, score None; ``include_facts=False`` leaves it out), then one node per
    statement, best first, with its score and metadata ``type="statement"``, ``statement_id``,
    ``namespace``, ``t_index``, ``timestamp`` (ISO), ``speaker``, ``source``, ``concepts`` and
    ``score`` (the LLM sees timestamp, speaker and time step above the text). ``mode="context"``
    returns one node holding the whole ordered context (:attr:`Recall.text`: facts, then
    time-stamped statements oldest first). Use it in
    ``RetrieverQueryEngine.from_args(retriever, llm=...)``.

    Args:
        memory: the engine (injected; :meth:`from_path` opens one on a file).
        namespace: the user/session scope; None uses the engine's default namespace.
        token_budget: tokens of recalled memory; None uses the engine's configured budget.
        mode: ``"nodes"`` or ``"context"``.
        similarity_top_k: at most this many nodes (the facts node counts); None: all that fit
            the budget. ``top_k`` is an alias.
        filters: only statements it accepts: a :class:`StatementFilter` or a mapping with
            ``speaker``, ``source`` (one or a list), ``since``/``until`` (aware datetimes),
            ``since_step``/``until_step``.
        as_of: recall the memory as it was at this time step (or aware datetime).
        include_facts: the current facts as the first node.
        callback_manager: LlamaIndex callbacks.
        verbose: LlamaIndex's verbose flag.

    Raises:
        ConfigurationError: ``memory`` is not an engine (a path: use :meth:`from_path`), or an
            option is invalid.
    """

    def __init__(
        self,
        memory: TemporalGraphMemory,
        *,
        namespace: str | None = None,
        token_budget: int | None = None,
        mode: Literal["nodes", "context"] = "nodes",
        similarity_top_k: int | None = None,
        top_k: int | None = None,
        filters: StatementFilter | Mapping[str, Any] | None = None,
        as_of: int | datetime | None = None,
        include_facts: bool = True,
        callback_manager: CallbackManager | None = None,
        verbose: bool = False,
        **unknown: Any,
    ) -> None:
        check_no_unknown_options(unknown, "RecallRetriever")
        if mode not in ("nodes", "context"):
            raise ConfigurationError(f"mode must be 'nodes' or 'context', got {mode!r}")
        if include_facts is None:  # (per call None means "not given"; here it is no choice)
            raise ConfigurationError("include_facts must be true or false, got None")
        if similarity_top_k is not None and top_k is not None and similarity_top_k != top_k:
            raise ConfigurationError("give similarity_top_k or top_k, not both")
        self.memory = check_engine(memory, "RecallRetriever", from_path=True)
        namespace = check_namespace_option(namespace, "RecallRetriever")
        self.options = RecallOptions.build(
            k=similarity_top_k if similarity_top_k is not None else top_k,
            filter=filters,
            as_of=as_of,
            token_budget=check_budget_option(token_budget, "RecallRetriever"),
            include_facts=include_facts,
        )
        super().__init__(callback_manager=callback_manager, verbose=verbose)
        self.namespace = namespace
        self.mode = mode

    @property
    def token_budget(self) -> int | None:
        """Tokens of recalled memory (None: the engine's budget)."""
        return self.options.token_budget

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

    def __getstate__(self) -> dict[str, Any]:
        return engine_state(self.__dict__, "memory")

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(reopened_state(state, "memory"))

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
        facts, statements = self.options.best(recall)
        nodes = []
        if facts:
            metadata = facts_metadata(recall)
            node = TextNode(
                id_=f"recall:{recall.namespace}:facts",
                text="\n".join(facts),
                metadata=metadata,
                excluded_llm_metadata_keys=list(metadata),
                excluded_embed_metadata_keys=list(metadata),
            )
            nodes.append(NodeWithScore(node=node, score=None))
        for item in statements:
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

    def _recall_kwargs(self) -> dict[str, Any]:
        kwargs = self.options.recall_kwargs()
        if self.mode == "context":
            del kwargs["order"]  # the context is rendered oldest first
        return kwargs

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        recall = self.memory.recall(
            query_bundle.query_str, namespace=self.namespace, **self._recall_kwargs()
        )
        return self._nodes(recall)

    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        recall = await self.memory.arecall(
            query_bundle.query_str, namespace=self.namespace, **self._recall_kwargs()
        )
        return self._nodes(recall)
