"""`referee serve` run for real in a child process: its address read from what it prints, a
GET with or without the token, an event stream read until a condition holds (with a deadline),
and a headless Chromium page (Playwright driving Debian's chromium, never a downloaded one)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def why_no_browser() -> str | None:
    if CHROMIUM is None:
        return "chromium is not installed (apt-get install -y chromium fonts-dejavu-core)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install '.[test]')"
    return None


def referee(db: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """One whole `referee` process, as a second terminal at the table would run it."""
    done = subprocess.run([sys.executable, "-m", "referee", "--db", str(db), *args],
                          capture_output=True, text=True, timeout=120, check=False)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


class Served:
    def __init__(self, proc: subprocess.Popen, url: str, printed: list[str]) -> None:
        self.proc, self.url, self.printed = proc, url, printed

    @property
    def origin(self) -> str:
        return re.sub(r"^(http://[^/]+)/.*$", r"\1", self.url)


@contextmanager
def serving(db: Path, *args: str, deadline: float = 30.0,
            preexec_fn: Callable[[], None] | None = None) -> Iterator[Served]:
    """`referee --db DB serve --port 0 ARGS` until the block ends (then Ctrl-C, as at the table);
    `preexec_fn`: run in the child before it starts (a limit lowered, say)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "referee", "--db", str(db), "serve", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            preexec_fn=preexec_fn)
    printed: list[str] = []
    found: list[str] = []
    ready = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            printed.append(line)
            hit = re.search(r"http://\S+/", line)
            if hit and not found:
                found.append(hit.group(0))
            if line.startswith(("Ctrl-C stops", "Ctrl-C arrête")):  # the banner is whole (English, French)
                ready.set()
        ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        if not ready.wait(deadline) or not found:
            raise AssertionError("referee serve printed no address:\n" + "".join(printed))
        yield Served(proc, found[0], printed)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        reader.join(5)
    # reached only when the block went well: Ctrl-C stopped it at once and cleanly
    said = "".join(printed)
    assert proc.returncode == 0 and "Traceback" not in said and "ERROR" not in said, said


def get(url: str, method: str = "GET", timeout: float = 10.0) -> tuple[int, str, dict]:
    """(status, body, headers) of one request; an error status is returned, not raised."""
    request = urllib.request.Request(url, method=method, data=b"x" if method in ("POST", "PUT", "PATCH") else None)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as resp:
            return resp.status, resp.read().decode("utf-8"), dict(resp.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace"), dict(exc.headers)


def read_stream(url: str, until: Callable[[str], bool], deadline: float = 15.0) -> str:
    """Read an event stream until `until(text so far)` holds; fails at the deadline."""
    text = ""
    end = time.monotonic() + deadline
    with urllib.request.urlopen(url, timeout=deadline) as resp:
        assert resp.headers["Content-Type"].startswith("text/event-stream")
        while time.monotonic() < end:
            line = resp.readline()
            if not line:
                break
            text += line.decode("utf-8")
            if until(text):
                return text
    pytest.fail(f"the event stream never held what was awaited; it sent:\n{text[-2000:]}")


def wait_until(condition: Callable[[], bool], deadline: float = 15.0, what: str = "") -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.05)
    pytest.fail(f"not reached within {deadline} s: {what}")
