"""``Neo4jConfig``: how to reach a Neo4j server. The environment is read only by ``from_env()``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit, urlunsplit

from ...errors import ConfigurationError

__all__ = ["Neo4jConfig", "redact_uri"]

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
    """

    uri: str
    username: str | None = "neo4j"
    password: str | None = field(default=None, repr=False)
    database: str | None = None
    use_apoc: bool | None = None
    max_transaction_retry_time: float = 30.0
    connection_timeout: float = 30.0

    def __post_init__(self) -> None:
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
        if self.max_transaction_retry_time < 0 or self.connection_timeout <= 0:
            raise ConfigurationError(
                "Neo4jConfig.max_transaction_retry_time must be >= 0 and connection_timeout > 0"
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
