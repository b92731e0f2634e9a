"""Club play: `push` from a table's SQLite store to another store (SQLite or a real PostgreSQL
server), leagues and their standings worked out by hand, and the club's roles (row-level security)."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from click.testing import CliRunner
from club import KLEOS_SHARED, KLEOS_UNFINISHED, play
from example_runner import example_games, play_quietly

from referee.cli import cli
from referee.record.schema import ALL_STATUSES
from referee.record.stores import open_store

GAMES = example_games()


@pytest.fixture(scope="module")
def every_example(tmp_path_factory):
    """A table's store holding every example game, each played through `referee play GAME`."""
    path = tmp_path_factory.mktemp("table") / "table.db"
    for game in GAMES:
        play_quietly(game, path)
    return path


@pytest.fixture
def table(every_example, tmp_path):
    path = tmp_path / "table.db"
    shutil.copy(every_example, path)
    return str(path)


def referee(*args: str, db: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [*(["--db", db] if db else []), *args])
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def _rows(target: str, sid: str) -> list[tuple]:
    store = open_store(target)
    try:
        return [(r["idx"], r["status"], r["link"]) for r in store.actions(sid, ALL_STATUSES)]
    finally:
        store.close()


def _ids(target: str) -> list[str]:
    store = open_store(target)
    try:
        return sorted(r["id"] for r in store.sessions(include_over=True))
    finally:
        store.close()


def test_push_of_every_example_twice_sends_each_once(table, store_target):
    code, out, err = referee("push", "--to", store_target, db=table)
    assert code == 0, err
    assert [line.split(":")[0] for line in out.splitlines()] == [f"{g}-1" for g in GAMES]
    assert all(": sent (" in line for line in out.splitlines())
    code, out, _ = referee("--json", "push", "--to", store_target, db=table)
    assert code == 0
    assert [r["status"] for r in json.loads(out)["result"]["pushed"]] == ["already there"] * len(GAMES)
    assert _ids(store_target) == sorted(f"{g}-1" for g in GAMES)  # no duplicates
    for game in GAMES:  # the same rows, links and all, and intact at the club
        assert _rows(store_target, f"{game}-1") == _rows(table, f"{game}-1")
    code, out, _ = referee("verify", "--all", db=store_target)
    assert code == 0 and out.count("intact") == len(GAMES)


def test_a_tampered_session_is_refused_and_nothing_is_written(table, tmp_path):
    con = sqlite3.connect(table)  # someone edits a recorded roll at the table, by hand
    con.execute("UPDATE actions SET results = replace(results, '[\"s\",\"-\"]', '[\"s\",\"s\"]') "
                "WHERE session_id = 'kleos-1' AND idx = 14")
    assert con.total_changes == 1
    con.commit()
    con.close()
    club = str(tmp_path / "club.db")
    code, _, err = referee("push", "kleos-1", "--to", club, db=table)
    assert code == 3
    assert "error: kleos-1 refused at action 14: it fails its check" in err
    assert _ids(club) == []


def test_a_conflicting_history_is_refused_at_the_first_action_that_differs(table, store_target):
    assert referee("push", "kleos-1", "--to", store_target, db=table)[0] == 0
    before = _rows(store_target, "kleos-1")
    last = before[-1][0]
    assert referee("undo", "kleos-1", db=table)[0] == 0  # the table takes back its last action after the push
    code, _, err = referee("push", "kleos-1", "--to", store_target, db=table)
    assert code == 3
    assert f"kleos-1 refused at action {last}: the club holds a different history" in err
    assert _rows(store_target, "kleos-1") == before  # the club's record is left as it was
    code, out, _ = referee("--json", "push", "kleos-1", "--to", store_target, db=table)
    report = json.loads(out)["result"]["pushed"][0]
    assert code == 3 and report["status"] == "refused" and report["first_bad"] == last


def test_a_game_pushed_unfinished_then_finished_is_updated_not_doubled(tmp_path, store_target):
    from kleos_table import NEXT

    from referee.record import session

    db = tmp_path / "t.db"
    sid = play(db, "kleos", KLEOS_UNFINISHED)
    assert referee("push", "--to", store_target, db=str(db))[1].startswith("Nothing to push")
    assert referee("push", "--all", "--to", store_target, db=str(db))[0] == 0
    store = open_store(str(db))
    for _ in range(3):
        session.act(store, sid, NEXT)
    store.close()
    code, out, _ = referee("push", "--all", "--to", store_target, db=str(db))
    assert code == 0 and out.startswith(f"{sid}: updated")
    assert _rows(store_target, sid) == _rows(str(db), sid)
    assert _ids(store_target) == [sid]


def test_two_tables_with_the_same_id_stay_two_sessions_at_the_club(tmp_path, store_target):
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    assert play(a, "kleos", KLEOS_SHARED) == play(b, "kleos", KLEOS_SHARED) == "kleos-1"
    assert referee("push", "--to", store_target, db=str(a))[1].startswith("kleos-1: sent (")
    code, out, _ = referee("push", "--to", store_target, db=str(b))
    assert code == 0 and out.startswith("kleos-1: sent as kleos-2")
    code, out, _ = referee("push", "--to", store_target, db=str(b))  # found again by its origin
    assert out.startswith("kleos-1: already there as kleos-2")
    assert _ids(store_target) == ["kleos-1", "kleos-2"]


# -- leagues -----------------------------------------------------------------------------------

def _league_store(target: str, tmp_path) -> str:
    """Three Kleos sessions pushed to `target`: the example (Bob wins on a tie-breaker, 16-16),
    a 0-0 shared victory (Ann and Bob), and an unfinished game (Ann and Cy)."""
    table = tmp_path / "k.db"
    play_quietly("kleos", table)
    play(table, "kleos", KLEOS_SHARED)
    play(table, "kleos", KLEOS_UNFINISHED)
    assert referee("push", "--all", "--to", target, db=str(table))[0] == 0
    return target


def test_league_standings_worked_out_by_hand(tmp_path, store_target):
    db = _league_store(store_target, tmp_path)
    assert referee("league", "new", "Saturday", "--game", "kleos", db=db)[0] == 0
    code, out, _ = referee("league", "add", "Saturday", "kleos-1", "kleos-2", "kleos-3", db=db)
    assert code == 0 and out == "Added to 'Saturday': kleos-1, kleos-2, kleos-3.\n"
    code, out, _ = referee("--json", "league", "standings", "Saturday", db=db)
    result = json.loads(out)["result"]
    # Bob: a win (3) and a shared victory (1) = 4; Ann: a loss (0) and the shared victory (1) = 1.
    # Glory is summed: 16 + 0 each. Cy's only game is unfinished, so Cy has no row.
    assert result["rows"] == [
        {"player": "Bob", "points": 4, "plays": 2, "wins": 1, "shared": 1, "losses": 0, "glory": 16},
        {"player": "Ann", "points": 1, "plays": 2, "wins": 0, "shared": 1, "losses": 1, "glory": 16},
    ]
    assert result["finished"] == 2 and result["tie_break"] == "glory"
    assert referee("league", "add", "Saturday", "kleos-1", db=db)[1] == "Already in 'Saturday': kleos-1.\n"
    # other points: a loss costs one; Ann -1 + 1 = 0, Bob 2 + 1 = 3
    referee("league", "new", "Harsh", "--game", "kleos", "--points", "win=2,loss=-1", db=db)
    referee("league", "add", "Harsh", "kleos-1", "kleos-2", db=db)
    rows = json.loads(referee("--json", "league", "standings", "Harsh", db=db)[1])["result"]["rows"]
    assert [(r["player"], r["points"]) for r in rows] == [("Bob", 3), ("Ann", 0)]
    code, out, _ = referee("league", "standings", "Saturday", db=db)
    assert code == 0 and "Bob" in out.splitlines()[3] and "ties broken by wins, then glory" in out


def test_a_tie_on_points_and_wins_is_broken_by_the_games_own_number(tmp_path):
    db = tmp_path / "t.db"
    # Bob wins the first 9-0, Ann the second 1-0: 3 points and one win each; glory 9 against 1
    for god, glory in (("athena", 9), ("ares", 1)):
        play(db, "kleos", KLEOS_SHARED.replace("\nnext", f"\nglory {god} +{glory} --reason feast\nnext", 1))
    referee("league", "new", "L", "--game", "kleos", db=str(db))
    referee("league", "add", "L", "kleos-1", "kleos-2", db=str(db))
    rows = json.loads(referee("--json", "league", "standings", "L", db=str(db))[1])["result"]["rows"]
    assert [(r["player"], r["points"], r["wins"], r["glory"]) for r in rows] == [("Bob", 3, 1, 9), ("Ann", 3, 1, 1)]


def test_new_with_league_puts_the_session_in_it_and_refuses_before_writing(tmp_path):
    db = str(tmp_path / "t.db")
    referee("league", "new", "Cup", "--game", "kleos", db=db)
    args = ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
            "--champion", "athena=3/3/4/2", "--seed", "4"]
    code, _, err = referee(*args, "--league", "Cup", db=db)
    assert code == 0, err
    assert open_store(db).league("Cup")["sessions"] == ["kleos-1"]
    code, _, err = referee(*args, "--league", "Nope", db=db)
    assert code == 3 and "no league 'Nope'" in err
    code, _, err = referee("croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--league", "Cup", db=db)
    assert code == 2 and "holds kleos games, not croa" in err
    assert _ids(db) == ["kleos-1"]  # nothing written by the refused ones


def test_league_refusals_name_what_is_wrong(tmp_path):
    db = str(tmp_path / "t.db")
    play(tmp_path / "t.db", "kreus", "new --player Ann --player Bob --player Cy --first Ann --seed 1\n")
    assert referee("league", "new", "L", "--game", "kleos", "--points", "win=three", db=db)[0] == 2
    assert referee("league", "new", "L", "--game", "kleos", "--points", "draw=1", db=db)[0] == 2
    assert referee("league", "new", "L", "--game", "kleos", db=db)[0] == 0
    code, _, err = referee("league", "new", "L", "--game", "kleos", db=db)
    assert code == 3 and "exists already" in err
    code, _, err = referee("league", "add", "L", "kreus-1", db=db)
    assert code == 2 and "kreus game" in err
    code, _, err = referee("league", "add", "L", "kleos-9", db=db)
    assert code == 3 and "no session 'kleos-9'" in err
    code, _, err = referee("league", "standings", "M", db=db)
    assert code == 3 and "no league 'M'" in err and "leagues here: L" in err
    assert open_store(db).league("L")["sessions"] == []


def test_club_init_needs_a_postgresql_store(tmp_path):
    code, _, err = referee("club", "init", "--tables", "2", db=str(tmp_path / "t.db"))
    assert code == 2 and "PostgreSQL" in err
    assert not (tmp_path / "t.db").exists()


# -- who may do what (PostgreSQL roles and row-level security) -----------------------------------

@pytest.fixture
def club(pg_cluster, pg_url):
    """A club store on the server with two tables' roles and an organiser (leagues hidden from tables)."""
    n = next(_clubs)
    tables = [f"t{n}_a", f"t{n}_b"]
    organiser = f"org{n}"
    code, out, err = referee("club", "init", "--tables", ",".join(tables), "--organiser", organiser,
                             "--hide-leagues", db=pg_url)
    assert code == 0, err
    assert f"organiser '{organiser}'" in out

    def url(role: str) -> str:
        return pg_url.replace("postgresql://postgres@", f"postgresql://{role}@")

    return {"admin": pg_url, "a": url(tables[0]), "b": url(tables[1]), "org": url(organiser),
            "tables": ",".join(tables), "organiser": organiser,
            "a1": f"kleos-{tables[0]}-1", "b1": f"kleos-{tables[1]}-1"}  # a table's ids carry its role's name


_clubs = iter(range(1, 10**6))
KLEOS_NEW = ["kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=4/3/2/1",
             "--champion", "athena=3/3/4/2", "--seed", "4"]


def test_a_tables_role_cannot_change_another_tables_session(club):
    a1, b1 = club["a1"], club["b1"]
    assert referee(*KLEOS_NEW, db=club["a"])[0] == 0  # table a's own game
    assert referee("kleos", "glory", "ares", "+1", "--reason", "x", db=club["a"])[0] == 0
    before = _rows(club["admin"], a1)
    code, _, err = referee("--session", a1, "kleos", "glory", "ares", "+1", "--reason", "y", db=club["b"])
    assert code == 3
    assert f"the club server refused: this table may not change session {a1}" in err
    for args in (["undo", a1], ["sessions", "rename", a1, "mine"]):
        code, _, err = referee(*args, db=club["b"])
        assert code == 3 and f"this table may not change session {a1}" in err, args
    assert _rows(club["admin"], a1) == before
    assert referee("show", a1, db=club["b"])[0] == 0  # reading is allowed
    assert referee(*KLEOS_NEW, db=club["b"])[0] == 0  # and b's own games are b's
    assert referee("--session", b1, "kleos", "glory", "ares", "+1", "--reason", "z", db=club["b"])[0] == 0
    assert referee("--session", b1, "kleos", "glory", "ares", "+1", "--reason", "w", db=club["a"])[0] == 3


def test_the_organiser_reads_everything_and_manages_leagues_the_tables_cannot(club, tmp_path):
    table = tmp_path / "t.db"
    play(table, "kleos", KLEOS_SHARED)
    assert referee("push", "--to", club["a"], db=str(table))[0] == 0  # table a sends its finished game
    code, _, err = referee("league", "new", "Cup", "--game", "kleos", db=club["a"])
    assert code == 3 and "the club server refused: this role may not" in err and "league" in err
    assert referee("league", "new", "Cup", "--game", "kleos", db=club["org"])[0] == 0
    assert referee("league", "add", "Cup", club["a1"], db=club["org"])[0] == 0
    code, out, _ = referee("--json", "league", "standings", "Cup", db=club["org"])
    assert code == 0 and [r["points"] for r in json.loads(out)["result"]["rows"]] == [1, 1]
    code, _, err = referee("league", "standings", "Cup", db=club["a"])  # hidden from the tables
    assert code == 3 and "the club server refused: this role may not read the leagues" in err
    assert referee("verify", "--all", db=club["org"])[0] == 0
    assert referee("undo", club["a1"], db=club["org"])[0] == 0  # the organiser may change any session


def test_with_leagues_shown_a_table_reads_them_and_adds_only_its_own_sessions(club):
    code, _, err = referee("club", "init", "--tables", club["tables"], "--organiser", club["organiser"],
                           db=club["admin"])  # again, without --hide-leagues: nothing new is created
    assert code == 0, err
    assert referee("league", "new", "Cup", "--game", "kleos", db=club["org"])[0] == 0
    a1, b1 = club["a1"], club["b1"]
    assert referee(*KLEOS_NEW, db=club["a"])[0] == 0  # a1 is table a's
    assert referee(*KLEOS_NEW, "--league", "Cup", db=club["b"])[0] == 0  # b1, b's, straight into the league
    code, _, err = referee("league", "add", "Cup", a1, db=club["b"])  # a's game, by b
    assert code == 3 and "the club server refused: this role may not manage the leagues" in err
    assert open_store(club["admin"]).league("Cup")["sessions"] == [b1]
    assert referee("league", "add", "Cup", a1, db=club["a"])[0] == 0
    code, out, _ = referee("--json", "league", "standings", "Cup", db=club["b"])
    assert code == 0 and json.loads(out)["result"]["finished"] == 0
    assert open_store(club["admin"]).league("Cup")["sessions"] == [a1, b1]


def test_push_from_the_club_server_to_an_sqlite_file_carries_the_same_record(table, pg_url, tmp_path):
    assert referee("push", "--to", pg_url, db=table)[0] == 0
    copy = str(tmp_path / "copy.db")
    code, out, _ = referee("push", "--all", "--to", copy, db=pg_url)
    assert code == 0 and out.count(": sent (") == len(GAMES)
    for game in GAMES:
        assert _rows(copy, f"{game}-1") == _rows(table, f"{game}-1")
    code, out, _ = referee("push", "--to", pg_url, db=copy)  # and back: the club knows them all
    assert code == 0 and out.count(": already there (") == len(GAMES)


def test_an_sqlite_store_never_loads_psycopg(tmp_path):
    import subprocess
    import sys

    code = ("import sys; from click.testing import CliRunner; from referee.cli import cli; "
            f"r = CliRunner().invoke(cli, ['--db', {str(tmp_path / 't.db')!r}, 'sessions', '--all']); "
            "print(r.exit_code, 'psycopg' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["0", "False"]


SAME_ON_BOTH = [
    ["sessions", "--all"], ["--json", "sessions", "--all"], ["show", "kleos-1"], ["log", "kleos-1", "-n", "3"],
    ["stats"], ["--json", "stats"], ["verify", "--all"], ["export", "kleos-1", "--format", "summary"],
    ["undo", "kleos-1"], ["redo", "kleos-1"], ["redo", "kleos-1"], ["sessions", "rename", "kleos-1", "Final"],
    ["sessions", "delete", "croa-1", "--yes"], ["sessions", "--deleted"], ["sessions", "restore", "croa-1"],
    ["--session", "kleos-1", "kleos", "glory", "ares", "+1", "--reason", "late"], ["show", "kleos-9"],
    ["--json", "show", "kleos-9"], ["sessions", "restore", "kleos-1"], ["kleos", "card", "show", "Nobody"],
    ["league", "new", "L", "--game", "croa"], ["league", "add", "L", "croa-1", "kleos-1"],
    ["league", "add", "L", "croa-1"], ["league", "standings", "L"], ["--json", "league", "standings", "L"],
]


def test_every_command_says_the_same_on_both_stores(every_example, pg_url, tmp_path):
    import re

    sqlite_db = str(tmp_path / "t.db")
    shutil.copy(every_example, sqlite_db)
    assert referee("push", "--all", "--to", pg_url, db=sqlite_db)[0] == 0  # the same sessions on the server

    def said(db: str) -> list[tuple[int, str]]:
        out = []
        for args in SAME_ON_BOTH:
            result = CliRunner().invoke(cli, ["--db", db, *args])
            text = result.output.replace(open_store(db).path if db == pg_url else db, "STORE")
            text = re.sub(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?|\"updated\": [0-9.e+]+", "WHEN", text)
            out.append((result.exit_code, text))
        return out

    on_sqlite, on_postgres = said(sqlite_db), said(pg_url)
    for args, a, b in zip(SAME_ON_BOTH, on_sqlite, on_postgres, strict=True):
        assert a == b, args
    assert {code for code, _ in on_sqlite} == {0, 1, 2, 3}  # refusals of every kind were compared too


def test_club_init_refuses_role_names_the_server_would_misread(pg_url):
    for tables in ("0", "Table1", "t1,drop role x", "a;b"):
        code, _, err = referee("club", "init", "--tables", tables, db=pg_url)
        assert code == 2, (tables, err)
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM pg_roles WHERE rolname ILIKE 'table1'").fetchone()[0] == 0


def test_a_tables_snapshots_are_its_own_and_kept_with_each_action(club):
    """Speed and boundaries: on the club's server a table keeps the state after its own sessions'
    logs (row-level security as its actions); another table sees no snapshot of them and replays
    the log instead, reading the same state."""
    import psycopg

    code, out, _ = referee("--json", *KLEOS_NEW, db=club["a"])
    assert code == 0
    sid = json.loads(out)["session"]
    assert referee("--session", sid, "kleos", "glory", "ares", "+1", "--reason", "x", db=club["a"])[0] == 0
    with psycopg.connect(club["admin"]) as con:
        snap = con.execute("SELECT s.head, s.ply FROM snapshots s JOIN sessions x ON x.id = s.session_id"
                           " WHERE s.session_id = %s", (sid,)).fetchone()
        assert snap is not None and snap[1] == 2  # `new` and the glory: kept by the action, as sealed
        assert snap[0] == con.execute("SELECT head FROM sessions WHERE id = %s", (sid,)).fetchone()[0]
    with psycopg.connect(club["b"]) as con:
        assert con.execute("SELECT count(*) FROM snapshots WHERE session_id = %s", (sid,)).fetchone()[0] == 0
    shown_a = referee("--json", "show", sid, db=club["a"])
    shown_b = referee("--json", "show", sid, db=club["b"])
    assert shown_a[0] == shown_b[0] == 0
    assert json.loads(shown_a[1])["state"]["summary"] == json.loads(shown_b[1])["state"]["summary"]


def test_the_organiser_draws_the_seating_and_a_tables_role_cannot(club):
    four = ["--player", "Ann", "--player", "Bob", "--player", "Cy", "--player", "Dee"]
    code, out, err = referee("--json", "club", "seat", "--game", "kleos", "--tables", "2", *four, db=club["org"])
    assert code == 0, err
    drawn = json.loads(out)["result"]
    code, out, _ = referee("--json", "club", "seat", "--verify", drawn["id"], db=club["org"])
    assert code == 0 and json.loads(out)["result"]["tables"] == drawn["tables"]
    code, _, err = referee("club", "seat", "--game", "kleos", *four, db=club["a"])
    assert code == 3 and "the club server refused: this role may not read that (permission denied for table seatings)" in err
    code, _, err = referee("club", "seat", "--verify", drawn["id"], db=club["a"])  # leagues hidden here
    assert code == 3 and "the club server refused: this role may not read that (permission denied for table seatings)" in err
