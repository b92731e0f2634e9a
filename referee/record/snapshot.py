"""The kept state after the head of a session's log: loading without replaying it (issue 26).

A session is still its log: the snapshot is only a speed-up, and it is never trusted
unchecked. Its row (table `snapshots`, one per session, SQLite and PostgreSQL alike) carries
the link of the log row it was taken after (the head: the last row in storage order, whatever
its status), that row's number, the snapshot's format, the engine's rules version, the number
of live ('done') records, how many undone rows wait for redo, the last live record, the
state's JSON, and a digest binding them all to the session's id. A load uses it only when:

- the session row's seal holds (its cheap check: the row itself, the log's length as its last
  row's number plus one, the last row's link and digest; the seal binds the whole log to them);
- the sealed head is the snapshot's head (any later row, undo, redo or correction moves the
  head, so the snapshot is stale and the log is replayed);
- the head row's own link and digest match its content and the link and digest of the row
  before it (an edit of the head row's action, results, status, events, reason or times);
- its format and rules version are this referee's, and its digest matches.

Otherwise the session is replayed from its log, every row checked (links and digests), and
inside a write transaction the snapshot is written again with it. The rows themselves are read
(and then checked whole) only when a command asks for them (`Records`). `verify` replays the
whole log and checks the snapshot against the replay.

The store holds no snapshot SQL of its own: the table, its reads and writes are here.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from typing import Any, overload

from referee.model.errors import StorageError
from referee.record import schema
from referee.record.chain import link_text, row_digest

FORMAT = 2  # 2: the digest keyed (HMAC under the store's key); a format-1 snapshot is replayed and kept anew
COLUMNS = ("session_id", "head", "head_idx", "format", "rules_version", "ply", "redo", "last", "state", "digest")
# Made on first use in a store older than the table (no schema version of its own: a store
# without it has no snapshots yet); the same text in both dialects.
TABLE_SQL = schema.table_ddl("snapshots", "sqlite", if_not_exists=True)
_UPSERT = (f"INSERT INTO snapshots ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"
           " ON CONFLICT (session_id) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in COLUMNS[1:]))


# -- the row ---------------------------------------------------------------------------------

def digest(store: Any, sid: str, head: str, head_idx: int, fmt: int, rules: str, ply: int, redo: int,
           last_text: str, state_text: str) -> str:
    """HMAC-SHA256, under the store's key (`referee.record.keys`; a club's server's own), over every
    field of the snapshot row, each length-prefixed (no field can spill into the next): only the
    referee can write a snapshot it will trust. "" when the store has no key yet."""
    parts = []
    for part in (sid, head, str(head_idx), str(fmt), rules, str(ply), str(redo), last_text, state_text):
        parts.append(f"{len(part.encode('utf-8', 'surrogatepass'))}:{part}")
    return store.mac("snapshot|" + "".join(parts)) or ""


def last_record(rec: dict) -> dict:
    """What the snapshot keeps of the last live record (what `Loaded.records[-1]` is read for)."""
    return {k: rec[k] for k in ("idx", "action", "results", "events", "rules") if k in rec}


def row(store: Any, sid: str, head: str, head_idx: int, rules: str, ply: int, last: dict, state: Any,
        redo: int = 0) -> dict:
    """A snapshot row, ready for the store (`redo`: how many undone rows the log holds)."""
    # key order kept as it is: a board is drawn in the order the state holds
    last_text = json.dumps(last, separators=(",", ":"), ensure_ascii=False)
    state_text = json.dumps(state, separators=(",", ":"), ensure_ascii=False)
    return {"session_id": sid, "head": head, "head_idx": head_idx, "format": FORMAT, "rules_version": rules,
            "ply": ply, "redo": redo, "last": last_text, "state": state_text,
            "digest": digest(store, sid, head, head_idx, FORMAT, rules, ply, redo, last_text, state_text)}


def trusted(store: Any, snap: dict | None, sid: str, rules: str, head_rows: list[tuple]) -> bool:
    """The snapshot row may be used for the log whose last rows are `head_rows` (the head
    first, then the row before it, each with the columns of HEAD_COLUMNS): the head row's link
    and digest must be the ones its content and the row before it give."""
    return verdict(store, snap, sid, rules, head_rows) == "ok"


def verdict(store: Any, snap: dict | None, sid: str, rules: str, head_rows: list[tuple]) -> str:
    """"ok": the snapshot may be used; "stale": it is of another head, format or rules version
    (replayed, and kept anew by the next write); "forged": it is of this head, format and rules,
    yet its keyed digest does not match: only an edit outside the referee writes that."""
    if not snap or not head_rows:
        return "stale"
    idx, action_text, results_text, status, link, events, reason, changed, created, row_rules, kept = head_rows[0]
    prev, prev_digest = (head_rows[1][4], head_rows[1][10]) if len(head_rows) > 1 else ("", "")
    if (snap["format"] != FORMAT or snap["rules_version"] != rules or snap["head"] != link
            or snap["head_idx"] != idx or (len(head_rows) > 1 and head_rows[1][0] != idx - 1)
            or (len(head_rows) == 1 and idx != 0)):
        return "stale"
    if link_text(prev, action_text, results_text, status) != link:
        return "stale"
    if row_digest(prev_digest, idx, events, reason, changed, created, row_rules) != kept:
        return "stale"
    made = digest(store, sid, snap["head"], snap["head_idx"], snap["format"], snap["rules_version"], snap["ply"],
                  snap["redo"], snap["last"], snap["state"])
    if not made:
        return "stale"  # no key yet to check it with
    return "ok" if snap["digest"] == made else "forged"


FORGED = ("its kept state after the last action (its snapshot) was written outside the referee: its keyed digest "
          "does not match")


def problem(store: Any, snap: dict | None, sid: str, engine: Any, rows: list[dict], state: Any,
            live: int) -> str | None:
    """What is wrong with a snapshot the referee would use, against the full replay of the log
    (`verify`): `rows` every stored row, `state` the state after the `live` done records. A stale
    snapshot is no problem: it is never used, and written again by the next action."""
    if snap is None or not rows:
        return None
    heads = [(r["idx"], r["action_text"], r["results_text"], r["status"], r["link"], r["events_text"], r["reason"],
              r["changed"], r["created"], r["rules"], r["digest"]) for r in reversed(rows[-2:])]
    seen = verdict(store, snap, sid, engine.rules_version, heads)
    if seen == "forged":
        return FORGED
    if seen != "ok":
        return None
    undone = sum(r["status"] == "undone" for r in rows)
    try:
        kept = json.loads(snap["state"])
    except ValueError:
        kept = None
    if snap["ply"] != live or snap["redo"] != undone or kept != json.loads(json.dumps(engine.to_json(state))):
        return ("the kept state after its last action (its snapshot) differs from the replayed log: it was "
                "edited outside the referee")
    return None


# -- the store's side (SQLite and PostgreSQL: the same statements) ---------------------------

def read(store: Any, sid: str) -> dict | None:
    """The session's snapshot row (None when there is none, or no table yet)."""
    if not store.has_table("snapshots"):
        return None
    found = store.db.execute(f"SELECT {', '.join(COLUMNS)} FROM snapshots WHERE session_id = ?", (sid,)).fetchone()
    return dict(zip(COLUMNS, found, strict=True)) if found else None


# What `head_rows` reads of the head row and the one before it, in order.
HEAD_COLUMNS = ("idx", "action", "results", "status", "link", "events", "reason", "changed", "created",
                "rules_version", "digest")


def head_rows(store: Any, sid: str) -> list[tuple]:
    """The log's last row in storage order and the one before it (the head first), each with
    the columns of HEAD_COLUMNS."""
    return [tuple(r) for r in store.db.execute(
        f"SELECT {', '.join(HEAD_COLUMNS)} FROM actions WHERE session_id = ? ORDER BY idx DESC LIMIT 2",
        (sid,)).fetchall()]


def writing(store: Any) -> bool:
    """Inside one of the store's write transactions (the only place a snapshot is written)."""
    return not getattr(store, "readonly", False) and getattr(store, "_dirty", None) is not None


def save(store: Any, snap: dict) -> None:
    """Keep a snapshot row (its table made on first use), inside the caller's write transaction;
    outside one nothing is written (a view or a Tab never writes). Only a speed-up: a failure to
    keep it (a club role not allowed to) leaves the command's own changes as they are."""
    if not writing(store):
        return
    db = store.db
    db.execute("SAVEPOINT snapshot")
    try:
        if not store.has_table("snapshots"):
            db.execute(TABLE_SQL)
        db.execute(_UPSERT, tuple(snap[c] for c in COLUMNS))
        db.execute("RELEASE SAVEPOINT snapshot")
    except StorageError:
        if not db.in_transaction:  # the store ended the whole transaction itself (a full disk): the command fails
            raise
        with suppress(Exception):
            db.execute("ROLLBACK TO SAVEPOINT snapshot")
            db.execute("RELEASE SAVEPOINT snapshot")
        if hasattr(store, "last_error"):
            store.last_error = None  # not the command's failure: nothing to retry for it


def drop(store: Any, sid: str) -> None:
    """Forget the session's snapshot (inside the caller's write transaction)."""
    if store.has_table("snapshots"):
        store.db.execute("DELETE FROM snapshots WHERE session_id = ?", (sid,))


# PostgreSQL row-level security (`referee club init`): a table reads and writes the snapshots of
# its own sessions only (another table's session is replayed from its log instead); the organiser
# everything. Each rule: (name, command, role, USING, WITH CHECK), as store_pg's policies.
def pg_rules(group: str, organiser: str, own_session: str) -> list[tuple[str, str | None, str | None, str | None,
                                                                         str | None]]:
    return [("read", "SELECT", group, own_session, None),
            ("table_add", "INSERT", group, None, own_session),
            ("table_change", "UPDATE", group, own_session, own_session),
            ("organiser", "ALL", organiser, "true", "true")]


# -- the records of a session loaded from its snapshot ---------------------------------------

class Records(Sequence[dict]):
    """A session's live records as `Loaded.records`: their number and the last one are known
    from the snapshot; the others are read from the store (and checked whole) only when asked for."""

    def __init__(self, count: int, last: dict, fetch: Callable[[], list[dict]],
                 extra: tuple[dict, ...] = ()) -> None:
        self._count = count
        self._last = last
        self._fetch = fetch
        self._extra = extra
        self._all: list[dict] | None = None

    def __len__(self) -> int:
        return self._count + len(self._extra)

    def _list(self) -> list[dict]:
        if self._all is None:
            self._all = [*self._fetch(), *self._extra]
        return self._all

    @overload
    def __getitem__(self, i: int) -> dict: ...

    @overload
    def __getitem__(self, i: slice) -> list[dict]: ...

    def __getitem__(self, i: int | slice) -> dict | list[dict]:
        if isinstance(i, int) and self._all is None:
            n = len(self)
            k = i + n if i < 0 else i
            if k == n - 1:
                return self._extra[-1] if self._extra else self._last
        return self._list()[i]

    def __iter__(self) -> Iterator[dict]:
        return iter(self._list())

    def __reversed__(self) -> Iterator[dict]:
        return reversed(self._list())

    def plus(self, record: dict) -> Records:
        """These records and one more (what an action appends), still without reading them."""
        return Records(self._count, self._last, self._fetch, (*self._extra, record))


def extended(records: Sequence[dict], record: dict) -> Sequence[dict]:
    """`records` and one more, without reading a lazy log."""
    if isinstance(records, Records):
        return records.plus(record)
    return [*records, record]
