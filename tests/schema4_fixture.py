"""The schema-4 store the upgrade tests start from (a script, not a test): it wrote
`tests/data/schema4_store.sql`, a dump of a store made by the referee of schema 4 itself.

Run it against a tree of that schema (the commit before schema 5), with this folder's helpers:
`PYTHONPATH=/path/to/schema-4-tree:tests python tests/schema4_fixture.py tests/data/schema4_store.sql`.
It refuses to run on another schema. Three sessions of random play with undo, redo, amend,
strike and insert mixed in (so rows carry reasons and times of change, and every status), all
sealed by that code; the tests tamper with copies of it themselves.
"""

from __future__ import annotations

import random
import sqlite3
import sys
import tempfile
from pathlib import Path

from corrections_support import correct_randomly

from referee.model import registry
from referee.record.schema import APPLICATION_ID, SCHEMA_VERSION
from referee.testing import Table

GAMES = (("kleos", 30), ("croa", 30), ("cerebria", 20))


def build(path: Path) -> None:
    for n, (game, steps) in enumerate(GAMES):
        rng = random.Random(n)
        with Table(game, options=registry.engine(game).playout_options(rng), seed=f"schema4-{n}", path=path,
                   store=True) as t:
            for _ in range(steps):
                if rng.random() < 0.3:
                    correct_randomly(t.store, t.sid, rng)
                elif not t.playout(1, rng):
                    break


def main(out: str) -> None:
    if SCHEMA_VERSION != 4:
        raise SystemExit(f"this referee writes schema {SCHEMA_VERSION}: run it against a tree of schema 4")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "schema4.db"
        build(path)
        con = sqlite3.connect(path)
        con.execute("DELETE FROM snapshots")  # only a speed-up: the upgraded store writes them again
        con.commit()
        lines = [f"PRAGMA application_id = {APPLICATION_ID};", f"PRAGMA user_version = {SCHEMA_VERSION};",
                 *con.iterdump()]
        con.close()
    Path(out).write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
