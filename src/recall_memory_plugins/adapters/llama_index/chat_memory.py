"""``RecallChatMemory``: a legacy LlamaIndex ``BaseMemory`` for chat engines and agents."""

from __future__ import annotations

import asyncio
import reprlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.memory.types import BaseMemory
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from ...engine.memory import TemporalGraphMemory
from ...engine.tokens import get_token_counter
from ...errors import ConfigurationError, InputError
from ...models import Recall
from .._common import (
    MEMORY_PROMPT,
    check_adapter_fields,
    check_budget_option,
    check_engine,
    check_prompt,
    engine_state,
    pydantic_errors,
    render_prompt,
    reopened_state,
)
from ._convert import last_user_text, speaker_of

__all__ = ["RecallChatMemory"]


class RecallChatMemory(BaseMemory):
    """Chat memory for ``SimpleChatEngine``, ``ContextChatEngine``, agents (``memory=``).

    * :meth:`put`: keeps the message in a short in-process buffer of at most ``recent_messages``
      messages (cut at a user message, so tool calls keep their results; the current turn is
      kept whole), and stores user/assistant text in the graph at once (one time step each,
      with the speaker; tool calls and results are not stored).
    * :meth:`get`: returns a system message with the statements recalled for ``input`` (default:
      the latest user message of the buffer), oldest first, followed by the buffered turns.
      Statements that are already in the buffer are not repeated.
    * :meth:`set` replaces the buffer (the graph is not written); :meth:`reset` empties it. The
      graph keeps its history across sessions; ``memory.clear(namespace)`` hard-deletes it.

    The buffer lives in this object: one instance per conversation; the graph is shared.

    Args:
        memory: the engine (injected; not serialised).
        namespace: the user/session scope; None uses the engine's default namespace.
        token_budget: tokens of recalled memory; None uses the engine's configured budget.
        recent_messages: messages kept verbatim in the buffer.
        user_speaker: speaker stored with user messages.
        assistant_speaker: speaker stored with assistant messages.
        prompt: the system message's text; must contain ``{memory}``.
    """

    # extra='forbid': a misspelt option (recent_message) is an error, not dropped
    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    memory: TemporalGraphMemory = Field(exclude=True, repr=False)
    namespace: str | None = None
    token_budget: int | None = None
    recent_messages: int = Field(default=6, ge=0)
    user_speaker: str = "User"
    assistant_speaker: str = "Assistant"
    prompt: str = MEMORY_PROMPT

    # (message, ids of the statements it was stored as)
    _recent: list[tuple[ChatMessage, tuple[int, ...]]] = PrivateAttr(default_factory=list)

    def __init__(self, **data: Any) -> None:
        with pydantic_errors("RecallChatMemory"):
            super().__init__(**data)

    @field_validator("memory", mode="before")
    @classmethod
    def _engine(cls, value: object) -> TemporalGraphMemory:
        return check_engine(value, "RecallChatMemory")

    @model_validator(mode="before")
    @classmethod
    def _fields(cls, data: Any) -> Any:
        return check_adapter_fields(data, "RecallChatMemory")

    @field_validator("prompt")
    @classmethod
    def _prompt(cls, value: str) -> str:
        return check_prompt(value, "RecallChatMemory")

    @classmethod
    def class_name(cls) -> str:
        """The LlamaIndex component name."""
        return "RecallChatMemory"

    def __getstate__(self) -> dict[Any, Any]:
        state = BaseModel.__getstate__(self)
        return {**state, "__dict__": engine_state(state["__dict__"], "memory")}

    def __setstate__(self, state: dict[Any, Any]) -> None:
        BaseModel.__setstate__(
            self, {**state, "__dict__": reopened_state(state["__dict__"], "memory")}
        )

    @classmethod
    def from_defaults(  # type: ignore[override]
        cls,
        memory: TemporalGraphMemory | None = None,
        *,
        path: str | Path | None = None,
        annotator: str = "auto",
        chat_history: list[ChatMessage] | None = None,
        token_limit: int | None = None,
        **fields: Any,
    ) -> RecallChatMemory:
        """Wrap ``memory``, or build an engine on ``path`` (None: the default SQLite file).

        Chat engines call this as ``memory_cls.from_defaults(chat_history=..., token_limit=...)``:
        ``chat_history`` seeds the buffer, ``token_limit`` (the LLM's context) caps
        ``token_budget`` so that the whole memory message (``prompt`` with the recalled text)
        fits it. An engine built here is ``.memory``; close it with
        ``chat_memory.memory.close()``.

        Raises:
            ConfigurationError: ``token_limit`` is not an int >= 1, ``chat_history`` is not a
                list of ``ChatMessage``, or a field is invalid.
        """
        if token_limit is not None and (
            isinstance(token_limit, bool) or not isinstance(token_limit, int) or token_limit < 1
        ):
            raise ConfigurationError(
                f"RecallChatMemory token_limit must be an int >= 1 or None, got {token_limit!r}"
            )
        if chat_history is not None and (
            not isinstance(chat_history, (list, tuple))
            or not all(isinstance(m, ChatMessage) for m in chat_history)
        ):
            raise ConfigurationError(
                "RecallChatMemory chat_history must be a list of ChatMessage or None, got "
                f"{reprlib.repr(chat_history)}"
            )
        engine = memory if memory is not None else TemporalGraphMemory(path, annotator=annotator)
        if token_limit is not None:
            budget = (
                check_budget_option(fields.get("token_budget"), "RecallChatMemory")
                or engine.config.token_budget
            )
            # the prompt's own words are in the message too: the recalled text gets the rest
            prompt = check_prompt(fields.get("prompt", MEMORY_PROMPT), "RecallChatMemory")
            own = get_token_counter(engine.config.encoding).count(prompt.format(memory=""))
            fields["token_budget"] = max(1, min(budget, token_limit - own))
        chat_memory = cls(memory=engine, **fields)
        if chat_history:
            chat_memory.set(chat_history)
        return chat_memory

    # ------------------------------------------------------------------------------ conversions
    def _remember(self, message: ChatMessage, statement_ids: tuple[int, ...]) -> None:
        self._recent.append((message, statement_ids))
        # Cut only at a user message, so a tool call never loses its result (or the turn its
        # question); the current turn stays whole even when it is longer than recent_messages.
        starts = [i for i, (m, _) in enumerate(self._recent) if m.role == MessageRole.USER]
        fits = [i for i in starts if len(self._recent) - i <= self.recent_messages]
        cut = (
            fits[0]
            if fits
            else (starts[-1] if starts else len(self._recent) - self.recent_messages)
        )
        del self._recent[: max(0, cut)]

    def _question(self, input: str | None) -> str:
        if input is not None and not isinstance(input, str):
            raise InputError(f"input must be a string or None, got {type(input).__name__}")
        return input if input else last_user_text([m for m, _ in self._recent])

    def _messages(self, recall: Recall | None) -> list[ChatMessage]:
        history = [m for m, _ in self._recent]
        if recall is None:
            return history
        shown = {i for _, ids in self._recent for i in ids}
        rest = replace(
            recall, statements=tuple(s for s in recall.statements if s.statement.id not in shown)
        )
        if not rest.statements and not rest.facts:
            return history
        system = ChatMessage(role=MessageRole.SYSTEM, content=render_prompt(self.prompt, rest))
        return [system, *history]

    def _speaker(self, message: ChatMessage) -> str | None:
        return speaker_of(message, user=self.user_speaker, assistant=self.assistant_speaker)

    # ------------------------------------------------------------------------------ hooks
    def get(self, input: str | None = None, **kwargs: Any) -> list[ChatMessage]:
        """Recalled memory (a system message) plus the recent turns."""
        question = self._question(input)
        recall = None
        if question.strip():
            recall = self.memory.recall(
                question, namespace=self.namespace, token_budget=self.token_budget
            )
        return self._messages(recall)

    async def aget(self, input: str | None = None, **kwargs: Any) -> list[ChatMessage]:
        """Async twin of :meth:`get`."""
        question = self._question(input)
        recall = None
        if question.strip():
            recall = await self.memory.arecall(
                question, namespace=self.namespace, token_budget=self.token_budget
            )
        return self._messages(recall)

    def get_all(self) -> list[ChatMessage]:
        """The recent turns kept in the buffer."""
        return [m for m, _ in self._recent]

    def put(self, message: ChatMessage) -> None:
        """Buffer ``message`` and store its text in the graph (user/assistant messages)."""
        speaker = self._speaker(message)
        ids: tuple[int, ...] = ()
        if speaker is not None:
            ids = self.memory.add(
                message.content or "", namespace=self.namespace, speaker=speaker
            ).statement_ids
        self._remember(message, ids)

    async def aput(self, message: ChatMessage) -> None:
        """Async twin of :meth:`put`."""
        speaker = self._speaker(message)
        ids: tuple[int, ...] = ()
        if speaker is not None:
            result = await self.memory.aadd(
                message.content or "", namespace=self.namespace, speaker=speaker
            )
            ids = result.statement_ids
        self._remember(message, ids)

    def put_messages(self, messages: list[ChatMessage]) -> None:
        """Buffer ``messages`` and store their texts, all or nothing: every message is checked
        before any is stored, so one the engine refuses (``InputError``) changes nothing."""
        messages = list(messages)
        stored = [(k, m, self._speaker(m)) for k, m in enumerate(messages)]
        stored = [(k, m, who) for k, m, who in stored if who is not None and (m.content or "").strip()]
        results = self.memory.add_many(
            [{"text": m.content or "", "speaker": who} for _, m, who in stored], namespace=self.namespace
        ) if stored else []
        ids = {k: r.statement_ids for (k, _, _), r in zip(stored, results, strict=True)}
        for k, message in enumerate(messages):
            self._remember(message, ids.get(k, ()))

    async def aput_messages(self, messages: list[ChatMessage]) -> None:
        """Async twin of :meth:`put_messages` (runs in a worker thread)."""
        await asyncio.to_thread(self.put_messages, list(messages))

    def set(self, messages: list[ChatMessage]) -> None:
        """Replace the buffer with ``messages`` (the graph is not written)."""
        self._recent = []
        for message in messages:
            self._remember(message, ())

    def reset(self) -> None:
        """Empty the buffer (start a new conversation; the graph keeps its history)."""
        self._recent = []
