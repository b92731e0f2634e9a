"""The session store: a real SQLite file that refuses what is not its own and never touches it."""

import sqlite3

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.errors import StorageError
from referee.store import APPLICATION_ID, SCHEMA_VERSION, Store, default_path


def test_new_store_has_schema_version_and_wal(tmp_path):
    store = Store(tmp_path / "a.db")
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert store.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()
    Store(tmp_path / "a.db").close()  # opens again cleanly


def test_store_folder_is_created(tmp_path):
    Store(tmp_path / "deep" / "er" / "a.db").close()
    assert (tmp_path / "deep" / "er" / "a.db").exists()


def test_non_sqlite_file_is_refused_with_exit_3_and_left_untouched(tmp_path):
    path = tmp_path / "notes.txt"
    content = b"my shopping list\nmilk\n" * 50
    path.write_bytes(content)
    result = CliRunner().invoke(cli, ["--db", str(path), "sessions"])
    assert result.exit_code == 3
    assert "not a referee store" in result.output
    assert path.read_bytes() == content
    assert not (tmp_path / "notes.txt-wal").exists()


def test_foreign_sqlite_database_is_refused_untouched(tmp_path):
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT)")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(StorageError, match="another program"):
        Store(path)
    assert path.read_bytes() == before


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "new.db"
    Store(path).close()
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.commit()
    con.close()
    with pytest.raises(StorageError, match="newer referee"):
        Store(path)


def test_folder_as_db_is_refused(tmp_path):
    result = CliRunner().invoke(cli, ["--db", str(tmp_path), "sessions"])
    assert result.exit_code in (2, 3)


def test_default_path_follows_xdg_data_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    assert default_path() == tmp_path / "referee" / "referee.db"


def test_card_library_is_kept_across_sessions(tmp_path):
    store = Store(tmp_path / "a.db")
    store.library_put("kleos", "minion", "Centaur", {"attack": 2})
    store.close()
    again = Store(tmp_path / "a.db")
    assert again.library_get("kleos", "minion", "centaur") == {"attack": 2}
    assert list(again.library_list("kleos", "minion")) == ["Centaur"]


def test_a_store_locked_past_its_timeout_is_a_storage_error(tmp_path):
    from kleos_table import glory, start

    from referee import session

    path = tmp_path / "busy.db"
    holder = Store(path)
    sid = start(holder)
    waiter = Store(path, timeout=0.2)
    holder.db.execute("BEGIN IMMEDIATE")  # another terminal is in the middle of writing
    try:
        with pytest.raises(StorageError, match="busy"):
            session.act(waiter, sid, glory("ares", 1))
    finally:
        holder.db.execute("ROLLBACK")
    session.act(waiter, sid, glory("ares", 1))  # once free, the same action goes through
    assert len(waiter.actions(sid)) == 2
