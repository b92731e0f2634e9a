"""Kreus: the summary's pending list is the state's one list, and the actions the verbs'
options list are accepted as they stand (the declaration against the command line is
checked for every game in tests/test_declarations.py)."""

from __future__ import annotations

import random

import pytest

from referee.games.kreus import ENGINE
from referee.model.verbs import public
from referee.testing import Table

PLAYERS = "--player Ann --player Bob --player Cy --player Dee --first Ann"


def test_the_summary_pending_list_is_the_states_list_at_the_storm():
    """Turn 2: Bob reveals the Storm with nothing in play to blow away; he takes it back and
    owes a discard. The summary shows exactly the state's pending entry."""
    with Table("kreus", PLAYERS, seed="1") as t:
        for who in ("Ann", "Bob", "Cy"):
            t.ok(f"tokens {who} 1")
        t.ok("ready")
        t.ok("reveal Ann fire Bob fire Cy fire Dee fire")  # nothing in play: all lost
        assert t.summary["pending"] == []
        t.ok("ready")
        t.ok("reveal Bob storm")
        state = t.state
        assert [(p["player"], p["decision"]) for p in state["pending"]] == [
            ("Bob", "storm-discard")]
        assert t.engine.summary(state)["pending"] == public(state["pending"])
        # Bob holds 8 cards besides the Storm, more than the 4 Aggression cards unseen: a
        # Nature or Element card is among them, so `none` is no choice
        assert "none" not in t.summary["pending"][0]["choices"]
        assert "fire" in t.summary["pending"][0]["choices"]
        assert t.summary["current"] == "Bob"
        t.refused("reveal Cy water", rule="Aggression: the Storm of Uranus' discard comes first")
        t.refused("discard Cy water", message="Bob must answer", rule="Aggression: the Storm of Uranus' discard comes first")
        t.ok("discard Bob water")
        assert t.state["pending"] == [] and t.summary["pending"] == []


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_listed_action_is_accepted_as_it_stands(seed):
    """Over seeded random playouts (Incarnation and Altered included), at a few points every
    action `legal_actions` lists passes a dry run through the session layer."""
    rng = random.Random(seed)
    options = ENGINE.playout_options(rng)
    checked = 0
    with Table("kreus", options=options, seed=f"options-{seed}") as t:
        for _ in range(4):
            t.playout(rng.randint(4, 18), rng)
            if not t.engine.legal_actions(t.state):
                break
            checked += t.dry_run_listed(30)
    assert checked > 10
