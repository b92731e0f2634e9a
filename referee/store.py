"""The session store: one SQLite file holding sessions, their action logs and card libraries.

State is never stored as truth: a session is its log of actions (each with its
recorded random results), and the state is rebuilt by replaying it. The
`summary` column is only a cache for `referee sessions`.

Safety: WAL journal and a busy timeout so two terminals at one table can write;
every action is appended in one `BEGIN IMMEDIATE` transaction; a file that is not
a referee store (not SQLite, another program's database, a newer schema) is
refused with exit 3 and never touched.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from referee.errors import StorageError

SCHEMA_VERSION = 1
APPLICATION_ID = 0x52454645  # "REFE"
SQLITE_MAGIC = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    seed TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    summary TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    used REAL NOT NULL
);
CREATE TABLE actions (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    results TEXT NOT NULL DEFAULT '[]',
    events TEXT NOT NULL DEFAULT '[]',
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'done' CHECK (status IN ('done', 'undone', 'dropped')),
    created REAL NOT NULL,
    PRIMARY KEY (session_id, idx)
);
CREATE TABLE library (
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, kind, name)
);
"""


def default_path() -> Path:
    """The platform's user-data location, from platformdirs (imported only when needed):
    ~/.local/share/referee (XDG_DATA_HOME honoured), ~/Library/Application Support/referee,
    %LOCALAPPDATA%\\referee."""
    try:
        from platformdirs import user_data_path
    except ImportError:  # an install made before the dependency: say how to mend it
        raise StorageError("platformdirs is not installed, so the default store cannot be placed: "
                           "reinstall referee (pip install -e .) or give --db PATH") from None
    return user_data_path("referee", appauthor=False) / "referee.db"


class Store:
    """An open session store."""

    def __init__(self, path: str | os.PathLike | None = None, timeout: float = 10.0) -> None:
        self.path = Path(path) if path else default_path()
        self._check_file()
        try:
            if not self.path.exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path), timeout=timeout, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self._check_schema()
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as exc:
            raise StorageError(f"cannot open the store {self.path}: {exc}") from None
        except OSError as exc:
            raise StorageError(f"cannot open the store {self.path}: {exc.strerror or exc}") from None

    # -- opening ---------------------------------------------------------------
    def _check_file(self) -> None:
        if self.path.is_dir():
            raise StorageError(f"{self.path} is a folder, not a session store")
        if self.path.exists() and self.path.stat().st_size > 0:
            try:
                with open(self.path, "rb") as fh:
                    head = fh.read(16)
            except OSError as exc:
                raise StorageError(f"cannot read {self.path}: {exc.strerror}") from None
            if head != SQLITE_MAGIC:
                raise StorageError(f"{self.path} is not a referee store (not an SQLite file); left untouched")

    def _check_schema(self) -> None:
        app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app_id == 0 and not tables:
            self._create()
            return
        if app_id != APPLICATION_ID:
            raise StorageError(f"{self.path} is another program's SQLite database, not a referee store; left untouched")
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{self.path} was written by a newer referee (store schema {version}, this one reads {SCHEMA_VERSION}); left untouched"
            )

    def _create(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for stmt in SCHEMA.split(";"):
                if stmt.strip():
                    self.db.execute(stmt)
            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def close(self) -> None:
        self.db.close()

    # -- transactions ------------------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[None]:
        """One write transaction, taken at once (BEGIN IMMEDIATE) so readers of it are current."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StorageError(f"the store is busy (another terminal is writing): {exc}") from None
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        else:
            try:
                self.db.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                self.db.execute("ROLLBACK")
                raise StorageError(f"could not save: {exc}") from None

    # -- sessions ------------------------------------------------------------------
    def new_session_id(self, game: str) -> str:
        rows = self.db.execute("SELECT id FROM sessions WHERE game = ?", (game,)).fetchall()
        numbers = [int(r[0].rsplit("-", 1)[1]) for r in rows if r[0].rsplit("-", 1)[-1].isdigit()]
        return f"{game}-{max(numbers, default=0) + 1}"

    def create_session(self, game: str, name: str, seed: str, rules_version: str, record: dict, summary: dict) -> str:
        """Create a session whose log starts with the `new` record; returns its id."""
        now = time.time()
        sid = self.new_session_id(game)
        self.db.execute(
            "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, game, name, seed, rules_version, "over" if summary.get("over") else "open",
             json.dumps(summary), now, now, now),
        )
        self.insert_action(sid, 0, record)
        return sid

    def session(self, sid: str) -> dict:
        row = self.db.execute("SELECT * FROM sessions WHERE id = ?", (sid,)).fetchone()
        if row is None:
            raise StorageError(f"no session '{sid}' in {self.path} (see `referee sessions --all`)")
        return self._session_row(row)

    def _session_row(self, row: tuple) -> dict:
        cols = ["id", "game", "name", "seed", "rules_version", "status", "summary", "created", "updated", "used"]
        out = dict(zip(cols, row))
        out["summary"] = json.loads(out["summary"])
        return out

    def current_session(self, game: str | None = None) -> str:
        """The most recently used open session (of `game`, if given); when none is open,
        the most recently used finished one, so its final table, log and undo stay at hand."""
        sql = "SELECT id FROM sessions WHERE 1=1"
        args: tuple = ()
        if game:
            sql += " AND game = ?"
            args = (game,)
        order = " ORDER BY used DESC, rowid DESC LIMIT 1"
        row = self.db.execute(sql + " AND status = 'open'" + order, args).fetchone()
        if row is None:
            row = self.db.execute(sql + order, args).fetchone()
        if row is None:
            what = f"{game} session" if game else "session"
            hint = f"`referee {game} new ...`" if game else "`referee GAME new ...`"
            raise StorageError(f"no {what} in {self.path}; start one with {hint}")
        return row[0]

    def sessions(self, game: str | None = None, include_over: bool = False) -> list[dict]:
        sql = "SELECT * FROM sessions WHERE 1=1"
        args: list = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if not include_over:
            sql += " AND status = 'open'"
        return [self._session_row(r) for r in self.db.execute(sql + " ORDER BY used DESC, rowid DESC", args)]

    def touch(self, sid: str) -> None:
        self.db.execute("UPDATE sessions SET used = ? WHERE id = ?", (time.time(), sid))

    def save_summary(self, sid: str, summary: dict) -> None:
        now = time.time()
        self.db.execute(
            "UPDATE sessions SET summary = ?, status = ?, updated = ?, used = ? WHERE id = ?",
            (json.dumps(summary), "over" if summary.get("over") else "open", now, now, sid),
        )

    # -- actions ---------------------------------------------------------------------
    def insert_action(self, sid: str, idx: int, record: dict) -> None:
        self.db.execute(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created)"
            " VALUES (?, ?, ?, ?, ?, ?, 'done', ?)",
            (sid, idx, json.dumps(record["action"]), json.dumps(record.get("results", [])),
             json.dumps(record.get("events", [])), record["rules"], time.time()),
        )

    def actions(self, sid: str, statuses: tuple[str, ...] = ("done",)) -> list[dict]:
        marks = ",".join("?" * len(statuses))
        rows = self.db.execute(
            f"SELECT idx, action, results, events, rules_version, status, created FROM actions"
            f" WHERE session_id = ? AND status IN ({marks}) ORDER BY idx",
            (sid, *statuses),
        ).fetchall()
        return [
            {"idx": r[0], "action": json.loads(r[1]), "results": json.loads(r[2]), "events": json.loads(r[3]),
             "rules": r[4], "status": r[5], "created": r[6]}
            for r in rows
        ]

    def next_idx(self, sid: str) -> int:
        row = self.db.execute("SELECT MAX(idx) FROM actions WHERE session_id = ?", (sid,)).fetchone()
        return (row[0] if row[0] is not None else -1) + 1

    def set_status(self, sid: str, idxs: list[int], status: str) -> None:
        self.db.executemany(
            "UPDATE actions SET status = ? WHERE session_id = ? AND idx = ?", [(status, sid, i) for i in idxs]
        )

    def drop_redo(self, sid: str) -> None:
        """A new action ends the redo stack: undone actions stay in history as 'dropped'."""
        self.db.execute("UPDATE actions SET status = 'dropped' WHERE session_id = ? AND status = 'undone'", (sid,))

    # -- card libraries ----------------------------------------------------------------
    def library_put(self, game: str, kind: str, name: str, data: dict) -> None:
        self.library_put_many(game, kind, {name: data})

    def library_put_many(self, game: str, kind: str, cards: dict[str, dict]) -> None:
        """Several entries in one transaction: all stored, or none. A name already there in
        another case is replaced, not doubled."""
        with self.write():
            self.db.executemany(
                "DELETE FROM library WHERE game = ? AND kind = ? AND name = ? COLLATE NOCASE",
                [(game, kind, name) for name in cards],
            )
            self.db.executemany(
                "INSERT OR REPLACE INTO library (game, kind, name, data) VALUES (?, ?, ?, ?)",
                [(game, kind, name, json.dumps(data)) for name, data in cards.items()],
            )

    def library_delete(self, game: str, kind: str, name: str) -> str | None:
        """Remove an entry (the name in any case); returns its stored name, None when there was none."""
        with self.write():
            row = self.db.execute(
                "SELECT name FROM library WHERE game = ? AND kind = ? AND name = ? COLLATE NOCASE",
                (game, kind, name),
            ).fetchone()
            if row is not None:
                self.db.execute("DELETE FROM library WHERE game = ? AND kind = ? AND name = ?", (game, kind, row[0]))
        return row[0] if row else None

    def library_get(self, game: str, kind: str, name: str) -> dict | None:
        row = self.db.execute(
            "SELECT data FROM library WHERE game = ? AND kind = ? AND name = ? COLLATE NOCASE",
            (game, kind, name),
        ).fetchone()
        return json.loads(row[0]) if row else None

    def library_list(self, game: str, kind: str) -> dict[str, Any]:
        rows = self.db.execute(
            "SELECT name, data FROM library WHERE game = ? AND kind = ? ORDER BY name", (game, kind)
        ).fetchall()
        return {r[0]: json.loads(r[1]) for r in rows}
