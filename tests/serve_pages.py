"""Many open pages on `referee serve` at once, as many phones would hold them: each an event
stream read on one asyncio loop in a thread of its own (raw sockets, HTTP/1.1 chunked, no client
library), noting when each table was pushed to it. The benchmark (`tests/bench_serve.py`) and the
tests of many pages (`tests/test_serve_many.py`) share it."""

from __future__ import annotations

import asyncio
import json
import re
import resource
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

PUSHED = re.compile(rb'^event: table\ndata: \{"v": "([0-9a-f]+)"')


def enough_files(wanted: int) -> int:
    """This process's soft limit of open files raised to `wanted` (at most the hard limit): the
    soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


@dataclass
class Page:
    """One open page: the tables pushed to it, as (when, version), and the last one's HTML when
    the pages keep it."""

    url: str
    pushed: list[tuple[float, str]] = field(default_factory=list)
    html: str = ""
    status: int = 0
    ended: bool = False

    @property
    def version(self) -> str:
        return self.pushed[-1][1] if self.pushed else ""

    def since(self, start: float) -> float | None:
        """When the first table after `start` reached it (None: none yet)."""
        return next((when for when, _v in self.pushed if when >= start), None)


class Pages:
    """`urls` opened at once (a context manager); `wait(condition, deadline)` waits, without
    sleeping, until `condition(pages)` holds, woken at each table pushed."""

    def __init__(self, urls: list[str], keep_html: bool = False) -> None:
        self.pages = [Page(url) for url in urls]
        self.keep_html = keep_html
        self.changed = threading.Condition()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="pages", daemon=True)
        self._tasks: list[asyncio.Task] = []

    def __enter__(self) -> Pages:
        enough_files(len(self.pages) + 256)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._open(), self._loop).result(120)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(30)
        self._loop.close()

    async def _open(self) -> None:
        self._tasks = [asyncio.get_running_loop().create_task(self._read(page)) for page in self.pages]

    async def _close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _note(self) -> None:
        with self.changed:
            self.changed.notify_all()

    async def _read(self, page: Page) -> None:
        parts = urlsplit(page.url)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        writer = None
        try:
            reader, writer = await asyncio.open_connection(parts.hostname, parts.port, limit=1 << 22)
            writer.write(f"GET {target} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: text/event-stream\r\n"
                         "Cache-Control: no-cache\r\n\r\n".encode())
            await writer.drain()
            head = await reader.readuntil(b"\r\n\r\n")
            page.status = int(head.split(b" ", 2)[1])
            self._note()
            if page.status != 200 or b"chunked" not in head.lower():
                return
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    return
                chunk = await reader.readexactly(size + 2)
                found = PUSHED.match(chunk)
                if found:
                    page.pushed.append((time.monotonic(), found.group(1).decode()))
                    if self.keep_html:
                        page.html = json.loads(chunk[chunk.index(b"{"):].decode("utf-8"))["html"]
                    self._note()
        except (OSError, asyncio.IncompleteReadError, ValueError):
            return
        finally:
            page.ended = True
            self._note()
            if writer is not None:
                writer.close()

    def wait(self, condition: Callable[[list[Page]], bool], deadline: float, what: str = "") -> bool:
        """Whether `condition(pages)` came to hold within `deadline` seconds."""
        end = time.monotonic() + deadline
        with self.changed:
            while not condition(self.pages):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self.changed.wait(min(left, 0.5))
        return True
