"""What tells a view that another terminal wrote: the shell's toolbar and `show --watch` ask it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore


def store_version(store: RecordStore) -> Any:
    """A value that changes when another connection writes to the store: SQLite's
    `data_version`; a club's server's `change_mark` (a few sums it computes); for a store with
    neither, the sessions' update times."""
    for name in ("data_version", "change_mark"):
        version = getattr(store, name, None)
        if callable(version):
            return version()
    return tuple((s["id"], s.get("updated"), s.get("status")) for s in store.sessions(include_over=True))
