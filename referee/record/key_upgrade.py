"""Stores sealed before the keyed seal: each session checked the old way once, then sealed with the key.

A session whose seal was made without a key (an older referee's SHA-256 seal) is checked whole as
that referee checked it: every row's link and digest from the first row on, the session row's old
seal over them, and the seed against its commitment; a finished game is also replayed from its
seed (every result rolled again, its summary compared), and then sealed with the checked mark.
Only a session that passes is sealed again, with the key; one that fails keeps its old seal behind
an `x:` (a seal no check accepts), so it still fails and is never laundered, and the upgrade
names it.

A store this key sealed before (`keys.remembered`), or one holding any keyed seal already, holds
no session sealed without the key unless someone wrote one there: such sessions are not checked
the old way, only marked failing.

The SQLite store runs it when it opens a file (one write transaction); a club's server, when its
owner sets the club's boundaries up (`store_pg`), every session at once.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from referee.model import registry
from referee.model.i18n import ngettext
from referee.record import keys, results, snapshot
from referee.record.chain import Broken, check_chain, digest_problem, seal_of
from referee.record.integrity import check_history, seed_problem, summary_problem
from referee.record.schema import ALL_STATUSES

if TYPE_CHECKING:
    from referee.record.portable import PortableStore

SELECT = "SELECT id FROM sessions WHERE substr(seal, 1, 3) <> 'k1:' AND seal NOT LIKE 'x:%' ORDER BY id"


def holds_unkeyed(store: PortableStore, sid: str) -> bool:
    """Whether the session passes the old full check (see the module's note)."""

    fields = store._seal_fields(sid)
    if fields is None or not fields["_seal"]:
        return False
    try:
        rows = store.actions(sid, ALL_STATUSES)
        check_chain(rows)
    except (Broken, Exception):
        return False
    if digest_problem(rows) is not None:
        return False
    length, head, digest = len(rows), (rows[-1]["link"] if rows else ""), (rows[-1]["digest"] if rows else "")
    if (fields["_length"], fields["_head"], fields["_digest"]) != (length, head, digest):
        return False
    if fields["_seal"] != seal_of(fields, head, length, digest):
        return False
    meta = store.session(sid)
    return meta.get("seed_withheld") or not seed_problem(meta["seed"], meta.get("commitment") or "")


def replays(store: PortableStore, sid: str) -> bool:
    """A finished game replayed in full from its seed (`verify_session` without the seal, which
    is the old one here): whether it holds."""

    meta = store.session(sid)
    if meta.get("seed_withheld"):
        return False
    try:
        rows = store.actions(sid, ALL_STATUSES)
        engine = registry.engine(meta["game"])
        checked = check_history(engine, meta["seed"], rows)
    except Exception:
        return False
    return summary_problem(meta["summary"], engine, checked.state) is None


LEAGUES = "SELECT name FROM leagues WHERE substr(seal, 1, 3) <> 'k1:' AND seal NOT LIKE 'x:%' ORDER BY name"


def keyed_already(store: PortableStore) -> bool:
    """Some session or league of the store carries a keyed seal: the store was keyed, so a seal
    made without the key beside it was made by hand."""
    found = store.db.execute("SELECT 1 FROM sessions WHERE substr(seal, 1, 3) = 'k1:' LIMIT 1").fetchone()
    if found is None and "seal" in store.columns("leagues"):
        found = store.db.execute("SELECT 1 FROM leagues WHERE substr(seal, 1, 3) = 'k1:' LIMIT 1").fetchone()
    return found is not None


def run(store: PortableStore, remembered: bool = False) -> tuple[int, list[str]]:
    """Inside the caller's write transaction: (sessions sealed with the key, ids left failing).
    Leagues had no seal before: each is sealed as it stands (in a store this key sealed before, one
    without a seal was written by hand: marked failing)."""

    sealed, failing = 0, []
    remembered = remembered or keyed_already(store)
    if "seal" not in store.columns("leagues"):
        store.db.execute("ALTER TABLE leagues ADD COLUMN seal TEXT NOT NULL DEFAULT ''")
    for (name,) in store.db.execute(LEAGUES).fetchall():
        if remembered:
            store.db.execute("UPDATE leagues SET seal = 'x:' || seal WHERE name = ?", (name,))
            failing.append(f"league {name}")
        else:
            store.reseal_league(name)
    for (sid,) in store.db.execute(SELECT).fetchall():
        if not remembered and holds_unkeyed(store, sid):
            over = store.db.execute("SELECT status FROM sessions WHERE id = ?", (sid,)).fetchone()[0] == "over"
            store.reseal(sid, checked=over and replays(store, sid))
            snapshot.drop(store, sid)  # its digest was not made with this key: the next write keeps it anew
            sealed += 1
        else:
            store.db.execute("UPDATE sessions SET seal = 'x:' || seal WHERE id = ?", (sid,))
            failing.append(sid)
    if (sealed or failing) and store.has_table("results"):  # the result rows follow their sessions, the aggregates
        # made again with the key
        for sid in failing:
            if not sid.startswith("league "):
                results.withdraw(store, sid)
        results.remake(store)
    return sealed, failing


def note(path: str, sealed: int, failing: list[str], remembered: bool = False) -> None:
    if sealed:
        print(ngettext("referee: the store {path}: {n} session sealed before seals were keyed was checked whole "
                       "and sealed again with this referee's key",
                       "referee: the store {path}: {n} sessions sealed before seals were keyed were checked whole "
                       "and sealed again with this referee's key", sealed).format(path=path, n=sealed), file=sys.stderr)
    if failing:
        why = ("the store was sealed with a key before, so a seal made without it was written by hand" if remembered
               else "they failed their check")
        print(ngettext("referee: the store {path}: {n} session is not sealed with the key ({why}): {ids} (see "
                       "`referee verify ID`)",
                       "referee: the store {path}: {n} sessions are not sealed with the key ({why}): {ids} (see "
                       "`referee verify ID`)", len(failing)).format(path=path, n=len(failing), why=why,
                                                                     ids=", ".join(failing)), file=sys.stderr)


def upgrade(store: PortableStore) -> None:
    """An SQLite store: the pass in one write transaction, then the store remembered as keyed."""

    path = str(store.path)
    remembered = keys.remembered(path)
    with store.write():
        remembered = remembered or keyed_already(store)
        sealed, failing = run(store, remembered)
    keys.remember(path)
    note(path, sealed, failing, remembered)
