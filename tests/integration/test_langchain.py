"""The LangChain adapters inside real chains and agents.

The only stand-in is the LLM: LangChain's own scripted ``GenericFakeChatModel`` (plus a minimal
subclass that accepts ``bind_tools`` for ``create_agent``). Every test asserts on what that model
actually received, captured by a LangChain callback handler.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_classic")
pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain_classic.chains import ConversationChain, LLMChain
from langchain_core._api.deprecation import LangChainDeprecationWarning
from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.load import dumpd, dumps
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables import ConfigurableField, RunnablePassthrough
from langchain_core.runnables.history import RunnableWithMessageHistory
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import (
    RecallChatMessageHistory,
    RecallMemory,
    RecallMiddleware,
    RecallRetriever,
)
from tests.conftest import EN_1, EN_2, EN_Q, ZH_1, ZH_2, ZH_Q, Clock

# The classic chains are deprecated by LangChain itself; that notice is theirs, not ours.
CLASSIC_CHAIN_NOTICE = "ignore:.*(ConversationChain|LLMChain).*:langchain_core._api.deprecation.LangChainDeprecationWarning"


class PromptRecorder(BaseCallbackHandler):
    """Records every list of messages a chat model is called with (LangChain callback)."""

    def __init__(self) -> None:
        self.calls: list[list[BaseMessage]] = []

    def on_chat_model_start(
        self, serialized: dict[str, Any], messages: list[list[BaseMessage]], **kwargs: Any
    ) -> None:
        self.calls.extend(list(batch) for batch in messages)

    @property
    def last_text(self) -> str:
        return "\n".join(m.text for m in self.calls[-1])


class ScriptedToolCallingFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model, accepting ``bind_tools`` (the script decides calls)."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedToolCallingFakeChatModel:
        return self


def scripted_model(
    recorder: PromptRecorder, replies: Sequence[AIMessage | str]
) -> GenericFakeChatModel:
    return ScriptedToolCallingFakeChatModel(messages=iter(list(replies)), callbacks=[recorder])


def in_order(text: str, *parts: str) -> bool:
    """Whether every part occurs in ``text``, in this order."""
    positions = [text.find(p) for p in parts]
    return all(p >= 0 for p in positions) and positions == sorted(positions)


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    engine = TemporalGraphMemory(":memory:", annotator="offline", clock=Clock())
    yield engine
    engine.close()


def make_engine() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline", clock=Clock())


# ---------------------------------------------------------------------------------------------
# RecallMemory in classic chains
# ---------------------------------------------------------------------------------------------


def conversation(
    memory: TemporalGraphMemory, recorder: PromptRecorder, namespace: str
) -> ConversationChain:
    model = scripted_model(recorder, ["好的，记住了。", "明白了。", "王五。"])
    return ConversationChain(llm=model, memory=RecallMemory(memory=memory, namespace=namespace))


def memory_section(prompt: str, question: str) -> str:
    """The ``{history}`` part of ConversationChain's default prompt."""
    return prompt.split("Current conversation:", 1)[1].split(f"Human: {question}", 1)[0]


@pytest.mark.filterwarnings(CLASSIC_CHAIN_NOTICE)
def test_conversation_chain_prompt_has_both_statements_in_order(
    memory: TemporalGraphMemory,
) -> None:
    recorder = PromptRecorder()
    chain = conversation(memory, recorder, "alice")
    chain.invoke({"input": ZH_1})
    chain.invoke({"input": ZH_2})
    answer = chain.invoke({"input": ZH_Q})

    assert answer["response"] == "王五。"
    history = memory_section(recorder.last_text, ZH_Q)
    assert in_order(history, ZH_1, ZH_2), history
    assert "Human: " + ZH_1 in history  # speaker-aware: turns are stored with their speaker
    # save_context stored user and AI turns: 3 runs x 2 turns
    stored = memory.statements(namespace="alice")
    assert [(s.speaker, s.text) for s in stored[:2]] == [("Human", ZH_1), ("AI", "好的，记住了。")]
    assert len(stored) == 6


@pytest.mark.filterwarnings(CLASSIC_CHAIN_NOTICE)
def test_llm_chain_with_messages_english(memory: TemporalGraphMemory) -> None:
    recorder = PromptRecorder()
    prompt = ChatPromptTemplate.from_messages(
        [
            ("system", "You answer from memory."),
            MessagesPlaceholder("chat_history"),
            ("human", "{question}"),
        ]
    )
    chain = LLMChain(
        llm=scripted_model(recorder, ["Noted.", "Noted.", "Bob."]),
        prompt=prompt,
        memory=RecallMemory(
            memory=memory, namespace="alice", memory_key="chat_history", return_messages=True
        ),
    )
    chain.invoke({"question": EN_1})
    chain.invoke({"question": EN_2})
    chain.invoke({"question": EN_Q})

    sent = recorder.calls[-1]
    assert isinstance(sent[0], SystemMessage) and sent[-1].text == EN_Q
    recalled = sent[1:-1]
    humans = [m.text for m in recalled if isinstance(m, HumanMessage)]
    assert in_order("\n".join(humans), EN_1, EN_2)
    kinds = [isinstance(m, SystemMessage) for m in recalled]
    assert kinds[0] and kinds == sorted(kinds, reverse=True)  # facts first, then the turns
    # the AI's turns come back as AI messages
    replies = chain.memory.load_memory_variables({"question": "Noted."})["chat_history"]
    assert any(isinstance(m, AIMessage) and m.text == "Noted." for m in replies)


@pytest.mark.filterwarnings(CLASSIC_CHAIN_NOTICE)
async def test_conversation_chain_async_matches_sync() -> None:
    sync_engine, async_engine = make_engine(), make_engine()
    sync_rec, async_rec = PromptRecorder(), PromptRecorder()
    sync_chain = conversation(sync_engine, sync_rec, "alice")
    async_chain = conversation(async_engine, async_rec, "alice")
    for text in (ZH_1, ZH_2, ZH_Q):
        sync_chain.invoke({"input": text})
        await async_chain.ainvoke({"input": text})

    assert [m.text for m in async_rec.calls[-1]] == [m.text for m in sync_rec.calls[-1]]
    assert in_order(memory_section(async_rec.last_text, ZH_Q), ZH_1, ZH_2)
    assert [s.text for s in async_engine.statements(namespace="alice")] == [
        s.text for s in sync_engine.statements(namespace="alice")
    ]
    await async_chain.memory.aclear()
    assert async_engine.statements(namespace="alice") == []


@pytest.mark.filterwarnings(CLASSIC_CHAIN_NOTICE)
def test_two_users_never_mix_in_classic_chains(memory: TemporalGraphMemory) -> None:
    alice_rec, bob_rec = PromptRecorder(), PromptRecorder()
    alice, bob = conversation(memory, alice_rec, "alice"), conversation(memory, bob_rec, "bob")
    alice.invoke({"input": ZH_1})
    alice.invoke({"input": ZH_2})
    bob.invoke({"input": "我喜欢喝咖啡"})
    bob.invoke({"input": ZH_Q})

    assert "星火计划" not in memory_section(bob_rec.last_text, ZH_Q)
    assert "咖啡" in memory_section(bob_rec.last_text, ZH_Q)
    bob.memory.clear()
    assert memory.statements(namespace="bob") == []
    assert len(memory.statements(namespace="alice")) == 4


def test_recall_memory_raises_no_base_memory_notice_and_leaves_filters_alone(
    memory: TemporalGraphMemory,
) -> None:
    before = list(warnings.filters)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        RecallMemory(memory=memory)
        warnings.warn("a real warning", LangChainDeprecationWarning, stacklevel=1)
    assert [str(w.message) for w in caught] == ["a real warning"]
    assert warnings.filters == before


def test_memory_picks_the_user_input_or_asks_for_input_key(memory: TemporalGraphMemory) -> None:
    adapter = RecallMemory(memory=memory)
    with pytest.raises(ValueError, match="input_key"):
        adapter.load_memory_variables({"a": "x", "b": "y"})
    adapter.save_context({"input": EN_1}, {"response": "Noted."})
    assert "Human: " + EN_1 in adapter.load_memory_variables({"input": EN_Q})["history"]
    with pytest.raises(ValueError, match="output_key"):
        adapter.save_context({"input": EN_2}, {"a": "x", "b": "y"})


# ---------------------------------------------------------------------------------------------
# RecallRetriever in LCEL
# ---------------------------------------------------------------------------------------------

RAG_PROMPT = ChatPromptTemplate.from_messages(
    [
        ("system", "Answer from these statements, oldest first:\n{context}"),
        ("human", "{question}"),
    ]
)


def format_docs(docs: list[Document]) -> str:
    """The facts document, then the statements oldest first, as the prompt says (the retriever
    returns them best first; examples/langchain_lcel_rag.py formats them the same way)."""
    facts = [d for d in docs if d.metadata.get("type") == "facts"]
    statements = sorted(
        (d for d in docs if d.metadata.get("type") != "facts"), key=lambda d: d.metadata["t_index"]
    )
    return "\n".join(d.page_content for d in facts + statements)


def rag_chain(retriever: Any, model: GenericFakeChatModel) -> Any:
    return (
        {"context": retriever | format_docs, "question": RunnablePassthrough()}
        | RAG_PROMPT
        | model
        | StrOutputParser()
    )


def seed(memory: TemporalGraphMemory, namespace: str, *texts: str) -> None:
    for text in texts:
        memory.add(text, namespace=namespace, speaker="Alice")


def test_lcel_rag_prompt_has_both_statements_in_order(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", EN_1, "The cafeteria serves pasta on Fridays.", EN_2)
    seed(memory, "bob", "Bob leads Project Orion in the other team.")
    recorder = PromptRecorder()
    retriever = RecallRetriever(memory=memory, namespace="alice")
    answer = rag_chain(retriever, scripted_model(recorder, ["Bob."])).invoke(EN_Q)

    assert answer == "Bob."
    system = recorder.calls[-1][0].text
    assert in_order(system, EN_1, EN_2)
    assert "other team" not in system

    docs = retriever.invoke(EN_Q)
    assert docs[0].metadata["type"] == "facts"
    assert docs[0].page_content == "\n".join(memory.recall(EN_Q, namespace="alice").facts)
    scores = [d.metadata["score"] for d in docs[1:]]
    assert scores == sorted(scores, reverse=True)  # best first
    first = next(d for d in docs if d.page_content == EN_1)
    assert first.metadata["namespace"] == "alice"
    assert first.metadata["speaker"] == "Alice"
    assert datetime.fromisoformat(first.metadata["timestamp"]).tzinfo is not None
    assert isinstance(first.metadata["statement_id"], int)
    assert isinstance(first.metadata["score"], float)
    assert isinstance(first.metadata["concepts"], list)


async def test_lcel_rag_async_matches_sync(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", ZH_1, ZH_2)
    retriever = RecallRetriever(memory=memory, namespace="alice")
    sync_rec, async_rec = PromptRecorder(), PromptRecorder()
    rag_chain(retriever, scripted_model(sync_rec, ["王五"])).invoke(ZH_Q)
    await rag_chain(retriever, scripted_model(async_rec, ["王五"])).ainvoke(ZH_Q)

    assert async_rec.last_text == sync_rec.last_text
    assert in_order(async_rec.last_text, ZH_1, ZH_2)
    assert await retriever.ainvoke(ZH_Q) == retriever.invoke(ZH_Q)


def test_context_mode_returns_one_ordered_document(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", EN_1, EN_2)
    docs = RecallRetriever(memory=memory, namespace="alice", mode="context").invoke(EN_Q)

    assert len(docs) == 1
    recall = memory.recall(EN_Q, namespace="alice")
    assert docs[0].page_content == recall.text
    assert in_order(docs[0].page_content, EN_1, EN_2)
    assert docs[0].metadata["facts"] == list(recall.facts)
    assert docs[0].metadata["namespace"] == "alice"
    assert RecallRetriever(memory=memory, namespace="nobody", mode="context").invoke(EN_Q) == []


def test_retriever_namespace_from_run_config(memory: TemporalGraphMemory) -> None:
    seed(memory, "alice", EN_1, EN_2)
    seed(memory, "bob", "Bob's cat is called Pixel.")
    retriever = RecallRetriever(memory=memory).configurable_fields(
        namespace=ConfigurableField(id="namespace")
    )
    recorder = PromptRecorder()
    chain = rag_chain(retriever, scripted_model(recorder, ["?", "?"]))
    chain.invoke("What is the cat called?", config={"configurable": {"namespace": "bob"}})
    assert "Pixel" in recorder.last_text and "Orion" not in recorder.last_text
    chain.invoke(EN_Q, config={"configurable": {"namespace": "alice"}})
    assert "Orion" in recorder.last_text and "Pixel" not in recorder.last_text
    # per call, without configuration
    plain = RecallRetriever(memory=memory, namespace="alice")
    assert {d.metadata["namespace"] for d in plain.invoke("cat", namespace="bob")} == {"bob"}


# ---------------------------------------------------------------------------------------------
# RecallMiddleware in create_agent
# ---------------------------------------------------------------------------------------------


@dataclass
class UserContext:
    user_id: str


@tool
def project_directory(project: str) -> str:
    """Look up a project in the (empty) directory."""
    return f"No directory entry for {project}."


def agent_for(memory: TemporalGraphMemory, model: GenericFakeChatModel, **kwargs: Any) -> Any:
    return create_agent(
        model=model,
        tools=[project_directory],
        system_prompt="You are a helpful assistant.",
        middleware=[RecallMiddleware(memory)],
        **kwargs,
    )


def tool_call_then(answer: str) -> list[AIMessage | str]:
    call = {"name": "project_directory", "args": {"project": "星火计划"}, "id": "call_1"}
    return [AIMessage(content="", tool_calls=[call]), answer]


def test_agent_sees_recalled_memory_in_system_prompt(memory: TemporalGraphMemory) -> None:
    recorder = PromptRecorder()
    model = scripted_model(recorder, ["好的。", "明白。", *tool_call_then("王五。")])
    agent = agent_for(memory, model, context_schema=UserContext, checkpointer=InMemorySaver())
    alice = UserContext(user_id="alice")
    thread = {"configurable": {"thread_id": "t1"}}
    agent.invoke({"messages": [HumanMessage(ZH_1)]}, thread, context=alice)
    agent.invoke({"messages": [HumanMessage(ZH_2)]}, thread, context=alice)
    # with a checkpointer, the second run stored only its own turns
    assert len(memory.statements(namespace="alice")) == 4

    # a new thread: no short-term history, the memory comes from the graph
    result = agent.invoke(
        {"messages": [HumanMessage(ZH_Q)]}, {"configurable": {"thread_id": "t2"}}, context=alice
    )
    assert result["messages"][-1].text == "王五。"
    first_call, second_call = recorder.calls[-2], recorder.calls[-1]
    system = first_call[0]
    assert isinstance(system, SystemMessage)
    assert system.text.startswith("You are a helpful assistant.")
    assert in_order(system.text, ZH_1, ZH_2)
    assert [m.text for m in first_call[1:]] == [ZH_Q]
    assert isinstance(second_call[-1], ToolMessage)  # the tool loop also gets the memory
    assert in_order(second_call[0].text, ZH_1, ZH_2)

    stored = [(s.speaker, s.text) for s in memory.statements(namespace="alice")]
    assert stored[-2:] == [("Human", ZH_Q), ("AI", "王五。")]  # no tool call or tool result
    assert len(stored) == 6


def test_agent_saves_every_new_message_of_a_checkpointed_thread(
    memory: TemporalGraphMemory,
) -> None:
    recorder = PromptRecorder()
    agent = agent_for(
        memory,
        scripted_model(recorder, ["Noted.", "Noted both."]),
        context_schema=UserContext,
        checkpointer=InMemorySaver(),
    )
    alice, thread = UserContext(user_id="alice"), {"configurable": {"thread_id": "t1"}}
    agent.invoke({"messages": [HumanMessage(EN_1)]}, thread, context=alice)
    result = agent.invoke(
        {"messages": [HumanMessage(EN_2), HumanMessage("Bob starts on Monday.")]},
        thread,
        context=alice,
    )
    assert "recall_saved_id" not in result  # private to the middleware
    assert [(s.speaker, s.text) for s in memory.statements(namespace="alice")] == [
        ("Human", EN_1),
        ("AI", "Noted."),
        ("Human", EN_2),
        ("Human", "Bob starts on Monday."),
        ("AI", "Noted both."),
    ]


def test_agent_namespaces_from_context_and_config_never_mix(memory: TemporalGraphMemory) -> None:
    recorder = PromptRecorder()
    model = scripted_model(recorder, ["ok", "ok", "ok"])
    agent = agent_for(memory, model, context_schema=UserContext)
    agent.invoke({"messages": [HumanMessage(EN_1)]}, context=UserContext(user_id="alice"))
    agent.invoke({"messages": [HumanMessage(EN_2)]}, context=UserContext(user_id="alice"))
    agent.invoke({"messages": [HumanMessage(EN_Q)]}, context=UserContext(user_id="bob"))
    assert "Orion" not in recorder.calls[-1][0].text
    assert len(memory.statements(namespace="bob")) == 2

    plain = agent_for(memory, scripted_model(recorder, ["Bob."]))
    plain.invoke({"messages": [HumanMessage(EN_Q)]}, {"configurable": {"namespace": "alice"}})
    assert in_order(recorder.calls[-1][0].text, EN_1, EN_2)
    assert memory.statements(namespace="default") == []


async def test_agent_async_matches_sync() -> None:
    runs = []
    for use_async in (False, True):
        engine, recorder = make_engine(), PromptRecorder()
        agent = agent_for(
            engine,
            scripted_model(recorder, ["Noted.", "Noted.", *tool_call_then("Bob.")]),
            context_schema=UserContext,
        )
        alice = UserContext(user_id="alice")
        for text in (EN_1, EN_2, EN_Q):
            payload = {"messages": [HumanMessage(text)]}
            if use_async:
                await agent.ainvoke(payload, context=alice)
            else:
                agent.invoke(payload, context=alice)
        runs.append((recorder, engine))
    (sync_rec, sync_engine), (async_rec, async_engine) = runs
    assert [[m.text for m in call] for call in async_rec.calls] == [
        [m.text for m in call] for call in sync_rec.calls
    ]
    assert in_order(async_rec.calls[-2][0].text, EN_1, EN_2)
    assert [s.text for s in async_engine.statements(namespace="alice")] == [
        s.text for s in sync_engine.statements(namespace="alice")
    ]


# ---------------------------------------------------------------------------------------------
# RecallChatMessageHistory with RunnableWithMessageHistory
# ---------------------------------------------------------------------------------------------


@pytest.mark.filterwarnings(
    "ignore:RunnableWithMessageHistory:langchain_core._api.deprecation.LangChainDeprecationWarning"
)
async def test_message_history_feeds_the_graph(memory: TemporalGraphMemory) -> None:
    sessions: dict[str, RecallChatMessageHistory] = {}

    def history(session_id: str) -> RecallChatMessageHistory:
        if session_id not in sessions:
            sessions[session_id] = RecallChatMessageHistory(memory, namespace="alice")
        return sessions[session_id]

    recorder = PromptRecorder()
    prompt = ChatPromptTemplate.from_messages(
        [MessagesPlaceholder("history"), ("human", "{input}")]
    )
    chain = RunnableWithMessageHistory(
        prompt | scripted_model(recorder, ["Noted.", "Noted."]),
        history,
        input_messages_key="input",
        history_messages_key="history",
    )
    config = {"configurable": {"session_id": "s1"}}
    chain.invoke({"input": EN_1}, config)
    await chain.ainvoke({"input": EN_2}, config)

    assert [m.text for m in recorder.calls[-1]] == [EN_1, "Noted.", EN_2]
    assert [(s.speaker, s.text) for s in memory.statements(namespace="alice")] == [
        ("Human", EN_1),
        ("AI", "Noted."),
        ("Human", EN_2),
        ("AI", "Noted."),
    ]
    docs = RecallRetriever(memory=memory, namespace="alice").invoke(EN_Q)
    assert {EN_1, EN_2} <= {d.page_content for d in docs}
    # a new instance (a restart) starts with the stored turns, read back from the store
    restarted = RecallChatMessageHistory(memory, namespace="alice")
    assert [(type(m), m.text) for m in restarted.messages] == [
        (HumanMessage, EN_1),
        (AIMessage, "Noted."),
        (HumanMessage, EN_2),
        (AIMessage, "Noted."),
    ]
    assert [
        m.text for m in RecallChatMessageHistory(memory, namespace="alice", max_messages=2).messages
    ] == [EN_2, "Noted."]
    # clear() clears what RecallMemory.clear() clears: the namespace
    sessions["s1"].clear()
    assert sessions["s1"].messages == [] and memory.statements(namespace="alice") == []
    assert RecallChatMessageHistory(memory, namespace="alice").messages == []


# ---------------------------------------------------------------------------------------------
# Serialisation and optional dependency
# ---------------------------------------------------------------------------------------------


@pytest.mark.filterwarnings(CLASSIC_CHAIN_NOTICE)
def test_serialising_chains_does_not_leak_the_store(tmp_path: Path) -> None:
    secret = "neo4j-password-hunter2"
    engine = TemporalGraphMemory(tmp_path / secret / "memory.db", annotator="offline")
    try:
        recorder = PromptRecorder()
        adapter = RecallMemory(memory=engine, namespace="alice")
        chain = ConversationChain(llm=scripted_model(recorder, ["ok"]), memory=adapter)
        retriever = RecallRetriever(memory=engine, namespace="alice")
        rag = rag_chain(retriever, scripted_model(recorder, ["ok"]))
        dumped = [
            json.dumps(dumpd(chain)),
            dumps(chain),
            json.dumps(chain.to_json()),
            repr(chain),
            adapter.model_dump_json(),
            repr(adapter),
            json.dumps(dumpd(adapter)),
            retriever.model_dump_json(),
            repr(retriever),
            dumps(rag),
            repr(rag),
            repr(RecallMiddleware(engine)),
            repr(RecallChatMessageHistory(engine)),
        ]
        assert secret in repr(engine)  # the engine itself does show it ...
        for text in dumped:  # ... but no adapter passes it on
            assert secret not in text
        assert "memory" not in adapter.model_dump()
        assert adapter.model_dump()["namespace"] == "alice"
    finally:
        engine.close()


def test_public_names() -> None:
    import recall_memory_plugins.adapters.langchain as adapters

    assert sorted(adapters.__all__) == [
        "RecallAgentState",
        "RecallChatMessageHistory",
        "RecallMemory",
        "RecallMiddleware",
        "RecallRetriever",
        "as_embedder",
        "create_memory_tools",
    ]
    assert all(hasattr(adapters, name) for name in adapters.__all__)


@pytest.mark.parametrize(
    ("blocked", "package", "extra"),
    [
        ("langchain_classic", "recall_memory_plugins.adapters.langchain", "langchain"),
        ("langchain_core", "recall_memory_plugins.adapters.langchain.retriever", "langchain"),
    ],
)
def test_missing_langchain_names_the_extra(blocked: str, package: str, extra: str) -> None:
    code = (
        "import sys\n"
        f"sys.modules[{blocked!r}] = None\n"
        "from recall_memory_plugins.errors import MissingDependencyError\n"
        "try:\n"
        f"    __import__({package!r})\n"
        "except MissingDependencyError as exc:\n"
        "    print(exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    assert f"recall-memory-plugins[{extra}]" in out
