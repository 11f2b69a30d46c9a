"""Export and import of a namespace in the Neo4j store (``dump_namespace``/``load_namespace``).

The export reads in the transaction that holds the store-wide write lock (:mod:`.exclusive`), so
it is a snapshot: no writer commits between its queries (Neo4j reads see each commit at once, so
without it a file could hold a relation whose statement or entity it lacks, a context naming a
missing statement, a clock behind its statements). Writers wait for an export as for an import.

The import is written in several transactions (every 5,000 rows: a large namespace exceeds the
server's transaction memory in one) and still all or nothing for everyone else.

The import holds the store-wide write lock from before its first write to after its last
(:mod:`.exclusive`), so no other writer touches the database meanwhile: an update of the
namespace waits for it and lands after it (or, if the import fails, on an empty namespace). Its
first write records the namespace as ``importing``, its last (in the transaction holding the
lock) gives it its clock. Readers treat an ``importing`` namespace as absent (its statement
pages, counts and clock). If the importing process dies, its lock goes with its connection and
the record stays: the next writer of the namespace (an update, an import, ``clear``), holding
the lock, knows the import is dead and removes its remains first.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...errors import InputError, StoreError
from ..base import records_by_kind
from ..offsets import in_offset, utc_offset
from . import cypher, cypher_guard
from ._common import _aware, _key_or_none, _utc, _utc_or_none, alias_index_keys
from .cypher_transfer import DUMP_SUPPORT, LOAD_SUPPORT
from .exclusive import Neo4jExclusive
from .schema import STATEMENT_COUNTER, index_key

logger = logging.getLogger(__name__)

_LOAD_CHUNK = 500  # rows per load query
_LOAD_COMMIT_ROWS = 5_000  # rows per load transaction


def _in_offset_or_none(at: Any, offset: int | None) -> Any:
    return None if at is None else in_offset(at, offset)


class Neo4jTransfer(Neo4jExclusive):
    """``dump_namespace`` and ``load_namespace`` (mixed into :class:`Neo4jGraphStore`)."""

    def dump_namespace(self, namespace: str) -> list[dict[str, Any]]:
        """The namespace's records (see the ``GraphStore`` protocol), read as one snapshot: in
        the transaction holding the store-wide write lock, so writers wait until it is read."""
        with self._exclusive("export the namespace") as lock:
            return self._dump(namespace, lambda query: list(lock.run(query, ns=namespace)))

    @staticmethod
    def _dump(namespace: str, read: Callable[[str], list[Any]]) -> list[dict[str, Any]]:
        clock = read(cypher.DUMP_NAMESPACE)
        if not clock or clock[0]["n"].get("step") is None:  # (an unfinished import)
            return []
        n = clock[0]["n"]
        out: list[dict[str, Any]] = [
            {
                "kind": "namespace",
                "step": int(n["step"]),
                "n_statements": int(n["n_statements"]),
                "total_length": int(n["total_length"]),
                "relation_seq": int(n.get("relation_seq") or 0),
            }
        ]
        for row in read(cypher.DUMP_STATEMENTS):
            s = row["s"]
            superseded = s.get("superseded_by")
            out.append(
                {
                    "kind": "statement",
                    "id": int(s["id"]),
                    "text": s["text"],
                    "t_index": int(s["t_index"]),
                    "at": in_offset(_utc(s["at"]), s.get("utc_offset")),
                    "speaker": s.get("speaker"),
                    "source": s.get("source"),
                    "length": int(s.get("length") or 0),
                    "metadata": json.loads(s["metadata"]) if s.get("metadata") else {},
                    "superseded_by": None if superseded is None else int(superseded),
                    "terms": {}
                    if superseded is not None
                    else {t: int(tf) for t, tf in row["terms"] if t is not None},
                }
            )
        concepts = sorted(read(cypher.DUMP_CONCEPTS), key=lambda r: r["c"]["name"])
        for row in concepts:
            c = row["c"]
            out.append(
                {
                    "kind": "concept",
                    "name": c["name"],
                    "t_index": int(c["t_index"]),
                    "revision_count": int(c["revision_count"]),
                    "mentions": int(c["mentions"]),
                    "aliases": list(c["aliases"] or []),
                }
            )
        out += [
            {
                "kind": "context",
                "concept": r["c"]["name"],
                "statements": [int(i) for i in r["context"]],
            }
            for r in concepts
            if r["context"]
        ]
        links = read(cypher.DUMP_LINKS)
        out += [
            {
                "kind": "link",
                "source": r["source"],
                "target": r["target"],
                "strength": int(r["strength"]),
                "t_index": int(r["t_index"]),
            }
            for r in sorted(links, key=lambda r: (r["source"], r["target"]))
        ]
        entities = [r["e"] for r in read(cypher.DUMP_ENTITIES)]
        entities.sort(key=lambda e: (int(e["first_step"]), e["id"]))
        out += [
            {
                "kind": "entity",
                "id": e["id"],
                "name": e["name"],
                "type": e["type"],
                "aliases": list(e["aliases"] or []),
                "first_step": int(e["first_step"]),
                "last_step": int(e["last_step"]),
            }
            for e in entities
        ]
        for row in read(cypher.DUMP_RELATIONS):
            r = row["r"]
            offset = r.get("utc_offset")  # (the times carry it: store-neutral records)
            out.append(
                {
                    "kind": "relation",
                    "id": r["id"],
                    "subject_id": r["subject_id"],
                    "type": r["type"],
                    "object_id": r.get("object_id"),
                    "attributes": json.loads(r.get("attributes_json") or "{}"),
                    "valid_from_step": int(r["valid_from_step"]),
                    "valid_from": in_offset(_utc(r["valid_from"]), offset),
                    "recorded_at": in_offset(_utc(r["recorded_at"]), offset),
                    "valid_to_step": r.get("valid_to_step"),
                    "valid_to": _in_offset_or_none(_utc_or_none(r.get("valid_to")), offset),
                    "expired_at": _in_offset_or_none(_utc_or_none(r.get("expired_at")), offset),
                    "superseded_by": r.get("superseded_by"),
                    "statement_id": r.get("statement_id"),
                    "confirmations": int(r.get("confirmations") or 0),
                    "seq": int(r["seq"]),
                }
            )
        supports = sorted((r["relation"], int(r["statement"])) for r in read(DUMP_SUPPORT))
        out += [{"kind": "support", "relation": rid, "statement": sid} for rid, sid in supports]
        return out

    def load_namespace(
        self,
        namespace: str,
        records: Sequence[Mapping[str, Any]],
        *,
        progress: Callable[[int], None] | None = None,
    ) -> int:
        tick = progress or (lambda n: None)
        by_kind, clock = records_by_kind(namespace, records)
        ns = namespace
        statements = sorted(by_kind.get("statement", []), key=lambda r: int(r["id"]))
        supports = by_kind.get("support", [])
        known = ({r["id"] for r in by_kind.get("relation", [])}, {int(st["id"]) for st in statements})
        if any(u["relation"] not in known[0] or int(u["statement"]) not in known[1] for u in supports):
            raise InputError(f"namespace {ns!r}: a support names a relation or statement it lacks")
        self._commit_pending()
        # the ids are reserved (and committed) first: the lock's own transaction cannot change
        # the counter it locks while the load's transactions write them
        base = int(
            self._run(
                "reserve statement ids",
                cypher.RESERVE_STATEMENT_IDS,
                {"counter": STATEMENT_COUNTER, "n": len(statements)},
                write=True,
                shared=False,
            )[0]["base"]
        )
        loads: list[tuple[str, Any, Any]] = []
        ids = {int(st["id"]): base + i + 1 for i, st in enumerate(statements)}
        rows = []
        for st in statements:
            current = st["superseded_by"] is None
            rows.append(
                {
                    "id": ids[int(st["id"])],
                    "text": st["text"],
                    "t_index": st["t_index"],
                    "at": _aware(st["at"]),  # (stored in UTC, its offset beside it)
                    "utc_offset": utc_offset(st["at"]) or None,  # (none: UTC, as an update)
                    "speaker": st["speaker"],
                    "source": st["source"],
                    "source_key": _key_or_none(st["source"]),
                    "length": st["length"],
                    "metadata": json.dumps(dict(st["metadata"]), ensure_ascii=False)
                    if st["metadata"]
                    else None,
                    "superseded_by": None if current else ids.get(int(st["superseded_by"])),
                    "terms": [
                        {"term": t, "key": index_key(t), "tf": tf}
                        for t, tf in (st["terms"].items() if current else ())
                    ],
                }
            )
        loads.append(("statements", cypher.LOAD_STATEMENTS, rows))
        contexts = {
            c["concept"]: [ids[int(i)] for i in c["statements"] if int(i) in ids]
            for c in by_kind.get("context", [])
        }
        rows = [
            {
                "key": index_key(c["name"]),
                "name": c["name"],
                "t_index": c["t_index"],
                "revision_count": c["revision_count"],
                "mentions": c["mentions"],
                "aliases": list(c["aliases"]),
                "context": contexts.get(c["name"], []),
            }
            for c in by_kind.get("concept", [])
        ]
        loads.append(("concepts", cypher.LOAD_CONCEPTS, rows))
        loads.append(("contexts", None, len(contexts)))
        rows = [
            {
                "source_key": index_key(k["source"]),
                "target_key": index_key(k["target"]),
                "strength": k["strength"],
                "t_index": k["t_index"],
            }
            for k in by_kind.get("link", [])
        ]
        loads.append(("links", cypher.LOAD_LINKS, rows))
        rows = [
            {
                "key": index_key(e["id"]),
                "id": e["id"],
                "name": e["name"],
                "type": e["type"],
                "aliases": list(e["aliases"]),
                "alias_keys": list(dict.fromkeys(a.casefold() for a in e["aliases"])),
                "alias_index_keys": alias_index_keys(e["aliases"]),
                "first_step": e["first_step"],
                "last_step": e["last_step"],
            }
            for e in by_kind.get("entity", [])
        ]
        loads.append(("entities", cypher.LOAD_ENTITIES, rows))
        rows = [
            {
                **{
                    k: r[k]
                    for k in (
                        "id",
                        "type",
                        "subject_id",
                        "object_id",
                        "valid_from_step",
                        "valid_to_step",
                        "superseded_by",
                        "confirmations",
                        "seq",
                    )
                },
                **{
                    k: None if r[k] is None else _aware(r[k])
                    for k in ("valid_from", "recorded_at", "valid_to", "expired_at")
                },
                "utc_offset": utc_offset(r["recorded_at"]) or None,  # (its statement's, as exported)
                "key": index_key(r["id"]),
                "type_key": index_key(r["type"]),
                "subject_key": index_key(r["subject_id"]),
                "object_key": None if r["object_id"] is None else index_key(r["object_id"]),
                "attributes_json": json.dumps(dict(r["attributes"]), ensure_ascii=False),
                "statement_id": None
                if r["statement_id"] is None
                else ids.get(int(r["statement_id"])),
            }
            for r in by_kind.get("relation", [])
        ]
        loads.append(("relations", cypher.LOAD_RELATIONS, rows))
        rows = [{"key": index_key(u["relation"]), "sid": ids[int(u["statement"])]} for u in supports]
        loads.append(("supports", LOAD_SUPPORT, rows))
        marked = False
        try:
            with self._exclusive("import the namespace") as lock:
                state = self._import_state(lock, ns)
                if state["importing"]:  # a dead import's remains
                    self._forget(ns)
                elif state["step"] or state["statements"]:
                    raise InputError(
                        f"namespace {ns!r} already holds data: forget it first, or import into "
                        "another namespace"
                    )
                marked = True
                self._run(
                    "import the namespace",
                    cypher_guard.IMPORT_BEGIN,
                    {"ns": ns},
                    write=True,
                    shared=False,
                )
                try:
                    self._load(ns, loads, tick)
                    finished = lock.run(
                        cypher_guard.IMPORT_FINISH,
                        ns=ns,
                        step=clock["step"],
                        n_statements=clock["n_statements"],
                        total_length=clock["total_length"],
                        relation_seq=clock["relation_seq"],
                    ).single()
                    if not finished or not finished["finished"]:
                        raise StoreError(f"the import of namespace {ns!r} lost its record")
                except BaseException:
                    self._forget_quietly(ns, self._forget)
                    raise
        except BaseException:
            if marked:  # e.g. the final commit failed: the remains go, if still there
                self._forget_quietly(ns, self._clear_unfinished)
            raise
        tick(1)
        return len(records)

    def _forget_quietly(self, ns: str, forget: Callable[[str], None]) -> None:
        try:
            forget(ns)
        except Exception as exc:  # the import's own error is the one to raise
            logger.warning(
                "could not remove the unfinished import of %r on %s (the next write of the "
                "namespace removes it): %s",
                ns,
                self.uri,
                exc,
            )

    def _load(
        self, ns: str, loads: list[tuple[str, Any, Any]], tick: Callable[[int], None]
    ) -> None:
        """Write the rows in transactions of their own (not the lock's), _LOAD_COMMIT_ROWS each."""
        exc_mod = self._neo4j.exceptions
        session = self._driver.session(database=self._database, bookmark_manager=self._bookmarks)
        tx: Any = None
        written = 0
        try:
            for what, query, rows in loads:
                if query is None:
                    tick(rows)
                    continue
                for start in range(0, len(rows), _LOAD_CHUNK):
                    part = rows[start : start + _LOAD_CHUNK]
                    with self._errors(f"import {what}"):
                        self._check_open()
                        if tx is None:
                            tx = session.begin_transaction()
                        tx.run(query, ns=ns, rows=part).consume()
                        written += len(part)
                        if written >= _LOAD_COMMIT_ROWS:
                            tx, committing, written = None, tx, 0
                            committing.commit()
                    tick(len(part))
            if tx is not None:
                with self._errors("import the namespace"):
                    tx, committing = None, tx
                    committing.commit()
        finally:
            for resource in (tx, session):
                if resource is not None:
                    try:
                        resource.close()
                    except (exc_mod.DriverError, exc_mod.Neo4jError) as exc:
                        logger.debug("closing an import's transaction failed: %s", exc)
