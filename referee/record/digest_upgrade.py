"""Schema 5 on both stores: each action row's digest (`referee.record.chain.row_digest`) computed
from the first row on, and each session sealed again with it, only when its old seal held.

From schema 4 each session's seal is checked first as schema 4 checked it whole (the session row,
the number of rows, the last link, and one digest over every row's events, reasons and times); a
session that fails it is left with its old seal, which the new check cannot match either, so it
still fails after the upgrade and is never laundered. Below schema 4 there was no seal to check:
each session is sealed as it stands (as the upgrade to schema 4 did). `referee.record.store_upgrade`
(SQLite) and `referee.record.store_pg` (PostgreSQL) run it inside their upgrade's transaction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.model.i18n import ngettext
from referee.record.chain import row_digest, schema4_digest, seal_of

if TYPE_CHECKING:
    from referee.record.portable import PortableStore

_ROWS = ("SELECT idx, events, reason, changed, created, rules_version, link FROM actions WHERE session_id = ?"
         " ORDER BY idx")


def schema4_seal_holds(store: PortableStore, sid: str) -> bool:
    """Whether the session's seal holds as schema 4's full check saw it (`seal_problem` with every
    row): the session row's fields, its length, head and digest over the rows as they stand."""
    fields = store._seal_fields(sid)
    if fields is None or not fields["_seal"]:
        return False
    rows = store.db.execute(_ROWS, (sid,)).fetchall()
    length, head = len(rows), (rows[-1][6] if rows else "")
    digest = schema4_digest([tuple(r[:6]) for r in rows])
    return (fields["_length"] == length and fields["_head"] == head and fields["_digest"] == digest
            and fields["_seal"] == seal_of(fields, head, length, digest))


def fill_digests(store: PortableStore, sid: str) -> None:
    """Write every action row's digest of the session, from its first row on, over the rows as
    they stand."""
    prev = ""
    updates = []
    for idx, events, reason, changed, created, rules, _link in store.db.execute(_ROWS, (sid,)).fetchall():
        prev = row_digest(prev, idx, events, reason, changed, created, rules)
        updates.append((prev, sid, idx))
    store.db.executemany("UPDATE actions SET digest = ? WHERE session_id = ? AND idx = ?", updates)


def upgrade(store: PortableStore, sealed: bool) -> list[str]:
    """Every session's row digests, and its seal again where it held (inside the caller's
    transaction). `sealed`: the store was at schema 4, so each old seal is checked first; below
    it every session is sealed as it stands. Returns the ids of the sessions left failing."""
    failing = []
    for (sid,) in store.db.execute("SELECT id FROM sessions ORDER BY id").fetchall():
        holds = not sealed or schema4_seal_holds(store, sid)
        fill_digests(store, sid)
        if holds:
            store.reseal(sid)
        else:
            failing.append(sid)
    return failing


def failing_note(failing: list[str]) -> str:
    """What the upgrade says of the sessions whose old seal failed (they still fail)."""
    return (ngettext("{n} session failed its check before the upgrade and still does: {ids}",
                     "{n} sessions failed their check before the upgrade and still do: {ids}", len(failing))
            .format(n=len(failing), ids=", ".join(failing)) + " (see `referee verify ID`)")
