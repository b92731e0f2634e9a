"""Core benchmarks (a script, not a test): `python tests/bench_core.py`.

Prints ratios measured in this one run:
- start-up: `referee --help` against `python -c "import click"` (target: within 1.5x);
- rebuild: a stored Kleos session of 10,000 recorded actions replayed from the
  store (target: well under a second), and each game's replay cost per action
  over seeded random playouts.
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

sys.path.insert(0, str(Path(__file__).parent))

from referee.model import registry
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices


def _time(cmd: list[str], runs: int = 15) -> float:
    subprocess.run(cmd, capture_output=True, check=True)  # warm the file cache
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def startup() -> None:
    base = _time([sys.executable, "-c", "import click"])
    ours = _time([sys.executable, "-m", "referee", "--help"])
    print(f"start-up: python -c 'import click' {base * 1000:.0f} ms; referee --help {ours * 1000:.0f} ms; "
          f"ratio {ours / base:.2f} (target <= 1.5)")


def _playout(engine, seed: int) -> tuple[str, list[dict]]:
    rng = random.Random(seed)
    options = engine.playout_options(rng)
    sseed = f"bench-{seed}"
    state, _, results = session.run(engine, None, {"verb": "new", **options}, sseed, 0)
    records = [{"action": {"verb": "new", **options}, "results": results}]
    while not engine.summary(state)["over"]:
        action = rng.choice(playout_choices(engine, state))
        state, _, results = session.run(engine, engine.copy(state), action, sseed, len(records))
        records.append({"action": action, "results": results})
    return sseed, records


def kleos_10k(store: Store) -> None:
    engine = registry.engine("kleos")
    rng = random.Random(1)
    options = engine.playout_options(rng)
    sseed = "bench"
    loaded, _ = session.create(store, "kleos", options, seed=sseed)
    state = loaded.state
    records = [loaded.records[0]]
    gods = [p["god"] for p in options["players"]]
    # real play until Day 3 (or 2,000 actions), then card effects on glory up to 10,000 actions
    while len(records) < 2000 and not engine.summary(state)["over"] and engine.summary(state)["turn"] < 3:
        action = rng.choice(playout_choices(engine, state))
        state, events, results = session.run(engine, engine.copy(state), action, sseed, len(records))
        records.append({"action": action, "results": results, "events": events, "rules": engine.rules_version})
    played = len(records) - 1
    i = 0
    while len(records) < 10_001:
        delta = "+1" if i % 2 == 0 else "-1"
        action = {"verb": "glory", "god": gods[i % len(gods)], "delta": delta, "reason": "bench"}
        state, events, results = session.run(engine, state, action, sseed, len(records))
        records.append({"action": action, "results": results, "events": events, "rules": engine.rules_version})
        i += 1
    with store.write():
        for idx, rec in enumerate(records[1:], start=1):
            store.insert_action(loaded.id, idx, rec)
    t = time.perf_counter()
    again = session.load(store, loaded.id)
    took = time.perf_counter() - t
    assert json.dumps(engine.to_json(again.state), sort_keys=True) == json.dumps(engine.to_json(state), sort_keys=True)
    print(f"rebuild: Kleos session of {len(records) - 1} actions ({played} of play, the rest glory effects) "
          f"read and replayed from the store in {took * 1000:.0f} ms; ratio to 1 s: {took:.2f}")


def per_game() -> None:
    for game in registry.names():
        engine = registry.engine(game)
        total, took = 0, 0.0
        seed = 0
        while total < 3000:
            sseed, records = _playout(engine, seed)
            t = time.perf_counter()
            session.replay(engine, sseed, records)
            took += time.perf_counter() - t
            total += len(records)
            seed += 1
        per = took / total
        print(f"replay {game:9s}: {per * 1e6:6.1f} µs per action over {seed} random games "
              f"({total} actions); 10,000 actions ≈ {per * 10_000 * 1000:.0f} ms")


if __name__ == "__main__":
    startup()
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "bench.db")
        kleos_10k(store)
        store.close()
    per_game()
