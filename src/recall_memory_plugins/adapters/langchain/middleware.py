"""``RecallMiddleware``: long-term memory for LangChain 1.x ``create_agent`` agents."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ModelCallResult,
    ModelRequest,
    ModelResponse,
    PrivateStateAttr,
)
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage
from langgraph.config import get_config
from langgraph.runtime import Runtime
from typing_extensions import NotRequired

from ...engine.memory import TemporalGraphMemory
from ...errors import ConfigurationError, InputError
from ...models import Recall
from .._common import (
    MEMORY_PROMPT,
    check_budget_option,
    check_engine,
    check_namespace_option,
    check_no_unknown_options,
    check_prompt,
    engine_state,
    render_prompt,
    reopened_state,
    user_turn,
)

__all__ = ["RecallAgentState", "RecallMiddleware"]


def _keys(namespace_keys: object) -> tuple[str, ...]:
    """``namespace_keys`` as a tuple; one string is one key (``"user_id"``, not its letters)."""
    keys = (namespace_keys,) if isinstance(namespace_keys, str) else namespace_keys
    if not isinstance(keys, (list, tuple)) or not all(isinstance(k, str) and k for k in keys):
        raise ConfigurationError(
            "RecallMiddleware namespace_keys must be a key name or a list of key names "
            f"(non-empty strings), got {namespace_keys!r}"
        )
    return tuple(keys)


def _given(key: str, value: object) -> str:
    """The namespace a user id names. An empty one is refused, never read as "not set": that
    would put every such user in the shared fallback namespace."""
    text = value if isinstance(value, str) else str(value)
    if not text.strip():
        raise InputError(
            f"RecallMiddleware: {key!r} of the run names no namespace ({value!r}); the namespace "
            "must be a non-empty string (check how the user id is set)"
        )
    return text


class RecallAgentState(AgentState[Any]):
    """The agent state plus the id of the last message already saved to memory (private)."""

    recall_saved_id: NotRequired[Annotated[str | None, PrivateStateAttr]]


class RecallMiddleware(AgentMiddleware[RecallAgentState, Any, Any]):
    """Recall before every model call, save the run's new turns after the agent finishes.

    * ``wrap_model_call`` / ``awrap_model_call``: recalls memory for the latest user message and
      appends it to the system prompt (``prompt`` with ``{memory}``); nothing is added when the
      namespace has nothing relevant.
    * ``after_agent`` / ``aafter_agent``: stores the user and AI text turns of this run, each as a
      time step with its speaker, a human message's ``name`` when it has one (tool calls and
      tool results are not stored). With a checkpointer the messages after the last saved one
      are stored (tracked in the private state field ``recall_saved_id``); otherwise, the latest
      user message and the replies after it.

    The namespace is read, in order, from the runtime context (attribute or key, for each of
    ``namespace_keys``, e.g. ``context_schema`` with a ``user_id`` field), from
    ``config["configurable"]``, then ``namespace``, then the engine's default namespace.

    Args:
        memory: the engine (injected).
        namespace: the fallback namespace.
        namespace_keys: context/configurable keys that name the namespace (one key, e.g.
            ``"user_id"``, or a list), first match wins. A key that is set but empty (``""``)
            is an ``InputError``, never the fallback namespace.
        token_budget: tokens of recalled memory; None uses the engine's configured budget.
        human_prefix: speaker stored with the user's turns that have no ``name``.
        ai_prefix: speaker stored with the agent's turns.
        prompt: how recalled memory is added to the system prompt; must contain ``{memory}``
            (its only field; literal braces doubled).

    Raises:
        ConfigurationError: ``memory`` is not an engine (for a path use :meth:`from_path`),
            ``namespace_keys`` is not a key name or a list of them, or ``prompt`` has no
            ``{memory}`` or another field.

    Example:
        >>> agent = create_agent(model, tools, middleware=[RecallMiddleware(memory)],
        ...                      context_schema=UserContext)  # doctest: +SKIP
        >>> agent.invoke({"messages": [...]}, context=UserContext(user_id="alice"))  # doctest: +SKIP
    """

    state_schema = RecallAgentState

    def __init__(
        self,
        memory: TemporalGraphMemory,
        *,
        namespace: str | None = None,
        namespace_keys: Sequence[str] = ("namespace", "user_id"),
        token_budget: int | None = None,
        human_prefix: str = "Human",
        ai_prefix: str = "AI",
        prompt: str = MEMORY_PROMPT,
        **unknown: Any,
    ) -> None:
        check_no_unknown_options(unknown, "RecallMiddleware")
        self.memory = check_engine(memory, "RecallMiddleware", from_path=True)
        self.namespace = check_namespace_option(namespace, "RecallMiddleware")
        self.namespace_keys = _keys(namespace_keys)
        self.token_budget = check_budget_option(token_budget, "RecallMiddleware")
        self.human_prefix = human_prefix
        self.ai_prefix = ai_prefix
        self.prompt = check_prompt(prompt, "RecallMiddleware")

    @classmethod
    def from_path(
        cls, path: str | Path, *, annotator: str = "auto", **options: Any
    ) -> RecallMiddleware:
        """Build the engine on a SQLite file (or ``":memory:"``) and wrap it.

        The engine is ``.memory``; close it with ``middleware.memory.close()`` when done.
        """
        return cls(TemporalGraphMemory(path, annotator=annotator), **options)

    def __getstate__(self) -> dict[str, Any]:
        return engine_state(self.__dict__, "memory")

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(reopened_state(state, "memory"))

    def __repr__(self) -> str:
        return f"RecallMiddleware(namespace={self.namespace!r}, namespace_keys={self.namespace_keys!r})"

    # ------------------------------------------------------------------------------ conversions
    def _namespace(self, runtime: Runtime[Any] | None) -> str | None:
        context = getattr(runtime, "context", None)
        if context is not None:
            for key in self.namespace_keys:
                value = (
                    context.get(key)
                    if isinstance(context, Mapping)
                    else getattr(context, key, None)
                )
                if value is not None:
                    return _given(key, value)
        try:
            configurable = get_config().get("configurable") or {}
        except RuntimeError:  # not inside a runnable (e.g. a hook called directly)
            configurable = {}
        for key in self.namespace_keys:
            if configurable.get(key) is not None:
                return _given(key, configurable[key])
        return self.namespace

    @staticmethod
    def _question(messages: Sequence[AnyMessage]) -> str:
        for message in reversed(messages):
            if isinstance(message, HumanMessage):
                return message.text
        return ""

    def _with_memory(self, request: ModelRequest[Any], recall: Recall) -> ModelRequest[Any]:
        if not recall.statements and not recall.facts:
            return request
        block = render_prompt(self.prompt, recall)
        current = request.system_message
        content: str | list[str | dict[str, Any]]
        if current is None or not current.content:
            content = block
        elif isinstance(current.content, str):
            content = f"{current.content}\n\n{block}"
        else:
            content = [*current.content, {"type": "text", "text": block}]
        return request.override(system_message=SystemMessage(content=content))

    def _new_turns(
        self, messages: Sequence[AnyMessage], saved_id: str | None
    ) -> list[dict[str, Any]]:
        """The new human and AI turns with text, as ``add`` arguments (a human message with a
        ``name`` is said by that name)."""
        start = None
        if saved_id is not None:
            start = next((i + 1 for i, m in enumerate(messages) if m.id == saved_id), None)
        if start is None:
            humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
            start = humans[-1] if humans else len(messages)
        turns: list[dict[str, Any]] = []
        for message in messages[start:]:
            if not message.text.strip():
                continue
            if isinstance(message, HumanMessage):
                turns.append(user_turn(message.text, message.name, self.human_prefix, message.id))
            elif isinstance(message, AIMessage):
                turns.append(
                    {"text": message.text, "speaker": self.ai_prefix, "source": message.id}
                )
        return turns

    @staticmethod
    def _cursor(messages: Sequence[AnyMessage]) -> dict[str, Any] | None:
        return {"recall_saved_id": messages[-1].id} if messages else None

    # ------------------------------------------------------------------------------ hooks
    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelCallResult[Any]:
        """Add the memory recalled for the latest user message to the system prompt."""
        question = self._question(request.messages)
        if not question.strip():
            return handler(request)
        recall = self.memory.recall(
            question, namespace=self._namespace(request.runtime), token_budget=self.token_budget
        )
        return handler(self._with_memory(request, recall))

    async def awrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], Awaitable[ModelResponse[Any]]],
    ) -> ModelCallResult[Any]:
        """Async twin of :meth:`wrap_model_call`."""
        question = self._question(request.messages)
        if not question.strip():
            return await handler(request)
        recall = await self.memory.arecall(
            question, namespace=self._namespace(request.runtime), token_budget=self.token_budget
        )
        return await handler(self._with_memory(request, recall))

    def after_agent(self, state: RecallAgentState, runtime: Runtime[Any]) -> dict[str, Any] | None:
        """Store the run's new user and AI turns."""
        messages = state["messages"]
        namespace = self._namespace(runtime)
        for turn in self._new_turns(messages, state.get("recall_saved_id")):
            self.memory.add(namespace=namespace, **turn)
        return self._cursor(messages)

    async def aafter_agent(
        self, state: RecallAgentState, runtime: Runtime[Any]
    ) -> dict[str, Any] | None:
        """Async twin of :meth:`after_agent`."""
        messages = state["messages"]
        namespace = self._namespace(runtime)
        for turn in self._new_turns(messages, state.get("recall_saved_id")):
            await self.memory.aadd(namespace=namespace, **turn)
        return self._cursor(messages)
