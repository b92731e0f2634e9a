"""Storage faults by name (issue 13): a read-only store, a lock held by another program, a full
disk, a damaged row or file. Each is exit 3 with what happened and what to do, never an
"internal error"; view commands never write; `sessions` lists the rest and marks a damaged one."""

from __future__ import annotations

import contextlib
import gc
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from kleos_table import NEW_ARGS, NEW_OPTIONS, glory

from referee.cli import cli
from referee.cli.context import Referee
from referee.model import registry
from referee.model.errors import StorageError
from referee.record import session
from referee.record.store import Store

VIEWS = [["show"], ["kleos", "status"], ["log"], ["log", "--all"], ["sessions", "--all"], ["export"],
         ["export", "--format", "md"], ["verify"], ["verify", "--all"], ["stats"]]


def run(*args: str, timeout: float | None = None):
    ref = Referee()
    if timeout is not None:
        ref.timeout = timeout
    return CliRunner().invoke(cli, list(args), obj=ref)


def _named(result, *words: str) -> None:
    """Exit 3, a message naming the fault, no traceback and no "internal error"."""
    assert result.exit_code == 3, result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


def _play(n: int = 2) -> str:
    result = run("--json", *NEW_ARGS)
    assert result.exit_code == 0, result.output
    for _ in range(n):
        assert run("kleos", "glory", "ares", "+1", "--reason", "a card").exit_code == 0
    return json.loads(result.output)["session"]


# -- a lock held by another program ------------------------------------------------------------

LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("BEGIN EXCLUSIVE")
db.execute("UPDATE sessions SET name = name")
print("locked", flush=True)
sys.stdin.read()
"""


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    gc.collect()  # close this process's earlier connections, so the lock is the other program's alone
    proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        yield
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)


def test_a_lock_held_by_another_program_is_named_for_readers_and_writers(db):
    sid = _play()
    with _locked(db):
        for view in (["show"], ["log"], ["sessions"]):
            _named(run(*view, timeout=0.2), "busy", "another program holds its lock", "try again")
        _named(run("kleos", "glory", "ares", "+1", "--reason", "x", timeout=0.2), "busy")
    result = run("kleos", "glory", "ares", "+1", "--reason", "x")  # once free, the same action goes through
    assert result.exit_code == 0, result.output
    assert len(Store(db, readonly=True).actions(sid)) == 4


# -- a full disk ---------------------------------------------------------------------------------

def test_a_full_disk_is_named_and_nothing_is_half_written(tmp_path):
    """SQLITE_FULL through a page limit on the writer's own connection (no mount needed)."""
    store = Store(tmp_path / "full.db")
    sid = session.create(store, "kleos", NEW_OPTIONS, seed="4")[0].id
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")
    saved = 0
    with pytest.raises(StorageError) as caught:
        for saved in range(1, 500):  # noqa: B007 - read after the loop: the action refused
            # the last page fills after a few actions
            session.act(store, sid, glory("ares", 1, "a card " + "x" * 70))
    assert "is full" in caught.value.message and "free some space" in caught.value.message
    assert "rollback" not in caught.value.message
    assert not store.db.in_transaction
    assert [r["idx"] for r in store.actions(sid)] == list(range(saved))  # the refused one is not there
    store.db.execute("PRAGMA max_page_count = 1073741823")
    session.act(store, sid, glory("ares", 1, "a card"))  # space again: the next action is saved
    assert len(store.actions(sid)) == saved + 1


def _mount_tmpfs(where: Path, size: str) -> None:
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          check=False, capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"this machine does not allow mounting a tmpfs: {done.stderr.strip()}")


def _umount(where: Path) -> None:
    gc.collect()  # the stores this test opened on it
    if subprocess.run(["umount", str(where)], check=False, capture_output=True).returncode != 0:
        subprocess.run(["umount", "-l", str(where)], check=False, capture_output=True)


def test_a_full_disk_on_a_small_tmpfs_is_exit_3_naming_it(tmp_path, monkeypatch):
    disk = tmp_path / "disk"
    _mount_tmpfs(disk, "512k")  # the store (about 140 kB) and its write-ahead log while it writes
    try:
        monkeypatch.setenv("REFEREE_DB", str(disk / "referee.db"))
        sid = _play(1)
        with contextlib.suppress(OSError), open(disk / "filler", "wb") as fh:  # take every block left
            while True:
                fh.write(b"\0" * 4096)
                fh.flush()
        for _ in range(50):
            result = run("kleos", "glory", "ares", "+1", "--reason", "a card")
            if result.exit_code != 0:
                break
        _named(result, "is full", "free some space")
        assert "rollback" not in result.output
        before = len(Store(disk / "referee.db", readonly=True).actions(sid))
        (disk / "filler").unlink()
        again = run("kleos", "glory", "ares", "+1", "--reason", "y")
        assert again.exit_code == 0, again.output  # space again
        assert len(Store(disk / "referee.db", readonly=True).actions(sid)) == before + 1
    finally:
        _umount(disk)


# -- a read-only store ---------------------------------------------------------------------------

def test_a_store_on_a_read_only_mount_still_shows_and_refuses_writes_by_name(tmp_path, monkeypatch):
    disk = tmp_path / "disk"
    _mount_tmpfs(disk, "4m")
    try:
        monkeypatch.setenv("REFEREE_DB", str(disk / "referee.db"))
        _play()
        gc.collect()  # no store of this process left open on it
        done = subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=False, capture_output=True, text=True)
        if done.returncode != 0:
            pytest.skip(f"cannot remount read-only: {done.stderr.strip()}")
        for view in [*VIEWS, ["report", "-o", str(tmp_path / "report.html")]]:
            result = run(*view)
            assert result.exit_code == 0, (view, result.output)
        _named(run("kleos", "glory", "ares", "+1", "--reason", "x"), "read-only", "--db")
        _named(run("undo"), "read-only")
    finally:
        _umount(disk)


def test_a_store_opened_for_reading_refuses_a_write_transaction(tmp_path):
    path = tmp_path / "r.db"
    store = Store(path)
    sid = session.create(store, "kleos", NEW_OPTIONS, seed="4")[0].id
    store.close()
    reader = Store(path, readonly=True)
    with pytest.raises(StorageError, match="reading only"):
        session.act(reader, sid, glory("ares", 1))
    with pytest.raises(StorageError, match="read-only"):  # even a statement outside write()
        reader.touch(sid)
    assert len(reader.actions(sid)) == 1


def test_view_commands_never_write(db):
    sid = _play()
    gc.collect()
    Store(db).close()  # checkpointed: the file alone holds the store
    before = sqlite3.connect(db).execute("SELECT used, updated FROM sessions").fetchall()
    stamp = db.stat().st_mtime_ns
    for view in VIEWS:
        assert run(*view).exit_code == 0, view
    assert sqlite3.connect(db).execute("SELECT used, updated FROM sessions").fetchall() == before
    assert db.stat().st_mtime_ns == stamp
    assert sid


def test_views_on_a_missing_store_create_no_file(tmp_path, monkeypatch):
    path = tmp_path / "nowhere" / "referee.db"
    monkeypatch.setenv("REFEREE_DB", str(path))
    result = run("sessions", "--all")
    assert result.exit_code == 0 and "No sessions" in result.output
    _named(run("show"), "no session")
    _named(run("log"), "no session")
    assert not path.exists() and not path.parent.exists()


# -- damaged rows and files --------------------------------------------------------------------------

def _two_sessions(db: Path) -> tuple[str, str]:
    a = _play(1)
    b = _play(1)
    return a, b


def test_bad_json_in_a_logged_action_names_the_session_and_sessions_lists_the_rest(db):
    a, b = _two_sessions(db)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE actions SET results = '[{not json' WHERE session_id = ? AND idx = 1", (a,))
    for view in (["show", a], ["log", a], ["export", a]):
        _named(run(*view), f"session '{a}'", "damaged", "backup")
    assert run("show", b).exit_code == 0
    listed = run("--json", "sessions", "--all")
    assert listed.exit_code == 0, listed.output
    rows = {r["id"]: r for r in json.loads(listed.output)["result"]["sessions"]}
    assert rows[a]["status"] == "damaged" and "log" in rows[a]["damaged"]
    assert rows[b]["status"] == "open" and "damaged" not in rows[b]
    text = run("sessions", "--all")
    assert text.exit_code == 0 and "damaged" in text.output and b in text.output


def test_an_unreadable_summary_marks_the_session_damaged_not_the_store(db):
    a, b = _two_sessions(db)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE sessions SET summary = '{oops' WHERE id = ?", (a,))
    listed = run("--json", "sessions", "--all")
    assert listed.exit_code == 0, listed.output
    rows = {r["id"]: r for r in json.loads(listed.output)["result"]["sessions"]}
    assert rows[a]["damaged"] == "its summary cannot be read" and rows[b]["status"] == "open"
    _named(run("show", a), "damaged")


def test_text_that_is_not_utf8_in_a_row_is_a_damaged_row(db):
    a, b = _two_sessions(db)
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE actions SET action = CAST(x'7bff' AS TEXT) WHERE session_id = ? AND idx = 1", (a,))
    _named(run("show", a), "damaged")
    listed = run("--json", "sessions", "--all")
    assert listed.exit_code == 0, listed.output
    assert {r["id"]: r["status"] for r in json.loads(listed.output)["result"]["sessions"]} == {
        a: "damaged", b: "open"}


def test_a_corrupt_store_file_is_named_damaged(db):
    _play(1)
    gc.collect()
    Store(db).close()  # the last connection checkpoints: the pages are all in the file
    with open(db, "r+b") as fh:  # keep the header, overwrite the pages after the first
        fh.seek(4096)
        fh.write(b"\xa5" * (db.stat().st_size - 4096))
    for args in (["show"], ["kleos", "glory", "ares", "+1", "--reason", "x"]):
        _named(run(*args), "damaged", "backup")


GAMES_NEW = {
    "kleos": NEW_ARGS[1:],
    "kreus": ["new", "--player", "A", "--player", "B", "--player", "C", "--seed", "1"],
    "croa": ["new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1"],
    "cerebria": ["new", "--player", "Ann", "--player", "Bob", "--seed", "5"],
    "elysion": ["new", "--player", "Ann", "--player", "Bob", "--seed", "4", "--row", "40,41,42"],
}
PLAIN_NEW = ["new", "--player", "Ann", "--player", "Bob", "--seed", "1"]  # a game that needs no more


def test_views_write_nothing_but_which_session_is_current(db):
    """A view of the current session writes nothing at all; a view of another one writes only
    that it is now the current one (its `used` time: issue 37, item 1), never its record."""
    games = registry.names()
    for game in games:
        assert run(game, *GAMES_NEW.get(game, PLAIN_NEW)).exit_code == 0, game
    gc.collect()
    Store(db).close()

    def rows() -> list:
        return sqlite3.connect(db).execute("SELECT id, used, updated, summary FROM sessions ORDER BY id").fetchall()

    before = rows()
    stamp = db.stat().st_mtime_ns
    current = f"{games[-1]}-1"  # started last
    for args in ([games[-1], "status"], ["show", current], ["log", current], ["export", current]):
        result = run("--session", current, *args) if args[0] == games[-1] else run(*args)
        assert result.exit_code == 0, (args, result.output)
    gc.collect()
    assert rows() == before
    assert db.stat().st_mtime_ns == stamp
    wal = Path(str(db) + "-wal")  # a reader may open the write-ahead log; nothing is written to it
    assert not wal.exists() or wal.stat().st_size == 0
    for game in games:
        sid = f"{game}-1"
        for args in ([game, "status"], ["show", sid], ["log", sid], ["export", sid]):
            result = run("--session", sid, *args) if args[0] == game else run(*args)
            assert result.exit_code == 0, (args, result.output)
    gc.collect()
    after = rows()
    assert [(r[0], r[2], r[3]) for r in after] == [(r[0], r[2], r[3]) for r in before]  # the records as they were
    assert max(after, key=lambda r: r[1])[0] == f"{games[-1]}-1"  # viewed last: the current one
