"""Benchmark: random digital Crôa! games through the engine for ~3 seconds.

Run with `python tests/bench_croa.py [SECONDS]`; prints games and actions per second.
Each action is applied to a copy of the state (as the session layer does) and the next one is
picked from the legal-action generator, with its recorded tile draws.
"""

from __future__ import annotations

import random
import sys
import time

from referee.games.croa import ENGINE
from referee.record import session


def play(seed: int) -> int:
    """One random digital game to its last queen; returns the number of actions."""
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    options["cards"] = seed % 2 == 1
    state, _, _ = session.run(ENGINE, None, {"verb": "new", **options}, f"bench-{seed}", 0)
    actions = 0
    while True:
        legal = ENGINE.playout_choices(state)
        if not legal:
            return actions
        actions += 1
        state, _, _ = session.run(ENGINE, ENGINE.copy(state), rng.choice(legal), f"bench-{seed}",
                                  actions)


def main(seconds: float = 3.0) -> None:
    start = time.perf_counter()
    games = actions = 0
    while time.perf_counter() - start < seconds:
        actions += play(games)
        games += 1
    elapsed = time.perf_counter() - start
    print(f"Crôa! random digital games: {games} games, {actions} actions in {elapsed:.2f} s")
    print(f"  {games / elapsed:.1f} games/s, {actions / elapsed:.0f} actions/s "
          f"({actions / max(games, 1):.0f} actions per game)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
