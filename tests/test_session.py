"""Sessions: the log is the truth; undo/redo keep history; refusals and dry runs write nothing."""

import pytest

from referee import session
from referee.errors import IllegalAction, InputError
from referee.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "s.db")
    yield s
    s.close()


def _toy(store, seed="7"):
    loaded, _ = session.create(store, "toy", {"players": ["Ann", "Bob"]}, seed=seed)
    return loaded.id, loaded.state["players"]


def _count(store, sid, statuses=("done", "undone", "dropped")):
    return len(store.actions(sid, statuses))


def test_refused_action_records_nothing(store):
    sid, order = _toy(store)
    with pytest.raises(IllegalAction) as exc:
        session.act(store, sid, {"verb": "roll", "player": order[1]})
    assert exc.value.rule == "Turn order"
    assert _count(store, sid) == 1


def test_malformed_typed_result_records_nothing(store):
    sid, order = _toy(store)
    with pytest.raises(InputError):
        session.act(store, sid, {"verb": "roll", "player": order[0], "die": "9"})
    assert _count(store, sid) == 1


def test_dry_run_shows_the_outcome_and_records_nothing(store):
    sid, order = _toy(store)
    loaded, events = session.act(store, sid, {"verb": "roll", "player": order[0], "die": "4"}, dry_run=True)
    assert loaded.state["score"][order[0]] == 4
    assert _count(store, sid) == 1
    assert session.load(store, sid).state["score"][order[0]] == 0


def test_undo_keeps_the_action_in_history_and_redo_puts_it_back(store):
    sid, order = _toy(store)
    session.act(store, sid, {"verb": "roll", "player": order[0], "die": "5"})
    session.act(store, sid, {"verb": "roll", "player": order[1], "die": "3"})
    after_undo = session.undo(store, sid)
    assert after_undo.state["score"] == {order[0]: 5, order[1]: 0}
    assert _count(store, sid) == 3 and _count(store, sid, ("undone",)) == 1
    after_redo = session.redo(store, sid)
    assert after_redo.state["score"] == {order[0]: 5, order[1]: 3}


def test_undo_several_steps_then_redo_restores_oldest_first(store):
    sid, order = _toy(store)
    for die in "123":
        cur = session.load(store, sid).summary["current"]
        session.act(store, sid, {"verb": "roll", "player": cur, "die": die})
    session.undo(store, sid, steps=3)
    redone = session.redo(store, sid)
    assert redone.state["score"][order[0]] == 1 and redone.state["score"][order[1]] == 0


def test_a_new_action_after_undo_drops_the_redo_stack_but_keeps_history(store):
    sid, order = _toy(store)
    session.act(store, sid, {"verb": "roll", "player": order[0], "die": "6"})
    session.undo(store, sid)
    session.act(store, sid, {"verb": "roll", "player": order[0], "die": "2"})
    with pytest.raises(IllegalAction, match="nothing to redo"):
        session.redo(store, sid)
    assert [r["status"] for r in store.actions(sid, ("done", "undone", "dropped"))] == ["done", "dropped", "done"]


def test_undo_stops_at_the_start_of_the_session(store):
    sid, _ = _toy(store)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo(store, sid)


def test_re_entering_an_undone_roll_rolls_the_same_dice(store):
    # rolls derive from the seed and the action's place in the log: undo cannot fish for better dice
    sid, order = _toy(store)
    first = session.act(store, sid, {"verb": "roll", "player": order[0]})[0].state["score"][order[0]]
    session.undo(store, sid)
    again = session.act(store, sid, {"verb": "roll", "player": order[0]})[0].state["score"][order[0]]
    assert first == again


def test_game_over_refuses_more_actions(store):
    sid, order = _toy(store)
    for die in "665":  # Ann 6, Bob 6, Ann 6+5 = 11 >= 10: Ann wins
        cur = session.load(store, sid).summary["current"]
        session.act(store, sid, {"verb": "roll", "player": cur, "die": die})
    loaded = session.load(store, sid)
    assert loaded.summary["over"] and loaded.summary["winners"] == [order[0]]
    with pytest.raises(IllegalAction, match="game is over"):
        session.act(store, sid, {"verb": "roll", "player": order[1]})


def test_current_session_is_the_most_recently_used_open_one(store):
    a, _ = _toy(store)
    b, _ = _toy(store)
    assert store.current_session("toy") == b
    store.touch(a)
    assert store.current_session("toy") == a


def test_state_is_rebuilt_by_replay_not_stored(store):
    sid, order = _toy(store)
    session.act(store, sid, {"verb": "roll", "player": order[0], "die": "3"})
    cols = [r[1] for r in store.db.execute("PRAGMA table_info(actions)")]
    assert "state" not in cols
    assert session.load(store, sid).state["score"][order[0]] == 3
