"""Cost of the legal list (a script, not a test): `python tests/bench_legal.py [CALLS]`.

For each game, the example game (examples/GAME.txt) is played up to a turn in progress
(tests/midgame.py); then `Engine.legal_actions` (what hints and completion ask, on the state
with the card library folded in) and `Engine.playout_choices` (what a random playout draws
from) are each timed in process: the median of CALLS calls (20 by default), with how many
actions each gives and whether the game's list is proven exact.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import midgame
from example_runner import example_games


def _median(fn, calls: int) -> tuple[float, int]:
    times, n = [], 0
    for _ in range(calls):
        start = time.perf_counter()
        n = len(fn())
        times.append(time.perf_counter() - start)
    return statistics.median(times), n


def main(calls: int = 20) -> None:
    folder = Path(tempfile.mkdtemp())
    print(f"{'game':9} {'exact':>5} {'listed':>6} {'legal_actions':>14} {'sample':>6} {'playout_choices':>16}")
    for game in example_games():
        db = folder / f"{game}.db"
        midgame.build(db, game)
        live = midgame.live(db, game)
        engine, state = live.engine, live.listing()
        legal, listed = _median(lambda e=engine, s=state: e.legal_actions(s), calls)
        drawn, sampled = _median(lambda e=engine, s=live.state: e.playout_choices(s), calls)
        print(f"{game:9} {'yes' if engine.legal_exact else 'no':>5} {listed:6d} {legal * 1000:11.1f} ms "
              f"{sampled:6d} {drawn * 1000:13.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
