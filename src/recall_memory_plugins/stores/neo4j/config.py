"""``Neo4jConfig``: how to reach a Neo4j server. The environment is read only by ``from_env()``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

from ...errors import ConfigurationError

__all__ = ["Neo4jConfig", "check_optional_name", "check_seconds", "redact_uri"]

SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")


def redact_uri(uri: str) -> str:
    """``uri`` without any ``user:password@`` part, safe for messages and ``repr``."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return "<invalid uri>"
    if "@" not in parts.netloc:
        return uri
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))


MAX_SECONDS = 1e6  # the driver's timeouts: beyond ~11 days they only overflow its clocks


def check_seconds(name: str, value: object, *, zero: bool) -> float:
    """A number of seconds (not a bool, NaN or infinite) in ``0..MAX_SECONDS``; ``zero``: may be
    0 (a retry time), else above 0 (a timeout)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not (value >= 0 if zero else value > 0)  # (NaN fails)
        or not value <= MAX_SECONDS
    ):
        low = ">= 0" if zero else "> 0"
        raise ConfigurationError(
            f"{name} must be a number of seconds {low} and <= {MAX_SECONDS:,.0f}, got {value!r}"
        )
    return float(value)


def check_optional_name(name: str, value: object) -> str | None:
    """None or a non-empty string (a database name)."""
    if value is not None and (not isinstance(value, str) or not value.strip()):
        raise ConfigurationError(f"{name} must be a non-empty string or None, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Neo4jConfig:
    """Connection options of :class:`~recall_memory_plugins.stores.neo4j.Neo4jGraphStore`.

    Attributes:
        uri: ``bolt://host:7687`` for one server, ``neo4j://host:7687`` (routing) for a cluster
            or Aura; ``+s`` / ``+ssc`` variants for TLS.
        username: user name (None for a server without authentication).
        password: password; never shown by ``repr`` or in error messages.
        database: database name (None: the user's home database).
        use_apoc: expand with APOC (True), plain Cypher (False) or auto-detect in ``setup()``.
        max_transaction_retry_time: seconds the driver keeps retrying a transaction on transient
            errors or an unreachable server before giving up.
        connection_timeout: seconds to wait for a TCP connection.

    Raises:
        ConfigurationError: a URI of another scheme or with credentials in it, a time that is no
            number of seconds in range (a retry time >= 0, a timeout > 0), a ``use_apoc`` that is
            not True/False/None, or a name that is not a non-empty string.
    """

    uri: str
    username: str | None = "neo4j"
    password: str | None = field(default=None, repr=False)
    database: str | None = None
    use_apoc: bool | None = None
    max_transaction_retry_time: float = 30.0
    connection_timeout: float = 30.0

    def __post_init__(self) -> None:
        if not isinstance(self.uri, str):
            raise ConfigurationError(
                f"Neo4jConfig.uri must be a string, got {type(self.uri).__name__}"
            )
        scheme = self.uri.split("://", 1)[0] if "://" in self.uri else ""
        if scheme not in SCHEMES:
            raise ConfigurationError(
                f"Neo4j URI {redact_uri(self.uri)!r} must start with one of "
                f"{', '.join(s + '://' for s in SCHEMES)}"
            )
        if "@" in self.uri.split("://", 1)[1].split("/", 1)[0]:
            raise ConfigurationError(
                f"Neo4j URI {redact_uri(self.uri)!r} carries credentials: pass them as the "
                "username/password (NEO4J_USERNAME / NEO4J_PASSWORD) instead"
            )
        check_seconds(
            "Neo4jConfig.max_transaction_retry_time", self.max_transaction_retry_time, zero=True
        )
        check_seconds("Neo4jConfig.connection_timeout", self.connection_timeout, zero=False)
        if self.use_apoc is not None and not isinstance(self.use_apoc, bool):
            raise ConfigurationError(
                f"Neo4jConfig.use_apoc must be True, False or None (detect), got {self.use_apoc!r}"
            )
        check_optional_name("Neo4jConfig.database", self.database)
        for name in ("username", "password"):  # (an empty username means "neo4j": see auth)
            if getattr(self, name) is not None and not isinstance(getattr(self, name), str):
                raise ConfigurationError(
                    f"Neo4jConfig.{name} must be a string or None, got "
                    f"{type(getattr(self, name)).__name__}"
                )

    @property
    def auth(self) -> tuple[str, str] | None:
        """``(username, password)`` for the driver, or None without a password."""
        if self.password is None:
            return None
        return (self.username or "neo4j", self.password)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Neo4jConfig:
        """Read ``NEO4J_URI``, ``NEO4J_USERNAME``, ``NEO4J_PASSWORD`` and ``NEO4J_DATABASE``.

        Args:
            environ: the variables to read (default ``os.environ``).

        Raises:
            ConfigurationError: ``NEO4J_URI`` is missing or invalid.
        """
        env = os.environ if environ is None else environ
        uri = env.get("NEO4J_URI", "").strip()
        if not uri:
            raise ConfigurationError(
                "NEO4J_URI is not set: export NEO4J_URI=bolt://localhost:7687 (or neo4j+s://... "
                "for Aura) together with NEO4J_USERNAME and NEO4J_PASSWORD"
            )
        return cls(
            uri=uri,
            username=env.get("NEO4J_USERNAME") or "neo4j",
            password=env.get("NEO4J_PASSWORD") or None,
            database=env.get("NEO4J_DATABASE") or None,
        )
