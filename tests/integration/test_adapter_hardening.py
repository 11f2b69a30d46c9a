"""Adapters under bad input and threads (found by a black-box test session, 2026-12-06).

A turn the engine refuses (a NUL character, as text pasted from a PDF carries) must not leave a
batch half-written; a message object given to ``RecallMemory.save_context`` is stored as its
text, never as its Python repr; ``RecallStore`` puts of one key from several threads end with the
last one, reads beside them never fail, and bad queries or values raise our ``InputError``. Real
SQLite, real LangChain / LangGraph / LlamaIndex objects; no mocks.
"""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

pytest.importorskip("langgraph.store.base")
pytest.importorskip("llama_index.core")

from langchain_core.messages import AIMessage, HumanMessage
from langgraph.store.base import PutOp
from llama_index.core.llms import ChatMessage

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import RecallChatMessageHistory, RecallMemory
from recall_memory_plugins.adapters.langgraph import RecallStore
from recall_memory_plugins.adapters.llama_index import RecallChatMemory, RecallMemoryBlock
from recall_memory_plugins.errors import InputError

BAD = "pasted\x00 text"


@pytest.fixture
def memory() -> TemporalGraphMemory:
    return TemporalGraphMemory(":memory:", annotator="offline")


def _texts(memory: TemporalGraphMemory, ns: str) -> list[str]:
    return [s.text for s in memory.statements(namespace=ns)]


def test_chat_history_stores_all_turns_or_none(memory: TemporalGraphMemory) -> None:
    history = RecallChatMessageHistory(memory, namespace="h")
    history.add_messages([HumanMessage("Ana lives in Porto.")])
    with pytest.raises(InputError):
        history.add_messages([HumanMessage("good before"), HumanMessage(BAD), AIMessage("good after")])
    assert _texts(memory, "h") == ["Ana lives in Porto."]
    assert [m.text for m in history.messages] == ["Ana lives in Porto."]
    asyncio.run(history.aadd_messages([HumanMessage("Ana works for Sonae."), AIMessage("Noted.")]))
    assert _texts(memory, "h")[-2:] == ["Ana works for Sonae.", "Noted."]


def test_llama_chat_memory_puts_all_messages_or_none(memory: TemporalGraphMemory) -> None:
    chat = RecallChatMemory(memory=memory, namespace="c")
    with pytest.raises(InputError):
        chat.put_messages([ChatMessage(role="user", content=c) for c in ("good before", BAD, "good after")])
    assert _texts(memory, "c") == [] and chat.get_all() == []
    asyncio.run(chat.aput_messages([ChatMessage(role="user", content="Ken moved to Oslo."),
                                    ChatMessage(role="assistant", content="Oslo, noted.")]))
    assert _texts(memory, "c") == ["Ken moved to Oslo.", "Oslo, noted."]
    assert [m.content for m in chat.get_all()] == ["Ken moved to Oslo.", "Oslo, noted."]


def test_memory_block_skips_a_refused_message_and_keeps_the_others(
        memory: TemporalGraphMemory, caplog: pytest.LogCaptureFixture) -> None:
    block = RecallMemoryBlock(memory=memory, namespace="b")
    with caplog.at_level(logging.WARNING):
        asyncio.run(block.aput([ChatMessage(role="user", content=c) for c in ("good before", BAD, "good after")]))
    assert _texts(memory, "b") == ["good before", "good after"]
    assert "NUL" in caplog.text


def test_save_context_stores_a_message_s_text_and_refuses_none(memory: TemporalGraphMemory) -> None:
    chain_memory = RecallMemory(memory=memory, namespace="m")
    chain_memory.save_context({"input": HumanMessage("Lea lives in Graz.")}, {"response": AIMessage("Graz it is.")})
    chain_memory.save_context({"input": [HumanMessage("Lea works for AVL.")]}, {"response": "Noted."})
    assert _texts(memory, "m") == ["Lea lives in Graz.", "Graz it is.", "Lea works for AVL.", "Noted."]
    with pytest.raises(InputError, match="NoneType"):
        chain_memory.save_context({"input": "hi"}, {"response": None})
    assert len(_texts(memory, "m")) == 4


def test_store_batch_applies_no_put_when_one_is_refused(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    store.put(("u",), "kept", {"text": "Mo lives in Tunis."})
    ops = [PutOp(("u",), "a", {"text": "good before"}), PutOp(("u",), "b", {"text": BAD}),
           PutOp(("u",), "kept", None)]
    with pytest.raises(InputError, match="'b'"):
        store.batch(ops)
    assert [i.key for i in store.search(("u",))] == ["kept"]


def test_store_refuses_bad_queries_and_deep_values_with_our_error(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    store.put(("u",), "k", {"text": "Mo lives in Tunis."})
    for query in (5, 1.5, ["Mo"]):
        with pytest.raises(InputError, match="query must be a string"):
            store.search(("u",), query=query)  # type: ignore[arg-type]
    deep: dict[str, object] = {"text": "x"}
    for _ in range(3000):
        deep = {"d": deep}
    with pytest.raises(InputError, match="nested too deeply"):
        store.put(("u",), "deep", deep)
    assert store.get(("u",), "k") is not None and store.get(("u",), "deep") is None


def test_store_puts_of_one_key_from_threads_end_with_one_of_them(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        for v in range(15):
            try:
                store.put(("t",), "same", {"text": f"Writer {n} says version {v}."})
                store.search(("t",), query="version")
            except BaseException as exc:  # (collected and asserted below)
                errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    item = store.get(("t",), "same")
    assert item is not None and item.value["text"].endswith("version 14.")
    assert len(memory.get_all(namespace=store._encode(("t",)))) == 1  # current versions: one item


def test_store_reads_beside_deletes_never_fail(memory: TemporalGraphMemory) -> None:
    store = RecallStore(memory)
    stop = threading.Event()
    errors: list[BaseException] = []

    def churn() -> None:
        n = 0
        while not stop.is_set():
            store.put(("r",), f"k{n % 5}", {"text": f"note {n}"})
            store.delete(("r",), f"k{(n + 2) % 5}")
            n += 1

    def read() -> None:
        for _ in range(60):
            try:
                store.search(("r",))
                store.search(("r",), query="note")
            except BaseException as exc:
                errors.append(exc)

    writer = threading.Thread(target=churn)
    writer.start()
    readers = [threading.Thread(target=read) for _ in range(2)]
    for t in readers:
        t.start()
    for t in readers:
        t.join()
    stop.set()
    writer.join()
    assert errors == []
