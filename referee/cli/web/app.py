"""The live web view's server: one watcher thread looks at the store's version ~4 times a
second and, when it changed, reloads each table a page shows once and pushes it to every page
(server-sent events). Pages never poll, and requests never touch the store.

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
from referee.model.errors import RefereeError
from referee.model.i18n import _
from referee.record import session

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore

EVERY = 0.25  # seconds between two looks at the store's version
KEEPALIVE = 15.0  # seconds between two comments on an idle event stream
SID = re.compile(r"^[\w.-]{1,80}$")
CURRENT, ALL, LEAGUE = "current", "all", "league"
SEAT = "p:"  # a seat's page: p:NAME


class Hub:
    """The tables as last rendered (key -> (version, title, fragment)) and who waits for a change.

    Lives on the event loop; the watcher thread hands it new tables through `publish`."""

    def __init__(self) -> None:
        self.tables: dict[str, tuple[str, str, str]] = {}
        self._wanted: set[str] = set()
        self._lock = threading.Lock()  # the watcher thread reads what pages want
        self.changed = asyncio.Event()
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
            if self.tables.get(key, ("",))[0] != version:
                self.tables[key] = (version, title, html)
                fresh = True
        if fresh:
            self.wake()

    def wake(self) -> None:
        old, self.changed = self.changed, asyncio.Event()
        old.set()

    async def wait_for(self, key: str, timeout: float) -> tuple[str, str, str] | None:
        """The table for `key`, waiting (up to `timeout`) for its first rendering."""
        self.want(key)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while key not in self.tables and not self.stopping:
            left = deadline - loop.time()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None
        return self.tables.get(key)


class Watcher(threading.Thread):
    """Owns the read-only store: one version check per tick for all pages, then one reload of
    each table shown when it changed (or when a page asks for a table not rendered yet)."""

    def __init__(self, open_reader: Callable[[], Any], render: Callable[[Any, str], tuple[str, str]],
                 hub: Hub, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(name="referee-serve-watcher", daemon=True)
        self.open_reader, self.render, self.hub, self.loop = open_reader, render, hub, loop
        self.stop = threading.Event()
        self.error: str | None = None

    def run(self) -> None:
        store = self.open_reader()
        seen: object = None
        done: set[str] = set()
        try:
            while not self.stop.is_set():
                version = store_version(store)
                wanted = self.hub.wanted()
                keys = wanted if version != seen else wanted - done
                if keys:
                    seen = version
                    done |= keys
                    for key in sorted(keys, key=lambda k: k.startswith(SEAT)):  # each pushed once drawn,
                        update = {key: self.safely(store, key)}  # the table's before the seats' (their hints)
                        self.loop.call_soon_threadsafe(self.hub.publish, update)
                self.stop.wait(EVERY)
        finally:
            store.close()

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
        rows = store.sessions(include_over=True)
        if not rows:
            return page.message_fragment(_("No game yet"), _("Start one at the terminal; it shows here."))
        sid = rows[0]["id"]
    try:
        meta = store.session(sid)
        if meta["status"] == "deleted":
            return page.message_fragment(_("Deleted"), _("The session {sid} was deleted.").format(sid=sid))
        return page.table_fragment(session.load(store, sid))
    except RefereeError as exc:
        return page.message_fragment(_("Not available"), f"{sid}: {exc.message}")


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
                          hub, asyncio.get_running_loop())
        state["watcher"] = watcher
        hub.want(home_key)
        watcher.start()

    async def shutdown() -> None:
        end_streams()
        if "watcher" in state:
            state["watcher"].stop.set()

    def end_streams() -> None:
        hub.stopping = True
        hub.wake()

    def halt() -> None:
        """From any thread (a signal handler): end every event stream, so the server stops at once."""
        if "loop" in state:
            state["loop"].call_soon_threadsafe(end_streams)

    async def show(key: str, at: str = base, heading: str | None = None) -> Response:
        found = await hub.wait_for(key, 10.0)
        if found is None:
            return PlainTextResponse(_("The table is not ready; reload."), status_code=503)
        version, title, fragment = found
        events = f"{at}events?k={quote(key)}"
        return HTMLResponse(page.document(title, fragment, version, events, heading), headers=page.HEADERS)

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

    async def stream(key: str) -> AsyncIterator[str]:
        yield "retry: 1000\n\n"
        sent = ""
        found = await hub.wait_for(key, 10.0)
        while not hub.stopping:
            if found is not None and found[0] != sent:
                version, title, fragment = found
                sent = version
                data = json.dumps({"v": version, "title": title, "html": fragment}, ensure_ascii=False)
                yield f"event: table\ndata: {data}\n\n"
            try:
                await asyncio.wait_for(hub.changed.wait(), KEEPALIVE)
            except TimeoutError:
                yield ": still here\n\n"
            found = hub.tables.get(key)

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
