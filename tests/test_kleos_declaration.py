"""Kleos: the summary's pending list is the state's one list, and the actions the verbs'
options list are accepted as they stand (the declaration against the command line is
checked for every game in tests/test_declarations.py)."""

from __future__ import annotations

import random

import pytest
from kleos_table import action_phase, do, new_game, place

from referee.model import registry
from referee.model.verbs import public
from referee.testing import Table, playout_choices

ENGINE = registry.engine("kleos")


def test_summary_pending_is_the_states_one_list_at_an_opportunity_attack_and_a_choice():
    g = new_game(gods=("ares", "athena", "hermes"),
                 temples={"athena": "h1", "ares": "h3", "hermes": "h5"},
                 deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops", "Hoplite Warrior"],
                         "athena": ["Hoplite Warrior"], "hermes": ["Hoplite Warrior"]})
    action_phase(g)  # Bob's (Athena's) Action Phase, then Cy's, then Ann's (Ares')
    g.act(do("next"))
    g.act(do("next"))
    for ref in ("ares:1", "athena:1", "hermes:1"):
        place(g, ref, "arena")
    g.act(do("move", minion="ares:1", to="market"))
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [{"player": "Bob", "decision": "opportunity-attack",
                                     "choices": ["athena:1", "pass"]}]
    g.act(do("pass"))  # Cy is asked next: still one entry, the head of the queue
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [{"player": "Cy", "decision": "opportunity-attack",
                                     "choices": ["hermes:1", "pass"]}]
    g.act(do("pass"))
    place(g, "ares:2", "isle1")
    g.act(do("recruit", minion="ares:2", dice="s-"))  # Myrina: a fifth minion
    state = g.state
    assert ENGINE.summary(state)["pending"] == public(state["pending"])
    assert g.summary["pending"] == [{"player": "Ann", "decision": "make-room",
                                     "choices": ["1", "2", "3", "4", "new"]}]
    g.act(do("replace", slot="new"))
    assert g.state["pending"] == [] and g.summary["pending"] == []


@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_action_listed_is_accepted_as_it_stands(seed):
    """Over a seeded random playout, at every eighth step, each action `legal_actions` lists
    is accepted (--dry-run: nothing recorded); the referee rolls the dice it leaves out."""
    rng = random.Random(seed)
    with Table("kleos", options=ENGINE.playout_options(rng), seed=str(seed)) as t:
        state = t.state
        for step in range(100):
            legal = playout_choices(ENGINE, state)
            if not legal:
                break
            if step % 8 == 0:
                t.dry_run_listed(40)
            t.act(rng.choice(legal))
            state = t.state
