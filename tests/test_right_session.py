"""Always the right session: with two games open in one store and one of them finished, a command
without --session acts on the session the store last acted on, never slides onto the other game;
an action on a finished latest session is refused, naming it; output names its session when more
than one is open; --session, --db and --json are accepted after the game and the verb."""

from __future__ import annotations

import json

import midgame
from click.testing import CliRunner

from referee.cli import cli
from referee.record.store import Store


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def _flat(text: str) -> str:
    return " ".join(text.split())


def _two_games(db) -> None:
    """A Kleos game in progress, then a whole Crôa! game played to its end (acted on last)."""
    midgame.build(db, "kleos")
    midgame.build(db, "croa", cut=len(midgame.lines("croa")))
    store = Store(db, readonly=True)
    assert store.session("croa-1")["status"] == "over"
    assert store.session("kleos-1")["status"] == "open"
    store.close()


def _done(db, sid: str) -> int:
    store = Store(db, readonly=True)
    try:
        return len(store.actions(sid))
    finally:
        store.close()


def test_undo_without_session_takes_back_the_finished_game_not_the_other_one(db):
    _two_games(db)
    croa, kleos = _done(db, "croa-1"), _done(db, "kleos-1")
    r = run("undo")
    assert r.exit_code == 0, r.output
    assert _done(db, "croa-1") == croa - 1 and _done(db, "kleos-1") == kleos


def test_show_report_and_summary_without_session_are_about_the_game_last_acted_on(db, tmp_path):
    _two_games(db)
    shown = run("--json", "show")
    assert json.loads(shown.output)["session"] == "croa-1"
    summary = run("export", "--format", "summary", "-o", "-")
    assert summary.exit_code == 0 and "Crôa!" in summary.output and "Kleos" not in summary.output
    report = tmp_path / "r.md"
    assert run("report", "-o", str(report)).exit_code == 0
    assert "croa-1" in report.read_text(encoding="utf-8")


def test_an_action_on_a_finished_latest_session_is_refused_naming_it(db):
    _two_games(db)
    before = _done(db, "croa-1")
    r = run("--json", "croa", "move", "a1", "a2")
    error = json.loads(r.output)["error"]
    assert r.exit_code == 1 and error["kind"] == "illegal"
    assert "croa-1" in error["message"] and "croa new" in error["message"]
    assert error["rule"].startswith("End of the game")
    assert _done(db, "croa-1") == before


def test_a_games_verb_acts_on_that_games_latest_session(db):
    _two_games(db)
    before = _done(db, "kleos-1")
    r = run("kleos", "next", "--dry-run")
    assert r.exit_code in (0, 1), r.output  # about kleos-1, whatever the rules say of it
    assert "croa" not in r.output.lower()
    assert _done(db, "kleos-1") == before


def test_output_that_changes_something_names_its_session_when_several_are_open(db):
    midgame.build(db, "kleos")
    midgame.build(db, "croa", cut=6)
    r = run("croa", "move", "h8", "g7", "--tile", "reeds")
    assert r.exit_code == 0, r.output
    assert "session croa-1" in _flat(r.output)


def test_one_open_session_is_not_named_on_every_line(db):
    midgame.build(db, "croa", cut=6)
    r = run("croa", "move", "h8", "g7", "--tile", "reeds")
    assert r.exit_code == 0 and "session croa-1" not in _flat(r.output)


def test_session_db_and_json_are_accepted_after_the_game_and_the_verb(db, tmp_path, monkeypatch):
    midgame.build(db, "croa", cut=6)
    monkeypatch.delenv("REFEREE_DB")
    r = run("croa", "move", "h8", "g7", "--tile", "reeds", "--db", str(db), "--session", "croa-1",
            "--dry-run", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["session"] == "croa-1"
    r = run("croa", "--db", str(db), "--session", "croa-1", "status", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["session"] == "croa-1"
    other = tmp_path / "other.db"
    r = run("croa", "status", "--db", str(other))
    assert r.exit_code == 3 and "no croa session" in _flat(r.output)
