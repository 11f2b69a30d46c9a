"""``RecallChatMessageHistory``: a chat history that also feeds the temporal graph."""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from ...engine.memory import TemporalGraphMemory

__all__ = ["RecallChatMessageHistory"]


class RecallChatMessageHistory(BaseChatMessageHistory):
    """The messages of one session, kept in a list, with every user/AI turn also stored in the graph.

    For ``RunnableWithMessageHistory``: the list is the short-term history the runnable replays
    (in-process, like ``InMemoryChatMessageHistory``, so keep one instance per session, e.g. in a
    dict keyed by session id); the graph is the long-term memory a
    :class:`~recall_memory_plugins.adapters.langchain.RecallRetriever` recalls from, across
    sessions and restarts. Only human and AI messages with text are stored in the graph (system
    and tool messages stay in the list only). :meth:`clear` empties the list; the graph keeps its
    history (``memory.clear(namespace)`` hard-deletes it).

    Args:
        memory: the engine (injected).
        namespace: the graph scope of these turns (usually the user); None uses the engine's
            default namespace.
        messages: initial messages of the list (not stored in the graph).
        human_prefix: speaker stored with the user's turns.
        ai_prefix: speaker stored with the AI's turns.
    """

    def __init__(
        self,
        memory: TemporalGraphMemory,
        *,
        namespace: str | None = None,
        messages: Sequence[BaseMessage] = (),
        human_prefix: str = "Human",
        ai_prefix: str = "AI",
    ) -> None:
        self.memory = memory
        self.namespace = namespace
        self.messages: list[BaseMessage] = list(messages)
        self.human_prefix = human_prefix
        self.ai_prefix = ai_prefix

    def __repr__(self) -> str:
        return (
            f"RecallChatMessageHistory(namespace={self.namespace!r}, messages={len(self.messages)})"
        )

    def _speaker(self, message: BaseMessage) -> str | None:
        if isinstance(message, HumanMessage):
            return self.human_prefix
        if isinstance(message, AIMessage):
            return self.ai_prefix
        return None

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Append ``messages`` to the list and store their user/AI turns in the graph."""
        for message in messages:
            self.messages.append(message)
            speaker = self._speaker(message)
            if speaker is not None and message.text.strip():
                self.memory.add(
                    message.text, namespace=self.namespace, speaker=speaker, source=message.id
                )

    async def aadd_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Async twin of :meth:`add_messages`."""
        for message in messages:
            self.messages.append(message)
            speaker = self._speaker(message)
            if speaker is not None and message.text.strip():
                await self.memory.aadd(
                    message.text, namespace=self.namespace, speaker=speaker, source=message.id
                )

    def clear(self) -> None:
        """Empty the session's message list (the graph keeps its history)."""
        self.messages.clear()
