"""The seating draws' rows (table `seatings`, SQLite and PostgreSQL alike): one per draw, with
what went into it (players, table sizes, strengths, who met whom), the commitment of its secret,
the secret itself once drawn, the tables and a digest over all of it.

The table is made on the first draw in a store older than it (a store without it has no draws).
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from referee.record import schema

COLUMNS = ("id", "league", "round", "game", "created", "commitment", "seed", "inputs", "tables", "digest")
TABLE_SQL = schema.table_ddl("seatings", "sqlite", if_not_exists=True)


def digest(row: dict) -> str:
    """SHA-256 over every field but the digest, each length-prefixed."""
    h = hashlib.sha256()
    for key in COLUMNS[:-1]:
        data = str(row[key]).encode("utf-8", "surrogatepass")
        h.update(f"{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()


def ensure(store: Any) -> None:
    """Inside a write: make the table if this store is older than it."""
    if not store.has_table("seatings"):
        store.db.execute(TABLE_SQL)


def _row(values: tuple) -> dict:
    row = dict(zip(COLUMNS, values, strict=True))
    row["inputs"] = json.loads(row["inputs"]) if row["inputs"] else {}
    row["tables"] = json.loads(row["tables"]) if row["tables"] else []
    return row


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def rounds(store: Any, league: str) -> int:
    """How many draws the league holds (the next one is round this + 1)."""
    if not league or not store.has_table("seatings"):
        return 0
    return int(store.db.execute("SELECT COUNT(*) FROM seatings WHERE league = ?", (league,)).fetchone()[0])


def next_id(store: Any) -> str:
    numbers = [int(r[0].split("-")[1]) for r in store.db.execute("SELECT id FROM seatings")
               if r[0].startswith("seat-") and r[0][5:].isdigit()]
    return f"seat-{max(numbers, default=0) + 1}"


def begin(store: Any, league: str, round_no: int, game: str, commitment: str, inputs: dict) -> str:
    """Inside a write: store a draw's inputs and commitment before it is drawn; its id."""
    ensure(store)
    sid = next_id(store)
    store.db.execute("INSERT INTO seatings (id, league, round, game, created, commitment, inputs)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?)", (sid, league, round_no, game, time.time(), commitment,
                                                        _text(inputs)))
    return sid


def finish(store: Any, sid: str, seed: str, tables: list) -> dict:
    """Inside the same write: the secret revealed and the tables drawn, then the row's digest."""
    store.db.execute("UPDATE seatings SET seed = ?, tables = ? WHERE id = ?", (seed, _text(tables), sid))
    row = stored_row(store, sid)
    assert row is not None
    store.db.execute("UPDATE seatings SET digest = ? WHERE id = ?", (digest(row), sid))
    return read(store, sid) or {}


def stored_row(store: Any, sid: str) -> dict | None:
    """The row as stored (inputs and tables as their text)."""
    if not store.has_table("seatings"):
        return None
    found = store.db.execute(f"SELECT {', '.join(COLUMNS)} FROM seatings WHERE id = ?", (sid,)).fetchone()
    if found is None:
        return None
    row = dict(zip(COLUMNS, found, strict=True))
    if isinstance(row["created"], int):
        row["created"] = float(row["created"])
    return row


def read(store: Any, sid: str) -> dict | None:
    row = stored_row(store, sid)
    if row is None:
        return None
    out = _row(tuple(row[c] for c in COLUMNS))
    out["created"] = row["created"]
    return out


def of_league(store: Any, league: str) -> list[dict]:
    """The league's draws, in the order they were made."""
    if not store.has_table("seatings"):
        return []
    rows = store.db.execute(f"SELECT {', '.join(COLUMNS)} FROM seatings WHERE league = ? ORDER BY round, created",
                            (league,)).fetchall()
    return [_row(tuple(r)) for r in rows]


def ids(store: Any) -> list[str]:
    if not store.has_table("seatings"):
        return []
    return [r[0] for r in store.db.execute("SELECT id FROM seatings ORDER BY created")]
