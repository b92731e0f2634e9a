"""Speed benchmark (a script, not a test): `python tests/bench_speed.py [RUNS] [GAME ...]`.

Prints, in one run, each command's cost as a ratio to `referee --help` (whole processes):
- one action on a session of 10, 500 and 5,000 actions of each game;
- a bash completion request (`_REFEREE_COMPLETE=bash_complete`, the first argument of that
  action's verb) on the same sessions;
- `referee GAME status` on them;
- one shell line: `referee play GAME` with that action as a one-line script on stdin.

The figure is the CPU time (user + system) of the child process, from
`resource.getrusage(RUSAGE_CHILDREN)`: less sensitive than wall time to a loaded machine.
Median of RUNS runs (7 by default) after one warm-up run, round-robin over the commands.
Before each run the session's store is copied back from a pristine copy (outside the
measure), so every run acts on the same log. The bytecode is compiled first
(`compileall`) and the children run without PYTHONDONTWRITEBYTECODE, as after a pip install.

Sessions: Kleos is played at random until Day 3, then card effects on glory (`glory GOD +1`)
repeat up to the length wanted. The other games have no action that can repeat for ever, so
a session is the longest open prefix of seeded random playouts, cut at the length wanted when
one is that long; the table says how many actions each session really has.
Goal: every ratio <= 1.2, and the longest session's figure within 10% of the shortest's.
"""

from __future__ import annotations

import compileall
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import click

from referee.model import registry
from referee.record import session
from referee.record.store import Store
from referee.testing import playout_choices

ROOT = Path(__file__).resolve().parent.parent
SIZES = (10, 500, 5000)
GAMES = registry.names()


def _words(game: str, action: dict) -> list[str] | None:
    from referee.cli import cli
    from referee.cli.hint import command_words

    ctx = click.Context(cli)
    group = cli.get_command(ctx, game)
    cmd = group.get_command(ctx, action["verb"]) if isinstance(group, click.Group) else None
    if cmd is None:
        return None
    return command_words(registry.engine(game), action["verb"], cmd, action)


def _kleos_log(actions: int) -> tuple[dict, list[dict], list[str]]:
    """Real random play until Day 3, then glory changes up to `actions` actions."""
    engine = registry.engine("kleos")
    rng = random.Random(7)
    options = engine.playout_options(rng)
    state, _, results = session.run(engine, None, {"verb": "new", **options}, "bench", 0)
    records: list[dict] = [{"action": {"verb": "new", **options}, "results": results}]
    gods = [p["god"] for p in options["players"]]
    while len(records) <= actions:
        summary = engine.summary(state)
        if summary["turn"] < 3 and not summary["over"] and len(records) < min(actions // 2, 60):
            action = rng.choice(playout_choices(engine, state))
        else:
            i = len(records)
            action = {"verb": "glory", "god": gods[i % len(gods)], "delta": "+1" if i % 2 else "-1",
                      "reason": "bench"}
        state, events, results = session.run(engine, engine.copy(state), action, "bench", len(records))
        records.append({"action": action, "results": results, "events": events})
    return options, records, ["glory", gods[0], "+1", "--reason", "bench"]


_PLAYOUTS: dict[str, list[tuple[dict, list[dict], list]]] = {}


def _playouts(game: str, seeds: int = 16) -> list[tuple[dict, list[dict], list]]:
    """Seeded random playouts of `game`: (options, records, the state after each record)."""
    if game not in _PLAYOUTS:
        engine = registry.engine(game)
        out = []
        for seed in range(seeds):
            rng = random.Random(seed)
            options = engine.playout_options(rng)
            state, _, results = session.run(engine, None, {"verb": "new", **options}, "bench", 0)
            records: list[dict] = [{"action": {"verb": "new", **options}, "results": results}]
            states = [state]
            while not engine.summary(state)["over"] and len(records) <= max(SIZES):
                legal = playout_choices(engine, state)
                if not legal:
                    break
                action = rng.choice(legal)
                state, events, results = session.run(engine, engine.copy(state), action, "bench", len(records))
                records.append({"action": action, "results": results, "events": events})
                states.append(state)
            out.append((options, records, states))
        _PLAYOUTS[game] = out
    return _PLAYOUTS[game]


def _game_log(game: str, actions: int) -> tuple[dict, list[dict], list[str]]:
    """The longest open prefix (at most `actions` actions) of a playout whose next legal
    action can be typed."""
    engine = registry.engine(game)
    best: tuple[int, dict, list[dict], list[str]] | None = None
    for options, records, states in _playouts(game):
        for cut in range(min(actions, len(records) - 1), 0, -1):
            if best is not None and cut <= best[0]:
                break
            state = states[cut]
            if engine.summary(state)["over"]:
                continue
            words = next((w for w in (_words(game, a) for a in playout_choices(engine, state)) if w), None)
            if words is not None:
                best = (cut, options, records[: cut + 1], words)
                break
        if best is not None and best[0] == actions:
            break
    assert best is not None, f"no open {game} session could be built"
    return best[1], best[2], best[3]


def _tab_verb(engine, state, words: list[str]) -> str:
    """A verb whose first argument the rules offer words for now (else the action's own)."""
    for action in engine.legal_actions(state):
        verb = engine.verbs.get(action["verb"])
        first = next((f for f in verb.fields if f.positional), None) if verb is not None else None
        if first is not None and engine.words(state, action["verb"], {}, first.name):
            return action["verb"]
    return words[0]


def build(path: Path, game: str, actions: int) -> tuple[str, int, list[str], str]:
    """A store at `path` holding one session; returns (its id, its actions, the next action's
    words, a verb to complete the first argument of)."""
    options, records, words = _kleos_log(actions) if game == "kleos" else _game_log(game, actions)
    engine = registry.engine(game)
    store = Store(path)
    loaded, _ = session.create(store, game, options, seed="bench")
    with store.write():
        for idx, rec in enumerate(records[1:], start=1):
            store.insert_action(loaded.id, idx, {**rec, "rules": engine.rules_version})
        state = session.replay(engine, "bench", records)
        store.save_summary(loaded.id, session.cached_summary(engine, state))
    with store.write():  # as after the last action typed: the state after the log kept (its snapshot)
        session.load(store, loaded.id)
    store.close()
    assert loaded.id is not None
    return loaded.id, len(records) - 1, words, _tab_verb(engine, state, words)


def _cpu(label: str, cmd: list[str], env: dict, stdin: str | None = None) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(cmd, input=stdin, text=True, capture_output=True, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{label}: exit {done.returncode}: {done.stdout[-300:]} {done.stderr[-300:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(runs: int = 7, games: tuple[str, ...] = GAMES) -> None:
    compileall.compile_dir(str(ROOT / "referee"), quiet=1)
    script = Path(sys.executable).with_name("referee")
    referee = [str(script)] if script.exists() else [sys.executable, "-m", "referee"]
    folder = Path(tempfile.mkdtemp(prefix="referee-speed-"))
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "REFEREE_SESSION")}
    base["COLUMNS"] = "100"
    try:
        # (label, command, env, stdin, pristine store, working store)
        jobs: list[tuple[str, list[str], dict, str | None, Path | None, Path | None]] = [
            ("referee --help", [*referee, "--help"], {**base, "REFEREE_DB": str(folder / "none.db")}, None, None, None)]
        sizes: dict[tuple[str, int], int] = {}
        for game in games:
            for size in SIZES:
                pristine = folder / f"{game}-{size}.pristine.db"
                work = folder / f"{game}-{size}.db"
                sid, length, words, tab_verb = build(pristine, game, size)
                sizes[(game, size)] = length
                env = {**base, "REFEREE_DB": str(work), "REFEREE_SESSION": sid}
                tab = {**env, "_REFEREE_COMPLETE": "bash_complete",
                       "COMP_WORDS": f"referee {game} {tab_verb} ", "COMP_CWORD": "3"}
                jobs += [
                    (f"{game} {size} action", [*referee, game, *words], env, None, pristine, work),
                    (f"{game} {size} tab", referee, tab, None, pristine, work),
                    (f"{game} {size} status", [*referee, game, "status"], env, None, pristine, work),
                    (f"{game} {size} shell", [*referee, "play", game], env, " ".join(words) + "\n", pristine, work),
                ]
        samples: dict[str, list[float]] = {label: [] for label, *_ in jobs}
        for n in range(runs + 1):  # round-robin, so a busy moment slows every command alike
            for label, cmd, env, stdin, pristine, work in jobs:
                if pristine is not None and work is not None:
                    for suffix in ("-wal", "-shm"):
                        Path(str(work) + suffix).unlink(missing_ok=True)
                    shutil.copyfile(pristine, work)
                took = _cpu(label, cmd, env, stdin)
                if n:  # the first round warms the file cache and the bytecode
                    samples[label].append(took)
        median = {label: statistics.median(times) for label, times in samples.items()}
        help_cpu = median["referee --help"]
        print(f"referee --help: {help_cpu * 1000:.0f} ms CPU (median of {runs} runs, child user+system time)")
        print(f"{'game':9} {'actions':>7} {'action':>14} {'tab':>14} {'status':>14} {'shell line':>14}")
        for game in games:
            for size in SIZES:
                cells = []
                for what in ("action", "tab", "status", "shell"):
                    cpu = median[f"{game} {size} {what}"]
                    cells.append(f"{cpu * 1000:5.0f} ms {cpu / help_cpu:4.2f}x")
                print(f"{game:9} {sizes[(game, size)]:7d} " + " ".join(f"{c:>14}" for c in cells))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    args = sys.argv[1:]
    count = int(args.pop(0)) if args and args[0].isdigit() else 7
    main(count, tuple(args) or GAMES)
