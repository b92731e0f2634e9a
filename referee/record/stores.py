"""The one door to the record: `open_store` opens the store `--db` names, an SQLite file or a
club's PostgreSQL server, as a `RecordStore` (referee.record.protocol)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from referee.record.store import Store, default_path

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore
    from referee.record.store_pg import PgStore

__all__ = ["RecordStore", "default_path", "is_url", "open_store"]


def is_url(target: str | os.PathLike | None) -> bool:
    """A `postgresql://` (or `postgres://`) URL, or a libpq `host=... dbname=...` string: the
    club's server, not a file."""
    if isinstance(target, str) and "=" in target and "://" not in target:
        # the club's module only for a club's target
        from referee.record.store_pg import is_conninfo

        return is_conninfo(target)
    return isinstance(target, str) and target.split("://", 1)[0].lower() in ("postgresql", "postgres") \
        and "://" in target


def open_store(target: str | os.PathLike | None = None, timeout: float = 10.0, readonly: bool = False) -> RecordStore:
    """The store `--db` names: a PostgreSQL server for a `postgresql://` URL (psycopg is imported
    only then), else an SQLite file (the default place when None)."""
    if is_url(target):
        from referee.record.store_pg import PgStore  # loaded only for a club's server

        return PgStore(str(target), timeout=timeout, readonly=readonly)
    return Store(target, timeout=timeout, readonly=readonly)


def __getattr__(name: str) -> object:
    """`RecordStore`, imported when asked for: building its Protocol class would cost an action
    that never asks about 3 ms."""
    if name == "RecordStore":
        from referee.record.protocol import RecordStore

        return RecordStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _implements(sqlite: Store, server: PgStore) -> tuple[RecordStore, RecordStore]:
    """Never called: mypy checks here that both stores implement RecordStore."""
    return sqlite, server
