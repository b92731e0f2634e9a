"""The live web view's server: one watcher thread looks at the store's version ~4 times a
second and, when it changed, reloads each table a page shows once and pushes it to every page
(server-sent events). Pages never poll, and requests never touch the store.

Read-only by construction: the store is opened with `readonly=True` by the watcher alone; every
route is a GET; a request without the access token (compared in constant time) gets 403.
Starlette is imported here, so only `referee serve` loads it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import re
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from referee.cli.web import page
from referee.model.i18n import _

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore

EVERY = 0.25  # seconds between two looks at the store's version
KEEPALIVE = 15.0  # seconds between two comments on an idle event stream
SID = re.compile(r"^[\w.-]{1,80}$")
CURRENT, ALL, LEAGUE = "current", "all", "league"


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
        from referee.cli.live import store_version

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
                    updates = {key: self.safely(store, key) for key in keys}
                    done |= keys
                    self.loop.call_soon_threadsafe(self.hub.publish, updates)
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
               league: str | None = None) -> tuple[str, str]:
    """(title, fragment) for a page's key: the current table, the chooser, the league's night,
    or one session."""
    from referee.model.errors import RefereeError
    from referee.record import session

    if key == LEAGUE and league is not None:
        from referee.after import night

        try:
            return page.league_fragment(night.gather(store, league), base)
        except RefereeError as exc:
            return page.message_fragment(_("Not available"), exc.message)
    if key == ALL:
        return page.chooser_fragment(store.sessions(), base)
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


class Guard:
    """Before any route: only GET (and HEAD), else 405; the token as the path's first part,
    else 403 (compared in constant time)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app, self.token = app, token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] not in ("GET", "HEAD"):
            response: Response = PlainTextResponse(_("Read-only: only GET."), status_code=405,
                                                   headers={"Allow": "GET, HEAD"})
            await response(scope, receive, send)
            return
        first = scope["path"].lstrip("/").split("/", 1)[0].encode()
        if not secrets.compare_digest(first, self.token):
            await PlainTextResponse(_("Forbidden: scan the address the referee printed."),
                                    status_code=403)(scope, receive, send)
            return
        await self.app(scope, receive, send)


def build(token: str, open_reader: Callable[[], Any], fixed: str | None,
          league: str | None = None) -> tuple[Starlette, Callable[[], None]]:
    """The application; `fixed`: serve only that session (`--session`); `league`: its home is
    that league's standings page (`--league`), each table's page a link from it."""
    home_key = LEAGUE if league is not None else CURRENT if fixed is None else f"s:{fixed}"
    base = f"/{token}/"
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
        watcher = Watcher(open_reader, lambda store, key: render_key(store, key, fixed, base, league),
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

    async def show(key: str) -> Response:
        found = await hub.wait_for(key, 10.0)
        if found is None:
            return PlainTextResponse(_("The table is not ready; reload."), status_code=503)
        version, title, fragment = found
        events = f"{base}events?k={key}"
        return HTMLResponse(page.document(title, fragment, version, events), headers=page.HEADERS)

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
        allowed = (key in (CURRENT, ALL) and fixed is None) or (key == LEAGUE and league is not None) or (
            key.startswith("s:") and SID.match(key[2:]) and (fixed is None or key[2:] == fixed))
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
    app = Starlette(routes=routes, lifespan=lifespan)
    return app, halt


def guarded(token: str, open_reader: Callable[[], Any], fixed: str | None,
            league: str | None = None) -> tuple[ASGIApp, Callable[[], None]]:
    """The application behind its guard, and what ends its event streams when the server stops."""
    app, halt = build(token, open_reader, fixed, league)
    return Guard(app, token), halt
