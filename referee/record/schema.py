"""The store's schema, written once: the tables and their columns, and the DDL built from them for
SQLite (a file) and PostgreSQL (a club's server). The upgrade steps of both stores read their
tables and columns from here (`referee.record.store_upgrade`, `referee.record.store_pg`).

What differs between the two dialects is kept to a few marks in the column list:
- `{real}`: a time or number with a fraction (SQLite `REAL`, PostgreSQL `DOUBLE PRECISION`);
- columns of PG_ONLY: the club's server adds who wrote each row (`owner`, row-level security), a
  `rowid` (SQLite has one of its own) and the `meta` table (SQLite keeps its application id and
  version in the file's header);
- INDEXES: the server's own indexes.

To add a table: one entry in TABLES (and PG_ONLY / INDEXES if the server needs more), a new
SCHEMA_VERSION, and the step that brings an older store to it in each store's upgrade.
"""

from __future__ import annotations

SCHEMA_VERSION = 6  # 3: sessions.origin and the league tables (club play); 4: the seal and pushed heads;
# 5: each action row's digest (the seal sealed again from the last row alone); 6: each finished game's
# sealed result row and the aggregates kept from them (referee.record.results)
APPLICATION_ID = 0x52454645  # "REFE": SQLite's application id for a referee store
APPLICATION = "referee"  # the same on a server: the `meta` table's `application`
ALL_STATUSES = ("done", "undone", "dropped", "replaced", "struck")
SESSION_STATUSES = ("open", "over", "deleted")
# What a session read selects, in this order (`Store.session`, `PgStore.session`).
SESSION_COLUMNS = ("id, game, name, seed, rules_version, status, summary, created, updated, used, commitment, seed_public,"
                   " origin, head, length, digest, seal, unverified")

DIALECTS = ("sqlite", "postgresql")
_REAL = {"sqlite": "REAL", "postgresql": "DOUBLE PRECISION"}


def _in(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{v}'" for v in values)


# Each table: its columns and constraints, in order. The last item of a table may be its key.
TABLES: dict[str, tuple[str, ...]] = {
    "sessions": (
        "id TEXT PRIMARY KEY",
        "game TEXT NOT NULL",
        "name TEXT NOT NULL DEFAULT ''",
        "seed TEXT NOT NULL",
        "rules_version TEXT NOT NULL",
        f"status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ({_in(SESSION_STATUSES)}))",
        "summary TEXT NOT NULL DEFAULT '{{}}'",
        "created {real} NOT NULL",
        "updated {real} NOT NULL",
        "used {real} NOT NULL",
        "commitment TEXT NOT NULL DEFAULT ''",
        "seed_public INTEGER NOT NULL DEFAULT 1",
        "origin TEXT NOT NULL DEFAULT ''",
        # schema 4: the seal (see referee.record.chain)
        "head TEXT NOT NULL DEFAULT ''",
        "length INTEGER NOT NULL DEFAULT 0",
        "digest TEXT NOT NULL DEFAULT ''",
        "seal TEXT NOT NULL DEFAULT ''",
        "unverified INTEGER NOT NULL DEFAULT 0",
    ),
    "actions": (
        "session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE",
        "idx INTEGER NOT NULL",
        "action TEXT NOT NULL",
        "results TEXT NOT NULL DEFAULT '[]'",
        "events TEXT NOT NULL DEFAULT '[]'",
        "rules_version TEXT NOT NULL",
        f"status TEXT NOT NULL DEFAULT 'done'\n        CHECK (status IN ({_in(ALL_STATUSES)}))",
        "created {real} NOT NULL",
        "link TEXT NOT NULL DEFAULT ''",
        "reason TEXT",
        "changed {real}",
        # schema 5: the row's digest, chained as the link is, over its fields outside the link
        # (referee.record.chain.row_digest); the session row's `digest` is its last row's
        "digest TEXT NOT NULL DEFAULT ''",
        "PRIMARY KEY (session_id, idx)",
    ),
    "library": (
        "game TEXT NOT NULL",
        "kind TEXT NOT NULL",
        "name TEXT NOT NULL",
        "data TEXT NOT NULL",
        "PRIMARY KEY (game, kind, name{owner_key})",
    ),
    "leagues": (
        "name TEXT PRIMARY KEY",
        "game TEXT NOT NULL",
        "points TEXT NOT NULL",
        "created {real} NOT NULL",
        # its keyed seal over the name, game, points, creation and members (referee.record.portable);
        # an older store gains the column when a referee first opens it (referee.record.key_upgrade)
        "seal TEXT NOT NULL DEFAULT ''",
    ),
    "league_sessions": (
        "league TEXT NOT NULL REFERENCES leagues(name) ON DELETE CASCADE",
        "session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE",
        "PRIMARY KEY (league, session_id)",
    ),
    "pushed_heads": (
        "origin TEXT NOT NULL",
        "session_id TEXT NOT NULL",
        "length INTEGER NOT NULL",
        "head TEXT NOT NULL",
        "pushed {real} NOT NULL",
        "PRIMARY KEY (origin, length)",
    ),
    # the state after each log's head (referee.record.snapshot); a store made before it gains the
    # table on its first snapshot (a missing snapshot is only a replay)
    "snapshots": (
        "session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE",
        "head TEXT NOT NULL",
        "head_idx INTEGER NOT NULL",
        "format INTEGER NOT NULL",
        "rules_version TEXT NOT NULL",
        "ply INTEGER NOT NULL",
        "redo INTEGER NOT NULL",
        "last TEXT NOT NULL",
        "state TEXT NOT NULL",
        "digest TEXT NOT NULL",
    ),
    # a club's seating draws (referee.record.seatings): what went in, the committed secret and the
    # tables that came out; a store made before it gains the table on its first draw
    "seatings": (
        "id TEXT PRIMARY KEY",
        "league TEXT NOT NULL DEFAULT ''",
        "round INTEGER NOT NULL",
        "game TEXT NOT NULL",
        "created {real} NOT NULL",
        "commitment TEXT NOT NULL",
        "seed TEXT NOT NULL DEFAULT ''",
        "inputs TEXT NOT NULL",
        "tables TEXT NOT NULL DEFAULT ''",
        "digest TEXT NOT NULL DEFAULT ''",
    ),
    # schema 6 (referee.record.results): each finished game's sealed result, who played in it, the
    # aggregates kept as games end (stats, league standings, ratings) and each rated game's step
    "results": (
        "session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE",
        "game TEXT NOT NULL",
        "finished BIGINT NOT NULL",
        "head TEXT NOT NULL",
        "summary TEXT NOT NULL",
        "body TEXT NOT NULL",
        "seal TEXT NOT NULL",
    ),
    "result_players": (
        "player TEXT NOT NULL",
        "session_id TEXT NOT NULL REFERENCES results(session_id) ON DELETE CASCADE",
        "PRIMARY KEY (player, session_id)",
    ),
    "tallies": (
        "kind TEXT NOT NULL",
        "scope TEXT NOT NULL",
        "player TEXT NOT NULL",
        "data TEXT NOT NULL",
        "seal TEXT NOT NULL",
        "PRIMARY KEY (kind, scope, player)",
    ),
    "rating_steps": (
        "scope TEXT NOT NULL",
        "finished BIGINT NOT NULL",
        "session_id TEXT NOT NULL",
        "data TEXT NOT NULL",
        "seal TEXT NOT NULL",
        "PRIMARY KEY (scope, finished, session_id)",
    ),
}
RESULT_TABLES = ("results", "result_players", "tallies", "rating_steps")
RESULT_INDEXES = ("CREATE INDEX IF NOT EXISTS results_by_game ON results (game, finished)",
                  "CREATE INDEX IF NOT EXISTS results_by_time ON results (finished)",
                  "CREATE INDEX IF NOT EXISTS result_players_by_session ON result_players (session_id)",
                  "CREATE INDEX IF NOT EXISTS league_sessions_by_session ON league_sessions (session_id)",
                  "CREATE INDEX IF NOT EXISTS sessions_by_status ON sessions (status, game)",
                  # the session an action without --session acts on (`current_session`): the last used, found
                  # at once rather than by reading every session of a national league's store
                  "CREATE INDEX IF NOT EXISTS sessions_by_use ON sessions (game, used)",
                  "CREATE INDEX IF NOT EXISTS sessions_by_use_all ON sessions (used)")
OWNER = "owner TEXT NOT NULL DEFAULT session_user"
# The server's additions: its own tables (the schema's version; who changed a league, and when),
# then columns after the named one.
PG_TABLES: dict[str, tuple[str, ...]] = {
    "meta": ("key TEXT PRIMARY KEY", "value TEXT NOT NULL"),
    "league_log": ("league TEXT NOT NULL REFERENCES leagues(name) ON DELETE CASCADE", "at {real} NOT NULL",
                   "who TEXT NOT NULL DEFAULT session_user", "what TEXT NOT NULL"),
    # clubpg (issue 36): the id each write transaction's client chose, kept once (its key), so a
    # write whose COMMIT's answer was lost is found again on a new connection (store_pg's
    # `_recover`); added to an older store with the club's boundaries (store_pg.BOUNDARIES 2)
    "action_ids": ("id TEXT PRIMARY KEY", "session_id TEXT NOT NULL DEFAULT ''", "at {real} NOT NULL",
                   "owner TEXT NOT NULL DEFAULT session_user"),
}
# The seals' key on a club's server (referee.record.keys): HMAC-SHA256's two pads, one row, which
# only the tables' owner reads (every role seals through the function `referee_mac`); made with the
# club's boundaries (store_pg.BOUNDARIES 3), not with a new store's tables.
KEY_TABLE = ("id INTEGER PRIMARY KEY CHECK (id = 1)", "kid TEXT NOT NULL", "inner_pad BYTEA NOT NULL",
             "outer_pad BYTEA NOT NULL")


CHECKED_TABLE = ("session_id TEXT PRIMARY KEY", "seen TEXT NOT NULL")


def checked_table_ddl() -> str:
    """`CREATE TABLE IF NOT EXISTS referee_checked`: the result rows a club's server remembers it
    checked, with the versions it checked them at (`referee.record.results`, the owner's alone)."""
    return "CREATE TABLE IF NOT EXISTS referee_checked (" + ", ".join(CHECKED_TABLE) + ")"


def key_table_ddl() -> str:
    """`CREATE TABLE IF NOT EXISTS referee_key` (the server's seals' key)."""
    return "CREATE TABLE IF NOT EXISTS referee_key (" + ", ".join(KEY_TABLE) + ")"


PG_ONLY: dict[str, dict[str, str]] = {
    "sessions": {"id": "rowid BIGSERIAL UNIQUE", "origin": OWNER},
    "actions": {"changed": OWNER},
    "library": {"data": OWNER},
    "leagues": {"created": OWNER},
}
# The sessions sealed without the key, which an SQLite store looks for each time it opens
# (`store.KEYLESS`, the same terms, so SQLite answers from this index): none, nearly always, so
# the index is empty and the look costs a few microseconds, not a pass over every session.
KEYLESS_INDEX = ("CREATE INDEX IF NOT EXISTS sessions_keyless ON sessions (id) WHERE substr(seal, 1, 3) <> 'k1:'"
                 " AND seal NOT LIKE 'x:%'")
INDEXES: dict[str, tuple[str, ...]] = {
    "postgresql": ("CREATE UNIQUE INDEX sessions_origin_once ON sessions (origin) WHERE origin <> ''",
                   "CREATE INDEX sessions_game ON sessions (game, status)", *RESULT_INDEXES),
    "sqlite": (*RESULT_INDEXES, KEYLESS_INDEX),
}


def results_ddl(dialect: str) -> list[str]:
    """What schema 6 adds to an older store: the result tables and their indexes."""
    return [*(table_ddl(name, dialect, if_not_exists=True) for name in RESULT_TABLES), *RESULT_INDEXES,
            *((KEYLESS_INDEX,) if dialect == "sqlite" else ())]

# The columns schema 4 added to `sessions` (the seal), as an upgrade adds them.
SEAL_COLUMNS = TABLES["sessions"][-5:]
# The column schema 5 added to `actions` (each row's digest), as an upgrade adds it.
DIGEST_COLUMN = TABLES["actions"][-2]


def columns(table: str, dialect: str) -> list[str]:
    """The column definitions (and constraints) of one table in one dialect."""
    pg = dialect == "postgresql"
    out: list[str] = []
    for item in (PG_TABLES[table] if pg and table in PG_TABLES else TABLES[table]):
        out.append(item.format(real=_REAL[dialect], owner_key=", owner" if pg and table == "library" else ""))
        extra = PG_ONLY.get(table, {}).get(item.split()[0]) if pg else None
        if extra:
            out.append(extra)
    return out


def table_ddl(table: str, dialect: str, if_not_exists: bool = False, called: str | None = None) -> str:
    """`CREATE TABLE` for one table (under another name `called`, for an upgrade that rebuilds it)."""
    body = ",\n    ".join(columns(table, dialect))
    return f"CREATE TABLE {'IF NOT EXISTS ' if if_not_exists else ''}{called or table} (\n    {body}\n)"


def ddl(dialect: str) -> list[str]:
    """Every statement that creates a new, empty store's schema in `dialect`, in order."""
    if dialect not in DIALECTS:
        raise ValueError(f"no such dialect: {dialect}")
    names = [*TABLES, *(PG_TABLES if dialect == "postgresql" else ())]
    return [*(table_ddl(name, dialect) for name in names), *INDEXES[dialect]]


def column_ddl(table: str, name: str, dialect: str) -> str:
    """One column's definition, for `ALTER TABLE ... ADD COLUMN`."""
    found = [c for c in columns(table, dialect) if c.split()[0] == name]
    if not found:
        raise KeyError(f"{table} has no column {name}")
    return found[0]
