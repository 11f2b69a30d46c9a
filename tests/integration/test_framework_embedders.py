"""A framework's embedding model as the memory's embedder, inside real LangChain and LlamaIndex
flows. Hosted embedding models cannot run here: ``ScriptedEmbeddings`` is a scripted fake of one
(it says so), written against each framework's real embedding interface."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import pytest

from recall_memory_plugins import ConfigurationError, TemporalGraphMemory
from tests.conftest import T0

pytest.importorskip("numpy", reason="the semantic signal needs numpy (dense extra)")

CELLO = "Tom has a cello lesson every Tuesday evening."
CHAIRS = "Tom reviewed office chairs."
QUESTION = "Which musical instrument is Tom learning?"
TOPICS = (("cello", "instrument", "music"), ("chair", "office", "desk"))


def scripted_vector(text: str) -> list[float]:
    """SCRIPTED FAKE of a hosted embedding model: one dimension per topic's keywords."""
    low = text.lower()
    return [float(sum(w in low for w in words)) + 0.01 for words in TOPICS]


def _fill(memory: TemporalGraphMemory) -> None:
    memory.add(CELLO, namespace="alice", at=T0)
    memory.add(CHAIRS, namespace="alice", at=T0 + timedelta(hours=1))


# ------------------------------------------------------------------------------------ LangChain
def test_langchain_embeddings_rank_a_retriever_chain() -> None:
    pytest.importorskip("langchain_core")
    from langchain_core.embeddings import Embeddings
    from langchain_core.runnables import RunnableLambda

    from recall_memory_plugins.adapters.langchain import RecallRetriever, as_embedder

    class ScriptedEmbeddings(Embeddings):
        """SCRIPTED FAKE of a hosted LangChain embedding model (records what it is asked)."""

        def __init__(self) -> None:
            self.queries: list[str] = []
            self.documents: list[str] = []

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            self.documents.extend(texts)
            return [scripted_vector(t) for t in texts]

        def embed_query(self, text: str) -> list[float]:
            self.queries.append(text)
            return scripted_vector(text)

    model = ScriptedEmbeddings()
    embedder = as_embedder(model, dimensions=2)
    assert embedder.name == "langchain:ScriptedEmbeddings"
    with TemporalGraphMemory(":memory:", annotator="offline", embedder=embedder) as memory:
        _fill(memory)
        assert model.documents == [CELLO, CHAIRS]
        stored = memory.store.find_vectors("alice", embedder.name, [1, 2])
        assert sorted(stored) == [1, 2] and all(len(v) == 8 for v in stored.values())
        retriever = RecallRetriever(memory=memory, namespace="alice", token_budget=30)
        chain = retriever | RunnableLambda(lambda docs: [d.page_content for d in docs])
        assert chain.invoke(QUESTION) == [CELLO]
        assert model.queries == [QUESTION]
    with TemporalGraphMemory(":memory:", annotator="offline") as plain:  # no embedder
        _fill(plain)
        chain = RecallRetriever(memory=plain, namespace="alice", token_budget=30) | RunnableLambda(
            lambda docs: [d.page_content for d in docs]
        )
        assert chain.invoke(QUESTION) == [CHAIRS]


def test_langchain_as_embedder_refuses_other_objects() -> None:
    pytest.importorskip("langchain_core")
    from recall_memory_plugins.adapters.langchain import as_embedder

    with pytest.raises(ConfigurationError, match="Embeddings"):
        as_embedder(object())


# ------------------------------------------------------------------------------------ LlamaIndex
def test_llama_index_embedding_ranks_a_retriever() -> None:
    pytest.importorskip("llama_index.core")
    from llama_index.core.base.embeddings.base import BaseEmbedding

    from recall_memory_plugins.adapters.llama_index import RecallRetriever, as_embedder

    queries: list[str] = []

    class ScriptedEmbedding(BaseEmbedding):
        """SCRIPTED FAKE of a hosted LlamaIndex embedding model."""

        def _get_query_embedding(self, query: str) -> list[float]:
            queries.append(query)
            return scripted_vector(query)

        async def _aget_query_embedding(self, query: str) -> list[float]:
            return self._get_query_embedding(query)

        def _get_text_embedding(self, text: str) -> list[float]:
            return scripted_vector(text)

        def _get_text_embeddings(self, texts: Sequence[str]) -> list[list[float]]:
            return [scripted_vector(t) for t in texts]

    embedder = as_embedder(ScriptedEmbedding(model_name="scripted"))
    assert embedder.name == "llama-index:scripted"
    assert embedder.dimensions == 2  # probed
    with TemporalGraphMemory(":memory:", annotator="offline", embedder=embedder) as memory:
        _fill(memory)
        nodes = RecallRetriever(memory, namespace="alice", token_budget=30).retrieve(QUESTION)
        assert [n.node.get_content() for n in nodes] == [CELLO]
        assert queries == [QUESTION]


def test_llama_index_as_embedder_refuses_other_objects() -> None:
    pytest.importorskip("llama_index.core")
    from recall_memory_plugins.adapters.llama_index import as_embedder

    with pytest.raises(ConfigurationError, match="BaseEmbedding"):
        as_embedder("text-embedding-3-small")


# ------------------------------------------------------------------------------------ LangGraph
def test_langgraph_store_search_ranks_with_the_engines_embedder() -> None:
    pytest.importorskip("langgraph")
    from langchain_core.embeddings import Embeddings

    from recall_memory_plugins.adapters.langchain import as_embedder
    from recall_memory_plugins.adapters.langgraph import RecallStore

    class ScriptedEmbeddings(Embeddings):
        """SCRIPTED FAKE of a hosted LangChain embedding model."""

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return [scripted_vector(t) for t in texts]

        def embed_query(self, text: str) -> list[float]:
            return scripted_vector(text)

    def top(memory: TemporalGraphMemory) -> str:
        store = RecallStore(memory)
        store.put(("alice",), "lesson", {"text": CELLO})
        store.put(("alice",), "review", {"text": CHAIRS})
        return store.search(("alice",), query=QUESTION)[0].key

    embedder = as_embedder(ScriptedEmbeddings(), dimensions=2)
    with TemporalGraphMemory(":memory:", annotator="offline", embedder=embedder) as memory:
        assert top(memory) == "lesson"
    with TemporalGraphMemory(":memory:", annotator="offline") as plain:
        assert top(plain) == "review"
