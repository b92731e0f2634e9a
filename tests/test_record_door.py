"""The record behind one door: both stores implement `RecordStore`, neither inherits the other, the
schema is written once, and nothing outside referee/record/ writes SQL or opens a connection."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from referee.record import schema
from referee.record.portable import PortableStore
from referee.record.protocol import RecordStore
from referee.record.store import Store
from referee.record.store_pg import PgStore
from referee.record.stores import open_store

ROOT = Path(__file__).resolve().parent.parent
# A string that is SQL: a statement's opening words, upper case as the record writes them.
SQL = re.compile(r"^\s*(SELECT\s.*\bFROM\b|INSERT\s+(OR\s+\w+\s+)?INTO\s|UPDATE\s+\w+\s+SET\s|DELETE\s+FROM\s|"
                 r"CREATE\s+(TABLE|INDEX|UNIQUE|ROLE|POLICY)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX)|PRAGMA\s|"
                 r"BEGIN\b|COMMIT\b|ROLLBACK\b)", re.DOTALL)
DRIVERS = ("sqlite3", "psycopg", "psycopg2", "sqlalchemy")


def _outside_the_record() -> list[Path]:
    return sorted(p for folder in ("referee",) for p in (ROOT / folder).rglob("*.py")
                  if "record" not in p.relative_to(ROOT).parts[:2])


def _sql_and_connections(path: Path, root: Path = ROOT) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(root))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno} imports {a.name}" for a in node.names if a.name.split(".")[0] in DRIVERS]
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] in DRIVERS:
            found.append(f"{where}:{node.lineno} imports {node.module}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value):
            found.append(f"{where}:{node.lineno} writes SQL: {node.value[:40]!r}")
        elif isinstance(node, ast.Attribute) and node.attr in ("db", "raw") and isinstance(node.ctx, ast.Load) \
                and not (isinstance(node.value, ast.Name) and node.value.id in ("ref", "ctx", "self", "args")):
            found.append(f"{where}:{node.lineno} reaches a store's connection (.{node.attr})")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("execute", "executemany", "executescript", "connect") and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            found.append(f"{where}:{node.lineno} runs a statement: {node.func.attr}({node.args[0].value[:30]!r})")
    return found


def test_nothing_outside_the_record_writes_sql_or_opens_a_connection():
    assert [line for p in _outside_the_record() for line in _sql_and_connections(p)] == []


def test_the_check_sees_sql_and_a_connection(tmp_path):
    """The checker itself, on a made-up module."""
    sample = tmp_path / "sample.py"
    sample.write_text('import sqlite3\n\ndef f(store):\n    return store.db.execute("SELECT link FROM actions'
                      ' WHERE idx = ?", (1,))\n', encoding="utf-8")
    found = _sql_and_connections(sample, tmp_path)
    assert any("imports sqlite3" in f for f in found)
    assert any("writes SQL" in f for f in found)
    assert any(".db" in f for f in found)


def test_neither_store_inherits_the_other_both_inherit_the_shared_sql():
    assert not issubclass(PgStore, Store) and not issubclass(Store, PgStore)
    assert Store.__mro__[1:] == (PortableStore, object) and PgStore.__mro__[1:] == (PortableStore, object)


def test_no_store_forwards_a_shared_method_by_hand():
    """The shared SQL is inherited, not named line by line (`rename = portable.rename`)."""
    for path in ("referee/record/store.py", "referee/record/store_pg.py"):
        text = (ROOT / path).read_text(encoding="utf-8")
        assert "= portable." not in text and "portable.PortableStore." not in text, path


def test_each_store_opened_by_the_door_is_a_record_store(store_target):
    store = open_store(store_target)
    try:
        assert isinstance(store, RecordStore)
        assert type(store) is (Store if store_target.endswith(".db") else PgStore)
        with store.write():  # one operation of the Protocol on each backend, through the door
            sid = store.create_session("pig", "", "seed", "1", {"action": {"verb": "new"}, "rules": "1"}, {})
        assert store.done_end(sid)[1] == 1 and store.done_end(sid)[0] == store.head(sid)
    finally:
        store.close()


def test_both_stores_name_every_operation_of_the_protocol():
    wanted = {name for name, value in vars(RecordStore).items() if callable(value) and not name.startswith("_")}
    assert len(wanted) > 40
    assert wanted - set(dir(Store)) == set()
    assert wanted - set(dir(PgStore)) == set()


def test_the_schema_is_written_once():
    """Both dialects' tables come from one list: the same tables and columns, the server's additions
    named apart."""
    sqlite = {t: [c.split()[0] for c in schema.columns(t, "sqlite")] for t in schema.TABLES}
    server = {t: [c.split()[0] for c in schema.columns(t, "postgresql") if c.split()[0] not in ("owner", "rowid")]
              for t in schema.TABLES}
    assert sqlite == server
    assert all("REAL" not in s for s in schema.ddl("postgresql")) and all("DOUBLE" not in s for s in schema.ddl("sqlite"))
    for path in (ROOT / "referee" / "record").glob("*.py"):
        if path.name != "schema.py":
            assert "CREATE TABLE" not in path.read_text(encoding="utf-8"), f"{path.name} writes a table of its own"
