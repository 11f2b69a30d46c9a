"""``RecallChatMessageHistory``: a chat history that also feeds the temporal graph."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage

from ...engine.memory import TemporalGraphMemory
from ...errors import ConfigurationError
from ...models import Statement
from .._common import (
    check_engine,
    check_namespace_option,
    engine_state,
    is_named_user_turn,
    reopened_state,
    user_turn,
)

__all__ = ["RecallChatMessageHistory"]

_PAGE = 1000


def _max_messages(value: object) -> int | None:
    """None (all) or a whole number >= 0 of stored turns to load."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigurationError(
            f"RecallChatMessageHistory max_messages must be an int >= 0 or None, got {value!r}"
        )
    return value


class RecallChatMessageHistory(BaseChatMessageHistory):
    """The messages of one session, with every user/AI turn also stored in the graph.

    For ``RunnableWithMessageHistory``: :attr:`messages` is the short-term history the runnable
    replays; the graph is the long-term memory a
    :class:`~recall_memory_plugins.adapters.langchain.RecallRetriever` recalls from. A new
    instance (after a restart, in another process) starts with the turns already stored in its
    namespace (the last ``max_messages`` of them), read back from the store. Only human and AI
    messages with text are stored in the graph (system and tool messages stay in this object's
    list only). A human message's ``name`` (who said it in a multi-party chat), when a non-empty
    string, is stored as its speaker instead of ``human_prefix`` (so Anna's "I" is not Ben's)
    and comes back as ``HumanMessage(name=...)``. :meth:`clear` empties the list and hard-deletes the namespace, like
    :meth:`RecallMemory.clear <recall_memory_plugins.adapters.langchain.RecallMemory.clear>`.

    Args:
        memory: the engine (injected).
        namespace: the graph scope of these turns (a user or a session); None uses the
            engine's default namespace.
        messages: initial messages of the list (not stored in the graph); when given, stored
            turns are not loaded.
        human_prefix: speaker stored with the user's turns that have no ``name``.
        ai_prefix: speaker stored with the AI's turns.
        max_messages: at most this many stored turns are loaded at start (None: all).

    Raises:
        ConfigurationError: ``memory`` is not an engine, or ``namespace`` or ``max_messages``
            (an int >= 0 or None) is invalid.
    """

    def __init__(
        self,
        memory: TemporalGraphMemory,
        *,
        namespace: str | None = None,
        messages: Sequence[BaseMessage] | None = None,
        human_prefix: str = "Human",
        ai_prefix: str = "AI",
        max_messages: int | None = 100,
    ) -> None:
        self.memory = check_engine(memory, "RecallChatMessageHistory")
        self.namespace = check_namespace_option(namespace, "RecallChatMessageHistory")
        self.human_prefix = human_prefix
        self.ai_prefix = ai_prefix
        self.max_messages = _max_messages(max_messages)
        self.messages: list[BaseMessage] = (
            list(messages) if messages is not None else self._stored_turns()
        )

    def __repr__(self) -> str:
        return (
            f"RecallChatMessageHistory(namespace={self.namespace!r}, messages={len(self.messages)})"
        )

    def __getstate__(self) -> dict[str, Any]:
        return engine_state(self.__dict__, "memory")

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(reopened_state(state, "memory"))

    def _stored_turns(self) -> list[BaseMessage]:
        """The namespace's stored human/AI turns, oldest first (chunks of one turn joined).

        Oldest first as recall orders statements: by time (``at``), then by step, so a turn
        imported with an old ``at`` is replayed before today's. Each speaker's statements are
        read newest step first, filtered by the store, until it has more than
        ``max_messages`` turns, and the newest in time of those are kept: the cost follows the
        turns returned, not the other statements of the namespace (facts added by ``add``,
        other speakers). (The stores index a speaker's statements by step, not time: when more
        than ``max_messages`` turns were imported with older times after the newest ones,
        the newest in time may lie outside what is read.)

        Turns stored under a user's name cannot be read by speaker (the names are not known
        here): one more read, of the namespace's newest steps whatever their speaker (pages of
        the same size, until more than ``max_messages`` steps), finds those among the
        namespace's newest ``max_messages`` steps (all of them when None). A named turn older
        than that (when facts added by ``add`` or other speakers' statements came after it) is
        not reloaded, even if fewer than ``max_messages`` turns are."""
        limit = self.max_messages
        found: dict[int, Statement] = {}
        for speaker in dict.fromkeys((self.human_prefix, self.ai_prefix)):
            found.update((s.id, s) for s in self._newest_of(speaker, limit))
        found.update((s.id, s) for s in self._named_user_turns(limit))
        turns: dict[int, list[Statement]] = {}
        for st in sorted(found.values(), key=lambda s: (s.t_index, s.id)):
            turns.setdefault(st.t_index, []).append(st)
        chosen = sorted(turns.values(), key=lambda parts: (parts[0].at, parts[0].t_index))
        if limit is not None:
            chosen = chosen[-limit:] if limit > 0 else []
        out: list[BaseMessage] = []
        for parts in chosen:
            text = " ".join(p.text for p in parts)
            first = parts[0]
            ref: dict[str, Any] = {"id": first.source} if first.source else {}
            if is_named_user_turn(first.metadata):
                out.append(HumanMessage(content=text, name=first.speaker, **ref))
            elif first.speaker == self.human_prefix:
                out.append(HumanMessage(content=text, **ref))
            else:
                out.append(AIMessage(content=text, **ref))
        return out

    def _named_user_turns(self, limit: int | None) -> list[Statement]:
        """The statements of turns stored under a user's name among the namespace's newest
        ``limit`` steps (the oldest step read may be cut by a page, so it is left out)."""
        recent = self._newest_of(None, limit)
        steps = sorted({s.t_index for s in recent}, reverse=True)
        kept = set(steps if limit is None else steps[:limit])
        return [s for s in recent if s.t_index in kept and is_named_user_turn(s.metadata)]

    def _newest_of(self, speaker: str | None, limit: int | None) -> list[Statement]:
        """The newest statements of ``speaker`` (None: of any speaker): more than ``limit``
        steps' worth (all of them when there are fewer, or ``limit`` is None), by pages of at
        most ``_PAGE``."""
        size = _PAGE if limit is None else min(_PAGE, 2 * limit + 2)
        found: list[Statement] = []
        while limit is None or limit > 0:
            page = self.memory.get_all(
                namespace=self.namespace,
                offset=len(found),
                limit=size,
                speaker=speaker,
                newest_first=True,
            )
            found += page
            if len(page) < size or (limit is not None and len({s.t_index for s in found}) > limit):
                break
        return found

    def _item(self, message: BaseMessage) -> dict[str, Any] | None:
        """The ``add_many`` item of a human or AI message with text (None for the others)."""
        if not message.text.strip():
            return None
        if isinstance(message, HumanMessage):
            return user_turn(message.text, message.name, self.human_prefix, message.id)
        if isinstance(message, AIMessage):
            return {"text": message.text, "speaker": self.ai_prefix, "source": message.id}
        return None

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Append ``messages`` to the list and store their user/AI turns in the graph.

        All or nothing: every turn is checked before any is stored (``add_many``), so a turn the
        engine refuses (an ``InputError``) leaves the list and the graph as they were."""
        messages = list(messages)
        items = [item for item in map(self._item, messages) if item is not None]
        if items:
            self.memory.add_many(items, namespace=self.namespace)
        self.messages.extend(messages)

    async def aadd_messages(self, messages: Sequence[BaseMessage]) -> None:
        """Async twin of :meth:`add_messages` (runs in a worker thread)."""
        await asyncio.to_thread(self.add_messages, list(messages))

    def clear(self) -> None:
        """Empty the list and hard-delete everything stored in the namespace."""
        self.messages.clear()
        self.memory.clear(self.namespace)

    async def aclear(self) -> None:
        """Async twin of :meth:`clear`."""
        self.messages.clear()
        await self.memory.aclear(self.namespace)
