"""The LlamaIndex adapters inside ``Memory``, chat engines and query engines.

The only stand-in is the LLM: LlamaIndex's own ``MockLLM`` (which echoes its prompt) and
``MockLLMWithChatMemoryOfLastCall`` (which records the messages of its last call). Every test
asserts on what that model actually received.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.chat_engine import SimpleChatEngine
from llama_index.core.llms.mock import (
    MockFunctionCallingLLMWithChatMemoryOfLastCall,
    MockLLM,
    MockLLMWithChatMemoryOfLastCall,
)
from llama_index.core.memory import Memory
from llama_index.core.query_engine import RetrieverQueryEngine

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.llama_index import (
    RecallChatMemory,
    RecallMemoryBlock,
    RecallRetriever,
)
from recall_memory_plugins.errors import InputError
from tests.conftest import EN_1, EN_2, EN_Q, ZH_1, ZH_2, ZH_Q, Clock


def make_engine() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline", clock=Clock())


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    engine = make_engine()
    yield engine
    engine.close()


def in_order(text: str, *parts: str) -> bool:
    """Whether every part occurs in ``text``, in this order."""
    positions = [text.find(p) for p in parts]
    return all(p >= 0 for p in positions) and positions == sorted(positions)


def recording_llm() -> MockLLMWithChatMemoryOfLastCall:
    """LlamaIndex's mock LLM that records its last call and answers "text text text"."""
    return MockLLMWithChatMemoryOfLastCall(max_tokens=3)


def sent_text(llm: MockLLMWithChatMemoryOfLastCall) -> str:
    return "\n".join(m.content or "" for m in llm.last_chat_messages or ())


def seed(memory: TemporalGraphMemory, namespace: str, *texts: str) -> None:
    for text in texts:
        memory.add(text, namespace=namespace, speaker="User")


# ---------------------------------------------------------------------------------------------
# RecallMemoryBlock in Memory + SimpleChatEngine
# ---------------------------------------------------------------------------------------------


def short_memory(engine: TemporalGraphMemory, namespace: str, **kwargs: object) -> Memory:
    """A Memory whose chat history share is tiny, so older turns flush into the block."""
    block = RecallMemoryBlock(memory=engine, namespace=namespace)
    options: dict[str, object] = {"token_limit": 2000, "chat_history_token_ratio": 0.01}
    options.update(kwargs)
    return Memory.from_defaults(memory_blocks=[block], **options)  # type: ignore[arg-type]


def test_memory_block_feeds_the_next_session(memory: TemporalGraphMemory) -> None:
    first = SimpleChatEngine.from_defaults(
        llm=recording_llm(), memory=short_memory(memory, "alice")
    )
    first.chat(ZH_1)
    first.chat(ZH_2)
    first.chat("今天天气不错")
    stored = [(s.speaker, s.text) for s in memory.statements(namespace="alice")]
    assert ("User", ZH_1) in stored and ("User", ZH_2) in stored  # flushed turns reached the graph

    llm = recording_llm()
    second = SimpleChatEngine.from_defaults(llm=llm, memory=short_memory(memory, "alice"))
    second.chat(ZH_Q)
    system, *turns = llm.last_chat_messages
    assert system.role == MessageRole.SYSTEM
    assert "<recall_memory>" in system.content
    assert in_order(system.content, ZH_1, ZH_2)
    assert [m.content for m in turns] == [ZH_Q]


async def test_memory_block_async_matches_sync() -> None:
    texts = []
    for use_async in (False, True):
        engine = make_engine()
        seed(engine, "alice", EN_1, EN_2)
        llm = recording_llm()
        chat = SimpleChatEngine.from_defaults(llm=llm, memory=short_memory(engine, "alice"))
        if use_async:
            await chat.achat(EN_Q)
        else:
            chat.chat(EN_Q)
        texts.append(sent_text(llm))
    assert texts[0] == texts[1]
    assert in_order(texts[1], EN_1, EN_2)


async def test_memory_block_namespaces_never_mix(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", EN_1, EN_2)
    seed(memory, "bob", "Bob's cat is called Pixel.")
    bob = short_memory(memory, "bob")
    await bob.aput(ChatMessage(role="user", content=EN_Q))
    messages = await bob.aget()
    assert "Alice" not in "\n".join(m.content or "" for m in messages)
    alice = short_memory(memory, "alice")
    await alice.aput(ChatMessage(role="user", content=EN_Q))
    assert in_order((await alice.aget())[0].content, EN_1, EN_2)


async def test_memory_block_truncates_to_its_share(memory: TemporalGraphMemory) -> None:
    seed(
        memory, "alice", *[f"Alice reviewed Project Orion milestone {i}." for i in range(30)], EN_2
    )
    roomy = short_memory(memory, "alice", token_limit=4000, chat_history_token_ratio=0.5)
    await roomy.aput(ChatMessage(role="user", content=EN_Q))
    full = (await roomy.aget())[0].content
    tight = short_memory(memory, "alice", token_limit=150, chat_history_token_ratio=0.5)
    await tight.aput(ChatMessage(role="user", content=EN_Q))
    cut = (await tight.aget())[0].content

    assert len(tight.tokenizer_fn(cut)) < len(tight.tokenizer_fn(full))
    assert len(tight.tokenizer_fn(cut)) <= 150
    assert EN_2 in cut  # the newest, most relevant statement survives truncation
    steps = [int(m) for m in re.findall(r"^\[(?:step )?(\d+)", cut, flags=re.MULTILINE)]
    assert len(steps) > 1 and steps == sorted(steps)


# ---------------------------------------------------------------------------------------------
# RecallChatMemory (legacy BaseMemory) as a chat engine's memory
# ---------------------------------------------------------------------------------------------


def test_chat_memory_in_simple_chat_engine(memory: TemporalGraphMemory) -> None:
    llm = recording_llm()
    chat_memory = RecallChatMemory(memory=memory, namespace="alice", recent_messages=2)
    engine = SimpleChatEngine.from_defaults(llm=llm, memory=chat_memory)
    engine.chat(ZH_1)
    engine.chat(ZH_2)
    engine.chat(ZH_Q)

    sent = llm.last_chat_messages
    assert sent[0].role == MessageRole.SYSTEM and sent[-1].content == ZH_Q
    assert in_order(sent_text(llm), ZH_1, ZH_2)
    assert sent_text(llm).count(ZH_Q) == 1  # the buffered question is not repeated from memory
    assert [m.content for m in chat_memory.get_all()] == [ZH_Q, "text text text"]
    stored = [(s.speaker, s.text) for s in memory.statements(namespace="alice")]
    assert stored[:2] == [("User", ZH_1), ("Assistant", "text text text")]
    assert len(stored) == 6

    engine.reset()
    assert chat_memory.get_all() == [] and len(memory.statements(namespace="alice")) == 6


async def test_chat_memory_async_matches_sync() -> None:
    texts = []
    for use_async in (False, True):
        engine, llm = make_engine(), recording_llm()
        chat = SimpleChatEngine.from_defaults(
            llm=llm, memory=RecallChatMemory(memory=engine, namespace="alice", recent_messages=2)
        )
        for text in (EN_1, EN_2, EN_Q):
            if use_async:
                await chat.achat(text)
            else:
                chat.chat(text)
        texts.append(sent_text(llm))
    assert texts[0] == texts[1]
    assert in_order(texts[1], EN_1, EN_2)


async def test_chat_memory_get_with_input_and_namespaces(memory: TemporalGraphMemory) -> None:
    alice = RecallChatMemory(memory=memory, namespace="alice")
    bob = RecallChatMemory(memory=memory, namespace="bob")
    for text in (EN_1, EN_2):
        await alice.aput(ChatMessage(role="user", content=text))
    alice.reset()  # a new conversation: the buffer is empty, the graph is not
    bob.put(ChatMessage(role="user", content="Bob's cat is called Pixel."))

    sync_messages = alice.get(EN_Q)
    assert [m.content for m in await alice.aget(EN_Q)] == [m.content for m in sync_messages]
    assert len(sync_messages) == 1 and in_order(sync_messages[0].content, EN_1, EN_2)
    assert "Alice" not in "\n".join(m.content or "" for m in bob.get(EN_Q))


async def test_chat_memory_input_that_is_not_text_is_refused(memory: TemporalGraphMemory) -> None:
    chat = RecallChatMemory(memory=memory, namespace="alice")
    for call in (chat.get, chat.aget):
        with pytest.raises(InputError, match="input must be a string"):
            result = call(5)  # type: ignore[arg-type]
            if hasattr(result, "__await__"):
                await result


# FunctionAgent's own __init__ (workflows.utils.get_steps_from_instance) inspects pydantic fields.
@pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince20")
@pytest.mark.filterwarnings("ignore::pydantic.warnings.PydanticDeprecatedSince211")
async def test_chat_memory_as_function_agent_memory(memory: TemporalGraphMemory) -> None:
    replies = iter(["好的。", "明白。", "王五。"])

    def script(messages: object, **kwargs: object) -> ChatMessage:
        return ChatMessage(role="assistant", content=next(replies))

    def project_directory(project: str) -> str:
        """Look a project up in the directory."""
        return "no entry"

    llm = MockFunctionCallingLLMWithChatMemoryOfLastCall(response_generator=script)
    agent = FunctionAgent(llm=llm, tools=[project_directory], system_prompt="You are helpful.")
    chat_memory = RecallChatMemory(memory=memory, namespace="alice", recent_messages=2)
    for text in (ZH_1, ZH_2):
        await agent.run(text, memory=chat_memory)
    assert str(await agent.run(ZH_Q, memory=chat_memory)) == "王五。"

    sent = llm.last_chat_messages
    assert [m.role for m in sent] == [MessageRole.SYSTEM, MessageRole.SYSTEM, MessageRole.USER]
    assert in_order(sent[1].content, ZH_1, ZH_2) and sent[2].content == ZH_Q
    assert [s.text for s in memory.statements(namespace="alice")][-2:] == [ZH_Q, "王五。"]


def test_chat_memory_keeps_tool_turns_whole(memory: TemporalGraphMemory) -> None:
    chat_memory = RecallChatMemory(memory=memory, namespace="alice", recent_messages=2)
    turn = [
        ChatMessage(role="user", content=ZH_Q),
        ChatMessage(role="assistant", content="", additional_kwargs={"tool_calls": ["lookup"]}),
        ChatMessage(role="tool", content="no entry"),
        ChatMessage(role="assistant", content="王五。"),
    ]
    chat_memory.put(ChatMessage(role="user", content=ZH_1))
    chat_memory.put_messages(turn)
    assert chat_memory.get_all() == turn  # cut at the user message, never inside a tool call
    assert [(s.speaker, s.text) for s in memory.statements(namespace="alice")] == [
        ("User", ZH_1),
        ("User", ZH_Q),
        ("Assistant", "王五。"),
    ]


def test_chat_memory_from_defaults_like_a_chat_engine(memory: TemporalGraphMemory) -> None:
    history = [ChatMessage(role="user", content=EN_1), ChatMessage(role="assistant", content="ok")]
    chat_memory = RecallChatMemory.from_defaults(
        memory, namespace="alice", chat_history=history, token_limit=64
    )
    assert chat_memory.get_all() == history
    assert chat_memory.token_budget == 64 - 31  # the default prompt's words are in the message
    assert memory.statements(namespace="alice") == []  # set() only fills the buffer


# ---------------------------------------------------------------------------------------------
# RecallRetriever in RetrieverQueryEngine
# ---------------------------------------------------------------------------------------------


def test_query_engine_prompt_has_both_statements_in_order(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", ZH_1, "食堂周五供应面条", ZH_2)
    seed(memory, "bob", "李四负责另一个星火计划")
    retriever = RecallRetriever(memory, namespace="alice")
    engine = RetrieverQueryEngine.from_args(retriever, llm=MockLLM())  # MockLLM echoes its prompt
    response = engine.query(ZH_Q)

    prompt = str(response)
    # nodes go best first: the statement saying who is in charge now (现在) before the old one
    assert in_order(prompt, ZH_2, ZH_1) and ZH_Q in prompt
    assert "李四" not in prompt
    nodes = response.source_nodes
    assert nodes[0].node.metadata["type"] == "facts" and nodes[0].score is None
    nodes = nodes[1:]
    scores = [n.score for n in nodes]
    assert scores == sorted(scores, reverse=True)  # best first
    meta = nodes[0].node.metadata
    assert meta["namespace"] == "alice" and meta["speaker"] == "User"
    assert datetime.fromisoformat(meta["timestamp"]).tzinfo is not None
    assert isinstance(meta["statement_id"], int) and isinstance(meta["concepts"], list)
    assert nodes[0].score == meta["score"]
    assert "statement_id" not in nodes[0].node.get_content(metadata_mode="llm")


async def test_query_engine_async_matches_sync(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", EN_1, EN_2)
    engine = RetrieverQueryEngine.from_args(
        RecallRetriever(memory, namespace="alice"), llm=MockLLM()
    )
    sync_prompt = str(engine.query(EN_Q))
    async_prompt = str(await engine.aquery(EN_Q))
    assert async_prompt == sync_prompt
    assert in_order(async_prompt, EN_1, EN_2)


def test_context_mode_is_one_node(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", EN_1, EN_2)
    nodes = RecallRetriever(memory, namespace="alice", mode="context").retrieve(EN_Q)
    assert len(nodes) == 1
    assert nodes[0].node.get_content() == memory.recall(EN_Q, namespace="alice").text
    assert in_order(nodes[0].node.get_content(metadata_mode="llm"), EN_1, EN_2)


# ---------------------------------------------------------------------------------------------
# Serialisation and optional dependency
# ---------------------------------------------------------------------------------------------


def test_serialising_does_not_leak_the_store(tmp_path: Path) -> None:
    secret = "neo4j-password-hunter2"
    engine = TemporalGraphMemory(tmp_path / secret / "memory.db", annotator="offline")
    try:
        block = RecallMemoryBlock(memory=engine, namespace="alice")
        chat_memory = RecallChatMemory(memory=engine, namespace="alice")
        li_memory = Memory.from_defaults(memory_blocks=[block])
        dumped = [
            block.model_dump_json(),
            repr(block),
            chat_memory.to_json(),
            repr(chat_memory),
            json.dumps(chat_memory.to_dict()),
            li_memory.model_dump_json(),
            repr(li_memory),
            repr(RecallRetriever(engine)),
        ]
        assert secret in repr(engine)
        for text in dumped:
            assert secret not in text
        assert chat_memory.to_dict()["namespace"] == "alice"
    finally:
        engine.close()


def test_public_names() -> None:
    import recall_memory_plugins.adapters.llama_index as adapters

    assert sorted(adapters.__all__) == [
        "RecallChatMemory",
        "RecallMemoryBlock",
        "RecallRetriever",
        "as_embedder",
        "create_memory_tools",
    ]
    assert all(hasattr(adapters, name) for name in adapters.__all__)


def test_missing_llama_index_names_the_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['llama_index.core'] = None\n"
        "from recall_memory_plugins.errors import MissingDependencyError\n"
        "try:\n"
        "    import recall_memory_plugins.adapters.llama_index\n"
        "except MissingDependencyError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    assert "recall-memory-plugins[llama-index]" in out
