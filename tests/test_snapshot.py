"""The kept state after a session's log head (referee.record.snapshot): never trusted unchecked.

- a snapshot edited by hand (its state, its head, its digest, its count) is ignored: the state
  the referee shows is the replayed log's, and the next action writes the snapshot again;
- random playouts of every game, with undo, redo, amend, strike and insert mixed in, leave
  the snapshot equal to a fresh replay of the log after every step;
- `verify` checks the snapshot against the full replay.
"""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from corrections_support import correct_randomly
from tamper import edit as _edit

from referee.model import registry
from referee.model.errors import RefereeError
from referee.record import session, snapshot
from referee.record.integrity import verify_session
from referee.testing import Table, playout_choices

GAMES = registry.names()


def _kleos_table() -> Table:
    t = Table("kleos", options=registry.engine("kleos").playout_options(random.Random(3)))
    t.playout(12, random.Random(3))
    return t


def _replayed(t: Table) -> session.Loaded:
    assert t.sid
    return session.load(t.store, t.sid, full=True)


def _current(t: Table) -> bool:
    """The stored snapshot is the one the referee would use now: keyed by the sealed head, whose
    row's link holds, with its own digest."""
    assert t.sid
    snap = snapshot.read(t.store, t.sid)
    sealed = t.store.session(t.sid)["head"]
    return bool(snap and snap["head"] == sealed and snapshot.trusted(
        t.store, snap, t.sid, t.engine.rules_version, snapshot.head_rows(t.store, t.sid)))


def _same_as_replay(t: Table) -> None:
    """Loading (from the snapshot) gives exactly the replayed log's state, length and last record."""
    fast, slow = t.loaded, _replayed(t)
    assert fast.state == slow.state
    assert json.dumps(t.engine.to_json(fast.state)) == json.dumps(t.engine.to_json(slow.state))  # key order too
    assert len(fast.records) == len(slow.records)
    assert fast.records[-1]["action"] == slow.records[-1]["action"]
    assert fast.records[-1]["results"] == slow.records[-1]["results"]
    assert fast.redo == slow.redo  # the undone actions waiting for redo (a new action drops them)
    assert fast.head == slow.head


def _one_action(t: Table) -> None:
    assert t.playout(1, random.Random(9)) == 1


def test_snapshot_kept_by_each_action_is_used_without_replay(monkeypatch):
    with _kleos_table() as t:
        assert _current(t)
        _same_as_replay(t)

        def no_replay(*_args, **_kwargs):
            raise AssertionError("the log was replayed")

        truth = t.loaded.state
        monkeypatch.setattr(session, "replay", no_replay)
        monkeypatch.setattr(session, "check_record", no_replay)  # no row read and re-hashed either
        assert t.loaded.state == truth  # from the snapshot alone
        t.playout(3, random.Random(5))  # actions too: each keeps the next snapshot
        assert _current(t)


@pytest.mark.parametrize("edit", ["state", "head", "digest", "ply", "garbage"])
def test_snapshot_edited_by_hand_is_refused_or_rebuilt(edit):
    """Integrity: a snapshot of the sealed head whose keyed digest does not match was written by hand:
    every command refuses it (exit 3, naming it, nothing written); one of another head is only stale
    (replayed, and kept anew by the next action)."""
    with _kleos_table() as t:
        truth = _replayed(t)
        earlier = session.replay(t.engine, truth.seed, list(truth.records)[:3])
        links = [r["link"] for r in t.store.actions(t.sid)]
        if edit == "state":  # another state of the same game, the digest left as it was
            _edit(t, "UPDATE snapshots SET state = ? WHERE session_id = ?",
                  json.dumps(t.engine.to_json(earlier), separators=(",", ":")), t.sid)
        elif edit == "head":
            _edit(t, "UPDATE snapshots SET head = ? WHERE session_id = ?", links[2], t.sid)
        elif edit == "digest":
            _edit(t, "UPDATE snapshots SET digest = ? WHERE session_id = ?", "0" * 64, t.sid)
        elif edit == "ply":
            _edit(t, "UPDATE snapshots SET ply = 3 WHERE session_id = ?", t.sid)
        else:
            _edit(t, "UPDATE snapshots SET state = '{', last = 'x' WHERE session_id = ?", t.sid)
        assert not _current(t)
        out = t.run("status")
        if edit != "head":
            assert out.code == 3 and "snapshot" in out.error["message"]
            before = _stored(t)
            with pytest.raises(RefereeError, match="snapshot") as refused:
                session.act(t.store, str(t.sid), playout_choices(t.engine, truth.state)[0])
            assert refused.value.exit_code == 3
            assert _stored(t) == before
            return
        assert out.code == 0
        assert out.envelope["state"]["summary"] == truth.summary  # the replayed state's, not the snapshot's
        assert t.loaded.state == truth.state
        _same_as_replay(t)
        assert not _current(t)  # a view never writes
        _one_action(t)
        assert _current(t)  # the next action wrote it again
        _same_as_replay(t)


def _stored(t: Table) -> tuple:
    con = sqlite3.connect(t.path)
    try:
        return (con.execute("SELECT * FROM actions ORDER BY session_id, idx").fetchall(),
                con.execute("SELECT * FROM sessions").fetchall(), con.execute("SELECT * FROM snapshots").fetchall())
    finally:
        con.close()


def test_snapshot_with_a_forged_digest_is_caught_by_verify():
    """Integrity: `verify` replays the whole log and checks the snapshot against it."""
    with _kleos_table() as t:
        assert verify_session(t.store, t.sid)["ok"]
        truth = _replayed(t)
        earlier = session.replay(t.engine, truth.seed, list(truth.records)[:3])
        snap = snapshot.read(t.store, t.sid)
        assert snap is not None
        forged = snapshot.row(t.store, t.sid, snap["head"], snap["head_idx"], snap["rules_version"], snap["ply"],
                              json.loads(snap["last"]), t.engine.to_json(earlier), snap["redo"])
        _edit(t, "UPDATE snapshots SET state = ?, digest = ? WHERE session_id = ?", forged["state"],
              forged["digest"], t.sid)
        report = verify_session(t.store, t.sid)
        assert not report["ok"]
        assert "snapshot" in report["problem"]
        out = t.run(["verify", t.sid], game=False)
        assert out.code == 3


def test_snapshot_missing_or_of_another_format_is_rebuilt():
    with _kleos_table() as t:
        _edit(t, "DELETE FROM snapshots")
        _same_as_replay(t)
        _one_action(t)
        assert _current(t)
        _edit(t, "UPDATE snapshots SET format = 0 WHERE session_id = ?", t.sid)
        assert not _current(t)
        _same_as_replay(t)
        _one_action(t)
        assert _current(t)
        _edit(t, "DROP TABLE snapshots")  # a store from before snapshots
        _same_as_replay(t)
        _one_action(t)
        assert _current(t)


def test_a_head_row_edited_by_hand_is_refused_not_read_from_the_snapshot():
    """Integrity: the head row's own link is checked on every load."""
    with _kleos_table() as t:
        _edit(t, "UPDATE actions SET action = json_set(action, '$.zz', 1) WHERE session_id = ? AND idx = "
                 "(SELECT max(idx) FROM actions WHERE session_id = ?)", t.sid, t.sid)
        out = t.run("status")
        assert out.code == 3
        assert "integrity" in out.error["message"]


def test_a_broken_seal_is_refused_not_read_from_the_snapshot():
    """Integrity: the session row's seal is checked on every load, snapshot or not."""
    with _kleos_table() as t:
        _edit(t, "UPDATE sessions SET name = 'forged' WHERE id = ?", t.sid)
        out = t.run("status")
        assert out.code == 3
        assert "seal" in out.error["message"]


def test_a_mid_log_edit_is_caught_as_soon_as_the_rows_are_read():
    """Integrity: loaded from its snapshot, a session's rows are read only when asked for, and then
    checked whole (chain and seal) before any is used; a short log is read whole by the rolling
    check of every command (`session.rolling_check`)."""
    with _kleos_table() as t:
        _edit(t, "UPDATE actions SET action = json_set(action, '$.zz', 1) WHERE session_id = ? AND idx = 2", t.sid)
        with pytest.raises(RefereeError, match="integrity check at action 2"):
            t.loaded  # noqa: B018
        _edit(t, "UPDATE actions SET action = json_remove(action, '$.zz') WHERE session_id = ? AND idx = 2", t.sid)
        loaded = t.loaded
        assert isinstance(loaded.records, snapshot.Records)
        assert loaded.records[-1]["action"]  # the last record: kept with the snapshot
        con = sqlite3.connect(t.path)  # beside the referee's open connection, after its load
        con.execute("UPDATE actions SET action = json_set(action, '$.zz', 1) WHERE session_id = ? AND idx = 2",
                    (t.sid,))
        con.commit()
        con.close()
        with pytest.raises(RefereeError, match="integrity check at action 2"):
            list(loaded.records)


@pytest.mark.parametrize("game", GAMES)
def test_snapshot_equals_replay_through_undo_redo_and_corrections(game):
    """Random playouts of every game, with corrections mixed in: after every step, the state
    the referee loads (its snapshot) is the fresh replay of the log, and the snapshot is current."""
    engine = registry.engine(game)
    for seed in range(2):
        rng = random.Random(seed)
        with Table(game, options=engine.playout_options(rng), seed=f"snap-{seed}") as t:
            for _ in range(25):
                if rng.random() < 0.3:
                    correct_randomly(t.store, t.sid, rng)
                elif not t.playout(rng.randint(1, 4), rng):
                    break
                assert _current(t)
                _same_as_replay(t)
