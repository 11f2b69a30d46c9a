"""The Cypher of the Neo4j store's multi-transaction writes (:meth:`clear`, ``load_namespace``):
the write lock they hold across their transactions, and the "importing" namespace record.

An import writes in several transactions. It first records the namespace as importing (its
``Namespace`` node without a ``step``: an update gives the node one when it creates it), and only its last query, in the transaction
that holds the store-wide write lock from before that record to the end, gives it its clock.
While the lock is held nobody else writes; once anyone else holds it, a namespace still marked
importing is the remains of an import that died (its lock went with its connection): reads
treat it as absent and the next write of it (an update, an import, :meth:`clear`) removes it.
See :mod:`.cypher` for the conventions.
"""

from __future__ import annotations

from .cypher import STATEMENT_PAGE as _STATEMENT_PAGE
from .cypher import STATS_NAMESPACE as _STATS_NAMESPACE

# the store-wide counter lock (as every write takes it), held by a transaction of its own until
# the multi-transaction write ends
HOLD_WRITE_LOCK = """
MATCH (counter:RecallCounter {name: $counter})
SET counter.locked = true
REMOVE counter.locked
RETURN counter.value AS value
"""

# read under that lock: whether the namespace holds data, or an import's remains
IMPORT_STATE = """
OPTIONAL MATCH (n:Namespace {namespace: $ns})
RETURN n IS NOT NULL AND n.step IS NULL AS importing, n.step AS step,
       EXISTS { MATCH (s:Statement {namespace: $ns}) } AS statements
"""

IMPORT_BEGIN = """
MERGE (n:Namespace {namespace: $ns})
SET n.n_statements = 0, n.total_length = 0, n.relation_seq = 0
REMOVE n.step
"""

IMPORT_FINISH = """
MATCH (n:Namespace {namespace: $ns}) WHERE n.step IS NULL
SET n.step = $step, n.n_statements = $n_statements, n.total_length = $total_length,
    n.relation_seq = $relation_seq
RETURN count(n) AS finished
"""

# an import's remains read as nothing (the statement pages and counts of the namespace)
_VISIBLE = """OPTIONAL MATCH (clock:Namespace {namespace: $ns})
WITH clock WHERE clock IS NULL OR clock.step IS NOT NULL
"""

STATEMENT_PAGE = {key: _VISIBLE + query.lstrip() for key, query in _STATEMENT_PAGE.items()}

assert _STATS_NAMESPACE.lstrip().startswith("OPTIONAL MATCH (n:Namespace {namespace: $ns})\n")
STATS_NAMESPACE = _STATS_NAMESPACE.replace(
    "{namespace: $ns})\n", "{namespace: $ns})\nWITH n WHERE n IS NULL OR n.step IS NOT NULL\n", 1
)

NAMESPACES = "MATCH (n:Namespace) WHERE n.step IS NOT NULL RETURN n.namespace AS namespace"
