"""Export and import of whole namespaces in the SQLite store, as the store-neutral records of
:meth:`~recall_memory_plugins.stores.base.GraphStore.dump_namespace`."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ...errors import InputError, StoreError
from ...models import Statement
from ..base import records_by_kind
from ..offsets import in_offset, utc_offset
from ._common import _decode_json, _dt, _encode_json, _ts
from .lifecycle import SqliteConnection
from .schema import NEXT_STATEMENT_ID


class SqliteTransfer(SqliteConnection):
    """``dump_namespace``/``load_namespace`` (mixed into :class:`SqliteGraphStore`)."""

    _STATEMENT_COLS = (
        "id, namespace, text, t_index, at, speaker, source, metadata, superseded_by, utc_offset"
    )

    @staticmethod
    def _statement(row: sqlite3.Row | tuple[Any, ...], skip: int = 0) -> Statement:
        """The statement of a row of :data:`_STATEMENT_COLS` (after ``skip`` other columns);
        read by position: a recall decodes a hundred or more, and a plain tuple row is about
        twice as fast as a named one. Its time in the offset it was given in."""
        sid, ns, text, t_index, at, speaker, source, metadata, superseded_by, offset = row[
            skip : skip + 10
        ]
        return Statement(
            sid, ns, text, t_index, in_offset(datetime.fromisoformat(at), offset), speaker, source,
            _decode_json(metadata) if metadata != "{}" else {}, superseded_by,
        )  # fmt: skip

    def dump_namespace(self, namespace: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        with self._read() as conn:
            clock = conn.execute(
                "SELECT step, n_statements, total_length, relation_seq FROM namespaces "
                "WHERE namespace = ?",
                (namespace,),
            ).fetchone()
            if clock is None:
                return []
            out.append({"kind": "namespace", **dict(clock)})
            for r in conn.execute(
                "SELECT id, text, t_index, at, speaker, source, length, metadata, superseded_by, "
                "terms, utc_offset FROM statements WHERE namespace = ? ORDER BY id",
                (namespace,),
            ):
                out.append(
                    {
                        "kind": "statement",
                        **{k: r[k] for k in ("id", "text", "t_index", "speaker", "source")},
                        "at": in_offset(datetime.fromisoformat(r["at"]), r["utc_offset"]),
                        "length": r["length"],
                        "metadata": _decode_json(r["metadata"]),
                        "superseded_by": r["superseded_by"],
                        # a superseded statement's postings are gone: it is no longer indexed
                        "terms": {} if r["superseded_by"] is not None else _decode_json(r["terms"]),
                    }
                )
            for r in conn.execute(
                "SELECT name, t_index, revision_count, mentions, aliases FROM concepts "
                "WHERE namespace = ? ORDER BY name",
                (namespace,),
            ):
                out.append({"kind": "concept", **dict(r), "aliases": json.loads(r["aliases"])})
            contexts: dict[str, list[int]] = {}
            for concept, sid in conn.execute(
                "SELECT concept, statement_id FROM contexts WHERE namespace = ? "
                "ORDER BY concept, statement_id",
                (namespace,),
            ):
                contexts.setdefault(concept, []).append(sid)
            out += [
                {"kind": "context", "concept": name, "statements": ids}
                for name, ids in contexts.items()
            ]
            out += [
                {"kind": "link", **dict(r)}
                for r in conn.execute(
                    "SELECT source, target, strength, t_index FROM links WHERE namespace = ? "
                    "ORDER BY source, target",
                    (namespace,),
                )
            ]
            for r in conn.execute(
                "SELECT id, name, type, aliases, first_step, last_step FROM entities "
                "WHERE namespace = ? ORDER BY first_step, id",
                (namespace,),
            ):
                out.append({"kind": "entity", **dict(r), "aliases": json.loads(r["aliases"])})
            for r in conn.execute(
                "SELECT * FROM relations WHERE namespace = ? ORDER BY seq", (namespace,)
            ):
                rel = dict(r)
                del rel["namespace"]
                offset = rel.pop("utc_offset")  # (the times carry it: store-neutral records)
                rel["attributes"] = json.loads(rel["attributes"])
                for key in ("valid_from", "recorded_at", "valid_to", "expired_at"):
                    at = _dt(rel[key])
                    rel[key] = None if at is None else in_offset(at, offset)
                out.append({"kind": "relation", **rel})
            out += [
                {"kind": "support", "relation": rid, "statement": sid}
                for rid, sid in conn.execute(
                    "SELECT relation_id, statement_id FROM relation_support WHERE namespace = ? "
                    "ORDER BY relation_id, statement_id",
                    (namespace,),
                )
            ]
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
        try:
            with self.atomic() as conn:
                held = conn.execute(
                    "SELECT 1 FROM namespaces WHERE namespace = ? UNION ALL "
                    "SELECT 1 FROM statements WHERE namespace = ? LIMIT 1",
                    (ns, ns),
                ).fetchone()
                if held is not None:
                    raise InputError(
                        f"namespace {ns!r} already holds data: forget it first, or import into "
                        "another namespace"
                    )
                ids: dict[int, int] = {}
                df: dict[str, int] = {}
                postings: list[tuple[object, ...]] = []
                statements = sorted(by_kind.get("statement", []), key=lambda r: int(r["id"]))
                for st in statements:
                    current = st["superseded_by"] is None
                    terms = dict(st["terms"]) if current else {}
                    sid = conn.execute(
                        "INSERT INTO statements(id, namespace, text, t_index, at, speaker, source, "
                        f"length, metadata, terms, utc_offset) VALUES ({NEXT_STATEMENT_ID}, ?, ?, "
                        "?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                        (
                            ns,
                            st["text"],
                            st["t_index"],
                            _ts(st["at"]),
                            st["speaker"],
                            st["source"],
                            st["length"],
                            _encode_json(st["metadata"]),
                            _encode_json(terms),
                            utc_offset(st["at"]),
                        ),
                    ).fetchone()[0]
                    ids[int(st["id"])] = sid
                    for term, tf in terms.items():
                        postings.append((ns, term, sid, tf, st["t_index"], st["length"]))
                        df[term] = df.get(term, 0) + 1
                tick(len(statements))
                conn.executemany(
                    "UPDATE statements SET superseded_by = ? WHERE id = ?",
                    [
                        (ids.get(int(st["superseded_by"])), ids[int(st["id"])])
                        for st in statements
                        if st["superseded_by"] is not None
                    ],
                )
                conn.executemany(
                    "INSERT INTO postings(namespace, term, statement_id, tf, t_index, length) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    postings,
                )
                conn.executemany(
                    "INSERT INTO terms(namespace, term, df) VALUES (?, ?, ?)",
                    [(ns, term, n) for term, n in df.items()],
                )
                contexts = {
                    c["concept"]: [ids[int(i)] for i in c["statements"] if int(i) in ids]
                    for c in by_kind.get("context", [])
                }
                conn.executemany(
                    "INSERT OR IGNORE INTO contexts(namespace, concept, statement_id) "
                    "VALUES (?, ?, ?)",
                    [(ns, name, sid) for name, sids in contexts.items() for sid in sids],
                )
                tick(len(contexts))
                concepts = by_kind.get("concept", [])
                conn.executemany(
                    "INSERT INTO concepts(namespace, name, t_index, revision_count, mentions, "
                    "context_size, aliases) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            ns,
                            c["name"],
                            c["t_index"],
                            c["revision_count"],
                            c["mentions"],
                            len(contexts.get(c["name"], ())),
                            json.dumps(list(c["aliases"]), ensure_ascii=False),
                        )
                        for c in concepts
                    ],
                )
                tick(len(concepts))
                links = by_kind.get("link", [])
                conn.executemany(
                    "INSERT INTO links(namespace, source, target, strength, t_index) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(ns, k["source"], k["target"], k["strength"], k["t_index"]) for k in links],
                )
                tick(len(links))
                entities = by_kind.get("entity", [])
                conn.executemany(
                    "INSERT INTO entities(namespace, id, name, type, aliases, first_step, "
                    "last_step) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            ns,
                            e["id"],
                            e["name"],
                            e["type"],
                            json.dumps(list(e["aliases"]), ensure_ascii=False),
                            e["first_step"],
                            e["last_step"],
                        )
                        for e in entities
                    ],
                )
                conn.executemany(
                    "INSERT OR IGNORE INTO entity_aliases(namespace, alias_key, entity_id) "
                    "VALUES (?, ?, ?)",
                    [
                        (ns, alias.casefold(), e["id"])
                        for e in entities
                        for alias in dict.fromkeys((e["name"], *e["aliases"]))
                        if alias
                    ],
                )
                tick(len(entities))
                relations = by_kind.get("relation", [])
                conn.executemany(
                    "INSERT INTO relations(namespace, id, subject_id, type, object_id, attributes, "
                    "valid_from_step, valid_from, recorded_at, valid_to_step, valid_to, "
                    "expired_at, superseded_by, statement_id, confirmations, seq, utc_offset) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            ns,
                            r["id"],
                            r["subject_id"],
                            r["type"],
                            r["object_id"],
                            json.dumps(dict(r["attributes"]), ensure_ascii=False),
                            r["valid_from_step"],
                            _ts(r["valid_from"]),
                            _ts(r["recorded_at"]),
                            r["valid_to_step"],
                            None if r["valid_to"] is None else _ts(r["valid_to"]),
                            None if r["expired_at"] is None else _ts(r["expired_at"]),
                            r["superseded_by"],
                            None if r["statement_id"] is None else ids.get(int(r["statement_id"])),
                            r["confirmations"],
                            r["seq"],
                            utc_offset(r["recorded_at"]),  # (its statement's, as exported)
                        )
                        for r in relations
                    ],
                )
                tick(len(relations))
                supports = by_kind.get("support", [])
                known = {r["id"] for r in relations}
                if any(u["relation"] not in known or int(u["statement"]) not in ids for u in supports):
                    raise InputError(f"namespace {ns!r}: a support names a relation or statement it lacks")
                conn.executemany(
                    "INSERT INTO relation_support(namespace, relation_id, statement_id) "
                    "VALUES (?, ?, ?)",
                    [(ns, u["relation"], ids[int(u["statement"])]) for u in supports],
                )
                tick(len(supports))
                conn.execute(
                    "INSERT INTO namespaces(namespace, step, n_statements, total_length, "
                    "relation_seq) VALUES (?, ?, ?, ?, ?)",
                    (
                        ns,
                        clock["step"],
                        clock["n_statements"],
                        clock["total_length"],
                        clock["relation_seq"],
                    ),
                )
                tick(1)
        except sqlite3.IntegrityError as exc:
            raise InputError(
                f"the records of namespace {ns!r} repeat a key ({exc}); nothing was imported"
            ) from exc
        except sqlite3.Error as exc:
            raise StoreError(
                f"SQLite import failed on {self.path!r} (nothing was imported): {exc}"
            ) from exc
        return len(records)
