"""``recall-memory serve``: the memory page plus live recall, on 127.0.0.1 only.

Standard library only (:mod:`http.server`). It binds the loopback address, never another one,
and answers only requests whose ``Host`` header names the loopback (so a web page elsewhere
cannot reach it through DNS rebinding). Each connection is read on its own thread, with a read
timeout, so an idle or stuck client never holds up the others; the memory itself answers one
request at a time (a lock). A client that goes away mid-answer is one debug log line.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
from collections.abc import Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

from .._optional import require
from ..errors import InputError, RecallError
from .data import ViewLimits, recall_json
from .page import render_view, vis_network_js

if TYPE_CHECKING:
    from ..engine.memory import TemporalGraphMemory

__all__ = ["HOST", "make_server"]

logger = logging.getLogger(__name__)

HOST = "127.0.0.1"
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "[::1]"})
MAX_QUESTION_CHARS = 2000
JSON_TYPE = "application/json; charset=utf-8"
READ_TIMEOUT = 15.0  # seconds a connection may stay silent before it is closed
GONE = (ConnectionError, TimeoutError)  # the client went away or stalled: not our failure


def _json_body(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


class _MemoryServer(ThreadingHTTPServer):
    daemon_threads = True  # Ctrl-C does not wait for a stalled connection

    def __init__(
        self,
        port: int,
        memory: TemporalGraphMemory,
        namespaces: Sequence[str],
        *,
        questions: Sequence[str],
        limits: ViewLimits | None,
        title: str | None,
    ) -> None:
        self.memory = memory
        self.namespaces = list(namespaces)
        self.questions = list(questions)
        self.limits = limits
        self.title = title
        self.memory_lock = threading.Lock()  # the memory answers one request at a time
        super().__init__((HOST, port), _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, GONE):
            logger.debug("client %s went away: %s", client_address, exc)
            return
        super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"


class _Handler(BaseHTTPRequestHandler):
    server: _MemoryServer
    server_version = "recall-memory"
    timeout = READ_TIMEOUT

    def log_message(self, format: str, *args: Any) -> None:
        logger.info("%s " + format, self.address_string(), *args)

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        try:
            self.wfile.write(body)
        except GONE as exc:  # a closed tab or a reload: nobody reads the answer any more
            logger.debug(
                "client %s went away before the answer was sent: %s", self.client_address, exc
            )
            self.close_connection = True

    def _json(self, status: HTTPStatus, payload: dict[str, Any]) -> None:
        self._send(status, _json_body(payload), JSON_TYPE)

    def _host_ok(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name in LOOPBACK_NAMES

    def do_GET(self) -> None:
        if not self._host_ok():
            self._json(HTTPStatus.FORBIDDEN, {"error": "only loopback host names are served"})
            return
        url = urlsplit(self.path)
        try:
            with self.server.memory_lock:  # the answer is sent after the lock is let go
                status, body, content_type = self._answer(url.path, parse_qs(url.query))
        except InputError as exc:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            return
        except RecallError as exc:
            logger.warning("request %s failed: %s", self.path, exc)
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": str(exc)})
            return
        self._send(status, body, content_type)

    def _answer(self, path: str, query: dict[str, list[str]]) -> tuple[HTTPStatus, bytes, str]:
        srv = self.server
        if path in ("/", "/index.html"):
            view = render_view(
                srv.memory,
                srv.namespaces,
                questions=srv.questions,
                limits=srv.limits,
                title=srv.title,
                served=True,
            )
            return HTTPStatus.OK, view.html.encode("utf-8"), "text/html; charset=utf-8"
        if path == "/recall":
            return HTTPStatus.OK, _json_body(self._recall(query)), JSON_TYPE
        return HTTPStatus.NOT_FOUND, _json_body({"error": f"no such page: {path}"}), JSON_TYPE

    def _recall(self, query: dict[str, list[str]]) -> dict[str, Any]:
        srv = self.server
        question = (query.get("q") or [""])[0].strip()
        if not question:
            raise InputError("give the question as ?q=...")
        if len(question) > MAX_QUESTION_CHARS:
            raise InputError(f"the question is longer than {MAX_QUESTION_CHARS} characters")
        namespace = (query.get("namespace") or [srv.namespaces[0]])[0]
        if namespace not in srv.namespaces:
            raise InputError(f"namespace {namespace!r} is not served (served: {srv.namespaces})")
        budget_text = (query.get("budget") or [""])[0]
        budget: int | None = None
        if budget_text:
            if not budget_text.isdigit():
                raise InputError(f"budget must be a positive integer, got {budget_text!r}")
            budget = int(budget_text)
        elif srv.limits is not None:
            budget = srv.limits.token_budget
        recall = srv.memory.recall(question, namespace=namespace, token_budget=budget)
        return recall_json(recall, source="live")


def make_server(
    memory: TemporalGraphMemory,
    namespaces: Sequence[str],
    *,
    port: int = 8765,
    questions: Sequence[str] = (),
    limits: ViewLimits | None = None,
    title: str | None = None,
) -> _MemoryServer:
    """A server on ``127.0.0.1:port`` (0: a free port) for the page and ``/recall?q=``.

    ``GET /`` renders the page afresh (so it shows what was added since); ``GET
    /recall?q=...&namespace=...&budget=...`` answers with the recall as JSON. Call
    ``serve_forever()`` on the result and ``server_close()`` when done; ``.url`` is its address.

    Raises:
        MissingDependencyError: the ``view`` extra is not installed (checked before binding, so
            no server starts that could only answer errors).
        InputError: no namespace, or a port outside 0-65535.
        OSError: the port is taken.
    """
    vis_network_js()  # pyvis: the page's graph library
    require("networkx", extra="view", purpose="the memory page's layout")
    require("numpy", extra="view", purpose="the memory page's layout")
    if not namespaces:
        raise InputError("serve at least one namespace")
    if not isinstance(port, int) or not 0 <= port <= 65535:
        raise InputError(f"port must be 0-65535, got {port!r}")
    for ns in namespaces:
        memory.stats(ns)  # validates every namespace before binding
    return _MemoryServer(port, memory, namespaces, questions=questions, limits=limits, title=title)
