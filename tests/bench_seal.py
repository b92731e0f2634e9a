"""The seal's cost by the log's length (a script, not a test): `python tests/bench_seal.py [RUNS]`.

Builds Kleos sessions of 10, 500 and 5,000 action rows (the glory effects of tests/bench_speed.py,
inserted with the store's own `insert_action`) in an SQLite store, then prints, in process, the
median of RUNS (default 25) timings of:
- `reseal`: sealing the session again inside a write transaction, as every commit does;
- `act`: one whole `session.act` (a glory effect), loaded from the snapshot, rolled back after
  the measure (the store's file copied back), so every run acts on the same log;
- `cheap`: the cheap seal check of a listing (`seal_problem(sid)`: the rows counted);
- `hot`: the one an action, a view or a Tab makes before it trusts the snapshot
  (`seal_problem(sid, count=False)`; a tree before schema 5 has none: shown as `-`).
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_speed import _kleos_log

from referee.model import registry
from referee.record import session
from referee.record.store import Store

SIZES = (10, 500, 5000)


def build(path: Path, size: int) -> tuple[str, str]:
    """A store at `path` holding one Kleos session of `size` actions: (its id, a god in it)."""
    options, records, words = _kleos_log(size)
    engine = registry.engine("kleos")
    store = Store(path)
    loaded, _ = session.create(store, "kleos", options, seed="bench")
    assert loaded.id is not None
    with store.write():
        for idx, rec in enumerate(records[1:], start=1):
            store.insert_action(loaded.id, idx, {**rec, "rules": engine.rules_version})
        state = session.replay(engine, "bench", records)
        store.save_summary(loaded.id, session.cached_summary(engine, state))
    with store.write():
        session.load(store, loaded.id)  # the snapshot, as after the last action typed
    store.close()
    return loaded.id, words[1]


def _median_ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:8.2f} ms"


def main(runs: int = 25) -> None:
    folder = Path(tempfile.mkdtemp(prefix="referee-seal-"))
    try:
        print(f"{'rows':>6} {'reseal':>11} {'cheap':>11} {'hot':>11} {'act':>11}")
        for size in SIZES:
            pristine = folder / f"{size}.pristine.db"
            sid, god = build(pristine, size)
            work = folder / f"{size}.db"
            shutil.copyfile(pristine, work)
            store = Store(work)
            reseal, cheap, hot, act = [], [], [], []
            for _ in range(runs):
                with store.write():
                    start = time.perf_counter()
                    store.reseal(sid)
                    reseal.append(time.perf_counter() - start)
                start = time.perf_counter()
                assert store.seal_problem(sid) is None
                cheap.append(time.perf_counter() - start)
                start = time.perf_counter()
                try:
                    assert store.seal_problem(sid, count=False) is None
                except TypeError:  # before schema 5
                    continue
                hot.append(time.perf_counter() - start)
            store.close()
            action = {"verb": "glory", "god": god, "delta": "+1", "reason": "bench"}
            for _ in range(runs):
                for suffix in ("-wal", "-shm"):
                    Path(str(work) + suffix).unlink(missing_ok=True)
                shutil.copyfile(pristine, work)
                store = Store(work)
                start = time.perf_counter()
                session.act(store, sid, action)
                act.append(time.perf_counter() - start)
                store.close()
            shown_hot = _median_ms(hot) if hot else f"{'-':>11}"
            print(f"{size + 1:6d} {_median_ms(reseal)} {_median_ms(cheap)} {shown_hot} {_median_ms(act)}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 25)
