"""`referee stats` on a big store (a script, not a test): `python tests/bench_stats.py`.

Inserts 5,000 finished sessions straight into a fresh store (rows as the session layer
writes them: a cached summary with `details`, the `new` action, the seal), plus 500 unfinished
ones that must not count, then times `stats` (target: under a second) through the library
and through the command line (`referee --json stats`, start-up included).
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

from referee.after import stats
from referee.model import registry
from referee.record.store import Store

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
GODS = ["ares", "artemis", "athena", "dionysus", "hermes"]
COLORS = ["red", "blue", "green", "yellow"]
TIERS = ["critical-defeat", "unstable", "may-sustain-life", "success", "perfection", "defeat"]
WIN = {"may-sustain-life", "success", "perfection"}


def _summary(game: str, rng: random.Random, over: bool) -> dict:
    names = rng.sample(NAMES, rng.randint(3, 4))
    players: list[dict] = []
    winners: list[str] = []
    outcome = None
    details: dict = {}
    if game == "kreus":
        outcome = rng.choice(TIERS)
        players = [{"name": n, "score": None, "energy": 1, "hand": 2, "face_down": 0} for n in names]
        winners = names if outcome in WIN else []
        details = {"planet": True, "planet_elements": 3, "end_reason": "planet", "aggression_held": False}
    elif game == "croa":
        players = [{"name": n, "score": None, "color": c, "alive": i == 0}
                   for i, (n, c) in enumerate(zip(names, COLORS, strict=False))]
        winners = [names[0]]
        details = {"frogs": {n: 4 if i == 0 else 0 for i, n in enumerate(names)}}
    else:
        scores = {n: rng.randint(0, 30) for n in names}
        top = max(scores.values())
        tied = [n for n in names if scores[n] == top]
        winners = tied if rng.random() < 0.3 else tied[:1]
        players = [{"name": n, "score": scores[n]} for n in names]
        if game == "kleos":
            players = [{**p, "god": g} for p, g in zip(players, GODS, strict=False)]
            details = {"tie_break": rng.choice([None, 1, 2]) if len(tied) > 1 else None, "decided_by": ""}
        elif game == "cerebria":
            outcome = rng.choice(["single-minded", "balanced"])
            details = {"condition": outcome, "tie_break": None}
        else:
            details = {"realm_sums": {n: rng.randint(100, 250) for n in names}, "tie_break": len(tied) > 1}
    out = {"game": game, "players": players, "current": None, "phase": "over" if over else "play",
           "turn": 5, "pending": [], "over": over, "winners": winners if over else [],
           "outcome": outcome if over else None}
    if over:
        out["details"] = details
    return out


def build(path: Path, finished: int = 5000, unfinished: int = 500) -> None:
    store = Store(path)
    rng = random.Random(1)
    games = registry.shipped()  # the summaries below are shaped per game
    now = time.time()
    with store.write():
        for i in range(finished + unfinished):
            game = games[i % len(games)]
            over = i < finished
            summary = _summary(game, rng, over)
            sid = f"{game}-{i + 1}"
            when = now - rng.randint(0, 400 * 86400)
            store.db.execute(
                "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
                " VALUES (?, ?, '', '1', '1', ?, ?, ?, ?, ?)",
                (sid, game, "over" if over else "open", json.dumps(summary), when, when, when))
            store.db.execute(
                "INSERT INTO actions (session_id, idx, action, results, events, rules_version, status, created)"
                " VALUES (?, 0, ?, '[]', '[]', '1', 'done', ?)",
                (sid, json.dumps({"verb": "new", "players": [p["name"] for p in summary["players"]]}), when))
            store.reseal(sid, checked=True)  # sealed and marked checked, as the end of a real game leaves it
    store.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.db"
        t = time.perf_counter()
        build(path)
        print(f"built 5,000 finished + 500 unfinished sessions in {time.perf_counter() - t:.2f} s")
        store = Store(path)
        samples = []
        for _ in range(7):
            t = time.perf_counter()
            rows = stats.compute(store)
            samples.append(time.perf_counter() - t)
        plays = sum(r["plays"] for r in rows)
        print(f"stats (library): {len(rows)} rows over {plays} plays; median {statistics.median(samples) * 1000:.0f} ms,"
              f" worst {max(samples) * 1000:.0f} ms (target < 1000 ms)")
        cmd = [sys.executable, "-m", "referee", "--db", str(path), "--json", "stats"]
        cli = []
        for _ in range(5):
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, check=True)
            cli.append(time.perf_counter() - t)
        print(f"referee --json stats (a new process, start-up included): median {statistics.median(cli) * 1000:.0f} ms")
        t = time.perf_counter()
        stats.compute(store, game="kleos", player="ann")
        print(f"stats --game kleos --player ann: {(time.perf_counter() - t) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
