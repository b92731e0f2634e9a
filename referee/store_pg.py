"""The session store on a PostgreSQL server (a club's), through psycopg 3.

The same interface as the SQLite store (`referee.store.Store`, whose portable methods this
class inherits: their SQL is written with `?` marks, turned into psycopg's `%s` here). What
differs is kept here: connecting, the schema and its version (a `meta` table), transactions,
the row lock per session, and naming the server's errors.

Concurrency: every write transaction locks the row of the session it touches first
(`SELECT ... FOR UPDATE`), so two terminals on one session take turns and nothing is lost,
while tables writing different sessions never wait for each other. New session ids are
numbered under a transaction-scoped advisory lock per game.

Credentials come from the URL, the PG* environment variables or ~/.pgpass (libpq reads them);
a URL is only ever shown with its password replaced by `***`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from referee.errors import StorageError
from referee.store import SCHEMA_VERSION, Store
from referee.store_upgrade import SEAL_COLUMNS

APPLICATION = "referee"
TABLES_GROUP = "referee_tables"  # the group role every table's role belongs to (club init)

PG_SCHEMA = """
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    rowid BIGSERIAL UNIQUE,
    game TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    seed TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'over', 'deleted')),
    summary TEXT NOT NULL DEFAULT '{}',
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    used DOUBLE PRECISION NOT NULL,
    commitment TEXT NOT NULL DEFAULT '',
    seed_public INTEGER NOT NULL DEFAULT 1,
    origin TEXT NOT NULL DEFAULT '',
    owner TEXT NOT NULL DEFAULT current_user,
    head TEXT NOT NULL DEFAULT '',
    length INTEGER NOT NULL DEFAULT 0,
    digest TEXT NOT NULL DEFAULT '',
    seal TEXT NOT NULL DEFAULT '',
    unverified INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_origin ON sessions (origin);
CREATE INDEX sessions_game ON sessions (game, status);
CREATE TABLE actions (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    results TEXT NOT NULL DEFAULT '[]',
    events TEXT NOT NULL DEFAULT '[]',
    rules_version TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'done'
        CHECK (status IN ('done', 'undone', 'dropped', 'replaced', 'struck')),
    created DOUBLE PRECISION NOT NULL,
    link TEXT NOT NULL DEFAULT '',
    reason TEXT,
    changed DOUBLE PRECISION,
    owner TEXT NOT NULL DEFAULT current_user,
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
    created DOUBLE PRECISION NOT NULL,
    owner TEXT NOT NULL DEFAULT current_user
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
    pushed DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (origin, length)
)
"""
# Schema version -> the statements that bring a store at that version to the next one.
# Version 3 is the first schema on PostgreSQL; later versions add their steps here.
PG_MIGRATIONS: dict[int, list[str]] = {
    3: [*(f"ALTER TABLE sessions ADD COLUMN {col}" for col in SEAL_COLUMNS),
        PG_SCHEMA.split("CREATE TABLE pushed_heads", 1)[1].join(["CREATE TABLE pushed_heads", ""])],
}


def redact(url: str) -> str:
    """A connection string as it may be shown: every secret libpq would read from it is `***`.

    The forms libpq accepts: a password in the URL's address (`user:pw@`); a query parameter
    whose name, once percent-decoded, is `password` or `sslpassword` (`pass%77ord=...`); the
    `options` parameter when it carries one (`-c password=...`: shown as `***` whole); and
    keyword/value strings (`host=db password=pw` or `password='p w'`)."""
    text = str(url)
    if "://" in text.split("?", 1)[0]:
        text = re.sub(r"^([a-z][a-z0-9+.-]*://[^/@?#]*?):[^@/?#]*@", r"\1:***@", text, flags=re.IGNORECASE)

        def query(m: re.Match) -> str:
            key = unquote(m.group(2)).strip().lower()
            return f"{m.group(1)}{m.group(2)}=***" if _secret(key, unquote(m.group(3))) else m.group(0)

        head, sep, rest = text.partition("?")
        return head + sep + re.sub(r"(^|[&;])([^=&;#]*)=([^&;#]*)", query, rest) if sep else text
    return _KEYWORD.sub(lambda m: f"{m.group(1)}={'***' if _secret(m.group(1), m.group(2)) else m.group(2)}",
                        text)


SECRET_KEYS = ("password", "sslpassword")


def _secret(key: str, value: str) -> bool:
    """Whether a connection parameter's value is secret: a password, or options that set one."""
    key = key.strip().lower()
    return key in SECRET_KEYS or (key == "options" and "password" in value.lower())
_KEYWORD = re.compile(r"([A-Za-z_]+)\s*=\s*('(?:[^'\\]|\\.)*'|[^\s']*)")


def is_conninfo(target: str) -> bool:
    """A libpq keyword/value connection string (`host=... dbname=...`), not a file name."""
    pairs = _KEYWORD.findall(target)
    rest = _KEYWORD.sub("", target).strip()
    return bool(pairs) and not rest and any(k.lower() in ("host", "hostaddr", "dbname", "service", "user", "port")
                                            for k, _ in pairs)


def _placeholders(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


class PgStore(Store):
    """An open session store on a PostgreSQL server."""

    backend = "postgresql"

    def __init__(self, url: str, timeout: float = 10.0, readonly: bool = False) -> None:
        try:
            import psycopg
        except ImportError:
            raise StorageError("a postgresql:// store needs psycopg 3: pip install 'referee[club]' (or "
                               "'psycopg[binary]')") from None

        self.url = url
        self.path = redact(url)  # type: ignore[assignment]  # what messages show: no password
        self.timeout = timeout
        self.readonly = readonly
        self._writing = False
        self._locked: list[str] = []
        self._secrets = [s for s in _secrets(url) if s]
        try:
            conn = psycopg.connect(url, autocommit=True, connect_timeout=max(2, int(timeout)))
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to the club server {self.path}: {self._clean(exc)}; check the"
                               " address, that the server runs, and the role and password (URL, PG* variables"
                               " or ~/.pgpass)") from None
        except ValueError as exc:  # a malformed URL
            raise StorageError(f"--db {self.path} is not a PostgreSQL URL psycopg can read ({self._clean(exc)})") \
                from None
        self.db: Any = _PgGuarded(conn, self)
        self.db.execute(f"SET lock_timeout = {int(timeout * 1000)}")
        self._check_schema()

    # -- opening ---------------------------------------------------------------------------
    def _check_schema(self) -> None:
        schema = self.db.execute("SELECT current_schema()").fetchone()[0]
        if schema is None:
            raise StorageError(f"the club server {self.path} has no schema to hold the store (search_path); "
                               "create one or set search_path")
        tables = self._tables()
        if not tables:
            self._create()
            return
        if "meta" not in tables or "sessions" not in tables:
            raise StorageError(f"{self.path} holds another program's tables, not a referee store; left untouched")
        meta = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != APPLICATION:
            raise StorageError(f"{self.path} holds another program's tables, not a referee store; left untouched")
        version = int(meta.get("schema_version", "0"))
        if version > SCHEMA_VERSION:
            raise StorageError(f"{self.path} was written by a newer referee (store schema {version}, this one "
                               f"reads {SCHEMA_VERSION}); left untouched")
        if version < SCHEMA_VERSION:
            self._migrate(version)

    def _tables(self) -> set[str]:
        return {r[0] for r in self.db.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}

    def _create(self) -> None:
        with self._transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext('referee:schema'))")
            if self._tables():  # another terminal made it meanwhile
                return
            for stmt in PG_SCHEMA.split(";"):
                if stmt.strip():
                    self.db.execute(stmt)
            self.db.execute("INSERT INTO meta (key, value) VALUES ('application', ?), ('schema_version', ?)",
                            (APPLICATION, str(SCHEMA_VERSION)))

    def _migrate(self, version: int) -> None:
        with self._transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext('referee:schema'))")
            version = int(self.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])
            while version < SCHEMA_VERSION:
                steps = PG_MIGRATIONS.get(version)
                if steps is None:
                    raise StorageError(f"{self.path} has store schema {version}, which this referee cannot "
                                       "upgrade; left untouched")
                for stmt in steps:
                    self.db.execute(stmt)
                version += 1
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
            if "seal" in self.columns("sessions"):  # every session sealed as it stands (schema 4)
                for (sid,) in self.db.execute("SELECT id FROM sessions WHERE seal = ''").fetchall():
                    self.reseal(sid)

    def close(self) -> None:
        self.db.raw.close()

    LOG_ENDS = ("SELECT DISTINCT ON (session_id) session_id, COUNT(*) OVER (PARTITION BY session_id), link, idx"
                " FROM actions ORDER BY session_id, idx DESC")

    def storage_check(self, quick: bool = False) -> list[str]:
        """The server checks its own pages (checksums, WAL): nothing to run from here."""
        return []

    def columns(self, table: str) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = ? ORDER BY ordinal_position", (table,))]

    # -- transactions and the row lock per session -------------------------------------------
    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self.db.execute("BEGIN")
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                with suppress(Exception):  # the connection is gone: the server rolled back
                    self.db.raw.execute("ROLLBACK")
            raise

    @contextmanager
    def write(self) -> Iterator[None]:
        """One write transaction; the sessions it touches are locked as it reaches them."""
        if self.readonly:
            raise StorageError(f"the store {self.path} was opened for reading only; nothing was written")
        self._writing, self._locked = True, []
        self._dirty = set()
        try:
            with self._transaction():
                yield
                self._reseal_dirty()
            from referee.store import COMMITS

            COMMITS[0] += 1
        finally:
            self._writing = False
            self._dirty = None

    def lock(self, sid: str) -> None:
        """Inside a write: wait for, and hold until commit, the row of session `sid`."""
        if self._writing and sid not in self._locked:
            self._locked.append(sid)
            self.db.execute("SELECT 1 FROM sessions WHERE id = ? FOR UPDATE", (sid,))

    def new_session_id(self, game: str) -> str:
        if self._writing:  # two tables starting a game at once get different numbers
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext(?))", (f"referee:new:{game}",))
        sid = super().new_session_id(game)
        if self._writing:
            self._locked.append(sid)
        return sid

    # -- errors ------------------------------------------------------------------------------
    def _clean(self, exc: BaseException) -> str:
        text = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def error(self, exc: BaseException, doing: str = "use") -> StorageError:
        """A server failure as a StorageError that says what happened (exit 3), without secrets."""
        if isinstance(exc, StorageError):
            return exc
        import psycopg.errors as pe

        text = self._clean(exc)
        if isinstance(exc, pe.InsufficientPrivilege):
            if "league" in text:
                return StorageError("the club server refused: this role may not "
                                    + ("read the leagues" if doing == "read" else "manage the leagues")
                                    + f" ({text})")
            if self._writing and self._locked:
                return StorageError(f"the club server refused: this table may not change session {self._locked[-1]}"
                                    f" ({text}); nothing was saved")
            return StorageError(f"the club server refused: this role may not {doing} that ({text})")
        if isinstance(exc, (pe.LockNotAvailable, pe.QueryCanceled, pe.DeadlockDetected)):
            what = f"session {self._locked[-1]}" if self._locked else "the store"
            return StorageError(f"the store {self.path} is busy: another terminal is writing {what} (waited "
                                f"{self.timeout:g} s); nothing was changed; try again when it has finished")
        if isinstance(exc, pe.OperationalError):
            return StorageError(f"lost the connection to the club server {self.path} ({text}); nothing more was "
                                "saved; check the network and try again")
        return StorageError(f"the store {self.path} failed while trying to {doing} it ({text}); nothing was saved")

    # -- what SQLite says its own way ----------------------------------------------------------
    def session_list(self, game: str | None = None, include_over: bool = False,
                     deleted: bool = False) -> list[dict]:
        sql = "SELECT id, game, name, status, summary, updated FROM sessions WHERE " + (
            "status = 'deleted'" if deleted else "status <> 'deleted'")
        args: list = []
        if game:
            sql += " AND game = ?"
            args.append(game)
        if not include_over and not deleted:
            sql += " AND status <> 'over'"
        out = []
        for sid, game_name, name, status, summary_text, updated in self.db.execute(
                sql + " ORDER BY used DESC, rowid DESC", args).fetchall():
            try:
                summary = json.loads(summary_text)
            except ValueError:
                summary = None
            damaged = None if isinstance(summary, dict) else "its summary cannot be read"
            out.append({"id": sid, "game": game_name, "name": name, "status": "damaged" if damaged else status,
                        "summary": summary if isinstance(summary, dict) else {}, "updated": updated,
                        "damaged": damaged})
        return out

    def library_put_many(self, game: str, kind: str, cards: dict[str, dict]) -> None:
        with self.write():
            self.db.executemany("DELETE FROM library WHERE game = ? AND kind = ? AND lower(name) = lower(?)",
                                [(game, kind, name) for name in cards])
            self.db.executemany(
                "INSERT INTO library (game, kind, name, data) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game, kind, name) DO UPDATE SET data = excluded.data",
                [(game, kind, name, json.dumps(data)) for name, data in cards.items()])

    def library_delete(self, game: str, kind: str, name: str) -> str | None:
        with self.write():
            row = self.db.execute("SELECT name FROM library WHERE game = ? AND kind = ? AND lower(name) = lower(?)",
                                  (game, kind, name)).fetchone()
            if row is not None:
                self.db.execute("DELETE FROM library WHERE game = ? AND kind = ? AND name = ?", (game, kind, row[0]))
        return row[0] if row else None

    def library_get(self, game: str, kind: str, name: str) -> dict | None:
        row = self.db.execute("SELECT data FROM library WHERE game = ? AND kind = ? AND lower(name) = lower(?)",
                              (game, kind, name)).fetchone()
        return json.loads(row[0]) if row else None

    def library_list(self, game: str, kind: str) -> dict[str, Any]:
        rows = self.db.execute('SELECT name, data FROM library WHERE game = ? AND kind = ? ORDER BY name COLLATE "C"',
                               (game, kind)).fetchall()
        return {r[0]: json.loads(r[1]) for r in rows}

    # -- the club's roles ------------------------------------------------------------------------
    def club_init(self, tables: list[str], organiser: str, hide_leagues: bool = False) -> dict:
        """Create (or bring up to date) the organiser's role and one role per table, with
        row-level security: a table adds and changes only its own sessions and their actions;
        the organiser reads and changes everything and manages the leagues. Idempotent."""
        from psycopg import sql as q

        for name in [*tables, organiser]:
            if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
                from referee.errors import InputError

                raise InputError(f"'{name}' cannot be a role name: use lower-case letters, digits and _")
        schema = self.db.execute("SELECT current_schema()").fetchone()[0]
        ident = q.Identifier
        created = []
        with self.write():
            existing = {r[0] for r in self.db.execute("SELECT rolname FROM pg_roles")}
            if TABLES_GROUP not in existing:
                self._sql(q.SQL("CREATE ROLE {} NOLOGIN").format(ident(TABLES_GROUP)))
            for name in [organiser, *tables]:
                if name not in existing:
                    self._sql(q.SQL("CREATE ROLE {} LOGIN").format(ident(name)))
                    created.append(name)
            for name in tables:
                self._sql(q.SQL("GRANT {} TO {}").format(ident(TABLES_GROUP), ident(name)))
            grp, org = ident(TABLES_GROUP), ident(organiser)
            for who in (grp, org):
                self._sql(q.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(ident(schema), who))
                self._sql(q.SQL("GRANT SELECT ON meta, sessions, actions, library TO {}").format(who))
                self._sql(q.SQL("GRANT USAGE ON ALL SEQUENCES IN SCHEMA {} TO {}").format(ident(schema), who))
            self._sql(q.SQL("GRANT INSERT, UPDATE, DELETE ON sessions, actions, library, leagues, league_sessions"
                            " TO {}").format(org))
            self._sql(q.SQL("GRANT SELECT ON leagues, league_sessions TO {}").format(org))
            self._sql(q.SQL("GRANT INSERT, DELETE ON sessions, actions TO {}").format(grp))
            self._sql(q.SQL("GRANT UPDATE (name, status, summary, updated, used, head, length, digest, seal)"
                            " ON sessions TO {}").format(grp))
            for who in (grp, org):  # the heads pushed: kept, never changed
                self._sql(q.SQL("GRANT SELECT, INSERT ON pushed_heads TO {}").format(who))
            self._sql(q.SQL("GRANT UPDATE (action, results, events, rules_version, status, link, reason, changed)"
                            " ON actions TO {}").format(grp))
            self._sql(q.SQL("GRANT INSERT, UPDATE, DELETE ON library TO {}").format(grp))
            if hide_leagues:
                self._sql(q.SQL("REVOKE ALL ON leagues, league_sessions FROM {}").format(grp))
            else:
                self._sql(q.SQL("GRANT SELECT ON leagues TO {}").format(grp))
                self._sql(q.SQL("GRANT SELECT, INSERT ON league_sessions TO {}").format(grp))
            own = "owner = current_user"
            own_session = "EXISTS (SELECT 1 FROM sessions s WHERE s.id = session_id AND s.owner = current_user)"
            policies = {
                "sessions": [("read", "SELECT", "PUBLIC", "true", None),
                             ("table_add", "INSERT", TABLES_GROUP, None, own),
                             ("table_change", "UPDATE", TABLES_GROUP, "true", own),
                             ("table_remove", "DELETE", TABLES_GROUP, own, None),
                             ("organiser", "ALL", organiser, "true", "true")],
                "actions": [("read", "SELECT", "PUBLIC", "true", None),
                            ("table_add", "INSERT", TABLES_GROUP, None, f"{own} AND {own_session}"),
                            ("table_change", "UPDATE", TABLES_GROUP, "true", own),
                            ("table_remove", "DELETE", TABLES_GROUP, own, None),
                            ("organiser", "ALL", organiser, "true", "true")],
                "league_sessions": [("read", "SELECT", "PUBLIC", "true", None),
                                    ("table_add", "INSERT", TABLES_GROUP, None, own_session),
                                    ("organiser", "ALL", organiser, "true", "true")],
            }
            for table, rules in policies.items():
                self._sql(q.SQL("ALTER TABLE {} ENABLE ROW LEVEL SECURITY").format(ident(table)))
                for name, command, role, using, check in rules:
                    self._sql(q.SQL("DROP POLICY IF EXISTS {} ON {}").format(ident(name), ident(table)))
                    text = q.SQL("CREATE POLICY {} ON {} FOR " + command + " TO {}").format(
                        ident(name), ident(table), q.SQL("PUBLIC") if role == "PUBLIC" else ident(role))
                    if using:
                        text = q.SQL("{} USING (" + using + ")").format(text)
                    if check:
                        text = q.SQL("{} WITH CHECK (" + check + ")").format(text)
                    self._sql(text)
        return {"organiser": organiser, "tables": tables, "group": TABLES_GROUP, "created": created,
                "leagues_hidden": hide_leagues}

    def _sql(self, statement: Any) -> None:
        try:
            self.db.raw.execute(statement)
        except Exception as exc:  # named below, never a traceback
            import psycopg

            if isinstance(exc, psycopg.Error):
                raise self.error(exc, "set up roles in") from None
            raise

    def current_role(self) -> str:
        return self.db.execute("SELECT current_user").fetchone()[0]


def _secrets(url: str) -> list[str]:
    """The secret values in a connection string (any form `redact` knows), to scrub from messages."""
    found: list[str] = []
    try:
        if "://" in url.split("?", 1)[0]:
            parts = urlsplit(url)
            found += [parts.password or "", unquote(parts.password or "")]
            found += [v for k, v in parse_qsl(parts.query) if _secret(k, v)]
            found += [v for k, v in re.findall(r"(?:^|[&;])([^=&;#]*)=([^&;#]*)", parts.query)
                      if _secret(unquote(k), unquote(v))]
        else:
            for k, v in _KEYWORD.findall(url):
                if _secret(k, v):
                    found += [v, v.strip("'").replace("\\'", "'").replace("\\\\", "\\")]
    except ValueError:
        return []
    found += [v.strip("'") for text in list(found) for v in re.findall(r"password\s*=\s*(\S+)", text, re.I)]
    return sorted({s for s in found if len(s) >= 3}, key=len, reverse=True)


class _PgCursor:
    __slots__ = ("_cur", "_store")

    def __init__(self, cur: Any, store: PgStore) -> None:
        self._cur = cur
        self._store = store

    def fetchone(self) -> Any:
        return self._cur.fetchone()

    def fetchall(self) -> list:
        return self._cur.fetchall()

    def __iter__(self) -> Iterator:
        return iter(self.fetchall())


class _PgGuarded:
    """The connection: `?` marks become `%s`; each failure becomes a named StorageError."""

    __slots__ = ("_store", "raw")

    def __init__(self, conn: Any, store: PgStore) -> None:
        self.raw = conn
        self._store = store

    @property
    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        return self.raw.info.transaction_status != TransactionStatus.IDLE

    def _run(self, call: Any, sql: str, params: Any) -> _PgCursor:
        import psycopg

        try:
            return _PgCursor(call(sql if params is None else _placeholders(sql), params), self._store)
        except psycopg.Error as exc:
            doing = "read" if sql.lstrip().upper().startswith("SELECT") else "write"
            raise self._store.error(exc, doing) from None

    def execute(self, sql: str, params: Any = ()) -> _PgCursor:
        return self._run(self.raw.execute, sql, tuple(params) if params else None)

    def executemany(self, sql: str, seq: Any) -> _PgCursor:
        seq = list(seq)
        if not seq:
            return _PgCursor(self.raw.cursor(), self._store)
        cur = self.raw.cursor()

        def many(text: str, _unused: Any) -> Any:
            cur.executemany(text, seq)
            return cur

        return self._run(many, sql, ())


def _locking(name: str) -> Any:
    """A store method whose first argument is a session id: inside a write, lock that session first."""
    method = getattr(Store, name, None)
    if method is None:  # a method of a later store (the list names them ahead)
        return None

    def locked(self: PgStore, sid: str, *args: Any, **kwargs: Any) -> Any:
        self.lock(sid)
        return method(self, sid, *args, **kwargs)

    locked.__name__ = name
    locked.__doc__ = method.__doc__
    return locked


# Every Store method that takes a session id first; `rewrite_tail` is the corrections' (issue 14).
for _name in ("session", "actions", "insert_action", "next_idx", "set_status", "drop_redo", "relink", "touch",
              "save_summary", "rename", "mark_deleted", "rewrite_tail", "set_secret"):
    if _locking(_name) is not None:
        setattr(PgStore, _name, _locking(_name))
