"""``RecallMemory``: the classic LangChain ``BaseMemory`` over a :class:`TemporalGraphMemory`."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from langchain_core._api.deprecation import LangChainDeprecationWarning
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import ConfigDict, Field, field_validator, model_validator

from ...engine.memory import TemporalGraphMemory
from ...errors import InputError
from ...models import Recall
from .._common import (
    check_adapter_fields,
    check_engine,
    engine_state,
    is_named_user_turn,
    pydantic_errors,
    reopened_state,
    user_turn,
)

__all__ = ["RecallMemory"]

# LangChain marks BaseMemory itself deprecated (it points to agents + checkpointers). Classic
# chains still take a ``memory=``, and this adapter is how they get a long-term one, so only that
# one notice is silenced, and only while importing and building the adapter. Every other warning,
# including the deprecation notices of the chains a user builds, still shows.
_BASE_MEMORY_NOTICE = r".*`BaseMemory` was deprecated"


@contextmanager
def _quiet_base_memory_notice() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=_BASE_MEMORY_NOTICE, category=LangChainDeprecationWarning
        )
        yield


with _quiet_base_memory_notice():
    from langchain_classic.base_memory import BaseMemory



def _turn_text(value: Any, what: str) -> str:
    """A turn's text: a string, a message's text, or the texts of a list of messages."""
    if isinstance(value, str):
        return value
    if isinstance(value, BaseMessage):
        return value.text
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, BaseMessage) for v in value):
        return "\n".join(v.text for v in value)
    raise InputError(f"RecallMemory's {what} must be a string or a message, got {type(value).__name__}")


def _user_turns(value: Any, what: str, default: str) -> list[dict[str, Any]]:
    """The user's turn as ``add_many`` items: one, said by ``default``, unless its messages are
    human messages with a ``name`` (who said it in a multi-party chat); then each run of
    consecutive messages of one speaker is one item (one time step) of that speaker."""
    text = _turn_text(value, what)
    if isinstance(value, str):
        return [{"text": text, "speaker": default}]
    items: list[dict[str, Any]] = []
    for message in [value] if isinstance(value, BaseMessage) else value:
        name = message.name if isinstance(message, HumanMessage) else None
        item = user_turn(message.text, name, default)
        if items and items[-1]["speaker"] == item["speaker"]:
            items[-1]["text"] += "\n" + item["text"]
        else:
            items.append(item)
    return items


class RecallMemory(BaseMemory):
    """Long-term, time-aware memory for classic chains (``ConversationChain``, ``LLMChain``).

    Before a run the chain calls :meth:`load_memory_variables`, which recalls the statements that
    answer the current input (chronological, within ``token_budget``); after the run it calls
    :meth:`save_context`, which stores the user turn and the AI turn as two time steps, each with
    its speaker. The chain's prompt decides where ``{history}`` (``memory_key``) goes.

    Args:
        memory: the engine (injected; not serialised, so chain dumps never show store paths or
            credentials).
        namespace: the user/session scope; None uses the engine's default namespace.
        memory_key: the prompt variable the recalled memory fills.
        input_key: the input holding the user's turn; None picks the only non-memory input.
        output_key: the output holding the AI's turn; None picks the only output (or ``output``).
        return_messages: return a list of messages instead of one string.
        human_prefix: speaker stored with (and rendered for) the user's turns; a human
            message's ``name`` is stored instead when it has one (rendered ``"Anna: ..."``).
        ai_prefix: speaker stored with (and rendered for) the AI's turns.
        token_budget: tokens of recalled memory; None uses the engine's configured budget.

    Example:
        >>> from langchain_classic.chains import ConversationChain
        >>> memory = RecallMemory(memory=TemporalGraphMemory("memory.db"), namespace="alice")
        >>> chain = ConversationChain(llm=llm, memory=memory)  # doctest: +SKIP
    """

    # extra='forbid': a misspelt option (tokenbudget) is an error, not dropped
    model_config = ConfigDict(extra="forbid")

    memory: TemporalGraphMemory = Field(exclude=True, repr=False)
    namespace: str | None = None
    memory_key: str = "history"
    input_key: str | None = None
    output_key: str | None = None
    return_messages: bool = False
    human_prefix: str = "Human"
    ai_prefix: str = "AI"
    token_budget: int | None = None

    def __init__(self, **data: Any) -> None:
        with _quiet_base_memory_notice(), pydantic_errors("RecallMemory"):
            super().__init__(**data)

    @field_validator("memory", mode="before")
    @classmethod
    def _engine(cls, value: object) -> TemporalGraphMemory:
        return check_engine(value, "RecallMemory", from_path=True)

    @model_validator(mode="before")
    @classmethod
    def _fields(cls, data: Any) -> Any:
        return check_adapter_fields(data, "RecallMemory")

    def __getstate__(self) -> dict[Any, Any]:
        state = super().__getstate__()
        return {**state, "__dict__": engine_state(state["__dict__"], "memory")}

    def __setstate__(self, state: dict[Any, Any]) -> None:
        super().__setstate__({**state, "__dict__": reopened_state(state["__dict__"], "memory")})

    @classmethod
    def from_path(cls, path: str | Path, *, annotator: str = "auto", **fields: Any) -> RecallMemory:
        """Build the engine on a SQLite file (or ``":memory:"``) and wrap it.

        The engine is ``.memory``; close it with ``adapter.memory.close()`` when done.
        """
        return cls(memory=TemporalGraphMemory(path, annotator=annotator), **fields)

    @property
    def memory_variables(self) -> list[str]:
        """The one prompt variable this memory fills (``memory_key``)."""
        return [self.memory_key]

    # ------------------------------------------------------------------------------ conversions
    def _question(self, inputs: dict[str, Any]) -> str:
        return _turn_text(*self._user_input(inputs))

    def _user_input(self, inputs: dict[str, Any]) -> tuple[Any, str]:
        """The input holding the user's turn, and how errors name it."""
        key = self.input_key
        if key is None:
            keys = [k for k in inputs if k not in (self.memory_key, "stop")]
            if len(keys) != 1:
                raise InputError(
                    f"RecallMemory cannot tell which input is the user's turn among {keys}; "
                    "set input_key"
                )
            key = keys[0]
        if key not in inputs:
            raise InputError(
                f"RecallMemory.input_key {key!r} is not among the inputs {list(inputs)}"
            )
        return inputs[key], f"input {key!r}"

    def _answer(self, outputs: dict[str, Any]) -> str:
        key = self.output_key
        if key is None:
            if len(outputs) == 1:
                key = next(iter(outputs))
            elif "output" in outputs:
                key = "output"
            else:
                raise InputError(
                    f"RecallMemory cannot tell which output is the AI's turn among "
                    f"{list(outputs)}; set output_key"
                )
        if key not in outputs:
            raise InputError(
                f"RecallMemory.output_key {key!r} is not among the outputs {list(outputs)}"
            )
        return _turn_text(outputs[key], f"output {key!r}")

    def _variables(self, recall: Recall) -> dict[str, Any]:
        if not self.return_messages:
            return {self.memory_key: recall.text}
        messages: list[BaseMessage] = []
        if recall.facts:
            messages.append(SystemMessage(content="Known facts:\n" + "\n".join(recall.facts)))
        for item in recall.statements:
            st = item.statement
            if st.speaker == self.ai_prefix and not is_named_user_turn(st.metadata):
                messages.append(AIMessage(content=st.text))
            elif st.speaker == self.human_prefix or not st.speaker:
                messages.append(HumanMessage(content=st.text))
            else:
                messages.append(HumanMessage(content=st.render(with_time=False)))
        return {self.memory_key: messages}

    # ------------------------------------------------------------------------------ hooks
    def load_memory_variables(self, inputs: dict[str, Any]) -> dict[str, Any]:
        """Recall what answers the current input: ``{memory_key: text or messages}``."""
        recall = self.memory.recall(
            self._question(inputs), namespace=self.namespace, token_budget=self.token_budget
        )
        return self._variables(recall)

    async def aload_memory_variables(self, inputs: dict[str, Any]) -> dict[str, Any]:
        """Async twin of :meth:`load_memory_variables`."""
        recall = await self.memory.arecall(
            self._question(inputs), namespace=self.namespace, token_budget=self.token_budget
        )
        return self._variables(recall)

    def save_context(self, inputs: dict[str, Any], outputs: dict[str, Any]) -> None:
        """Store the user's turn, then the AI's turn (two time steps, speaker-tagged).

        A human message with a ``name`` (a non-empty string) is stored with that name as its
        speaker instead of ``human_prefix``; an input of messages of several named speakers is
        one time step per run of one speaker's messages.

        All or nothing: both turns are checked before either is stored and written by one
        ``add_many``, so a turn the engine refuses (an ``InputError``) stores neither."""
        turns = _user_turns(*self._user_input(inputs), self.human_prefix)
        answer = {"text": self._answer(outputs), "speaker": self.ai_prefix}
        items = [item for item in (*turns, answer) if item["text"].strip()]
        if items:
            self.memory.add_many(items, namespace=self.namespace)

    async def asave_context(self, inputs: dict[str, Any], outputs: dict[str, Any]) -> None:
        """Async twin of :meth:`save_context` (one call in a worker thread: a cancelled await
        leaves the exchange stored whole or not at all, never the user's turn alone)."""
        await asyncio.to_thread(self.save_context, inputs, outputs)

    def clear(self) -> None:
        """Hard-delete everything stored in this memory's namespace."""
        self.memory.clear(self.namespace)

    async def aclear(self) -> None:
        """Async twin of :meth:`clear`."""
        await self.memory.aclear(self.namespace)
