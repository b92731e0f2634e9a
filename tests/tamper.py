"""Changing a test's store behind the referee's back, as someone with `sqlite3` would."""

from __future__ import annotations

import sqlite3
from typing import Any


def edit(t: Any, sql: str, *args: object) -> None:
    """Run `sql` on the store of `t` (a `referee.testing.Table`), the referee's connection closed."""
    if t._store is not None:
        t._store.close()
        t._store = None
    con = sqlite3.connect(t.path)
    con.execute(sql, args)
    con.commit()
    con.close()
