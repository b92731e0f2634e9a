"""Load benchmark of `referee serve` (a script, not a test):
`python tests/bench_serve.py [PAGES] [ACTIONS] [SMALL] [seats,league,current]`.

A club's night on one machine: PAGES (500 by default) pages open at once on one server, each an
event stream as a phone's page holds it (raw sockets on one asyncio loop, `tests/serve_pages.py`),
in two setups, each on a real SQLite store:

- `--seats`: one Crôa! table, half the pages the table's, the other half split between the two
  players' own pages (each under its seat's token);
- `--league`: a league of eight players drawn to four tables, each table's game started; 40% of
  the pages the standings page, the rest split between the four tables' pages;
- plain `serve` (the table last played at) on a store that also holds 100,000 finished sessions,
  every page on that table.

Then ACTIONS (10 by default) actions are typed at table 1, each a whole `referee` process
(`croa move a2 a3 -t reeds`, then `undo`, in turn), as a second terminal at the table runs it.
For each: the process's own time, and from its start (Enter pressed) until the first page, the
median page and the last of the pages that show table 1 received the table it changed (the
other tables' pages must receive nothing), and the last page's time after the process ended.
Then the server's resident memory (idle, with the pages open, after the actions) and its CPU
time: to open the pages, per action, and while nothing is typed.

Finally, what many pages cost the typist: the median time of one `croa move` process (SMALL runs,
15 by default) with no server, with the pages open, and with no server again. Everything is on
loopback and stops by itself; run it niced on a shared machine (`nice -n 10`).
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote

from serve_pages import Pages, enough_files

MOVE = ["croa", "move", "a2", "a3", "-t", "reeds"]
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def referee(db: Path, *args: str) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "referee", "--db", str(db), *args], check=True,
                          capture_output=True, text=True, timeout=120)
    return time.perf_counter() - start, done.stdout


def proc_stat(pid: int) -> tuple[float, float]:
    """(CPU seconds used so far, resident memory in MB) of a process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        rss = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                   if line.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return 0.0, 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), rss / 1024


class Server:
    """`referee serve ARGS` in a child process; its printed lines (the addresses) kept."""

    def __init__(self, db: Path, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "referee", "--db", str(db), "serve", "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.lines: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stdout is not None
            for line in self.proc.stdout:
                self.lines.append(line)
                if line.startswith("Ctrl-C stops"):
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(60):
            raise SystemExit("referee serve printed no address:\n" + "".join(self.lines))
        found = [re.search(r"http://\S+/", line) for line in self.lines]
        self.url = next(m.group(0) for m in found if m)
        self.seats = {m.group(1): m.group(2) for m in
                      (re.match(r"^(\w+): (http://\S+)$", line.strip()) for line in self.lines) if m}

    def stop(self) -> None:
        if self.proc.poll() is not None:
            return
        self.proc.send_signal(2)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def stream(url: str, key: str) -> str:
    """The event stream's address of a page's key, under the token `url` starts with."""
    base = re.match(r"^(http://[^/]+/[^/]+/)", url)
    assert base is not None
    return f"{base.group(1)}events?k={quote(key)}"


def seats_setup(db: Path, pages: int) -> tuple[list[str], list[str], Server]:
    """(the pages' addresses, the session of table 1, the server) of one table served with --seats:
    every page shows table 1."""
    referee(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "3")
    server = Server(db, "--seats")
    sid = "croa-1"
    urls = [stream(server.url, f"s:{sid}")] * (pages - pages // 2)
    names = sorted(server.seats)
    urls += [stream(server.seats[names[i % len(names)]], f"p:{names[i % len(names)]}") for i in range(pages // 2)]
    return urls, [sid], server


def league_setup(db: Path, pages: int) -> tuple[list[str], list[str], Server]:
    """(the pages' addresses, the round's sessions (table 1's first), the server) of a league's night:
    the standings page shows table 1 (its turn, whose turn), and table 1's own page."""
    referee(db, "league", "new", "Night", "--game", "croa")
    _t, said = referee(db, "--json", "club", "seat", "--league", "Night", "--tables", "4",
                       *[a for p in PLAYERS for a in ("--player", p)])
    sids = []
    for first, second in json.loads(said)["result"]["tables"]:
        referee(db, "croa", "new", "--player", f"{first}:red", "--player", f"{second}:blue", "--seed", "3",
                "--league", "Night")
        sids.append(f"croa-{len(sids) + 1}")
    server = Server(db, "--league", "Night")
    league = pages * 2 // 5
    urls = [stream(server.url, "league")] * league
    urls += [stream(server.url, f"s:{sids[i % len(sids)]}") for i in range(pages - league)]
    return urls, sids, server


def current_setup(db: Path, pages: int, others: int = 100_000) -> tuple[list[str], list[str], Server]:
    """(the pages' addresses, the table, the server) of `referee serve` (the current table) on a
    store that also holds `others` finished sessions: a national league's record. They are the
    table's session row copied at the SQL level as finished games (their logs left out: serve
    never reads them; `tests/bench_club.py` fills a store with real ones)."""
    import sqlite3

    referee(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "3")
    with sqlite3.connect(db) as raw:
        names = [r[1] for r in raw.execute("PRAGMA table_info(sessions)")]
        row = raw.execute("SELECT * FROM sessions WHERE id = 'croa-1'").fetchone()
        at = {name: i for i, name in enumerate(names)}

        def copy(n: int) -> list:
            out = list(row)
            out[at["id"]], out[at["status"]], out[at["used"]] = f"croa-old{n}", "over", out[at["used"]] - 1 - n
            return out

        raw.executemany(f"INSERT INTO sessions VALUES ({', '.join('?' * len(names))})", (copy(n) for n in range(others)))
    server = Server(db)
    return [stream(server.url, "current")] * pages, ["croa-1"], server


def ms(seconds: float | None) -> str:
    return "   -   " if seconds is None else f"{seconds * 1000:6.0f} ms"


def night(name: str, setup, pages: int, actions: int, small: int, tmp: Path) -> None:
    db = tmp / f"{name.split()[0]}.db"
    urls, sids, server = setup(db, pages)
    others = {stream(server.url, f"s:{sid}") for sid in sids[1:]}  # the other tables' pages: unchanged
    shows = [url not in others for url in urls]
    showing = sum(shows)
    try:
        cpu0, idle = proc_stat(server.proc.pid)
        start = time.monotonic()
        with Pages(urls) as opened:
            if not opened.wait(lambda ps: all(p.pushed or p.ended for p in ps), 120):
                raise SystemExit("some pages got no table within 120 s")
            failed = [p for p in opened.pages if not p.pushed]
            if failed:
                raise SystemExit(f"{len(failed)} pages were refused (HTTP {failed[0].status})")
            print(f"\n{name}: {pages} pages open in {time.monotonic() - start:.1f} s "
                  f"(server RSS idle {idle:.0f} MB)")
            _c, held = proc_stat(server.proc.pid)
            quiet, _r = proc_stat(server.proc.pid)
            opened.wait(lambda ps: False, 5.0)  # 5 s with every page open and nothing typed
            still = proc_stat(server.proc.pid)[0] - quiet
            print("  action        process   1st page  median page   last page   pages that saw it,"
                  " last page after the process ended (times from Enter)")
            cpu1, _r = proc_stat(server.proc.pid)
            worst = 0.0
            rows: list[tuple[float, float, float, float, float]] = []
            for n in range(actions):
                words = MOVE if n % 2 == 0 else ["undo"]
                versions = [p.version for p in opened.pages]
                begun = time.monotonic()
                took, _out = referee(db, "--session", sids[0], *words)

                def seen(ps, versions=versions):
                    return all(p.version != v for p, v, show in zip(ps, versions, shows, strict=True) if show)

                opened.wait(seen, 30)
                times = sorted(t - begun for p, v, show in zip(opened.pages, versions, shows, strict=True)
                               if show and p.version != v and (t := p.since(begun)) is not None)
                count = len(times)
                worst = max(worst, times[-1] if count == showing else float("inf"))
                if times:
                    rows.append((took, times[0], statistics.median(times), times[-1], times[-1] - took))
                label = " ".join(words[:2]) if words[0] == "croa" else "undo"
                print(f"  {label:<12}{ms(took)}  {ms(times[0] if times else None)}  "
                      f"{ms(statistics.median(times) if times else None)}  {ms(times[-1] if times else None)}"
                      f"   {count}/{showing}   {ms(times[-1] - took if times else None)}")
            moved = sum(p.version != v for p, v, show in zip(opened.pages, versions, shows, strict=True) if not show)
            if showing < pages:
                print(f"  (the other {pages - showing} pages show the other tables: {moved} of them were sent "
                      "anything new)")
            cpu2, after = proc_stat(server.proc.pid)
            print(f"  slowest action's last page: {ms(worst).strip()} from Enter")
            print("  medians over the actions: " + ", ".join(
                f"{what} {ms(statistics.median(r[i] for r in rows)).strip()}" for i, what in
                enumerate(("process", "1st page", "median page", "last page", "last page after the process")))
                  if rows else "  no page saw any action")
            print(f"  server RSS: idle {idle:.0f} MB, {pages} pages open {held:.0f} MB, after the actions "
                  f"{after:.0f} MB ({(after - idle) * 1024 / pages:.0f} kB a page)")
            print(f"  server CPU: {(cpu2 - cpu1) / actions * 1000:.0f} ms an action (all {pages} pages "
                  f"served), {cpu1 - cpu0:.1f} s to open them, {still / 5 * 100:.1f}% of a core while nothing "
                  "is typed")
            if small:
                with_pages = [referee(db, "--session", sids[0], *w)[0] for _ in range(small)
                              for w in (MOVE, ["undo"])][::2]
        if small:
            server.stop()
            alone = [referee(db, "--session", sids[0], *w)[0] for _ in range(small) for w in (MOVE, ["undo"])][::2]
            print(f"  one `croa move` process, median of {small}: {ms(statistics.median(alone)).strip()} "
                  f"no server, {ms(statistics.median(with_pages)).strip()} with the {pages} pages open")
    finally:
        server.stop()


NIGHTS = {
    "seats": ("seats (one table: the table's page and each player's own)", seats_setup),
    "league": ("league (the standings page and each table's page)", league_setup),
    "current": ("current (plain `serve`: the table last played at, the store holding 100,000 other sessions)",
                current_setup),
}


def main(pages: int = 500, actions: int = 10, small: int = 15, which: str = ",".join(NIGHTS)) -> None:
    enough_files(2 * pages + 256)
    with tempfile.TemporaryDirectory() as tmp:
        referee(Path(tmp) / "warm.db", "croa", "new", "--player", "A:red", "--player", "B:blue", "--seed", "3")
        for name in which.split(","):
            title, setup = NIGHTS[name]
            night(title, setup, pages, actions, small, Path(tmp))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]), *sys.argv[4:5])
