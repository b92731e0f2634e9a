"""The session store: a real SQLite file that refuses what is not its own and never touches it."""

import sqlite3

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from referee.cli import cli
from referee.model.errors import StorageError
from referee.record.store import APPLICATION_ID, SCHEMA_VERSION, Store
from referee.record.stores import default_path, open_store


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


@pytest.mark.parametrize("typed", ["a.db", "./a.db", "deep//er/a.db", "deep/./er/", "deep/../a.db", "/a.db", "//a.db",
                                   "///a.db", ".", "/"])
def test_the_store_path_is_written_and_split_as_pathlib_does(typed):
    """The store names its file as `str(Path(...))` would (messages unchanged), without pathlib."""
    from pathlib import Path

    from referee.record import paths

    assert paths.clean(typed) == str(Path(typed))
    assert paths.parent(paths.clean(typed)) == str(Path(typed).parent)


def test_a_store_in_the_current_folder_and_a_file_where_its_folder_should_be(tmp_path, monkeypatch):
    """`--db ./a.db` opens `a.db` in the current folder; a file in the way of the store's folder
    is a storage error naming the path as typed (cleaned), and nothing is created."""
    monkeypatch.chdir(tmp_path)
    store = Store("./a.db")
    assert store.path == "a.db"
    store.close()
    (tmp_path / "plain").write_text("not a folder")
    for typed, why in (("plain//sub/b.db", "File exists"), ("./plain/b.db", "Not a directory")):
        with pytest.raises(StorageError) as refused:
            Store(typed)
        assert refused.value.message == f"cannot open the store {typed.lstrip('./').replace('//', '/')}: {why}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.db", "plain"]


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


def test_card_library_is_kept_across_sessions(store_target):
    store = open_store(store_target)
    store.library_put("kleos", "minion", "Centaur", {"attack": 2})
    store.close()
    again = open_store(store_target)
    assert again.library_get("kleos", "minion", "centaur") == {"attack": 2}
    assert list(again.library_list("kleos", "minion")) == ["Centaur"]


def test_a_store_locked_past_its_timeout_is_a_storage_error(store_target):
    from kleos_table import glory, start

    from referee.record import session

    holder = open_store(store_target)
    sid = start(holder)
    waiter = open_store(store_target, timeout=0.2)
    writing = holder.write()  # another terminal is in the middle of writing this session
    writing.__enter__()
    holder.session(sid)
    try:
        with pytest.raises(StorageError, match="busy"):
            session.act(waiter, sid, glory("ares", 1))
    finally:
        writing.__exit__(None, None, None)
    session.act(waiter, sid, glory("ares", 1))  # once free, the same action goes through
    assert len(waiter.actions(sid)) == 2
    holder.close()
    waiter.close()


def test_postgres_tables_writing_different_sessions_never_wait(pg_url):
    from kleos_table import glory, start

    from referee.record import session

    holder = open_store(pg_url)
    mine, other = start(holder), start(holder)
    waiter = open_store(pg_url, timeout=0.2)
    with holder.write():
        holder.session(mine)  # this session's row is locked until the end of the block
        session.act(waiter, other, glory("ares", 1))  # another session: no wait at all
        with pytest.raises(StorageError, match=f"busy: another terminal is writing session {mine}"):
            session.act(waiter, mine, glory("ares", 1))
    assert len(waiter.actions(other)) == 2 and len(waiter.actions(mine)) == 1
    holder.close()
    waiter.close()


def test_postgres_store_has_a_meta_table_with_its_schema_version(pg_url):
    store = open_store(pg_url)
    from referee.record.store_pg import BOUNDARIES

    assert dict(store.db.execute("SELECT key, value FROM meta").fetchall()) == {
        "application": "referee", "schema_version": str(SCHEMA_VERSION), "boundaries": BOUNDARIES}
    store.db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    store.close()
    with pytest.raises(StorageError, match="newer referee"):
        open_store(pg_url)


def test_postgres_tables_of_another_program_are_refused_untouched(pg_url):
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    result = CliRunner().invoke(cli, ["--db", pg_url, "sessions"])
    assert result.exit_code == 3 and "another program's tables" in result.output
    with psycopg.connect(pg_url, autocommit=True) as conn:
        tables = {r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
    assert tables == {"recipes"}


def test_a_password_in_the_url_is_never_printed(pg_cluster, tmp_path):
    url = pg_cluster.url("no_such_db").replace("postgres@", "postgres:s3cret-pw@")
    for args in (["sessions"], ["--json", "sessions"], ["show"], ["kleos", "new", "--player", "A:ares"]):
        result = CliRunner().invoke(cli, ["--db", url, *args])
        assert result.exit_code == 3, result.output
        assert "s3cret-pw" not in result.output and "cannot connect to the club server" in result.output
        assert "postgres:***@" in result.output
    result = CliRunner().invoke(cli, ["--db", str(tmp_path / "t.db"), "--json", "push", "--all", "--to", url])
    assert result.exit_code == 3 and "s3cret-pw" not in result.output and "postgres:***@" in result.output


def test_an_older_postgres_store_is_migrated_in_one_step_and_one_it_cannot_is_refused(pg_url, monkeypatch):
    from referee.record import store_pg

    store = open_store(pg_url)
    store.db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION - 1),))
    store.close()
    monkeypatch.delitem(store_pg.PG_MIGRATIONS, SCHEMA_VERSION - 1, raising=False)  # as if no step were known
    with pytest.raises(StorageError, match=f"schema {SCHEMA_VERSION - 1}, which this referee cannot upgrade"):
        open_store(pg_url)  # no step is known from there: refused, left as it was
    monkeypatch.setitem(store_pg.PG_MIGRATIONS, SCHEMA_VERSION - 1,
                        ["ALTER TABLE sessions ADD COLUMN venue TEXT NOT NULL DEFAULT ''"])
    store = open_store(pg_url)
    assert store.db.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    assert "venue" in store.columns("sessions")
    store.close()


def test_a_url_is_shown_without_its_password():
    from referee.record.store_pg import redact

    assert redact("postgresql://table3:hunter22@club.example:5433/referee?sslmode=require") == \
        "postgresql://table3:***@club.example:5433/referee?sslmode=require"
    assert redact("postgresql:///referee?host=/run/pg&user=t&password=hunter22") == \
        "postgresql:///referee?host=/run/pg&user=t&password=***"
    assert redact("postgresql://table3@club.example/referee") == "postgresql://table3@club.example/referee"


@pytest.mark.parametrize("xdg,home", [(None, "/home/ann"), ("", "/home/ann/"), ("/data//x/", "/home/ann"),
                                      ("relative/x", "/home/ann"), (None, "/"), ("~/x", "/h"), (None, "relative"),
                                      (None, None)])
def test_the_default_store_is_where_platformdirs_puts_it(monkeypatch, xdg, home):
    """The default store's place, read without platformdirs in the common case (speed, issue 26),
    is the one platformdirs gives, whatever XDG_DATA_HOME and HOME say."""
    from referee.record.store import default_location

    for name, value in (("XDG_DATA_HOME", xdg), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    try:
        expected = str(default_path())
    except RuntimeError:  # platformdirs cannot tell a home: neither may we
        with pytest.raises(RuntimeError):
            default_location()
        return
    assert default_location() == expected


@given(st.text(max_size=40))
def test_a_read_only_store_is_opened_by_the_uri_urllib_would_write(path):
    """Speed (issue 26): a view's read-only `file:` URI is quoted without loading urllib; it is the
    same text as `urllib.parse.quote` writes, for any path."""
    import urllib.parse

    from referee.record.paths import uri_quoted

    try:
        expected = urllib.parse.quote(path)
    except UnicodeEncodeError:  # a lone surrogate: urllib cannot; the file system's bytes are kept
        return
    assert uri_quoted(path) == expected
