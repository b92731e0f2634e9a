"""Always the right session: with two games open in one store and one of them finished, a command
without --session acts on the session the store last acted on, never slides onto the other game;
an action on a finished latest session is refused, naming it; output names its session when more
than one is open; --session, --db and --json are accepted after the game and the verb."""

from __future__ import annotations

import contextlib
import io
import json

import midgame
import pytest
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


# -- a session command names its session; the current one is the one last shown or acted on -----
# (issue 37, item 1: `referee undo` after a look at Crôa! took back a Kleos attack, saying only
# "Undo done.")

CROA = ("croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--seed", "7")
KLEOS = ("kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--champion", "ares=3/3/3/3",
         "--champion", "athena=3/3/3/3", "--seed", "4")


def _croa_then_kleos(db) -> None:
    """Crôa! with Ann's first move made (a1 onto the lily pad b2), then a Kleos game started
    after it: Kleos is the session acted on last."""
    assert run(*CROA).exit_code == 0
    assert run("croa", "move", "a1", "b2").exit_code == 0
    assert run(*KLEOS).exit_code == 0


@pytest.mark.parametrize("view", [("croa", "pond"), ("croa", "status"), ("show", "croa-1"), ("log", "croa-1"),
                                  ("croa", "hint")])
def test_a_view_of_a_session_makes_it_the_one_undo_takes_back_in(db, view):
    _croa_then_kleos(db)
    assert run(*view).exit_code == 0
    r = run("undo")
    assert r.exit_code == 0, r.output
    assert _done(db, "croa-1") == 1 and _done(db, "kleos-1") == 1


def test_status_in_the_express_lane_counts_as_a_view_too(db):
    from referee.cli import express

    _croa_then_kleos(db)
    with contextlib.redirect_stdout(io.StringIO()):
        assert express.run(["croa", "status"]) == 0
    assert run("undo").exit_code == 0
    assert _done(db, "croa-1") == 1


def test_undo_names_the_session_and_the_action_it_took_back(db):
    _croa_then_kleos(db)
    run("croa", "pond")
    r = run("undo")
    assert _flat(r.output).startswith("Undo in croa-1 (Crôa!, Ann vs Bob): took back #1 move a1 -> b2. "
                                      "Last action now: #0 new Ann:red Bob:blue --digital")


def test_undo_of_several_steps_names_each_action(db):
    assert run(*CROA).exit_code == 0
    assert run("croa", "move", "a1", "b2").exit_code == 0
    assert run("croa", "bounce", "a3").exit_code == 0
    r = run("undo", "--steps", "2")
    assert r.exit_code == 0, r.output
    assert "took back #1 move a1 -> b2, #2 bounce a3." in _flat(r.output)
    assert [a["number"] for a in json.loads(run("--json", "redo", "--steps", "2").output)["result"]["put_back"]] \
        == [1, 2]


def test_redo_names_the_session_and_the_action_it_put_back(db):
    _croa_then_kleos(db)
    assert run("undo", "croa-1").exit_code == 0
    r = run("redo")
    assert r.exit_code == 0, r.output
    assert _flat(r.output).startswith("Redo in croa-1 (Crôa!, Ann vs Bob): put back #1 move a1 -> b2.")


@pytest.mark.parametrize(("words", "said"), [
    (("strike", "1"), "Strike in croa-1 (Crôa!, Ann vs Bob): action #1 was `move a1 -> b2`."),
    (("amend", "1", "move", "b1", "c2"), "Amend in croa-1 (Crôa!, Ann vs Bob): action #1 was `move a1 -> b2`."),
    (("insert", "1", "move", "b1", "c2"), "Insert in croa-1 (Crôa!, Ann vs Bob): before action #1 `move a1 -> b2`."),
])
def test_a_correction_names_the_session_and_the_action_it_changes(db, words, said):
    """Said first, whether the correction is made or refused (both are here: the amended move
    would draw a hidden tile, which a dry run never shows; after the inserted one, the move of a1
    is no longer Ann's)."""
    _croa_then_kleos(db)
    run("croa", "status")
    r = run(*words, "--dry-run")
    assert r.exit_code == (0 if words[0] == "strike" else 1), r.output
    assert _flat(r.output).startswith(said)
    assert _done(db, "kleos-1") == 1


def test_a_refused_undo_names_its_session(db):
    assert run(*CROA).exit_code == 0
    r = run("undo")
    assert r.exit_code == 1
    assert "croa-1 (Crôa!, Ann vs Bob): nothing to undo" in _flat(r.output)


def _three_then_delete(db, last: str) -> None:
    """croa-1, kleos-1 and croa-2, then `last` shown and deleted."""
    _croa_then_kleos(db)
    assert run(*CROA).exit_code == 0
    assert run("show", last).exit_code == 0
    assert run("sessions", "delete", last, "--yes").exit_code == 0


def test_undo_refuses_naming_the_open_sessions_when_the_current_one_was_deleted(db):
    _three_then_delete(db, "croa-2")
    before = _done(db, "croa-1"), _done(db, "kleos-1")
    for words in (("undo",), ("redo",), ("strike", "1")):
        r = run(*words)
        assert r.exit_code == 3, r.output
        said = _flat(r.output)
        assert "(croa-2) was deleted" in said and "kleos-1 (Kleos, Ann vs Bob)" in said \
            and "croa-1 (Crôa!, Ann vs Bob)" in said and "--session" in said
    assert (_done(db, "croa-1"), _done(db, "kleos-1")) == before


def test_undo_names_the_session_to_act_on_when_the_deleted_one_leaves_one_open(db):
    assert run(*CROA).exit_code == 0
    assert run("croa", "move", "a1", "b2").exit_code == 0
    assert run(*KLEOS).exit_code == 0
    assert run("sessions", "delete", "kleos-1", "--yes").exit_code == 0
    r = run("undo")
    assert r.exit_code == 0 and "Undo in croa-1" in r.output


def test_a_session_named_is_never_ambiguous(db):
    _three_then_delete(db, "croa-2")
    r = run("undo", "croa-1")
    assert r.exit_code == 0 and "Undo in croa-1" in r.output


def test_a_view_is_shown_even_when_the_mark_cannot_be_written(db, monkeypatch):
    """A read-only store, a busy one, a club role that may not write: the view is shown all the
    same, and the current session stays what it was."""
    from referee.model.errors import StorageError

    _croa_then_kleos(db)

    def refuse(self, sid):
        raise StorageError("the store was opened for reading only")

    with monkeypatch.context() as patched:
        patched.setattr(Store, "touch", refuse)
        r = run("croa", "status")
    assert r.exit_code == 0 and "croa-1" in r.output
    assert "kleos-1 (Kleos, Ann vs Bob): nothing to undo" in _flat(run("undo").output)  # Kleos: only `new`


def test_a_watch_redraw_leaves_the_current_session_to_the_tables_commands(db):
    """`show --watch` marks its session once, when it starts; its redraws (after every change)
    do not take the current session back from the game being played elsewhere."""
    from referee.cli import acting
    from referee.cli.context import Referee

    _croa_then_kleos(db)
    ref = Referee()
    ref.configure(str(db), None, False)
    import click

    with click.Context(cli, obj=ref), contextlib.redirect_stdout(io.StringIO()):
        acting.show_session(None, "croa-1", pager=False, mark=False)  # a redraw
    ref.close()
    assert "kleos-1 (Kleos, Ann vs Bob): nothing to undo" in _flat(run("undo").output)  # Kleos: only `new`
