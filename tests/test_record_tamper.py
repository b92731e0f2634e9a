"""The record cannot lie, even fast (issue 36): every edit of its first table, as an attacker makes it.

Each test edits a store behind the referee's back with `sqlite3` and a few lines of Python (SHA-256
recomputed where the attacker can: the links, the digests, the old unkeyed seal, the snapshot's
old digest), then checks that the next command refuses it (exit 3, naming it) and that an action
on it writes nothing. The seals and snapshots are keyed (`referee.record.keys`): the key is the
test run's own (tests/conftest.py), which no edit here reads.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from example_runner import play_quietly
from tamper import edit as _edit

from referee.cli import cli
from referee.model import registry
from referee.model.errors import StorageError
from referee.record import chain, session
from referee.record.integrity import verify_session
from referee.record.schema import ALL_STATUSES
from referee.record.store import Store
from referee.testing import Table, playout_choices

SID = "kleos-1"  # the Kleos example played to its end (Bob wins)


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    path = tmp_path_factory.mktemp("kleos") / "kleos.db"
    play_quietly("kleos", path)
    return path


@pytest.fixture
def db(finished, tmp_path):
    path = tmp_path / "table.db"
    shutil.copy(finished, path)
    return path


def run(db, *args: str, env: dict | None = None):
    result = CliRunner().invoke(cli, ["--db", str(db), *args], env=env)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


def sql(db, statement: str, *params) -> None:
    con = sqlite3.connect(db)
    con.execute(statement, params)
    con.commit()
    con.close()


def stored(path) -> tuple:
    """Everything a refused command must leave as it was."""
    con = sqlite3.connect(path)
    try:
        return tuple(con.execute(f"SELECT * FROM {t}").fetchall() for t in
                     ("sessions", "actions", "snapshots", "leagues", "league_sessions"))
    finally:
        con.close()


def _kleos(seed: str | None = "1") -> Table:
    t = Table("kleos", options=registry.engine("kleos").playout_options(random.Random(3)), store=True, seed=seed)
    t.playout(12, random.Random(3))
    return t


def _refused(t: Table, action: dict, match: str) -> None:
    """An action on the edited record: refused, exit 3, nothing written."""
    before = stored(t.path)
    with pytest.raises(StorageError, match=match) as refused:
        session.act(t.store, str(t.sid), action)
    assert refused.value.exit_code == 3
    assert stored(t.path) == before


def relink_from(path, sid: str, start: int) -> None:
    """What an attacker does after editing row `start`: every link and digest from there on, and the
    session row's head, length and digest computed again (all SHA-256), and its seal recomputed as
    the referee's older, unkeyed seal was."""
    con = sqlite3.connect(path)
    rows = con.execute("SELECT idx, action, results, status, events, reason, changed, created, rules_version"
                       " FROM actions WHERE session_id = ? ORDER BY idx", (sid,)).fetchall()
    prev = digest = ""
    for idx, action, results, status, events, reason, changed, created, rules in rows:
        prev = chain.link_text(prev, action, results, status)
        digest = chain.row_digest(digest, idx, events, reason, changed, created, rules)
        if idx >= start:
            con.execute("UPDATE actions SET link = ?, digest = ? WHERE session_id = ? AND idx = ?",
                        (prev, digest, sid, idx))
    cols = ", ".join(chain.SEAL_FIELDS)
    fields = dict(zip(chain.SEAL_FIELDS, con.execute(f"SELECT {cols} FROM sessions WHERE id = ?", (sid,)).fetchone(),
                      strict=True))
    con.execute("UPDATE sessions SET head = ?, length = ?, digest = ?, seal = ? WHERE id = ?",
                (prev, len(rows), digest, chain.seal_of(fields, prev, len(rows), digest), sid))
    con.commit()
    con.close()


# -- a middle action row deleted ---------------------------------------------------------------

def test_a_middle_row_deleted_is_named_by_every_view_and_refused_by_the_next_action():
    with _kleos() as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        _edit(t, "DELETE FROM actions WHERE session_id = ? AND idx = 4", sid)
        for view, game in ((["status"], True), (["show", sid], False), (["log", sid], False)):
            out = t.run(view, game=game)
            assert out.code == 3, view
            assert "action 4: is missing" in out.error["message"], view
        _refused(t, action, "missing")


def test_a_middle_row_deleted_and_everything_relinked_is_refused_by_the_keyed_seal():
    with _kleos() as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        _edit(t, "DELETE FROM actions WHERE session_id = ? AND idx = 4", sid)
        _edit(t, "UPDATE actions SET idx = idx - 1 WHERE session_id = ? AND idx > 4", sid)
        relink_from(t.path, sid, 4)
        out = t.run("status")
        assert out.code == 3 and "without the referee's key" in out.error["message"]
        _refused(t, action, "without the referee's key")


# -- a middle result changed ------------------------------------------------------------------

def _croa() -> Table:
    t = Table("croa", options=registry.engine("croa").playout_options(random.Random(5)), store=True)
    t.playout(20, random.Random(5))
    return t


def _a_rolled_row(t: Table) -> int:
    """A middle row whose results the referee drew (a tile turned face up, say)."""
    rows = t.store.actions(str(t.sid), ALL_STATUSES)
    return next(r["idx"] for r in rows[1:-2] if any(x.get("source", "referee") == "referee" for x in r["results"]))


def test_a_middle_result_changed_is_refused_by_the_next_command():
    with _croa() as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        k = _a_rolled_row(t)
        _edit(t, "UPDATE actions SET results = json_set(results, '$[0].value', 'forged') WHERE session_id = ?"
                 " AND idx = ?", sid, k)
        out = t.run("status")
        assert out.code == 3 and f"at action {k}" in out.error["message"]
        _refused(t, action, f"at action {k}")


def test_a_middle_result_changed_with_every_hash_recomputed_is_refused_by_the_keyed_seal():
    with _croa() as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        k = _a_rolled_row(t)
        _edit(t, "UPDATE actions SET results = json_set(results, '$[0].value', 'forged') WHERE session_id = ?"
                 " AND idx = ?", sid, k)
        relink_from(t.path, sid, k)
        assert t.run("status").code == 3
        assert t.run(["stats"], game=False).code == 0  # the session is open: nothing counted either way
        _refused(t, action, "without the referee's key")
        assert not verify_session(t.store, sid)["ok"]


def test_an_older_row_edited_on_a_long_log_is_found_within_the_rolling_bound(tmp_path):
    """A log longer than the rolling check reads whole: an edit outside this command's window is
    found by one of the next BLOCKS actions (each reads another window), never later."""
    from bench_seal import build

    path = tmp_path / "long.db"
    sid, god = build(path, 400)
    sql(path, "UPDATE actions SET action = json_set(action, '$.reason', 'forged') WHERE session_id = ? AND idx = 37",
        sid)
    store = Store(path)
    accepted = 0
    try:
        for _ in range(session.BLOCKS + 1):
            session.act(store, sid, {"verb": "glory", "god": god, "delta": "+1", "reason": "test"})
            accepted += 1
    except StorageError as exc:
        assert "at action 37" in exc.message and "rolling check" in exc.message
    finally:
        store.close()
    assert accepted < session.BLOCKS


def test_the_rolling_windows_cover_every_row_within_blocks_actions():
    for n in (97, 100, 400, 1000, 5000, 5003):
        seen: set[int] = set()
        for m in range(n, n + session.BLOCKS):
            first, last = session.window(m)
            seen.update(range(first + (first > 0), last + 1))  # the first row only lends its link
        assert set(range(1, n)) <= seen, n
        first, last = session.window(n)
        assert last - first <= n // session.BLOCKS + session.BLOCKS + 4


# -- the snapshot forged, its digest recomputed ------------------------------------------------

def test_a_snapshot_forged_with_its_sha256_digest_recomputed_is_refused():
    with _kleos() as t:
        sid = str(t.sid)
        truth = session.load(t.store, sid, full=True)
        action = playout_choices(t.engine, truth.state)[0]
        earlier = session.replay(t.engine, truth.seed, list(truth.records)[:3])
        con = sqlite3.connect(t.path)
        snap = dict(zip(("head", "head_idx", "format", "rules_version", "ply", "redo", "last"), con.execute(
            "SELECT head, head_idx, format, rules_version, ply, redo, last FROM snapshots WHERE session_id = ?",
            (sid,)).fetchone(), strict=True))
        con.close()
        state = json.dumps(t.engine.to_json(earlier), separators=(",", ":"))
        h = hashlib.sha256()  # the snapshot's digest as it was before it was keyed
        for part in (sid, snap["head"], str(snap["head_idx"]), str(snap["format"]), snap["rules_version"],
                     str(snap["ply"]), str(snap["redo"]), snap["last"], state):
            data = part.encode()
            h.update(f"{len(data)}:".encode())
            h.update(data)
        _edit(t, "UPDATE snapshots SET state = ?, digest = ? WHERE session_id = ?", state, h.hexdigest(), sid)
        out = t.run("status")
        assert out.code == 3 and "snapshot" in out.error["message"]
        _refused(t, action, "snapshot")
        report = verify_session(t.store, sid)
        assert not report["ok"] and "snapshot" in report["problem"]


def test_a_snapshot_set_back_to_the_unkeyed_format_is_never_used():
    """The older format (an unkeyed digest anyone computes) is only stale: replayed from the log,
    so the forged state is never shown nor extended."""
    with _kleos() as t:
        sid = str(t.sid)
        truth = session.load(t.store, sid, full=True)
        earlier = session.replay(t.engine, truth.seed, list(truth.records)[:3])
        _edit(t, "UPDATE snapshots SET format = 1, state = ? WHERE session_id = ?",
              json.dumps(t.engine.to_json(earlier), separators=(",", ":")), sid)
        out = t.run("status")
        assert out.code == 0 and out.envelope["state"]["summary"] == truth.summary


# -- a running game's seed replaced -------------------------------------------------------------

def test_a_planted_seed_is_refused_before_anything_is_drawn():
    with _kleos(seed=None) as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        _edit(t, "UPDATE sessions SET seed = 'planted' WHERE id = ?", sid)
        out = t.run("status")
        assert out.code == 3 and "the seed does not match the commitment" in out.error["message"]
        _refused(t, action, "the seed does not match the commitment")


def test_a_planted_seed_with_its_commitment_and_unkeyed_seal_redone_is_refused():
    from referee.model.secret import commitment

    with _kleos(seed=None) as t:
        sid = str(t.sid)
        action = playout_choices(t.engine, t.state)[0]
        _edit(t, "UPDATE sessions SET seed = '1', commitment = ? WHERE id = ?", commitment("1"), sid)
        relink_from(t.path, sid, 10**6)  # only the session row's (unkeyed) seal recomputed
        assert t.run("status").code == 3
        _refused(t, action, "without the referee's key")


# -- a league's points or membership changed ----------------------------------------------------

@pytest.mark.parametrize("change", ["points", "member removed", "member added"])
def test_a_league_edited_by_hand_is_refused_by_standings_and_named_by_verify_all(db, change):
    assert run(db, "league", "new", "club", "--game", "kleos").exit_code == 0
    assert run(db, "league", "add", "club", SID).exit_code == 0
    assert run(db, "league", "standings", "club").exit_code == 0
    if change == "points":
        sql(db, "UPDATE leagues SET points = ? WHERE name = 'club'", json.dumps({"win": 0, "shared": 0, "loss": 9}))
    elif change == "member removed":
        sql(db, "DELETE FROM league_sessions WHERE league = 'club'")
    else:
        sql(db, "INSERT INTO sessions (id, game, name, seed, rules_version, status, summary, created, updated, used)"
                " VALUES ('kleos-9', 'kleos', '', '1', '1', 'over', '{}', 1, 1, 1)")
        sql(db, "INSERT INTO league_sessions (league, session_id) VALUES ('club', 'kleos-9')")
    standings = run(db, "league", "standings", "club")
    assert standings.exit_code == 3 and "the league 'club'" in standings.output
    verified = run(db, "verify", "--all")
    assert verified.exit_code == 3 and "league club" in verified.output


# -- a finished session copied under a new id -------------------------------------------------

def test_a_finished_session_copied_and_resealed_is_counted_once_and_named_by_verify_all(db):
    con = sqlite3.connect(db)
    cols = [r[1] for r in con.execute("PRAGMA table_info(sessions)")]
    row = dict(zip(cols, con.execute("SELECT * FROM sessions WHERE id = ?", (SID,)).fetchone(), strict=True))
    row["id"] = "kleos-2"
    con.execute(f"INSERT INTO sessions ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                [row[c] for c in cols])
    con.execute("INSERT INTO actions SELECT 'kleos-2', idx, action, results, events, rules_version, status, created,"
                " link, reason, changed, digest FROM actions WHERE session_id = ?", (SID,))
    con.commit()
    con.close()
    relink_from(db, "kleos-2", 10**6)  # its seal recomputed for its new id, as the older referee sealed
    stats = json.loads(run(db, "--json", "stats", "--game", "kleos").stdout)["result"]
    assert {r["player"]: r["plays"] for r in stats["rows"]} == {"Bob": 1, "Ann": 1}
    assert [x["id"] for x in stats["left_out"]] == ["kleos-2"]
    verified = run(db, "verify", "--all")
    assert verified.exit_code == 3
    assert "hold one game (the same origin)" in verified.output or "hold one game (the same head)" in verified.output


# -- an export's `created` moved ---------------------------------------------------------------

def _finished_secret_game(path: Path) -> str:
    """A game played to its end with a secret seed (the commitment's key drawn for it alone)."""
    store = Store(path)
    engine = registry.engine("kleos")
    rng = random.Random(11)
    loaded, _ = session.create(store, "kleos", engine.playout_options(rng))
    sid = str(loaded.id)
    for _ in range(3000):
        state = session.load(store, sid).state
        if engine.summary(state)["over"]:
            break
        session.act(store, sid, rng.choice(playout_choices(engine, state)))
    assert store.session(sid)["status"] == "over"
    store.close()
    return sid


@pytest.mark.parametrize("secret", [True, False])
def test_an_export_with_its_created_time_moved_is_not_stored_twice(db, tmp_path, secret):
    here = tmp_path / "secret.db" if secret else db
    sid = _finished_secret_game(here) if secret else SID
    path = tmp_path / "game.json"
    assert run(here, "export", sid, "-o", str(path)).exit_code == 0
    other = tmp_path / "other.db"
    assert run(other, "import", str(path)).exit_code == 0
    data = json.loads(path.read_text())
    data["created"] = data["created"] + 1
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(data))
    for store in (other, here):
        again = run(store, "import", str(moved))
        assert again.exit_code == 3 and "in the store already" in again.output


# -- the key: where it lives, what a lost one does ---------------------------------------------

def test_the_key_file_is_made_owner_only_on_first_use(tmp_path, monkeypatch):
    from referee.record import keys

    folder = tmp_path / "config" / "referee"
    monkeypatch.setenv(keys.CONFIG_DIR, str(folder))
    keys._cache.clear()
    store = Store(tmp_path / "s.db")
    session.create(store, "kleos", registry.engine("kleos").playout_options(random.Random(1)), seed="1")
    store.close()
    key = folder / "key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert len(bytes.fromhex(key.read_text().strip())) == 32
    monkeypatch.setenv(keys.KEY_FILE, str(tmp_path / "elsewhere.key"))
    assert keys.key_path() == str(tmp_path / "elsewhere.key")


def test_a_key_file_others_may_read_is_refused(tmp_path, monkeypatch):
    from referee.record import keys

    monkeypatch.setenv(keys.KEY_FILE, str(tmp_path / "k"))
    keys._cache.clear()
    keys.local_key()
    os.chmod(tmp_path / "k", 0o644)
    keys._cache.clear()
    with pytest.raises(StorageError, match="may be read by others"):
        keys.local_key()


def test_a_lost_key_says_so_and_verify_reseal_seals_again_after_a_full_check(db, tmp_path):
    from referee.record import keys

    env = {keys.KEY_FILE: str(tmp_path / "new.key")}
    keys._cache.clear()
    shown = run(db, "show", SID, env=env)
    assert shown.exit_code == 3 and "sealed with another key" in shown.output
    verified = run(db, "verify", SID, env=env)
    assert verified.exit_code == 3 and "verify --reseal" in verified.output
    resealed = run(db, "verify", "--reseal", SID, env=env)
    assert resealed.exit_code == 0 and "sealed again with this referee's key" in resealed.output, resealed.output
    assert run(db, "show", SID, env=env).exit_code == 0
    assert run(db, "show", SID).exit_code == 3  # the first key no longer proves it


def test_verify_reseal_never_seals_a_session_edited_since(db, tmp_path):
    from referee.record import keys

    env = {keys.KEY_FILE: str(tmp_path / "new.key")}
    sql(db, "UPDATE actions SET results = json_set(results, '$[0].value', 'forged') WHERE session_id = ? AND idx = "
            "(SELECT min(idx) FROM actions WHERE session_id = ? AND idx > 5 AND results <> '[]')", SID, SID)
    resealed = run(db, "verify", "--reseal", SID, env=env)
    assert resealed.exit_code == 3
    sql(db, "UPDATE sessions SET name = 'forged' WHERE id = ?", SID)
    assert run(db, "verify", "--reseal", SID).exit_code == 3  # this key's seal, edited: never resealed


def test_an_export_moves_between_machines_and_the_importer_seals_it_with_its_own_key(db, tmp_path):
    from referee.record import keys

    path = tmp_path / "game.json"
    assert run(db, "export", SID, "-o", str(path)).exit_code == 0
    env = {keys.KEY_FILE: str(tmp_path / "other-machine.key")}
    other = tmp_path / "other.db"
    assert run(other, "import", str(path), env=env).exit_code == 0
    assert run(other, "verify", "--all", env=env).exit_code == 0
    assert run(other, "show", SID, env=env).exit_code == 0


def _unkeyed(path) -> None:
    """Every seal made again as the referee made it before seals were keyed (SHA-256)."""
    con = sqlite3.connect(path)
    ids = [r[0] for r in con.execute("SELECT id FROM sessions")]
    con.close()
    for sid in ids:
        relink_from(path, sid, 10**6)


def test_an_older_store_is_checked_the_old_way_once_and_sealed_with_the_key(db, tmp_path, monkeypatch):
    from referee.record import keys

    monkeypatch.setenv(keys.CONFIG_DIR, str(tmp_path / "fresh-config"))  # a key that never met this store
    keys._cache.clear()
    _unkeyed(db)
    store = Store(db)
    seal = store.session(SID)["seal"]
    assert seal.startswith("k1:") and seal.split(":")[2] == "c"  # finished: replayed and marked checked
    store.close()
    assert run(db, "verify", SID).exit_code == 0


def test_an_older_store_with_an_edited_session_is_never_laundered(db, tmp_path, monkeypatch, capsys):
    from referee.record import keys

    monkeypatch.setenv(keys.CONFIG_DIR, str(tmp_path / "fresh-config"))
    keys._cache.clear()
    _unkeyed(db)
    sql(db, "UPDATE sessions SET name = 'forged' WHERE id = ?", SID)  # after the old seal was made
    Store(db).close()
    assert "not sealed with the key" in capsys.readouterr().err
    assert run(db, "verify", SID).exit_code == 3


def test_a_keyed_store_turned_back_to_unkeyed_seals_is_refused():
    """This key made the store (it remembers it): seals made without it were made by hand, even
    every one of them."""
    with _kleos() as t:
        t.store.close()
        t._store = None
        _unkeyed(t.path)
        assert t.run("status").code == 3
        assert not verify_session(t.store, str(t.sid))["ok"]


# -- a game checked in full when it ends, before it counts -------------------------------------

def test_a_finished_game_is_sealed_with_the_checked_mark_and_counted_without_a_replay(db, monkeypatch):
    store = Store(db)
    assert store.checked_mark(SID) and store.unmarked() == []
    store.close()
    from referee.record import integrity

    monkeypatch.setattr(integrity, "verify_session", lambda *_a, **_k: pytest.fail("replayed"))
    assert json.loads(run(db, "--json", "stats").output)["result"]["rows"]


def test_a_finished_game_without_the_checked_mark_is_checked_in_full_before_it_counts(db):
    store = Store(db)
    with store.write():
        store.reseal(SID, checked=False)
    store.close()
    sql(db, "UPDATE actions SET results = json_set(results, '$[0].value', 'forged') WHERE session_id = ? AND idx = "
            "(SELECT min(idx) FROM actions WHERE session_id = ? AND idx > 5 AND results <> '[]')", SID, SID)
    stats = json.loads(run(db, "--json", "stats").output)["result"]
    assert stats["rows"] == [] and stats["left_out"][0]["id"] == SID
    assert run(db, "export", SID).exit_code == 3
    assert run(db, "report", SID, "-o", str(db.parent / "r.html")).exit_code == 3


# -- files and faults ----------------------------------------------------------------------------

def test_the_upgrades_backup_is_owner_only(tmp_path):
    fixture = Path(__file__).parent / "data" / "schema4_store.sql"
    if not fixture.exists():
        pytest.skip("no schema 4 fixture")
    path = tmp_path / "old.db"
    con = sqlite3.connect(path)
    con.executescript(fixture.read_text(encoding="utf-8"))
    con.commit()
    con.close()
    os.chmod(path, 0o644)
    Store(path).close()
    backups = list(tmp_path.glob("old.db.v4-backup*"))
    assert backups and all(stat.S_IMODE(b.stat().st_mode) == 0o600 for b in backups)


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_the_qr_file_is_owner_only_even_over_a_wider_file(tmp_path, suffix):
    segno = pytest.importorskip("segno")
    from referee.cli.serve import write_qr

    target = tmp_path / f"table{suffix}"
    target.write_text("old")
    os.chmod(target, 0o644)
    write_qr(segno.make("http://192.0.2.1:8028/?t=secret", error="m"), target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_bytes()[:4] in (b"<svg", b"\x89PNG")


def _referee(args: list[str], db: Path, script: str | None = None, **popen) -> tuple[int, str]:
    import subprocess
    import sys

    env = {**os.environ, "REFEREE_DB": str(db)}
    env.pop("REFEREE_SESSION", None)
    done = subprocess.run([sys.executable, "-m", "referee", *args], input=script, text=True, env=env,
                          stderr=subprocess.PIPE, check=False, timeout=120, **popen)
    assert "Traceback" not in done.stderr
    return done.returncode, done.stderr


def _croa_store(path: Path) -> None:
    store = Store(path)
    session.create(store, "croa", registry.engine("croa").playout_options(random.Random(5)), seed="5")
    store.close()


@pytest.mark.parametrize("lane", [True, False])
def test_a_script_whose_output_is_full_ends_as_the_click_shell_ends_it(tmp_path, lane):
    """`referee play GAME < script` with standard output on a full disk: named once, exit 3, never
    a traceback, whether the express lane or the Click shell runs the lines (a REFEREE_* variable
    the lane does not read hands the script to the Click shell)."""
    db = tmp_path / "s.db"
    _croa_store(db)
    extra = {} if lane else {"env": {**os.environ, "REFEREE_DB": str(db), "REFEREE_NO_LANE": "1"}}
    with open("/dev/full", "w") as full:
        if extra:
            import subprocess
            import sys

            done = subprocess.run([sys.executable, "-m", "referee", "play", "croa"], input="status\n" * 50,
                                  text=True, stdout=full, stderr=subprocess.PIPE, check=False, timeout=120, **extra)
            code, err = done.returncode, done.stderr
        else:
            code, err = _referee(["play", "croa"], db, "status\n" * 50, stdout=full)
    assert code == 3
    assert err.count("the output could not be written (No space left on device); nothing was stored") == 1


def test_a_script_with_its_output_closed_is_named_exit_3(tmp_path):
    db = tmp_path / "s.db"
    _croa_store(db)
    code, err = _referee(["play", "croa"], db, "status\n" * 5, preexec_fn=lambda: os.close(1))
    assert code == 3 and "standard output is closed" in err and err.count("error:") == 1


def test_a_file_size_limit_is_named_as_such(tmp_path):
    import resource

    db = tmp_path / "s.db"
    _croa_store(db)
    limit = 4096  # less than one page of the journal the new session writes

    def small() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    before = stored(db)
    code, err = _referee(["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "8"], db,
                         preexec_fn=small, stdout=-3)
    assert code == 3 and "file-size limit" in err and "ulimit -f" in err
    assert stored(db) == before


# -- the same on a club's server ----------------------------------------------------------------

def test_on_a_club_server_the_seals_are_keyed_and_no_table_reads_the_key(pg_cluster, pg_url):
    psycopg = pytest.importorskip("psycopg")
    n = f"k{os.getpid()}"
    table, org = f"{n}_table", f"{n}_org"
    assert run(pg_url, "club", "init", "--tables", table, "--organiser", org).exit_code == 0
    urls = {}
    for role in (table, org):
        pg_cluster.sql(f"ALTER ROLE {role} PASSWORD 'pw-{role}'")
        urls[role] = pg_url.replace("postgresql://postgres@", f"postgresql://{role}:pw-{role}@")
    new = ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
           "--champion", "athena=3/3/4/2"]
    started = run(urls[table], "--json", *new)
    assert started.exit_code == 0, started.output
    sid = json.loads(started.stdout)["session"]
    with psycopg.connect(urls[table], autocommit=True) as conn:
        seal = conn.execute("SELECT seal FROM sessions WHERE id = %s", (sid,)).fetchone()[0]
        assert seal.startswith("k1:")
        for role in (table, org):
            with psycopg.connect(urls[role], autocommit=True) as other, \
                    pytest.raises(psycopg.errors.InsufficientPrivilege):
                other.execute("SELECT * FROM referee_key")
            # nor writes the rows the server remembers as checked (one marked by hand would never
            # be hashed again)
            with psycopg.connect(urls[role], autocommit=True) as other, \
                    pytest.raises(psycopg.errors.InsufficientPrivilege):
                other.execute("INSERT INTO referee_checked (session_id, seen) VALUES ('x', 'y')")
    # the owner's dump edited and every unkeyed hash recomputed: the next command refuses it
    with psycopg.connect(pg_url, autocommit=True) as conn:
        cols = ", ".join(chain.SEAL_FIELDS)
        fields = dict(zip(chain.SEAL_FIELDS, conn.execute(f"SELECT {cols} FROM sessions WHERE id = %s",
                                                          (sid,)).fetchone(), strict=True))
        fields["name"] = "forged"
        h, length, digest = conn.execute("SELECT head, length, digest FROM sessions WHERE id = %s", (sid,)).fetchone()
        conn.execute("UPDATE sessions SET name = 'forged', seal = %s WHERE id = %s",
                     (chain.seal_of(fields, h, length, digest), sid))
    status = run(urls[table], "--session", sid, "kleos", "status")
    assert status.exit_code == 3 and "without the referee's key" in status.output
    # a league at the club: sealed, and a table's game added to it keeps it sealed
    assert run(urls[org], "league", "new", "cup", "--game", "kleos").exit_code == 0
    second = run(urls[table], "--json", *new)
    assert run(urls[table], "league", "add", "cup", json.loads(second.stdout)["session"]).exit_code == 0
    assert run(urls[org], "verify", "--all").exit_code == 3  # the forged session only
    assert run(urls[org], "league", "standings", "cup").exit_code == 0
