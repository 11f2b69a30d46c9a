"""Conversions between LlamaIndex chat messages and engine calls."""

from __future__ import annotations

from collections.abc import Sequence

from llama_index.core.base.llms.types import ChatMessage, MessageRole

__all__ = ["last_user_text", "speaker_of"]


def last_user_text(messages: Sequence[ChatMessage] | None) -> str:
    """The text of the latest user message ("" when there is none)."""
    for message in reversed(messages or ()):
        if message.role == MessageRole.USER:
            return message.content or ""
    return ""


def speaker_of(message: ChatMessage, *, user: str, assistant: str) -> str | None:
    """The speaker to store a message under; None for messages that are not stored."""
    if not (message.content or "").strip():
        return None
    if message.role == MessageRole.USER:
        return user
    if message.role == MessageRole.ASSISTANT:
        return assistant
    return None
