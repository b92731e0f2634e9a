"""Start-up benchmark (a script, not a test): `python tests/bench_startup.py [RUNS]`.

Creates a 500-action Kleos session in a temporary store, then times whole processes:
`referee --help`, one action on that session, `kleos status`, `show` and `log`
(RUNS runs each, 10 by default, after one warm-up run that also caches the bytecode). Prints the medians and each
command's ratio to `referee --help` (target: one action within 1.5x).
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from referee.model import registry
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices


def build_session(path: Path, actions: int = 500) -> tuple[str, list[str]]:
    """Real random play until Day 3, then card effects on glory up to `actions` actions."""
    store = Store(path)
    engine = registry.engine("kleos")
    rng = random.Random(7)
    options = engine.playout_options(rng)
    loaded, _ = session.create(store, "kleos", options, seed="bench")
    state, records = loaded.state, [loaded.records[0]]
    gods = [p["god"] for p in options["players"]]
    while len(records) <= actions:
        summary = engine.summary(state)
        if summary["turn"] < 3 and not summary["over"] and len(records) < actions // 2:
            action = rng.choice(playout_choices(engine, state))
        else:
            i = len(records)
            action = {"verb": "glory", "god": gods[i % len(gods)], "delta": "+1" if i % 2 else "-1",
                      "reason": "bench"}
        state, events, results = session.run(engine, engine.copy(state), action, "bench", len(records))
        records.append({"action": action, "results": results, "events": events, "rules": engine.rules_version})
    with store.write():
        for idx, rec in enumerate(records[1:], start=1):
            store.insert_action(loaded.id, idx, rec)
        store.save_summary(loaded.id, engine.summary(state))
    store.close()
    return loaded.id, gods


def _run(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, capture_output=True, check=True, env=env)
    return time.perf_counter() - t


def main(runs: int = 10) -> None:
    script = Path(sys.executable).with_name("referee")
    referee = [str(script)] if script.exists() else [sys.executable, "-m", "referee"]
    folder = Path(tempfile.mkdtemp(prefix="referee-bench-"))
    try:
        sid, gods = build_session(folder / "referee.db")
        env = {**os.environ, "REFEREE_DB": str(folder / "referee.db"), "REFEREE_SESSION": sid}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: bytecode cached after the warm-up run
        commands = {
            "referee --help": ["--help"],
            "one action": ["kleos", "glory", gods[0], "+1", "--reason", "bench"],
            "kleos status": ["kleos", "status"],
            "show": ["show"],
            "log": ["log"],
        }
        samples: dict[str, list[float]] = {label: [] for label in commands}
        for n in range(runs + 1):  # round-robin, so a busy moment slows every command alike
            for label, args in commands.items():
                if label == "one action":  # +1 then -1: the glory stays in range however many runs
                    args = [*args[:3], "+1" if n % 2 == 0 else "-1", *args[4:]]
                took = _run([*referee, *args], env)
                if n:  # the first round warms the file cache and writes the bytecode
                    samples[label].append(took)
        base = statistics.median(samples["referee --help"])
        print(f"{'command':<16} {'median ms':>10} {'x --help':>9}")
        for label, taken in samples.items():
            median = statistics.median(taken)
            print(f"{label:<16} {median * 1000:>10.0f} {median / base:>9.2f}")
        print("target: one action <= 1.50x referee --help")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
