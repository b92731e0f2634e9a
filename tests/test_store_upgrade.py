"""Upgrading a schema-1 store (the one released before the chained log) in place, with a backup."""

from __future__ import annotations

import sqlite3

import pytest
from click.testing import CliRunner
from kleos_table import NEXT, check, glory, start

from referee.cli import cli
from referee.model.errors import StorageError
from referee.record import session
from referee.record.integrity import verify_session
from referee.record.store import APPLICATION_ID, SCHEMA_VERSION, Store

# The schema text of referee/record/store.py at schema version 1, as released.
SCHEMA_V1 = """
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
V1_SESSION = "id, game, name, seed, rules_version, status, summary, created, updated, used"
V1_ACTION = "session_id, idx, action, results, events, rules_version, status, created"


def _v1_store(tmp_path) -> tuple:
    """A schema-1 file holding a played session (undone and dropped rows too) and a library entry."""
    scratch = Store(tmp_path / "scratch.db")
    sid = start(scratch, isles=True)
    for _ in range(3):
        session.act(scratch, sid, NEXT)
    session.act(scratch, sid, check("ares:c", "attack"))
    session.undo(scratch, sid)
    session.act(scratch, sid, glory("ares", 2))
    session.act(scratch, sid, check("ares:c", "cunning", "sg"))
    session.undo(scratch, sid)
    expected = session.load(scratch, sid)
    sessions = scratch.db.execute(f"SELECT {V1_SESSION} FROM sessions").fetchall()
    actions = scratch.db.execute(f"SELECT {V1_ACTION} FROM actions").fetchall()
    scratch.close()
    path = tmp_path / "referee.db"
    con = sqlite3.connect(path)
    con.executescript(SCHEMA_V1)
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("PRAGMA user_version = 1")
    con.executemany(f"INSERT INTO sessions ({V1_SESSION}) VALUES ({','.join('?' * 10)})", sessions)
    con.executemany(f"INSERT INTO actions ({V1_ACTION}) VALUES ({','.join('?' * 8)})", actions)
    con.execute("INSERT INTO library VALUES ('kleos', 'minion', 'Hoplite', '{\"attack\": 2}')")
    con.commit()
    con.close()
    return path, sid, expected


def test_a_schema_1_store_is_upgraded_in_place_after_a_backup(tmp_path, capsys):
    path, sid, expected = _v1_store(tmp_path)
    store = Store(path)
    err = capsys.readouterr().err
    backup = tmp_path / "referee.db.v1-backup"
    assert "upgraded the store" in err and str(backup) in err
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    # the backup is the old store, readable as schema 1
    old = sqlite3.connect(backup)
    assert old.execute("PRAGMA user_version").fetchone()[0] == 1
    assert old.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 7
    old.close()
    # every row kept, chained, and the session rebuilds and verifies
    rows = store.actions(sid, ("done", "undone", "dropped"))
    assert [r["status"] for r in rows] == ["done"] * 4 + ["dropped", "done", "undone"]
    assert all(len(r["link"]) == 64 for r in rows)
    assert session.load(store, sid).summary == expected.summary
    assert verify_session(store, sid)["ok"]
    meta = store.session(sid)
    assert meta["seed_public"] is True and meta["commitment"].startswith("sha256:")
    assert store.library_get("kleos", "minion", "Hoplite") == {"attack": 2}
    # the new columns and statuses are there for later features
    store.db.execute("UPDATE actions SET status = 'struck', reason = 'never played', changed = 1.0 "
                     "WHERE session_id = ? AND idx = 5", (sid,))
    with pytest.raises((sqlite3.IntegrityError, StorageError)):
        store.db.execute("UPDATE actions SET status = 'lost' WHERE session_id = ? AND idx = 5", (sid,))
    with pytest.raises((sqlite3.IntegrityError, StorageError)):
        store.db.execute("UPDATE sessions SET status = 'gone' WHERE id = ?", (sid,))
    store.close()
    capsys.readouterr()
    Store(path).close()  # opening again upgrades nothing and says nothing
    assert capsys.readouterr().err == ""


def test_the_upgraded_store_takes_new_actions_and_undo(tmp_path):
    path, sid, _ = _v1_store(tmp_path)
    db = str(path)
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "redo", sid]).exit_code == 0
    assert runner.invoke(cli, ["--db", db, "kleos", "glory", "ares", "+1", "--reason", "x"]).exit_code == 0
    assert runner.invoke(cli, ["--db", db, "undo", sid]).exit_code == 0
    r = runner.invoke(cli, ["--db", db, "verify", sid])
    assert r.exit_code == 0, r.output


def test_a_deleted_session_is_not_listed(tmp_path):
    store = Store(tmp_path / "s.db")
    sid = start(store, isles=True)
    other = start(store, isles=True)
    store.db.execute("UPDATE sessions SET status = 'deleted' WHERE id = ?", (sid,))
    assert [s["id"] for s in store.sessions(include_over=True)] == [other]
    assert store.current_session("kleos") == other


def test_a_schema_1_store_that_cannot_be_written_is_refused_untouched(tmp_path, monkeypatch):
    path, _sid, _ = _v1_store(tmp_path)
    before = path.read_bytes()
    holder = sqlite3.connect(path, timeout=0)
    holder.execute("BEGIN IMMEDIATE")  # another program writing: the upgrade cannot start
    try:
        with pytest.raises(Exception) as err:
            Store(path, timeout=0.05)
        assert "needs an upgrade to schema 6" in str(err.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert path.read_bytes() == before
    assert not (tmp_path / "referee.db.v1-backup").exists()


def test_a_schema_2_store_gains_origin_and_leagues_after_a_backup(tmp_path, capsys):
    """Schema 2 -> 3 (club play): sessions.origin and the league tables are added; nothing else changes."""
    path = tmp_path / "referee.db"
    store = Store(path)
    sid = start(store, isles=True)
    session.act(store, sid, NEXT)  # Deployment done: a card's effect may be played
    session.act(store, sid, glory("ares", 2))
    links = [r["link"] for r in store.actions(sid)]
    store.close()
    con = sqlite3.connect(path)  # take it back to schema 2 as released
    con.execute("DROP TABLE league_sessions")
    con.execute("DROP TABLE leagues")
    con.execute("ALTER TABLE sessions DROP COLUMN origin")
    con.execute("ALTER TABLE actions DROP COLUMN digest")
    con.execute("PRAGMA user_version = 2")
    con.commit()
    con.close()
    capsys.readouterr()
    store = Store(path)
    assert "upgraded the store" in capsys.readouterr().err
    assert (tmp_path / "referee.db.v2-backup").exists()
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.session(sid)["origin"] == ""
    assert [r["link"] for r in store.actions(sid)] == links
    with store.write():
        store.league_new("Saturday", "kleos", {"win": 3, "shared": 1, "loss": 0})
        assert store.league_add("Saturday", sid)
    assert store.league("Saturday")["sessions"] == [sid]
    assert verify_session(store, sid)["ok"]
    store.close()


def test_a_schema_3_store_is_sealed_as_it_stands_after_a_backup(tmp_path, capsys):
    """Schema 3 -> 4 (issue 24): each session row gains its head, length, digest and seal, computed
    from what is stored; its events stay readable and its links unchanged; the pushed heads' table
    is added."""
    path = tmp_path / "referee.db"
    store = Store(path)
    sid = start(store, isles=True)
    session.act(store, sid, NEXT)  # Deployment done: a card's effect may be played
    session.act(store, sid, glory("ares", 2))
    rows = store.actions(sid)
    store.close()
    con = sqlite3.connect(path)  # take it back to schema 3 as released
    con.execute("DROP TABLE pushed_heads")
    con.execute("DROP INDEX sessions_keyless")  # made with schema 6, on the seal schema 4 added
    for column in ("head", "length", "digest", "seal", "unverified"):
        con.execute(f"ALTER TABLE sessions DROP COLUMN {column}")
    con.execute("ALTER TABLE actions DROP COLUMN digest")
    con.execute("PRAGMA user_version = 3")
    con.commit()
    con.close()
    capsys.readouterr()
    store = Store(path)
    assert "upgraded the store" in capsys.readouterr().err
    assert (tmp_path / "referee.db.v3-backup").exists()
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [(r["link"], r["events"]) for r in store.actions(sid)] == [(r["link"], r["events"]) for r in rows]
    assert store.seal_problem(sid, store.actions(sid, ("done", "undone", "dropped", "replaced", "struck"))) is None
    assert store.session(sid)["length"] == len(rows) and store.head(sid) == rows[-1]["link"]
    assert store.pushed_heads("anything") == []
    assert verify_session(store, sid)["ok"]
    store.close()
