"""Framework-free helpers shared by the LangChain and LlamaIndex adapters."""

from __future__ import annotations

from typing import Any

from ..models import Recall, RecalledStatement

__all__ = ["MEMORY_PROMPT", "context_metadata", "statement_metadata"]

#: How the agent middleware and the chat memories present recalled memory to the model.
MEMORY_PROMPT = (
    "Relevant memory: current facts first, then statements oldest first (each was true when "
    "it was said; a later statement supersedes an earlier one):\n{memory}"
)


def statement_metadata(item: RecalledStatement) -> dict[str, Any]:
    """The metadata of one recalled statement, as documents and nodes carry it."""
    st = item.statement
    return {
        "statement_id": st.id,
        "namespace": st.namespace,
        "t_index": st.t_index,
        "timestamp": st.at.isoformat(),
        "speaker": st.speaker,
        "source": st.source,
        "concepts": list(item.concepts),
        "score": item.score,
    }


def context_metadata(recall: Recall) -> dict[str, Any]:
    """The metadata of the single ordered context of a recall (``mode="context"``)."""
    return {
        "namespace": recall.namespace,
        "question": recall.question,
        "strategy": recall.strategy,
        "token_count": recall.token_count,
        "token_budget": recall.token_budget,
        "statement_ids": [s.statement.id for s in recall.statements],
        "t_indexes": [s.statement.t_index for s in recall.statements],
        "facts": list(recall.facts),
    }
