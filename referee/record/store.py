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
from typing import TYPE_CHECKING, Any, TypeVar

from referee.model.errors import StorageError
from referee.model.i18n import _, pgettext
from referee.record import paths
from referee.record.portable import COMMITS, PortableStore
from referee.record.schema import (  # noqa: F401  (the schema's names, read here by older callers)
    ALL_STATUSES,
    APPLICATION_ID,
    SCHEMA_VERSION,
    SESSION_COLUMNS,
    ddl,
)

if TYPE_CHECKING:
    from pathlib import Path

T = TypeVar("T")

SQLITE_MAGIC = b"SQLite format 3\x00"
# A session sealed without the key (before keyed seals, or by hand): what each open looks for first.
# answered from schema.KEYLESS_INDEX (its terms the same, so SQLite uses it)
KEYLESS = "SELECT 1 FROM sessions WHERE substr(seal, 1, 3) <> 'k1:' AND seal NOT LIKE 'x:%' LIMIT 1"
LEAGUES_KEYLESS = "SELECT 1 FROM leagues WHERE substr(seal, 1, 3) <> 'k1:' AND seal NOT LIKE 'x:%' LIMIT 1"


def default_path() -> Path:
    """The platform's user-data location, from platformdirs (imported only when needed):
    ~/.local/share/referee (XDG_DATA_HOME honoured), ~/Library/Application Support/referee,
    %LOCALAPPDATA%\\referee."""
    try:
        from platformdirs import user_data_path
    except ImportError:  # an install made before the dependency: say how to mend it
        raise StorageError(_("platformdirs is not installed, so the default store cannot be placed: reinstall "
                             "referee (pip install -e .) or give --db PATH")) from None
    return user_data_path("referee", appauthor=False) / "referee.db"


def default_location() -> str:
    """`str(default_path())`, without platformdirs (and the pathlib it loads: about 20 ms, more than
    the rest of an action) in the common case: Linux with `XDG_DATA_HOME` absolute, or unset and an
    absolute HOME, read as platformdirs reads them. Anything else asks platformdirs."""
    import posixpath
    import sys

    if sys.platform.startswith("linux"):
        xdg = os.environ.get("XDG_DATA_HOME", "")
        home = os.environ.get("HOME", "")
        if posixpath.isabs(xdg):
            return paths.clean(os.path.join(xdg, "referee", "referee.db"))
        if posixpath.isabs(home):
            return paths.clean(os.path.join(os.path.expanduser("~/.local/share"), "referee", "referee.db"))
    return str(default_path())


class Store(PortableStore):
    """An open session store in an SQLite file (implements `referee.record.protocol.RecordStore`)."""

    _SELECT = SESSION_COLUMNS  # what a session read selects (a club's server releases the seed by a function)

    def __init__(self, path: str | os.PathLike | None = None, timeout: float = 10.0,
                 readonly: bool = False) -> None:
        self.path = paths.clean(path) if path else default_location()  # as str(Path(...)) writes it
        self.timeout = timeout
        self.readonly = readonly
        try:
            self._check_file()
            if readonly:
                conn = self._connect_readonly(timeout)
            else:
                self._create_file()
                conn = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
            self.db: Any = _Guarded(conn, self)
            self.db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self._open_schema(timeout)
            self.db.execute("PRAGMA foreign_keys = ON")
            self._check_keyed()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            raise self.error(exc, "open") from None
        except OSError as exc:
            raise StorageError(_("cannot open the store {path}: {why}").format(path=self.path,
                                                                              why=exc.strerror or exc)) from None

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
        if paths.is_dir(self.path):
            raise StorageError(_("{path} is a folder, not a session store").format(path=self.path))
        if paths.exists(self.path) and os.stat(self.path).st_size > 0:
            try:
                with open(self.path, "rb") as fh:
                    head = fh.read(16)
            except OSError as exc:
                raise StorageError(_("cannot read {path}: {why}").format(path=self.path, why=exc.strerror)) from None
            if head != SQLITE_MAGIC:
                raise StorageError(_("{path} is not a referee store (not an SQLite file); left untouched").format(
                    path=self.path))

    def _create_file(self) -> None:
        """A new store is readable by its owner only: the file 0600 (SQLite gives its WAL and SHM
        files the same mode) and, when the referee makes it, its folder 0700."""
        if paths.exists(self.path):
            return
        folder = paths.parent(self.path)
        if not paths.exists(folder):
            paths.mkdir(paths.parent(folder), parents=True)
            paths.mkdir(folder, mode=0o700)
        try:
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:  # another terminal made it a moment ago
            pass

    def _connect_readonly(self, timeout: float) -> sqlite3.Connection:
        """Open for reading only (view commands). A missing or empty store reads as an empty
        one, held in memory: listing nothing creates no file."""
        if not paths.exists(self.path) or os.stat(self.path).st_size == 0:
            return sqlite3.connect(":memory:", isolation_level=None)
        uri = "file:" + paths.uri_quoted(os.path.realpath(self.path)) + "?mode=ro"
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
        what to do (exit 3, never "internal error": README.md, "Exit codes")."""
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
            raise StorageError(_("{path} is another program's SQLite database, not a referee store; left "
                                 "untouched").format(path=self.path))
        if version > SCHEMA_VERSION:
            raise StorageError(_("{path} was written by a newer referee (store schema {version}, this one reads "
                                 "{reads}); left untouched").format(path=self.path, version=version,
                                                                    reads=SCHEMA_VERSION))
        if version < SCHEMA_VERSION and self.readonly:
            # a view on a store an older referee wrote: upgraded once (after its backup copy) by a
            # writer, then read; a store that truly cannot be written says so there
            Store(self.path, timeout=self.timeout).close()
        elif version < SCHEMA_VERSION:
            self._upgrade()

    def _check_keyed(self) -> None:
        """Sessions sealed before seals were keyed (or without the key): checked the old way once and
        sealed with the key (`referee.record.key_upgrade`), by a writer; a view has a writer do it
        first (as for an older schema), or reads them as they are where the file cannot be written."""
        if self.db.execute(KEYLESS).fetchone() is None and "seal" in self.columns("leagues") and \
                self.db.execute(LEAGUES_KEYLESS).fetchone() is None:
            return
        if self.readonly:
            with suppress(StorageError):
                Store(self.path, timeout=self.timeout).close()
            return
        from referee.record.key_upgrade import upgrade

        upgrade(self)

    def _create(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        if self.db.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]:
            self.db.execute("COMMIT")  # another process created it while we waited for the lock
            self._check_schema()
            return
        try:
            for stmt in ddl("sqlite"):
                self.db.execute(stmt)
            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:  # SQLite ends it itself on some failures (a file-size limit)
                with suppress(sqlite3.Error):
                    self.db.raw.execute("ROLLBACK")
            raise
        if not self.readonly:
            from referee.record import keys

            keys.remember(self.path)

    def _upgrade(self) -> None:
        """Bring a version 1 store to this schema in place, in one transaction, after a backup copy
        (its module imported then: an older store's once, not every action's)."""
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
            raise StorageError(_("the store {path} was opened for reading only; nothing was written").format(
                path=self.path))
        self.db.execute("BEGIN IMMEDIATE")
        self._dirty, self._vouched, self._checked = set(), {}, set()
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
            self._dirty = self._vouched = self._checked = None

    _dirty: set[str] | None = None  # sessions the open write changed: sealed again at commit
    _vouched: dict[str, tuple] | None = None  # sessions checked before the open write's first change to them
    _checked: set[str] | None = None  # sessions checked in full by the open write (sealed with the checked mark)

    def mac(self, text: str) -> str | None:
        """`ID:HMAC` of `text` under this user's key (`referee.record.keys`): the seals' key."""
        from referee.record import keys

        return keys.mac(keys.local_key(), text)


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

    # (session id, number of rows, the last row's link, its idx, its digest) of every log in one pass:
    # SQLite takes bare columns from the row that gives MAX(); PostgreSQL has its own statement (store_pg).
    LOG_ENDS = "SELECT session_id, COUNT(*), link, MAX(idx), digest FROM actions GROUP BY session_id"

    def retrying(self, work: Callable[[], T]) -> T:
        """Run `work`, one write transaction of its own (a club's server runs it again when it
        rolls it back for a conflict; see PgStore)."""
        return work()

    # -- sessions ------------------------------------------------------------------

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
            said = (_("no {game} session in {path}; start one with `referee {game} new ...`") if game
                    else _("no session in {path}; start one with `referee GAME new ...`"))
            raise StorageError(said.format(game=game, path=self.path))
        return row[0]

    def session_list(self, game: str | None = None, include_over: bool = False,
                     deleted: bool = False) -> list[dict]:
        """The rows `referee sessions` lists. One that cannot be read is kept, with `damaged`
        saying why (a summary or a logged action that does not decode), so one damaged session
        never hides the others."""
        where, args = self._listed(game, include_over, deleted)
        sql = ("SELECT CAST(id AS BLOB), CAST(game AS BLOB), CAST(name AS BLOB), CAST(status AS BLOB),"
               " CAST(summary AS BLOB), updated FROM sessions WHERE " + where)
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

    # -- actions ---------------------------------------------------------------------

    # -- card libraries ----------------------------------------------------------------

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

    def columns(self, table: str) -> list[str]:
        """The column names of one of the store's tables."""
        return [r[1] for r in self.db.execute(f"PRAGMA table_info({table})")]

    def has_table(self, table: str) -> bool:
        return self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                               (table,)).fetchone() is not None


# -- SQLite failures by name ------------------------------------------------------------------

def storage_error(exc: BaseException, path: str, timeout: float = 10.0, doing: str = "use") -> StorageError:
    """Name an SQLite (or decoding) failure on the store at `path`, with what to do about it."""
    if isinstance(exc, StorageError):
        return exc
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text or (
            name.startswith(("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_PERM")) and _not_writable(path)):
        return StorageError(_("the store {path} is read-only: nothing was saved; check the permissions of the file "
                              "and its folder (and that the disk is mounted for writing), or use --db for another "
                              "store").format(path=path))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return StorageError(_("the store {path} is busy: another program holds its lock (waited {seconds} s); "
                              "nothing was changed; try again when it has finished, or close the program holding "
                              "it").format(path=path, seconds=f"{timeout:g}"))
    limit = _size_limit() if name.startswith(("SQLITE_IOERR", "SQLITE_FULL")) or "disk I/O error" in text \
        or "disk is full" in text or "no transaction is active" in text else None
    if limit is not None:
        return StorageError(_("the store {path} cannot grow: this process may not write files larger than {size} "
                              "bytes (a file-size limit, `ulimit -f`); nothing was saved; raise the limit (`ulimit -f "
                              "unlimited`) or use --db for another store").format(path=path, size=limit))
    if name == "SQLITE_FULL" or "disk is full" in text:
        return StorageError(_("the disk holding the store {path} is full: nothing was saved; free some space and "
                              "try again").format(path=path))
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or isinstance(exc, (ValueError, UnicodeError)) \
            or "decode" in text or "malformed" in text:
        return StorageError(_("the store {path} is damaged ({why}): restore it from a backup, or export the "
                              "sessions that still read and import them into a new store (--db)").format(
                                  path=path, why=text))
    if name.startswith("SQLITE_CANTOPEN"):
        return StorageError(_("cannot open the store {path}: check that its folder exists and can be read and "
                              "written, or use --db for another store").format(path=path))
    if name.startswith(("SQLITE_IOERR", "SQLITE_PERM", "SQLITE_AUTH")):
        return StorageError(_("the store {path} could not be read or written ({why}): check the disk and the "
                              "file's permissions, or use --db for another store").format(path=path, why=text))
    return StorageError(_("the store {path} failed while trying to {doing} it ({why}); nothing was saved").format(
        path=path, doing=pgettext("doing", doing), why=text))


def _size_limit() -> int | None:
    """The largest file this process may write (`ulimit -f`, RLIMIT_FSIZE) in bytes, None when
    there is no such limit (Python ignores SIGXFSZ: a write past it fails with EFBIG, which SQLite
    reports as an I/O error)."""
    try:
        import resource
    except ImportError:  # not on this system
        return None
    soft = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


def _not_writable(path: str) -> bool:
    """The store or its folder (where SQLite keeps its -wal and -shm files) cannot be written:
    a read-only file, folder or mount (os.access also sees a read-only mount for root)."""
    try:
        return paths.exists(path) and not (os.access(path, os.W_OK) and os.access(paths.parent(path), os.W_OK))
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
            where = _("session '{id}'").format(id=args[0]) if args and isinstance(args[0], str) and \
                method.__name__ in ("session", "actions") else _("a row")
            raise StorageError(_("{where} in the store {path} is damaged (a row cannot be decoded: {why}); restore "
                                 "it from a backup, or export the sessions that still read (`referee sessions "
                                 "--all` marks the damaged ones)").format(where=where, path=self.path,
                                                                          why=exc)) from None

    return read


# Applied here rather than on each method so the decoding checks stay in one place.
for _name in ("session", "sessions", "actions", "library_get", "library_list"):
    setattr(Store, _name, _decoding(getattr(Store, _name)))
