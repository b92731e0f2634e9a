"""The current session: the one last shown or acted on, and which one a session command means.

An action marks its session as used; so does a view of one session (`status`, `show`, `log`, a
game's view such as `croa pond`, `hint`), through `shown`. A session command (`undo`, `redo`,
`amend`, `insert`, `strike`) with no session named acts on the current one (`target`), and says
which, naming the session (`label`) and the action it took back or changed.

It refuses, naming the choices, when that is ambiguous: the session last shown or acted on has
been deleted since and several sessions are open, so there is no current one to fall back on that
the table chose. (With one open session, that one is meant; with none open, the latest finished.)
"""

from __future__ import annotations

from typing import Any

from referee.model import registry
from referee.model.errors import StorageError
from referee.model.i18n import _
from referee.record import session
from referee.record.stores import open_store

MARK_TIMEOUT = 0.2  # seconds a view waits to mark its session: a busy store is not waited on


def shown(ref: Any, store: Any, sid: str) -> None:
    """A view showed session `sid`: it becomes the current one. Written only when it is not
    already (the common case, a look at the game being played, writes nothing); never fails the
    view (a read-only store, a busy one, a club role that may not: the mark is left out)."""
    try:
        if store.current_session(None) == sid:
            return
        if not store.readonly:
            if getattr(getattr(store, "db", None), "in_transaction", False):
                return  # inside the command's own write: its action marks the session
            with store.write():
                store.touch(sid)
            return
        writer = open_store(ref.db, timeout=MARK_TIMEOUT)
        try:
            with writer.write():
                writer.touch(sid)
        finally:
            writer.close()
    except Exception:  # the view is shown whether or not the mark could be written
        return


def label(meta: dict) -> str:
    """`croa-3 (Crôa!, Ann vs Bob)`: the session, its game and its players."""
    players = meta.get("summary", {}).get("players", [])
    names = [str(p.get("name") if isinstance(p, dict) else p) for p in players] if isinstance(players, list) else []
    try:
        title = registry.engine(meta["game"]).title
    except Exception:  # a game this referee does not know: its name as stored
        title = meta["game"]
    inside = ", ".join([title, _(" vs ").join(names)] if names else [title])
    return f"{meta['id']} ({inside})"


def target(store: Any, given: str | None) -> str:
    """The session a session command means: the one named (`ID`, `--session`, REFEREE_SESSION),
    else the current one; a StorageError naming the open sessions when that is ambiguous."""
    if given:
        return session.resolve(store, None, given)
    sid = store.current_session(None)
    deleted = store.sessions(deleted=True)
    if not deleted:
        return sid
    used = store.session(sid).get("used", 0)
    last_deleted = max(deleted, key=lambda r: r.get("used", 0))
    if last_deleted.get("used", 0) <= used:
        return sid
    open_ones = store.sessions()
    if len(open_ones) == 1:
        return str(open_ones[0]["id"])
    if not open_ones:
        return sid
    choices = "; ".join(label(r) for r in open_ones)
    raise StorageError(_("which session? The one last shown or acted on ({deleted}) was deleted, and {n} are "
                         "open: {choices}. Name one with --session ID").format(
        deleted=last_deleted["id"], n=len(open_ones), choices=choices))
