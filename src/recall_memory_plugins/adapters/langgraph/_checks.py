"""What :class:`~.store.RecallStore` checks before it applies anything, free of the store: the
errors it raises are the library's own and what LangGraph's stores raise too."""

from __future__ import annotations

from typing import Any

from langgraph.store.base import (
    NOT_PROVIDED,
    InvalidNamespaceError,
    ListNamespacesOp,
    SearchOp,
    _validate_namespace,
)

from ...errors import ConfigurationError, InputError

__all__ = ["ItemInputError", "TTLNotSupportedError", "check_page", "check_put_call", "ttl_message"]


class ItemInputError(InputError, InvalidNamespaceError):
    """A bad namespace or key: the library's ``InputError``, which code written for LangGraph's
    stores still catches as their ``InvalidNamespaceError``."""


class TTLNotSupportedError(ConfigurationError, NotImplementedError):
    """A TTL, which this store does not support: a ``ConfigurationError``, which code written for
    LangGraph's stores still catches as their ``NotImplementedError``."""


def check_page(op: SearchOp | ListNamespacesOp) -> None:
    for name in ("offset", "limit"):
        n = getattr(op, name)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InputError(
                f"{name} of a {type(op).__name__} must be an integer >= 0, got {n!r} "
                "(nothing of this batch was applied)"
            )


def ttl_message(key: Any) -> str:
    return (
        f"TTL is not supported by RecallStore (item {key!r}): put it with ttl=None "
        "(nothing was applied)"
    )


def check_put_call(namespace: tuple[str, ...], key: Any, ttl: Any) -> None:
    """The checks of LangGraph's ``put`` (namespace, key, TTL), raising the library's errors."""
    try:
        _validate_namespace(namespace)
    except InvalidNamespaceError as exc:
        raise ItemInputError(f"{exc} (nothing was applied)") from exc
    if not isinstance(key, str) or not key:
        raise ItemInputError(f"key must be a non-empty string, got {key!r} (nothing was applied)")
    if ttl is not NOT_PROVIDED and ttl is not None:
        raise TTLNotSupportedError(ttl_message(key))
