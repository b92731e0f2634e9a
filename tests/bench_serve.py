"""Load benchmark of `referee serve` (a script, not a test): `python tests/bench_serve.py [RUNS] [PAGES]`.

What many phones cost the typist: the time of one whole `referee croa move ...` process
(the median of RUNS, 15 by default), first with no server, then with the server running and
PAGES (20 by default) event streams open, each receiving every pushed table, then with no
server again. Each timed move is taken back with `undo` (not timed), so every run moves the
same frog on the same table. Only loopback traffic; everything stops by itself.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

MOVE = ["croa", "move", "a2", "a3", "-t", "reeds"]
NEW = ["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "3"]


def referee(db: Path, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "referee", "--db", str(db), *args], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
    return time.perf_counter() - start


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def moves(db: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        times.append(referee(db, *MOVE))
        referee(db, "undo")
    return times


class Page(threading.Thread):
    """One phone: an open event stream, counting the tables pushed to it."""

    def __init__(self, url: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url, self.stop, self.tables = url, stop, 0
        self.first = threading.Event()

    def run(self) -> None:
        with urllib.request.urlopen(self.url, timeout=120) as resp:
            while not self.stop.is_set():
                line = resp.readline()
                if not line:
                    return
                if line.startswith(b"event: table"):
                    self.tables += 1
                    self.first.set()


def main(runs: int = 15, pages: int = 20) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        referee(db, *NEW)
        referee(db, *MOVE)  # warm-up (bytecode cache), taken back
        referee(db, "undo")
        before = moves(db, runs)

        server = subprocess.Popen([sys.executable, "-m", "referee", "--db", str(db), "serve", "--port", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            assert server.stdout is not None
            url = ""
            deadline = time.monotonic() + 30
            while not url and time.monotonic() < deadline:
                found = re.search(r"http://\S+/", server.stdout.readline())
                url = found.group(0) if found else ""
            assert url, "the server printed no address"
            stop = threading.Event()
            phones = [Page(url + "events?k=current", stop) for _ in range(pages)]
            for phone in phones:
                phone.start()
            for phone in phones:
                assert phone.first.wait(30), "a page got no table"
            cpu = cpu_seconds(server.pid)
            served = moves(db, runs)
            settle = time.monotonic() + 5  # the last pushes reach every page
            while time.monotonic() < settle and min(p.tables for p in phones) < 2 * runs:
                time.sleep(0.05)
            pushed = [p.tables - 1 for p in phones]
            cpu = cpu_seconds(server.pid) - cpu
            stop.set()
        finally:
            server.terminate()
            server.wait(15)
        after = moves(db, runs)

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.0f} ms"

    print(f"one `referee croa move` process, median of {runs}:")
    print(f"  no server          {ms(before)}")
    print(f"  {pages} pages open      {ms(served)}  (each page got {min(pushed)}-{max(pushed)} pushed tables "
          f"for {2 * runs} changes)")
    print(f"  no server (again)  {ms(after)}")
    print(f"  the server's own CPU time meanwhile: {cpu:.2f} s for {2 * runs} changes "
          f"({cpu / (2 * runs) * 1000:.0f} ms a change, all {pages} pages served; the ~4 looks a second included)")
    print(f"  with pages / without: {statistics.median(served) / statistics.median(before + after):.2f}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
