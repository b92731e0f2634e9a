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
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from referee.model.errors import StorageError

T = TypeVar("T")

SCHEMA_VERSION = 4  # 3: sessions.origin and the league tables (club play); 4: the seal and pushed heads
APPLICATION_ID = 0x52454645  # "REFE"
COMMITS = [0]  # write transactions committed by this process (so a failed output can say what was stored)
SQLITE_MAGIC = b"SQLite format 3\x00"
SESSION_COLUMNS = ("id, game, name, seed, rules_version, status, summary, created, updated, used, commitment, seed_public,"
                   " origin, head, length, digest, seal, unverified")
ALL_STATUSES = ("done", "undone", "dropped", "replaced", "struck")

SCHEMA = """
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    seed TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'over', 'deleted')),
    summary TEXT NOT NULL DEFAULT '{}',
    created REAL NOT NULL,
    updated REAL NOT NULL,
    used REAL NOT NULL,
    commitment TEXT NOT NULL DEFAULT '',
    seed_public INTEGER NOT NULL DEFAULT 1,
    origin TEXT NOT NULL DEFAULT '',
    head TEXT NOT NULL DEFAULT '',
    length INTEGER NOT NULL DEFAULT 0,
    digest TEXT NOT NULL DEFAULT '',
    seal TEXT NOT NULL DEFAULT '',
    unverified INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE actions (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    results TEXT NOT NULL DEFAULT '[]',
    events TEXT NOT NULL DEFAULT '[]',
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'done'
        CHECK (status IN ('done', 'undone', 'dropped', 'replaced', 'struck')),
    created REAL NOT NULL,
    link TEXT NOT NULL DEFAULT '',
    reason TEXT,
    changed REAL,
    PRIMARY KEY (session_id, idx)
);
CREATE TABLE library (
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, kind, name)
);
CREATE TABLE leagues (
    name TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    points TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE league_sessions (
    league TEXT NOT NULL REFERENCES leagues(name) ON DELETE CASCADE,
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    PRIMARY KEY (league, session_id)
);
CREATE TABLE pushed_heads (
    origin TEXT NOT NULL,
    session_id TEXT NOT NULL,
    length INTEGER NOT NULL,
    head TEXT NOT NULL,
    pushed REAL NOT NULL,
    PRIMARY KEY (origin, length)
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


def is_url(target: str | os.PathLike | None) -> bool:
    """A `postgresql://` (or `postgres://`) URL, or a libpq `host=... dbname=...` string: the
    club's server, not a file."""
    if isinstance(target, str) and "=" in target and "://" not in target:
        from referee.record.store_pg import is_conninfo

        return is_conninfo(target)
    return isinstance(target, str) and target.split("://", 1)[0].lower() in ("postgresql", "postgres") \
        and "://" in target


def open_store(target: str | os.PathLike | None = None, timeout: float = 10.0, readonly: bool = False) -> Any:
    """The store `--db` names: a PostgreSQL server for a `postgresql://` URL (psycopg is imported
    only then), else an SQLite file (the default place when None)."""
    if is_url(target):
        from referee.record.store_pg import PgStore

        return PgStore(str(target), timeout=timeout, readonly=readonly)
    return Store(target, timeout=timeout, readonly=readonly)


class Store:
    """An open session store."""

    _SELECT = SESSION_COLUMNS  # what a session read selects (a club's server releases the seed by a function)

    def __init__(self, path: str | os.PathLike | None = None, timeout: float = 10.0,
                 readonly: bool = False) -> None:
        self.path = Path(path) if path else default_path()
        self.timeout = timeout
        self.readonly = readonly
        try:
            self._check_file()
            if readonly:
                conn = self._connect_readonly(timeout)
            else:
                self._create_file()
                conn = sqlite3.connect(str(self.path), timeout=timeout, isolation_level=None)
            self.db: Any = _Guarded(conn, self)
            self.db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self._open_schema(timeout)
            self.db.execute("PRAGMA foreign_keys = ON")
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            raise self.error(exc, "open") from None
        except OSError as exc:
            raise StorageError(f"cannot open the store {self.path}: {exc.strerror or exc}") from None

    # -- opening ---------------------------------------------------------------
    def _open_schema(self, timeout: float) -> None:
        """Check (or create) the schema and turn WAL on. Several first users of a new store at
        once can meet SQLite's immediate "busy" (it refuses to wait where waiting could deadlock):
        tried again for up to `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._check_schema()
                if not self.readonly:
                    self.db.execute("PRAGMA journal_mode = WAL")
                return
            except StorageError as exc:
                if " is busy" not in exc.message or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

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

    def _create_file(self) -> None:
        """A new store is readable by its owner only: the file 0600 (SQLite gives its WAL and SHM
        files the same mode) and, when the referee makes it, its folder 0700."""
        if self.path.exists():
            return
        if not self.path.parent.exists():
            self.path.parent.parent.mkdir(parents=True, exist_ok=True)
            self.path.parent.mkdir(mode=0o700, exist_ok=True)
        try:
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:  # another terminal made it a moment ago
            pass

    def _connect_readonly(self, timeout: float) -> sqlite3.Connection:
        """Open for reading only (view commands). A missing or empty store reads as an empty
        one, held in memory: listing nothing creates no file."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return sqlite3.connect(":memory:", isolation_level=None)
        import urllib.parse  # only view commands open a store this way

        uri = "file:" + urllib.parse.quote(str(self.path.resolve())) + "?mode=ro"
        try:
            conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None)
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return conn
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorname", "") != "SQLITE_CANTOPEN":
                raise
        # A WAL store in a folder the referee cannot write (no -shm to share): nobody else can
        # write there either, so it is read as an unchanging file.
        return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=timeout, isolation_level=None)

    def error(self, exc: BaseException, doing: str = "use") -> StorageError:
        """The one place an SQLite failure becomes a StorageError that says what happened and
        what to do (cli.md: exit 3, never "internal error")."""
        return storage_error(exc, self.path, self.timeout, doing)

    def _check_schema(self) -> None:
        # the tables first: once another process's new tables show, its application id shows too
        # (both are committed at once), so a store being created next door is never "another program's"
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if app_id == 0 and not tables:
            if self.readonly:  # an empty SQLite file reads as an empty store; it is not written
                self.db.raw.close()
                self.db = _Guarded(sqlite3.connect(":memory:", isolation_level=None), self)
            self._create()
            return
        if app_id != APPLICATION_ID:
            raise StorageError(f"{self.path} is another program's SQLite database, not a referee store; left untouched")
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{self.path} was written by a newer referee (store schema {version}, this one reads {SCHEMA_VERSION}); left untouched"
            )
        if version < SCHEMA_VERSION and self.readonly:
            # a view on a store an older referee wrote: upgraded once (after its backup copy) by a
            # writer, then read; a store that truly cannot be written says so there
            Store(self.path, timeout=self.timeout).close()
        elif version < SCHEMA_VERSION:
            self._upgrade()

    def _create(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        if self.db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]:
            self.db.execute("COMMIT")  # another process created it while we waited for the lock
            self._check_schema()
            return
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

    def _upgrade(self) -> None:
        """Bring a version 1 store to this schema in place, in one transaction, after a backup copy."""
        from referee.record.store_upgrade import upgrade

        upgrade(self)

    def close(self) -> None:
        self.db.close()

    def data_version(self) -> int:
        """SQLite's `PRAGMA data_version` on this connection: it changes when another
        connection commits to the file (a second terminal's action), never for our own."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    # -- transactions ------------------------------------------------------------
    @contextmanager
    def write(self) -> Iterator[None]:
        """One write transaction, taken at once (BEGIN IMMEDIATE) so readers of it are current.

        A failure rolls back only a transaction that is still open (SQLite ends some itself,
        e.g. on a full disk), and the SQLite error is named by `error`."""
        if self.readonly:
            raise StorageError(f"the store {self.path} was opened for reading only; nothing was written")
        self.db.execute("BEGIN IMMEDIATE")
        self._dirty = set()
        try:
            yield
            self._reseal_dirty()
            self.db.execute("COMMIT")
            COMMITS[0] += 1
        except BaseException:
            if self.db.in_transaction:
                with suppress(sqlite3.Error):
                    self.db.raw.execute("ROLLBACK")
            raise
        finally:
            self._dirty = None
            self._appending = None

    # -- the seal (see referee.record.integrity): written with every change, checked on every read ---------
    _dirty: set[str] | None = None

    def _mark(self, sid: str) -> None:
        """Session `sid` changed: sealed again when the transaction commits (at once outside one)."""
        if self._dirty is None:
            self.reseal(sid)
        else:
            self._dirty.add(sid)

    def _reseal_dirty(self) -> None:
        for sid in sorted(self._dirty or ()):
            self.reseal(sid)

    def _seal_fields(self, sid: str) -> dict | None:
        from referee.record.integrity import SEAL_FIELDS

        row = self.db.execute(f"SELECT {', '.join(SEAL_FIELDS)}, head, length, digest, seal FROM sessions"
                              " WHERE id = ?", (sid,)).fetchone()
        if row is None:
            return None
        out = dict(zip((*SEAL_FIELDS, "_head", "_length", "_digest", "_seal"), row, strict=True))
        for key in ("created", "updated"):
            if isinstance(out[key], int):
                out[key] = float(out[key])
        return out

    def _log_end(self, sid: str) -> tuple[int, str]:
        """(how many action rows, the last one's link) as stored."""
        n = self.db.execute("SELECT COUNT(*) FROM actions WHERE session_id = ?", (sid,)).fetchone()[0]
        last = self.db.execute("SELECT link FROM actions WHERE session_id = ? ORDER BY idx DESC LIMIT 1",
                               (sid,)).fetchone()
        return int(n), (last[0] if last else "")

    def _digest_rows(self, sid: str) -> str:
        from referee.record.integrity import rows_digest_after

        rows = self.db.execute(
            "SELECT idx, events, reason, changed, created, rules_version FROM actions WHERE session_id = ?"
            " ORDER BY idx", (sid,)).fetchall()
        before, expected = (self._appending or {}).pop(sid, (None, None))
        try:
            return rows_digest_after(rows, before, expected)
        except ValueError:
            raise StorageError(f"session '{sid}' fails its integrity check: an action's events, reason or time "
                               "was changed outside the referee: the seal does not match (see "
                               f"`referee verify {sid}`); nothing was written") from None

    # An action loaded from its snapshot did not read the rows: sealing them again after its new
    # row first checks that the rows before it still hash to the sealed digest (same pass).
    _appending: dict[str, tuple[int, str]] | None = None

    def appending(self, sid: str, first: int, sealed_digest: str) -> None:
        """Inside a write: rows from `first` on are this transaction's; those before must still
        hash to `sealed_digest` when the session is sealed again (else the commit is refused)."""
        if self._appending is None:
            self._appending = {}
        self._appending[sid] = (first, sealed_digest)

    def storage_check(self, quick: bool = False) -> list[str]:
        """SQLite's own check of the file (`PRAGMA integrity_check`, or `quick_check`): what it
        reports, [] when the file is sound. A file too damaged to check reports that."""
        pragma = "quick_check" if quick else "integrity_check"
        try:
            found = [str(r[0]) for r in self.db.raw.execute(f"PRAGMA {pragma}(20)").fetchall()]
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            return [f"the check itself failed: {exc}"]
        if found == ["ok"]:
            return []
        lines = [line for text in found for line in text.splitlines()]
        return [" ".join(line.split()) for line in lines if line.strip() and not line.startswith("*** in database")] \
            or lines

    def head(self, sid: str) -> str:
        """The last link of the session's log as stored (its head in full)."""
        return self._log_end(sid)[1]

    def reseal(self, sid: str) -> None:
        """Write the session row's head, length, digest and seal from what is stored now."""
        from referee.record.integrity import seal_of

        fields = self._seal_fields(sid)
        if fields is None:  # purged meanwhile
            return
        length, head = self._log_end(sid)
        digest = self._digest_rows(sid)
        self.db.execute("UPDATE sessions SET head = ?, length = ?, digest = ?, seal = ? WHERE id = ?",
                        (head, length, digest, seal_of(fields, head, length, digest), sid))

    def seal_problem(self, sid: str, rows: list[dict] | None = None) -> str | None:
        """What breaks the seal of session `sid`, None when it holds. With `rows` (every stored
        action row, as `actions(sid, ALL_STATUSES)` reads them) the rows' events, reasons and
        times are checked too; without, only the session row and the end of its log (cheap:
        what `stats`, leagues and `sessions` use)."""
        from referee.record.integrity import rows_digest

        fields = self._seal_fields(sid)
        if fields is None:
            return f"no session '{sid}'"
        if rows is None:
            n, last = self._log_end(sid)
        else:
            n, last = len(rows), (rows[-1]["link"] if rows else "")
        problem = self._row_problem(fields, n, last)
        if problem is None and rows is not None:
            mine = rows_digest([(r["idx"], r["events_text"], r["reason"], r["changed"], r["created"], r["rules"])
                                for r in rows])
            if mine != fields["_digest"]:
                return "an action's events, reason or time was changed outside the referee: the seal does not match"
        return problem

    def seal_problems(self, game: str | None = None) -> dict[str, str]:
        """The cheap check of `seal_problem` for every session (of `game`) at once: {id: problem}
        for those that fail (what `stats` uses over thousands of sessions)."""
        from referee.record.integrity import SEAL_FIELDS

        sql = f"SELECT {', '.join(SEAL_FIELDS)}, head, length, digest, seal FROM sessions"
        rows = self.db.execute(sql + (" WHERE game = ?" if game else ""), (game,) if game else ()).fetchall()
        ends = self.db.execute(self.LOG_ENDS).fetchall()
        counts = {r[0]: int(r[1]) for r in ends}
        lasts = {r[0]: r[2] for r in ends}
        out = {}
        for row in rows:
            fields = dict(zip((*SEAL_FIELDS, "_head", "_length", "_digest", "_seal"), row, strict=True))
            for key in ("created", "updated"):
                if isinstance(fields[key], int):
                    fields[key] = float(fields[key])
            problem = self._row_problem(fields, counts.get(fields["id"], 0), lasts.get(fields["id"], ""))
            if problem:
                out[fields["id"]] = problem
        return out

    # (session id, number of rows, the last row's link) of every log in one pass: SQLite takes a bare
    # column from the row that gives MAX(); PostgreSQL has its own statement (store_pg).
    LOG_ENDS = "SELECT session_id, COUNT(*), link, MAX(idx) FROM actions GROUP BY session_id"

    def _row_problem(self, fields: dict, n: int, last: str) -> str | None:
        """The session row against the end of its log (`n` rows, the last link `last`) and its seal."""
        from referee.record.integrity import head_of, seal_of

        head, length, digest = fields["_head"], fields["_length"], fields["_digest"]
        if not fields["_seal"]:
            return "the session row carries no seal (it was written outside the referee)"
        if not isinstance(length, int) or n != length:
            lost = f"; the last {length - n} were removed" if isinstance(length, int) and n < length else ""
            damage = self.storage_check(quick=True)
            if damage:  # not an edit: the file itself is damaged, and these rows cannot be read
                lost = (f"; {length - n} cannot be read: the store's file is damaged (SQLite's check: "
                        f"{'; '.join(damage[:3])})") if isinstance(length, int) and n < length else \
                    f"; the store's file is damaged (SQLite's check: {'; '.join(damage[:3])})"
            return (f"the session row records {length} action row(s) ending at head {head_of(str(head))}, "
                    f"the log holds {n}{lost}")
        if last != head:
            return (f"its last action's link ({head_of(last)}) is not the head the session row records "
                    f"({head_of(str(head))}): the end of the log was replaced")
        if fields["_seal"] != seal_of(fields, head, length, digest):
            return ("the session row (its game, name, seed, commitment, status, summary, times or origin) was changed"
                    " outside the referee: its seal does not match")
        return None

    def retrying(self, work: Callable[[], T]) -> T:
        """Run `work`, one write transaction of its own (a club's server runs it again when it
        rolls it back for a conflict; see PgStore)."""
        return work()

    # -- sessions ------------------------------------------------------------------
    def new_session_id(self, game: str) -> str:
        rows = self.db.execute("SELECT id FROM sessions WHERE game = ?", (game,)).fetchall()
        numbers = [int(r[0].rsplit("-", 1)[1]) for r in rows if r[0].rsplit("-", 1)[-1].isdigit()]
        return f"{game}-{max(numbers, default=0) + 1}"

    def create_session(self, game: str, name: str, seed: str, rules_version: str, record: dict, summary: dict,
                       commitment: str = "", seed_public: bool = True, created: float | None = None,
                       origin: str = "", unverified: bool = False) -> str:
        """Create a session whose log starts with the `new` record; returns its id.

        `commitment` is `sha256:` of the seed; `seed_public` is False when the seed was
        generated and stays secret until the game is over."""
        now = time.time()
        sid = self.new_session_id(game)
        self.db.execute(
            "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used,"
            " commitment, seed_public, origin, unverified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, game, name, seed, rules_version, "over" if summary.get("over") else "open",
             json.dumps(summary), now if created is None else created, now, now, commitment, 1 if seed_public else 0,
             origin, 1 if unverified else 0),
        )
        self.insert_action(sid, 0, record)
        return sid

    def session(self, sid: str) -> dict:
        row = self.db.execute(f"SELECT {self._SELECT} FROM sessions WHERE id = ?", (sid,)).fetchone()
        if row is None:
            raise StorageError(f"no session '{sid}' in {self.path} (see `referee sessions --all`)")
        return self._session_row(row)

    def _session_row(self, row: tuple) -> dict:
        cols = [c.strip() for c in SESSION_COLUMNS.split(",")]
        out = dict(zip(cols, row, strict=True))
        out["seed_public"] = bool(out["seed_public"])
        out["unverified"] = bool(out["unverified"])
        out["summary_text"] = out["summary"]
        out["summary"] = json.loads(out["summary"])
        return out

    def current_session(self, game: str | None = None) -> str:
        """The session this store last acted on (of `game`, if given), finished or not: a
        command without `--session` never slides onto another game when one ends, so a
        finished game's final table, log and undo stay at hand until a new one starts."""
        sql = "SELECT id FROM sessions WHERE status <> 'deleted'"
        args: tuple = ()
        if game:
            sql += " AND game = ?"
            args = (game,)
        row = self.db.execute(sql + " ORDER BY used DESC, rowid DESC LIMIT 1", args).fetchone()
        if row is None:
            what = f"{game} session" if game else "session"
            hint = f"`referee {game} new ...`" if game else "`referee GAME new ...`"
            raise StorageError(f"no {what} in {self.path}; start one with {hint}")
        return row[0]

    def open_count(self) -> int:
        """How many sessions are open (not over, not deleted)."""
        return int(self.db.execute("SELECT count(*) FROM sessions WHERE status = 'open'").fetchone()[0])

    def sessions(self, game: str | None = None, include_over: bool = False,
                 deleted: bool = False) -> list[dict]:
        """Sessions most recently used first: open ones (finished too with `include_over`);
        with `deleted`, only the deleted ones awaiting `sessions purge`."""
        sql = f"SELECT {self._SELECT} FROM sessions WHERE " + (
            "status = 'deleted'" if deleted else "status <> 'deleted'")
        args: list = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if not include_over and not deleted:
            sql += " AND status = 'open'"
        return [self._session_row(r) for r in self.db.execute(sql + " ORDER BY used DESC, rowid DESC", args)]

    def session_list(self, game: str | None = None, include_over: bool = False,
                     deleted: bool = False) -> list[dict]:
        """The rows `referee sessions` lists. One that cannot be read is kept, with `damaged`
        saying why (a summary or a logged action that does not decode), so one damaged session
        never hides the others."""
        sql = ("SELECT CAST(id AS BLOB), CAST(game AS BLOB), CAST(name AS BLOB), CAST(status AS BLOB),"
               " CAST(summary AS BLOB), updated FROM sessions WHERE "
               + ("status = 'deleted'" if deleted else "status <> 'deleted'"))
        args: list = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if not include_over and not deleted:
            sql += " AND status <> 'over'"
        bad_logs: set[str] = set()
        try:
            for (sid,) in self.db.raw.execute(
                "SELECT DISTINCT CAST(session_id AS BLOB) FROM actions WHERE NOT json_valid(action)"
                " OR NOT json_valid(results) OR NOT json_valid(events)"
            ):
                bad_logs.add(bytes(sid).decode("utf-8", "replace"))
        except sqlite3.Error:  # an SQLite without json_valid: the summary check still runs
            pass
        out = []
        for row in self.db.execute(sql + " ORDER BY used DESC, rowid DESC", args).fetchall():
            damaged = []
            cells = []
            for cell in row[:5]:
                raw = bytes(cell or b"")
                try:
                    cells.append(raw.decode("utf-8"))
                except UnicodeDecodeError:
                    cells.append(raw.decode("utf-8", "replace"))
                    damaged.append("text that is not UTF-8")
            sid, game_name, name, status, summary_text = cells
            try:
                summary = json.loads(summary_text)
            except ValueError:
                summary = None
            if not isinstance(summary, dict):
                summary = {}
                damaged.append("its summary cannot be read")
            if sid in bad_logs:
                damaged.append("its log cannot be read")
            out.append({"id": sid, "game": game_name, "name": name, "status": "damaged" if damaged else status,
                        "summary": summary, "updated": row[5] if isinstance(row[5], (int, float)) else 0.0,
                        "damaged": "; ".join(damaged) or None})
        return out

    def touch(self, sid: str) -> None:
        self.db.execute("UPDATE sessions SET used = ? WHERE id = ?", (time.time(), sid))

    def save_summary(self, sid: str, summary: dict) -> None:
        now = time.time()
        self.db.execute(
            "UPDATE sessions SET summary = ?, status = ?, updated = ?, used = ? WHERE id = ?",
            (json.dumps(summary), "over" if summary.get("over") else "open", now, now, sid),
        )
        self._mark(sid)

    def finished(self, game: str | None = None, since: float | None = None) -> list[tuple[str, str, float, str]]:
        """(id, game, updated, summary JSON) of every finished session: what `stats` reads."""
        sql = "SELECT id, game, updated, summary FROM sessions WHERE status = 'over'"
        args: list = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if since is not None:
            sql += " AND updated >= ?"
            args.append(since)
        return self.db.execute(sql, args).fetchall()

    def rename(self, sid: str, name: str) -> None:
        self.db.execute("UPDATE sessions SET name = ? WHERE id = ?", (name, sid))
        self._mark(sid)

    def mark_deleted(self, sid: str, deleted: bool) -> None:
        """Delete a session recoverably (status 'deleted'), or restore it (open or over again)."""
        if deleted:
            self.db.execute("UPDATE sessions SET status = 'deleted' WHERE id = ?", (sid,))
        else:
            over = bool(self.session(sid)["summary"].get("over"))
            self.db.execute("UPDATE sessions SET status = ? WHERE id = ?", ("over" if over else "open", sid))
        self._mark(sid)

    def purgeable(self) -> list[str]:
        """The ids `purge` would remove."""
        return [r[0] for r in self.db.execute("SELECT id FROM sessions WHERE status = 'deleted' ORDER BY id")]

    def purge(self) -> list[str]:
        """Remove the deleted sessions and their logs for good; returns their ids."""
        ids = [r[0] for r in self.db.execute("SELECT id FROM sessions WHERE status = 'deleted' ORDER BY id")]
        self.db.execute("DELETE FROM actions WHERE session_id IN (SELECT id FROM sessions WHERE status = 'deleted')")
        self.db.execute("DELETE FROM sessions WHERE status = 'deleted'")
        return ids

    # -- actions ---------------------------------------------------------------------
    def insert_action(self, sid: str, idx: int, record: dict, status: str = "done") -> str:
        """Append one action row, chained to the row before it in storage order; returns its link."""
        from referee.record.integrity import canonical_json, link_text

        row = self.db.execute(
            "SELECT link FROM actions WHERE session_id = ? AND idx < ? ORDER BY idx DESC LIMIT 1", (sid, idx)
        ).fetchone()
        action_text = canonical_json(record["action"])
        results_text = canonical_json(record.get("results", []))
        new_link = link_text(row[0] if row else "", action_text, results_text, status)
        self.db.execute(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created, link)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, idx, action_text, results_text,
             json.dumps(record.get("events", [])), record["rules"], status, time.time(), new_link),
        )
        self._mark(sid)
        return new_link

    def actions(self, sid: str, statuses: tuple[str, ...] = ("done",)) -> list[dict]:
        marks = ",".join("?" * len(statuses))
        rows = self.db.execute(
            f"SELECT idx, action, results, events, rules_version, status, created, link, reason, changed FROM actions"
            f" WHERE session_id = ? AND status IN ({marks}) ORDER BY idx",
            (sid, *statuses),
        ).fetchall()
        try:
            return [
                {"idx": r[0], "action": json.loads(r[1]), "results": json.loads(r[2]), "events": json.loads(r[3]),
                 "rules": r[4], "status": r[5], "created": r[6], "link": r[7], "reason": r[8], "changed": r[9],
                 "action_text": r[1], "results_text": r[2], "events_text": r[3]}
                for r in rows
            ]
        except (TypeError, ValueError) as exc:
            raise StorageError(f"session '{sid}' is damaged: an action row is not valid JSON ({exc}); "
                               f"`referee verify {sid}` says more; export the other sessions or restore "
                               "the store from a backup") from None

    def set_secret(self, sid: str, seed: str, commitment: str) -> None:
        """A reopened finished game's seed text and commitment text (a new secret appended)."""
        self.db.execute("UPDATE sessions SET seed = ?, commitment = ? WHERE id = ?", (seed, commitment, sid))
        self._mark(sid)

    def next_idx(self, sid: str) -> int:
        row = self.db.execute("SELECT MAX(idx) FROM actions WHERE session_id = ?", (sid,)).fetchone()
        return (row[0] if row[0] is not None else -1) + 1

    def set_status(self, sid: str, idxs: list[int], status: str) -> None:
        """Change the status of some rows and re-chain from the first one (inside the caller's transaction)."""
        if not idxs:
            return
        self.db.executemany(
            "UPDATE actions SET status = ? WHERE session_id = ? AND idx = ?", [(status, sid, i) for i in idxs]
        )
        self.relink(sid, min(idxs))

    def drop_redo(self, sid: str) -> None:
        """A new action ends the redo stack: undone actions stay in history as 'dropped'."""
        undone = [r[0] for r in self.db.execute(
            "SELECT idx FROM actions WHERE session_id = ? AND status = 'undone'", (sid,))]
        self.set_status(sid, undone, "dropped")

    def rewrite_tail(self, sid: str, start: int, rows: list[dict]) -> None:
        """Replace the rows from `start` on by `rows`, numbered on from `start`, and re-chain them
        (a correction, inside the caller's transaction). Each row keeps its own status, results,
        events, time, reason and time of change."""
        from referee.record.integrity import canonical_json

        self.drop_actions(sid, start)
        self.db.executemany(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created, link,"
            " reason, changed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?)",
            [(sid, start + i, canonical_json(r["action"]), canonical_json(r.get("results", [])),
              json.dumps(r.get("events", [])), r["rules"], r.get("status", "done"), r.get("created") or time.time(),
              r.get("reason"), r.get("changed")) for i, r in enumerate(rows)],
        )
        self.relink(sid, start)

    def drop_actions(self, sid: str, start: int) -> None:
        """Remove the rows from `start` on (inside the caller's transaction)."""
        self.db.execute("DELETE FROM actions WHERE session_id = ? AND idx >= ?", (sid, start))

    def relink(self, sid: str, start: int = 0) -> None:
        """Recompute the chain links of the rows from `start` on (in Python, over the stored JSON)."""
        from referee.record.integrity import link_text

        row = self.db.execute(
            "SELECT link FROM actions WHERE session_id = ? AND idx < ? ORDER BY idx DESC LIMIT 1", (sid, start)
        ).fetchone()
        prev = row[0] if row else ""
        rows = self.db.execute(
            "SELECT idx, action, results, status, link FROM actions WHERE session_id = ? AND idx >= ? ORDER BY idx",
            (sid, start),
        ).fetchall()
        updates = []
        for idx, action, results, status, old in rows:
            prev = link_text(prev, action, results, status)
            if prev != old:
                updates.append((prev, sid, idx))
        self.db.executemany("UPDATE actions SET link = ? WHERE session_id = ? AND idx = ?", updates)
        self._mark(sid)

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

    # -- club play: copies of sessions and leagues (portable SQL: both stores run these) ------
    def columns(self, table: str) -> list[str]:
        """The column names of one of the store's tables."""
        return [r[1] for r in self.db.execute(f"PRAGMA table_info({table})")]

    def find_origin(self, origin: str) -> str | None:
        """The id of the session stored with this origin (see `referee.record.push`), if any."""
        row = self.db.execute("SELECT id FROM sessions WHERE origin = ?", (origin,)).fetchone()
        return row[0] if row else None

    def session_exists(self, sid: str) -> bool:
        return self.db.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)).fetchone() is not None

    def copy_session(self, sid: str, meta: dict, origin: str) -> None:
        """Store another store's session row under `sid` (inside the caller's transaction)."""
        self.db.execute(
            "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used,"
            " commitment, seed_public, origin, unverified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (sid, meta["game"], meta["name"], meta["seed"], meta["rules_version"], meta["status"],
             json.dumps(meta["summary"]), meta["created"], meta["updated"], meta["used"], meta["commitment"],
             1 if meta["seed_public"] else 0, origin, 1 if meta.get("unverified") else 0),
        )
        self._mark(sid)

    def copy_rows(self, sid: str, rows: list[dict]) -> None:
        """Store another store's action rows as they are: the same texts, so the same links."""
        self.db.executemany(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created, link,"
            " reason, changed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(sid, r["idx"], r["action_text"], r["results_text"], json.dumps(r["events"]), r["rules"], r["status"],
              r["created"], r["link"], r["reason"], r["changed"]) for r in rows],
        )
        self._mark(sid)

    def pushed_heads(self, origin: str) -> list[tuple[int, str, float]]:
        """(length, full link, time) of every head a push brought for the session of `origin`."""
        return [(int(r[0]), r[1], float(r[2])) for r in self.db.execute(
            "SELECT length, head, pushed FROM pushed_heads WHERE origin = ? ORDER BY length", (origin,))]

    def keep_head(self, origin: str, sid: str, length: int, head: str) -> None:
        """Remember a pushed head (inside the caller's transaction); the same one again is kept once."""
        if self.db.execute("SELECT 1 FROM pushed_heads WHERE origin = ? AND length = ?",
                           (origin, length)).fetchone() is None:
            self.db.execute("INSERT INTO pushed_heads (origin, session_id, length, head, pushed) VALUES (?, ?, ?, ?, ?)",
                            (origin, sid, length, head, time.time()))

    def league_new(self, name: str, game: str, points: dict) -> None:
        self.db.execute("INSERT INTO leagues (name, game, points, created) VALUES (?, ?, ?, ?)",
                        (name, game, json.dumps(points), time.time()))

    def league(self, name: str) -> dict | None:
        """A league: name, game, points (win, shared, loss) and its session ids; None when there is none."""
        row = self.db.execute("SELECT name, game, points FROM leagues WHERE name = ?", (name,)).fetchone()
        if row is None:
            return None
        ids = [r[0] for r in self.db.execute(
            "SELECT session_id FROM league_sessions WHERE league = ? ORDER BY session_id", (name,))]
        return {"name": row[0], "game": row[1], "points": json.loads(row[2]), "sessions": ids}

    def leagues(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT name FROM leagues ORDER BY name")]

    def league_add(self, name: str, sid: str) -> bool:
        """Put a session in a league; False when it was there already."""
        if self.db.execute("SELECT 1 FROM league_sessions WHERE league = ? AND session_id = ?",
                           (name, sid)).fetchone():
            return False
        self.db.execute("INSERT INTO league_sessions (league, session_id) VALUES (?, ?)", (name, sid))
        return True


# -- SQLite failures by name ------------------------------------------------------------------

def storage_error(exc: BaseException, path: Path, timeout: float = 10.0, doing: str = "use") -> StorageError:
    """Name an SQLite (or decoding) failure on the store at `path`, with what to do about it."""
    if isinstance(exc, StorageError):
        return exc
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text or (
            name.startswith(("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_PERM")) and _not_writable(path)):
        return StorageError(f"the store {path} is read-only: nothing was saved; check the permissions of the"
                            " file and its folder (and that the disk is mounted for writing), or use --db for"
                            " another store")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return StorageError(f"the store {path} is busy: another program holds its lock (waited {timeout:g} s);"
                            " nothing was changed; try again when it has finished, or close the program holding it")
    if name == "SQLITE_FULL" or "disk is full" in text:
        return StorageError(f"the disk holding the store {path} is full: nothing was saved; free some space"
                            " and try again")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or isinstance(exc, (ValueError, UnicodeError)) \
            or "decode" in text or "malformed" in text:
        return StorageError(f"the store {path} is damaged ({text}): restore it from a backup, or export the"
                            " sessions that still read and import them into a new store (--db)")
    if name.startswith("SQLITE_CANTOPEN"):
        return StorageError(f"cannot open the store {path}: check that its folder exists and can be read"
                            " and written, or use --db for another store")
    if name.startswith(("SQLITE_IOERR", "SQLITE_PERM", "SQLITE_AUTH")):
        return StorageError(f"the store {path} could not be read or written ({text}): check the disk and the"
                            " file's permissions, or use --db for another store")
    return StorageError(f"the store {path} failed while trying to {doing} it ({text}); nothing was saved")


def _not_writable(path: Path) -> bool:
    """The store or its folder (where SQLite keeps its -wal and -shm files) cannot be written:
    a read-only file, folder or mount (os.access also sees a read-only mount for root)."""
    try:
        return path.exists() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))
    except OSError:
        return False


class _Cursor:
    """An SQLite cursor whose every fetch names its failure (see storage_error)."""

    __slots__ = ("_cur", "_store")

    def __init__(self, cur: sqlite3.Cursor, store: Store) -> None:
        self._cur = cur
        self._store = store

    def fetchone(self) -> Any:
        try:
            return self._cur.fetchone()
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise self._store.error(exc, "read") from None

    def fetchall(self) -> list:
        try:
            return self._cur.fetchall()
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise self._store.error(exc, "read") from None

    def __iter__(self) -> Iterator:
        return iter(self.fetchall())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cur, name)


class _Guarded:
    """The store's connection: each statement's SQLite failure becomes a named StorageError."""

    __slots__ = ("_store", "raw")

    def __init__(self, conn: sqlite3.Connection, store: Store) -> None:
        self.raw = conn
        self._store = store

    def execute(self, sql: str, params: Any = ()) -> _Cursor:
        try:
            return _Cursor(self.raw.execute(sql, params), self._store)
        except (sqlite3.Error, UnicodeDecodeError) as exc:
            raise self._store.error(exc, "read" if sql.lstrip().upper().startswith(("SELECT", "PRAGMA")) else "write") from None

    def executemany(self, sql: str, seq: Any) -> _Cursor:
        try:
            return _Cursor(self.raw.executemany(sql, seq), self._store)
        except sqlite3.Error as exc:
            raise self._store.error(exc, "write") from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def _decoding(method: Any) -> Any:
    """A reading method whose row cannot be decoded (bad JSON, bad text) names the damage."""
    import functools

    @functools.wraps(method)
    def read(self: Store, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except (ValueError, UnicodeError, TypeError, KeyError) as exc:
            where = f"session '{args[0]}'" if args and isinstance(args[0], str) and method.__name__ in (
                "session", "actions") else "a row"
            raise StorageError(f"{where} in the store {self.path} is damaged (a row cannot be decoded: {exc});"
                               " restore it from a backup, or export the sessions that still read (`referee"
                               " sessions --all` marks the damaged ones)") from None

    return read


# Applied here rather than on each method so the decoding checks stay in one place.
for _name in ("session", "sessions", "actions", "library_get", "library_list"):
    setattr(Store, _name, _decoding(getattr(Store, _name)))
