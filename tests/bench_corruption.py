"""Random damage to a store (a script, not a test): `python tests/bench_corruption.py [TRIALS] [SEED]`.

Plays the five example games into a store, then, TRIALS times (300 unless given), copies it,
writes 1 to 16 random bytes at a random place of the copy (any page: header, schema, tables,
indexes, free space) and runs `show`, `log`, `verify` and `stats` on the copy (`show`, `log`
and `verify` on every session). For each command it counts:
- internal: an internal error or a traceback (must be 0);
- lies: exit 0 with an output that differs from the same command on the undamaged store and no
  word of damage (must be 0: damage is refused or named, never shown as a different game);
- refused: exit 3 (the damage named); named: exit 0, a session left out and named on standard
  error (`stats` counts the sound sessions only); same: exit 0 with the undamaged output.
Prints one line per command and the totals; exits 1 when any internal error or lie was seen.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from click.testing import CliRunner
from example_runner import example_games, play_quietly

from referee.cli import cli

GAMES = example_games()


def _run(db: Path, args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    return result.exit_code, result.stdout, result.stderr


def _commands(ids: list[str]) -> list[list[str]]:
    out = [["stats"], ["verify", "--all"]]
    for sid in ids:
        out += [["show", sid], ["log", sid], ["verify", sid]]
    return out


def _kind(args: list[str]) -> str:
    return "verify --all" if args[:2] == ["verify", "--all"] else args[0]


def main(trials: int = 300, seed: int = 24) -> int:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base.db"
        with contextlib.redirect_stdout(io.StringIO()):
            for game in GAMES:
                play_quietly(game, base)
        con = sqlite3.connect(base)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        ids = [r[0] for r in con.execute("SELECT id FROM sessions ORDER BY id")]
        con.close()
        size = base.stat().st_size
        commands = _commands(ids)
        clean = {tuple(c): _run(base, c) for c in commands}
        assert all(code == 0 and not err for code, _, err in clean.values()), "the undamaged store must read"
        tally: dict[str, Counter] = {}
        bad: list[str] = []
        started = time.perf_counter()
        for trial in range(trials):
            copy = Path(tmp) / "copy.db"
            shutil.copy(base, copy)
            for suffix in ("-wal", "-shm"):
                Path(str(copy) + suffix).unlink(missing_ok=True)
            at = rng.randrange(size)
            data = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
            with open(copy, "r+b") as fh:
                fh.seek(at)
                fh.write(data)
            for args in commands:
                code, out, err = _run(copy, args)
                text = out + err
                kind = _kind(args)
                count = tally.setdefault(kind, Counter())
                if "internal error" in text or "Traceback" in text or code not in (0, 1, 2, 3):
                    count["internal"] += 1
                    bad.append(f"trial {trial} (offset {at}, {len(data)} bytes) {' '.join(args)}: exit {code}: "
                               f"{text.strip()[:300]}")
                elif code == 0 and out != clean[tuple(args)][1]:
                    if "fails its check" in err or "is damaged" in err:
                        count["named"] += 1
                    else:
                        count["lies"] += 1
                        bad.append(f"trial {trial} (offset {at}) {' '.join(args)}: exit 0 with a different output")
                elif code == 0:
                    count["same"] += 1
                else:
                    count["refused"] += 1
        took = time.perf_counter() - started
    print(f"{trials} trials on a store of {size} bytes ({len(ids)} sessions), {len(commands)} commands each,"
          f" {took:.0f} s")
    total: Counter = Counter()
    for kind, count in tally.items():
        total.update(count)
        print(f"  {kind:13s} same {count['same']:5d}  refused {count['refused']:5d}  named {count['named']:3d}"
              f"  internal {count['internal']:3d}  lies {count['lies']:3d}")
    print(f"  {'total':13s} same {total['same']:5d}  refused {total['refused']:5d}  named {total['named']:3d}"
          f"  internal {total['internal']:3d}  lies {total['lies']:3d}")
    for line in bad[:20]:
        print("  " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(main(*args))
