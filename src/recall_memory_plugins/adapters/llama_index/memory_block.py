"""``RecallMemoryBlock``: a long-term block for ``llama_index.core.memory.Memory``."""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path
from typing import Any

from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.memory.memory import BaseMemoryBlock
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    field_validator,
    model_validator,
)

from ...engine.memory import TemporalGraphMemory
from ...errors import InputError
from ...models import Recall
from .._common import (
    MEMORY_PROMPT,
    check_adapter_fields,
    check_engine,
    check_prompt,
    engine_state,
    pydantic_errors,
    render_prompt,
    reopened_state,
)
from ._convert import last_user_text, speaker_of

__all__ = ["RecallMemoryBlock"]

_REMEMBERED_RECALLS = 16

_log = logging.getLogger(__name__)


class RecallMemoryBlock(BaseMemoryBlock[str]):
    """The temporal graph as a block of LlamaIndex's ``Memory``.

    ``Memory`` keeps the recent turns itself (its FIFO chat history) and calls the blocks as
    follows:

    * ``aget`` (each ``memory.get()``): recalls the statements that answer the latest user
      message within ``token_budget`` and returns them as text (``prompt`` with ``{memory}``),
      which ``Memory`` inserts into the system message.
    * ``aput`` (when turns overflow the chat-history share of ``token_limit``): stores each user
      and assistant message with text as a time step with its speaker. Turns reach the graph only
      when ``Memory`` flushes them; choose ``token_limit``/``chat_history_token_ratio``
      accordingly (or use :class:`RecallChatMemory`, which stores every turn at once).
    * ``atruncate`` (when the whole context exceeds ``token_limit`` and ``priority`` > 0):
      recalls again with the budget reduced by the tokens ``Memory`` asks for, so the most
      relevant statements are kept, still in chronological order.

    Args:
        memory: the engine (injected; not serialised).
        namespace: the user/session scope; None uses the engine's default namespace.
        token_budget: tokens of recalled memory (the block's share); None uses the engine's.
        user_speaker: speaker stored with user messages.
        assistant_speaker: speaker stored with assistant messages.
        prompt: how the recalled statements are presented; must contain ``{memory}``.
    """

    # extra='forbid': a misspelt option (token_budjet) is an error, not dropped
    model_config = ConfigDict(extra="forbid")

    memory: TemporalGraphMemory = Field(exclude=True, repr=False)
    name: str = Field(default="recall_memory", description="The name of the memory block.")
    description: str | None = Field(
        default="Time-aware long-term memory recalled for the latest user message.",
        description="A description of the memory block.",
    )
    priority: int = Field(
        default=1,
        description="Truncation priority (0 = never truncate; higher numbers are truncated first).",
    )
    namespace: str | None = None
    token_budget: int | None = None
    user_speaker: str = "User"
    assistant_speaker: str = "Assistant"
    prompt: str = MEMORY_PROMPT

    # rendered text -> the Recall it came from, so atruncate can re-recall with a smaller budget
    _recalls: OrderedDict[str, Recall] = PrivateAttr(default_factory=OrderedDict)

    def __init__(self, **data: Any) -> None:
        with pydantic_errors("RecallMemoryBlock"):
            super().__init__(**data)

    @field_validator("memory", mode="before")
    @classmethod
    def _engine(cls, value: object) -> TemporalGraphMemory:
        return check_engine(value, "RecallMemoryBlock", from_path=True)

    @model_validator(mode="before")
    @classmethod
    def _fields(cls, data: Any) -> Any:
        return check_adapter_fields(data, "RecallMemoryBlock")

    @field_validator("prompt")
    @classmethod
    def _prompt(cls, value: str) -> str:
        return check_prompt(value, "RecallMemoryBlock")

    def __getstate__(self) -> dict[Any, Any]:
        state = BaseModel.__getstate__(self)
        return {**state, "__dict__": engine_state(state["__dict__"], "memory")}

    def __setstate__(self, state: dict[Any, Any]) -> None:
        BaseModel.__setstate__(
            self, {**state, "__dict__": reopened_state(state["__dict__"], "memory")}
        )

    @classmethod
    def from_path(
        cls, path: str | Path, *, annotator: str = "auto", **fields: Any
    ) -> RecallMemoryBlock:
        """Build the engine on a SQLite file (or ``":memory:"``) and wrap it.

        The engine is ``.memory``; close it with ``block.memory.close()`` when done.
        """
        return cls(memory=TemporalGraphMemory(path, annotator=annotator), **fields)

    def _render(self, recall: Recall) -> str:
        if not recall.statements and not recall.facts:
            return ""
        text = render_prompt(self.prompt, recall)
        self._recalls[text] = recall
        while len(self._recalls) > _REMEMBERED_RECALLS:
            self._recalls.popitem(last=False)
        return text

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        question = last_user_text(messages)
        if not question.strip():
            return ""
        recall = await self.memory.arecall(
            question, namespace=self.namespace, token_budget=self.token_budget
        )
        return self._render(recall)

    async def _aput(self, messages: list[ChatMessage]) -> None:
        # Memory flushes old messages here from a later put(): an error would surface there and
        # lose the good messages flushed with the bad one, so a message the engine refuses is
        # skipped with a warning and the others are stored
        for message in messages:
            speaker = speaker_of(message, user=self.user_speaker, assistant=self.assistant_speaker)
            if speaker is not None:
                try:
                    await self.memory.aadd(
                        message.content or "", namespace=self.namespace, speaker=speaker
                    )
                except InputError as exc:
                    _log.warning("RecallMemoryBlock skipped a message the memory refused: %s", exc)

    async def atruncate(self, content: str, tokens_to_truncate: int) -> str | None:
        """Recall again within ``tokens_to_truncate`` fewer tokens (None drops the block)."""
        recall = self._recalls.pop(content, None)
        if recall is None:
            return None
        budget = recall.token_count - tokens_to_truncate
        if budget < 1:
            return None
        smaller = await self.memory.arecall(
            recall.question, namespace=recall.namespace, token_budget=budget
        )
        return self._render(smaller) or None
