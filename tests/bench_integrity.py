"""Integrity benchmarks (a script, not a test): `python tests/bench_integrity.py [--append-only]`.

Prints:
- verify: `verify` on a stored Kleos session of 10,000 actions (chain, numbering, every
  record re-derived live from the seed or from its typed values);
- append: the time of one `session.act` (a glory effect) on a Kleos session of 500 actions,
  and of the bare row insert. Run it once here and once against the tree before the chain
  (`PYTHONPATH=/path/to/old/tree python tests/bench_integrity.py --append-only`) to see the
  cost the chain adds per action.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from referee.model import registry
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices


def _kleos_records(count: int, seed: str = "bench") -> tuple[dict, list[dict]]:
    """Real play until Day 3 (or 2,000 actions), then glory effects up to `count` actions."""
    engine = registry.engine("kleos")
    rng = random.Random(1)
    options = engine.playout_options(rng)
    state, events, results = session.run(engine, None, {"verb": "new", **options}, seed, 0)
    records: list[dict] = []
    gods = [p["god"] for p in options["players"]]
    while len(records) < min(2000, count) and not engine.summary(state)["over"] and engine.summary(state)["turn"] < 3:
        action = rng.choice(playout_choices(engine, state))
        state, events, results = session.run(engine, engine.copy(state), action, seed, len(records) + 1)
        records.append({"action": action, "results": results, "events": events, "rules": engine.rules_version})
    i = 0
    while len(records) < count:
        action = {"verb": "glory", "god": gods[i % len(gods)], "delta": "+1" if i % 2 == 0 else "-1", "reason": "bench"}
        state, events, results = session.run(engine, state, action, seed, len(records) + 1)
        records.append({"action": action, "results": results, "events": events, "rules": engine.rules_version})
        i += 1
    return options, records


def _stored(store: Store, count: int) -> str:
    options, records = _kleos_records(count)
    loaded, _ = session.create(store, "kleos", options, seed="bench")
    with store.write():
        for idx, rec in enumerate(records, start=1):
            store.insert_action(loaded.id, idx, rec)
    return loaded.id


def verify_10k(tmp: Path) -> None:
    from referee.record.integrity import verify_session

    store = Store(tmp / "verify.db")
    sid = _stored(store, 10_000)
    samples = []
    for _ in range(3):
        t = time.perf_counter()
        report = verify_session(store, sid)
        samples.append(time.perf_counter() - t)
        assert report["ok"], report
    t = time.perf_counter()
    session.load(store, sid)
    load = time.perf_counter() - t
    print(f"verify: Kleos session of {report['actions'] - 1} actions checked in {statistics.median(samples) * 1000:.0f} ms "
          f"(load with the chain check: {load * 1000:.0f} ms)")
    store.close()


def append(tmp: Path) -> None:
    store = Store(tmp / "append.db")
    sid = _stored(store, 500)
    gods = ["ares", "athena"]
    samples = []
    for i in range(60):
        t = time.perf_counter()
        session.act(store, sid, {"verb": "glory", "god": gods[i % 2], "delta": "+1", "reason": "bench"})
        samples.append(time.perf_counter() - t)
    record = {"action": {"verb": "glory", "god": "ares", "delta": "+1", "reason": "bench"}, "results": [],
              "events": [], "rules": "2"}
    inserts = []
    idx = store.next_idx(sid)
    for i in range(200):
        t = time.perf_counter()
        with store.write():
            store.insert_action(sid, idx + i, record)
        inserts.append(time.perf_counter() - t)
    try:  # the chain's own share: checking it at every load
        import timeit

        from referee.record.integrity import check_chain
        from referee.record.store import ALL_STATUSES

        rows = store.actions(sid, ALL_STATUSES)
        per = timeit.timeit(lambda: check_chain(rows), number=100) / 100
        print(f"chain: checking the links of {len(rows)} rows at load {per * 1000:.2f} ms")
    except ImportError:
        print("chain: none in this tree")
    print(f"append: one action on a 500-action Kleos session {statistics.median(samples) * 1000:.2f} ms "
          f"(median of 60); one row insert in its transaction {statistics.median(inserts) * 1000:.3f} ms (median of 200)")
    store.close()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        if "--append-only" not in sys.argv:
            verify_10k(Path(tmp))
        append(Path(tmp))
