"""Elysion: the summary's pending list is the state's one list, and the actions the verbs'
options list are accepted as they stand (the declaration against the command line is
checked for every game in tests/test_declarations.py)."""

from __future__ import annotations

import random

import pytest
from elysion_table import Journey

from referee.games.elysion import ENGINE
from referee.model.verbs import public
from referee.testing import Table


def test_the_summary_pending_list_is_the_states_list_at_a_keep_and_a_shade():
    """Day 2 of a Styx journey: Ann (12 > 2, realm 2's coin) draws 2 Blessings and keeps one;
    on day 3 her earth 2, 12, 17 meet Stone Giant's goal and she decides on the Shade."""
    g = Journey(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    assert g.state["pending"] == [] and g.summary["pending"] == []
    g("reveal", realms={"Ann": "2", "Bob": "7", "Cy": "8"})
    for p, r in (("Ann", "40"), ("Bob", "41"), ("Cy", "42")):
        g("take", player=p, realm=r)
    g("next", row=["50", "51", "52", "53"])
    g("reveal", realms={"Ann": "12", "Bob": "13", "Cy": "9"})
    g("take", player="Cy", realm="50", drawn=["Trident"])
    g("take", player="Ann", realm="51", drawn=["Aegis", "Nectar"])
    state = g.state
    assert [(p["player"], p["decision"]) for p in state["pending"]] == [("Ann", "keep-blessing")]
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [
        {"player": "Ann", "decision": "keep-blessing", "choices": ["Aegis", "Nectar"]}]
    assert g.summary["phase"] == "keep" and g.summary["current"] == "Ann"
    g("keep", player="Ann", blessing="Aegis")
    assert g.state["pending"] == []
    g("take", player="Bob", realm="52", drawn=["Olive Branch"])
    g("next", row=["54", "55", "56", "60"])
    g("reveal", realms={"Ann": "17", "Bob": "19", "Cy": "3"})
    g("take", player="Cy", realm="54")
    g("take", player="Ann", realm="55", drawn=["Ambrosia", "Caduceus"], keep="Ambrosia")
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"]) == [
        {"player": "Ann", "decision": "take-shade", "choices": ["Stone Giant", "pass"]}]
    g("pass", player="Ann")
    assert g.state["pending"] == [] and g.summary["current"] == "Bob"


@pytest.mark.parametrize("seed", [2, 5, 11])
def test_every_listed_action_is_accepted_as_it_stands(seed):
    """Over seeded random playouts (add-ons at random), at a few points every action
    `legal_actions` lists passes a dry run through the session layer."""
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    checked = 0
    with Table("elysion", options=options, seed=f"options-{seed}") as t:
        for _ in range(4):
            t.playout(rng.randint(3, 12), rng)
            if not t.engine.legal_actions(t.state):
                break
            checked += t.dry_run_listed(20)
    assert checked > 5
