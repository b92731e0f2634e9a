"""Club night at a national league's scale (a script, not a test):
`python tests/bench_club.py [N ...] [--pg] [--end]`.

For each N (default 1,000 and 10,000; give 100000 for a national league's season) it builds an
SQLite store of N finished sessions, every one in one league of its game (five leagues), then
times `stats`, `league standings` and `ratings` through the library (the command's own work, no
start-up), and one action at a table in a new process (`referee kleos glory ...`, start-up
included) with an empty store and with the full one; with `--end`, the action that ends a game
too (the Kleos example's last `next`, which writes the result row and the tallies; the ratings
wait for the next `ratings`). `--pg`
does the same on a throwaway PostgreSQL server (tests/pg_server.py) when one can be started.

How the sessions are made, fast: each session row and its `new` action row are written in bulk,
sealed as the session layer seals them (the same chain, digest and keyed seal, with the checked
mark a game's end leaves); then `referee.record.results.fill_all` writes every result row and
every aggregate in one pass: the bulk form of what the action that ends a game writes (the same
row, seal and tallies; the ratings in finishing order), and what the upgrade to schema 6 runs. A
real game's log is longer (about a hundred actions), which the readers here never read: they read
the result rows and the aggregates (and each one's last action row, an index probe). The
PostgreSQL store is a copy of the SQLite one (COPY), its seals made again by the server's key,
then vacuumed and analysed once (as autovacuum leaves a table after a bulk load). The first read
(`first stats`) is timed apart: on a club's server it checks every row and remembers them; the
other figures are the median of three reads after it.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_stats import _summary

from referee.after import league, ratings, stats
from referee.record import results
from referee.record.chain import canonical_json, keyed_input, link_text, row_digest, seal_text
from referee.record.stores import open_store

GAMES = ("kleos", "elysion", "cerebria", "croa", "kreus")
ROOT = Path(__file__).resolve().parent.parent
COPIED = ("sessions", "actions", "leagues", "league_sessions", "results", "result_players", "tallies",
          "rating_steps")


def _sessions(n: int) -> list[tuple]:
    """(id, game, summary text, time, action text, link, digest) of n finished sessions, one a
    minute up to now."""
    rng = random.Random(38)
    now = time.time()
    out = []
    for i in range(n):
        game = GAMES[i % len(GAMES)]
        summary = _summary(game, rng, True)
        sid = f"{game}-{i + 1}"
        when = now - (n - i) * 60.0
        action = canonical_json({"verb": "new", "players": [p["name"] for p in summary["players"]]})
        link = link_text("", action, "[]", "done")
        digest = row_digest("", 0, "[]", None, None, when, "1")
        out.append((sid, game, json.dumps(summary), when, action, link, digest))
    return out


def _seal_sessions(store, rows: list[tuple]) -> None:
    """Each session's keyed seal with the checked mark, as a game's end leaves it (in batches: a
    club's server seals a batch in one query)."""
    sealer = results._Sealer(store)
    for i in range(0, len(rows), 5000):
        chunk = rows[i:i + 5000]
        texts = []
        for sid, game, summary, when, _action, link, digest in chunk:
            fields = {"id": sid, "game": game, "name": "", "rules_version": "1", "status": "over",
                      "summary": summary, "created": when, "updated": when, "commitment": "", "seed_public": 1,
                      "origin": "", "unverified": 0}
            texts.append(keyed_input("c", seal_text(fields, link, 1, digest)))
        made = [m.split(":") for m in sealer.many(texts)]  # `k1:KID:MAC`; a session's is `k1:KID:c:MAC`
        store.db.executemany("UPDATE sessions SET head = ?, length = 1, digest = ?, seal = ? WHERE id = ?",
                             [(r[5], r[6], f"k1:{m[1]}:c:{m[2]}", r[0]) for r, m in zip(chunk, made, strict=True)])


def build(target: str, n: int) -> None:
    store = open_store(target)
    rows = _sessions(n)
    with store.write():
        for game in GAMES:
            store.league_new(f"bench-{game}", game, dict(league.DEFAULT_POINTS))
        store.db.executemany(
            "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
            " VALUES (?, ?, '', '1', '1', 'over', ?, ?, ?, ?)", [(r[0], r[1], r[2], r[3], r[3], r[3]) for r in rows])
        store.db.executemany(
            "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created, link,"
            " digest) VALUES (?, 0, ?, '[]', '[]', '1', 'done', ?, ?, ?)", [(r[0], r[4], r[3], r[5], r[6]) for r in rows])
        store.db.executemany("INSERT INTO league_sessions (league, session_id) VALUES (?, ?)",
                             [(f"bench-{r[1]}", r[0]) for r in rows])
        for game in GAMES:
            store.reseal_league(f"bench-{game}")
        _seal_sessions(store, rows)
        failing = results.fill_all(store, checked=True)
        assert not failing, failing[:3]
    store.close()


def copy_to_pg(src: str, url: str) -> None:
    """The SQLite store's rows copied to a new PostgreSQL store (COPY), then sealed again with the
    server's key: the sessions as the session layer seals them, the leagues, the result rows, the
    tallies and the steps by one statement each (the server computes every seal)."""
    import sqlite3

    open_store(url).close()  # the schema, the key
    lite = sqlite3.connect(src)
    store = open_store(url)
    raw = store.db.raw
    with raw.transaction():
        for table in COPIED:
            cols = [r[1] for r in lite.execute(f"PRAGMA table_info({table})")]
            with raw.cursor().copy(f"COPY {table} ({', '.join(cols)}) FROM STDIN") as copy:
                for row in lite.execute(f"SELECT {', '.join(cols)} FROM {table}"):
                    copy.write_row(row)
        for table, text in (("results", results.ROW_SQL), ("tallies", results.TALLY_SQL),
                            ("rating_steps", results.STEP_SQL)):
            raw.execute(f"UPDATE {table} SET seal = 'k1:' || referee_mac({text})")
    lite.close()
    with store.write():
        rows = [(sid, game, summary, float(when), "", head, digest) for sid, game, summary, when, head, digest in
                store.db.execute("SELECT id, game, summary, created, head, digest FROM sessions").fetchall()]
        _seal_sessions(store, rows)
        for game in GAMES:
            store.reseal_league(f"bench-{game}")
    store.db.raw.execute("VACUUM ANALYZE")  # as autovacuum leaves a table some time after a bulk load
    store.close()


def _time(fn, runs: int = 3) -> tuple[float, float]:
    """(wall, CPU) seconds, the median of `runs`: on a shared machine the CPU time is the steadier
    figure (the wall clock also counts the other processes' turns)."""
    samples = []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn()
        samples.append((time.perf_counter() - t, time.process_time() - c))
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def _child_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _referee(target: str, *args: str, stdin: str | None = None) -> None:
    subprocess.run([sys.executable, "-m", "referee", "--db", target, *args], input=stdin, text=True,
                   capture_output=True, check=True)


def action_time(target: str) -> str:
    """One action at a table in a new process (a Kleos game started fresh in that store)."""
    _referee(target, "kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion",
             "ares=4/3/2/1", "--champion", "athena=3/3/4/2", "--seed", "4")
    samples = []
    for _ in range(5):
        t, c = time.perf_counter(), _child_cpu()
        _referee(target, "kleos", "glory", "ares", "+1", "--reason", "bench")
        samples.append((time.perf_counter() - t, _child_cpu() - c))
    return _pair(samples)


def _pair(samples: list[tuple[float, float]]) -> str:
    return (f"{statistics.median(s[0] for s in samples):.3f} s wall, "
            f"{statistics.median(s[1] for s in samples):.3f} s CPU")


def end_time(target: str, runs: int = 2) -> str:
    """The action that ends a game (the Kleos example's last `next`) in a new process: the full
    check of its log, its result row and every aggregate written with it."""
    script = (ROOT / "examples" / "kleos.txt").read_text(encoding="utf-8").splitlines()
    last = max(i for i, line in enumerate(script) if line.strip() == "next")
    samples = []
    for _ in range(runs):
        _referee(target, "play", "kleos", stdin="\n".join(script[:last]) + "\n")
        t, c = time.perf_counter(), _child_cpu()
        _referee(target, "kleos", "next")
        samples.append((time.perf_counter() - t, _child_cpu() - c))
    return _pair(samples)


def measure(kind: str, target: str, n: int, built: float) -> dict:
    store = open_store(target, readonly=True) if "://" not in target else open_store(target)
    try:
        t = time.perf_counter()
        stats.overview(store)  # the first read: on a club's server it checks every row and remembers them
        first = time.perf_counter() - t
        s = _time(lambda: stats.overview(store))
        sp = _time(lambda: stats.overview(store, player="Ann"))
        lg = _time(lambda: league.standings(store, "bench-kleos"))
        r = _time(lambda: ratings.compute(store))
        rg = _time(lambda: ratings.compute(store, "kleos"))
        rl = _time(lambda: ratings.compute(store, league="bench-kleos"))
        left: list = []
        rows = stats.overview(store, left_out=left)["rows"]
        assert sum(r["plays"] for r in rows) > n and not left, ("every session counted", left[:3])
        broken = store.seal_problems()
        assert not broken, ("every session sealed as the session layer seals it", list(broken.items())[:2])
    finally:
        store.close()
    found = {"store": kind, "sessions": n, "build": round(built, 1), "first stats": (first, first), "stats": s, "stats --player": sp,
             "standings": lg, "ratings": r, "ratings --game": rg, "ratings --league": rl}
    print(f"{kind} {n:>7,} sessions (built in {built:.0f} s), seconds wall/CPU: " + "; ".join(
        f"{k} {v[0]:.3f}/{v[1]:.3f}" for k, v in found.items() if isinstance(v, tuple)), flush=True)
    return found


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:] if a.isdigit()] or [1000, 10000]
    ends = "--end" in sys.argv
    os.environ.setdefault("REFEREE_CONFIG_DIR", tempfile.mkdtemp(prefix="bench-club-key"))
    figures = []
    with tempfile.TemporaryDirectory() as tmp:
        empty = str(Path(tmp) / "empty.db")
        print(f"SQLite, an empty store: an action {action_time(empty)}"
              + (f"; the action that ends a game {end_time(empty)}" if ends else ""), flush=True)
        built_files = {}
        for n in sizes:
            path = str(Path(tmp) / f"s{n}.db")
            t = time.perf_counter()
            build(path, n)
            built_files[n] = path + ".as-built"  # the PostgreSQL copy's source, before any action here
            shutil.copyfile(path, built_files[n])
            figures.append(measure("SQLite", path, n, time.perf_counter() - t))
            print(f"  SQLite, {n:,} sessions: an action {action_time(path)}"
                  + (f"; the action that ends a game {end_time(path)}" if ends else ""), flush=True)
        if "--pg" in sys.argv:
            from pg_server import Cluster, why_not

            reason = why_not()
            if reason:
                print(f"PostgreSQL: skipped ({reason})")
                return
            cluster = Cluster()
            cluster.start(durable=True)
            try:
                cluster.sql("CREATE DATABASE referee_bench")
                cluster.sql("CREATE SCHEMA empty", "referee_bench")
                url = cluster.url("referee_bench", schema="empty")
                print(f"PostgreSQL, an empty store: an action {action_time(url)}"
                      + (f"; the action that ends a game {end_time(url)}" if ends else ""), flush=True)
                for n in sizes:
                    cluster.sql(f"CREATE SCHEMA b{n}", "referee_bench")
                    url = cluster.url("referee_bench", schema=f"b{n}")
                    t = time.perf_counter()
                    copy_to_pg(built_files[n], url)
                    figures.append(measure("PostgreSQL", url, n, time.perf_counter() - t))
                    print(f"  PostgreSQL, {n:,} sessions: an action {action_time(url)}"
                          + (f"; the action that ends a game {end_time(url)}" if ends else ""), flush=True)
            finally:
                cluster.stop()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
