"""Crash safety and two writers (on a Kleos session): every committed action kept, nothing half-written.

Each test runs on both stores: an SQLite file and a PostgreSQL server (`store_target`)."""

import random
import signal
import subprocess
import sys
from pathlib import Path

from kleos_table import start

from referee.record import session
from referee.record.stores import open_store

WRITER = Path(__file__).parent / "kleos_writer.py"


def _start(store_path):
    store = open_store(store_path)
    sid = start(store)
    store.close()
    return sid


def test_sigkill_during_a_loop_of_actions_loses_no_committed_action(store_target):
    path = store_target
    sid = _start(path)
    rng = random.Random(3)
    committed = 0
    for _ in range(4):
        proc = subprocess.Popen([sys.executable, str(WRITER), path, sid, "100000", "w"],
                                stdout=subprocess.PIPE, text=True)
        wanted = rng.randint(3, 25)
        last = 0
        while last < wanted:
            line = proc.stdout.readline()
            assert line, "the writer stopped early"
            last = int(line)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for line in proc.stdout:  # what it printed between our last read and the kill
            last = int(line)
        proc.stdout.close()
        store = open_store(path)
        if not path.startswith("postgresql:"):
            assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        actions = store.actions(sid)
        # every printed action was committed; at most one more committed just before the kill
        assert committed + last <= len(actions) - 1 <= committed + last + 1
        committed = len(actions) - 1
        assert [a["idx"] for a in actions] == list(range(len(actions)))
        session.load(store, sid)  # the whole log replays
        store.close()


def test_two_processes_appending_at_once_lose_nothing(store_target):
    path = store_target
    sid = _start(path)
    n = 30
    procs = [subprocess.Popen([sys.executable, str(WRITER), path, sid, str(n), tag],
                              stdout=subprocess.DEVNULL) for tag in ("a", "b")]
    for p in procs:
        assert p.wait(timeout=120) == 0
    store = open_store(path)
    actions = store.actions(sid)
    tags = sorted(a["action"]["reason"] for a in actions[1:])
    assert len(actions) == 1 + 2 * n
    assert tags == sorted([f"a-{i}" for i in range(n)] + [f"b-{i}" for i in range(n)])
    assert session.load(store, sid).state["glory"]["ares"] == 2 * n


def test_eight_writers_on_eight_sessions_and_four_on_one_lose_and_double_nothing(store_target):
    """Twelve processes at once: one on each of 8 sessions, and 4 more sharing the first one."""
    n = 6
    sids = [_start(store_target) for _ in range(8)]
    writers = [(sid, f"s{i}") for i, sid in enumerate(sids)] + [(sids[0], f"x{k}") for k in range(4)]
    procs = [subprocess.Popen([sys.executable, str(WRITER), store_target, sid, str(n), tag],
                              stdout=subprocess.DEVNULL) for sid, tag in writers]
    for p in procs:
        assert p.wait(timeout=180) == 0
    store = open_store(store_target)
    for i, sid in enumerate(sids):
        actions = store.actions(sid)
        tags = sorted(a["action"]["reason"] for a in actions[1:])
        mine = [f"s{i}-{j}" for j in range(n)] + ([f"x{k}-{j}" for k in range(4) for j in range(n)] if i == 0 else [])
        assert tags == sorted(mine)  # every action once: nothing lost, nothing twice
        assert [a["idx"] for a in actions] == list(range(len(actions)))
        assert session.load(store, sid).state["glory"]["ares"] == len(mine)
    store.close()
