"""The record cannot lie (issue 24): what the chain alone did not cover, attacked as a forger would.

Every test starts from the Kleos example played to its end (73 stored rows: `new` and 72
actions, all live; Bob wins 16-16 on tie-breaker 1) and edits a copy of its store by hand with
`sqlite3`, or with the store's own functions, then checks that every command that reads the
record refuses it or names what is wrong, with exit 3.
"""

from __future__ import annotations

import json
import shlex
import shutil
import sqlite3

import pytest
from click.testing import CliRunner
from example_runner import play_quietly

from referee.cli import cli
from referee.model.errors import StorageError
from referee.record import session
from referee.record.store import ALL_STATUSES, Store

SID = "kleos-1"
ROWS = 73  # `new` and 72 actions


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


def run(db, *args: str):
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


def sql(db, statement: str, *params) -> None:
    con = sqlite3.connect(db)
    con.execute(statement, params)
    con.commit()
    con.close()


def head(db) -> str:
    store = Store(db)
    try:
        return store.head(SID)[:16]
    finally:
        store.close()


def bob_and_ann_wins(db) -> dict:
    rows = json.loads(run(db, "--json", "stats", "--game", "kleos").output)["result"]["rows"]
    return {r["player"]: r["wins"] for r in rows}


# -- the session row and the end of the log (the seal) ------------------------------------------

def test_the_summary_edited_to_another_winner_is_believed_nowhere(db, tmp_path):
    assert bob_and_ann_wins(db) == {"Bob": 1, "Ann": 0}
    con = sqlite3.connect(db)
    summary = json.loads(con.execute("SELECT summary FROM sessions WHERE id = ?", (SID,)).fetchone()[0])
    con.close()
    sql(db, "UPDATE sessions SET summary = ? WHERE id = ?", json.dumps({**summary, "winners": ["Ann"]}), SID)
    r = run(db, "verify", SID)
    assert r.exit_code == 3 and "the session row (its game, name, seed, commitment, status, summary, times or origin) " \
        "was changed outside the referee: its seal does not match" in r.output
    stats = run(db, "stats")
    assert stats.exit_code == 0 and "Ann" not in stats.stdout
    assert f"note: session {SID} is not counted: it fails its check" in stats.stderr
    assert bob_and_ann_wins(db) == {}
    assert run(db, "league", "new", "Saturday", "--game", "kleos").exit_code == 0
    assert run(db, "league", "add", "Saturday", SID).exit_code == 0
    table = json.loads(run(db, "--json", "league", "standings", "Saturday").output)["result"]
    assert table["rows"] == [] and table["left_out"][0]["id"] == SID
    pushed = run(db, "push", SID, "--to", str(tmp_path / "club.db"))
    assert pushed.exit_code == 3 and f"{SID} refused: it fails its check: the session row" in pushed.stderr
    listed = json.loads(run(db, "--json", "sessions", "--all").output)["result"]["sessions"]
    assert listed[0]["status"] == "damaged" and "its seal does not match" in listed[0]["damaged"]


def test_a_summary_forged_with_the_seal_recomputed_is_named_by_verify(db):
    """Issue 36: a final summary is sealed only after the game was replayed whole from its seed, so
    even the store's own function refuses to seal a forged winner (exit 3, nothing written)."""
    store = Store(db)
    meta = store.session(SID)
    with pytest.raises(StorageError, match=r"its cached summary differs from the one its actions give \(in winners\)"), \
            store.write():
        store.save_summary(SID, {**meta["summary"], "winners": ["Ann"]})  # the store's own function
    store.close()
    r = run(db, "verify", SID)
    assert r.exit_code == 0


def test_deleting_the_last_ten_actions_is_detected(db):
    sql(db, "DELETE FROM actions WHERE session_id = ? AND idx >= 63", SID)
    r = run(db, "verify", SID)
    assert r.exit_code == 3
    assert f"records {ROWS} action rows ending at head" in r.output
    assert "the log holds 63; the last 10 were removed" in r.output
    for view in (["show", SID], ["log", SID], ["export", SID], ["export", SID, "--format", "md"]):
        shown = run(db, *view)
        assert shown.exit_code == 3 and "the last 10 were removed" in shown.output, view
    listed = json.loads(run(db, "--json", "sessions", "--all").output)["result"]["sessions"]
    assert listed[0]["status"] == "damaged"


@pytest.mark.parametrize("column, value", [("game", "kreus"), ("commitment", "sha256:" + "0" * 64),
                                           ("status", "open"), ("name", "friendly"), ("seed", "5")])
def test_each_field_of_the_session_row_is_sealed(db, column, value):
    sql(db, f"UPDATE sessions SET {column} = ? WHERE id = ?", value, SID)
    r = run(db, "verify", SID)
    if column == "seed":  # the seed is bound through its commitment, which the seal covers
        assert r.exit_code == 3 and "the seed does not match the commitment" in r.output
        return
    assert r.exit_code == 3 and "the session row" in r.output and "its seal does not match" in r.output


def test_an_edited_event_text_is_refused_by_log_export_and_report(db, tmp_path):
    sql(db, "UPDATE actions SET events = ? WHERE session_id = ? AND idx = 5", json.dumps([{"text": "Ann wins."}]), SID)
    for view in (["log", SID], ["export", SID, "--format", "md"], ["report", SID, "-o", str(tmp_path / "r.html")]):
        r = run(db, *view)
        assert r.exit_code == 3, view
        assert "an action's events, reason or time was changed outside the referee" in r.output, view
    assert "Ann wins." not in run(db, "log", SID).output
    assert run(db, "verify", SID).exit_code == 3


def test_an_edited_action_time_is_detected(db):
    sql(db, "UPDATE actions SET created = created + 3600 WHERE session_id = ? AND idx = 10", SID)
    assert "events, reason or time" in run(db, "verify", SID).output


def test_log_checks_the_chain_and_names_the_first_bad_action(db):
    sql(db, "UPDATE actions SET action = json_set(action, '$.forged', 1) WHERE session_id = ? AND idx = 40", SID)
    r = run(db, "log", SID)
    assert r.exit_code == 3 and "fails its integrity check at action 40" in r.output


# -- the head: written down, it catches a history rewritten with the store's own functions ------

def test_the_head_is_printed_when_the_game_ends_and_everywhere_the_record_goes(db, tmp_path):
    h = head(db)
    assert json.loads(run(db, "--json", "show", SID).output)["result"]["head"] == h
    assert json.loads(run(db, "export", SID).output)["head"] == h
    assert json.loads(run(db, "export", SID, "--format", "jsonl").output.splitlines()[0])["head"] == h
    assert f"Head of the record: `{h}`" in run(db, "export", SID, "--format", "md").output
    assert run(db, "export", SID, "--format", "summary").output.splitlines()[-1] == f"Head of the record: {h}"
    assert run(db, "export", SID, "--format", "csv").output.splitlines()[-1].endswith("," + h)
    assert run(db, "report", SID, "-o", str(tmp_path / "r.html")).exit_code == 0
    assert f"head {h}" in (tmp_path / "r.html").read_text(encoding="utf-8")
    pushed = json.loads(run(db, "--json", "push", SID, "--to", str(tmp_path / "club.db")).output)
    assert pushed["result"]["pushed"][0]["head"] == h


def test_the_last_action_of_a_game_prints_the_head(tmp_path):
    from club import KLEOS_SHARED

    lines = [shlex.split(line) for line in KLEOS_SHARED.splitlines()]
    db = tmp_path / "t.db"
    for line in lines[:-1]:
        assert run(db, "kleos", *line).exit_code == 0, line
    last = run(db, "kleos", *lines[-1])
    assert last.exit_code == 0
    h = head(db)
    assert f"Head of the record: {h} (keep it: `referee verify --head {h}` checks" in last.output
    assert run(db, "verify", "kleos-1", "--head", h).exit_code == 0


def test_a_history_cut_and_relinked_with_the_stores_functions_is_caught_by_its_head(db):
    written_down = head(db)
    store = Store(db)
    rows = store.actions(SID, ALL_STATUSES)
    with store.write():  # a forger with the referee's own code: cut the last 10 actions, every seal redone
        store.rewrite_tail(SID, 63, [])
        store.save_summary(SID, session.load(store, SID).stored_summary)
    store.close()
    assert run(db, "verify", SID).exit_code == 0  # consistent in itself: only a head kept elsewhere shows it
    r = run(db, "verify", SID, "--head", written_down)
    assert r.exit_code == 3
    assert (f"the record does not end at head {written_down} and never passed through it (it ends at "
            f"{rows[62]['link'][:16]})") in r.output


def test_verify_head_names_a_record_that_went_on_past_it(db):
    earlier = Store(db).actions(SID)[70]["link"][:16]
    r = run(db, "verify", SID, "--head", earlier)
    assert r.exit_code == 3
    assert "that is the head after action 70, and 2 more action rows follow it" in r.output


def test_verify_head_refuses_what_is_not_a_head(db):
    r = run(db, "verify", SID, "--head", "not-a-hash")
    assert r.exit_code == 2 and "--head takes the 16 hex digits" in r.output


def test_the_club_keeps_every_pushed_head_and_names_a_rewritten_history(db, tmp_path):
    club = tmp_path / "club.db"
    assert run(db, "push", SID, "--to", str(club)).exit_code == 0
    pushed = head(db)
    store = Store(club)
    with store.write():  # the club's copy rewritten with the store's own functions: seals all redone
        store.rewrite_tail(SID, 70, [])
        store.save_summary(SID, session.load(store, SID).stored_summary)
    store.close()
    r = run(club, "verify", SID)
    assert r.exit_code == 3
    assert f"its history was rewritten: head {pushed} was pushed here for action 72" in r.output


# -- the storage engine's own checks -------------------------------------------------------------

def _index_cells(db, count: int) -> None:
    """Set the cell count of the actions' primary-key index (one leaf page here) to `count`: a
    damaged file whose index shows only some rows, as one flipped bit can make it."""
    con = sqlite3.connect(db)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_actions_1'").fetchone()[0]
    con.close()
    with open(db, "r+b") as fh:
        fh.seek((root - 1) * page_size + 3)
        assert int.from_bytes(fh.read(2), "big") == ROWS  # a leaf holding every row
        fh.seek((root - 1) * page_size + 3)
        fh.write((31).to_bytes(2, "big"))


def test_a_damaged_index_that_hides_42_rows_is_named_never_replayed_as_a_shorter_game(db):
    recorded = head(db)
    _index_cells(db, 31)
    for view in (["verify", SID], ["show", SID], ["log", SID, "-n", "1"]):
        r = run(db, *view)
        assert r.exit_code == 3, view
        assert (f"the session row records {ROWS} action rows ending at head {recorded}, the log holds 31; 42 "
                "cannot be read: the store's file is damaged (SQLite's check:") in r.output, view
    stats = run(db, "stats")
    assert stats.exit_code == 0 and "42 cannot be read" in stats.stderr and "Bob" not in stats.stdout


def test_verify_runs_sqlites_integrity_check(db, monkeypatch):
    from referee.record.store import Store as Sqlite

    monkeypatch.setattr(Sqlite, "storage_check", lambda self, quick=False: ["Fragmentation of 588 bytes"])
    r = run(db, "verify", SID)
    assert r.exit_code == 3
    assert "the store's file is damaged, so rows may be missing from what was read (SQLite's check: " \
        "Fragmentation of 588 bytes)" in r.output


# -- imports that prove themselves -------------------------------------------------------------------

def _export_file(db, tmp_path, edit=None, name: str = "x.json"):
    data = json.loads(run(db, "export", SID).output)
    if edit is not None:
        edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _strip(data: dict) -> None:
    for rec in data["actions"]:
        rec.pop("link")
    data.pop("final")
    data.pop("head")


def test_an_export_stripped_of_its_links_and_final_block_then_edited_is_refused(db, tmp_path):
    def strip_and_edit(data: dict) -> None:
        _strip(data)
        data["name"] = "Ann's win"

    path = _export_file(db, tmp_path, strip_and_edit)
    other = tmp_path / "other.db"
    r = run(other, "import", str(path))
    assert r.exit_code == 3 and "the export cannot prove itself: action 0 carries no chain link" in r.output
    assert "`referee import --unverified` keeps it as an unverified copy" in r.output
    kept = run(other, "import", "--unverified", str(path))
    assert kept.exit_code == 0 and "stored as an unverified copy" in kept.output
    verified = run(other, "verify", SID)
    assert verified.exit_code == 0 and "an unverified copy: imported from a file that could not prove itself" \
        in verified.output
    assert json.loads(run(other, "--json", "verify", SID).output)["result"]["sessions"][0]["unverified"] is True


@pytest.mark.parametrize("cut", ["actions only", "and its final block", "and the final block's length and head"])
def test_an_export_cut_to_40_actions_is_refused(db, tmp_path, cut):
    def cut_short(data: dict) -> None:
        del data["actions"][40:]
        if cut != "actions only":
            data.pop("final")
        if cut == "and the final block's length and head":
            data.pop("head")

    r = run(tmp_path / "other.db", "import", str(_export_file(db, tmp_path, cut_short)))
    assert r.exit_code == 3
    expected = {"actions only": "its 'final' block counts 73 action rows, the file holds 40: it was cut short",
                "and its final block": "its last action's link does not end at its head",
                "and the final block's length and head": "it has no 'final' block"}[cut]
    assert expected in r.output
    assert not (tmp_path / "other.db").exists() or run(tmp_path / "other.db", "--json", "sessions", "--all") \
        .output.count('"id"') == 0


def test_the_same_game_imported_three_times_is_stored_and_counted_once(db, tmp_path):
    path = _export_file(db, tmp_path)
    other = tmp_path / "other.db"
    assert run(other, "import", str(path)).exit_code == 0
    for _ in range(2):
        again = run(other, "import", str(path))
        assert again.exit_code == 3
        assert f"this game is in the store already, as session {SID} (the same record)" in again.output
    assert bob_and_ann_wins(other) == {"Bob": 1, "Ann": 0}
    assert run(db, "import", str(path)).exit_code == 3  # nor into the store it was played in
    copy = run(other, "import", "--copy", str(path))
    assert copy.exit_code == 0 and "Imported as session kleos-2" in copy.output


def test_an_import_keeps_result_details_and_original_times(db, tmp_path):
    other = tmp_path / "other.db"
    assert run(other, "import", str(_export_file(db, tmp_path))).exit_code == 0
    mine, theirs = Store(db), Store(other)
    assert theirs.session(SID)["summary"]["details"] == mine.session(SID)["summary"]["details"]
    assert theirs.session(SID)["summary"]["details"]["tie_break"]
    assert [r["created"] for r in theirs.actions(SID, ALL_STATUSES)] == \
        [r["created"] for r in mine.actions(SID, ALL_STATUSES)]
    assert theirs.session(SID)["created"] == mine.session(SID)["created"]
    assert [r["events"] for r in theirs.actions(SID)] == [r["events"] for r in mine.actions(SID)]
    assert run(other, "verify", SID, "--head", head(db)).exit_code == 0


# -- the same on PostgreSQL ------------------------------------------------------------------------

def test_on_postgres_the_row_is_sealed_and_the_club_keeps_every_pushed_head(db, pg_url):
    from referee.record.stores import open_store

    assert run(db, "push", SID, "--to", pg_url).exit_code == 0
    verified = run(pg_url, "verify", SID, "--head", head(db))
    assert verified.exit_code == 0, verified.output
    club = open_store(pg_url)
    club.db.execute("UPDATE sessions SET summary = replace(summary, '\"Bob\"]', '\"Ann\"]') WHERE id = ?", (SID,))
    club.close()
    r = run(pg_url, "verify", SID)
    assert r.exit_code == 3 and "its seal does not match" in r.output
    assert json.loads(run(pg_url, "--json", "stats").output)["result"]["left_out"][0]["id"] == SID
    club = open_store(pg_url)
    with pytest.raises(StorageError, match="its seal does not match"), club.write():  # never sealed over it
        club.rewrite_tail(SID, 70, [])
    club.db.execute("UPDATE sessions SET summary = replace(summary, '\"Ann\"]', '\"Bob\"]') WHERE id = ?", (SID,))
    with club.write():  # rewritten with the store's own functions: every seal redone
        club.rewrite_tail(SID, 70, [])
        club.save_summary(SID, session.load(club, SID).stored_summary)
    club.close()
    r = run(pg_url, "verify", SID)
    assert r.exit_code == 3 and f"its history was rewritten: head {head(db)} was pushed here for action 72" in r.output
