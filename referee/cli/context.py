"""What a command invocation carries: where the store is, which session, JSON or text."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore


class Referee:
    """The Click context object (ctx.obj); the express lane's own, when it runs a command
    without Click (`referee.cli.express`)."""

    def __init__(self) -> None:
        self.db: str | None = None
        self.session_id: str | None = None
        self.as_json = False
        self.timeout = 10.0  # seconds to wait for another program's lock on the store
        self.color: bool | None = None  # --color/--no-color; None: decide by terminal and NO_COLOR
        self.in_shell = False  # messages then use the shell's syntax (`help move`, not `referee ...`)
        self.shell_game: str | None = None
        self.rows_after = 0  # `referee play` with the board on: the action's lines, printed after the board
        self.live: Any = None  # the shell's session as completion sees it (referee.cli.complete.Live)
        self.capture: list[dict] | None = None  # set by amend/insert: action verbs hand back their action
        self._store: RecordStore | None = None

    def configure(self, db: str | None, session_id: str | None, as_json: bool,
                  color: bool | None = None) -> None:
        if db is not None:
            check_store_name(db)
        self.db = db or os.environ.get("REFEREE_DB") or self.db
        self.session_id = session_id or self.session_id
        self.as_json = as_json or self.as_json
        self.color = self.color if color is None else color

    def _reconnect_if_lost(self) -> None:
        """A club server's connection lost since the last command (the server restarted, the
        network dropped): the next command opens a new one, and says so."""
        if self._store is not None and getattr(self._store, "lost", lambda: False)():
            path = self._store.path
            with_store, self._store = self._store, None
            with_store.close()
            from referee.cli.ansi import echo

            echo(f"(the connection to {path} was lost; opening a new one)", err=True)

    def store(self) -> RecordStore:
        """The store, open for writing."""
        self._reconnect_if_lost()
        if self._store is not None and self._store.readonly:
            self.close()
        if self._store is None:
            from referee.record.stores import open_store

            self._store = open_store(self.db, timeout=self.timeout)
        return self._store

    def reader(self) -> Any:
        """The store for a view command: opened for reading only (a missing store reads as
        empty and is not created), or the one already open."""
        self._reconnect_if_lost()
        if self._store is None:
            from referee.record.stores import open_store

            self._store = open_store(self.db, timeout=self.timeout, readonly=True)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


def check_store_name(db: str) -> None:
    """`--db` must name a store that lasts: not empty (that would mean the default store), not
    SQLite's `:memory:` or a `file:` URI (a store that vanishes when the command ends)."""
    from referee.model.errors import InputError

    if not db.strip():
        raise InputError("--db is empty: give the path of a store file (or leave --db out for the default store)")
    if db.strip().lower() == ":memory:" or db.lower().startswith("file:"):
        raise InputError(f"--db {db}: a store held in memory would be lost when the command ends, and SQLite"
                         " URIs are not read; give the path of a store file")


def commits() -> int:
    """Write transactions this process has committed so far. The counter lives with the stores
    (`referee.record.portable.COMMITS`) and is read only when a store was loaded: before that,
    nothing can have been committed, so `--help` and the calculators never import the record."""
    portable = sys.modules.get("referee.record.portable")
    return portable.COMMITS[0] if portable is not None else 0


EXPRESS: list[Referee] = []  # the express lane's command, while it runs (no Click context then)


def current() -> Referee | None:
    """The running command's Referee, if a command is running (in the express lane or Click)."""
    if EXPRESS:
        return EXPRESS[-1]
    click = sys.modules.get("click")  # no Click loaded: no Click command is running
    ctx = click.get_current_context(silent=True) if click is not None else None
    return ctx.find_object(Referee) if ctx is not None else None


def get() -> Referee:
    if EXPRESS:
        return EXPRESS[-1]
    import click

    ctx = click.get_current_context()
    obj = ctx.find_object(Referee)
    if obj is None:
        obj = ctx.ensure_object(Referee)
        obj.configure(None, os.environ.get("REFEREE_SESSION"), False)
    return obj


def load_current(game: str | None, sid: str | None = None) -> tuple[str, Any]:
    """The session a view command means (named, --session, or the current one), rebuilt."""
    from referee.record import session

    ref = get()
    store = ref.reader()
    sid = session.resolve(store, game, sid or ref.session_id)
    return sid, session.load(store, sid)
