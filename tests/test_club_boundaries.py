"""The club's boundaries on a real PostgreSQL server: after `club init`, each table's role (with
its password) attacks another table's games with the exact command or SQL an adversary would
type, and the attack fails while the victim's data stays as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest
from click.testing import CliRunner
from club import KLEOS_SHARED, play
from example_runner import example_games

from referee.cli import cli
from referee.cli.context import Referee
from referee.record.schema import ALL_STATUSES
from referee.record.stores import open_store

ROOT = Path(__file__).resolve().parent.parent
KLEOS_NEW = ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
             "--champion", "athena=3/3/4/2"]  # no --seed: the referee draws one and keeps it secret
_clubs = iter(range(1, 10**6))


def referee(*args: str, db: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--db", db, *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def club(pg_cluster, pg_url):
    return make_club(pg_cluster, pg_url)


def make_club(pg_cluster, pg_url) -> dict:
    """`club init` with three tables and an organiser, leagues shown; each role given a password
    as the club's owner would, and a URL that logs in with it."""
    n = f"b{os.getpid()}_{next(_clubs)}"
    roles = {"a": f"{n}_table_a", "b": f"{n}_table_b", "c": f"{n}_table_c", "org": f"{n}_org"}
    code, _, err = referee("club", "init", "--tables", ",".join([roles["a"], roles["b"], roles["c"]]),
                           "--organiser", roles["org"], db=pg_url)
    assert code == 0, err
    urls = {"admin": pg_url}
    for key, role in roles.items():
        pg_cluster.sql(f"ALTER ROLE {role} PASSWORD 'pw-{role}'")
        urls[key] = pg_url.replace("postgresql://postgres@", f"postgresql://{role}:pw-{role}@")
    return {"url": urls, "role": roles}


def own(club: dict, key: str, n: int, game: str = "kleos") -> str:
    """Table `key`'s n-th game of `game` at the club: a table's ids carry its role's name."""
    return f"{game}-{club['role'][key]}-{n}"


def sql(url: str, statement: str, params: tuple = ()) -> list[tuple]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(statement, params)
        return cur.fetchall() if cur.description else []


def session_row(club: dict, sid: str) -> tuple:
    return sql(club["url"]["admin"], "SELECT id, name, seed, status, owner, summary FROM sessions WHERE id = %s",
               (sid,))[0]


def rows(url: str, sid: str) -> list[tuple]:
    store = open_store(url)
    try:
        return [(r["idx"], r["status"], r["link"]) for r in store.actions(sid, ALL_STATUSES)]
    finally:
        store.close()


# -- seeds --------------------------------------------------------------------------------------

def test_seed_of_a_running_game_is_withheld_from_other_tables(club, tmp_path):
    a, b = club["url"]["a"], club["url"]["b"]
    assert referee(*KLEOS_NEW, db=a)[0] == 0  # table a's game, with a secret seed
    a1 = own(club, "a", 1)
    seed = session_row(club, a1)[2]
    with pytest.raises(psycopg.errors.InsufficientPrivilege):  # the direct SQL
        sql(b, "SELECT seed FROM sessions")
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        sql(b, "SELECT * FROM sessions")
    assert sql(b, "SELECT referee_seed(%s)", (a1,)) == [(None,)]
    code, out, err = referee("export", a1, "--reveal-seed", db=b)  # refused: a running secret game
    assert code in (1, 3) and seed not in out + err and "secret" in err
    code, out, _ = referee("export", a1, db=b)  # the record itself may be read, without the seed
    assert code == 0 and json.loads(out)["seed"] is None
    code, _, err = referee("push", a1, "--to", str(tmp_path / "x.db"), db=b)
    assert code == 3 and "its seed is withheld from this role" in err
    assert open_store(str(tmp_path / "x.db")).sessions(include_over=True) == []
    code, out, _ = referee("verify", a1, db=b)
    assert code == 0 and "rolls not checked: its seed is withheld" in out
    # its owner and the organiser read it; once the game is over, everyone does
    assert sql(a, "SELECT referee_seed(%s)", (a1,)) == [(seed,)]
    code, out, _ = referee("export", a1, "--reveal-seed", db=a)  # no output of a running game
    assert code == 1 and seed not in out                                 # holds its seed, not even its own
    assert sql(club["url"]["org"], "SELECT seed FROM sessions WHERE id = %s", (a1,)) == [(seed,)]
    sql(club["url"]["admin"], "UPDATE sessions SET status = 'over' WHERE id = %s", (a1,))
    assert sql(b, "SELECT referee_seed(%s)", (a1,)) == [(seed,)]
    assert session_row(club, a1)[2] == seed


# -- the card library -----------------------------------------------------------------------------

def _card(url: str, name: str) -> dict | None:
    code, out, _ = referee("--json", "kleos", "card", "list", db=url)
    assert code == 0
    return next((c for c in json.loads(out)["result"]["cards"] if c["name"].lower() == name.lower()), None)


def test_a_tables_card_never_changes_another_tables_library(club):
    a, b, org = club["url"]["a"], club["url"]["b"], club["url"]["org"]
    assert referee("kleos", "card", "add", "Achilles", "--stats", "4/3/2/1", db=a)[0] == 0
    assert referee("kleos", "card", "add", "Achilles", "--stats", "1/1/1/1", db=b)[0] == 0  # the attack
    assert _card(a, "Achilles")["attack"] == 4 and _card(b, "Achilles")["attack"] == 1
    assert referee("kleos", "card", "remove", "Achilles", db=b)[0] == 0  # b's own card goes, not a's
    assert _card(a, "Achilles")["attack"] == 4 and _card(b, "Achilles") is None
    for attack in ("UPDATE library SET data = '{}'", "DELETE FROM library",
                   "INSERT INTO library (game, kind, name, data, owner) VALUES ('kleos', 'champion', 'Hector', '{}', "
                   f"'{club['role']['a']}')", "SELECT referee_card_put('kleos', 'champion', 'achilles', '{}')"):
        try:
            sql(b, attack)
        except psycopg.errors.InsufficientPrivilege:
            pass
    assert sql(b, "SELECT count(*) FROM library WHERE owner <> session_user") == [(0,)]  # a's rows unseen
    assert _card(a, "Achilles")["attack"] == 4 and _card(a, "Hector") is None
    # a's next game takes a's Achilles
    assert referee("kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=Achilles",
                   "--champion", "athena=3/3/4/2", db=a)[0] == 0
    assert '"attack": 4' in json.dumps(open_store(club["url"]["admin"]).actions(own(club, "a", 1))[0]["action"])
    # the organiser's cards are the club's: every table reads them, its own first
    assert referee("kleos", "card", "add", "Hector", "--stats", "2/2/2/2", db=org)[0] == 0
    assert _card(a, "Hector")["attack"] == 2 and _card(b, "Hector")["attack"] == 2
    assert _card(a, "Achilles")["attack"] == 4


# -- the default session ------------------------------------------------------------------------------

def test_without_session_a_command_considers_only_this_roles_sessions(club):
    a, b, org = club["url"]["a"], club["url"]["b"], club["url"]["org"]
    a1, b1 = own(club, "a", 1), own(club, "b", 1)
    assert referee(*KLEOS_NEW, db=a)[0] == 0  # a's
    assert referee(*KLEOS_NEW, db=b)[0] == 0  # b's, used last
    before = rows(club["url"]["admin"], b1)
    code, out, _ = referee("--json", "show", db=a)
    assert code == 0 and json.loads(out)["session"] == a1
    code, _, err = referee("kleos", "glory", "ares", "+1", "--reason", "x", db=org)  # the organiser's slip
    assert code == 3 and "no kleos session of this role" in err
    assert referee("kleos", "glory", "ares", "+1", "--reason", "x", db=a)[0] == 0  # into a's own game
    assert rows(club["url"]["admin"], b1) == before
    assert len(rows(club["url"]["admin"], a1)) == 2


def test_sessions_belong_to_the_login_role_even_after_set_role(club):
    group = "referee_tables"
    a_as_group = club["url"]["a"] + "%20-crole%3D" + group  # the URL ends with its options
    code, _, err = referee(*KLEOS_NEW, db=a_as_group)  # `SET ROLE referee_tables` at login
    assert code == 0, err
    a1 = own(club, "a", 1)
    assert session_row(club, a1)[4] == club["role"]["a"]
    before = rows(club["url"]["admin"], a1)
    for url in (club["url"]["b"], club["url"]["b"] + "%20-crole%3D" + group):
        code, _, err = referee("--session", a1, "kleos", "glory", "ares", "+1", "--reason", "y", db=url)
        assert code == 3 and f"this table may not change session {a1}" in err
    with psycopg.connect(club["url"]["b"], autocommit=True) as conn:  # by hand
        conn.execute(f"SET ROLE {group}")
        assert conn.execute("UPDATE sessions SET name = 'mine' WHERE id = %s", (a1,)).rowcount == 0
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("INSERT INTO sessions (id, game, seed, rules_version, created, updated, used, owner)"
                         f" VALUES ('kleos-9', 'kleos', '1', '1', 0, 0, 0, '{club['role']['a']}')")
    assert rows(club["url"]["admin"], a1) == before and session_row(club, a1)[1] == ""


# -- deleting and purging ------------------------------------------------------------------------------

def test_a_table_cannot_delete_or_purge_a_game_a_league_counts(club):
    a, b, org, admin = club["url"]["a"], club["url"]["b"], club["url"]["org"], club["url"]["admin"]
    b1, a1 = own(club, "b", 1), own(club, "a", 1)
    assert referee(*KLEOS_NEW, db=b)[0] == 0  # b's
    assert referee(*KLEOS_NEW, db=a)[0] == 0  # a's
    assert referee("league", "new", "Cup", "--game", "kleos", db=org)[0] == 0
    assert referee("league", "add", "Cup", b1, db=org)[0] == 0
    before = session_row(club, b1)
    code, _, err = referee("sessions", "delete", b1, "--yes", db=b)
    assert code == 3 and f"{b1} counts in the league Cup: only the organiser may delete it" in err
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        sql(b, "UPDATE sessions SET status = 'deleted' WHERE id = %s", (b1,))
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        sql(b, "DELETE FROM sessions WHERE id = %s", (b1,))
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        sql(b, "DELETE FROM league_sessions")
    assert session_row(club, b1) == before
    # purge reports only what it removed: a's deleted game is not b's to purge
    assert referee("sessions", "delete", a1, "--yes", db=a)[0] == 0
    code, out, _ = referee("sessions", "purge", "--yes", db=b)
    assert code == 0 and out == "Purged 0 deleted sessions.\n"
    result = CliRunner().invoke(cli, ["--db", a, "sessions", "purge"], input="n\n")  # a is asked about its own only
    assert f"Remove 1 deleted session for good ({a1})?" in result.output
    assert sql(admin, "SELECT id FROM sessions ORDER BY id") == [(a1,), (b1,)]
    code, out, _ = referee("sessions", "purge", "--yes", db=a)
    assert code == 0 and out == f"Purged 1 deleted session: {a1}.\n"
    # the organiser may, and the league's log says so
    assert referee("sessions", "delete", b1, "--yes", db=org)[0] == 0
    code, out, _ = referee("sessions", "purge", "--yes", db=org)
    assert code == 0 and out == f"Purged 1 deleted session: {b1}.\n"
    assert [r[0] for r in sql(admin, "SELECT what FROM league_log WHERE league = 'Cup' ORDER BY at")] == [
        f"{b1} deleted", f"{b1} purged (removed from the league)"]
    assert sql(admin, "SELECT who FROM league_log") == [(club["role"]["org"],)] * 2


# -- pushes ---------------------------------------------------------------------------------------------

def _waiting_on_a_lock(admin: str, deadline: float = 120.0) -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if sql(admin, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                      " AND datname = current_database()")[0][0]:
            return
        time.sleep(0.05)  # polling with a deadline, not a fixed wait
    raise AssertionError("the second push never reached the server")


def _push_meanwhile(table: str, sid: str, first: str, second: str, admin: str, tmp_path: Path) -> tuple[int, str]:
    """Push `sid` from `table` through `first` (not committed yet) while a second process pushes
    the same store through `second`: the two meet at the server at the same moment."""
    from referee.record import push

    src, dst = open_store(table), open_store(first)
    meta, records = src.session(sid), src.actions(sid, ALL_STATUSES)
    out = tmp_path / "out.txt"
    with dst.write():
        there = dst.pushed_id(sid, meta["game"])  # a table's own id for it
        dst.copy_session(there, meta, push.origin(meta, records))
        dst.copy_rows(there, records)
        with out.open("w") as sink:
            proc = subprocess.Popen([sys.executable, "-m", "referee", "--db", table, "push", sid, "--to", second],
                                    stdout=sink, stderr=subprocess.STDOUT, cwd=ROOT)
        try:
            _waiting_on_a_lock(admin)
        except AssertionError:
            proc.kill()
            raise
    code = proc.wait(timeout=300)
    return code, out.read_text()


def _push_other_meanwhile(ta: str, tb: str, club: dict, tmp_path: Path) -> tuple[int, str]:
    from referee.record import push

    src, dst = open_store(ta), open_store(club["url"]["a"])
    meta, records = src.session("kleos-1"), src.actions("kleos-1", ALL_STATUSES)
    out = tmp_path / "out.txt"
    with dst.write():
        there = dst.pushed_id("kleos-1", meta["game"])
        dst.copy_session(there, meta, push.origin(meta, records))
        dst.copy_rows(there, records)
        with out.open("w") as sink:
            proc = subprocess.Popen([sys.executable, "-m", "referee", "--db", tb, "push", "kleos-1", "--to",
                                     club["url"]["b"]], stdout=sink, stderr=subprocess.STDOUT, cwd=ROOT)
        try:  # b's push ends while a's transaction is still open: nothing of a's is in its way
            code = proc.wait(timeout=300)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    return code, out.read_text()


def test_two_pushes_of_one_store_at_once_store_each_game_once(club, tmp_path):
    table = tmp_path / "t.db"
    play(table, "kleos", KLEOS_SHARED)
    code, out = _push_meanwhile(str(table), "kleos-1", club["url"]["a"], club["url"]["a"], club["url"]["admin"],
                                tmp_path)
    assert code == 0 and out.startswith(f"kleos-1: already there as {own(club, 'a', 1)}"), out
    assert sql(club["url"]["admin"], "SELECT id FROM sessions") == [(own(club, "a", 1),)]


def test_two_tables_pushing_the_same_local_id_at_once_get_two_ids(club, tmp_path):
    ta, tb = tmp_path / "a.db", tmp_path / "b.db"
    play(ta, "kleos", KLEOS_SHARED)
    play(tb, "kleos", KLEOS_SHARED)  # another game, also kleos-1 on its laptop
    # table a's kleos-1 goes in through a's connection, not committed yet, while table b pushes its own:
    # each takes an id of its own, so b never waits on a
    code, out = _push_other_meanwhile(str(ta), str(tb), club, tmp_path)
    a1, b1 = own(club, "a", 1), own(club, "b", 1)
    assert code == 0 and out.startswith(f"kleos-1: sent as {b1}"), out
    admin = club["url"]["admin"]
    assert sql(admin, "SELECT id, owner FROM sessions ORDER BY id") == [(a1, club["role"]["a"]), (b1, club["role"]["b"])]
    assert rows(admin, a1) == rows(str(ta), "kleos-1") and rows(admin, b1) == rows(str(tb), "kleos-1")


def test_an_interrupted_push_says_what_it_committed(club, every_example_store, tmp_path):
    admin = club["url"]["admin"]
    sql(admin, "CREATE FUNCTION no_cerebria() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.game = "
               "'cerebria' THEN RAISE EXCEPTION 'the disk is full'; END IF; RETURN NEW; END $$")
    sql(admin, "CREATE TRIGGER no_cerebria BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION no_cerebria()")
    code, _, err = referee("push", "--all", "--to", club["url"]["a"], db=every_example_store)
    assert code == 3
    assert f"the push stopped at cerebria-1 (2 of {len(example_games())} done)" in err
    k1, r1 = own(club, "a", 1), own(club, "a", 1, "kreus")
    assert f"2 sessions were committed before it (kleos-1 as {k1}, kreus-1 as {r1})" in err
    assert sql(admin, "SELECT id FROM sessions ORDER BY id") == [(k1,), (r1,)]


@pytest.fixture
def every_example_store(tmp_path):
    from example_runner import play_quietly

    path = tmp_path / "examples.db"
    for game in example_games():
        play_quietly(game, path)
    return str(path)


# -- locks ---------------------------------------------------------------------------------------------

def test_a_table_cannot_lock_another_tables_rows_or_the_tables(club):
    a, b = club["url"]["a"], club["url"]["b"]
    assert referee(*KLEOS_NEW, db=a)[0] == 0
    a1 = own(club, "a", 1)
    for table in ("sessions", "actions", "library", "league_sessions", "leagues", "meta"):
        for mode in ("ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE"):
            with psycopg.connect(b) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(f"LOCK TABLE {table} IN {mode} MODE")
    with psycopg.connect(b) as conn:  # b holds a transaction open over a's row
        assert conn.execute("SELECT id FROM sessions WHERE id = %s FOR UPDATE", (a1,)).fetchall() == []
        assert conn.execute("SELECT idx FROM actions WHERE session_id = %s FOR UPDATE", (a1,)).fetchall() == []
        code, _, err = referee("kleos", "glory", "ares", "+1", "--reason", "x", db=a)
        assert code == 0, err
        # and the advisory lock that numbering once waited on
        conn.execute("SELECT pg_advisory_lock(hashtext('referee:new:kleos'))")
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('referee:new:kleos'))")
        code, _, err = referee(*KLEOS_NEW, db=a)
        assert code == 0, err
    assert len(rows(club["url"]["admin"], a1)) == 2


# -- faults ---------------------------------------------------------------------------------------------

def _failing(admin: str, times: int, code: str) -> None:
    """A trigger that fails the next `times` inserts of an action with SQLSTATE `code` (a
    sequence counts them: it is not rolled back with the transaction)."""
    sql(admin, "CREATE SEQUENCE failures")
    sql(admin, f"CREATE FUNCTION fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF nextval('failures') <= "
               f"{times} THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '{code}'; END IF; "
               "RETURN NEW; END $$")
    sql(admin, "CREATE TRIGGER fail BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION fail()")
    sql(admin, "GRANT USAGE ON SEQUENCE failures TO PUBLIC")


def test_serialization_failures_and_deadlocks_are_retried_then_named(club):
    a, admin = club["url"]["a"], club["url"]["admin"]
    assert referee(*KLEOS_NEW, db=a)[0] == 0
    a1 = own(club, "a", 1)
    _failing(admin, 3, "40001")
    code, _, err = referee("kleos", "glory", "ares", "+1", "--reason", "x", db=a)
    assert code == 0, err
    assert len(rows(admin, a1)) == 2  # stored once
    sql(admin, "ALTER SEQUENCE failures RESTART")
    sql(admin, "DROP TRIGGER fail ON actions")
    sql(admin, "CREATE TRIGGER fail BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION fail()")
    sql(admin, "CREATE OR REPLACE FUNCTION fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
               "RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$")
    code, _, err = referee("kleos", "glory", "ares", "+1", "--reason", "x", db=a)
    assert code == 3
    assert "rolled back this change: a deadlock" in err and "(tried 5 times)" in err
    assert "lost the connection" not in err
    assert len(rows(admin, a1)) == 2


def test_serializable_isolation_by_default_loses_no_action(club):
    a, admin = club["url"]["a"], club["url"]["admin"]
    sql(admin, f"ALTER ROLE {club['role']['a']} SET default_transaction_isolation = 'serializable'")
    assert referee(*KLEOS_NEW, db=a)[0] == 0
    a1 = own(club, "a", 1)
    failures: list[str] = []

    def writer() -> None:
        from referee.record import session

        store = open_store(a)
        try:
            for _ in range(15):
                session.act(store, a1, {"delta": "+1", "god": "ares", "reason": "x", "verb": "glory"})
        except Exception as exc:  # recorded and asserted below
            failures.append(str(exc))
        finally:
            store.close()

    threads = [threading.Thread(target=writer) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    assert failures == []
    assert len(rows(admin, a1)) == 1 + 45


def test_play_reconnects_after_the_server_drops_the_connection(club):
    import io

    from referee.cli.shell import Shell

    a, admin = club["url"]["a"], club["url"]["admin"]
    assert referee(*KLEOS_NEW, db=a)[0] == 0
    a1 = own(club, "a", 1)
    ref = Referee()
    ref.configure(a, None, False)
    shell = Shell(ref, game="kleos")
    assert shell.run_script(io.StringIO("glory ares +1 --reason x\n")) == 0
    pid = ref._store.db.raw.info.backend_pid
    sql(admin, "SELECT pg_terminate_backend(%s)", (pid,))  # what a restart does to every connection
    end = time.monotonic() + 60
    while sql(admin, "SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,))[0][0] and time.monotonic() < end:
        time.sleep(0.05)
    import contextlib

    err = io.StringIO()
    with contextlib.suppress(AttributeError):
        ref._store.db.used = 0.0  # idle for a while, as between two lines typed at a table
    with contextlib.redirect_stderr(err):
        assert shell.run_script(io.StringIO("glory ares +1 --reason y\n")) == 0
    assert "the connection to" in err.getvalue() and "was lost; opening a new one" in err.getvalue()
    assert len(rows(admin, a1)) == 3
    ref.close()
