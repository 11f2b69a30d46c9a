"""The ``view`` and ``serve`` commands of ``recall-memory``.

Each command is three functions in the shape of :class:`recall_memory_plugins.cli.CommandSpec`:
``*_arguments(parser)`` adds its options, ``*_run(args, memory)`` does the work on the memory
the main CLI opened and returns ``(json_data, text_lines)``, ``*_access(args)`` says what it
needs from ``--db``. Both use the global ``--namespace``; when that is ``default`` and holds no
data, every namespace that does is shown (the page gets a selector).
"""

from __future__ import annotations

import argparse
import logging
import sys
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..errors import InputError
from ..viz.data import ViewLimits
from ..viz.page import render_view
from ..viz.server import make_server
from ._output import check_new_page
from .demo import DEMO_BRANDON, DEMO_BRANDON_QUESTION, DEMO_DIALOGUE, DEMO_DIALOGUE_QUESTION

if TYPE_CHECKING:
    from ..engine.memory import TemporalGraphMemory

__all__ = [
    "serve_access",
    "serve_arguments",
    "serve_run",
    "view_access",
    "view_arguments",
    "view_check",
    "view_run",
]

logger = logging.getLogger(__name__)

MAX_AUTO_NAMESPACES = 20
DEFAULT_NAMESPACE = "default"
Output = tuple[Any, list[str]]


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--all-namespaces",
        action="store_true",
        help="every namespace that holds data (default: --namespace; when that is 'default' "
        f"and empty, every namespace with data, up to {MAX_AUTO_NAMESPACES})",
    )
    p.add_argument(
        "--question",
        "-q",
        dest="questions",
        action="append",
        default=[],
        metavar="QUESTION",
        help="precompute the recall of this question (repeatable; default: the newest "
        "stored questions)",
    )
    d = ViewLimits()
    p.add_argument("--max-concepts", type=int, default=d.concepts, help="concepts shown")
    p.add_argument("--max-edges", type=int, default=d.edges, help="concept edges shown")
    p.add_argument("--max-entities", type=int, default=d.entities, help="entities shown")
    p.add_argument("--max-relations", type=int, default=d.relations, help="relations shown")
    p.add_argument("--budget", type=int, default=None, help="token budget of the recalls")
    p.add_argument("--title", default=None, help="the page title")
    p.add_argument("--open", action="store_true", help="open the page in a web browser")


def view_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``recall-memory view``."""
    _common(parser)
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("memory.html"),
        help="the HTML file (memory.html); an existing file is replaced only when it is an "
        "earlier page, never when it is the --db file",
    )
    parser.add_argument(
        "--force", action="store_true", help="overwrite an existing --out that is not a page"
    )
    parser.add_argument(
        "--demo",
        action="store_true",
        help="show the seed walkthroughs (Brandon; 张三/王五/星火计划) from a throwaway memory",
    )


def serve_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``recall-memory serve``."""
    _common(parser)
    parser.add_argument(
        "--port", type=int, default=8765, help="port on 127.0.0.1 (8765; 0: any free port)"
    )


def view_check(args: argparse.Namespace) -> None:
    """``view`` only reads: ``--out`` never replaces the database or, without ``--force``, a
    file that is not an earlier page."""
    args.out = Path(args.out).expanduser()
    check_new_page(args.out, args)


def view_access(args: argparse.Namespace) -> Literal["existing", "scratch"]:
    """``view`` only reads (``--demo``: a throwaway in-memory store)."""
    return "scratch" if args.demo else "existing"


def serve_access(args: argparse.Namespace) -> Literal["existing"]:
    """``serve`` only reads."""
    del args
    return "existing"


def _limits(args: argparse.Namespace) -> ViewLimits:
    return ViewLimits(
        concepts=args.max_concepts,
        edges=args.max_edges,
        entities=args.max_entities,
        relations=args.max_relations,
        token_budget=args.budget,
    )


def _namespaces(args: argparse.Namespace, memory: TemporalGraphMemory) -> list[str]:
    held = memory.store.namespaces()
    auto = memory.namespace == DEFAULT_NAMESPACE and memory.namespace not in held
    if not (args.all_namespaces or auto) or not held:
        if not held:
            logger.warning("the memory holds no data; the page shows an empty %r", memory.namespace)
        return [memory.namespace]
    if len(held) > MAX_AUTO_NAMESPACES and not args.all_namespaces:
        logger.warning(
            "%d namespaces hold data; showing the first %d (use --namespace or --all-namespaces)",
            len(held),
            MAX_AUTO_NAMESPACES,
        )
        return held[:MAX_AUTO_NAMESPACES]
    return held


def view_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    """``recall-memory view``: write the page to ``--out``."""
    questions = list(args.questions)
    if args.demo:
        memory.add_many([*DEMO_BRANDON, *DEMO_DIALOGUE])
        questions = questions or [DEMO_DIALOGUE_QUESTION, DEMO_BRANDON_QUESTION]
        namespaces = [memory.namespace]
    else:
        namespaces = _namespaces(args, memory)
    view = render_view(
        memory,
        namespaces,
        questions=questions,
        limits=_limits(args),
        out=args.out,
        title=args.title or ("recall-memory demo" if args.demo else None),
    )
    size = len(view.html.encode("utf-8"))
    if args.open:
        webbrowser.open(args.out.resolve().as_uri())
    data = {
        "out": str(args.out),
        "bytes": size,
        "namespaces": namespaces,
        "seconds": round(view.seconds, 3),
    }
    line = (
        f"wrote {args.out} ({size / 1024:,.0f} KB; namespace(s): {', '.join(namespaces)}; "
        f"{view.seconds:.2f} s)"
    )
    return data, [line]


def serve_run(args: argparse.Namespace, memory: TemporalGraphMemory) -> Output:
    """``recall-memory serve``: the page and ``/recall?q=`` on 127.0.0.1 until Ctrl-C.

    The address is written to stdout when the server is ready (the main CLI prints the
    returned lines only when the command ends).
    """
    namespaces = _namespaces(args, memory)
    try:
        server = make_server(
            memory,
            namespaces,
            port=args.port,
            questions=args.questions,
            limits=_limits(args),
            title=args.title,
        )
    except OSError as exc:
        raise InputError(f"cannot listen on 127.0.0.1:{args.port} ({exc}); try --port 0") from exc
    url = server.url
    sys.stdout.write(f"serving {', '.join(namespaces)} at {url} (live recall: {url}recall?q=...)\n")
    sys.stdout.flush()
    if args.open:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        logger.info("interrupted")
    finally:
        server.server_close()
    return {"served": url, "namespaces": namespaces}, [f"stopped serving {url}"]
