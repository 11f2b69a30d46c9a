"""``recall-memory``: add to, ask and inspect a memory from the shell.

Examples::

    recall-memory demo
    recall-memory --db notes.db add "Brandon loves coffee."
    recall-memory --db notes.db add --file notes.txt        # one statement per line
    recall-memory --db notes.db ask "What does Brandon love?"
    recall-memory --db notes.db --json stats
    recall-memory stats --db notes.db --json               # global options go either side

Every failure is one line on stderr (``recall-memory: error: ...``) and a non-zero exit: 2 for a
wrong command line, 1 for anything else; ``--debug`` adds the traceback. Commands that only read
(``CommandSpec.access == "existing"``) never create a database. A new subcommand is one
:class:`CommandSpec` in :data:`COMMANDS`.
"""

from __future__ import annotations

from ._base import CliError, CommandSpec, UsageError
from .commands import COMMANDS
from .demo import DEMO_BRANDON, DEMO_BRANDON_QUESTION, DEMO_DIALOGUE, DEMO_DIALOGUE_QUESTION
from .main import build_parser, main

__all__ = [
    "COMMANDS",
    "DEMO_BRANDON",
    "DEMO_BRANDON_QUESTION",
    "DEMO_DIALOGUE",
    "DEMO_DIALOGUE_QUESTION",
    "CliError",
    "CommandSpec",
    "UsageError",
    "build_parser",
    "main",
]
