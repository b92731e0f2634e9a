"""What a command invocation carries: where the store is, which session, JSON or text."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from referee.cli.ansi import echo
from referee.model.errors import InputError

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
        self.viewer: str | None = None  # --as NAME as typed: whose view is shown (None: the table's)
        self._store: RecordStore | None = None

    def configure(self, db: str | None, session_id: str | None, as_json: bool,
                  color: bool | None = None, viewer: str | None = None) -> None:
        if db is not None:
            check_store_name(db)
        self.db = db or os.environ.get("REFEREE_DB") or self.db
        self.session_id = session_id or self.session_id
        self.as_json = as_json or self.as_json
        self.color = self.color if color is None else color
        self.viewer = viewer if viewer is not None else self.viewer

    def _reconnect_if_lost(self) -> None:
        """A club server's connection lost since the last command (the server restarted, the
        network dropped): the next command opens a new one, and says so."""
        if self._store is not None and getattr(self._store, "lost", lambda: False)():
            path = self._store.path
            with_store, self._store = self._store, None
            with_store.close()
            echo(f"(the connection to {path} was lost; opening a new one)", err=True)

    def store(self) -> RecordStore:
        """The store, open for writing."""
        self._reconnect_if_lost()
        if self._store is not None and self._store.readonly:
            self.close()
        if self._store is None:
            from referee.record.stores import open_store

            if self.db:
                check_store_name(self.db)
            self._store = open_store(self.db, timeout=self.timeout)
        return self._store

    def reader(self) -> Any:
        """The store for a view command: opened for reading only (a missing store reads as
        empty and is not created), or the one already open."""
        self._reconnect_if_lost()
        if self._store is None:
            from referee.record.stores import open_store

            if self.db:
                check_store_name(self.db)
            self._store = open_store(self.db, timeout=self.timeout, readonly=True)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


def check_store_name(db: str) -> None:
    """`--db` must name a store that lasts: not empty (that would mean the default store), not
    SQLite's `:memory:` or a `file:` URI (a store that vanishes when the command ends), not a word
    that starts with `-` (`--db --json`: an option typed where the path was due, which would
    otherwise make a store named `--json` in the current folder)."""
    if not db.strip():
        raise InputError("--db is empty: give the path of a store file (or leave --db out for the default store)")
    if db.strip().lower() == ":memory:" or db.lower().startswith("file:"):
        raise InputError(f"--db {db}: a store held in memory would be lost when the command ends, and SQLite"
                         " URIs are not read; give the path of a store file")
    if db.startswith("-"):
        raise InputError(f"--db {db}: that is an option, not the path of a store; give the path after --db"
                         f" (./{db} for a file that is really named so)")


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


def load_current(game: str | None, sid: str | None = None, mark: bool = True) -> tuple[str, Any]:
    """The session a view command means (named, --session, or the current one), rebuilt, as the
    viewer (`--as`) looks at it; it becomes the current session (`referee.cli.current.shown`)
    unless not `mark` (a watch's redraw)."""
    from referee.record import session

    ref = get()
    store = ref.reader()
    sid = session.resolve(store, game, sid or ref.session_id)
    loaded = session.load(store, sid)
    if mark:  # a view counts: the session shown becomes the current one (written only when it is not yet)
        try:
            already = store.current_session(None) == sid
        except Exception:  # the store cannot say: `shown` leaves it as it is too
            already = True
        if not already:
            from referee.cli.current import shown

            shown(ref, store, sid)
    return sid, seen(loaded)


def viewer(engine: Any, state: Any) -> str | None:
    """Whose view the command shows: the seat `--as NAME` names (any case, a unique prefix),
    or None for the table's. An unknown name is an `InputError` naming the players."""
    ref = current()
    typed = ref.viewer if ref is not None else None
    if typed is None:
        return None
    return engine.resolve_player(state, typed)


def seen(loaded: Any) -> Any:
    """A loaded session as the command's viewer looks at it (`Loaded.seen_by`)."""
    return loaded.seen_by(viewer(loaded.engine, loaded.state))


def viewer_in(store: Any, sid: str) -> str | None:
    """The viewer (`--as NAME`) of a command reading session `sid` from the record (log, export,
    report): the session is replayed only when a seat is named, to read its seats."""
    ref = current()
    if ref is None or ref.viewer is None:
        return None
    from referee.record import session

    loaded = session.load(store, sid)
    return viewer(loaded.engine, loaded.state)


def finished(meta: dict) -> bool:
    """Whether the session's game is over (everything may be shown then)."""
    return meta.get("status") == "over" or bool((meta.get("summary") or {}).get("over"))
