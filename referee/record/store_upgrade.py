"""Upgrading an older session store in place (schema 1 -> 2 -> 3 -> 4 -> 5 -> 6).

Schema 2 adds the chain link, the reason and time of a correction to each action
row, the seed commitment and whether the seed is public to each session, and
widens the allowed statuses. SQLite cannot add CHECK constraints to a table, so
both tables are rebuilt and copied, then every row's link is computed. All of it
happens in one transaction, after a backup copy of the file next to it.

Schema 3 adds where a pushed session came from (`origin`) and the league tables.

Schema 4 adds the seal of each session row (its head, length, rows' digest and seal; see
`referee.record.chain`), computed for every session as it stands, and the table of the heads
a club server was pushed. Events and reasons stay as they were and are covered from then on.

Schema 5 adds each action row's digest (`referee.record.digest_upgrade`): computed for every row,
and each session sealed again with it where its schema-4 seal held; one that failed keeps failing.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from typing import TYPE_CHECKING, Any

from referee.model.errors import StorageError
from referee.model.i18n import _
from referee.record import digest_upgrade, paths, results
from referee.record.chain import canonical_json, commitment, link_text
from referee.record.schema import (
    DIGEST_COLUMN,
    SCHEMA_VERSION,
    SEAL_COLUMNS,
    results_ddl,
    table_ddl,
)

if TYPE_CHECKING:
    from referee.record.portable import PortableStore


KEYLESS = "SELECT 1 FROM sessions WHERE substr(seal, 1, 3) <> 'k1:' AND seal NOT LIKE 'x:%' LIMIT 1"


def backup_path(path: str | os.PathLike, version: int) -> str:
    """`referee.db.v1-backup`, or `.v1-backup.2`, ... when one is there already (next to it)."""
    path = paths.clean(path)
    candidate = f"{path}.v{version}-backup"
    n = 2
    while paths.exists(candidate):
        candidate = f"{path}.v{version}-backup.{n}"
        n += 1
    return candidate


def upgrade(store: PortableStore) -> None:
    """Bring an SQLite store of schema 1 to 4 to SCHEMA_VERSION (the tables as `schema` writes them)."""
    # only an upgrade needs it (not every command's start)

    db = store.db
    try:
        db.execute("BEGIN IMMEDIATE")
    except (sqlite3.OperationalError, StorageError) as exc:  # the store maps SQLite's errors
        why = _("another program holds it") if "lock" in str(exc) or "busy" in str(exc) else str(exc)
        raise StorageError(_("the store {path} needs an upgrade to schema {version} and cannot be written now "
                             "({why}); run referee once where it can write the file").format(
                                 path=store.path, version=SCHEMA_VERSION, why=why)) from None
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version >= SCHEMA_VERSION:  # another process upgraded it meanwhile
            db.execute("COMMIT")
            return
        if version not in (1, 2, 3, 4, 5):
            raise StorageError(_("{path} has store schema {version}, which this referee cannot upgrade; left "
                                 "untouched").format(path=store.path, version=version))
        backup = backup_path(store.path, version)
        # a second connection reads the file as committed (our write lock lets readers in)
        src = sqlite3.connect(str(store.path), timeout=5.0)
        # owner-only, made before SQLite opens it: the copy holds every running game's secret seed
        os.close(os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        dst = sqlite3.connect(backup)
        try:
            src.backup(dst)
        finally:
            dst.close()
            src.close()
        if version == 1:
            _from_1(db)
        if version == 2:  # 2 -> 3: where a pushed session came from, and the leagues
            db.execute("ALTER TABLE sessions ADD COLUMN origin TEXT NOT NULL DEFAULT ''")
        if version < 3:
            for name in ("leagues", "league_sessions"):
                db.execute(table_ddl(name, "sqlite"))
        # 3 -> 4: the seal of each session row, and the heads a club was pushed
        have = {r[1] for r in db.execute("PRAGMA table_info(sessions)").fetchall()}
        for stmt in SEAL_COLUMNS:
            if stmt.split()[0] not in have:
                db.execute(f"ALTER TABLE sessions ADD COLUMN {stmt}")
        db.execute(table_ddl("pushed_heads", "sqlite", if_not_exists=True))
        # 5 -> 6: the result tables (made first: sealing a session again keeps its result row)
        for stmt in results_ddl("sqlite"):
            db.execute(stmt)
        # 4 -> 5: each action row's digest; each session sealed again with it (where its seal held)
        if "digest" not in {r[1] for r in db.execute("PRAGMA table_info(actions)").fetchall()}:
            db.execute(f"ALTER TABLE actions ADD COLUMN {DIGEST_COLUMN}")
        failing = digest_upgrade.upgrade(store, sealed=version >= 4) if version < 5 else []
        # 5 -> 6: every finished game's result row, checked as `stats` checks it, and the aggregates
        if db.execute(KEYLESS).fetchone() is None:  # else on first use, once the key sealed them
            failing += [sid for sid, _problem in results.fill_all(store) if sid not in failing]
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    print(f"referee: upgraded the store {store.path} to schema {SCHEMA_VERSION}; "
          f"the old file is kept as {backup}", file=sys.stderr)
    if failing:
        print(f"referee: {digest_upgrade.failing_note(failing)}", file=sys.stderr)


def _from_1(db: Any) -> None:
    """Schema 1 -> 2: SQLite cannot add CHECK constraints, so sessions and actions are rebuilt
    and copied, then every row's link is computed."""
    for name in ("sessions", "actions"):
        db.execute(table_ddl(name, "sqlite", called=f"{name}_v2"))
    db.execute(
        "INSERT INTO sessions_v2 (id, game, name, seed, rules_version, status, summary, created, updated, used,"
        " commitment, seed_public)"
        " SELECT id, game, name, seed, rules_version, status, summary, created, updated, used, '', 1 FROM sessions"
    )
    db.execute(
        "INSERT INTO actions_v2 (session_id, idx, action, results, events, rules_version, status, created)"
        " SELECT session_id, idx, action, results, events, rules_version, status, created FROM actions"
    )
    db.execute("DROP TABLE actions")
    db.execute("DROP TABLE sessions")
    db.execute("ALTER TABLE sessions_v2 RENAME TO sessions")
    db.execute("ALTER TABLE actions_v2 RENAME TO actions")
    sessions = db.execute("SELECT id, seed FROM sessions").fetchall()
    db.executemany("UPDATE sessions SET commitment = ? WHERE id = ?",
                   [(commitment(seed), sid) for sid, seed in sessions])
    for sid, _seed in sessions:
        prev = ""
        updates = []
        for idx, action, said, status in db.execute(
            "SELECT idx, action, results, status FROM actions WHERE session_id = ? ORDER BY idx", (sid,)
        ).fetchall():
            try:  # the texts are written again in canonical form, which the links cover
                action, said = canonical_json(json.loads(action)), canonical_json(json.loads(said))
            except ValueError:
                pass  # the row stays as it is; `referee verify` names it
            prev = link_text(prev, action, said, status)
            updates.append((action, said, prev, sid, idx))
        db.executemany("UPDATE actions SET action = ?, results = ?, link = ? WHERE session_id = ? AND idx = ?",
                       updates)
