"""One self-contained HTML page of a memory: graphs, timeline and recall inspector.

The graph library is vis-network, embedded inline from the copy that the ``pyvis`` wheel ships
(``pyvis/lib/vis-<version>/vis-network.min.js``), so the page needs no network when it is opened
and the install stays pip-only (no Node build step in this package). Only pyvis's bundled file
is used, not its Python API or templates (which point at a CDN).
"""

from __future__ import annotations

import html
import json
import logging
import re
import stat
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._optional import require
from ..errors import InputError, MissingDependencyError
from ._assets import PAGE_CSS, PAGE_JS
from .data import ViewLimits, collect_view

if TYPE_CHECKING:
    from ..engine.memory import TemporalGraphMemory

__all__ = ["MemoryView", "page_html", "render_view", "vis_network_js"]

logger = logging.getLogger(__name__)

SQLITE_MAGIC = b"SQLite format 3\x00"
_VERSION = re.compile(r"vis-(\d+)\.(\d+)\.(\d+)$")

BODY = """<header>
  <h1 id="title"></h1>
  <p class="stats" id="stats"></p>
  <p class="note" id="aggregation"></p>
  <p class="note" id="empty-note"></p>
  <p class="note"><label>namespace<select id="namespace"></select></label>
    <span id="generated"></span></p>
</header>
<main>
  <section id="concepts-section">
    <h2>Concept graph</h2>
    <div class="controls">
      <label>from <input type="range" id="step-from" min="1" max="1" value="1"></label>
      <label>to <input type="range" id="step-to" min="1" max="1" value="1"></label>
      <span id="step-range"></span>
      <span>· node size: mentions · edge width: strength</span>
    </div>
    <div class="row">
      <div id="concept-graph" class="graph"></div>
      <div class="side"><ul id="concept-list"></ul></div>
    </div>
    <div class="details" id="concept-details"></div>
  </section>
  <section id="entities-section">
    <h2>Entities and relations</h2>
    <div class="controls legend"><span class="cur">── current relation</span>
      <span class="end">- - ended (kept as history)</span>
      <span class="unsure">··· unsure (left in doubt, not current)</span><span>colour: entity type</span></div>
    <div class="row">
      <div id="entity-graph" class="graph"></div>
      <div class="side"><ul id="entity-list"></ul></div>
    </div>
  </section>
  <section id="timeline-section" class="wide">
    <h2>Timeline</h2>
    <div class="controls">
      <label>entity <select id="timeline-entity"></select></label>
      <label>axis <select id="timeline-axis"><option value="steps">time steps</option>
        <option value="dates">dates</option></select></label>
      <span class="legend"><span class="cur">■ current</span><span class="end">■ ended</span>
        <span class="unsure">□ unsure</span></span>
      <span>a relation holds from its first step up to (not including) the step that ended it</span>
    </div>
    <div id="timeline-box"><svg id="timeline" xmlns="http://www.w3.org/2000/svg"></svg></div>
  </section>
  <section id="recall-section" class="wide">
    <h2>Recall inspector</h2>
    <div class="controls" id="recall-mode"></div>
    <form id="recall-form"><input id="question" list="questions" placeholder="Ask the memory a question"
      autocomplete="off"><datalist id="questions"></datalist><button type="submit">Recall</button></form>
    <div class="chips" id="question-chips"></div>
    <div id="recall-result"></div>
  </section>
</main>
"""


@lru_cache(maxsize=1)
def vis_network_js() -> str:
    """The text of vis-network's standalone build, from the installed ``pyvis`` wheel.

    Raises:
        MissingDependencyError: pyvis is not installed (extra ``view``), or its wheel no longer
            ships a ``lib/vis-*/vis-network.min.js``.
    """
    require("pyvis", extra="view", purpose="the memory page's graph library (vis-network)")
    lib = resources.files("pyvis") / "lib"
    found: list[tuple[tuple[int, ...], Any]] = []
    for entry in lib.iterdir():
        match = _VERSION.match(entry.name)
        if match and (entry / "vis-network.min.js").is_file():
            found.append((tuple(int(g) for g in match.groups()), entry / "vis-network.min.js"))
    if not found:
        raise MissingDependencyError(
            "pyvis", "view", "vis-network (pyvis/lib/vis-*/vis-network.min.js was not found)"
        )
    version, path = max(found, key=lambda f: f[0])
    logger.debug("vis-network %s from %s", ".".join(map(str, version)), path)
    text: str = path.read_text(encoding="utf-8")
    return text.replace("</script", "<\\/script")


def _json_for_script(data: Any) -> str:
    # Inside <script type="application/json"> only "</script" and "<!--" matter; escaping every
    # <, > and & keeps the blob valid JSON and inert whatever a statement contains.
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_html(data: dict[str, Any]) -> str:
    """The whole page for a data blob from :func:`~recall_memory_plugins.viz.data.collect_view`."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="generator" content="recall-memory">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(str(data.get('title', 'recall-memory')))}</title>\n"
        f"<style>{PAGE_CSS}</style>\n</head>\n<body>\n{BODY}"
        f'<script type="application/json" id="memory-data">{_json_for_script(data)}</script>\n'
        f"<script>{vis_network_js()}</script>\n<script>{PAGE_JS}</script>\n</body>\n</html>\n"
    )


def is_sqlite_file(path: Path) -> bool:
    """Whether ``path`` is a regular file holding an SQLite database (a FIFO is never read)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return False
        with path.open("rb") as stream:
            return stream.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except FileNotFoundError:
        return False


@dataclass(frozen=True)
class MemoryView:
    """A rendered memory page: save it, or let a notebook display it.

    Attributes:
        html: the self-contained page.
        data: the JSON data the page carries (graph nodes, edges, relations, recalls).
        seconds: how long collecting the data and building the page took.
    """

    html: str
    data: dict[str, Any]
    seconds: float

    def save(self, path: str | Path) -> Path:
        """Write the page to ``path`` (UTF-8) and return the path.

        Raises:
            InputError: ``path`` is no path, the file cannot be written there (a missing
                directory, a directory, no permission), or it is an SQLite database (a memory
                file, say), which a page never replaces.
        """
        if not isinstance(path, (str, Path)):
            raise InputError(f"the page's path must be a str or a Path, got {type(path).__name__}")
        out = Path(path)
        try:
            sqlite = is_sqlite_file(out)
            if not sqlite:
                out.write_text(self.html, encoding="utf-8")
        except (OSError, ValueError, UnicodeError) as exc:  # (ValueError: a NUL byte in the path)
            raise InputError(f"cannot write the page to {str(path)!r}: {exc}") from exc
        if sqlite:
            raise InputError(
                f"{str(path)!r} is an SQLite database (a memory?); the page was not written over "
                "it, give another file name"
            )
        return out

    def _repr_html_(self) -> str:
        # Jupyter shows HTML outputs without running their scripts in some front ends; an iframe
        # with the page as srcdoc runs it the same way everywhere.
        return (
            f'<iframe srcdoc="{html.escape(self.html, quote=True)}" '
            'style="width:100%;height:900px;border:0" sandbox="allow-scripts"></iframe>'
        )


def render_view(
    memory: TemporalGraphMemory,
    namespace: str | Sequence[str] | None = None,
    *,
    questions: Sequence[str] = (),
    limits: ViewLimits | None = None,
    out: str | Path | None = None,
    title: str | None = None,
    served: bool = False,
) -> MemoryView:
    """Render the memory page of one or more namespaces.

    Args:
        memory: the memory to show.
        namespace: a namespace, several (the page gets a selector), or None for the memory's own.
        questions: questions whose recall is precomputed into the inspector; by default the
            newest stored statements that are questions.
        limits: how much of a large memory the page carries (see :class:`ViewLimits`).
        out: also write the page to this file (never over an SQLite database: InputError).
        title: the page title.
        served: the page is served by ``recall-memory serve`` and may ask ``/recall`` live.

    Returns:
        The :class:`MemoryView` (``.html``, ``.save(path)``; displays itself in notebooks).

    Raises:
        MissingDependencyError: the ``view`` extra is not installed.
        InputError: a namespace or a limit is invalid.
    """
    started = time.perf_counter()
    vis_network_js()  # fail before reading the store when the extra is missing
    if namespace is None:
        names: list[str] = [memory.namespace]
    elif isinstance(namespace, str):
        names = [namespace]
    elif isinstance(namespace, Iterable) and not isinstance(namespace, (bytes, bytearray, Mapping)):
        names = list(namespace)
        if not all(isinstance(n, str) for n in names):
            raise InputError(f"namespace names must be strings, got {names!r}")
    else:
        raise InputError(
            "namespace must be a namespace name, a list of names or None, "
            f"got {type(namespace).__name__}"
        )
    data = collect_view(
        memory, names, limits=limits, questions=questions, title=title, served=served
    )
    view = MemoryView(page_html(data), data, time.perf_counter() - started)
    if out is not None:
        view.save(out)
    logger.info("memory page of %s: %d bytes in %.2f s", names, len(view.html), view.seconds)
    return view
