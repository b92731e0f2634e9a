"""A test-only proxy between libpq and the test server (a Unix socket on each side) that drops a
client's connection at its next COMMIT, once armed:

- `after`: the COMMIT is forwarded, the server runs it and answers; the answer is thrown away and
  the client's connection closed (the server committed; the client never hears it);
- `before`: the client's connection is closed with the COMMIT unsent (the server never gets it).

Every other byte is passed through as it is, both ways; new connections keep being accepted,
unless the drop was armed with `then_down`: then the server is out of reach (every new connection
closed at once) until `up()`.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
from urllib.parse import quote

SOCKET = ".s.PGSQL.5432"  # libpq's name for the socket of port 5432 in a folder
READY = b"Z\x00\x00\x00\x05"  # ReadyForQuery: the server's answer to a statement is complete


class DropProxy:
    def __init__(self, server_dir: str) -> None:
        self.server_dir = server_dir
        self.dir = tempfile.mkdtemp(prefix="refproxy")
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(os.path.join(self.dir, SOCKET))
        self.listener.listen(16)
        self.armed: str | None = None
        self.then_down = False
        self.down = False
        self.dropped = threading.Event()  # set once the armed drop has happened
        self.commits_seen = 0
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, url: str) -> str:
        """The same URL, through the proxy."""
        return url.replace(quote(self.server_dir, safe=""), quote(self.dir, safe=""))

    def arm(self, when: str, then_down: bool = False) -> None:
        assert when in ("after", "before")
        self.dropped.clear()
        self.then_down = then_down
        self.armed = when

    def up(self) -> None:
        self.down = False

    def close(self) -> None:
        self.listener.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.down:
                client.close()
                continue
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.connect(os.path.join(self.server_dir, SOCKET))
            _Pair(self, client, server)

    def take(self, chunk: bytes) -> str | None:
        """The drop to make at this chunk from a client, if it carries a COMMIT and one is armed."""
        if b"COMMIT\x00" not in chunk:
            return None
        with self._lock:
            self.commits_seen += 1
            when, self.armed = self.armed, None
        return when

    def drop(self) -> None:
        """The armed drop happens now (said before the client can notice)."""
        self.down = self.then_down
        self.dropped.set()


class _Pair:
    def __init__(self, proxy: DropProxy, client: socket.socket, server: socket.socket) -> None:
        self.proxy, self.client, self.server = proxy, client, server
        self.swallow = False  # the server's answer to the COMMIT: thrown away
        threading.Thread(target=self._up, daemon=True).start()
        threading.Thread(target=self._down, daemon=True).start()

    def _close(self, sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()

    def _up(self) -> None:  # client -> server
        try:
            while chunk := self.client.recv(65536):
                when = self.proxy.take(chunk)
                if when == "before":
                    self.proxy.drop()
                    self._close(self.client)
                    self._close(self.server)
                    return
                if when == "after":
                    self.swallow = True
                self.server.sendall(chunk)
        except OSError:
            pass
        self._close(self.server)

    def _down(self) -> None:  # server -> client
        seen = b""
        try:
            while chunk := self.server.recv(65536):
                if self.swallow:
                    seen += chunk
                    if READY in seen:  # the server has committed and said so: the client never hears it
                        self.proxy.drop()
                        self._close(self.client)
                        self._close(self.server)
                        return
                    continue
                self.client.sendall(chunk)
        except OSError:
            pass
        self._close(self.client)
