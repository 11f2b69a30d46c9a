"""LlamaIndex ``RecallChatMemory``, round 48 (R): ``token_limit`` caps the whole memory message
(the prompt's own words and the recalled text), not only the recalled text."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.base.llms.types import ChatMessage, MessageRole

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.llama_index import RecallChatMemory
from recall_memory_plugins.engine.tokens import get_token_counter

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=timezone.utc)
TURNS = (
    "Hi, my internet keeps dropping every evening around 8pm. Account number 55102-7.",
    "Hi Dana, sorry to hear that. Which router model do you have?",
    "It's the white one you sent me, an Archer AX55.",
    "Thanks. Could you tell me what lights are on when it drops?",
    "The internet light turns orange and then comes back after two or three minutes.",
)


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline") as engine:
        for i, text in enumerate(TURNS):
            engine.add(text, speaker="Dana" if i % 2 == 0 else "Raj", at=T0 + timedelta(minutes=i))
        yield engine


def _tokens(messages: list[ChatMessage]) -> int:
    count = get_token_counter().count
    return sum(count(str(m.content)) for m in messages)


@pytest.mark.parametrize("limit", [60, 150, 400])
def test_the_memory_message_fits_token_limit(memory: TemporalGraphMemory, limit: int) -> None:
    chat_memory = RecallChatMemory.from_defaults(memory=memory, token_limit=limit)
    messages = chat_memory.get(input="What is Dana's account number?")
    assert messages and messages[0].role == MessageRole.SYSTEM
    assert "Relevant memory" in str(messages[0].content)
    assert _tokens(messages) <= limit


def test_a_custom_prompt_counts_too(memory: TemporalGraphMemory) -> None:
    prompt = "Here is everything you remember about this customer, oldest first:\n{memory}"
    chat_memory = RecallChatMemory.from_defaults(memory=memory, token_limit=50, prompt=prompt)
    messages = chat_memory.get(input="What is Dana's account number?")
    assert "55102-7" in str(messages[0].content)
    assert _tokens(messages) <= 50


def test_a_limit_below_the_prompt_leaves_the_memory_message_out(
    memory: TemporalGraphMemory,
) -> None:
    chat_memory = RecallChatMemory.from_defaults(memory=memory, token_limit=20)
    assert chat_memory.token_budget == 1
    assert chat_memory.get(input="What is Dana's account number?") == []
