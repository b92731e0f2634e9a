"""Club tables cannot hurt each other (issue 36, item 5), on a real PostgreSQL server: one table's
role attacks another's with raw psycopg SQL (no referee code) and the server refuses it, while the
victim's games and the organiser's `verify` go on as before; one table's open transaction never
makes another table's `new` wait; and a write whose COMMIT's answer was lost is found again on
a new connection, neither reported lost nor recorded twice."""

from __future__ import annotations

import json
import random
import threading

import psycopg
import pytest
from club import KLEOS_UNFINISHED, play
from test_club_boundaries import KLEOS_NEW, make_club, referee, rows, sql

from referee.model import registry
from referee.model.errors import StorageError
from referee.record import session
from referee.record.stores import open_store

GLORY = ["kleos", "glory", "ares", "+1", "--reason", "x"]


def own(club: dict, key: str, n: int, game: str = "kleos") -> str:
    """Table `key`'s n-th game of `game` at the club: its ids carry its role's name."""
    return f"{game}-{club['role'][key]}-{n}"


@pytest.fixture
def club(pg_cluster, pg_url):
    return make_club(pg_cluster, pg_url)


@pytest.fixture
def proxy(pg_cluster):
    from pg_proxy import DropProxy

    proxy = DropProxy(str(pg_cluster.root))
    yield proxy
    proxy.close()


# -- pushed heads ---------------------------------------------------------------------------------

def test_a_table_cannot_plant_a_false_head_for_another_tables_game(club, tmp_path):
    """Pushed heads: a head is kept for a game of the pushing table's own. Table b, by hand, tries
    to plant a false head for a's pushed game: the server refuses it; a's next push is taken and
    the organiser's `verify` calls a's game intact."""
    a, b, org, admin = club["url"]["a"], club["url"]["b"], club["url"]["org"], club["url"]["admin"]
    laptop = tmp_path / "a.db"
    play(laptop, "kleos", KLEOS_UNFINISHED)
    code, out, err = referee("push", "--all", "--to", a, db=str(laptop))
    assert code == 0, err
    origin, a1, length = sql(admin, "SELECT origin, session_id, length FROM pushed_heads")[0]
    planted = (origin, a1, length + 1, "f" * 64)
    attacks = ["INSERT INTO pushed_heads (origin, session_id, length, head, pushed) VALUES (%s, %s, %s, %s, 0)",
               "INSERT INTO pushed_heads (origin, session_id, length, head, pushed) VALUES (%s, 'x', %s, %s, 0)"]
    with pytest.raises(psycopg.errors.InsufficientPrivilege):  # new row violates row-level security
        sql(b, attacks[0], planted)
    with pytest.raises(psycopg.errors.InsufficientPrivilege):  # under an id of b's own: the origin is a's
        sql(b, attacks[1], (origin, length + 1, "f" * 64))
    for attack in ("UPDATE pushed_heads SET head = 'x'", "DELETE FROM pushed_heads"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            sql(b, attack)
    assert sql(admin, "SELECT count(*) FROM pushed_heads") == [(1,)]
    # a plays on at the table and pushes again: taken; the organiser's verify calls it intact
    assert referee("--session", "kleos-1", "kleos", "glory", "ares", "+1", "--reason", "late", db=str(laptop))[0] == 0
    code, out, err = referee("push", "--all", "--to", a, db=str(laptop))
    assert code == 0 and "updated" in out, err
    code, out, err = referee("verify", "--all", db=org)
    assert code == 0 and "rewritten" not in out + err, out + err
    assert sql(admin, "SELECT length FROM pushed_heads ORDER BY length") == [(length,), (length + 1,)]


def test_a_table_cannot_take_another_tables_ids_or_the_next_rowid(club):
    """Ids: a table stores only ids of its own (`kleos-<its role>-N`) and never a rowid of its
    choosing, so it can hold nothing another table's `new` will need."""
    b = club["url"]["b"]
    insert = "INSERT INTO sessions (id, game, seed, rules_version, created, updated, used) VALUES (%s, 'croa', '1', '1', 0, 0, 0)"
    for sid in ("croa-1", own(club, "a", 1, "croa"), f"kleos-{club['role']['b']}-1"):  # the game's, a's, a mismatch
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            sql(b, insert, (sid,))
    with pytest.raises(psycopg.errors.InsufficientPrivilege):  # the next numbers of the shared sequence
        sql(b, "INSERT INTO sessions (id, game, seed, rules_version, created, updated, used, rowid) VALUES"
               " (%s, 'croa', '1', '1', 0, 0, 0, 1000)", (own(club, "b", 1, "croa"),))
    sql(b, insert, (own(club, "b", 1, "croa"),))  # its own
    assert sql(club["url"]["admin"], "SELECT id, owner FROM sessions") == [(own(club, "b", 1, "croa"),
                                                                            club["role"]["b"])]


# -- an open transaction ----------------------------------------------------------------------------

def _new_in_thread(url: str) -> tuple[threading.Thread, dict]:
    """Start a Crôa! game through the store (as `croa new` does) in a thread; its outcome in `done`."""
    done: dict = {}

    def run() -> None:
        store = open_store(url, timeout=60.0)  # a wait on a held id would last the whole minute
        try:
            options = registry.engine("croa").playout_options(random.Random(1))
            done["id"] = session.create(store, "croa", options)[0].id
        except Exception as exc:  # asserted below
            done["error"] = exc
        finally:
            store.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, done


def test_one_tables_open_transaction_never_blocks_another_tables_new(club):
    a, b, org = club["url"]["a"], club["url"]["b"], club["url"]["org"]
    insert = ("INSERT INTO sessions (id, game, seed, rules_version, created, updated, used) VALUES"
              " (%s, 'croa', '1', '1', 0, 0, 0)")
    with psycopg.connect(b) as conn, conn.transaction(force_rollback=True):  # b's, open, holding every id it can
        held = []
        wanted = [f"croa-{n}" for n in range(1, 61)] + [own(club, k, n, "croa") for k in "ab" for n in range(1, 61)]
        for sid in wanted:
            try:
                with conn.transaction():  # a savepoint each
                    conn.execute(insert, (sid,))
                held.append(sid)
            except psycopg.errors.InsufficientPrivilege:
                pass
        started = [_new_in_thread(a), _new_in_thread(org)]
        for thread, _ in started:
            thread.join(timeout=20.0)  # a deadline well under the store's minute of waiting
            assert not thread.is_alive(), "a table's open transaction made another's `new` wait"
        assert held == [own(club, "b", n, "croa") for n in range(1, 61)]  # its own only
    assert [done.get("id") for _, done in started] == [own(club, "a", 1, "croa"), "croa-1"], started


# -- a lost COMMIT answer ----------------------------------------------------------------------------

def _new(url: str) -> str:
    code, out, err = referee("--json", *KLEOS_NEW, db=url)
    assert code == 0, err
    return json.loads(out)["session"]


def test_an_action_whose_commit_answer_was_lost_is_reported_saved_and_stored_once(club, proxy):
    a, org, admin = proxy.url(club["url"]["a"]), club["url"]["org"], club["url"]["admin"]
    sid = _new(a)
    proxy.arm("after")  # the server gets the COMMIT and commits; its answer never arrives
    code, out, err = referee(*GLORY, db=a)
    assert proxy.dropped.is_set()
    assert code == 0, err
    assert "was lost as this change was committed" in err and "shows it saved" in err
    assert "nothing" not in err and "glory" in out.lower()
    assert len(rows(admin, sid)) == 2  # stored, once
    assert sql(admin, "SELECT count(*) FROM action_ids WHERE session_id = %s", (sid,)) == [(2,)]
    code, out, _ = referee("verify", sid, db=org)
    assert code == 0, out


def test_an_action_whose_commit_never_reached_the_server_is_reported_not_saved(club, proxy):
    a, admin = proxy.url(club["url"]["a"]), club["url"]["admin"]
    sid = _new(a)
    proxy.arm("before")  # the connection drops with the COMMIT unsent: the server rolls it back
    code, _, err = referee(*GLORY, db=a)
    assert proxy.dropped.is_set()
    assert code == 3 and "the server did not keep it" in err and "nothing was saved; try again" in err, err
    assert len(rows(admin, sid)) == 1
    assert referee(*GLORY, db=a)[0] == 0  # typed again: stored once
    assert len(rows(admin, sid)) == 2


def test_a_retyped_action_after_an_unknown_outcome_is_not_recorded_twice(club, proxy):
    """At `referee play`: the answer of a COMMIT is lost and the server stays out of reach, so
    whether it was saved cannot be told; the line typed again carries the first one's action
    id: the first was saved, so the retype is refused and the action is stored once."""
    import contextlib
    import io

    from referee.cli.context import Referee
    from referee.cli.shell import Shell

    a, admin = proxy.url(club["url"]["a"]), club["url"]["admin"]
    sid = _new(a)
    ref = Referee()
    ref.configure(a, None, False)
    shell = Shell(ref, game="kleos")
    proxy.arm("after", then_down=True)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        shell.run_script(io.StringIO("glory ares +1 --reason x\n"))
    assert shell.script_codes == [("glory ares +1 --reason x", 3)]
    assert proxy.dropped.is_set()
    assert "cannot reach it again to tell whether it was saved" in err.getvalue(), err.getvalue()
    assert len(rows(admin, sid)) == 2  # the server did commit it
    proxy.up()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        shell.run_script(io.StringIO("glory ares +1 --reason x\n"))  # typed again
    assert shell.script_codes == [("glory ares +1 --reason x", 3)]
    assert "was saved after all" in err.getvalue() and "this one was not recorded" in err.getvalue(), err.getvalue()
    assert len(rows(admin, sid)) == 2  # once
    with contextlib.redirect_stderr(io.StringIO()):
        shell.run_script(io.StringIO("glory ares +1 --reason y\n"))  # and on it goes
    assert shell.script_codes == [("glory ares +1 --reason y", 0)]
    assert len(rows(admin, sid)) == 3
    ref.close()


def test_the_same_action_id_sent_twice_is_recorded_once(club):
    """A write sent again with its action id (as after a lost answer) meets the stored id: it is
    refused whole, by name, and nothing is recorded a second time."""
    a, admin = club["url"]["a"], club["url"]["admin"]
    sid = _new(a)
    glory = {"verb": "glory", "god": "ares", "delta": "+1", "reason": "x"}
    store = open_store(a)
    try:
        store.action_id = "the-same-id"  # type: ignore[attr-defined]
        session.act(store, sid, glory)
        assert len(rows(admin, sid)) == 2
        store.action_id = "the-same-id"  # type: ignore[attr-defined]
        with pytest.raises(StorageError, match=r"saved already .* not recorded a second time"):
            session.act(store, sid, glory)
    finally:
        store.close()
    assert len(rows(admin, sid)) == 2
    assert sql(admin, "SELECT owner FROM action_ids WHERE id = 'the-same-id'") == [(club["role"]["a"],)]


def test_a_table_reads_and_writes_only_its_own_action_ids(club):
    a, b = club["url"]["a"], club["url"]["b"]
    assert referee(*KLEOS_NEW, db=a)[0] == 0
    assert sql(b, "SELECT count(*) FROM action_ids") == [(0,)]  # a's are not b's to read
    assert sql(a, "SELECT count(*) FROM action_ids") == [(1,)]
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        sql(b, "INSERT INTO action_ids (id, at, owner) VALUES ('x', 0, %s)", (club["role"]["a"],))
    for attack in ("UPDATE action_ids SET id = 'y'", "DELETE FROM action_ids"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            sql(b, attack)


def test_a_club_granted_by_an_older_referee_waits_for_its_owner_to_run_club_init_again(club):
    """Tables of a club set up by an older referee (no table of action ids, no row-level security
    on pushed heads, shared ids) are refused until the owner runs `club init` again, which brings
    the table and the rules in."""
    a, admin = club["url"]["a"], club["url"]["admin"]
    sql(admin, "DROP TABLE action_ids")
    sql(admin, "UPDATE meta SET value = '1' WHERE key IN ('boundaries', 'club')")
    code, _, err = referee(*KLEOS_NEW, db=a)
    assert code == 3 and "its owner must run `referee club init` again" in err and "nothing was changed" in err
    assert sql(admin, "SELECT count(*) FROM sessions") == [(0,)]
    assert referee("sessions", db=admin)[0] == 0  # the owner's command brings the table in
    assert sql(admin, "SELECT count(*) FROM action_ids") == [(0,)]
    code, _, err = referee(*KLEOS_NEW, db=a)  # the rules still wait for club init
    assert code == 3 and "its owner must run `referee club init` again" in err
    roles = club["role"]
    code, _, err = referee("club", "init", "--tables", ",".join(roles[k] for k in "abc"), "--organiser", roles["org"],
                           db=admin)
    assert code == 0, err
    assert referee(*KLEOS_NEW, db=a)[0] == 0
    assert sql(admin, "SELECT id FROM sessions") == [(own(club, "a", 1),)]
