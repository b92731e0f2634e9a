"""Actions per second on each store (a script, not a test): `python tests/bench_stores.py [N]`.

1, 4 and 8 writer processes, each appending N (default 40) Kleos glory effects to a session
of its own (what tables at a club do), on an SQLite file and on a PostgreSQL server (a
throwaway cluster, as the tests start; skipped with the reason when none can be started).
A last line has 4 writers sharing one session (two terminals at one table, four times over).
Every action goes through `session.act`: the log is read and replayed inside the write
transaction, so the figures include the replay, as a table would see it (not the writers'
start-up: the clock starts once every writer has the store open). The server keeps its
default durability (fsync on); the SQLite file is in WAL mode, as always.
"""

from __future__ import annotations

import multiprocessing as mp
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from kleos_table import start  # noqa: E402
from pg_server import Cluster, why_not  # noqa: E402

from referee.record.stores import open_store  # noqa: E402


def _writer(target: str, sid: str, n: int, tag: str, ready: Any, go: Any) -> None:
    from referee.record import session

    store = open_store(target, timeout=60)
    ready.release()
    go.wait()
    for i in range(n):
        session.act(store, sid, {"verb": "glory", "god": "ares", "delta": "+1", "reason": f"{tag}-{i}"})
    store.close()


def run(target: str, writers: int, n: int, shared: bool = False) -> float:
    """Actions per second, `writers` processes each appending `n` actions (timed from the moment
    they all have the store open, so Python's start-up is left out)."""
    ctx = mp.get_context("fork")
    store = open_store(target)
    sids = [start(store)] * writers if shared else [start(store) for _ in range(writers)]
    store.close()
    ready, go = ctx.Semaphore(0), ctx.Event()
    procs = [ctx.Process(target=_writer, args=(target, sid, n, f"w{i}", ready, go)) for i, sid in enumerate(sids)]
    for p in procs:
        p.start()
    for _ in procs:
        ready.acquire()
    began = time.perf_counter()
    go.set()
    for p in procs:
        p.join()
        if p.exitcode != 0:
            raise SystemExit(f"a writer failed on {target}")
    elapsed = time.perf_counter() - began
    store = open_store(target)
    total = sum(len(store.actions(sid)) - 1 for sid in set(sids))
    store.close()
    assert total == writers * n, (total, writers * n)
    return total / elapsed


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    tmp = Path(tempfile.mkdtemp(prefix="bench-stores"))
    targets: list[tuple[str, object]] = []
    targets.append(("sqlite", lambda k: str(tmp / f"bench{k}.db")))
    cluster = None
    reason = why_not()
    if reason is None:
        cluster = Cluster()
        cluster.start(durable=True)  # the server's own defaults: every commit reaches the disk
        targets.append(("postgresql", lambda k: cluster.new_database(f"bench{k}")))
    else:
        print(f"postgresql: skipped ({reason})")
    print(f"{n} actions per writer; each writer on its own session unless said; actions per second")
    try:
        for name, make in targets:
            figures = []
            for k, writers in enumerate((1, 4, 8)):
                figures.append(f"{writers} writer(s) {run(make(k), writers, n):7.1f}")  # type: ignore[operator]
            figures.append(f"4 on one session {run(make(9), 4, n, shared=True):7.1f}")  # type: ignore[operator]
            print(f"{name:<11} " + " | ".join(figures))
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
