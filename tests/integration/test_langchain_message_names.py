"""LangChain's ``HumanMessage(name="Anna")`` names who said a turn in a multi-party chat: the
adapters store it as the turn's speaker (so Anna's "I live in Rome" and Ben's "I moved to Oslo"
are two people's homes, not one person's move), and a new chat history reloads it by name.

The only stand-in is the chat model: LangChain's scripted ``GenericFakeChatModel`` (a fake, named
as such), inside real ``RunnableWithMessageHistory`` and ``create_agent`` runs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("langchain_classic")
pytest.importorskip("langchain")

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.prompts import ChatPromptTemplate, MessagesPlaceholder
from langchain_core.runnables.history import RunnableWithMessageHistory

from recall_memory_plugins import TemporalGraphMemory
from recall_memory_plugins.adapters.langchain import (
    RecallChatMessageHistory,
    RecallMemory,
    RecallMiddleware,
)
from tests.conftest import Clock

ANNA, BEN = "I live in Rome.", "I moved to Oslo."
NAMED = {"langchain_role": "human"}


class ScriptedFakeChatModel(GenericFakeChatModel):
    """LangChain's scripted fake chat model (no real LLM), accepting ``bind_tools``."""

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> ScriptedFakeChatModel:
        return self


@dataclass
class UserContext:
    user_id: str


@pytest.fixture
def memory() -> Iterator[TemporalGraphMemory]:
    with TemporalGraphMemory(":memory:", annotator="offline", clock=Clock()) as engine:
        yield engine


def stored(memory: TemporalGraphMemory, namespace: str) -> list[tuple[str | None, str]]:
    return [(s.speaker, s.text) for s in memory.statements(namespace=namespace)]


def homes(memory: TemporalGraphMemory, namespace: str) -> set[tuple[str, str]]:
    return {
        (r.subject_name, r.object_name)
        for r in memory.relations(namespace=namespace, type="LIVES_IN")
    }


def shape(messages: Sequence[BaseMessage]) -> list[tuple[str, str, str | None]]:
    return [(type(m).__name__, m.text, m.name) for m in messages]


# ------------------------------------------------------------------------------ chat history
@pytest.mark.filterwarnings(
    "ignore:RunnableWithMessageHistory:langchain_core._api.deprecation.LangChainDeprecationWarning"
)
async def test_a_history_stores_each_named_user_as_the_speaker(
    memory: TemporalGraphMemory,
) -> None:
    history = RecallChatMessageHistory(memory, namespace="grp")
    prompt = ChatPromptTemplate.from_messages(
        [MessagesPlaceholder("history"), MessagesPlaceholder("input")]
    )
    chain = RunnableWithMessageHistory(
        prompt | ScriptedFakeChatModel(messages=iter(["Noted.", "Noted, both of you!"])),
        lambda session_id: history,
        input_messages_key="input",
        history_messages_key="history",
    )
    config = {"configurable": {"session_id": "s1"}}
    chain.invoke({"input": [HumanMessage(ANNA, name="Anna")]}, config)
    await chain.ainvoke({"input": [HumanMessage(BEN, name="Ben")]}, config)

    assert stored(memory, "grp") == [
        ("Anna", ANNA),
        ("AI", "Noted."),
        ("Ben", BEN),
        ("AI", "Noted, both of you!"),
    ]
    assert homes(memory, "grp") == {("Anna", "Rome"), ("Ben", "Oslo")}  # Ben's move is his own
    assert [s.metadata for s in memory.statements(namespace="grp")] == [NAMED, {}, NAMED, {}]


def test_a_new_history_reloads_named_turns_by_name_in_order(
    memory: TemporalGraphMemory,
) -> None:
    RecallChatMessageHistory(memory, namespace="grp").add_messages(
        [
            HumanMessage("Hello everyone."),
            HumanMessage(ANNA, name="Anna"),
            AIMessage("Welcome, Anna."),
            HumanMessage(BEN, name="Ben"),
            AIMessage("Noted, both of you!"),
        ]
    )
    memory.add("The office opens at nine.", namespace="grp")  # a fact, not a turn

    restarted = RecallChatMessageHistory(memory, namespace="grp")
    assert shape(restarted.messages) == [
        ("HumanMessage", "Hello everyone.", None),
        ("HumanMessage", ANNA, "Anna"),
        ("AIMessage", "Welcome, Anna.", None),
        ("HumanMessage", BEN, "Ben"),
        ("AIMessage", "Noted, both of you!", None),
    ]
    newest = RecallChatMessageHistory(memory, namespace="grp", max_messages=3)
    assert shape(newest.messages) == [
        ("AIMessage", "Welcome, Anna.", None),
        ("HumanMessage", BEN, "Ben"),
        ("AIMessage", "Noted, both of you!", None),
    ]
    assert RecallChatMessageHistory(memory, namespace="grp", max_messages=0).messages == []


def test_a_user_named_like_the_ai_comes_back_as_a_user(memory: TemporalGraphMemory) -> None:
    RecallChatMessageHistory(memory, namespace="grp").add_messages(
        [HumanMessage("I live in Rome.", name="AI"), AIMessage("Noted.")]
    )
    assert stored(memory, "grp") == [("AI", "I live in Rome."), ("AI", "Noted.")]
    assert shape(RecallChatMessageHistory(memory, namespace="grp").messages) == [
        ("HumanMessage", "I live in Rome.", "AI"),
        ("AIMessage", "Noted.", None),
    ]
    recalled = RecallMemory(memory=memory, namespace="grp", return_messages=True)
    messages = recalled.load_memory_variables({"input": "Who lives in Rome?"})["history"]
    assert ("HumanMessage", "AI: I live in Rome.", None) in shape(messages)


def test_unnamed_and_blank_names_are_the_human_prefix_as_before(
    memory: TemporalGraphMemory,
) -> None:
    history = RecallChatMessageHistory(memory, namespace="grp", human_prefix="User")
    history.add_messages(
        [
            HumanMessage("I live in Rome.", name="  Anna "),
            HumanMessage("I like tea."),
            HumanMessage("I like coffee.", name="   "),
            HumanMessage("I work at Acme.", name="User"),
            AIMessage("Noted."),
        ]
    )
    assert stored(memory, "grp") == [
        ("Anna", "I live in Rome."),  # stripped
        ("User", "I like tea."),
        ("User", "I like coffee."),
        ("User", "I work at Acme."),
        ("AI", "Noted."),
    ]
    assert [s.metadata for s in memory.statements(namespace="grp")] == [NAMED, {}, {}, {}, {}]
    assert shape(
        RecallChatMessageHistory(memory, namespace="grp", human_prefix="User").messages
    ) == [
        ("HumanMessage", "I live in Rome.", "Anna"),
        ("HumanMessage", "I like tea.", None),
        ("HumanMessage", "I like coffee.", None),
        ("HumanMessage", "I work at Acme.", None),
        ("AIMessage", "Noted.", None),
    ]


# ------------------------------------------------------------------------------ RecallMemory
async def test_save_context_stores_named_users_and_renders_them(
    memory: TemporalGraphMemory,
) -> None:
    adapter = RecallMemory(memory=memory, namespace="grp", return_messages=True)
    adapter.save_context({"input": HumanMessage(ANNA, name="Anna")}, {"output": "ok"})
    await adapter.asave_context(
        {"input": [HumanMessage(BEN, name="Ben"), HumanMessage("I work at Globex.", name="Ben")]},
        {"output": "ok"},
    )
    adapter.save_context(
        {
            "input": [
                HumanMessage("I like tea.", name="Cleo"),
                HumanMessage("I like jazz.", name="Dan"),
            ]
        },
        {"output": "ok"},
    )
    adapter.save_context({"input": "Hello."}, {"output": AIMessage("Hi.")})
    assert stored(memory, "grp") == [
        ("Anna", ANNA),
        ("AI", "ok"),
        ("Ben", f"{BEN}\nI work at Globex."),  # one speaker's messages: one turn
        ("AI", "ok"),
        ("Cleo", "I like tea."),  # two speakers in one input: a turn each
        ("Dan", "I like jazz."),
        ("AI", "ok"),
        ("Human", "Hello."),
        ("AI", "Hi."),
    ]
    assert homes(memory, "grp") == {("Anna", "Rome"), ("Ben", "Oslo")}

    messages = adapter.load_memory_variables({"input": "Where does Anna live?"})["history"]
    assert ("HumanMessage", f"Anna: {ANNA}", None) in shape(messages)


# ------------------------------------------------------------------------------ middleware
@pytest.mark.parametrize("use_async", [False, True])
async def test_the_agent_middleware_stores_named_users(
    memory: TemporalGraphMemory, use_async: bool
) -> None:
    agent = create_agent(
        ScriptedFakeChatModel(messages=iter(["Noted.", "Noted, Ben."])),
        tools=[],
        middleware=[RecallMiddleware(memory)],
        context_schema=UserContext,
    )
    grp = UserContext("grp")
    for message in (HumanMessage(ANNA, name="Anna"), HumanMessage(BEN, name="Ben")):
        if use_async:
            await agent.ainvoke({"messages": [message]}, context=grp)
        else:
            agent.invoke({"messages": [message]}, context=grp)

    assert stored(memory, "grp") == [
        ("Anna", ANNA),
        ("AI", "Noted."),
        ("Ben", BEN),
        ("AI", "Noted, Ben."),
    ]
    assert homes(memory, "grp") == {("Anna", "Rome"), ("Ben", "Oslo")}
    assert shape(RecallChatMessageHistory(memory, namespace="grp").messages) == [
        ("HumanMessage", ANNA, "Anna"),
        ("AIMessage", "Noted.", None),
        ("HumanMessage", BEN, "Ben"),
        ("AIMessage", "Noted, Ben.", None),
    ]
