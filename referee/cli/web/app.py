"""The live web view's server: one watcher thread looks at the store 10 times a second
(SQLite's `data_version`; a club's server's `change_mark`, at most 4 times), then, when it moved, at the head of each
session a page shows, and redraws only the tables whose session moved, once each whatever the
number of pages; each new table is pushed to every page that shows it (server-sent events),
encoded once for all of them. Pages never poll, and requests never touch the store: 500 open
pages cost one look at the store, not 500.

Each page is one connection and one small task on the event loop, never a thread; what waits
to be sent to a page is bounded (a page that reads slowly is sent the newest table when it
catches up, never a queue of old ones), and the number of pages open at once is capped
(`serve.PAGES`, within the open-files limit `serve` raises).

Read-only by construction: the store is opened with `readonly=True` by the watcher alone; every
route is a GET; a request without the access token (compared in constant time) gets 403. With
`--seats`, each seat has a token of its own that opens that seat's page alone (`Guard`).
Starlette is imported here, so only `referee serve` loads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import re
import threading
import time
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, quote

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from referee.after import night
from referee.cli.generate import group_of
from referee.cli.live import store_version
from referee.cli.web import page
from referee.cli.web.seat import seat_fragment
from referee.model.errors import RefereeError, StorageError
from referee.model.i18n import _
from referee.record import session
from referee.record.store import Store

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore

EVERY = 0.1  # seconds between two looks at SQLite's `data_version` (one costs ~50 µs)
EVERY_SERVER = 0.25  # between two looks at a store without one (a club's server: a query over the network)
KEEPALIVE = 15.0  # seconds between two comments on an idle event stream
SID = re.compile(r"^[\w.-]{1,80}$")
CURRENT, ALL, LEAGUE = "current", "all", "league"
SEAT = "p:"  # a seat's page: p:NAME


class Hub:
    """The tables as last rendered (key -> `Table`) and, for each key, what its pages wait on.

    Lives on the event loop; the watcher thread hands it new tables through `publish`."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}
        self._wanted: set[str] = set()
        self._lock = threading.Lock()  # the watcher thread reads what pages want
        self._moved: dict[str, asyncio.Event] = {}  # by key: set (and replaced) when its table changes
        self.changed = asyncio.Event()  # any table changed (a page waiting for its first one), or stopping
        self.stopping = False

    def want(self, key: str) -> None:
        with self._lock:
            self._wanted.add(key)

    def wanted(self) -> set[str]:
        with self._lock:
            return set(self._wanted)

    def publish(self, updates: dict[str, tuple[str, str]]) -> None:
        fresh = False
        for key, (title, html) in updates.items():
            version = hashlib.sha256(html.encode("utf-8")).hexdigest()[:16]
            if key not in self.tables or self.tables[key].version != version:
                self.tables[key] = Table(version, title, html)
                fresh = True
                moved = self._moved.pop(key, None)
                if moved is not None:
                    moved.set()
        if fresh:
            self.wake()

    def moved(self, key: str) -> asyncio.Event:
        """What the pages of `key` wait on: set when its table changes (or the server stops)."""
        if key not in self._moved:
            self._moved[key] = asyncio.Event()
        return self._moved[key]

    def wake(self) -> None:
        old, self.changed = self.changed, asyncio.Event()
        old.set()

    def stop(self) -> None:
        self.stopping = True
        for event in self._moved.values():
            event.set()
        self.wake()

    async def wait_for(self, key: str, timeout: float) -> Table | None:
        """The table for `key`, waiting (up to `timeout`) for its first rendering."""
        self.want(key)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while key not in self.tables and not self.stopping:
            left = deadline - loop.time()
            if left <= 0:
                return None
            try:
                async with asyncio.timeout(left):
                    await self.changed.wait()
            except TimeoutError:
                return None
        return self.tables.get(key)


class Table:
    """One rendering of a page's table: its version, title and HTML, and the event that pushes
    it, encoded once for every page that shows it."""

    __slots__ = ("_event", "html", "title", "version")

    def __init__(self, version: str, title: str, html: str) -> None:
        self.version, self.title, self.html = version, title, html
        self._event: bytes | None = None

    @property
    def event(self) -> bytes:
        if self._event is None:
            data = json.dumps({"v": self.version, "title": self.title, "html": self.html}, ensure_ascii=False)
            self._event = f"event: table\ndata: {data}\n\n".encode()
        return self._event


def session_of(key: str, fixed: str | None) -> str | None:
    """The one session a page's key shows (a table's page, a seat's), None for a page that
    follows the store as a whole (the current table, the chooser, the league's night)."""
    if key.startswith("s:"):
        return key[2:]
    if key.startswith(SEAT):
        return fixed
    return None


def order(key: str) -> int:
    """Which tables are drawn first after a change: the tables' own pages, then the ones that
    follow the store (the league's night), then the seats' (the costliest: their hints)."""
    return 2 if key.startswith(SEAT) else 0 if key.startswith("s:") or key == CURRENT else 1


class Watcher(threading.Thread):
    """Owns the read-only store: each tick, one look at the store's version for all pages
    (SQLite's `data_version`), and when it moved, one look at the head of each session a page
    shows; then one redraw of each table whose session moved (or that follows the store as a
    whole, or that a page asks for and is not drawn yet), pushed as soon as it is drawn."""

    def __init__(self, open_reader: Callable[[], Any], render: Callable[[Any, str], tuple[str, str]],
                 hub: Hub, loop: asyncio.AbstractEventLoop, fixed: str | None = None) -> None:
        super().__init__(name="referee-serve-watcher", daemon=True)
        self.open_reader, self.render, self.hub, self.loop = open_reader, render, hub, loop
        self.fixed = fixed
        self.stop = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        store = self.open_reader()
        seen: object = None
        done: dict[str, str] = {}  # key -> the head of its session (or the store's version) it was drawn at
        try:
            while not self.stop.is_set():
                wanted = self.hub.wanted()
                began = time.monotonic()
                version = self.version(store, wanted)
                took = time.monotonic() - began
                if version != seen or wanted - done.keys():
                    seen = version
                    heads = {sid: self.head(store, sid) for sid in {session_of(k, self.fixed) for k in wanted} if sid}
                    for key in sorted(wanted, key=order):
                        sid = session_of(key, self.fixed)
                        mark = heads[sid] if sid else repr(version)
                        if done.get(key) == mark:
                            continue  # its session did not move: the table it shows is the same
                        done[key] = mark
                        update = {key: self.safely(store, key)}  # each pushed as soon as it is drawn
                        self.loop.call_soon_threadsafe(self.hub.publish, update)
                # a look that costs (a club's server holding a national league): at most a fifth of the time
                self.stop.wait(max(EVERY if callable(getattr(store, "data_version", None)) else EVERY_SERVER, 4 * took))
        finally:
            store.close()

    def version(self, store: Any, wanted: set[str]) -> object:
        """What changes when another process writes: SQLite's `data_version`, a club's
        server's `change_mark` (`store_version`); a store with neither: the heads of the
        sessions shown when every page shows one session, else the sessions' list."""

        if any(callable(getattr(store, name, None)) for name in ("data_version", "change_mark")) or \
                any(not session_of(k, self.fixed) for k in wanted):
            return store_version(store)
        return tuple(sorted((sid, self.head(store, sid)) for sid in {session_of(k, self.fixed) for k in wanted} if sid))

    def head(self, store: Any, sid: str) -> str:
        """Session `sid`'s row as stored (its log's head, length, seal, summary, status): what
        changes with every action, undo, correction, rename or deletion of it."""
        try:
            return json.dumps(store.session(sid), sort_keys=True, default=str)
        except Exception as exc:  # a session not there (yet): its page says so, drawn again when it comes
            return f"{type(exc).__name__}: {exc}"

    def safely(self, store: RecordStore, key: str) -> tuple[str, str]:
        """A table that cannot be drawn says so on its page; the watcher goes on."""
        try:
            return self.render(store, key)
        except Exception as exc:  # a defect in a board's drawing: never the end of the server
            return page.message_fragment(_("Cannot draw this table"), f"{type(exc).__name__}: {exc}")


def render_key(store: RecordStore, key: str, fixed: str | None, base: str,
               seats: dict[str, tuple[str, str]] | None = None, league: str | None = None) -> tuple[str, str]:
    """(title, fragment) for a page's key: the current table, the chooser, the league's night,
    one session, or a seat's page (`p:NAME`, of the fixed session)."""
    if key == LEAGUE and league is not None:
        try:
            return page.league_fragment(night.gather(store, league), base)
        except RefereeError as exc:
            return page.message_fragment(_("Not available"), exc.message)
    if key == ALL:
        return page.chooser_fragment(store.sessions(), base)
    if key.startswith(SEAT) and fixed is not None and seats and key[2:] in seats:
        return seat_key(store, fixed, seats[key[2:]][0])
    sid = key[2:] if key.startswith("s:") else fixed
    if sid is None:  # the table most recently played at, finished or not
        sid = latest(store)
        if sid is None:
            return page.message_fragment(_("No game yet"), _("Start one at the terminal; it shows here."))
    try:
        meta = store.session(sid)
        if meta["status"] == "deleted":
            return page.message_fragment(_("Deleted"), _("The session {sid} was deleted.").format(sid=sid))
        return page.table_fragment(session.load(store, sid))
    except RefereeError as exc:
        return page.message_fragment(_("Not available"), f"{sid}: {exc.message}")


def latest(store: RecordStore) -> str | None:
    """The session most recently played at, finished or not (None: no session yet), without
    reading every session of a store that holds a league's 100,000: a SQLite file's current
    session is the whole file's; a club's server's is its role's, so there the list's first."""

    if isinstance(store, Store):
        try:
            return store.current_session()
        except StorageError:  # none yet
            return None
    rows = store.sessions(include_over=True)
    return str(rows[0]["id"]) if rows else None


def seat_key(store: RecordStore, sid: str, seat: str) -> tuple[str, str]:
    """(title, fragment) of one seat's page of session `sid`: the table and what it alone holds."""
    try:
        loaded = session.load(store, sid)
    except RefereeError as exc:
        return page.message_fragment(_("Not available"), f"{sid}: {exc.message}")
    return seat_fragment(loaded, seat, group_of(loaded.game), store)


class Guard:
    """Before any route: only GET (and HEAD), else 405; a token as the path's first part, else
    403, each compared in constant time. The table's token opens the table's pages; a seat's
    token (`--seats`) opens that seat's page and its event stream alone: any other path with it,
    and a seat's page with any other token, is 403. The route reads who is looking from the
    scope (`viewer`: None for the table)."""

    def __init__(self, app: ASGIApp, token: str, seats: dict[str, str] | None = None) -> None:
        self.app, self.token = app, token.encode()
        self.seats = [(theirs.encode(), name) for name, theirs in (seats or {}).items()]

    def viewer(self, first: bytes) -> tuple[bool, str | None]:
        """(known, seat) for the path's first part: every token compared, whichever matches."""
        known, seat = hmac.compare_digest(first, self.token), None
        for token, name in self.seats:
            if hmac.compare_digest(first, token):
                known, seat = True, name
        return known, seat

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            response: Response = PlainTextResponse(_("Read-only: only GET."), status_code=405,
                                                   headers={"Allow": "GET, HEAD"})
            await response(scope, receive, send)
            return
        first, _slash, rest = scope["path"].lstrip("/").partition("/")
        known, seat = self.viewer(first.encode())
        asked = dict(parse_qsl(scope.get("query_string", b"").decode("utf-8", "replace"))).get("k", "")
        if known and (rest.startswith("seat/") or asked.startswith(SEAT) or seat is not None):
            known = seat is not None and (rest == f"seat/{seat}" or (rest == "events" and asked == SEAT + seat))
        if not known:
            await PlainTextResponse(_("Forbidden: scan the address the referee printed."),
                                    status_code=403)(scope, receive, send)
            return
        scope["viewer"] = seat
        await self.app(scope, receive, send)


def build(token: str, open_reader: Callable[[], Any], fixed: str | None,
          seats: dict[str, tuple[str, str]] | None = None,
          league: str | None = None) -> tuple[Starlette, Callable[[], None]]:
    """The application; `fixed`: serve only that session (`--session`); `seats`: each seat's
    page of it (`--seats`), by player name: (seat key, token); `league`: its home is that
    league's standings page (`--league`), each table's page a link from it."""
    home_key = LEAGUE if league is not None else CURRENT if fixed is None else f"s:{fixed}"
    base = f"/{token}/"
    seats = seats or {}
    hub = Hub()
    state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await startup()
        try:
            yield
        finally:
            await shutdown()

    async def startup() -> None:
        state["loop"] = asyncio.get_running_loop()
        hub.changed = asyncio.Event()
        watcher = Watcher(open_reader, lambda store, key: render_key(store, key, fixed, base, seats, league),
                          hub, asyncio.get_running_loop(), fixed)
        state["watcher"] = watcher
        hub.want(home_key)
        watcher.start()

    async def shutdown() -> None:
        hub.stop()
        if "watcher" in state:
            state["watcher"].stop.set()

    def halt() -> None:
        """From any thread (a signal handler): end every event stream, so the server stops at once."""
        if "loop" in state:
            state["loop"].call_soon_threadsafe(hub.stop)

    async def show(key: str, at: str = base, heading: str | None = None) -> Response:
        found = await hub.wait_for(key, 10.0)
        if found is None:
            return PlainTextResponse(_("The table is not ready; reload."), status_code=503)
        events = f"{at}events?k={quote(key)}"
        return HTMLResponse(page.document(found.title, found.html, found.version, events, heading),
                            headers=page.HEADERS)

    async def seat_page(request: Request) -> Response:
        name = request.scope.get("viewer")  # the guard let only this seat's own token through
        if name is None or name not in seats:
            return PlainTextResponse(_("No such table here."), status_code=404)
        return await show(SEAT + name, f"/{seats[name][1]}/", _("referee · {name}'s own page").format(name=name))

    async def home(request: Request) -> Response:
        return await show(home_key)

    async def chooser(request: Request) -> Response:
        if fixed is not None:
            return PlainTextResponse(_("Only one table is served."), status_code=404)
        return await show(ALL)

    async def one(request: Request) -> Response:
        sid = request.path_params["sid"]
        if not SID.match(sid) or (fixed is not None and sid != fixed):
            return PlainTextResponse(_("No such table here."), status_code=404)
        return await show(f"s:{sid}")

    async def events(request: Request) -> Response:
        key = request.query_params.get("k", "")
        viewer = request.scope.get("viewer")
        allowed = (key == SEAT + viewer and viewer in seats) if viewer is not None else (
            (key in (CURRENT, ALL) and fixed is None) or (key == LEAGUE and league is not None) or (
                key.startswith("s:") and SID.match(key[2:]) and (fixed is None or key[2:] == fixed)))
        if not allowed:
            return PlainTextResponse(_("No such table here."), status_code=404)
        return StreamingResponse(stream(key), media_type="text/event-stream",
                                 headers={**page.HEADERS, "X-Accel-Buffering": "no"})

    async def stream(key: str) -> AsyncIterator[bytes]:
        """A page's events: its table now, then each new one; a slow page is sent the newest
        when it has read the one before (never a queue of old ones)."""
        yield b"retry: 1000\n\n"
        sent = ""
        found = await hub.wait_for(key, 10.0)
        while not hub.stopping:
            moved = hub.moved(key)  # before the table is read: a change in between is not missed
            found = hub.tables.get(key, found)
            if found is not None and found.version != sent:
                sent = found.version
                yield found.event
                continue  # another change while this one was being sent: the newest next
            try:
                async with asyncio.timeout(KEEPALIVE):
                    await moved.wait()
            except TimeoutError:
                yield b": still here\n\n"

    routes = [Route(f"{base}", home, methods=["GET"]), Route(f"{base}all", chooser, methods=["GET"]),
              Route(f"{base}s/{{sid}}", one, methods=["GET"]), Route(f"{base}events", events, methods=["GET"])]
    for _seat, seat_token in seats.values():  # a seat's page and its events, under its own token
        routes += [Route(f"/{seat_token}/seat/{{name:path}}", seat_page, methods=["GET"]),
                   Route(f"/{seat_token}/events", events, methods=["GET"])]
    app = Starlette(routes=routes, lifespan=lifespan)
    return app, halt


def guarded(token: str, open_reader: Callable[[], Any], fixed: str | None,
            seats: dict[str, tuple[str, str]] | None = None,
            league: str | None = None) -> tuple[ASGIApp, Callable[[], None]]:
    """The application behind its guard, and what ends its event streams when the server stops;
    `seats`: by player name, (seat key, token) of each seat's own page; `league`: the league's page."""
    app, halt = build(token, open_reader, fixed, seats, league)
    return Guard(app, token, {name: t for name, (_seat, t) in (seats or {}).items()}), halt
