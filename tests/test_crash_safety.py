"""Crash safety and two writers (on a Kleos session): every committed action kept, nothing half-written."""

import random
import signal
import subprocess
import sys
from pathlib import Path

from kleos_table import start

from referee import session
from referee.store import Store

WRITER = Path(__file__).parent / "kleos_writer.py"


def _start(store_path):
    store = Store(store_path)
    sid = start(store)
    store.close()
    return sid


def test_sigkill_during_a_loop_of_actions_loses_no_committed_action(tmp_path):
    path = tmp_path / "crash.db"
    sid = _start(path)
    rng = random.Random(3)
    committed = 0
    for _ in range(4):
        proc = subprocess.Popen([sys.executable, str(WRITER), str(path), sid, "100000", "w"],
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
        store = Store(path)
        assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        actions = store.actions(sid)
        # every printed action was committed; at most one more committed just before the kill
        assert committed + last <= len(actions) - 1 <= committed + last + 1
        committed = len(actions) - 1
        assert [a["idx"] for a in actions] == list(range(len(actions)))
        session.load(store, sid)  # the whole log replays
        store.close()


def test_two_processes_appending_at_once_lose_nothing(tmp_path):
    path = tmp_path / "two.db"
    sid = _start(path)
    n = 30
    procs = [subprocess.Popen([sys.executable, str(WRITER), str(path), sid, str(n), tag],
                              stdout=subprocess.DEVNULL) for tag in ("a", "b")]
    for p in procs:
        assert p.wait(timeout=120) == 0
    store = Store(path)
    actions = store.actions(sid)
    tags = sorted(a["action"]["reason"] for a in actions[1:])
    assert len(actions) == 1 + 2 * n
    assert tags == sorted([f"a-{i}" for i in range(n)] + [f"b-{i}" for i in range(n)])
    assert session.load(store, sid).state["glory"]["ares"] == 2 * n
