"""Completion benchmark (a script, not a test): `python tests/bench_completion.py [RUNS]`.

For each game, the example game (examples/GAME.txt) is played up to a turn in progress
(tests/midgame.py) and then:
- one `Engine.words` call for the first argument of a legal verb is timed in process
  (median of 200 calls);
- a whole bash completion request, `_REFEREE_COMPLETE=bash_complete referee GAME VERB <Tab>`,
  is timed as a process (median of RUNS runs, 10 by default, after a warm-up), beside
  `referee --help`; the target is a ratio within 1.5x.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import click
import midgame
from example_runner import example_games

from referee.cli import cli
from referee.cli.complete import field_keys


def _process(env: dict, args: list[str], runs: int) -> float:
    subprocess.run([sys.executable, "-m", "referee", *args], env=env, capture_output=True)  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "referee", *args], env=env, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(runs: int = 10) -> None:
    folder = Path(tempfile.mkdtemp())
    base = {**os.environ}
    base.pop("REFEREE_SESSION", None)
    base.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up run caches the bytecode, as an install does
    help_time = _process({**base, "REFEREE_DB": str(folder / "none.db")}, ["--help"], runs)
    print(f"referee --help: {help_time * 1000:.0f} ms (median of {runs})")
    print(f"{'game':9} {'verb':8} {'words':>5} {'Engine.words':>13} {'bash Tab':>9} {'ratio':>6}")
    for game in example_games():
        db = folder / f"{game}.db"
        midgame.build(db, game)
        live = midgame.live(db, game)
        group = cli.get_command(click.Context(cli), game)
        verb, key = next((a["verb"], k) for a in live.engine.legal_actions(live.state)
                         for p, k in field_keys(live.engine, a["verb"], group.get_command(click.Context(group), a["verb"]))
                         if isinstance(p, click.Argument) and k in a)
        calls = []
        for _ in range(200):
            start = time.perf_counter()
            found = live.engine.words(live.state, verb, {}, key)
            calls.append(time.perf_counter() - start)
        env = {**base, "REFEREE_DB": str(db), "_REFEREE_COMPLETE": "bash_complete",
               "COMP_WORDS": f"referee {game} {verb} ", "COMP_CWORD": "3"}
        tab = _process(env, [], runs)
        print(f"{game:9} {verb:8} {len(found):5d} {statistics.median(calls) * 1e6:10.0f} µs "
              f"{tab * 1000:6.0f} ms {tab / help_time:5.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
