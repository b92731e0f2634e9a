"""Each action row's digest (schema 5, issue 26): the seal sealed again from the last row alone.

- the digest every row carries, and the session's (its last row's), equal the ones computed from
  scratch over the stored rows after any mix of actions, undo, redo, amend, strike and insert,
  on SQLite and on PostgreSQL;
- an action hashes the same number of rows at any length of the log;
- an edit of the head row's events, reason or time is refused on the next command (exit 3, named,
  nothing written); an edit of an older row's is named by every full check (`verify`, the replay,
  `log`, a correction), as an edited older link is, and never sealed over;
- a row removed in the middle of the log is still named by the listings, which count the rows;
- a schema-4 store (tests/data/schema4_store.sql, written by the referee of schema 4 itself;
  tests/schema4_fixture.py made it) is upgraded with every session green, and a session that
  failed its schema-4 check still fails after the upgrade, on both stores.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from corrections_support import correct_randomly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tamper import edit as _edit

from referee.cli import cli
from referee.model import registry
from referee.model.errors import StorageError
from referee.record import chain, corrections, portable, session
from referee.record.integrity import verify_session
from referee.record.schema import ALL_STATUSES, SCHEMA_VERSION
from referee.record.store import Store
from referee.record.stores import open_store
from referee.testing import Table, playout_choices

FIXTURE = Path(__file__).parent / "data" / "schema4_store.sql"
FIXTURE_SESSIONS = ("cerebria-1", "croa-1", "kleos-1")


def from_scratch(rows: list[dict]) -> list[str]:
    """Every row's digest as docs/integrity.md defines it, written out here on its own: SHA-256 over
    the previous row's digest and the compact, key-sorted JSON of [idx, events text, reason,
    changed, created, rules version], the times as floats."""
    out, prev = [], ""
    for r in rows:
        changed = None if r["changed"] is None else float(r["changed"])
        fields = [r["idx"], r["events_text"], r["reason"], changed, float(r["created"]), r["rules"]]
        text = prev + json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        prev = hashlib.sha256(text.encode("utf-8")).hexdigest()
        out.append(prev)
    return out


def assert_digests_from_scratch(store, sid: str) -> None:
    rows = store.actions(sid, ALL_STATUSES)
    expected = from_scratch(rows)
    assert [r["digest"] for r in rows] == expected
    assert store.session(sid)["digest"] == expected[-1]
    assert store.seal_problem(sid, rows) is None


# -- the digest is the one computed from scratch, whatever was done -------------------------------

@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(registry.names()), seed=st.integers(0, 2**31))
def test_the_digest_after_actions_undo_redo_and_corrections_equals_the_one_from_scratch(store_target, game, seed):
    rng = random.Random(seed)
    engine = registry.engine(game)
    store = open_store(store_target)
    try:
        loaded, _ = session.create(store, game, engine.playout_options(rng), seed=f"digest-{seed}")
        sid = str(loaded.id)
        assert_digests_from_scratch(store, sid)
        for _ in range(18):
            if rng.random() < 0.35:
                correct_randomly(store, sid, rng)
            else:
                legal = playout_choices(engine, session.load(store, sid).state)
                if not legal:
                    break
                session.act(store, sid, rng.choice(legal))
            assert_digests_from_scratch(store, sid)
    finally:
        store.close()


def test_an_action_hashes_a_bounded_window_of_a_long_log_not_all_of_it(tmp_path, monkeypatch):
    """Issue 26: sealing again after an action reads and hashes the new row (and checks the head
    row), not the log; issue 36: plus one window of older rows (the rolling check), a bounded
    part of the log."""
    from bench_seal import build

    counts = []
    for size in (10, 400):
        sid, god = build(tmp_path / f"{size}.db", size)
        store = Store(tmp_path / f"{size}.db")
        calls = []
        real = chain.row_digest

        def counting(*args, _real=real, _calls=calls):
            _calls.append(args[1])
            return _real(*args)

        monkeypatch.setattr(chain, "row_digest", counting)
        monkeypatch.setattr(portable, "row_digest", counting)
        session.act(store, sid, {"verb": "glory", "god": god, "delta": "+1", "reason": "test"})
        monkeypatch.undo()
        counts.append(len(calls))
        assert_digests_from_scratch(store, sid)
        store.close()
    # the new row and the head row, plus the rolling window of older rows (issue 36): a bounded
    # part of the log (about 1/BLOCKS of it, plus the windows' overlap), never the whole of it
    first, last = session.window(401)
    assert counts[0] <= 2 + 11 and counts[1] <= 2 + (last - first), counts
    assert counts[1] < 401 // 4, counts


# -- tampering ------------------------------------------------------------------------------

def _kleos_table() -> Table:
    t = Table("kleos", options=registry.engine("kleos").playout_options(random.Random(3)), store=True)
    t.playout(12, random.Random(3))
    return t


def _stored(t: Table) -> tuple:
    """Everything a refused command must leave as it was: the rows and the session row."""
    con = sqlite3.connect(t.path)
    try:
        return (con.execute("SELECT * FROM actions ORDER BY session_id, idx").fetchall(),
                con.execute("SELECT * FROM sessions").fetchall())
    finally:
        con.close()


HEAD_EDITS = {"events": "events = '[{\"text\": \"Ann wins.\"}]'", "reason": "reason = 'forged'",
              "time": "created = created + 3600", "time of change": "changed = 12.5"}


@pytest.mark.parametrize("edit", list(HEAD_EDITS))
def test_an_edit_of_the_head_rows_events_reason_or_time_is_refused_on_the_next_command(edit):
    with _kleos_table() as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        _edit(t, f"UPDATE actions SET {HEAD_EDITS[edit]} WHERE session_id = ? AND idx = "
                 "(SELECT max(idx) FROM actions WHERE session_id = ?)", sid, sid)
        before = _stored(t)
        out = t.run("status")
        assert out.code == 3 and "events, reason or time was changed outside the referee" in out.error["message"]
        with pytest.raises(StorageError, match="events, reason or time was changed outside the referee") as refused:
            session.act(t.store, sid, action)
        assert refused.value.exit_code == 3
        assert _stored(t) == before  # nothing written
        assert not verify_session(t.store, sid)["ok"]


def test_an_edit_of_an_older_rows_events_is_named_by_every_full_check_and_never_sealed_over():
    """As an edited older link: the hot path (the snapshot, the head row) does not read row 2, so
    `status` and an action go on from the state as it was sealed; `verify`, the replay (`full`),
    `log` and a correction read every row and name it, before and after that action."""
    with _kleos_table() as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        _edit(t, "UPDATE actions SET events = '[{\"text\": \"forged\"}]' WHERE session_id = ? AND idx = 2", sid)

        def named() -> None:
            report = verify_session(t.store, sid)
            assert not report["ok"] and "events, reason or time" in report["problem"]
            assert "(action 2)" in report["problem"]
            with pytest.raises(StorageError, match="events, reason or time"):
                session.load(t.store, sid, full=True)
            shown = t.run(["log", sid], game=False)
            assert shown.code == 3 and "events, reason or time" in shown.error["message"]
            with pytest.raises(StorageError, match="events, reason or time"):
                corrections.correct(t.store, sid, "strike", 3, reason="test", cut=True)

        named()
        # issue 36: the rolling check reads a short log whole: `status` and an action refuse it too
        assert t.run("status").code == 3
        with pytest.raises(StorageError, match="rolling check"):
            session.act(t.store, sid, action)
        named()  # nothing sealed over it


def test_an_undo_over_an_edited_row_is_refused_not_sealed_over():
    """Undo re-chains the rows it touches: their digests are checked there, so an edited row among
    them is refused with nothing written."""
    with _kleos_table() as t:
        sid = str(t.sid)
        last = t.log_length() - 1
        _edit(t, "UPDATE actions SET reason = 'forged' WHERE session_id = ? AND idx = ?", sid, last - 1)
        before = _stored(t)
        with pytest.raises(StorageError, match="events, reason or time") as refused:
            session.undo(t.store, sid, 2)
        assert refused.value.exit_code == 3
        assert _stored(t) == before


def test_a_row_removed_in_the_middle_is_named_by_the_listings_and_verify():
    """The hot path takes the log's length from its head row's number; the listings (`sessions`,
    `stats`, leagues) still count the rows, and `verify` finds the gap in the chain."""
    with _kleos_table() as t:
        sid = str(t.sid)
        _edit(t, "DELETE FROM actions WHERE session_id = ? AND idx = 4", sid)
        assert t.store.seal_problem(sid, count=False) is None  # the end of the log is as sealed
        counted = t.store.seal_problem(sid)
        assert counted is not None and "the log holds" in counted
        assert sid in t.store.seal_problems()
        listed = t.run(["sessions", "--all"], game=False)
        assert listed.code == 0 and listed.result["sessions"][0]["status"] == "damaged"
        report = verify_session(t.store, sid)
        assert not report["ok"] and report["first_bad"] == 4


# -- the upgrade from schema 4 ------------------------------------------------------------------

def _schema4_file(path: Path) -> Path:
    con = sqlite3.connect(path)
    con.executescript(FIXTURE.read_text(encoding="utf-8"))
    con.commit()
    con.close()
    return path


def _links(path: Path) -> list[tuple]:
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT session_id, idx, link FROM actions ORDER BY session_id, idx").fetchall()
    finally:
        con.close()


# Each edit breaks one session's schema-4 check: (session, SQL run on the schema-4 file).
TAMPERS = {
    "an older row's events": ("kleos-1", "UPDATE actions SET events = '[]' WHERE session_id = 'kleos-1' AND idx = 3"),
    "the head row's time": ("croa-1", "UPDATE actions SET created = created + 1 WHERE session_id = 'croa-1' AND idx ="
                                      " (SELECT max(idx) FROM actions WHERE session_id = 'croa-1')"),
    "the summary": ("cerebria-1", "UPDATE sessions SET summary = '{\"over\": true}' WHERE id = 'cerebria-1'"),
    "the last row removed": ("kleos-1", "DELETE FROM actions WHERE session_id = 'kleos-1' AND idx ="
                                        " (SELECT max(idx) FROM actions WHERE session_id = 'kleos-1')"),
}


def test_a_schema_4_store_is_upgraded_after_a_backup_with_every_session_green(tmp_path, capsys):
    path = _schema4_file(tmp_path / "referee.db")
    links = _links(path)
    store = Store(path)
    err = capsys.readouterr().err
    assert "upgraded the store" in err and "failed their check" not in err
    backup = tmp_path / "referee.db.v4-backup"
    assert backup.exists() and _links(backup) == links
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert _links(path) == links  # the chain as it was
    for sid in FIXTURE_SESSIONS:
        assert verify_session(store, sid)["ok"], sid
        assert_digests_from_scratch(store, sid)
    # and it is played on: an action, an undo, a correction
    sid = "kleos-1"
    engine = registry.engine("kleos")
    session.act(store, sid, playout_choices(engine, session.load(store, sid).state)[0])
    session.undo(store, sid)
    correct_randomly(store, sid, random.Random(1))
    assert verify_session(store, sid)["ok"]
    assert_digests_from_scratch(store, sid)
    store.close()


@pytest.mark.parametrize("tamper", list(TAMPERS))
def test_a_session_that_failed_its_schema_4_check_still_fails_after_the_upgrade(tmp_path, capsys, tamper):
    """Never laundered: its old seal is checked first, and only a session whose seal held is
    sealed anew; the others stay green."""
    bad, statement = TAMPERS[tamper]
    path = _schema4_file(tmp_path / "referee.db")
    con = sqlite3.connect(path)
    con.execute(statement)
    con.commit()
    con.close()
    store = Store(path)
    assert store.seal_problem(bad) is not None
    assert store.seal_problem(bad, count=False) is not None  # the hot path's check too
    assert not verify_session(store, bad)["ok"]
    for sid in FIXTURE_SESSIONS:
        if sid != bad:
            assert verify_session(store, sid)["ok"], sid
    assert f"1 session failed its check before the upgrade and still does: {bad}" in capsys.readouterr().err
    store.close()
    result = CliRunner().invoke(cli, ["--db", str(path), "show", bad])  # the CLI refuses it too
    assert result.exit_code == 3 and "Traceback" not in result.output


SCHEMA4_SESSION = ("id, game, name, seed, rules_version, status, summary, created, updated, used, commitment,"
                   " seed_public, origin, head, length, digest, seal, unverified")
SCHEMA4_ACTION = "session_id, idx, action, results, events, rules_version, status, created, link, reason, changed"


def test_on_postgres_a_schema_4_store_is_upgraded_and_a_tampered_session_still_fails(pg_url, tmp_path, capsys):
    """The server's own upgrade (4 -> 5), on the rows the schema-4 referee wrote and sealed."""
    from referee.record.store_pg import PgStore

    source = sqlite3.connect(_schema4_file(tmp_path / "schema4.db"))
    store = PgStore(pg_url)  # a new store, taken back to schema 4 and filled with the fixture's rows
    store.db.execute("ALTER TABLE actions DROP COLUMN digest")
    store.db.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
    for table, columns in (("sessions", SCHEMA4_SESSION), ("actions", SCHEMA4_ACTION)):
        rows = source.execute(f"SELECT {columns} FROM {table}").fetchall()
        marks = ", ".join("?" * len(columns.split(",")))
        store.db.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)
    store.db.execute("UPDATE actions SET events = '[]' WHERE session_id = 'kleos-1' AND idx = 3")
    store.close()
    source.close()
    capsys.readouterr()
    store = PgStore(pg_url)
    assert store.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == "6"
    assert store.seal_problem("kleos-1") is not None and not verify_session(store, "kleos-1")["ok"]
    assert "1 session failed its check before the upgrade and still does: kleos-1" in capsys.readouterr().err
    for sid in ("cerebria-1", "croa-1"):
        assert verify_session(store, sid)["ok"], sid
        assert_digests_from_scratch(store, sid)
    store.close()
