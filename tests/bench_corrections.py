"""Correction benchmark (a script, not a test): `python tests/bench_corrections.py`.

Times an amendment at action 10 of a stored 1,000-action Kleos session (real play until
Day 3, then glory effects, as in bench_integrity.py): the action is amended to itself, so
every one of the 990 later actions is re-checked and the stored tail rewritten and
re-chained. Also: the same as a dry run (re-check only), a strike with --cut, and
`verify` afterwards.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_integrity import _stored

from referee.record import corrections, session
from referee.record.integrity import verify_session
from referee.record.store import Store


def amend_at_10(tmp: Path, runs: int = 5) -> None:
    store = Store(tmp / "amend.db")
    sid = _stored(store, 1000)
    action = dict(store.actions(sid)[10]["action"])
    dry, real = [], []
    for _ in range(runs):
        t = time.perf_counter()
        corrections.correct(store, sid, "amend", 10, action, dry_run=True)
        dry.append(time.perf_counter() - t)
        t = time.perf_counter()
        out = corrections.correct(store, sid, "amend", 10, action, reason="bench")
        real.append(time.perf_counter() - t)
        assert out.changed == [] and out.rechecked == 990
    t = time.perf_counter()
    session.load(store, sid)
    load = time.perf_counter() - t
    t = time.perf_counter()
    report = verify_session(store, sid)
    check = time.perf_counter() - t
    assert report["ok"], report
    print(f"amend: action 10 of a 1,000-action Kleos session, 990 later actions re-checked: "
          f"{statistics.median(real) * 1000:.0f} ms (median of {runs}; dry run {statistics.median(dry) * 1000:.0f} ms; "
          f"loading the session alone {load * 1000:.0f} ms)")
    print(f"verify after {runs} amendments ({report['actions']} stored rows): {check * 1000:.0f} ms")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        amend_at_10(Path(tmp))


if __name__ == "__main__":
    main()
