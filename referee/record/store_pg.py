"""The session store on a PostgreSQL server (a club's), through psycopg 3.

It implements `referee.record.protocol.RecordStore`, as the SQLite store does; both inherit the
SQL they run the same way from `referee.record.portable.PortableStore` (written with `?` marks,
turned into psycopg's `%s` here); the tables are `referee.record.schema`'s. What differs
is kept here: connecting, the schema's version (a `meta` table) and its upgrades, transactions,
the row lock per session, the club's boundaries, and naming the server's errors.

Concurrency: every write transaction locks the row of the session it touches first
(`SELECT ... FOR UPDATE`), so two terminals on one session take turns and nothing is lost,
while tables writing different sessions never wait for each other. New session ids take the
next free number, a table's among its own ids (`kleos-table3-1`, which no other role may store,
so no other table's open transaction holds one); two terminals that pick the same one at once
are told apart by the primary key (the second retries with the next number), so no lock is
shared by every table. Each write stores an action id its client chose, so a COMMIT whose
answer was lost is looked for on a new connection before anything is said (`_commit`).

The club's boundaries (`club init`, docs/club.md) live in the server: row-level security on
every table holding a table's data, column privileges that keep the `seed` column from the
tables' roles (they read it through `referee_seed`, which releases it to the session's owner
and once the game is over), and a few SECURITY DEFINER functions (purge, dropping a log's
tail, writing the card library) so that the tables get no DELETE privilege, which would let
them lock whole tables.

Credentials come from the URL, the PG* environment variables or ~/.pgpass (libpq reads them);
a URL is only ever shown with its password replaced by `***`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, TypeVar
from urllib.parse import parse_qsl, unquote, urlsplit

from referee.model.errors import StorageError
from referee.model.i18n import _, pgettext
from referee.record import digest_upgrade, results
from referee.record.portable import COMMITS, PortableStore
from referee.record.schema import (
    APPLICATION,
    DIGEST_COLUMN,
    SCHEMA_VERSION,
    SEAL_COLUMNS,
    SESSION_COLUMNS,
    ddl,
    key_table_ddl,
    results_ddl,
    table_ddl,
)

T = TypeVar("T")
RETRIES = 5  # a transaction the server rolled back (serialization failure, deadlock) is run again, this often
COLLISION_TRIES = 20  # a new id or a pushed game meeting another terminal's at the same moment
TABLES_GROUP = "referee_tables"  # the group role every table's role belongs to (club init)
# URL -> (action id, session) of this process's write whose outcome is unknown (its COMMIT's
# answer lost, the server out of reach): the next write on that session sends that id again
UNSURE: dict[str, tuple[str, str]] = {}

# The club's boundaries, kept in the server (see the module's note). `{path}` pins each
# SECURITY DEFINER function to the store's own schema (meta key `boundaries`): version 2 adds
# the table of action ids (a lost COMMIT's answer, `PgStore._recover`), 3 the seals' key
# (`referee_key`, `referee_mac`).
BOUNDARIES = "4"  # 4: `referee_macs`, a whole array sealed in one call (referee.record.results)
# The version of what `club init` grants (meta key `club`): 2 puts `pushed_heads` and the action
# ids under row-level security, gives each table its own session ids (`kleos-table3-1`) and no
# say over `rowid`. A table's role opening a store granted by an older referee is refused until
# its owner runs `club init` again.
CLUB = "2"
TABLE_ROLES = ("SELECT m.rolname::text FROM pg_auth_members a JOIN pg_roles m ON m.oid = a.member"
               f" JOIN pg_roles g ON g.oid = a.roleid WHERE g.rolname = '{TABLES_GROUP}'")
# A card library row a role sees: its own, or the club's (written by a role that is not a table's).
CARD_VISIBLE = f"(owner = session_user OR owner NOT IN ({TABLE_ROLES}))"
BOUNDARY_SQL = [
    "ALTER TABLE sessions ALTER COLUMN owner SET DEFAULT session_user",
    "ALTER TABLE actions ALTER COLUMN owner SET DEFAULT session_user",
    "ALTER TABLE leagues ALTER COLUMN owner SET DEFAULT session_user",
    "DROP INDEX IF EXISTS sessions_origin",
    "CREATE UNIQUE INDEX IF NOT EXISTS sessions_origin_once ON sessions (origin) WHERE origin <> ''",
    table_ddl("league_log", "postgresql", if_not_exists=True),
    table_ddl("action_ids", "postgresql", if_not_exists=True),
    # the seed: to the session's owner, to a role that may read the column, and once the game is over
    """CREATE OR REPLACE FUNCTION referee_seed(sid text) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER {path}
       AS $$ SELECT s.seed FROM sessions s WHERE s.id = sid AND (s.owner = session_user OR s.status = 'over'
             OR has_column_privilege(session_user, 'sessions', 'seed', 'SELECT')) $$""",
    """CREATE OR REPLACE FUNCTION referee_leagues_of(sid text) RETURNS SETOF text LANGUAGE sql STABLE
       SECURITY DEFINER {path} AS $$ SELECT league FROM league_sessions WHERE session_id = sid ORDER BY league $$""",
    # a table purges its own deleted sessions, never one a league counts
    """CREATE OR REPLACE FUNCTION referee_purge() RETURNS SETOF text LANGUAGE sql SECURITY DEFINER {path}
       AS $$ DELETE FROM sessions s WHERE s.status = 'deleted' AND s.owner = session_user
             AND NOT EXISTS (SELECT 1 FROM league_sessions l WHERE l.session_id = s.id) RETURNING s.id $$""",
    """CREATE OR REPLACE FUNCTION referee_drop_actions(sid text, start integer) RETURNS void LANGUAGE plpgsql
       SECURITY DEFINER {path} AS $$
       BEGIN
         IF NOT EXISTS (SELECT 1 FROM sessions WHERE id = sid AND owner = session_user) THEN
           RAISE EXCEPTION 'this role may not change session %', sid USING ERRCODE = 'insufficient_privilege';
         END IF;
         DELETE FROM actions WHERE session_id = sid AND idx >= start;
       END $$""",
    "ALTER TABLE leagues ADD COLUMN IF NOT EXISTS seal TEXT NOT NULL DEFAULT ''",
    # the seals' key (referee.record.keys): HMAC-SHA256 pads only the tables' owner reads; every role
    # seals and checks through referee_mac, never reading the key
    key_table_ddl(),
    "REVOKE ALL ON referee_key FROM PUBLIC",
    """CREATE OR REPLACE FUNCTION referee_mac(t text) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER {path}
       AS $$ SELECT k.kid || ':' || encode(sha256(k.outer_pad || sha256(k.inner_pad || convert_to(t, 'UTF8'))),
             'hex') FROM referee_key k WHERE k.id = 1 $$""",
    *results.PG_FUNCTIONS,
    # the card library: each role writes only its own rows
    """CREATE OR REPLACE FUNCTION referee_card_put(g text, k text, n text, d text) RETURNS void LANGUAGE sql
       SECURITY DEFINER {path} AS $$
       DELETE FROM library WHERE game = g AND kind = k AND lower(name) = lower(n) AND owner = session_user;
       INSERT INTO library (game, kind, name, data, owner) VALUES (g, k, n, d, session_user) $$""",
    """CREATE OR REPLACE FUNCTION referee_card_delete(g text, k text, n text) RETURNS SETOF text LANGUAGE sql
       SECURITY DEFINER {path} AS $$
       DELETE FROM library WHERE game = g AND kind = k AND lower(name) = lower(n) AND owner = session_user
       RETURNING name $$""",
]

# Schema version -> the statements that bring a store at that version to the next one.
# Version 3 is the first schema on PostgreSQL; later versions add their steps here. After them,
# from below 5, every row's digest is computed and each session sealed again (`digest_upgrade`).
PG_MIGRATIONS: dict[int, list[str]] = {
    3: [*(f"ALTER TABLE sessions ADD COLUMN {col}" for col in SEAL_COLUMNS), table_ddl("pushed_heads", "postgresql")],
    4: [f"ALTER TABLE actions ADD COLUMN {DIGEST_COLUMN}"],
    5: results_ddl("postgresql"),  # the result rows (referee.record.results), filled after the steps
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


class PgStore(PortableStore):
    """An open session store on a PostgreSQL server (implements `referee.record.protocol.RecordStore`)."""

    backend = "postgresql"
    _dirty: set[str] | None = None  # sessions the open write changed: sealed again at commit
    _vouched: dict[str, tuple] | None = None  # sessions checked before the open write's first change to them
    _checked: set[str] | None = None  # sessions checked in full by the open write (the checked mark)
    _has_key: bool | None = None

    def mac(self, text: str) -> str | None:
        """`ID:HMAC` of `text` under the server's key (`referee_mac`: no role reads the key itself);
        None before the owner set the key up."""
        if self._has_key is None:
            self._has_key = bool(self.db.execute(
                "SELECT to_regprocedure('referee_mac(text)') IS NOT NULL").fetchone()[0])
        if not self._has_key:
            return None
        return self.db.execute("SELECT referee_mac(?)", (text,)).fetchone()[0]

    def __init__(self, url: str, timeout: float = 10.0, readonly: bool = False) -> None:
        try:
            import psycopg  # noqa: F401  (loaded here: a missing psycopg is named before anything else)
        except ImportError:
            raise StorageError(_("a postgresql:// store needs psycopg 3: pip install 'referee[club]' (or "
                                 "'psycopg[binary]')")) from None

        self.url = url
        self.path = redact(url)  # what messages show: no password
        self.timeout = timeout
        self.readonly = readonly
        self._writing = False
        self._locked: list[str] = []
        self._foreign: set[str] = set()
        self.last_error: BaseException | None = None
        self._secrets = [s for s in _secrets(url) if s]
        self.table: str | None = None  # this login role's name when it is a club table's (`club init`)
        self.action_id: str | None = None  # the open write's (see `write`); a test may set the next one
        self.db: Any = self._connect()
        self._check_schema()

    def _connect(self) -> _PgGuarded:
        import psycopg

        try:
            conn = psycopg.connect(self.url, autocommit=True, connect_timeout=max(2, int(self.timeout)))
        except psycopg.Error as exc:
            raise StorageError(_("cannot connect to the club server {path}: {why}; check the address, that the "
                                 "server runs, and the role and password (URL, PG* variables or ~/.pgpass)").format(
                                     path=self.path, why=self._clean(exc))) from None
        except ValueError as exc:  # a malformed URL
            raise StorageError(_("--db {path} is not a PostgreSQL URL psycopg can read ({why})").format(
                path=self.path, why=self._clean(exc))) from None
        db = _PgGuarded(conn, self)
        db.execute(f"SET lock_timeout = {int(self.timeout * 1000)}")
        # Short queries only: the server's JIT compiler, which a season's row count can switch on,
        # spends longer compiling (over a second on 100,000 result rows) than the query runs
        db.execute("SET jit = off")
        # The row locks keep terminals apart; a stricter level (the URL's options, the database's
        # default) would only roll back what they already order.
        db.execute("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED")
        return db

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
        # the meta rows, and (read in the same query) whether this login is a club table's role
        meta = dict(self.db.execute(
            f"SELECT key, value FROM meta UNION ALL SELECT ' table', session_user::text WHERE session_user IN"
            f" ({TABLE_ROLES})").fetchall())  # a member of the group itself (a superuser is not a table)
        self.table = meta.pop(" table", None)
        if meta.get("application") != APPLICATION:
            raise StorageError(f"{self.path} holds another program's tables, not a referee store; left untouched")
        version = int(meta.get("schema_version", "0"))
        if version > SCHEMA_VERSION:
            raise StorageError(f"{self.path} was written by a newer referee (store schema {version}, this one "
                               f"reads {SCHEMA_VERSION}); left untouched")
        if version < SCHEMA_VERSION:
            self._migrate(version)
        if meta.get("boundaries") != BOUNDARIES:
            self._install_boundaries()
        if self.table and meta.get("club", "1") != CLUB:
            raise StorageError(f"the store {self.path} was set up by an older referee: its owner must run "
                               "`referee club init` again before the tables can use it; nothing was changed")

    def _install_boundaries(self) -> None:
        """Bring the club's server-side boundaries (functions, defaults, the unique origin) up to
        date; only the tables' owner may, so another role is told to have it done."""
        owner = self.db.execute("SELECT pg_has_role(current_user, tableowner, 'USAGE') FROM pg_tables"
                                " WHERE schemaname = current_schema() AND tablename = 'sessions'").fetchone()
        if not owner or not owner[0]:
            raise StorageError(f"the store {self.path} was set up by an older referee: its owner must run "
                               "`referee club init` again before the tables can use it; nothing was changed")
        with self._transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext('referee:schema'))")
            self._boundaries()

    def _boundaries(self) -> None:
        from psycopg import sql as q

        schema = self.db.execute("SELECT current_schema()").fetchone()[0]
        path = q.SQL("SET search_path = {}, pg_temp").format(q.Identifier(schema)).as_string(self.db.raw)
        if "owner" not in self.columns("library"):
            for stmt in ("ALTER TABLE library ADD COLUMN owner TEXT NOT NULL DEFAULT session_user",
                         "ALTER TABLE library DROP CONSTRAINT library_pkey",
                         "ALTER TABLE library ADD PRIMARY KEY (game, kind, name, owner)"):
                self.db.raw.execute(stmt)
        try:
            for stmt in BOUNDARY_SQL:
                self.db.raw.execute(stmt.replace("{path}", path))
        except Exception as exc:
            import psycopg.errors as pe

            if isinstance(exc, pe.UniqueViolation):
                raise StorageError(f"the store {self.path} holds one game twice (two sessions with the same "
                                   "origin, pushed at once by an older referee): delete one of each pair "
                                   "(`SELECT origin, array_agg(id) FROM sessions WHERE origin <> '' GROUP BY "
                                   "origin HAVING count(*) > 1`) and open it again; nothing was changed") from None
            raise self.error(exc, "set up") from None
        self.db.execute("INSERT INTO meta (key, value) VALUES ('boundaries', ?) ON CONFLICT (key) DO UPDATE"
                        " SET value = excluded.value", (BOUNDARIES,))
        self._keyed()

    def _keyed(self) -> None:
        """The server's key, made once (by the tables' owner, inside its transaction), and every
        session sealed before it checked the old way and sealed with it (`key_upgrade`)."""
        import secrets

        from referee.record import key_upgrade, keys

        if self.db.execute("SELECT 1 FROM referee_key").fetchone() is None:
            key = secrets.token_bytes(32).ljust(64, b"\0")
            self.db.execute("INSERT INTO referee_key (id, kid, inner_pad, outer_pad) VALUES (1, ?, ?, ?)",
                            (keys.key_id(key[:32]), bytes(b ^ 0x36 for b in key), bytes(b ^ 0x5C for b in key)))
        self._has_key = None
        sealed, failing = key_upgrade.run(self)
        if sealed or failing:
            key_upgrade.note(self.path, sealed, failing)

    def _tables(self) -> set[str]:
        return {r[0] for r in self.db.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}

    def _create(self) -> None:
        with self._transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext('referee:schema'))")
            if self._tables():  # another terminal made it meanwhile
                return
            for stmt in ddl("postgresql"):
                self.db.execute(stmt)
            self.db.execute("INSERT INTO meta (key, value) VALUES ('application', ?), ('schema_version', ?)",
                            (APPLICATION, str(SCHEMA_VERSION)))
            self._boundaries()

    def _migrate(self, version: int) -> None:
        with self._transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(hashtext('referee:schema'))")
            version = int(self.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])
            start = version
            while version < SCHEMA_VERSION:
                steps = PG_MIGRATIONS.get(version)
                if steps is None:
                    raise StorageError(f"{self.path} has store schema {version}, which this referee cannot "
                                       "upgrade; left untouched")
                for stmt in steps:
                    self.db.execute(stmt)
                version += 1
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
            failing = digest_upgrade.upgrade(self, sealed=start >= 4) if start < 5 else []
            if start < 6 and self.mac("probe") is not None:  # else filled on first use, once the key is there
                from referee.record import results

                failing += [sid for sid, _problem in results.fill_all(self)]
        if failing:
            import sys

            print(f"referee: the store {self.path}: {digest_upgrade.failing_note(failing)}", file=sys.stderr)

    def close(self) -> None:
        self.db.raw.close()

    LOG_ENDS = ("SELECT DISTINCT ON (session_id) session_id, COUNT(*) OVER (PARTITION BY session_id), link, idx,"
                " digest FROM actions ORDER BY session_id, idx DESC")

    def storage_check(self, quick: bool = False) -> list[str]:
        """The server checks its own pages (checksums, WAL): nothing to run from here."""
        return []
    def lost(self) -> bool:
        """Whether the connection is gone (the server restarted, the network dropped). Idle for
        a while (a shell waiting for the next line), it is asked first."""
        import time

        import psycopg

        raw = self.db.raw
        if raw.closed or raw.broken:
            return True
        if time.monotonic() - self.db.used < 1.0 or self.db.in_transaction:
            return False
        try:
            raw.execute("SELECT 1")
        except psycopg.Error:
            return True
        return False

    def columns(self, table: str) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = ? ORDER BY ordinal_position", (table,))]

    def has_table(self, table: str) -> bool:
        return bool(self.db.execute("SELECT to_regclass(?) IS NOT NULL", (table,)).fetchone()[0])

    # -- transactions and the row lock per session -------------------------------------------
    @contextmanager
    def _transaction(self, tagged: bool = False) -> Iterator[None]:
        """BEGIN ... COMMIT. `tagged` (a write's): the action id is stored last, in the same
        transaction, so that a COMMIT whose answer is lost can be looked for (`_commit`)."""
        self.db.execute("BEGIN")
        try:
            yield
            if tagged:
                self._commit(self._tag())
            else:
                self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                with suppress(Exception):  # the connection is gone: the server rolled back
                    self.db.raw.execute("ROLLBACK")
            raise

    @contextmanager
    def write(self) -> Iterator[None]:
        """One write transaction; the sessions it touches are locked as it reaches them. It
        carries an action id chosen here (random; stored with it, once: see `_tag`)."""
        import secrets

        if self.readonly:
            raise StorageError(_("the store {path} was opened for reading only; nothing was written").format(
                path=self.path))
        self._writing, self._locked, self._foreign = True, [], set()
        self._dirty, self._vouched, self._checked = set(), {}, set()
        self.action_id = self.action_id or secrets.token_urlsafe(12)
        try:
            with self._transaction(tagged=True):
                yield
                self._reseal_dirty()
            COMMITS[0] += 1
        finally:
            self._writing = False
            self._dirty = self._vouched = self._checked = None
            self.action_id = None

    # -- the action id, and a COMMIT whose answer was lost -----------------------------------------
    def _tag(self) -> str:
        """Store the open write's action id (the table `action_ids`, its key); returns the
        transaction's id on the server. The same action id sent again (a write repeated after
        its COMMIT's answer was lost) meets the key: refused whole, never recorded twice.

        When an earlier write of this process to this server, on this session, ended with its
        outcome unknown (its answer lost and the server out of reach), the next one (typed
        again, most likely) carries that write's action id: if the earlier one was saved after
        all, this one is refused whole and nothing is recorded twice."""
        import time

        sid = self._tagged_session()
        again = UNSURE.get(self.url)
        resent = again is not None and again[1] == sid
        if resent:
            self.action_id = UNSURE.pop(self.url)[0]
        self.last_error = None
        try:
            return str(self.db.execute("INSERT INTO action_ids (id, session_id, at) VALUES (?, ?, ?)"
                                       " RETURNING pg_current_xact_id()::text",
                                       (self.action_id, sid, time.time())).fetchone()[0])
        except StorageError:
            if self.collided() and resent:
                raise StorageError(_("the change made before the connection to the club server {path} was lost was "
                                     "saved after all (its action id {id} is stored there): this one was not recorded, "
                                     "in case it is the same typed again; look with `referee log` and type it again "
                                     "only if it is not there").format(path=self.path, id=self.action_id)) from None
            if self.collided():
                raise StorageError(_("this change was saved already on the club server {path} (its action id {id} is "
                                     "stored there): it was not recorded a second time; `referee log` shows it").format(
                                         path=self.path, id=self.action_id)) from None
            raise

    def _tagged_session(self) -> str:
        return sorted(self._dirty or ())[0] if self._dirty else (self._locked[0] if self._locked else "")

    def _commit(self, xid: str) -> None:
        """COMMIT. When the connection drops before its answer comes, the server may have
        committed or not: a new connection looks for this write's action id (after making sure
        the old connection's transaction has ended) before anything is said."""
        import psycopg

        try:
            self.db.raw.execute("COMMIT")
        except psycopg.OperationalError as exc:
            if not self.db.raw.broken and not self.db.raw.closed:
                self.last_error = exc
                raise self.error(exc, "write") from None
            self._recover(xid, self._clean(exc))
        except psycopg.Error as exc:
            self.last_error = exc
            raise self.error(exc, "write") from None

    def _recover(self, xid: str, why: str) -> None:
        """The COMMIT's answer was lost: on a new connection, was it saved? Found: it was (said
        on stderr; the command goes on, on the new connection). Not found once the old
        transaction has ended: nothing was saved. The server unreachable: said so, and how to
        look before typing it again."""
        import sys

        with suppress(Exception):
            self.db.raw.close()
        try:
            self.db = self._connect()
        except StorageError:
            UNSURE[self.url] = (str(self.action_id), self._tagged_session())  # sent again with the next write
            raise StorageError(_("lost the connection to the club server {path} as this change was being committed "
                                 "({why}) and cannot reach it again to tell whether it was saved: look with `referee "
                                 "log` once it is back, before typing it again").format(path=self.path, why=why)) from None
        if self._stored(xid):
            print(_("(the connection to {path} was lost as this change was committed; on a new connection the server "
                    "shows it saved, once)").format(path=self.path), file=sys.stderr)
            return
        raise StorageError(_("lost the connection to the club server {path} as this change was being committed ({why}); "
                             "the server did not keep it (looked for on a new connection): nothing was saved; try "
                             "again").format(path=self.path, why=why))

    def _stored(self, xid: str) -> bool:
        """Whether the lost write's action id is stored. While the old connection's transaction
        is still open on the server (its process not yet told the client is gone), that process
        is ended first (a role may end its own), so the answer is final."""
        import time

        deadline = time.monotonic() + self.timeout
        while True:
            if self.db.execute("SELECT 1 FROM action_ids WHERE id = ?", (self.action_id,)).fetchone():
                return True
            status = self.db.execute("SELECT pg_xact_status(?::xid8)", (xid,)).fetchone()[0]
            if status != "in progress":
                return status == "committed" and bool(
                    self.db.execute("SELECT 1 FROM action_ids WHERE id = ?", (self.action_id,)).fetchone())
            if time.monotonic() > deadline:
                UNSURE[self.url] = (str(self.action_id), self._tagged_session())
                raise StorageError(_("lost the connection to the club server {path} as this change was being "
                                     "committed, and its transaction is still open there: whether it is saved cannot "
                                     "be told yet; look with `referee log` before typing it again").format(path=self.path))
            ended = self.db.execute("SELECT pg_terminate_backend(pid, 1000) FROM pg_stat_activity"
                                    " WHERE backend_xid = xid(?::xid8) AND pid <> pg_backend_pid()", (xid,)).fetchall()
            if not ended:  # not to be seen yet (or ending on its own): asked again in a moment
                time.sleep(0.05)

    def lock(self, sid: str) -> None:
        """Inside a write: wait for, and hold until commit, the row of session `sid`. A table's
        role cannot lock another table's row (row-level security hides it from FOR UPDATE):
        such a session is remembered, and any change to it is refused by name."""
        if self._writing and sid not in self._locked and sid not in self._foreign:
            self._locked.append(sid)  # named by a "busy" message while it waits
            if not self.db.execute("SELECT 1 FROM sessions WHERE id = ? FOR UPDATE", (sid,)).fetchone():
                self._locked.remove(sid)
                if self.db.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)).fetchone():
                    self._foreign.add(sid)

    def refuse_foreign(self, sid: str) -> None:
        if sid in self._foreign:
            raise StorageError(_("the club server refused: this table may not change session {sid} (it is another "
                                 "table's); nothing was saved").format(sid=sid))

    def new_session_id(self, game: str) -> str:
        """The next free number; a club table's own ids carry its role's name (`kleos-table3-1`),
        which only that role may store (`club init`'s rules), so no other table's open
        transaction ever holds the id a table's `new` takes."""
        sid = self._next_id(game, f"{game}-{self.table}-" if self.table else f"{game}-")
        if self._writing:
            self._locked.append(sid)
        return sid

    def pushed_id(self, sid: str, game: str) -> str:
        """A table pushes its `kleos-4` as its own `kleos-table3-4` (an id it may store)."""
        number = sid.rsplit("-", 1)[-1]
        if not self.table or sid.startswith(f"{game}-{self.table}-"):
            return sid
        return f"{game}-{self.table}-{number}" if number.isdigit() else self.new_session_id(game)

    def create_session(self, *args: Any, **kwargs: Any) -> str:
        """Number the session with the next free id; when another terminal takes that number at
        the same moment, the primary key tells, and this one takes the next (no shared lock)."""
        if not self.db.in_transaction:
            return PortableStore.create_session(self, *args, **kwargs)
        for attempt in range(COLLISION_TRIES):
            self.db.execute("SAVEPOINT new_session")
            self.last_error = None
            try:
                sid = PortableStore.create_session(self, *args, **kwargs)
            except StorageError:
                if attempt + 1 < COLLISION_TRIES and self.collided():
                    self.db.execute("ROLLBACK TO SAVEPOINT new_session")
                    continue
                raise
            self.db.execute("RELEASE SAVEPOINT new_session")
            return sid
        raise AssertionError("unreachable")

    def retrying(self, work: Callable[[], T]) -> T:
        """Run `work` (one write transaction of its own) again when the server rolled it back as
        a serialization failure or a deadlock: up to RETRIES times, waiting a little longer each
        time; then the failure is named as what it is."""
        import random
        import time

        for attempt in range(RETRIES):
            self.last_error = None  # a failure of an earlier transaction is no reason to retry this one
            try:
                return work()
            except StorageError as exc:
                if not self.retryable() or self._writing:
                    raise
                if attempt + 1 == RETRIES:
                    raise StorageError(f"{exc.message} (tried {RETRIES} times)") from None
                time.sleep(0.02 * 2 ** attempt * (1 + random.random()))
        raise AssertionError("unreachable")

    def collided(self) -> bool:
        """Whether the last failure was a duplicate key: an id or an origin another terminal
        stored at the same moment (the caller may try again; it will see that row)."""
        import psycopg.errors as pe

        return isinstance(self.last_error, pe.UniqueViolation)

    def retryable(self) -> bool:
        """Whether the last failure was a serialization failure or a deadlock: the server rolled
        the transaction back, and running it again is safe."""
        import psycopg.errors as pe

        return isinstance(self.last_error, (pe.SerializationFailure, pe.DeadlockDetected))


    # -- the club's boundaries, as the store's methods see them --------------------------------
    _SELECT = SESSION_COLUMNS.replace(", seed,", ", referee_seed(id) AS seed,")

    def _session_row(self, row: tuple) -> dict:
        out = PortableStore._session_row(self, tuple("" if v is None and i == 3 else v for i, v in enumerate(row)))
        if row[3] is None:  # another table's running game: its seed is withheld
            out.update(seed_withheld=True, seed_public=False)
        return out

    def current_session(self, game: str | None = None) -> str:
        """The session this role last acted on: a command without --session never reaches
        another table's game (nor the organiser's into a table's)."""
        sql = "SELECT id FROM sessions WHERE status <> 'deleted' AND owner = session_user"
        args: tuple = ()
        if game:
            sql += " AND game = ?"
            args = (game,)
        row = self.db.execute(sql + " ORDER BY used DESC, rowid DESC LIMIT 1", args).fetchone()
        if row is None:
            said = (_("no {game} session of this role ({role}) in {path}; start one with `referee {game} new ...`, "
                      "or name another with --session") if game else
                    _("no session of this role ({role}) in {path}; start one with `referee GAME new ...`, or name "
                      "another with --session"))
            raise StorageError(said.format(game=game, role=self.login(), path=self.path))
        return row[0]

    def login(self) -> str:
        return self.db.execute("SELECT session_user").fetchone()[0]

    def _privileged(self, table: str, what: str) -> bool:
        return bool(self.db.execute("SELECT has_table_privilege(?, ?)", (table, what)).fetchone()[0])

    def leagues_of(self, sid: str) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT * FROM referee_leagues_of(?)", (sid,))]

    def mark_deleted(self, sid: str, deleted: bool) -> None:
        """As on SQLite; a session a league counts may be deleted by the organiser only, and
        that is written in the league's log."""
        self.refuse_foreign(sid)
        leagues = self.leagues_of(sid) if deleted else []
        if leagues and not self._privileged("league_sessions", "DELETE"):
            raise StorageError(_("session {sid} counts in the league {leagues}: only the organiser may delete it; "
                                 "nothing was changed").format(sid=sid, leagues=", ".join(leagues)))
        for league in leagues:
            self._league_log(league, f"{sid} deleted")
        PortableStore.mark_deleted(self, sid, deleted)

    def _league_log(self, league: str, what: str) -> None:
        import time

        self.db.execute("INSERT INTO league_log (league, at, what) VALUES (?, ?, ?)", (league, time.time(), what))

    def purgeable(self) -> list[str]:
        if self._privileged("sessions", "DELETE"):
            return PortableStore.purgeable(self)
        return [r[0] for r in self.db.execute(
            "SELECT id FROM sessions s WHERE status = 'deleted' AND owner = session_user"
            " AND NOT EXISTS (SELECT 1 FROM referee_leagues_of(s.id)) ORDER BY id")]

    def purge(self) -> list[str]:
        """Remove this role's deleted sessions for good (the organiser's: every one, each a league
        counted written in its log); returns the ids actually removed."""
        if not self._privileged("sessions", "DELETE"):
            return sorted(r[0] for r in self.db.execute("SELECT * FROM referee_purge()"))
        touched = set()
        for sid, league in self.db.execute(
                "SELECT l.session_id, l.league FROM league_sessions l JOIN sessions s ON s.id = l.session_id"
                " WHERE s.status = 'deleted' ORDER BY 1, 2").fetchall():
            self._league_log(league, f"{sid} purged (removed from the league)")
            touched.add(league)
        intact = [name for name in sorted(touched) if self.league_problem(name) is None]
        self._withdraw([r[0] for r in self.db.execute("SELECT id FROM sessions WHERE status = 'deleted'")])
        gone = sorted(r[0] for r in self.db.execute("DELETE FROM sessions WHERE status = 'deleted' RETURNING id"))
        for name in intact:
            self.reseal_league(name)
        return gone

    def drop_actions(self, sid: str, start: int) -> None:
        self.refuse_foreign(sid)
        if self._privileged("actions", "DELETE"):
            PortableStore.drop_actions(self, sid, start)
        else:
            self.db.execute("SELECT referee_drop_actions(?, ?)", (sid, start))

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
                said = (_("the club server refused: this role may not read the leagues ({why})") if doing == "read"
                        else _("the club server refused: this role may not manage the leagues ({why})"))
                return StorageError(said.format(why=text))
            if self._writing and self._locked:
                return StorageError(_("the club server refused: this table may not change session {sid} ({why}); "
                                      "nothing was saved").format(sid=self._locked[-1], why=text))
            return StorageError(_("the club server refused: this role may not {doing} that ({why})").format(
                doing=pgettext("doing", doing), why=text))
        if isinstance(exc, (pe.SerializationFailure, pe.DeadlockDetected)):
            what = _("a deadlock") if isinstance(exc, pe.DeadlockDetected) else _("a serialization failure")
            return StorageError(_("the club server rolled back this change: {what} with another terminal's at the "
                                  "same moment ({why}); nothing was saved; try again").format(what=what, why=text))
        if isinstance(exc, (pe.LockNotAvailable, pe.QueryCanceled)):
            what = _("session {sid}").format(sid=self._locked[-1]) if self._locked else _("the store")
            return StorageError(_("the store {path} is busy: another terminal is writing {what} (waited {seconds} "
                                  "s); nothing was changed; try again when it has finished").format(
                                      path=self.path, what=what, seconds=f"{self.timeout:g}"))
        if isinstance(exc, pe.OperationalError):
            return StorageError(_("lost the connection to the club server {path} ({why}); nothing more was saved; "
                                  "check the network and try again").format(path=self.path, why=text))
        return StorageError(_("the store {path} failed while trying to {doing} it ({why}); nothing was saved").format(
            path=self.path, doing=pgettext("doing", doing), why=text))

    # -- what SQLite says its own way ----------------------------------------------------------
    def change_mark(self) -> tuple:
        """What changes whenever a session, a league or a draw is written, for a view that
        follows the store (`serve`'s watcher, the shell): a club's server has no SQLite
        `data_version`, so it counts the rows of those tables and sums their `xmin` (the
        transaction that wrote each row as it stands: any change to a row gives it a new one),
        a few numbers computed by the server (~70 ms over 100,000 sessions on a busy machine)
        rather than every row sent to be compared."""
        mark = "SELECT count(*), coalesce(sum(xmin::text::bigint), 0) FROM {}"
        row = tuple(self.db.execute(mark.format("sessions")).fetchone())
        try:
            more = tuple(v for table in ("leagues", "league_sessions", "seatings")
                         for v in self.db.execute(mark.format(table)).fetchone())
        except StorageError:  # the leagues hidden from this role (`club init --hide-leagues`)
            more = ()
        return (*row, *more)

    def session_list(self, game: str | None = None, include_over: bool = False,
                     deleted: bool = False) -> list[dict]:
        where, args = self._listed(game, include_over, deleted)
        sql = "SELECT id, game, name, status, summary, updated FROM sessions WHERE " + where
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

    # The card library: each role writes its own rows (through functions: no table holds a
    # write privilege on the library); a role reads its own and the club's (written by the
    # organiser or the store's owner), its own first.
    def library_put_many(self, game: str, kind: str, cards: dict[str, dict]) -> None:
        with self.write():
            self.db.executemany("SELECT referee_card_put(?, ?, ?, ?)",
                                [(game, kind, name, json.dumps(data)) for name, data in cards.items()])

    def library_delete(self, game: str, kind: str, name: str) -> str | None:
        with self.write():
            row = self.db.execute("SELECT * FROM referee_card_delete(?, ?, ?)", (game, kind, name)).fetchone()
        return row[0] if row else None

    def library_get(self, game: str, kind: str, name: str) -> dict | None:
        row = self.db.execute(f"SELECT data FROM library WHERE game = ? AND kind = ? AND lower(name) = lower(?)"
                              f" AND {CARD_VISIBLE} ORDER BY owner = session_user DESC LIMIT 1",
                              (game, kind, name)).fetchone()
        return json.loads(row[0]) if row else None

    def library_list(self, game: str, kind: str) -> dict[str, Any]:
        rows = self.db.execute(f"SELECT DISTINCT ON (lower(name)) name, data FROM library WHERE game = ? AND kind = ?"
                               f" AND {CARD_VISIBLE} ORDER BY lower(name), owner = session_user DESC",
                               (game, kind)).fetchall()
        return {r[0]: json.loads(r[1]) for r in sorted(rows, key=lambda r: r[0].encode())}

    # -- the club's roles ------------------------------------------------------------------------
    def club_init(self, tables: list[str], organiser: str, hide_leagues: bool = False) -> dict:
        """Create (or bring up to date) the organiser's role and one role per table, with
        row-level security: a table adds and changes only its own sessions and their actions;
        the organiser reads and changes everything and manages the leagues. Idempotent."""
        from psycopg import sql as q

        from referee.record import seatings, snapshot

        for name in [*tables, organiser]:
            if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
                from referee.model.errors import InputError

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
            self._boundaries()
            self.db.execute(snapshot.TABLE_SQL)  # the kept state after each log's head (made here for the roles)
            self.db.execute(seatings.TABLE_SQL)  # the seating draws (the organiser's; read by all)
            every = q.SQL("meta, sessions, actions, library, leagues, league_sessions, league_log, snapshots,"
                          " pushed_heads, action_ids, seatings, results, result_players, tallies, rating_steps")
            readable = q.SQL(", ").join(ident(c) for c in self.columns("sessions") if c != "seed")
            # every column but rowid: a rowid a table chose could be one the sequence gives another
            # table's `new` next, which would then wait on that table's open transaction
            insertable = q.SQL(", ").join(ident(c) for c in self.columns("sessions") if c != "rowid")
            for who in (grp, org):
                self._sql(q.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(ident(schema), who))
                self._sql(q.SQL("REVOKE ALL ON {} FROM {}").format(every, who))  # from an older set-up too
                self._sql(q.SQL("GRANT USAGE ON ALL SEQUENCES IN SCHEMA {} TO {}").format(ident(schema), who))
            # the organiser: everything (it manages the leagues and may mend any session)
            self._sql(q.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON {} TO {}").format(every, org))
            # the tables: no DELETE and no table-wide UPDATE anywhere (those would let a table lock a
            # whole table); the seed column is not theirs to read (referee_seed releases it)
            self._sql(q.SQL("GRANT SELECT ON meta, actions, library TO {}").format(grp))
            self._sql(q.SQL("GRANT SELECT ({}) ON sessions TO {}").format(readable, grp))
            self._sql(q.SQL("GRANT INSERT ({}) ON sessions TO {}").format(insertable, grp))
            self._sql(q.SQL("GRANT INSERT ON actions TO {}").format(grp))
            self._sql(q.SQL("GRANT SELECT, INSERT, UPDATE ON snapshots TO {}").format(grp))  # its own sessions'
            # a game's result rows (its own sessions'), and the aggregates every table's games add to
            self._sql(q.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON results, result_players, tallies, rating_steps"
                            " TO {}").format(grp))
            self._sql(q.SQL("GRANT UPDATE (name, status, summary, updated, used, head, length, digest, seal)"
                            " ON sessions TO {}").format(grp))
            for who in (grp, org):  # the heads pushed and the action ids: kept, never changed
                self._sql(q.SQL("GRANT SELECT, INSERT ON pushed_heads, action_ids TO {}").format(who))
            self._sql(q.SQL("GRANT UPDATE (action, results, events, rules_version, status, link, reason, changed)"
                            " ON actions TO {}").format(grp))
            if not hide_leagues:
                self._sql(q.SQL("GRANT SELECT ON leagues, league_log, seatings TO {}").format(grp))
                self._sql(q.SQL("GRANT SELECT, INSERT ON league_sessions TO {}").format(grp))
                self._sql(q.SQL("GRANT UPDATE (seal) ON leagues TO {}").format(grp))  # sealed again as it adds
            own = "owner = session_user"
            own_session = "EXISTS (SELECT 1 FROM sessions s WHERE s.id = session_id AND s.owner = session_user)"
            # a table's ids are its own (`kleos-table3-1`: new_session_id), so no other table holds one
            own_id = "starts_with(id, game || '-' || session_user || '-')"
            # a head is kept for a game of this table's only (its origin, its id)
            own_head = ("EXISTS (SELECT 1 FROM sessions s WHERE s.id = pushed_heads.session_id"
                        " AND s.origin = pushed_heads.origin AND s.owner = session_user)")
            not_counted = "(status <> 'deleted' OR NOT EXISTS (SELECT 1 FROM referee_leagues_of(id)))"
            Rule = tuple[str, str | None, str | None, str | None, str | None]
            # a game's result rows: read by all, written by the table whose session it is
            result_rules: list[Rule] = [("read", "SELECT", "PUBLIC", "true", None),
                                        ("table_own", "ALL", TABLES_GROUP, own_session, own_session),
                                        ("organiser", "ALL", organiser, "true", "true")]
            policies: dict[str, list[Rule]] = {
                "sessions": [("read", "SELECT", "PUBLIC", "true", None),
                             ("table_add", "INSERT", TABLES_GROUP, None, f"{own} AND {own_id}"),
                             ("table_change", "UPDATE", TABLES_GROUP, own, f"{own} AND {not_counted}"),
                             ("table_remove", None, None, None, None),
                             ("organiser", "ALL", organiser, "true", "true")],
                "actions": [("read", "SELECT", "PUBLIC", "true", None),
                            ("table_add", "INSERT", TABLES_GROUP, None, f"{own} AND {own_session}"),
                            ("table_change", "UPDATE", TABLES_GROUP, own, own),
                            ("table_remove", None, None, None, None),
                            ("organiser", "ALL", organiser, "true", "true")],
                "library": [("read", "SELECT", "PUBLIC", CARD_VISIBLE, None),
                            ("organiser", "ALL", organiser, "true", "true")],
                "snapshots": snapshot.pg_rules(TABLES_GROUP, organiser, own_session),
                "results": result_rules,
                "result_players": result_rules,
                "league_sessions": [("read", "SELECT", "PUBLIC", "true", None),
                                    ("table_add", "INSERT", TABLES_GROUP, None, own_session),
                                    ("organiser", "ALL", organiser, "true", "true")],
                "pushed_heads": [("read", "SELECT", "PUBLIC", "true", None),
                                 ("table_add", "INSERT", TABLES_GROUP, None, own_head),
                                 ("organiser", "ALL", organiser, "true", "true")],
                "action_ids": [("read", "SELECT", TABLES_GROUP, own, None),
                               ("table_add", "INSERT", TABLES_GROUP, None, own),
                               ("organiser", "ALL", organiser, "true", "true")],
            }
            for table, rules in policies.items():
                self._sql(q.SQL("ALTER TABLE {} ENABLE ROW LEVEL SECURITY").format(ident(table)))
                for name, command, role, using, check in rules:
                    self._sql(q.SQL("DROP POLICY IF EXISTS {} ON {}").format(ident(name), ident(table)))
                    if command is None:  # a policy of an older set-up, gone
                        continue
                    text = q.SQL("CREATE POLICY {} ON {} FOR " + command + " TO {}").format(
                        ident(name), ident(table), q.SQL("PUBLIC") if role == "PUBLIC" else ident(role or ""))
                    if using:
                        text = q.SQL("{} USING (" + using + ")").format(text)
                    if check:
                        text = q.SQL("{} WITH CHECK (" + check + ")").format(text)
                    self._sql(text)
            self.db.execute("INSERT INTO meta (key, value) VALUES ('club', ?) ON CONFLICT (key) DO UPDATE"
                            " SET value = excluded.value", (CLUB,))
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

    __slots__ = ("_store", "raw", "used")

    def __init__(self, conn: Any, store: PgStore) -> None:
        import time

        self.raw = conn
        self._store = store
        self.used = time.monotonic()

    @property
    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        return self.raw.info.transaction_status != TransactionStatus.IDLE

    def _run(self, call: Any, sql: str, params: Any) -> _PgCursor:
        import time

        import psycopg

        self.used = time.monotonic()
        try:
            return _PgCursor(call(sql if params is None else _placeholders(sql), params), self._store)
        except psycopg.Error as exc:
            self._store.last_error = exc
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
    """A store method whose first argument is a session id: inside a write, lock that session
    first; a method that changes it refuses another table's session by name."""
    method = getattr(PgStore, name, None)  # its own, or the one it inherits (PortableStore)
    if method is None:  # a method of a later store (the list names them ahead)
        return None
    reads = name in ("session", "actions", "next_idx")

    def locked(self: PgStore, sid: str, *args: Any, **kwargs: Any) -> Any:
        self.lock(sid)
        if not reads:
            self.refuse_foreign(sid)
        return method(self, sid, *args, **kwargs)

    locked.__name__ = name
    locked.__doc__ = method.__doc__
    return locked


# Every method that takes a session id first; `rewrite_tail` is the corrections' (issue 14).
for _name in ("session", "actions", "insert_action", "next_idx", "set_status", "drop_redo", "relink", "touch",
              "save_summary", "rename", "mark_deleted", "rewrite_tail", "set_secret"):
    _wrapped = _locking(_name)
    if _wrapped is not None:
        setattr(PgStore, _name, _wrapped)
