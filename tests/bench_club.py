"""Club night at scale (a script, not a test): `python tests/bench_club.py [N ...] [--pg]`.

Builds SQLite stores of N finished sessions (default 1,000 and 10,000; give 100000 for a
national league's season), every one in one league of its game, rows as the session layer
writes them (bench_stats.build's summaries, sealed), then times `stats`, `league standings`
and `ratings` through the library, and one action at a table (`referee kleos next` in a new
process) with an empty store and with the full one. `--pg` does the same on a throwaway
PostgreSQL server (tests/pg_server.py) when one can be started.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_stats import _summary

from referee.after import league, ratings, stats
from referee.record.stores import open_store

GAMES = ("kleos", "elysion", "cerebria", "croa", "kreus")


def build(target: str, finished: int) -> None:
    store = open_store(target)
    rng = random.Random(38)
    now = time.time()
    with store.write():
        for game in GAMES:
            store.league_new(f"bench-{game}", game, dict(league.DEFAULT_POINTS))
        for i in range(finished):
            game = GAMES[i % len(GAMES)]
            summary = _summary(game, rng, True)
            sid = f"{game}-{i + 1}"
            when = now - (finished - i) * 60.0
            store.db.execute(
                "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
                " VALUES (?, ?, '', '1', '1', 'over', ?, ?, ?, ?)", (sid, game, json.dumps(summary), when, when, when))
            store.db.execute(
                "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created)"
                " VALUES (?, 0, ?, '[]', '[]', '1', 'done', ?)",
                (sid, json.dumps({"verb": "new", "players": [p["name"] for p in summary["players"]]}), when))
            store.db.execute("INSERT INTO league_sessions (league, session_id) VALUES (?, ?)", (f"bench-{game}", sid))
            store.reseal(sid)
    store.close()


def _time(fn, runs: int = 3) -> float:
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def action_time(target: str) -> float:
    """One action at a table in a new process (a Kleos game started fresh in that store)."""
    base = [sys.executable, "-m", "referee", "--db", target]
    subprocess.run([*base, "kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion",
                    "ares=4/3/2/1", "--champion", "athena=3/3/4/2", "--seed", "4"], capture_output=True, check=True)
    samples = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run([*base, "kleos", "glory", "ares", "+1", "--reason", "bench"], capture_output=True, check=True)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def measure(target: str, n: int) -> None:
    t = time.perf_counter()
    build(target, n)
    built = time.perf_counter() - t
    store = open_store(target, readonly=True) if "://" not in target else open_store(target)
    try:
        s = _time(lambda: stats.compute(store))
        lg = _time(lambda: league.standings(store, "bench-kleos"))
        r = _time(lambda: ratings.compute(store), runs=1)
        rg = _time(lambda: ratings.compute(store, "kleos"), runs=1)
    finally:
        store.close()
    print(f"{n:>7,} sessions ({built:.0f} s to build): stats {s * 1000:.0f} ms; standings of one league "
          f"({n // len(GAMES):,} sessions) {lg * 1000:.0f} ms; ratings (all games) {r * 1000:.0f} ms; "
          f"ratings --game kleos {rg * 1000:.0f} ms", flush=True)


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:] if a.isdigit()] or [1000, 10000]
    with tempfile.TemporaryDirectory() as tmp:
        empty = str(Path(tmp) / "empty.db")
        print(f"an action (kleos glory ares +1, a new process) with an empty store: {action_time(empty) * 1000:.0f} ms")
        for n in sizes:
            path = str(Path(tmp) / f"s{n}.db")
            print("SQLite:", end=" ")
            measure(path, n)
            print(f"  an action with {n:,} sessions in the store: {action_time(path) * 1000:.0f} ms", flush=True)
        if "--pg" in sys.argv:
            from pg_server import Cluster, why_not

            reason = why_not()
            if reason:
                print(f"PostgreSQL: skipped ({reason})")
                return
            cluster = Cluster()
            cluster.start()
            try:
                cluster.sql("CREATE DATABASE referee_bench")
                for n in sizes:
                    cluster.sql(f"CREATE SCHEMA b{n}", "referee_bench")
                    url = cluster.url("referee_bench", schema=f"b{n}")
                    print("PostgreSQL:", end=" ")
                    measure(url, n)
                    print(f"  an action with {n:,} sessions: {action_time(url) * 1000:.0f} ms", flush=True)
            finally:
                cluster.stop()

if __name__ == "__main__":
    main()
