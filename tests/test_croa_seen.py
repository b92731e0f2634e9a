"""Crôa! digital: a tile the referee turned over stays face up after an undo (no free peek)."""

from __future__ import annotations

from referee.record import session
from referee.record.integrity import verify_session
from referee.testing import Table

NEW = "--player Ann:red --player Bob:blue --digital"


def test_an_undone_move_leaves_the_tile_it_turned_over_face_up_for_everyone():
    t = Table("croa", NEW, seed=None)
    tile = t.ok("move a2 a3").result["results"][0]["value"]
    undo = t.run(["undo"], game=False)
    assert undo.code == 0 and undo.result["seen"][0]["seen"] == {"label": "tile a3", "value": tile}
    t.check()
    assert t.state["tiles"] == {"a3": tile}
    assert t.summary["current"] == "Ann"  # the move itself is taken back
    log = t.run(["log"], game=False).result["log"]
    assert log[-1]["action"] == {"verb": "seen", "things": [{"label": "tile a3", "value": tile}]}
    assert "stays face up" in log[-1]["events"][0]["text"]
    shown = t.run(["show"], game=False).envelope["state"]
    assert shown["tiles"] == {"a3": tile}  # what every screen draws
    row = next(line for line in t.engine.render(t.state).splitlines() if line.startswith(" 3 |"))
    assert row.split("|")[1].split()[0] != "."  # drawn face up on the board
    assert verify_session(t.store, t.sid)["ok"]


def test_the_next_move_onto_that_square_finds_the_tile_seen_there():
    t = Table("croa", NEW, seed=None)
    tile = t.ok("move a2 a3").result["results"][0]["value"]
    t.run(["undo"], game=False)
    again = t.ok("move a2 a3")
    assert again.result["results"] == []  # nothing drawn: the tile lies face up
    assert again.result["events"][0].get("tile", tile) == tile and tile.replace("_", " ") in again.text
    assert verify_session(t.store, t.sid)["ok"]


def test_what_was_seen_cannot_be_redone_nor_hidden_by_undoing_again():
    t = Table("croa", NEW, seed=None)
    tile = t.ok("move a2 a3").result["results"][0]["value"]
    t.run(["undo"], game=False)
    redo = t.run(["redo"], game=False)
    assert redo.code == 1 and redo.error.get("rule") == "Redo"
    again = t.run(["undo"], game=False)  # the `seen` record is not an action to take back
    assert again.code == 1 and again.error.get("rule") == "Undo"
    assert t.state["tiles"] == {"a3": tile}


def test_undoing_several_moves_keeps_every_tile_they_turned_over():
    t = Table("croa", NEW, seed=None)
    t.ok("move a2 a3")
    for _ in range(4):  # answers (a bounce, a mosquito) and Bob's move: whatever is legal first
        legal = t.engine.legal_actions(t.state)
        if not legal:  # the game is over already (a pike)
            break
        session.act(t.store, t.sid, legal[0])
    drawn = {x["label"]: x["value"] for r in t.store.actions(t.sid) for x in r["results"]
             if x.get("source") == "referee"}
    assert len(drawn) >= 1
    session.undo(t.store, t.sid, steps=len(t.store.actions(t.sid)) - 1)
    t.check()
    taken = {f["square"] for col in t.state["colonies"] for f in col["frogs"]}  # frogs back at the start
    assert {f"tile {sq}": kind for sq, kind in t.state["tiles"].items()} == {
        label: kind for label, kind in drawn.items() if label[5:] not in taken}
    assert t.summary["turn"] == 1 and t.summary["current"] == "Ann"
    assert verify_session(t.store, t.sid)["ok"]


def test_a_physical_tile_typed_at_the_table_is_not_kept_by_the_referee():
    t = Table("croa", "--player Ann:red --player Bob:blue", seed=None)
    t.ok("move a2 a3 --tile reeds")
    t.run(["undo"], game=False)
    assert t.state["tiles"] == {}
    assert t.run(["redo"], game=False).code == 0


def test_a_seen_record_cannot_be_struck_or_amended_to_hide_the_tile_again():
    t = Table("croa", NEW, seed=None)
    t.ok("move a2 a3")
    t.run(["undo"], game=False)
    before = len(t.store.actions(t.sid, ("done", "dropped", "replaced", "struck")))
    for words in (["strike", "1", "--reason", "oops"], ["amend", "1", "--", "move", "a2", "b3"]):
        out = t.run(words, game=False)
        assert out.code == 1 and out.error["rule"] == "Fair play: what the table saw stays seen", out.output
    assert len(t.store.actions(t.sid, ("done", "dropped", "replaced", "struck"))) == before


def test_verify_refuses_a_seen_record_that_no_undone_move_drew():
    from referee.record.integrity import seen_problem

    t = Table("croa", NEW, seed=None)
    tile = t.ok("move a2 a3").result["results"][0]["value"]
    t.run(["undo"], game=False)
    rows = t.store.actions(t.sid, ("done", "dropped"))
    assert seen_problem(rows) is None
    other = "pike" if tile != "pike" else "mud"
    rows[-1]["action"]["things"] = [{"label": "tile a3", "value": other}]
    problem = seen_problem(rows)
    assert problem is not None and "no undone action drew" in problem.problem
