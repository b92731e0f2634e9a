"""Cerebria: the summary's pending list is the state's one list, and the actions the verbs'
options list are accepted as they stand (the declaration against the command line is
checked for every game in tests/test_declarations.py)."""

from __future__ import annotations

from cerebria_table import Layout, do

from referee.model import registry
from referee.model.verbs import public

ENGINE = registry.engine("cerebria")


def test_summary_pending_is_the_states_one_list_at_a_counter_act_and_a_deprive():
    p = Layout()
    p.place("Ann", "mild-bliss-red-deprive")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="deprive", args=[1]))
    # the counter-act window: its head, Bob, then Cy
    assert t.state["pending"][0]["decision"] == "counter-act"
    assert ENGINE.summary(t.state)["pending"] == public(t.state["pending"])
    assert t.summary["pending"] == [{"player": "Bob", "decision": "counter-act",
                                     "choices": ["pass", "cancel --discard <red card>"]}]
    t.act(do("pass", player="Bob"))
    assert t.summary["pending"][0]["player"] == "Cy"
    assert ENGINE.summary(t.state)["pending"] == public(t.state["pending"])
    t.act(do("pass", player="Cy"))
    # Deprive's second discard is owed: the one pending entry, Ann's
    assert ENGINE.summary(t.state)["pending"] == public(t.state["pending"])
    assert t.summary["pending"] == [{"player": "Ann", "decision": "deprive",
                                     "choices": ["deprive Ann 1", "deprive Ann 2",
                                                 "deprive Ann 3"]}]
    t.act(do("deprive", player="Ann", slot=2))
    assert t.state["pending"] == [] and t.summary["pending"] == []
