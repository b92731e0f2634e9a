"""Sessions: the log is the truth; undo/redo keep history; refusals and dry runs write nothing.

Exercised through a real game (Kleos): `glory` is a card's effect on glory, legal at any time.
"""

import pytest
from kleos_table import NEXT, check, fill_isles, glory, start, to_action_phase

from referee.model.errors import InputError
from referee.record import session
from referee.record.stores import open_store
from referee.testing import refused_by


@pytest.fixture
def store(store_target):
    """The same tests on both stores: an SQLite file and a PostgreSQL server."""
    s = open_store(store_target)
    yield s
    s.close()


def _count(store, sid, statuses=("done", "undone", "dropped")):
    return len(store.actions(sid, statuses))


def _glory(store, sid):
    return session.load(store, sid).state["glory"]


def test_refused_action_records_nothing(store):
    sid = start(store)
    to_action_phase(store, sid)
    with refused_by("Turn order: players act in turn order") as exc:
        session.act(store, sid, {"verb": "move", "minion": "athena:c", "to": "port"})
    assert exc.value.rule.startswith("Turn order")
    assert _count(store, sid) == 9  # new, five Isle cards, three `next`


def test_malformed_typed_dice_record_nothing(store):
    sid = start(store)
    with pytest.raises(InputError, match="2 dice are rolled here, 3 were typed"):
        session.act(store, sid, check("ares:c", "cunning", "ss-"))  # Cunning 2: two dice
    with pytest.raises(InputError, match="no die face 'x'"):
        session.act(store, sid, check("ares:c", "cunning", "sx"))
    assert _count(store, sid) == 1


def test_dry_run_shows_the_outcome_and_records_nothing(store):
    sid = start(store)
    loaded, _ = session.act(store, sid, glory("ares", 2), dry_run=True)
    assert loaded.state["glory"]["ares"] == 2
    assert _count(store, sid) == 1
    assert _glory(store, sid)["ares"] == 0


def test_undo_keeps_the_action_in_history_and_redo_puts_it_back(store):
    sid = start(store)
    session.act(store, sid, glory("ares", 2))
    session.act(store, sid, glory("athena", 3))
    assert session.undo(store, sid).state["glory"] == {"ares": 2, "athena": 0}
    assert _count(store, sid) == 3 and _count(store, sid, ("undone",)) == 1
    assert session.redo(store, sid).state["glory"] == {"ares": 2, "athena": 3}


def test_undo_several_steps_then_redo_restores_oldest_first(store):
    sid = start(store)
    for n in (1, 2, 4):
        session.act(store, sid, glory("ares", n))
    assert session.undo(store, sid, steps=3).state["glory"]["ares"] == 0
    assert session.redo(store, sid).state["glory"]["ares"] == 1  # the +1 comes back first
    assert session.redo(store, sid, steps=2).state["glory"]["ares"] == 7


def test_a_new_action_after_undo_drops_the_redo_stack_but_keeps_history(store):
    sid = start(store)
    session.act(store, sid, glory("ares", 5))
    session.undo(store, sid)
    session.act(store, sid, glory("ares", 1))
    with refused_by("Redo", match="nothing to redo"):
        session.redo(store, sid)
    assert [r["status"] for r in store.actions(sid, ("done", "undone", "dropped"))] == ["done", "dropped", "done"]


def test_undo_stops_at_the_start_of_the_session(store):
    sid = start(store)
    with refused_by("Undo", match="nothing to undo"):
        session.undo(store, sid)
    session.act(store, sid, glory("ares", 1))
    with refused_by("Undo", match="only 1 action"):
        session.undo(store, sid, steps=2)


def test_re_entering_an_undone_roll_rolls_the_same_dice(store):
    # rolls derive from the seed and the action's place in the log: undo cannot fish for better dice
    sid = start(store)
    first = session.act(store, sid, check("ares:c", "attack"))[0].records[-1]["results"]
    session.undo(store, sid)
    again = session.act(store, sid, check("ares:c", "attack"))[0].records[-1]["results"]
    assert first == again and len(first[0]["value"]) == 4 and first[0]["source"] == "referee"


def test_typed_dice_are_recorded_as_typed_at_the_table(store):
    sid = start(store)
    loaded, _ = session.act(store, sid, check("ares:c", "cunning", "sb"))
    assert loaded.records[-1]["results"][0]["value"] == ["s", "-"]
    assert loaded.records[-1]["results"][0]["source"] == "table"


def test_game_over_refuses_more_actions(store):
    sid = start(store)
    fill_isles(store, sid)
    for _ in range(200):  # nobody moves: `next` walks every phase of the five days
        if session.load(store, sid).summary["over"]:
            break
        session.act(store, sid, NEXT)
    loaded = session.load(store, sid)
    assert loaded.summary["over"] and loaded.summary["turn"] == 5
    with refused_by("End of the Contest: it ends after Dusk of Day 5", match="game is over"):
        session.act(store, sid, glory("ares", 1))
    assert store.current_session("kleos") == sid  # a finished game stays at hand for show/undo
    assert not session.undo(store, sid).summary["over"]


def test_current_session_is_the_most_recently_used_open_one(store):
    a = start(store)
    b = start(store)
    assert store.current_session("kleos") == b
    store.touch(a)
    assert store.current_session("kleos") == a


def test_state_is_rebuilt_by_replay_not_stored(store):
    sid = start(store)
    session.act(store, sid, glory("athena", 3))
    cols = store.columns("actions")
    assert "state" not in cols and "action" in cols
    assert _glory(store, sid)["athena"] == 3
