"""Fast as a glance (issue 26): a game action and a Tab import only what they need, and a Tab
reads the session from its snapshot without writing to the store.

Each command runs as a whole process (as a terminal runs it); the modules loaded are printed
from `sys.modules` at exit.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

from referee.model import registry
from referee.testing import Table

# never on the hot path: tables, reports, stats, leagues, the club's server, the shell, exports,
# and heavy standard modules nothing there needs
NEVER = ("tabulate", "wcwidth", "referee.after", "referee.after.report", "referee.after.stats",
         "referee.after.standings", "referee.after.league", "referee.after.export", "referee.after.records",
         "referee.record.store_pg", "referee.record.push", "referee.record.corrections", "psycopg",
         "prompt_toolkit", "referee.cli.shell", "referee.model.rulebook", "shutil", "bz2", "lzma", "difflib")

PROBE = """
import atexit, json, sys
atexit.register(lambda: print("MODULES " + json.dumps(sorted(sys.modules)), file=sys.stderr))
sys.argv = ["referee", *sys.argv[1:]]
from referee.cli import main
main()
"""


def _run(args: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess, set[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=600)
    line = next(ln for ln in done.stderr.splitlines() if ln.startswith("MODULES "))
    return done, set(json.loads(line[len("MODULES "):]))


def _games(mods: set[str]) -> set[str]:
    """The games whose rules or command line were imported."""
    return {m.split(".")[2] for m in mods
            if m.startswith(("referee.games.", "referee.cli.")) and m.split(".")[2] in registry.names()}


def _env(t: Table) -> dict[str, str]:
    assert t.sid
    if t._store is not None:  # the table's own connection closed: the process is alone on the file
        t._store.close()
        t._store = None
    return {"REFEREE_DB": str(t.path), "REFEREE_SESSION": t.sid, "COLUMNS": "100"}


def test_a_game_action_imports_its_game_and_the_record_only():
    """Speed: `referee kleos glory ...` loads Kleos, the session and the store, nothing else."""
    options = registry.engine("kleos").playout_options(random.Random(3))
    with Table("kleos", options=options) as t:
        god = options["players"][0]["god"]
        done, mods = _run(["kleos", "glory", god, "+1", "--reason", "test"], _env(t))
        assert done.returncode == 0, done.stderr
        assert {"referee.games.kleos", "referee.record.session", "referee.record.snapshot"} <= mods
        assert _games(mods) == {"kleos"}
        assert not [m for m in NEVER if m in mods]


def test_a_tab_imports_its_game_and_draws_nothing():
    """Speed: a bash completion request loads Crôa! and the session; no table, report or other game."""
    with Table("croa", "--player Ann:red --player Bob:blue", seed="5") as t:
        env = {**_env(t), "_REFEREE_COMPLETE": "bash_complete", "COMP_WORDS": "referee croa move ", "COMP_CWORD": "3"}
        done, mods = _run([], env)
        assert done.returncode == 0 and done.stdout.strip(), done.stderr  # it offered squares
        assert "referee.games.croa" in mods and "referee.record.snapshot" in mods
        assert _games(mods) == {"croa"}
        assert not [m for m in NEVER if m in mods]
        assert "referee.model.tables" not in mods and "referee.model.textboards" not in mods


def _tab(t: Table) -> subprocess.CompletedProcess:
    env = {**_env(t), "_REFEREE_COMPLETE": "bash_complete", "COMP_WORDS": "referee croa move ", "COMP_CWORD": "3"}
    return subprocess.run([sys.executable, "-m", "referee"], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=600)


def test_a_tab_never_writes_to_the_store():
    """Speed: a Tab reads the snapshot; a missing one is replayed in memory, never written."""
    with Table("croa", "--player Ann:red --player Bob:blue", seed="5") as t:
        _env(t)
        before = Path(t.path).read_bytes()
        kept = _tab(t)
        assert kept.returncode == 0 and kept.stdout.strip()
        assert Path(t.path).read_bytes() == before  # from the snapshot: nothing written
        con = sqlite3.connect(t.path)
        con.execute("DELETE FROM snapshots")
        con.commit()
        con.close()
        before = Path(t.path).read_bytes()
        replayed = _tab(t)
        assert replayed.returncode == 0 and replayed.stdout == kept.stdout  # the same squares offered
        assert Path(t.path).read_bytes() == before
        con = sqlite3.connect(t.path)
        assert con.execute("SELECT count(*) FROM snapshots").fetchone()[0] == 0
        con.close()
